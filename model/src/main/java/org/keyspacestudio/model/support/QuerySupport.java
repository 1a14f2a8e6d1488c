package org.keyspacestudio.model.support;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.mapping.MappedTable;
import org.keyspacestudio.model.mapping.Mapping;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Severity;
import org.keyspacestudio.model.workflow.Query;

/**
 * Does each table answer its queries? For every query of the workflow, the tables that answer it
 * (mapped to it, or the target of a query arrow labelled with its id) are checked ({@link
 * SupportCheck}, through the columns that hold the query's attributes) and its {@code SELECT} is
 * written ({@link SelectBuilder}). What the editor shows live and {@code kstudio validate} prints.
 *
 * <p>A materialized view answers a query as a table does: it is read as the table its rows fill
 * ({@link Keyspace#viewAsTable}), its primary key deciding what a SELECT on it may restrict, with
 * no secondary index (Cassandra 5.0 refuses one on a view). A view whose base table or a named
 * column is missing answers nothing; the view's own problem says why.
 */
public final class QuerySupport {

  /**
   * One query on one table.
   *
   * @param query the query
   * @param table the table's reference
   * @param select the SELECT with {@code ?} markers (columns that are missing left out)
   * @param tableQuery the same SELECT as the support check reads it (restrictions, ordering,
   *     columns)
   * @param findings what stops or weakens it; empty when it reads one partition
   * @param missing the attributes the table has no column for
   */
  public record Answer(
      Query query,
      ElementRef table,
      String select,
      TableQuery tableQuery,
      List<SupportCheck.Finding> findings,
      List<AttributeRef> missing) {

    /** Whether Cassandra prepares the SELECT as written. */
    public boolean supported() {
      return missing.isEmpty() && SupportCheck.supported(findings);
    }
  }

  private QuerySupport() {}

  /**
   * The tables and materialized views that answer a query: mapped to it, or its arrow's target,
   * each once.
   */
  public static List<ElementRef> tablesOf(Project project, String query) {
    List<ElementRef> out = new ArrayList<>();
    for (MappedTable m : project.mapping().tablesOf(query)) {
      out.add(m.table());
    }
    for (QueryArrow a : project.diagram().arrows()) {
      if (a.label().equals(query) && answers(a.to()) && !out.contains(a.to())) {
        out.add(a.to());
      }
    }
    return out;
  }

  /** Every query on every table that answers it, in workflow order. */
  public static List<Answer> answers(Project project) {
    List<Answer> out = new ArrayList<>();
    for (Query q : project.workflow().queriesInWorkflowOrder()) {
      for (ElementRef ref : tablesOf(project, q.id())) {
        answer(project, q, ref).ifPresent(out::add);
      }
    }
    return out;
  }

  /** Whether a query arrow into this element says that the element answers its query. */
  public static boolean answers(ElementRef to) {
    return to.kind() == ElementRef.Kind.TABLE || to.kind() == ElementRef.Kind.VIEW;
  }

  /** One query on one table or view, or empty when it does not exist. */
  public static Optional<Answer> answer(Project project, Query q, ElementRef ref) {
    Optional<Keyspace> ks = project.schema().keyspace(ref.keyspace());
    Optional<Table> table = ks.map(k -> k.rowsOf(ref));
    if (table.isEmpty()) {
      return Optional.empty();
    }
    Map<String, AttributeRef> sources =
        project
            .mapping()
            .table(ref)
            .map(m -> (Map<String, AttributeRef>) m.sources())
            .orElse(Map.of());
    return Optional.of(compute(q, ref, ks.get(), table.get(), sources));
  }

  /**
   * What Cassandra would say of the query on the table a mapping alternative makes (a new table, no
   * index) or reuses (the table as it is): the alternatives follow the mapping rules, and a query
   * no key serves (a range on one attribute and an order by another) is refused on each of them.
   *
   * @param project the project, not null
   * @param q the query, not null
   * @param alternative one of {@link Mapping#alternatives}, not null
   * @return the findings, empty when the table answers the query in one partition
   */
  public static List<SupportCheck.Finding> findings(
      Project project, Query q, org.keyspacestudio.model.mapping.Mapper.Alternative alternative) {
    if (alternative.reuse() != null) {
      return answer(project, q, alternative.reuse()).map(Answer::findings).orElse(List.of());
    }
    Table table = alternative.toTable();
    QueryColumns.Resolved resolved = QueryColumns.resolve(q, table, alternative.sources());
    return resolved.missing().isEmpty()
        ? SupportCheck.check(table, Set.of(), resolved.query())
        : List.of();
  }

  private static Answer compute(
      Query q, ElementRef ref, Keyspace ks, Table table, Map<String, AttributeRef> sources) {
    QueryColumns.Resolved resolved = QueryColumns.resolve(q, table, sources);
    IndexedColumns indexes =
        ref.kind() == ElementRef.Kind.VIEW ? IndexedColumns.none() : IndexedColumns.of(ks, table);
    List<SupportCheck.Finding> findings =
        resolved.missing().isEmpty()
            ? SupportCheck.check(table, indexes, resolved.query())
            : List.of();
    return new Answer(
        q,
        ref,
        SelectBuilder.select(ref.keyspace(), table.name(), resolved.query()),
        resolved.query(),
        findings,
        resolved.missing());
  }

  /**
   * Remembers the answers of the last check, so that the next one computes only the (query, table)
   * pairs whose query, table, column sources or the keyspace's indexes changed: an edit replaces
   * only what it changes (the project's parts are immutable and shared), so after one edit the live
   * check reads the rest from here. Not thread-safe: one per editor window.
   */
  public static final class Memo {
    private Map<MemoKey, Answer> answers = new HashMap<>();

    /** Each view's rows, as last read. */
    private final org.keyspacestudio.model.schema.ViewRows views =
        new org.keyspacestudio.model.schema.ViewRows();
  }

  /** A pair's inputs, compared by identity (unchanged parts are the same objects). */
  private record MemoKey(
      ElementRef table, Query query, Table schemaTable, Object sources, Object indexes) {
    @Override
    public boolean equals(Object o) {
      return o instanceof MemoKey k
          && table.equals(k.table)
          && query == k.query
          && schemaTable == k.schemaTable
          && sources == k.sources
          && indexes == k.indexes;
    }

    @Override
    public int hashCode() {
      return table.hashCode() * 31 + System.identityHashCode(query);
    }
  }

  /**
   * The {@code queries.cql} companion of a schema: each query's SELECT on each table that answers
   * it, in workflow order, with {@code ?} markers for the application to bind; a query Cassandra
   * would refuse is commented out with the reason, one no table answers is listed as a comment.
   *
   * @return CQL text, one statement per answered query, ending with a newline; never null
   */
  public static String queriesCql(Project project) {
    StringBuilder out = new StringBuilder();
    out.append("-- The queries of the workflow, as the application runs them (bind each ?).\n");
    for (Query q : project.workflow().queriesInWorkflowOrder()) {
      out.append('\n');
      String title = "-- " + q.id() + (q.description().isBlank() ? "" : ": " + q.description());
      out.append(title.replace('\n', ' ')).append('\n');
      List<ElementRef> refs = tablesOf(project, q.id());
      if (refs.isEmpty()) {
        out.append("-- (no table answers it yet)\n");
      }
      for (ElementRef ref : refs) {
        Optional<Answer> a = answer(project, q, ref);
        if (a.isEmpty()) {
          continue;
        }
        if (a.get().supported()) {
          out.append(a.get().select()).append(";\n");
          continue;
        }
        out.append("-- Cassandra refuses it on ").append(ref).append(": ");
        out.append(
            a.get().missing().isEmpty()
                ? String.join(
                    "; ",
                    a.get().findings().stream()
                        .filter(f -> f.rule().severity() == Severity.ERROR)
                        .map(f -> f.rule().id() + " " + f.message())
                        .toList())
                : "no column for "
                    + String.join(
                        ", ", a.get().missing().stream().map(AttributeRef::toString).toList()));
        out.append("\n-- ").append(a.get().select()).append(";\n");
      }
    }
    return out.toString();
  }

  /**
   * The problems of query support: queries no table answers, and each finding of each query on each
   * of its tables, on the table (so that the diagram marks it), the message naming the query.
   */
  public static List<Problem> validate(Project project) {
    return validate(project, new Memo());
  }

  /**
   * As {@link #validate(Project)}, reusing what {@code memo} remembers of the last check and
   * remembering this one: linear in the number of queries and tables, and computing only the pairs
   * an edit changed.
   */
  public static List<Problem> validate(Project project, Memo memo) {
    List<Problem> out = new ArrayList<>();
    boolean tablesExist =
        project.schema().tableCount() > 0 || !project.mapping().tables().isEmpty();
    // The tables each query is answered by, the schema's tables and the column sources, indexed.
    Map<String, List<ElementRef>> tablesByQuery = new HashMap<>();
    Map<ElementRef, MappedTable> mapped = new HashMap<>();
    for (MappedTable m : project.mapping().tables()) {
      mapped.putIfAbsent(m.table(), m);
      for (String q : m.queries()) {
        List<ElementRef> list = tablesByQuery.computeIfAbsent(q, k -> new ArrayList<>());
        if (!list.contains(m.table())) {
          list.add(m.table());
        }
      }
    }
    for (QueryArrow a : project.diagram().arrows()) {
      if (answers(a.to())) {
        List<ElementRef> list = tablesByQuery.computeIfAbsent(a.label(), k -> new ArrayList<>());
        if (!list.contains(a.to())) {
          list.add(a.to());
        }
      }
    }
    Map<ElementRef, Table> tables = new HashMap<>();
    Map<ElementRef, Keyspace> keyspaceOf = new HashMap<>();
    for (Keyspace ks : project.schema().keyspaces()) {
      for (Table t : ks.tables()) {
        ElementRef ref = ElementRef.table(ks.name(), t.name());
        tables.putIfAbsent(ref, t);
        keyspaceOf.putIfAbsent(ref, ks);
      }
      for (var v : ks.views()) {
        ElementRef ref = ElementRef.view(ks.name(), v.name());
        if (!tablesByQuery.isEmpty() && !keyspaceOf.containsKey(ref)) {
          Table rows = memo.views.rows(ks, v);
          if (rows != null) {
            tables.put(ref, rows);
            keyspaceOf.put(ref, ks);
          }
        }
      }
    }
    Map<MemoKey, Answer> remembered = new HashMap<>();
    for (Query q : project.workflow().queriesInWorkflowOrder()) {
      List<ElementRef> refs = tablesByQuery.getOrDefault(q.id(), List.of());
      if (refs.isEmpty()) {
        if (tablesExist) {
          out.add(
              new Problem(
                  SupportRule.NO_TABLE,
                  q.id()
                      + " is answered by no table: map it (Model > Map All Queries, Ctrl+M), or draw its query arrow",
                  ElementRef.query(q.id()),
                  null));
        }
        continue;
      }
      for (ElementRef ref : refs) {
        Table table = tables.get(ref);
        if (table == null) {
          continue;
        }
        Keyspace ks = keyspaceOf.get(ref);
        MappedTable m = mapped.get(ref);
        Map<String, AttributeRef> sources = m == null ? Map.of() : m.sources();
        MemoKey key = new MemoKey(ref, q, table, sources, ks.indexes());
        Answer answer = memo.answers.get(key);
        if (answer == null) {
          answer = compute(q, ref, ks, table, sources);
        }
        remembered.put(key, answer);
        String on = q.id() + " on " + ref.object().asCql() + ": ";
        if (!answer.missing().isEmpty()) {
          out.add(
              new Problem(
                  SupportRule.ATTRIBUTE_MISSING,
                  on
                      + "no column holds "
                      + String.join(
                          ", ", answer.missing().stream().map(AttributeRef::toString).toList())
                      + "; add the column, or map the query again",
                  ref,
                  null));
        }
        for (SupportCheck.Finding f : answer.findings()) {
          out.add(new Problem(f.rule(), on + f.message(), ref, null));
        }
      }
    }
    memo.answers = remembered;
    memo.views.done();
    return out;
  }
}
