package org.keyspacestudio.model.schema;

import java.util.List;
import java.util.Objects;
import org.keyspacestudio.model.cql.CqlIdentifier;

/**
 * A materialized view over a base table of the same keyspace.
 *
 * @param name the view name
 * @param baseTable the base table
 * @param selected the selected columns in order, or empty for {@code SELECT *}
 * @param notNullColumns the columns the {@code WHERE} clause restricts with {@code IS NOT NULL}
 * @param otherRestrictions the rest of the {@code WHERE} clause as CQL, joined with {@code AND}, or
 *     empty
 * @param primaryKey the view's primary key
 * @param options the {@code WITH} options
 */
public record MaterializedView(
    CqlIdentifier name,
    CqlIdentifier baseTable,
    List<CqlIdentifier> selected,
    List<CqlIdentifier> notNullColumns,
    String otherRestrictions,
    PrimaryKey primaryKey,
    TableOptions options) {

  public MaterializedView {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(baseTable, "baseTable");
    selected = List.copyOf(selected);
    notNullColumns = List.copyOf(notNullColumns);
    Objects.requireNonNull(otherRestrictions, "otherRestrictions");
    Objects.requireNonNull(primaryKey, "primaryKey");
    Objects.requireNonNull(options, "options");
  }

  /** Whether the view selects every column ({@code SELECT *}). */
  public boolean selectsAll() {
    return selected.isEmpty();
  }
}
