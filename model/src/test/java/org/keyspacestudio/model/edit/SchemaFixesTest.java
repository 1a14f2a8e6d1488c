package org.keyspacestudio.model.edit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Rule;

/**
 * Schema problems with a known way out offer it ({@link SchemaFixes}): a static column without
 * clustering columns, a counter table's TTL, indexes Cassandra refuses, a SASI index; the safe ones
 * are what {@code kstudio validate --fix} applies.
 */
class SchemaFixesTest {

  private static final String KEYSPACE =
      "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\n";

  private static Project read(String cql) {
    return new Project(CqlImporter.read(KEYSPACE + cql, "fixes.cql").schema());
  }

  private static Problem problem(Project p, Rule rule) {
    return ProjectChecks.validate(p).stream()
        .filter(x -> x.rule() == rule)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + rule.info().id()));
  }

  private static boolean has(Project p, Rule rule) {
    return ProjectChecks.validate(p).stream().anyMatch(x -> x.rule() == rule);
  }

  /** The only fix of the problem: its label and safety; applied, the problem is gone. */
  private static Project applyOnly(Project p, Rule rule, String label, boolean safe) {
    List<Fix> fixes = QuickFixes.of(p, problem(p, rule));
    assertThat(fixes).extracting(Fix::label).containsExactly(label);
    assertThat(fixes.get(0).safe()).isEqualTo(safe);
    Project fixed = fixes.get(0).edit().change().apply(p);
    assertThat(has(fixed, rule)).as("%s after the fix", rule.info().id()).isFalse();
    return fixed;
  }

  @Test
  void aStaticColumnWithoutClusteringColumnsIsMadeRegular() {
    Project p = read("CREATE TABLE ks.t (k int PRIMARY KEY, s int static, v int);");
    Project fixed =
        applyOnly(
            p,
            Rule.STATIC_NO_CLUSTERING,
            "Make s a regular column of t (no clustering column: one row per partition)",
            true);
    assertThat(
            fixed.schema().keyspaces().get(0).tables().get(0).column(CqlIdentifier.of("s")).get())
        .matches(c -> !c.isStatic());
  }

  @Test
  void aCounterTablesTimeToLiveIsRemoved() {
    Project p =
        read("CREATE TABLE ks.c (k int PRIMARY KEY, n counter) WITH default_time_to_live = 60;");
    applyOnly(
        p, Rule.COUNTER_TTL, "Remove default_time_to_live from c (counters cannot expire)", true);
  }

  @Test
  void indexesCassandraRefusesAreDeleted() {
    Project p =
        read(
            "CREATE TABLE ks.u (id uuid PRIMARY KEY, name text, email text);\n"
                + "CREATE INDEX u_id ON ks.u (id);\n"
                + "CREATE INDEX u_email ON ks.u (email);\n"
                + "CREATE INDEX u_email2 ON ks.u (email);");
    Project fixed =
        applyOnly(
            p,
            Rule.INDEX_ONLY_PARTITION_KEY,
            "Delete the index u_id (the partition key finds the partition)",
            true);
    fixed = applyOnly(fixed, Rule.INDEX_DUPLICATE, "Delete the duplicate index u_email2", false);
    assertThat(fixed.schema().keyspaces().get(0).indexes())
        .extracting(i -> i.effectiveName().asInternal())
        .containsExactly("u_email");
  }

  @Test
  void aSasiIndexBecomesAStorageAttachedIndexWhereSaiTakesTheColumn() {
    Project p =
        read(
            "CREATE TABLE ks.u (id uuid PRIMARY KEY, name text, flags duration);\n"
                + "CREATE CUSTOM INDEX u_name ON ks.u (name) USING"
                + " 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode': 'CONTAINS'};");
    Project fixed =
        applyOnly(
            p,
            Rule.INDEX_SASI_DISABLED,
            "Make u_name a storage-attached index (SAI), without its SASI options",
            false);
    SecondaryIndex index = fixed.schema().keyspaces().get(0).indexes().get(0);
    assertThat(index.isSai()).isTrue();
    assertThat(index.options()).isEmpty();
  }

  @Test
  void theSafeOnesAreWhatValidateFixApplies() {
    Project p =
        read(
            "CREATE TABLE ks.t (k int PRIMARY KEY, s int static, v int);\n"
                + "CREATE TABLE ks.c (k int PRIMARY KEY, n counter) WITH default_time_to_live ="
                + " 60;\n"
                + "CREATE INDEX t_k ON ks.t (k);");
    var applied = QuickFixes.applySafe(p);
    Project fixed = applied.edit().change().apply(p);
    assertThat(applied.labels()).hasSize(3);
    assertThat(has(fixed, Rule.STATIC_NO_CLUSTERING)).isFalse();
    assertThat(has(fixed, Rule.COUNTER_TTL)).isFalse();
    assertThat(has(fixed, Rule.INDEX_ONLY_PARTITION_KEY)).isFalse();
  }

  @Test
  void countersMixedWithOtherColumnsMoveToATableOfTheirOwnOrBecomeBigints() {
    Project p =
        read(
            "CREATE TABLE ks.video_stats (video_id uuid, day date, title text, views counter,"
                + " likes counter, PRIMARY KEY (video_id, day)) WITH CLUSTERING ORDER BY (day"
                + " DESC);");
    List<Fix> fixes = QuickFixes.of(p, problem(p, Rule.COUNTER_MIXED));
    assertThat(fixes)
        .extracting(Fix::label)
        .containsExactly(
            "Move the counters views, likes to a new table video_stats_counters keyed as"
                + " video_stats",
            "Make views, likes bigint (set by value, no longer incremented)");
    assertThat(fixes).noneMatch(Fix::safe);

    Project moved = fixes.get(0).edit().change().apply(p);
    assertThat(ProjectChecks.validate(moved))
        .noneMatch(x -> x.rule().severity() == org.keyspacestudio.model.validate.Severity.ERROR);
    var ks = moved.schema().keyspaces().get(0);
    assertThat(
            org.keyspacestudio.model.write.CqlWriter.createTable(
                ks.name(), ks.table(CqlIdentifier.of("video_stats_counters")).orElseThrow()))
        .contains("views counter")
        .contains("PRIMARY KEY (video_id, day)")
        .contains("CLUSTERING ORDER BY (day DESC)");
    assertThat(ks.table(CqlIdentifier.of("video_stats")).orElseThrow().columns())
        .extracting(c -> c.name().asInternal())
        .containsExactly("video_id", "day", "title");

    Project typed = fixes.get(1).edit().change().apply(p);
    assertThat(has(typed, Rule.COUNTER_MIXED)).isFalse();
    assertThat(typed.schema().keyspaces().get(0).tables().get(0).column(CqlIdentifier.of("likes")))
        .hasValueSatisfying(
            c -> assertThat(c.type()).isEqualTo(org.keyspacestudio.model.type.NativeType.BIGINT));
  }

  @Test
  void anOptionValueTheNodeRefusesIsRemovedForCassandrasDefault() {
    Project p =
        read(
            "CREATE TABLE ks.t (k int PRIMARY KEY) WITH read_repair = 'SOMETIMES'"
                + " AND memtable = 'trie';");
    Project fixed =
        applyOnly(
            p,
            Rule.OPTION_INVALID,
            "Remove read_repair = 'SOMETIMES' from t (Cassandra's default 'BLOCKING' applies)",
            false);
    fixed =
        applyOnly(
            fixed,
            Rule.MEMTABLE_CONFIGURATION,
            "Remove memtable = 'trie' from t (Cassandra's default 'default' applies)",
            false);
    assertThat(fixed.schema().keyspaces().get(0).tables().get(0).options().values()).isEmpty();
  }
}
