package org.keyspacestudio.model.mapping;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.Task;
import org.keyspacestudio.model.workflow.Transition;
import org.keyspacestudio.model.workflow.Workflow;

/** Mapping a project's queries: which keyspace, which alternatives, which arrows. */
public final class Mapping {

  private Mapping() {}

  /**
   * The keyspace new tables go into: the one named, else the project's only named keyspace (or its
   * first), else {@code app}.
   */
  public static CqlIdentifier keyspace(Project project, String named) {
    if (named != null && !named.isBlank()) {
      return CqlIdentifier.fromCql(named);
    }
    return project.schema().keyspaces().stream()
        .map(Keyspace::name)
        .filter(java.util.Objects::nonNull)
        .findFirst()
        .orElse(CqlIdentifier.of("app"));
  }

  /**
   * The alternatives for one query of the project, new tables going into {@code keyspace}: the
   * mapped tables and views that answer it already, the new tables the mapping rules make, then the
   * materialized views over mapped tables that could stand for those new tables ({@link
   * ViewAlternatives}).
   */
  public static Mapper.Result alternatives(Project project, Query query, CqlIdentifier keyspace) {
    Optional<Keyspace> ks = project.schema().keyspace(keyspace);
    List<Mapper.Reusable> reusable = new ArrayList<>();
    Set<String> taken = new HashSet<>();
    Map<ElementRef, MappedTable> byTable = new HashMap<>();
    project.mapping().tables().forEach(m -> byTable.putIfAbsent(m.table(), m));
    if (ks.isPresent()) {
      for (Table t : ks.get().tables()) {
        taken.add(t.name().asInternal());
        ElementRef ref = ElementRef.table(keyspace, t.name());
        MappedTable mapped = byTable.get(ref);
        if (mapped != null && !mapped.sources().isEmpty()) {
          reusable.add(
              new Mapper.Reusable(
                  ref,
                  t,
                  mapped.sources(),
                  org.keyspacestudio.model.support.IndexedColumns.of(ks.get(), t).equality()));
        }
      }
      // A mapped materialized view answers as its rows do, with no index (none is allowed on one).
      for (var v : ks.get().views()) {
        taken.add(v.name().asInternal());
        ElementRef ref = ElementRef.view(keyspace, v.name());
        MappedTable mapped = byTable.get(ref);
        Table rows = ks.get().viewAsTable(v);
        if (mapped != null && !mapped.sources().isEmpty() && rows != null) {
          reusable.add(new Mapper.Reusable(ref, rows, mapped.sources(), Set.of()));
        }
      }
    }
    Mapper.Result result = Mapper.alternatives(project.conceptual(), query, reusable, taken);
    if (ks.isEmpty() || result.alternatives().isEmpty()) {
      return result;
    }
    List<Mapper.Alternative> views =
        ViewAlternatives.of(ks.get(), query, result.alternatives(), byTable);
    List<Mapper.Alternative> all = new ArrayList<>(result.alternatives());
    Set<List<Mapper.MappedColumn>> reused = new HashSet<>();
    all.stream().filter(a -> a.reuse() != null).forEach(a -> reused.add(a.columns()));
    views.stream().filter(v -> !reused.contains(v.columns())).forEach(all::add);
    return new Mapper.Result(all, result.problems());
  }

  /**
   * Where a query's arrow comes from in the logical diagram, following the workflow: the table of a
   * query that runs before it, or null for an entry arrow. Before a query on a transition run those
   * on the transitions into the task it leaves, then those of that task; before a query of a task,
   * those on the transitions into it, then those of the tasks they leave, then the task's queries
   * listed before it. Of those, the first whose rows hold every attribute the query gives by
   * equality (it gives them or returns them: the value the application passes on) is taken; when
   * none does, the first of those before the task's own (the Chebotko method's arrow: the query
   * runs after that one, with values the user chose from its results).
   */
  public static ElementRef arrowSource(Project project, String queryId, ElementRef target) {
    return new ArrowSources(project).of(queryId, target);
  }

  /**
   * {@link #arrowSource} for many queries of one project: the workflow and the mapping indexed
   * once, so that each query's source costs the transitions and tasks around it, not the whole
   * workflow (a recovered schema of thousands of tables asks it of every query).
   */
  public static final class ArrowSources {
    private final Map<String, List<Transition>> leavingWith = new HashMap<>();
    private final Map<String, List<Transition>> into = new HashMap<>();
    private final Map<String, Task> tasks = new HashMap<>();
    private final Map<String, List<Task>> running = new HashMap<>();
    private final Map<String, List<ElementRef>> tablesOf = new HashMap<>();
    private final Map<String, Query> queries = new HashMap<>();
    private final Map<String, Set<org.keyspacestudio.model.conceptual.AttributeRef>> held =
        new HashMap<>();

    /**
     * @param project the project whose workflow and mapping are read, not null
     */
    public ArrowSources(Project project) {
      Workflow w = project.workflow();
      for (Transition t : w.transitions()) {
        into.computeIfAbsent(t.to(), k -> new ArrayList<>()).add(t);
        if (t.from() != null) {
          for (String q : new java.util.LinkedHashSet<>(t.queries())) {
            leavingWith.computeIfAbsent(q, k -> new ArrayList<>()).add(t);
          }
        }
      }
      for (Task task : w.tasks()) {
        tasks.putIfAbsent(task.name(), task);
        for (String q : new java.util.LinkedHashSet<>(task.queries())) {
          running.computeIfAbsent(q, k -> new ArrayList<>()).add(task);
        }
      }
      for (Query q : w.queries()) {
        queries.putIfAbsent(q.id(), q);
      }
      for (MappedTable m : project.mapping().tables()) {
        for (String q : new java.util.LinkedHashSet<>(m.queries())) {
          tablesOf.computeIfAbsent(q, k -> new ArrayList<>()).add(m.table());
        }
      }
    }

    /** As {@link Mapping#arrowSource}: the table its arrow comes from, or null for an entry. */
    public ElementRef of(String queryId, ElementRef target) {
      for (Transition t : leavingWith.getOrDefault(queryId, List.of())) {
        List<String> before = new ArrayList<>();
        for (Transition in : into.getOrDefault(t.from(), List.of())) {
          before.addAll(in.queries());
        }
        Task from = tasks.get(t.from());
        if (from != null) {
          before.addAll(from.queries());
        }
        ElementRef found = firstTable(queryId, before, List.of(), target);
        if (found != null) {
          return found;
        }
      }
      for (Task task : running.getOrDefault(queryId, List.of())) {
        List<String> before = new ArrayList<>();
        List<String> previousTasks = new ArrayList<>();
        for (Transition in : into.getOrDefault(task.name(), List.of())) {
          before.addAll(in.queries());
          if (in.from() != null && !in.from().equals(task.name())) {
            Task previous = tasks.get(in.from());
            if (previous != null) {
              previousTasks.addAll(previous.queries());
            }
          }
        }
        before.addAll(previousTasks);
        int at = task.queries().indexOf(queryId);
        ElementRef found = firstTable(queryId, before, task.queries().subList(0, at), target);
        if (found != null) {
          return found;
        }
      }
      return null;
    }

    /**
     * The table of the first of {@code before}, then {@code earlier}, whose rows hold what the
     * query gives by equality; else the first table of {@code before}; null when there is none.
     */
    private ElementRef firstTable(
        String queryId, List<String> before, List<String> earlier, ElementRef target) {
      Query query = queries.get(queryId);
      List<org.keyspacestudio.model.conceptual.AttributeRef> given = new ArrayList<>();
      if (query != null) {
        for (Query.Condition c : query.given()) {
          if (c.operator().equality()) {
            given.add(c.attribute());
          }
        }
      }
      if (!given.isEmpty()) {
        for (List<String> list : List.of(before, earlier)) {
          for (String q : list) {
            if (!q.equals(queryId) && heldBy(q).containsAll(given)) {
              ElementRef table = tableOf(q, target);
              if (table != null) {
                return table;
              }
            }
          }
        }
      }
      for (String q : before) {
        ElementRef table = tableOf(q, target);
        if (table != null) {
          return table;
        }
      }
      return null;
    }

    private ElementRef tableOf(String query, ElementRef target) {
      for (ElementRef table : tablesOf.getOrDefault(query, List.of())) {
        if (!table.equals(target)) {
          return table;
        }
      }
      return null;
    }

    /** What a query's rows hold: the attributes it gives and returns. */
    private Set<org.keyspacestudio.model.conceptual.AttributeRef> heldBy(String queryId) {
      return held.computeIfAbsent(
          queryId,
          id -> {
            Set<org.keyspacestudio.model.conceptual.AttributeRef> out = new HashSet<>();
            Query q = queries.get(id);
            if (q != null) {
              q.given().forEach(c -> out.add(c.attribute()));
              out.addAll(q.returns());
            }
            return out;
          });
    }
  }
}
