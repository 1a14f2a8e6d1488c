package org.keyspacestudio.app.ui;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Rectangle2D;

/**
 * Where a tool window goes when the editor shows something in the diagram for it (Show Tables in
 * Recovery Notes and Write Paths): the tool window stays in front of the editor's, so it is moved
 * to where it leaves the largest free part of the diagram, and what is shown is fitted into that
 * part. All rectangles are in screen pixels.
 */
final class OutOfTheWay {

  /**
   * Where the window goes and what of the pane it leaves free.
   *
   * @param x the window's new left edge
   * @param y the window's new top edge
   * @param free the largest rectangle of the pane the window does not cover; the whole pane when
   *     they do not meet; null when the window covers the pane whole
   */
  record Placement(double x, double y, Rectangle2D free) {}

  /**
   * The least part of the pane's area, as a fraction, that moving the window must free beyond what
   * it leaves free where it is: a window is not moved for a sliver.
   */
  static final double WORTH_MOVING = 0.05;

  private OutOfTheWay() {}

  /**
   * Where a window goes: where it is, else against one edge of the screen (bottom, right, top,
   * left, each kept on the screen), whichever leaves the largest free rectangle of the pane.
   *
   * @param pane the diagram's bounds on screen, not null
   * @param window the tool window's bounds on screen, not null
   * @param screen the visual bounds of the screen the window is on, not null
   */
  static Placement place(Rectangle2D pane, Rectangle2D window, Rectangle2D screen) {
    double w = window.getWidth();
    double h = window.getHeight();
    Rectangle2D here = largestFree(pane, window);
    Placement best = new Placement(window.getMinX(), window.getMinY(), here);
    double least = area(here) + WORTH_MOVING * area(pane);
    List<double[]> corners = new ArrayList<>();
    corners.add(new double[] {window.getMinX(), screen.getMaxY() - h});
    corners.add(new double[] {screen.getMaxX() - w, window.getMinY()});
    corners.add(new double[] {window.getMinX(), screen.getMinY()});
    corners.add(new double[] {screen.getMinX(), window.getMinY()});
    for (double[] c : corners) {
      double x = clamp(c[0], screen.getMinX(), screen.getMaxX() - w);
      double y = clamp(c[1], screen.getMinY(), screen.getMaxY() - h);
      Rectangle2D free = largestFree(pane, new Rectangle2D(x, y, w, h));
      if (area(free) > least) {
        best = new Placement(x, y, free);
        least = area(free);
      }
    }
    return best;
  }

  /**
   * The largest rectangle of {@code pane} outside {@code window}: the pane when they do not meet,
   * else the largest of the strips left of, right of, above and below the window; null when the
   * window covers the pane whole.
   */
  static Rectangle2D largestFree(Rectangle2D pane, Rectangle2D window) {
    if (!pane.intersects(window)) {
      return pane;
    }
    List<Rectangle2D> strips = new ArrayList<>();
    strips.add(strip(pane.getMinX(), pane.getMinY(), window.getMinX(), pane.getMaxY()));
    strips.add(strip(window.getMaxX(), pane.getMinY(), pane.getMaxX(), pane.getMaxY()));
    strips.add(strip(pane.getMinX(), pane.getMinY(), pane.getMaxX(), window.getMinY()));
    strips.add(strip(pane.getMinX(), window.getMaxY(), pane.getMaxX(), pane.getMaxY()));
    Rectangle2D best = null;
    for (Rectangle2D s : strips) {
      if (s != null && (best == null || area(s) > area(best))) {
        best = s;
      }
    }
    return best;
  }

  private static Rectangle2D strip(double minX, double minY, double maxX, double maxY) {
    return maxX > minX && maxY > minY
        ? new Rectangle2D(minX, minY, maxX - minX, maxY - minY)
        : null;
  }

  private static double area(Rectangle2D r) {
    return r == null ? 0 : r.getWidth() * r.getHeight();
  }

  private static double clamp(double v, double min, double max) {
    return Math.max(min, Math.min(max, v));
  }
}
