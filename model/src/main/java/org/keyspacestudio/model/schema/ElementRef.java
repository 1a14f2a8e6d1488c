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
    TASK,
    /**
     * An attribute of an entity or relationship; {@code object} holds the owner's name, {@code
     * member} the attribute's name ({@code part.of.composite} for a part of a composite attribute).
     */
    ATTRIBUTE,
    /** An IsA hierarchy of a conceptual model; {@code object} holds its name. */
    ISA,
    /**
     * A query (access pattern) of the workflow; {@code object} holds its id, such as {@code Q1}.
     */
    QUERY,
    /**
     * A transition of the workflow; {@code object} holds the task it leaves (null for the entry
     * transition), {@code member} the task it enters.
     */
    TRANSITION;

    /** Whether the kind names an element of the conceptual model or the workflow, not of CQL. */
    public boolean conceptual() {
      return switch (this) {
        case ENTITY, RELATIONSHIP, TASK, ATTRIBUTE, ISA, QUERY, TRANSITION -> true;
        default -> false;
      };
    }
  }

  public ElementRef {
    Objects.requireNonNull(kind, "kind");
  }

  /**
   * A named element of the conceptual model or the workflow: an entity, relationship, IsA
   * hierarchy, task or query.
   *
   * @throws IllegalArgumentException for another kind
   */
  public static ElementRef diagramElement(Kind kind, String name) {
    if (kind != Kind.ENTITY
        && kind != Kind.RELATIONSHIP
        && kind != Kind.TASK
        && kind != Kind.ISA
        && kind != Kind.QUERY) {
      throw new IllegalArgumentException(kind + " is not a named conceptual or workflow element");
    }
    return new ElementRef(kind, null, CqlIdentifier.of(name), null);
  }

  /** An entity, by name. */
  public static ElementRef entity(String name) {
    return diagramElement(Kind.ENTITY, name);
  }

  /** A relationship, by name. */
  public static ElementRef relationship(String name) {
    return diagramElement(Kind.RELATIONSHIP, name);
  }

  /** A workflow task, by name. */
  public static ElementRef task(String name) {
    return diagramElement(Kind.TASK, name);
  }

  /** A query, by id ({@code Q1}). */
  public static ElementRef query(String id) {
    return diagramElement(Kind.QUERY, id);
  }

  /** An IsA hierarchy, by name. */
  public static ElementRef isa(String name) {
    return diagramElement(Kind.ISA, name);
  }

  /** An attribute of an entity or relationship ({@code owner}), by name. */
  public static ElementRef attribute(String owner, String attribute) {
    return new ElementRef(
        Kind.ATTRIBUTE, null, CqlIdentifier.of(owner), CqlIdentifier.of(attribute));
  }

  /** A workflow transition from a task ({@code from}; null for the entry) to a task. */
  public static ElementRef transition(String from, String to) {
    return new ElementRef(
        Kind.TRANSITION, null, from == null ? null : CqlIdentifier.of(from), CqlIdentifier.of(to));
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

  /**
   * The 1-based number of a kept statement this refers to ({@link #statement(int)}).
   *
   * @return the number, or -1 when this is not a statement reference holding one
   */
  public int statementNumber() {
    if (kind != Kind.STATEMENT || object == null) {
      return -1;
    }
    try {
      return Integer.parseInt(object.asInternal());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /**
   * The same path with the member removed: a column's table, a field's type. Conceptual and
   * workflow elements return themselves (an attribute's owner may be an entity or a relationship:
   * {@code ConceptualModel.ownerRef} tells which).
   */
  public ElementRef parent() {
    return switch (kind) {
      case COLUMN, OPTION -> table(keyspace, object);
      case FIELD -> type(keyspace, object);
      case KEYSPACE, ATTRIBUTE, ENTITY, RELATIONSHIP, TASK, ISA, QUERY, TRANSITION -> this;
      default -> keyspace(keyspace);
    };
  }

  /**
   * A readable path such as {@code killrvideo.users.email}; statements as {@code statement #3};
   * conceptual and workflow elements by their names as written ({@code Video.tags}, {@code Q3},
   * {@code Login -> Show user}).
   */
  @Override
  public String toString() {
    if (kind == Kind.STATEMENT) {
      return "statement #" + object.asInternal();
    }
    if (kind == Kind.TRANSITION) {
      return (object == null ? "(entry)" : object.asInternal()) + " -> " + member.asInternal();
    }
    if (kind.conceptual()) {
      return member == null ? object.asInternal() : object.asInternal() + "." + member.asInternal();
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
