package org.keyspacestudio.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.cassandra.cql3.CQLStatement;
import org.apache.cassandra.cql3.QueryProcessor;
import org.apache.cassandra.cql3.statements.BatchStatement;
import org.apache.cassandra.cql3.statements.DeleteStatement;
import org.apache.cassandra.cql3.statements.ModificationStatement;
import org.apache.cassandra.service.ClientState;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.dml.ScriptWrites;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.parse.ImportResult;
import org.keyspacestudio.model.parse.WriteReader;
import org.keyspacestudio.model.validate.Problem;

/**
 * Holds {@link ScriptWrites} against Cassandra 5.0.9's own classes: random tables (counter tables,
 * static columns, collections frozen or not, user-defined types frozen or not, tuples) and random
 * INSERT, UPDATE, DELETE and BATCH statements on them, right and wrong in every way the check knows
 * (keys missing or ranged, columns unknown or twice, operations the type does not take, counters,
 * IF conditions, batch types). Cassandra's verdict is {@code prepare} and {@code validate}, as a
 * node runs them on a PREPARE, and its refusals when the statement runs, read from the prepared
 * statement ({@code IN} on a conditional write's key, {@code DeleteStatement.addUpdateForKey}'s
 * range deletion of given columns). Ours is whether the check finds an error. They must agree on
 * every statement our reader reads.
 *
 * <p>{@code -Dkstudio.dml.cases=N -Dkstudio.dml.seed=S} runs more.
 */
class WritesOracleTest {

  static {
    // Cassandra's offline setup (DatabaseDescriptor, schema), as the other oracle tests.
    new CassandraOracle(false);
  }

  @Test
  void ourVerdictOnEveryGeneratedWriteIsCassandras() {
    int cases = Integer.getInteger("kstudio.dml.cases", 1500);
    long seed = Long.getLong("kstudio.dml.seed", 20261202L);
    Random r = new Random(seed);
    int read = 0;
    int refused = 0;
    int notRead = 0;
    Map<String, Integer> byRule = new TreeMap<>();
    int fixes = 0;
    List<String> mismatches = new ArrayList<>();
    for (int i = 0; i < cases; i++) {
      Gen g = new Gen(r);
      List<String> schema = g.schema();
      String statement = g.statement();
      if (WriteReader.read(statement).notChecked() != null) {
        notRead++;
        continue;
      }
      read++;
      ImportResult imported =
          CqlImporter.read(String.join(";\n", schema) + ";\n" + statement + ";\n", "oracle.cql");
      // Cassandra's verdict is ours without an error (DML-VALUE-READ-AS warns of what it takes).
      List<Problem> ours =
          ScriptWrites.validate(imported.schema(), imported.positions()).stream()
              .filter(p -> p.severity() == org.keyspacestudio.model.validate.Severity.ERROR)
              .toList();
      SelectOracle.install(schema);
      String theirs = cassandra(statement);
      if (theirs != null) {
        refused++;
      }
      for (Problem p : ours) {
        byRule.merge(p.rule().id(), 1, Integer::sum);
      }
      String fixed = fixedWhole(imported);
      if (fixed != null) {
        fixes++;
        String after = cassandra(fixed);
        if (after != null) {
          mismatches.add(
              statement + "\n  fixed as: " + fixed + "\n  Cassandra refuses it: " + after);
        }
      }
      if (ours.isEmpty() != (theirs == null)) {
        mismatches.add(
            statement
                + "\n  Cassandra: "
                + (theirs == null ? "takes it" : theirs)
                + "\n  ours: "
                + (ours.isEmpty() ? "no problem" : ours.get(0).message())
                + "\n  on: "
                + String.join(";\n      ", schema));
      }
    }
    System.out.printf(
        "writes: %d statements generated (seed %d), %d read and judged (%d not read), %d refused"
            + " by Cassandra 5.0.9, our problems by rule %s, %d fixed whole by our fixes (each"
            + " then taken by Cassandra), %d mismatches%n",
        cases, seed, read, notRead, refused, byRule, fixes, mismatches.size());
    assertThat(mismatches)
        .as(String.join("\n\n", mismatches.subList(0, Math.min(5, mismatches.size()))))
        .isEmpty();
    assertThat(refused).as("refused ones among them").isGreaterThan(read / 5);
    // Both verdicts must be well represented; with constants of any kind in the generated writes,
    // 18-20 % of them are taken (seeds 99, 777, 4242 and CI's).
    assertThat(read - refused).as("taken ones among them").isGreaterThan(read / 10);
  }

  /**
   * The corpus's writes (real scripts' INSERTs, with literal values): each gets Cassandra's
   * verdict, prepared against the schema the script made up to it.
   */
  @Test
  void theCorpusWritesGetCassandrasVerdict() throws Exception {
    java.nio.file.Path dir =
        java.nio.file.Path.of(System.getProperty("kstudio.corpus", "../../shared/corpus/cql"));
    org.junit.jupiter.api.Assumptions.assumeTrue(
        java.nio.file.Files.isDirectory(dir), "skipped: the shared CQL corpus is not at " + dir);
    int writes = 0;
    int refused = 0;
    int cascades = 0;
    List<String> mismatches = new ArrayList<>();
    try (var files = java.nio.file.Files.list(dir)) {
      for (java.nio.file.Path file :
          files.filter(f -> f.toString().endsWith(".cql")).sorted().toList()) {
        String text = java.nio.file.Files.readString(file);
        ImportResult imported = CqlImporter.read(text, file.toString());
        Map<String, ScriptWrites.Checked> ours = new java.util.HashMap<>();
        for (ScriptWrites.Checked c : ScriptWrites.check(imported.schema())) {
          ours.put(imported.schema().otherStatements().get(c.number() - 1).text(), c);
        }
        CassandraOracle oracle = new CassandraOracle(true);
        for (Statements.Span span : Statements.spans(text)) {
          String statement = span.text().strip();
          String kind = statement.split("\\s+", 2)[0].toUpperCase(java.util.Locale.ROOT);
          if (!ScriptWrites.isWrite(kind)) {
            oracle.apply(span.text());
            continue;
          }
          String key =
              statement.endsWith(";")
                  ? statement.substring(0, statement.length() - 1).strip()
                  : statement;
          ScriptWrites.Checked c = ours.get(key);
          if (c == null) {
            continue;
          }
          writes++;
          String theirs = cassandra(statement, oracle.installed());
          if (theirs != null && theirs.contains("does not exist") && c.target() != null) {
            // Its CREATE TABLE was refused (the model keeps the table, with that error): a
            // cascade of the earlier refusal, as CorpusOracleTest counts them.
            cascades++;
            continue;
          }
          if (theirs != null) {
            refused++;
          }
          if (c.refused() == (theirs == null)) {
            mismatches.add(statement + "\n  Cassandra: " + theirs + "\n  ours: " + c.findings());
          }
        }
      }
    }
    System.out.printf(
        "corpus writes: %d judged and prepared by Cassandra 5.0.9, %d refused, %d on a table whose"
            + " CREATE Cassandra refused (not compared), %d mismatches%n",
        writes - cascades, refused, cascades, mismatches.size());
    assertThat(mismatches).isEmpty();
    assertThat(writes - cascades).isGreaterThan(50);
  }

  /**
   * The statement's text once every one of its problems is fixed by one of our fixes (the first
   * offered, one at a time), or null when it has none or one without a fix.
   */
  private static String fixedWhole(ImportResult imported) {
    org.keyspacestudio.model.project.Project p =
        new org.keyspacestudio.model.project.Project(imported.schema());
    List<Problem> problems = ScriptWrites.validate(p.schema(), Map.of());
    if (problems.isEmpty()) {
      return null;
    }
    for (int step = 0; step < 8 && !problems.isEmpty(); step++) {
      List<org.keyspacestudio.model.edit.Fix> fixes =
          org.keyspacestudio.model.edit.QuickFixes.of(p, problems.get(0));
      if (fixes.isEmpty()) {
        return null;
      }
      p = fixes.get(0).edit().change().apply(p);
      problems = ScriptWrites.validate(p.schema(), Map.of());
    }
    if (!problems.isEmpty()) {
      return null;
    }
    var others = p.schema().otherStatements();
    return others.get(others.size() - 1).text();
  }

  /** Null when Cassandra prepares, validates and would run the statement, else its message. */
  static String cassandra(String statement) {
    return cassandra(statement, ClientState.forInternalCalls());
  }

  private static String cassandra(String statement, ClientState state) {
    try {
      CQLStatement.Raw raw = QueryProcessor.parseStatement(statement);
      // As QueryProcessor.getStatement: a name without a keyspace reads the USE one.
      if (raw instanceof org.apache.cassandra.cql3.statements.QualifiedStatement q) {
        q.setKeyspace(state);
      } else if (raw instanceof BatchStatement.Parsed b) {
        b.setKeyspace(state);
      }
      CQLStatement prepared = raw.prepare(state);
      prepared.validate(state);
      List<ModificationStatement> each =
          prepared instanceof BatchStatement b
              ? b.getStatements()
              : List.of((ModificationStatement) prepared);
      for (ModificationStatement m : each) {
        String run = refusedWhenRun(m);
        if (run != null) {
          return run;
        }
      }
      if (prepared instanceof BatchStatement b && b.hasConditions() && partitions(b, state) > 1) {
        // BatchStatement.executeWithConditions, when it runs.
        return "Batch with conditions cannot span multiple partitions";
      }
      return null;
    } catch (RuntimeException e) {
      return e.getMessage() == null ? e.toString() : e.getMessage();
    }
  }

  /**
   * What a node refuses when it runs a prepared write: IN on the key of a conditional one ({@code
   * makeCasRequest}, {@code BatchStatement}), a DELETE of given columns from a range of rows or
   * from a whole partition of a table with clustering columns ({@code DeleteStatement}).
   */
  private static String refusedWhenRun(ModificationStatement m) {
    var restrictions = m.getRestrictions();
    if (m.hasConditions() && restrictions.keyIsInRelation()) {
      return "IN on the partition key is not supported with conditional updates";
    }
    if (m.hasConditions() && restrictions.clusteringKeyRestrictionsHasIN()) {
      return "IN on the clustering key columns is not supported with conditional updates";
    }
    if (m instanceof DeleteStatement && !m.hasConditions()) {
      boolean columns = !m.getRegularOperations().isEmpty() || !m.getStaticOperations().isEmpty();
      if (m.hasSlices() && columns) {
        return "Range deletions are not supported for specific columns";
      }
      if (!m.hasSlices()
          && !m.getRegularOperations().isEmpty()
          && !restrictions.hasClusteringColumnsRestrictions()
          && m.metadata().comparator.size() > 0) {
        return "Range deletions are not supported for specific columns";
      }
    }
    // UserTypes.Setter casts the bound value to UserTypes.Value: a tuple literal for a user type
    // column prepares, and fails when it runs (ClassCastException, seen on the node).
    for (org.apache.cassandra.cql3.Operation op : m.allOperations()) {
      if (op instanceof org.apache.cassandra.cql3.UserTypes.Setter && tupleValue(op)) {
        return "ClassCastException: Tuples$Value cannot be cast to UserTypes$Value";
      }
    }
    return null;
  }

  /**
   * How many partitions a batch's statements write, where their keys are constants (as the node
   * computes them: the serialized key); 1 when a bind marker gives one.
   */
  private static int partitions(BatchStatement b, ClientState state) {
    java.util.Set<java.nio.ByteBuffer> keys = new java.util.HashSet<>();
    for (ModificationStatement m : b.getStatements()) {
      try {
        List<java.nio.ByteBuffer> pks =
            m.buildPartitionKeyNames(org.apache.cassandra.cql3.QueryOptions.DEFAULT, state);
        if (pks.size() != 1) {
          return 1;
        }
        keys.add(pks.get(0));
      } catch (RuntimeException e) {
        return 1;
      }
    }
    return keys.size();
  }

  private static boolean tupleValue(org.apache.cassandra.cql3.Operation op) {
    try {
      java.lang.reflect.Field f = org.apache.cassandra.cql3.Operation.class.getDeclaredField("t");
      f.setAccessible(true);
      Object t = f.get(op);
      return t instanceof org.apache.cassandra.cql3.Tuples.Value
          || t instanceof org.apache.cassandra.cql3.Tuples.DelayedValue;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /** One random case: two tables and a statement (or batch) on them. */
  private static final class Gen {
    private final Random r;
    private final List<Tbl> tables = new ArrayList<>();

    /** A generated table: its name, key columns, other columns with their kind of type. */
    private record Tbl(
        String name,
        List<String> pk,
        List<String> ck,
        Map<String, String> others,
        boolean counter) {}

    Gen(Random r) {
      this.r = r;
      tables.add(table("t0", r.nextInt(5) == 0));
      tables.add(table("t1", r.nextInt(2) == 0));
    }

    private Tbl table(String name, boolean counter) {
      List<String> pk = new ArrayList<>();
      List<String> ck = new ArrayList<>();
      Map<String, String> others = new java.util.LinkedHashMap<>();
      int pks = 1 + (r.nextInt(3) == 0 ? 1 : 0);
      for (int i = 0; i < pks; i++) {
        pk.add("p" + i);
      }
      int cks = r.nextInt(3);
      for (int i = 0; i < cks; i++) {
        ck.add("c" + i);
      }
      if (counter) {
        others.put("n0", "counter");
        if (r.nextBoolean()) {
          others.put("n1", "counter");
        }
      } else {
        others.put("v0", "int");
        others.put("t0", "text");
        if (cks > 0 && r.nextInt(2) == 0) {
          others.put("s0", "int static");
        }
        String[] optional = {
          "list<int>",
          "set<int>",
          "map<int, int>",
          "frozen<list<int>>",
          "addr",
          "frozen<addr>",
          "tuple<int, int>",
          "frozen<set<int>>",
          "timestamp",
          "uuid",
          "timeuuid",
          "blob",
          "tinyint",
          "boolean",
          "double",
          "bigint",
          "date",
          "time",
          "ascii",
          "decimal",
          "duration",
          "tuple<int, date>"
        };
        String[] names = {
          "l0", "st0", "m0", "fl0", "u0", "uf0", "tp0", "fs0", "ts0", "id0", "tu0", "b0", "ti0",
          "bo0", "d0", "bi0", "da0", "tm0", "as0", "de0", "du0", "td0"
        };
        for (int i = 0; i < optional.length; i++) {
          if (r.nextInt(3) == 0) {
            others.put(names[i], optional[i]);
          }
        }
      }
      return new Tbl(name, pk, ck, others, counter);
    }

    List<String> schema() {
      List<String> out = new ArrayList<>();
      out.add(
          "CREATE KEYSPACE oracle WITH replication = {'class': 'SimpleStrategy',"
              + " 'replication_factor': 1}");
      out.add("CREATE TYPE oracle.addr (street text, city text)");
      for (Tbl t : tables) {
        StringBuilder s = new StringBuilder("CREATE TABLE oracle." + t.name() + " (");
        for (String k : t.pk()) {
          s.append(k).append(" int, ");
        }
        for (String k : t.ck()) {
          s.append(k).append(" int, ");
        }
        t.others().forEach((n, type) -> s.append(n).append(' ').append(type).append(", "));
        s.append("PRIMARY KEY ((").append(String.join(", ", t.pk())).append(')');
        for (String k : t.ck()) {
          s.append(", ").append(k);
        }
        s.append("))");
        out.add(s.toString());
      }
      return out;
    }

    String statement() {
      if (r.nextInt(6) == 0) {
        String type = pick("", "", "UNLOGGED ", "COUNTER ");
        StringBuilder b = new StringBuilder("BEGIN " + type + "BATCH ");
        if (r.nextInt(8) == 0) {
          b.append(pick("USING TIMESTAMP 1 ", "USING TTL 5 "));
        }
        int n = 1 + r.nextInt(3);
        for (int i = 0; i < n; i++) {
          b.append(one(pickTable())).append("; ");
        }
        return b.append("APPLY BATCH").toString();
      }
      return one(pickTable());
    }

    private Tbl pickTable() {
      return tables.get(r.nextInt(3) == 0 ? 1 : 0);
    }

    private String one(Tbl t) {
      return switch (r.nextInt(3)) {
        case 0 -> insert(t);
        case 1 -> update(t);
        default -> delete(t);
      };
    }

    /** The type of a column of the table (key columns are ints). */
    private static String typeOf(Tbl t, String column) {
      String type = t.others().get(column);
      return type == null ? "int" : type.replace(" static", "");
    }

    /**
     * A value for a column: mostly a bind marker, else a constant, of a kind the type takes (some
     * of them out of its range or not in its format) or of any kind; {@code null} only outside the
     * primary key (refused only when run, which preparing does not show).
     */
    private String value(Tbl t, String column) {
      if (r.nextInt(3) != 0) {
        return "?";
      }
      String type = typeOf(t, column);
      boolean key = t.pk().contains(column) || t.ck().contains(column);
      if (r.nextInt(3) != 0) {
        return switch (type) {
          case "int", "bigint", "counter" -> pick("1", "-5", "300", "99999999999");
          case "tinyint" -> pick("1", "-128", "128", "300", "0xcafe");
          case "text" -> pick("'abc'", "'2026-01-01'");
          case "timestamp" ->
              pick(
                  "'2026-01-01'",
                  "1700000000000",
                  "12345678901234567890123",
                  "'2026-01-01 10:30:15+0100'",
                  "'2026-01-01T10:30:15.5+01:00'",
                  "'2026-01-01 10:30'",
                  "'01/02/2026'",
                  "'now'",
                  "''",
                  "'2026-13-01'");
          case "date" ->
              pick(
                  "'2026-02-28'",
                  "'2026-02-30'",
                  "'2026/02/28'",
                  "19000",
                  "-1",
                  "4294967296",
                  "'+9999999-01-01'",
                  "'-0044-03-15'");
          case "time" ->
              pick(
                  "'08:30:00'",
                  "'24:00:00'",
                  "'08:30'",
                  "'23:59:59.123456789'",
                  "'08:30:00.'",
                  "86400000000000",
                  "5");
          case "ascii" -> pick("'abc'", "'café'");
          case "decimal" -> pick("1.5", "NaN", "-2", "1e400", "-Infinity");
          case "duration" -> pick("1h30m", "5", "'1h'", "P1D", "-2d");
          case "tuple<int, date>" ->
              pick("'1:2026-02-28'", "'1:2026-02-30'", "(1, '2026-02-28')", "'1:2:3'", "'@:'");
          case "uuid" -> pick(V4, V1);
          case "timeuuid" -> pick(V1, V4);
          case "blob" -> pick("0xcafe", "0xcaf", "0x");
          case "boolean" -> "true";
          case "double" -> pick("1.5", "-2", "NaN", "nan", "-Infinity", "1.5e308", "2e308");
          default -> key ? "1" : pick("null", "'abc'", "1");
        };
      }
      String any = pick("'abc'", "1", "-5", "1.5", V4, V1, "true", "0xcafe", "99999999999", "null");
      if (key && any.equals("null")) {
        any = "1";
      }
      return any;
    }

    private static final String V4 = "6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47";
    private static final String V1 = "50554d6e-29bb-11e5-b345-feff819cdc9f";

    private String pick(String... options) {
      return options[r.nextInt(options.length)];
    }

    private <T> T pick(List<T> options) {
      return options.get(r.nextInt(options.size()));
    }

    private String insert(Tbl t) {
      List<String> columns = new ArrayList<>();
      for (String k : t.pk()) {
        if (r.nextInt(12) != 0) {
          columns.add(k);
        }
      }
      for (String k : t.ck()) {
        if (r.nextInt(6) != 0) {
          columns.add(k);
        }
      }
      for (String c : t.others().keySet()) {
        if (r.nextInt(3) == 0) {
          columns.add(c);
        }
      }
      if (r.nextInt(15) == 0) {
        columns.add("zz");
      }
      if (r.nextInt(15) == 0 && !columns.isEmpty()) {
        columns.add(columns.get(0));
      }
      if (columns.isEmpty()) {
        columns.add(t.pk().get(0));
      }
      java.util.Collections.shuffle(columns, r);
      List<String> values = new ArrayList<>();
      for (String c : columns) {
        values.add(value(t, c));
      }
      if (r.nextInt(20) == 0) {
        values.add("?");
      }
      String s =
          "INSERT INTO oracle."
              + t.name()
              + " ("
              + String.join(", ", columns)
              + ") VALUES ("
              + String.join(", ", values)
              + ")";
      if (r.nextInt(8) == 0) {
        s += " IF NOT EXISTS";
      }
      if (r.nextInt(6) == 0) {
        s += pick(" USING TTL 10", " USING TIMESTAMP 10", " USING TTL 10 AND TIMESTAMP 3");
      }
      return s;
    }

    /** An assignment of the column, right or wrong for its type. */
    private String assignment(Tbl t, String c) {
      return switch (r.nextInt(8)) {
        case 0, 1 -> c + " = " + value(t, c);
        case 2 -> c + " = " + c + " + ?";
        case 3 -> c + " = " + c + " - ?";
        case 4 -> c + pick(" += ?", " -= ?");
        case 5 -> c + " = ? + " + c;
        case 6 -> c + "[?] = ?";
        default -> c + "." + pick("city", "zip") + " = ?";
      };
    }

    private List<String> setColumns(Tbl t) {
      List<String> out = new ArrayList<>(t.others().keySet());
      if (r.nextInt(10) == 0) {
        out.add(pick(t.pk()));
      }
      if (r.nextInt(10) == 0 && !t.ck().isEmpty()) {
        out.add(pick(t.ck()));
      }
      return out;
    }

    private String update(Tbl t) {
      StringBuilder s = new StringBuilder("UPDATE oracle." + t.name());
      if (r.nextInt(8) == 0) {
        s.append(pick(" USING TTL 10", " USING TIMESTAMP 10"));
      }
      s.append(" SET ");
      List<String> columns = setColumns(t);
      int n = 1 + r.nextInt(2);
      List<String> assignments = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        String c = pick(columns);
        if (t.counter() && r.nextInt(3) != 0) {
          assignments.add(c + " = " + c + pick(" + ", " - ") + value(t, c));
        } else if (r.nextInt(2) == 0 && !c.startsWith("p") && !c.startsWith("c")) {
          assignments.add(simpleFor(t, c));
        } else {
          assignments.add(assignment(t, c));
        }
      }
      s.append(String.join(", ", assignments));
      s.append(" WHERE ").append(where(t, false));
      s.append(condition(t));
      return s.toString();
    }

    /** An assignment the column's type takes, mostly. */
    private String simpleFor(Tbl t, String c) {
      String type = t.others().get(c);
      if (type == null) {
        return c + " = " + value(t, c);
      }
      if (type.startsWith("list")) {
        return pick(c + " = " + c + " + ?", c + " = ? + " + c, c + "[?] = ?");
      }
      if (type.startsWith("set")) {
        return pick(c + " = " + c + " + ?", c + " = " + c + " - ?");
      }
      if (type.startsWith("map")) {
        return pick(c + "[?] = ?", c + " = " + c + " + ?");
      }
      if (type.equals("addr")) {
        return c + ".city = ?";
      }
      return c + " = " + value(t, c);
    }

    private String where(Tbl t, boolean delete) {
      List<String> relations = new ArrayList<>();
      for (String k : t.pk()) {
        int roll = r.nextInt(16);
        if (roll == 0) {
          continue;
        }
        relations.add(
            roll == 1
                ? k + pick(" > ?", " <= ?")
                : roll == 2
                    ? k + " IN (" + value(t, k) + ", " + value(t, k) + ")"
                    : k + " = " + value(t, k));
      }
      int prefix = delete ? r.nextInt(t.ck().size() + 1) : t.ck().size();
      if (!delete && r.nextInt(8) == 0 && prefix > 0) {
        prefix--;
      }
      for (int i = 0; i < t.ck().size(); i++) {
        String k = t.ck().get(i);
        boolean skip = i >= prefix;
        if (skip && r.nextInt(10) != 0) {
          continue;
        }
        int roll = r.nextInt(10);
        if (roll == 0) {
          relations.add(k + pick(" > ?", " < ?", " >= ?"));
          if (r.nextInt(3) == 0) {
            relations.add(k + pick(" < ?", " > ?"));
          }
        } else if (roll == 1) {
          relations.add(k + " IN (?, ?)");
        } else {
          relations.add(k + " = " + value(t, k));
        }
      }
      switch (r.nextInt(30)) {
        case 0 -> relations.add(pick(new ArrayList<>(t.others().keySet())) + " = ?");
        case 1 -> relations.add("token(" + String.join(", ", t.pk()) + ") > ?");
        case 2 -> relations.add(t.pk().get(0) + " = ?");
        case 3 -> relations.add(pick(new ArrayList<>(t.others().keySet())) + " CONTAINS ?");
        default -> {}
      }
      if (relations.isEmpty()) {
        relations.add(t.pk().get(0) + " = ?");
      }
      java.util.Collections.shuffle(relations, r);
      return String.join(" AND ", relations);
    }

    private String condition(Tbl t) {
      return switch (r.nextInt(10)) {
        case 0 -> " IF EXISTS";
        case 1 -> {
          String c = pick(new ArrayList<>(t.others().keySet()));
          yield " IF " + c + " = " + value(t, c);
        }
        case 2 -> {
          String c = pick(new ArrayList<>(t.others().keySet()));
          String d = pick(new ArrayList<>(t.others().keySet()));
          yield " IF " + c + " = ? AND " + d + pick(" > ", " <= ", " != ") + value(t, d);
        }
        case 3 -> " IF " + pick(t.pk()) + " = ?";
        default -> "";
      };
    }

    private String delete(Tbl t) {
      StringBuilder s = new StringBuilder("DELETE ");
      if (r.nextBoolean()) {
        List<String> items = new ArrayList<>();
        List<String> columns = setColumns(t);
        int n = 1 + r.nextInt(2);
        for (int i = 0; i < n; i++) {
          String c = pick(columns);
          items.add(
              switch (r.nextInt(4)) {
                case 0 -> c + "[?]";
                case 1 -> c + "." + pick("city", "zip");
                default -> c;
              });
        }
        s.append(String.join(", ", new java.util.LinkedHashSet<>(items))).append(' ');
      }
      s.append("FROM oracle.").append(t.name());
      if (r.nextInt(10) == 0) {
        s.append(" USING TIMESTAMP 10");
      }
      s.append(" WHERE ").append(where(t, true));
      s.append(condition(t));
      return s.toString();
    }
  }
}
