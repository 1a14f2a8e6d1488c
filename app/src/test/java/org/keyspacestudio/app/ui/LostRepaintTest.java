package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.geometry.Bounds;
import javafx.geometry.Rectangle2D;
import javafx.scene.image.Image;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A zoom shows on screen right after the editor opens a file, JavaFX 21's lost repaints
 * (JDK-8322619) or not: with a file whose model browser has a horizontal scroll bar and whose
 * Problems table is empty, Zoom Out changed the status bar's zoom and the canvas's tiles, and the
 * screen kept the diagram as it was until a click in it.
 *
 * <p>Compares what the screen shows (the headless screen's pixels, not a snapshot, which would draw
 * the scene again) with what the canvas drew.
 */
@ExtendWith(ApplicationExtension.class)
class LostRepaintTest {
  @TempDir Path dir;

  @Start
  void start(Stage stage) {}

  @Test
  void aZoomRightAfterOpeningAFileShowsOnScreen(FxRobot robot) throws Exception {
    StringBuilder cql =
        new StringBuilder(
            "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};\n");
    for (int i = 0; i < 6; i++) {
      cql.append("CREATE TABLE ks.t").append(i).append(" (id uuid PRIMARY KEY, name text);\n");
    }
    // A name too long for the model browser: it gets a horizontal scroll bar.
    cql.append("CREATE TABLE ks.a_very_long_table_name_for_the_browser (id uuid PRIMARY KEY);\n");
    Path file = dir.resolve("long-names.cql");
    Files.writeString(file, cql);
    EditorWindow[] window = new EditorWindow[1];
    robot.interact(() -> window[0] = new EditorWindow(new Stage(), file));
    // The window's deferred parts (browser, Problems table) come after its first frames.
    robot.sleep(1500);
    DiagramCanvas canvas = window[0].canvas();
    robot.interact(() -> canvas.zoomBy(0.8));
    robot.sleep(300);

    Bounds b = canvas.localToScreen(canvas.getBoundsInLocal());
    Image shown =
        robot
            .capture(new Rectangle2D(b.getMinX(), b.getMinY(), b.getWidth(), b.getHeight()))
            .getImage();
    int[][] drawn = new int[1][];
    robot.interact(() -> drawn[0] = canvas.pixelsOnScreen());
    int w = (int) Math.ceil(canvas.getWidth());
    int differ = 0;
    int sampled = 0;
    for (int y = 0; y < (int) shown.getHeight(); y += 3) {
      for (int x = 0; x < (int) shown.getWidth(); x += 3) {
        sampled++;
        int onScreen = shown.getPixelReader().getArgb(x, y) & 0xffffff;
        if (onScreen != (drawn[0][y * w + x] & 0xffffff)) {
          differ++;
        }
      }
    }
    // Before the fix: 13,564 of 37,736 sampled pixels still showed the diagram at 100 %.
    assertThat(differ)
        .as("pixels on screen unlike the canvas's drawing, of %d sampled", sampled)
        .isLessThan(sampled / 100);
  }
}
