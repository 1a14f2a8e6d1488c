package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.parse.CqlNames;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.IndexTarget;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.KeyspaceDefinition;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.OtherStatement;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.PrimaryKey.ClusteringColumn;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.type.NativeType;

/**
 * Edits of the schema itself, as the inspector makes them: each returns one {@link Document.Edit}
 * (one undo step). Names are carried through: renaming a column renames it in the key, the indexes
 * and the views; renaming a table moves its position, arrows, indexes and views along.
 *
 * <p>The edits never refuse a schema Cassandra would reject: the validator reports that, so the
 * user can get there in any order.
 */
public final class SchemaEdits {

  /** The role a column is given in the inspector's marker choice. */
  public enum Role {
    PARTITION_KEY("K"),
    CLUSTERING_ASC("C↑"),
    CLUSTERING_DESC("C↓"),
    STATIC("S"),
    REGULAR("—");

    private final String marker;

    Role(String marker) {
      this.marker = marker;
    }

    /** The Chebotko marker, or a dash for a regular column. */
    public String marker() {
      return marker;
    }

    /** The role a column has now. */
    public static Role of(Table table, Column column) {
      PrimaryKey key = table.primaryKey();
      if (key.isPartitionKey(column.name())) {
        return PARTITION_KEY;
      }
      ClusteringColumn c = key.clusteringColumn(column.name());
      if (c != null) {
        return c.order() == ClusteringOrder.DESC ? CLUSTERING_DESC : CLUSTERING_ASC;
      }
      return column.isStatic() ? STATIC : REGULAR;
    }
  }

  private SchemaEdits() {}

  /**
   * A new table in a keyspace, with one partition key column {@code id uuid}, drawn at {@code at}.
   * The name is made unique ({@code table_2}, ...) when taken.
   */
  public static Document.Edit addTable(CqlIdentifier keyspace, String baseName, Point at) {
    return new Document.Edit(
        "New table",
        p -> {
          Keyspace ks = p.schema().keyspace(keyspace).orElse(newKeyspace(keyspace));
          CqlIdentifier name = unique(ks, baseName);
          Table table =
              new Table(
                  name,
                  List.of(new Column(CqlIdentifier.of("id"), NativeType.UUID, false)),
                  new PrimaryKey(List.of(CqlIdentifier.of("id")), List.of()),
                  TableOptions.none());
          List<Table> tables = new ArrayList<>(ks.tables());
          tables.add(table);
          Schema schema = withKeyspace(p.schema(), ks.withTables(tables));
          return p.with(
              schema, p.diagram().withPositions(Map.of(ElementRef.table(keyspace, name), at)));
        });
  }

  /** A new user-defined type with one field {@code value text}, drawn at {@code at}. */
  public static Document.Edit addType(CqlIdentifier keyspace, String baseName, Point at) {
    return new Document.Edit(
        "New type",
        p -> {
          Keyspace ks = p.schema().keyspace(keyspace).orElse(newKeyspace(keyspace));
          CqlIdentifier name = unique(ks, baseName);
          List<UserType> types = new ArrayList<>(ks.types());
          types.add(
              new UserType(
                  name, List.of(new UserType.Field(CqlIdentifier.of("value"), NativeType.TEXT))));
          Keyspace changed =
              new Keyspace(
                  ks.name(), ks.definition(), types, ks.tables(), ks.indexes(), ks.views());
          return p.with(
              withKeyspace(p.schema(), changed),
              p.diagram().withPositions(Map.of(ElementRef.type(keyspace, name), at)));
        });
  }

  /**
   * Pastes the tables, views, types and indexes of a schema (read from CQL on the clipboard) into
   * the project. Objects without a keyspace go to {@code keyspace}. A name already taken gets
   * {@code _copy} (then {@code _copy_2}, ...), and indexes and views follow the renamed tables.
   * Pasted boxes are placed 40 pixels from a box of the same name, else from {@code at}. SELECT,
   * INSERT, UPDATE, DELETE and BATCH statements pasted are added to the script's, after them.
   *
   * @return the edit; its change selects nothing (the editor selects the new boxes)
   */
  public static Document.Edit paste(Schema pasted, CqlIdentifier keyspace, Point at) {
    return new Document.Edit(
        "Paste",
        p -> {
          Schema schema = p.schema();
          Map<ElementRef, Point> positions = new HashMap<>();
          double offset = 0;
          for (Keyspace source : pasted.keyspaces()) {
            CqlIdentifier ksName = source.name() != null ? source.name() : keyspace;
            Keyspace target = schema.keyspace(ksName).orElse(newKeyspace(ksName));
            Map<CqlIdentifier, CqlIdentifier> renamed = new HashMap<>();
            List<UserType> types = new ArrayList<>(target.types());
            List<Table> tables = new ArrayList<>(target.tables());
            List<SecondaryIndex> indexes = new ArrayList<>(target.indexes());
            List<MaterializedView> views = new ArrayList<>(target.views());
            for (UserType type : source.types()) {
              CqlIdentifier name = copyName(target, types, tables, views, type.name());
              types.add(new UserType(name, type.fields()));
              positions.put(
                  ElementRef.type(ksName, name),
                  place(p, ElementRef.type(ksName, type.name()), at, offset));
              offset += 40;
            }
            for (Table table : source.tables()) {
              CqlIdentifier name = copyName(target, types, tables, views, table.name());
              renamed.put(table.name(), name);
              tables.add(new Table(name, table.columns(), table.primaryKey(), table.options()));
              positions.put(
                  ElementRef.table(ksName, name),
                  place(p, ElementRef.table(ksName, table.name()), at, offset));
              offset += 40;
            }
            for (MaterializedView view : source.views()) {
              CqlIdentifier name = copyName(target, types, tables, views, view.name());
              views.add(
                  new MaterializedView(
                      name,
                      renamed.getOrDefault(view.baseTable(), view.baseTable()),
                      view.selected(),
                      view.notNullColumns(),
                      view.otherRestrictions(),
                      view.primaryKey(),
                      view.options()));
              positions.put(
                  ElementRef.view(ksName, name),
                  place(p, ElementRef.view(ksName, view.name()), at, offset));
              offset += 40;
            }
            for (SecondaryIndex index : source.indexes()) {
              indexes.add(
                  new SecondaryIndex(
                      null,
                      renamed.getOrDefault(index.table(), index.table()),
                      index.targets(),
                      index.using(),
                      index.options()));
            }
            schema =
                withKeyspace(
                    schema,
                    new Keyspace(ksName, target.definition(), types, tables, indexes, views));
          }
          // The SELECTs and writes pasted join the script's, to be checked (ScriptSelects,
          // ScriptWrites), with the USE kept before those that name no keyspace.
          List<OtherStatement> statements = new ArrayList<>(schema.otherStatements());
          pasted.otherStatements().stream()
              .filter(
                  s ->
                      s.kind().equals("SELECT")
                          || s.kind().equals("USE")
                          || org.keyspacestudio.model.dml.ScriptWrites.isWrite(s.kind()))
              .forEach(statements::add);
          schema = new Schema(schema.keyspaces(), statements, schema.comments());
          return p.with(schema, p.diagram().withPositions(positions));
        });
  }

  /**
   * Replaces the text of one of the script's SELECTs, as typed in its table's inspector.
   *
   * @param number the statement's 1-based number among the schema's kept statements
   * @param before the statement as the user saw it; the edit leaves the project as it is when the
   *     statement is no longer that
   * @param text the new text, a SELECT statement without its closing semicolon, not null
   * @return the edit
   */
  public static Document.Edit setStatementText(int number, OtherStatement before, String text) {
    return new Document.Edit(
        "Edit "
            + (before.kind().equals("BEGIN") ? "BATCH" : before.kind())
            + " statement "
            + number,
        p -> {
          List<OtherStatement> all = new ArrayList<>(p.schema().otherStatements());
          if (number < 1
              || number > all.size()
              || !all.get(number - 1).equals(before)
              || before.text().equals(text)) {
            return p;
          }
          all.set(number - 1, new OtherStatement(before.kind(), text, before.note()));
          return p.withSchema(new Schema(p.schema().keyspaces(), all, p.schema().comments()));
        });
  }

  /**
   * Removes one of the script's kept statements (a SELECT the application no longer runs); the
   * statements after it are numbered one less.
   *
   * @param number the statement's 1-based number among the schema's kept statements
   * @param before the statement as the user saw it; the edit leaves the project as it is when the
   *     statement is no longer that
   * @return the edit
   */
  /**
   * Adds statements to the script after one of its kept statements (the later ones move down).
   *
   * @param after the 1-based number of the statement they follow (0: before every one)
   * @param added the statements, in order
   * @param description the undo step's name
   * @return the edit; it does nothing when {@code after} is out of range
   */
  public static Document.Edit insertStatements(
      int after, List<OtherStatement> added, String description) {
    List<OtherStatement> copy = List.copyOf(added);
    return new Document.Edit(
        description,
        p -> {
          List<OtherStatement> all = new ArrayList<>(p.schema().otherStatements());
          if (after < 0 || after > all.size()) {
            return p;
          }
          all.addAll(after, copy);
          return p.withSchema(new Schema(p.schema().keyspaces(), all, p.schema().comments()));
        });
  }

  public static Document.Edit removeStatement(int number, OtherStatement before) {
    return new Document.Edit(
        "Remove " + before.kind() + " statement " + number,
        p -> {
          List<OtherStatement> all = new ArrayList<>(p.schema().otherStatements());
          if (number < 1 || number > all.size() || !all.get(number - 1).equals(before)) {
            return p;
          }
          all.remove(number - 1);
          return p.withSchema(new Schema(p.schema().keyspaces(), all, p.schema().comments()));
        });
  }

  private static CqlIdentifier copyName(
      Keyspace ks,
      List<UserType> types,
      List<Table> tables,
      List<MaterializedView> views,
      CqlIdentifier name) {
    CqlIdentifier candidate = name;
    int n = 1;
    while (taken(types, tables, views, candidate)) {
      candidate = CqlIdentifier.of(name.asInternal() + (n == 1 ? "_copy" : "_copy_" + n));
      n++;
    }
    return candidate;
  }

  private static boolean taken(
      List<UserType> types, List<Table> tables, List<MaterializedView> views, CqlIdentifier name) {
    return types.stream().anyMatch(t -> t.name().equals(name))
        || tables.stream().anyMatch(t -> t.name().equals(name))
        || views.stream().anyMatch(v -> v.name().equals(name));
  }

  private static Point place(Project p, ElementRef original, Point at, double offset) {
    Point there = p.diagram().position(original);
    return there != null ? there.plus(40, 40) : at.plus(offset, offset);
  }

  /**
   * Renames a table; its position, arrows, indexes, views, comments and the script's SELECTs that
   * read it follow.
   */
  public static Document.Edit renameTable(ElementRef table, CqlIdentifier newName) {
    return new Document.Edit(
        "Rename " + table + " to " + newName,
        p -> {
          if (table.object().equals(newName)) {
            return p;
          }
          Keyspace ks = p.schema().keyspace(table.keyspace()).orElseThrow();
          List<Table> tables = new ArrayList<>();
          for (Table t : ks.tables()) {
            tables.add(
                t.name().equals(table.object())
                    ? new Table(newName, t.columns(), t.primaryKey(), t.options())
                    : t);
          }
          List<SecondaryIndex> indexes = new ArrayList<>();
          for (SecondaryIndex i : ks.indexes()) {
            indexes.add(
                i.table().equals(table.object())
                    ? new SecondaryIndex(i.name(), newName, i.targets(), i.using(), i.options())
                    : i);
          }
          List<MaterializedView> views = new ArrayList<>();
          for (MaterializedView v : ks.views()) {
            views.add(
                v.baseTable().equals(table.object())
                    ? new MaterializedView(
                        v.name(),
                        newName,
                        v.selected(),
                        v.notNullColumns(),
                        v.otherRestrictions(),
                        v.primaryKey(),
                        v.options())
                    : v);
          }
          Keyspace changed =
              new Keyspace(ks.name(), ks.definition(), ks.types(), tables, indexes, views);
          // The script's SELECTs that read it, and its writes, name it by its new name.
          Schema schema = withKeyspace(p.schema(), changed);
          schema =
              new Schema(
                  schema.keyspaces(),
                  org.keyspacestudio.model.dml.ScriptWrites.withTableRenamed(
                      p.schema(),
                      org.keyspacestudio.model.support.ScriptSelects.withTableRenamed(
                          p.schema(), table, newName),
                      table,
                      newName),
                  schema.comments());
          return inPlaceOf(p, schema, table, ElementRef.table(table.keyspace(), newName));
        });
  }

  /**
   * The project with {@code schema}, where {@code to} takes the place of {@code from} (a table
   * renamed, a view made a table): its comment, its boxes and the query arrows to and from it on
   * every diagram, the queries mapped to it, its sizing.
   */
  static Project inPlaceOf(Project p, Schema schema, ElementRef from, ElementRef to) {
    Schema commented =
        new Schema(
            schema.keyspaces(),
            schema.otherStatements(),
            renameComments(p.schema().comments(), from, to));
    return p.with(commented, renameInDiagram(p.diagram(), from, to))
        .withMapping(p.mapping().map(m -> m.table().equals(from) ? m.withTable(to) : m))
        .withSizing(p.sizing().mapTables(t -> t.table().equals(from) ? t.withTable(to) : t));
  }

  /** Adds a regular column at the end of a table. */
  public static Document.Edit addColumn(ElementRef table, CqlIdentifier name, CqlType type) {
    return tableEdit(
        table,
        "Add column " + name + " to " + table,
        t -> {
          List<Column> columns = new ArrayList<>(t.columns());
          columns.add(new Column(name, type, false));
          return t.withColumns(columns);
        });
  }

  /** {@code key} with each column named as {@code rename} names it, clustering orders kept. */
  private static PrimaryKey renamed(PrimaryKey key, UnaryOperator<CqlIdentifier> rename) {
    return new PrimaryKey(
        key.partitionKey().stream().map(rename).toList(),
        key.clustering().stream()
            .map(c -> new ClusteringColumn(rename.apply(c.name()), c.order()))
            .toList());
  }

  /** Renames a column; the key, indexes, views and the script's SELECTs that read it follow. */
  public static Document.Edit renameColumn(
      ElementRef table, CqlIdentifier column, CqlIdentifier newName) {
    return new Document.Edit(
        "Rename column " + column + " to " + newName,
        p -> {
          if (column.equals(newName)) {
            return p;
          }
          UnaryOperator<CqlIdentifier> rename = n -> n.equals(column) ? newName : n;
          Project renamed =
              tableEdit(
                      table,
                      "",
                      t -> {
                        List<Column> columns = new ArrayList<>();
                        for (Column c : t.columns()) {
                          columns.add(
                              c.name().equals(column)
                                  ? new Column(newName, c.type(), c.isStatic())
                                  : c);
                        }
                        return new Table(
                            t.name(), columns, renamed(t.primaryKey(), rename), t.options());
                      })
                  .change()
                  .apply(p);
          Keyspace ks = renamed.schema().keyspace(table.keyspace()).orElseThrow();
          List<SecondaryIndex> indexes = new ArrayList<>();
          for (SecondaryIndex i : ks.indexes()) {
            indexes.add(
                i.table().equals(table.object())
                    ? new SecondaryIndex(
                        i.name(),
                        i.table(),
                        i.targets().stream()
                            .map(tg -> new IndexTarget(rename.apply(tg.column()), tg.kind()))
                            .toList(),
                        i.using(),
                        i.options())
                    : i);
          }
          // The table's views name the column in their SELECT, WHERE relations and key, as
          // Cassandra's ALTER TABLE ... RENAME renames it in them (AlterTableStatement's
          // RenameColumns). The view kept the old name: "Undefined column name" errors.
          List<MaterializedView> views = new ArrayList<>();
          for (MaterializedView v : ks.views()) {
            views.add(
                v.baseTable().equals(table.object())
                    ? new MaterializedView(
                        v.name(),
                        v.baseTable(),
                        v.selected().stream().map(rename).toList(),
                        v.notNullColumns().stream().map(rename).toList(),
                        CqlNames.renameColumn(v.otherRestrictions(), column, newName),
                        renamed(v.primaryKey(), rename),
                        v.options())
                    : v);
          }
          Keyspace changed =
              new Keyspace(ks.name(), ks.definition(), ks.types(), ks.tables(), indexes, views);
          Schema schema = withKeyspace(renamed.schema(), changed);
          schema =
              new Schema(
                  schema.keyspaces(),
                  // The script's SELECTs on the table and its views, and its writes to the table,
                  // name it by its new name.
                  org.keyspacestudio.model.dml.ScriptWrites.withColumnRenamed(
                      p.schema(),
                      org.keyspacestudio.model.support.ScriptSelects.withColumnRenamed(
                          p.schema(), table, column, newName),
                      table,
                      column,
                      newName),
                  renameComments(
                      schema.comments(),
                      ElementRef.column(table.keyspace(), table.object(), column),
                      ElementRef.column(table.keyspace(), table.object(), newName)));
          return p.with(schema, renamed.diagram())
              .withMapping(
                  p.mapping()
                      .map(
                          m -> {
                            if (!m.table().equals(table)
                                || !m.sources().containsKey(column.asInternal())) {
                              return m;
                            }
                            var sources = new java.util.TreeMap<>(m.sources());
                            sources.put(newName.asInternal(), sources.remove(column.asInternal()));
                            return m.withSources(sources);
                          }))
              .withSizing(
                  p.sizing()
                      .mapTables(
                          t ->
                              t.table().equals(table)
                                  ? t.withColumnRenamed(column.asInternal(), newName.asInternal())
                                  : t));
        });
  }

  /** Changes a column's type. */
  public static Document.Edit setColumnType(ElementRef table, CqlIdentifier column, CqlType type) {
    return tableEdit(
        table,
        "Change type of " + column + " to " + type.asCql(),
        t -> {
          List<Column> columns = new ArrayList<>();
          for (Column c : t.columns()) {
            columns.add(c.name().equals(column) ? c.withType(type) : c);
          }
          return t.withColumns(columns);
        });
  }

  /**
   * Gives a column another role: partition key (appended to the partition key), clustering
   * ascending or descending (appended to the clustering columns, or keeping its place when it is
   * one already), static or regular.
   */
  public static Document.Edit setRole(ElementRef table, CqlIdentifier column, Role role) {
    return tableEdit(
        table,
        "Make " + column + " " + role.marker(),
        t -> {
          PrimaryKey key = t.primaryKey();
          List<CqlIdentifier> partition = new ArrayList<>(key.partitionKey());
          List<ClusteringColumn> clustering = new ArrayList<>(key.clustering());
          int clusteringAt = -1;
          for (int i = 0; i < clustering.size(); i++) {
            if (clustering.get(i).name().equals(column)) {
              clusteringAt = i;
            }
          }
          partition.remove(column);
          if (clusteringAt >= 0) {
            clustering.remove(clusteringAt);
          }
          switch (role) {
            case PARTITION_KEY -> partition.add(column);
            case CLUSTERING_ASC, CLUSTERING_DESC -> {
              ClusteringColumn c =
                  new ClusteringColumn(
                      column,
                      role == Role.CLUSTERING_DESC ? ClusteringOrder.DESC : ClusteringOrder.ASC);
              clustering.add(clusteringAt >= 0 ? clusteringAt : clustering.size(), c);
            }
            default -> {}
          }
          List<Column> columns = new ArrayList<>();
          for (Column c : t.columns()) {
            columns.add(
                c.name().equals(column) ? new Column(c.name(), c.type(), role == Role.STATIC) : c);
          }
          return new Table(t.name(), columns, new PrimaryKey(partition, clustering), t.options());
        });
  }

  /**
   * Moves a column one place up or down: within the partition key or the clustering columns for key
   * columns (changing the key order), within the declared columns otherwise.
   */
  public static Document.Edit moveColumn(ElementRef table, CqlIdentifier column, int direction) {
    return tableEdit(
        table,
        "Move column " + column + (direction < 0 ? " up" : " down"),
        t -> {
          PrimaryKey key = t.primaryKey();
          List<CqlIdentifier> partition = new ArrayList<>(key.partitionKey());
          List<ClusteringColumn> clustering = new ArrayList<>(key.clustering());
          List<Column> columns = new ArrayList<>(t.columns());
          if (partition.contains(column)) {
            swap(partition, partition.indexOf(column), direction);
          } else if (key.clusteringColumn(column) != null) {
            swap(clustering, clustering.indexOf(key.clusteringColumn(column)), direction);
          } else {
            List<Column> rest = columns.stream().filter(c -> !key.isKeyColumn(c.name())).toList();
            int at = -1;
            for (int i = 0; i < rest.size(); i++) {
              if (rest.get(i).name().equals(column)) {
                at = i;
              }
            }
            int other = at + direction;
            if (at >= 0 && other >= 0 && other < rest.size()) {
              int a = columns.indexOf(rest.get(at));
              int b = columns.indexOf(rest.get(other));
              Column ca = columns.get(a);
              columns.set(a, columns.get(b));
              columns.set(b, ca);
            }
          }
          return new Table(t.name(), columns, new PrimaryKey(partition, clustering), t.options());
        });
  }

  /** Deletes a column; it leaves the key and its indexes go with it. */
  public static Document.Edit deleteColumn(ElementRef table, CqlIdentifier column) {
    return new Document.Edit(
        "Delete column " + column,
        p -> {
          Project changed =
              tableEdit(
                      table,
                      "",
                      t -> {
                        PrimaryKey key = t.primaryKey();
                        return new Table(
                            t.name(),
                            t.columns().stream().filter(c -> !c.name().equals(column)).toList(),
                            new PrimaryKey(
                                key.partitionKey().stream().filter(c -> !c.equals(column)).toList(),
                                key.clustering().stream()
                                    .filter(c -> !c.name().equals(column))
                                    .toList()),
                            t.options());
                      })
                  .change()
                  .apply(p);
          return setIndexed(table, column, false).change().apply(changed);
        });
  }

  /** Adds a secondary index on a column (the IDX marker), or removes the ones on it. */
  public static Document.Edit setIndexed(ElementRef table, CqlIdentifier column, boolean indexed) {
    return new Document.Edit(
        (indexed ? "Index " : "Remove index on ") + column,
        p -> {
          Keyspace ks = p.schema().keyspace(table.keyspace()).orElseThrow();
          List<SecondaryIndex> indexes = new ArrayList<>();
          boolean present = false;
          for (SecondaryIndex i : ks.indexes()) {
            boolean onColumn =
                i.table().equals(table.object())
                    && i.targets().stream().anyMatch(t -> t.column().equals(column));
            present |= onColumn;
            if (!onColumn || indexed) {
              indexes.add(i);
            }
          }
          if (indexed && !present) {
            indexes.add(
                new SecondaryIndex(
                    null,
                    table.object(),
                    List.of(new IndexTarget(column, IndexTarget.Kind.SIMPLE)),
                    null,
                    new TreeMap<>()));
          }
          Keyspace changed =
              new Keyspace(
                  ks.name(), ks.definition(), ks.types(), ks.tables(), indexes, ks.views());
          return p.with(withKeyspace(p.schema(), changed), p.diagram());
        });
  }

  /** Adds a field {@code name type} at the end of a user-defined type. */
  public static Document.Edit addField(ElementRef type, CqlIdentifier name, CqlType fieldType) {
    return typeEdit(
        type,
        "Add field " + name + " to " + type,
        t -> {
          List<UserType.Field> fields = new ArrayList<>(t.fields());
          fields.add(new UserType.Field(name, fieldType));
          return new UserType(t.name(), fields);
        });
  }

  /** Renames a field of a user-defined type. */
  public static Document.Edit renameField(
      ElementRef type, CqlIdentifier field, CqlIdentifier newName) {
    return typeEdit(
        type,
        "Rename field " + field + " to " + newName,
        t ->
            new UserType(
                t.name(),
                t.fields().stream()
                    .map(f -> f.name().equals(field) ? new UserType.Field(newName, f.type()) : f)
                    .toList()));
  }

  /** Changes the type of a field. */
  public static Document.Edit setFieldType(
      ElementRef type, CqlIdentifier field, CqlType fieldType) {
    return typeEdit(
        type,
        "Change type of field " + field + " to " + fieldType.asCql(),
        t ->
            new UserType(
                t.name(),
                t.fields().stream()
                    .map(f -> f.name().equals(field) ? new UserType.Field(f.name(), fieldType) : f)
                    .toList()));
  }

  /** Deletes a field. */
  public static Document.Edit deleteField(ElementRef type, CqlIdentifier field) {
    return typeEdit(
        type,
        "Delete field " + field,
        t ->
            new UserType(
                t.name(), t.fields().stream().filter(f -> !f.name().equals(field)).toList()));
  }

  /**
   * Renames a user-defined type; every reference to it in the keyspace (columns, fields, at any
   * depth) and its position follow.
   */
  public static Document.Edit renameType(ElementRef type, CqlIdentifier newName) {
    return new Document.Edit(
        "Rename " + type + " to " + newName,
        p -> {
          if (type.object().equals(newName)) {
            return p;
          }
          Keyspace ks = p.schema().keyspace(type.keyspace()).orElseThrow();
          Keyspace retyped =
              ks.withTypesMapped(
                  t ->
                      t.mapUserTypes(
                          ref ->
                              ref.name().equals(type.object())
                                  ? new org.keyspacestudio.model.type.UserTypeRef(
                                      ref.keyspace(), newName, ref.frozen())
                                  : ref));
          Keyspace changed =
              new Keyspace(
                  ks.name(),
                  ks.definition(),
                  retyped.types().stream()
                      .map(
                          t ->
                              t.name().equals(type.object())
                                  ? new UserType(newName, t.fields())
                                  : t)
                      .toList(),
                  retyped.tables(),
                  ks.indexes(),
                  ks.views());
          ElementRef renamed = ElementRef.type(type.keyspace(), newName);
          Schema schema = withKeyspace(p.schema(), changed);
          schema =
              new Schema(
                  schema.keyspaces(),
                  schema.otherStatements(),
                  renameComments(schema.comments(), type, renamed));
          return p.with(schema, renameInDiagram(p.diagram(), type, renamed));
        });
  }

  /** Sets a keyspace's replication and durable writes (its CREATE KEYSPACE). */
  public static Document.Edit defineKeyspace(
      CqlIdentifier keyspace, org.keyspacestudio.model.schema.KeyspaceDefinition definition) {
    return new Document.Edit(
        "Edit keyspace " + keyspace,
        p -> {
          Keyspace ks = p.schema().keyspace(keyspace).orElseThrow();
          return p.with(withKeyspace(p.schema(), ks.withDefinition(definition)), p.diagram());
        });
  }

  private static Document.Edit typeEdit(
      ElementRef type, String description, UnaryOperator<UserType> change) {
    return new Document.Edit(
        description,
        p -> {
          Keyspace ks = p.schema().keyspace(type.keyspace()).orElseThrow();
          List<UserType> types =
              ks.types().stream()
                  .map(t -> t.name().equals(type.object()) ? change.apply(t) : t)
                  .toList();
          Keyspace changed =
              new Keyspace(
                  ks.name(), ks.definition(), types, ks.tables(), ks.indexes(), ks.views());
          return p.with(withKeyspace(p.schema(), changed), p.diagram());
        });
  }

  /** Sets or clears (null or blank) an element's documentation comment. */
  public static Document.Edit setComment(ElementRef element, String text) {
    return new Document.Edit(
        "Edit comment of " + element,
        p -> {
          Map<ElementRef, String> comments = new HashMap<>(p.schema().comments());
          if (text == null || text.isBlank()) {
            comments.remove(element);
          } else {
            comments.put(element, text.strip());
          }
          return p.with(
              new Schema(p.schema().keyspaces(), p.schema().otherStatements(), comments),
              p.diagram());
        });
  }

  // ---------------------------------------------------------------------------------------------

  static Document.Edit tableEdit(
      ElementRef table, String description, UnaryOperator<Table> change) {
    return new Document.Edit(
        description,
        p -> {
          Keyspace ks = p.schema().keyspace(table.keyspace()).orElseThrow();
          List<Table> tables = new ArrayList<>();
          for (Table t : ks.tables()) {
            tables.add(t.name().equals(table.object()) ? change.apply(t) : t);
          }
          return p.with(withKeyspace(p.schema(), ks.withTables(tables)), p.diagram());
        });
  }

  /** A schema with a keyspace replaced (by name), or added at the end. */
  static Schema withKeyspaceAdded(Schema schema, Keyspace changed) {
    return withKeyspace(schema, changed);
  }

  private static Schema withKeyspace(Schema schema, Keyspace changed) {
    List<Keyspace> keyspaces = new ArrayList<>();
    boolean found = false;
    for (Keyspace k : schema.keyspaces()) {
      if (k.hasName(changed.name())) {
        keyspaces.add(changed);
        found = true;
      } else {
        keyspaces.add(k);
      }
    }
    if (!found) {
      keyspaces.add(changed);
    }
    return new Schema(keyspaces, schema.otherStatements(), schema.comments());
  }

  /**
   * {@code after} with every named keyspace that {@code before} did not have defined as {@code
   * definition} (see {@link Document#defineNewKeyspacesAs}).
   *
   * @param before the project before an edit, not null
   * @param after the project the edit made, not null
   * @param definition the definition of new keyspaces, not null
   * @return {@code after} itself when the edit created no keyspace
   */
  static Project defineNewKeyspaces(Project before, Project after, KeyspaceDefinition definition) {
    Schema schema = after.schema();
    Schema defined = schema;
    for (Keyspace ks : schema.keyspaces()) {
      if (ks.name() != null
          && before.schema().keyspace(ks.name()).isEmpty()
          && !definition.equals(ks.definition())) {
        defined =
            withKeyspace(
                defined,
                new Keyspace(
                    ks.name(), definition, ks.types(), ks.tables(), ks.indexes(), ks.views()));
      }
    }
    return defined == schema ? after : after.with(defined, after.diagram());
  }

  /**
   * Puts every type, table, index and view that names no keyspace (a script without {@code USE} and
   * with unqualified names) in a keyspace: an existing one, or a new one defined as {@link
   * #newKeyspace} defines it. Their positions, arrows, places on named diagrams, comments, mapped
   * queries and sizing follow. Nothing changes when the target already has an object of one of
   * those names (the caller offers another keyspace).
   *
   * @param target the keyspace's name, not null
   */
  public static Document.Edit moveUnnamedInto(CqlIdentifier target) {
    return new Document.Edit(
        "Put the objects without a keyspace in " + target,
        p -> {
          Keyspace unnamed = p.schema().keyspace(null).orElse(null);
          Keyspace into = p.schema().keyspace(target).orElse(newKeyspace(target));
          if (unnamed == null || !canMove(unnamed, into)) {
            return p;
          }
          List<UserType> types = new ArrayList<>(into.types());
          types.addAll(unnamed.types());
          List<Table> tables = new ArrayList<>(into.tables());
          tables.addAll(unnamed.tables());
          List<SecondaryIndex> indexes = new ArrayList<>(into.indexes());
          indexes.addAll(unnamed.indexes());
          List<MaterializedView> views = new ArrayList<>(into.views());
          views.addAll(unnamed.views());
          Keyspace merged =
              new Keyspace(into.name(), into.definition(), types, tables, indexes, views);
          List<Keyspace> keyspaces = new ArrayList<>();
          boolean placed = false;
          for (Keyspace k : p.schema().keyspaces()) {
            if (k.name() == null) {
              continue;
            }
            keyspaces.add(k.hasName(target) ? merged : k);
            placed |= k.hasName(target);
          }
          if (!placed) {
            keyspaces.add(merged);
          }
          java.util.function.UnaryOperator<ElementRef> rekey =
              ref ->
                  ref != null && ref.keyspace() == null && SCHEMA_KINDS.contains(ref.kind())
                      ? new ElementRef(ref.kind(), target, ref.object(), ref.member())
                      : ref;
          Map<ElementRef, String> comments = new HashMap<>();
          p.schema().comments().forEach((ref, text) -> comments.put(rekey.apply(ref), text));
          Schema schema = new Schema(keyspaces, p.schema().otherStatements(), comments);
          Diagram diagram = p.diagram();
          for (ElementRef box : unnamedBoxes(unnamed)) {
            diagram = renameInDiagram(diagram, box, rekey.apply(box));
          }
          return p.with(schema, diagram)
              .withMapping(
                  p.mapping().map(m -> m.table() == null ? m : m.withTable(rekey.apply(m.table()))))
              .withSizing(p.sizing().mapTables(t -> t.withTable(rekey.apply(t.table()))));
        });
  }

  /** Whether none of the unnamed keyspace's objects has the name of one in {@code into}. */
  static boolean canMove(Keyspace unnamed, Keyspace into) {
    return unnamed.types().stream().noneMatch(t -> into.type(t.name()).isPresent())
        && unnamed.tables().stream()
            .noneMatch(t -> into.table(t.name()).isPresent() || into.view(t.name()).isPresent())
        && unnamed.views().stream()
            .noneMatch(v -> into.table(v.name()).isPresent() || into.view(v.name()).isPresent())
        && unnamed.indexes().stream()
            .noneMatch(
                i ->
                    into.indexes().stream()
                        .anyMatch(j -> j.effectiveName().equals(i.effectiveName())));
  }

  /** The boxes of a keyspace's objects: its types, tables and views. */
  private static List<ElementRef> unnamedBoxes(Keyspace ks) {
    List<ElementRef> boxes = new ArrayList<>();
    ks.types().forEach(t -> boxes.add(ElementRef.type(ks.name(), t.name())));
    ks.tables().forEach(t -> boxes.add(ElementRef.table(ks.name(), t.name())));
    ks.views().forEach(v -> boxes.add(ElementRef.view(ks.name(), v.name())));
    return boxes;
  }

  /** The kinds of element that belong to a keyspace. */
  private static final java.util.Set<ElementRef.Kind> SCHEMA_KINDS =
      java.util.EnumSet.of(
          ElementRef.Kind.TYPE,
          ElementRef.Kind.FIELD,
          ElementRef.Kind.TABLE,
          ElementRef.Kind.COLUMN,
          ElementRef.Kind.INDEX,
          ElementRef.Kind.VIEW,
          ElementRef.Kind.OPTION);

  /** A keyspace the model did not have: defined with SimpleStrategy, replication factor 1. */
  private static Keyspace newKeyspace(CqlIdentifier name) {
    return Keyspace.empty(
        name,
        name == null
            ? null
            : new org.keyspacestudio.model.schema.KeyspaceDefinition(
                org.keyspacestudio.model.schema.Replication.simple(1), true));
  }

  /** A name no table, type or view of the keyspace has: {@code base}, {@code base_2}... */
  static CqlIdentifier unique(Keyspace ks, String base) {
    CqlIdentifier name = CqlIdentifier.of(base);
    int n = 2;
    while (ks.table(name).isPresent() || ks.type(name).isPresent() || ks.view(name).isPresent()) {
      name = CqlIdentifier.of(base + "_" + n++);
    }
    return name;
  }

  private static <T> void swap(List<T> list, int at, int direction) {
    int other = at + direction;
    if (at >= 0 && other >= 0 && other < list.size()) {
      T a = list.get(at);
      list.set(at, list.get(other));
      list.set(other, a);
    }
  }

  private static Map<ElementRef, String> renameComments(
      Map<ElementRef, String> comments, ElementRef from, ElementRef to) {
    Map<ElementRef, String> renamed = new HashMap<>();
    comments.forEach(
        (ref, text) -> {
          if (ref.equals(from)) {
            renamed.put(to, text);
          } else if (from.kind() == ElementRef.Kind.TABLE
              && ref.kind() == ElementRef.Kind.COLUMN
              && ref.parent().equals(from)) {
            renamed.put(ElementRef.column(to.keyspace(), to.object(), ref.member()), text);
          } else {
            renamed.put(ref, text);
          }
        });
    return renamed;
  }

  private static Diagram renameInDiagram(Diagram diagram, ElementRef from, ElementRef to) {
    Map<ElementRef, Point> positions = new HashMap<>(diagram.positions());
    Point at = positions.remove(from);
    if (at != null) {
      positions.put(to, at);
    }
    List<QueryArrow> arrows = new ArrayList<>();
    for (QueryArrow a : diagram.arrows()) {
      arrows.add(
          new QueryArrow(
              a.label(), from.equals(a.from()) ? to : a.from(), from.equals(a.to()) ? to : a.to()));
    }
    return diagram
        .with(positions, arrows)
        .withNamed(diagram.named().stream().map(d -> d.renamed(from, to)).toList());
  }
}
