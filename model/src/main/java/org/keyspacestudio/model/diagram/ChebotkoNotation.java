package org.keyspacestudio.model.diagram;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
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
    List<Box> boxes = new ArrayList<>();
    for (Keyspace ks : schema.keyspaces()) {
      for (UserType type : ks.types()) {
        boxes.add(typeBox(ks, type, level));
      }
      Set<CqlIdentifier> drawnViews = new HashSet<>();
      for (Table table : ks.tables()) {
        boxes.add(tableBox(ks, table, level));
        for (MaterializedView view : ks.views()) {
          if (view.baseTable().equals(table.name()) && drawnViews.add(view.name())) {
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
    return boxes;
  }

  /** The box of one table. */
  public static Box tableBox(Keyspace ks, Table table, Diagram.Level level) {
    Set<CqlIdentifier> indexed = new HashSet<>();
    for (SecondaryIndex index : ks.indexesOn(table.name())) {
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
