package org.keyspacestudio.model.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.parse.SelectReader;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.OtherStatement;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.ScriptNames;
import org.keyspacestudio.model.schema.SourcePosition;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.validate.Problem;

/**
 * The {@code SELECT} statements of a script (an application's queries written beside the schema,
 * kept verbatim by the importer) checked against the schema as Cassandra 5.0 prepares them: the
 * same rules as a query of the workflow on its table ({@link SupportCheck}, compared with
 * Cassandra's own classes in the oracle module, with and without {@code ALLOW FILTERING}), each
 * problem on the statement ({@link ElementRef.Kind#STATEMENT}) and at its line and column.
 *
 * <p>A SELECT naming no keyspace reads the only table (or view) of that name in the schema; one
 * found in several keyspaces is not checked (the script's {@code USE} is not kept). SELECTs that
 * {@link SelectReader} does not read ({@code DISTINCT}, {@code GROUP BY}, {@code token(...)},
 * {@code CONTAINS}, {@code ANN OF}...) are not checked.
 */
public final class ScriptSelects {

  private ScriptSelects() {}

  /**
   * A SELECT of the script, read and resolved.
   *
   * @param number the statement's 1-based number among the schema's kept statements
   * @param select the SELECT as read
   * @param target the table or view it reads, or null when the schema defines none of that name
   * @param keyspace the keyspace of {@code target}, or null with it
   * @param table {@code target} as a table (a view as the table its rows fill), or null with it
   * @param findings what Cassandra would say: errors when it refuses the SELECT, warnings when it
   *     runs but reads more than one partition or filters; empty when it reads one partition
   * @param used the keyspace of the script's {@code USE} that the SELECT read its table in (it
   *     names none), or null
   */
  public record Checked(
      int number,
      ScriptSelect select,
      ElementRef target,
      Keyspace keyspace,
      Table table,
      List<SupportCheck.Finding> findings,
      CqlIdentifier used) {}

  /**
   * Every SELECT of the schema's kept statements that is read and whose table is resolved (or known
   * missing), in statement order.
   *
   * @param schema the schema, not null
   * @return the checked SELECTs, never null
   */
  public static List<Checked> check(Schema schema) {
    List<Checked> out = new ArrayList<>();
    ScriptNames.eachKept(
        schema,
        "SELECT"::equals,
        (names, number, s, use) -> {
          SelectReader.Read read = SelectReader.read(s.text());
          if (read.select() == null) {
            return;
          }
          Checked c = resolve(names, number, read.select(), use);
          if (c != null) {
            out.add(c);
          }
        });
    return out;
  }

  /**
   * The problems of the script's SELECTs: {@link SupportRule#UNKNOWN_TABLE} for a table the schema
   * lacks, then each finding, on the statement, at its position when known.
   *
   * @param schema the schema, not null
   * @param positions source positions of the schema's elements (may be empty), not null
   * @return the problems, never null
   */
  public static List<Problem> validate(Schema schema, Map<ElementRef, SourcePosition> positions) {
    List<Problem> out = new ArrayList<>();
    for (Checked c : check(schema)) {
      ElementRef ref = ElementRef.statement(c.number());
      SourcePosition at = positions.get(ref);
      String on = "SELECT from " + c.select().tableCql() + ": ";
      if (c.target() == null) {
        out.add(
            new Problem(
                SupportRule.UNKNOWN_TABLE,
                on
                    + "table "
                    + (c.used() == null
                        ? c.select().tableCql()
                        : c.used().asCql() + "." + c.select().table().asCql())
                    + " does not exist in the schema"
                    + (c.used() == null ? "" : " (the script's USE " + c.used().asCql() + ")")
                    + unread(schema, positions, c.select(), at),
                ref,
                at));
        continue;
      }
      for (SupportCheck.Finding f : c.findings()) {
        out.add(new Problem(f.rule(), on + f.message(), ref, at));
      }
    }
    return out;
  }

  /** A CREATE TABLE or MATERIALIZED VIEW statement's start: its kind (1) and name (4). */
  private static final java.util.regex.Pattern CREATES =
      java.util.regex.Pattern.compile(
          "(?is)\\s*CREATE\\s+(TABLE|MATERIALIZED\\s+VIEW)\\s+(IF\\s+NOT\\s+EXISTS\\s+)?"
              + "(\"?[\\w$]+\"?\\s*\\.\\s*)?\"?([\\w$]+)\"?.*");

  /**
   * Why a table a SELECT reads is missing when the script meant to create it: {@code ": its CREATE
   * TABLE (line 69) was not read; see the error there"} (the file named when it is another) when a
   * statement kept unread creates a table or view of that name; else nothing.
   */
  private static String unread(
      Schema schema,
      Map<ElementRef, SourcePosition> positions,
      ScriptSelect select,
      SourcePosition selectAt) {
    List<OtherStatement> others = schema.otherStatements();
    for (int i = 0; i < others.size(); i++) {
      if (!others.get(i).kind().equals("UNREADABLE")) {
        continue;
      }
      java.util.regex.Matcher m = CREATES.matcher(others.get(i).text());
      if (m.matches() && m.group(4).equalsIgnoreCase(select.table().asInternal())) {
        SourcePosition at = positions.get(ElementRef.statement(i + 1));
        return ": its CREATE "
            + (m.group(1).toUpperCase(java.util.Locale.ROOT).startsWith("TABLE")
                ? "TABLE"
                : "MATERIALIZED VIEW")
            + (at == null
                ? ""
                : " ("
                    + (selectAt != null && selectAt.source().equals(at.source())
                        ? "line " + at.line()
                        : at.source().substring(at.source().lastIndexOf('/') + 1) + ":" + at.line())
                    + ")")
            + " was not read; see the error there";
      }
    }
    return "";
  }

  /**
   * The table or view a kept statement reads, when it is a SELECT that is read and resolved: where
   * the editor marks and shows the statement's problems.
   *
   * @param schema the schema, not null
   * @param statement a reference to one of its kept statements ({@link ElementRef#statement})
   * @return the table or view, or null for another statement, one not read, or a table it lacks
   */
  public static ElementRef target(Schema schema, ElementRef statement) {
    Checked c = check(schema, statement.statementNumber());
    return c == null ? null : c.target();
  }

  /**
   * One of the script's SELECTs, read and resolved alone (what a problem's fixes and its mark need,
   * without reading every other statement).
   *
   * @param schema the schema, not null
   * @param number the statement's 1-based number among the schema's kept statements
   * @return the SELECT checked, or null for another statement, one not read, or a number out of
   *     range
   */
  public static Checked check(Schema schema, int number) {
    List<OtherStatement> others = schema.otherStatements();
    if (number < 1 || number > others.size() || !others.get(number - 1).kind().equals("SELECT")) {
      return null;
    }
    SelectReader.Read read = SelectReader.read(others.get(number - 1).text());
    if (read.select() == null) {
      return null;
    }
    CqlIdentifier use = null;
    for (int i = number - 2; i >= 0 && use == null; i--) {
      use = ScriptNames.useOf(others.get(i));
    }
    return resolve(new ScriptNames(schema), number, read.select(), use);
  }

  /**
   * The kept statements after a table or view is renamed: each SELECT that reads it (resolved in
   * {@code before}) reads {@code newName}, its keyspace as it was named, as the application's own
   * SELECTs would have to.
   *
   * @param before the schema before the rename, not null
   * @param renamed the table or view renamed, not null
   * @param newName its new name, not null
   * @return every kept statement, those SELECTs rewritten
   */
  public static List<OtherStatement> withTableRenamed(
      Schema before, ElementRef renamed, CqlIdentifier newName) {
    return rewritten(
        before,
        c -> c.target().equals(renamed),
        (c, text) ->
            c.select()
                .readingFrom(
                    text,
                    (c.select().keyspace() == null ? "" : c.select().keyspace().asCql() + ".")
                        + newName.asCql()));
  }

  /**
   * The kept statements after a table's column is renamed: each SELECT that reads the table, or one
   * of its views (which Cassandra renames the column in too), names it {@code to} ({@link
   * org.keyspacestudio.model.parse.CqlNames#renameColumn}), the table's own name left as it is.
   *
   * @param before the schema before the rename, not null
   * @param table the table, not null
   * @param from the column's name before, not null
   * @param to its new name, not null
   * @return every kept statement, those SELECTs rewritten
   */
  public static List<OtherStatement> withColumnRenamed(
      Schema before, ElementRef table, CqlIdentifier from, CqlIdentifier to) {
    Keyspace ks = before.keyspace(table.keyspace()).orElse(null);
    return rewritten(
        before,
        c ->
            c.target().equals(table)
                || (ks != null
                    && c.target().kind() == ElementRef.Kind.VIEW
                    && c.keyspace() == ks
                    && ks.view(c.target().object())
                        .map(v -> v.baseTable().equals(table.object()))
                        .orElse(false)),
        (c, text) ->
            org.keyspacestudio.model.parse.CqlNames.renameColumn(
                    text.substring(0, c.select().tableStart()), from, to)
                + text.substring(c.select().tableStart(), c.select().tableEnd())
                + org.keyspacestudio.model.parse.CqlNames.renameColumn(
                    text.substring(c.select().tableEnd()), from, to));
  }

  private static List<OtherStatement> rewritten(
      Schema before,
      java.util.function.Predicate<Checked> reads,
      java.util.function.BiFunction<Checked, String, String> rewrite) {
    List<OtherStatement> out = new ArrayList<>(before.otherStatements());
    for (Checked c : check(before)) {
      if (c.target() != null && reads.test(c)) {
        OtherStatement s = out.get(c.number() - 1);
        out.set(c.number() - 1, new OtherStatement(s.kind(), rewrite.apply(c, s.text()), s.note()));
      }
    }
    return out;
  }

  private static Checked resolve(
      ScriptNames names, int number, ScriptSelect select, CqlIdentifier use) {
    ScriptNames.Found found = names.find(select.keyspace(), select.table(), use);
    if (found == null) {
      return null;
    }
    Keyspace ks = found.keyspace();
    if (found.table() != null) {
      Table table = found.table();
      return new Checked(
          number,
          select,
          ElementRef.table(ks.name(), table.name()),
          ks,
          table,
          SupportCheck.check(table, IndexedColumns.of(ks, table), select, ks.userTypeFields()),
          found.used());
    }
    if (found.view() != null) {
      MaterializedView view = found.view();
      Table rows = ks.viewAsTable(view);
      if (rows == null) {
        // The view itself is in error (its base table or a column is missing): said there.
        return null;
      }
      return new Checked(
          number,
          select,
          ElementRef.view(ks.name(), view.name()),
          ks,
          rows,
          SupportCheck.check(rows, IndexedColumns.none(), select, ks.userTypeFields()),
          found.used());
    }
    return new Checked(number, select, null, null, null, List.of(), found.used());
  }
}
