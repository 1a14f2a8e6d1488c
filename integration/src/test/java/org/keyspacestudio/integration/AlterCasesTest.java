package org.keyspacestudio.integration;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.export.cluster.ClusterSession;
import org.keyspacestudio.export.cluster.PlanRunner;
import org.keyspacestudio.export.cluster.SchemaPuller;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diff.Change;
import org.keyspacestudio.model.diff.Plan;
import org.keyspacestudio.model.diff.SchemaDiff;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.schema.Keyspace;

/**
 * Changes to a model that already lives on the node: each one is planned as the statement a
 * Cassandra user would write, applies, pulls back right, and leaves an empty plan.
 */
class AlterCasesTest {
  private static ClusterSession session;

  private static final String BASE =
      """
      CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
      CREATE TYPE shop.address (street text, city text);
      CREATE TABLE shop.orders (
        customer_id uuid, placed_at timestamp, order_id uuid, total decimal, note text,
        ship_to frozen<address>,
        PRIMARY KEY ((customer_id), placed_at, order_id)
      ) WITH CLUSTERING ORDER BY (placed_at DESC, order_id ASC) AND gc_grace_seconds = 3600;
      """;

  @BeforeAll
  static void connect() throws Exception {
    session = TestNode.connect();
    session.execute("DROP KEYSPACE IF EXISTS shop");
  }

  @AfterAll
  static void close() throws Exception {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS shop");
      session.close();
    }
  }

  private static Keyspace model(String cql) {
    return CqlImporter.read(cql, "test").schema().keyspace(CqlIdentifier.of("shop")).orElseThrow();
  }

  /** Plans, checks the statements, applies, pulls back, and checks that nothing is left to do. */
  private static List<String> applyAndCheck(Keyspace desired, boolean allowDrop) throws Exception {
    Keyspace live = SchemaPuller.pull(session, desired.name()).orElse(null);
    Plan plan = SchemaDiff.plan(desired, live);
    List<String> statements = plan.changes().stream().map(Change::cql).toList();
    PlanRunner.Result result =
        PlanRunner.run(session, plan, allowDrop, new PlanRunner.Listener() {});
    assertThat(result.refusal()).isNull();
    assertThat(result.complete()).as("%s", result.failure()).isTrue();
    Keyspace pulled = SchemaPuller.pull(session, desired.name()).orElseThrow();
    assertThat(CorpusRoundTripTest.shape(pulled)).isEqualTo(CorpusRoundTripTest.shape(desired));
    assertThat(SchemaDiff.plan(desired, pulled).isEmpty()).as("plan after apply").isTrue();
    return statements;
  }

  @Test
  void aRunStoppedByTheUserEndsAfterTheStatementUnderWayAndAppliesAgainFromThere()
      throws Exception {
    session.execute("DROP KEYSPACE IF EXISTS shop");
    StringBuilder cql = new StringBuilder(BASE);
    for (int i = 0; i < 4; i++) {
      cql.append("CREATE TABLE shop.extra_").append(i).append(" (k int PRIMARY KEY, v text);\n");
    }
    Keyspace desired = model(cql.toString());
    Plan plan = SchemaDiff.plan(desired, null);
    PlanRunner.Result stopped =
        PlanRunner.run(
            session,
            plan,
            false,
            new PlanRunner.Listener() {
              int finished;

              @Override
              public void finished(int index, int total, PlanRunner.StepResult step) {
                finished = index;
              }

              @Override
              public boolean stopRequested() {
                return finished == 3;
              }
            });
    assertThat(stopped.ran()).isEqualTo(3);
    assertThat(stopped.complete()).isFalse();
    assertThat(stopped.failure()).isEmpty();
    assertThat(stopped.steps().subList(3, plan.changes().size()))
        .allMatch(s -> s.status() == PlanRunner.Status.NOT_RUN);
    // Applying again plans only what the stopped run did not do.
    Keyspace live = SchemaPuller.pull(session, desired.name()).orElseThrow();
    assertThat(SchemaDiff.plan(desired, live).changes()).hasSize(plan.changes().size() - 3);
    applyAndCheck(desired, false);
    session.execute("DROP KEYSPACE IF EXISTS shop");
  }

  @Test
  void addAndDropColumnsChangeOptionsAndAddIndexAndView() throws Exception {
    applyAndCheck(model(BASE), false);
    assertThat(
            SchemaPuller.pull(session, name())
                .orElseThrow()
                .table(id("orders"))
                .orElseThrow()
                .column(id("ship_to"))
                .orElseThrow()
                .type()
                .asCql())
        .as("the keyspace's own types are named as people write them")
        .isEqualTo("frozen<address>");

    // Add a column and a field, change an option, and add an index and a view.
    String changed =
        BASE.replace("note text,", "note text, status text, coupon text,")
                .replace("gc_grace_seconds = 3600", "gc_grace_seconds = 7200 AND comment = 'v2'")
                .replace("(street text, city text)", "(street text, city text, zip text)")
            + """
            CREATE INDEX orders_status ON shop.orders (status);
            CREATE MATERIALIZED VIEW shop.orders_by_id AS SELECT * FROM shop.orders
              WHERE order_id IS NOT NULL AND customer_id IS NOT NULL AND placed_at IS NOT NULL
              PRIMARY KEY (order_id, customer_id, placed_at);
            CREATE MATERIALIZED VIEW shop.orders_by_note AS SELECT * FROM shop.orders
              WHERE note IS NOT NULL AND customer_id IS NOT NULL AND placed_at IS NOT NULL
              AND order_id IS NOT NULL PRIMARY KEY (note, customer_id, placed_at, order_id)
              WITH CLUSTERING ORDER BY (customer_id ASC, placed_at ASC, order_id ASC);
            """;
    List<String> statements = applyAndCheck(model(changed), false);
    // Without the clause a view keeps the base table's order; with it, the order it says. The
    // driver describes neither, so the puller reads the kept order from the view's metadata.
    Keyspace pulled = SchemaPuller.pull(session, name()).orElseThrow();
    assertThat(
            pulled
                .view(id("orders_by_id"))
                .orElseThrow()
                .primaryKey()
                .isDescending(id("placed_at")))
        .isTrue();
    assertThat(
            pulled
                .view(id("orders_by_note"))
                .orElseThrow()
                .primaryKey()
                .isDescending(id("placed_at")))
        .isFalse();
    assertThat(statements)
        .containsExactly(
            "ALTER TYPE shop.address ADD zip text;",
            "ALTER TABLE shop.orders ADD status text;",
            "ALTER TABLE shop.orders ADD coupon text;",
            "ALTER TABLE shop.orders WITH comment = 'v2' AND gc_grace_seconds = 7200;",
            "CREATE INDEX orders_status ON shop.orders (status);",
            statements.get(5),
            statements.get(6));
    assertThat(statements.get(5)).startsWith("CREATE MATERIALIZED VIEW shop.orders_by_id AS");
    assertThat(statements.get(6))
        .startsWith("CREATE MATERIALIZED VIEW shop.orders_by_note AS")
        .contains("CLUSTERING ORDER BY (customer_id ASC, placed_at ASC, order_id ASC)");

    // Cassandra cannot drop a column from a table with views: reported, not attempted.
    Plan withView =
        SchemaDiff.plan(
            model(changed.replace(" coupon text,", "")),
            SchemaPuller.pull(session, name()).orElseThrow());
    assertThat(withView.blocked())
        .singleElement()
        .satisfies(b -> assertThat(b.what()).contains("orders_by_id"));

    // Drop the view, a column, and an option back to its default: DROPs need permission.
    String dropped =
        changed
            .replace(" coupon text,", "")
            .replace(" AND comment = 'v2'", "")
            .substring(
                0,
                changed.indexOf("CREATE MATERIALIZED VIEW")
                    - " coupon text,".length()
                    - " AND comment = 'v2'".length());
    Plan plan = SchemaDiff.plan(model(dropped), SchemaPuller.pull(session, name()).orElseThrow());
    assertThat(plan.drops())
        .extracting(Change::cql)
        .containsExactly(
            "DROP MATERIALIZED VIEW shop.orders_by_id;",
            "DROP MATERIALIZED VIEW shop.orders_by_note;",
            "ALTER TABLE shop.orders DROP coupon;");
    PlanRunner.Result refused = PlanRunner.run(session, plan, false, new PlanRunner.Listener() {});
    assertThat(refused.refusal()).contains("drops 3").contains("coupon");
    assertThat(refused.ran()).isZero();
    assertThat(
            SchemaPuller.pull(session, name())
                .orElseThrow()
                .table(id("orders"))
                .orElseThrow()
                .column(id("coupon")))
        .as("nothing ran without permission")
        .isPresent();
    List<String> withDrop = applyAndCheck(model(dropped), true);
    assertThat(withDrop)
        .containsExactly(
            "DROP MATERIALIZED VIEW shop.orders_by_id;",
            "DROP MATERIALIZED VIEW shop.orders_by_note;",
            "ALTER TABLE shop.orders WITH comment = '';",
            "ALTER TABLE shop.orders DROP coupon;");
  }

  @Test
  void aChangedPrimaryKeyOrColumnTypeIsReportedNeverAttempted() throws Exception {
    session.execute("DROP KEYSPACE IF EXISTS shop");
    applyAndCheck(model(BASE), false);
    String newKey =
        BASE.replace(
                "PRIMARY KEY ((customer_id), placed_at, order_id)",
                "PRIMARY KEY ((customer_id), order_id)")
            .replace("placed_at DESC, order_id ASC", "order_id ASC")
            .replace("total decimal", "total double");
    Plan plan = SchemaDiff.plan(model(newKey), SchemaPuller.pull(session, name()).orElseThrow());
    assertThat(plan.blocked()).hasSize(2);
    assertThat(plan.blocked().get(0).what()).contains("primary key").contains("cannot change");
    assertThat(plan.blocked().get(0).wayOut()).contains("new table");
    assertThat(plan.blocked().get(1).what())
        .contains("total")
        .contains("decimal")
        .contains("double");
    PlanRunner.Result result = PlanRunner.run(session, plan, true, new PlanRunner.Listener() {});
    assertThat(result.refusal()).contains("cannot be made in place");
    assertThat(result.ran()).isZero();
  }

  private static CqlIdentifier name() {
    return id("shop");
  }

  private static CqlIdentifier id(String name) {
    return CqlIdentifier.of(name);
  }
}
