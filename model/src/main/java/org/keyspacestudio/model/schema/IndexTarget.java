package org.keyspacestudio.model.schema;

import java.util.Objects;
import org.keyspacestudio.model.cql.CqlIdentifier;

/**
 * What a secondary index indexes: a column, or part of a collection column.
 *
 * @param column the indexed column
 * @param kind which part of the column
 */
public record IndexTarget(CqlIdentifier column, Kind kind) {

  /** Which part of the column an index covers, as written in {@code CREATE INDEX}. */
  public enum Kind {
    /** {@code (col)}: the value of a regular column, or the values of a collection. */
    SIMPLE,
    /** {@code keys(col)}: the keys of a map. */
    KEYS,
    /** {@code values(col)}: the values of a collection, written explicitly. */
    VALUES,
    /** {@code entries(col)}: the entries of a map. */
    ENTRIES,
    /** {@code full(col)}: a whole frozen collection. */
    FULL
  }

  public IndexTarget {
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(kind, "kind");
  }

  /** The target as CQL: {@code col} or {@code keys(col)} and so on. */
  public String asCql() {
    return kind == Kind.SIMPLE
        ? column.asCql()
        : kind.name().toLowerCase(java.util.Locale.ROOT) + "(" + column.asCql() + ")";
  }
}
