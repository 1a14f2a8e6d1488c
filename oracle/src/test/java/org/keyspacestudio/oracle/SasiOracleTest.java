package org.keyspacestudio.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.cassandra.cql3.Operator;
import org.apache.cassandra.cql3.QueryProcessor;
import org.apache.cassandra.exceptions.ConfigurationException;
import org.apache.cassandra.index.sasi.SASIIndex;
import org.apache.cassandra.index.sasi.conf.ColumnIndex;
import org.apache.cassandra.schema.IndexMetadata;
import org.apache.cassandra.schema.Keyspaces;
import org.apache.cassandra.schema.SchemaTransformation;
import org.apache.cassandra.schema.TableMetadata;
import org.apache.cassandra.service.ClientState;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.support.IndexedColumns;
import org.keyspacestudio.model.support.LikePattern;
import org.keyspacestudio.model.validate.Rule;
import org.keyspacestudio.model.validate.Validator;

/**
 * SASI indexes as Cassandra 5.0.9's own classes read them, offline: on columns of each kind (text,
 * ascii, numbers, a frozen and a non-frozen collection, static, partition key, clustering in either
 * order) with every mix of the options {@code mode}, {@code analyzer_class}, {@code analyzed} and
 * {@code is_literal}. Our {@code INDEX-SASI-OPTIONS} is {@code SASIIndex.validateOptions}'s
 * refusal, message for message; and for each index it accepts, what {@code IndexedColumns} says it
 * serves ({@code =}, ranges, {@code LIKE} when preparing, and each pattern form when running) is
 * what {@code ColumnIndex.supports} says.
 */
class SasiOracleTest {

  private static final String TABLE =
      "CREATE TABLE oracle.t (p text, q int, c1 text, c2 text, c3 int, v_text text, v_ascii"
          + " ascii, v_int int, v_ts timestamp, v_frozen frozen<list<text>>, v_set set<text>,"
          + " s_text text static, PRIMARY KEY ((p, q), c1, c2, c3)) WITH CLUSTERING ORDER BY (c1"
          + " ASC, c2 DESC, c3 DESC)";

  private static final List<String> COLUMNS =
      List.of(
          "p",
          "c1",
          "c2",
          "c3",
          "v_text",
          "v_ascii",
          "v_int",
          "v_ts",
          "v_frozen",
          "v_set",
          "s_text");

  private static final String ANALYZERS = "org.apache.cassandra.index.sasi.analyzer.";

  /** Each option's values tried; null leaves it out. */
  private static final Map<String, List<String>> OPTIONS = new LinkedHashMap<>();

  static {
    OPTIONS.put("mode", java.util.Arrays.asList(null, "PREFIX", "contains", "SPARSE", "suffix"));
    OPTIONS.put(
        "analyzer_class",
        java.util.Arrays.asList(
            null,
            ANALYZERS + "StandardAnalyzer",
            ANALYZERS + "NonTokenizingAnalyzer",
            ANALYZERS + "DelimiterAnalyzer",
            ANALYZERS + "NoOpAnalyzer",
            "com.example.NoSuchAnalyzer"));
    OPTIONS.put("analyzed", java.util.Arrays.asList(null, "true", "false"));
    OPTIONS.put("is_literal", java.util.Arrays.asList(null, "true", "false"));
  }

  private static List<Map<String, String>> optionMixes() {
    List<Map<String, String>> mixes = new ArrayList<>();
    mixes.add(new LinkedHashMap<>());
    for (var e : OPTIONS.entrySet()) {
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> mix : mixes) {
        for (String value : e.getValue()) {
          Map<String, String> m = new LinkedHashMap<>(mix);
          if (value != null) {
            m.put(e.getKey(), value);
          }
          next.add(m);
        }
      }
      mixes = next;
    }
    return mixes;
  }

  private static TableMetadata cassandraTable() {
    new CassandraOracle(false);
    Keyspaces keyspaces = Keyspaces.none();
    for (String statement :
        List.of(
            "CREATE KEYSPACE oracle WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1}",
            TABLE)) {
      SchemaTransformation t =
          (SchemaTransformation)
              QueryProcessor.parseStatement(statement).prepare(ClientState.forInternalCalls());
      keyspaces = t.apply(keyspaces);
    }
    return keyspaces.getNullable("oracle").getTableOrViewNullable("t");
  }

  private static String optionsCql(Map<String, String> options) {
    List<String> parts = new ArrayList<>();
    options.forEach((k, v) -> parts.add("'" + k + "': '" + v + "'"));
    return parts.isEmpty() ? "" : " WITH OPTIONS = {" + String.join(", ", parts) + "}";
  }

  @Test
  void sasiOptionsAndWhatEachIndexServesAreCassandras() {
    TableMetadata table = cassandraTable();
    List<String> mismatches = new ArrayList<>();
    Map<String, Integer> verdicts = new java.util.TreeMap<>();
    int accepted = 0;
    int pairs = 0;
    for (String column : COLUMNS) {
      for (Map<String, String> options : optionMixes()) {
        pairs++;
        String create =
            "CREATE CUSTOM INDEX i ON oracle.t ("
                + column
                + ") USING 'org.apache.cassandra.index.sasi.SASIIndex'"
                + optionsCql(options);
        // Cassandra: the options as the index's metadata holds them, with its target.
        Map<String, String> withTarget = new HashMap<>(options);
        withTarget.put("target", column);
        withTarget.put("class_name", SASIIndex.class.getName());
        String refusal = null;
        try {
          SASIIndex.validateOptions(withTarget, table);
        } catch (ConfigurationException e) {
          refusal = e.getMessage();
        }
        verdicts.merge(
            refusal == null ? "(accepted)" : refusal.replaceAll("'[^']*'|\\[[^]]*\\]", "…"),
            1,
            Integer::sum);
        // Ours.
        var imported = CqlImporter.read(TABLE + ";\n" + create + ";\n", "sasi.cql");
        String ours =
            Validator.validate(imported.schema()).stream()
                .filter(p -> p.rule() == Rule.INDEX_SASI_OPTIONS)
                .map(p -> p.message())
                .findFirst()
                .orElse(null);
        if (!java.util.Objects.equals(ours, refusal)) {
          mismatches.add(create + "\n    Cassandra: " + refusal + "\n    ours: " + ours);
          continue;
        }
        if (refusal != null) {
          continue;
        }
        accepted++;
        var metadata =
            table.getColumn(new org.apache.cassandra.cql3.ColumnIdentifier(column, true));
        ColumnIndex index =
            new ColumnIndex(
                table.partitionKeyType,
                metadata,
                IndexMetadata.fromSchemaMetadata("i", IndexMetadata.Kind.CUSTOM, withTarget));
        Keyspace ks = imported.schema().keyspace(CqlIdentifier.of("oracle")).orElseThrow();
        IndexedColumns served =
            IndexedColumns.of(ks, ks.table(CqlIdentifier.of("t")).orElseThrow());
        CqlIdentifier c = CqlIdentifier.of(column);
        Map<String, Boolean> theirs = new LinkedHashMap<>();
        Map<String, Boolean> mine = new LinkedHashMap<>();
        theirs.put("=", index.supports(Operator.EQ));
        mine.put("=", served.serves(c, org.keyspacestudio.model.workflow.Operator.EQ));
        theirs.put(">", index.supports(Operator.GT));
        mine.put(">", served.serves(c, org.keyspacestudio.model.workflow.Operator.GT));
        boolean like = index.supports(Operator.LIKE);
        theirs.put("LIKE", like);
        mine.put("LIKE", served.serves(c, org.keyspacestudio.model.workflow.Operator.LIKE));
        if (like) {
          // When the query runs, the pattern's own operator is asked of the index.
          theirs.put("'abc%'", index.supports(Operator.LIKE_PREFIX));
          mine.put("'abc%'", served.servesPattern(c, LikePattern.PREFIX));
          theirs.put("'%abc'", index.supports(Operator.LIKE_SUFFIX));
          mine.put("'%abc'", served.servesPattern(c, LikePattern.SUFFIX));
          theirs.put("'%abc%'", index.supports(Operator.LIKE_CONTAINS));
          mine.put("'%abc%'", served.servesPattern(c, LikePattern.CONTAINS));
          theirs.put("'abc'", index.supports(Operator.LIKE_MATCHES));
          mine.put("'abc'", served.servesPattern(c, LikePattern.MATCHES));
        }
        theirs.forEach((k, v) -> verdicts.merge("serves " + k + ": " + v, 1, Integer::sum));
        if (!theirs.equals(mine)) {
          mismatches.add(create + "\n    Cassandra: " + theirs + "\n    ours: " + mine);
        }
      }
    }
    System.out.println(
        pairs
            + " SASI indexes, "
            + accepted
            + " accepted, "
            + mismatches.size()
            + " mismatches; Cassandra's verdicts: "
            + verdicts);
    mismatches.stream().limit(30).forEach(m -> System.out.println("  MISMATCH " + m));
    assertThat(mismatches).isEmpty();
    assertThat(accepted).isBetween(100, pairs - 100);
  }
}
