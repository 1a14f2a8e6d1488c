package org.keyspacestudio.model.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.PrimaryKey.ClusteringColumn;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.validate.Rule;

/**
 * {@code ALTER TABLE}: reads the statement, then applies it as Cassandra's {@code
 * AlterTableStatement} would, reporting the changes Cassandra refuses (altering a type, dropping or
 * adding a key column, dropping an indexed column, adding an existing one).
 */
final class AlterTable {

  private final StatementParser p;

  AlterTable(StatementParser parser) {
    this.p = parser;
  }

  void parse() {
    Token start = p.next();
    p.next();
    boolean ifExists = p.ifExists();
    Token nameToken = p.peek();
    StatementParser.QName qname = p.qualifiedName("a table name");
    CqlIdentifier ks = p.keyspaceOf(qname, nameToken);
    ElementRef tableRef = ElementRef.table(ks, qname.name());
    boolean noKeyspace = p.keyspaceMissing(qname);
    SchemaBuilder.KeyspaceState keyspace = p.builder().existingKeyspace(ks);
    Table table = keyspace == null || noKeyspace ? null : keyspace.tables.get(qname.name());
    Table changed;
    if (p.acceptWord("ALTER")) {
      Token columnToken = p.peek();
      CqlIdentifier column = p.ident("a column name");
      p.expectWord("TYPE");
      p.type();
      p.endOfStatement();
      if (table != null) {
        p.problem(
            Rule.ALTER_TYPE,
            "Altering column types is no longer supported",
            ElementRef.column(ks, qname.name(), column),
            columnToken);
      }
      changed = table;
    } else if (p.acceptWord("ADD")) {
      boolean ifNotExists = p.ifNotExists();
      Map<CqlIdentifier, Column> added = new LinkedHashMap<>();
      Map<CqlIdentifier, Token> addedTokens = new LinkedHashMap<>();
      boolean parenthesized = p.acceptSymbol('(');
      Token duplicate = null;
      do {
        Token columnToken = p.peek();
        CqlIdentifier column = p.ident("a column name");
        CqlType type = p.type();
        boolean isStatic = p.acceptWord("STATIC");
        if (added.containsKey(column)) {
          duplicate = columnToken;
        }
        added.put(column, new Column(column, type, isStatic));
        addedTokens.put(column, columnToken);
      } while (parenthesized && p.acceptSymbol(','));
      if (parenthesized) {
        p.expectSymbol(')');
      }
      p.endOfStatement();
      if (duplicate != null && table != null) {
        // AlterTableStatement.AddColumns: the second of two equal names already exists.
        p.problem(
            Rule.ALTER_COLUMN_EXISTS,
            "Column with name '" + duplicate.text() + "' already exists",
            tableRef,
            duplicate);
        return;
      }
      changed = table == null ? null : add(table, keyspace, ks, added, addedTokens, ifNotExists);
    } else if (p.acceptWord("DROP")) {
      if (p.peek().is("COMPACT")) {
        p.next();
        p.expectWord("STORAGE");
        p.endOfStatement();
        if (table != null) {
          // AlterTableStatement.DropCompactStorage: the node setting first, then the table.
          p.problem(
              Rule.ALTER_DROP_COMPACT_STORAGE,
              "DROP COMPACT STORAGE is disabled by default; the node needs"
                  + " drop_compact_storage_enabled: true",
              tableRef,
              start);
          if (!table.options().compactStorage()) {
            p.problem(
                Rule.OPTION_INVALID,
                "Cannot DROP COMPACT STORAGE on table without COMPACT STORAGE",
                tableRef,
                start);
          }
        }
        changed =
            table == null
                ? null
                : table.withOptions(new TableOptions(table.options().values(), false));
      } else {
        boolean ifColumnExists = p.ifExists();
        Map<CqlIdentifier, Token> dropped = new LinkedHashMap<>();
        boolean parenthesized = p.acceptSymbol('(');
        do {
          Token columnToken = p.peek();
          dropped.put(p.ident("a column name"), columnToken);
        } while (parenthesized && p.acceptSymbol(','));
        if (parenthesized) {
          p.expectSymbol(')');
        }
        if (p.acceptWord("USING")) {
          p.expectWord("TIMESTAMP");
          if (p.peek().type() != TokenType.INTEGER) {
            throw p.expected("a timestamp (a whole number)");
          }
          p.next();
        }
        p.endOfStatement();
        changed = table == null ? null : drop(table, keyspace, ks, dropped, ifColumnExists);
      }
    } else if (p.acceptWord("RENAME")) {
      boolean ifColumnExists = p.ifExists();
      Map<CqlIdentifier, CqlIdentifier> renames = new LinkedHashMap<>();
      Map<CqlIdentifier, Token> renameTokens = new LinkedHashMap<>();
      do {
        Token columnToken = p.peek();
        CqlIdentifier from = p.ident("a column name");
        p.expectWord("TO");
        renames.put(from, p.ident("a column name"));
        renameTokens.put(from, columnToken);
      } while (p.acceptWord("AND"));
      p.endOfStatement();
      changed = table == null ? null : rename(table, ks, renames, renameTokens, ifColumnExists);
    } else if (p.acceptWord("WITH")) {
      Map<String, StatementParser.Property> props = p.properties();
      p.endOfStatement();
      var checked = p.checkedTableOptions(props, tableRef);
      if (props.containsKey("id") && table != null) {
        // AlterTableStatement.AlterOptions: a table's id is set once, at creation.
        p.problem(Rule.OPTION_INVALID, "Cannot alter table id.", tableRef, props.get("id").token());
        checked.remove("id");
      }
      changed = table == null ? null : table.withOptions(table.options().withAll(checked));
    } else {
      throw p.expected("ALTER, ADD, DROP, RENAME or WITH");
    }
    if (p.noKeyspace(qname, start)) {
      return;
    }
    if (table == null) {
      if (!ifExists) {
        p.problem(
            Rule.SCHEMA_MISSING,
            "Table '" + qname.name().asInternal() + "' doesn't exist",
            tableRef,
            start);
      }
      return;
    }
    keyspace.tables.put(qname.name(), changed);
  }

  private Table add(
      Table table,
      SchemaBuilder.KeyspaceState keyspace,
      CqlIdentifier ks,
      Map<CqlIdentifier, Column> added,
      Map<CqlIdentifier, Token> tokens,
      boolean ifNotExists) {
    List<Column> columns = new ArrayList<>(table.columns());
    for (Column column : added.values()) {
      ElementRef ref = ElementRef.column(ks, table.name(), column.name());
      if (table.column(column.name()).isPresent()
          || table.primaryKey().isKeyColumn(column.name())) {
        if (!ifNotExists) {
          p.problem(
              Rule.ALTER_COLUMN_EXISTS,
              "Column with name '" + column.name().asInternal() + "' already exists",
              ref,
              tokens.get(column.name()));
        }
        continue;
      }
      Column dropped =
          keyspace.droppedColumns.getOrDefault(table.name(), Map.of()).get(column.name());
      boolean staticWithoutClustering =
          column.isStatic() && table.primaryKey().clustering().isEmpty();
      // Cassandra checks the static column first; the validator reports that one on the table.
      if (dropped != null && !staticWithoutClustering && !readdable(dropped, column, table)) {
        p.problem(
            Rule.ALTER_READD_INCOMPATIBLE,
            table.isCounterTable()
                ? "Cannot re-add previously dropped counter column " + column.name().asCql()
                : dropped.isStatic() != column.isStatic()
                    ? "Cannot re-add previously dropped column '"
                        + column.name().asInternal()
                        + "' of kind "
                        + (column.isStatic() ? "STATIC" : "REGULAR")
                        + ", incompatible with previous kind "
                        + (dropped.isStatic() ? "STATIC" : "REGULAR")
                    : "Cannot add a column '"
                        + column.name().asInternal()
                        + "' of type "
                        + column.type().asCql()
                        + ", incompatible with previously dropped column '"
                        + column.name().asInternal()
                        + "' of type "
                        + dropped.type().asCql(),
            ref,
            tokens.get(column.name()));
        continue;
      }
      columns.add(column);
      p.position(ref, tokens.get(column.name()));
    }
    return table.withColumns(columns);
  }

  private Table drop(
      Table table,
      SchemaBuilder.KeyspaceState keyspace,
      CqlIdentifier ks,
      Map<CqlIdentifier, Token> dropped,
      boolean ifColumnExists) {
    List<Column> columns = new ArrayList<>(table.columns());
    for (Map.Entry<CqlIdentifier, Token> e : dropped.entrySet()) {
      CqlIdentifier name = e.getKey();
      ElementRef ref = ElementRef.column(ks, table.name(), name);
      if (table.primaryKey().isKeyColumn(name)) {
        p.problem(
            Rule.ALTER_KEY_COLUMN,
            "Cannot drop PRIMARY KEY column " + name.asCql(),
            ref,
            e.getValue());
        continue;
      }
      if (table.column(name).isEmpty()) {
        if (!ifColumnExists) {
          p.problem(
              Rule.ALTER_COLUMN_UNKNOWN,
              "Column " + name.asCql() + " was not found in table " + table.name().asCql(),
              ref,
              e.getValue());
        }
        continue;
      }
      Column current = table.column(name).get();
      if (current.type() instanceof org.keyspacestudio.model.type.UserTypeRef udt
          && !udt.frozen()) {
        p.problem(
            Rule.ALTER_DROP_NON_FROZEN_UDT,
            "Cannot drop non-frozen column " + name.asCql() + " of user type " + udt.asCql(),
            ref,
            e.getValue());
        continue;
      }
      List<String> dependents =
          keyspace.indexes.values().stream()
              .filter(i -> i.table().equals(table.name()))
              .filter(i -> i.targets().stream().anyMatch(t -> t.column().equals(name)))
              .map(SecondaryIndex::effectiveName)
              .map(CqlIdentifier::asInternal)
              .toList();
      if (!dependents.isEmpty()) {
        p.problem(
            Rule.ALTER_DROP_DEPENDED_ON,
            "Cannot drop column "
                + name.asCql()
                + " because it has dependent secondary indexes ("
                + String.join(", ", dependents)
                + ")",
            ref,
            e.getValue());
        continue;
      }
      if (keyspace.views.values().stream().anyMatch(v -> v.baseTable().equals(table.name()))) {
        p.problem(
            Rule.ALTER_DROP_DEPENDED_ON,
            "Cannot drop column "
                + name.asCql()
                + " on base table "
                + table.name().asCql()
                + " with materialized views",
            ref,
            e.getValue());
        continue;
      }
      columns.removeIf(c -> c.name().equals(name));
      keyspace
          .droppedColumns
          .computeIfAbsent(table.name(), t -> new java.util.HashMap<>())
          .put(name, current);
    }
    return table.withColumns(columns);
  }

  /**
   * Whether a dropped column may come back with this definition: same kind, not in a counter table,
   * and a type whose values the old type's data can be read as (Cassandra's {@code
   * isSerializationCompatibleWith}, for the native types: blob takes any single-cell type, text
   * takes ascii, varint takes int and bigint, uuid takes timeuuid, bigint and timestamp take each
   * other).
   */
  /**
   * Whether a dropped column may come back with a new type, as Cassandra 5.0.9's {@code
   * AlterTableStatement.AddColumns} decides: {@code newType.isSerializationCompatibleWith(old)},
   * that is, value-compatible, the same fixed length (or both variable), the same multi-cell-ness;
   * and a blob never replaces a collection or a non-frozen UDT. A dropped column's user types are
   * recorded as tuples, so no type with a user type replaces one. (Cassandra 5.0.5 let a blob
   * replace any single-cell type, and varint replace int and bigint.)
   */
  private static boolean readdable(Column dropped, Column added, Table table) {
    if (table.isCounterTable() || dropped.isStatic() != added.isStatic()) {
      return false;
    }
    CqlType before = dropped.type();
    CqlType after = added.type();
    boolean beforeHasUdt =
        before.anyMatch(t -> t instanceof org.keyspacestudio.model.type.UserTypeRef);
    if (beforeHasUdt
        && after.anyMatch(t -> t instanceof org.keyspacestudio.model.type.UserTypeRef)) {
      // A dropped column's user types are recorded as tuples, which no user type replaces.
      return false;
    }
    if (before.equals(after)) {
      return true;
    }
    if (!(after instanceof NativeType now)) {
      return false;
    }
    if (now == NativeType.BLOB) {
      if (before instanceof org.keyspacestudio.model.type.UserTypeRef && before.isFrozen()) {
        return true; // recorded as a frozen tuple: one cell of bytes
      }
      if (before.isMultiCell()
          || before instanceof org.keyspacestudio.model.type.CollectionType
          || before instanceof org.keyspacestudio.model.type.UserTypeRef) {
        return false;
      }
      return fixedLength(before) < 0;
    }
    return switch (now) {
      case TEXT -> before == NativeType.ASCII;
      case UUID -> before == NativeType.TIMEUUID;
      case BIGINT -> before == NativeType.TIMESTAMP;
      case TIMESTAMP -> before == NativeType.BIGINT;
      default -> false;
    };
  }

  /**
   * The serialized length of a type's values when it is fixed, else -1 (Cassandra's {@code
   * AbstractType.valueLengthIfFixed}).
   */
  private static int fixedLength(CqlType type) {
    if (type instanceof NativeType n) {
      return switch (n) {
        case BOOLEAN -> 1;
        case INT, FLOAT -> 4;
        case BIGINT, DOUBLE, TIMESTAMP -> 8;
        case UUID, TIMEUUID -> 16;
        default -> -1;
      };
    }
    if (type instanceof org.keyspacestudio.model.type.VectorType vector) {
      int element = fixedLength(vector.element());
      return element < 0 ? -1 : element * vector.dimension();
    }
    return -1;
  }

  private Table rename(
      Table table,
      CqlIdentifier ks,
      Map<CqlIdentifier, CqlIdentifier> renames,
      Map<CqlIdentifier, Token> tokens,
      boolean ifColumnExists) {
    Table result = table;
    for (Map.Entry<CqlIdentifier, CqlIdentifier> e : renames.entrySet()) {
      CqlIdentifier from = e.getKey();
      CqlIdentifier to = e.getValue();
      ElementRef ref = ElementRef.column(ks, table.name(), from);
      if (table.column(from).isEmpty()) {
        if (ifColumnExists) {
          continue;
        }
        p.problem(
            Rule.ALTER_COLUMN_UNKNOWN,
            "Undefined column name " + from.asCql() + " in table " + table.name().asCql(),
            ElementRef.table(ks, table.name()),
            tokens.get(from));
        continue;
      }
      if (!table.primaryKey().isKeyColumn(from)) {
        p.problem(
            Rule.ALTER_KEY_COLUMN,
            "Cannot rename non PRIMARY KEY column " + from.asCql(),
            ref,
            tokens.get(from));
        continue;
      }
      if (result.column(to).isPresent()) {
        p.problem(
            Rule.ALTER_COLUMN_EXISTS,
            "Cannot rename column "
                + from.asCql()
                + " to "
                + to.asCql()
                + " in table "
                + table.name().asCql()
                + "; another column with that name exists",
            ref,
            tokens.get(from));
        continue;
      }
      List<Column> columns = new ArrayList<>();
      for (Column c : result.columns()) {
        columns.add(c.name().equals(from) ? new Column(to, c.type(), c.isStatic()) : c);
      }
      PrimaryKey key = result.primaryKey();
      List<CqlIdentifier> partition =
          key.partitionKey().stream().map(n -> n.equals(from) ? to : n).toList();
      List<ClusteringColumn> clustering =
          key.clustering().stream()
              .map(c -> c.name().equals(from) ? new ClusteringColumn(to, c.order()) : c)
              .toList();
      result =
          new Table(
              result.name(), columns, new PrimaryKey(partition, clustering), result.options());
      p.position(ElementRef.column(ks, table.name(), to), tokens.get(from));
    }
    return result;
  }
}
