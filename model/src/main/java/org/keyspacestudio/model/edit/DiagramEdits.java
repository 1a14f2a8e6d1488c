package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.NamedDiagram;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * Edits of a project's named diagrams (each a subset of the model with its own layout). None of
 * them changes the model: removing a table from a diagram leaves the table.
 */
public final class DiagramEdits {

  private DiagramEdits() {}

  /**
   * A name for a new diagram that no diagram has: {@code base}, or {@code base 2}, {@code base
   * 3}...
   */
  public static String freeName(Diagram diagram, String base) {
    String name = base;
    for (int i = 2; diagram.named(name).isPresent(); i++) {
      name = base + " " + i;
    }
    return name;
  }

  /**
   * Adds a named diagram.
   *
   * @param name its name; must not be blank nor taken
   * @param members what it shows at first (may be empty), placed by the automatic layout
   * @throws IllegalArgumentException when applied, if the name is blank or taken
   */
  public static Document.Edit create(String name, List<ElementRef> members) {
    return new Document.Edit(
        "New diagram " + name,
        p -> {
          if (p.diagram().named(name).isPresent()) {
            throw new IllegalArgumentException("a diagram is already named '" + name + "'");
          }
          List<NamedDiagram> all = new ArrayList<>(p.diagram().named());
          all.add(new NamedDiagram(name, members, Map.of()));
          return p.withDiagram(p.diagram().withNamed(all));
        });
  }

  /** Deletes a named diagram (the model keeps everything it showed). */
  public static Document.Edit delete(String name) {
    return new Document.Edit(
        "Delete diagram " + name,
        p ->
            p.withDiagram(
                p.diagram()
                    .withNamed(
                        p.diagram().named().stream()
                            .filter(d -> !d.name().equals(name))
                            .toList())));
  }

  /**
   * Renames a named diagram.
   *
   * @throws IllegalArgumentException when applied, if the new name is blank or taken
   */
  public static Document.Edit rename(String name, String newName) {
    return new Document.Edit(
        "Rename diagram " + name + " to " + newName,
        p -> {
          if (!name.equals(newName) && p.diagram().named(newName).isPresent()) {
            throw new IllegalArgumentException("a diagram is already named '" + newName + "'");
          }
          return p.withDiagram(p.diagram().withNamed(name, d -> d.withName(newName)));
        });
  }

  /**
   * Shows elements of the model in a named diagram (those it shows already stay where they are).
   *
   * @param at where to put their boxes (diagram pixels); those without a position are placed by the
   *     automatic layout
   */
  public static Document.Edit add(
      String name, List<ElementRef> elements, Map<ElementRef, Point> at) {
    String what = elements.size() == 1 ? elements.get(0).toString() : elements.size() + " elements";
    return new Document.Edit(
        "Add " + what + " to diagram " + name,
        p ->
            p.withDiagram(
                p.diagram()
                    .withNamed(
                        name,
                        d -> {
                          List<ElementRef> fresh =
                              elements.stream().filter(e -> !d.contains(e)).toList();
                          Map<ElementRef, Point> placed = new java.util.HashMap<>(at);
                          placed.keySet().retainAll(fresh);
                          return d.withAdded(fresh, placed);
                        })));
  }

  /** Removes elements from a named diagram; the model keeps them. */
  public static Document.Edit remove(String name, Collection<ElementRef> elements) {
    String what =
        elements.size() == 1 ? elements.iterator().next().toString() : elements.size() + " boxes";
    return new Document.Edit(
        "Remove " + what + " from diagram " + name,
        p -> p.withDiagram(p.diagram().withNamed(name, d -> d.withRemoved(elements))));
  }

  /** Moves boxes of a named diagram: one drag or one arrow-key press. */
  public static Document.Edit move(String name, Map<ElementRef, Point> positions) {
    String what =
        positions.size() == 1
            ? "Move " + positions.keySet().iterator().next()
            : "Move " + positions.size() + " boxes";
    return new Document.Edit(
        what, p -> p.withDiagram(p.diagram().withNamed(name, d -> d.withPositions(positions))));
  }

  /** The named diagram of a project, or an exception naming the diagrams there are. */
  public static NamedDiagram named(Project project, String name) {
    return project
        .diagram()
        .named(name)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "no diagram named '"
                        + name
                        + "'"
                        + (project.diagram().named().isEmpty()
                            ? " (the project has none)"
                            : " (it has "
                                + String.join(
                                    ", ",
                                    project.diagram().named().stream()
                                        .map(d -> "'" + d.name() + "'")
                                        .toList())
                                + ")")));
  }
}
