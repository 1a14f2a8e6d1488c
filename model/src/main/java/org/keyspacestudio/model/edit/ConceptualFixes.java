package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.keyspacestudio.model.conceptual.AttributeOwner;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.ConceptualRule;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.parse.CqlTypeParser;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.type.UserTypeRef;
import org.keyspacestudio.model.validate.Problem;

/**
 * More fixes for the conceptual model's problems ({@link ConceptualRule}; an entity with no key and
 * a relationship with one end have theirs in {@link QuickFixes}), none safe (the model is the
 * modeler's), each one undo step:
 *
 * <ul>
 *   <li>a key with no attributes ({@code ER-KEY-EMPTY}): removed;
 *   <li>a key naming an attribute that does not exist ({@code ER-KEY-UNKNOWN-ATTRIBUTE}): the
 *       attribute added to the owner, or taken out of the key;
 *   <li>a weak entity without an identifying relationship ({@code ER-WEAK-NO-IDENTIFYING}): one of
 *       its relationships made identifying, or the entity made strong;
 *   <li>an identifying relationship joining no weak entity ({@code ER-IDENTIFYING-NO-WEAK}): one of
 *       its entities made weak, or the relationship not identifying;
 *   <li>a composite attribute without parts ({@code ER-COMPOSITE-NO-PARTS}): made simple (its parts
 *       are the modeler's to draw otherwise);
 *   <li>a multi-valued attribute in a key ({@code ER-KEY-MULTI-VALUED}): made simple, or taken out
 *       of the keys that hold it;
 *   <li>a type hint that is not a CQL type ({@code ER-TYPE-INVALID}): the CQL type other languages'
 *       names stand for ({@code string} → {@code text}, {@code integer} → {@code int}, {@code
 *       datetime} → {@code timestamp}, in collections too: {@code List<String>} → {@code
 *       list<text>}), or {@code text}, what the mapping uses for it meanwhile.
 * </ul>
 */
public final class ConceptualFixes {

  /** Other languages' and databases' type names, and the CQL type each stands for. */
  private static final Map<String, String> SYNONYMS =
      Map.ofEntries(
          Map.entry("string", "text"),
          Map.entry("str", "text"),
          Map.entry("char", "text"),
          Map.entry("character", "text"),
          Map.entry("json", "text"),
          Map.entry("integer", "int"),
          Map.entry("int32", "int"),
          Map.entry("long", "bigint"),
          Map.entry("int64", "bigint"),
          Map.entry("short", "smallint"),
          Map.entry("byte", "tinyint"),
          Map.entry("bool", "boolean"),
          Map.entry("datetime", "timestamp"),
          Map.entry("instant", "timestamp"),
          Map.entry("number", "decimal"),
          Map.entry("numeric", "decimal"),
          Map.entry("money", "decimal"),
          Map.entry("biginteger", "varint"),
          Map.entry("real", "float"),
          Map.entry("guid", "uuid"),
          Map.entry("binary", "blob"),
          Map.entry("bytes", "blob"),
          Map.entry("bytea", "blob"),
          Map.entry("array", "list"),
          Map.entry("dict", "map"));

  private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private ConceptualFixes() {}

  /**
   * The fixes for a problem of the conceptual model, best first.
   *
   * @param project the project, not null
   * @param problem a problem, not null
   * @return the fixes; empty for a problem of another rule, or one the project no longer has
   */
  public static List<Fix> of(Project project, Problem problem) {
    if (!(problem.rule() instanceof ConceptualRule rule) || problem.element() == null) {
      return List.of();
    }
    ConceptualModel model = project.conceptual();
    ElementRef element = problem.element();
    return switch (rule) {
      case KEY_EMPTY -> emptyKey(model, element);
      case KEY_UNKNOWN_ATTRIBUTE -> unknownKeyAttributes(model, element);
      case WEAK_NO_IDENTIFYING -> weakWithoutIdentifying(model, element);
      case IDENTIFYING_NO_WEAK -> identifyingWithoutWeak(model, element);
      case COMPOSITE_NO_PARTS -> compositeWithoutParts(model, element);
      case TYPE_INVALID -> typeHint(model, element);
      case KEY_MULTI_VALUED -> multiValuedKey(model, element);
      default -> List.of();
    };
  }

  private static AttributeOwner owner(ConceptualModel model, ElementRef element) {
    if (element.kind() != ElementRef.Kind.ENTITY
        && element.kind() != ElementRef.Kind.RELATIONSHIP) {
      return null;
    }
    return model.owner(element.object().asInternal()).orElse(null);
  }

  private static List<Fix> emptyKey(ConceptualModel model, ElementRef element) {
    AttributeOwner o = owner(model, element);
    if (o == null || o.keys().stream().noneMatch(k -> k.attributes().isEmpty())) {
      return List.of();
    }
    List<Key> kept = o.keys().stream().filter(k -> !k.attributes().isEmpty()).toList();
    return List.of(
        new Fix(
            "Remove the empty key of " + o.name(), ConceptualEdits.setKeys(o.name(), kept), false));
  }

  private static List<Fix> unknownKeyAttributes(ConceptualModel model, ElementRef element) {
    AttributeOwner o = owner(model, element);
    if (o == null) {
      return List.of();
    }
    List<Fix> out = new ArrayList<>();
    List<AttributeRef> unknown = new ArrayList<>();
    for (Key k : o.keys()) {
      for (AttributeRef a : k.attributes()) {
        if (model.attribute(a).isEmpty() && !unknown.contains(a)) {
          unknown.add(a);
        }
      }
    }
    for (AttributeRef a : unknown) {
      if (a.owner().equals(o.name()) && !a.attribute().contains(".")) {
        out.add(
            new Fix(
                "Add the attribute " + a.attribute() + " to " + o.name(),
                ConceptualEdits.addReferenced("Add the attribute " + a, List.of(a)),
                false));
      }
      keyWithout(o, a).ifPresent(out::add);
    }
    return out;
  }

  private static List<Fix> weakWithoutIdentifying(ConceptualModel model, ElementRef element) {
    if (element.kind() != ElementRef.Kind.ENTITY) {
      return List.of();
    }
    Entity e = model.entity(element.object().asInternal()).orElse(null);
    if (e == null || !e.weak()) {
      return List.of();
    }
    List<Fix> out = new ArrayList<>();
    for (Relationship r : model.relationships()) {
      if (!r.identifying()
          && r.ends().stream().anyMatch(end -> end.entity().equals(e.name()))
          && r.ends().stream().anyMatch(end -> !end.entity().equals(e.name()))
          && out.size() < WorkflowFixes.CHOICES) {
        out.add(
            new Fix(
                "Make " + r.name() + " identifying (" + e.name() + " identified through it)",
                ConceptualEdits.setIdentifying(r.name(), true),
                false));
      }
    }
    out.add(
        new Fix(
            "Make " + e.name() + " a strong entity",
            ConceptualEdits.setWeak(e.name(), false),
            false));
    return out;
  }

  private static List<Fix> identifyingWithoutWeak(ConceptualModel model, ElementRef element) {
    if (element.kind() != ElementRef.Kind.RELATIONSHIP) {
      return List.of();
    }
    Relationship r = model.relationship(element.object().asInternal()).orElse(null);
    if (r == null || !r.identifying()) {
      return List.of();
    }
    List<Fix> out = new ArrayList<>();
    List<String> entities =
        r.ends().stream()
            .map(Relationship.End::entity)
            .distinct()
            .limit(WorkflowFixes.CHOICES)
            .toList();
    for (String entity : entities) {
      if (model.entity(entity).isPresent()) {
        out.add(new Fix("Make " + entity + " weak", ConceptualEdits.setWeak(entity, true), false));
      }
    }
    out.add(
        new Fix(
            "Make " + r.name() + " not identifying",
            ConceptualEdits.setIdentifying(r.name(), false),
            false));
    return out;
  }

  private static List<Fix> compositeWithoutParts(ConceptualModel model, ElementRef element) {
    if (element.kind() != ElementRef.Kind.ATTRIBUTE) {
      return List.of();
    }
    String owner = element.object().asInternal();
    String path = element.member().asInternal();
    if (model.attribute(new AttributeRef(owner, path)).isEmpty()) {
      return List.of();
    }
    return List.of(
        new Fix(
            "Make " + owner + "." + path + " a simple attribute",
            ConceptualEdits.setAttributeKind(
                owner, path, org.keyspacestudio.model.conceptual.Attribute.Kind.SIMPLE),
            false));
  }

  private static List<Fix> multiValuedKey(ConceptualModel model, ElementRef element) {
    if (element.kind() != ElementRef.Kind.ATTRIBUTE) {
      return List.of();
    }
    AttributeRef a = new AttributeRef(element.object().asInternal(), element.member().asInternal());
    if (model.attribute(a).isEmpty()) {
      return List.of();
    }
    List<Fix> out = new ArrayList<>();
    out.add(
        new Fix(
            "Make " + a + " a simple attribute",
            ConceptualEdits.setAttributeKind(
                a.owner(),
                a.attribute(),
                org.keyspacestudio.model.conceptual.Attribute.Kind.SIMPLE),
            false));
    for (var o : model.entities()) {
      keyWithout(o, a).ifPresent(out::add);
    }
    for (var o : model.relationships()) {
      keyWithout(o, a).ifPresent(out::add);
    }
    return out;
  }

  /** The fix taking an attribute out of an owner's keys, when one of them holds it. */
  private static java.util.Optional<Fix> keyWithout(AttributeOwner o, AttributeRef a) {
    if (o.keys().stream().noneMatch(k -> k.contains(a))) {
      return java.util.Optional.empty();
    }
    List<Key> keys = new ArrayList<>();
    for (Key k : o.keys()) {
      List<AttributeRef> rest = k.attributes().stream().filter(x -> !x.equals(a)).toList();
      if (!rest.isEmpty()) {
        keys.add(new Key(rest));
      }
    }
    return java.util.Optional.of(
        new Fix(
            "Take " + a + " out of the key of " + o.name(),
            ConceptualEdits.setKeys(o.name(), keys),
            false));
  }

  private static List<Fix> typeHint(ConceptualModel model, ElementRef element) {
    if (element.kind() != ElementRef.Kind.ATTRIBUTE) {
      return List.of();
    }
    String owner = element.object().asInternal();
    String path = element.member().asInternal();
    var attribute = model.attribute(new AttributeRef(owner, path)).orElse(null);
    if (attribute == null) {
      return List.of();
    }
    List<Fix> out = new ArrayList<>();
    String cql = cqlTypeFor(attribute.type());
    if (cql != null && !cql.equals("text")) {
      out.add(
          new Fix(
              "Type " + owner + "." + path + " " + cql + " (for '" + attribute.type() + "')",
              ConceptualEdits.setAttributeType(owner, path, cql),
              false));
    }
    out.add(
        new Fix(
            "Type "
                + owner
                + "."
                + path
                + " text"
                + (cql != null && cql.equals("text") ? " (for '" + attribute.type() + "')" : ""),
            ConceptualEdits.setAttributeType(owner, path, "text"),
            false));
    return out;
  }

  /**
   * The CQL type a type name from another language or database stands for: each word that is one of
   * {@link #SYNONYMS} replaced, every word lower-cased ({@code List<String>} → {@code list<text>}),
   * kept when the result is a CQL type without user-defined types.
   *
   * @param hint a type hint, not null
   * @return the CQL type, or null when none reads
   */
  static String cqlTypeFor(String hint) {
    Matcher m = WORD.matcher(hint.strip());
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String word = m.group().toLowerCase(Locale.ROOT);
      m.appendReplacement(out, Matcher.quoteReplacement(SYNONYMS.getOrDefault(word, word)));
    }
    m.appendTail(out);
    String type = out.toString();
    try {
      return CqlTypeParser.parse(type).anyMatch(t -> t instanceof UserTypeRef) ? null : type;
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
