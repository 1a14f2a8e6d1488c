package org.keyspacestudio.export.diagram;

import java.awt.geom.Rectangle2D;
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
