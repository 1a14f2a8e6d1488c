package org.keyspacestudio.model.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.schema.Keyspace;

class SchemaDiffTest {
  private static final String KS =
      "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\n";

  private static Keyspace ks(String cql) {
    return CqlImporter.read(KS + cql, "t.cql")
        .schema()
        .keyspace(CqlIdentifier.of("ks"))
        .orElseThrow();
  }

  private static List<String> statements(Plan plan) {
    return plan.changes().stream().map(Change::cql).map(s -> s.replaceAll("\\s+", " ")).toList();
  }

  @Test
  void aNewKeyspaceIsCreatedTypesFirstInDependencyOrderThenTablesThenIndexesAndViews() {
    Keyspace desired =
        ks(
            """
            CREATE TABLE ks.t (id int PRIMARY KEY, who frozen<person>, v int);
            CREATE TYPE ks.person (name text, home frozen<address>);
            CREATE TYPE ks.address (street text);
            CREATE INDEX t_v ON ks.t (v);
            """);
    List<String> plan = statements(SchemaDiff.plan(desired, null));
    assertThat(plan).hasSize(5);
    assertThat(plan.get(0)).startsWith("CREATE KEYSPACE ks");
    assertThat(plan.get(1)).startsWith("CREATE TYPE ks.address");
    assertThat(plan.get(2)).startsWith("CREATE TYPE ks.person");
    assertThat(plan.get(3)).startsWith("CREATE TABLE ks.t");
    assertThat(plan.get(4)).isEqualTo("CREATE INDEX t_v ON ks.t (v);");
  }

  @Test
  void anUnstatedOptionIsWantedAtCassandrasDefaultAndStatedDefaultsChangeNothing() {
    Keyspace live = ks("CREATE TABLE ks.t (id int PRIMARY KEY) WITH gc_grace_seconds = 10;");
    assertThat(statements(SchemaDiff.plan(ks("CREATE TABLE ks.t (id int PRIMARY KEY);"), live)))
        .containsExactly("ALTER TABLE ks.t WITH gc_grace_seconds = 864000;");
    Keyspace defaults =
        ks(
            "CREATE TABLE ks.t (id int PRIMARY KEY) WITH gc_grace_seconds = 864000 AND"
                + " speculative_retry = '99PERCENTILE' AND compaction = {'class':"
                + " 'org.apache.cassandra.db.compaction.SizeTieredCompactionStrategy'};");
    assertThat(SchemaDiff.plan(defaults, ks("CREATE TABLE ks.t (id int PRIMARY KEY);")).isEmpty())
        .isTrue();
  }

  @Test
  void leveledCompactionHasItsOwnBloomFilterDefault() {
    Keyspace lcs =
        ks(
            "CREATE TABLE ks.t (id int PRIMARY KEY) WITH compaction = {'class': 'LeveledCompactionStrategy'};");
    Keyspace liveWithClusterDefault =
        ks(
            "CREATE TABLE ks.t (id int PRIMARY KEY) WITH compaction = {'class':"
                + " 'LeveledCompactionStrategy'} AND bloom_filter_fp_chance = 0.1;");
    assertThat(SchemaDiff.plan(lcs, liveWithClusterDefault).isEmpty()).isTrue();
  }

  @Test
  void aChangedIndexIsDroppedAndCreatedAgainAndTheDropIsMarked() {
    Keyspace live =
        ks("CREATE TABLE ks.t (id int PRIMARY KEY, a int, b int); CREATE INDEX i ON ks.t (a);");
    Keyspace desired =
        ks("CREATE TABLE ks.t (id int PRIMARY KEY, a int, b int); CREATE INDEX i ON ks.t (b);");
    Plan plan = SchemaDiff.plan(desired, live);
    assertThat(statements(plan)).containsExactly("DROP INDEX ks.i;", "CREATE INDEX i ON ks.t (b);");
    assertThat(plan.drops()).hasSize(1);
  }

  @Test
  void keyTypeStaticAndFieldChangesAreBlockedWithAWayOut() {
    Keyspace live =
        ks(
            """
            CREATE TYPE ks.addr (street text, zip int);
            CREATE TABLE ks.t (p int, c int, v text, s int static, PRIMARY KEY (p, c));
            """);
    Keyspace desired =
        ks(
            """
            CREATE TYPE ks.addr (street text, zip text);
            CREATE TABLE ks.t (p int, c int, v int, s int, PRIMARY KEY (p, c)) WITH CLUSTERING ORDER BY (c DESC);
            """);
    Plan plan = SchemaDiff.plan(desired, live);
    assertThat(plan.changes()).isEmpty();
    assertThat(plan.blocked())
        .extracting(Blocked::what)
        .anySatisfy(w -> assertThat(w).contains("zip").contains("field's type"))
        .anySatisfy(w -> assertThat(w).contains("primary key").contains("c DESC"))
        .anySatisfy(w -> assertThat(w).contains("t.v").contains("text on the cluster and int"))
        .anySatisfy(w -> assertThat(w).contains("t.s").contains("static"));
    assertThat(plan.blocked()).allSatisfy(b -> assertThat(b.wayOut()).isNotBlank());
  }

  @Test
  void networkTopologyShorthandMatchesTheExpandedDataCenters() {
    Keyspace live =
        CqlImporter.read(
                "CREATE KEYSPACE ks WITH replication = {'class': 'NetworkTopologyStrategy',"
                    + " 'datacenter1': '3'};",
                "live")
            .schema()
            .keyspace(CqlIdentifier.of("ks"))
            .orElseThrow();
    Keyspace desired =
        CqlImporter.read(
                "CREATE KEYSPACE ks WITH replication = {'class': 'NetworkTopologyStrategy',"
                    + " 'replication_factor': 3};",
                "model")
            .schema()
            .keyspace(CqlIdentifier.of("ks"))
            .orElseThrow();
    assertThat(SchemaDiff.plan(desired, live).isEmpty()).isTrue();
    Keyspace four =
        CqlImporter.read(
                "CREATE KEYSPACE ks WITH replication = {'class': 'NetworkTopologyStrategy',"
                    + " 'replication_factor': 4};",
                "model")
            .schema()
            .keyspace(CqlIdentifier.of("ks"))
            .orElseThrow();
    assertThat(statements(SchemaDiff.plan(four, live)).get(0))
        .startsWith("ALTER KEYSPACE ks WITH replication");
  }

  @Test
  void droppedTablesComeAfterTheirViewsAndTypesAfterTheirTables() {
    Keyspace live =
        ks(
            """
            CREATE TYPE ks.a (x int);
            CREATE TABLE ks.t (id int PRIMARY KEY, v frozen<a>);
            CREATE MATERIALIZED VIEW ks.mv AS SELECT * FROM ks.t WHERE id IS NOT NULL PRIMARY KEY (id);
            """);
    Plan plan = SchemaDiff.plan(ks(""), live);
    assertThat(statements(plan))
        .containsExactly("DROP MATERIALIZED VIEW ks.mv;", "DROP TABLE ks.t;", "DROP TYPE ks.a;");
    assertThat(plan.drops()).hasSize(3);
  }
}
