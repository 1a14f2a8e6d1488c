package org.keyspacestudio.model.edit;

import java.util.Map;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;

/** The edits the editor (and any other client) performs on a project. */
public final class Edits {

  private Edits() {}

  /** Moves boxes to new positions: one drag or one arrow-key press. */
  public static Document.Edit moveBoxes(Map<ElementRef, Point> positions) {
    String what =
        positions.size() == 1
            ? "Move " + positions.keySet().iterator().next()
            : "Move " + positions.size() + " boxes";
    return new Document.Edit(what, p -> p.with(p.schema(), p.diagram().withPositions(positions)));
  }

  /**
   * Moves boxes of one of a project's diagrams: the Chebotko diagram (logical or physical, which
   * share their positions) or the conceptual or workflow diagram's layout.
   */
  public static Document.Edit moveBoxes(
      org.keyspacestudio.model.diagram.DiagramKind kind, Map<ElementRef, Point> positions) {
    if (kind.chebotko()) {
      return moveBoxes(positions);
    }
    String what =
        positions.size() == 1
            ? "Move " + positions.keySet().iterator().next()
            : "Move " + positions.size() + " boxes";
    return new Document.Edit(
        what, p -> p.withLayout(kind, p.layout(kind).withPositions(positions)));
  }

  /**
   * Deletes tables, views, UDTs and indexes: with a table or view go its indexes, a table's views,
   * their positions and the query arrows into them. An arrow from a deleted table into one kept
   * stays (the kept table still answers its query), coming from the table of the query before it in
   * the workflow if one is left ({@link org.keyspacestudio.model.mapping.Mapping#arrowSource}),
   * else as an entry arrow; mapping that query again gives it its source back.
   */
  public static Document.Edit delete(java.util.Set<ElementRef> boxes) {
    String what =
        boxes.size() == 1
            ? "Delete " + boxes.iterator().next()
            : "Delete " + boxes.size() + " boxes";
    return new Document.Edit(what, p -> deleted(p, boxes));
  }

  private static Project deleted(Project p, java.util.Set<ElementRef> boxes) {
    java.util.List<org.keyspacestudio.model.schema.Keyspace> keyspaces =
        new java.util.ArrayList<>();
    java.util.Set<ElementRef> gone = new java.util.HashSet<>(boxes);
    for (var ks : p.schema().keyspaces()) {
      var tables =
          ks.tables().stream()
              .filter(t -> !boxes.contains(ElementRef.table(ks.name(), t.name())))
              .toList();
      var views =
          ks.views().stream()
              .filter(
                  v ->
                      !boxes.contains(ElementRef.view(ks.name(), v.name()))
                          && !boxes.contains(ElementRef.table(ks.name(), v.baseTable())))
              .toList();
      ks.views().stream()
          .filter(v -> !views.contains(v))
          .forEach(v -> gone.add(ElementRef.view(ks.name(), v.name())));
      var indexes =
          ks.indexes().stream()
              .filter(
                  i ->
                      !boxes.contains(ElementRef.table(ks.name(), i.table()))
                          && !gone.contains(ElementRef.view(ks.name(), i.table()))
                          && !boxes.contains(ElementRef.index(ks.name(), i.effectiveName())))
              .toList();
      var types =
          ks.types().stream()
              .filter(t -> !boxes.contains(ElementRef.type(ks.name(), t.name())))
              .toList();
      keyspaces.add(
          new org.keyspacestudio.model.schema.Keyspace(
              ks.name(), ks.definition(), types, tables, indexes, views));
    }
    var kept = new org.keyspacestudio.model.schema.Schema(keyspaces, p.schema().otherStatements());
    java.util.Map<ElementRef, String> comments = new java.util.HashMap<>();
    p.schema()
        .comments()
        .forEach(
            (ref, text) -> {
              if (kept.contains(ref)) comments.put(ref, text);
            });
    var schema =
        new org.keyspacestudio.model.schema.Schema(
            keyspaces, p.schema().otherStatements(), comments);
    Project out =
        p.with(schema, p.diagram().without(gone))
            .withMapping(p.mapping().map(m -> gone.contains(m.table()) ? null : m))
            .withSizing(p.sizing().mapTables(t -> gone.contains(t.table()) ? null : t));
    // Deleting users had taken Q3's arrow into videos_by_user with it, and mapping Q2 again did
    // not bring it back.
    if (p.diagram().arrows().stream()
        .noneMatch(a -> a.from() != null && gone.contains(a.from()) && !gone.contains(a.to()))) {
      return out;
    }
    java.util.List<org.keyspacestudio.model.diagram.QueryArrow> arrows =
        new java.util.ArrayList<>();
    var sources = new org.keyspacestudio.model.mapping.Mapping.ArrowSources(out);
    for (var a : p.diagram().arrows()) {
      if (gone.contains(a.to())) {
        continue;
      }
      if (a.from() == null || !gone.contains(a.from())) {
        arrows.add(a);
        continue;
      }
      var resourced =
          new org.keyspacestudio.model.diagram.QueryArrow(
              a.label(), sources.of(a.label(), a.to()), a.to());
      if (!arrows.contains(resourced)) {
        arrows.add(resourced);
      }
    }
    return out.withDiagram(out.diagram().withArrows(arrows));
  }

  /** Adds a query arrow (from null: an entry arrow). */
  public static Document.Edit addArrow(String label, ElementRef from, ElementRef to) {
    return new Document.Edit(
        "Add query arrow " + label,
        p -> {
          java.util.List<org.keyspacestudio.model.diagram.QueryArrow> arrows =
              new java.util.ArrayList<>(p.diagram().arrows());
          arrows.add(new org.keyspacestudio.model.diagram.QueryArrow(label, from, to));
          return p.with(p.schema(), p.diagram().withArrows(arrows));
        });
  }

  /** Gives the arrow at {@code index} another label. */
  public static Document.Edit relabelArrow(int index, String label) {
    return new Document.Edit(
        "Rename query arrow to " + label,
        p -> {
          var arrows = new java.util.ArrayList<>(p.diagram().arrows());
          var a = arrows.get(index);
          arrows.set(
              index, new org.keyspacestudio.model.diagram.QueryArrow(label, a.from(), a.to()));
          return p.with(p.schema(), p.diagram().withArrows(arrows));
        });
  }

  /** Removes the arrow at {@code index}. */
  public static Document.Edit deleteArrow(int index) {
    return new Document.Edit(
        "Delete query arrow",
        p -> {
          var arrows = new java.util.ArrayList<>(p.diagram().arrows());
          arrows.remove(index);
          return p.with(p.schema(), p.diagram().withArrows(arrows));
        });
  }

  /** The next free query label: Q1, Q2, ... after the highest one used. */
  public static String nextQueryLabel(Diagram diagram) {
    int max = 0;
    for (var a : diagram.arrows()) {
      var m = java.util.regex.Pattern.compile("^Q(\\d+)").matcher(a.label());
      if (m.find()) {
        max = Math.max(max, Integer.parseInt(m.group(1)));
      }
    }
    return "Q" + (max + 1);
  }

  /** Shows the diagram at another level. */
  public static Document.Edit level(Diagram.Level level) {
    return new Document.Edit(
        level == Diagram.Level.LOGICAL ? "Show logical model" : "Show physical model",
        p -> p.with(p.schema(), p.diagram().withLevel(level)));
  }
}
