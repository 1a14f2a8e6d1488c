package org.keyspacestudio.model.write;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.IndexTarget;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.KeyspaceDefinition;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.OptionValue;
import org.keyspacestudio.model.schema.OtherStatement;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.type.UserTypeRef;

/**
 * Prints a schema as CQL: the one path from the model to CQL text, in the spirit of Cassandra's
 * {@code DESCRIBE}. The output is deterministic (the same schema always gives the same bytes) and
 * can be run as it is: for each keyspace its {@code CREATE KEYSPACE}, its types in dependency
 * order, then each table followed by its indexes and its materialized views (and their indexes).
 * Statements the model keeps verbatim come last; those that could not be read are written as
 * comments.
 *
 * <p>Names are quoted only where CQL needs it ({@link CqlIdentifier#asCql()}); objects of the
 * unnamed keyspace are printed unqualified.
 */
public final class CqlWriter {

  private static final String INDENT = "    ";

  private CqlWriter() {}

  /** The whole schema as a CQL script; an empty schema gives an empty string. */
  public static String write(Schema schema) {
    StringBuilder out = new StringBuilder();
    for (Keyspace keyspace : schema.keyspaces()) {
      writeKeyspace(keyspace, schema.comments(), out);
    }
    List<OtherStatement> others = schema.otherStatements();
    if (!others.isEmpty()) {
      separate(out);
      out.append("-- Statements kept verbatim: the schema model does not represent them.\n");
      for (OtherStatement statement : others) {
        out.append('\n');
        if (statement.kind().equals("UNREADABLE")) {
          out.append("-- ").append(statement.note()).append('\n');
          statement.text().lines().forEach(l -> out.append("-- ").append(l).append('\n'));
        } else {
          out.append(statement.text()).append(";\n");
        }
      }
    }
    return out.toString();
  }

  /** Everything in one keyspace, as {@link #write(Schema)} prints it, without comments. */
  public static String write(Keyspace keyspace) {
    StringBuilder out = new StringBuilder();
    writeKeyspace(keyspace, Map.of(), out);
    return out.toString();
  }

  private static void writeKeyspace(
      Keyspace keyspace, Map<ElementRef, String> comments, StringBuilder out) {
    CqlIdentifier ks = keyspace.name();
    if (keyspace.definition() != null) {
      statement(
          out, comments.get(ElementRef.keyspace(ks)), createKeyspace(ks, keyspace.definition()));
    }
    for (UserType type : typesInDependencyOrder(keyspace)) {
      statement(
          out, comments.get(ElementRef.type(ks, type.name())), createType(ks, type, comments));
    }
    Set<CqlIdentifier> written = new LinkedHashSet<>();
    for (Table table : keyspace.tables()) {
      statement(
          out, comments.get(ElementRef.table(ks, table.name())), createTable(ks, table, comments));
      writeIndexes(keyspace, table.name(), comments, out, written);
      for (MaterializedView view : keyspace.viewsOf(table.name())) {
        statement(out, comments.get(ElementRef.view(ks, view.name())), createView(ks, view, table));
        writeIndexes(keyspace, view.name(), comments, out, written);
      }
    }
    for (MaterializedView view : keyspace.views()) {
      if (keyspace.table(view.baseTable()).isEmpty()) {
        statement(out, comments.get(ElementRef.view(ks, view.name())), createView(ks, view, null));
      }
    }
    for (SecondaryIndex index : keyspace.indexes()) {
      if (!written.contains(index.effectiveName())) {
        statement(
            out, comments.get(ElementRef.index(ks, index.effectiveName())), createIndex(ks, index));
      }
    }
  }

  private static void writeIndexes(
      Keyspace keyspace,
      CqlIdentifier on,
      Map<ElementRef, String> comments,
      StringBuilder out,
      Set<CqlIdentifier> written) {
    for (SecondaryIndex index : keyspace.indexesOn(on)) {
      if (written.add(index.effectiveName())) {
        statement(
            out,
            comments.get(ElementRef.index(keyspace.name(), index.effectiveName())),
            createIndex(keyspace.name(), index));
      }
    }
  }

  /** One statement after a blank line, with its documentation comment above it. */
  private static void statement(StringBuilder out, String comment, String cql) {
    separate(out);
    if (comment != null) {
      comment.lines().forEach(l -> out.append(l.isEmpty() ? "--" : "-- " + l).append('\n'));
    }
    out.append(cql).append('\n');
  }

  /**
   * Member lines of a CREATE TABLE or TYPE body: each followed by its comma, a one-line comment
   * after it, a longer one above it.
   */
  private static void body(StringBuilder out, List<String> lines, List<String> comments) {
    for (int i = 0; i < lines.size(); i++) {
      String comment = comments.get(i);
      boolean multiLine = comment != null && comment.contains("\n");
      if (multiLine) {
        comment.lines().forEach(l -> out.append(INDENT).append("-- ").append(l).append('\n'));
      }
      out.append(INDENT).append(lines.get(i)).append(i < lines.size() - 1 ? "," : "");
      if (comment != null && !multiLine) {
        out.append(" -- ").append(comment);
      }
      out.append('\n');
    }
  }

  /** {@code CREATE KEYSPACE name WITH replication = {...} AND durable_writes = ...;} */
  public static String createKeyspace(CqlIdentifier name, KeyspaceDefinition definition) {
    Map<String, String> replication = new LinkedHashMap<>();
    replication.put("class", definition.replication().strategy());
    replication.putAll(definition.replication().options());
    String map =
        replication.entrySet().stream()
            .map(e -> quote(e.getKey()) + ": " + quote(e.getValue()))
            .collect(Collectors.joining(", ", "{", "}"));
    return "CREATE KEYSPACE "
        + name.asCql()
        + " WITH replication = "
        + map
        + " AND durable_writes = "
        + definition.durableWrites()
        + ";";
  }

  /** {@code CREATE TYPE} for one user-defined type, fields one a line. */
  public static String createType(CqlIdentifier keyspace, UserType type) {
    return createType(keyspace, type, Map.of());
  }

  private static String createType(
      CqlIdentifier keyspace, UserType type, Map<ElementRef, String> comments) {
    StringBuilder out = new StringBuilder("CREATE TYPE ");
    out.append(qualified(keyspace, type.name())).append(" (\n");
    List<String> lines = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (UserType.Field field : type.fields()) {
      lines.add(field.name().asCql() + " " + field.type().asCql());
      notes.add(comments.get(ElementRef.field(keyspace, type.name(), field.name())));
    }
    body(out, lines, notes);
    return out.append(");").toString();
  }

  /**
   * {@code CREATE TABLE} for one table: columns in declaration order (so that a round trip keeps
   * the user's order), the primary key (inline for a single partition key column and no clustering
   * columns, as {@code DESCRIBE} does), then {@code WITH CLUSTERING ORDER BY} when any clustering
   * column is descending, then the options by name.
   */
  public static String createTable(CqlIdentifier keyspace, Table table) {
    return createTable(keyspace, table, Map.of());
  }

  private static String createTable(
      CqlIdentifier keyspace, Table table, Map<ElementRef, String> comments) {
    StringBuilder out = new StringBuilder("CREATE TABLE ");
    out.append(qualified(keyspace, table.name())).append(" (\n");
    PrimaryKey key = table.primaryKey();
    // "k int PRIMARY KEY" only when exactly one column has the key's name: with a duplicate column
    // the inline form would name the key twice and not read back.
    boolean inlineKey =
        key.partitionKey().size() == 1
            && key.clustering().isEmpty()
            && table.columns().stream()
                    .filter(c -> c.name().equals(key.partitionKey().get(0)))
                    .count()
                == 1;
    List<String> lines = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (Column column : table.columns()) {
      notes.add(comments.get(ElementRef.column(keyspace, table.name(), column.name())));
      String line = column.name().asCql() + " " + column.type().asCql();
      if (column.isStatic()) {
        line += " static";
      }
      if (inlineKey && column.name().equals(key.partitionKey().get(0))) {
        line += " PRIMARY KEY";
      }
      lines.add(line);
    }
    if (!inlineKey && !key.partitionKey().isEmpty()) {
      lines.add("PRIMARY KEY (" + keyText(key) + ")");
      notes.add(null);
    }
    body(out, lines, notes);
    out.append(')');
    writeWith(out, key, key.hasNonDefaultOrder(), table.options());
    return out.append(';').toString();
  }

  /**
   * {@code CREATE [CUSTOM] INDEX}; an unnamed index stays unnamed. The built-in index's alias
   * {@code USING 'legacy_local_table'} is written without {@code CUSTOM}: Cassandra 5.0 takes it
   * for a class name after {@code CUSTOM} and refuses the statement.
   */
  public static String createIndex(CqlIdentifier keyspace, SecondaryIndex index) {
    boolean custom =
        index.isCustom()
            && !(index.using() != null && index.using().equalsIgnoreCase("legacy_local_table"));
    StringBuilder out = new StringBuilder(custom ? "CREATE CUSTOM INDEX " : "CREATE INDEX ");
    if (index.name() != null) {
      out.append(index.name().asCql()).append(' ');
    }
    out.append("ON ").append(qualified(keyspace, index.table()));
    out.append(
        index.targets().stream()
            .map(IndexTarget::asCql)
            .collect(Collectors.joining(", ", " (", ")")));
    if (index.using() != null) {
      out.append(" USING ").append(quote(index.using()));
      if (!index.options().isEmpty()) {
        out.append(" WITH OPTIONS = ").append(OptionValue.MapValue.of(index.options()).asCql());
      }
    }
    return out.append(';').toString();
  }

  /**
   * {@code CREATE MATERIALIZED VIEW}, one clause a line. The clustering order is written when it is
   * not all ascending, or when leaving it out would give the base table's order instead ({@link
   * MaterializedView#needsOrderClause}).
   *
   * @param keyspace the keyspace name, or null to leave names unqualified
   * @param view the view, not null
   * @param base its base table, or null when it is not known
   * @return the statement, ending with {@code ;}
   */
  public static String createView(CqlIdentifier keyspace, MaterializedView view, Table base) {
    StringBuilder out = new StringBuilder("CREATE MATERIALIZED VIEW ");
    out.append(qualified(keyspace, view.name())).append(" AS\n");
    out.append(INDENT).append("SELECT ");
    out.append(
        view.selectsAll()
            ? "*"
            : view.selected().stream().map(CqlIdentifier::asCql).collect(Collectors.joining(", ")));
    out.append(" FROM ").append(qualified(keyspace, view.baseTable())).append('\n');
    List<String> where = new ArrayList<>();
    view.notNullColumns().forEach(c -> where.add(c.asCql() + " IS NOT NULL"));
    if (!view.otherRestrictions().isEmpty()) {
      where.add(view.otherRestrictions());
    }
    if (!where.isEmpty()) {
      out.append(INDENT).append("WHERE ").append(String.join(" AND ", where)).append('\n');
    }
    out.append(INDENT).append("PRIMARY KEY (").append(keyText(view.primaryKey())).append(')');
    writeWith(out, view.primaryKey(), view.needsOrderClause(base), view.options());
    return out.append(';').toString();
  }

  private static void writeWith(
      StringBuilder out, PrimaryKey key, boolean order, TableOptions options) {
    List<String> clauses = new ArrayList<>();
    if (order) {
      clauses.add(
          "CLUSTERING ORDER BY ("
              + key.clustering().stream()
                  .map(c -> c.name().asCql() + " " + c.order().name())
                  .collect(Collectors.joining(", "))
              + ")");
    }
    if (options.compactStorage()) {
      clauses.add("COMPACT STORAGE");
    }
    options
        .values()
        .forEach((name, value) -> clauses.add(optionName(name) + " = " + value.asCql()));
    for (int i = 0; i < clauses.size(); i++) {
      out.append(i == 0 ? " WITH " : "\n" + INDENT + "AND ").append(clauses.get(i));
    }
  }

  private static String optionName(String name) {
    return CqlIdentifier.of(name).asCql();
  }

  private static String keyText(PrimaryKey key) {
    String partition =
        key.partitionKey().size() == 1
            ? key.partitionKey().get(0).asCql()
            : key.partitionKey().stream()
                .map(CqlIdentifier::asCql)
                .collect(Collectors.joining(", ", "(", ")"));
    StringBuilder out = new StringBuilder(partition);
    for (PrimaryKey.ClusteringColumn c : key.clustering()) {
      out.append(", ").append(c.name().asCql());
    }
    return out.toString();
  }

  /**
   * The keyspace's types ordered so that every type comes after the types it uses; types that do
   * not depend on each other keep their creation order. A cycle (which validation reports) is
   * broken by creation order.
   */
  public static List<UserType> typesInDependencyOrder(Keyspace keyspace) {
    Map<CqlIdentifier, UserType> byName = new LinkedHashMap<>();
    keyspace.types().forEach(t -> byName.put(t.name(), t));
    List<UserType> ordered = new ArrayList<>();
    Set<CqlIdentifier> visiting = new LinkedHashSet<>();
    Set<CqlIdentifier> done = new LinkedHashSet<>();
    for (UserType type : keyspace.types()) {
      visit(type, byName, visiting, done, ordered);
    }
    return ordered;
  }

  private static void visit(
      UserType type,
      Map<CqlIdentifier, UserType> byName,
      Set<CqlIdentifier> visiting,
      Set<CqlIdentifier> done,
      List<UserType> ordered) {
    if (done.contains(type.name()) || !visiting.add(type.name())) {
      return;
    }
    for (UserType.Field field : type.fields()) {
      for (CqlIdentifier used : UserTypeRef.referencedBy(field.type())) {
        UserType dependency = byName.get(used);
        if (dependency != null) {
          visit(dependency, byName, visiting, done, ordered);
        }
      }
    }
    visiting.remove(type.name());
    if (done.add(type.name())) {
      ordered.add(type);
    }
  }

  private static String qualified(CqlIdentifier keyspace, CqlIdentifier name) {
    return keyspace == null ? name.asCql() : keyspace.asCql() + "." + name.asCql();
  }

  private static String quote(String value) {
    return "'" + value.replace("'", "''") + "'";
  }

  private static void separate(StringBuilder out) {
    if (out.length() > 0) {
      out.append('\n');
    }
  }
}
