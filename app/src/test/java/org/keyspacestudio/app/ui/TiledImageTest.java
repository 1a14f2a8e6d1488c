package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The diagram's image on screen in tiles (headless): what is shown is the image, and a redraw that
 * changes a small area has JavaFX repaint only the tiles there.
 */
@ExtendWith(ApplicationExtension.class)
class TiledImageTest {

  @Start
  void start(Stage stage) {}

  @Test
  void onlyTheTilesWhosePixelsChangedAreShownAgain(FxRobot robot) {
    robot.interact(
        () -> {
          TiledImage tiles = new TiledImage();
          int w = 1300;
          int h = 700; // 3 x 2 tiles of 512, the last ones smaller
          tiles.resize(w, h, 1);
          assertThat(tiles.tileCount()).isEqualTo(6);
          int[] image = new int[w * h];
          Arrays.fill(image, 0xffffffff);
          assertThat(tiles.update(image)).as("first update: all").isEqualTo(6);
          assertThat(tiles.update(image)).as("nothing changed").isZero();
          assertThat(tiles.lastChanged().isEmpty()).isTrue();

          // A box drawn across the border of two tiles: those two, nothing else.
          for (int y = 100; y < 140; y++) {
            for (int x = 500; x < 530; x++) {
              image[y * w + x] = 0xff336699;
            }
          }
          assertThat(tiles.update(image)).isEqualTo(2);
          assertThat(tiles.lastChanged()).isEqualTo(new java.awt.Rectangle(0, 0, 1024, 512));
          assertThat(tiles.shownPixel(505, 120)).isEqualTo(0xff336699);
          assertThat(tiles.shownPixel(520, 120)).isEqualTo(0xff336699);
          assertThat(tiles.shownPixel(1299, 699)).isEqualTo(0xffffffff);

          // The last pixel of the smaller corner tile.
          image[w * h - 1] = 0xff000000;
          assertThat(tiles.update(image)).isEqualTo(1);
          assertThat(tiles.lastChanged()).isEqualTo(new java.awt.Rectangle(1024, 512, 276, 188));
          assertThat(tiles.shownPixel(1299, 699)).isEqualTo(0xff000000);
        });
  }
}
