package org.keyspacestudio.model.diagram;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * Where the schema's elements are drawn and which query arrows join them: the diagram's own data,
 * kept apart from what the elements mean (the {@code Schema}), so that CQL never depends on layout
 * and a layout change never touches the schema.
 *
 * @param level whether the diagram shows the logical model (no types) or the physical one
 * @param positions the top-left corner of each drawn box (tables, views, UDTs), in diagram pixels;
 *     elements without a position are placed by the automatic layout
 * @param arrows the query arrows, in order
 */
public record Diagram(Level level, Map<ElementRef, Point> positions, List<QueryArrow> arrows) {

  /** What the diagram shows of each table. */
  public enum Level {
    /** Column names and key markers: the logical data model. */
    LOGICAL,
    /** Names, CQL types, keyspace and UDT boxes: the physical data model. */
    PHYSICAL
  }

  public Diagram {
    Objects.requireNonNull(level, "level");
    positions = Map.copyOf(positions);
    arrows = List.copyOf(arrows);
  }

  /** A physical diagram with nothing placed yet. */
  public static Diagram empty() {
    return new Diagram(Level.PHYSICAL, Map.of(), List.of());
  }

  /** The position of an element's box, or null when the layout has not placed it. */
  public Point position(ElementRef element) {
    return positions.get(element);
  }

  /** A copy with some boxes at new positions. */
  public Diagram withPositions(Map<ElementRef, Point> moved) {
    Map<ElementRef, Point> copy = new HashMap<>(positions);
    copy.putAll(moved);
    return new Diagram(level, copy, arrows);
  }

  /** A copy showing another level. */
  public Diagram withLevel(Level newLevel) {
    return new Diagram(newLevel, positions, arrows);
  }

  /** A copy with other arrows. */
  public Diagram withArrows(List<QueryArrow> newArrows) {
    return new Diagram(level, positions, newArrows);
  }
}
