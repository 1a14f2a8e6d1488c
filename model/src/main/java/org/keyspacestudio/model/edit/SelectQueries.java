package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.mapping.MappedTable;
import org.keyspacestudio.model.mapping.Mapping;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.support.ScriptSelect;
import org.keyspacestudio.model.support.ScriptSelects;
import org.keyspacestudio.model.support.TableQuery;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.workflow.Query;

/**
 * A script's SELECT made a query of the application workflow: on a table the mapping made for the
 * conceptual model (each column holding an attribute), the SELECT's restrictions become what the
 * query is given, its columns what it returns, its ORDER BY its ordering, and the query is answered
 * by that table (its mapping entry and query arrow). The workflow then documents the application's
 * read, and the query-first checks (workflow rules, support, sizing) take it in.
 */
public final class SelectQueries {

  private SelectQueries() {}

  /**
   * The query the SELECT would become, or empty when it cannot: the SELECT is not read, reads a
   * table or view with no column sources (the mapping did not make it, nor a recovery read it),
   * searches a collection (CONTAINS or a map entry, which a workflow query does not take), is a
   * DISTINCT, groups, aggregates, searches by similarity (ANN OF), compares token() (no attribute
   * holds a token) or a tuple of columns (a query compares attributes one by one), or names a
   * column that holds no attribute.
   *
   * @param project the project, not null
   * @param number the statement's 1-based number among the schema's kept statements
   * @return the query, with the workflow's next free id
   */
  public static Optional<Query> queryOf(Project project, int number) {
    ScriptSelects.Checked checked = ScriptSelects.check(project.schema(), number);
    return checked == null ? Optional.empty() : queryOf(project, checked);
  }

  /**
   * As {@link #queryOf(Project, int)}, for a SELECT already checked (what the inspector lists).
   *
   * @param project the project, not null
   * @param checked the SELECT as {@link ScriptSelects} checked it in the project's schema, not null
   */
  public static Optional<Query> queryOf(Project project, ScriptSelects.Checked checked) {
    return queryOf(project, checked, null);
  }

  /**
   * As {@link #queryOf(Project, ScriptSelects.Checked)}, the query labelled {@code id} (null: the
   * workflow's next free id), for callers adding many at once.
   */
  static Optional<Query> queryOf(Project project, ScriptSelects.Checked checked, String id) {
    int number = checked.number();
    if (checked.target() == null
        || !org.keyspacestudio.model.support.QuerySupport.answers(checked.target())
        || checked.select().distinct()
        || !checked.select().groupBy().isEmpty()
        || checked.select().groupByFunction() != null
        || checked.select().aggregate()
        || !checked.select().ann().isEmpty()
        || !checked.select().token().isEmpty()
        || !checked.select().multiColumn().isEmpty()) {
      return Optional.empty();
    }
    MappedTable mapped = project.mapping().table(checked.target()).orElse(null);
    if (mapped == null || mapped.sources().isEmpty()) {
      return Optional.empty();
    }
    Map<String, AttributeRef> sources = mapped.sources();
    ScriptSelect select = checked.select();
    TableQuery q = select.query();
    List<Query.Condition> given = new ArrayList<>();
    for (TableQuery.Restriction r : q.where()) {
      AttributeRef a = sources.get(r.column().asInternal());
      if (a == null || !r.operator().workflow()) {
        return Optional.empty();
      }
      given.add(new Query.Condition(a, r.operator()));
    }
    Table table = checked.table();
    List<AttributeRef> returns = new ArrayList<>();
    List<CqlIdentifier> columns =
        q.returned().isEmpty()
            ? table.columns().stream().map(c -> c.name()).toList()
            : q.returned();
    for (CqlIdentifier c : columns) {
      AttributeRef a = sources.get(c.asInternal());
      if (a == null) {
        if (q.returned().isEmpty()) {
          continue; // * returns a column the mapping added (a bucket): not the query's.
        }
        return Optional.empty();
      }
      if (!returns.contains(a)) {
        returns.add(a);
      }
    }
    List<Query.Ordering> orderBy = new ArrayList<>();
    for (TableQuery.Order o : q.orderBy()) {
      AttributeRef a = sources.get(o.column().asInternal());
      if (a == null) {
        return Optional.empty();
      }
      orderBy.add(new Query.Ordering(a, o.direction()));
    }
    return Optional.of(
        new Query(
            id == null ? project.workflow().nextQueryId() : id,
            describe(given, returns, orderBy, number),
            given,
            returns,
            orderBy,
            size(table.primaryKey(), q)));
  }

  /**
   * What the query does, in the words of the conceptual model: "Find Comment by video_id and a
   * posted_at range, ordered by posted_at descending (the script's SELECT, statement 3)"; the
   * entity or relationship named is the one most of the returned attributes belong to.
   */
  static String describe(
      List<Query.Condition> given,
      List<AttributeRef> returns,
      List<Query.Ordering> orderBy,
      int number) {
    Map<String, Integer> owners = new java.util.LinkedHashMap<>();
    (returns.isEmpty() ? given.stream().map(Query.Condition::attribute).toList() : returns)
        .forEach(a -> owners.merge(a.owner(), 1, Integer::sum));
    String owner =
        owners.entrySet().stream()
            .max(Map.Entry.comparingByValue())
            .map(Map.Entry::getKey)
            .orElse("rows");
    List<String> by = new ArrayList<>();
    for (Query.Condition c : given) {
      String said =
          c.operator().range()
              ? "a " + c.attribute().attribute() + " range"
              : c.attribute().attribute();
      if (!by.contains(said)) {
        by.add(said);
      }
    }
    StringBuilder out = new StringBuilder("Find ").append(owner);
    if (!by.isEmpty()) {
      out.append(" by ").append(and(by));
    }
    if (!orderBy.isEmpty()) {
      out.append(", ordered by ")
          .append(org.keyspacestudio.model.workflow.QueryText.describeOrderBy(orderBy));
    }
    return out.append(" (the script's SELECT, statement ").append(number).append(')').toString();
  }

  /** "a", "a and b", "a, b and c". */
  private static String and(List<String> words) {
    if (words.size() == 1) {
      return words.get(0);
    }
    return String.join(", ", words.subList(0, words.size() - 1))
        + " and "
        + words.get(words.size() - 1);
  }

  /**
   * The fix adding the SELECT to the workflow as a query answered by the table it reads, or empty
   * as {@link #queryOf} says, or when a query the table answers already gives, returns and orders
   * by the same attributes. Not safe: the workflow gains a query.
   *
   * @param project the project, not null
   * @param number the statement's 1-based number among the schema's kept statements
   */
  public static Optional<Fix> addToWorkflow(Project project, int number) {
    ScriptSelects.Checked checked = ScriptSelects.check(project.schema(), number);
    return checked == null ? Optional.empty() : addToWorkflow(project, checked);
  }

  /**
   * As {@link #addToWorkflow(Project, int)}, for a SELECT already checked (what the inspector
   * lists).
   *
   * @param project the project, not null
   * @param checked the SELECT as {@link ScriptSelects} checked it in the project's schema, not null
   */
  public static Optional<Fix> addToWorkflow(Project project, ScriptSelects.Checked checked) {
    Query query = queryOf(project, checked).orElse(null);
    if (query == null) {
      return Optional.empty();
    }
    ElementRef table = checked.target();
    for (Query q : project.workflow().queries()) {
      boolean same =
          q.given().equals(query.given())
              && q.returns().equals(query.returns())
              && q.orderBy().equals(query.orderBy());
      if (same
          && project.mapping().tablesOf(q.id()).stream().anyMatch(m -> m.table().equals(table))) {
        // The workflow has it already, answered by the same table.
        return Optional.empty();
      }
    }
    String label =
        "Add this SELECT to the workflow as "
            + query.id()
            + ", answered by "
            + (table.keyspace() == null ? "" : table.keyspace().asCql() + ".")
            + table.object().asCql();
    Document.Edit edit =
        new Document.Edit(
            label,
            p -> {
              MappedTable mapped = p.mapping().table(table).orElse(null);
              if (mapped == null || p.workflow().query(query.id()).isPresent()) {
                return p;
              }
              List<Query> queries = new ArrayList<>(p.workflow().queries());
              queries.add(query);
              List<String> answered = new ArrayList<>(mapped.queries());
              answered.add(query.id());
              Project out =
                  p.withWorkflow(p.workflow().withQueries(queries))
                      .withMapping(p.mapping().with(table, mapped.withQueries(answered)));
              List<QueryArrow> arrows = new ArrayList<>(out.diagram().arrows());
              arrows.add(
                  new QueryArrow(query.id(), Mapping.arrowSource(out, query.id(), table), table));
              return out.withDiagram(out.diagram().withArrows(arrows));
            });
    return Optional.of(new Fix(label, edit, false));
  }

  /**
   * How many rows the SELECT reads: one row when it gives the whole primary key by =, one partition
   * when it gives the partition key by =, many partitions otherwise.
   */
  private static Query.ResultSize size(PrimaryKey key, TableQuery q) {
    java.util.Set<CqlIdentifier> byEq = new java.util.HashSet<>();
    q.where().stream().filter(r -> r.operator() == Operator.EQ).forEach(r -> byEq.add(r.column()));
    if (!byEq.containsAll(key.partitionKey())) {
      return Query.ResultSize.MANY;
    }
    return key.clustering().stream().allMatch(cc -> byEq.contains(cc.name()))
        ? Query.ResultSize.ROW
        : Query.ResultSize.PARTITION;
  }
}
