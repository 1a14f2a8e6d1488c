package org.keyspacestudio.model.edit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.ConceptualRule;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.support.QuerySupport;
import org.keyspacestudio.model.support.SupportRule;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Rule;
import org.keyspacestudio.model.validate.Severity;
import org.keyspacestudio.model.workflow.WorkflowRule;

/**
 * Every fix offered for every problem applies: on the mapped KillrVideo example edited at random
 * (seeded, as a user edits tables: roles, types, renames, deletions, indexes, options), each fix of
 * each problem is applied to the project of that moment; none throws, and a key fix leaves its
 * query answered by its table without an error. Prints how many fixes of each rule were applied.
 */
class EveryFixAppliesTest {

  private static final long SEED = Long.getLong("kstudio.fix.seed", 20261129L);
  private static final int STEPS = Integer.getInteger("kstudio.fix.steps", 150);

  /** A column of a random table given a random role, as the inspector's role choice does. */
  private static Document.Edit roleEdit(Project project, Random random) {
    var ks = project.schema().keyspaces().get(0);
    if (ks.tables().isEmpty()) {
      return null;
    }
    var table = ks.tables().get(random.nextInt(ks.tables().size()));
    if (table.columns().isEmpty()) {
      return null;
    }
    var column = table.columns().get(random.nextInt(table.columns().size()));
    var roles = SchemaEdits.Role.values();
    return SchemaEdits.setRole(
        org.keyspacestudio.model.schema.ElementRef.table(ks.name(), table.name()),
        column.name(),
        roles[random.nextInt(roles.length)]);
  }

  /**
   * An edit that breaks the conceptual model or the workflow as a hand-edited or imported project
   * can: names with spaces, namesakes, ends and hierarchies naming no entity, IsA cycles, a query
   * returning nothing, a weak entity keyed alone.
   */
  private static Document.Edit modelEdit(Project project, Random random) {
    var m = project.conceptual();
    var entities = m.entities();
    var entity = entities.get(random.nextInt(entities.size()));
    var other = entities.get(random.nextInt(entities.size()));
    int n = random.nextInt(1000);
    return switch (random.nextInt(11)) {
      case 0 -> ConceptualEdits.rename(ElementRef.entity(entity.name()), " " + entity.name());
      case 1 ->
          new Document.Edit(
              "namesake",
              p ->
                  p.withConceptual(
                      p.conceptual()
                          .withEntities(
                              java.util.stream.Stream.concat(
                                      p.conceptual().entities().stream(),
                                      java.util.stream.Stream.of(
                                          org.keyspacestudio.model.conceptual.Entity.named(
                                              entity.name())))
                                  .toList())));
      case 2 ->
          m.relationships().isEmpty()
              ? null
              : ConceptualEdits.setEnds(
                  m.relationships().get(0).name(),
                  m.relationships().get(0).ends().stream()
                      .map(e -> random.nextBoolean() ? e.withEntity(e.entity() + "s" + n) : e)
                      .toList());
      case 3 -> ConceptualEdits.addHierarchy(entity.name(), new Point(n, n));
      case 4 ->
          m.hierarchies().isEmpty()
              ? null
              : ConceptualEdits.setHierarchy(
                  m.hierarchies().get(random.nextInt(m.hierarchies().size())).name(),
                  other.name(),
                  random.nextBoolean()
                      ? List.of(entity.name())
                      : List.of(entity.name(), entity.name().toLowerCase() + "s"));
      case 5 -> {
        var queries = project.workflow().queries();
        var q = queries.get(random.nextInt(queries.size()));
        yield WorkflowEdits.setQuery(q.id(), q.withReturns(List.of()));
      }
      case 6 ->
          new Document.Edit(
              "namesake task",
              p ->
                  p.withWorkflow(
                      p.workflow()
                          .withTasks(
                              java.util.stream.Stream.concat(
                                      p.workflow().tasks().stream(),
                                      p.workflow().tasks().stream().limit(1))
                                  .toList())));
      case 7 ->
          entity.attributes().isEmpty()
              ? null
              : ConceptualEdits.setKeys(
                  entity.name(),
                  List.of(
                      org.keyspacestudio.model.conceptual.Key.of(
                          new org.keyspacestudio.model.conceptual.AttributeRef(
                              entity.name(), entity.attributes().get(0).name()))));
      case 9 ->
          // A relationship made recursive: its ends all of one entity, their roles alike or not.
          m.relationships().isEmpty()
              ? null
              : ConceptualEdits.setEnds(
                  m.relationships().get(n % m.relationships().size()).name(),
                  m.relationships().get(n % m.relationships().size()).ends().stream()
                      .map(
                          e ->
                              new org.keyspacestudio.model.conceptual.Relationship.End(
                                  entity.name(),
                                  e.cardinality(),
                                  random.nextBoolean() ? "" : "follower"))
                      .toList());
      case 10 -> {
        // A range on one attribute it returns and an order by another: no key serves both.
        var queries = project.workflow().queries();
        var q = queries.get(random.nextInt(queries.size()));
        if (q.returns().size() < 2) {
          yield null;
        }
        List<org.keyspacestudio.model.workflow.Query.Condition> given = new ArrayList<>(q.given());
        given.add(
            new org.keyspacestudio.model.workflow.Query.Condition(
                q.returns().get(0), org.keyspacestudio.model.workflow.Operator.GE));
        yield WorkflowEdits.setQuery(
            q.id(),
            q.withGiven(given)
                .withOrderBy(
                    List.of(
                        new org.keyspacestudio.model.workflow.Query.Ordering(
                            q.returns().get(1),
                            org.keyspacestudio.model.schema.ClusteringOrder.ASC))));
      }
      default -> ConceptualEdits.setWeak(entity.name(), true);
    };
  }

  /**
   * A relationship made recursive with its ends named, and a query given by one role
   * (followee.user_id) that still names the role's entity elsewhere: every 25th edit, with its own
   * random numbers (the other edits' stay as they were).
   */
  private static Document.Edit recursiveQuery(Project project, Random random) {
    var m = project.conceptual();
    int n = random.nextInt(1000);
    // A relationship made recursive with its ends named, and a query given by one role
    // (followee.user_id) that still names the role's entity elsewhere.
    var queries = project.workflow().queries();
    var q = queries.get(random.nextInt(queries.size()));
    if (q.given().isEmpty()
        || m.relationships().isEmpty()
        || m.entity(q.given().get(0).attribute().owner()).isEmpty()) {
      return null;
    }
    var first = q.given().get(0);
    String of = first.attribute().owner();
    String relationship = m.relationships().get(n % m.relationships().size()).name();
    var ends =
        List.of(
            new org.keyspacestudio.model.conceptual.Relationship.End(
                of, org.keyspacestudio.model.conceptual.Cardinality.N, "follower"),
            new org.keyspacestudio.model.conceptual.Relationship.End(
                of, org.keyspacestudio.model.conceptual.Cardinality.N, "followee"));
    List<org.keyspacestudio.model.workflow.Query.Condition> given = new ArrayList<>(q.given());
    given.set(
        0,
        new org.keyspacestudio.model.workflow.Query.Condition(
            first.attribute().withOwner(random.nextBoolean() ? "follower" : "followee"),
            first.operator()));
    var asked =
        q.withGiven(given)
            .withReturns(
                java.util.stream.Stream.concat(
                        q.returns().stream(), java.util.stream.Stream.of(first.attribute()))
                    .toList());
    return new Document.Edit(
        "recursive query",
        p ->
            WorkflowEdits.setQuery(q.id(), asked)
                .change()
                .apply(ConceptualEdits.setEnds(relationship, ends).change().apply(p)));
  }

  @Test
  void everyFixOfEveryProblemAppliesAndAKeyFixAnswersItsQuery() throws Exception {
    Document doc = new Document(ProjectFile.read(Path.of("../examples/killrvideo.kstudio")), null);
    doc.perform(MappingEdits.mapAll(CqlIdentifier.of("killr_video")));
    Random random = new Random(SEED);
    Random recursive = new Random(SEED + 1);
    Map<String, Integer> applied = new TreeMap<>();
    List<String> failures = new ArrayList<>();
    for (int step = 0; step < STEPS; step++) {
      int kind = random.nextInt(5);
      Document.Edit edit =
          kind < 2
              ? roleEdit(doc.project(), random)
              : kind < 4 ? RandomEdits.of(doc.project(), random) : modelEdit(doc.project(), random);
      if (step % 25 == 24) {
        Document.Edit made = recursiveQuery(doc.project(), recursive);
        if (made != null) {
          doc.perform(made);
        }
      }
      if (edit == null) {
        continue;
      }
      doc.perform(edit);
      Project project = doc.project();
      List<Problem> problems = ProjectChecks.validate(project);
      for (Problem problem : problems) {
        for (Fix fix : QuickFixes.of(project, problem)) {
          Project fixed;
          List<Problem> after;
          try {
            fixed = fix.edit().change().apply(project);
            after = ProjectChecks.validate(fixed);
          } catch (RuntimeException e) {
            failures.add("step " + step + ", " + fix.label() + ": " + e);
            continue;
          }
          applied.merge(problem.rule().id(), 1, Integer::sum);
          if ((problem.rule() instanceof ConceptualRule
                  || problem.rule() instanceof WorkflowRule
                  || problem.rule() == Rule.TYPE_UNKNOWN
                  || problem.rule() == Rule.OPTION_UNKNOWN)
              && count(after, problem) >= count(problems, problem)) {
            failures.add("step " + step + ", " + fix.label() + ": " + problem.message() + " stays");
          }
          boolean keyFix = fix.label().startsWith("Key ");
          boolean queryChange =
              fix.label().startsWith("Sort ")
                  || fix.label().startsWith("Filter ")
                  || fix.label().startsWith("Run ");
          if (queryChange) {
            applied.merge("query changed", 1, Integer::sum);
          }
          if (problem.rule() instanceof SupportRule && (keyFix || queryChange)) {
            String query =
                keyFix
                    ? fix.label().split(" for ")[1].split(":")[0]
                    : fix.label().split(" ")[1].replace("'s", "");
            var changed = fixed.workflow().query(query).orElseThrow();
            boolean answered =
                problem.element().kind() == ElementRef.Kind.QUERY
                    // On no table yet: the mapping's first table for the changed query answers it.
                    ? org.keyspacestudio.model.mapping.Mapping.alternatives(
                            fixed,
                            changed,
                            org.keyspacestudio.model.mapping.Mapping.keyspace(fixed, null))
                        .alternatives()
                        .stream()
                        .findFirst()
                        .map(
                            alt ->
                                QuerySupport.findings(fixed, changed, alt).stream()
                                    .noneMatch(f -> f.rule().severity() == Severity.ERROR))
                        .orElse(false)
                    : QuerySupport.answer(fixed, changed, problem.element())
                        .map(
                            a ->
                                a.missing().isEmpty()
                                    && a.findings().stream()
                                        .noneMatch(f -> f.rule().severity() == Severity.ERROR))
                        .orElse(false);
            if (!answered) {
              failures.add("step " + step + ", " + fix.label() + ": the query is still refused");
            }
          }
        }
      }
    }
    System.out.println(
        STEPS
            + " random edits of the mapped KillrVideo example, seed "
            + SEED
            + ": fixes applied, by rule: "
            + applied);
    assertThat(failures).isEmpty();
    assertThat(applied)
        .as("the edits reach the conceptual and workflow fixes")
        .containsKeys(
            "ER-NAME-INVALID",
            "ER-ISA-CYCLE",
            "ER-RECURSIVE-ROLES",
            "QUERY-END-AMBIGUOUS",
            "WF-TASK-DUPLICATE",
            "QUERY-NO-RETURNS");
    assertThat(applied)
        .as("the edits reach the support fixes")
        .containsKeys("SUPPORT-ORDER", "query changed");
    assertThat(applied)
        .as("the edits reach the unknown types' and options' fixes")
        .containsKeys("TYPE-UNKNOWN", "OPTION-UNKNOWN");
  }

  /** How many of the problems are of that rule on that element. */
  private static long count(List<Problem> problems, Problem problem) {
    return problems.stream()
        .filter(
            p ->
                p.rule() == problem.rule()
                    && java.util.Objects.equals(p.element(), problem.element()))
        .count();
  }
}
