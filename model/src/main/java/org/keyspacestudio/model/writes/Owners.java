package org.keyspacestudio.model.writes;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.keyspacestudio.model.conceptual.AttributeOwner;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.Cardinality;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.IsA;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.conceptual.Relationship;

/**
 * What identifies an instance of each owner of a conceptual model, and what one instance
 * determines: the owners of which it has at most one. An <em>owner</em> is what an attribute
 * reference names before its dot: an entity, a relationship, or the role of a relationship end
 * ({@code follower} in {@code follows}, standing for a {@code User}).
 *
 * <p>Keys: an entity's declared keys, else its IsA parent's; a role's are its entity's, seen from
 * its end ({@code follower.user_id}); a relationship's declared keys, else, for each end whose
 * other ends are all 1, that end's keys (a {@code Video} identifies its {@code uploads}), else the
 * ends' keys together (an m:n relationship).
 *
 * <p>Determination (Chen's cardinalities, as the Chebotko method reads them for MR5): a
 * relationship instance determines the instance at each of its ends; an instance at one end of a
 * binary relationship determines the other end's when that end is 1 (each {@code Video} has one
 * uploading {@code User}), and the relationship instance when every other end is 1; a role
 * determines its entity (the same instance), an IsA child its parent. Followed transitively, by the
 * fewest steps, found when asked and remembered ({@link #path}).
 *
 * <p>Safe on an inconsistent model (ends naming no entity, IsA cycles). What one instance
 * determines is worked out when first asked and remembered: use an {@code Owners} on one thread.
 */
public final class Owners {

  /** What kind of owner a name is. */
  public enum Kind {
    ENTITY,
    RELATIONSHIP,
    ROLE
  }

  /**
   * One step from an owner to one it determines.
   *
   * @param from the determining owner
   * @param to the determined owner
   * @param via the relationship the step goes through, or null for a role's entity or an IsA parent
   *     (the same instance)
   */
  public record Step(String from, String to, String via) {}

  private final ConceptualModel model;
  private final Map<String, Kind> kinds = new LinkedHashMap<>();
  private final Map<String, List<Set<AttributeRef>>> keys = new HashMap<>();
  private final Map<String, List<Step>> steps = new HashMap<>();
  private final Map<String, String> roleEntity = new HashMap<>();
  private final Map<String, List<Step>> paths = new HashMap<>();
  private final Map<String, String> parentOf = new HashMap<>();
  private final Map<String, Integer> order = new HashMap<>();
  private Map<String, List<String>> dependents;
  private List<String> all;
  private final Map<AttributeRef, List<String>> ownersOfKeysHolding = new HashMap<>();

  private Owners(ConceptualModel model) {
    this.model = model;
    for (IsA h : model.hierarchies()) {
      h.children().forEach(child -> parentOf.putIfAbsent(child, h.parent()));
    }
    model.entities().forEach(e -> kinds.putIfAbsent(e.name(), Kind.ENTITY));
    model.relationships().forEach(r -> kinds.putIfAbsent(r.name(), Kind.RELATIONSHIP));
    for (Relationship r : model.relationships()) {
      for (Relationship.End end : r.ends()) {
        String role = end.role();
        if (!role.isBlank()
            && !kinds.containsKey(role)
            && model.roleEntity(role).map(e -> e.name().equals(end.entity())).orElse(false)) {
          kinds.put(role, Kind.ROLE);
          roleEntity.put(role, end.entity());
        }
      }
    }
    for (String owner : kinds.keySet()) {
      List<Set<AttributeRef>> ownerKeys = computeKeys(owner);
      keys.put(owner, ownerKeys);
      for (Set<AttributeRef> k : ownerKeys) {
        for (AttributeRef a : k) {
          List<String> list = ownersOfKeysHolding.computeIfAbsent(a, x -> new ArrayList<>());
          if (!list.contains(owner)) {
            list.add(owner);
          }
        }
      }
    }
    for (Relationship r : model.relationships()) {
      addSteps(r);
    }
    roleEntity.forEach((role, entity) -> step(role, entity, null));
    for (IsA h : model.hierarchies()) {
      for (String child : h.children()) {
        step(child, h.parent(), null);
      }
    }
  }

  /** The owners of a model. */
  public static Owners of(ConceptualModel model) {
    return new Owners(model);
  }

  /** The conceptual model. */
  public ConceptualModel model() {
    return model;
  }

  /** Whether a name is an entity, a relationship or a role. */
  public boolean isOwner(String name) {
    return kinds.containsKey(name);
  }

  /** The kind of an owner, or null when the name is none. */
  public Kind kind(String owner) {
    return kinds.get(owner);
  }

  /** Every owner: entities, relationships, then roles, each in the model's order. */
  public List<String> all() {
    if (all == null) {
      List<String> out = new ArrayList<>();
      for (Kind k : Kind.values()) {
        kinds.forEach(
            (name, kind) -> {
              if (kind == k) {
                out.add(name);
              }
            });
      }
      all = List.copyOf(out);
    }
    return all;
  }

  /** Where an owner comes in {@link #all()}; {@link Integer#MAX_VALUE} for a name that is none. */
  public int order(String owner) {
    if (order.isEmpty()) {
      List<String> all = all();
      for (int i = 0; i < all.size(); i++) {
        order.put(all.get(i), i);
      }
    }
    return order.getOrDefault(owner, Integer.MAX_VALUE);
  }

  /** The entity a role stands for; an entity itself; null for a relationship or no owner. */
  public String entityOf(String owner) {
    Kind k = kinds.get(owner);
    if (k == Kind.ENTITY) {
      return owner;
    }
    return k == Kind.ROLE ? roleEntity.get(owner) : null;
  }

  /**
   * The owner's keys, each a set of attribute references (not empty), the primary one first; empty
   * when it has none.
   */
  public List<Set<AttributeRef>> keys(String owner) {
    return keys.getOrDefault(owner, List.of());
  }

  /**
   * The owners with a key that holds the attribute, in the order of {@link #all()}'s kinds
   * (entities, relationships, roles) as they were indexed.
   */
  public List<String> ownersOfKeysHolding(AttributeRef attribute) {
    return ownersOfKeysHolding.getOrDefault(attribute, List.of());
  }

  /**
   * The fewest steps by which one instance of {@code from} determines one of {@code to}: a
   * breadth-first walk that stops at {@code to} (a long chain of 1:n relationships is not walked
   * whole for its nearest owners), remembered.
   *
   * @return the steps; empty for the owner itself; null when {@code from} does not determine {@code
   *     to}
   */
  public List<Step> path(String from, String to) {
    if (from.equals(to)) {
      return List.of();
    }
    String pair = from + '\u0000' + to;
    if (paths.containsKey(pair)) {
      return paths.get(pair);
    }
    Map<String, Step> reachedBy = new HashMap<>();
    reachedBy.put(from, null);
    ArrayDeque<String> queue = new ArrayDeque<>();
    queue.add(from);
    List<Step> found = null;
    while (!queue.isEmpty() && found == null) {
      String at = queue.poll();
      for (Step s : steps.getOrDefault(at, List.of())) {
        if (reachedBy.containsKey(s.to())) {
          continue;
        }
        reachedBy.put(s.to(), s);
        if (s.to().equals(to)) {
          java.util.LinkedList<Step> path = new java.util.LinkedList<>();
          for (Step back = s; back != null; back = reachedBy.get(back.from())) {
            path.addFirst(back);
          }
          found = List.copyOf(path);
          break;
        }
        queue.add(s.to());
      }
    }
    paths.put(pair, found);
    return found;
  }

  /** Whether one instance of {@code owner} determines one of {@code other} (itself included). */
  public boolean determines(String owner, String other) {
    return path(owner, other) != null;
  }

  /**
   * The owners an instance of {@code owner} identifies as weak entities do: those whose every key
   * holds one of its keys and which it determines no other way round (a {@code Video}'s {@code
   * Comment}s through {@code about}), in the model's order.
   */
  public List<String> dependents(String owner) {
    if (dependents == null) {
      dependents = new HashMap<>();
      for (Entity e : model.entities()) {
        List<Set<AttributeRef>> theirs = keys(e.name());
        if (!e.weak() || theirs.isEmpty()) {
          continue;
        }
        Set<String> identifying = new LinkedHashSet<>();
        for (AttributeRef a : theirs.get(0)) {
          identifying.addAll(ownersOfKeysHolding(a));
        }
        for (String o : identifying) {
          List<Set<AttributeRef>> mine = keys(o);
          boolean identified =
              !o.equals(e.name())
                  && theirs.stream().allMatch(k -> mine.stream().anyMatch(k::containsAll))
                  && determines(e.name(), o);
          if (identified) {
            List<String> list = dependents.computeIfAbsent(o, x -> new ArrayList<>());
            if (!list.contains(e.name())) {
              list.add(e.name());
            }
          }
        }
      }
    }
    return dependents.getOrDefault(owner, List.of());
  }

  /**
   * How an instance of {@code from} reaches the one of {@code to} it determines, for a user: "the
   * User who uploads it (uploads)", or "its Video (about), then that Video's User (uploads)".
   *
   * @return the path in words; empty for the owner itself; null when it does not determine it
   */
  public String describe(String from, String to) {
    List<Step> path = path(from, to);
    if (path == null) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < path.size(); i++) {
      Step s = path.get(i);
      String whose = i == 0 ? "its " : "that " + s.from() + "'s ";
      parts.add(
          s.via() == null
              ? (kinds.get(s.from()) == Kind.ROLE ? "the " + s.to() + " it stands for" : "")
              : whose + s.to() + " (" + s.via() + ")");
    }
    parts.removeIf(String::isEmpty);
    return String.join(", then ", parts);
  }

  // ---------------------------------------------------------------------------------------------

  private void step(String from, String to, String via) {
    if (from.equals(to) || !kinds.containsKey(from) || !kinds.containsKey(to)) {
      return;
    }
    List<Step> list = steps.computeIfAbsent(from, x -> new ArrayList<>());
    for (Step s : list) {
      if (s.to().equals(to)) {
        return;
      }
    }
    list.add(new Step(from, to, via));
  }

  /**
   * The owner standing at a relationship end: its role, when it has one of its own, else its
   * entity.
   */
  private String participant(Relationship.End end) {
    String role = end.role();
    return !role.isBlank() && end.entity().equals(roleEntity.get(role)) ? role : end.entity();
  }

  private void addSteps(Relationship r) {
    List<Relationship.End> ends = r.ends();
    for (Relationship.End end : ends) {
      step(r.name(), participant(end), r.name());
    }
    for (int i = 0; i < ends.size(); i++) {
      boolean othersOne = true;
      for (int j = 0; j < ends.size(); j++) {
        if (j != i && ends.get(j).cardinality() != Cardinality.ONE) {
          othersOne = false;
        }
      }
      if (othersOne && ends.size() > 1) {
        step(participant(ends.get(i)), r.name(), r.name());
      }
      if (ends.size() == 2) {
        Relationship.End other = ends.get(1 - i);
        if (other.cardinality() == Cardinality.ONE) {
          step(participant(ends.get(i)), participant(other), r.name());
        }
      }
    }
  }

  private List<Set<AttributeRef>> computeKeys(String owner) {
    Kind kind = kinds.get(owner);
    if (kind == Kind.ENTITY) {
      return entityKeys(owner);
    }
    if (kind == Kind.ROLE) {
      String entity = roleEntity.get(owner);
      Set<String> lineage = lineage(entity);
      List<Set<AttributeRef>> out = new ArrayList<>();
      for (Set<AttributeRef> k : entityKeys(entity)) {
        Set<AttributeRef> seen = new LinkedHashSet<>();
        for (AttributeRef a : k) {
          seen.add(lineage.contains(a.owner()) ? a.withOwner(owner) : a);
        }
        out.add(Set.copyOf(seen));
      }
      return List.copyOf(out);
    }
    Relationship r = model.relationship(owner).orElseThrow();
    List<Set<AttributeRef>> declared = declared(r);
    if (!declared.isEmpty()) {
      return declared;
    }
    List<Set<AttributeRef>> out = new ArrayList<>();
    List<Relationship.End> ends = r.ends();
    for (int i = 0; i < ends.size() && ends.size() > 1; i++) {
      boolean othersOne = true;
      for (int j = 0; j < ends.size(); j++) {
        if (j != i && ends.get(j).cardinality() != Cardinality.ONE) {
          othersOne = false;
        }
      }
      if (othersOne) {
        List<Set<AttributeRef>> endKeys = endKeys(ends.get(i));
        if (!endKeys.isEmpty() && !out.contains(endKeys.get(0))) {
          out.add(endKeys.get(0));
        }
      }
    }
    if (out.isEmpty() && ends.size() > 1) {
      Set<AttributeRef> union = new LinkedHashSet<>();
      for (Relationship.End end : ends) {
        List<Set<AttributeRef>> endKeys = endKeys(end);
        if (endKeys.isEmpty()) {
          return List.of();
        }
        union.addAll(endKeys.get(0));
      }
      out.add(Set.copyOf(union));
    }
    return List.copyOf(out);
  }

  private List<Set<AttributeRef>> endKeys(Relationship.End end) {
    String participant = participant(end);
    return participant.equals(end.entity()) ? entityKeys(end.entity()) : computeKeys(participant);
  }

  private static List<Set<AttributeRef>> declared(AttributeOwner owner) {
    List<Set<AttributeRef>> out = new ArrayList<>();
    for (Key k : owner.keys()) {
      if (!k.attributes().isEmpty()) {
        out.add(Set.copyOf(k.attributes()));
      }
    }
    return List.copyOf(out);
  }

  /** An entity's declared keys, else the nearest IsA ancestor's that has some. */
  private List<Set<AttributeRef>> entityKeys(String entity) {
    for (String e : lineage(entity)) {
      List<Set<AttributeRef>> own = model.entity(e).map(Owners::declared).orElse(List.of());
      if (!own.isEmpty()) {
        return own;
      }
    }
    return List.of();
  }

  /** The entity and its IsA ancestors, nearest first, each once (a cycle ends the walk). */
  private Set<String> lineage(String entity) {
    Set<String> out = new LinkedHashSet<>();
    for (String e = entity; e != null && out.add(e); ) {
      e = parentOf.get(e);
    }
    return out;
  }
}
