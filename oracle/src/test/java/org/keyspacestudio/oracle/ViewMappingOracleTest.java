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

  /**
   * After a view is chosen, the models change under it (its query returns another attribute its
   * base table holds, the base table's own query stops returning one the view needs, or the base
   * table's queries go) and the project is mapped again: every view left is created by Cassandra
   * 5.0.9 and each query mapped to it prepares on it, and every query answered before still is.
   */
  @Test
  void everyViewMappingAgainLeavesIsCreatedByCassandraAndAnswersItsQueries() {
    java.util.Random r = new java.util.Random(SEED);
    int changed = 0;
    int followed = 0;
    int replaced = 0;
    int kept = 0;
    List<String> mismatches = new ArrayList<>();
    for (Project p : GeneratedProjects.generate(PROJECTS, SEED + 1)) {
      for (Query q : p.workflow().queries()) {
        Mapper.Alternative a =
            Mapping.alternatives(p, q, GEN).alternatives().stream()
                .filter(Mapper.Alternative::createsView)
                .findFirst()
                .orElse(null);
        if (a == null) {
          continue;
        }
        Project chosen = MappingEdits.choose(q.id(), a, GEN).change().apply(p);
        var viewRef =
            org.keyspacestudio.model.schema.ElementRef.view(GEN, CqlIdentifier.of(a.table()));
        var baseRef = org.keyspacestudio.model.schema.ElementRef.table(GEN, a.viewOf());
        Project before = changedUnder(chosen, q, baseRef, r);
        if (before == null) {
          continue;
        }
        changed++;
        var plan = org.keyspacestudio.model.mapping.Remap.plan(before, GEN);
        Project after = MappingEdits.remap(plan, r.nextBoolean()).change().apply(before);
        var ks = after.schema().keyspace(GEN).orElseThrow();
        var made = ks.view(viewRef.object()).orElse(null);
        if (made == null) {
          replaced++;
        } else if (!made.equals(
            before.schema().keyspace(GEN).orElseThrow().view(viewRef.object()).orElseThrow())) {
          followed++;
        }
        if (ks.table(baseRef.object()).isPresent()
            && !chosen.mapping().table(baseRef).orElseThrow().queries().isEmpty()
            && before.mapping().table(baseRef).orElseThrow().queries().stream()
                .noneMatch(id -> before.workflow().query(id).isPresent())) {
          kept++;
        }
        List<String> schema = GeneratedProjects.statements(after);
        SelectOracle.install(List.of());
        try {
          SelectOracle.install(schema);
        } catch (RuntimeException e) {
          mismatches.add(q.id() + " mapped again: Cassandra: " + e.getMessage());
          continue;
        }
        for (Query x : after.workflow().queries()) {
          if (!before.mapping().tablesOf(x.id()).isEmpty()
              && after.mapping().tablesOf(x.id()).isEmpty()) {
            mismatches.add(x.id() + " was answered and is not after mapping again");
          }
        }
        for (var v : ks.views()) {
          var ref = org.keyspacestudio.model.schema.ElementRef.view(GEN, v.name());
          var entry = after.mapping().table(ref).orElse(null);
          Table rows = ks.viewAsTable(v);
          if (entry == null || rows == null) {
            mismatches.add(v.name() + ": no mapping entry or rows after mapping again");
            continue;
          }
          for (String id : entry.queries()) {
            Query x = after.workflow().query(id).orElseThrow();
            QueryColumns.Resolved resolved = QueryColumns.resolve(x, rows, entry.sources());
            if (!resolved.missing().isEmpty()) {
              mismatches.add(id + " on " + v.name() + ": missing " + resolved.missing());
              continue;
            }
            String select = SelectBuilder.select(GEN, v.name(), resolved.query());
            SelectOracle.install(List.of());
            String verdict = SelectOracle.prepare(schema, select, IndexedColumns.none());
            if (verdict != null) {
              mismatches.add(select + "\n    Cassandra: " + verdict);
            }
          }
        }
      }
    }
    System.out.println(
        changed
            + " views with the models changed under them and mapped again: "
            + followed
            + " made again, "
            + replaced
            + " given way to a table, "
            + kept
            + " base tables kept for their view; "
            + mismatches.size()
            + " mismatches");
    mismatches.stream().limit(20).forEach(m -> System.out.println("  MISMATCH " + m));
    assertThat(followed).isGreaterThan(0);
    assertThat(replaced).isGreaterThan(0);
    assertThat(kept).isGreaterThan(0);
    assertThat(mismatches).as("views mapping again leaves that Cassandra refuses").isEmpty();
  }

  /**
   * One change of the models under a chosen view, picked by {@code r}: its query returns one more
   * attribute its base table holds, the base table's first query stops returning one the view's
   * query needs, or the base table's queries go; null when the pick cannot be made.
   */
  private static Project changedUnder(
      Project p, Query q, org.keyspacestudio.model.schema.ElementRef base, java.util.Random r) {
    var entry = p.mapping().table(base).orElseThrow();
    List<Query> queries = new ArrayList<>(p.workflow().queries());
    switch (r.nextInt(3)) {
      case 0 -> {
        var more =
            entry.sources().values().stream()
                .distinct()
                .filter(x -> !q.attributes().contains(x))
                .toList();
        if (more.isEmpty()) {
          return null;
        }
        List<org.keyspacestudio.model.conceptual.AttributeRef> returns =
            new ArrayList<>(q.returns());
        returns.add(more.get(r.nextInt(more.size())));
        queries.replaceAll(x -> x.id().equals(q.id()) ? x.withReturns(returns) : x);
      }
      case 1 -> {
        if (entry.queries().isEmpty()) {
          return null;
        }
        Query own = p.workflow().query(entry.queries().get(0)).orElseThrow();
        var needed = own.returns().stream().filter(q.returns()::contains).toList();
        if (needed.isEmpty()) {
          return null;
        }
        var dropped = needed.get(r.nextInt(needed.size()));
        var returns = own.returns().stream().filter(x -> !x.equals(dropped)).toList();
        if (returns.isEmpty()) {
          return null;
        }
        queries.replaceAll(x -> x.id().equals(own.id()) ? x.withReturns(returns) : x);
      }
      default -> queries.removeIf(x -> entry.queries().contains(x.id()));
    }
    return p.withWorkflow(p.workflow().withQueries(queries));
  }
}
