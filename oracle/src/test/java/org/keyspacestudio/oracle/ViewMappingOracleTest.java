package org.keyspacestudio.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.edit.MappingEdits;
import org.keyspacestudio.model.mapping.Mapper;
import org.keyspacestudio.model.mapping.Mapping;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.support.IndexedColumns;
import org.keyspacestudio.model.support.QueryColumns;
import org.keyspacestudio.model.support.SelectBuilder;
import org.keyspacestudio.model.validate.Severity;
import org.keyspacestudio.model.validate.Validator;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.write.CqlWriter;

/**
 * Every materialized view the mapping offers for a query of the generated query-first projects
 * ({@link GeneratedProjects}; {@code ViewAlternatives}) is one Cassandra 5.0.9 creates over the
 * mapped schema (with views enabled), our validator finds no error in it but the node setting
 * ({@code VIEW-DISABLED}), and the query's SELECT on it prepares. Prints how many projects, queries
 * and views were held.
 */
class ViewMappingOracleTest {

  private static final long SEED = Long.getLong("kstudio.views.seed", 20261203L);
  private static final int PROJECTS = Integer.getInteger("kstudio.views.cases", 300);
  private static final CqlIdentifier GEN = CqlIdentifier.of("gen");

  @Test
  void everyViewTheMappingOffersIsCreatedByCassandraAndAnswersItsQuery() {
    int queries = 0;
    int offered = 0;
    int withForeignKeyColumn = 0;
    List<String> mismatches = new ArrayList<>();
    for (Project p : GeneratedProjects.generate(PROJECTS, SEED)) {
      for (Query q : p.workflow().queries()) {
        queries++;
        for (Mapper.Alternative a : Mapping.alternatives(p, q, GEN).alternatives()) {
          if (!a.createsView()) {
            continue;
          }
          offered++;
          Project chosen = MappingEdits.choose(q.id(), a, GEN).change().apply(p);
          Keyspace ks = chosen.schema().keyspace(GEN).orElseThrow();
          MaterializedView view = ks.view(CqlIdentifier.of(a.table())).orElse(null);
          if (view == null) {
            mismatches.add(q.id() + ": choosing " + a.table() + " made no view");
            continue;
          }
          Table base = ks.table(view.baseTable()).orElseThrow();
          if (view.primaryKey().allColumns().stream()
              .anyMatch(c -> !base.primaryKey().isKeyColumn(c))) {
            withForeignKeyColumn++;
          }
          String create = CqlWriter.createView(GEN, view, base);
          List<String> ours =
              Validator.validate(chosen.schema()).stream()
                  .filter(x -> x.severity() == Severity.ERROR)
                  .filter(x -> !x.rule().id().equals("VIEW-DISABLED"))
                  .map(x -> x.rule().id() + ": " + x.message())
                  .toList();
          if (!ours.isEmpty()) {
            mismatches.add(create + "\n    ours: " + ours);
          }
          List<String> schema = GeneratedProjects.statements(chosen);
          SelectOracle.install(List.of());
          try {
            SelectOracle.install(schema);
          } catch (RuntimeException e) {
            mismatches.add(create + "\n    Cassandra: " + e.getMessage());
            continue;
          }
          Table rows = ks.viewAsTable(view);
          var mapped =
              chosen
                  .mapping()
                  .table(org.keyspacestudio.model.schema.ElementRef.view(GEN, view.name()));
          QueryColumns.Resolved resolved =
              QueryColumns.resolve(q, rows, mapped.orElseThrow().sources());
          String select = SelectBuilder.select(GEN, view.name(), resolved.query());
          SelectOracle.install(List.of());
          String verdict = SelectOracle.prepare(schema, select, IndexedColumns.none());
          if (verdict != null) {
            mismatches.add(create + "\n    " + select + "\n    Cassandra: " + verdict);
          }
        }
      }
    }
    System.out.println(
        PROJECTS
            + " generated projects, "
            + queries
            + " queries, "
            + offered
            + " views offered ("
            + withForeignKeyColumn
            + " keyed by a column outside the base key), "
            + mismatches.size()
            + " mismatches");
    mismatches.stream().limit(20).forEach(m -> System.out.println("  MISMATCH " + m));
    assertThat(offered).isGreaterThan(PROJECTS / 10);
    assertThat(withForeignKeyColumn).isGreaterThan(0);
    assertThat(mismatches).as("views offered that Cassandra refuses or cannot query").isEmpty();
  }
}
