package org.keyspacestudio.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.parse.SelectReader;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.support.IndexedColumns;
import org.keyspacestudio.model.support.SupportCheck;

/**
 * The constants a SELECT's {@code token()} and multi-column relations compare with get Cassandra
 * 5.0.9's verdict ({@code TokenRelation}'s receiver, a {@code bigint} for Murmur3; {@code
 * Tuples.Literal.prepare} for a tuple's size and each component): every token constant of a list of
 * kinds, and tuples of right and wrong sizes and component types, with bind markers among them, by
 * {@code =}, a range and {@code IN}.
 */
class RelationConstantsOracleTest {

  private static final List<String> SCHEMA =
      List.of(
          "CREATE KEYSPACE oracle WITH replication = {'class': 'SimpleStrategy',"
              + " 'replication_factor': 1}",
          "CREATE TABLE oracle.r (p0 int, p1 text, c0 int, c1 date, c2 text, v int,"
              + " PRIMARY KEY ((p0, p1), c0, c1, c2))");

  private static final List<String> TOKEN_CONSTANTS =
      List.of(
          "5",
          "-5",
          "9223372036854775807",
          "-9223372036854775808",
          "9223372036854775808",
          "1.5",
          "'abc'",
          "'5'",
          "0xcafe",
          "true",
          "null",
          "6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47",
          "1h",
          "(1, 2)",
          "[1]");

  private static final List<String> FIRST = List.of("1", "'x'", "1.5", "null", "2147483648", "?");

  private static final List<String> SECOND =
      List.of("'2026-02-28'", "'2026-02-30'", "5", "'x'", "null", "?", "-1");

  private static List<String> statements() {
    List<String> out = new ArrayList<>();
    for (String c : TOKEN_CONSTANTS) {
      out.add("SELECT * FROM oracle.r WHERE token(p0, p1) > " + c);
      out.add("SELECT * FROM oracle.r WHERE token(p0, p1) = " + c);
    }
    String key = "SELECT * FROM oracle.r WHERE p0 = 1 AND p1 = 'a' AND ";
    for (String a : FIRST) {
      for (String b : SECOND) {
        out.add(key + "(c0, c1) = (" + a + ", " + b + ")");
        out.add(key + "(c0, c1) >= (" + a + ", " + b + ")");
        out.add(key + "(c0, c1) IN ((1, '2026-02-28'), (" + a + ", " + b + "))");
      }
      out.add(key + "(c0) = (" + a + ")");
      out.add(key + "(c0) IN ((2), (" + a + "))");
    }
    for (String rel :
        List.of(
            "(c0, c1) = (1)",
            "(c0, c1) = (1, '2026-02-28', 'x')",
            "(c0, c1, c2) > (1, '2026-02-28', 'z')",
            "(c0, c1, c2) > (1, '2026-02-28', 5)",
            "(c0, c1) IN ((1, '2026-02-28'), (2))",
            "(c0, c1) IN ((1, '2026-02-28', 'x'))",
            "(c0, c1) IN ()",
            "(c0, c1) = 5",
            "(c0, c1) IN (1, 2)",
            "(c0, c1) = ((1, 2), '2026-02-28')",
            "(c0, c1) > (1, '2026-02-28') AND (c0, c1) < (2, 'x')")) {
      out.add(key + rel);
    }
    return out;
  }

  @Test
  void theConstantsOfTokenAndTupleRelationsGetCassandrasVerdict() {
    Table table =
        CqlImporter.read(String.join(";\n", SCHEMA) + ";\n", "r.cql")
            .schema()
            .keyspace(CqlIdentifier.of("oracle"))
            .orElseThrow()
            .table(CqlIdentifier.of("r"))
            .orElseThrow();
    List<String> mismatches = new ArrayList<>();
    int refused = 0;
    int compared = 0;
    for (String select : statements()) {
      var read = SelectReader.read(select).select();
      assertThat(read).as("read: %s", select).isNotNull();
      String cassandra = SelectOracle.prepare(SCHEMA, select, IndexedColumns.none());
      List<SupportCheck.Finding> ours = SupportCheck.check(table, IndexedColumns.none(), read);
      compared++;
      refused += cassandra == null ? 0 : 1;
      if (SupportCheck.supported(ours) != (cassandra == null)) {
        mismatches.add(
            select
                + "\n    Cassandra: "
                + (cassandra == null ? "prepares" : cassandra)
                + "\n    ours: "
                + ours);
      }
    }
    System.out.printf(
        "token() and tuple constants: %d SELECTs, %d refused by Cassandra 5.0.9, %d mismatches%n",
        compared, refused, mismatches.size());
    mismatches.stream().limit(30).forEach(m -> System.out.println("  MISMATCH " + m));
    assertThat(refused).isBetween(compared / 4, compared * 9 / 10);
    assertThat(mismatches).isEmpty();
  }

  /**
   * Each fix of a token constant Cassandra refuses, applied to the script, gives a SELECT Cassandra
   * prepares: the number written without quotes, or the key's value compared through its token.
   */
  @Test
  void everyFixOfATokenConstantGivesASelectCassandraPrepares() {
    List<String> schema =
        List.of(
            SCHEMA.get(0),
            "CREATE TABLE oracle.s (k text PRIMARY KEY, v int)",
            "CREATE TABLE oracle.u (k uuid PRIMARY KEY, v int)");
    List<String> failed = new ArrayList<>();
    int fixed = 0;
    int refused = 0;
    for (String table : List.of("s", "u")) {
      for (String c : TOKEN_CONSTANTS) {
        String select = "SELECT * FROM oracle." + table + " WHERE token(k) > " + c;
        if (SelectOracle.prepare(schema, select, IndexedColumns.none()) == null) {
          continue;
        }
        refused++;
        var script = CqlImporter.read(String.join(";\n", schema) + ";\n" + select + ";\n", "s.cql");
        var project = new org.keyspacestudio.model.project.Project(script.schema());
        for (var problem : org.keyspacestudio.model.project.ProjectChecks.validate(project)) {
          for (var fix : org.keyspacestudio.model.edit.QuickFixes.of(project, problem)) {
            String after =
                fix.edit().change().apply(project).schema().otherStatements().get(0).text();
            fixed++;
            String cassandra = SelectOracle.prepare(schema, after, IndexedColumns.none());
            if (cassandra != null) {
              failed.add(
                  select + "\n    fixed (" + fix.label() + "): " + after + "\n    " + cassandra);
            }
          }
        }
      }
    }
    System.out.printf(
        "token constants: %d refused by Cassandra 5.0.9, %d fixes offered, %d of them refused%n",
        refused, fixed, failed.size());
    failed.forEach(f -> System.out.println("  REFUSED " + f));
    assertThat(fixed).isGreaterThanOrEqualTo(3);
    assertThat(failed).isEmpty();
  }
}
