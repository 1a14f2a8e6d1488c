package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.keyspacestudio.model.diagram.Layout;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.Task;
import org.keyspacestudio.model.workflow.Transition;
import org.keyspacestudio.model.workflow.Workflow;

/**
 * The edits of the application workflow: tasks, transitions (with the entry) and queries. Each is
 * one undo step. Renaming a task carries through its transitions and position; renaming a query id
 * carries through the transitions and tasks that run it and the Chebotko diagram's query arrows.
 */
public final class WorkflowEdits {

  private WorkflowEdits() {}

  private static String uniqueTask(Workflow w, String base) {
    if (w.task(base).isEmpty()) {
      return base;
    }
    int n = 2;
    while (w.task(base + " " + n).isPresent()) {
      n++;
    }
    return base + " " + n;
  }

  /**
   * A new task drawn at {@code at}; the first task of a workflow also gets the entry transition.
   */
  public static Document.Edit addTask(String baseName, Point at) {
    return new Document.Edit(
        "New task",
        p -> {
          Workflow w = p.workflow();
          String name = uniqueTask(w, baseName);
          List<Task> tasks = new ArrayList<>(w.tasks());
          tasks.add(Task.named(name));
          List<Transition> transitions = new ArrayList<>(w.transitions());
          if (w.tasks().isEmpty() && w.transitions().stream().noneMatch(Transition::isEntry)) {
            transitions.add(new Transition(null, name, List.of()));
          }
          return p.withWorkflow(w.withTasks(tasks).withTransitions(transitions))
              .withWorkflowLayout(
                  p.workflowLayout().withPositions(Map.of(ElementRef.task(name), at)));
        });
  }

  /**
   * A transition from one task to another ({@code from} null: the entry), running no query yet. An
   * existing transition between the same tasks changes nothing.
   */
  public static Document.Edit addTransition(String from, String to) {
    return new Document.Edit(
        from == null ? "Make " + to + " the entry" : "New transition " + from + " -> " + to,
        p -> {
          Workflow w = p.workflow();
          if (w.transition(from, to).isPresent()) {
            return p;
          }
          List<Transition> transitions = new ArrayList<>(w.transitions());
          transitions.add(new Transition(from, to, List.of()));
          return p.withWorkflow(w.withTransitions(transitions));
        });
  }

  /** Sets the queries a transition runs. */
  public static Document.Edit setTransitionQueries(String from, String to, List<String> queries) {
    return new Document.Edit(
        "Queries of " + (from == null ? "(entry)" : from) + " -> " + to,
        p -> {
          Workflow w = p.workflow();
          List<Transition> transitions = new ArrayList<>();
          for (Transition t : w.transitions()) {
            transitions.add(
                Objects.equals(t.from(), from) && t.to().equals(to) ? t.withQueries(queries) : t);
          }
          return p.withWorkflow(w.withTransitions(transitions));
        });
  }

  /** Sets the queries a task runs by itself. */
  public static Document.Edit setTaskQueries(String task, List<String> queries) {
    return new Document.Edit(
        "Queries of " + task,
        p -> {
          Workflow w = p.workflow();
          return p.withWorkflow(
              w.withTasks(
                  w.tasks().stream()
                      .map(t -> t.name().equals(task) ? t.withQueries(queries) : t)
                      .toList()));
        });
  }

  /** Renames a task; its transitions and position follow. A taken name changes nothing. */
  public static Document.Edit renameTask(String task, String newName) {
    return new Document.Edit(
        "Rename task " + task + " to " + newName,
        p -> {
          Workflow w = p.workflow();
          if (newName.isBlank() || w.task(newName).isPresent() || w.task(task).isEmpty()) {
            return p;
          }
          List<Task> tasks =
              w.tasks().stream().map(t -> t.name().equals(task) ? t.withName(newName) : t).toList();
          List<Transition> transitions =
              w.transitions().stream()
                  .map(
                      t ->
                          t.withTasks(
                              task.equals(t.from()) ? newName : t.from(),
                              t.to().equals(task) ? newName : t.to()))
                  .toList();
          return p.withWorkflow(w.withTasks(tasks).withTransitions(transitions))
              .withWorkflowLayout(
                  p.workflowLayout().renamed(ElementRef.task(task), ElementRef.task(newName)));
        });
  }

  /**
   * Adds a query (the next free id) and puts it on a transition or a task when one is given.
   *
   * @param on a transition or task reference, or null
   */
  public static Document.Edit addQuery(String description, ElementRef on) {
    return new Document.Edit(
        "New query",
        p -> {
          Workflow w = p.workflow();
          String id = w.nextQueryId();
          List<Query> queries = new ArrayList<>(w.queries());
          queries.add(Query.of(id, description));
          Workflow changed = w.withQueries(queries);
          if (on != null && on.kind() == ElementRef.Kind.TRANSITION) {
            String from = on.object() == null ? null : on.object().asInternal();
            String to = on.member().asInternal();
            changed =
                changed.withTransitions(
                    changed.transitions().stream()
                        .map(
                            t ->
                                Objects.equals(t.from(), from) && t.to().equals(to)
                                    ? t.withQueries(append(t.queries(), id))
                                    : t)
                        .toList());
          } else if (on != null && on.kind() == ElementRef.Kind.TASK) {
            String task = on.object().asInternal();
            changed =
                changed.withTasks(
                    changed.tasks().stream()
                        .map(
                            t -> t.name().equals(task) ? t.withQueries(append(t.queries(), id)) : t)
                        .toList());
          }
          return p.withWorkflow(changed);
        });
  }

  private static List<String> append(List<String> list, String value) {
    List<String> out = new ArrayList<>(list);
    out.add(value);
    return out;
  }

  /**
   * Replaces the query with id {@code id} by {@code query}. When the id changes, the transitions,
   * tasks and query arrows that name the old id follow; a new id already taken changes nothing.
   */
  public static Document.Edit setQuery(String id, Query query) {
    return new Document.Edit(
        id.equals(query.id()) ? "Change " + id : "Rename " + id + " to " + query.id(),
        p -> {
          Workflow w = p.workflow();
          if (w.query(id).isEmpty()
              || (!id.equals(query.id()) && w.query(query.id()).isPresent())) {
            return p;
          }
          List<Query> queries =
              w.queries().stream().map(q -> q.id().equals(id) ? query : q).toList();
          Workflow changed = w.withQueries(queries);
          Project out = p.withWorkflow(changed);
          if (!id.equals(query.id())) {
            String newId = query.id();
            changed =
                changed
                    .withTransitions(
                        changed.transitions().stream()
                            .map(t -> t.withQueries(renamed(t.queries(), id, newId)))
                            .toList())
                    .withTasks(
                        changed.tasks().stream()
                            .map(t -> t.withQueries(renamed(t.queries(), id, newId)))
                            .toList());
            List<QueryArrow> arrows =
                p.diagram().arrows().stream()
                    .map(a -> a.label().equals(id) ? new QueryArrow(newId, a.from(), a.to()) : a)
                    .toList();
            out =
                p.withWorkflow(changed)
                    .withDiagram(p.diagram().withArrows(arrows))
                    .withMapping(
                        p.mapping().map(m -> m.withQueries(renamed(m.queries(), id, newId))));
          }
          return out;
        });
  }

  private static List<String> renamed(List<String> ids, String from, String to) {
    return ids.stream().map(i -> i.equals(from) ? to : i).toList();
  }

  /**
   * Deletes tasks, transitions and queries. A task takes its transitions and position; a query is
   * taken off every transition and task.
   */
  public static Document.Edit delete(Set<ElementRef> elements) {
    return new Document.Edit(
        elements.size() == 1
            ? "Delete " + elements.iterator().next()
            : "Delete " + elements.size() + " elements",
        p -> {
          Workflow w = p.workflow();
          java.util.Set<String> tasks = new java.util.HashSet<>();
          java.util.Set<String> queries = new java.util.HashSet<>();
          for (ElementRef ref : elements) {
            if (ref.kind() == ElementRef.Kind.TASK) {
              tasks.add(ref.object().asInternal());
            } else if (ref.kind() == ElementRef.Kind.QUERY) {
              queries.add(ref.object().asInternal());
            }
          }
          List<Transition> transitions =
              w.transitions().stream()
                  .filter(
                      t ->
                          !elements.contains(Workflow.ref(t))
                              && !tasks.contains(t.to())
                              && (t.from() == null || !tasks.contains(t.from())))
                  .map(
                      t ->
                          t.withQueries(
                              t.queries().stream().filter(q -> !queries.contains(q)).toList()))
                  .toList();
          List<Task> keptTasks =
              w.tasks().stream()
                  .filter(t -> !tasks.contains(t.name()))
                  .map(
                      t ->
                          t.withQueries(
                              t.queries().stream().filter(q -> !queries.contains(q)).toList()))
                  .toList();
          List<Query> keptQueries =
              w.queries().stream().filter(q -> !queries.contains(q.id())).toList();
          Map<ElementRef, Point> positions = new HashMap<>(p.workflowLayout().positions());
          positions.keySet().removeAll(elements);
          return p.withWorkflow(new Workflow(keptTasks, transitions, keptQueries))
              .withWorkflowLayout(new Layout(positions))
              .withMapping(
                  p.mapping()
                      .map(
                          m ->
                              m.withQueries(
                                  m.queries().stream()
                                      .filter(q -> !queries.contains(q))
                                      .toList())));
        });
  }
}
