package org.keyspacestudio.model.schema;

/**
 * A column's role in its table, as in Cassandra's {@code ColumnMetadata.Kind}; drawn as {@code K},
 * {@code C↑}/{@code C↓}, {@code S} or nothing in a Chebotko diagram.
 */
public enum ColumnKind {
  PARTITION_KEY,
  CLUSTERING,
  STATIC,
  REGULAR
}
