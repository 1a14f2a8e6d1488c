package org.keyspacestudio.model.conceptual;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * The conceptual data model: an entity-relationship model in Chen's notation (Chebotko, Kashlev, Lu
 * 2015, section 1 of {@code shared/notes/chebotko-method.md}). Entities, relationships and IsA
 * hierarchies, each identified by its name; attributes referred to as {@code Entity.attribute}.
 *
 * <p>Immutable; the model may be inconsistent while a user edits it (a key naming a missing
 * attribute, a relationship with one end), and {@link ConceptualRules} says what is wrong.
 *
 * <p>Looking up an entity, relationship, hierarchy or attribute by name takes constant time (the
 * model indexes its names when it is made), so checks stay linear on large models.
 */
public final class ConceptualModel {

  private final List<Entity> entities;
  private final List<Relationship> relationships;
  private final List<IsA> hierarchies;
  private final java.util.Map<String, Entity> entityByName = new java.util.HashMap<>();
  private final java.util.Map<String, Relationship> relationshipByName = new java.util.HashMap<>();
  private final java.util.Map<String, IsA> hierarchyByName = new java.util.HashMap<>();

  /**
   * A model.
   *
   * @param entities the entities, in the order they were created
   * @param relationships the relationships, in the order they were created
   * @param hierarchies the IsA hierarchies
   */
  public ConceptualModel(
      List<Entity> entities, List<Relationship> relationships, List<IsA> hierarchies) {
    this.entities = List.copyOf(entities);
    this.relationships = List.copyOf(relationships);
    this.hierarchies = List.copyOf(hierarchies);
    this.entities.forEach(e -> entityByName.putIfAbsent(e.name(), e));
    this.relationships.forEach(r -> relationshipByName.putIfAbsent(r.name(), r));
    this.hierarchies.forEach(h -> hierarchyByName.putIfAbsent(h.name(), h));
  }

  /** The entities, in the order they were created. */
  public List<Entity> entities() {
    return entities;
  }

  /** The relationships, in the order they were created. */
  public List<Relationship> relationships() {
    return relationships;
  }

  /** The IsA hierarchies. */
  public List<IsA> hierarchies() {
    return hierarchies;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ConceptualModel m
        && entities.equals(m.entities)
        && relationships.equals(m.relationships)
        && hierarchies.equals(m.hierarchies);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(entities, relationships, hierarchies);
  }

  @Override
  public String toString() {
    return "ConceptualModel[entities="
        + entities
        + ", relationships="
        + relationships
        + ", hierarchies="
        + hierarchies
        + "]";
  }

  /** A model with nothing in it. */
  public static ConceptualModel empty() {
    return new ConceptualModel(List.of(), List.of(), List.of());
  }

  /** Whether the model has no entity, relationship or hierarchy. */
  public boolean isEmpty() {
    return entities.isEmpty() && relationships.isEmpty() && hierarchies.isEmpty();
  }

  /** The entity of that name. */
  public Optional<Entity> entity(String name) {
    return Optional.ofNullable(entityByName.get(name));
  }

  /** The relationship of that name. */
  public Optional<Relationship> relationship(String name) {
    return Optional.ofNullable(relationshipByName.get(name));
  }

  /** The hierarchy of that name. */
  public Optional<IsA> hierarchy(String name) {
    return Optional.ofNullable(hierarchyByName.get(name));
  }

  /** The entity or relationship of that name (entities first). */
  public Optional<AttributeOwner> owner(String name) {
    Optional<AttributeOwner> entity = entity(name).map(e -> e);
    return entity.isPresent() ? entity : relationship(name).map(r -> r);
  }

  /**
   * The attribute a reference points at, or empty when it dangles. The owner is an entity or a
   * relationship, or the role of a relationship end ({@code follower.user_id} is {@code User}'s
   * {@code user_id} seen from the follower's end; see {@link #roleEntity}).
   */
  public Optional<Attribute> attribute(AttributeRef ref) {
    Optional<AttributeOwner> owner = owner(ref.owner());
    if (owner.isEmpty()) {
      owner = roleEntity(ref.owner()).map(e -> e);
    }
    return owner.flatMap(o -> o.attribute(ref.attribute()));
  }

  /**
   * The entity a relationship end's role stands for, when no entity or relationship has that name:
   * {@code follower} in {@code follows} joining {@code User} as follower and as followee. Queries
   * tell a recursive relationship's ends apart by their roles ({@code Given followee.user_id =,
   * Returns follower.user_id}), as Chen's notation does.
   *
   * @param name a name, not null
   * @return the entity of the first end (in relationship order) with that role; empty when the name
   *     is blank, an entity or relationship has it, or no end has that role
   */
  public Optional<Entity> roleEntity(String name) {
    // An end without a role (blank) is no role.
    if (name.isBlank() || entityByName.containsKey(name) || relationshipByName.containsKey(name)) {
      return Optional.empty();
    }
    for (Relationship r : relationships) {
      for (Relationship.End end : r.ends()) {
        if (end.role().equals(name)) {
          return entity(end.entity());
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The roles of a relationship's ends of one entity that stand for it ({@link #roleEntity}: a role
   * another relationship gives another entity first does not), each once, in end order.
   *
   * @param relationship a relationship, not null
   * @param entity an entity's name, not null
   * @return the roles; as many as the ends of that entity when each has a role of its own
   */
  public List<String> rolesFor(Relationship relationship, String entity) {
    return relationship.ends().stream()
        .filter(e -> e.entity().equals(entity))
        .map(Relationship.End::role)
        .filter(x -> roleEntity(x).map(y -> y.name().equals(entity)).orElse(false))
        .distinct()
        .toList();
  }

  /**
   * The box an owner name is drawn as: an entity or relationship reference, or null when there is
   * neither of that name.
   */
  public ElementRef ownerRef(String name) {
    if (entity(name).isPresent()) {
      return ElementRef.entity(name);
    }
    return relationship(name).isPresent() ? ElementRef.relationship(name) : null;
  }

  /** Whether an entity, relationship or hierarchy already has this name. */
  public boolean nameTaken(String name) {
    return entity(name).isPresent()
        || relationship(name).isPresent()
        || hierarchy(name).isPresent();
  }

  /**
   * Every attribute a query or a key can refer to: each entity's and then each relationship's, in
   * the model's order, with the parts of a composite after it ({@code Video.encoding}, {@code
   * Video.encoding.height}).
   */
  public List<AttributeRef> attributeReferences() {
    List<AttributeRef> all = new ArrayList<>();
    for (AttributeOwner owner : entities) {
      collectReferences(owner.name(), "", owner.attributes(), all);
    }
    for (AttributeOwner owner : relationships) {
      collectReferences(owner.name(), "", owner.attributes(), all);
    }
    return all;
  }

  private static void collectReferences(
      String owner, String prefix, List<Attribute> attributes, List<AttributeRef> into) {
    for (Attribute a : attributes) {
      into.add(new AttributeRef(owner, prefix + a.name()));
      collectReferences(owner, prefix + a.name() + ".", a.parts(), into);
    }
  }

  /**
   * The entity's attributes including those inherited through IsA hierarchies (parents' first),
   * with the owner each is declared on.
   */
  public List<AttributeRef> attributesWithInherited(String entity) {
    List<AttributeRef> all = new ArrayList<>();
    collectInherited(entity, all, new ArrayList<>());
    return all;
  }

  private void collectInherited(String entity, List<AttributeRef> into, List<String> seen) {
    if (seen.contains(entity)) {
      return;
    }
    seen.add(entity);
    for (IsA h : hierarchies) {
      if (h.children().contains(entity)) {
        collectInherited(h.parent(), into, seen);
      }
    }
    entity(entity)
        .ifPresent(
            e -> e.attributes().forEach(a -> into.add(new AttributeRef(e.name(), a.name()))));
  }

  /** A copy with the entity of the same name replaced, or added at the end. */
  public ConceptualModel withEntity(Entity entity) {
    return withEntity(entity.name(), entity);
  }

  /** A copy with the entity called {@code name} replaced (or added at the end). */
  public ConceptualModel withEntity(String name, Entity entity) {
    return new ConceptualModel(
        replaced(entities, name, entity, Entity::name), relationships, hierarchies);
  }

  /** A copy with the relationship called {@code name} replaced (or added at the end). */
  public ConceptualModel withRelationship(String name, Relationship relationship) {
    return new ConceptualModel(
        entities, replaced(relationships, name, relationship, Relationship::name), hierarchies);
  }

  /** A copy with the hierarchy called {@code name} replaced (or added at the end). */
  public ConceptualModel withHierarchy(String name, IsA hierarchy) {
    return new ConceptualModel(
        entities, relationships, replaced(hierarchies, name, hierarchy, IsA::name));
  }

  /** A copy with the owner called {@code name} (entity or relationship) changed. */
  public ConceptualModel withOwner(String name, UnaryOperator<AttributeOwner> change) {
    Optional<Entity> e = entity(name);
    if (e.isPresent()) {
      return withEntity(name, (Entity) change.apply(e.get()));
    }
    Optional<Relationship> r = relationship(name);
    return r.isPresent() ? withRelationship(name, (Relationship) change.apply(r.get())) : this;
  }

  /** A copy with other entities. */
  public ConceptualModel withEntities(List<Entity> newEntities) {
    return new ConceptualModel(newEntities, relationships, hierarchies);
  }

  /** A copy with other relationships. */
  public ConceptualModel withRelationships(List<Relationship> newRelationships) {
    return new ConceptualModel(entities, newRelationships, hierarchies);
  }

  /** A copy with other hierarchies. */
  public ConceptualModel withHierarchies(List<IsA> newHierarchies) {
    return new ConceptualModel(entities, relationships, newHierarchies);
  }

  private static <T> List<T> replaced(
      List<T> list, String name, T replacement, java.util.function.Function<T, String> nameOf) {
    List<T> out = new ArrayList<>(list);
    for (int i = 0; i < out.size(); i++) {
      if (nameOf.apply(out.get(i)).equals(name)) {
        if (replacement == null) {
          out.remove(i);
        } else {
          out.set(i, replacement);
        }
        return out;
      }
    }
    if (replacement != null) {
      out.add(replacement);
    }
    return out;
  }
}
