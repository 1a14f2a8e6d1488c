package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import javafx.geometry.Orientation;
import javafx.scene.control.SplitPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The editor window comes back where it was, as large and divided as it was, when it last closed; a
 * place no screen shows any more is not restored (headless, 1920 x 1200 screen).
 */
@ExtendWith(ApplicationExtension.class)
class WindowStateTest {

  /**
   * Opens an editor on a stage of its own, as a start with the window state saved does (the primary
   * stage, which the other test classes share, keeps its size).
   */
  private static Stage openRestoring(FxRobot robot) {
    Stage[] made = new Stage[1];
    robot.interact(
        () -> {
          made[0] = new Stage();
          System.setProperty("kstudio.freshWindow", "false");
          try {
            new EditorWindow(made[0], null);
          } finally {
            System.setProperty("kstudio.freshWindow", "true");
          }
        });
    WaitForAsyncUtils.waitForFxEvents();
    return made[0];
  }

  @Start
  void start(Stage primary) {
    // Unused: each test opens its own window.
  }

  @AfterEach
  void forget() {
    Settings.node().remove("window");
  }

  private SplitPane split(Stage stage, Orientation orientation) {
    return stage.getScene().getRoot().lookupAll(".editor-split").stream()
        .map(SplitPane.class::cast)
        .filter(s -> s.getOrientation() == orientation)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void theWindowComesBackAsItWasAndIsRememberedAsItCloses(FxRobot robot) {
    Settings.load()
        .setWindowState(
            new Settings.WindowState(60, 40, 1000, 700, false, new double[] {0.2, 0.6, 0.5}));
    Stage stage = openRestoring(robot);
    assertThat(stage.getScene().getWidth()).isEqualTo(1000);
    assertThat(stage.getScene().getHeight()).isEqualTo(700);
    assertThat(stage.getX()).isEqualTo(60);
    assertThat(split(stage, Orientation.HORIZONTAL).getDividerPositions())
        .containsExactly(new double[] {0.2, 0.6}, within(0.02));
    assertThat(split(stage, Orientation.VERTICAL).getDividerPositions()[0])
        .isCloseTo(0.5, within(0.02));

    robot.interact(
        () -> {
          stage.setWidth(stage.getWidth() + 100);
          split(stage, Orientation.VERTICAL).setDividerPositions(0.7);
        });
    WaitForAsyncUtils.waitForFxEvents();
    robot.interact(stage::hide);
    Settings.WindowState saved = Settings.load().windowState();
    assertThat(saved).isNotNull();
    assertThat(saved.width()).isEqualTo(1100);
    assertThat(saved.height()).isEqualTo(700);
    assertThat(saved.dividers()[2]).isCloseTo(0.7, within(0.02));
    assertThat(saved.maximized()).isFalse();
  }

  @Test
  void theDividersComeBackWhereTheyWereStartAfterStart(FxRobot robot) {
    // They crept: the status bar grew by 10 pixels after the first frame, and the diagram's
    // divider, restored against the first height, was saved 3 pixels lower at each start.
    double[] dividers = {0.2, 0.6, 0.8};
    Settings.load().setWindowState(new Settings.WindowState(60, 40, 1000, 700, false, dividers));
    for (int start = 1; start <= 3; start++) {
      Stage stage = openRestoring(robot);
      robot.interact(stage::hide);
      assertThat(Settings.load().windowState().dividers())
          .as("the dividers saved after start %d", start)
          .containsExactly(dividers, within(0.001));
    }
  }

  @Test
  void aNarrowWindowKeepsRoomForTheDiagramAndNoneIsNarrowerThan880Pixels(FxRobot robot) {
    Stage stage = openRestoring(robot);
    assertThat(stage.getMinWidth()).isEqualTo(EditorWindow.MIN_WIDTH);
    assertThat(stage.getMinHeight()).isEqualTo(EditorWindow.MIN_HEIGHT);
    SplitPane main = split(stage, Orientation.HORIZONTAL);
    // The inspector kept its width as the window narrowed and left the diagram a strip.
    robot.interact(() -> main.setDividerPosition(1, 0.55));
    WaitForAsyncUtils.waitForFxEvents();
    robot.interact(() -> stage.setWidth(EditorWindow.MIN_WIDTH));
    WaitForAsyncUtils.waitForFxEvents();
    double[] d = main.getDividerPositions();
    assertThat(d[1] - d[0]).as("the diagram's share of the width").isGreaterThanOrEqualTo(0.39);
    robot.interact(stage::hide);
  }

  @Test
  void aPlaceNoScreenShowsIsNotRestored(FxRobot robot) {
    Settings.load()
        .setWindowState(
            new Settings.WindowState(5000, 40, 1000, 700, false, new double[] {0.2, 0.6, 0.5}));
    Stage other = openRestoring(robot);
    assertThat(other.getScene().getWidth()).isEqualTo(1280);
    assertThat(other.getX()).isLessThan(1920);
    robot.interact(other::hide);
  }
}
