package org.keyspacestudio.model.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.Cardinality;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.MappingEdits;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.Task;
import org.keyspacestudio.model.workflow.Transition;
import org.keyspacestudio.model.workflow.Workflow;

/** Where each query arrow of the logical diagram comes from, following the workflow. */
class QueryArrowSourceTest {

  private static final CqlIdentifier KS = CqlIdentifier.of("shop");

  private static ElementRef table(String name) {
    return ElementRef.table(KS, CqlIdentifier.of(name));
  }

  private static QueryArrow arrow(Project p, String query) {
    return p.diagram().arrows().stream()
        .filter(a -> a.label().equals(query))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aTaskQueryAfterATransitionWithoutQueriesComesFromThePreviousTasksTable() {
    ConceptualModel conceptual =
        new ConceptualModel(
            List.of(
                new Entity(
                    "Customer",
                    false,
                    List.of(
                        Attribute.simple("customer_id", "uuid"), Attribute.simple("email", "text")),
                    List.of(Key.of(AttributeRef.parse("Customer.customer_id")))),
                new Entity(
                    "Order",
                    false,
                    List.of(Attribute.simple("order_id", "timeuuid")),
                    List.of(Key.of(AttributeRef.parse("Order.order_id"))))),
            List.of(
                new Relationship(
                    "places",
                    false,
                    List.of(
                        new Relationship.End("Customer", Cardinality.ONE, ""),
                        new Relationship.End("Order", Cardinality.N, "")),
                    List.of(),
                    List.of())),
            List.of());
    // As Insert > Task makes them: each task runs its query; the transition between them, none.
    Workflow workflow =
        new Workflow(
            List.of(
                new Task("Show customer", List.of("Q1")), new Task("Show orders", List.of("Q2"))),
            List.of(
                new Transition(null, "Show customer", List.of()),
                new Transition("Show customer", "Show orders", List.of())),
            List.of(
                Query.of("Q1", "Find a customer")
                    .withGiven(
                        List.of(
                            new Query.Condition(
                                AttributeRef.parse("Customer.customer_id"), Operator.EQ)))
                    .withReturns(List.of(AttributeRef.parse("Customer.email"))),
                Query.of("Q2", "Find the orders of a customer")
                    .withGiven(
                        List.of(
                            new Query.Condition(
                                AttributeRef.parse("Customer.customer_id"), Operator.EQ)))
                    .withReturns(List.of(AttributeRef.parse("Order.order_id")))
                    .withSize(Query.ResultSize.PARTITION)));
    Document doc =
        new Document(Project.empty().withConceptual(conceptual).withWorkflow(workflow), null);
    doc.perform(MappingEdits.mapAll(KS));
    Project p = doc.project();
    ElementRef q1Table = p.mapping().tablesOf("Q1").get(0).table();
    assertThat(arrow(p, "Q1").from()).as("the entry").isNull();
    // An entry arrow before: Q2's user comes to it from the customer Q1 showed.
    assertThat(arrow(p, "Q2").from()).isEqualTo(q1Table);
  }

  @Test
  void theKillrVideoExampleKeepsItsArrows() throws Exception {
    Document doc = new Document(ProjectFile.read(Path.of("../examples/killrvideo.kstudio")), null);
    doc.perform(MappingEdits.mapAll(CqlIdentifier.of("killr_video")));
    Project p = doc.project();
    ElementRef videos =
        ElementRef.table(CqlIdentifier.of("killr_video"), CqlIdentifier.of("videos"));
    // Q8 runs on Show video, which Q5's transitions lead into: from videos.
    assertThat(arrow(p, "Q8").from()).isEqualTo(videos);
    assertThat(arrow(p, "Q1").from()).isNull();
    assertThat(arrow(p, "Q6").from()).isEqualTo(videos);
  }
}
