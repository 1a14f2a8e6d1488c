package org.keyspacestudio.model.schema;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.keyspacestudio.model.cql.CqlIdentifier;

/**
 * A keyspace and everything in it: an immutable value, equal to another of the same parts.
 *
 * <p>Statements that name no keyspace, in a file with no {@code USE}, land in the <em>unnamed
 * keyspace</em> ({@code name == null}); it is printed back without qualification.
 *
 * <p>Looking a table, type or view up by name, a table's indexes and a base table's views takes
 * constant time (the lookups are built on first use): checks that go through every view or index of
 * a keyspace of thousands stay linear in its size.
 */
public final class Keyspace {

  private final CqlIdentifier name;
  private final KeyspaceDefinition definition;
  private final List<UserType> types;
  private final List<Table> tables;
  private final List<SecondaryIndex> indexes;
  private final List<MaterializedView> views;

  /** Built on first use from the parts above (which never change); null until then. */
  private volatile Lookup lookup;

  /** The parts by name: the first of each name, as a linear search would find it. */
  private record Lookup(
      java.util.Map<CqlIdentifier, Table> tables,
      java.util.Map<CqlIdentifier, UserType> types,
      java.util.Map<CqlIdentifier, MaterializedView> views,
      java.util.Map<CqlIdentifier, List<SecondaryIndex>> indexesOn,
      java.util.Map<CqlIdentifier, List<MaterializedView>> viewsOf) {}

  /**
   * @param name the keyspace name, or null for the unnamed keyspace
   * @param definition what {@code CREATE KEYSPACE} said, or null when the schema only refers to the
   *     keyspace (its objects were read, its definition was not)
   * @param types the user-defined types, in the order they were created, not null
   * @param tables the tables, in the order they were created, not null
   * @param indexes the secondary indexes, in the order they were created, not null
   * @param views the materialized views, in the order they were created, not null
   */
  public Keyspace(
      CqlIdentifier name,
      KeyspaceDefinition definition,
      List<UserType> types,
      List<Table> tables,
      List<SecondaryIndex> indexes,
      List<MaterializedView> views) {
    this.name = name;
    this.definition = definition;
    this.types = List.copyOf(types);
    this.tables = List.copyOf(tables);
    this.indexes = inTableOrder(indexes, this.tables, SecondaryIndex::table);
    this.views = inTableOrder(views, this.tables, MaterializedView::baseTable);
  }

  /** The keyspace name, or null for the unnamed keyspace. */
  public CqlIdentifier name() {
    return name;
  }

  /** What {@code CREATE KEYSPACE} said, or null when the schema only refers to the keyspace. */
  public KeyspaceDefinition definition() {
    return definition;
  }

  /** The user-defined types, in the order they were created. */
  public List<UserType> types() {
    return types;
  }

  /** The tables, in the order they were created. */
  public List<Table> tables() {
    return tables;
  }

  /** The secondary indexes, in their tables' order (each table's in creation order). */
  public List<SecondaryIndex> indexes() {
    return indexes;
  }

  /** The materialized views, in their base tables' order (each table's in creation order). */
  public List<MaterializedView> views() {
    return views;
  }

  @Override
  public boolean equals(Object o) {
    return o == this
        || (o instanceof Keyspace k
            && Objects.equals(name, k.name)
            && Objects.equals(definition, k.definition)
            && types.equals(k.types)
            && tables.equals(k.tables)
            && indexes.equals(k.indexes)
            && views.equals(k.views));
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, definition, types, tables, indexes, views);
  }

  @Override
  public String toString() {
    return "Keyspace[name="
        + name
        + ", definition="
        + definition
        + ", types="
        + types
        + ", tables="
        + tables
        + ", indexes="
        + indexes
        + ", views="
        + views
        + "]";
  }

  private Lookup lookup() {
    Lookup l = lookup;
    if (l == null) {
      java.util.Map<CqlIdentifier, Table> byName = new java.util.HashMap<>();
      tables.forEach(t -> byName.putIfAbsent(t.name(), t));
      java.util.Map<CqlIdentifier, UserType> typeByName = new java.util.HashMap<>();
      types.forEach(t -> typeByName.putIfAbsent(t.name(), t));
      java.util.Map<CqlIdentifier, MaterializedView> viewByName = new java.util.HashMap<>();
      java.util.Map<CqlIdentifier, List<MaterializedView>> viewsOf = new java.util.HashMap<>();
      for (MaterializedView v : views) {
        viewByName.putIfAbsent(v.name(), v);
        viewsOf.computeIfAbsent(v.baseTable(), k -> new java.util.ArrayList<>()).add(v);
      }
      java.util.Map<CqlIdentifier, List<SecondaryIndex>> on = new java.util.HashMap<>();
      for (SecondaryIndex i : indexes) {
        on.computeIfAbsent(i.table(), k -> new java.util.ArrayList<>()).add(i);
      }
      on.replaceAll((k, v) -> List.copyOf(v));
      viewsOf.replaceAll((k, v) -> List.copyOf(v));
      l = new Lookup(byName, typeByName, viewByName, on, viewsOf);
      lookup = l;
    }
    return l;
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
    return Optional.ofNullable(lookup().tables().get(tableName));
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
    return Optional.ofNullable(lookup().types().get(typeName));
  }

  /** The materialized view of that name, if any. */
  public Optional<MaterializedView> view(CqlIdentifier viewName) {
    return Optional.ofNullable(lookup().views().get(viewName));
  }

  /** The materialized views of one base table, in creation order. */
  public List<MaterializedView> viewsOf(CqlIdentifier baseTable) {
    return lookup().viewsOf().getOrDefault(baseTable, List.of());
  }

  /**
   * The table a materialized view's rows would fill: the columns it names (every column with {@code
   * SELECT *}) as its base table types them, none static, its primary key (in the clustering order
   * its rows are kept in, which the view's key holds) and options.
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

  /**
   * The rows a table or view reference reads: the table, or the table a materialized view's rows
   * fill ({@link #viewAsTable}).
   *
   * @param ref a reference into this keyspace, not null
   * @return the table, or null for another kind, a missing table or view, or a view whose base
   *     table or a column it names is missing
   */
  public Table rowsOf(ElementRef ref) {
    return switch (ref.kind()) {
      case TABLE -> table(ref.object()).orElse(null);
      case VIEW -> view(ref.object()).map(this::viewAsTable).orElse(null);
      default -> null;
    };
  }

  /** The secondary indexes on one table or view, in creation order. */
  public List<SecondaryIndex> indexesOn(CqlIdentifier tableName) {
    return lookup().indexesOn().getOrDefault(tableName, List.of());
  }

  /** A copy with other materialized views. */
  public Keyspace withViews(List<MaterializedView> newViews) {
    return new Keyspace(name, definition, types, tables, indexes, newViews);
  }

  /** A copy with other tables. */
  public Keyspace withTables(List<Table> newTables) {
    return new Keyspace(name, definition, types, newTables, indexes, views);
  }

  /** A copy with other secondary indexes. */
  public Keyspace withIndexes(List<SecondaryIndex> newIndexes) {
    return new Keyspace(name, definition, types, tables, newIndexes, views);
  }

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

  /** A copy with another definition. */
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
