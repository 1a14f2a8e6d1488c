package org.keyspacestudio.app.ui;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Rectangle2D;

/**
 * Where a tool window goes when it first opens, or when the editor shows something in the diagram
 * for it (Show Tables in Recovery Notes and Write Paths): the tool window stays in front of the
 * editor's, so it is moved to where it leaves the largest free part of the diagram, and what is
 * shown is fitted into that part. Opening the first time, a window too large to leave half of the
 * diagram free is also made smaller, down to the least size its form is usable at. All rectangles
 * are in screen pixels.
 */
final class OutOfTheWay {

  /**
   * Where the window goes, at what size, and what of the pane it leaves free.
   *
   * @param x the window's new left edge
   * @param y the window's new top edge
   * @param width the window's new width: its width, unless it was made smaller
   * @param height the window's new height
   * @param free the largest rectangle of the pane the window does not cover; the whole pane when
   *     they do not meet; null when the window covers the pane whole
   */
  record Placement(double x, double y, double width, double height, Rectangle2D free) {}

  /**
   * The part of the pane's area, as a fraction, that a window opening the first time is made
   * smaller to leave free: Write Paths, 1100x760, left 21 % of the diagram free at the right edge
   * of a 1600x1000 screen.
   */
  static final double HALF = 0.5;

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
    Placement best = new Placement(window.getMinX(), window.getMinY(), w, h, here);
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
        best = new Placement(x, y, w, h, free);
        least = area(free);
      }
    }
    return best;
  }

  /**
   * Where a window opening the first time goes: as {@link #place(Rectangle2D, Rectangle2D,
   * Rectangle2D)}, unless that leaves under {@link #HALF} of the pane free. Then the window is made
   * narrower against the screen's right or left edge, or lower against its bottom or top edge, just
   * enough to leave half of the pane free, never below {@code leastWidth} x {@code leastHeight}: of
   * those that leave half free, the one that keeps the most of the window's area, else the one that
   * leaves the most free.
   *
   * @param leastWidth the least width the window's form is usable at, pixels; the window's width or
   *     more keeps it as wide
   * @param leastHeight the least height, pixels
   */
  static Placement opening(
      Rectangle2D pane,
      Rectangle2D window,
      Rectangle2D screen,
      double leastWidth,
      double leastHeight) {
    Placement best = place(pane, window, screen);
    double half = HALF * area(pane);
    if (area(best.free()) >= half) {
      return best;
    }
    double w = window.getWidth();
    double h = window.getHeight();
    double midX = pane.getMinX() + pane.getWidth() / 2;
    double midY = pane.getMinY() + pane.getHeight() / 2;
    double narrowRight = clamp(screen.getMaxX() - midX, Math.min(leastWidth, w), w);
    double narrowLeft = clamp(midX - screen.getMinX(), Math.min(leastWidth, w), w);
    double lowBottom = clamp(screen.getMaxY() - midY, Math.min(leastHeight, h), h);
    double lowTop = clamp(midY - screen.getMinY(), Math.min(leastHeight, h), h);
    double y = clamp(window.getMinY(), screen.getMinY(), screen.getMaxY() - h);
    double x = clamp(window.getMinX(), screen.getMinX(), screen.getMaxX() - w);
    List<Rectangle2D> sizes = new ArrayList<>();
    sizes.add(new Rectangle2D(screen.getMaxX() - narrowRight, y, narrowRight, h));
    sizes.add(new Rectangle2D(screen.getMinX(), y, narrowLeft, h));
    sizes.add(new Rectangle2D(x, screen.getMaxY() - lowBottom, w, lowBottom));
    sizes.add(new Rectangle2D(x, screen.getMinY(), w, lowTop));
    for (Rectangle2D r : sizes) {
      Rectangle2D free = largestFree(pane, r);
      boolean halfFree = area(free) >= half - 1;
      boolean bestHalfFree = area(best.free()) >= half - 1;
      boolean better =
          halfFree && bestHalfFree
              ? area(r) > best.width() * best.height()
              : area(free) > area(best.free());
      if (better) {
        best = new Placement(r.getMinX(), r.getMinY(), r.getWidth(), r.getHeight(), free);
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
