package org.keyspacestudio.integration;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.export.cluster.ClusterSession;
import org.keyspacestudio.export.cluster.PlanRunner;
import org.keyspacestudio.export.cluster.SchemaPuller;
import org.keyspacestudio.model.Corpus;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diff.Plan;
import org.keyspacestudio.model.diff.SchemaDiff;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.parse.ImportResult;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.KeyspaceDefinition;
import org.keyspacestudio.model.schema.Replication;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.validate.Severity;
import org.keyspacestudio.model.validate.Validator;

/**
 * Every valid corpus schema is applied from the model to the real node, pulled back, and the pulled
 * model equals the applied one; the plan after the apply is empty.
 */
class CorpusRoundTripTest {
  private static ClusterSession session;

  @BeforeAll
  static void connect() throws Exception {
    session = TestNode.connect();
  }

  @AfterAll
  static void close() {
    if (session != null) {
      session.close();
    }
  }

  @Test
  void everyValidCorpusSchemaAppliesAndPullsBackUnchanged() throws Exception {
    List<String> applied = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    int tables = 0;
    // Cassandra accepts these with its default configuration, or (the MANIFEST's "needs config")
    // with materialized views and SASI enabled, as on this node.
    Map<String, Boolean> cassandraAccepts = new TreeMap<>(Corpus.validity());
    Path manifest = Corpus.dir().resolve("MANIFEST.tsv");
    for (String line : java.nio.file.Files.readAllLines(manifest)) {
      if (line.contains("YES syntactically; needs config")) {
        cassandraAccepts.put(line.substring(0, line.indexOf('\t')), true);
      }
    }
    for (Path file : Corpus.files()) {
      ImportResult read = CqlImporter.readFiles(List.of(file));
      Schema schema = read.schema();
      boolean valid =
          cassandraAccepts.getOrDefault(file.getFileName().toString(), false)
              && read.problems().stream().noneMatch(p -> p.severity() == Severity.ERROR)
              && Validator.validate(schema).stream().noneMatch(p -> p.severity() == Severity.ERROR);
      // A script without CREATE KEYSPACE is applied into a keyspace with one replica.
      List<Keyspace> named =
          schema.keyspaces().stream()
              .filter(k -> !k.tables().isEmpty())
              .map(
                  k ->
                      new Keyspace(
                          k.isUnnamed() ? CqlIdentifier.of("corpus_unnamed") : k.name(),
                          k.definition() == null
                              ? new KeyspaceDefinition(Replication.simple(1), true)
                              : k.definition(),
                          k.types(),
                          k.tables(),
                          k.indexes(),
                          k.views()))
              .toList();
      if (!valid || named.isEmpty()) {
        skipped.add(file.getFileName() + (valid ? " (no tables)" : " (not valid CQL for 5.0)"));
        continue;
      }
      for (Keyspace desired : named) {
        String where = file.getFileName() + " keyspace " + desired.name().asCql();
        Plan plan = SchemaDiff.plan(desired, null);
        PlanRunner.Result result =
            PlanRunner.run(session, plan, false, new PlanRunner.Listener() {});
        assertThat(result.complete())
            .as(
                where + ": %s",
                result.failure().map(f -> f.change().cql() + " -> " + f.error().getMessage()))
            .isTrue();
        Keyspace pulled = SchemaPuller.pull(session, desired.name()).orElseThrow();
        assertThat(shape(pulled)).as(where + ": pulled model").isEqualTo(shape(desired));
        for (var table : pulled.tables()) {
          var stated = desired.table(table.name()).orElseThrow().options().values().keySet();
          assertThat(stated)
              .as(where + ": pulled table " + table.name() + " has only options the model states")
              .containsAll(table.options().values().keySet());
        }
        assertThat(
                Validator.validate(new Schema(List.of(pulled), List.of())).stream()
                    .filter(p -> p.severity() != Severity.INFO)
                    .map(p -> p.rule().id())
                    .distinct())
            .as(where + ": the pulled model has no problems the model did not have")
            .isSubsetOf(
                Validator.validate(new Schema(List.of(desired), List.of())).stream()
                    .map(p -> p.rule().id())
                    .distinct()
                    .toList());
        Plan after = SchemaDiff.plan(desired, pulled);
        assertThat(after.changes().stream().map(c -> c.cql()).toList())
            .as(where + ": plan after apply")
            .isEmpty();
        assertThat(after.blocked()).as(where + ": blocked after apply").isEmpty();
        tables += desired.tables().size();
        applied.add(where);
        session.execute("DROP KEYSPACE " + desired.name().asCql());
      }
    }
    System.out.println(
        "applied and pulled back: "
            + applied.size()
            + " keyspaces, "
            + tables
            + " tables: "
            + applied);
    System.out.println("not applicable: " + skipped);
    assertThat(applied).hasSizeGreaterThanOrEqualTo(7);
  }

  /**
   * Everything a user would see in the diagram: names, columns with types, keys, indexes, views.
   */
  static Map<String, String> shape(Keyspace ks) {
    Map<String, String> out = new TreeMap<>();
    out.put("keyspace", ks.name().asCql() + " " + ks.definition().durableWrites());
    ks.types()
        .forEach(
            t ->
                out.put(
                    "type " + t.name().asCql(),
                    t.fields().stream()
                        .map(f -> f.name().asCql() + " " + SchemaDiff.typeText(f.type(), ks.name()))
                        .collect(Collectors.joining(", "))));
    ks.tables()
        .forEach(
            t ->
                out.put(
                    "table " + t.name().asCql(),
                    t.columns().stream()
                            .map(
                                c ->
                                    c.name().asCql()
                                        + " "
                                        + SchemaDiff.typeText(c.type(), ks.name())
                                        + (c.isStatic() ? " static" : ""))
                            .sorted()
                            .collect(Collectors.joining(", "))
                        + " KEY "
                        + t.primaryKey()));
    ks.indexes()
        .forEach(
            i ->
                out.put(
                    "index " + i.effectiveName().asCql(),
                    i.table().asCql()
                        + " "
                        + i.targets().stream().map(x -> x.column().asCql()).toList()));
    ks.views()
        .forEach(
            v ->
                out.put(
                    "view " + v.name().asCql(), v.baseTable().asCql() + " KEY " + v.primaryKey()));
    return out;
  }
}
