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
 * @param named the project's named diagrams, each a subset of the model with its own layout, in the
 *     order they were made (names unique); this diagram itself always shows everything
 */
public record Diagram(
    Level level,
    Map<ElementRef, Point> positions,
    List<QueryArrow> arrows,
    List<NamedDiagram> named) {

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
    named = List.copyOf(named);
    java.util.Set<String> names = new java.util.HashSet<>();
    for (NamedDiagram d : named) {
      if (!names.add(d.name())) {
        throw new IllegalArgumentException("two diagrams are named '" + d.name() + "'");
      }
    }
  }

  /** A diagram without named diagrams. */
  public Diagram(Level level, Map<ElementRef, Point> positions, List<QueryArrow> arrows) {
    this(level, positions, arrows, List.of());
  }

  /** A physical diagram with nothing placed yet. */
  public static Diagram empty() {
    return new Diagram(Level.PHYSICAL, Map.of(), List.of());
  }

  /** A copy with other positions and arrows (the named diagrams stay). */
  public Diagram with(Map<ElementRef, Point> newPositions, List<QueryArrow> newArrows) {
    return new Diagram(level, newPositions, newArrows, named);
  }

  /** A copy with other named diagrams. */
  public Diagram withNamed(List<NamedDiagram> newNamed) {
    return new Diagram(level, positions, arrows, newNamed);
  }

  /** The named diagram of that name, if there is one. */
  public java.util.Optional<NamedDiagram> named(String name) {
    return named.stream().filter(d -> d.name().equals(name)).findFirst();
  }

  /** A copy where the named diagram of that name is replaced by what {@code change} makes of it. */
  public Diagram withNamed(String name, java.util.function.UnaryOperator<NamedDiagram> change) {
    return withNamed(named.stream().map(d -> d.name().equals(name) ? change.apply(d) : d).toList());
  }

  /**
   * The Chebotko diagram a named diagram shows: its positions, and the arrows between its members
   * (an entry arrow when its target is a member), at this diagram's level.
   */
  public Diagram view(NamedDiagram view) {
    java.util.Set<ElementRef> in = new java.util.HashSet<>(view.members());
    List<QueryArrow> inside =
        arrows.stream()
            .filter(a -> in.contains(a.to()) && (a.from() == null || in.contains(a.from())))
            .toList();
    return new Diagram(level, view.positions(), inside);
  }

  /** A copy without an element anywhere: its position, its arrows, its place in named diagrams. */
  public Diagram without(java.util.Collection<ElementRef> gone) {
    Map<ElementRef, Point> kept = new HashMap<>(positions);
    kept.keySet().removeAll(gone);
    List<QueryArrow> keptArrows =
        arrows.stream()
            .filter(a -> !gone.contains(a.to()) && (a.from() == null || !gone.contains(a.from())))
            .toList();
    return new Diagram(
        level, kept, keptArrows, named.stream().map(d -> d.withRemoved(gone)).toList());
  }

  /** The position of an element's box, or null when the layout has not placed it. */
  public Point position(ElementRef element) {
    return positions.get(element);
  }

  /** A copy with some boxes at new positions. */
  public Diagram withPositions(Map<ElementRef, Point> moved) {
    Map<ElementRef, Point> copy = new HashMap<>(positions);
    copy.putAll(moved);
    return new Diagram(level, copy, arrows, named);
  }

  /** A copy showing another level. */
  public Diagram withLevel(Level newLevel) {
    return new Diagram(newLevel, positions, arrows, named);
  }

  /** A copy with other arrows. */
  public Diagram withArrows(List<QueryArrow> newArrows) {
    return new Diagram(level, positions, newArrows, named);
  }
}
