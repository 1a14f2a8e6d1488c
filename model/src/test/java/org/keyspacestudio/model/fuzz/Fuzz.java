package org.keyspacestudio.model.fuzz;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.parse.ImportResult;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Severity;
import org.keyspacestudio.model.validate.Validator;
import org.keyspacestudio.model.write.CqlWriter;

/**
 * The fuzz run: mutated corpus files through every stage a model goes through (import, validation,
 * the project's checks, CQL writing, re-import, the project file and back), counting what must
 * never happen: a crash (any exception or error out of a stage that promises to report problems
 * instead), an input that takes over a second, and a round trip that changes the model.
 */
final class Fuzz {

  /** What went wrong with one input. */
  record Finding(String kind, long seed, int index, String detail) {
    @Override
    public String toString() {
      return kind + " (seed " + seed + ", case " + index + "): " + detail;
    }
  }

  /** The outcome of a run. */
  record Report(int cases, int clean, long slowest, List<Finding> findings) {
    long count(String kind) {
      return findings.stream().filter(f -> f.kind().equals(kind)).count();
    }
  }

  private Fuzz() {}

  static Report run(List<Path> corpus, int cases, long seed) throws Exception {
    List<String> texts = new ArrayList<>();
    for (Path p : corpus) {
      String text = Files.readString(p, StandardCharsets.UTF_8);
      texts.add(text + selectsOn(text));
    }
    Random random = new Random(seed);
    List<Finding> findings = new ArrayList<>();
    int clean = 0;
    long slowest = 0;
    for (int i = 0; i < cases; i++) {
      String input = Mutations.mutateMany(texts.get(random.nextInt(texts.size())), random);
      long t0 = System.nanoTime();
      try {
        clean += check(input) ? 1 : 0;
      } catch (RoundTripChanged e) {
        findings.add(new Finding("round trip", seed, i, e.getMessage()));
        dump(i, input);
      } catch (Throwable e) {
        dump(i, input);
        findings.add(
            new Finding(
                "crash",
                seed,
                i,
                e.getClass().getSimpleName()
                    + ": "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse("")
                    + " at "
                    + (e.getStackTrace().length > 0 ? e.getStackTrace()[0] : "?")));
      }
      long ms = (System.nanoTime() - t0) / 1_000_000;
      slowest = Math.max(slowest, ms);
      if (ms > 1_000) {
        findings.add(new Finding("slow", seed, i, ms + " ms, " + input.length() + " characters"));
      }
    }
    return new Report(cases, clean, slowest, findings);
  }

  /** Writes a failing input to {@code -Dkstudio.fuzz.dump=DIR}, to replay it. */
  private static void dump(int index, String input) {
    String dir = System.getProperty("kstudio.fuzz.dump");
    if (dir != null) {
      try {
        Files.createDirectories(Path.of(dir));
        Files.writeString(Path.of(dir, "case-" + index + ".cql"), input, StandardCharsets.UTF_8);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }

  /** A round trip that changed the model. */
  static final class RoundTripChanged extends RuntimeException {
    private static final long serialVersionUID = 1L;

    RoundTripChanged(String message) {
      super(message);
    }
  }

  /**
   * Every stage on one input; true when the input imported without errors (so its round trip was
   * checked too).
   */
  static boolean check(String input) throws Exception {
    ImportResult read = CqlImporter.read(input, "fuzz.cql");
    List<Problem> problems = new ArrayList<>(read.problems());
    problems.addAll(Validator.validate(read.schema(), read.positions()));
    Project project = new Project(read.schema());
    // The script's SELECTs: checked, and each fix offered applied and checked again.
    for (Problem p : ProjectChecks.validate(project, read.positions())) {
      if (p.element() != null
          && p.element().kind() == org.keyspacestudio.model.schema.ElementRef.Kind.STATEMENT) {
        for (var fix : org.keyspacestudio.model.edit.QuickFixes.of(project, p)) {
          ProjectChecks.validate(fix.edit().change().apply(project));
        }
      }
    }
    // The query-first models recovered from each keyspace's tables: checked, and the project
    // file that holds them read back equal.
    for (var ks : read.schema().keyspaces()) {
      if (org.keyspacestudio.model.edit.ReverseEdits.refusal(project, ks.name()) == null) {
        Project recovered =
            org.keyspacestudio.model.edit.ReverseEdits.recover(ks.name()).change().apply(project);
        ProjectChecks.validate(recovered);
        if (!ProjectFile.fromJson(ProjectFile.toJson(recovered), null).equals(recovered)) {
          throw new RoundTripChanged("the recovered models' project file read back differs");
        }
      }
    }
    String written = CqlWriter.write(read.schema());
    // The project file: written and read back equal, whatever the model holds.
    String json = ProjectFile.toJson(project);
    Project back = ProjectFile.fromJson(json, null);
    if (!back.equals(project)) {
      throw new RoundTripChanged("the project file read back differs");
    }
    boolean readCleanly =
        read.problems().stream().noneMatch(p -> p.severity() == Severity.ERROR)
            && problems.stream().noneMatch(p -> p.severity() == Severity.ERROR);
    if (!readCleanly) {
      CqlImporter.read(written, "again.cql"); // must not crash either
      return false;
    }
    ImportResult again = CqlImporter.read(written, "again.cql");
    Schema twice = again.schema();
    if (!twice.equals(read.schema())) {
      throw new RoundTripChanged(
          "written and read again, the schema differs: "
              + firstDifference(written, CqlWriter.write(twice)));
    }
    if (again.problems().stream().anyMatch(p -> p.severity() == Severity.ERROR)) {
      throw new RoundTripChanged(
          "written and read again, it has an error: " + again.problems().get(0).message());
    }
    String thrice = CqlWriter.write(twice);
    if (!thrice.equals(written)) {
      throw new RoundTripChanged("writing is not stable: " + firstDifference(written, thrice));
    }
    return true;
  }

  /**
   * SELECTs an application might run on a file's tables, appended to it so that mutations reach
   * them too: by the partition key, by the first regular column, ordered by the clustering columns
   * reversed with ALLOW FILTERING, searching the first collection by CONTAINS (a map's keys by
   * CONTAINS KEY), the partitions of a token range (DISTINCT), a page of rows between two tuples of
   * clustering columns and a count per partition (GROUP BY).
   */
  private static String selectsOn(String text) {
    StringBuilder out = new StringBuilder("\n");
    for (var ks : CqlImporter.read(text, "corpus.cql").schema().keyspaces()) {
      for (var t : ks.tables()) {
        var key = t.primaryKey();
        List<org.keyspacestudio.model.support.TableQuery.Restriction> byKey = new ArrayList<>();
        key.partitionKey()
            .forEach(
                c ->
                    byKey.add(
                        new org.keyspacestudio.model.support.TableQuery.Restriction(
                            c, org.keyspacestudio.model.workflow.Operator.EQ)));
        List<org.keyspacestudio.model.support.TableQuery.Order> reversed = new ArrayList<>();
        key.clustering()
            .forEach(
                c ->
                    reversed.add(
                        new org.keyspacestudio.model.support.TableQuery.Order(
                            c.name(), c.order().reverse())));
        out.append(select(ks.name(), t.name(), byKey, List.of(), false));
        out.append(
            byFirst(
                ks.name(),
                t,
                c -> !key.isKeyColumn(c.name()),
                c -> org.keyspacestudio.model.workflow.Operator.EQ));
        out.append(select(ks.name(), t.name(), byKey, reversed, true));
        // The partitions (DISTINCT), and a count per partition (GROUP BY).
        String partitionKey =
            String.join(", ", key.partitionKey().stream().map(c -> c.asCql()).toList());
        String from =
            ks.name() == null ? t.name().asCql() : ks.name().asCql() + "." + t.name().asCql();
        out.append("SELECT DISTINCT ")
            .append(partitionKey)
            .append(" FROM ")
            .append(from)
            .append(" WHERE token(")
            .append(partitionKey)
            .append(") > ? AND token(")
            .append(partitionKey)
            .append(") <= ?;\n");
        if (key.clustering().size() > 1) {
          // A page after a row and up to another: a window on the first two clustering columns.
          String pair =
              "("
                  + key.clustering().get(0).name().asCql()
                  + ", "
                  + key.clustering().get(1).name().asCql()
                  + ")";
          out.append("SELECT * FROM ")
              .append(from)
              .append(" WHERE ")
              .append(
                  String.join(
                      " AND ", key.partitionKey().stream().map(c -> c.asCql() + " = ?").toList()))
              .append(" AND ")
              .append(pair)
              .append(" > ? AND ")
              .append(pair)
              .append(" <= ? LIMIT 100;\n");
        }
        // The nearest rows by a vector column, where there is one.
        t.columns().stream()
            .filter(c -> c.type() instanceof org.keyspacestudio.model.type.VectorType)
            .findFirst()
            .ifPresent(
                c ->
                    out.append("SELECT * FROM ")
                        .append(from)
                        .append(" ORDER BY ")
                        .append(c.name().asCql())
                        .append(" ANN OF ? LIMIT 10;\n"));
        // A count per partition (GROUP BY), and per hour of the first clustering column.
        String perHour =
            key.clustering().isEmpty()
                ? ""
                : ", floor(" + key.clustering().get(0).name().asCql() + ", 1h)";
        out.append("SELECT ")
            .append(partitionKey)
            .append(", count(*) FROM ")
            .append(from)
            .append(" GROUP BY ")
            .append(partitionKey)
            .append(perHour)
            .append(";\n");
        // A map searched by an entry, a collection by an element or key.
        out.append(
            byFirst(
                ks.name(),
                t,
                c -> c.type() instanceof org.keyspacestudio.model.type.CollectionType.MapType,
                c -> org.keyspacestudio.model.workflow.Operator.ENTRY));
        out.append(
            byFirst(
                ks.name(),
                t,
                c -> c.type() instanceof org.keyspacestudio.model.type.CollectionType,
                c ->
                    c.type() instanceof org.keyspacestudio.model.type.CollectionType.MapType
                        ? org.keyspacestudio.model.workflow.Operator.CONTAINS_KEY
                        : org.keyspacestudio.model.workflow.Operator.CONTAINS));
      }
    }
    return out.toString();
  }

  /**
   * A SELECT restricting the table's first column that matches by the operator it gives it, or
   * nothing when none matches.
   */
  private static String byFirst(
      org.keyspacestudio.model.cql.CqlIdentifier keyspace,
      org.keyspacestudio.model.schema.Table table,
      java.util.function.Predicate<org.keyspacestudio.model.schema.Column> which,
      java.util.function.Function<
              org.keyspacestudio.model.schema.Column, org.keyspacestudio.model.workflow.Operator>
          operator) {
    return table.columns().stream()
        .filter(which)
        .findFirst()
        .map(c -> byOne(keyspace, table.name(), c, operator.apply(c)))
        .orElse("");
  }

  /** A SELECT restricting one column by the operator. */
  private static String byOne(
      org.keyspacestudio.model.cql.CqlIdentifier keyspace,
      org.keyspacestudio.model.cql.CqlIdentifier table,
      org.keyspacestudio.model.schema.Column column,
      org.keyspacestudio.model.workflow.Operator op) {
    return select(
        keyspace,
        table,
        List.of(new org.keyspacestudio.model.support.TableQuery.Restriction(column.name(), op)),
        List.of(),
        false);
  }

  private static String select(
      org.keyspacestudio.model.cql.CqlIdentifier keyspace,
      org.keyspacestudio.model.cql.CqlIdentifier table,
      List<org.keyspacestudio.model.support.TableQuery.Restriction> where,
      List<org.keyspacestudio.model.support.TableQuery.Order> orderBy,
      boolean allowFiltering) {
    String select =
        org.keyspacestudio.model.support.SelectBuilder.select(
                keyspace,
                table,
                new org.keyspacestudio.model.support.TableQuery(where, orderBy, List.of()))
            .replaceAll(";\\s*$", "");
    return select + (allowFiltering ? " ALLOW FILTERING" : "") + ";\n";
  }

  private static String firstDifference(String a, String b) {
    int i = 0;
    while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i)) {
      i++;
    }
    int from = Math.max(0, i - 30);
    return "at "
        + i
        + ": «"
        + a.substring(from, Math.min(a.length(), i + 30)).replace("\n", "⏎")
        + "» vs «"
        + b.substring(from, Math.min(b.length(), i + 30)).replace("\n", "⏎")
        + "»";
  }

  /** Runs many cases from the command line: {@code bench/fuzz.sh [CASES [SEED]]}. */
  public static void main(String[] args) throws Exception {
    int cases = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
    long seed = args.length > 1 ? Long.parseLong(args[1]) : System.currentTimeMillis();
    long t0 = System.nanoTime();
    Report report = run(org.keyspacestudio.model.Corpus.files(), cases, seed);
    System.out.printf(
        Locale.ROOT,
        "%d mutated corpus inputs (seed %d) in %.1f s: %d read without errors and round-tripped;"
            + " %d crashes, %d over 1 s (slowest %d ms), %d round-trip changes%n",
        report.cases(),
        seed,
        (System.nanoTime() - t0) / 1e9,
        report.clean(),
        report.count("crash"),
        report.count("slow"),
        report.slowest(),
        report.count("round trip"));
    report.findings().stream().limit(40).forEach(f -> System.out.println("  " + f));
  }
}
