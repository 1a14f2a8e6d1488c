package org.keyspacestudio.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.support.ScriptSelect;
import org.keyspacestudio.model.support.SelectBuilder;
import org.keyspacestudio.model.support.SupportCheck;
import org.keyspacestudio.model.support.SupportRule;
import org.keyspacestudio.model.support.TableQuery;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.write.CqlWriter;

/**
 * Our "this table answers this query" is Cassandra 5.0.9's "this SELECT prepares", without and with
 * ALLOW FILTERING: on generated tables and queries, and on queries over the corpus' real tables,
 * each SELECT's text read back as a script's SELECT is ({@code SelectReader}). Prints how often
 * each of our rules and each of Cassandra's messages was met: a rule or message no case reaches is
 * a gap in the generator.
 */
class SupportOracleTest {

  /** A single column's {@code = ?} (not a tuple's, not token()'s). */
  private static final java.util.regex.Pattern SINGLE_EQ =
      java.util.regex.Pattern.compile("(?<=[\\w\"]) = \\?");

  /** Constants the generated SELECTs compare a column with, one kind or format after another. */
  private static final List<String> CONSTANTS =
      List.of(
          "1",
          "'abc'",
          "99999999999",
          "'2026-02-28'",
          "1.5",
          "6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47",
          "'2026-02-30'",
          "true",
          "0xcafe",
          "'08:30:00'",
          "-5",
          "1h30m",
          "null");

  private static final long SEED = 20261123L;
  private static final int CASES = Integer.getInteger("kstudio.support.cases", 2000);

  private record Mismatch(
      String table,
      String indexes,
      String select,
      String cassandra,
      List<SupportCheck.Finding> ours) {
    @Override
    public String toString() {
      return table
          + "\n    "
          + indexes
          + "\n    "
          + select
          + "\n    Cassandra: "
          + (cassandra == null ? "prepares" : cassandra)
          + "\n    ours: "
          + ours;
    }
  }

  private static String message(String cassandra) {
    if (cassandra == null) {
      return "(prepares)";
    }
    // Column names and lists out: the kind of message, not its arguments.
    return cassandra
        .replaceAll("\"[^\"]*\"", "\"…\"")
        .replaceAll("\\b[pcvst]\\d+\\b", "…")
        .replaceAll("got .*", "got …");
  }

  private static List<Mismatch> compare(
      List<GeneratedQueries.Case> cases,
      CqlIdentifier keyspace,
      List<String> prelude,
      boolean allowFiltering,
      Map<String, Integer> ourRules,
      Map<String, Integer> messages) {
    List<Mismatch> mismatches = new ArrayList<>();
    int n = 0;
    for (GeneratedQueries.Case generated : cases) {
      // Every fourth query is a SELECT DISTINCT of partition key columns (all or some), sometimes
      // with a static or a clustering column, or of every column (*), keeping its ORDER BY.
      boolean distinct = n++ % 4 == 3 && !(annDrawn(n) && n % 7 != 0);
      GeneratedQueries.Case base = distinct ? distinctOf(generated, n) : generated;
      // Every sixth compares a tuple of clustering columns (sometimes two), first or last; mostly
      // their other relations are left out.
      List<ScriptSelect.MultiColumnRelation> drawn =
          n % 6 == 4 ? tuples(base.table(), n) : List.of();
      java.util.Set<CqlIdentifier> inTuples = new java.util.HashSet<>();
      if (n % 24 != 4) {
        drawn.forEach(t -> inTuples.addAll(t.columns()));
      }
      // Every ninth orders by similarity (a fifth of them beside token()), mostly its other
      // orderings left out.
      AnnDraw ann = annDrawn(n) ? ann(base.table(), n) : AnnDraw.NONE;
      // Mostly without the grouping, per-partition limit or DISTINCT a top-k query may not have.
      boolean others = ann.orderings().isEmpty() || n % 7 == 0;
      // Every eleventh counts rows (an aggregate) instead of returning columns.
      boolean counted = !distinct && n % 11 == 3;
      GeneratedQueries.Case c =
          new GeneratedQueries.Case(
              base.table(),
              base.indexes(),
              new TableQuery(
                  base.query().where().stream()
                      .filter(r -> !inTuples.contains(r.column()))
                      .filter(
                          r ->
                              ann.kept() == 2
                                  || (ann.kept() == 1
                                      && base.table().primaryKey().isKeyColumn(r.column())))
                      .toList(),
                  ann.orderings().isEmpty() || ann.keepOrder() ? base.query().orderBy() : List.of(),
                  counted ? List.of() : base.query().returned()));
      int at = n % 2 == 1 ? c.query().where().size() : 0;
      List<ScriptSelect.MultiColumnRelation> tuples =
          drawn.stream()
              .map(t -> new ScriptSelect.MultiColumnRelation(t.columns(), t.operator(), at))
              .toList();
      List<String> schema = new ArrayList<>(prelude);
      // Options do not change what a SELECT may do; removed ones would stop Cassandra's CREATE.
      schema.add(
          CqlWriter.createTable(
              keyspace,
              c.table().withOptions(org.keyspacestudio.model.schema.TableOptions.none())));
      for (CqlIdentifier column : c.indexed()) {
        // The index is the registry's stand-in (SelectOracle); Cassandra's schema needs none.
        assertThat(c.table().column(column)).isPresent();
      }
      String select = SelectBuilder.select(keyspace, c.table().name(), c.query());
      if (counted) {
        select = "SELECT count(*) " + select.substring("SELECT * ".length());
      }
      if (distinct) {
        select = "SELECT DISTINCT " + distinctSelectors(select, c, n);
      }
      // Every fifth compares token(), before or after the other relations.
      List<ScriptSelect.TokenRelation> token = n % 5 == 1 ? token(c.table(), n) : List.of();
      if (!token.isEmpty()) {
        select = withToken(select, token, n);
      }
      if (!tuples.isEmpty()) {
        select = withRelations(select, tuples, n);
      }
      // Every fourth other one groups by key columns, mostly in their order.
      List<CqlIdentifier> groupBy = n % 4 == 2 && others ? groupBy(c.table(), n) : List.of();
      // A third of them end with (or hold) a function: floor of a time, mostly.
      ScriptSelect.GroupByFunction function =
          n % 4 == 2 && others ? groupByFunction(c.table(), groupBy, n) : null;
      if (!groupBy.isEmpty() || function != null) {
        List<String> elements =
            new ArrayList<>(groupBy.stream().map(CqlIdentifier::asCql).toList());
        if (function != null) {
          elements.add(
              function.at(),
              function.name()
                  + "("
                  + function.columns().get(0).asCql()
                  + (function.name().equals("floor") ? ", 1h)" : ")"));
        }
        String group = " GROUP BY " + String.join(", ", elements);
        int order = select.indexOf(" ORDER BY ");
        select =
            order < 0
                ? select + group
                : select.substring(0, order) + group + select.substring(order);
      }
      if (!ann.orderings().isEmpty()) {
        String orderings =
            String.join(
                ", ", ann.orderings().stream().map(ScriptSelect.AnnOrdering::asCql).toList());
        select =
            select
                + (select.contains(" ORDER BY ") ? ", " : " ORDER BY ")
                + orderings.replace("?", "[0.5, 0.25, 1.0]");
      }
      // Every seventh says PER PARTITION LIMIT.
      boolean perPartitionLimit = n % 7 == 5 && others;
      if (perPartitionLimit) {
        select = select + " PER PARTITION LIMIT 2";
      }
      if (ann.limit()) {
        select = select + " LIMIT 10";
      }
      // Every ninth compares its first column given by = with a constant (of any kind: most do
      // not fit the column's type, whose verdict is SUPPORT-VALUE's).
      java.util.regex.Matcher eq = SINGLE_EQ.matcher(select);
      if (n % 9 == 4 && eq.find()) {
        select =
            select.substring(0, eq.end() - 1)
                + CONSTANTS.get(n / 9 % CONSTANTS.size())
                + select.substring(eq.end());
      }
      if (allowFiltering) {
        select = select.replaceAll(";\\s*$", "") + " ALLOW FILTERING";
      }
      String cassandra = SelectOracle.prepare(schema, select, c.indexes());
      // Judged as a script's SELECT is: its text read back (SelectReader), then checked.
      var read = org.keyspacestudio.model.parse.SelectReader.read(select).select();
      assertThat(read).as("read back: %s", select).isNotNull();
      assertThat(read.query()).as("read back: %s", select).isEqualTo(c.query());
      assertThat(read.allowFiltering()).isEqualTo(allowFiltering);
      assertThat(read.distinct()).isEqualTo(distinct);
      assertThat(read.perPartitionLimit()).isEqualTo(perPartitionLimit);
      assertThat(read.groupBy()).isEqualTo(groupBy);
      assertThat(read.groupByFunction()).isEqualTo(function);
      assertThat(read.token()).isEqualTo(token);
      assertThat(read.multiColumn()).isEqualTo(tuples);
      assertThat(read.ann()).isEqualTo(ann.orderings());
      assertThat(read.limit()).isEqualTo(ann.limit() ? "10" : null);
      assertThat(read.aggregate()).isEqualTo(counted);
      assertThat(read.likePatterns()).isEmpty();
      List<SupportCheck.Finding> ours = SupportCheck.check(c.table(), c.indexes(), read);
      if (!groupBy.isEmpty()) {
        ourRules.merge(
            SupportCheck.supported(ours) ? "(GROUP BY prepared)" : "(GROUP BY refused)",
            1,
            Integer::sum);
      }
      if (function != null) {
        ourRules.merge(
            SupportCheck.supported(ours)
                ? "(GROUP BY function prepared)"
                : "(GROUP BY function refused)",
            1,
            Integer::sum);
      }
      if (!tuples.isEmpty()) {
        ourRules.merge(
            SupportCheck.supported(ours) ? "(tuple prepared)" : "(tuple refused)", 1, Integer::sum);
      }
      if (!token.isEmpty()) {
        ourRules.merge(
            SupportCheck.supported(ours) ? "(token prepared)" : "(token refused)", 1, Integer::sum);
      }
      if (counted && perPartitionLimit && groupBy.isEmpty() && function == null) {
        ourRules.merge(
            SupportCheck.supported(ours)
                ? "(aggregate with PER PARTITION LIMIT prepared)"
                : "(aggregate with PER PARTITION LIMIT refused)",
            1,
            Integer::sum);
      }
      if (c.query().where().stream().anyMatch(r -> r.operator() == Operator.ENTRY)) {
        ourRules.merge(
            SupportCheck.supported(ours) ? "(map entry prepared)" : "(map entry refused)",
            1,
            Integer::sum);
      }
      if (!ann.orderings().isEmpty()) {
        ourRules.merge(
            SupportCheck.supported(ours) ? "(ANN prepared)" : "(ANN refused)", 1, Integer::sum);
        if (!token.isEmpty()) {
          ourRules.merge(
              SupportCheck.supported(ours)
                  ? "(ANN with token() prepared)"
                  : "(ANN with token() refused)",
              1,
              Integer::sum);
        }
      }
      if (c.query().where().stream()
          .anyMatch(r -> r.operator() == Operator.NEQ || r.operator() == Operator.IS_NOT_NULL)) {
        ourRules.merge(
            SupportCheck.supported(ours)
                ? "(!= or IS NOT NULL prepared)"
                : "(!= or IS NOT NULL refused)",
            1,
            Integer::sum);
      }
      if (c.query().where().stream().anyMatch(r -> r.operator() == Operator.LIKE)) {
        ourRules.merge(
            SupportCheck.supported(ours) ? "(LIKE prepared)" : "(LIKE refused)", 1, Integer::sum);
      }
      if (distinct) {
        ourRules.merge(
            SupportCheck.supported(ours) ? "(DISTINCT prepared)" : "(DISTINCT refused)",
            1,
            Integer::sum);
        if (select.substring(0, select.indexOf(" FROM ")).contains("(")) {
          ourRules.merge(
              SupportCheck.supported(ours)
                  ? "(DISTINCT of expressions prepared)"
                  : "(DISTINCT of expressions refused)",
              1,
              Integer::sum);
        }
      }
      ours.forEach(f -> ourRules.merge(f.rule().id(), 1, Integer::sum));
      if (ours.isEmpty()) {
        ourRules.merge("(supported, one partition)", 1, Integer::sum);
      }
      if (SupportCheck.supported(ours)
          && c.query().where().stream()
              .anyMatch(r -> !r.operator().equality() && c.ranged().contains(r.column()))) {
        ourRules.merge("(a range an index serves)", 1, Integer::sum);
      }
      if (SupportCheck.supported(ours)
          && c.query().where().stream()
              .anyMatch(
                  r -> r.operator().contains() && c.indexes().serves(r.column(), r.operator()))) {
        ourRules.merge("(CONTAINS an index serves)", 1, Integer::sum);
      }
      if (c.query().where().stream().filter(r -> r.operator().contains()).count() > 1
          && c.query().where().stream()
                  .filter(r -> r.operator().contains())
                  .map(TableQuery.Restriction::column)
                  .distinct()
                  .count()
              == 1) {
        ourRules.merge(
            SupportCheck.supported(ours)
                ? "(several CONTAINS on a column prepared)"
                : "(several CONTAINS on a column refused)",
            1,
            Integer::sum);
      }
      if (ours.stream().anyMatch(f -> f.message().contains("index of their own"))) {
        ourRules.merge("(indexes that do not answer together)", 1, Integer::sum);
      }
      if (SupportCheck.supported(ours)
          && c.query().where().stream()
              .anyMatch(
                  r ->
                      c.table().primaryKey().isKeyColumn(r.column())
                          && c.indexed().contains(r.column())
                          && ours.stream().anyMatch(f -> f.rule() == SupportRule.INDEX))) {
        ourRules.merge("(an index on a key column in use)", 1, Integer::sum);
      }
      messages.merge(message(cassandra), 1, Integer::sum);
      if (SupportCheck.supported(ours) != (cassandra == null)) {
        mismatches.add(
            new Mismatch(
                schema.get(schema.size() - 1),
                "indexed "
                    + c.indexed()
                    + ", ranges served on "
                    + c.ranged()
                    + ", SAI on "
                    + c.indexes().grouped()
                    + ", LIKE on "
                    + c.indexes().likes().keySet(),
                select,
                cassandra,
                ours));
      }
    }
    return mismatches;
  }

  /**
   * One or two token() relations: mostly of the whole partition key in its order and by = or a
   * range; sometimes of part of it, two columns swapped, a clustering column added or a column
   * twice, or by IN.
   */
  private static List<ScriptSelect.TokenRelation> token(Table table, int n) {
    java.util.Random r = new java.util.Random(SEED * 17 + n);
    List<CqlIdentifier> pk = table.primaryKey().partitionKey();
    List<ScriptSelect.TokenRelation> out = new ArrayList<>();
    int count = r.nextInt(4) == 0 ? 2 : 1;
    for (int i = 0; i < count; i++) {
      List<CqlIdentifier> columns = new ArrayList<>(pk);
      int shape = r.nextInt(12);
      if (shape == 0 && columns.size() > 1) {
        columns.remove(columns.size() - 1);
      } else if (shape == 1 && columns.size() > 1) {
        java.util.Collections.swap(columns, 0, 1);
      } else if (shape == 2 && !table.primaryKey().clustering().isEmpty()) {
        columns.add(table.primaryKey().clustering().get(0).name());
      } else if (shape == 3) {
        columns.add(columns.get(0));
      }
      out.add(new ScriptSelect.TokenRelation(columns, operator(r, 20, 5, 14, 1)));
    }
    return out;
  }

  /**
   * One or two multi-column relations: mostly consecutive clustering columns from the first, by =,
   * a range or IN; sometimes from a later one, swapped, with a gap, with a regular or partition key
   * column, or a column twice; a second one mostly a range on the same columns. Their place among
   * the single-column relations is left at 0, for the caller to set.
   */
  private static List<ScriptSelect.MultiColumnRelation> tuples(Table table, int n) {
    java.util.Random r = new java.util.Random(SEED * 13 + n);
    List<CqlIdentifier> clustering =
        table.primaryKey().clustering().stream()
            .map(org.keyspacestudio.model.schema.PrimaryKey.ClusteringColumn::name)
            .toList();
    if (clustering.isEmpty() && r.nextInt(4) > 0) {
      return List.of();
    }
    List<ScriptSelect.MultiColumnRelation> out = new ArrayList<>();
    int count = r.nextInt(3) == 0 ? 2 : 1;
    List<CqlIdentifier> first = null;
    for (int i = 0; i < count; i++) {
      List<CqlIdentifier> columns;
      if (i == 1 && r.nextInt(4) > 0) {
        columns = first;
      } else {
        int from = clustering.isEmpty() || r.nextInt(4) > 0 ? 0 : r.nextInt(clustering.size());
        int length = clustering.isEmpty() ? 0 : 1 + r.nextInt(clustering.size() - from);
        columns = new ArrayList<>(clustering.subList(from, from + length));
        int shape = r.nextInt(30);
        if (shape == 0 && columns.size() > 1) {
          java.util.Collections.swap(columns, 0, 1);
        } else if (shape == 1 && columns.size() > 2) {
          columns.remove(1);
        } else if (shape == 2 || columns.isEmpty()) {
          columns.add(table.primaryKey().partitionKey().get(0));
        } else if (shape == 3) {
          columns.add(CqlIdentifier.of("v0"));
        } else if (shape == 4) {
          columns.add(columns.get(0));
        }
        if (first == null) {
          first = columns;
        }
      }
      Operator op = operator(r, 40, 10, 25, 4);
      if (i == 1 && out.get(0).operator().range() && r.nextInt(4) > 0) {
        // A window: the other bound.
        op =
            out.get(0).operator() == Operator.GT || out.get(0).operator() == Operator.GE
                ? (r.nextBoolean() ? Operator.LT : Operator.LE)
                : (r.nextBoolean() ? Operator.GT : Operator.GE);
      }
      out.add(new ScriptSelect.MultiColumnRelation(columns, op, 0));
    }
    return out;
  }

  /** Whether the n-th SELECT orders by similarity: every ninth, but those comparing token(). */
  private static boolean annDrawn(int n) {
    return n % 9 == 6;
  }

  /**
   * ANN orderings drawn for a SELECT: whether it keeps its other orderings, has a LIMIT, and which
   * of its restrictions it keeps (0 none, 1 those on the primary key, 2 all).
   */
  private record AnnDraw(
      List<ScriptSelect.AnnOrdering> orderings, boolean keepOrder, boolean limit, int kept) {
    static final AnnDraw NONE = new AnnDraw(List.of(), false, false, 2);
  }

  /**
   * An ANN ordering: mostly of the vector e0, ascending, alone and with a LIMIT; sometimes of
   * another column, descending, beside the query's other orderings, twice, or without a LIMIT. Its
   * restrictions are mostly thinned out: none, those on the key, or all kept. None for most tables
   * without a vector.
   */
  private static AnnDraw ann(Table table, int n) {
    java.util.Random r = new java.util.Random(SEED * 19 + n);
    CqlIdentifier vector =
        table.columns().stream()
            .filter(c -> c.type() instanceof org.keyspacestudio.model.type.VectorType)
            .map(org.keyspacestudio.model.schema.Column::name)
            .findFirst()
            .orElse(null);
    CqlIdentifier other =
        table.columns().stream()
            .filter(c -> !table.primaryKey().isKeyColumn(c.name()))
            .filter(c -> !(c.type() instanceof org.keyspacestudio.model.type.VectorType))
            .map(org.keyspacestudio.model.schema.Column::name)
            .findFirst()
            .orElse(table.columns().get(0).name());
    if (vector == null && r.nextInt(8) > 0) {
      return AnnDraw.NONE;
    }
    CqlIdentifier column = vector == null || r.nextInt(12) == 0 ? other : vector;
    int shape = r.nextInt(30);
    List<ScriptSelect.AnnOrdering> orderings = new ArrayList<>();
    orderings.add(
        new ScriptSelect.AnnOrdering(
            column,
            shape == 0
                ? org.keyspacestudio.model.schema.ClusteringOrder.DESC
                : org.keyspacestudio.model.schema.ClusteringOrder.ASC));
    if (shape == 1) {
      orderings.add(
          new ScriptSelect.AnnOrdering(
              column, org.keyspacestudio.model.schema.ClusteringOrder.ASC));
    }
    int kept = r.nextInt(3);
    return new AnnDraw(orderings, shape == 2 || shape == 3, shape < 4 || shape > 6, kept);
  }

  /**
   * A random operator, out of {@code total}: {@code =} {@code eq} times, a range {@code ranges}
   * times, {@code IN} {@code in} times, {@code CONTAINS} the rest.
   */
  private static Operator operator(java.util.Random r, int total, int eq, int ranges, int in) {
    int pick = r.nextInt(total);
    if (pick < eq) {
      return Operator.EQ;
    }
    if (pick < eq + ranges) {
      return List.of(Operator.LT, Operator.LE, Operator.GT, Operator.GE).get(r.nextInt(4));
    }
    return pick < eq + ranges + in ? Operator.IN : Operator.CONTAINS;
  }

  /** The SELECT with the tuple relations first in its WHERE clause or, for odd n, last. */
  private static String withRelations(
      String select, List<ScriptSelect.MultiColumnRelation> tuples, int n) {
    return withRelations(
        select,
        String.join(" AND ", tuples.stream().map(ScriptSelect.MultiColumnRelation::asCql).toList()),
        n);
  }

  /** The SELECT with the token() relations first in its WHERE clause or, for odd n, last. */
  private static String withToken(String select, List<ScriptSelect.TokenRelation> token, int n) {
    return withRelations(
        select,
        String.join(" AND ", token.stream().map(ScriptSelect.TokenRelation::asCql).toList()),
        n);
  }

  /** The SELECT with the relations first in its WHERE clause or, for odd n, last. */
  private static String withRelations(String select, String relations, int n) {
    int where = select.indexOf(" WHERE ");
    if (where >= 0 && n % 2 == 0) {
      int at = where + " WHERE ".length();
      return select.substring(0, at) + relations + " AND " + select.substring(at);
    }
    int order = select.indexOf(" ORDER BY ");
    int end = order < 0 ? select.length() : order;
    return select.substring(0, end)
        + (where >= 0 ? " AND " : " WHERE ")
        + relations
        + select.substring(end);
  }

  /**
   * Key columns to group by: a prefix of the primary key in its declared order, some left out,
   * sometimes two swapped or a regular column added.
   */
  private static List<CqlIdentifier> groupBy(org.keyspacestudio.model.schema.Table table, int n) {
    java.util.Random r = new java.util.Random(SEED * 31 + n);
    List<CqlIdentifier> key = new ArrayList<>(table.primaryKey().partitionKey());
    table.primaryKey().clustering().forEach(cc -> key.add(cc.name()));
    List<CqlIdentifier> out = new ArrayList<>();
    int length = 1 + r.nextInt(key.size());
    for (int i = 0; i < length; i++) {
      if (r.nextInt(5) > 0) {
        out.add(key.get(i));
      }
    }
    if (out.size() > 1 && r.nextInt(10) == 0) {
      java.util.Collections.swap(out, 0, 1);
    }
    if (r.nextInt(20) == 0) {
      table.columns().stream()
          .filter(c -> !table.primaryKey().isKeyColumn(c.name()))
          .findFirst()
          .ifPresent(c -> out.add(c.name()));
    }
    return out;
  }

  /**
   * For a third of the groupings, a function: mostly {@code floor(c, 1h)} of the clustering column
   * after the last column grouped by or of the table's timestamp (a third of the tables have one),
   * last; sometimes {@code toDate(c)}, of another column, first, or an aggregate ({@code max}).
   * Null for the others.
   */
  private static ScriptSelect.GroupByFunction groupByFunction(
      org.keyspacestudio.model.schema.Table table, List<CqlIdentifier> groupBy, int n) {
    java.util.Random r = new java.util.Random(SEED * 37 + n);
    List<CqlIdentifier> clustering =
        table.primaryKey().clustering().stream()
            .map(org.keyspacestudio.model.schema.PrimaryKey.ClusteringColumn::name)
            .toList();
    if (r.nextInt(3) > 0) {
      return null;
    }
    List<CqlIdentifier> key = new ArrayList<>(table.primaryKey().partitionKey());
    key.addAll(clustering);
    int last = groupBy.isEmpty() ? -1 : key.indexOf(groupBy.get(groupBy.size() - 1));
    CqlIdentifier time =
        table.columns().stream()
            .filter(c -> c.type() == org.keyspacestudio.model.type.NativeType.TIMESTAMP)
            .map(org.keyspacestudio.model.schema.Column::name)
            .findFirst()
            .orElse(null);
    CqlIdentifier column =
        last >= 0 && last + 1 < key.size() && r.nextInt(4) > 0
            ? (time != null && r.nextBoolean() ? time : key.get(last + 1))
            : table.columns().get(r.nextInt(table.columns().size())).name();
    int shape = r.nextInt(12);
    String name = shape == 0 ? "max" : shape == 2 || shape == 3 ? "todate" : "floor";
    return new ScriptSelect.GroupByFunction(
        name, List.of(column), name.equals("floor") ? 2 : 1, shape == 1 ? 0 : groupBy.size());
  }

  /**
   * The case's query made a SELECT DISTINCT's: its restrictions and ordering, partition key columns
   * returned.
   */
  /**
   * The SELECT's text after {@code SELECT}, every third one's columns written as expressions
   * reading the same columns in the same order: {@code token()} of the whole partition key before
   * it, a column cast to text, a static column's write time.
   */
  private static String distinctSelectors(String select, GeneratedQueries.Case c, int n) {
    String rest = select.substring("SELECT ".length());
    List<CqlIdentifier> returned = c.query().returned();
    if (returned.isEmpty() || n % 3 != 0) {
      return rest;
    }
    java.util.Random r = new java.util.Random(SEED * 13 + n);
    List<CqlIdentifier> pk = c.table().primaryKey().partitionKey();
    List<String> selectors = new ArrayList<>();
    if (returned.size() >= pk.size()
        && returned.subList(0, pk.size()).equals(pk)
        && r.nextBoolean()) {
      selectors.add(
          "token(" + String.join(", ", pk.stream().map(CqlIdentifier::asCql).toList()) + ")");
    }
    for (CqlIdentifier column : returned) {
      boolean isStatic = c.table().column(column).map(x -> x.isStatic()).orElse(false);
      int pick = r.nextInt(3);
      selectors.add(
          pick == 0
              ? "CAST(" + column.asCql() + " AS text)"
              : pick == 1 && isStatic ? "writetime(" + column.asCql() + ")" : column.asCql());
    }
    String columns = String.join(", ", returned.stream().map(CqlIdentifier::asCql).toList());
    return String.join(", ", selectors) + rest.substring(columns.length());
  }

  private static GeneratedQueries.Case distinctOf(GeneratedQueries.Case c, int n) {
    java.util.Random r = new java.util.Random(SEED + n);
    var key = c.table().primaryKey();
    List<CqlIdentifier> returned = new ArrayList<>();
    if (r.nextInt(8) > 0) {
      for (CqlIdentifier p : key.partitionKey()) {
        if (r.nextInt(6) > 0) {
          returned.add(p);
        }
      }
      for (var column : c.table().columns()) {
        if ((column.isStatic() && r.nextBoolean())
            || (key.clusteringColumn(column.name()) != null && r.nextInt(8) == 0)) {
          returned.add(column.name());
        }
      }
      if (returned.isEmpty()) {
        returned.add(key.partitionKey().get(0));
      }
    }
    return new GeneratedQueries.Case(
        c.table(), c.indexes(), new TableQuery(c.query().where(), c.query().orderBy(), returned));
  }

  /**
   * The generated pairs of a seed compared, each SELECT with or without ALLOW FILTERING; fails on a
   * mismatch, and returns how often each of our rules was met.
   */
  private static Map<String, Integer> generated(long seed, boolean allowFiltering) {
    Map<String, Integer> ourRules = new TreeMap<>();
    Map<String, Integer> messages = new TreeMap<>();
    List<String> prelude =
        List.of(
            "CREATE KEYSPACE oracle WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1}");
    List<Mismatch> mismatches =
        compare(
            GeneratedQueries.withRefusedRelations(
                GeneratedQueries.withText(GeneratedQueries.generate(CASES, seed), seed), seed),
            CqlIdentifier.of("oracle"),
            prelude,
            allowFiltering,
            ourRules,
            messages);
    System.out.println(
        CASES
            + " generated (table, query) pairs"
            + (allowFiltering ? " with ALLOW FILTERING" : "")
            + ", seed "
            + seed
            + ", "
            + mismatches.size()
            + " mismatches");
    System.out.println("  our findings: " + ourRules);
    System.out.println("  Cassandra's verdicts: " + messages);
    mismatches.stream().limit(40).forEach(m -> System.out.println("  MISMATCH " + m));
    assertThat(mismatches).as("pairs where our verdict is not Cassandra's").isEmpty();
    return ourRules;
  }

  @Test
  void supportedIsExactlyWhatCassandraPreparesOnGeneratedTablesAndQueries() {
    Map<String, Integer> ourRules = generated(SEED, false);
    assertThat(ourRules)
        .containsKeys(
            "(a range an index serves)",
            "(indexes that do not answer together)",
            "(CONTAINS an index serves)",
            "(DISTINCT prepared)",
            "(DISTINCT refused)",
            "(DISTINCT of expressions prepared)",
            "(DISTINCT of expressions refused)",
            "(GROUP BY prepared)",
            "(GROUP BY refused)",
            "(token prepared)",
            "(token refused)",
            "(ANN prepared)",
            "(ANN refused)",
            "(ANN with token() prepared)",
            "(ANN with token() refused)",
            "(map entry prepared)",
            "(map entry refused)",
            "(LIKE prepared)",
            "(LIKE refused)",
            "(!= or IS NOT NULL refused)",
            "(aggregate with PER PARTITION LIMIT refused)",
            "(GROUP BY function refused)",
            "(tuple prepared)",
            "(tuple refused)",
            "(several CONTAINS on a column prepared)",
            "(several CONTAINS on a column refused)",
            "(an index on a key column in use)");
    for (var rule : org.keyspacestudio.model.support.SupportRule.values()) {
      if (rule != org.keyspacestudio.model.support.SupportRule.NO_TABLE
          && rule != org.keyspacestudio.model.support.SupportRule.ATTRIBUTE_MISSING
          && rule != org.keyspacestudio.model.support.SupportRule.ALLOW_FILTERING
          && rule != org.keyspacestudio.model.support.SupportRule.UNKNOWN_TABLE
          // A warning on what is taken, not a verdict: ConstantsOracleTest holds its instants.
          && rule != org.keyspacestudio.model.support.SupportRule.VALUE_READ_AS) {
        assertThat(ourRules).as("the generator reaches %s", rule.id()).containsKey(rule.id());
      }
    }
  }

  /**
   * The same generated pairs, each SELECT ending with ALLOW FILTERING, as a script's SELECT may:
   * our "supported" (errors gone, a {@code SUPPORT-ALLOW-FILTERING} warning in their place) is
   * Cassandra's "prepares".
   */
  @Test
  void withAllowFilteringSupportedIsExactlyWhatCassandraPrepares() {
    assertThat(generated(SEED + 1, true))
        .containsKeys(
            "(GROUP BY function prepared)",
            org.keyspacestudio.model.support.SupportRule.ALLOW_FILTERING.id(),
            org.keyspacestudio.model.support.SupportRule.ORDER.id(),
            org.keyspacestudio.model.support.SupportRule.INDEX_IN.id());
  }

  @Test
  void supportedIsExactlyWhatCassandraPreparesOnTheCorpusTables() throws Exception {
    Path corpus = Path.of(System.getProperty("kstudio.corpus", "../../shared/corpus/cql"));
    org.junit.jupiter.api.Assumptions.assumeTrue(
        java.nio.file.Files.isDirectory(corpus), "no shared corpus at " + corpus);
    Map<String, Integer> ourRules = new TreeMap<>();
    Map<String, Integer> messages = new TreeMap<>();
    int pairs = 0;
    List<Mismatch> mismatches = new ArrayList<>();
    java.util.Random random = new java.util.Random(SEED);
    for (String name :
        List.of(
            "datastax-training__killrvideo-sample-schema__physical_killrvideo.cql",
            "KillrVideo__killrvideo-data__schema-v4.cql",
            "openzipkin__zipkin__zipkin-storage_cassandra_src_main_resources_zipkin2-schema.cql",
            "apache__cassandra-java-driver__integration-tests_src_test_resources_DescribeIT_oss_4.0.cql")) {
      Schema schema = CqlImporter.readFiles(List.of(corpus.resolve(name))).schema();
      for (Keyspace ks : schema.keyspaces()) {
        if (ks.name() == null) {
          continue;
        }
        List<String> prelude = new ArrayList<>();
        prelude.add(
            "CREATE KEYSPACE "
                + ks.name().asCql()
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        ks.types().forEach(t -> prelude.add(CqlWriter.createType(ks.name(), t)));
        for (Table table : ks.tables()) {
          boolean valid =
              org.keyspacestudio.model.validate.Validator.validate(
                      new Schema(
                          List.of(
                              new Keyspace(
                                  ks.name(),
                                  ks.definition(),
                                  ks.types(),
                                  List.of(table),
                                  List.of(),
                                  List.of())),
                          List.of()))
                  .stream()
                  .noneMatch(p -> p.severity() == org.keyspacestudio.model.validate.Severity.ERROR);
          if (!valid) {
            // Cassandra 5.0 refuses the table itself (counters mixed in, removed options...).
            continue;
          }
          List<GeneratedQueries.Case> cases = new ArrayList<>();
          for (int i = 0; i < 20; i++) {
            cases.add(GeneratedQueries.queryOn(random, table));
          }
          pairs += cases.size();
          mismatches.addAll(compare(cases, ks.name(), prelude, false, ourRules, messages));
        }
      }
    }
    System.out.println(pairs + " queries on corpus tables, " + mismatches.size() + " mismatches");
    System.out.println("  our findings: " + ourRules);
    System.out.println("  Cassandra's verdicts: " + messages);
    assertThat(pairs).isGreaterThan(300);
    assertThat(mismatches).as("pairs where our verdict is not Cassandra's").isEmpty();
  }
}
