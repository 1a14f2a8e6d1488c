package org.keyspacestudio.model.schema;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.keyspacestudio.model.cql.CqlIdentifier;

/**
 * A keyspace and everything in it.
 *
 * <p>Statements that name no keyspace, in a file with no {@code USE}, land in the <em>unnamed
 * keyspace</em> ({@code name == null}); it is printed back without qualification.
 *
 * @param name the keyspace name, or null for the unnamed keyspace
 * @param definition what {@code CREATE KEYSPACE} said, or null when the schema only refers to the
 *     keyspace (its objects were read, its definition was not)
 * @param types the user-defined types, in the order they were created
 * @param tables the tables, in the order they were created
 * @param indexes the secondary indexes, in the order they were created
 * @param views the materialized views, in the order they were created
 */
public record Keyspace(
    CqlIdentifier name,
    KeyspaceDefinition definition,
    List<UserType> types,
    List<Table> tables,
    List<SecondaryIndex> indexes,
    List<MaterializedView> views) {

  public Keyspace {
    types = List.copyOf(types);
    tables = List.copyOf(tables);
    indexes = inTableOrder(indexes, tables, SecondaryIndex::table);
    views = inTableOrder(views, tables, MaterializedView::baseTable);
  }

  /**
   * Indexes and views in the order of their tables (each table's in the order they were created;
   * those of a missing table last), as {@code DESCRIBE} and the CQL writer list them beside their
   * table: the order a script declares them in does not make two keyspaces differ.
   */
  private static <T> List<T> inTableOrder(
      List<T> items, List<Table> tables, java.util.function.Function<T, CqlIdentifier> tableOf) {
    if (items.size() < 2) {
      return List.copyOf(items);
    }
    java.util.Map<CqlIdentifier, Integer> position = new java.util.HashMap<>();
    for (int i = 0; i < tables.size(); i++) {
      position.putIfAbsent(tables.get(i).name(), i);
    }
    List<T> sorted = new java.util.ArrayList<>(items);
    sorted.sort(
        java.util.Comparator.comparingInt(
            item -> position.getOrDefault(tableOf.apply(item), Integer.MAX_VALUE)));
    return List.copyOf(sorted);
  }

  /** An empty keyspace with the given definition (which may be null). */
  public static Keyspace empty(CqlIdentifier name, KeyspaceDefinition definition) {
    return new Keyspace(name, definition, List.of(), List.of(), List.of(), List.of());
  }

  /** The table of that name, if any. */
  public Optional<Table> table(CqlIdentifier tableName) {
    return tables.stream().filter(t -> t.name().equals(tableName)).findFirst();
  }

  /**
   * This keyspace's user types by their fields, for the user type literals a statement gives them.
   *
   * @return for a type, its fields' types by name in order; null for a type it does not define
   */
  public org.keyspacestudio.model.type.ConstantTypes.UserTypes userTypeFields() {
    return ref -> type(ref.name()).map(UserType::fieldTypes).orElse(null);
  }

  /** The user-defined type of that name, if any. */
  public Optional<UserType> type(CqlIdentifier typeName) {
    return types.stream().filter(t -> t.name().equals(typeName)).findFirst();
  }

  /** The materialized view of that name, if any. */
  public Optional<MaterializedView> view(CqlIdentifier viewName) {
    return views.stream().filter(v -> v.name().equals(viewName)).findFirst();
  }

  /**
   * The table a materialized view's rows would fill: the columns it names (every column with {@code
   * SELECT *}) as its base table types them, none static, its primary key and options.
   *
   * @param v a view of this keyspace, not null
   * @return the table, or null when the base table, or a column the view names, is missing
   */
  public Table viewAsTable(MaterializedView v) {
    Table base = table(v.baseTable()).orElse(null);
    if (base == null) {
      return null;
    }
    java.util.Set<CqlIdentifier> named = new java.util.HashSet<>(v.primaryKey().allColumns());
    named.addAll(v.selected());
    List<Column> columns = new java.util.ArrayList<>();
    for (Column c : base.columns()) {
      if (named.remove(c.name()) || v.selectsAll()) {
        columns.add(new Column(c.name(), c.type(), false));
      }
    }
    return named.isEmpty() ? new Table(v.name(), columns, v.primaryKey(), v.options()) : null;
  }

  /** The secondary indexes on one table or view, in creation order. */
  public List<SecondaryIndex> indexesOn(CqlIdentifier tableName) {
    return indexes.stream().filter(i -> i.table().equals(tableName)).toList();
  }

  /** A copy with other tables. */
  public Keyspace withTables(List<Table> newTables) {
    return new Keyspace(name, definition, types, newTables, indexes, views);
  }

  /** A copy with other secondary indexes. */
  public Keyspace withIndexes(List<SecondaryIndex> newIndexes) {
    return new Keyspace(name, definition, types, tables, newIndexes, views);
  }

  /** A copy with another definition. */
  /**
   * This keyspace with every table column's and every type field's type passed through {@code
   * change} (indexes and views name columns, so they stay as they are).
   *
   * @param change maps a type to its replacement
   * @return the new keyspace
   */
  public Keyspace withTypesMapped(
      java.util.function.UnaryOperator<org.keyspacestudio.model.type.CqlType> change) {
    List<UserType> newTypes =
        types.stream()
            .map(
                u ->
                    new UserType(
                        u.name(),
                        u.fields().stream()
                            .map(f -> new UserType.Field(f.name(), change.apply(f.type())))
                            .toList()))
            .toList();
    List<Table> newTables =
        tables.stream()
            .map(
                t ->
                    t.withColumns(
                        t.columns().stream().map(c -> c.withType(change.apply(c.type()))).toList()))
            .toList();
    return new Keyspace(name, definition, newTypes, newTables, indexes, views);
  }

  public Keyspace withDefinition(KeyspaceDefinition newDefinition) {
    return new Keyspace(name, newDefinition, types, tables, indexes, views);
  }

  /** Whether this is the unnamed keyspace. */
  public boolean isUnnamed() {
    return name == null;
  }

  /** Whether two keyspaces have the same name (both may be unnamed). */
  public boolean hasName(CqlIdentifier other) {
    return Objects.equals(name, other);
  }
}
