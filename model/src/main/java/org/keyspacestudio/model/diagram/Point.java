package org.keyspacestudio.model.diagram;

/**
 * A position on the diagram, in diagram pixels (at 100% zoom), x to the right and y down.
 *
 * @param x horizontal position
 * @param y vertical position
 */
public record Point(double x, double y) {

  /** This point moved by {@code dx, dy}. */
  public Point plus(double dx, double dy) {
    return new Point(x + dx, y + dy);
  }
}
