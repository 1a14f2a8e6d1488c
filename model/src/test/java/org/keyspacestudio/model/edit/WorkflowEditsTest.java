package org.keyspacestudio.model.edit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.workflow.Transition;

class WorkflowEditsTest {

  private static Document document() {
    Document doc = new Document(Project.empty(), null);
    doc.perform(WorkflowEdits.addTask("Log in", new Point(0, 0)));
    doc.perform(WorkflowEdits.addTask("Show user", new Point(300, 0)));
    doc.perform(WorkflowEdits.addTransition("Log in", "Show user"));
    doc.perform(
        WorkflowEdits.addQuery("Find a user by email", ElementRef.transition(null, "Log in")));
    doc.perform(
        WorkflowEdits.addQuery("Find a user by id", ElementRef.transition("Log in", "Show user")));
    return doc;
  }

  @Test
  void theFirstTaskIsTheEntryAndQueriesGoOnTransitions() {
    Project p = document().project();
    assertThat(p.workflow().transitions())
        .containsExactly(
            new Transition(null, "Log in", List.of("Q1")),
            new Transition("Log in", "Show user", List.of("Q2")));
    assertThat(p.workflow().query("Q2").get().description()).isEqualTo("Find a user by id");
  }

  @Test
  void renamingAQueryCarriesThroughTransitionsAndQueryArrows() {
    Document doc = document();
    ElementRef users = ElementRef.table(CqlIdentifier.of("ks"), CqlIdentifier.of("users"));
    doc.perform(Edits.addArrow("Q2", null, users));
    var q2 = doc.project().workflow().query("Q2").get();
    doc.perform(WorkflowEdits.setQuery("Q2", q2.withId("Q20")));
    Project p = doc.project();
    assertThat(p.workflow().transition("Log in", "Show user").get().queries())
        .containsExactly("Q20");
    assertThat(p.diagram().arrows()).containsExactly(new QueryArrow("Q20", null, users));
    assertThat(doc.perform(WorkflowEdits.setQuery("Q20", q2.withId("Q1"))))
        .as("an id that is taken changes nothing")
        .isFalse();
  }

  @Test
  void renamingATaskCarriesThroughTransitionsAndDeletingItTakesThem() {
    Document doc = document();
    doc.perform(WorkflowEdits.renameTask("Log in", "Sign in"));
    assertThat(doc.project().workflow().transitions())
        .extracting(Transition::from)
        .containsExactly(null, "Sign in");
    assertThat(doc.project().workflowLayout().position(ElementRef.task("Sign in")))
        .isEqualTo(new Point(0, 0));
    doc.perform(WorkflowEdits.delete(Set.of(ElementRef.task("Sign in"))));
    assertThat(doc.project().workflow().transitions()).isEmpty();
    assertThat(doc.project().workflow().queries()).hasSize(2);
    doc.undo();
    assertThat(doc.project().workflow().transitions()).hasSize(2);
  }
}
