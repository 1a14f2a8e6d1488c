package org.keyspacestudio.model.diagram;

import java.util.ArrayList;
import java.util.List;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeOwner;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.IsA;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * Chen's ER notation, as the Chebotko method draws the conceptual model ({@code
 * shared/notes/chebotko-method.md} section 1): an entity is a rectangle (double when weak), a
 * relationship a diamond (double when identifying), an attribute an oval joined to its owner by a
 * line (underlined when it is in the owner's key, double when multi-valued, with its parts' ovals
 * when composite). Lines between a relationship and its entities carry the cardinality (and the
 * role, when there is one). An IsA hierarchy is a triangle joined to its parent and its children.
 */
public final class ConceptualNotation {

  private ConceptualNotation() {}

  /** The boxes and lines of a conceptual model. */
  public static DiagramContent content(ConceptualModel model) {
    List<Box> boxes = new ArrayList<>();
    List<QueryArrow> edges = new ArrayList<>();
    for (Entity e : model.entities()) {
      ElementRef ref = ElementRef.entity(e.name());
      boxes.add(
          new Box(ref, e.weak() ? Box.Kind.WEAK_ENTITY : Box.Kind.ENTITY, e.name(), List.of()));
      attributes(e, ref, e.attributes(), "", boxes, edges);
    }
    for (Relationship r : model.relationships()) {
      ElementRef ref = ElementRef.relationship(r.name());
      boxes.add(
          new Box(
              ref,
              r.identifying() ? Box.Kind.IDENTIFYING_RELATIONSHIP : Box.Kind.RELATIONSHIP,
              r.name(),
              List.of()));
      attributes(r, ref, r.attributes(), "", boxes, edges);
      java.util.Set<QueryArrow> lines = new java.util.HashSet<>();
      for (Relationship.End end : r.ends()) {
        String label =
            end.role().isBlank()
                ? end.cardinality().symbol()
                : end.cardinality().symbol() + " (" + end.role() + ")";
        QueryArrow line = new QueryArrow(label, ref, ElementRef.entity(end.entity()));
        // Ends alike (User follows User, no roles) are still two lines.
        while (!lines.add(line)) {
          line = new QueryArrow(label, ref, line.to(), line.twin() + 1);
        }
        edges.add(line);
      }
    }
    for (IsA h : model.hierarchies()) {
      ElementRef ref = ElementRef.isa(h.name());
      boxes.add(new Box(ref, Box.Kind.ISA, "IsA", List.of()));
      edges.add(
          new QueryArrow(
              h.disjoint() ? "disjoint" : "overlapping", ElementRef.entity(h.parent()), ref));
      for (String child : h.children()) {
        edges.add(new QueryArrow("", ref, ElementRef.entity(child)));
      }
    }
    return new DiagramContent(boxes, edges);
  }

  private static void attributes(
      AttributeOwner owner,
      ElementRef parent,
      List<Attribute> attributes,
      String prefix,
      List<Box> boxes,
      List<QueryArrow> edges) {
    for (Attribute a : attributes) {
      String path = prefix + a.name();
      ElementRef ref = ElementRef.attribute(owner.name(), path);
      Box.Kind kind =
          owner.isKey(path)
              ? Box.Kind.KEY_ATTRIBUTE
              : a.kind() == Attribute.Kind.MULTI_VALUED
                  ? Box.Kind.MULTI_VALUED_ATTRIBUTE
                  : Box.Kind.ATTRIBUTE;
      boxes.add(new Box(ref, kind, a.name(), List.of()));
      edges.add(new QueryArrow("", parent, ref));
      if (a.kind() == Attribute.Kind.COMPOSITE) {
        attributes(owner, ref, a.parts(), path + ".", boxes, edges);
      }
    }
  }
}
