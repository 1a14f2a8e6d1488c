package org.keyspacestudio.model.diagram;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.type.CollectionType;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.type.TupleType;
import org.keyspacestudio.model.type.UserTypeRef;

/**
 * The Chebotko diagram notation (Chebotko, Kashlev, Lu 2015; DS220 "Chebotko Diagram Notation"):
 * which boxes a schema draws and what each row says.
 *
 * <ul>
 *   <li>A table box: header with the table name (with its keyspace at the physical level), one row
 *       per column: partition key columns, clustering columns in clustering order, then the rest in
 *       declaration order.
 *   <li>Markers: {@code K} partition key, {@code C↑}/{@code C↓} clustering ascending/descending,
 *       {@code S} static, {@code IDX} secondary index, {@code ++} counter.
 *   <li>Names are bracketed by type: {@code [list]}, {@code {set}}, {@code <map>}, {@code *udt*},
 *       {@code (tuple)}.
 *   <li>A materialized view is drawn as a table with its key from the view's primary key; a UDT as
 *       its own box titled {@code *name*}, without markers.
 * </ul>
 */
public final class ChebotkoNotation {

  private ChebotkoNotation() {}

  /** Every box of a schema: per keyspace, its UDTs, then each table followed by its views. */
  public static List<Box> boxes(Schema schema, Diagram.Level level) {
    return boxes(schema, level, null);
  }

  /**
   * The table boxes of the last {@link #boxes(Schema, Diagram.Level, Memo)}, each with what it was
   * made from: an editor draws again after every edit, and an edit changes one table of many. Not
   * thread-safe: one per diagram of a window.
   */
  public static final class Memo {
    private Map<Table, Made> last = Map.of();
  }

  /**
   * A table's box and what it was made from: the table (a value: the same instance is the same
   * table), its keyspace's name, the indexes on it (IDX markers) and the level.
   */
  private record Made(
      CqlIdentifier keyspace, List<SecondaryIndex> indexes, Diagram.Level level, Box box) {}

  /**
   * Every box of a schema, as {@link #boxes(Schema, Diagram.Level)} makes them, reusing the box of
   * each table whose instance, keyspace name, indexes and level are those of the last run with the
   * same memo (the same {@link Box} instance). Types' and views' boxes are made every time.
   *
   * @param schema the schema, not null
   * @param level logical or physical
   * @param memo the boxes of the last run, updated to this one; null makes every box
   * @return the boxes, in the order {@link #boxes(Schema, Diagram.Level)} gives them
   */
  public static List<Box> boxes(Schema schema, Diagram.Level level, Memo memo) {
    List<Box> boxes = new ArrayList<>();
    Map<Table, Made> made = memo == null ? null : new IdentityHashMap<>();
    for (Keyspace ks : schema.keyspaces()) {
      for (UserType type : ks.types()) {
        boxes.add(typeBox(ks, type, level));
      }
      Map<CqlIdentifier, List<SecondaryIndex>> indexesOn = new HashMap<>();
      for (SecondaryIndex index : ks.indexes()) {
        indexesOn.computeIfAbsent(index.table(), t -> new ArrayList<>()).add(index);
      }
      Set<CqlIdentifier> drawnViews = new HashSet<>();
      for (Table table : ks.tables()) {
        List<SecondaryIndex> indexes = indexesOn.getOrDefault(table.name(), List.of());
        Made last = memo == null ? null : memo.last.get(table);
        Box box =
            last != null
                    && Objects.equals(last.keyspace(), ks.name())
                    && last.level() == level
                    && last.indexes().equals(indexes)
                ? last.box()
                : tableBox(ks, table, indexes, level);
        if (made != null) {
          made.put(table, new Made(ks.name(), indexes, level, box));
        }
        boxes.add(box);
        for (MaterializedView view : ks.viewsOf(table.name())) {
          if (drawnViews.add(view.name())) {
            boxes.add(viewBox(ks, view, table, level));
          }
        }
      }
      for (MaterializedView view : ks.views()) {
        if (drawnViews.add(view.name())) {
          boxes.add(viewBox(ks, view, null, level));
        }
      }
    }
    if (memo != null) {
      memo.last = made;
    }
    return boxes;
  }

  /** The box of one table. */
  public static Box tableBox(Keyspace ks, Table table, Diagram.Level level) {
    return tableBox(ks, table, ks.indexesOn(table.name()), level);
  }

  private static Box tableBox(
      Keyspace ks, Table table, List<SecondaryIndex> indexes, Diagram.Level level) {
    Set<CqlIdentifier> indexed = new HashSet<>();
    for (SecondaryIndex index : indexes) {
      index.targets().forEach(t -> indexed.add(t.column()));
    }
    List<Box.Row> rows = new ArrayList<>();
    for (Column column : table.columnsInKeyOrder()) {
      rows.add(
          row(
              ElementRef.column(ks.name(), table.name(), column.name()),
              column.name(),
              column.type(),
              marker(table.primaryKey(), column, indexed.contains(column.name())),
              table.primaryKey().isKeyColumn(column.name()),
              level));
    }
    return new Box(
        ElementRef.table(ks.name(), table.name()),
        Box.Kind.TABLE,
        title(ks, table.name(), level),
        rows);
  }

  private static Box viewBox(Keyspace ks, MaterializedView view, Table base, Diagram.Level level) {
    PrimaryKey key = view.primaryKey();
    List<CqlIdentifier> names = new ArrayList<>(key.allColumns());
    if (base != null) {
      List<CqlIdentifier> rest =
          view.selectsAll() ? base.columns().stream().map(Column::name).toList() : view.selected();
      for (CqlIdentifier name : rest) {
        if (!names.contains(name)) {
          names.add(name);
        }
      }
    }
    List<Box.Row> rows = new ArrayList<>();
    for (CqlIdentifier name : names) {
      CqlType type = base == null ? null : base.column(name).map(Column::type).orElse(null);
      Column asColumn = new Column(name, type == null ? NativeType.BLOB : type, false);
      rows.add(
          row(
              ElementRef.column(ks.name(), view.name(), name),
              name,
              type,
              marker(key, asColumn, false),
              key.isKeyColumn(name),
              level));
    }
    return new Box(
        ElementRef.view(ks.name(), view.name()),
        Box.Kind.VIEW,
        title(ks, view.name(), level),
        rows);
  }

  private static Box typeBox(Keyspace ks, UserType type, Diagram.Level level) {
    List<Box.Row> rows = new ArrayList<>();
    for (UserType.Field field : type.fields()) {
      rows.add(
          row(
              ElementRef.field(ks.name(), type.name(), field.name()),
              field.name(),
              field.type(),
              "",
              false,
              level));
    }
    return new Box(
        ElementRef.type(ks.name(), type.name()),
        Box.Kind.TYPE,
        "*" + type.name().asCql() + "*",
        rows);
  }

  private static Box.Row row(
      ElementRef ref,
      CqlIdentifier name,
      CqlType type,
      String marker,
      boolean key,
      Diagram.Level level) {
    String typeText = level == Diagram.Level.PHYSICAL && type != null ? type.asCql() : "";
    return new Box.Row(ref, bracketed(name.asCql(), type), typeText, marker, key);
  }

  private static String title(Keyspace ks, CqlIdentifier name, Diagram.Level level) {
    return level == Diagram.Level.PHYSICAL && ks.name() != null
        ? ks.name().asCql() + "." + name.asCql()
        : name.asCql();
  }

  /** A column name bracketed by its type's kind, as the notation draws it. */
  public static String bracketed(String name, CqlType type) {
    if (type instanceof CollectionType.ListType) {
      return "[" + name + "]";
    }
    if (type instanceof CollectionType.SetType) {
      return "{" + name + "}";
    }
    if (type instanceof CollectionType.MapType) {
      return "<" + name + ">";
    }
    if (type instanceof UserTypeRef) {
      return "*" + name + "*";
    }
    if (type instanceof TupleType) {
      return "(" + name + ")";
    }
    return name;
  }

  /** The marker of a column: K, C↑/C↓, S, IDX, ++, space-joined when several apply. */
  public static String marker(PrimaryKey key, Column column, boolean indexed) {
    List<String> parts = new ArrayList<>(2);
    if (key.isPartitionKey(column.name())) {
      parts.add("K");
    } else {
      PrimaryKey.ClusteringColumn clustering = key.clusteringColumn(column.name());
      if (clustering != null) {
        parts.add(clustering.order() == ClusteringOrder.DESC ? "C↓" : "C↑");
      } else if (column.isStatic()) {
        parts.add("S");
      }
    }
    if (indexed) {
      parts.add("IDX");
    }
    if (column.type() == NativeType.COUNTER) {
      parts.add("++");
    }
    return String.join(" ", parts);
  }
}
