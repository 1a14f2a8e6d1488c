package org.keyspacestudio.model.conceptual;

import java.util.List;
import java.util.Objects;

/**
 * An entity type of the conceptual model: a rectangle in Chen's notation, a double rectangle when
 * weak (identified through an identifying relationship with its owner entity).
 *
 * @param name the name, unique among entities and relationships, not null
 * @param weak whether it is a weak entity
 * @param attributes its attributes, in order
 * @param keys its keys, the primary one first; a weak entity's key includes its owner's key
 */
public record Entity(String name, boolean weak, List<Attribute> attributes, List<Key> keys)
    implements AttributeOwner {

  public Entity {
    Objects.requireNonNull(name, "name");
    attributes = List.copyOf(attributes);
    keys = List.copyOf(keys);
  }

  /** A strong entity without attributes. */
  public static Entity named(String name) {
    return new Entity(name, false, List.of(), List.of());
  }

  /** A copy with another name (references are not rewritten here; see ConceptualEdits). */
  public Entity withName(String newName) {
    return new Entity(newName, weak, attributes, keys);
  }

  /** A copy that is weak or not. */
  public Entity withWeak(boolean newWeak) {
    return new Entity(name, newWeak, attributes, keys);
  }

  /** A copy with other attributes. */
  public Entity withAttributes(List<Attribute> newAttributes) {
    return new Entity(name, weak, newAttributes, keys);
  }

  /** A copy with other keys. */
  public Entity withKeys(List<Key> newKeys) {
    return new Entity(name, weak, attributes, newKeys);
  }
}
