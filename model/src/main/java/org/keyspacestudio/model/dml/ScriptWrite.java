package org.keyspacestudio.model.dml;

import java.util.List;
import java.util.Objects;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.type.Constant;
import org.keyspacestudio.model.workflow.Operator;

/**
 * An {@code INSERT}, {@code UPDATE} or {@code DELETE} of a script, as read by {@link
 * org.keyspacestudio.model.parse.WriteReader}: what {@link ScriptWrites} judges as Cassandra 5.0
 * prepares and runs it: the statement's shape, and the constants it gives columns ({@link
 * Constant}; a bind marker, a function call or a collection value is {@link Constant#OTHER}).
 *
 * @param kind the statement
 * @param keyspace the keyspace it names, or null when it names none
 * @param table the table (or view) it writes
 * @param tableStart the offset of the table's name (its keyspace included) in the statement's text
 * @param tableEnd the offset just past the table's name
 * @param changes what it writes: the columns an INSERT names (each {@link Change.Op#SET}), an
 *     UPDATE's assignments, a DELETE's columns, elements and fields (none: the whole row or rows);
 *     empty for {@code INSERT JSON}
 * @param values how many values an INSERT gives ({@code -1} for another statement or {@code INSERT
 *     JSON})
 * @param literals an INSERT's values in order, each a constant or {@link Constant.Kind#OTHER}; an
 *     {@code INSERT JSON}'s one value (its string, or {@link Constant.Kind#OTHER} for a bind
 *     marker); empty for another statement
 * @param where the WHERE clause's relations in the order written (none for an INSERT)
 * @param condition its {@code IF}
 * @param conditions the comparisons of an {@code IF}, in the order written (empty unless {@code
 *     condition} is {@link Condition#COLUMNS})
 * @param timestamp whether it says {@code USING TIMESTAMP}
 * @param ttl whether it says {@code USING TTL}
 * @param json whether it is an {@code INSERT JSON}
 */
public record ScriptWrite(
    Kind kind,
    CqlIdentifier keyspace,
    CqlIdentifier table,
    int tableStart,
    int tableEnd,
    List<Change> changes,
    int values,
    List<Constant> literals,
    List<Relation> where,
    Condition condition,
    List<Compared> conditions,
    boolean timestamp,
    boolean ttl,
    boolean json) {

  public ScriptWrite {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(table, "table");
    changes = List.copyOf(changes);
    literals = List.copyOf(literals);
    where = List.copyOf(where);
    Objects.requireNonNull(condition, "condition");
    conditions = List.copyOf(conditions);
  }

  /** The statement's kind, as Cassandra's {@code StatementType} names it. */
  public enum Kind {
    INSERT,
    UPDATE,
    DELETE
  }

  /**
   * A comparison of an {@code IF}: {@code IF views > 10}, {@code IF tags['a'] = ?}.
   *
   * @param column the column compared, not null
   * @param part whether it compares an element or a field of the column ({@code c[k]}, {@code c.f})
   *     rather than the column
   * @param op the operator ({@link Operator#EQ}, {@link Operator#NEQ}, {@link Operator#IN}, the
   *     ranges), or null for one not read ({@code CONTAINS}, a comparison of a part)
   * @param values the values compared with ({@code IN}: each of the list's), constants or {@link
   *     Constant.Kind#OTHER}; empty for {@code IN ?} and where {@code op} is null
   */
  public record Compared(CqlIdentifier column, boolean part, Operator op, List<Constant> values) {
    public Compared {
      Objects.requireNonNull(column, "column");
      values = List.copyOf(values);
    }
  }

  /** The statement's {@code IF}. */
  public enum Condition {
    NONE,
    IF_EXISTS,
    IF_NOT_EXISTS,
    COLUMNS
  }

  /**
   * One thing the statement writes or deletes.
   *
   * @param column the column
   * @param op how
   * @param field the field of a user-defined type ({@link Op#SET_FIELD}, {@link Op#DELETE_FIELD}),
   *     else null
   * @param shown the assignment or deletion as written, for messages ({@code tags = tags + ?})
   * @param value the value assigned ({@code c = value}, {@code c = c + value}, {@code c = value +
   *     c}, {@code c[k] = value}, {@code c.f = value}), a constant or literal, or {@link
   *     Constant.Kind#OTHER}
   */
  public record Change(
      CqlIdentifier column, Op op, CqlIdentifier field, String shown, Constant value) {
    public Change {
      Objects.requireNonNull(column, "column");
      Objects.requireNonNull(op, "op");
      Objects.requireNonNull(shown, "shown");
      Objects.requireNonNull(value, "value");
    }

    /** The operations of Cassandra's {@code Operation} (its raw updates and deletions). */
    public enum Op {
      /** {@code c = value}, or a column an INSERT names. */
      SET,
      /** {@code c = c + value} or {@code c += value}. */
      ADD,
      /** {@code c = c - value} or {@code c -= value}. */
      SUBTRACT,
      /** {@code c = value + c}. */
      PREPEND,
      /** {@code c[key] = value}. */
      SET_ELEMENT,
      /** {@code c.field = value}. */
      SET_FIELD,
      /** {@code DELETE c}. */
      DELETE,
      /** {@code DELETE c[key]}. */
      DELETE_ELEMENT,
      /** {@code DELETE c.field}. */
      DELETE_FIELD
    }
  }

  /**
   * A relation of the WHERE clause.
   *
   * @param column the column, or for {@code token(k, ...)} the first of its columns
   * @param op the operator ({@link Operator#EQ}, {@link Operator#IN}, the ranges, {@link
   *     Operator#NEQ}, {@link Operator#CONTAINS}, {@link Operator#CONTAINS_KEY}, {@link
   *     Operator#LIKE}, {@link Operator#IS_NOT_NULL})
   * @param token whether the relation is on {@code token(...)}
   * @param values the value compared with ({@code IN}: each of the list's), constants or {@link
   *     Constant.Kind#OTHER}; empty for {@code IN ?} and {@code IS NOT NULL}
   */
  public record Relation(CqlIdentifier column, Operator op, boolean token, List<Constant> values) {
    public Relation {
      Objects.requireNonNull(column, "column");
      Objects.requireNonNull(op, "op");
      values = List.copyOf(values);
    }
  }

  /** The table as written, with its keyspace when named: {@code ks.videos}. */
  public String tableCql() {
    return (keyspace == null ? "" : keyspace.asCql() + ".") + table.asCql();
  }
}
