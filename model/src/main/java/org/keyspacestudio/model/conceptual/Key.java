package org.keyspacestudio.model.conceptual;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A key of an entity or relationship: attributes whose values identify one instance. A weak
 * entity's key includes its owner's key attributes ({@code Sensor.id, Temperature.timestamp}); a
 * relationship's key is made of its entities' keys (and its own attributes, if any).
 *
 * @param attributes the key's attributes, in order, not empty for a meaningful key
 */
public record Key(List<AttributeRef> attributes) {
  public Key {
    attributes = List.copyOf(attributes);
  }

  /** A key of the given attributes. */
  public static Key of(AttributeRef... attributes) {
    return new Key(List.of(attributes));
  }

  /** Whether the key contains the attribute. */
  public boolean contains(AttributeRef attribute) {
    return attributes.contains(attribute);
  }

  /** {@code Sensor.id, Temperature.timestamp}. */
  @Override
  public String toString() {
    return attributes.stream().map(AttributeRef::toString).collect(Collectors.joining(", "));
  }
}
