package org.keyspacestudio.model.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.parse.ImportResult;

/**
 * Every rule has a schema that passes it and a close variant that fails it, with the problem
 * pointing at a source line and column.
 */
class RuleCasesTest {

  private static final String KS =
      "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\n"
          + "USE ks;\n";

  /** rule -> {passing CQL, failing CQL}; both are prefixed with a keyspace and USE. */
  private static final Map<Rule, String[]> CASES = new EnumMap<>(Rule.class);

  private static void c(Rule rule, String passes, String fails) {
    CASES.put(rule, new String[] {passes, fails});
  }

  static {
    c(Rule.CQL_SYNTAX, "CREATE TABLE t (k int PRIMARY KEY);", "CREATE TABLE t (k int PRIMARY KEY;");
    c(Rule.CQL_CQLSH_COMMAND, "CREATE TABLE t (k int PRIMARY KEY);", "SOURCE 'other.cql';");
    c(
        Rule.CQL_NOT_MODELLED,
        "CREATE TABLE t (k int PRIMARY KEY);",
        "CREATE TABLE t (k int PRIMARY KEY); INSERT INTO t (k) VALUES (1);");
    c(
        Rule.SCHEMA_DUPLICATE,
        "CREATE TABLE t (k int PRIMARY KEY); CREATE TABLE IF NOT EXISTS t (k int PRIMARY KEY);",
        "CREATE TABLE t (k int PRIMARY KEY); CREATE TABLE t (k int PRIMARY KEY);");
    c(Rule.SCHEMA_MISSING, "DROP TABLE IF EXISTS t;", "DROP TABLE t;");
    c(
        Rule.KEYSPACE_UNDEFINED,
        "CREATE TABLE ks.t (k int PRIMARY KEY);",
        "CREATE TABLE other.t (k int PRIMARY KEY);");
    c(Rule.KEYSPACE_NOT_SPECIFIED, "CREATE TABLE t (k int PRIMARY KEY);", null);
    c(
        Rule.NAME_INVALID,
        "CREATE TABLE t (k int PRIMARY KEY);",
        "CREATE TABLE \"my table\" (k int PRIMARY KEY);");
    c(Rule.KEY_MISSING, "CREATE TABLE t (k int PRIMARY KEY);", "CREATE TABLE t (k int, v int);");
    c(
        Rule.KEY_UNKNOWN_COLUMN,
        "CREATE TABLE t (k int, PRIMARY KEY (k));",
        "CREATE TABLE t (k int, PRIMARY KEY (kk));");
    c(
        Rule.KEY_DUPLICATE_COLUMN,
        "CREATE TABLE t (k int, c int, PRIMARY KEY (k, c));",
        "CREATE TABLE t (k int, c int, PRIMARY KEY (k, k));");
    c(
        Rule.KEY_NON_FROZEN,
        "CREATE TABLE t (k frozen<list<int>> PRIMARY KEY);",
        "CREATE TABLE t (k list<int> PRIMARY KEY);");
    c(
        Rule.KEY_COUNTER,
        "CREATE TABLE t (k int PRIMARY KEY, n counter);",
        "CREATE TABLE t (k counter PRIMARY KEY);");
    c(
        Rule.KEY_DURATION,
        "CREATE TABLE t (k int PRIMARY KEY, d duration);",
        "CREATE TABLE t (k duration PRIMARY KEY);");
    c(
        Rule.COLUMN_DUPLICATE,
        "CREATE TABLE t (k int PRIMARY KEY, v int);",
        "CREATE TABLE t (k int PRIMARY KEY, v int, v text);");
    c(
        Rule.CLUSTERING_ORDER_NOT_CLUSTERING,
        "CREATE TABLE t (k int, c int, PRIMARY KEY (k, c)) WITH CLUSTERING ORDER BY (c DESC);",
        "CREATE TABLE t (k int, c int, PRIMARY KEY (k, c)) WITH CLUSTERING ORDER BY (k DESC);");
    c(
        Rule.CLUSTERING_ORDER_SEQUENCE,
        "CREATE TABLE t (k int, a int, b int, PRIMARY KEY (k, a, b))"
            + " WITH CLUSTERING ORDER BY (a ASC, b DESC);",
        "CREATE TABLE t (k int, a int, b int, PRIMARY KEY (k, a, b))"
            + " WITH CLUSTERING ORDER BY (b DESC, a ASC);");
    c(
        Rule.STATIC_NO_CLUSTERING,
        "CREATE TABLE t (k int, c int, s int static, PRIMARY KEY (k, c));",
        "CREATE TABLE t (k int PRIMARY KEY, s int static);");
    c(
        Rule.STATIC_IN_KEY,
        "CREATE TABLE t (k int, c int, s int static, PRIMARY KEY (k, c));",
        "CREATE TABLE t (k int, c int static, PRIMARY KEY (k, c));");
    c(
        Rule.COUNTER_MIXED,
        "CREATE TABLE t (k int PRIMARY KEY, a counter, b counter);",
        "CREATE TABLE t (k int PRIMARY KEY, a counter, b text);");
    c(
        Rule.COUNTER_TTL,
        "CREATE TABLE t (k int PRIMARY KEY, a counter);",
        "CREATE TABLE t (k int PRIMARY KEY, a counter) WITH default_time_to_live = 60;");
    c(
        Rule.COUNTER_NESTED,
        "CREATE TABLE t (k int PRIMARY KEY, a list<int>);",
        "CREATE TABLE t (k int PRIMARY KEY, a list<counter>);");
    c(
        Rule.TYPE_NESTED_NON_FROZEN,
        "CREATE TABLE t (k int PRIMARY KEY, a list<frozen<set<int>>>);",
        "CREATE TABLE t (k int PRIMARY KEY, a list<set<int>>);");
    c(
        Rule.TYPE_DURATION_SET_OR_KEY,
        "CREATE TABLE t (k int PRIMARY KEY, a map<int, duration>);",
        "CREATE TABLE t (k int PRIMARY KEY, a map<duration, int>);");
    c(
        Rule.TYPE_FROZEN_INVALID,
        "CREATE TABLE t (k int PRIMARY KEY, a frozen<tuple<int, text>>);",
        "CREATE TABLE t (k int PRIMARY KEY, a frozen<int>);");
    c(
        Rule.TYPE_UNKNOWN,
        "CREATE TYPE address (street text); CREATE TABLE t (k int PRIMARY KEY, a frozen<address>);",
        "CREATE TABLE t (k int PRIMARY KEY, a frozen<address>);");
    c(
        Rule.TYPE_OTHER_KEYSPACE,
        "CREATE TYPE address (street text); CREATE TABLE t (k int PRIMARY KEY, a frozen<ks.address>);",
        "CREATE TYPE address (street text);"
            + " CREATE TABLE t (k int PRIMARY KEY, a frozen<other.address>);");
    c(
        Rule.TYPE_UDT_NESTED_COLLECTION,
        "CREATE TYPE u (tags frozen<set<text>>); CREATE TABLE t (k int PRIMARY KEY, a u);",
        "CREATE TYPE u (tags set<text>); CREATE TABLE t (k int PRIMARY KEY, a u);");
    c(Rule.UDT_COUNTER, "CREATE TYPE u (n bigint);", "CREATE TYPE u (n counter);");
    c(
        Rule.UDT_NON_FROZEN_UDT,
        "CREATE TYPE a (x int); CREATE TYPE b (y frozen<a>);",
        "CREATE TYPE a (x int); CREATE TYPE b (y a);");
    c(Rule.UDT_DUPLICATE_FIELD, "CREATE TYPE u (x int, y int);", "CREATE TYPE u (x int, x text);");
    c(
        Rule.UDT_CYCLE,
        "CREATE TYPE a (x int); CREATE TYPE b (y frozen<a>);",
        "CREATE TYPE a (x frozen<b>); CREATE TYPE b (y frozen<a>);");
    c(
        Rule.VECTOR_DIMENSION,
        "CREATE TABLE t (k int PRIMARY KEY, v vector<float, 3>);",
        "CREATE TABLE t (k int PRIMARY KEY, v vector<float, 0>);");
    String table = "CREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c)); ";
    c(
        Rule.INDEX_UNKNOWN_COLUMN,
        table + "CREATE INDEX ON t (v);",
        table + "CREATE INDEX ON t (w);");
    c(
        Rule.INDEX_ONLY_PARTITION_KEY,
        "CREATE TABLE t (a int, b int, v int, PRIMARY KEY ((a, b))); CREATE INDEX ON t (a);",
        "CREATE TABLE t (a int PRIMARY KEY, v int); CREATE INDEX ON t (a);");
    c(
        Rule.INDEX_COUNTER_TABLE,
        table + "CREATE INDEX ON t (v);",
        "CREATE TABLE t (k int, c int, n counter, PRIMARY KEY (k, c)); CREATE INDEX ON t (c);");
    c(
        Rule.INDEX_ON_VIEW,
        table + "CREATE INDEX ON t (v);",
        table
            + "CREATE MATERIALIZED VIEW mv AS SELECT * FROM t WHERE c IS NOT NULL AND k IS NOT"
            + " NULL PRIMARY KEY (c, k); CREATE INDEX ON mv (v);");
    c(
        Rule.INDEX_DURATION,
        "CREATE TABLE t (k int, c int, d duration, PRIMARY KEY (k, c));"
            + " CREATE INDEX ON t (c);",
        "CREATE TABLE t (k int, c int, d duration, PRIMARY KEY (k, c)); CREATE INDEX ON t (d);");
    c(
        Rule.INDEX_NON_FROZEN_UDT,
        "CREATE TYPE u (x int); CREATE TABLE t (k int PRIMARY KEY, a frozen<u>);"
            + " CREATE INDEX ON t (a);",
        "CREATE TYPE u (x int); CREATE TABLE t (k int PRIMARY KEY, a u); CREATE INDEX ON t (a);");
    c(
        Rule.INDEX_TARGET_KIND,
        "CREATE TABLE t (k int PRIMARY KEY, m map<text, int>); CREATE INDEX ON t (keys(m));",
        "CREATE TABLE t (k int PRIMARY KEY, s set<int>); CREATE INDEX ON t (keys(s));");
    c(
        Rule.INDEX_DUPLICATE,
        table + "CREATE INDEX i1 ON t (v);",
        table + "CREATE INDEX i1 ON t (v); CREATE INDEX i2 ON t (v);");
    c(
        Rule.INDEX_SASI_DISABLED,
        table + "CREATE INDEX ON t (v) USING 'sai';",
        table + "CREATE CUSTOM INDEX ON t (v) USING 'org.apache.cassandra.index.sasi.SASIIndex';");
    c(
        Rule.INDEX_SASI_OPTIONS,
        table
            + "CREATE CUSTOM INDEX ON t (v) USING 'org.apache.cassandra.index.sasi.SASIIndex'"
            + " WITH OPTIONS = {'mode': 'CONTAINS'};",
        table
            + "CREATE CUSTOM INDEX ON t (v) USING 'org.apache.cassandra.index.sasi.SASIIndex'"
            + " WITH OPTIONS = {'mode': 'SPARSE'};");
    String view = "CREATE MATERIALIZED VIEW mv AS SELECT * FROM t WHERE ";
    c(
        Rule.VIEW_BASE_KEY,
        table
            + view
            + "v IS NOT NULL AND k IS NOT NULL AND c IS NOT NULL"
            + " PRIMARY KEY (v, k, c);",
        table + view + "v IS NOT NULL AND k IS NOT NULL PRIMARY KEY (v, k);");
    c(
        Rule.VIEW_NOT_NULL,
        table + view + "c IS NOT NULL AND k IS NOT NULL PRIMARY KEY (c, k);",
        table + view + "c IS NOT NULL PRIMARY KEY (c, k);");
    c(
        Rule.VIEW_STATIC,
        "CREATE TABLE t (k int, c int, s int static, PRIMARY KEY (k, c));"
            + " CREATE MATERIALIZED VIEW mv AS SELECT k, c FROM t WHERE c IS NOT NULL AND k IS NOT"
            + " NULL PRIMARY KEY (c, k);",
        "CREATE TABLE t (k int, c int, s int static, PRIMARY KEY (k, c));"
            + " CREATE MATERIALIZED VIEW mv AS SELECT k, c, s FROM t WHERE c IS NOT NULL AND k IS"
            + " NOT NULL PRIMARY KEY (c, k);");
    c(
        Rule.VIEW_ON_VIEW,
        table + view + "c IS NOT NULL AND k IS NOT NULL PRIMARY KEY (c, k);",
        table
            + view
            + "c IS NOT NULL AND k IS NOT NULL PRIMARY KEY (c, k);"
            + " CREATE MATERIALIZED VIEW mv2 AS SELECT * FROM mv WHERE c IS NOT NULL AND k IS NOT"
            + " NULL PRIMARY KEY (k, c);");
    c(
        Rule.VIEW_COUNTER_TABLE,
        table + view + "c IS NOT NULL AND k IS NOT NULL PRIMARY KEY (c, k);",
        "CREATE TABLE t (k int, c int, n counter, PRIMARY KEY (k, c)); "
            + view
            + "c IS NOT NULL AND k IS NOT NULL PRIMARY KEY (c, k);");
    c(
        Rule.VIEW_TTL,
        table + view + "c IS NOT NULL AND k IS NOT NULL PRIMARY KEY (c, k);",
        table
            + view
            + "c IS NOT NULL AND k IS NOT NULL PRIMARY KEY (c, k)"
            + " WITH default_time_to_live = 60;");
    c(
        Rule.VIEW_CLUSTERING_ORDER,
        "CREATE TABLE t (k int, c int, d int, PRIMARY KEY (k, c, d)); "
            + view
            + "c IS NOT NULL AND k IS NOT NULL AND d IS NOT NULL PRIMARY KEY (c, k, d)"
            + " WITH CLUSTERING ORDER BY (k DESC, d ASC);",
        "CREATE TABLE t (k int, c int, d int, PRIMARY KEY (k, c, d)); "
            + view
            + "c IS NOT NULL AND k IS NOT NULL AND d IS NOT NULL PRIMARY KEY (c, k, d)"
            + " WITH CLUSTERING ORDER BY (k DESC);");
    c(
        Rule.VIEW_GC_GRACE_ZERO,
        table + view + "c IS NOT NULL AND k IS NOT NULL PRIMARY KEY (c, k);",
        "CREATE TABLE t (k int, c int, PRIMARY KEY (k, c)) WITH gc_grace_seconds = 0; "
            + view
            + "c IS NOT NULL AND k IS NOT NULL PRIMARY KEY (c, k);");
    c(
        Rule.VIEW_UNKNOWN_COLUMN,
        table + view + "c IS NOT NULL AND k IS NOT NULL PRIMARY KEY (c, k);",
        table
            + "CREATE MATERIALIZED VIEW mv AS SELECT k, c, w FROM t WHERE c IS NOT NULL AND k IS"
            + " NOT NULL PRIMARY KEY (c, k);");
    c(
        Rule.VIEW_DISABLED,
        table,
        table + view + "c IS NOT NULL AND k IS NOT NULL PRIMARY KEY (c, k);");
    c(Rule.ALTER_KEY_COLUMN, table + "ALTER TABLE t DROP v;", table + "ALTER TABLE t DROP c;");
    c(
        Rule.ALTER_TYPE,
        table + "ALTER TABLE t ADD w int;",
        table + "ALTER TABLE t ALTER v TYPE blob;");
    c(
        Rule.ALTER_COLUMN_EXISTS,
        table + "ALTER TABLE t ADD IF NOT EXISTS v text;",
        table + "ALTER TABLE t ADD v text;");
    c(
        Rule.ALTER_COLUMN_UNKNOWN,
        table + "ALTER TABLE t DROP IF EXISTS w;",
        table + "ALTER TABLE t DROP w;");
    c(
        Rule.ALTER_READD_INCOMPATIBLE,
        "CREATE TABLE t (k int PRIMARY KEY, v text); ALTER TABLE t DROP v; ALTER TABLE t ADD v blob;",
        "CREATE TABLE t (k int PRIMARY KEY, v int); ALTER TABLE t DROP v; ALTER TABLE t ADD v blob;");
    c(
        Rule.ALTER_DROP_NON_FROZEN_UDT,
        "CREATE TYPE u (x int); CREATE TABLE t (k int PRIMARY KEY, a frozen<u>); ALTER TABLE t DROP a;",
        "CREATE TYPE u (x int); CREATE TABLE t (k int PRIMARY KEY, a u); ALTER TABLE t DROP a;");
    c(
        Rule.INDEX_SAI_TYPE,
        "CREATE TABLE t (k int PRIMARY KEY, b blob, v vector<float, 3>);"
            + " CREATE INDEX ON t (v) USING 'sai'; CREATE INDEX ON t (b);",
        "CREATE TABLE t (k int PRIMARY KEY, b blob); CREATE INDEX ON t (b) USING 'sai';");
    c(
        Rule.ALTER_DROP_DEPENDED_ON,
        table + "CREATE INDEX ON t (v); ALTER TABLE t ADD w int;",
        table + "CREATE INDEX ON t (v); ALTER TABLE t DROP v;");
    c(
        Rule.COMPACT_STORAGE,
        "CREATE TABLE t (k int PRIMARY KEY, v int);",
        "CREATE TABLE t (k int PRIMARY KEY, v int) WITH COMPACT STORAGE;");
    c(
        Rule.COMPACT_STORAGE_SHAPE,
        "CREATE TABLE t (k int, c int, v int, PRIMARY KEY (k, c)) WITH COMPACT STORAGE;",
        "CREATE TABLE t (k int, c int, v int, w int, PRIMARY KEY (k, c)) WITH COMPACT STORAGE;");
    c(
        Rule.UDT_IN_USE,
        "CREATE TYPE a (x int); CREATE TABLE t (k int PRIMARY KEY, v frozen<a>);"
            + " ALTER TYPE a ADD y int;",
        "CREATE TYPE a (x int); CREATE TABLE t (k int PRIMARY KEY, v frozen<a>); DROP TYPE a;");
    c(
        Rule.UDT_FIELD_UNKNOWN,
        "CREATE TYPE a (x int); ALTER TYPE a RENAME x TO y;",
        "CREATE TYPE a (x int); ALTER TYPE a RENAME z TO y;");
    c(
        Rule.INDEX_CUSTOM_CLASS,
        "CREATE TABLE t (k int PRIMARY KEY, v int); CREATE CUSTOM INDEX ON t (v) USING 'sai';",
        "CREATE TABLE t (k int PRIMARY KEY, v int);"
            + " CREATE CUSTOM INDEX ON t (v) USING 'com.example.LuceneIndex';");
    c(
        Rule.ALTER_DROP_COMPACT_STORAGE,
        "CREATE TABLE t (k int PRIMARY KEY, v int); ALTER TABLE t DROP v;",
        "CREATE TABLE t (k int PRIMARY KEY, v int) WITH COMPACT STORAGE;"
            + " ALTER TABLE t DROP COMPACT STORAGE;");
    String function = "FUNCTION f(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE ";
    c(
        Rule.FUNCTION_DISABLED,
        "CREATE TABLE t (k int PRIMARY KEY);",
        "CREATE " + function + "java AS 'return x;';");
    c(
        Rule.FUNCTION_LANGUAGE,
        "CREATE " + function + "java AS 'return x;';",
        "CREATE " + function + "javascript AS 'x';");
    c(
        Rule.FUNCTION_DIRECTIVES,
        "CREATE OR REPLACE " + function + "java AS 'return x;';",
        "CREATE OR REPLACE FUNCTION IF NOT EXISTS f(x int) CALLED ON NULL INPUT RETURNS int"
            + " LANGUAGE java AS 'return x;';");
    c(
        Rule.OPTION_UNKNOWN,
        "CREATE TABLE t (k int PRIMARY KEY) WITH comment = 'x';",
        "CREATE TABLE t (k int PRIMARY KEY) WITH colour = 'blue';");
    c(
        Rule.OPTION_REMOVED,
        "CREATE TABLE t (k int PRIMARY KEY) WITH read_repair = 'NONE';",
        "CREATE TABLE t (k int PRIMARY KEY) WITH read_repair_chance = 0;");
    c(
        Rule.COMPACTION_UNSAFE_EXPIRATION,
        "CREATE TABLE t (k int PRIMARY KEY) WITH compaction = {'class':"
            + " 'UnifiedCompactionStrategy', 'unsafe_aggressive_sstable_expiration': 'true'};",
        "CREATE TABLE t (k int PRIMARY KEY) WITH compaction = {'class':"
            + " 'TimeWindowCompactionStrategy', 'unsafe_aggressive_sstable_expiration': 'true'};");
    c(
        Rule.MEMTABLE_CONFIGURATION,
        "CREATE TABLE t (k int PRIMARY KEY) WITH memtable = 'default';",
        "CREATE TABLE t (k int PRIMARY KEY) WITH memtable = 'trie';");
    c(
        Rule.OPTION_INVALID,
        "CREATE TABLE t (k int PRIMARY KEY) WITH compaction = {'class': 'LeveledCompactionStrategy'};",
        "CREATE TABLE t (k int PRIMARY KEY) WITH compaction = {'min_threshold': 4};");
  }

  static Stream<Arguments> cases() {
    return CASES.entrySet().stream()
        .map(e -> Arguments.of(e.getKey().id(), e.getKey(), e.getValue()[0], e.getValue()[1]));
  }

  private static List<Problem> problems(String cql, boolean withKeyspace) {
    ImportResult result = CqlImporter.read((withKeyspace ? KS : "") + cql, "case.cql");
    List<Problem> all = new ArrayList<>(result.problems());
    all.addAll(Validator.validate(result.schema(), result.positions()));
    return all;
  }

  @Test
  void everyRuleIsDocumented() throws java.io.IOException {
    java.nio.file.Path doc = java.nio.file.Path.of("../docs/rules.md");
    String text = java.nio.file.Files.readString(doc);
    List<RuleId> all = new ArrayList<>(List.of(Rule.values()));
    all.addAll(List.of(org.keyspacestudio.model.conceptual.ConceptualRule.values()));
    all.addAll(List.of(org.keyspacestudio.model.workflow.WorkflowRule.values()));
    all.addAll(List.of(org.keyspacestudio.model.support.SupportRule.values()));
    all.addAll(List.of(org.keyspacestudio.model.kdm.KdmRule.values()));
    all.addAll(List.of(org.keyspacestudio.model.sizing.SizeRule.values()));
    all.addAll(List.of(org.keyspacestudio.model.writes.WriteRule.values()));
    all.addAll(List.of(org.keyspacestudio.model.dml.DmlRule.values()));
    for (RuleId rule : all) {
      assertThat(text).as("docs/rules.md lists %s", rule.id()).contains("| `" + rule.id() + "` |");
    }
  }

  @Test
  void everyRuleHasACase() {
    assertThat(CASES.keySet()).containsExactlyInAnyOrder(Rule.values());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void passingCaseHasNoSuchProblemAndFailingCaseHasOneWithAPosition(
      String id, Rule rule, String passes, String fails) {
    boolean keyspaceRule = rule == Rule.KEYSPACE_NOT_SPECIFIED;
    assertThat(problems(passes, true)).extracting(Problem::rule).doesNotContain(rule);
    String failing = keyspaceRule ? passes : fails;
    List<Problem> found =
        problems(failing, !keyspaceRule).stream().filter(p -> p.rule() == rule).toList();
    assertThat(found).as("%s in: %s", id, failing).isNotEmpty();
    Problem first = found.get(0);
    assertThat(first.severity()).isEqualTo(rule.severity());
    assertThat(first.position()).as("position of: %s", first.message()).isNotNull();
    assertThat(first.position().line()).isGreaterThanOrEqualTo(1);
    assertThat(first.format("case.cql"))
        .startsWith("case.cql:" + first.position().line() + ":" + first.position().column() + ": ")
        .contains(rule.severity().label() + ": " + id + " ");
  }
}
