package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.List;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.OtherStatement;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.support.QueryKey;
import org.keyspacestudio.model.support.ScriptSelect;
import org.keyspacestudio.model.support.ScriptSelects;
import org.keyspacestudio.model.support.SupportCheck;
import org.keyspacestudio.model.support.SupportRule;
import org.keyspacestudio.model.validate.Problem;

/**
 * Fixes for a script's SELECT ({@link ScriptSelects}), none safe (a table is added, or what the
 * statement reads changes):
 *
 * <ul>
 *   <li>a table the schema lacks ({@code SUPPORT-UNKNOWN-TABLE}): the SELECT reads the table or
 *       view of the nearest name (one typo, two in a name of seven letters or more);
 *   <li>a SELECT indexes serve one by one but not together: those indexes made storage-attached
 *       ({@link IndexFixes});
 *   <li>a SELECT restricting columns outside the key that no index serves (CONTAINS and map entries
 *       among them), or searching a vector by similarity without an index: storage-attached indexes
 *       added on them, after the keyed table ({@link IndexFixes}); these judge the whole SELECT,
 *       {@code token()}, tuples and {@code ANN OF} included;
 *   <li>a vector search without a LIMIT or ordered {@code DESC} ({@code SUPPORT-ANN}): {@code LIMIT
 *       10} added, {@code DESC} removed, each offered when the SELECT then has no such problem;
 *   <li>none for a relation the column's type does not take ({@code SUPPORT-OPERATOR});
 *   <li>a {@code LIKE} no index serves, or whose pattern the SASI index's mode does not serve
 *       ({@code SUPPORT-LIKE}): a SASI index in mode {@code CONTAINS} added, or the index made that
 *       mode ({@link IndexFixes});
 *   <li>{@code token()} of other than the partition key in its declared order ({@code
 *       SUPPORT-TOKEN}): each {@code token(...)} given the partition key, offered only when the
 *       SELECT then has no such problem (the value compared is a token either way);
 *   <li>a SELECT Cassandra refuses, or runs only with {@code ALLOW FILTERING}: a new table holding
 *       the same columns keyed for it by the method's rules ({@link QueryKey}: what it gives by =
 *       or IN the partition key, its ranges and ordering the clustering columns, then the old key's
 *       columns), named {@code <table>_by_<partition key>}, and the SELECT reads it; offered only
 *       when Cassandra would then prepare the SELECT without ALLOW FILTERING, reading one
 *       partition, and would create the table. The application then writes both tables;
 *   <li>a SELECT that ALLOW FILTERING alone would let run: ALLOW FILTERING added (it then reads and
 *       discards rows, a warning).
 * </ul>
 */
public final class SelectFixes {

  private SelectFixes() {}

  /** The fixes for a problem on a script's SELECT, best first; empty when there is none. */
  static List<Fix> of(Project project, Problem problem) {
    ElementRef element = problem.element();
    if (element == null
        || element.kind() != ElementRef.Kind.STATEMENT
        || !(problem.rule() instanceof SupportRule)
        || problem.rule() == SupportRule.MANY_PARTITIONS
        || problem.rule() == SupportRule.INDEX) {
      return List.of();
    }
    return forStatement(project, element.statementNumber());
  }

  /**
   * The fixes of one of the script's SELECTs, best first: what its table inspector offers.
   *
   * @param project the project, not null
   * @param number the statement's 1-based number among the schema's kept statements
   * @return the fixes; empty when the SELECT is not read, or reads one partition, or runs reading
   *     several partitions or through an index (warnings no fix here removes)
   */
  public static List<Fix> forStatement(Project project, int number) {
    ScriptSelects.Checked checked = ScriptSelects.check(project.schema(), number);
    if (checked == null) {
      return List.of();
    }
    OtherStatement statement = project.schema().otherStatements().get(number - 1);
    ScriptSelect select = checked.select();
    if (checked.target() == null) {
      return nearestTable(project.schema(), number, statement, select, checked.used());
    }
    List<Fix> constants = constants(checked, number, statement);
    if (!constants.isEmpty()) {
      return constants;
    }
    if (checked.findings().stream().anyMatch(f -> f.rule() == SupportRule.TOKEN)) {
      return tokenInKeyOrder(checked, number, statement);
    }
    if (checked.findings().stream().anyMatch(f -> f.rule() == SupportRule.LIKE)) {
      // Only a SASI index in a mode serving the pattern lets a LIKE run.
      return IndexFixes.patternIndexes(project, checked.target(), select, "this SELECT").stream()
          .toList();
    }
    List<Fix> annFixes = annWritten(checked, number, statement);
    if (!annFixes.isEmpty()) {
      return annFixes;
    }
    if (checked.findings().stream()
            .allMatch(f -> f.rule() == SupportRule.MANY_PARTITIONS || f.rule() == SupportRule.INDEX)
        || checked.findings().stream()
            .anyMatch(
                f ->
                    f.rule() == SupportRule.OPERATOR
                        || f.rule() == SupportRule.DISTINCT
                        || f.rule() == SupportRule.GROUP_BY)) {
      // A relation the column's type does not take, a DISTINCT of rows or a grouping out of key
      // order is rewritten by hand, as its message says.
      return List.of();
    }
    List<Fix> out = new ArrayList<>();
    // The index fixes judge the whole SELECT (token() and multi-column relations included) with
    // the indexes they make; one with ALLOW FILTERING runs already.
    boolean indexFixes = !select.allowFiltering();
    if (indexFixes) {
      IndexFixes.storageAttached(project, checked.target(), select, "this SELECT")
          .ifPresent(out::add);
    }
    Fix keyed = keyedTable(checked, number, statement);
    if (keyed != null) {
      out.add(keyed);
    }
    if (indexFixes) {
      IndexFixes.newIndexes(project, checked.target(), select, "this SELECT").ifPresent(out::add);
    }
    boolean refused = !SupportCheck.supported(checked.findings());
    if (refused
        && !select.allowFiltering()
        && SupportCheck.supported(
            SupportCheck.check(
                checked.table(),
                org.keyspacestudio.model.support.IndexedColumns.of(
                    checked.keyspace(), checked.table()),
                select.withAllowFiltering(true)))) {
      String text = statement.text().stripTrailing();
      String label =
          "Add ALLOW FILTERING to this SELECT from "
              + select.tableCql()
              + " (it then runs, reading rows and discarding those that fail)";
      out.add(
          new Fix(
              label, statementEdit(label, number, statement, text + " ALLOW FILTERING"), false));
    }
    return out;
  }

  /** The SELECT reading a new table keyed for it, or null when none serves it. */
  private static Fix keyedTable(
      ScriptSelects.Checked checked, int number, OtherStatement statement) {
    Table table = checked.table();
    Keyspace ks = checked.keyspace();
    ScriptSelect select = checked.select();
    Table keyed = QueryKey.keyed(table, select.query()).orElse(null);
    if (keyed == null) {
      return null;
    }
    String base = table.name().asInternal();
    int by = base.indexOf("_by_");
    if (by > 0) {
      base = base.substring(0, by);
    }
    PrimaryKey key = keyed.primaryKey();
    List<String> byWhat =
        new ArrayList<>(key.partitionKey().stream().map(CqlIdentifier::asInternal).toList());
    if (key.partitionKey().equals(table.primaryKey().partitionKey())
        && !key.clustering().isEmpty()) {
      // Keyed as before, ordered otherwise: named by what now orders it.
      byWhat.add(key.clustering().get(0).name().asInternal());
    }
    CqlIdentifier name = SchemaEdits.unique(ks, base + "_by_" + String.join("_and_", byWhat));
    Table made = new Table(name, keyed.columns(), key, keyed.options());
    if (!SupportCheck.check(made, org.keyspacestudio.model.support.IndexedColumns.none(), select)
        .isEmpty()) {
      return null;
    }
    List<Table> tables = new ArrayList<>(ks.tables());
    tables.add(made);
    Keyspace withMade = ks.withTables(tables);
    if (SupportEdits.errorsAround(withMade, name) > 0) {
      return null;
    }
    String reads =
        (select.keyspace() == null ? "" : select.keyspace().asCql() + ".") + name.asCql();
    String changed = select.readingFrom(statement.text(), reads);
    String label =
        "Read this SELECT from a new table "
            + ElementRef.table(ks.name(), name)
            + " keyed for it, "
            + keyText(key)
            + " (the application writes it too)";
    Document.Edit readIt = statementEdit(label, number, statement, changed);
    ElementRef target = checked.target();
    return new Fix(
        label,
        new Document.Edit(
            label,
            p -> {
              Keyspace now = p.schema().keyspace(ks.name()).orElse(null);
              if (now == null
                  || now.table(name).isPresent()
                  || !p.schema().contains(target)
                  || !statement.equals(statementAt(p.schema(), number))) {
                return p;
              }
              List<Table> all = new ArrayList<>(now.tables());
              all.add(made);
              Project added =
                  p.withSchema(SchemaEdits.withKeyspaceAdded(p.schema(), now.withTables(all)));
              return readIt.change().apply(added);
            }),
        false);
  }

  /** The SELECT reading the table or view of the nearest name, if one is near enough. */
  private static List<Fix> nearestTable(
      Schema schema,
      int number,
      OtherStatement statement,
      ScriptSelect select,
      CqlIdentifier used) {
    CqlIdentifier best =
        SchemaFixes.nearestTable(
            schema,
            select.keyspace() != null ? select.keyspace() : used,
            select.table().asInternal(),
            true);
    if (best == null) {
      return List.of();
    }
    String reads =
        (select.keyspace() == null ? "" : select.keyspace().asCql() + ".") + best.asCql();
    String changed = select.readingFrom(statement.text(), reads);
    String label = "Read " + reads + " in this SELECT, not " + select.tableCql();
    return List.of(new Fix(label, statementEdit(label, number, statement, changed), false));
  }

  /** {@code PRIMARY KEY ((a), b DESC, c)}: the key, each descending clustering column marked. */
  private static String keyText(PrimaryKey key) {
    List<String> parts = new ArrayList<>();
    parts.add(
        "("
            + String.join(", ", key.partitionKey().stream().map(CqlIdentifier::asCql).toList())
            + ")");
    key.clustering()
        .forEach(
            c ->
                parts.add(
                    c.name().asCql()
                        + (c.order() == org.keyspacestudio.model.schema.ClusteringOrder.DESC
                            ? " DESC"
                            : "")));
    return "PRIMARY KEY (" + String.join(", ", parts) + ")";
  }

  private static OtherStatement statementAt(Schema schema, int number) {
    List<OtherStatement> all = schema.otherStatements();
    return number >= 1 && number <= all.size() ? all.get(number - 1) : null;
  }

  /** The statement's text replaced, when the statement is still as the fix found it. */
  /** A {@code token(...)} call of a statement: its arguments up to the closing parenthesis. */
  private static final java.util.regex.Pattern TOKEN_CALL =
      java.util.regex.Pattern.compile("(?i)\\btoken\\s*\\(([^()'\"]*)\\)");

  /**
   * The SELECT with every {@code token(...)} given the table's partition key in its declared order,
   * when that leaves no {@code SUPPORT-TOKEN} problem; empty otherwise ({@code IN} on a token, text
   * the rewrite does not reach).
   */
  private static List<Fix> tokenInKeyOrder(
      ScriptSelects.Checked checked, int number, OtherStatement statement) {
    List<CqlIdentifier> pk = checked.table().primaryKey().partitionKey();
    String arguments = String.join(", ", pk.stream().map(CqlIdentifier::asCql).toList());
    String text = statement.text();
    java.util.regex.Matcher m = TOKEN_CALL.matcher(text);
    StringBuilder changed = new StringBuilder();
    int last = 0;
    while (m.find()) {
      changed.append(text, last, m.start(1)).append(arguments);
      last = m.end(1);
    }
    changed.append(text.substring(last));
    if (changed.toString().equals(text)
        || stillFound(checked, changed.toString(), f -> f.rule() == SupportRule.TOKEN)) {
      return List.of();
    }
    String label =
        "Write token("
            + arguments
            + ") in this SELECT from "
            + checked.select().tableCql()
            + ": the partition key, in its order";
    return List.of(
        new Fix(label, statementEdit(label, number, statement, changed.toString()), false));
  }

  /** The end of a SELECT: its ALLOW FILTERING, if any, and its semicolon. */
  private static final java.util.regex.Pattern SELECT_END =
      java.util.regex.Pattern.compile("(?is)^(.*?)(\\s+ALLOW\\s+FILTERING)?(\\s*;?\\s*)$");

  /** {@code DESC} after an ANN ordering's value (a vector literal, a bind marker). */
  private static final java.util.regex.Pattern ANN_DESC =
      java.util.regex.Pattern.compile(
          "(?is)(\\bANN\\s+OF\\s+(?:\\[[^\\]]*\\]|[^\\s,]+))\\s+DESC\\b");

  /** How many of the nearest rows the LIMIT fix asks for. */
  private static final int ANN_LIMIT = 10;

  /**
   * The fixes of a vector search written as Cassandra refuses it: a LIMIT added where there is none
   * ({@value #ANN_LIMIT} nearest rows), {@code DESC} removed from the ANN ordering. Each is offered
   * when the SELECT read again no longer has that problem; empty for another SELECT.
   */
  private static List<Fix> annWritten(
      ScriptSelects.Checked checked, int number, OtherStatement statement) {
    ScriptSelect select = checked.select();
    List<SupportCheck.Finding> ann =
        checked.findings().stream().filter(f -> f.rule() == SupportRule.ANN).toList();
    if (select.ann().size() != 1 || ann.isEmpty()) {
      return List.of();
    }
    String text = statement.text();
    String changed = null;
    String label = null;
    String problem = null;
    if (select.ann().get(0).direction() == org.keyspacestudio.model.schema.ClusteringOrder.DESC) {
      changed = ANN_DESC.matcher(text).replaceFirst("$1");
      problem = "Descending ANN ordering";
      label =
          "Remove DESC from the ANN ordering of this SELECT from "
              + select.tableCql()
              + " (the nearest rows come first)";
    } else if (select.limit() == null) {
      java.util.regex.Matcher m = SELECT_END.matcher(text);
      if (m.matches()) {
        changed =
            m.group(1)
                + " LIMIT "
                + ANN_LIMIT
                + (m.group(2) == null ? "" : m.group(2))
                + m.group(3);
      }
      problem = "Top-K queries must have a limit";
      label =
          "Add LIMIT "
              + ANN_LIMIT
              + " to this SELECT from "
              + select.tableCql()
              + " (its "
              + ANN_LIMIT
              + " nearest rows)";
    }
    if (changed == null || changed.equals(text)) {
      return List.of();
    }
    String gone = problem;
    if (stillFound(checked, changed, f -> f.message().startsWith(gone))) {
      return List.of();
    }
    return List.of(new Fix(label, statementEdit(label, number, statement, changed), false));
  }

  /**
   * A constant the column's type does not take written as it does, or a timestamp the node reads
   * otherwise given UTC's offset ({@link ConstantFixes}), each offered when the SELECT then no
   * longer has that finding.
   */
  private static List<Fix> constants(
      ScriptSelects.Checked checked, int number, OtherStatement statement) {
    List<Fix> out = new ArrayList<>();
    for (SupportCheck.Finding f : checked.findings()) {
      ConstantFixes.Rewrite rewrite =
          f.rule() == SupportRule.VALUE
              ? ConstantFixes.ofRefusal(f.message())
              : f.rule() == SupportRule.VALUE_READ_AS ? ConstantFixes.ofNote(f.message()) : null;
      if (rewrite == null && f.rule() == SupportRule.VALUE) {
        List<java.util.Map.Entry<String, org.keyspacestudio.model.type.Constant>> given =
            new ArrayList<>();
        for (ScriptSelect.Given g : checked.select().columnValues()) {
          given.add(java.util.Map.entry(g.column().asInternal(), g.value()));
        }
        ConstantFixes.Located part =
            ConstantFixes.ofPart(f.message(), given, checked.keyspace().userTypeFields());
        if (part != null) {
          String changed = ConstantFixes.applied(statement.text(), part.target(), part.rewrite());
          if (!stillFound(checked, changed, x -> x.message().equals(f.message()))) {
            String label = part.rewrite().label();
            out.add(new Fix(label, statementEdit(label, number, statement, changed), false));
          }
        }
        continue;
      }
      if (rewrite == null) {
        continue;
      }
      for (ScriptSelect.Given g : checked.select().columnValues()) {
        String name = g.column().asInternal();
        // The constant itself, or (named as a literal's part) one inside it.
        org.keyspacestudio.model.type.Constant target =
            !ConstantFixes.columnOf(rewrite.column()).equals(name)
                ? null
                : g.value().kind().name().equals(rewrite.kind())
                        && g.value().text().equals(rewrite.text())
                    ? g.value()
                    : ConstantFixes.within(g.value(), rewrite.kind(), rewrite.text());
        if (target != null) {
          String changed = ConstantFixes.applied(statement.text(), target, rewrite);
          if (!stillFound(checked, changed, x -> x.message().equals(f.message()))) {
            out.add(
                new Fix(
                    rewrite.label(),
                    statementEdit(rewrite.label(), number, statement, changed),
                    false));
          }
          break;
        }
      }
    }
    out.addAll(tokenConstants(checked, number, statement));
    return out;
  }

  /**
   * A {@code token()} relation's constant that is no {@code bigint}: a number in quotes written
   * without them, else a value the (one-column) partition key takes compared through its token,
   * {@code token(k) > token('abc')}, as the message proposes. Each offered when the SELECT then no
   * longer has that finding.
   */
  private static List<Fix> tokenConstants(
      ScriptSelects.Checked checked, int number, OtherStatement statement) {
    List<Fix> out = new ArrayList<>();
    PrimaryKey key = checked.table().primaryKey();
    for (SupportCheck.Finding f : checked.findings()) {
      if (f.rule() != SupportRule.VALUE || !f.message().contains("for \"partition key token\"")) {
        continue;
      }
      for (ScriptSelect.RelationValue r : checked.select().relationValues()) {
        org.keyspacestudio.model.type.Constant v = r.value();
        if (!r.token()
            || !r.columns().equals(key.partitionKey())
            || !f.message().contains("(" + v.text() + ")")) {
          continue;
        }
        ConstantFixes.Rewrite unquoted = ConstantFixes.ofRefusal(f.message());
        String replacement;
        String label;
        if (unquoted != null) {
          replacement = unquoted.replacement();
          label = "Write " + unquoted.replacement() + " without quotes (a token is a number)";
        } else if (key.partitionKey().size() == 1
            && checked
                .table()
                .column(key.partitionKey().get(0))
                .map(
                    c ->
                        org.keyspacestudio.model.type.ConstantTypes.refusal(
                                v, c.type(), c.name().asInternal())
                            == null)
                .orElse(false)) {
          replacement = "token(" + v.shown() + ")";
          label =
              "Compare with the token of "
                  + key.partitionKey().get(0).asCql()
                  + " "
                  + v.shown()
                  + ": "
                  + replacement;
        } else {
          continue;
        }
        String changed = ConstantFixes.applied(statement.text(), v, replacement);
        if (!stillFound(checked, changed, x -> x.message().equals(f.message()))) {
          out.add(new Fix(label, statementEdit(label, number, statement, changed), false));
        }
        break;
      }
    }
    return out;
  }

  /**
   * Whether the SELECT's text, rewritten by a fix, is not read or still has a finding the fix was
   * to remove, on the same table and indexes.
   */
  private static boolean stillFound(
      ScriptSelects.Checked checked,
      String rewritten,
      java.util.function.Predicate<SupportCheck.Finding> removed) {
    ScriptSelect read = org.keyspacestudio.model.parse.SelectReader.read(rewritten).select();
    return read == null
        || SupportCheck.check(
                checked.table(),
                org.keyspacestudio.model.support.IndexedColumns.of(
                    checked.keyspace(), checked.table()),
                read)
            .stream()
            .anyMatch(removed);
  }

  private static Document.Edit statementEdit(
      String label, int number, OtherStatement before, String text) {
    return new Document.Edit(label, SchemaEdits.setStatementText(number, before, text).change());
  }
}
