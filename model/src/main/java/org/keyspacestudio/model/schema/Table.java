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
 * <p>Immutable; looking a column up by name takes constant time (the table indexes its columns when
 * made), so checks stay linear on wide tables.
 */
public final class Table {

  private final CqlIdentifier name;
  private final List<Column> columns;
  private final PrimaryKey primaryKey;
  private final TableOptions options;
  private final java.util.Map<CqlIdentifier, Column> byName = new java.util.HashMap<>();

  /**
   * A table.
   *
   * @param name the table name
   * @param columns the declared columns, in declaration order
   * @param primaryKey the primary key
   * @param options the {@code WITH} options
   */
  public Table(
      CqlIdentifier name, List<Column> columns, PrimaryKey primaryKey, TableOptions options) {
    this.name = Objects.requireNonNull(name, "name");
    this.columns = List.copyOf(columns);
    this.primaryKey = Objects.requireNonNull(primaryKey, "primaryKey");
    this.options = Objects.requireNonNull(options, "options");
    this.columns.forEach(c -> byName.putIfAbsent(c.name(), c));
    this.counter = this.columns.stream().anyMatch(c -> c.type() == NativeType.COUNTER);
  }

  /**
   * Whether a column is a counter, found once: asked for each column's write, it read 4,000 columns
   * 4,000 times. Not part of the value beyond the columns it is read from.
   */
  private final boolean counter;

  /** The table name. */
  public CqlIdentifier name() {
    return name;
  }

  /** The declared columns, in declaration order. */
  public List<Column> columns() {
    return columns;
  }

  /** The primary key. */
  public PrimaryKey primaryKey() {
    return primaryKey;
  }

  /** The {@code WITH} options. */
  public TableOptions options() {
    return options;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Table t
        && name.equals(t.name)
        && columns.equals(t.columns)
        && primaryKey.equals(t.primaryKey)
        && options.equals(t.options);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, columns, primaryKey, options);
  }

  @Override
  public String toString() {
    return "Table[name="
        + name
        + ", columns="
        + columns
        + ", primaryKey="
        + primaryKey
        + ", options="
        + options
        + "]";
  }

  /** The column of that name, if declared (the first one, should it be declared twice). */
  public Optional<Column> column(CqlIdentifier columnName) {
    return Optional.ofNullable(byName.get(columnName));
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
   *
   * @return an unmodifiable list, made once per table (the diagram asks for it on every edit, for
   *     every table)
   */
  public List<Column> columnsInKeyOrder() {
    List<Column> made = keyOrder;
    if (made == null) {
      made = List.copyOf(keyOrderOf());
      keyOrder = made; // a race makes it twice, equal
    }
    return made;
  }

  /** {@link #columnsInKeyOrder()}, made once; not part of the value (equals, hashCode). */
  private List<Column> keyOrder;

  private List<Column> keyOrderOf() {
    List<Column> ordered = new ArrayList<>(columns.size());
    java.util.Set<Column> placed =
        java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    for (CqlIdentifier key : primaryKey.allColumns()) {
      Column c = byName.get(key);
      if (c != null && placed.add(c)) {
        ordered.add(c);
      }
    }
    for (Column column : columns) {
      if (!primaryKey.isKeyColumn(column.name())) {
        ordered.add(column);
      }
    }
    return ordered;
  }

  /** Whether any column is a {@code counter} (a counter table). */
  public boolean isCounterTable() {
    return counter;
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
