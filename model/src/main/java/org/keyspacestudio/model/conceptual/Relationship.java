package org.keyspacestudio.model.conceptual;

import java.util.List;
import java.util.Objects;

/**
 * A relationship type: a diamond in Chen's notation (a double diamond when it identifies a weak
 * entity), joined to two or more entities.
 *
 * @param name the name, unique among entities and relationships, not null
 * @param identifying whether it identifies a weak entity
 * @param ends the entities taking part, each with its cardinality and an optional role
 * @param attributes its own attributes
 * @param keys its keys (made of its entities' key attributes, and its own)
 */
public record Relationship(
    String name, boolean identifying, List<End> ends, List<Attribute> attributes, List<Key> keys)
    implements AttributeOwner {

  /**
   * One end of a relationship.
   *
   * @param entity the entity's name, not null
   * @param cardinality how many of the entity's instances take part: 1, n or m
   * @param role the entity's role in the relationship ({@code follower}), empty when none
   */
  public record End(String entity, Cardinality cardinality, String role) {
    public End {
      Objects.requireNonNull(entity, "entity");
      Objects.requireNonNull(cardinality, "cardinality");
      role = role == null ? "" : role;
    }

    /** A copy at another entity. */
    public End withEntity(String newEntity) {
      return new End(newEntity, cardinality, role);
    }
  }

  public Relationship {
    Objects.requireNonNull(name, "name");
    ends = List.copyOf(ends);
    attributes = List.copyOf(attributes);
    keys = List.copyOf(keys);
  }

  /** A copy with another name. */
  public Relationship withName(String newName) {
    return new Relationship(newName, identifying, ends, attributes, keys);
  }

  /** A copy that identifies a weak entity or not. */
  public Relationship withIdentifying(boolean newIdentifying) {
    return new Relationship(name, newIdentifying, ends, attributes, keys);
  }

  /** A copy with other ends. */
  public Relationship withEnds(List<End> newEnds) {
    return new Relationship(name, identifying, newEnds, attributes, keys);
  }

  /** A copy with other attributes. */
  public Relationship withAttributes(List<Attribute> newAttributes) {
    return new Relationship(name, identifying, ends, newAttributes, keys);
  }

  /** A copy with other keys. */
  public Relationship withKeys(List<Key> newKeys) {
    return new Relationship(name, identifying, ends, attributes, newKeys);
  }
}
