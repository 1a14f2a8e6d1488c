package org.keyspacestudio.model.fuzz;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;
import org.keyspacestudio.model.edit.QuickFixes;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.parse.ImportResult;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.write.CqlWriter;

/**
 * Prints how the time to open a file grows with the size of one hostile feature of it: a table of n
 * columns, a name or an option of n characters, a type nested n deep, n broken statements, and so
 * on. Each shape is read at four sizes, each twice the last, through what opening a file does
 * (import, every check, the CQL written, the project file written and read) plus the fixes of its
 * first ten problems (what a click on a problem computes). A stage whose time grows faster than
 * n^1.5 over the four sizes and takes over 10 ms at the last is flagged {@code SUPERLINEAR}: an
 * input a few times larger would take many times longer. Times of a few milliseconds move by a
 * factor of two from run to run on a small machine (the JIT, the collector), so a flag is a lead to
 * run that shape again larger ({@code bench/scaling.sh 4 "SHAPE"}), not a verdict. Found with it:
 * user types each using the last twice took 2^n steps to size, and a chain of them quadratic time
 * to check and a call stack as deep as the chain. Run with {@code bench/scaling.sh}; the fuzz test
 * finds the crashes, this finds the slow paths.
 */
public final class ScalingBenchmark {

  private static final String KS =
      "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor':"
          + " 1};\n";

  /** A hostile feature: its name, the size of its first step and the file of a size. */
  record Shape(String name, int base, IntFunction<String> file) {}

  private ScalingBenchmark() {}

  static List<Shape> shapes() {
    List<Shape> shapes = new ArrayList<>();
    shapes.add(
        new Shape(
            "columns in a table",
            500,
            n ->
                KS
                    + "CREATE TABLE ks.t (k int PRIMARY KEY"
                    + list(n, i -> ", c" + i + " text")
                    + ");\n"));
    shapes.add(
        new Shape(
            "entities joined by identifiers",
            100,
            n ->
                KS
                    + list(
                        n,
                        i ->
                            "CREATE TABLE ks.e"
                                + i
                                + "s (e"
                                + i
                                + "_id uuid PRIMARY KEY, name text, e"
                                + (i + 1)
                                + "_id uuid);\nCREATE TABLE ks.e"
                                + i
                                + "s_by_e"
                                + (i + 1)
                                + " (e"
                                + (i + 1)
                                + "_id uuid, added timestamp, e"
                                + i
                                + "_id uuid, name text, PRIMARY KEY (e"
                                + (i + 1)
                                + "_id, added, e"
                                + i
                                + "_id));\nSELECT * FROM ks.e"
                                + i
                                + "s_by_e"
                                + (i + 1)
                                + " WHERE e"
                                + (i + 1)
                                + "_id = ? AND added > ?;\n")));
    shapes.add(
        new Shape(
            "tables with a view and an index each",
            100,
            n ->
                KS
                    + list(
                        n,
                        i ->
                            "CREATE TABLE ks.u"
                                + i
                                + "s (u"
                                + i
                                + "_id uuid PRIMARY KEY, name text, city text);\n"
                                + "CREATE MATERIALIZED VIEW ks.u"
                                + i
                                + "s_by_name AS SELECT * FROM ks.u"
                                + i
                                + "s WHERE name IS NOT NULL AND u"
                                + i
                                + "_id IS NOT NULL PRIMARY KEY (name, u"
                                + i
                                + "_id);\nCREATE INDEX ON ks.u"
                                + i
                                + "s (city);\n")));
    shapes.add(
        new Shape(
            "tables in a keyspace",
            200,
            n ->
                KS
                    + list(
                        n,
                        i ->
                            "CREATE TABLE ks.t"
                                + i
                                + " (k int, c timestamp, v text, PRIMARY KEY (k, c));\n")));
    shapes.add(
        new Shape(
            "keyspaces",
            200,
            n ->
                list(
                    n,
                    i ->
                        KS.replace("ks", "ks" + i)
                            + "CREATE TABLE ks"
                            + i
                            + ".t (k int PRIMARY KEY, v text);\n")));
    shapes.add(
        new Shape(
            "characters in a column name",
            20_000,
            n -> KS + "CREATE TABLE ks.t (k int PRIMARY KEY, " + "c".repeat(n) + " text);\n"));
    shapes.add(
        new Shape(
            "characters in a quoted table name",
            20_000,
            n -> KS + "CREATE TABLE ks.\"" + "T".repeat(n) + "\" (k int PRIMARY KEY, v text);\n"));
    shapes.add(
        new Shape(
            "characters in a compaction sub-option name",
            20_000,
            n ->
                KS
                    + "CREATE TABLE ks.t (k int PRIMARY KEY, v text) WITH compaction = {'class':"
                    + " 'LeveledCompactionStrategy', '"
                    + "x".repeat(n)
                    + "': '1'};\n"));
    shapes.add(
        new Shape(
            "characters in an unknown table option",
            20_000,
            n ->
                KS
                    + "CREATE TABLE ks.t (k int PRIMARY KEY, v text) WITH "
                    + "o".repeat(n)
                    + " = 1;\n"));
    shapes.add(
        new Shape(
            "characters in a comment option",
            20_000,
            n ->
                KS
                    + "CREATE TABLE ks.t (k int PRIMARY KEY, v text) WITH comment = '"
                    + "it''s ".repeat(n / 6)
                    + "';\n"));
    shapes.add(
        new Shape(
            "compaction sub-options",
            500,
            n ->
                KS
                    + "CREATE TABLE ks.t (k int PRIMARY KEY, v text) WITH compaction = {'class':"
                    + " 'SizeTieredCompactionStrategy'"
                    + list(n, i -> ", 'opt" + i + "': '" + i + "'")
                    + "};\n"));
    shapes.add(
        new Shape(
            "levels of nested collections",
            100,
            n ->
                KS
                    + "CREATE TABLE ks.t (k int PRIMARY KEY, v "
                    + "frozen<list<".repeat(n)
                    + "int"
                    + ">>".repeat(n)
                    + ");\n"));
    shapes.add(
        new Shape(
            "types each holding the last",
            100,
            n ->
                KS
                    + "CREATE TYPE ks.u0 (a int);\n"
                    + list(
                        n, i -> "CREATE TYPE ks.u" + (i + 1) + " (a frozen<u" + i + ">, b text);\n")
                    + "CREATE TABLE ks.t (k int PRIMARY KEY, v frozen<u"
                    + n
                    + ">);\n"));
    shapes.add(
        new Shape(
            "types each holding the last twice",
            100,
            n ->
                KS
                    + "CREATE TYPE ks.u0 (a int);\n"
                    + list(
                        n,
                        i ->
                            "CREATE TYPE ks.u"
                                + (i + 1)
                                + " (a frozen<u"
                                + i
                                + ">, b frozen<u"
                                + i
                                + ">);\n")
                    + "CREATE TABLE ks.t (k int PRIMARY KEY, v frozen<u"
                    + n
                    + ">);\n"));
    shapes.add(
        new Shape(
            "fields in a type",
            500,
            n ->
                KS
                    + "CREATE TYPE ks.u (f0 int"
                    + list(n, i -> ", f" + (i + 1) + " text")
                    + ");\nCREATE TABLE ks.t (k int PRIMARY KEY, v frozen<u>);\n"));
    shapes.add(
        new Shape(
            "indexes on a table",
            100,
            n ->
                KS
                    + "CREATE TABLE ks.t (k int PRIMARY KEY"
                    + list(n, i -> ", c" + i + " text")
                    + ");\n"
                    + list(n, i -> "CREATE INDEX i" + i + " ON ks.t (c" + i + ");\n")));
    shapes.add(
        new Shape(
            "materialized views of a table",
            50,
            n ->
                KS
                    + "CREATE TABLE ks.t (k int, c int, v text, PRIMARY KEY (k, c));\n"
                    + list(
                        n,
                        i ->
                            "CREATE MATERIALIZED VIEW ks.v"
                                + i
                                + " AS SELECT * FROM ks.t WHERE k IS NOT NULL AND c IS NOT NULL AND v"
                                + " IS NOT NULL PRIMARY KEY (v, k, c);\n")));
    shapes.add(
        new Shape(
            "SELECTs on a table",
            200,
            n ->
                KS
                    + "CREATE TABLE ks.t (k int, c timestamp, v text, PRIMARY KEY (k, c));\n"
                    + list(
                        n,
                        i ->
                            i % 2 == 0
                                ? "SELECT * FROM ks.t WHERE k = ? AND c > ?;\n"
                                : "SELECT * FROM ks.t WHERE v = ?;\n")));
    shapes.add(
        new Shape(
            "writes on a table",
            200,
            n ->
                KS
                    + "CREATE TABLE ks.t (k int, c timestamp, v text, m map<int, int>,"
                    + " PRIMARY KEY (k, c));\n"
                    + list(
                        n,
                        i ->
                            switch (i % 3) {
                              case 0 -> "INSERT INTO ks.t (k, c, v) VALUES (" + i + ", ?, 'a');\n";
                              case 1 -> "UPDATE ks.t SET v = ? WHERE k = " + i + ";\n";
                              default -> "DELETE v FROM ks.t WHERE k = ? AND c > ?;\n";
                            })));
    shapes.add(
        new Shape(
            "statements of a batch",
            200,
            n ->
                KS
                    + "CREATE TABLE ks.t (k int, c int, v text, PRIMARY KEY (k, c));\n"
                    + "BEGIN BATCH\n"
                    + list(n, i -> "INSERT INTO ks.t (k, c, v) VALUES (1, " + i + ", 'a');\n")
                    + "APPLY BATCH;\n"));
    shapes.add(
        new Shape(
            "assignments of an UPDATE",
            1_000,
            n ->
                KS
                    + "CREATE TABLE ks.t (k int PRIMARY KEY, m map<int, int>);\n"
                    + "UPDATE ks.t SET m[0] = 0"
                    + list(n, i -> ", m[" + (i + 1) + "] = " + i)
                    + " WHERE k = 1;\n"));
    shapes.add(
        new Shape(
            "LIKE SELECTs through SASI indexes",
            200,
            n ->
                KS
                    + "CREATE TABLE ks.t (k int, c timestamp, v text, w text, PRIMARY KEY (k, c));\n"
                    + "CREATE CUSTOM INDEX ON ks.t (v) USING"
                    + " 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode': 'CONTAINS'};\n"
                    + list(
                        n,
                        i ->
                            i % 2 == 0
                                ? "SELECT * FROM ks.t WHERE v LIKE '%a" + i + "%';\n"
                                : "SELECT * FROM ks.t WHERE w LIKE 'a" + i + "%';\n")));
    shapes.add(
        new Shape(
            "columns of a SELECT DISTINCT",
            1_000,
            n ->
                KS
                    + "CREATE TABLE ks.t (k int PRIMARY KEY, v text);\n"
                    + "SELECT DISTINCT token(k)"
                    + list(n, i -> ", CAST(s" + i + " AS text)")
                    + " FROM ks.t;\n"));
    shapes.add(
        new Shape(
            "values in an IN",
            1_000,
            n ->
                KS
                    + "CREATE TABLE ks.t (k int, c int, v text, PRIMARY KEY (k, c));\n"
                    + "SELECT * FROM ks.t WHERE k IN ("
                    + "0"
                    + list(n - 1, i -> ", " + (i + 1))
                    + ") AND c = 1;\n"));
    shapes.add(
        new Shape(
            "relations in a WHERE",
            200,
            n ->
                KS
                    + "CREATE TABLE ks.t (k int, c int, v text, PRIMARY KEY (k, c));\n"
                    + "SELECT * FROM ks.t WHERE k = 1"
                    + list(n, i -> " AND c > " + i)
                    + ";\n"));
    shapes.add(
        new Shape(
            "broken statements",
            200,
            n ->
                KS
                    + list(
                        n,
                        i ->
                            "CREATE TABLE ks.t"
                                + i
                                + " (k int PRIMARY KEY, v text;\nSELECT FROM;\n")));
    shapes.add(
        new Shape(
            "characters after an unclosed comment",
            20_000,
            n -> KS + "CREATE TABLE ks.t (k int PRIMARY KEY);\n/* " + "word ".repeat(n / 5)));
    shapes.add(
        new Shape(
            "characters after an unclosed string",
            20_000,
            n ->
                KS
                    + "CREATE TABLE ks.t (k int PRIMARY KEY) WITH comment = '"
                    + "word; ".repeat(n / 6)));
    shapes.add(
        new Shape(
            "unclosed parentheses",
            1_000,
            n ->
                KS + "CREATE TABLE ks.t (k int PRIMARY KEY, v " + "frozen<tuple<int, (".repeat(n)));
    shapes.add(
        new Shape(
            "values in a write's set literal",
            5_000,
            n ->
                KS
                    + "CREATE TABLE ks.t (k int PRIMARY KEY, s set<date>);\n"
                    + "INSERT INTO ks.t (k, s) VALUES (1, {"
                    + list(n, i -> (i == 0 ? "" : ", ") + "'2026-02-" + (i % 31 + 1) + "'")
                    + "});\n"));
    shapes.add(
        new Shape(
            "list literals nested n deep in a write",
            1_000,
            n ->
                KS
                    + "CREATE TABLE ks.t (k int PRIMARY KEY, l list<int>);\n"
                    + "INSERT INTO ks.t (k, l) VALUES (1, "
                    + "[".repeat(n)
                    + "]".repeat(n)
                    + ");\n"));
    shapes.add(
        new Shape(
            "keys in an INSERT JSON's map",
            5_000,
            n ->
                KS
                    + "CREATE TABLE ks.t (k int PRIMARY KEY, v int);\n"
                    + "INSERT INTO ks.t JSON '{\"k\": 1"
                    + list(n, i -> ", \"c" + i + "\": " + i)
                    + "}';\n"));
    return shapes;
  }

  private static String list(int n, IntFunction<String> item) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < n; i++) {
      s.append(item.apply(i));
    }
    return s.toString();
  }

  /** How many stages are timed. */
  static final int STAGES = 6;

  /**
   * The stages' times in ms for one file: import, checks, CQL, project file, fixes, and the models
   * recovered from its tables (with their checks).
   */
  static double[] time(String text) throws Exception {
    double[] t = new double[STAGES];
    long t0 = System.nanoTime();
    ImportResult read = CqlImporter.read(text, "scaling.cql");
    long t1 = System.nanoTime();
    Project project = new Project(read.schema());
    List<Problem> problems = ProjectChecks.validate(project, read.positions());
    long t2 = System.nanoTime();
    CqlWriter.write(read.schema());
    long t3 = System.nanoTime();
    ProjectFile.fromJson(ProjectFile.toJson(project), null);
    long t4 = System.nanoTime();
    for (Problem p : problems.subList(0, Math.min(10, problems.size()))) {
      QuickFixes.of(project, p);
    }
    long t5 = System.nanoTime();
    // The query-first models recovered from the first keyspace's tables, and checked.
    var keyspace = org.keyspacestudio.model.edit.ReverseEdits.keyspaceOf(project);
    if (org.keyspacestudio.model.edit.ReverseEdits.refusal(project, keyspace) == null) {
      ProjectChecks.validate(
          org.keyspacestudio.model.edit.ReverseEdits.recover(keyspace).change().apply(project));
    }
    long t6 = System.nanoTime();
    long[] marks = {t0, t1, t2, t3, t4, t5, t6};
    for (int i = 0; i < STAGES; i++) {
      t[i] = (marks[i + 1] - marks[i]) / 1e6;
    }
    return t;
  }

  /** Per stage, the median over {@code runs} runs after two unmeasured ones. */
  static double[] median(String text, int runs) throws Exception {
    System.gc(); // the last size's garbage is not this one's
    time(text);
    time(text);
    double[][] all = new double[runs][];
    for (int r = 0; r < runs; r++) {
      all[r] = time(text);
    }
    double[] median = new double[STAGES];
    for (int s = 0; s < STAGES; s++) {
      double[] column = new double[runs];
      for (int r = 0; r < runs; r++) {
        column[r] = all[r][s];
      }
      Arrays.sort(column);
      median[s] = column[runs / 2];
    }
    return median;
  }

  /**
   * How a stage's time grows with the size: the slope of log time over log size, least squares
   * through the four sizes (1 linear, 2 quadratic), times under 0.05 ms taken as 0.05.
   */
  static double slope(int[] sizes, double[][] t, int stage) {
    double mx = 0;
    double my = 0;
    for (int k = 0; k < sizes.length; k++) {
      mx += Math.log(sizes[k]) / sizes.length;
      my += Math.log(Math.max(t[k][stage], 0.05)) / sizes.length;
    }
    double sxy = 0;
    double sxx = 0;
    for (int k = 0; k < sizes.length; k++) {
      double dx = Math.log(sizes[k]) - mx;
      sxy += dx * (Math.log(Math.max(t[k][stage], 0.05)) - my);
      sxx += dx * dx;
    }
    return sxy / sxx;
  }

  /**
   * Prints, per shape, the sizes and each stage's median time at each, and flags superlinear
   * growth. Arguments: an optional factor on every shape's first size (default 1), and an optional
   * word the shapes' names must contain.
   */
  public static void main(String[] args) throws Exception {
    double factor = args.length > 0 ? Double.parseDouble(args[0]) : 1;
    String only = args.length > 1 ? args[1] : "";
    String[] stages = {"import", "checks", "cql", "project file", "fixes", "recovery"};
    int flagged = 0;
    // Every shape once at its first size, so that the first measured is not the JIT's warm-up.
    for (Shape shape : shapes()) {
      if (shape.name().contains(only)) {
        median(shape.file().apply(Math.max(1, (int) (shape.base() * factor))), 3);
      }
    }
    for (Shape shape : shapes()) {
      if (!shape.name().contains(only)) {
        continue;
      }
      int base = Math.max(1, (int) (shape.base() * factor));
      double[][] t = new double[4][];
      int[] sizes = new int[4];
      for (int k = 0; k < 4; k++) {
        sizes[k] = base << k;
        t[k] = median(shape.file().apply(sizes[k]), 7);
      }
      System.out.printf(
          Locale.ROOT,
          "%s (%d, %d, %d, %d; %,d characters at the last):%n",
          shape.name(),
          sizes[0],
          sizes[1],
          sizes[2],
          sizes[3],
          shape.file().apply(sizes[3]).length());
      for (int s = 0; s < STAGES; s++) {
        double growth = slope(sizes, t, s);
        boolean superlinear = growth > 1.5 && t[3][s] > 10;
        flagged += superlinear ? 1 : 0;
        System.out.printf(
            Locale.ROOT,
            "  %-12s %9.2f %9.2f %9.2f %9.2f ms   grows as n^%.2f%s%n",
            stages[s],
            t[0][s],
            t[1][s],
            t[2][s],
            t[3][s],
            growth,
            superlinear ? "   SUPERLINEAR" : "");
      }
    }
    System.out.println(flagged + " superlinear stages");
  }
}
