package org.keyspacestudio.model.conceptual;

import java.util.List;
import java.util.Optional;

/** What has attributes and keys: an entity or a relationship. */
public sealed interface AttributeOwner permits Entity, Relationship {

  /** The name, unique among entities and relationships. */
  String name();

  /** The attributes, in the order the user gave them. */
  List<Attribute> attributes();

  /** The keys; the first is the primary one (its attributes are drawn underlined). */
  List<Key> keys();

  /**
   * An attribute by name, or a part of a composite attribute by {@code composite.part}.
   *
   * @return the attribute, or empty when there is none of that name
   */
  default Optional<Attribute> attribute(String name) {
    int dot = name.indexOf('.');
    String top = dot < 0 ? name : name.substring(0, dot);
    for (Attribute a : attributes()) {
      if (a.name().equals(top)) {
        if (dot < 0) {
          return Optional.of(a);
        }
        String part = name.substring(dot + 1);
        return a.parts().stream().filter(p -> p.name().equals(part)).findFirst();
      }
    }
    return Optional.empty();
  }

  /** Whether the attribute of this owner is in its primary (first) key. */
  default boolean isKey(String attribute) {
    return !keys().isEmpty() && keys().get(0).contains(new AttributeRef(name(), attribute));
  }
}
