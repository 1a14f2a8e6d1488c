package org.keyspacestudio.model.edit;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.Task;
import org.keyspacestudio.model.workflow.Transition;
import org.keyspacestudio.model.workflow.Workflow;
import org.keyspacestudio.model.workflow.WorkflowRule;

/**
 * The fixes for the workflow's problems ({@link WorkflowRule}), none safe (what the application
 * does is the modeler's call), each one undo step:
 *
 * <ul>
 *   <li>no entry ({@code WF-NO-ENTRY}): a task made the entry, those no transition leads into
 *       first, at most {@value #CHOICES};
 *   <li>a task the entry does not reach ({@code WF-TASK-UNREACHABLE}): a transition into it from a
 *       task the entry reaches (the nearest listed before it first), at most {@value #CHOICES}, or
 *       the task made an entry too;
 *   <li>a task or transition running a query the workflow lacks ({@code WF-QUERY-UNKNOWN}): the
 *       query added with that id, or taken off;
 *   <li>a transition naming a task that does not exist ({@code WF-TRANSITION-UNKNOWN-TASK}): the
 *       transition deleted;
 *   <li>a task name with spaces around it ({@code WF-TASK-NAME-INVALID}): the spaces dropped, when
 *       that name is free;
 *   <li>a query id that is blank or has spaces or commas ({@code WF-QUERY-ID-INVALID}): the next
 *       free id ({@code Q10});
 *   <li>a query ordering by an attribute twice or by one it gives by equality ({@code
 *       QUERY-ORDER-REPEATED}): those orderings dropped;
 *   <li>two tasks of one name, two queries of one id ({@code WF-TASK-DUPLICATE}, {@code
 *       WF-QUERY-DUPLICATE}): the second renamed ({@code Log in 2}, the next free id);
 *   <li>a query returning nothing ({@code QUERY-NO-RETURNS}): every attribute of an entity its
 *       description names ({@code Find the videos a user uploaded}: Video, then User), then of the
 *       owners of the attributes it is given, at most {@value #CHOICES};
 *   <li>a query nothing runs ({@code WF-QUERY-UNUSED}): run on the transitions into a task whose
 *       name shares words with its description (the most first, at most {@value #CHOICES}), or by
 *       the task when nothing leads into it;
 *   <li>a query given nothing by equality ({@code QUERY-NO-EQUALITY}) that orders by, or is given a
 *       range of, a {@code timestamp} or {@code timeuuid} attribute: a day bucket, the pattern of
 *       KillrVideo's {@code latest_videos} (partitioned by {@code yyyymmdd}): a {@code date}
 *       attribute beside it ({@code placed_at} gives {@code placed_day}, {@code video_id} gives
 *       {@code day}), given by {@code =}, so that its table's partition is one day, not the whole
 *       table in one {@code bucket}.
 * </ul>
 */
public final class WorkflowFixes {

  /** At most this many tasks are offered where several would do. */
  static final int CHOICES = 3;

  private WorkflowFixes() {}

  /**
   * The fixes for a problem of the workflow, best first.
   *
   * @param project the project, not null
   * @param problem a problem, not null
   * @return the fixes; empty for a problem of another rule, and for one the project no longer has
   */
  public static List<Fix> of(Project project, Problem problem) {
    if (!(problem.rule() instanceof WorkflowRule rule) || problem.element() == null) {
      return List.of();
    }
    Workflow w = project.workflow();
    ElementRef element = problem.element();
    return switch (rule) {
      case NO_ENTRY -> entries(w);
      case TASK_UNREACHABLE ->
          element.kind() == ElementRef.Kind.TASK
              ? unreachable(w, element.object().asInternal())
              : List.of();
      case QUERY_UNKNOWN -> unknownQueries(w, element);
      case TRANSITION_UNKNOWN_TASK ->
          element.kind() == ElementRef.Kind.TRANSITION
              ? List.of(
                  new Fix(
                      "Delete the transition " + element,
                      WorkflowEdits.delete(Set.of(element)),
                      false))
              : List.of();
      case TASK_NAME_INVALID -> taskName(w, element);
      case QUERY_ID_INVALID -> queryId(w, element);
      case QUERY_ORDER_REPEATED -> orderRepeated(w, element);
      case TASK_DUPLICATE ->
          element.kind() == ElementRef.Kind.TASK
              ? ConceptualRenames.duplicateTask(w, element)
              : List.of();
      case QUERY_DUPLICATE ->
          element.kind() == ElementRef.Kind.QUERY
              ? ConceptualRenames.duplicateQuery(w, element)
              : List.of();
      case QUERY_NO_RETURNS -> returns(project, element);
      case QUERY_UNUSED -> runIn(w, element);
      case QUERY_END_AMBIGUOUS -> ends(project, element);
      case QUERY_NO_EQUALITY -> noEquality(project, element);
      default -> List.of();
    };
  }

  private static List<Fix> entries(Workflow w) {
    Set<String> entered = new HashSet<>();
    w.transitions().forEach(t -> entered.add(t.to()));
    List<String> candidates = new ArrayList<>();
    for (boolean first : new boolean[] {true, false}) {
      for (Task t : w.tasks()) {
        if (entered.contains(t.name()) != first && !candidates.contains(t.name())) {
          candidates.add(t.name());
        }
      }
    }
    return candidates.stream()
        .limit(CHOICES)
        .map(t -> new Fix("Make " + t + " the entry", WorkflowEdits.addTransition(null, t), false))
        .toList();
  }

  private static List<Fix> unreachable(Workflow w, String task) {
    if (w.task(task).isEmpty()) {
      return List.of();
    }
    Set<String> reached = reached(w);
    List<String> before = new ArrayList<>();
    List<String> after = new ArrayList<>();
    boolean past = false;
    for (Task t : w.tasks()) {
      if (t.name().equals(task)) {
        past = true;
      } else if (reached.contains(t.name())) {
        (past ? after : before).add(t.name());
      }
    }
    java.util.Collections.reverse(before);
    List<String> from = new ArrayList<>(before);
    from.addAll(after);
    List<Fix> out = new ArrayList<>();
    for (String f : from.subList(0, Math.min(CHOICES, from.size()))) {
      out.add(
          new Fix(
              "Add a transition " + f + " -> " + task,
              WorkflowEdits.addTransition(f, task),
              false));
    }
    out.add(
        new Fix("Make " + task + " an entry too", WorkflowEdits.addTransition(null, task), false));
    return out;
  }

  /** The tasks the entry transitions reach. */
  private static Set<String> reached(Workflow w) {
    Map<String, List<String>> next = new HashMap<>();
    Deque<String> frontier = new ArrayDeque<>();
    for (Transition t : w.transitions()) {
      if (t.isEntry()) {
        frontier.add(t.to());
      } else {
        next.computeIfAbsent(t.from(), k -> new ArrayList<>()).add(t.to());
      }
    }
    Set<String> reached = new HashSet<>(frontier);
    while (!frontier.isEmpty()) {
      for (String to : next.getOrDefault(frontier.poll(), List.of())) {
        if (reached.add(to)) {
          frontier.add(to);
        }
      }
    }
    return reached;
  }

  private static List<Fix> unknownQueries(Workflow w, ElementRef element) {
    List<String> runs;
    String from = null;
    String to;
    if (element.kind() == ElementRef.Kind.TASK) {
      to = element.object().asInternal();
      runs = w.task(to).map(Task::queries).orElse(List.of());
    } else if (element.kind() == ElementRef.Kind.TRANSITION) {
      from = element.object() == null ? null : element.object().asInternal();
      to = element.member().asInternal();
      runs = w.transition(from, to).map(Transition::queries).orElse(List.of());
    } else {
      return List.of();
    }
    List<Fix> out = new ArrayList<>();
    for (String id : new LinkedHashSet<>(runs)) {
      if (w.query(id).isPresent()) {
        continue;
      }
      out.add(new Fix("Add the query " + id, addQuery(id), false));
      List<String> rest = runs.stream().filter(x -> !x.equals(id)).toList();
      out.add(
          new Fix(
              "Take " + id + " off " + element,
              element.kind() == ElementRef.Kind.TASK
                  ? WorkflowEdits.setTaskQueries(to, rest)
                  : WorkflowEdits.setTransitionQueries(from, to, rest),
              false));
    }
    return out;
  }

  /** Adds a query of that id, with nothing in it yet (its description and attributes to come). */
  private static Document.Edit addQuery(String id) {
    return new Document.Edit(
        "Add the query " + id,
        p -> {
          Workflow w = p.workflow();
          if (w.query(id).isPresent()) {
            return p;
          }
          List<Query> queries = new ArrayList<>(w.queries());
          queries.add(Query.of(id, ""));
          return p.withWorkflow(w.withQueries(queries));
        });
  }

  private static List<Fix> taskName(Workflow w, ElementRef element) {
    if (element.kind() != ElementRef.Kind.TASK) {
      return List.of();
    }
    String name = element.object().asInternal();
    String stripped = name.strip();
    if (stripped.isEmpty() || stripped.equals(name) || w.task(stripped).isPresent()) {
      return List.of();
    }
    return List.of(
        new Fix(
            "Rename the task '" + name + "' to " + stripped,
            WorkflowEdits.renameTask(name, stripped),
            false));
  }

  /** The query a problem names, or null when it names none the workflow has. */
  private static Query queryOf(Workflow w, ElementRef element) {
    return element.kind() == ElementRef.Kind.QUERY
        ? w.query(element.object().asInternal()).orElse(null)
        : null;
  }

  private static List<Fix> queryId(Workflow w, ElementRef element) {
    Query q = queryOf(w, element);
    if (q == null) {
      return List.of();
    }
    String id = q.id();
    String next = w.nextQueryId();
    return List.of(
        new Fix(
            "Rename the query '" + id + "' to " + next,
            WorkflowEdits.setQuery(id, q.withId(next)),
            false));
  }

  /** Words too common to tell a task from another. */
  private static final Set<String> COMMON =
      Set.of("the", "and", "for", "with", "from", "find", "show", "list", "get", "all", "its");

  /**
   * A query no task or transition runs, run on the transitions into the tasks whose names share the
   * most words with its description ({@code Find the videos a user uploaded} and {@code Show videos
   * by user}, a plural's {@code s} aside), the fewest other words first ({@code Find a video by id}
   * and {@code Show video}), or by the task itself when nothing leads into it; at most {@value
   * #CHOICES}, none when no task shares a word.
   */
  private static List<Fix> runIn(Workflow w, ElementRef element) {
    Query q = queryOf(w, element);
    if (q == null) {
      return List.of();
    }
    Set<String> words = significant(q.description());
    List<Task> ranked = new ArrayList<>();
    Map<String, Integer> shared = new HashMap<>();
    Map<String, Integer> extra = new HashMap<>();
    for (Task t : w.tasks()) {
      Set<String> own = significant(t.name());
      Set<String> common = new HashSet<>(own);
      common.retainAll(words);
      if (!common.isEmpty()) {
        shared.put(t.name(), common.size());
        extra.put(t.name(), own.size() - common.size());
        ranked.add(t);
      }
    }
    // The most words shared, then the fewest of its own besides; then the workflow's order.
    ranked.sort(
        java.util.Comparator.comparing((Task t) -> -shared.get(t.name()))
            .thenComparing(t -> extra.get(t.name())));
    List<Fix> out = new ArrayList<>();
    for (Task t : ranked.subList(0, Math.min(CHOICES, ranked.size()))) {
      List<Transition> into =
          w.transitions().stream().filter(x -> x.to().equals(t.name())).toList();
      if (into.isEmpty()) {
        List<String> queries = new ArrayList<>(t.queries());
        queries.add(q.id());
        out.add(
            new Fix(
                "Run " + q.id() + " in the task " + t.name(),
                WorkflowEdits.setTaskQueries(t.name(), queries),
                false));
        continue;
      }
      // As the method draws it: on the transitions into the task that shows what it finds.
      String label =
          "Run "
              + q.id()
              + (into.size() == 1
                  ? " on the transition " + Workflow.ref(into.get(0))
                  : " on the " + into.size() + " transitions into " + t.name());
      out.add(
          new Fix(
              label,
              new Document.Edit(
                  label,
                  p ->
                      p.withWorkflow(
                          p.workflow()
                              .withTransitions(
                                  p.workflow().transitions().stream()
                                      .map(
                                          x ->
                                              x.to().equals(t.name())
                                                      && !x.queries().contains(q.id())
                                                  ? x.withQueries(
                                                      java.util.stream.Stream.concat(
                                                              x.queries().stream(),
                                                              java.util.stream.Stream.of(q.id()))
                                                          .toList())
                                                  : x)
                                      .toList()))),
              false));
    }
    return out;
  }

  /**
   * A query given nothing by equality: its day bucket ({@link #dayBucket}), then its scopes ({@link
   * #scopes}); none for a query that has an equality now.
   */
  private static List<Fix> noEquality(Project project, ElementRef element) {
    Query q = queryOf(project.workflow(), element);
    if (q == null || q.given().stream().anyMatch(c -> c.operator().equality())) {
      return List.of();
    }
    List<Fix> out = new ArrayList<>(dayBucket(project, q));
    out.addAll(scopes(project, q));
    return out;
  }

  /**
   * The name of the day of a time attribute: {@code day} for an id ({@code video_id}, a timeuuid:
   * its table becomes {@code videos_by_day}), else its name less a time ending, and {@code _day}
   * ({@code placed_at} gives {@code placed_day}, {@code release_date} {@code release_day}).
   */
  private static String dayName(String time) {
    if (time.equals("id") || time.endsWith("_id")) {
      return "day";
    }
    for (String ending : TIME_ENDINGS) {
      if (time.length() > ending.length() && time.endsWith(ending)) {
        return time.substring(0, time.length() - ending.length()) + "_day";
      }
    }
    return time + "_day";
  }

  /** Endings of a time attribute's name that its day's name drops ({@code placed_at}). */
  private static final List<String> TIME_ENDINGS =
      List.of("_timestamp", "_time", "_date", "_at", "_on", "_ts");

  /**
   * A query given nothing by equality, bucketed by day: the first attribute it orders by, else the
   * first it is given a range of, whose type ({@link
   * org.keyspacestudio.model.mapping.Mapper#typeOf}) is a {@code timestamp} or a {@code timeuuid},
   * gets a {@code date} attribute beside it that the query is given by {@code =}; none when there
   * is no such attribute.
   */
  private static List<Fix> dayBucket(Project project, Query q) {
    var model = project.conceptual();
    List<AttributeRef> candidates = new ArrayList<>();
    q.orderBy().forEach(o -> candidates.add(o.attribute()));
    q.given().forEach(c -> candidates.add(c.attribute()));
    for (AttributeRef time : candidates) {
      var owner = model.owner(time.owner()).orElse(null);
      var attribute = owner == null ? null : owner.attribute(time.attribute()).orElse(null);
      if (attribute == null) {
        continue;
      }
      var type = org.keyspacestudio.model.mapping.Mapper.typeOf(attribute);
      if (type != org.keyspacestudio.model.type.NativeType.TIMESTAMP
          && type != org.keyspacestudio.model.type.NativeType.TIMEUUID) {
        continue;
      }
      String day = ConceptualEdits.uniqueAttribute(owner, dayName(time.attribute()));
      AttributeRef ref = new AttributeRef(owner.name(), day);
      List<Query.Condition> given = new ArrayList<>();
      given.add(new Query.Condition(ref, org.keyspacestudio.model.workflow.Operator.EQ));
      given.addAll(q.given());
      String label =
          "Bucket "
              + q.id()
              + " by day: add "
              + ref
              + " (date, the day of "
              + time
              + ") and give it by =";
      return List.of(
          new Fix(
              label,
              Document.Edit.all(
                  label,
                  List.of(
                      ConceptualEdits.addTypedAttribute(owner.name(), day, "date"),
                      WorkflowEdits.setQuery(q.id(), onePartition(q, given)))),
              false));
    }
    return List.of();
  }

  /**
   * A query given what selects one partition: its expected result, "many partitions" before, is now
   * "one partition" (a result of one row stays so).
   */
  private static Query onePartition(Query q, List<Query.Condition> given) {
    Query out = q.withGiven(given);
    return q.size() == Query.ResultSize.MANY ? out.withSize(Query.ResultSize.PARTITION) : out;
  }

  /**
   * A query given nothing by equality, scoped to one instance of an entity related to what it
   * finds: for each entity whose attributes it returns or orders by, each relationship in which
   * that entity is at a many end ({@code n} or {@code m}) and another entity at the other end, that
   * entity's first key given by {@code =} (KillrVideo's latest videos become the videos of one
   * user, by {@code uploads}: its table {@code videos_by_user}); at most {@value #CHOICES}, none
   * for a recursive relationship or an entity with no key. Query-first design partitions by what
   * the application has in hand when it runs the query; this names the candidates the model holds.
   */
  private static List<Fix> scopes(Project project, Query q) {
    var model = project.conceptual();
    Set<String> found = new LinkedHashSet<>();
    q.returns().forEach(a -> found.add(a.owner()));
    q.orderBy().forEach(o -> found.add(o.attribute().owner()));
    List<Fix> out = new ArrayList<>();
    Set<List<AttributeRef>> offered = new HashSet<>();
    for (String entity : found) {
      if (model.entity(entity).isEmpty()) {
        continue;
      }
      for (var r : model.relationships()) {
        var ends = r.ends();
        if (ends.size() != 2 || ends.get(0).entity().equals(ends.get(1).entity())) {
          continue;
        }
        for (int i = 0; i < 2; i++) {
          var here = ends.get(i);
          var there = ends.get(1 - i);
          var scope = model.entity(there.entity()).orElse(null);
          if (!here.entity().equals(entity)
              || !here.cardinality().many()
              || scope == null
              || scope.keys().isEmpty()
              || scope.keys().get(0).attributes().isEmpty()
              || out.size() >= CHOICES
              || !offered.add(scope.keys().get(0).attributes())) {
            continue;
          }
          List<AttributeRef> key = scope.keys().get(0).attributes();
          List<Query.Condition> given = new ArrayList<>();
          key.forEach(
              a ->
                  given.add(new Query.Condition(a, org.keyspacestudio.model.workflow.Operator.EQ)));
          given.addAll(q.given());
          String label =
              "Scope "
                  + q.id()
                  + " to one "
                  + scope.name()
                  + " ("
                  + r.name()
                  + "): give "
                  + String.join(", ", key.stream().map(AttributeRef::toString).toList())
                  + " by =";
          out.add(new Fix(label, WorkflowEdits.setQuery(q.id(), onePartition(q, given)), false));
        }
      }
    }
    return out;
  }

  /** The words of a text that tell it apart: lower case, three letters or more, no plural s. */
  private static Set<String> significant(String text) {
    Set<String> out = new HashSet<>();
    for (String word : text.toLowerCase(java.util.Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
      String w =
          word.length() > 3 && word.endsWith("s") ? word.substring(0, word.length() - 1) : word;
      if (w.length() >= 3 && !COMMON.contains(w)) {
        out.add(w);
      }
    }
    return out;
  }

  /**
   * A query that returns nothing given what an entity has: the entities its description names first
   * ({@code Find videos by tag} names {@code Video}), then the owners of the attributes it is
   * given; at most {@value #CHOICES}.
   */
  private static List<Fix> returns(Project project, ElementRef element) {
    Query q = queryOf(project.workflow(), element);
    if (q == null || !q.returns().isEmpty()) {
      return List.of();
    }
    var model = project.conceptual();
    List<String> words =
        List.of(q.description().toLowerCase(java.util.Locale.ROOT).split("[^\\p{L}\\p{N}_]+"));
    Map<String, Integer> named = new HashMap<>();
    for (var e : model.entities()) {
      String name = e.name().toLowerCase(java.util.Locale.ROOT);
      for (int i = 0; i < words.size() && !named.containsKey(e.name()); i++) {
        String word = words.get(i);
        if (word.equals(name) || word.equals(name + "s") || word.equals(name + "es")) {
          named.put(e.name(), i);
        }
      }
    }
    List<String> owners = new ArrayList<>(named.keySet());
    owners.sort(java.util.Comparator.comparing(named::get));
    for (Query.Condition c : q.given()) {
      if (model.entity(c.attribute().owner()).isPresent()
          && !owners.contains(c.attribute().owner())) {
        owners.add(c.attribute().owner());
      }
    }
    List<Fix> out = new ArrayList<>();
    for (String owner : owners.subList(0, Math.min(CHOICES, owners.size()))) {
      List<AttributeRef> all = model.attributesWithInherited(owner);
      if (!all.isEmpty()) {
        out.add(
            new Fix(
                q.id() + " returns every attribute of " + owner,
                WorkflowEdits.setQuery(q.id(), q.withReturns(all)),
                false));
      }
    }
    return out;
  }

  /**
   * A query naming an entity that a recursive relationship it uses joins more than once: the entity
   * read as one of the relationship's roles. Given by one role and returning another when the
   * entity is both given and returned (the followers of a user: given as followee, returned as
   * follower), else as each role.
   */
  private static List<Fix> ends(Project project, ElementRef element) {
    Query q = queryOf(project.workflow(), element);
    if (q == null) {
      return List.of();
    }
    Set<String> owners = new HashSet<>();
    q.attributes().forEach(a -> owners.add(a.owner()));
    List<Fix> out = new ArrayList<>();
    for (var r : project.conceptual().relationships()) {
      Map<String, List<String>> roles = new java.util.LinkedHashMap<>();
      r.ends()
          .forEach(e -> roles.computeIfAbsent(e.entity(), x -> new ArrayList<>()).add(e.role()));
      for (var e : roles.entrySet()) {
        String entity = e.getKey();
        // Each end a role of its own that stands for this entity.
        List<String> named = project.conceptual().rolesFor(r, entity);
        if (e.getValue().size() < 2
            || named.size() < e.getValue().size()
            || !owners.contains(entity)) {
          continue;
        }
        boolean given = q.given().stream().anyMatch(c -> c.attribute().owner().equals(entity));
        boolean found =
            q.returns().stream().anyMatch(a -> a.owner().equals(entity))
                || q.orderBy().stream().anyMatch(o -> o.attribute().owner().equals(entity));
        List<String[]> readings = new ArrayList<>();
        for (String g : named) {
          if (given && found) {
            named.stream()
                .filter(f -> !f.equals(g))
                .forEach(f -> readings.add(new String[] {g, f}));
          } else {
            readings.add(new String[] {g, g});
          }
        }
        for (String[] reading : readings) {
          String givenRole = reading[0];
          String foundRole = reading[1];
          java.util.function.UnaryOperator<AttributeRef> asGiven =
              a -> a.owner().equals(entity) ? a.withOwner(givenRole) : a;
          java.util.function.UnaryOperator<AttributeRef> asFound =
              a -> a.owner().equals(entity) ? a.withOwner(foundRole) : a;
          Query read =
              q.withGiven(
                      q.given().stream()
                          .map(c -> new Query.Condition(asGiven.apply(c.attribute()), c.operator()))
                          .toList())
                  .withReturns(q.returns().stream().map(asFound).toList())
                  .withOrderBy(
                      q.orderBy().stream()
                          .map(o -> new Query.Ordering(asFound.apply(o.attribute()), o.order()))
                          .toList());
          String label =
              given && found
                  ? "In "
                      + q.id()
                      + ", read the given "
                      + entity
                      + " as "
                      + givenRole
                      + " and the one found as "
                      + foundRole
                  : "In " + q.id() + ", read " + entity + " as " + givenRole + " (" + r.name()
                      + ")";
          out.add(new Fix(label, WorkflowEdits.setQuery(q.id(), read), false));
        }
      }
    }
    return out;
  }

  private static List<Fix> orderRepeated(Workflow w, ElementRef element) {
    Query q = queryOf(w, element);
    if (q == null) {
      return List.of();
    }
    String id = q.id();
    Set<AttributeRef> equal = new HashSet<>();
    q.given().stream().filter(c -> c.operator().equality()).forEach(c -> equal.add(c.attribute()));
    Set<AttributeRef> seen = new HashSet<>();
    List<Query.Ordering> kept = new ArrayList<>();
    Set<AttributeRef> dropped = new LinkedHashSet<>();
    for (Query.Ordering o : q.orderBy()) {
      if (equal.contains(o.attribute()) || !seen.add(o.attribute())) {
        dropped.add(o.attribute());
      } else {
        kept.add(o);
      }
    }
    if (dropped.isEmpty()) {
      return List.of();
    }
    return List.of(
        new Fix(
            "Drop "
                + String.join(", ", dropped.stream().map(AttributeRef::toString).toList())
                + " from the order by of "
                + id
                + (dropped.stream().allMatch(equal::contains)
                    ? " (given by equality: one value)"
                    : ""),
            WorkflowEdits.setQuery(id, q.withOrderBy(kept)),
            false));
  }
}
