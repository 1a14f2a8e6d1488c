package org.keyspacestudio.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.edit.Fix;
import org.keyspacestudio.model.edit.QuickFixes;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.schema.IndexTarget;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.support.IndexedColumns;
import org.keyspacestudio.model.support.SelectBuilder;
import org.keyspacestudio.model.support.SupportRule;
import org.keyspacestudio.model.type.CollectionType;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Severity;
import org.keyspacestudio.model.write.CqlWriter;

/**
 * Every index fix offered on a script's SELECT that Cassandra refuses ("Index tags (CREATE CUSTOM
 * INDEX ON ... USING 'sai') ...", "Make the indexes on status, total ... storage-attached ...") is
 * a schema Cassandra 5.0.9 creates, with indexes it takes, on which it prepares the SELECT: on the
 * generated tables, indexes and queries of {@link GeneratedQueries}, written as a script and read
 * back as a user's would be.
 */
class IndexFixOracleTest {

  private static final long SEED = 20261129L;
  private static final int CASES = Integer.getInteger("kstudio.support.cases", 2000);

  /** The case's indexes as CREATE INDEX would make them: built-in or SAI, on values or keys. */
  private static List<SecondaryIndex> indexes(GeneratedQueries.Case c) {
    List<SecondaryIndex> out = new ArrayList<>();
    IndexedColumns ix = c.indexes();
    for (var column : c.table().columns()) {
      CqlIdentifier name = column.name();
      IndexTarget.Kind kind;
      if (ix.equality().contains(name)) {
        kind = IndexTarget.Kind.SIMPLE;
      } else if (ix.values().contains(name)) {
        kind =
            column.type() instanceof CollectionType.MapType
                ? IndexTarget.Kind.VALUES
                : IndexTarget.Kind.SIMPLE;
      } else if (ix.keys().contains(name)) {
        kind = IndexTarget.Kind.KEYS;
      } else if (ix.entries().contains(name)) {
        kind = IndexTarget.Kind.ENTRIES;
      } else {
        continue;
      }
      out.add(
          new SecondaryIndex(
              null,
              c.table().name(),
              List.of(new IndexTarget(name, kind)),
              ix.grouped().contains(name) ? "sai" : null,
              new TreeMap<>()));
    }
    return out;
  }

  /** The SELECT with {@code token(partition key) > ?} first in its WHERE clause. */
  private static String withTokenRange(String select, Table table) {
    String token =
        "token("
            + String.join(
                ", ", table.primaryKey().partitionKey().stream().map(CqlIdentifier::asCql).toList())
            + ") > ?";
    int where = select.indexOf(" WHERE ");
    if (where >= 0) {
      int at = where + " WHERE ".length();
      return select.substring(0, at) + token + " AND " + select.substring(at);
    }
    int order = select.indexOf(" ORDER BY ");
    int end = order < 0 ? select.length() : order;
    return select.substring(0, end) + " WHERE " + token + select.substring(end);
  }

  @Test
  void everyIndexFixOfferedIsAnIndexCassandraCreatesAndServesTheSelect() {
    CqlIdentifier ks = CqlIdentifier.of("oracle");
    String keyspace =
        "CREATE KEYSPACE oracle WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1}";
    Map<String, Integer> offered = new TreeMap<>();
    int refused = 0;
    int n = 0;
    int tokenRanges = 0;
    int searches = 0;
    List<String> failures = new ArrayList<>();
    for (GeneratedQueries.Case c : GeneratedQueries.generate(CASES, SEED)) {
      Table table = c.table().withOptions(TableOptions.none());
      StringBuilder script = new StringBuilder(keyspace).append(";\n");
      script.append(CqlWriter.createTable(ks, table)).append('\n');
      for (SecondaryIndex i : indexes(c)) {
        script.append(CqlWriter.createIndex(ks, i)).append('\n');
      }
      String select = SelectBuilder.select(ks, table.name(), c.query());
      if (++n % 5 == 0) {
        // Every fifth reads a range of partitions: the fixes judge the whole SELECT.
        select = withTokenRange(select, table);
        tokenRanges++;
      } else if (n % 5 == 2
          && !select.contains(" ORDER BY ")
          && table.column(CqlIdentifier.of("e0")).isPresent()) {
        // Some search the vector by similarity: the fixes may index it.
        select = select + " ORDER BY e0 ANN OF [0.5, 0.25, 1.0] LIMIT 10";
        searches++;
      }
      script.append(select).append('\n');
      Project project = new Project(CqlImporter.read(script.toString(), "case.cql").schema());
      List<Problem> errors =
          ProjectChecks.validate(project).stream()
              .filter(p -> p.rule() instanceof SupportRule && p.severity() == Severity.ERROR)
              .toList();
      if (errors.isEmpty()) {
        continue;
      }
      refused++;
      for (Fix fix : QuickFixes.of(project, errors.get(0))) {
        String kind =
            fix.label().startsWith("Index ")
                ? "new index"
                : fix.label().startsWith("Make the ind") ? "made storage-attached" : null;
        if (kind == null) {
          continue;
        }
        offered.merge(kind, 1, Integer::sum);
        if (select.contains("token(")) {
          offered.merge(kind + " with token()", 1, Integer::sum);
        }
        if (select.contains(" ANN OF ")) {
          offered.merge(kind + " with ANN OF", 1, Integer::sum);
        }
        Project after = fix.edit().change().apply(project);
        Keyspace k = after.schema().keyspace(ks).orElseThrow();
        List<String> schema = new ArrayList<>();
        schema.add(keyspace);
        schema.add(CqlWriter.createTable(ks, table));
        List<String> created = new ArrayList<>(schema);
        k.indexes().forEach(i -> created.add(CqlWriter.createIndex(ks, i)));
        // The indexes as Cassandra creates them; the SELECT through the registry's stand-in for
        // them (SelectOracle), which knows what each serves from the model.
        String verdict = null;
        for (CassandraOracle.Verdict v : new CassandraOracle(false).apply(created)) {
          if (!v.accepted()) {
            verdict = "the schema: " + v.message();
            break;
          }
        }
        if (verdict == null) {
          verdict =
              SelectOracle.prepare(
                  schema, select, IndexedColumns.of(k, k.table(table.name()).orElseThrow()));
        }
        if (verdict != null) {
          failures.add(
              fix.label()
                  + "\n    "
                  + String.join("\n    ", created)
                  + "\n    "
                  + select
                  + "\n    Cassandra: "
                  + verdict);
        }
        boolean oursServed =
            ProjectChecks.validate(after).stream()
                .noneMatch(p -> p.rule() instanceof SupportRule && p.severity() == Severity.ERROR);
        if (!oursServed) {
          failures.add(fix.label() + ": our check still refuses " + select);
        }
      }
    }
    System.out.println(
        CASES
            + " generated pairs, seed "
            + SEED
            + ": "
            + refused
            + " SELECTs refused, index fixes offered "
            + offered
            + " ("
            + tokenRanges
            + " SELECTs with a token range, "
            + searches
            + " searching by similarity), "
            + failures.size()
            + " that Cassandra refuses or that leave the SELECT refused");
    failures.stream().limit(10).forEach(f -> System.out.println("  FAILED " + f));
    assertThat(offered)
        .containsKeys(
            "new index",
            "made storage-attached",
            "new index with token()",
            "new index with ANN OF");
    assertThat(failures).isEmpty();
  }
}
