package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.mapping.MappedTable;
import org.keyspacestudio.model.mapping.Mapping;
import org.keyspacestudio.model.mapping.QueryMapping;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.reverse.RecoveryNotes;
import org.keyspacestudio.model.reverse.SchemaModels;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.support.ScriptSelects;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.Task;

/**
 * The edit that gives a schema without query-first models the models its tables imply ({@link
 * SchemaModels}): the conceptual model, the workflow with a query per table, the mapping from those
 * queries to the tables, and a query arrow to each table. One undo step.
 */
public final class ReverseEdits {

  private ReverseEdits() {}

  /**
   * The keyspace to recover models from when none is named: the first that has tables (named or
   * not), else the first; null when that is the unnamed keyspace or there is none.
   *
   * @param project the project, not null
   */
  public static CqlIdentifier keyspaceOf(Project project) {
    return project.schema().keyspaces().stream()
        .filter(k -> !k.tables().isEmpty())
        .findFirst()
        .or(() -> project.schema().keyspaces().stream().findFirst())
        .map(Keyspace::name)
        .orElse(null);
  }

  /**
   * The script's SELECTs on the recovered tables, each a query of the workflow ({@link
   * SelectQueries#queryOf}) run where its table's own query is (by its task, or on the transition
   * into it), right after it: what the application reads, where a table's primary key says only
   * what it can answer. A SELECT no query can take (an aggregate, a search of a collection, one
   * that only repeats its table's query) is left as it is.
   */
  private static Project withScriptSelects(Project p, CqlIdentifier keyspace) {
    // All at once, against the recovered project: one pass over the SELECTs and the models.
    Map<ElementRef, MappedTable> tables = new LinkedHashMap<>();
    p.mapping().tables().forEach(m -> tables.put(m.table(), m));
    Map<String, Query> byId = new HashMap<>();
    p.workflow().queries().forEach(q -> byId.put(q.id(), q));
    List<Query> queries = new ArrayList<>(p.workflow().queries());
    Map<String, List<String>> runAfter = new HashMap<>(); // a table's own query: SELECTs' ids
    List<QueryArrow> arrows = new ArrayList<>(p.diagram().arrows());
    Set<List<Object>> taken = new HashSet<>();
    int next = queries.size() + 1;
    Mapping.ArrowSources sources = new Mapping.ArrowSources(p);
    for (ScriptSelects.Checked checked : ScriptSelects.check(p.schema())) {
      ElementRef target = checked.target();
      MappedTable table = target == null ? null : tables.get(target);
      if (table == null
          || !Objects.equals(target.keyspace(), keyspace)
          || table.queries().isEmpty()) {
        continue;
      }
      String own = table.queries().get(0);
      Query q = SelectQueries.queryOf(p, checked, "Q" + next).orElse(null);
      if (q == null
          || repeats(byId.get(own), q)
          || !taken.add(List.of(target, q.given(), q.returns(), q.orderBy()))) {
        continue;
      }
      next++;
      queries.add(q);
      List<String> answered = new ArrayList<>(table.queries());
      answered.add(q.id());
      tables.put(target, table.withQueries(answered));
      runAfter.computeIfAbsent(own, k -> new ArrayList<>()).add(q.id());
      // Run by the task of the table's own query: its arrow comes from where that one's does.
      arrows.add(new QueryArrow(q.id(), sources.of(own, target), target));
    }
    if (runAfter.isEmpty()) {
      return p;
    }
    List<Task> tasks = new ArrayList<>();
    for (Task t : p.workflow().tasks()) {
      tasks.add(t.withQueries(followed(t.queries(), runAfter)));
    }
    // A table's own query run on the way into its task (from the task whose query holds the values
    // it gives): its SELECTs run there too.
    List<org.keyspacestudio.model.workflow.Transition> transitions = new ArrayList<>();
    for (var t : p.workflow().transitions()) {
      transitions.add(t.withQueries(followed(t.queries(), runAfter)));
    }
    return p.withWorkflow(
            p.workflow().withQueries(queries).withTasks(tasks).withTransitions(transitions))
        .withMapping(new QueryMapping(new ArrayList<>(tables.values())))
        .withDiagram(p.diagram().withArrows(arrows));
  }

  /** The queries, each followed by those to run right after it. */
  private static List<String> followed(List<String> queries, Map<String, List<String>> after) {
    List<String> runs = new ArrayList<>();
    for (String id : queries) {
      runs.add(id);
      runs.addAll(after.getOrDefault(id, List.of()));
    }
    return runs;
  }

  /**
   * Whether a SELECT's query only repeats its table's own: the same given and ordering, returning
   * nothing but what that query gives or returns ({@code SELECT *} by the partition key).
   */
  private static boolean repeats(Query own, Query q) {
    Set<org.keyspacestudio.model.conceptual.AttributeRef> known = new HashSet<>(own.attributes());
    return q.given().equals(own.given())
        && q.orderBy().equals(own.orderBy())
        && known.containsAll(q.returns());
  }

  private static String label(CqlIdentifier keyspace) {
    return keyspace == null ? "(unnamed)" : keyspace.asCql();
  }

  /**
   * Why the project cannot take recovered models, or null when it can: it has a conceptual model, a
   * workflow or a mapping already (recovering would replace what the user drew), or the keyspace is
   * missing or holds no table.
   *
   * @param project the project, not null
   * @param keyspace the keyspace whose tables are read; null for the unnamed keyspace (a script's
   *     tables named without one)
   */
  public static String refusal(Project project, CqlIdentifier keyspace) {
    Keyspace ks = project.schema().keyspace(keyspace).orElse(null);
    if (ks == null) {
      return "There is no keyspace " + label(keyspace) + ".";
    }
    if (ks.tables().isEmpty()) {
      return "Keyspace " + label(keyspace) + " has no table to recover models from.";
    }
    if (!project.conceptual().entities().isEmpty()
        || !project.conceptual().relationships().isEmpty()
        || !project.workflow().queries().isEmpty()
        || !project.workflow().tasks().isEmpty()
        || !project.mapping().tables().isEmpty()) {
      return "The project has a conceptual model or a workflow already; recovering would replace"
          + " them. Map its queries instead (Map all queries).";
    }
    return null;
  }

  /**
   * What recovering a keyspace's models gives: the project with them, and the models as read, with
   * the notes on each guess ({@link SchemaModels.Recovered#notes}).
   *
   * @param project the project recovered, its models, query arrows and the script's SELECTs as
   *     queries in place
   * @param models the models read from the tables, with the notes
   */
  public record Recovery(Project project, SchemaModels.Recovered models) {}

  /**
   * Recovers the models of a keyspace's tables, as {@link #recover} does.
   *
   * @param project the project, not null
   * @param keyspace the keyspace whose tables are read; null for the unnamed keyspace
   * @return the project with the models and what was read; null when {@link #refusal} gives a
   *     reason
   */
  public static Recovery recovered(Project project, CqlIdentifier keyspace) {
    if (refusal(project, keyspace) != null) {
      return null;
    }
    SchemaModels.Recovered r = SchemaModels.recover(project.schema().keyspace(keyspace).get());
    Project out =
        project.withConceptual(r.conceptual()).withWorkflow(r.workflow()).withMapping(r.mapping());
    List<QueryArrow> arrows = new ArrayList<>(out.diagram().arrows());
    Mapping.ArrowSources sources = new Mapping.ArrowSources(out);
    for (MappedTable m : r.mapping().tables()) {
      for (String q : m.queries()) {
        arrows.add(new QueryArrow(q, sources.of(q, m.table()), m.table()));
      }
    }
    Keyspace ks = project.schema().keyspace(keyspace).get();
    RecoveryNotes notes = new RecoveryNotes(keyspace, summary(r, ks), r.notes());
    return new Recovery(
        withScriptSelects(out.withDiagram(out.diagram().withArrows(arrows)), keyspace)
            .withRecovery(notes),
        r);
  }

  /**
   * What a recovery recovered, in a sentence introducing its notes: "5 entities, 6 relationships
   * and 14 queries recovered from 14 tables of killrvideo, with 12 guesses to check:".
   */
  static String summary(SchemaModels.Recovered r, Keyspace keyspace) {
    return count(r.conceptual().entities().size(), "entity", "entities")
        + ", "
        + count(r.conceptual().relationships().size(), "relationship", "relationships")
        + " and "
        + count(r.workflow().queries().size(), "query", "queries")
        + " recovered from "
        + count(keyspace.tables().size(), "table", "tables")
        + " of "
        + (keyspace.name() == null ? "the unnamed keyspace" : keyspace.name().asCql())
        + ", with "
        + count(r.notes().size(), "guess", "guesses")
        + " to check:";
  }

  private static String count(int n, String one, String many) {
    return n + " " + (n == 1 ? one : many);
  }

  /** The edit clearing the notes of the last recovery ({@link Project#recovery}). */
  public static Document.Edit clearNotes() {
    return new Document.Edit("Clear the recovery notes", p -> p.withRecovery(RecoveryNotes.NONE));
  }

  /**
   * The edit recovering the models of a keyspace's tables; it changes nothing when {@link #refusal}
   * gives a reason.
   *
   * @param keyspace the keyspace whose tables are read; null for the unnamed keyspace
   */
  public static Document.Edit recover(CqlIdentifier keyspace) {
    return new Document.Edit(
        "Recover the conceptual model and queries of " + label(keyspace),
        p -> {
          Recovery r = recovered(p, keyspace);
          return r == null ? p : r.project();
        });
  }
}
