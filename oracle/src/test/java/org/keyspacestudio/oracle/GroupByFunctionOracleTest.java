package org.keyspacestudio.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.parse.SelectReader;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.support.IndexedColumns;
import org.keyspacestudio.model.support.SupportCheck;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.write.CqlWriter;

/**
 * {@code GROUP BY k, floor(c, ...)} on a clustering column of every native type Cassandra takes
 * there, with two and three arguments, and {@code toDate}, {@code toTimestamp} and {@code
 * toUnixTimestamp} of it: our verdict is Cassandra 5.0.9's (which resolves {@code floor} by the
 * column's type, a {@code bigint} only with a start, and an {@code int} as a {@code date}, which a
 * node then fails to run: {@code SelectOracle} says so; the conversions match a {@code bigint} as a
 * timestamp and an {@code int} as a date, and a node runs them).
 */
class GroupByFunctionOracleTest {

  @Test
  void aTimeFunctionOfAClusteringColumnIsJudgedAsCassandraResolvesIt() {
    CqlIdentifier ks = CqlIdentifier.of("oracle");
    List<String> mismatches = new ArrayList<>();
    int prepared = 0;
    int notMonotonic = 0;
    int pairs = 0;
    for (NativeType type : NativeType.values()) {
      if (type == NativeType.COUNTER || type == NativeType.DURATION) {
        // Neither may be a clustering column.
        continue;
      }
      Table table =
          new Table(
              CqlIdentifier.of("t"),
              List.of(
                  new Column(CqlIdentifier.of("k"), NativeType.INT, false),
                  new Column(CqlIdentifier.of("c"), type, false),
                  new Column(CqlIdentifier.of("v"), NativeType.INT, false)),
              new PrimaryKey(
                  List.of(CqlIdentifier.of("k")),
                  List.of(
                      new PrimaryKey.ClusteringColumn(CqlIdentifier.of("c"), ClusteringOrder.ASC))),
              TableOptions.none());
      List<String> schema =
          List.of(
              "CREATE KEYSPACE oracle WITH replication = {'class': 'SimpleStrategy',"
                  + " 'replication_factor': 1}",
              CqlWriter.createTable(ks, table));
      for (String group :
          List.of(
              "floor(c, 1h)",
              "floor(c, 1h, '2026-01-01')",
              "floor(v, 1h)",
              "toDate(c)",
              "toTimestamp(c)",
              "toUnixTimestamp(c)",
              "to_date(c)",
              "to_timestamp(c)",
              "to_unix_timestamp(c)",
              "abs(c)",
              "round(c)",
              "blobAsText(c)",
              "blob_as_text(c)",
              "castAsText(c)",
              "system.exp(c)",
              "now()",
              "toDate(c, 1h)")) {
        String select = "SELECT count(*) FROM oracle.t WHERE k = ? GROUP BY k, " + group;
        String cassandra = SelectOracle.prepare(schema, select, IndexedColumns.none());
        var read = SelectReader.read(select).select();
        assertThat(read).as(select).isNotNull();
        boolean ours =
            SupportCheck.supported(SupportCheck.check(table, IndexedColumns.none(), read));
        pairs++;
        if (cassandra == null) {
          prepared++;
        } else if (cassandra.startsWith("(when run) Only monotonic functions")) {
          notMonotonic++;
        }
        if (ours != (cassandra == null)) {
          mismatches.add(type.asCql() + ": " + select + "\n    Cassandra: " + cassandra);
        }
      }
    }
    System.out.println(
        pairs
            + " GROUP BY functions of each type, "
            + prepared
            + " prepared, "
            + notMonotonic
            + " prepared and refused when run (not monotonic), "
            + mismatches);
    assertThat(mismatches).isEmpty();
    assertThat(prepared).isGreaterThan(5);
    assertThat(notMonotonic).isGreaterThan(5);
  }
}
