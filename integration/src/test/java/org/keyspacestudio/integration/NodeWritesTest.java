package org.keyspacestudio.integration;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.export.cluster.ClusterException;
import org.keyspacestudio.export.cluster.ClusterSession;
import org.keyspacestudio.model.dml.ScriptWrites;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.parse.ImportResult;
import org.keyspacestudio.model.schema.OtherStatement;

/**
 * A script's writes run on a real 5.0 node: the node runs exactly those the check finds nothing in.
 * The oracle module prepares statements; some refusals come only when the node runs one (IN on the
 * key of a conditional write, a DELETE of given columns from a range of rows), and those are held
 * here.
 */
class NodeWritesTest {

  private static final String SCHEMA =
      """
      CREATE KEYSPACE writes WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
      CREATE TYPE writes.addr (street text, city text);
      CREATE TABLE writes.v (u int, d int, id int, title text, owner text static, tags set<text>,
        home addr, work frozen<addr>, views int, PRIMARY KEY ((u), d, id));
      CREATE TABLE writes.s (id int PRIMARY KEY, views counter);
      CREATE TABLE writes.t (k int PRIMARY KEY, day date, at timestamp, tm time, n decimal,
        a ascii, du duration, ds set<date>, m map<text, int>);
      """;

  private static final List<String> WRITES =
      List.of(
          "INSERT INTO writes.v (u, d, id, title) VALUES (1, 1, 1, 'a')",
          "INSERT INTO writes.v (u, owner) VALUES (1, 'ann')",
          "INSERT INTO writes.v (u, title) VALUES (1, 'a')",
          "INSERT INTO writes.v (u, d, id, title) VALUES (1, 1, 1, 'a') IF NOT EXISTS USING"
              + " TIMESTAMP 5",
          "INSERT INTO writes.s (id, views) VALUES (1, 1)",
          "UPDATE writes.v SET title = 'b', tags = tags + {'x'}, home.city = 'c' WHERE u = 1 AND"
              + " d IN (1, 2) AND id = 1",
          "UPDATE writes.v SET title = 'b' WHERE u = 1",
          "UPDATE writes.v SET owner = 'bob' WHERE u = 1",
          "UPDATE writes.v SET owner = 'bob' WHERE u = 1 AND d = 1 AND id = 1",
          "UPDATE writes.v SET views = views + 1 WHERE u = 1 AND d = 1 AND id = 1",
          "UPDATE writes.v SET views = views + 1 WHERE u = 1 AND d = 1 AND id = 1 IF title = 'b'",
          "UPDATE writes.v SET work.city = 'c' WHERE u = 1 AND d = 1 AND id = 1",
          "UPDATE writes.v SET title = 'c' WHERE u IN (1, 2) AND d = 1 AND id = 1 IF EXISTS",
          "UPDATE writes.v SET title = 'c' WHERE u = 1 AND d IN (1, 2) AND id = 1 IF EXISTS",
          "UPDATE writes.v SET title = 'c' WHERE u = 1 AND d > 0 AND id = 1",
          "UPDATE writes.s SET views = views + 1 WHERE id = 1",
          "UPDATE writes.s SET views = 3 WHERE id = 1",
          "UPDATE writes.s USING TTL 10 SET views = views + 1 WHERE id = 1",
          "DELETE FROM writes.v WHERE u = 1 AND d > 5",
          "DELETE title FROM writes.v WHERE u = 1 AND d > 5",
          "DELETE title FROM writes.v WHERE u = 1",
          "DELETE title FROM writes.v WHERE u = 1 AND d = 1 AND id = 1",
          "DELETE FROM writes.v WHERE u = 1 AND id = 1",
          "DELETE owner FROM writes.v WHERE u = 1 IF owner = 'bob'",
          "DELETE FROM writes.v WHERE u = 1 IF EXISTS",
          "DELETE FROM writes.v WHERE u = 1 AND d = 1 AND id = 1 IF EXISTS",
          "BEGIN BATCH UPDATE writes.s SET views = views + 1 WHERE id = 1; APPLY BATCH",
          "BEGIN COUNTER BATCH UPDATE writes.s SET views = views + 1 WHERE id = 1; APPLY BATCH",
          "BEGIN UNLOGGED BATCH UPDATE writes.s SET views = views + 1 WHERE id = 1; INSERT INTO"
              + " writes.v (u, d, id) VALUES (1, 2, 2); APPLY BATCH",
          "BEGIN BATCH INSERT INTO writes.v (u, d, id) VALUES (1, 3, 3) IF NOT EXISTS; UPDATE"
              + " writes.s SET views = views + 1 WHERE id = 1; APPLY BATCH",
          "BEGIN BATCH USING TIMESTAMP 10 INSERT INTO writes.v (u, d, id) VALUES (1, 4, 4);"
              + " APPLY BATCH",
          "INSERT INTO writes.v (u, d, id, title, views) VALUES (1, 5, 5, 'x', 7)",
          "INSERT INTO writes.v (u, d, id, title) VALUES (1, 5, 5, 7)",
          "INSERT INTO writes.v (u, d, id, views) VALUES (1, 5, 5, 'seven')",
          "INSERT INTO writes.v (u, d, id, views) VALUES (1, 5, 5, 99999999999)",
          "INSERT INTO writes.v (u, d, id, title) VALUES (1, null, 5, 'x')",
          "UPDATE writes.v SET title = null WHERE u = 1 AND d = 5 AND id = 5",
          "UPDATE writes.v SET title = 'y' WHERE u = null AND d = 5 AND id = 5",
          "UPDATE writes.s SET views = views + null WHERE id = 1",
          "UPDATE writes.v SET tags = 'x' WHERE u = 1 AND d = 5 AND id = 5",
          // Constants read as the types' fromString reads them, and literals value by value.
          "INSERT INTO writes.t (k, day) VALUES (1, '2026-02-28')",
          "INSERT INTO writes.t (k, day) VALUES (1, '2026-02-30')",
          "INSERT INTO writes.t (k, at) VALUES (1, '2026-02-30 10:00+0000')",
          "INSERT INTO writes.t (k, at) VALUES (1, '01/02/2026')",
          "INSERT INTO writes.t (k, tm) VALUES (1, '24:00:00')",
          "INSERT INTO writes.t (k, tm) VALUES (1, '23:59:59.999999999')",
          "INSERT INTO writes.t (k, n) VALUES (1, NaN)",
          "INSERT INTO writes.t (k, n) VALUES (1, 1e400)",
          "INSERT INTO writes.t (k, a) VALUES (1, 'café')",
          "INSERT INTO writes.t (k, du) VALUES (1, 30m1h)",
          "INSERT INTO writes.t (k, du) VALUES (1, 1h30m)",
          "INSERT INTO writes.t (k, ds) VALUES (1, {'2026-02-28', '2026-02-30'})",
          "INSERT INTO writes.t (k, ds) VALUES (1, {'2026-02-28', null})",
          "UPDATE writes.t SET m = m + {'a': 1} WHERE k = 1",
          "UPDATE writes.t SET m = m + {'a': 'b'} WHERE k = 1",
          "UPDATE writes.t SET m['a'] = 'b' WHERE k = 1",
          "UPDATE writes.t SET m = m - {'a'} WHERE k = 1",
          "INSERT INTO writes.v (u, d, id, work) VALUES (1, 6, 6, {street: 'x', nope: 'y'})",
          "INSERT INTO writes.v (u, d, id, work) VALUES (1, 6, 6, ('x', 'y'))",
          "UPDATE writes.v SET title = 'z' WHERE u = 1 AND d = 1 AND id = 1 IF work = ('x', 'y')",
          "UPDATE writes.v SET work = ('x', 'y') WHERE u = 1 AND d = 1 AND id = 1",
          "UPDATE writes.v SET home = ('x', 'y') WHERE u = 1 AND d = 1 AND id = 1",
          "INSERT INTO writes.v (u, d, id, work) VALUES (1, 7, 7, {street: 'x'})",
          "INSERT INTO writes.v (u, d, id, work) VALUES (1, 7, 7, {street: 'x', city: 'y'})",
          // INSERT JSON: the map's keys and values, and a key left out or null (run-time refusals).
          "INSERT INTO writes.t JSON '{\"k\": 2, \"at\": 1700000000000, \"day\": \"2026-02-28\"}'",
          "INSERT INTO writes.t JSON '{\"k\": 2, \"at\": 5}'",
          "INSERT INTO writes.t JSON '{\"k\": 2, \"zz\": 1}'",
          "INSERT INTO writes.t JSON '{\"K\": 2, \"TM\": \"08:30:00\"}'",
          "INSERT INTO writes.t JSON '{\"day\": \"2026-02-28\"}'",
          "INSERT INTO writes.t JSON '{\"k\": null}'",
          "INSERT INTO writes.t JSON '{\"day\": \"2026-02-28\"}' DEFAULT UNSET",
          "INSERT INTO writes.v JSON '{\"u\": 1, \"d\": 8, \"id\": 8}'",
          "INSERT INTO writes.v JSON '{\"u\": 1, \"d\": 8}'",
          // A conditional batch over two partitions, and over one.
          "BEGIN BATCH INSERT INTO writes.v (u, d, id, title) VALUES (1, 9, 9, 'a') IF NOT EXISTS;"
              + " INSERT INTO writes.v (u, d, id, title) VALUES (2, 9, 9, 'b'); APPLY BATCH",
          "BEGIN BATCH INSERT INTO writes.v (u, d, id, title) VALUES (1, 9, 9, 'a') IF NOT EXISTS;"
              + " UPDATE writes.v SET title = 'b' WHERE u = 01 AND d = 9 AND id = 10; APPLY BATCH");

  private static ClusterSession session;

  @BeforeAll
  static void connect() throws Exception {
    session = TestNode.connect();
    session.execute("DROP KEYSPACE IF EXISTS writes");
  }

  @AfterAll
  static void close() throws Exception {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS writes");
      session.close();
    }
  }

  @Test
  void theNodeRunsExactlyTheWritesWeFindNothingIn() throws Exception {
    ImportResult r = CqlImporter.read(SCHEMA + String.join(";\n", WRITES) + ";\n", "writes.cql");
    for (String statement : SCHEMA.split(";")) {
      if (!statement.isBlank()) {
        session.execute(statement);
      }
    }
    List<OtherStatement> others = r.schema().otherStatements();
    assertThat(others).hasSize(WRITES.size());
    List<String> mismatches = new ArrayList<>();
    int ran = 0;
    for (int i = 1; i <= others.size(); i++) {
      ScriptWrites.Checked checked = ScriptWrites.check(r.schema(), i);
      assertThat(checked).as("judged: %s", others.get(i - 1).text()).isNotNull();
      boolean ours = !checked.refused();
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
        WRITES.size()
            + " writes, "
            + ran
            + " run by the node, "
            + mismatches.size()
            + " mismatches");
    mismatches.forEach(m -> System.out.println("MISMATCH " + m));
    assertThat(mismatches).isEmpty();
    assertThat(ran).isBetween(10, WRITES.size() - 10);
  }
}
