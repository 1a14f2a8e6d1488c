package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.keyspacestudio.export.diagram.DiagramStyle;
import org.keyspacestudio.model.diagram.DiagramKind;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The dark theme reaches the controls and the diagram on screen, the light one comes back, and Help
 * > Keyboard Shortcuts lists the menus' shortcuts (headless).
 */
@ExtendWith(ApplicationExtension.class)
class ThemeAndShortcutsTest {

  private EditorWindow window;

  @Start
  void start(Stage stage) {
    window = new EditorWindow(stage, null);
  }

  @Test
  void theDarkThemeColoursTheControlsAndTheDiagramAndTheLightOneComesBack(FxRobot robot) {
    try {
      robot.interact(() -> window.chooseTheme(Settings.Theme.DARK));
      assertThat(window.darkTheme()).isTrue();
      assertThat(Application.getUserAgentStylesheet()).contains("primer-dark");
      assertThat(window.canvas().geometry().style()).isSameAs(DiagramStyle.DARK);
      assertThat(window.stage().getScene().getFill()).isEqualTo(themeBackground(robot));

      robot.interact(() -> window.chooseTheme(Settings.Theme.LIGHT));
      assertThat(window.darkTheme()).isFalse();
      assertThat(Application.getUserAgentStylesheet()).contains("primer-light");
      assertThat(window.canvas().geometry().style()).isSameAs(DiagramStyle.DEFAULT);
      assertThat(window.stage().getScene().getFill()).isEqualTo(themeBackground(robot));
    } finally {
      robot.interact(() -> window.chooseTheme(Settings.Theme.SYSTEM));
    }
  }

  @Test
  void followingTheDesktopAsksItWhenChosenAndWhenTheWindowIsBack(FxRobot robot) throws Exception {
    boolean[] desktopDark = {true};
    int[] asked = {0};
    try {
      robot.interact(
          () -> {
            window.chooseTheme(Settings.Theme.LIGHT);
            window.askDesktopWith(
                () -> {
                  synchronized (asked) {
                    asked[0]++;
                  }
                  return desktopDark[0];
                });
          });
      // Chosen after a start in the light theme: the desktop is asked, and it is dark.
      robot.interact(() -> window.chooseTheme(Settings.Theme.SYSTEM));
      WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> window.darkTheme());
      assertThat(Application.getUserAgentStylesheet()).contains("primer-dark");

      // The user turns dark mode off in the desktop's settings and comes back to the window.
      desktopDark[0] = false;
      robot.interact(window::desktopMayHaveChanged);
      WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !window.darkTheme());
      assertThat(window.canvas().geometry().style()).isSameAs(DiagramStyle.DEFAULT);

      // Not following the desktop: it is not asked.
      robot.interact(() -> window.chooseTheme(Settings.Theme.LIGHT));
      int before;
      synchronized (asked) {
        before = asked[0];
      }
      desktopDark[0] = true;
      robot.interact(window::desktopMayHaveChanged);
      WaitForAsyncUtils.waitForFxEvents();
      synchronized (asked) {
        assertThat(asked[0]).isEqualTo(before);
      }
      assertThat(window.darkTheme()).isFalse();
    } finally {
      robot.interact(
          () -> {
            window.askDesktopWith(() -> false);
            window.chooseTheme(Settings.Theme.SYSTEM);
          });
      WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !window.darkTheme());
    }
  }

  /**
   * The theme's own -color-bg-default, as CSS gives it to a region in the window: the window's
   * background (the scene's fill, under a root without background) must be the same colour.
   */
  private javafx.scene.paint.Paint themeBackground(FxRobot robot) {
    javafx.scene.layout.Region probe = new javafx.scene.layout.Region();
    probe.setStyle("-fx-background-color: -color-bg-default;");
    javafx.scene.paint.Paint[] fill = new javafx.scene.paint.Paint[1];
    robot.interact(
        () -> {
          var root = (javafx.scene.layout.Pane) window.stage().getScene().getRoot();
          root.getChildren().add(probe);
          probe.applyCss();
          fill[0] = probe.getBackground().getFills().get(0).getFill();
          root.getChildren().remove(probe);
        });
    return fill[0];
  }

  @Test
  void theShortcutListNamesEveryMenuShortcut(FxRobot robot) {
    var rows = window.shortcutList();
    assertThat(rows).anySatisfy(r -> assertThat(r[1]).isEqualTo("New Diagram…"));
    assertThat(rows).anySatisfy(r -> assertThat(r[1]).isEqualTo("Keyboard Shortcuts"));
    assertThat(rows)
        .anySatisfy(
            r ->
                assertThat(r)
                    .containsExactly(
                        "Diagram", "Context menu", "Menu key, Shift+F10 (or a right-click)"));
    assertThat(rows).allSatisfy(r -> assertThat(r[2]).isNotBlank());
    assertThat(rows.stream().map(r -> r[2]).distinct().count())
        .as("no two commands share keys")
        .isEqualTo(rows.size());
  }

  /** The window's menu whose text (mnemonic mark included) is given. */
  private javafx.scene.control.Menu menu(String text) {
    return window.menuBar().getMenus().stream()
        .filter(m -> m.getText().equals(text))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void theViewMenuShowsEachViewOnceAndTheOtherKeysStillWork(FxRobot robot) {
    javafx.scene.control.Menu view = menu("_View");
    for (String name : List.of("Logical", "Physical")) {
      assertThat(
              view.getItems().stream()
                  .filter(javafx.scene.control.MenuItem::isVisible)
                  .filter(i -> i.getText() != null && i.getText().contains(name)))
          .as("visible View items naming the %s view", name)
          .hasSize(1);
    }
    robot.interact(() -> window.canvas().requestFocus());
    robot.press(KeyCode.CONTROL, KeyCode.L).release(KeyCode.L, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.currentDiagram()).isEqualTo(DiagramKind.LOGICAL);
    robot.press(KeyCode.CONTROL, KeyCode.P).release(KeyCode.P, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.currentDiagram()).isEqualTo(DiagramKind.PHYSICAL);

    // Ctrl+Y redoes, as Ctrl+Shift+Z does.
    int tables = window.document().project().schema().tableCount();
    robot.press(KeyCode.CONTROL, KeyCode.T).release(KeyCode.T, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    robot.interact(() -> window.document().undo());
    assertThat(window.document().project().schema().tableCount()).isEqualTo(tables);
    robot.interact(() -> window.canvas().requestFocus());
    robot.press(KeyCode.CONTROL, KeyCode.Y).release(KeyCode.Y, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().schema().tableCount()).isEqualTo(tables + 1);
    robot.interact(() -> window.document().undo());
    assertThat(window.shortcutList())
        .anySatisfy(r -> assertThat(r).containsExactly("Edit", "Redo (alternative)", "Ctrl+Y"))
        .anySatisfy(r -> assertThat(r[2]).isEqualTo("Ctrl+L"));
    robot.press(KeyCode.ALT, KeyCode.DIGIT1).release(KeyCode.DIGIT1, KeyCode.ALT);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.currentDiagram()).isEqualTo(DiagramKind.CONCEPTUAL);
  }

  @Test
  void disconnectIsOffWithNothingConnected(FxRobot robot) {
    javafx.scene.control.Menu cluster = menu("_Cluster");
    javafx.scene.control.MenuItem disconnect =
        cluster.getItems().stream()
            .filter(i -> "_Disconnect".equals(i.getText()))
            .findFirst()
            .orElseThrow();
    robot.clickOn("Cluster");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(cluster.isShowing()).isTrue();
    assertThat(disconnect.isDisable()).isTrue();
    robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
  }

  @Test
  void f6AndShiftF6MoveTheFocusFromPaneToPane(FxRobot robot) throws Exception {
    // The browser comes one frame after the first.
    WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> window.browser() != null);
    robot.interact(() -> window.canvas().requestFocus());
    press(robot, false);
    assertThat(focusInside(TabPane.class)).as("F6 from the diagram: the Problems tab").isTrue();
    // Nothing selected: the inspector has nothing to focus and is passed over.
    press(robot, false);
    assertThat(focusOwner()).as("then the model browser").isSameAs(window.browser().tree());
    press(robot, false);
    assertThat(focusOwner()).as("then the diagram again").isSameAs(window.canvas());
    assertThat(window.canvas().focusShown()).as("the diagram's focus edges").isTrue();
    robot.interact(() -> window.browser().tree().requestFocus());
    assertThat(window.canvas().focusShown()).as("gone with the focus").isFalse();

    // A new table, selected: its form is in the inspector.
    robot.press(KeyCode.CONTROL, KeyCode.T).release(KeyCode.T, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    robot.interact(() -> window.canvas().requestFocus());
    press(robot, true);
    assertThat(focusOwner()).as("Shift+F6 from the diagram").isSameAs(window.browser().tree());
    press(robot, true);
    assertThat(focusOwner())
        .as("round to the inspector: the table's name")
        .isInstanceOf(javafx.scene.control.TextField.class);
    assertThat(within(focusOwner(), window.inspector())).isTrue();
    press(robot, true);
    assertThat(focusInside(TabPane.class)).as("then the tab under the diagram").isTrue();
    robot.interact(() -> window.document().undo());
  }

  private static void press(FxRobot robot, boolean shift) {
    if (shift) {
      robot.press(KeyCode.SHIFT, KeyCode.F6).release(KeyCode.F6, KeyCode.SHIFT);
    } else {
      robot.press(KeyCode.F6).release(KeyCode.F6);
    }
    WaitForAsyncUtils.waitForFxEvents();
  }

  private javafx.scene.Node focusOwner() {
    return window.stage().getScene().getFocusOwner();
  }

  private boolean focusInside(Class<?> kind) {
    for (javafx.scene.Node n = focusOwner(); n != null; n = n.getParent()) {
      if (kind.isInstance(n)) {
        return true;
      }
    }
    return false;
  }

  private static boolean within(javafx.scene.Node node, javafx.scene.Node ancestor) {
    for (javafx.scene.Node n = node; n != null; n = n.getParent()) {
      if (n == ancestor) {
        return true;
      }
    }
    return false;
  }

  @Test
  void f1ShowsTheShortcutWindowFilteredAsTyped(FxRobot robot) {
    robot.press(javafx.scene.input.KeyCode.F1).release(javafx.scene.input.KeyCode.F1);
    org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
    @SuppressWarnings("unchecked")
    javafx.scene.control.TableView<String[]> table =
        robot.lookup("#shortcut-table").queryAs(javafx.scene.control.TableView.class);
    assertThat(table.getItems()).hasSize(window.shortcutList().size());
    robot.interact(
        () ->
            robot
                .lookup("#shortcut-filter")
                .queryAs(javafx.scene.control.TextField.class)
                .setText("quick fix"));
    assertThat(table.getItems())
        .isNotEmpty()
        .allSatisfy(r -> assertThat(String.join(" ", r).toLowerCase()).contains("quick fix"));
    robot.interact(() -> table.getScene().getWindow().hide());
  }

  @Test
  void thePreferencesFormComesFromFxmlAndItsChoiceIsAppliedAndRemembered(FxRobot robot)
      throws Exception {
    try {
      robot.interact(
          () -> {
            PreferencesDialog prefs = PreferencesDialog.of(window.stage(), window.settings());
            var pane = prefs.dialog().getDialogPane();
            @SuppressWarnings("unchecked")
            javafx.scene.control.ComboBox<Settings.Theme> theme =
                (javafx.scene.control.ComboBox<Settings.Theme>)
                    pane.getContent().lookup("#preferences-theme");
            javafx.scene.control.CheckBox grid =
                (javafx.scene.control.CheckBox) pane.getContent().lookup("#preferences-grid");
            assertThat(theme.getItems()).containsExactly(Settings.Theme.values());
            assertThat(grid.isSelected()).isEqualTo(window.settings().grid());
            theme.setValue(Settings.Theme.DARK);
            grid.setSelected(false);
            javafx.scene.control.CheckBox darkExports =
                (javafx.scene.control.CheckBox)
                    pane.getContent().lookup("#preferences-dark-exports");
            assertThat(darkExports.isSelected()).as("exports keep the light look").isFalse();
            darkExports.setSelected(true);
            @SuppressWarnings("unchecked")
            javafx.scene.control.ComboBox<String> strategy =
                (javafx.scene.control.ComboBox<String>)
                    pane.getContent().lookup("#preferences-strategy");
            javafx.scene.control.TextField replication =
                (javafx.scene.control.TextField)
                    pane.getContent().lookup("#preferences-replication");
            javafx.scene.control.Label problem =
                (javafx.scene.control.Label)
                    pane.getContent().lookup("#preferences-replication-problem");
            var ok = pane.lookupButton(javafx.scene.control.ButtonType.OK);
            assertThat(strategy.getValue()).isEqualTo("SimpleStrategy");
            assertThat(replication.getText()).isEqualTo("replication_factor=1");
            strategy.setValue("NetworkTopologyStrategy");
            replication.setText("dc1=3, dc2=three");
            assertThat(ok.isDisabled()).as("Cassandra refuses dc2=three").isTrue();
            assertThat(problem.getText()).contains("three");
            replication.setText("dc1=3, dc2=2");
            assertThat(ok.isDisabled()).isFalse();
            assertThat(problem.getText()).isEmpty();
            window.applyPreferences(prefs.choice());
          });
      assertThat(window.darkTheme()).isTrue();
      assertThat(window.settings().theme()).isEqualTo(Settings.Theme.DARK);
      assertThat(window.settings().grid()).isFalse();
      assertThat(window.settings().darkExports()).isTrue();
      // Asked for, an exported image takes the dark look of the editor.
      java.nio.file.Path png = java.nio.file.Files.createTempFile("kstudio-dark", ".png");
      java.nio.file.Files.delete(png);
      robot.interact(
          () ->
              window.exportImageTo(
                  png, org.keyspacestudio.export.diagram.ImageExport.Format.PNG, 1));
      org.testfx.util.WaitForAsyncUtils.waitFor(
          20, java.util.concurrent.TimeUnit.SECONDS, () -> java.nio.file.Files.exists(png));
      assertThat(new java.awt.Color(javax.imageio.ImageIO.read(png.toFile()).getRGB(0, 0)))
          .isEqualTo(org.keyspacestudio.export.diagram.DiagramStyle.DARK.background);
      java.nio.file.Files.delete(png);
      var nts = window.settings().newKeyspaces().replication();
      assertThat(nts.strategy()).isEqualTo("NetworkTopologyStrategy");
      assertThat(nts.options()).containsEntry("dc1", "3").containsEntry("dc2", "2");
      // A table in a keyspace the model does not have: the keyspace comes with that replication.
      robot.interact(
          () ->
              window
                  .document()
                  .perform(
                      org.keyspacestudio.model.edit.SchemaEdits.addTable(
                          org.keyspacestudio.model.cql.CqlIdentifier.of("shop"),
                          "orders",
                          new org.keyspacestudio.model.diagram.Point(0, 0))));
      assertThat(
              window
                  .document()
                  .project()
                  .schema()
                  .keyspace(org.keyspacestudio.model.cql.CqlIdentifier.of("shop"))
                  .orElseThrow()
                  .definition()
                  .replication())
          .isEqualTo(nts);
      robot.interact(() -> window.document().undo());
    } finally {
      robot.interact(
          () ->
              window.applyPreferences(
                  new PreferencesDialog.Choice(
                      Settings.Theme.SYSTEM, true, true, 1, false, ReplicationText.fallback())));
    }
  }
}
