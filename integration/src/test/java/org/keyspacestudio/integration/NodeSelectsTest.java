package org.keyspacestudio.integration;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.export.cluster.ClusterException;
import org.keyspacestudio.export.cluster.ClusterSession;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.parse.ImportResult;
import org.keyspacestudio.model.schema.OtherStatement;
import org.keyspacestudio.model.support.ScriptSelects;
import org.keyspacestudio.model.support.SupportCheck;

/**
 * Script SELECTs run on a real 5.0 node: the node runs exactly those we call supported. Searches by
 * similarity ({@code ORDER BY v ANN OF ...}): some of the node's refusals come only when it runs
 * the query (a top-k query's LIMIT, PER PARTITION LIMIT, aggregation) or as a failure of the node
 * itself (an index plan without the vector's storage-attached index), which preparing alone, as the
 * oracle module does, does not show. Time buckets ({@code GROUP BY k, floor(c, 1h)}): Cassandra
 * resolves {@code floor} by the column's type, an {@code int} as a {@code date}, and runs it.
 */
class NodeSelectsTest {

  private static final String SCHEMA =
      """
      CREATE KEYSPACE vectors WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
      CREATE TABLE vectors.t (p int, c int, v int, w int, e vector<float, 3>, f vector<float, 3>,
        PRIMARY KEY (p, c));
      CREATE INDEX ON vectors.t (e) USING 'sai';
      CREATE INDEX ON vectors.t (f);
      CREATE INDEX ON vectors.t (w);
      CREATE TABLE vectors.u (p int, q int, c int, d int, v int, w int, x int, e vector<float, 3>,
        PRIMARY KEY ((p, q), c, d));
      CREATE INDEX ON vectors.u (e) USING 'sai';
      CREATE INDEX ON vectors.u (v) USING 'sai';
      CREATE INDEX ON vectors.u (w);
      CREATE INDEX ON vectors.u (d);
      CREATE INDEX ON vectors.u (q) USING 'sai';
      """;

  private static final String NEAR = " ORDER BY e ANN OF [0.1, 0.2, 0.3]";

  private static final List<String> SELECTS =
      List.of(
          "SELECT * FROM vectors.t" + NEAR + " LIMIT 3",
          "SELECT * FROM vectors.t" + NEAR,
          "SELECT * FROM vectors.t" + NEAR + " DESC LIMIT 3",
          "SELECT * FROM vectors.t" + NEAR + " ASC LIMIT 3",
          "SELECT * FROM vectors.t" + NEAR + " PER PARTITION LIMIT 1 LIMIT 3",
          "SELECT count(*) FROM vectors.t" + NEAR + " LIMIT 3",
          "SELECT p, max(c) FROM vectors.t GROUP BY p" + NEAR + " LIMIT 3",
          "SELECT p, similarity_cosine(e, [0.1, 0.2, 0.3]) FROM vectors.t" + NEAR + " LIMIT 3",
          "SELECT * FROM vectors.t ORDER BY f ANN OF [0.1, 0.2, 0.3] LIMIT 3",
          "SELECT * FROM vectors.t ORDER BY f ANN OF [0.1, 0.2, 0.3] LIMIT 3 ALLOW FILTERING",
          "SELECT * FROM vectors.t ORDER BY v ANN OF [0.1, 0.2, 0.3] LIMIT 3",
          "SELECT * FROM vectors.t WHERE e = [0.1, 0.2, 0.3] ALLOW FILTERING",
          "SELECT * FROM vectors.t WHERE p = 1 AND v = 1" + NEAR + " LIMIT 3 ALLOW FILTERING",
          "SELECT * FROM vectors.t WHERE w = 1" + NEAR + " LIMIT 3",
          "SELECT * FROM vectors.t WHERE w = 1" + NEAR + " LIMIT 3 ALLOW FILTERING",
          "SELECT * FROM vectors.t WHERE p = 1 AND c > 0" + NEAR + " LIMIT 3",
          "SELECT * FROM vectors.t WHERE c > 0" + NEAR + " LIMIT 3",
          "SELECT * FROM vectors.t WHERE p IN (1, 2)" + NEAR + " LIMIT 3",
          "SELECT DISTINCT p FROM vectors.t" + NEAR + " LIMIT 3",
          "SELECT * FROM vectors.t" + NEAR + " LIMIT 2000",
          "SELECT * FROM vectors.u WHERE v IN (1, 2)" + NEAR + " LIMIT 3",
          "SELECT * FROM vectors.u WHERE v IN (1, 2)" + NEAR + " LIMIT 3 ALLOW FILTERING",
          "SELECT * FROM vectors.u WHERE v > 1" + NEAR + " LIMIT 3",
          "SELECT * FROM vectors.u WHERE d = 1" + NEAR + " LIMIT 3",
          "SELECT * FROM vectors.u WHERE d = 1" + NEAR + " LIMIT 3 ALLOW FILTERING",
          "SELECT * FROM vectors.u WHERE p = 1 AND q = 1 AND d = 1" + NEAR + " LIMIT 3",
          "SELECT * FROM vectors.u WHERE p = 1 AND q = 1 AND d = 1"
              + NEAR
              + " LIMIT 3"
              + " ALLOW FILTERING",
          "SELECT * FROM vectors.u WHERE p = 1" + NEAR + " LIMIT 3 ALLOW FILTERING",
          "SELECT * FROM vectors.u WHERE q = 1" + NEAR + " LIMIT 3",
          "SELECT * FROM vectors.u WHERE w = 1 AND v = 1" + NEAR + " LIMIT 3 ALLOW FILTERING",
          "SELECT * FROM vectors.u WHERE x = 1" + NEAR + " LIMIT 3 ALLOW FILTERING",
          "SELECT * FROM vectors.u WHERE p = 1 AND q = 1 AND c = 1 AND x = 1"
              + NEAR
              + " LIMIT 3"
              + " ALLOW FILTERING",
          "SELECT * FROM vectors.u WHERE p = 1 AND q = 1 AND d > 0"
              + NEAR
              + " LIMIT 3"
              + " ALLOW FILTERING",
          "SELECT * FROM vectors.u WHERE p = 1 AND q = 1 AND c IN (1, 2)" + NEAR + " LIMIT 3",
          "SELECT * FROM vectors.u WHERE p = 1 AND q = 1" + NEAR + " LIMIT 1000",
          "SELECT * FROM vectors.u WHERE p = 1 AND q = 1 AND c = 1" + NEAR + " LIMIT 3",
          "SELECT * FROM vectors.u WHERE v = 1 AND q = 1 AND p = 1" + NEAR + " LIMIT 3",
          "SELECT * FROM vectors.t WHERE token(p) > 0" + NEAR + " LIMIT 3",
          "SELECT * FROM vectors.t WHERE token(p) > 0 AND c = 1" + NEAR + " LIMIT 3",
          "SELECT * FROM vectors.u WHERE token(p, q) > 0 AND c = 1 AND d > 0"
              + NEAR
              + " LIMIT 3 ALLOW FILTERING",
          "SELECT * FROM vectors.u WHERE token(p, q) > 0 AND d > 0" + NEAR + " LIMIT 3");

  private static ClusterSession session;

  @BeforeAll
  static void connect() throws Exception {
    session = TestNode.connect();
    session.execute("DROP KEYSPACE IF EXISTS vectors");
  }

  @AfterAll
  static void close() throws Exception {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS vectors");
      session.close();
    }
  }

  @Test
  void theNodeRunsExactlyTheSearchesWeCallSupported() throws Exception {
    session.execute("DROP KEYSPACE IF EXISTS vectors");
    int ran =
        compare(
            SCHEMA,
            List.of(
                "INSERT INTO vectors.t (p, c, v, w, e, f) VALUES (1, 1, 1, 1, [0.1, 0.2, 0.3],"
                    + " [0.1, 0.2, 0.3])",
                "INSERT INTO vectors.u (p, q, c, d, v, w, x, e) VALUES (1, 1, 1, 1, 1, 1, 1,"
                    + " [0.1, 0.2, 0.3])"),
            SELECTS);
    assertThat(ran).isBetween(8, SELECTS.size() - 20);
  }

  private static final String BUCKETS =
      """
      CREATE KEYSPACE vectors WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
      CREATE TABLE vectors.g (k int, ts timestamp, n int, b bigint, tm time, id uuid, v int,
        PRIMARY KEY (k, ts, n, b, tm, id));
      """;

  @Test
  void theNodeRunsExactlyTheTimeBucketsWeCallSupported() throws Exception {
    session.execute("DROP KEYSPACE IF EXISTS vectors");
    List<String> selects =
        List.of(
            "SELECT k, count(*) FROM vectors.g WHERE k = 1 GROUP BY k, floor(ts, 1h)",
            "SELECT k, count(*) FROM vectors.g WHERE k = 1 GROUP BY k, floor(ts, 1h,"
                + " '2026-01-01')",
            "SELECT k, count(*) FROM vectors.g WHERE k = 1 AND ts = '2026-01-01'"
                + " GROUP BY k, ts, floor(n, 2d)",
            "SELECT k, count(*) FROM vectors.g WHERE k = 1 AND ts = '2026-01-01' AND n = 1"
                + " GROUP BY k, ts, n, floor(b, 1h)",
            "SELECT k, count(*) FROM vectors.g WHERE k = 1 AND ts = '2026-01-01' AND n = 1"
                + " GROUP BY k, ts, n, floor(b, 1h, 0)",
            "SELECT k, count(*) FROM vectors.g WHERE k = 1 AND ts = '2026-01-01' AND n = 1"
                + " AND b = 1 GROUP BY k, ts, n, b, floor(tm, 1h)",
            "SELECT k, count(*) FROM vectors.g WHERE k = 1 AND ts = '2026-01-01' AND n = 1"
                + " AND b = 1 AND tm = '01:00:00' GROUP BY k, ts, n, b, tm, floor(id, 1h)",
            "SELECT k, count(*) FROM vectors.g GROUP BY floor(ts, 1h), k",
            "SELECT k, count(*) FROM vectors.g WHERE k = 1 GROUP BY k, floor(n, 1h)",
            "SELECT k, count(*) FROM vectors.g WHERE k = 1 GROUP BY k, max(ts)",
            "SELECT k, count(*) FROM vectors.g WHERE k = 1 GROUP BY k, toDate(ts)",
            "SELECT k, count(*) FROM vectors.g WHERE k = 1 GROUP BY k, to_date(ts)",
            "SELECT k, count(*) FROM vectors.g WHERE k = 1 AND ts = '2026-01-01'"
                + " GROUP BY k, ts, to_unix_timestamp(n)",
            "SELECT k, count(*) FROM vectors.g WHERE k = 1 AND ts = '2026-01-01'"
                + " GROUP BY k, ts, toTimestamp(n)",
            "SELECT k, count(*) FROM vectors.g WHERE k = 1 AND ts = '2026-01-01'"
                + " GROUP BY k, ts, toUnixTimestamp(n)",
            "SELECT k, count(*) FROM vectors.g WHERE k = 1 AND ts = '2026-01-01' AND n = 1"
                + " GROUP BY k, ts, n, toDate(b)",
            "SELECT k, count(*) FROM vectors.g WHERE k = 1 AND ts = '2026-01-01' AND n = 1"
                + " AND b = 1 GROUP BY k, ts, n, b, toDate(tm)",
            "SELECT count(*) FROM vectors.g WHERE k = 1 PER PARTITION LIMIT 1",
            "SELECT k, count(*) FROM vectors.g WHERE k = 1 AND ts = '2026-01-01'"
                + " GROUP BY k, ts, abs(n)",
            "SELECT DISTINCT token(k), k FROM vectors.g",
            "SELECT DISTINCT CAST(k AS text), writetime(v) FROM vectors.g");
    int ran =
        compare(
            BUCKETS,
            List.of(
                "INSERT INTO vectors.g (k, ts, n, b, tm, id, v) VALUES (1, '2026-01-01', 1, 1,"
                    + " '01:00:00', 6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47, 1)"),
            selects);
    assertThat(ran).isBetween(4, selects.size() - 3);
  }

  private static final String PATTERNS =
      """
      CREATE KEYSPACE vectors WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
      CREATE TABLE vectors.p (category text, sku text, name text, description text, notes text,
        code text, price int, weight int, PRIMARY KEY ((category), sku));
      CREATE CUSTOM INDEX p_name ON vectors.p (name)
        USING 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode': 'CONTAINS'};
      CREATE CUSTOM INDEX p_description ON vectors.p (description)
        USING 'org.apache.cassandra.index.sasi.SASIIndex';
      CREATE CUSTOM INDEX p_notes ON vectors.p (notes)
        USING 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode': 'CONTAINS',
        'analyzer_class': 'org.apache.cassandra.index.sasi.analyzer.StandardAnalyzer'};
      CREATE CUSTOM INDEX p_price ON vectors.p (price)
        USING 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode': 'SPARSE'};
      CREATE CUSTOM INDEX p_sku ON vectors.p (sku)
        USING 'org.apache.cassandra.index.sasi.SASIIndex';
      CREATE INDEX p_code ON vectors.p (code) USING 'sai';
      CREATE TABLE vectors.r (k int, c text, d text, v int, PRIMARY KEY (k, c, d))
        WITH CLUSTERING ORDER BY (c DESC, d DESC);
      CREATE CUSTOM INDEX r_c ON vectors.r (c) USING 'org.apache.cassandra.index.sasi.SASIIndex';
      CREATE CUSTOM INDEX r_d ON vectors.r (d) USING 'org.apache.cassandra.index.sasi.SASIIndex'
        WITH OPTIONS = {'is_literal': 'true'};
      """;

  /**
   * {@code LIKE} through SASI indexes (this node enables them): which index serves it, which
   * pattern each mode runs (refused only when the query runs), what else a SASI index serves.
   */
  @Test
  void theNodeRunsExactlyThePatternSearchesWeCallSupported() throws Exception {
    session.execute("DROP KEYSPACE IF EXISTS vectors");
    String from = "SELECT * FROM vectors.p WHERE ";
    List<String> selects =
        List.of(
            from + "name LIKE '%phone%'",
            from + "name LIKE 'ph%'",
            from + "name LIKE '%one'",
            from + "name LIKE 'phone'",
            from + "name LIKE '%%'",
            from + "description LIKE 'ph%'",
            from + "description LIKE 'phone'",
            from + "description LIKE '%one'",
            from + "description LIKE '%hon%'",
            from + "description = 'phone'",
            from + "description > 'a'",
            from + "notes LIKE '%phone%'",
            from + "notes LIKE 'ph%'",
            from + "notes = 'phone'",
            from + "code LIKE 'ph%'",
            from + "code LIKE 'ph%' ALLOW FILTERING",
            from + "weight LIKE 'ph%'",
            from + "category LIKE 'ph%'",
            from + "price > 10 AND price <= 20",
            from + "price = 10",
            from + "category = 'a' AND name LIKE 'ph%'",
            from + "category = 'a' AND sku LIKE 'AB%'",
            from + "sku LIKE 'AB%'",
            from + "name LIKE 'ph%' AND code = 'x'",
            from + "name LIKE 'ph%' AND code = 'x' ALLOW FILTERING",
            from + "name LIKE 'ph%' AND name = 'phone'",
            "SELECT * FROM vectors.r WHERE k = 1 AND c LIKE 'a%'",
            "SELECT * FROM vectors.r WHERE k = 1 AND d LIKE 'a%'",
            "SELECT * FROM vectors.r WHERE c > 'a'");
    int ran =
        compare(
            PATTERNS,
            List.of(
                "INSERT INTO vectors.p (category, sku, name, description, notes, code, price,"
                    + " weight) VALUES ('a', 'AB1', 'phone', 'phone case', 'a phone', 'x', 15, 1)",
                "INSERT INTO vectors.r (k, c, d, v) VALUES (1, 'ab', 'ab', 1)"),
            selects);
    assertThat(ran).isBetween(10, selects.size() - 10);
  }

  /**
   * Creates the schema, writes the rows, then runs each SELECT: fails when the node runs one we
   * call refused or refuses one we call supported; returns how many the node ran.
   */
  private static int compare(String schema, List<String> rows, List<String> selects)
      throws Exception {
    ImportResult r = CqlImporter.read(schema + String.join(";\n", selects) + ";\n", "selects.cql");
    for (String statement : schema.split(";")) {
      if (!statement.isBlank()) {
        session.execute(statement);
      }
    }
    for (String row : rows) {
      session.execute(row);
    }
    List<OtherStatement> others = r.schema().otherStatements();
    assertThat(others).hasSize(selects.size());
    List<String> mismatches = new ArrayList<>();
    int ran = 0;
    for (int i = 1; i <= others.size(); i++) {
      ScriptSelects.Checked checked = ScriptSelects.check(r.schema(), i);
      assertThat(checked).as("judged: %s", others.get(i - 1).text()).isNotNull();
      boolean ours = SupportCheck.supported(checked.findings());
      String node = null;
      try {
        session.execute(others.get(i - 1).text());
        ran++;
      } catch (ClusterException e) {
        node = e.getMessage();
      }
      if (ours != (node == null)) {
        mismatches.add(
            others.get(i - 1).text() + "\n  node: " + node + "\n  ours: " + checked.findings());
      }
    }
    System.out.println(
        selects.size()
            + " SELECTs, "
            + ran
            + " run by the node, "
            + mismatches.size()
            + " mismatches");
    mismatches.forEach(m -> System.out.println("MISMATCH " + m));
    assertThat(mismatches).isEmpty();
    return ran;
  }
}
