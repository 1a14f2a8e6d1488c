package org.keyspacestudio.model.diagram;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * Where the boxes of a conceptual or workflow diagram are drawn: the top-left corner of each box,
 * in diagram pixels. Kept apart from the models, so that a move never touches what an element
 * means. Boxes without a position are placed by the automatic layout.
 *
 * @param positions box positions by element
 */
public record Layout(Map<ElementRef, Point> positions) {
  public Layout {
    positions = Map.copyOf(positions);
  }

  /** A layout with nothing placed. */
  public static Layout empty() {
    return new Layout(Map.of());
  }

  /** The position of an element's box, or null. */
  public Point position(ElementRef element) {
    return positions.get(element);
  }

  /** A copy with some boxes at new positions. */
  public Layout withPositions(Map<ElementRef, Point> moved) {
    Map<ElementRef, Point> copy = new HashMap<>(positions);
    copy.putAll(moved);
    return new Layout(copy);
  }

  /** A copy without the positions of these elements. */
  public Layout without(Set<ElementRef> gone) {
    Map<ElementRef, Point> copy = new HashMap<>(positions);
    copy.keySet().removeAll(gone);
    return new Layout(copy);
  }

  /** A copy with one element's position moved to another reference (a rename). */
  public Layout renamed(ElementRef from, ElementRef to) {
    Point at = positions.get(from);
    if (at == null) {
      return this;
    }
    Map<ElementRef, Point> copy = new HashMap<>(positions);
    copy.remove(from);
    copy.put(to, at);
    return new Layout(copy);
  }

  /** This layout as a diagram with no arrows, for the geometry. */
  public Diagram asDiagram() {
    return new Diagram(Diagram.Level.LOGICAL, positions, java.util.List.of());
  }
}
