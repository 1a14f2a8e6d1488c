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
 * @param primaryKey the view's primary key, with the clustering order its rows are kept in (not
 *     necessarily the one its statement declares: see {@link #keyWithoutOrderClause})
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

  /** A copy with another primary key. */
  public MaterializedView withPrimaryKey(PrimaryKey key) {
    return new MaterializedView(
        name, baseTable, selected, notNullColumns, otherRestrictions, key, options);
  }

  /**
   * The key Cassandra gives this view when its statement has no {@code CLUSTERING ORDER BY}: each
   * clustering column that clusters the base table too keeps the base table's order (its type is
   * the base column's, reversed where the base clusters it descending), any other is ascending
   * ({@code CreateViewStatement.getType}).
   *
   * @param base the base table, or null when it is not known (then every column is ascending)
   * @return the key with the same columns, in the order a statement without the clause gives
   */
  public PrimaryKey keyWithoutOrderClause(Table base) {
    List<PrimaryKey.ClusteringColumn> clustering = new java.util.ArrayList<>();
    for (PrimaryKey.ClusteringColumn c : primaryKey.clustering()) {
      PrimaryKey.ClusteringColumn inBase =
          base == null ? null : base.primaryKey().clusteringColumn(c.name());
      clustering.add(
          new PrimaryKey.ClusteringColumn(
              c.name(), inBase == null ? ClusteringOrder.ASC : inBase.order()));
    }
    return new PrimaryKey(primaryKey.partitionKey(), clustering);
  }

  /**
   * Whether this view's statement must say its clustering order: when the order is not all
   * ascending (written out for the reader, as {@code DESCRIBE} does), or when leaving the clause
   * out would give another order ({@link #keyWithoutOrderClause}: an ascending column the base
   * table clusters descending).
   *
   * @param base the base table, or null when it is not known
   */
  public boolean needsOrderClause(Table base) {
    return primaryKey.hasNonDefaultOrder() || !primaryKey.equals(keyWithoutOrderClause(base));
  }
}
