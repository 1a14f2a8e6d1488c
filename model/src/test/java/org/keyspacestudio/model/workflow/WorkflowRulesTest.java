package org.keyspacestudio.model.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.ElementRef;

class WorkflowRulesTest {

  private static final ConceptualModel ER =
      new ConceptualModel(
          List.of(
              new Entity(
                  "User",
                  false,
                  List.of(Attribute.simple("id", "uuid"), Attribute.simple("email", "text")),
                  List.of(Key.of(AttributeRef.parse("User.id"))))),
          List.of(),
          List.of());

  private static Query byEmail(String id) {
    return new Query(
        id,
        "Find a user by email",
        List.of(new Query.Condition(AttributeRef.parse("User.email"), Operator.EQ)),
        List.of(AttributeRef.parse("User.id")),
        List.of(),
        Query.ResultSize.ROW);
  }

  private static final java.util.Set<String> REACHED =
      java.util.concurrent.ConcurrentHashMap.newKeySet();

  private static List<String> ids(Workflow w) {
    List<String> ids = WorkflowRules.validate(w, ER).stream().map(p -> p.rule().id()).toList();
    REACHED.addAll(ids);
    return ids;
  }

  @Test
  void taskNamesAndQueryIdsMustBeValidAndUnique() {
    Workflow w =
        new Workflow(
            List.of(Task.named("A"), Task.named("A"), Task.named(" ")),
            List.of(new Transition(null, "A", List.of("Q 1"))),
            List.of(byEmail("Q 1")));
    assertThat(ids(w))
        .containsExactly(
            "WF-TASK-DUPLICATE",
            "WF-TASK-NAME-INVALID",
            "WF-TASK-UNREACHABLE",
            "WF-QUERY-ID-INVALID");
  }

  @org.junit.jupiter.api.AfterAll
  static void everyRuleWasReached() {
    assertThat(REACHED)
        .containsAll(java.util.Arrays.stream(WorkflowRule.values()).map(WorkflowRule::id).toList());
  }

  @Test
  void aQueryUsingARecursiveRelationshipSaysWhichEndOfItsEntity() {
    ConceptualModel follows =
        ER.withRelationship(
            "follows",
            new org.keyspacestudio.model.conceptual.Relationship(
                "follows",
                false,
                List.of(
                    new org.keyspacestudio.model.conceptual.Relationship.End(
                        "User", org.keyspacestudio.model.conceptual.Cardinality.N, "follower"),
                    new org.keyspacestudio.model.conceptual.Relationship.End(
                        "User", org.keyspacestudio.model.conceptual.Cardinality.N, "followee")),
                List.of(),
                List.of()));
    Query vague =
        new Query(
            "Q1",
            "Find the followers of a user",
            List.of(new Query.Condition(AttributeRef.parse("User.id"), Operator.EQ)),
            List.of(AttributeRef.parse("follower.email")),
            List.of(),
            Query.ResultSize.PARTITION);
    Workflow w =
        new Workflow(
            List.of(Task.named("Home")),
            List.of(new Transition(null, "Home", List.of("Q1"))),
            List.of(vague));
    List<String> found =
        WorkflowRules.validate(w, follows).stream().map(p -> p.rule().id()).toList();
    REACHED.addAll(found);
    assertThat(found).containsExactly("QUERY-END-AMBIGUOUS");
    Query told =
        vague.withGiven(
            List.of(new Query.Condition(AttributeRef.parse("followee.id"), Operator.EQ)));
    assertThat(
            WorkflowRules.validate(
                new Workflow(w.tasks(), w.transitions(), List.of(told)), follows))
        .isEmpty();
  }

  @Test
  void aWorkflowFromItsEntryWithKnownQueriesHasNoProblems() {
    Workflow w =
        new Workflow(
            List.of(Task.named("Log in"), Task.named("Home")),
            List.of(
                new Transition(null, "Log in", List.of("Q1")),
                new Transition("Log in", "Home", List.of())),
            List.of(byEmail("Q1")));
    assertThat(WorkflowRules.validate(w, ER)).isEmpty();
  }

  @Test
  void noEntryUnreachableTasksAndUnknownTasksAreReported() {
    Workflow noEntry = new Workflow(List.of(Task.named("Log in")), List.of(), List.of());
    assertThat(ids(noEntry)).containsExactly("WF-NO-ENTRY");
    Workflow island =
        new Workflow(
            List.of(Task.named("Log in"), Task.named("Island")),
            List.of(
                new Transition(null, "Log in", List.of()),
                new Transition("Log in", "Nowhere", List.of())),
            List.of());
    assertThat(ids(island)).containsExactly("WF-TRANSITION-UNKNOWN-TASK", "WF-TASK-UNREACHABLE");
  }

  @Test
  void queryIdsAreUniqueKnownAndUsed() {
    Workflow w =
        new Workflow(
            List.of(new Task("Log in", List.of("Q9"))),
            List.of(new Transition(null, "Log in", List.of("Q1"))),
            List.of(byEmail("Q1"), byEmail("Q1"), byEmail("Q2")));
    assertThat(ids(w)).containsExactly("WF-QUERY-UNKNOWN", "WF-QUERY-DUPLICATE", "WF-QUERY-UNUSED");
  }

  @Test
  void aQueryNamingAMissingAttributeSaysWhichAndWhy() {
    Query q =
        new Query(
            "Q1",
            "",
            List.of(new Query.Condition(AttributeRef.parse("User.mail"), Operator.EQ)),
            List.of(AttributeRef.parse("Account.id")),
            List.of(),
            Query.ResultSize.ROW);
    var problems = WorkflowRules.validate(new Workflow(List.of(), List.of(), List.of(q)), ER);
    assertThat(problems)
        .extracting(p -> p.rule().id())
        .containsExactly("QUERY-ATTRIBUTE-UNKNOWN", "QUERY-ATTRIBUTE-UNKNOWN");
    assertThat(ids(new Workflow(List.of(), List.of(), List.of(q))))
        .contains("QUERY-ATTRIBUTE-UNKNOWN");
    assertThat(problems.get(0).message()).contains("User has no attribute 'mail'");
    assertThat(problems.get(1).message()).contains("no entity or relationship Account");
    assertThat(problems.get(0).element()).isEqualTo(ElementRef.query("Q1"));
  }

  @Test
  void aQueryWithoutEqualityOrReturnsOrWithABadOrderingIsReported() {
    Query q =
        new Query(
            "Q1",
            "",
            List.of(new Query.Condition(AttributeRef.parse("User.email"), Operator.GT)),
            List.of(),
            List.of(
                new Query.Ordering(AttributeRef.parse("User.id"), ClusteringOrder.ASC),
                new Query.Ordering(AttributeRef.parse("User.id"), ClusteringOrder.DESC)),
            Query.ResultSize.MANY);
    assertThat(ids(new Workflow(List.of(), List.of(), List.of(q))))
        .containsExactly("QUERY-NO-RETURNS", "QUERY-NO-EQUALITY", "QUERY-ORDER-REPEATED");
  }

  @Test
  void queriesComeInWorkflowOrder() {
    Workflow w =
        new Workflow(
            List.of(Task.named("A"), new Task("B", List.of("Q5")), Task.named("C")),
            List.of(
                new Transition("B", "C", List.of("Q2")),
                new Transition("A", "B", List.of("Q3")),
                new Transition(null, "A", List.of("Q4"))),
            List.of(byEmail("Q1"), byEmail("Q2"), byEmail("Q3"), byEmail("Q4"), byEmail("Q5")));
    assertThat(w.queriesInWorkflowOrder())
        .extracting(Query::id)
        .containsExactly("Q4", "Q3", "Q5", "Q2", "Q1");
    assertThat(w.nextQueryId()).isEqualTo("Q6");
  }
}
