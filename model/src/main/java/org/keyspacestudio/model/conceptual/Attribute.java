package org.keyspacestudio.model.conceptual;

import java.util.List;
import java.util.Objects;

/**
 * An attribute of an entity or a relationship, drawn as an oval (Chen): simple, multi-valued
 * (double oval, several values per instance, mapped to a collection) or composite (its parts hang
 * off it). Whether it is a key attribute (underlined) is said by its owner's keys.
 *
 * @param name the name as the user wrote it (may contain spaces, never a dot), not null
 * @param kind simple, multi-valued or composite
 * @param type a CQL type hint ({@code uuid}, {@code text}, {@code timestamp}...), used when tables
 *     are generated; for a multi-valued attribute the type of one value; empty when not given
 * @param parts the parts of a composite attribute, empty for the other kinds
 */
public record Attribute(String name, Kind kind, String type, List<Attribute> parts) {

  /** What an attribute holds. */
  public enum Kind {
    /** One value (an oval). */
    SIMPLE,
    /** Several values per instance (a double oval); mapped to a set. */
    MULTI_VALUED,
    /** A value made of named parts (an oval with part ovals). */
    COMPOSITE
  }

  public Attribute {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
    type = type == null ? "" : type;
    parts = List.copyOf(parts);
  }

  /** A simple attribute. */
  public static Attribute simple(String name, String type) {
    return new Attribute(name, Kind.SIMPLE, type, List.of());
  }

  /** A multi-valued attribute whose values are of {@code type}. */
  public static Attribute multiValued(String name, String type) {
    return new Attribute(name, Kind.MULTI_VALUED, type, List.of());
  }

  /** A copy with another name. */
  public Attribute withName(String newName) {
    return new Attribute(newName, kind, type, parts);
  }

  /** A copy of another kind (a composite keeps its parts only while it stays composite). */
  public Attribute withKind(Kind newKind) {
    return new Attribute(name, newKind, type, newKind == Kind.COMPOSITE ? parts : List.of());
  }

  /** A copy with another type hint. */
  public Attribute withType(String newType) {
    return new Attribute(name, kind, newType, parts);
  }

  /** A copy with other parts. */
  public Attribute withParts(List<Attribute> newParts) {
    return new Attribute(name, kind, type, newParts);
  }
}
