package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.keyspacestudio.model.conceptual.AttributeOwner;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.ConceptualRule;
import org.keyspacestudio.model.conceptual.ConceptualRules;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.IsA;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.diagram.Point;
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
 *       its relationships made identifying, a new identifying relationship from a likely owner
 *       (with the owner's key put in front of the weak entity's), or the entity made strong;
 *   <li>an identifying relationship joining no weak entity ({@code ER-IDENTIFYING-NO-WEAK}): one of
 *       its entities made weak, or the relationship not identifying;
 *   <li>a composite attribute without parts ({@code ER-COMPOSITE-NO-PARTS}): made simple (its parts
 *       are the modeler's to draw otherwise);
 *   <li>a multi-valued attribute in a key ({@code ER-KEY-MULTI-VALUED}): made simple, or taken out
 *       of the keys that hold it;
 *   <li>a type hint that is not a CQL type ({@code ER-TYPE-INVALID}): the CQL type other languages'
 *       names stand for ({@code string} → {@code text}, {@code integer} → {@code int}, {@code
 *       datetime} → {@code timestamp}, in collections too: {@code List<String>} → {@code
 *       list<text>}), or {@code text}, what the mapping uses for it meanwhile;
 *   <li>a name with spaces around it or a dot in it ({@code ER-NAME-INVALID}): the spaces dropped
 *       and the dots made underscores, numbered when taken (an attribute whose name holds a dot
 *       reads as a composite's part and gets none);
 *   <li>two elements of one name ({@code ER-NAME-DUPLICATE}, {@code ER-ATTRIBUTE-DUPLICATE}): the
 *       second renamed ({@link ConceptualRenames});
 *   <li>a weak entity whose key lacks its owner's ({@code ER-WEAK-KEY-OWNER}): the owners' keys
 *       added in front of it, all of them or one owner's;
 *   <li>a relationship end or a hierarchy naming no entity ({@code ER-END-UNKNOWN-ENTITY}, {@code
 *       ER-ISA-UNKNOWN-ENTITY}): the entity of the nearest name instead (case, a plural's {@code
 *       s}, one typo in four letters, two at most), the entity added, or the end or child taken off
 *       when enough are left;
 *   <li>a recursive relationship whose ends of one entity are alike ({@code ER-RECURSIVE-ROLES}):
 *       roles named from its verb ({@code follows}: follower, followee; {@link RoleNames}) or
 *       generic (source, target), a role only one end has kept;
 *   <li>a hierarchy without children ({@code ER-ISA-NO-CHILDREN}): deleted;
 *   <li>hierarchies that make an entity a kind of itself ({@code ER-ISA-CYCLE}): a child whose
 *       removal ends every cycle taken out, the named hierarchy's first, at most {@value
 *       WorkflowFixes#CHOICES}.
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

  /** The words of CQL's type syntax that are no type of their own. */
  private static final Set<String> KEYWORDS =
      Set.of("list", "set", "map", "frozen", "tuple", "vector");

  /** Other languages' type names and the CQL type each stands for (for {@link SchemaFixes}). */
  static Map<String, String> synonyms() {
    return SYNONYMS;
  }

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
      case NAME_INVALID -> invalidName(model, element);
      case NAME_DUPLICATE -> ConceptualRenames.duplicateName(model, element);
      case ATTRIBUTE_DUPLICATE -> ConceptualRenames.duplicateAttribute(model, element);
      case WEAK_KEY_OWNER -> weakKeyOwner(model, element);
      case END_UNKNOWN_ENTITY -> unknownEnds(project, problem);
      case ISA_UNKNOWN_ENTITY -> unknownInHierarchy(project, problem);
      case ISA_NO_CHILDREN ->
          element.kind() == ElementRef.Kind.ISA
                  && model.hierarchy(element.object().asInternal()).isPresent()
              ? List.of(
                  new Fix(
                      "Delete the IsA hierarchy " + element.object().asInternal(),
                      ConceptualEdits.delete(Set.of(element)),
                      false))
              : List.of();
      case ISA_CYCLE -> cycle(model, element);
      case RECURSIVE_ROLES -> recursiveRoles(model, element);
      default -> List.of();
    };
  }

  /**
   * A name without the spaces around it and with its dots made underscores ({@code " User "} →
   * {@code User}, {@code "user.profile"} → {@code user_profile}); null when nothing is left of it.
   * The caller numbers it when taken.
   */
  private static String cleanName(String name) {
    String clean = name.strip().replace('.', '_');
    return clean.isEmpty() ? null : clean;
  }

  private static List<Fix> invalidName(ConceptualModel model, ElementRef element) {
    String name = element.object().asInternal();
    switch (element.kind()) {
      case ENTITY, RELATIONSHIP, ISA -> {
        String clean = cleanName(name);
        boolean present =
            switch (element.kind()) {
              case ENTITY -> model.entity(name).isPresent();
              case RELATIONSHIP -> model.relationship(name).isPresent();
              default -> model.hierarchy(name).isPresent();
            };
        if (clean == null || !present) {
          return List.of();
        }
        String unique = ConceptualEdits.uniqueName(model, clean);
        return List.of(
            new Fix(
                "Rename '" + name + "' to " + unique,
                ConceptualEdits.rename(element, unique),
                false));
      }
      case ATTRIBUTE -> {
        String path = element.member().asInternal();
        AttributeOwner o = model.owner(name).orElse(null);
        if (o == null || o.attribute(path).isEmpty()) {
          // A name with a dot in it reads as a composite's part: no path reaches it.
          return List.of();
        }
        int dot = path.lastIndexOf('.');
        String prefix = dot < 0 ? "" : path.substring(0, dot + 1);
        String clean = cleanName(path.substring(dot + 1));
        if (clean == null) {
          return List.of();
        }
        String unique = ConceptualRenames.uniqueAttribute(o, prefix, clean);
        return List.of(
            new Fix(
                "Rename " + name + ".'" + path + "' to " + unique,
                ConceptualEdits.renameAttribute(name, path, unique),
                false));
      }
      default -> {
        return List.of();
      }
    }
  }

  /**
   * The owners' keys added in front of a weak entity's first key, which lacks them: one fix per
   * owner, and one for all when several owners' keys are missing.
   */
  private static List<Fix> weakKeyOwner(ConceptualModel model, ElementRef element) {
    if (element.kind() != ElementRef.Kind.ENTITY) {
      return List.of();
    }
    Entity e = model.entity(element.object().asInternal()).orElse(null);
    if (e == null || !e.weak() || e.keys().isEmpty()) {
      return List.of();
    }
    Key key = e.keys().get(0);
    java.util.Map<String, List<AttributeRef>> missing = new java.util.LinkedHashMap<>();
    for (Relationship r : model.relationships()) {
      if (!r.identifying() || r.ends().stream().noneMatch(x -> x.entity().equals(e.name()))) {
        continue;
      }
      for (Relationship.End end : r.ends()) {
        Entity owner = model.entity(end.entity()).orElse(null);
        if (owner == null || owner.name().equals(e.name()) || owner.keys().isEmpty()) {
          continue;
        }
        List<AttributeRef> lacking =
            owner.keys().get(0).attributes().stream()
                .filter(a -> !key.attributes().contains(a))
                .toList();
        if (!lacking.isEmpty()) {
          missing.putIfAbsent(owner.name(), lacking);
        }
      }
    }
    List<Fix> out = new ArrayList<>();
    if (missing.size() > 1) {
      List<AttributeRef> all = new ArrayList<>();
      missing.values().forEach(l -> l.stream().filter(a -> !all.contains(a)).forEach(all::add));
      out.add(
          keyWithOwners(
              e, all, "the keys of " + String.join(" and ", missing.keySet().stream().toList())));
    }
    missing.forEach(
        (owner, lacking) ->
            out.add(
                keyWithOwners(
                    e,
                    lacking,
                    owner
                        + "'s key ("
                        + String.join(", ", lacking.stream().map(AttributeRef::toString).toList())
                        + ")")));
    return out;
  }

  private static Fix keyWithOwners(Entity e, List<AttributeRef> added, String what) {
    List<AttributeRef> attributes = new ArrayList<>(added);
    e.keys().get(0).attributes().stream()
        .filter(a -> !attributes.contains(a))
        .forEach(attributes::add);
    List<Key> keys = new ArrayList<>(e.keys());
    keys.set(0, new Key(attributes));
    return new Fix(
        "Add " + what + " to the key of " + e.name() + ": (" + new Key(attributes) + ")",
        ConceptualEdits.setKeys(e.name(), keys),
        false);
  }

  /**
   * For each entity a relationship joins that does not exist: the entity of the nearest name joined
   * instead ({@code Users} for {@code User}), the entity added, or the end taken off when two ends
   * would be left.
   */
  private static List<Fix> unknownEnds(Project project, Problem problem) {
    ElementRef element = problem.element();
    ConceptualModel model = project.conceptual();
    if (element.kind() != ElementRef.Kind.RELATIONSHIP) {
      return List.of();
    }
    Relationship r = model.relationship(element.object().asInternal()).orElse(null);
    if (r == null) {
      return List.of();
    }
    List<Fix> out = new ArrayList<>();
    for (String unknown :
        unknownEntities(model, r.ends().stream().map(Relationship.End::entity), problem)) {
      String near = nearestEntity(model, unknown);
      if (near != null) {
        out.add(
            new Fix(
                "Join " + near + " instead of " + unknown + " in " + r.name(),
                ConceptualEdits.setEnds(
                    r.name(),
                    r.ends().stream()
                        .map(x -> x.entity().equals(unknown) ? x.withEntity(near) : x)
                        .toList()),
                false));
      }
      addEntity(project, unknown, element).ifPresent(out::add);
      List<Relationship.End> rest =
          r.ends().stream().filter(x -> !x.entity().equals(unknown)).toList();
      if (rest.size() >= 2) {
        out.add(
            new Fix(
                "Take " + unknown + " off " + r.name(),
                ConceptualEdits.setEnds(r.name(), rest),
                false));
      }
    }
    return out;
  }

  /** The same for a hierarchy's parent and children. */
  private static List<Fix> unknownInHierarchy(Project project, Problem problem) {
    ElementRef element = problem.element();
    ConceptualModel model = project.conceptual();
    if (element.kind() != ElementRef.Kind.ISA) {
      return List.of();
    }
    IsA h = model.hierarchy(element.object().asInternal()).orElse(null);
    if (h == null) {
      return List.of();
    }
    List<Fix> out = new ArrayList<>();
    List<String> all = new ArrayList<>();
    all.add(h.parent());
    all.addAll(h.children());
    for (String unknown : unknownEntities(model, all.stream(), problem)) {
      String near = nearestEntity(model, unknown);
      boolean parent = unknown.equals(h.parent());
      if (near != null && !all.contains(near)) {
        out.add(
            new Fix(
                (parent ? "Make " + near + " the parent" : "Make " + near + " a child")
                    + " of "
                    + h.name()
                    + " instead of "
                    + unknown,
                ConceptualEdits.setHierarchy(
                    h.name(),
                    parent ? near : h.parent(),
                    h.children().stream().map(c -> c.equals(unknown) ? near : c).toList()),
                false));
      }
      addEntity(project, unknown, element).ifPresent(out::add);
      List<String> rest = h.children().stream().filter(c -> !c.equals(unknown)).toList();
      if (!parent && !rest.isEmpty()) {
        out.add(
            new Fix(
                "Take " + unknown + " out of " + h.name(),
                ConceptualEdits.setHierarchy(h.name(), h.parent(), rest),
                false));
      }
    }
    return out;
  }

  /**
   * The names that are no entity: the one the problem names ({@code joins X, which is not an
   * entity}; each is reported once), else all of them.
   */
  private static List<String> unknownEntities(
      ConceptualModel model, java.util.stream.Stream<String> names, Problem problem) {
    List<String> unknown = names.filter(n -> model.entity(n).isEmpty()).distinct().toList();
    List<String> named =
        unknown.stream().filter(n -> problem.message().contains(" " + n + ", which")).toList();
    return named.size() == 1 ? named : unknown;
  }

  /** The entity an unknown name was meant to be, told apart by case, plural and a typo or two. */
  static String nearestEntity(ConceptualModel model, String name) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    String wanted = folded(name);
    for (Entity e : model.entities()) {
      String candidate = folded(e.name());
      int allowed = Math.min(2, Math.max(candidate.length(), wanted.length()) / 4);
      int d = org.keyspacestudio.model.validate.Validator.distance(wanted, candidate, allowed);
      if (d <= allowed && d < bestDistance) {
        best = e.name();
        bestDistance = d;
      }
    }
    return best;
  }

  /** Lower case, letters and digits only, a plural's last {@code s} dropped. */
  private static String folded(String name) {
    String s = name.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]", "");
    return s.length() > 3 && s.endsWith("s") ? s.substring(0, s.length() - 1) : s;
  }

  /** The entity of that name added near the element that names it, when the name is usable. */
  private static java.util.Optional<Fix> addEntity(Project project, String name, ElementRef near) {
    if (!ConceptualRules.validName(name) || project.conceptual().nameTaken(name)) {
      return java.util.Optional.empty();
    }
    Point at = project.conceptualLayout().position(near);
    Point place = at == null ? new Point(40, 40) : at.plus(0, 120);
    return java.util.Optional.of(
        new Fix("Add the entity " + name, ConceptualEdits.addEntity(name, false, place), false));
  }

  /**
   * The children whose place in a hierarchy closes the cycle: taken out of it, no entity is a kind
   * of itself any more. The hierarchy the problem names first, then the others; at most {@value
   * WorkflowFixes#CHOICES}.
   */
  private static List<Fix> cycle(ConceptualModel model, ElementRef element) {
    if (element.kind() != ElementRef.Kind.ISA) {
      return List.of();
    }
    IsA named = model.hierarchy(element.object().asInternal()).orElse(null);
    if (named == null) {
      return List.of();
    }
    List<IsA> order = new ArrayList<>();
    order.add(named);
    model.hierarchies().stream().filter(h -> h != named).forEach(order::add);
    List<Fix> out = new ArrayList<>();
    for (IsA h : order) {
      for (String child : h.children()) {
        if (out.size() == WorkflowFixes.CHOICES) {
          return out;
        }
        List<String> rest = h.children().stream().filter(c -> !c.equals(child)).toList();
        List<IsA> hierarchies =
            model.hierarchies().stream().map(x -> x == h ? x.withChildren(rest) : x).toList();
        boolean cycles =
            ConceptualRules.validate(model.withHierarchies(hierarchies)).stream()
                .anyMatch(p -> p.rule() == ConceptualRule.ISA_CYCLE);
        if (!cycles) {
          out.add(
              new Fix(
                  "Take "
                      + child
                      + " out of "
                      + h.name()
                      + " (no longer a kind of "
                      + h.parent()
                      + ")",
                  ConceptualEdits.setHierarchy(h.name(), h.parent(), rest),
                  false));
        }
      }
    }
    return out;
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
    for (Entity owner : likelyOwners(model, e)) {
      if (out.size() < WorkflowFixes.CHOICES) {
        out.add(identifyThrough(model, e, owner));
      }
    }
    out.add(
        new Fix(
            "Make " + e.name() + " a strong entity",
            ConceptualEdits.setWeak(e.name(), false),
            false));
    return out;
  }

  /**
   * The strong entities a weak entity may be identified through, best first, leaving out those a
   * relationship already joins it to (making that one identifying is the fix): those whose key
   * attributes' names the weak entity's attributes repeat ({@code sensor_id} in Reading for
   * Sensor's {@code sensor_id}), then those whose name is a word of the weak entity's name or
   * attributes' names; when the model has no more than {@value WorkflowFixes#CHOICES} strong
   * entities, every one of them (a short list to choose from), else only those with such a sign.
   */
  private static List<Entity> likelyOwners(ConceptualModel model, Entity weak) {
    Set<String> joined = new java.util.HashSet<>();
    for (Relationship r : model.relationships()) {
      if (r.ends().stream().anyMatch(end -> end.entity().equals(weak.name()))) {
        r.ends().forEach(end -> joined.add(end.entity()));
      }
    }
    Set<String> attributeNames = new java.util.HashSet<>();
    Set<String> words = new java.util.HashSet<>(words(weak.name()));
    for (var a : weak.attributes()) {
      attributeNames.add(a.name().toLowerCase(Locale.ROOT));
      words.addAll(words(a.name()));
    }
    List<Entity> candidates =
        model.entities().stream().filter(o -> !o.weak() && !joined.contains(o.name())).toList();
    record Ranked(Entity entity, int score, int index) {}
    List<Ranked> ranked = new ArrayList<>();
    for (int i = 0; i < candidates.size(); i++) {
      Entity o = candidates.get(i);
      int score = 0;
      if (!o.keys().isEmpty()
          && o.keys().get(0).attributes().stream()
              .anyMatch(k -> attributeNames.contains(k.attribute().toLowerCase(Locale.ROOT)))) {
        score += 2;
      }
      if (words.containsAll(words(o.name())) && !words(o.name()).isEmpty()) {
        score += 1;
      }
      ranked.add(new Ranked(o, score, i));
    }
    boolean all = candidates.size() <= WorkflowFixes.CHOICES;
    return ranked.stream()
        .filter(r -> all || r.score() > 0)
        .sorted(
            java.util.Comparator.comparingInt(Ranked::score)
                .reversed()
                .thenComparingInt(Ranked::index))
        .map(Ranked::entity)
        .toList();
  }

  /** The lower-case words of a name, split at underscores, spaces and case changes. */
  private static List<String> words(String name) {
    List<String> out = new ArrayList<>();
    for (String w : name.split("[_\\s]+|(?<=[a-z0-9])(?=[A-Z])")) {
      if (!w.isEmpty()) {
        out.add(w.toLowerCase(Locale.ROOT));
      }
    }
    return out;
  }

  /**
   * A new identifying relationship {@code has} (numbered when taken) from an owner (cardinality 1)
   * to a weak entity (n), drawn halfway between them (placed by the automatic layout when either
   * has no place yet), with the owner's key put in front of the weak entity's first key as the
   * method's weak entities have it.
   */
  private static Fix identifyThrough(ConceptualModel model, Entity weak, Entity owner) {
    String name = ConceptualEdits.uniqueName(model, "has");
    List<Document.Edit> steps = new ArrayList<>();
    steps.add(
        new Document.Edit(
            "place",
            p -> {
              Point a = p.conceptualLayout().position(ElementRef.entity(owner.name()));
              Point b = p.conceptualLayout().position(ElementRef.entity(weak.name()));
              boolean placed = a != null && b != null;
              Point at =
                  placed ? new Point((a.x() + b.x()) / 2, (a.y() + b.y()) / 2) : new Point(0, 0);
              Project added =
                  ConceptualEdits.addRelationship(
                          name, true, List.of(owner.name(), weak.name()), at)
                      .change()
                      .apply(p);
              return placed
                  ? added
                  : added.withConceptualLayout(
                      added.conceptualLayout().without(Set.of(ElementRef.relationship(name))));
            }));
    String keyText = "";
    if (!weak.keys().isEmpty() && !owner.keys().isEmpty()) {
      Key key = weak.keys().get(0);
      List<AttributeRef> lacking =
          owner.keys().get(0).attributes().stream().filter(k -> !key.contains(k)).toList();
      if (!lacking.isEmpty()) {
        Fix keyed = keyWithOwners(weak, lacking, owner.name() + "'s key");
        steps.add(keyed.edit());
        List<AttributeRef> attributes = new ArrayList<>(lacking);
        key.attributes().stream().filter(x -> !attributes.contains(x)).forEach(attributes::add);
        keyText = ", key (" + new Key(attributes) + ")";
      }
    }
    String description =
        "Identify "
            + weak.name()
            + " through "
            + owner.name()
            + " (a new identifying relationship "
            + name
            + keyText
            + ")";
    return new Fix(description, Document.Edit.all(description, steps), false);
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

  /**
   * A relationship joining an entity more than once with ends alike: each end of that entity
   * without a role of its own gets one, from the relationship's verb ({@code follows}: follower,
   * followee) or else generic (source, target); the roles already told apart are kept.
   */
  private static List<Fix> recursiveRoles(ConceptualModel model, ElementRef element) {
    if (element.kind() != ElementRef.Kind.RELATIONSHIP) {
      return List.of();
    }
    Relationship r = model.relationship(element.object().asInternal()).orElse(null);
    if (r == null) {
      return List.of();
    }
    List<Fix> out = new ArrayList<>();
    List<String> fromVerb = RoleNames.fromVerb(r.name());
    // The verb's roles first when the name gives them, the generic ones always.
    for (List<String> names :
        fromVerb.isEmpty() ? List.of(fromVerb) : List.of(fromVerb, List.<String>of())) {
      List<Relationship.End> ends = new ArrayList<>(r.ends());
      List<String> named = new ArrayList<>();
      java.util.Map<String, List<Integer>> byEntity = new java.util.LinkedHashMap<>();
      for (int i = 0; i < ends.size(); i++) {
        byEntity.computeIfAbsent(ends.get(i).entity(), e -> new ArrayList<>()).add(i);
      }
      for (List<Integer> at : byEntity.values()) {
        if (at.size() < 2) {
          continue;
        }
        // A role only this end has is kept; the others take the candidates not yet used.
        Map<String, Long> counts = new java.util.HashMap<>();
        at.forEach(i -> counts.merge(ends.get(i).role(), 1L, Long::sum));
        Set<String> used = new java.util.HashSet<>();
        at.stream()
            .map(i -> ends.get(i).role())
            .filter(x -> !x.isBlank() && counts.get(x) == 1)
            .forEach(used::add);
        List<String> candidates = new ArrayList<>(names);
        candidates.addAll(RoleNames.generic(at.size()));
        for (int i : at) {
          Relationship.End end = ends.get(i);
          if (used.contains(end.role()) && counts.get(end.role()) == 1) {
            continue;
          }
          String role =
              candidates.stream().filter(c -> !used.contains(c)).findFirst().orElseThrow();
          used.add(role);
          ends.set(i, new Relationship.End(end.entity(), end.cardinality(), role));
          named.add(end.entity() + " as " + role);
        }
      }
      if (!named.isEmpty()) {
        String label = "Name the ends of " + r.name() + ": " + String.join(", ", named);
        out.add(
            new Fix(
                label,
                new Document.Edit(label, ConceptualEdits.setEnds(r.name(), ends).change()),
                false));
      }
    }
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
   * {@link #SYNONYMS} replaced, one that is a typo of a native type's name or of a synonym
   * corrected ({@code timestmp} → {@code timestamp}), every word lower-cased ({@code List<String>}
   * → {@code list<text>}), kept when the result is a CQL type without user-defined types.
   *
   * @param hint a type hint, not null
   * @return the CQL type, or null when none reads
   */
  static String cqlTypeFor(String hint) {
    Matcher m = WORD.matcher(hint.strip());
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String word = m.group().toLowerCase(Locale.ROOT);
      String cql =
          SYNONYMS.containsKey(word) || KEYWORDS.contains(word)
              ? SYNONYMS.getOrDefault(word, word)
              : SchemaFixes.nativeFor(word)
                  .map(org.keyspacestudio.model.type.NativeType::asCql)
                  .orElse(word);
      m.appendReplacement(out, Matcher.quoteReplacement(cql));
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
