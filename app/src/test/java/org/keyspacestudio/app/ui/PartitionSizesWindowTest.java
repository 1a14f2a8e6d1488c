package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.keyspacestudio.export.diagram.DiagramStyle;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.sizing.PartitionSize;
import org.keyspacestudio.model.sizing.PartitionSizes;
import org.keyspacestudio.model.sizing.SizeRule;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Model > Partition Sizes, as a user works it (headless): the KillrVideo example mapped, its huge
 * latest_videos partition fixed from the window, an entity's instances typed in, each one undo
 * step.
 */
@ExtendWith(ApplicationExtension.class)
class PartitionSizesWindowTest {

  private static final ElementRef LATEST =
      ElementRef.table(CqlIdentifier.of("killr_video"), CqlIdentifier.of("latest_videos"));
  private static final ElementRef BY_USER =
      ElementRef.table(CqlIdentifier.of("killr_video"), CqlIdentifier.of("videos_by_user"));

  private EditorWindow window;

  @Start
  void start(Stage stage) {
    window = new EditorWindow(stage, null);
  }

  /**
   * The size problems the editor lists, after checking they are those of the project as it is: a
   * fix that changed only the figures (the number of buckets) had left the Problems table as it
   * was.
   */
  private long sizeProblems() {
    long listed = window.problems().stream().filter(p -> p.rule() instanceof SizeRule).count();
    assertThat(listed)
        .as("the size problems listed against those of the project")
        .isEqualTo(
            ProjectChecks.validate(window.document().project()).stream()
                .filter(p -> p.rule() instanceof SizeRule)
                .count());
    return listed;
  }

  @Test
  void inTheDarkThemeTheWindowIsDarkThrough(FxRobot robot) {
    try {
      robot.interact(
          () -> {
            window.chooseTheme(Settings.Theme.DARK);
            window.open(Path.of("../examples/killrvideo.kstudio"));
          });
      robot.press(KeyCode.CONTROL, KeyCode.M).release(KeyCode.M, KeyCode.CONTROL);
      WaitForAsyncUtils.waitForFxEvents();
      robot
          .press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.P)
          .release(KeyCode.P, KeyCode.SHIFT, KeyCode.CONTROL);
      WaitForAsyncUtils.waitForFxEvents();
      javafx.scene.layout.Region root =
          (javafx.scene.layout.Region) window.sizesWindow().stage().getScene().getRoot();
      // The scene's fill is white; the root (a split pane, which the theme leaves without a
      // background) showed it around the table and under the figures.
      assertThat(root.getBackground()).isNotNull();
      assertThat(root.getBackground().getFills().get(0).getFill())
          .isEqualTo(EditorWindow.themeBackground(true));
      // The plot is drawn in the diagrams' dark palette: it was a white picture in the dark window.
      assertThat(plotCorner(robot)).isEqualTo(argb(DiagramStyle.DARK.background));
      assertThat(plotLegibleOnItsBackground(robot)).isTrue();
      robot.interact(() -> window.chooseTheme(Settings.Theme.LIGHT));
      WaitForAsyncUtils.waitForFxEvents();
      assertThat(root.getBackground().getFills().get(0).getFill())
          .isEqualTo(EditorWindow.themeBackground(false));
      assertThat(plotCorner(robot)).isEqualTo(argb(DiagramStyle.DEFAULT.background));
    } finally {
      robot.interact(() -> window.chooseTheme(Settings.Theme.SYSTEM));
    }
  }

  /** The colour of the plot's top left pixel, as ARGB. */
  private static int plotCorner(FxRobot robot) {
    javafx.scene.image.Image plot =
        robot.lookup("#size-plot").queryAs(javafx.scene.image.ImageView.class).getImage();
    assertThat(plot).as("the selected table's plot").isNotNull();
    return plot.getPixelReader().getArgb(1, 1);
  }

  /**
   * Whether the plot has text or lines that stand out from its background: some pixel differs from
   * the corner's colour by more than half the brightness scale.
   */
  private static boolean plotLegibleOnItsBackground(FxRobot robot) {
    javafx.scene.image.Image plot =
        robot.lookup("#size-plot").queryAs(javafx.scene.image.ImageView.class).getImage();
    var pixels = plot.getPixelReader();
    double corner = brightness(pixels.getArgb(1, 1));
    for (int y = 0; y < plot.getHeight(); y += 2) {
      for (int x = 0; x < plot.getWidth(); x += 2) {
        if (Math.abs(brightness(pixels.getArgb(x, y)) - corner) > 0.5) {
          return true;
        }
      }
    }
    return false;
  }

  private static double brightness(int argb) {
    return (((argb >> 16) & 0xff) + ((argb >> 8) & 0xff) + (argb & 0xff)) / (3 * 255.0);
  }

  private static int argb(java.awt.Color c) {
    return c.getRGB();
  }

  @Test
  void theHugePartitionIsFixedFromTheWindowAndInstancesTypedInChangeTheEstimates(FxRobot robot) {
    robot.interact(() -> window.open(Path.of("../examples/killrvideo.kstudio")));
    robot.press(KeyCode.CONTROL, KeyCode.M).release(KeyCode.M, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(sizeProblems()).isEqualTo(2);

    robot
        .press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.P)
        .release(KeyCode.P, KeyCode.SHIFT, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.sizesWindow().isShowing()).isTrue();
    // The first time, beside the diagram: 1400x780, it covered the diagram's whole width centred,
    // and 62 % of it at the bottom of the screen; made lower there, it leaves half free.
    assertThat(DiagramLeftFree.once(window, window.sizesWindow(), 0.499))
        .as("the part of the diagram left free")
        .isGreaterThan(0.499);
    TableView<PartitionSize> table = robot.lookup("#sizes-table").queryTableView();
    assertThat(table.getItems()).hasSize(9);
    // The window opens on the table with a problem, its plot drawn.
    assertThat(table.getSelectionModel().getSelectedItem().table()).isEqualTo(LATEST);
    javafx.scene.image.ImageView plot =
        robot.lookup("#size-plot").queryAs(javafx.scene.image.ImageView.class);
    assertThat(plot.getImage()).isNotNull();
    // Nothing is cut: each column of figures is as wide as its texts ("Rows/part." and "116.0 MB"
    // ended in "..."), and the plot fits its pane (it ran off it, and the warnings with it).
    for (javafx.scene.control.TableColumn<PartitionSize, ?> c : table.getColumns()) {
      javafx.scene.text.Text header = new javafx.scene.text.Text(c.getText());
      header.setFont(
          javafx.scene.text.Font.font(
              javafx.scene.text.Font.getDefault().getFamily(),
              javafx.scene.text.FontWeight.BOLD,
              13));
      assertThat(c.getWidth())
          .as("the width of column %s", c.getText())
          .isGreaterThan(header.getLayoutBounds().getWidth() + 12);
    }
    javafx.scene.Node pane = plot.getParent();
    while (!(pane instanceof javafx.scene.control.ScrollPane)) {
      pane = pane.getParent();
    }
    assertThat(plot.getBoundsInParent().getWidth())
        .isLessThanOrEqualTo(
            ((javafx.scene.control.ScrollPane) pane).getViewportBounds().getWidth());

    // Escape closes the window from its table, which has the focus (the table took it first).
    robot.interact(table::requestFocus);
    robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.sizesWindow().isShowing()).isFalse();
    robot
        .press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.P)
        .release(KeyCode.P, KeyCode.SHIFT, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();

    robot.clickOn("#size-fix-0");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(sizeProblems()).isZero();
    assertThat(window.document().project().sizing().table(LATEST).buckets()).isEqualTo(400L);
    assertThat(robot.lookup("#size-fix-0").tryQuery()).isEmpty();

    // 2,000,000 users instead of 1,000,000: 2 or 3 videos per user.
    TextField users = robot.lookup("#instances-User").queryAs(TextField.class);
    robot.doubleClickOn(users).eraseText(20).write("2,000,000").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().sizing().instances("User")).contains(2_000_000L);
    assertThat(PartitionSizes.estimate(window.document().project(), BY_USER).orElseThrow())
        .extracting(s -> s.rowsPerPartition().value())
        .isEqualTo(3L);
    assertThat(table.getItems()).anyMatch(s -> s.partitions().value() == 2_000_000);

    // A value that does not read changes nothing.
    users = robot.lookup("#instances-User").queryAs(TextField.class);
    robot.doubleClickOn(users).eraseText(20).write("lots").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().sizing().instances("User")).contains(2_000_000L);

    robot.interact(() -> window.document().undo());
    assertThat(window.document().project().sizing().instances("User")).contains(1_000_000L);
    robot.interact(() -> window.document().undo());
    assertThat(sizeProblems()).isEqualTo(2);
  }
}
