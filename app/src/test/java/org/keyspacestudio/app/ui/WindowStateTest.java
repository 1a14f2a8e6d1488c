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

  private Stage stage;

  @Start
  void start(Stage stage) {
    this.stage = stage;
    Settings.load()
        .setWindowState(
            new Settings.WindowState(60, 40, 1000, 700, false, new double[] {0.2, 0.6, 0.5}));
    System.setProperty("kstudio.freshWindow", "false");
    try {
      new EditorWindow(stage, null);
    } finally {
      System.setProperty("kstudio.freshWindow", "true");
    }
  }

  @AfterEach
  void forget() {
    Settings.node().remove("window");
  }

  private SplitPane split(FxRobot robot, Orientation orientation) {
    return robot.lookup(".editor-split").queryAllAs(SplitPane.class).stream()
        .filter(s -> s.getOrientation() == orientation)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void theWindowComesBackAsItWasAndIsRememberedAsItCloses(FxRobot robot) {
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(stage.getScene().getWidth()).isEqualTo(1000);
    assertThat(stage.getScene().getHeight()).isEqualTo(700);
    assertThat(stage.getX()).isEqualTo(60);
    assertThat(split(robot, Orientation.HORIZONTAL).getDividerPositions())
        .containsExactly(new double[] {0.2, 0.6}, within(0.02));
    assertThat(split(robot, Orientation.VERTICAL).getDividerPositions()[0])
        .isCloseTo(0.5, within(0.02));

    robot.interact(
        () -> {
          stage.setWidth(stage.getWidth() + 100);
          split(robot, Orientation.VERTICAL).setDividerPositions(0.7);
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
  void aPlaceNoScreenShowsIsNotRestored(FxRobot robot) {
    Settings.load()
        .setWindowState(
            new Settings.WindowState(5000, 40, 1000, 700, false, new double[] {0.2, 0.6, 0.5}));
    Stage[] other = new Stage[1];
    robot.interact(
        () -> {
          other[0] = new Stage();
          System.setProperty("kstudio.freshWindow", "false");
          try {
            new EditorWindow(other[0], null);
          } finally {
            System.setProperty("kstudio.freshWindow", "true");
          }
        });
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(other[0].getScene().getWidth()).isEqualTo(1280);
    assertThat(other[0].getX()).isLessThan(1920);
    robot.interact(other[0]::hide);
  }
}
