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
 * @param tasks the tasks, in the order they were created
 * @param transitions the transitions, in the order they were created
 * @param queries the queries, in the order they were created (not necessarily by id)
 */
public record Workflow(List<Task> tasks, List<Transition> transitions, List<Query> queries) {

  public Workflow {
    tasks = List.copyOf(tasks);
    transitions = List.copyOf(transitions);
    queries = List.copyOf(queries);
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
    return tasks.stream().filter(t -> t.name().equals(name)).findFirst();
  }

  /** The query with that id. */
  public Optional<Query> query(String id) {
    return queries.stream().filter(q -> q.id().equals(id)).findFirst();
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
    Set<String> ids = new LinkedHashSet<>();
    List<String> frontier = new ArrayList<>();
    for (Transition t : transitions) {
      if (t.isEntry()) {
        ids.addAll(t.queries());
        frontier.add(t.to());
      }
    }
    Set<String> visited = new LinkedHashSet<>();
    for (int i = 0; i < frontier.size(); i++) {
      String name = frontier.get(i);
      if (!visited.add(name)) {
        continue;
      }
      task(name).ifPresent(task -> ids.addAll(task.queries()));
      for (Transition t : transitions) {
        if (name.equals(t.from())) {
          ids.addAll(t.queries());
          frontier.add(t.to());
        }
      }
    }
    tasks.forEach(t -> ids.addAll(t.queries()));
    transitions.forEach(t -> ids.addAll(t.queries()));
    List<Query> ordered = new ArrayList<>();
    for (String id : ids) {
      query(id).ifPresent(ordered::add);
    }
    for (Query q : queries) {
      if (!ordered.contains(q)) {
        ordered.add(q);
      }
    }
    return ordered;
  }

  /** The next free query id: Q1, Q2, ... after the highest number used. */
  public String nextQueryId() {
    int max = 0;
    for (Query q : queries) {
      var m = java.util.regex.Pattern.compile("^Q(\\d+)$").matcher(q.id());
      if (m.find()) {
        max = Math.max(max, Integer.parseInt(m.group(1)));
      }
    }
    return "Q" + (max + 1);
  }

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
