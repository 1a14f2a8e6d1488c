package org.keyspacestudio.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.KeyspaceDefinition;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Replication;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.support.IndexedColumns;
import org.keyspacestudio.model.support.SelectBuilder;
import org.keyspacestudio.model.support.SupportCheck;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.validate.Severity;
import org.keyspacestudio.model.validate.Validator;
import org.keyspacestudio.model.write.CqlWriter;

/**
 * A query on a materialized view is judged on the table its rows fill ({@code
 * Keyspace.viewAsTable}), with no index, as {@code QuerySupport} does: our "the view answers it" is
 * Cassandra 5.0.9's "this SELECT on the view prepares". Generated base tables, each given a view
 * keyed by its primary key's columns reordered, sometimes with one regular column added to the
 * partition key or the clustering; random queries on each view. A view our validator accepts must
 * be created by Cassandra too.
 */
class ViewSupportOracleTest {

  private static final long SEED = 20261202L;
  private static final int CASES = Integer.getInteger("kstudio.support.cases", 2000);
  private static final CqlIdentifier KS = CqlIdentifier.of("oracle");

  /** A view of the base table: its key's columns shuffled, maybe with one regular column. */
  private static MaterializedView viewOf(Random r, Table base, int n) {
    List<CqlIdentifier> keyColumns = new ArrayList<>(base.primaryKey().allColumns());
    java.util.Collections.shuffle(keyColumns, r);
    List<Column> regular =
        base.columns().stream()
            .filter(c -> !c.isStatic() && !base.primaryKey().isKeyColumn(c.name()))
            .filter(c -> c.type() instanceof NativeType)
            .toList();
    if (!regular.isEmpty() && r.nextInt(3) != 0) {
      keyColumns.add(
          r.nextInt(keyColumns.size() + 1), regular.get(r.nextInt(regular.size())).name());
    }
    int partition = 1 + r.nextInt(Math.min(2, keyColumns.size()));
    List<PrimaryKey.ClusteringColumn> clustering = new ArrayList<>();
    for (CqlIdentifier c : keyColumns.subList(partition, keyColumns.size())) {
      clustering.add(
          new PrimaryKey.ClusteringColumn(
              c, r.nextBoolean() ? ClusteringOrder.ASC : ClusteringOrder.DESC));
    }
    PrimaryKey key = new PrimaryKey(List.copyOf(keyColumns.subList(0, partition)), clustering);
    // Static columns are not in a view ("Static columns ... are not supported"): name the others.
    List<CqlIdentifier> selected =
        base.columns().stream().filter(c -> !c.isStatic()).map(Column::name).toList();
    return new MaterializedView(
        CqlIdentifier.of("v" + n),
        base.name(),
        r.nextInt(4) == 0 && base.columns().stream().noneMatch(Column::isStatic)
            ? List.of()
            : selected,
        key.allColumns(),
        "",
        key,
        TableOptions.none());
  }

  private static Keyspace keyspaceOf(Table base, MaterializedView view) {
    return new Keyspace(
        KS,
        new KeyspaceDefinition(Replication.simple(1), true),
        List.of(),
        List.of(base),
        List.of(),
        List.of(view));
  }

  /** Whether our validator finds no error in the keyspace (views are enabled on the oracle). */
  private static boolean accepted(Keyspace ks) {
    return Validator.validate(new Schema(List.of(ks), List.of())).stream()
        .noneMatch(p -> p.severity() == Severity.ERROR && !p.rule().id().equals("VIEW-DISABLED"));
  }

  @Test
  void aViewAnswersAQueryExactlyWhenCassandraPreparesTheSelectOnIt() {
    Random r = new Random(SEED);
    List<String> prelude =
        List.of(
            "CREATE KEYSPACE oracle WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1}");
    Map<String, Integer> verdicts = new TreeMap<>();
    List<String> mismatches = new ArrayList<>();
    int views = 0;
    int refusedViews = 0;
    int pairs = 0;
    for (GeneratedQueries.Case generated : GeneratedQueries.generate(CASES / 4, SEED)) {
      Table base = generated.table().withOptions(TableOptions.none());
      MaterializedView view = viewOf(r, base, views + refusedViews);
      Keyspace ks = keyspaceOf(base, view);
      boolean ours = accepted(ks);
      if (!ours) {
        refusedViews++;
        continue;
      }
      views++;
      List<String> schema = new ArrayList<>(prelude);
      schema.add(CqlWriter.createTable(KS, base));
      schema.add(CqlWriter.createView(KS, view, base));
      Table rows = ks.viewAsTable(view);
      assertThat(rows).as("the rows of %s", schema).isNotNull();
      for (int q = 0; q < 4; q++) {
        GeneratedQueries.Case c = GeneratedQueries.queryOn(r, rows);
        String select = SelectBuilder.select(KS, view.name(), c.query());
        // The keyspace dropped, then created again with the view: Cassandra's offline schema
        // cannot alter a keyspace that holds views (its table reference cache has no entry for a
        // view created anew, as each install's is).
        SelectOracle.install(List.of());
        String cassandra = SelectOracle.prepare(schema, select, IndexedColumns.none());
        List<SupportCheck.Finding> findings =
            SupportCheck.check(rows, IndexedColumns.none(), c.query());
        boolean supported = SupportCheck.supported(findings);
        pairs++;
        verdicts.merge(
            cassandra == null ? "(prepares)" : cassandra.replaceAll("[0-9]+", "N"),
            1,
            Integer::sum);
        if (supported != (cassandra == null)) {
          mismatches.add(
              schema.get(2)
                  + "\n    "
                  + select
                  + "\n    Cassandra: "
                  + (cassandra == null ? "prepares" : cassandra)
                  + "\n    ours: "
                  + findings);
        }
      }
    }
    System.out.println(
        views
            + " generated views ("
            + refusedViews
            + " our validator refused, left out), "
            + pairs
            + " queries on them, "
            + mismatches.size()
            + " mismatches");
    System.out.println("  Cassandra's verdicts: " + verdicts);
    mismatches.stream().limit(20).forEach(m -> System.out.println("  MISMATCH " + m));
    assertThat(views).isGreaterThan(CASES / 8);
    assertThat(verdicts).containsKey("(prepares)").hasSizeGreaterThan(3);
    assertThat(mismatches).as("queries where our verdict on the view is not Cassandra's").isEmpty();
  }

  /**
   * The clustering order a view's key holds in our model is the order Cassandra keeps its rows in,
   * read from its schema after the statements are applied: for the view as we write it, and for the
   * same view with {@code CLUSTERING ORDER BY} left out (each column the base table clusters then
   * keeps the base table's order, {@code CreateViewStatement.getType}).
   */
  @Test
  void aViewsKeyHoldsTheClusteringOrderCassandraKeepsItsRowsIn() {
    Random r = new Random(SEED + 1);
    String keyspace =
        "CREATE KEYSPACE oracle WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1}";
    List<String> mismatches = new ArrayList<>();
    int statements = 0;
    int inherited = 0;
    int n = 0;
    for (GeneratedQueries.Case generated : GeneratedQueries.generate(CASES / 4, SEED + 1)) {
      Table base = generated.table().withOptions(TableOptions.none());
      MaterializedView view = viewOf(r, base, n++);
      boolean ours = accepted(keyspaceOf(base, view));
      if (!ours) {
        continue;
      }
      PrimaryKey ascending =
          new PrimaryKey(
              view.primaryKey().partitionKey(),
              view.primaryKey().clustering().stream()
                  .map(c -> new PrimaryKey.ClusteringColumn(c.name(), ClusteringOrder.ASC))
                  .toList());
      for (String statement :
          List.of(
              CqlWriter.createView(KS, view, base),
              CqlWriter.createView(KS, view.withPrimaryKey(ascending), null))) {
        List<String> schema = List.of(keyspace, CqlWriter.createTable(KS, base), statement);
        MaterializedView read =
            CqlImporter.read(String.join(";\n", schema) + "\n", "view.cql")
                .schema()
                .keyspace(KS)
                .flatMap(k -> k.view(view.name()))
                .orElseThrow();
        List<String> ourOrder =
            read.primaryKey().clustering().stream()
                .map(c -> c.name().asInternal() + " " + c.order())
                .toList();
        SelectOracle.install(List.of());
        SelectOracle.install(schema);
        List<String> kept = SelectOracle.keptOrder(KS.asInternal(), view.name().asInternal());
        statements++;
        if (!statement.contains("CLUSTERING ORDER")
            && kept.stream().anyMatch(k -> k.endsWith("DESC"))) {
          inherited++;
        }
        if (!ourOrder.equals(kept)) {
          mismatches.add(statement + "\n    Cassandra keeps: " + kept + "\n    ours: " + ourOrder);
        }
      }
    }
    System.out.println(
        statements
            + " view statements applied, "
            + inherited
            + " of them without a clustering order and keeping a base column descending, "
            + mismatches.size()
            + " mismatches");
    mismatches.stream().limit(20).forEach(m -> System.out.println("  MISMATCH " + m));
    assertThat(inherited).isGreaterThan(CASES / 40);
    assertThat(mismatches).as("views whose kept order is not our key's").isEmpty();
  }
}
