package org.keyspacestudio.model.diagram;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * One of a project's named Chebotko diagrams: a subset of the model (one feature, one workflow, one
 * keyspace) with a layout of its own. A table in it is the model's table: removing it from the
 * diagram leaves the table; deleting the table from the model removes it from every diagram.
 *
 * @param name the name, unique among the project's diagrams, not blank
 * @param members the tables, views and types it shows, in the order they were added (no duplicates)
 * @param positions the top-left corner of each member's box, in diagram pixels; members without one
 *     are placed by the automatic layout
 */
public record NamedDiagram(
    String name, List<ElementRef> members, Map<ElementRef, Point> positions) {

  public NamedDiagram {
    Objects.requireNonNull(name, "name");
    if (name.isBlank()) {
      throw new IllegalArgumentException("a diagram's name cannot be blank");
    }
    members = List.copyOf(new LinkedHashSet<>(members));
    Map<ElementRef, Point> kept = new HashMap<>(positions);
    kept.keySet().retainAll(members);
    positions = Map.copyOf(kept);
  }

  /** An empty diagram. */
  public static NamedDiagram empty(String name) {
    return new NamedDiagram(name, List.of(), Map.of());
  }

  /** Whether the diagram shows an element. */
  public boolean contains(ElementRef element) {
    return members.contains(element);
  }

  /** A copy with more members, placed where given (or by the automatic layout). */
  public NamedDiagram withAdded(List<ElementRef> added, Map<ElementRef, Point> at) {
    List<ElementRef> all = new ArrayList<>(members);
    all.addAll(added);
    Map<ElementRef, Point> placed = new HashMap<>(positions);
    placed.putAll(at);
    return new NamedDiagram(name, all, placed);
  }

  /** A copy without some members (the model keeps them). */
  public NamedDiagram withRemoved(java.util.Collection<ElementRef> removed) {
    List<ElementRef> all = new ArrayList<>(members);
    all.removeAll(removed);
    return new NamedDiagram(name, all, positions);
  }

  /** A copy with some members' boxes at new positions (others in {@code moved} are ignored). */
  public NamedDiagram withPositions(Map<ElementRef, Point> moved) {
    Map<ElementRef, Point> placed = new HashMap<>(positions);
    placed.putAll(moved);
    return new NamedDiagram(name, members, placed);
  }

  /** A copy with another name. */
  public NamedDiagram withName(String newName) {
    return new NamedDiagram(newName, members, positions);
  }

  /** A copy where one element is known by another reference (a rename in the model). */
  public NamedDiagram renamed(ElementRef from, ElementRef to) {
    if (!members.contains(from)) {
      return this;
    }
    List<ElementRef> all = new ArrayList<>(members);
    all.set(all.indexOf(from), to);
    Map<ElementRef, Point> placed = new HashMap<>(positions);
    Point at = placed.remove(from);
    if (at != null) {
      placed.put(to, at);
    }
    return new NamedDiagram(name, all, placed);
  }
}
