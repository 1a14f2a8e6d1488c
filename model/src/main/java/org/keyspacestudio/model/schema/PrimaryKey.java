package org.keyspacestudio.model.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.keyspacestudio.model.cql.CqlIdentifier;

/**
 * A table's or view's primary key: the partition key columns and the clustering columns with their
 * order, as written in {@code PRIMARY KEY ((k1, k2), c1, c2) WITH CLUSTERING ORDER BY (...)}.
 *
 * <p>The key names columns; whether those columns exist, repeat or may be keys is checked by
 * validation, so a model being edited can hold any key.
 *
 * <p>Immutable; membership tests take constant time (the key indexes its columns when made).
 */
public final class PrimaryKey {

  /** A clustering column and its order. */
  public record ClusteringColumn(CqlIdentifier name, ClusteringOrder order) {
    public ClusteringColumn {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(order, "order");
    }
  }

  private final List<CqlIdentifier> partitionKey;
  private final List<ClusteringColumn> clustering;
  private final List<CqlIdentifier> allColumns;
  private final java.util.Set<CqlIdentifier> partitionSet;
  private final java.util.Map<CqlIdentifier, ClusteringColumn> clusteringByName =
      new java.util.HashMap<>();

  /**
   * A key.
   *
   * @param partitionKey the partition key columns in order; empty only in a model that validation
   *     rejects
   * @param clustering the clustering columns in order, each with its order
   */
  public PrimaryKey(List<CqlIdentifier> partitionKey, List<ClusteringColumn> clustering) {
    this.partitionKey = List.copyOf(partitionKey);
    this.clustering = List.copyOf(clustering);
    List<CqlIdentifier> all = new ArrayList<>(this.partitionKey);
    this.clustering.forEach(c -> all.add(c.name()));
    this.allColumns = List.copyOf(all);
    this.partitionSet = java.util.Set.copyOf(this.partitionKey);
    this.clustering.forEach(c -> clusteringByName.putIfAbsent(c.name(), c));
  }

  /** The partition key columns in order. */
  public List<CqlIdentifier> partitionKey() {
    return partitionKey;
  }

  /** The clustering columns in order, each with its order. */
  public List<ClusteringColumn> clustering() {
    return clustering;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PrimaryKey k
        && partitionKey.equals(k.partitionKey)
        && clustering.equals(k.clustering);
  }

  @Override
  public int hashCode() {
    return Objects.hash(partitionKey, clustering);
  }

  @Override
  public String toString() {
    return "PrimaryKey[partitionKey=" + partitionKey + ", clustering=" + clustering + "]";
  }

  /** A key with no columns, for a table whose key is not given yet. */
  public static PrimaryKey empty() {
    return new PrimaryKey(List.of(), List.of());
  }

  /** Every key column: partition key columns, then clustering columns (an unmodifiable list). */
  public List<CqlIdentifier> allColumns() {
    return allColumns;
  }

  /** Whether {@code column} is in the partition key. */
  public boolean isPartitionKey(CqlIdentifier column) {
    return partitionSet.contains(column);
  }

  /** Whether {@code column} is a key column (partition key or clustering). */
  public boolean isKeyColumn(CqlIdentifier column) {
    return partitionSet.contains(column) || clusteringByName.containsKey(column);
  }

  /** The clustering column of that name, or null. */
  public ClusteringColumn clusteringColumn(CqlIdentifier column) {
    return clusteringByName.get(column);
  }

  /** Whether the column is a clustering column in {@code DESC} order. */
  public boolean isDescending(CqlIdentifier column) {
    ClusteringColumn c = clusteringByName.get(column);
    return c != null && c.order() == ClusteringOrder.DESC;
  }

  /** Whether any clustering column is {@code DESC} (so a {@code CLUSTERING ORDER BY} is needed). */
  public boolean hasNonDefaultOrder() {
    return clustering.stream().anyMatch(c -> c.order() == ClusteringOrder.DESC);
  }
}
