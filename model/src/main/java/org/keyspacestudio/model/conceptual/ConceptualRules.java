package org.keyspacestudio.model.conceptual;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.keyspacestudio.model.parse.CqlTypeParser;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.validate.Problem;

/**
 * Checks a conceptual model ({@link ConceptualRule}): names, keys, weak entities and their
 * identifying relationships, relationship ends, IsA hierarchies, attribute kinds and type hints. A
 * pure function of the model: it never throws, and reports each problem once, entity by entity,
 * then relationships, then hierarchies. Linear in the size of the model.
 */
public final class ConceptualRules {

  private final ConceptualModel model;
  private final List<Problem> problems = new ArrayList<>();
  private final Map<String, Boolean> typeHints = new HashMap<>();

  private ConceptualRules(ConceptualModel model) {
    this.model = model;
  }

  /**
   * The problems of a conceptual model.
   *
   * @param model the model, not null
   * @return the problems, in model order; empty when there are none
   */
  public static List<Problem> validate(ConceptualModel model) {
    ConceptualRules rules = new ConceptualRules(model);
    rules.names();
    model.entities().forEach(rules::entity);
    model.relationships().forEach(rules::relationship);
    rules.hierarchies();
    return List.copyOf(rules.problems);
  }

  private void report(ConceptualRule rule, String message, ElementRef element) {
    problems.add(new Problem(rule, message, element, null));
  }

  /** Whether a name can be used: not empty, no surrounding spaces, no dot. */
  public static boolean validName(String name) {
    return !name.isBlank() && name.strip().equals(name) && name.indexOf('.') < 0;
  }

  private void names() {
    Set<String> seen = new HashSet<>();
    List<String[]> all = new ArrayList<>();
    model.entities().forEach(e -> all.add(new String[] {"Entity", e.name()}));
    model.relationships().forEach(r -> all.add(new String[] {"Relationship", r.name()}));
    model.hierarchies().forEach(h -> all.add(new String[] {"IsA hierarchy", h.name()}));
    for (String[] named : all) {
      ElementRef ref = refOf(named[0], named[1]);
      if (!validName(named[1])) {
        report(
            ConceptualRule.NAME_INVALID,
            named[0]
                + " name '"
                + named[1]
                + "' is not valid: give a name without surrounding spaces or dots",
            ref);
      } else if (!seen.add(named[1])) {
        report(
            ConceptualRule.NAME_DUPLICATE,
            named[0] + " name '" + named[1] + "' is used twice: rename one of them",
            ref);
      }
    }
  }

  private static ElementRef refOf(String kind, String name) {
    return switch (kind) {
      case "Entity" -> ElementRef.entity(name);
      case "Relationship" -> ElementRef.relationship(name);
      default -> ElementRef.isa(name);
    };
  }

  private void attributes(AttributeOwner owner, List<Attribute> attributes, String prefix) {
    Set<String> seen = new HashSet<>();
    for (Attribute a : attributes) {
      String path = prefix + a.name();
      ElementRef ref = ElementRef.attribute(owner.name(), path);
      if (!validName(a.name())) {
        report(
            ConceptualRule.NAME_INVALID,
            "Attribute name '" + a.name() + "' of " + owner.name() + " is not valid",
            ref);
      } else if (!seen.add(a.name())) {
        report(
            ConceptualRule.ATTRIBUTE_DUPLICATE,
            owner.name() + " has two attributes named '" + path + "'",
            ref);
      }
      if (a.kind() == Attribute.Kind.COMPOSITE) {
        if (a.parts().isEmpty()) {
          report(
              ConceptualRule.COMPOSITE_NO_PARTS,
              "Composite attribute " + owner.name() + "." + path + " has no parts: add its parts",
              ref);
        }
        attributes(owner, a.parts(), path + ".");
      } else if (!a.type().isBlank() && !typeHintValid(a.type())) {
        report(
            ConceptualRule.TYPE_INVALID,
            "Type '"
                + a.type()
                + "' of "
                + owner.name()
                + "."
                + path
                + " is not a CQL type (such as text, uuid, timestamp, int, set<text>); model a"
                + " value with parts as a composite attribute",
            ref);
      }
    }
  }

  private boolean typeHintValid(String type) {
    return typeHints.computeIfAbsent(
        type,
        t -> {
          try {
            // A type hint names CQL's own types; a bare name would be a user-defined type, which
            // the conceptual model spells as a composite attribute instead.
            return !CqlTypeParser.parse(t)
                .anyMatch(x -> x instanceof org.keyspacestudio.model.type.UserTypeRef);
          } catch (IllegalArgumentException e) {
            return false;
          }
        });
  }

  private void keys(AttributeOwner owner, ElementRef ref) {
    for (Key key : owner.keys()) {
      if (key.attributes().isEmpty()) {
        report(ConceptualRule.KEY_EMPTY, "A key of " + owner.name() + " has no attributes", ref);
      }
      for (AttributeRef a : key.attributes()) {
        var attribute = model.attribute(a);
        if (attribute.isEmpty()) {
          report(
              ConceptualRule.KEY_UNKNOWN_ATTRIBUTE,
              "Key of " + owner.name() + " names " + a + ", which does not exist",
              ref);
        } else if (attribute.get().kind() == Attribute.Kind.MULTI_VALUED) {
          report(
              ConceptualRule.KEY_MULTI_VALUED,
              "Key of "
                  + owner.name()
                  + " includes the multi-valued attribute "
                  + a
                  + ": a key attribute should have one value",
              ElementRef.attribute(a.owner(), a.attribute()));
        }
      }
    }
  }

  private void entity(Entity entity) {
    ElementRef ref = ElementRef.entity(entity.name());
    attributes(entity, entity.attributes(), "");
    keys(entity, ref);
    if (entity.keys().isEmpty() && !inheritsKey(entity.name(), new HashSet<>())) {
      report(
          ConceptualRule.ENTITY_NO_KEY,
          "Entity "
              + entity.name()
              + " has no key: mark the attributes that identify one "
              + entity.name()
              + " as key",
          ref);
    }
    if (entity.weak()) {
      List<Relationship> identifying =
          model.relationships().stream()
              .filter(
                  r ->
                      r.identifying()
                          && r.ends().stream().anyMatch(e -> e.entity().equals(entity.name())))
              .toList();
      if (identifying.isEmpty()) {
        report(
            ConceptualRule.WEAK_NO_IDENTIFYING,
            "Weak entity "
                + entity.name()
                + " has no identifying relationship: connect it to its owner entity with an"
                + " identifying relationship",
            ref);
      } else if (!entity.keys().isEmpty()) {
        Set<String> owners = new HashSet<>();
        for (Relationship r : identifying) {
          r.ends().stream()
              .map(Relationship.End::entity)
              .filter(e -> !e.equals(entity.name()))
              .forEach(owners::add);
        }
        Key key = entity.keys().get(0);
        for (String owner : owners) {
          var ownerEntity = model.entity(owner);
          if (ownerEntity.isPresent()
              && !ownerEntity.get().keys().isEmpty()
              && !key.attributes().containsAll(ownerEntity.get().keys().get(0).attributes())) {
            report(
                ConceptualRule.WEAK_KEY_OWNER,
                "The key of weak entity "
                    + entity.name()
                    + " ("
                    + key
                    + ") does not include the key of its owner "
                    + owner
                    + " ("
                    + ownerEntity.get().keys().get(0)
                    + ")",
                ref);
          }
        }
      }
    }
  }

  private boolean inheritsKey(String entity, Set<String> seen) {
    if (!seen.add(entity)) {
      return false;
    }
    for (IsA h : model.hierarchies()) {
      if (h.children().contains(entity)) {
        var parent = model.entity(h.parent());
        if (parent.isPresent()
            && (!parent.get().keys().isEmpty() || inheritsKey(h.parent(), seen))) {
          return true;
        }
      }
    }
    return false;
  }

  private void relationship(Relationship r) {
    ElementRef ref = ElementRef.relationship(r.name());
    attributes(r, r.attributes(), "");
    keys(r, ref);
    if (r.ends().size() < 2) {
      report(
          ConceptualRule.RELATIONSHIP_ENDS,
          "Relationship "
              + r.name()
              + " has "
              + r.ends().size()
              + (r.ends().size() == 1 ? " end" : " ends")
              + ": connect it to at least two entities",
          ref);
    }
    Map<String, List<Relationship.End>> byEntity = new LinkedHashMap<>();
    for (Relationship.End end : r.ends()) {
      byEntity.computeIfAbsent(end.entity(), e -> new ArrayList<>()).add(end);
    }
    byEntity.forEach(
        (entity, ends) -> {
          long roles =
              ends.stream()
                  .map(Relationship.End::role)
                  .filter(x -> !x.isBlank())
                  .distinct()
                  .count();
          if (ends.size() > 1 && roles < ends.size()) {
            report(
                ConceptualRule.RECURSIVE_ROLES,
                "Relationship "
                    + r.name()
                    + " joins "
                    + entity
                    + " "
                    + ends.size()
                    + " times: give each of those ends a role of its own (such as follower and followee),"
                    + " in the relationship's inspector",
                ref);
          }
        });
    for (Relationship.End end : r.ends()) {
      if (model.entity(end.entity()).isEmpty()) {
        report(
            ConceptualRule.END_UNKNOWN_ENTITY,
            "Relationship " + r.name() + " joins " + end.entity() + ", which is not an entity",
            ref);
      }
    }
    if (r.identifying()
        && r.ends().stream()
            .noneMatch(e -> model.entity(e.entity()).map(Entity::weak).orElse(false))) {
      report(
          ConceptualRule.IDENTIFYING_NO_WEAK,
          "Identifying relationship "
              + r.name()
              + " joins no weak entity: make the identified entity weak, or the relationship"
              + " not identifying",
          ref);
    }
  }

  private void hierarchies() {
    Map<String, List<String>> parents = new HashMap<>();
    for (IsA h : model.hierarchies()) {
      ElementRef ref = ElementRef.isa(h.name());
      if (model.entity(h.parent()).isEmpty()) {
        report(
            ConceptualRule.ISA_UNKNOWN_ENTITY,
            "IsA hierarchy " + h.name() + " has parent " + h.parent() + ", which is not an entity",
            ref);
      }
      if (h.children().isEmpty()) {
        report(
            ConceptualRule.ISA_NO_CHILDREN,
            "IsA hierarchy " + h.name() + " has no children: connect the kinds of " + h.parent(),
            ref);
      }
      for (String child : h.children()) {
        if (model.entity(child).isEmpty()) {
          report(
              ConceptualRule.ISA_UNKNOWN_ENTITY,
              "IsA hierarchy " + h.name() + " has child " + child + ", which is not an entity",
              ref);
        }
        parents.computeIfAbsent(child, c -> new ArrayList<>()).add(h.parent());
      }
    }
    // A cycle: following parents from an entity comes back to it. Colour-marking keeps it linear.
    Map<String, Integer> state = new HashMap<>();
    for (IsA h : model.hierarchies()) {
      for (String child : h.children()) {
        if (cycleFrom(child, parents, state)) {
          report(
              ConceptualRule.ISA_CYCLE,
              "IsA hierarchy " + h.name() + " makes " + child + " a kind of itself",
              ElementRef.isa(h.name()));
          return;
        }
      }
    }
  }

  private static boolean cycleFrom(
      String entity, Map<String, List<String>> parents, Map<String, Integer> state) {
    Integer s = state.get(entity);
    if (s != null) {
      return s == 1;
    }
    state.put(entity, 1);
    for (String parent : parents.getOrDefault(entity, List.of())) {
      if (cycleFrom(parent, parents, state)) {
        return true;
      }
    }
    state.put(entity, 2);
    return false;
  }
}
