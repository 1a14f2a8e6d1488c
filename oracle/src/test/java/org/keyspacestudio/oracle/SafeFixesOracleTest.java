package org.keyspacestudio.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.edit.QuickFixes;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Rule;
import org.keyspacestudio.model.validate.Validator;
import org.keyspacestudio.model.write.CqlWriter;

/**
 * {@code kstudio validate --fix} on real schemas: after the safe fixes, Cassandra 5.0.9 refuses no
 * statement for a removed option or strategy, and our verdicts still agree with its own.
 */
class SafeFixesOracleTest {

  private static final String DTCS =
      "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\n"
          + "CREATE TABLE ks.readings (sensor int, at timestamp, v double,"
          + " PRIMARY KEY (sensor, at)) WITH read_repair_chance = 0.1"
          + " AND dclocal_read_repair_chance = 0.0"
          + " AND compaction = {'class': 'DateTieredCompactionStrategy',"
          + " 'max_window_size_seconds': '3600', 'min_threshold': '4', 'base_time_seconds': '60'};\n";

  /** The keyspace the scripts written here use. */
  private static final String KEYSPACE =
      "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor':"
          + " 1};\n";

  private static String fixed(String script) {
    Project project = new Project(CqlImporter.read(script, "in.cql").schema());
    Project out = QuickFixes.applySafe(project).edit().change().apply(project);
    return CqlWriter.write(out.schema());
  }

  private static long removed(String script) {
    var read = CqlImporter.read(script, "s.cql");
    List<Problem> problems = new ArrayList<>(read.problems());
    problems.addAll(Validator.validate(read.schema(), read.positions()));
    return problems.stream().filter(p -> p.rule() == Rule.OPTION_REMOVED).count();
  }

  @Test
  void afterTheSafeFixesCassandraRefusesNoRemovedOption() throws Exception {
    List<String> scripts = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    scripts.add(DTCS);
    labels.add("dtcs.cql");
    Path dir = Path.of(System.getProperty("kstudio.corpus", "../../shared/corpus/cql"));
    assumeTrue(Files.isDirectory(dir), "skipped: the shared CQL corpus is not at " + dir);
    try (var files = Files.list(dir)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".cql")).sorted().toList()) {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        if (removed(text) > 0) {
          scripts.add(text);
          labels.add(file.getFileName().toString());
        }
      }
    }
    long before = 0;
    List<String> refused = new ArrayList<>();
    List<VerdictComparison.Mismatch> mismatches = new ArrayList<>();
    for (int i = 0; i < scripts.size(); i++) {
      before += removed(scripts.get(i));
      String fixed = fixed(scripts.get(i));
      assertThat(removed(fixed)).as(labels.get(i)).isZero();
      List<Statements.Span> spans = Statements.spans(fixed);
      List<CassandraOracle.Verdict> verdicts =
          new CassandraOracle(true).apply(spans.stream().map(Statements.Span::text).toList());
      for (int s = 0; s < spans.size(); s++) {
        String message = verdicts.get(s).message();
        if (!verdicts.get(s).accepted()
            && (message.contains("Unknown property")
                || message.contains("compaction strategy")
                || message.contains("COMPACT STORAGE"))) {
          refused.add(labels.get(i) + ": " + message);
        }
      }
      mismatches.addAll(VerdictComparison.compare(labels.get(i), fixed, true).mismatches());
    }
    System.out.println(
        "safe fixes: "
            + scripts.size()
            + " scripts with "
            + before
            + " removed options or strategies fixed; Cassandra refuses "
            + refused.size()
            + " of the fixed statements for them, "
            + mismatches.size()
            + " verdict mismatches");
    assertThat(before).isGreaterThan(3);
    assertThat(refused).isEmpty();
    assertThat(mismatches).isEmpty();
  }

  /**
   * Each freezing, IS NOT NULL and sub-option fix (a pre-3.0 compressor name included), a static
   * column without clustering made regular, a counter table's TTL and refused indexes dropped,
   * alone and together: Cassandra 5.0.9 refuses the statement before the safe fixes, accepts every
   * statement after them, and agrees with our verdicts.
   */
  @Test
  void afterTheSafeFixesCassandraAcceptsTheFrozenTypesAndTheViewsKey() throws Exception {
    String ks = KEYSPACE;
    List<String> broken =
        List.of(
            "CREATE TABLE ks.tagged (tags set<text>, at timestamp, PRIMARY KEY (tags, at));",
            "CREATE TABLE ks.nested (k int PRIMARY KEY, m map<text, list<int>>,"
                + " l list<set<text>>);",
            "CREATE TYPE ks.point (x int, y int);\n"
                + "CREATE TYPE ks.shape (name text, corner point);",
            "CREATE TYPE ks.address (street text);\n"
                + "CREATE TABLE ks.people (k int, homes map<text, address>,"
                + " PRIMARY KEY (k));",
            "CREATE TYPE ks.tag (v text);\n"
                + "CREATE TABLE ks.keyed (t tag, c int, PRIMARY KEY (t, c));",
            "CREATE TABLE ks.videos (id uuid PRIMARY KEY, added timestamp, title text);\n"
                + "CREATE MATERIALIZED VIEW ks.by_added AS SELECT * FROM ks.videos"
                + " WHERE id IS NOT NULL PRIMARY KEY (added, id);",
            "CREATE TABLE ks.events (day date, at timestamp, kind text, PRIMARY KEY (day, at));\n"
                + "CREATE MATERIALIZED VIEW ks.by_kind AS SELECT * FROM ks.events"
                + " PRIMARY KEY ((kind, day), at);",
            "CREATE TABLE ks.legacy (k int PRIMARY KEY) WITH compression = {'class':"
                + " 'LZ4Compressor', 'chunk_length_in_kb': '64', 'crc_check_chance': '0.5'}"
                + " AND compaction = {'class': 'LeveledCompactionStrategy', 'min_threshold': '4',"
                + " 'max_sstable_age_days': '365', 'cold_reads_to_omit': '0.05'};",
            "CREATE TABLE ks.ucs (k int PRIMARY KEY) WITH compaction = {'class':"
                + " 'UnifiedCompactionStrategy', 'min_threshold': '4', 'max_threshold': '32'};",
            // The cqlshlib test schema's compressor, named as Cassandra 2.x did.
            "CREATE TABLE ks.old_compression (k int PRIMARY KEY) WITH compression ="
                + " {'sstable_compression':'LZ4Compressor'};",
            "CREATE TABLE ks.no_clustering (k int PRIMARY KEY, s int static, v int);",
            "CREATE TABLE ks.page_views (page text PRIMARY KEY, views counter)"
                + " WITH default_time_to_live = 86400;",
            "CREATE TABLE ks.users (id uuid PRIMARY KEY, name text);\n"
                + "CREATE INDEX users_id ON ks.users (id);",
            "CREATE TABLE ks.hits (page text PRIMARY KEY, n counter);\n"
                + "CREATE INDEX hits_n ON ks.hits (n);",
            "CREATE TABLE ks.timings (k int PRIMARY KEY, took duration);\n"
                + "CREATE INDEX timings_took ON ks.timings (took);");
    List<String> scripts = new ArrayList<>();
    for (String b : broken) {
      scripts.add(ks + b + "\n");
    }
    scripts.add(ks + String.join("\n", broken) + "\n");
    int fixedStatements = 0;
    List<String> stillRefused = new ArrayList<>();
    List<VerdictComparison.Mismatch> mismatches = new ArrayList<>();
    for (String script : scripts) {
      List<Statements.Span> before = Statements.spans(script);
      List<CassandraOracle.Verdict> was =
          new CassandraOracle(true).apply(before.stream().map(Statements.Span::text).toList());
      assertThat(was).as(script).anyMatch(v -> !v.accepted());
      String fixed = fixed(script);
      List<Statements.Span> spans = Statements.spans(fixed);
      List<CassandraOracle.Verdict> verdicts =
          new CassandraOracle(true).apply(spans.stream().map(Statements.Span::text).toList());
      for (int s = 0; s < spans.size(); s++) {
        if (!verdicts.get(s).accepted()) {
          stillRefused.add(spans.get(s).text() + " -> " + verdicts.get(s).message());
        }
      }
      fixedStatements += (int) was.stream().filter(v -> !v.accepted()).count();
      mismatches.addAll(VerdictComparison.compare("fixed", fixed, true).mismatches());
    }
    System.out.println(
        "safe fixes (freezing, IS NOT NULL, sub-options, statics, counter TTL, indexes): "
            + scripts.size()
            + " scripts, "
            + fixedStatements
            + " statements Cassandra refused before; "
            + stillRefused.size()
            + " refused after, "
            + mismatches.size()
            + " verdict mismatches");
    assertThat(stillRefused).isEmpty();
    assertThat(mismatches).isEmpty();
  }

  /**
   * A table mixing counters with other columns, from the corpus and written here, fixed each of the
   * two ways ({@code SchemaFixes}: the counters moved to a table of their own, or made {@code
   * bigint}): Cassandra 5.0.9 refused the table before, accepts every statement after, and agrees
   * with our verdicts.
   */
  @Test
  void cassandraAcceptsTheCountersMovedApartOrMadeBigints() throws Exception {
    String ks = KEYSPACE;
    List<String> scripts = new ArrayList<>();
    scripts.add(
        ks
            + "CREATE TABLE ks.video_stats (video_id uuid, day date, title text static,"
            + " views counter, likes counter, PRIMARY KEY ((video_id), day))"
            + " WITH CLUSTERING ORDER BY (day DESC);\n");
    scripts.add(
        ks
            + "CREATE TYPE ks.who (name text);\n"
            + "CREATE TABLE ks.tallies (k frozen<who>, c1 int, c2 text, note text, n counter,"
            + " PRIMARY KEY ((k, c1), c2));\n");
    Path corpus =
        Path.of(
            System.getProperty("kstudio.corpus", "../../shared/corpus/cql"),
            "KillrVideo__killrvideo-data__schema-v4.cql");
    assumeTrue(Files.isRegularFile(corpus), "skipped: the shared CQL corpus has no " + corpus);
    scripts.add(Files.readString(corpus, StandardCharsets.UTF_8));
    int refusedBefore = 0;
    int fixes = 0;
    List<String> stillRefused = new ArrayList<>();
    List<VerdictComparison.Mismatch> mismatches = new ArrayList<>();
    for (String script : scripts) {
      List<CassandraOracle.Verdict> was =
          new CassandraOracle(true)
              .apply(Statements.spans(script).stream().map(Statements.Span::text).toList());
      List<String> refusedThen =
          was.stream().filter(v -> !v.accepted()).map(CassandraOracle.Verdict::message).toList();
      assertThat(refusedThen).as(script).anyMatch(m -> m.contains("counter"));
      refusedBefore += refusedThen.size();
      for (int choice = 0; choice < 2; choice++) {
        Project project = new Project(CqlImporter.read(script, "counters.cql").schema());
        for (int guard = 0; guard < 10; guard++) {
          Problem mixed =
              org.keyspacestudio.model.project.ProjectChecks.validate(project).stream()
                  .filter(p -> p.rule() == Rule.COUNTER_MIXED)
                  .findFirst()
                  .orElse(null);
          if (mixed == null) {
            break;
          }
          var offered = QuickFixes.of(project, mixed);
          assertThat(offered).as("fixes for %s", mixed.message()).hasSize(2);
          project = offered.get(choice).edit().change().apply(project);
          fixes++;
        }
        String fixed = CqlWriter.write(project.schema());
        List<Statements.Span> spans = Statements.spans(fixed);
        List<CassandraOracle.Verdict> verdicts =
            new CassandraOracle(true).apply(spans.stream().map(Statements.Span::text).toList());
        for (int s = 0; s < spans.size(); s++) {
          String message = verdicts.get(s).message();
          // The corpus file's other refusals (indexes on tables it never creates) stay.
          if (!verdicts.get(s).accepted()
              && (message.contains("counter") || !refusedThen.contains(message))) {
            stillRefused.add(spans.get(s).text() + " -> " + message);
          }
        }
        mismatches.addAll(VerdictComparison.compare("counters", fixed, true).mismatches());
      }
    }
    report(
        "counter fixes (both ways)",
        scripts.size(),
        refusedBefore,
        fixes,
        stillRefused,
        mismatches);
    assertThat(stillRefused).isEmpty();
    assertThat(mismatches).isEmpty();
  }

  /**
   * Types and options Cassandra does not know, as a hand-written script has them (another
   * language's type name, a typo of a native or of the keyspace's own type, a misspelt option),
   * fixed each of two ways ({@code SchemaFixes}: the type or option meant, or the type defined and
   * the option removed): Cassandra 5.0.9 refused those statements before, accepts every statement
   * after, and agrees with our verdicts.
   */
  @Test
  void cassandraAcceptsTheTypesAndOptionsMeantOrDefinedAndRemoved() throws Exception {
    String ks = KEYSPACE;
    List<String> scripts =
        List.of(
            ks
                + "CREATE TYPE ks.address (street text, city text);\n"
                + "CREATE TABLE ks.users (id uuid PRIMARY KEY, email string, home frozen<adress>,"
                + " seen list<timestmp>, born datetime) WITH comments = 'people'"
                + " AND gc_grace = 3600;\n",
            ks
                + "CREATE TYPE ks.place (name text, at timestmp, near frozen<geo_point>);\n"
                + "CREATE TABLE ks.visits (who uuid, day date, where frozen<place>, n integer,"
                + " PRIMARY KEY (who, day)) WITH defaulttimetolive = 86400 AND colour = 'red';\n");
    int refusedBefore = 0;
    int fixes = 0;
    List<String> stillRefused = new ArrayList<>();
    List<VerdictComparison.Mismatch> mismatches = new ArrayList<>();
    for (String script : scripts) {
      List<CassandraOracle.Verdict> was =
          new CassandraOracle(true)
              .apply(Statements.spans(script).stream().map(Statements.Span::text).toList());
      refusedBefore += (int) was.stream().filter(v -> !v.accepted()).count();
      for (int choice = 0; choice < 2; choice++) {
        Project project = new Project(CqlImporter.read(script, "unknown.cql").schema());
        for (int guard = 0; guard < 20; guard++) {
          Problem unknown =
              org.keyspacestudio.model.project.ProjectChecks.validate(project).stream()
                  .filter(p -> p.rule() == Rule.TYPE_UNKNOWN || p.rule() == Rule.OPTION_UNKNOWN)
                  .findFirst()
                  .orElse(null);
          if (unknown == null) {
            break;
          }
          var offered = QuickFixes.of(project, unknown);
          assertThat(offered).as("fixes for %s", unknown.message()).isNotEmpty();
          project =
              offered.get(choice == 0 ? 0 : offered.size() - 1).edit().change().apply(project);
          fixes++;
        }
        String fixed = CqlWriter.write(project.schema());
        List<Statements.Span> spans = Statements.spans(fixed);
        List<CassandraOracle.Verdict> verdicts =
            new CassandraOracle(true).apply(spans.stream().map(Statements.Span::text).toList());
        for (int i = 0; i < spans.size(); i++) {
          if (!verdicts.get(i).accepted()) {
            stillRefused.add(spans.get(i).text() + " -> " + verdicts.get(i).message());
          }
        }
        mismatches.addAll(VerdictComparison.compare("unknown", fixed, true).mismatches());
      }
    }
    report(
        "unknown type and option fixes (both ways)",
        scripts.size(),
        refusedBefore,
        fixes,
        stillRefused,
        mismatches);
    assertThat(refusedBefore).isPositive();
    assertThat(stillRefused).isEmpty();
    assertThat(mismatches).isEmpty();
  }

  /**
   * The corpus files whose objects name no keyspace (no {@code USE}), each fixed by putting those
   * objects in a new keyspace ({@code SchemaFixes}, KEYSPACE-NOT-SPECIFIED): Cassandra 5.0.9
   * refused every such statement before ("No keyspace has been specified"), refuses none of the
   * objects' statements for it after (functions, kept verbatim, stay), and agrees with our verdicts
   * on the whole script written.
   */
  @Test
  void cassandraAcceptsTheObjectsPutInAKeyspace() throws Exception {
    Path corpus = Path.of(System.getProperty("kstudio.corpus", "../../shared/corpus/cql"));
    assumeTrue(Files.isDirectory(corpus), "skipped: no shared CQL corpus at " + corpus);
    List<String> files =
        List.of(
            "KillrVideo__killrvideo-data__schema-v3.cql",
            "xiaodizi__cassandra__doc_modules_cassandra_examples_CQL_create_index.cql",
            "xiaodizi__cassandra__doc_modules_cassandra_examples_CQL_create_table.cql",
            "xiaodizi__cassandra__doc_modules_cassandra_examples_CQL_udt.cql",
            "xiaodizi__cassandra__pylib_cqlshlib_test_test_keyspace_init.cql");
    int refusedBefore = 0;
    int fixes = 0;
    List<String> stillRefused = new ArrayList<>();
    List<VerdictComparison.Mismatch> mismatches = new ArrayList<>();
    for (String name : files) {
      String script = Files.readString(corpus.resolve(name), StandardCharsets.UTF_8);
      List<CassandraOracle.Verdict> was =
          new CassandraOracle(false)
              .apply(Statements.spans(script).stream().map(Statements.Span::text).toList());
      refusedBefore +=
          (int)
              was.stream()
                  .filter(v -> !v.accepted() && v.message().contains("No keyspace has been"))
                  .count();
      Project project = new Project(CqlImporter.read(script, name).schema());
      Problem unnamed =
          org.keyspacestudio.model.project.ProjectChecks.validate(project).stream()
              .filter(p -> p.rule() == Rule.KEYSPACE_NOT_SPECIFIED)
              .findFirst()
              .orElseThrow();
      var offered = QuickFixes.of(project, unnamed);
      project = offered.get(offered.size() - 1).edit().change().apply(project);
      fixes++;
      String fixed = CqlWriter.write(project.schema());
      List<Statements.Span> spans = Statements.spans(fixed);
      List<CassandraOracle.Verdict> verdicts =
          new CassandraOracle(false).apply(spans.stream().map(Statements.Span::text).toList());
      for (int i = 0; i < spans.size(); i++) {
        // Functions are kept verbatim and stay where they were (their own problem says so).
        if (!verdicts.get(i).accepted()
            && verdicts.get(i).message().contains("No keyspace has been")
            && !spans.get(i).text().startsWith("CREATE FUNCTION")) {
          stillRefused.add(spans.get(i).text() + " -> " + verdicts.get(i).message());
        }
      }
      mismatches.addAll(VerdictComparison.compare(name, fixed, false).mismatches());
    }
    report(
        "objects put in a keyspace", files.size(), refusedBefore, fixes, stillRefused, mismatches);
    assertThat(refusedBefore).isPositive();
    assertThat(stillRefused).isEmpty();
    assertThat(mismatches).isEmpty();
  }

  /** Prints what a test of fixes found. */
  private static void report(
      String what,
      int scripts,
      int refusedBefore,
      int fixes,
      List<String> stillRefused,
      List<VerdictComparison.Mismatch> mismatches) {
    System.out.println(
        what
            + ": "
            + scripts
            + " scripts, "
            + refusedBefore
            + " statements Cassandra refused before; "
            + fixes
            + " fixes applied; "
            + stillRefused.size()
            + " refused after, "
            + mismatches.size()
            + " verdict mismatches");
  }
}
