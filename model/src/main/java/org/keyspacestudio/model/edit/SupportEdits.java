package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.mapping.MappedTable;
import org.keyspacestudio.model.mapping.Mapper;
import org.keyspacestudio.model.mapping.Mapping;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.support.QueryColumns;
import org.keyspacestudio.model.support.QueryKey;
import org.keyspacestudio.model.support.QuerySupport;
import org.keyspacestudio.model.support.SupportCheck;
import org.keyspacestudio.model.support.SupportRule;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Severity;
import org.keyspacestudio.model.validate.Validator;
import org.keyspacestudio.model.workflow.Query;

/**
 * The fixes for a table that does not answer its query ({@code SUPPORT-*}), none of them safe (a
 * key or the tables change):
 *
 * <ul>
 *   <li>the table keyed again for the query ({@link QueryKey}), offered only when Cassandra would
 *       then prepare the query's SELECT without the problem, every other query the table answered
 *       stays answered, and the keyspace gains no error (a view on the table, an index on its only
 *       partition key column);
 *   <li>the query mapped to another table: one that already answers it, else a new table as the
 *       mapping makes it (the table it was on stays, and no longer counts as answering it); for a
 *       query no table answers ({@code SUPPORT-NO-TABLE}), the same without a table to leave;
 *   <li>when no key answers the query as it is (a range on one attribute and an order by another,
 *       two ranges, an order by an attribute given by {@code IN}): the query changed so that the
 *       application does that part, and the table keyed for it in the same step: its order by
 *       dropped (the application sorts), one range kept and the others dropped (the application
 *       filters), both when neither alone serves, or an {@code IN} made {@code =} (the application
 *       runs it once per value); each offered only when the table then answers it, as Cassandra's
 *       {@code StatementRestrictions} allows; no new table is offered then (it would be keyed as no
 *       key serves the query). A query on no table whose mapping would make a table that does not
 *       answer it gets the same changes, each offered when the mapping's table then answers it.
 * </ul>
 */
public final class SupportEdits {

  private SupportEdits() {}

  /**
   * The fixes for a problem of query support, best first.
   *
   * @param project the project, not null
   * @param problem a problem whose rule is a {@link SupportRule}, not null
   * @return the fixes; empty for other problems, for a query that names attributes the conceptual
   *     model lacks, and when neither a key nor a table helps (two ranges in one query)
   */
  public static List<Fix> fixes(Project project, Problem problem) {
    if (!(problem.rule() instanceof SupportRule rule) || problem.element() == null) {
      return List.of();
    }
    if (rule == SupportRule.NO_TABLE && problem.element().kind() == ElementRef.Kind.QUERY) {
      Query q = project.workflow().query(problem.element().object().asInternal()).orElse(null);
      return q == null ? List.of() : onNoTable(project, q);
    }
    if ((problem.element().kind() != ElementRef.Kind.TABLE
            && problem.element().kind() != ElementRef.Kind.VIEW)
        || rule == SupportRule.ATTRIBUTE_MISSING
        || rule == SupportRule.CONFLICTING_RESTRICTIONS) {
      return List.of();
    }
    // The problem names its query ("Q6 on ranks: ..."): its fixes only, not the table's other
    // queries' with the same finding.
    String named = problem.message().contains(" on ") ? problem.message().split(" on ", 2)[0] : "";
    List<Query> on = queriesOn(project, problem.element());
    if (on.stream().anyMatch(q -> q.id().equals(named))) {
      on = on.stream().filter(q -> q.id().equals(named)).toList();
    }
    List<Fix> out = new ArrayList<>();
    for (Query q : on) {
      var answer = QuerySupport.answer(project, q, problem.element()).orElse(null);
      if (answer != null && answer.findings().stream().anyMatch(f -> f.rule() == rule)) {
        out.addAll(fixes(project, q, problem.element()));
      }
    }
    return out;
  }

  /**
   * The fixes for a query no table answers yet ({@code SUPPORT-NO-TABLE}): mapped as the mapping
   * makes its first table; or, when that table would not answer it either (no key serves the query
   * as asked), the query changed so that the application does that part, each change offered when
   * the mapping's table then answers it.
   *
   * @param project the project, not null
   * @param q the query, not null
   * @return the fixes, best first; empty when the mapping offers no table (its problems say why)
   */
  public static List<Fix> onNoTable(Project project, Query q) {
    if (mappingAnswers(project, q)) {
      return mapFix(project, q, null, true).stream().toList();
    }
    return changesOnNoTable(project, q);
  }

  /**
   * The changes of a query on no table that the mapping's tables would not answer as asked (the
   * caller knows they would not): each offered when the mapping's first table then answers it.
   *
   * @param project the project, not null
   * @param q the query, not null
   * @return the fixes, best first
   */
  public static List<Fix> changesOnNoTable(Project project, Query q) {
    return queryChanges(project, q, null);
  }

  /**
   * The fixes for one query on one table that does not answer it in one partition, best first.
   *
   * @param project the project, not null
   * @param q the query, not null
   * @param table a table or materialized view that answers it (mapped to it, or the target of its
   *     arrow), not null; for a view, the fix is the query on a new table (or another that answers
   *     it)
   * @return the fixes: empty when the table answers the query in one partition, lacks a column for
   *     it (that fix is {@link MappingEdits#addMissingColumns}), or the query restricts a column
   *     twice where Cassandra allows once (no table helps)
   */
  public static List<Fix> fixes(Project project, Query q, ElementRef table) {
    var answer = QuerySupport.answer(project, q, table).orElse(null);
    if (answer == null
        || !answer.missing().isEmpty()
        || answer.findings().isEmpty()
        || answer.findings().stream()
            .anyMatch(f -> f.rule() == SupportRule.CONFLICTING_RESTRICTIONS)) {
      return List.of();
    }
    if (table.kind() == ElementRef.Kind.VIEW) {
      // A view is keyed and indexed by its base table's columns alone (no index on a view): the
      // query goes to a table of its own, or to another that answers it.
      return mapFix(project, q, table, true).stream().toList();
    }
    Set<SupportRule> rules = EnumSet.noneOf(SupportRule.class);
    answer.findings().forEach(f -> rules.add(f.rule()));
    List<Fix> out = new ArrayList<>();
    IndexFixes.storageAttached(
            project,
            table,
            org.keyspacestudio.model.support.ScriptSelect.of(table.object(), answer.tableQuery()),
            q.id())
        .ifPresent(out::add);
    String label = keyLabel(project, table, q.id(), rules);
    if (label != null) {
      out.add(new Fix(label, keyFor(table, q.id(), rules, label), false));
    }
    boolean noKey = noKeyServes(project, q, table);
    if (noKey) {
      out.addAll(queryChanges(project, q, table));
    }
    // A new table would be keyed as no key serves the query: only one that answers it now helps.
    mapFix(project, q, table, !noKey).ifPresent(out::add);
    return out;
  }

  /**
   * Whether no primary key of the table lets Cassandra prepare the query's SELECT without an error,
   * whatever its other queries need (two ranges, a range and an order by another column).
   */
  private static boolean noKeyServes(Project project, Query q, ElementRef ref) {
    Project out = withKey(project, ref, q);
    var after = out == null ? null : QuerySupport.answer(out, q, ref).orElse(null);
    return after != null && !SupportCheck.supported(after.findings());
  }

  /**
   * The project with the table keyed for the query as {@link QueryKey} keys it (the project itself
   * when the key would not change); null when the table, or a column the query needs, is missing.
   */
  private static Project withKey(Project p, ElementRef ref, Query q) {
    Keyspace ks = p.schema().keyspace(ref.keyspace()).orElse(null);
    Table t = ks == null ? null : ks.table(ref.object()).orElse(null);
    if (t == null) {
      return null;
    }
    Map<String, AttributeRef> sources =
        p.mapping()
            .table(ref)
            .<Map<String, AttributeRef>>map(MappedTable::sources)
            .orElse(Map.of());
    var resolved = QueryColumns.resolve(q, t, sources);
    if (!resolved.missing().isEmpty()) {
      return null;
    }
    Table keyed = QueryKey.keyed(t, resolved.query()).orElse(null);
    if (keyed == null) {
      return p;
    }
    List<Table> tables = new ArrayList<>();
    for (Table x : ks.tables()) {
      tables.add(x == t ? keyed : x);
    }
    return p.withSchema(SchemaEdits.withKeyspaceAdded(p.schema(), ks.withTables(tables)));
  }

  /**
   * The query changed so that the application does what no key lets Cassandra do, with the table
   * keyed for it when it must be: its order by dropped, one range kept and the others dropped,
   * both, or one {@code IN} made {@code =}; each when the table then answers it in one partition
   * (with no table, null: when the mapping's first table for it does).
   */
  private static List<Fix> queryChanges(Project project, Query q, ElementRef table) {
    List<Fix> out = new ArrayList<>();
    String orders = String.join(", ", q.orderBy().stream().map(Query.Ordering::toString).toList());
    if (!q.orderBy().isEmpty()) {
      changed(
              project,
              q.withOrderBy(List.of()),
              table,
              "Sort " + q.id() + "'s rows in the application: drop its order by " + orders)
          .ifPresent(out::add);
    }
    // A range is every non-equality condition on one attribute (a slice: >= and <).
    Set<AttributeRef> ranged = new java.util.LinkedHashSet<>();
    q.given().stream()
        .filter(c -> !c.operator().equality())
        .forEach(c -> ranged.add(c.attribute()));
    if (ranged.size() > 1 || !q.orderBy().isEmpty()) {
      // Each range kept in its turn, the others left to the application (with one range and an
      // order by, the range itself is what is left).
      List<List<Query.Condition>> leftOut = new ArrayList<>();
      for (AttributeRef kept : ranged) {
        leftOut.add(
            q.given().stream()
                .filter(c -> !c.operator().equality())
                .filter(c -> ranged.size() == 1 || !c.attribute().equals(kept))
                .toList());
      }
      for (List<Query.Condition> dropped : leftOut) {
        List<Query.Condition> without = new ArrayList<>(q.given());
        without.removeAll(dropped);
        String conditions =
            String.join(", ", dropped.stream().map(Query.Condition::toString).toList());
        changed(
                project,
                q.withGiven(without),
                table,
                "Filter "
                    + q.id()
                    + " by "
                    + conditions
                    + " in the application: drop "
                    + (dropped.size() == 1 ? "it" : "them")
                    + " from its Given")
            .ifPresent(out::add);
      }
      if (out.isEmpty() && !q.orderBy().isEmpty()) {
        // Neither alone serves it (a range and an order, each on a column the other needs
        // first): both at once.
        for (List<Query.Condition> dropped : leftOut) {
          List<Query.Condition> without = new ArrayList<>(q.given());
          without.removeAll(dropped);
          changed(
                  project,
                  q.withGiven(without).withOrderBy(List.of()),
                  table,
                  "Sort and filter "
                      + q.id()
                      + "'s rows in the application: drop its order by "
                      + orders
                      + " and "
                      + String.join(", ", dropped.stream().map(Query.Condition::toString).toList())
                      + " from its Given")
              .ifPresent(out::add);
        }
      }
    }
    for (int i = 0; i < q.given().size(); i++) {
      Query.Condition c = q.given().get(i);
      if (c.operator() == org.keyspacestudio.model.workflow.Operator.IN) {
        List<Query.Condition> once = new ArrayList<>(q.given());
        once.set(
            i, new Query.Condition(c.attribute(), org.keyspacestudio.model.workflow.Operator.EQ));
        changed(
                project,
                q.withGiven(once),
                table,
                "Run "
                    + q.id()
                    + " once per "
                    + c.attribute()
                    + " (the application merges the rows): give it by = instead of IN")
            .ifPresent(out::add);
      }
    }
    return out;
  }

  /**
   * A fix that puts {@code changed} in the query's place, and keys the table for it when the table
   * does not answer it as it is; empty when the table would not answer it either way.
   */
  private static Optional<Fix> changed(
      Project project, Query changed, ElementRef table, String description) {
    java.util.function.UnaryOperator<Project> change =
        p -> {
          Project asked = WorkflowEdits.setQuery(changed.id(), changed).change().apply(p);
          if (table == null) {
            // On no table yet: the mapping's first table for it must answer it.
            return mappingAnswers(asked, changed) ? asked : null;
          }
          var answer = QuerySupport.answer(asked, changed, table).orElse(null);
          if (answer == null || !answer.missing().isEmpty()) {
            return null;
          }
          if (answer.findings().isEmpty()) {
            return asked;
          }
          Set<SupportRule> left = EnumSet.noneOf(SupportRule.class);
          answer.findings().forEach(f -> left.add(f.rule()));
          Project keyed = keyed(asked, table, changed.id(), left);
          // A warning no key removes (IN on the partition key reads several partitions) stays.
          return keyed != null || !SupportCheck.supported(answer.findings()) ? keyed : asked;
        };
    Project after = change.apply(project);
    if (after == null) {
      return Optional.empty();
    }
    String label =
        table == null
                || tableAt(project, table).primaryKey().equals(tableAt(after, table).primaryKey())
            ? description
            : description
                + ", and key "
                + table.object().asCql()
                + " for it: PRIMARY KEY "
                + QueryKey.describe(tableAt(after, table).primaryKey());
    return Optional.of(
        new Fix(
            label,
            new Document.Edit(
                label,
                p -> {
                  Project out = change.apply(p);
                  return out == null ? p : out;
                }),
            false));
  }

  /**
   * Whether the first table the mapping offers for the query (in the keyspace new tables go into)
   * answers it without an error; true when it offers none (its problems say why).
   */
  private static boolean mappingAnswers(Project project, Query q) {
    CqlIdentifier keyspace = Mapping.keyspace(project, null);
    List<Mapper.Alternative> alternatives =
        Mapping.alternatives(project, q, keyspace).alternatives();
    return alternatives.isEmpty()
        || SupportCheck.supported(QuerySupport.findings(project, q, alternatives.get(0)));
  }

  private static Table tableAt(Project p, ElementRef ref) {
    return p.schema().keyspace(ref.keyspace()).flatMap(k -> k.table(ref.object())).orElseThrow();
  }

  /** The queries a table answers: mapped to it, or on a query arrow into it, in workflow order. */
  private static List<Query> queriesOn(Project project, ElementRef table) {
    List<String> ids = new ArrayList<>();
    project.mapping().table(table).ifPresent(m -> ids.addAll(m.queries()));
    for (QueryArrow a : project.diagram().arrows()) {
      if (a.to().equals(table) && !ids.contains(a.label())) {
        ids.add(a.label());
      }
    }
    return project.workflow().queriesInWorkflowOrder().stream()
        .filter(q -> ids.contains(q.id()))
        .toList();
  }

  /**
   * Keys a table again for one of its queries, as {@link QueryKey} does; one undo step. Changes
   * nothing when the project no longer has the table or the query, or the key would not answer it.
   *
   * @param table the table
   * @param queryId the query it is keyed for
   * @param rules the findings the key must remove
   * @param label the edit's name, for undo
   */
  static Document.Edit keyFor(
      ElementRef table, String queryId, Set<SupportRule> rules, String label) {
    return new Document.Edit(
        label,
        p -> {
          Project out = keyed(p, table, queryId, rules);
          return out == null ? p : out;
        });
  }

  private static String keyLabel(
      Project project, ElementRef table, String queryId, Set<SupportRule> rules) {
    Project out = keyed(project, table, queryId, rules);
    if (out == null) {
      return null;
    }
    Table before =
        project.schema().keyspace(table.keyspace()).flatMap(k -> k.table(table.object())).get();
    Table t = out.schema().keyspace(table.keyspace()).flatMap(k -> k.table(table.object())).get();
    if (t.primaryKey().equals(before.primaryKey())) {
      List<String> regular =
          before.columns().stream()
              .filter(c -> c.isStatic() && !t.column(c.name()).get().isStatic())
              .map(c -> c.name().asCql())
              .toList();
      return "Make "
          + String.join(", ", regular)
          + (regular.size() == 1 ? " a regular column" : " regular columns")
          + " of "
          + table.object().asCql()
          + " for "
          + queryId;
    }
    return "Key "
        + table.object().asCql()
        + " for "
        + queryId
        + ": PRIMARY KEY "
        + QueryKey.describe(t.primaryKey());
  }

  /**
   * The project with the table keyed for the query, or null when that does not help: when Cassandra
   * would still refuse the query, a finding of {@code rules} remains (a warning may take an error's
   * place), another query of the table would no longer be answered, or the keyspace would have more
   * errors.
   */
  private static Project keyed(Project p, ElementRef ref, String queryId, Set<SupportRule> rules) {
    Keyspace ks = p.schema().keyspace(ref.keyspace()).orElse(null);
    Table t = ks == null ? null : ks.table(ref.object()).orElse(null);
    Query q = p.workflow().query(queryId).orElse(null);
    Project out = t == null || q == null ? null : withKey(p, ref, q);
    if (out == null || out == p) {
      return null;
    }
    Keyspace changed = out.schema().keyspace(ref.keyspace()).orElseThrow();
    Table keyed = changed.table(ref.object()).orElseThrow();
    var after = QuerySupport.answer(out, q, ref).orElse(null);
    if (after == null
        || !SupportCheck.supported(after.findings())
        || after.findings().stream().anyMatch(f -> rules.contains(f.rule()))) {
      return null;
    }
    for (Query other : queriesOn(p, ref)) {
      if (!other.id().equals(queryId)
          && QuerySupport.answer(p, other, ref).map(QuerySupport.Answer::supported).orElse(false)
          && !QuerySupport.answer(out, other, ref)
              .map(QuerySupport.Answer::supported)
              .orElse(false)) {
        return null;
      }
    }
    if (errorsAround(ks, t.name()) < errorsAround(changed, keyed.name())) {
      return null;
    }
    return out;
  }

  /**
   * The schema errors of a table and what stands on it: the keyspace cut down to the table, its
   * indexes and views, and every type (what a key or an index's kind meets; the rest of a
   * 1,000-table keyspace is left out, as a fix is worked out for each problem shown).
   *
   * @return the number of errors; 0 when the keyspace has no such table
   */
  static long errorsAround(Keyspace ks, CqlIdentifier table) {
    return errorsAroundList(ks, table).size();
  }

  /**
   * The schema errors of a table and what stands on it, as {@link #errorsAround} counts them.
   *
   * @return the errors; empty when the keyspace has no such table
   */
  static List<Problem> errorsAroundList(Keyspace ks, CqlIdentifier table) {
    Table t = ks.table(table).orElse(null);
    if (t == null) {
      return List.of();
    }
    List<MaterializedView> views =
        ks.views().stream().filter(v -> v.baseTable().equals(table)).toList();
    Schema around =
        new Schema(
            List.of(
                new Keyspace(
                    ks.name(),
                    ks.definition(),
                    ks.types(),
                    List.of(t),
                    ks.indexesOn(table),
                    views)),
            List.of());
    return Validator.validate(around).stream()
        .filter(x -> x.rule().severity() == Severity.ERROR)
        .toList();
  }

  /**
   * The query mapped to another table: the first of the mapping's alternatives that is not the
   * table it is on (an existing table that answers it, else a new one, unless keyed as the table it
   * is on), into that table's keyspace (the project's for a query on no table); a new one only when
   * {@code newTables}.
   */
  private static Optional<Fix> mapFix(
      Project project, Query q, ElementRef from, boolean newTables) {
    CqlIdentifier keyspace = from != null ? from.keyspace() : Mapping.keyspace(project, null);
    if (keyspace == null) {
      return Optional.empty();
    }
    Mapper.Result r = Mapping.alternatives(project, q, keyspace);
    Table now =
        from == null
            ? null
            : project.schema().keyspace(keyspace).flatMap(k -> k.table(from.object())).orElse(null);
    for (Mapper.Alternative a : r.alternatives()) {
      if (a.reuse() != null && a.reuse().equals(from)) {
        continue;
      }
      if (a.reuse() == null && !newTables) {
        return Optional.empty();
      }
      if (a.reuse() == null && now != null && a.toTable().primaryKey().equals(now.primaryKey())) {
        // The table the mapping would make is keyed as this one is: a copy would answer no
        // better (a query giving its partition by IN reads several partitions either way).
        return Optional.empty();
      }
      String label =
          a.reuse() != null
              ? "Answer " + q.id() + " from " + a.reuse().object().asCql() + ", whose key fits it"
              : "Map "
                  + q.id()
                  + (a.createsView() ? " to a new materialized view " : " to a new table ")
                  + CqlIdentifier.of(a.table()).asCql();
      return Optional.of(new Fix(label, MappingEdits.choose(q.id(), a, keyspace), false));
    }
    return Optional.empty();
  }
}
