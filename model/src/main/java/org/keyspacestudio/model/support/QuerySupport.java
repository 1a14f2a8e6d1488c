package org.keyspacestudio.model.support;

import java.util.ArrayList;
import java.util.LinkedHashMap;
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
 */
public final class QuerySupport {

  /**
   * One query on one table.
   *
   * @param query the query
   * @param table the table's reference
   * @param select the SELECT with {@code ?} markers (columns that are missing left out)
   * @param findings what stops or weakens it; empty when it reads one partition
   * @param missing the attributes the table has no column for
   */
  public record Answer(
      Query query,
      ElementRef table,
      String select,
      List<SupportCheck.Finding> findings,
      List<AttributeRef> missing) {

    /** Whether Cassandra prepares the SELECT as written. */
    public boolean supported() {
      return missing.isEmpty() && SupportCheck.supported(findings);
    }
  }

  private QuerySupport() {}

  /** The tables that answer a query: mapped to it, or its arrow's target, each once. */
  public static List<ElementRef> tablesOf(Project project, String query) {
    List<ElementRef> out = new ArrayList<>();
    for (MappedTable m : project.mapping().tablesOf(query)) {
      out.add(m.table());
    }
    for (QueryArrow a : project.diagram().arrows()) {
      if (a.label().equals(query)
          && a.to().kind() == ElementRef.Kind.TABLE
          && !out.contains(a.to())) {
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

  /** One query on one table, or empty when the table does not exist. */
  public static Optional<Answer> answer(Project project, Query q, ElementRef ref) {
    Optional<Keyspace> ks = project.schema().keyspace(ref.keyspace());
    Optional<Table> table = ks.flatMap(k -> k.table(ref.object()));
    if (table.isEmpty()) {
      return Optional.empty();
    }
    Map<String, AttributeRef> sources =
        project
            .mapping()
            .table(ref)
            .map(m -> (Map<String, AttributeRef>) m.sources())
            .orElse(Map.of());
    QueryColumns.Resolved resolved = QueryColumns.resolve(q, table.get(), sources);
    Set<org.keyspacestudio.model.cql.CqlIdentifier> indexed =
        Mapping.indexed(ks.get(), table.get());
    List<SupportCheck.Finding> findings =
        resolved.missing().isEmpty()
            ? SupportCheck.check(table.get(), indexed, resolved.query())
            : List.of();
    return Optional.of(
        new Answer(
            q,
            ref,
            SelectBuilder.select(ref.keyspace(), table.get().name(), resolved.query()),
            findings,
            resolved.missing()));
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
    List<Problem> out = new ArrayList<>();
    boolean tablesExist =
        project.schema().tableCount() > 0 || !project.mapping().tables().isEmpty();
    Map<String, List<ElementRef>> tables = new LinkedHashMap<>();
    for (Query q : project.workflow().queriesInWorkflowOrder()) {
      tables.put(q.id(), tablesOf(project, q.id()));
    }
    for (Query q : project.workflow().queriesInWorkflowOrder()) {
      List<ElementRef> refs = tables.get(q.id());
      if (refs.isEmpty()) {
        if (tablesExist) {
          out.add(
              new Problem(
                  SupportRule.NO_TABLE,
                  q.id()
                      + " is answered by no table: map it (Map Queries), or draw its query arrow",
                  ElementRef.query(q.id()),
                  null));
        }
        continue;
      }
      for (ElementRef ref : refs) {
        Optional<Answer> a = answer(project, q, ref);
        if (a.isEmpty()) {
          continue;
        }
        String on = q.id() + " on " + ref.object().asCql() + ": ";
        if (!a.get().missing().isEmpty()) {
          out.add(
              new Problem(
                  SupportRule.ATTRIBUTE_MISSING,
                  on
                      + "no column holds "
                      + String.join(
                          ", ", a.get().missing().stream().map(AttributeRef::toString).toList())
                      + "; add the column, or map the query again",
                  ref,
                  null));
        }
        for (SupportCheck.Finding f : a.get().findings()) {
          out.add(new Problem(f.rule(), on + f.message(), ref, null));
        }
      }
    }
    return out;
  }
}
