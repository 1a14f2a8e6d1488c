package org.keyspacestudio.model.diagram;

/**
 * A position on the diagram, in diagram pixels (at 100% zoom), x to the right and y down. Each
 * coordinate is kept within {@link #LIMIT} of the origin (a larger one is taken as the limit, NaN
 * as 0), so that whatever the editor does, the project file it saves is one it reads.
 *
 * @param x horizontal position
 * @param y vertical position
 */
public record Point(double x, double y) {

  /**
   * How far from the origin a coordinate may be, in diagram pixels: 100,000,000, some 26,000 widths
   * of a 4K screen at 100%. A project file with a position beyond it is refused.
   */
  public static final double LIMIT = 100_000_000;

  public Point {
    x = within(x);
    y = within(y);
  }

  private static double within(double v) {
    return Double.isNaN(v) ? 0 : Math.max(-LIMIT, Math.min(LIMIT, v));
  }

  /** This point moved by {@code dx, dy}. */
  public Point plus(double dx, double dy) {
    return new Point(x + dx, y + dy);
  }
}
