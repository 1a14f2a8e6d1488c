package org.keyspacestudio.model.schema;

import java.util.Objects;
import org.keyspacestudio.model.cql.CqlIdentifier;

/**
 * A stable path to an element of a {@link Schema}, used by problems, source maps and (later) the
 * diagram to point at a keyspace, type, field, table, column, index, view or unmodelled statement.
 *
 * @param kind what the path points at
 * @param keyspace the keyspace, or null for the unnamed keyspace
 * @param object the type, table, index or view name; null for {@link Kind#KEYSPACE}
 * @param member the field, column or option name; null unless {@code kind} is {@link Kind#FIELD},
 *     {@link Kind#COLUMN} or {@link Kind#OPTION}
 */
public record ElementRef(
    Kind kind, CqlIdentifier keyspace, CqlIdentifier object, CqlIdentifier member) {

  /** What an {@link ElementRef} points at. */
  public enum Kind {
    KEYSPACE,
    TYPE,
    FIELD,
    TABLE,
    COLUMN,
    INDEX,
    VIEW,
    /** A {@code WITH} option of a table or view; {@code member} holds the option name. */
    OPTION,
    /** An {@link OtherStatement}; {@code object} holds its 1-based number among them. */
    STATEMENT,
    /** An entity of a conceptual (ER) diagram; {@code object} holds its name. */
    ENTITY,
    /** A relationship of a conceptual (ER) diagram; {@code object} holds its name. */
    RELATIONSHIP,
    /** A task (step) of an application workflow diagram; {@code object} holds its name. */
    TASK
  }

  public ElementRef {
    Objects.requireNonNull(kind, "kind");
  }

  /** A box of a conceptual or workflow diagram: an entity, relationship or task, by name. */
  public static ElementRef diagramElement(Kind kind, String name) {
    if (kind != Kind.ENTITY && kind != Kind.RELATIONSHIP && kind != Kind.TASK) {
      throw new IllegalArgumentException(kind + " is not a conceptual or workflow element");
    }
    return new ElementRef(kind, null, CqlIdentifier.of(name), null);
  }

  public static ElementRef keyspace(CqlIdentifier keyspace) {
    return new ElementRef(Kind.KEYSPACE, keyspace, null, null);
  }

  public static ElementRef type(CqlIdentifier keyspace, CqlIdentifier type) {
    return new ElementRef(Kind.TYPE, keyspace, type, null);
  }

  public static ElementRef field(CqlIdentifier keyspace, CqlIdentifier type, CqlIdentifier field) {
    return new ElementRef(Kind.FIELD, keyspace, type, field);
  }

  public static ElementRef table(CqlIdentifier keyspace, CqlIdentifier table) {
    return new ElementRef(Kind.TABLE, keyspace, table, null);
  }

  public static ElementRef column(
      CqlIdentifier keyspace, CqlIdentifier table, CqlIdentifier column) {
    return new ElementRef(Kind.COLUMN, keyspace, table, column);
  }

  public static ElementRef index(CqlIdentifier keyspace, CqlIdentifier index) {
    return new ElementRef(Kind.INDEX, keyspace, index, null);
  }

  public static ElementRef view(CqlIdentifier keyspace, CqlIdentifier view) {
    return new ElementRef(Kind.VIEW, keyspace, view, null);
  }

  /** An option of a table or view ({@code owner} is a table or view reference). */
  public static ElementRef option(ElementRef owner, String name) {
    return new ElementRef(Kind.OPTION, owner.keyspace(), owner.object(), CqlIdentifier.of(name));
  }

  public static ElementRef statement(int number) {
    return new ElementRef(Kind.STATEMENT, null, CqlIdentifier.of(Integer.toString(number)), null);
  }

  /** The same path with the member removed: a column's table, a field's type. */
  public ElementRef parent() {
    return switch (kind) {
      case COLUMN, OPTION -> table(keyspace, object);
      case FIELD -> type(keyspace, object);
      case KEYSPACE -> this;
      default -> keyspace(keyspace);
    };
  }

  /** A readable path such as {@code killrvideo.users.email}; statements as {@code statement #3}. */
  @Override
  public String toString() {
    if (kind == Kind.STATEMENT) {
      return "statement #" + object.asInternal();
    }
    StringBuilder out = new StringBuilder(keyspace == null ? "" : keyspace.asCql());
    for (CqlIdentifier part : new CqlIdentifier[] {object, member}) {
      if (part != null) {
        if (out.length() > 0) {
          out.append('.');
        }
        out.append(part.asCql());
      }
    }
    return out.length() == 0 ? "(unnamed keyspace)" : out.toString();
  }
}
