package org.keyspacestudio.app.ui;

import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javafx.scene.Group;
import javafx.scene.image.ImageView;
import javafx.scene.image.PixelBuffer;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;

/**
 * Shows an image (premultiplied ARGB pixels, row by row, in device pixels) as tiles of {@value
 * #TILE} x {@value #TILE} pixels, each its own JavaFX image: after a redraw only the tiles whose
 * pixels changed are copied and marked changed, so JavaFX repaints only their part of the window.
 * One image would make it repaint the whole diagram for every frame, a table dragged included
 * (measured at 200 %, 2598 x 1294 device pixels: about 21 ms a frame in the software pipeline
 * before anything is drawn).
 *
 * <p>JavaFX application thread only. Memory: one copy of the image's pixels.
 */
final class TiledImage extends Group {

  /** A tile's side, in device pixels. */
  static final int TILE = 512;

  private record Tile(int x, int y, int w, int h, int[] pixels, PixelBuffer<IntBuffer> buffer) {}

  private final List<Tile> tiles = new ArrayList<>();

  /** The tiles the last update changed, as one rectangle in device pixels; empty when none. */
  private java.awt.Rectangle lastChanged = new java.awt.Rectangle();

  private int width;
  private int height;

  /**
   * Makes the tiles for an image of {@code width} x {@code height} device pixels, shown at {@code
   * scale} device pixels per scene pixel; their pixels come with the next {@link #update}.
   */
  void resize(int width, int height, double scale) {
    this.width = width;
    this.height = height;
    tiles.clear();
    List<ImageView> views = new ArrayList<>();
    for (int y = 0; y < height; y += TILE) {
      for (int x = 0; x < width; x += TILE) {
        int w = Math.min(TILE, width - x);
        int h = Math.min(TILE, height - y);
        int[] pixels = new int[w * h];
        PixelBuffer<IntBuffer> buffer =
            new PixelBuffer<>(w, h, IntBuffer.wrap(pixels), PixelFormat.getIntArgbPreInstance());
        tiles.add(new Tile(x, y, w, h, pixels, buffer));
        ImageView view = new ImageView(new WritableImage(buffer));
        view.setLayoutX(x / scale);
        view.setLayoutY(y / scale);
        view.setFitWidth(w / scale);
        view.setFitHeight(h / scale);
        // One image pixel per device pixel: nothing to filter.
        view.setSmooth(false);
        views.add(view);
      }
    }
    getChildren().setAll(views);
  }

  /**
   * Takes the image's pixels: the tiles that differ are copied and shown again in the next frame.
   *
   * @param image {@code width * height} pixels, row by row
   * @return how many tiles changed
   */
  int update(int[] image) {
    return update(image, null);
  }

  /**
   * {@link #update(int[])} when only some areas of the image may have changed: tiles that meet none
   * of them are not compared (a drag step changes a few tiles of a 3,400,000-pixel image).
   *
   * @param areas where pixels may differ from the last update, in device pixels; null for anywhere
   * @return how many tiles changed
   */
  int update(int[] image, List<java.awt.geom.Rectangle2D> areas) {
    int changed = 0;
    lastChanged = new java.awt.Rectangle();
    for (Tile t : tiles) {
      if (areas != null
          && areas.stream().noneMatch(a -> a.intersects(t.x(), t.y(), t.w(), t.h()))) {
        continue;
      }
      if (copyIfChanged(image, t)) {
        t.buffer().updateBuffer(b -> null);
        lastChanged =
            changed == 0
                ? new java.awt.Rectangle(t.x(), t.y(), t.w(), t.h())
                : lastChanged.union(new java.awt.Rectangle(t.x(), t.y(), t.w(), t.h()));
        changed++;
      }
    }
    return changed;
  }

  /**
   * The tiles the last {@link #update} changed, as the smallest rectangle holding them, in device
   * pixels; an empty rectangle when it changed none.
   */
  java.awt.Rectangle lastChanged() {
    return new java.awt.Rectangle(lastChanged);
  }

  /** Has JavaFX show every tile again, pixels unchanged (for the editor benchmark). */
  void showAgain() {
    tiles.forEach(t -> t.buffer().updateBuffer(b -> null));
  }

  /** Copies the tile's rows of {@code image} from its first differing row; false when none. */
  private boolean copyIfChanged(int[] image, Tile t) {
    for (int row = 0; row < t.h(); row++) {
      int from = (t.y() + row) * width + t.x();
      int to = row * t.w();
      if (Arrays.mismatch(image, from, from + t.w(), t.pixels(), to, to + t.w()) >= 0) {
        for (int r = row; r < t.h(); r++) {
          System.arraycopy(image, (t.y() + r) * width + t.x(), t.pixels(), r * t.w(), t.w());
        }
        return true;
      }
    }
    return false;
  }

  /** The pixel shown at device pixel ({@code x}, {@code y}) (for tests). */
  int shownPixel(int x, int y) {
    for (Tile t : tiles) {
      if (x >= t.x() && x < t.x() + t.w() && y >= t.y() && y < t.y() + t.h()) {
        return t.pixels()[(y - t.y()) * t.w() + (x - t.x())];
      }
    }
    throw new IndexOutOfBoundsException(x + "," + y + " is outside " + width + " x " + height);
  }

  /** The whole image as its tiles show it, row by row (for tests). */
  int[] shown() {
    int[] all = new int[width * height];
    for (Tile t : tiles) {
      for (int r = 0; r < t.h(); r++) {
        System.arraycopy(t.pixels(), r * t.w(), all, (t.y() + r) * width + t.x(), t.w());
      }
    }
    return all;
  }

  /** How many tiles there are. */
  int tileCount() {
    return tiles.size();
  }
}
