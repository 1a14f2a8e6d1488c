package org.keyspacestudio.model.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.type.NativeType;

/**
 * A table: its columns in declaration order, its primary key and its options.
 *
 * <p>The model holds what the user wrote, including schemas Cassandra would reject (a key naming a
 * missing column, a static column without clustering columns); {@code Validator} says what is
 * wrong. {@link #columnsInKeyOrder()} gives the row order of a Chebotko diagram and of Cassandra's
 * {@code DESCRIBE}.
 *
 * @param name the table name
 * @param columns the declared columns, in declaration order
 * @param primaryKey the primary key
 * @param options the {@code WITH} options
 */
public record Table(
    CqlIdentifier name, List<Column> columns, PrimaryKey primaryKey, TableOptions options) {

  public Table {
    Objects.requireNonNull(name, "name");
    columns = List.copyOf(columns);
    Objects.requireNonNull(primaryKey, "primaryKey");
    Objects.requireNonNull(options, "options");
  }

  /** The column of that name, if declared (the first one, should it be declared twice). */
  public Optional<Column> column(CqlIdentifier columnName) {
    for (Column column : columns) {
      if (column.name().equals(columnName)) {
        return Optional.of(column);
      }
    }
    return Optional.empty();
  }

  /** The role of a declared column: partition key, clustering, static or regular. */
  public ColumnKind kindOf(Column column) {
    if (primaryKey.isPartitionKey(column.name())) {
      return ColumnKind.PARTITION_KEY;
    }
    if (primaryKey.clusteringColumn(column.name()) != null) {
      return ColumnKind.CLUSTERING;
    }
    return column.isStatic() ? ColumnKind.STATIC : ColumnKind.REGULAR;
  }

  /**
   * The columns as a Chebotko diagram lists them: partition key columns in key order, clustering
   * columns in clustering order, then static and regular columns in declaration order. Key names
   * that match no declared column are skipped.
   */
  public List<Column> columnsInKeyOrder() {
    List<Column> ordered = new ArrayList<>(columns.size());
    for (CqlIdentifier key : primaryKey.allColumns()) {
      column(key).filter(c -> !ordered.contains(c)).ifPresent(ordered::add);
    }
    for (Column column : columns) {
      if (!primaryKey.allColumns().contains(column.name())) {
        ordered.add(column);
      }
    }
    return ordered;
  }

  /** Whether any column is a {@code counter} (a counter table). */
  public boolean isCounterTable() {
    return columns.stream().anyMatch(c -> c.type() == NativeType.COUNTER);
  }

  /** A copy with other columns. */
  public Table withColumns(List<Column> newColumns) {
    return new Table(name, newColumns, primaryKey, options);
  }

  /** A copy with other options. */
  public Table withOptions(TableOptions newOptions) {
    return new Table(name, columns, primaryKey, newOptions);
  }

  /** A copy with another primary key. */
  public Table withPrimaryKey(PrimaryKey newKey) {
    return new Table(name, columns, newKey, options);
  }
}
