package org.keyspacestudio.model.workflow;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * The application workflow model (Chebotko, Kashlev, Lu 2015): tasks, the transitions between them
 * (one of them the entry), and the queries Q1..Qn the transitions and tasks run. The queries decide
 * the tables (query-first design).
 *
 * <p>Looking up a task or a query by name takes constant time (the workflow indexes them when it is
 * made), so checks stay linear on large workflows.
 */
public final class Workflow {

  private final List<Task> tasks;
  private final List<Transition> transitions;
  private final List<Query> queries;
  private final java.util.Map<String, Task> taskByName = new java.util.HashMap<>();
  private final java.util.Map<String, Query> queryById = new java.util.HashMap<>();

  /**
   * A workflow.
   *
   * @param tasks the tasks, in the order they were created
   * @param transitions the transitions, in the order they were created
   * @param queries the queries, in the order they were created (not necessarily by id)
   */
  public Workflow(List<Task> tasks, List<Transition> transitions, List<Query> queries) {
    this.tasks = List.copyOf(tasks);
    this.transitions = List.copyOf(transitions);
    this.queries = List.copyOf(queries);
    this.tasks.forEach(t -> taskByName.putIfAbsent(t.name(), t));
    this.queries.forEach(q -> queryById.putIfAbsent(q.id(), q));
  }

  /** The tasks, in the order they were created. */
  public List<Task> tasks() {
    return tasks;
  }

  /** The transitions, in the order they were created. */
  public List<Transition> transitions() {
    return transitions;
  }

  /** The queries, in the order they were created (not necessarily by id). */
  public List<Query> queries() {
    return queries;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Workflow w
        && tasks.equals(w.tasks)
        && transitions.equals(w.transitions)
        && queries.equals(w.queries);
  }

  @Override
  public int hashCode() {
    return Objects.hash(tasks, transitions, queries);
  }

  @Override
  public String toString() {
    return "Workflow[tasks="
        + tasks
        + ", transitions="
        + transitions
        + ", queries="
        + queries
        + "]";
  }

  /** A workflow with nothing in it. */
  public static Workflow empty() {
    return new Workflow(List.of(), List.of(), List.of());
  }

  /** Whether it has no task, transition or query. */
  public boolean isEmpty() {
    return tasks.isEmpty() && transitions.isEmpty() && queries.isEmpty();
  }

  /** The task of that name. */
  public Optional<Task> task(String name) {
    return Optional.ofNullable(taskByName.get(name));
  }

  /** The query with that id. */
  public Optional<Query> query(String id) {
    return Optional.ofNullable(queryById.get(id));
  }

  /** The transition between two tasks ({@code from} null for the entry). */
  public Optional<Transition> transition(String from, String to) {
    return transitions.stream()
        .filter(t -> Objects.equals(t.from(), from) && t.to().equals(to))
        .findFirst();
  }

  /** The reference of a transition. */
  public static ElementRef ref(Transition t) {
    return ElementRef.transition(t.from(), t.to());
  }

  /**
   * The queries in workflow order: those of the entry transition first, then task by task
   * breadth-first along the transitions (a task's own queries, then those of its outgoing
   * transitions), then any query not reached. The order tables follow in the logical diagram.
   */
  public List<Query> queriesInWorkflowOrder() {
    // Linear in the workflow's size: tasks, outgoing transitions and queries looked up by name.
    java.util.Map<String, Task> taskByName = new java.util.HashMap<>();
    tasks.forEach(t -> taskByName.putIfAbsent(t.name(), t));
    java.util.Map<String, List<Transition>> outgoing = new java.util.HashMap<>();
    for (Transition t : transitions) {
      if (!t.isEntry()) {
        outgoing.computeIfAbsent(t.from(), k -> new ArrayList<>()).add(t);
      }
    }
    Set<String> ids = new LinkedHashSet<>();
    List<String> frontier = new ArrayList<>();
    for (Transition t : transitions) {
      if (t.isEntry()) {
        ids.addAll(t.queries());
        frontier.add(t.to());
      }
    }
    Set<String> visited = new java.util.HashSet<>();
    for (int i = 0; i < frontier.size(); i++) {
      String name = frontier.get(i);
      if (!visited.add(name)) {
        continue;
      }
      Task task = taskByName.get(name);
      if (task != null) {
        ids.addAll(task.queries());
      }
      for (Transition t : outgoing.getOrDefault(name, List.of())) {
        ids.addAll(t.queries());
        frontier.add(t.to());
      }
    }
    tasks.forEach(t -> ids.addAll(t.queries()));
    transitions.forEach(t -> ids.addAll(t.queries()));
    java.util.Map<String, Query> byId = new java.util.HashMap<>();
    queries.forEach(q -> byId.putIfAbsent(q.id(), q));
    List<Query> ordered = new ArrayList<>();
    Set<Query> placed = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    for (String id : ids) {
      Query q = byId.get(id);
      if (q != null && placed.add(q)) {
        ordered.add(q);
      }
    }
    for (Query q : queries) {
      if (placed.add(q)) {
        ordered.add(q);
      }
    }
    return ordered;
  }

  /** The next free query id: Q1, Q2, ... after the highest number used. */
  public String nextQueryId() {
    int max = 0;
    for (Query q : queries) {
      var m = QUERY_ID.matcher(q.id());
      if (m.find()) {
        max = Math.max(max, Integer.parseInt(m.group(1)));
      }
    }
    return "Q" + (max + 1);
  }

  private static final java.util.regex.Pattern QUERY_ID =
      java.util.regex.Pattern.compile("^Q(\\d+)$");

  /** A copy with other tasks. */
  public Workflow withTasks(List<Task> newTasks) {
    return new Workflow(newTasks, transitions, queries);
  }

  /** A copy with other transitions. */
  public Workflow withTransitions(List<Transition> newTransitions) {
    return new Workflow(tasks, newTransitions, queries);
  }

  /** A copy with other queries. */
  public Workflow withQueries(List<Query> newQueries) {
    return new Workflow(tasks, transitions, newQueries);
  }
}
