package org.keyspacestudio.integration;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.keyspacestudio.app.cli.KstudioCommand;
import org.keyspacestudio.export.cluster.ClusterSession;
import org.keyspacestudio.export.cluster.LocalNode;
import org.keyspacestudio.model.diff.Change;
import org.keyspacestudio.model.diff.SchemaDiff;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.schema.Keyspace;

/**
 * Applying a 50-table keyspace to a fresh local node: {@code kstudio apply} (our driver settings,
 * plan included) next to the same statements executed one by one through the driver with its
 * default settings, in the same run, on the same node, alternating. Prints the figures; asserts
 * nothing. Run with {@code bench/apply.sh [ROUNDS]}.
 */
public final class ApplyBenchmark {
  private ApplyBenchmark() {}

  static String keyspaceCql(String name, int tables) {
    StringBuilder cql =
        new StringBuilder("CREATE KEYSPACE ")
            .append(name)
            .append(" WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\n");
    String[] types = {"text", "int", "bigint", "timestamp", "uuid", "double", "boolean", "blob"};
    for (int t = 0; t < tables; t++) {
      cql.append("CREATE TABLE ").append(name).append(".table_").append(t).append(" (\n");
      cql.append("  pk uuid, ck timestamp,\n");
      for (int c = 0; c < 8; c++) {
        cql.append("  col_")
            .append(c)
            .append(' ')
            .append(types[(t + c) % types.length])
            .append(",\n");
      }
      cql.append("  PRIMARY KEY ((pk), ck)) WITH CLUSTERING ORDER BY (ck DESC);\n");
    }
    return cql.toString();
  }

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    int tables = 50;
    LocalNode node = TestNode.start("benchmark", false);
    Path dir = Files.createTempDirectory("kstudio-apply-bench");
    List<Double> ours = new ArrayList<>();
    List<Double> driverDefaults = new ArrayList<>();
    try {
      for (int round = 0; round < rounds; round++) {
        for (int which = 0; which < 2; which++) {
          boolean oursFirst = round % 2 == 0;
          boolean runOurs = (which == 0) == oursFirst;
          String name = (runOurs ? "ours_" : "driver_") + round;
          String cql = keyspaceCql(name, tables);
          double seconds;
          if (runOurs) {
            Path file = Files.writeString(dir.resolve(name + ".cql"), cql);
            long start = System.nanoTime();
            int exit =
                KstudioCommand.run(
                    new PrintWriter(new StringWriter()),
                    new PrintWriter(System.err, true),
                    "apply",
                    file.toString(),
                    "--port",
                    Integer.toString(node.nativePort()));
            seconds = (System.nanoTime() - start) / 1e9;
            if (exit != 0) {
              throw new IllegalStateException("kstudio apply exited with " + exit);
            }
            ours.add(seconds);
          } else {
            Keyspace desired = CqlImporter.read(cql, name).schema().keyspaces().get(0);
            List<String> statements =
                SchemaDiff.plan(desired, null).changes().stream().map(Change::cql).toList();
            long start = System.nanoTime();
            try (CqlSession session =
                CqlSession.builder()
                    .addContactPoint(new InetSocketAddress("127.0.0.1", node.nativePort()))
                    .withLocalDatacenter("datacenter1")
                    .build()) {
              for (String statement : statements) {
                session.execute(statement);
              }
            }
            seconds = (System.nanoTime() - start) / 1e9;
            driverDefaults.add(seconds);
          }
          System.out.printf(
              "round %d: %-28s %6.2f s%n",
              round + 1, runOurs ? "kstudio apply" : "driver, default settings", seconds);
        }
      }
      System.out.printf(
          "%n%d tables + keyspace (51 statements), %d rounds, Cassandra %s on this machine:%n",
          tables, rounds, release(node));
      System.out.printf(
          "  kstudio apply (connect, pull, plan, run, agreement): median %.2f s  min %.2f  max %.2f%n",
          median(ours), Collections.min(ours), Collections.max(ours));
      System.out.printf(
          "  driver with default settings (connect, run):          median %.2f s  min %.2f  max %.2f%n",
          median(driverDefaults), Collections.min(driverDefaults), Collections.max(driverDefaults));
      System.out.printf("  ratio: %.1fx%n", median(driverDefaults) / median(ours));
    } finally {
      node.stop();
    }
  }

  private static String release(LocalNode node) throws Exception {
    try (ClusterSession s =
        ClusterSession.connect(
            org.keyspacestudio.export.cluster.ConnectionSettings.of(
                "127.0.0.1", node.nativePort()))) {
      return s.releaseVersion();
    }
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
