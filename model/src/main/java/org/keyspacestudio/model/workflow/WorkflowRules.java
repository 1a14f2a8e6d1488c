package org.keyspacestudio.model.workflow;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.validate.Problem;

/**
 * Checks the workflow and its queries ({@link WorkflowRule}) against the conceptual model they
 * refer to: task names, transitions, the entry, reachability, query ids and every {@code
 * Entity.attribute} a query names. A pure function: it never throws, and stays linear in the size
 * of the workflow.
 */
public final class WorkflowRules {

  private final Workflow workflow;
  private final ConceptualModel conceptual;
  private final List<Problem> problems = new ArrayList<>();

  /**
   * Each relationship that joins an entity more than once, with that entity and its ends' roles:
   * found once, not once per query (a model of 1,200 queries over 200 relationships spent most of
   * its live check here).
   */
  private final List<Recursive> recursive = new ArrayList<>();

  private record Recursive(
      org.keyspacestudio.model.conceptual.Relationship relationship,
      String entity,
      List<String> roles) {}

  private WorkflowRules(Workflow workflow, ConceptualModel conceptual) {
    this.workflow = workflow;
    this.conceptual = conceptual;
    for (var r : conceptual.relationships()) {
      Map<String, List<String>> roles = new java.util.LinkedHashMap<>();
      for (var end : r.ends()) {
        roles.computeIfAbsent(end.entity(), e -> new ArrayList<>()).add(end.role());
      }
      roles.forEach(
          (entity, ends) -> {
            if (ends.size() >= 2) {
              recursive.add(new Recursive(r, entity, ends));
            }
          });
    }
  }

  /**
   * The problems of a workflow.
   *
   * @param workflow the workflow, not null
   * @param conceptual the conceptual model its queries refer to, not null
   * @return the problems: tasks, transitions, then query by query; empty when there are none
   */
  public static List<Problem> validate(Workflow workflow, ConceptualModel conceptual) {
    WorkflowRules rules = new WorkflowRules(workflow, conceptual);
    rules.tasks();
    rules.transitions();
    rules.queries();
    return List.copyOf(rules.problems);
  }

  private void report(WorkflowRule rule, String message, ElementRef element) {
    problems.add(new Problem(rule, message, element, null));
  }

  private void tasks() {
    Set<String> seen = new HashSet<>();
    for (Task task : workflow.tasks()) {
      ElementRef ref = ElementRef.task(task.name());
      if (task.name().isBlank() || !task.name().strip().equals(task.name())) {
        report(WorkflowRule.TASK_NAME_INVALID, "Task name '" + task.name() + "' is not valid", ref);
      } else if (!seen.add(task.name())) {
        report(WorkflowRule.TASK_DUPLICATE, "Two tasks are named '" + task.name() + "'", ref);
      }
      for (String id : task.queries()) {
        if (workflow.query(id).isEmpty()) {
          report(
              WorkflowRule.QUERY_UNKNOWN,
              "Task " + task.name() + " runs " + id + ", which is not a query of the workflow",
              ref);
        }
      }
    }
  }

  private void transitions() {
    boolean entry = false;
    Map<String, List<String>> next = new HashMap<>();
    Deque<String> start = new ArrayDeque<>();
    for (Transition t : workflow.transitions()) {
      ElementRef ref = Workflow.ref(t);
      for (String task : t.isEntry() ? List.of(t.to()) : List.of(t.from(), t.to())) {
        if (workflow.task(task).isEmpty()) {
          report(
              WorkflowRule.TRANSITION_UNKNOWN_TASK,
              "Transition " + ref + " names task " + task + ", which does not exist",
              ref);
        }
      }
      for (String id : t.queries()) {
        if (workflow.query(id).isEmpty()) {
          report(
              WorkflowRule.QUERY_UNKNOWN,
              "Transition " + ref + " runs " + id + ", which is not a query of the workflow",
              ref);
        }
      }
      if (t.isEntry()) {
        entry = true;
        start.add(t.to());
      } else {
        next.computeIfAbsent(t.from(), f -> new ArrayList<>()).add(t.to());
      }
    }
    if (!workflow.tasks().isEmpty() && !entry) {
      report(
          WorkflowRule.NO_ENTRY,
          "The workflow has no entry transition: draw one into the task the application starts"
              + " with",
          ElementRef.task(workflow.tasks().get(0).name()));
      return;
    }
    Set<String> reached = new HashSet<>(start);
    while (!start.isEmpty()) {
      for (String to : next.getOrDefault(start.poll(), List.of())) {
        if (reached.add(to)) {
          start.add(to);
        }
      }
    }
    for (Task task : workflow.tasks()) {
      if (!reached.contains(task.name())) {
        report(
            WorkflowRule.TASK_UNREACHABLE,
            "Task " + task.name() + " cannot be reached from the entry",
            ElementRef.task(task.name()));
      }
    }
  }

  /**
   * A query that uses a recursive relationship (its attributes, or one of its ends' roles) and
   * names an entity it joins more than once by the entity's name: which end is meant is not said.
   */
  private void ambiguousEnds(Query q, ElementRef ref) {
    if (recursive.isEmpty()) {
      return;
    }
    Set<String> owners = new java.util.LinkedHashSet<>();
    q.attributes().forEach(a -> owners.add(a.owner()));
    for (Recursive e : recursive) {
      var r = e.relationship();
      if (!owners.contains(e.entity())) {
        continue;
      }
      List<String> named = conceptual.rolesFor(r, e.entity());
      boolean uses = owners.contains(r.name()) || named.stream().anyMatch(owners::contains);
      if (uses && conceptual.entity(e.entity()).isPresent()) {
        report(
            WorkflowRule.QUERY_END_AMBIGUOUS,
            q.id()
                + " names "
                + e.entity()
                + ", which "
                + r.name()
                + " joins "
                + e.roles().size()
                + " times: say which end"
                + (named.size() == e.roles().size()
                    ? ": "
                        + String.join(
                            " or ",
                            named.stream().map(x -> x + "." + attributeOf(q, e.entity())).toList())
                    : " by its role (give each end a role of its own in the relationship's"
                        + " inspector)"),
            ref);
      }
    }
  }

  /** The first attribute of an owner that a query names. */
  private static String attributeOf(Query q, String owner) {
    return q.attributes().stream()
        .filter(a -> a.owner().equals(owner))
        .map(AttributeRef::attribute)
        .findFirst()
        .orElse("");
  }

  private void queries() {
    Set<String> used = new HashSet<>();
    workflow.tasks().forEach(t -> used.addAll(t.queries()));
    workflow.transitions().forEach(t -> used.addAll(t.queries()));
    Set<String> seen = new HashSet<>();
    // Each attribute looked up once: 800 queries on one entity of 800 attributes looked each up
    // among them all.
    Map<AttributeRef, Boolean> known = new HashMap<>();
    for (Query q : workflow.queries()) {
      ElementRef ref = ElementRef.query(q.id());
      if (q.id().isBlank() || q.id().chars().anyMatch(c -> Character.isWhitespace(c) || c == ',')) {
        report(WorkflowRule.QUERY_ID_INVALID, "Query id '" + q.id() + "' is not valid", ref);
      } else if (!seen.add(q.id())) {
        report(WorkflowRule.QUERY_DUPLICATE, "Two queries have the id " + q.id(), ref);
      }
      if (!used.contains(q.id()) && !workflow.tasks().isEmpty()) {
        report(
            WorkflowRule.QUERY_UNUSED,
            q.id() + " is run by no transition or task: put it on the transition that runs it",
            ref);
      }
      Set<AttributeRef> reported = new HashSet<>();
      for (AttributeRef a : q.attributes()) {
        if (!known.computeIfAbsent(a, r -> conceptual.attribute(r).isPresent())
            && reported.add(a)) {
          report(
              WorkflowRule.QUERY_ATTRIBUTE_UNKNOWN,
              q.id()
                  + " refers to "
                  + a
                  + (conceptual.owner(a.owner()).isPresent()
                      ? ", but " + a.owner() + " has no attribute '" + a.attribute() + "'"
                      : ", but there is no entity or relationship " + a.owner()),
              ref);
        }
      }
      ambiguousEnds(q, ref);
      if (q.returns().isEmpty()) {
        report(WorkflowRule.QUERY_NO_RETURNS, q.id() + " returns nothing: add what it finds", ref);
      }
      if (q.given().stream().noneMatch(c -> c.operator().equality())) {
        report(
            WorkflowRule.QUERY_NO_EQUALITY,
            q.id()
                + " gives no attribute by equality: its table gets a bucket as partition key;"
                + " give it the attribute that selects one partition (= or IN) if there is one",
            ref);
      }
      Set<AttributeRef> equal = new HashSet<>();
      q.given().stream()
          .filter(c -> c.operator().equality())
          .forEach(c -> equal.add(c.attribute()));
      Set<AttributeRef> ordered = new HashSet<>();
      for (Query.Ordering o : q.orderBy()) {
        if (!ordered.add(o.attribute()) || equal.contains(o.attribute())) {
          report(
              WorkflowRule.QUERY_ORDER_REPEATED,
              q.id()
                  + " orders by "
                  + o.attribute()
                  + (equal.contains(o.attribute())
                      ? ", which it gives by equality (one value: nothing to order)"
                      : " twice"),
              ref);
        }
      }
    }
  }
}
