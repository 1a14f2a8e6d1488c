package org.keyspacestudio.export.diagram;

import java.awt.Shape;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.geom.RoundRectangle2D;
import org.keyspacestudio.model.diagram.Box;

/**
 * A box of the diagram with its size and place, in diagram pixels.
 *
 * @param box what the box says
 * @param bounds where it is drawn
 * @param nameWidth width of the name column
 * @param typeWidth width of the type column (0 at the logical level)
 * @param markerWidth width of the marker column
 */
public record BoxGeometry(
    Box box, Rectangle2D bounds, double nameWidth, double typeWidth, double markerWidth) {

  /**
   * The box's outline, in diagram pixels: its rectangle, a rounded rectangle for a task, a diamond
   * for a relationship, an ellipse for an attribute, a triangle for an IsA hierarchy. Drawing and
   * hit-testing both use it.
   *
   * @param style the style (corner radius)
   * @return the outline
   */
  public Shape outline(DiagramStyle style) {
    return outline(box.kind().shape(), bounds, style);
  }

  /** The outline of a shape filling a rectangle. */
  static Shape outline(Box.Shape shape, Rectangle2D r, DiagramStyle style) {
    return switch (shape) {
      case RECORD, RECTANGLE -> r;
      case ELLIPSE ->
          new java.awt.geom.Ellipse2D.Double(r.getX(), r.getY(), r.getWidth(), r.getHeight());
      case TRIANGLE -> {
        Path2D t = new Path2D.Double();
        t.moveTo(r.getCenterX(), r.getY());
        t.lineTo(r.getMaxX(), r.getMaxY());
        t.lineTo(r.getX(), r.getMaxY());
        t.closePath();
        yield t;
      }
      case ROUNDED ->
          new RoundRectangle2D.Double(
              r.getX(), r.getY(), r.getWidth(), r.getHeight(), style.corner, style.corner);
      case DIAMOND -> {
        Path2D d = new Path2D.Double();
        d.moveTo(r.getCenterX(), r.getY());
        d.lineTo(r.getMaxX(), r.getCenterY());
        d.lineTo(r.getCenterX(), r.getMaxY());
        d.lineTo(r.getX(), r.getCenterY());
        d.closePath();
        yield d;
      }
    };
  }

  /** Whether the outline is its bounding rectangle (a point in the bounds is in the box). */
  public boolean rectangular() {
    Box.Shape shape = box.kind().shape();
    return shape == Box.Shape.RECORD || shape == Box.Shape.RECTANGLE || shape == Box.Shape.ROUNDED;
  }

  /** The same box at another place. */
  public BoxGeometry movedTo(double x, double y) {
    return new BoxGeometry(
        box,
        new Rectangle2D.Double(x, y, bounds.getWidth(), bounds.getHeight()),
        nameWidth,
        typeWidth,
        markerWidth);
  }
}
