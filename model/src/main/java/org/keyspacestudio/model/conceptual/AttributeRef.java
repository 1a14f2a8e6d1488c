package org.keyspacestudio.model.conceptual;

import java.util.Objects;

/**
 * A reference to an attribute of the conceptual model, written {@code Entity.attribute} (or {@code
 * Relationship.attribute}); a part of a composite attribute is {@code Entity.composite.part}.
 * Queries and keys refer to attributes this way, so renaming an entity or an attribute rewrites
 * every reference (see {@code ConceptualEdits}).
 *
 * @param owner the entity's or relationship's name, not null
 * @param attribute the attribute's name, or {@code composite.part} for a part, not null
 */
public record AttributeRef(String owner, String attribute) implements Comparable<AttributeRef> {

  public AttributeRef {
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(attribute, "attribute");
  }

  /**
   * Reads {@code Owner.attribute} (spaces around the dot allowed).
   *
   * @throws IllegalArgumentException when the text has no dot, or nothing before or after it
   */
  public static AttributeRef parse(String text) {
    String trimmed = text.strip();
    int dot = trimmed.indexOf('.');
    if (dot <= 0 || dot == trimmed.length() - 1) {
      throw new IllegalArgumentException(
          "'" + trimmed + "' is not an attribute reference (expected Entity.attribute)");
    }
    return new AttributeRef(trimmed.substring(0, dot).strip(), trimmed.substring(dot + 1).strip());
  }

  /** The top-level attribute: the composite for a part, the attribute itself otherwise. */
  public String topLevel() {
    int dot = attribute.indexOf('.');
    return dot < 0 ? attribute : attribute.substring(0, dot);
  }

  /** The same attribute under a renamed owner. */
  public AttributeRef withOwner(String newOwner) {
    return new AttributeRef(newOwner, attribute);
  }

  @Override
  public int compareTo(AttributeRef o) {
    int c = owner.compareTo(o.owner);
    return c != 0 ? c : attribute.compareTo(o.attribute);
  }

  /** {@code Owner.attribute}. */
  @Override
  public String toString() {
    return owner + "." + attribute;
  }
}
