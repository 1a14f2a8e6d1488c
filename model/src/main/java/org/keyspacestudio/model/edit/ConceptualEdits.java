package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeOwner;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.Cardinality;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.IsA;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.diagram.Layout;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.workflow.Workflow;

/**
 * The edits of the conceptual (ER) model: entities, relationships, attributes, keys and IsA
 * hierarchies. Each is one undo step. Renames carry through every reference: keys, relationship
 * ends, hierarchies, the queries' {@code Entity.attribute} references and the diagram's positions.
 */
public final class ConceptualEdits {

  private ConceptualEdits() {}

  private static Document.Edit edit(String description, UnaryOperator<Project> change) {
    return new Document.Edit(description, change);
  }

  /** A name not yet used by an entity, relationship or hierarchy: {@code base}, {@code base2}... */
  public static String uniqueName(ConceptualModel model, String base) {
    if (!model.nameTaken(base)) {
      return base;
    }
    int n = 2;
    while (model.nameTaken(base + n)) {
      n++;
    }
    return base + n;
  }

  static String uniqueAttribute(AttributeOwner owner, String base) {
    if (owner.attribute(base).isEmpty()) {
      return base;
    }
    int n = 2;
    while (owner.attribute(base + n).isPresent()) {
      n++;
    }
    return base + n;
  }

  // ---------------------------------------------------------------------------------------------
  // Adding

  /** A new entity (weak or not) with no attributes, drawn at {@code at}. */
  public static Document.Edit addEntity(String baseName, boolean weak, Point at) {
    return edit(
        weak ? "New weak entity" : "New entity",
        p -> {
          String name = uniqueName(p.conceptual(), baseName);
          return p.withConceptual(
                  p.conceptual().withEntity(new Entity(name, weak, List.of(), List.of())))
              .withConceptualLayout(
                  p.conceptualLayout().withPositions(Map.of(ElementRef.entity(name), at)));
        });
  }

  /**
   * A new relationship drawn at {@code at}, joining the given entities (each end with cardinality
   * {@code n} but the first, which gets {@code 1}); no entities for a relationship to connect
   * later.
   */
  public static Document.Edit addRelationship(
      String baseName, boolean identifying, List<String> entities, Point at) {
    return edit(
        identifying ? "New identifying relationship" : "New relationship",
        p -> {
          String name = uniqueName(p.conceptual(), baseName);
          List<Relationship.End> ends = new ArrayList<>();
          for (int i = 0; i < entities.size(); i++) {
            ends.add(
                new Relationship.End(
                    entities.get(i), i == 0 ? Cardinality.ONE : Cardinality.N, ""));
          }
          return p.withConceptual(
                  p.conceptual()
                      .withRelationship(
                          name, new Relationship(name, identifying, ends, List.of(), List.of())))
              .withConceptualLayout(
                  p.conceptualLayout().withPositions(Map.of(ElementRef.relationship(name), at)));
        });
  }

  /**
   * A new attribute of an entity or relationship, drawn at {@code at}; a key attribute joins the
   * owner's primary (first) key.
   */
  public static Document.Edit addAttribute(
      String owner, String baseName, Attribute.Kind kind, boolean key, Point at) {
    return edit(
        "New attribute of " + owner,
        p -> {
          AttributeOwner o = p.conceptual().owner(owner).orElse(null);
          if (o == null) {
            return p;
          }
          String name = uniqueAttribute(o, baseName);
          Attribute attribute = new Attribute(name, kind, "", List.of());
          ConceptualModel model =
              p.conceptual()
                  .withOwner(
                      owner,
                      x -> {
                        AttributeOwner with = withAdded(x, attribute);
                        return key ? withKey(with, name, true) : with;
                      });
          return p.withConceptual(model)
              .withConceptualLayout(
                  p.conceptualLayout()
                      .withPositions(Map.of(ElementRef.attribute(owner, name), at)));
        });
  }

  /**
   * What {@link #addReferenced} adds for some references: the references it can add (to an existing
   * entity or relationship, or to a new entity), in order, and the entities it makes.
   *
   * @param attributes the references added, each {@code Owner.attribute} with no part
   * @param newEntities the owners made as new entities, in order of first reference
   */
  public record Referenced(List<AttributeRef> attributes, List<String> newEntities) {
    public Referenced {
      attributes = List.copyOf(attributes);
      newEntities = List.copyOf(newEntities);
    }
  }

  /**
   * Which of {@code refs} the conceptual model lacks and {@link #addReferenced} can add: each
   * attribute (not a part of a composite attribute, whose composite the user has to draw) whose
   * entity or relationship exists, whose owner is a relationship end's role (its entity gets it:
   * {@code follower.nickname} adds {@code nickname} to {@code User}), or whose owner names nothing
   * (it becomes a new entity); a name an IsA hierarchy holds is left out.
   */
  public static Referenced missing(ConceptualModel model, List<AttributeRef> refs) {
    List<AttributeRef> attributes = new ArrayList<>();
    List<String> entities = new ArrayList<>();
    for (AttributeRef ref : refs) {
      if (ref.attribute().contains(".")
          || model.attribute(ref).isPresent()
          || attributes.contains(ref)) {
        continue;
      }
      // A role of a relationship end (follower) owns what its entity does.
      boolean owned =
          model.owner(ref.owner()).isPresent() || model.roleEntity(ref.owner()).isPresent();
      if (!owned && model.nameTaken(ref.owner())) {
        continue;
      }
      if (!owned && !entities.contains(ref.owner())) {
        entities.add(ref.owner());
      }
      attributes.add(ref);
    }
    return new Referenced(attributes, entities);
  }

  /**
   * Adds to the conceptual model what {@link #missing} finds of {@code refs}: new entities (not
   * weak, no key yet) and simple attributes with no type yet, in the order referred to. They get no
   * position: the editor's automatic layout places them (attributes around their owner). Nothing
   * changes when nothing is missing.
   *
   * @param description the edit's name, for Undo
   * @param refs attribute references, as a query's
   */
  public static Document.Edit addReferenced(String description, List<AttributeRef> refs) {
    return edit(
        description,
        p -> {
          Referenced missing = missing(p.conceptual(), refs);
          ConceptualModel model = p.conceptual();
          for (String entity : missing.newEntities()) {
            model = model.withEntity(new Entity(entity, false, List.of(), List.of()));
          }
          for (AttributeRef ref : missing.attributes()) {
            Attribute attribute =
                new Attribute(ref.attribute(), Attribute.Kind.SIMPLE, "", List.of());
            String owner =
                model.owner(ref.owner()).isPresent()
                    ? ref.owner()
                    : model.roleEntity(ref.owner()).map(Entity::name).orElse(ref.owner());
            if (model.attribute(new AttributeRef(owner, ref.attribute())).isEmpty()) {
              model = model.withOwner(owner, x -> withAdded(x, attribute));
            }
          }
          return model == p.conceptual() ? p : p.withConceptual(model);
        });
  }

  /**
   * A new simple attribute that is its owner's whole primary key, with a type, and no position (the
   * editor's automatic layout places it by its owner): the fix for an entity with no attribute and
   * no key. Nothing changes when the owner is gone.
   *
   * @param owner the entity's or relationship's name
   * @param baseName the attribute's name, numbered when taken ({@code user_id2})
   * @param type its CQL type hint ({@code uuid})
   */
  public static Document.Edit addKeyAttribute(String owner, String baseName, String type) {
    return edit(
        "Add the key attribute " + baseName + " to " + owner,
        p -> {
          AttributeOwner o = p.conceptual().owner(owner).orElse(null);
          if (o == null) {
            return p;
          }
          String name = uniqueAttribute(o, baseName);
          Attribute attribute = new Attribute(name, Attribute.Kind.SIMPLE, type, List.of());
          return p.withConceptual(
              p.conceptual().withOwner(owner, x -> withKey(withAdded(x, attribute), name, true)));
        });
  }

  /**
   * A new simple attribute with a type hint, not in any key, and no position (the editor's
   * automatic layout places it by its owner). Nothing changes when the owner is gone or has an
   * attribute of that name.
   *
   * @param owner the entity's or relationship's name
   * @param name the attribute's name
   * @param type its CQL type hint ({@code date})
   */
  public static Document.Edit addTypedAttribute(String owner, String name, String type) {
    return edit(
        "Add the attribute " + name + " to " + owner,
        p -> {
          AttributeOwner o = p.conceptual().owner(owner).orElse(null);
          if (o == null || o.attribute(name).isPresent()) {
            return p;
          }
          Attribute attribute = new Attribute(name, Attribute.Kind.SIMPLE, type, List.of());
          return p.withConceptual(p.conceptual().withOwner(owner, x -> withAdded(x, attribute)));
        });
  }

  /** A new part of a composite attribute, drawn at {@code at}. */
  public static Document.Edit addPart(String owner, String composite, String baseName, Point at) {
    return edit(
        "New part of " + owner + "." + composite,
        p ->
            p.conceptual()
                .owner(owner)
                .flatMap(o -> o.attribute(composite))
                .map(
                    c -> {
                      String name = uniquePart(c, baseName);
                      List<Attribute> parts = new ArrayList<>(c.parts());
                      parts.add(Attribute.simple(name, ""));
                      Attribute changed = c.withKind(Attribute.Kind.COMPOSITE).withParts(parts);
                      return p.withConceptual(
                              replaceAttribute(p.conceptual(), owner, composite, changed))
                          .withConceptualLayout(
                              p.conceptualLayout()
                                  .withPositions(
                                      Map.of(
                                          ElementRef.attribute(owner, composite + "." + name),
                                          at)));
                    })
                .orElse(p));
  }

  private static String uniquePart(Attribute composite, String base) {
    String name = base;
    int n = 2;
    while (true) {
      String candidate = name;
      if (composite.parts().stream().noneMatch(x -> x.name().equals(candidate))) {
        return candidate;
      }
      name = base + n++;
    }
  }

  /** A new IsA hierarchy under {@code parent}, drawn at {@code at}, without children yet. */
  public static Document.Edit addHierarchy(String parent, Point at) {
    return edit(
        "New IsA hierarchy of " + parent,
        p -> {
          String name = uniqueName(p.conceptual(), parent + " IsA");
          return p.withConceptual(
                  p.conceptual().withHierarchy(name, new IsA(name, parent, List.of(), true)))
              .withConceptualLayout(
                  p.conceptualLayout().withPositions(Map.of(ElementRef.isa(name), at)));
        });
  }

  /**
   * Joins two boxes of the conceptual diagram, as a drag from one onto the other does: an entity
   * onto an entity makes a relationship between them (drawn at {@code at}); an entity and a
   * relationship get a new end (cardinality n); a hierarchy and an entity make the entity a child
   * (or, from an entity onto a hierarchy, the entity its parent when it has none). Anything else
   * changes nothing.
   */
  public static Document.Edit connect(ElementRef from, ElementRef to, Point at) {
    String a = from.object().asInternal();
    String b = to.object().asInternal();
    ElementRef.Kind fk = from.kind();
    ElementRef.Kind tk = to.kind();
    if (fk == ElementRef.Kind.ENTITY && tk == ElementRef.Kind.ENTITY) {
      return addRelationship("relates", false, List.of(a, b), at);
    }
    if (fk == ElementRef.Kind.RELATIONSHIP && tk == ElementRef.Kind.ENTITY) {
      return addEnd(a, b);
    }
    if (fk == ElementRef.Kind.ENTITY && tk == ElementRef.Kind.RELATIONSHIP) {
      return addEnd(b, a);
    }
    if (fk == ElementRef.Kind.ISA && tk == ElementRef.Kind.ENTITY) {
      return addChild(a, b);
    }
    if (fk == ElementRef.Kind.ENTITY && tk == ElementRef.Kind.ISA) {
      return addChild(b, a);
    }
    return edit("Connect", p -> p);
  }

  private static Document.Edit addEnd(String relationship, String entity) {
    return edit(
        "Connect " + relationship + " to " + entity,
        p ->
            p.conceptual()
                .relationship(relationship)
                .map(
                    r -> {
                      List<Relationship.End> ends = new ArrayList<>(r.ends());
                      ends.add(new Relationship.End(entity, Cardinality.N, ""));
                      return p.withConceptual(
                          p.conceptual().withRelationship(relationship, r.withEnds(ends)));
                    })
                .orElse(p));
  }

  private static Document.Edit addChild(String hierarchy, String entity) {
    return edit(
        "Make " + entity + " a kind in " + hierarchy,
        p ->
            p.conceptual()
                .hierarchy(hierarchy)
                .filter(h -> !h.children().contains(entity) && !h.parent().equals(entity))
                .map(
                    h -> {
                      List<String> children = new ArrayList<>(h.children());
                      children.add(entity);
                      return p.withConceptual(
                          p.conceptual().withHierarchy(hierarchy, h.withChildren(children)));
                    })
                .orElse(p));
  }

  // ---------------------------------------------------------------------------------------------
  // Changing

  /** Makes an entity weak or strong. */
  public static Document.Edit setWeak(String entity, boolean weak) {
    return edit(
        (weak ? "Make " : "Make strong ") + entity + (weak ? " weak" : ""),
        p ->
            p.conceptual()
                .entity(entity)
                .map(e -> p.withConceptual(p.conceptual().withEntity(entity, e.withWeak(weak))))
                .orElse(p));
  }

  /** Makes a relationship identifying or not. */
  public static Document.Edit setIdentifying(String relationship, boolean identifying) {
    return edit(
        "Make " + relationship + (identifying ? " identifying" : " not identifying"),
        p ->
            p.conceptual()
                .relationship(relationship)
                .map(
                    r ->
                        p.withConceptual(
                            p.conceptual()
                                .withRelationship(relationship, r.withIdentifying(identifying))))
                .orElse(p));
  }

  /**
   * Replaces a relationship's ends. A role renamed in place (the same end, the same entity) is
   * renamed where queries name it ({@code follower.user_id}), in the mapping's column sources and
   * in the sizing figures, unless another end still has the old role.
   */
  public static Document.Edit setEnds(String relationship, List<Relationship.End> ends) {
    return edit(
        "Change the ends of " + relationship,
        p -> {
          Relationship r = p.conceptual().relationship(relationship).orElse(null);
          if (r == null) {
            return p;
          }
          ConceptualModel m = p.conceptual().withRelationship(relationship, r.withEnds(ends));
          Project out = p.withConceptual(m);
          for (int i = 0; i < Math.min(r.ends().size(), ends.size()); i++) {
            String was = r.ends().get(i).role();
            String now = ends.get(i).role();
            if (was.isBlank()
                || now.isBlank()
                || was.equals(now)
                || !r.ends().get(i).entity().equals(ends.get(i).entity())
                || m.roleEntity(was).isPresent()
                || p.conceptual().roleEntity(was).isEmpty()) {
              continue;
            }
            UnaryOperator<AttributeRef> map =
                ref -> ref.owner().equals(was) ? ref.withOwner(now) : ref;
            out =
                out.withWorkflow(mapQueries(out.workflow(), map))
                    .withMapping(mapSources(out.mapping(), map))
                    .withSizing(out.sizing().withOwnerRenamed(was, now));
          }
          return out;
        });
  }

  /** Replaces an owner's keys. */
  public static Document.Edit setKeys(String owner, List<Key> keys) {
    return edit(
        "Change the keys of " + owner,
        p -> p.withConceptual(p.conceptual().withOwner(owner, o -> withKeys(o, keys))));
  }

  /** Puts an attribute in its owner's primary key, or takes it out. */
  public static Document.Edit setKey(String owner, String attribute, boolean key) {
    return edit(
        (key ? "Make " : "Unmake ") + owner + "." + attribute + " key",
        p -> p.withConceptual(p.conceptual().withOwner(owner, o -> withKey(o, attribute, key))));
  }

  /** Changes an attribute's kind (simple, multi-valued, composite). */
  public static Document.Edit setAttributeKind(
      String owner, String attribute, Attribute.Kind kind) {
    return changeAttribute(
        owner,
        attribute,
        "Make " + owner + "." + attribute + " " + kindWord(kind),
        a -> a.withKind(kind));
  }

  /** Changes an attribute's type hint. */
  public static Document.Edit setAttributeType(String owner, String attribute, String type) {
    return changeAttribute(
        owner,
        attribute,
        "Type " + owner + "." + attribute + " " + type,
        a -> a.withType(type.strip()));
  }

  private static String kindWord(Attribute.Kind kind) {
    return switch (kind) {
      case SIMPLE -> "simple";
      case MULTI_VALUED -> "multi-valued";
      case COMPOSITE -> "composite";
    };
  }

  private static Document.Edit changeAttribute(
      String owner, String attribute, String description, UnaryOperator<Attribute> change) {
    return edit(
        description,
        p ->
            p.conceptual()
                .owner(owner)
                .flatMap(o -> o.attribute(attribute))
                .map(
                    a ->
                        p.withConceptual(
                            replaceAttribute(p.conceptual(), owner, attribute, change.apply(a))))
                .orElse(p));
  }

  /** Makes a hierarchy disjoint or overlapping. */
  public static Document.Edit setDisjoint(String hierarchy, boolean disjoint) {
    return edit(
        "Make " + hierarchy + (disjoint ? " disjoint" : " overlapping"),
        p ->
            p.conceptual()
                .hierarchy(hierarchy)
                .map(
                    h ->
                        p.withConceptual(
                            p.conceptual().withHierarchy(hierarchy, h.withDisjoint(disjoint))))
                .orElse(p));
  }

  /** Replaces a hierarchy's parent and children. */
  public static Document.Edit setHierarchy(String hierarchy, String parent, List<String> children) {
    return edit(
        "Change " + hierarchy,
        p ->
            p.conceptual()
                .hierarchy(hierarchy)
                .map(
                    h ->
                        p.withConceptual(
                            p.conceptual()
                                .withHierarchy(
                                    hierarchy, h.withParent(parent).withChildren(children))))
                .orElse(p));
  }

  // ---------------------------------------------------------------------------------------------
  // Renaming

  /**
   * Renames an entity, relationship or hierarchy; every reference follows (keys, ends, hierarchies,
   * queries, positions). A name already taken changes nothing.
   */
  public static Document.Edit rename(ElementRef element, String newName) {
    String old = element.object().asInternal();
    return edit(
        "Rename " + old + " to " + newName,
        p -> {
          if (newName.equals(old) || p.conceptual().nameTaken(newName) || newName.isBlank()) {
            return p;
          }
          ConceptualModel m = p.conceptual();
          switch (element.kind()) {
            case ENTITY -> {
              var e = m.entity(old);
              if (e.isEmpty()) {
                return p;
              }
              m = m.withEntity(old, e.get().withName(newName));
              m = renameEntityReferences(m, old, newName);
            }
            case RELATIONSHIP -> {
              var r = m.relationship(old);
              if (r.isEmpty()) {
                return p;
              }
              m = m.withRelationship(old, r.get().withName(newName));
            }
            case ISA -> {
              var h = m.hierarchy(old);
              if (h.isEmpty()) {
                return p;
              }
              m =
                  m.withHierarchy(
                      old,
                      new IsA(newName, h.get().parent(), h.get().children(), h.get().disjoint()));
              return p.withConceptual(m)
                  .withConceptualLayout(
                      p.conceptualLayout().renamed(element, ElementRef.isa(newName)));
            }
            default -> {
              return p;
            }
          }
          UnaryOperator<AttributeRef> map =
              ref -> ref.owner().equals(old) ? ref.withOwner(newName) : ref;
          m = mapReferences(m, map);
          Layout layout = renameOwnerInLayout(p.conceptualLayout(), element, newName);
          return p.withConceptual(m)
              .withConceptualLayout(layout)
              .withWorkflow(mapQueries(p.workflow(), map))
              .withMapping(mapSources(p.mapping(), map))
              .withSizing(p.sizing().withOwnerRenamed(old, newName));
        });
  }

  /**
   * Renames an attribute (or a part, {@code composite.part}); keys, queries and the position
   * follow. A name the owner already has changes nothing.
   */
  public static Document.Edit renameAttribute(String owner, String attribute, String newName) {
    return edit(
        "Rename " + owner + "." + attribute + " to " + newName,
        p -> {
          AttributeOwner o = p.conceptual().owner(owner).orElse(null);
          if (o == null || o.attribute(attribute).isEmpty() || newName.isBlank()) {
            return p;
          }
          int dot = attribute.lastIndexOf('.');
          String prefix = dot < 0 ? "" : attribute.substring(0, dot + 1);
          String newPath = prefix + newName;
          if (newPath.equals(attribute) || o.attribute(newPath).isPresent()) {
            return p;
          }
          Attribute renamed = o.attribute(attribute).get().withName(newName);
          ConceptualModel m = replaceAttribute(p.conceptual(), owner, attribute, renamed);
          UnaryOperator<AttributeRef> map =
              ref -> {
                if (!ref.owner().equals(owner)) {
                  return ref;
                }
                if (ref.attribute().equals(attribute)) {
                  return new AttributeRef(owner, newPath);
                }
                if (ref.attribute().startsWith(attribute + ".")) {
                  return new AttributeRef(
                      owner, newPath + ref.attribute().substring(attribute.length()));
                }
                return ref;
              };
          m = mapReferences(m, map);
          Map<ElementRef, org.keyspacestudio.model.diagram.Point> positions = new HashMap<>();
          p.conceptualLayout()
              .positions()
              .forEach(
                  (ref, at) -> {
                    if (ref.kind() == ElementRef.Kind.ATTRIBUTE
                        && ref.object().asInternal().equals(owner)) {
                      AttributeRef moved =
                          map.apply(new AttributeRef(owner, ref.member().asInternal()));
                      positions.put(ElementRef.attribute(owner, moved.attribute()), at);
                    } else {
                      positions.put(ref, at);
                    }
                  });
          return p.withConceptual(m)
              .withConceptualLayout(new Layout(positions))
              .withWorkflow(mapQueries(p.workflow(), map))
              .withMapping(mapSources(p.mapping(), map));
        });
  }

  private static ConceptualModel renameEntityReferences(
      ConceptualModel m, String old, String newName) {
    List<Relationship> relationships = new ArrayList<>();
    for (Relationship r : m.relationships()) {
      relationships.add(
          r.withEnds(
              r.ends().stream()
                  .map(e -> e.entity().equals(old) ? e.withEntity(newName) : e)
                  .toList()));
    }
    List<IsA> hierarchies = new ArrayList<>();
    for (IsA h : m.hierarchies()) {
      hierarchies.add(
          h.withParent(h.parent().equals(old) ? newName : h.parent())
              .withChildren(h.children().stream().map(c -> c.equals(old) ? newName : c).toList()));
    }
    return m.withRelationships(relationships).withHierarchies(hierarchies);
  }

  private static Layout renameOwnerInLayout(Layout layout, ElementRef owner, String newName) {
    String old = owner.object().asInternal();
    Map<ElementRef, org.keyspacestudio.model.diagram.Point> positions = new HashMap<>();
    layout
        .positions()
        .forEach(
            (ref, at) -> {
              if (ref.equals(owner)) {
                positions.put(
                    new ElementRef(
                        owner.kind(),
                        null,
                        org.keyspacestudio.model.cql.CqlIdentifier.of(newName),
                        null),
                    at);
              } else if (ref.kind() == ElementRef.Kind.ATTRIBUTE
                  && ref.object().asInternal().equals(old)) {
                positions.put(ElementRef.attribute(newName, ref.member().asInternal()), at);
              } else {
                positions.put(ref, at);
              }
            });
    return new Layout(positions);
  }

  /** Every attribute reference of the model's keys passed through {@code map}. */
  static ConceptualModel mapReferences(ConceptualModel m, UnaryOperator<AttributeRef> map) {
    UnaryOperator<List<Key>> keys =
        list -> list.stream().map(k -> new Key(k.attributes().stream().map(map).toList())).toList();
    return m.withEntities(m.entities().stream().map(e -> e.withKeys(keys.apply(e.keys()))).toList())
        .withRelationships(
            m.relationships().stream().map(r -> r.withKeys(keys.apply(r.keys()))).toList());
  }

  static Workflow mapQueries(Workflow w, UnaryOperator<AttributeRef> map) {
    return w.withQueries(w.queries().stream().map(q -> q.mapAttributes(map)).toList());
  }

  /** Every column source of the mapping passed through {@code map}. */
  static org.keyspacestudio.model.mapping.QueryMapping mapSources(
      org.keyspacestudio.model.mapping.QueryMapping mapping, UnaryOperator<AttributeRef> map) {
    return mapping.map(
        m -> {
          java.util.TreeMap<String, AttributeRef> sources = new java.util.TreeMap<>();
          m.sources().forEach((column, a) -> sources.put(column, map.apply(a)));
          return m.withSources(sources);
        });
  }

  // ---------------------------------------------------------------------------------------------
  // Deleting

  /**
   * Deletes entities, relationships, hierarchies and attributes, with their positions. Deleting an
   * entity takes its attributes, the relationship ends at it and its place in hierarchies (its own
   * hierarchies go too); deleting an attribute takes it out of keys. Queries keep their references,
   * which the validator then reports, so nothing a user wrote there is lost silently.
   */
  public static Document.Edit delete(Set<ElementRef> elements) {
    return edit(
        elements.size() == 1
            ? "Delete " + elements.iterator().next()
            : "Delete " + elements.size() + " elements",
        p -> {
          ConceptualModel m = p.conceptual();
          Set<String> entities = names(elements, ElementRef.Kind.ENTITY);
          Set<String> relationships = names(elements, ElementRef.Kind.RELATIONSHIP);
          Set<String> hierarchies = new HashSet<>(names(elements, ElementRef.Kind.ISA));
          m.hierarchies().stream()
              .filter(h -> entities.contains(h.parent()))
              .forEach(h -> hierarchies.add(h.name()));
          Set<AttributeRef> attributes = new HashSet<>();
          for (ElementRef ref : elements) {
            if (ref.kind() == ElementRef.Kind.ATTRIBUTE) {
              attributes.add(
                  new AttributeRef(ref.object().asInternal(), ref.member().asInternal()));
            }
          }
          List<Entity> keptEntities = new ArrayList<>();
          for (Entity e : m.entities()) {
            if (!entities.contains(e.name())) {
              keptEntities.add((Entity) withoutAttributes(e, attributes, entities));
            }
          }
          List<Relationship> keptRelationships = new ArrayList<>();
          for (Relationship r : m.relationships()) {
            if (!relationships.contains(r.name())) {
              Relationship kept = (Relationship) withoutAttributes(r, attributes, entities);
              keptRelationships.add(
                  kept.withEnds(
                      kept.ends().stream().filter(e -> !entities.contains(e.entity())).toList()));
            }
          }
          List<IsA> keptHierarchies = new ArrayList<>();
          for (IsA h : m.hierarchies()) {
            if (!hierarchies.contains(h.name())) {
              keptHierarchies.add(
                  h.withChildren(
                      h.children().stream().filter(c -> !entities.contains(c)).toList()));
            }
          }
          Set<String> owners = new HashSet<>(entities);
          owners.addAll(relationships);
          Map<ElementRef, org.keyspacestudio.model.diagram.Point> positions = new HashMap<>();
          p.conceptualLayout()
              .positions()
              .forEach(
                  (ref, at) -> {
                    boolean gone =
                        elements.contains(ref)
                            || (ref.kind() == ElementRef.Kind.ISA
                                && hierarchies.contains(ref.object().asInternal()))
                            || (ref.kind() == ElementRef.Kind.ATTRIBUTE
                                && (owners.contains(ref.object().asInternal())
                                    || underDeleted(ref, attributes)));
                    if (!gone) {
                      positions.put(ref, at);
                    }
                  });
          var sizing = p.sizing();
          for (String owner : owners) {
            sizing = sizing.withInstances(owner, null);
          }
          return p.withConceptual(
                  new ConceptualModel(keptEntities, keptRelationships, keptHierarchies))
              .withConceptualLayout(new Layout(positions))
              .withSizing(sizing);
        });
  }

  private static boolean underDeleted(ElementRef ref, Set<AttributeRef> attributes) {
    String owner = ref.object().asInternal();
    String path = ref.member().asInternal();
    for (AttributeRef a : attributes) {
      if (a.owner().equals(owner) && path.startsWith(a.attribute() + ".")) {
        return true;
      }
    }
    return false;
  }

  private static Set<String> names(Set<ElementRef> refs, ElementRef.Kind kind) {
    Set<String> names = new HashSet<>();
    for (ElementRef ref : refs) {
      if (ref.kind() == kind) {
        names.add(ref.object().asInternal());
      }
    }
    return names;
  }

  private static AttributeOwner withoutAttributes(
      AttributeOwner owner, Set<AttributeRef> attributes, Set<String> deletedEntities) {
    List<Attribute> kept = new ArrayList<>();
    for (Attribute a : owner.attributes()) {
      if (attributes.contains(new AttributeRef(owner.name(), a.name()))) {
        continue;
      }
      List<Attribute> parts =
          a.parts().stream()
              .filter(
                  part ->
                      !attributes.contains(
                          new AttributeRef(owner.name(), a.name() + "." + part.name())))
              .toList();
      kept.add(a.withParts(parts));
    }
    List<Key> keys =
        owner.keys().stream()
            .map(
                k ->
                    new Key(
                        k.attributes().stream()
                            .filter(
                                r ->
                                    !attributes.contains(r) && !deletedEntities.contains(r.owner()))
                            .toList()))
            .filter(k -> !k.attributes().isEmpty())
            .toList();
    return withKeys(withAttributes(owner, kept), keys);
  }

  // ---------------------------------------------------------------------------------------------
  // Helpers

  private static AttributeOwner withAttributes(AttributeOwner o, List<Attribute> attributes) {
    return o instanceof Entity e
        ? e.withAttributes(attributes)
        : ((Relationship) o).withAttributes(attributes);
  }

  /** The owner with {@code attribute} after its attributes. */
  private static AttributeOwner withAdded(AttributeOwner o, Attribute attribute) {
    List<Attribute> attributes = new ArrayList<>(o.attributes());
    attributes.add(attribute);
    return withAttributes(o, attributes);
  }

  private static AttributeOwner withKeys(AttributeOwner o, List<Key> keys) {
    return o instanceof Entity e ? e.withKeys(keys) : ((Relationship) o).withKeys(keys);
  }

  private static AttributeOwner withKey(AttributeOwner o, String attribute, boolean key) {
    AttributeRef ref = new AttributeRef(o.name(), attribute);
    List<Key> keys = new ArrayList<>(o.keys());
    List<AttributeRef> primary =
        new ArrayList<>(keys.isEmpty() ? List.of() : keys.get(0).attributes());
    if (key && !primary.contains(ref)) {
      primary.add(ref);
    } else if (!key) {
      primary.remove(ref);
    }
    if (keys.isEmpty()) {
      if (!primary.isEmpty()) {
        keys.add(new Key(primary));
      }
    } else if (primary.isEmpty()) {
      keys.remove(0);
    } else {
      keys.set(0, new Key(primary));
    }
    return withKeys(o, keys);
  }

  private static ConceptualModel replaceAttribute(
      ConceptualModel m, String owner, String path, Attribute replacement) {
    return m.withOwner(
        owner,
        o -> {
          int dot = path.indexOf('.');
          String top = dot < 0 ? path : path.substring(0, dot);
          List<Attribute> attributes = new ArrayList<>();
          for (Attribute a : o.attributes()) {
            if (!a.name().equals(top)) {
              attributes.add(a);
            } else if (dot < 0) {
              attributes.add(replacement);
            } else {
              String part = path.substring(dot + 1);
              attributes.add(
                  a.withParts(
                      a.parts().stream()
                          .map(x -> x.name().equals(part) ? replacement : x)
                          .toList()));
            }
          }
          return withAttributes(o, attributes);
        });
  }
}
