package org.keyspacestudio.oracle;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.cassandra.config.DatabaseDescriptor;
import org.apache.cassandra.cql3.QueryProcessor;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.parse.ImportResult;

/**
 * Prints the throughput of our CQL parser next to Cassandra 5.0's own parser ({@code
 * QueryProcessor.parseStatement}, ANTLR) on the same statements, in the same JVM: the whole corpus
 * and a generated 1,000-table schema. Ours builds the model too; Cassandra's only parses.
 *
 * <p>Run with {@code bench/parser.sh}. Warm-up rounds are not counted; each figure is the median of
 * the measured rounds.
 */
public final class ParserBenchmark {

  private ParserBenchmark() {}

  public static void main(String[] args) throws Exception {
    DatabaseDescriptor.clientInitialization();
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
    Path corpus = Path.of(System.getProperty("kstudio.corpus", "../shared/corpus/cql"));
    StringBuilder corpusText = new StringBuilder();
    try (var files = Files.list(corpus)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".cql")).sorted().toList()) {
        corpusText.append(Files.readString(f, StandardCharsets.UTF_8)).append("\n;\n");
      }
    }
    String generated = GeneratedSchema.cql(1000, 10, 42);
    Path generatedFile = Path.of("oracle/target/generated-1000-tables.cql");
    Files.createDirectories(generatedFile.getParent());
    Files.writeString(generatedFile, generated, StandardCharsets.UTF_8);
    System.out.printf(
        Locale.ROOT,
        "java %s, %d cores, %d measured rounds after %d warm-up rounds%n",
        System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors(),
        rounds,
        rounds);
    report("corpus (17 files)", corpusText.toString(), rounds);
    report("generated 1,000 tables x 10 columns", generated, rounds);

    long start = System.nanoTime();
    ImportResult cold = CqlImporter.read(GeneratedSchema.cql(1000, 10, 7), "cold.cql");
    System.out.printf(
        Locale.ROOT,
        "first import of a fresh 1,000-table schema in this JVM: %.1f ms (%d tables)%n",
        (System.nanoTime() - start) / 1e6,
        cold.schema().tableCount());
    System.out.println("the generated schema is in " + generatedFile + " (try ./kstudio import)");
  }

  private static void report(String label, String text, int rounds) {
    List<String> statements = Statements.split(text);
    int accepted = 0;
    for (String s : statements) {
      try {
        QueryProcessor.parseStatement(s);
        accepted++;
      } catch (RuntimeException e) {
        // counted below as rejected; both parsers see the same statements
      }
    }
    double ours = median(rounds, () -> CqlImporter.read(text, "bench.cql"));
    double theirs =
        median(
            rounds,
            () -> {
              for (String s : statements) {
                try {
                  QueryProcessor.parseStatement(s);
                } catch (RuntimeException e) {
                  // a syntax error costs what it costs
                }
              }
            });
    double mb = text.getBytes(StandardCharsets.UTF_8).length / 1e6;
    System.out.printf(
        Locale.ROOT,
        "%s: %d statements (%d accepted by Cassandra), %.2f MB%n"
            + "  Keyspace Studio (parse + build model): %8.2f ms  %8.1f MB/s  %9.0f statements/s%n"
            + "  Cassandra 5.0.9 parseStatement:       %8.2f ms  %8.1f MB/s  %9.0f statements/s%n"
            + "  ours is %.1fx %s%n",
        label,
        statements.size(),
        accepted,
        mb,
        ours,
        mb / (ours / 1000),
        statements.size() / (ours / 1000),
        theirs,
        mb / (theirs / 1000),
        statements.size() / (theirs / 1000),
        ours < theirs ? theirs / ours : ours / theirs,
        ours < theirs ? "faster" : "slower");
  }

  private static double median(int rounds, Runnable work) {
    for (int i = 0; i < rounds; i++) {
      work.run();
    }
    List<Double> times = new ArrayList<>();
    for (int i = 0; i < rounds; i++) {
      long start = System.nanoTime();
      work.run();
      times.add((System.nanoTime() - start) / 1e6);
    }
    times.sort(Double::compare);
    return times.get(times.size() / 2);
  }
}
