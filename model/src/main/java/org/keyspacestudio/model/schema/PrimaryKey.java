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
 * @param partitionKey the partition key columns in order; empty only in a model that validation
 *     rejects
 * @param clustering the clustering columns in order, each with its order
 */
public record PrimaryKey(List<CqlIdentifier> partitionKey, List<ClusteringColumn> clustering) {

  /** A clustering column and its order. */
  public record ClusteringColumn(CqlIdentifier name, ClusteringOrder order) {
    public ClusteringColumn {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(order, "order");
    }
  }

  public PrimaryKey {
    partitionKey = List.copyOf(partitionKey);
    clustering = List.copyOf(clustering);
  }

  /** A key with no columns, for a table whose key is not given yet. */
  public static PrimaryKey empty() {
    return new PrimaryKey(List.of(), List.of());
  }

  /** Every key column: partition key columns, then clustering columns. */
  public List<CqlIdentifier> allColumns() {
    List<CqlIdentifier> all = new ArrayList<>(partitionKey);
    clustering.forEach(c -> all.add(c.name()));
    return all;
  }

  /** Whether {@code column} is in the partition key. */
  public boolean isPartitionKey(CqlIdentifier column) {
    return partitionKey.contains(column);
  }

  /** The clustering column of that name, or null. */
  public ClusteringColumn clusteringColumn(CqlIdentifier column) {
    for (ClusteringColumn c : clustering) {
      if (c.name().equals(column)) {
        return c;
      }
    }
    return null;
  }

  /** Whether any clustering column is {@code DESC} (so a {@code CLUSTERING ORDER BY} is needed). */
  public boolean hasNonDefaultOrder() {
    return clustering.stream().anyMatch(c -> c.order() == ClusteringOrder.DESC);
  }
}
