package org.keyspacestudio.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.dml.ScriptWrites;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.parse.ImportResult;
import org.keyspacestudio.model.support.ScriptSelects;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Severity;

/**
 * Holds {@link org.keyspacestudio.model.type.ConstantTypes} against Cassandra 5.0.9's own classes:
 * every constant of a list (numbers at their types' bounds, floating-point ones beyond a double's,
 * dates, times and timestamps in and out of their formats, UUIDs of both versions, blobs, tuples as
 * strings, durations) given to a column of each type, alone in its statement so that nothing else
 * decides the verdict: an {@code INSERT} (prepared and validated, as {@link WritesOracleTest}), an
 * {@code IF} condition, and a {@code SELECT} comparing the column with it ({@code =}, or {@code
 * CONTAINS} and {@code CONTAINS KEY} for a collection; prepared, as {@link SupportOracleTest}).
 * Ours is a verdict without an error.
 */
class ConstantsOracleTest {

  static {
    new CassandraOracle(false);
  }

  /** Column name to type: one column of each type the constants are given to. */
  private static final Map<String, String> COLUMNS = columns();

  private static Map<String, String> columns() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("i", "int");
    m.put("bi", "bigint");
    m.put("si", "smallint");
    m.put("ti", "tinyint");
    m.put("vi", "varint");
    m.put("f", "float");
    m.put("d", "double");
    m.put("de", "decimal");
    m.put("t", "text");
    m.put("a", "ascii");
    m.put("bo", "boolean");
    m.put("u", "uuid");
    m.put("tu", "timeuuid");
    m.put("ts", "timestamp");
    m.put("da", "date");
    m.put("tm", "time");
    m.put("du", "duration");
    m.put("bl", "blob");
    m.put("tp", "tuple<int, date>");
    m.put("tq", "tuple<int, int>");
    m.put("fl", "frozen<list<int>>");
    m.put("sd", "set<date>");
    m.put("mt", "map<date, time>");
    m.put("ve", "vector<float, 2>");
    m.put("li", "list<int>");
    m.put("lt", "list<timestamp>");
    m.put("ad", "frozen<addr>");
    m.put("au", "addr");
    return m;
  }

  private static final List<String> CONSTANTS =
      List.of(
          "1",
          "-1",
          "127",
          "128",
          "-129",
          "32768",
          "2147483648",
          "9223372036854775807",
          "9223372036854775808",
          "4294967295",
          "4294967296",
          "86399999999999",
          "86400000000000",
          "1.5",
          "-2.5",
          "1e400",
          "-1.8e308",
          "1.7e308",
          "NaN",
          "nan",
          "-Infinity",
          "infinity",
          "true",
          "FALSE",
          "0xcafe",
          "0xcaf",
          "0x",
          "6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47",
          "50554d6e-29bb-11e5-b345-feff819cdc9f",
          "null",
          "'abc'",
          "''",
          "'café'",
          "'2026-02-28'",
          "'2026-02-30'",
          "'-0044-03-15'",
          "'+9999999-01-01'",
          "'08:30:00'",
          "'24:00:00'",
          "'23:59:59.123456789'",
          "'08:30:00.'",
          "' 8:30:00 '",
          "'2026-01-01 10:30'",
          "'2026-01-01 10:30:15+0100'",
          "'2026-01-01T10:30:15.5+01:00'",
          "'2026-01-01 10:30:15 UTC'",
          "'2026-01-01+0000'",
          "'01/02/2026'",
          "'2026-13-01'",
          "'2026-02-30 10:00'",
          "'2026-02-29T10:00:00Z'",
          "'2026-01-01T24:00Z'",
          "'2026-04-31 00:00:00+0000'",
          "'2026-01-01 10:30:15.123456789Z'",
          "'now'",
          "'1700000000000'",
          "'1:2026-02-28'",
          "'1:2026-02-30'",
          "'1:2:3'",
          "'@:2026-02-28'",
          "'1:'",
          "1h30m",
          "-2d",
          "30m1h",
          "1h1h",
          "1mo2ms3us4ns",
          "3000000000mo",
          "99999999999999999999d",
          "P1D",
          "P1Y2M3DT4H5M6S",
          "p1d",
          "P2W",
          "P0001-02-03T04:05:06",
          // Not "PT": Cassandra's lexer takes it in an INSERT's values and fails to parse it in
          // an IF or a WHERE clause (ANTLR's prediction), which no check of ours says.
          "'1h'",
          "[1, 2]",
          "[]",
          "['a']",
          "[1, 'a']",
          "[null]",
          "[?]",
          "[1.5, 2.5]",
          "[1.5]",
          "['2026-02-28', '2026-02-30']",
          "{1, 2}",
          "{}",
          "{'2026-02-28'}",
          "{'2026-02-30'}",
          "{?}",
          "{'2026-02-28': '08:30:00'}",
          "{'2026-02-28': '24:00:00'}",
          "{1: 2}",
          "{'2026-02-28': null}",
          "(1, '2026-02-28')",
          "(1, '2026-02-30')",
          "(1, 2, 3)",
          "(1, null)",
          "(?, 2)",
          "{street: 'x', zip: 1}",
          "{street: 1}",
          "{zip: 99999999999}",
          "{nope: 1}",
          "{street: ?}",
          "[[1], [2]]");

  private static final String KEYSPACE =
      "CREATE KEYSPACE oracle WITH replication = {'class': 'SimpleStrategy',"
          + " 'replication_factor': 1}";

  private static List<String> schema() {
    StringBuilder t = new StringBuilder("CREATE TABLE oracle.t (k int PRIMARY KEY");
    COLUMNS.forEach((n, type) -> t.append(", ").append(n).append(' ').append(type));
    return List.of(
        KEYSPACE, "CREATE TYPE oracle.addr (street text, zip int)", t.append(")").toString());
  }

  @Test
  void everyConstantForEveryTypeGetsCassandrasVerdict() {
    List<String> schema = schema();
    SelectOracle.install(schema);
    List<String> mismatches = new ArrayList<>();
    int statements = 0;
    int refused = 0;
    for (var column : COLUMNS.entrySet()) {
      String c = column.getKey();
      String type = column.getValue();
      for (String constant : CONSTANTS) {
        List<String> writes = new ArrayList<>();
        writes.add("INSERT INTO oracle.t (k, " + c + ") VALUES (0, " + constant + ")");
        writes.add("UPDATE oracle.t SET i = 1 WHERE k = 0 IF " + c + " = " + constant);
        String update = "UPDATE oracle.t SET ";
        if (type.startsWith("list") || type.startsWith("set") || type.startsWith("map")) {
          writes.add(update + c + " = " + c + " + " + constant + " WHERE k = 0");
          writes.add(update + c + " = " + c + " - " + constant + " WHERE k = 0");
        }
        if (type.startsWith("list")) {
          writes.add(update + c + " = " + constant + " + " + c + " WHERE k = 0");
          writes.add(update + c + "[0] = " + constant + " WHERE k = 0");
        }
        if (type.startsWith("map")) {
          writes.add(update + c + "['2026-02-28'] = " + constant + " WHERE k = 0");
        }
        if (type.equals("addr")) {
          writes.add(update + c + ".zip = " + constant + " WHERE k = 0");
          writes.add(update + c + ".street = " + constant + " WHERE k = 0");
        }
        List<String> selects = new ArrayList<>();
        String where = "SELECT * FROM oracle.t WHERE k = 0 AND " + c;
        if (type.startsWith("set") || type.startsWith("map")) {
          selects.add(where + " CONTAINS " + constant + " ALLOW FILTERING");
          if (type.startsWith("map")) {
            selects.add(where + " CONTAINS KEY " + constant + " ALLOW FILTERING");
            selects.add(where + "['2026-02-28'] = " + constant + " ALLOW FILTERING");
            selects.add(where + "[" + constant + "] = '08:30:00' ALLOW FILTERING");
          }
        } else {
          selects.add(where + " = " + constant + " ALLOW FILTERING");
        }
        for (String w : writes) {
          statements++;
          String theirs = WritesOracleTest.cassandra(w);
          refused += theirs == null ? 0 : 1;
          compare(
              w,
              theirs,
              ScriptWrites.validate(imported(schema, w).schema(), imported(schema, w).positions()),
              mismatches);
        }
        for (String s : selects) {
          statements++;
          String theirs = SelectOracle.prepare(schema, s, Set.of());
          refused += theirs == null ? 0 : 1;
          ImportResult r = imported(schema, s);
          compare(s, theirs, ScriptSelects.validate(r.schema(), r.positions()), mismatches);
        }
      }
    }
    System.out.printf(
        "constants: %d statements (%d constants for %d types, each an INSERT, an IF, a SELECT and"
            + " the collections' and fields' updates),"
            + " %d refused by Cassandra 5.0.9, %d mismatches%n",
        statements, CONSTANTS.size(), COLUMNS.size(), refused, mismatches.size());
    assertThat(mismatches)
        .as(String.join("\n", mismatches.subList(0, Math.min(40, mismatches.size()))))
        .isEmpty();
    // Both verdicts well represented: most constants fit few types.
    assertThat(refused).isBetween(statements / 3, statements * 9 / 10);
  }

  /** JSON values an INSERT JSON gives a column: numbers, strings in and out of formats, others. */
  private static final List<String> JSON_VALUES =
      List.of(
          "1",
          "-129",
          "40000",
          "1700000000000",
          "99999999999999999999",
          "1.5",
          "1e400",
          "true",
          "null",
          "[1, 2]",
          "{\"a\": 1}",
          "\"\"",
          "\"abc\"",
          "\"5\"",
          "\"true\"",
          "\"NaN\"",
          "\"café\"",
          "\"2026-02-28\"",
          "\"2026-02-30\"",
          "\"2026-01-01 10:30:15+0000\"",
          "\"08:30:00\"",
          "\"24:00:00\"",
          "\"1h30m\"",
          "\"30m1h\"",
          "\"0xcafe\"",
          "\"0xcaf\"",
          "\"cafe\"",
          "\"6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47\"",
          "\"50554d6e-29bb-11e5-b345-feff819cdc9f\"",
          "\"6ab09bec-e68e-48d9-a5f8\"",
          "\"127.0.0.1\"");

  /**
   * More JSON values for the columns of collections, tuples, user types and vectors: arrays and
   * objects of each shape, with null, wrong and nested items, and the same given as JSON strings
   * (which Cassandra decodes as JSON first).
   */
  private static final List<String> STRUCTURED_JSON_VALUES =
      List.of(
          "[]",
          "[1, null]",
          "[null, null]",
          "[1]",
          "[1, 2, 3]",
          "[0.5, 1.5]",
          "[1, \"x\"]",
          "[[1]]",
          "[\"2026-02-28\", \"2026-02-30\"]",
          "[1, \"2026-02-28\"]",
          "[\"08:30:00\"]",
          "[1700000000000, \"2026-01-01 10:30:15+0000\"]",
          "{}",
          "{\"2026-02-28\": \"08:30:00\"}",
          "{\"2026-02-28\": null}",
          "{\"x\": \"08:30:00\"}",
          "{\"street\": \"a\", \"zip\": 1}",
          "{\"Street\": \"a\"}",
          "{\"\\\"Street\\\"\": \"a\"}",
          "{\"zip\": \"x\"}",
          "{\"zip\": null}",
          "{\"city\": 1}",
          "\"[1, 2]\"",
          "\"[1,\"",
          "\"null\"",
          "\"{\\\"zip\\\": 1}\"",
          "\"{\\\"2026-02-28\\\": \\\"08:30:00\\\"}\"");

  /**
   * An INSERT JSON of each JSON value for a column of each type, and maps whose keys or form
   * Cassandra refuses: our verdict is Cassandra's ({@code Json.parseJson}, the types' {@code
   * fromJSONObject}). The columns of collections, tuples, user types and vectors take more values
   * too, of each shape ({@link #STRUCTURED_JSON_VALUES}).
   */
  @Test
  void everyInsertJsonGetsCassandrasVerdict() {
    List<String> schema = schema();
    SelectOracle.install(schema);
    List<String> statements = new ArrayList<>();
    for (var column : COLUMNS.entrySet()) {
      String type = column.getValue();
      List<String> values = new ArrayList<>(JSON_VALUES);
      if (type.contains("<") || type.equals("addr")) {
        values.addAll(STRUCTURED_JSON_VALUES);
      }
      for (String v : values) {
        statements.add(
            "INSERT INTO oracle.t JSON '{\"k\": 0, \""
                + column.getKey()
                + "\": "
                + v.replace("'", "''")
                + "}'");
      }
    }
    for (String map :
        List.of(
            "{\"k\": 0, \"zz\": 1}",
            "{\"\\\"K\\\"\": 0}",
            "{\"K\": 0, \"I\": 1}",
            "{\"k\": 0",
            "null",
            "[1]",
            "{\"i\": 1}",
            "{\"k\": null}",
            "{\"k\": 0, \"i\": 1, \"i\": \"x\"}")) {
      statements.add("INSERT INTO oracle.t JSON '" + map + "'");
    }
    statements.add("INSERT INTO oracle.t JSON ?");
    statements.add("INSERT INTO oracle.t JSON '{\"i\": 1}' DEFAULT UNSET");
    List<String> mismatches = new ArrayList<>();
    int refused = 0;
    for (String w : statements) {
      String theirs = WritesOracleTest.cassandra(w);
      if (theirs == null && w.contains("JSON '") && !keyGiven(w)) {
        // The key left out or null is refused when the statement runs (NodeWritesTest).
        theirs = "(refused when it runs: no value for the partition key)";
      }
      refused += theirs == null ? 0 : 1;
      ImportResult r = imported(schema, w);
      compare(w, theirs, ScriptWrites.validate(r.schema(), r.positions()), mismatches);
    }
    System.out.printf(
        "insert json: %d statements (%d JSON values for every column, %d more for the structured"
            + " ones, and maps), %d refused by Cassandra 5.0.9, %d mismatches%n",
        statements.size(),
        JSON_VALUES.size(),
        STRUCTURED_JSON_VALUES.size(),
        refused,
        mismatches.size());
    assertThat(mismatches)
        .as(String.join("\n", mismatches.subList(0, Math.min(40, mismatches.size()))))
        .isEmpty();
    assertThat(refused).isBetween(statements.size() / 4, statements.size() * 9 / 10);
  }

  /**
   * Addresses for an {@code inet} column, written in full, as short IPv4 forms or in hex or octal
   * (which {@code InetAddress.getByName} refuses), or as IPv6 forms that it reads without a lookup,
   * valid and broken: our verdict is Cassandra's. Host names are left out (what the node makes of
   * one depends on its DNS; we warn of them).
   */
  @Test
  void everyInetAddressLiteralGetsCassandrasVerdict() {
    List<String> schema =
        List.of(KEYSPACE, "CREATE TABLE oracle.n (k int PRIMARY KEY, a inet, l list<inet>)");
    SelectOracle.install(schema);
    List<String> addresses =
        List.of(
            "",
            "192.0.2.10",
            "0.0.0.0",
            "255.255.255.255",
            "::1",
            "::",
            "2001:db8::1",
            "2001:DB8:0:0:8:800:200C:417A",
            "::ffff:192.0.2.10",
            "[::1]",
            "[2001:db8::1]",
            "2001:db8::1::2",
            "1::2::3",
            ":::",
            "12345::1",
            "abc:defg::1",
            "1:2:3:4:5:6:7:8:9",
            "[::1",
            "[192.0.2.10]",
            "[]",
            "::1]",
            "127.1",
            "10",
            "1.2.65535",
            "1.16777215",
            "4294967295",
            "010.1.1.1",
            "127.000.000.001",
            "0x7f.1",
            "0X7F.0.0.1",
            "0xffffffff",
            "0377.0.0.1",
            "0000000000000001",
            "1.0x2.3");
    List<String> mismatches = new ArrayList<>();
    int refused = 0;
    for (String a : addresses) {
      String quoted = "'" + a.replace("'", "''") + "'";
      for (String w :
          List.of(
              "INSERT INTO oracle.n (k, a) VALUES (0, " + quoted + ")",
              "UPDATE oracle.n SET l = [" + quoted + "] WHERE k = 0",
              "INSERT INTO oracle.n JSON '{\"k\": 0, \"a\": \"" + a + "\"}'")) {
        String theirs = WritesOracleTest.cassandra(w);
        refused += theirs == null ? 0 : 1;
        ImportResult r = imported(schema, w);
        compare(w, theirs, ScriptWrites.validate(r.schema(), r.positions()), mismatches);
      }
    }
    System.out.printf(
        "inet: %d addresses, each in an INSERT, a list and an INSERT JSON; %d refused by Cassandra"
            + " 5.0.9, %d mismatches%n",
        addresses.size(), refused, mismatches.size());
    assertThat(mismatches).as(String.join("\n", mismatches)).isEmpty();
    assertThat(refused).isGreaterThan(10);
  }

  /**
   * Each fix of a user type's field or a tuple's component its type does not take ("field street is
   * not of type text": the value is not named) rewrites that value so that Cassandra no longer
   * refuses it: the write it gives is taken, or refused for another value.
   */
  @Test
  void everyFixOfAFieldOrComponentRemovesCassandrasRefusal() {
    List<String> schema =
        List.of(
            KEYSPACE,
            "CREATE TYPE oracle.address (street text, zip int, at uuid)",
            "CREATE TYPE oracle.home (addr frozen<address>, pair frozen<tuple<int, text>>)",
            "CREATE TABLE oracle.p (k int PRIMARY KEY, a frozen<address>,"
                + " t frozen<tuple<int, text, boolean>>, h frozen<home>)");
    SelectOracle.install(schema);
    List<String> values =
        List.of(
            "5",
            "'5'",
            "'x'",
            "true",
            "'true'",
            "1.5",
            "6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47",
            "'6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47'");
    List<String> failed = new ArrayList<>();
    int refused = 0;
    int fixed = 0;
    for (String v : values) {
      for (String w :
          List.of(
              "INSERT INTO oracle.p (k, a) VALUES (0, {street: " + v + "})",
              "INSERT INTO oracle.p (k, a) VALUES (0, {zip: " + v + "})",
              "INSERT INTO oracle.p (k, a) VALUES (0, {at: " + v + "})",
              "UPDATE oracle.p SET t = (" + v + ", 'x', true) WHERE k = 0",
              "UPDATE oracle.p SET t = (1, " + v + ", true) WHERE k = 0",
              "UPDATE oracle.p SET t = (1, 'x', " + v + ") WHERE k = 0",
              // A literal inside a field: Cassandra names only the outer field.
              "INSERT INTO oracle.p (k, h) VALUES (0, {addr: {zip: " + v + "}})",
              "INSERT INTO oracle.p (k, h) VALUES (0, {pair: (" + v + ", 'x')})")) {
        String theirs = WritesOracleTest.cassandra(w);
        if (theirs == null) {
          continue;
        }
        refused++;
        ImportResult r = imported(schema, w);
        var project = new org.keyspacestudio.model.project.Project(r.schema());
        for (Problem problem : ScriptWrites.validate(r.schema(), r.positions())) {
          for (var fix : org.keyspacestudio.model.edit.QuickFixes.of(project, problem)) {
            String after =
                fix.edit().change().apply(project).schema().otherStatements().get(0).text();
            fixed++;
            String again = WritesOracleTest.cassandra(after);
            if (theirs.equals(again)) {
              failed.add(w + "\n    fixed (" + fix.label() + "): " + after + "\n    " + again);
            }
          }
        }
      }
    }
    System.out.printf(
        "fields and components: %d writes refused by Cassandra 5.0.9, %d fixes, %d of them still"
            + " refused so%n",
        refused, fixed, failed.size());
    assertThat(failed).as(String.join("\n", failed)).isEmpty();
    assertThat(fixed).isGreaterThanOrEqualTo(14);
  }

  /** Whether the statement's JSON map gives the key column k a value. */
  private static boolean keyGiven(String statement) {
    return statement.contains("\"k\": 0") || statement.contains("\"K\": 0");
  }

  /**
   * The instant each string taken for a timestamp is read as is Cassandra's: what {@code
   * DML-VALUE-READ-AS} says of a day moved to the month's end or of hour 24 rests on it.
   */
  @Test
  void theInstantReadForATimestampIsCassandras() {
    int compared = 0;
    List<String> mismatches = new ArrayList<>();
    for (String constant : CONSTANTS) {
      if (!constant.startsWith("'")) {
        continue;
      }
      String text = constant.substring(1, constant.length() - 1);
      java.util.OptionalLong ours =
          org.keyspacestudio.model.type.ConstantTypes.timestampMillis(text);
      Long theirs;
      try {
        theirs =
            text.isEmpty() || text.equalsIgnoreCase("now")
                ? null
                : org.apache.cassandra.serializers.TimestampSerializer.dateStringToTimestamp(text);
      } catch (RuntimeException e) {
        theirs = null;
      }
      compared++;
      if (ours.isPresent() != (theirs != null) || (theirs != null && ours.getAsLong() != theirs)) {
        mismatches.add(text + ": Cassandra " + theirs + ", ours " + ours);
      }
    }
    System.out.printf(
        "timestamps: %d strings read by Cassandra 5.0.9's TimestampSerializer, %d mismatches%n",
        compared, mismatches.size());
    assertThat(mismatches).isEmpty();
    assertThat(compared).isGreaterThan(30);
  }

  private static ImportResult imported(List<String> schema, String statement) {
    return CqlImporter.read(String.join(";\n", schema) + ";\n" + statement + ";\n", "oracle.cql");
  }

  private static void compare(
      String statement, String theirs, List<Problem> ours, List<String> mismatches) {
    List<Problem> errors = ours.stream().filter(p -> p.severity() == Severity.ERROR).toList();
    if (errors.isEmpty() != (theirs == null)) {
      mismatches.add(
          statement
              + "\n  Cassandra: "
              + (theirs == null ? "takes it" : theirs)
              + "\n  ours: "
              + (errors.isEmpty() ? "no error" : errors.get(0).message()));
    }
  }
}
