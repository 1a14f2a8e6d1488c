package org.keyspacestudio.model.edit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.Cardinality;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.Workflow;

class ConceptualEditsTest {

  /** User and Video joined by uploads; a query over both; positions for every box. */
  private static Document document() {
    Document doc = new Document(Project.empty(), null);
    doc.perform(ConceptualEdits.addEntity("User", false, new Point(0, 0)));
    doc.perform(
        ConceptualEdits.addAttribute("User", "id", Attribute.Kind.SIMPLE, true, new Point(0, -60)));
    doc.perform(
        ConceptualEdits.addAttribute(
            "User", "email", Attribute.Kind.SIMPLE, false, new Point(80, -60)));
    doc.perform(ConceptualEdits.addEntity("Video", false, new Point(400, 0)));
    doc.perform(
        ConceptualEdits.addAttribute(
            "Video", "id", Attribute.Kind.SIMPLE, true, new Point(400, -60)));
    doc.perform(
        ConceptualEdits.connect(
            ElementRef.entity("User"), ElementRef.entity("Video"), new Point(200, 0)));
    Query q =
        new Query(
            "Q1",
            "videos of a user",
            List.of(new Query.Condition(AttributeRef.parse("User.id"), Operator.EQ)),
            List.of(AttributeRef.parse("Video.id"), AttributeRef.parse("User.email")),
            List.of(),
            Query.ResultSize.PARTITION);
    doc.perform(
        new Document.Edit(
            "queries", p -> p.withWorkflow(new Workflow(List.of(), List.of(), List.of(q)))));
    return doc;
  }

  @Test
  void drawingBuildsTheModelOneUndoStepAtATime() {
    Document doc = document();
    Project p = doc.project();
    assertThat(p.conceptual().entities()).extracting(Entity::name).containsExactly("User", "Video");
    Relationship r = p.conceptual().relationships().get(0);
    assertThat(r.name()).isEqualTo("relates");
    assertThat(r.ends())
        .containsExactly(
            new Relationship.End("User", Cardinality.ONE, ""),
            new Relationship.End("Video", Cardinality.N, ""));
    assertThat(p.conceptual().entity("User").get().keys())
        .containsExactly(Key.of(AttributeRef.parse("User.id")));
    assertThat(p.conceptualLayout().position(ElementRef.attribute("User", "email")))
        .isEqualTo(new Point(80, -60));
    doc.undo(); // the query
    doc.undo(); // the relationship
    assertThat(doc.project().conceptual().relationships()).isEmpty();
    assertThat(doc.project().conceptualLayout().position(ElementRef.relationship("relates")))
        .isNull();
    doc.redo();
    assertThat(doc.project().conceptual().relationships()).hasSize(1);
  }

  @Test
  void renamingAnEntityCarriesThroughKeysEndsQueriesAndPositions() {
    Document doc = document();
    doc.perform(ConceptualEdits.rename(ElementRef.entity("User"), "Member"));
    Project p = doc.project();
    assertThat(p.conceptual().entity("Member").get().keys())
        .containsExactly(Key.of(AttributeRef.parse("Member.id")));
    assertThat(p.conceptual().relationships().get(0).ends().get(0).entity()).isEqualTo("Member");
    Query q = p.workflow().query("Q1").get();
    assertThat(q.given().get(0).attribute()).isEqualTo(AttributeRef.parse("Member.id"));
    assertThat(q.returns()).contains(AttributeRef.parse("Member.email"));
    assertThat(p.conceptualLayout().position(ElementRef.entity("Member")))
        .isEqualTo(new Point(0, 0));
    assertThat(p.conceptualLayout().position(ElementRef.attribute("Member", "email")))
        .isEqualTo(new Point(80, -60));
    assertThat(p.conceptualLayout().position(ElementRef.entity("User"))).isNull();

    assertThat(doc.perform(ConceptualEdits.rename(ElementRef.entity("Member"), "Video")))
        .as("a taken name changes nothing")
        .isFalse();
  }

  @Test
  void renamingAnAttributeCarriesThroughKeysQueriesAndParts() {
    Document doc = document();
    doc.perform(ConceptualEdits.renameAttribute("User", "id", "user_id"));
    Project p = doc.project();
    assertThat(p.conceptual().entity("User").get().keys())
        .containsExactly(Key.of(AttributeRef.parse("User.user_id")));
    assertThat(p.workflow().query("Q1").get().given().get(0).attribute())
        .isEqualTo(AttributeRef.parse("User.user_id"));
    assertThat(p.conceptualLayout().position(ElementRef.attribute("User", "user_id")))
        .isEqualTo(new Point(0, -60));

    doc.perform(ConceptualEdits.setAttributeKind("User", "email", Attribute.Kind.COMPOSITE));
    doc.perform(ConceptualEdits.addPart("User", "email", "domain", new Point(1, 1)));
    doc.perform(ConceptualEdits.renameAttribute("User", "email", "contact"));
    assertThat(doc.project().conceptual().attribute(AttributeRef.parse("User.contact.domain")))
        .isPresent();
    assertThat(
            doc.project()
                .conceptualLayout()
                .position(ElementRef.attribute("User", "contact.domain")))
        .isEqualTo(new Point(1, 1));
    assertThat(doc.project().workflow().query("Q1").get().returns())
        .contains(AttributeRef.parse("User.contact"));
  }

  @Test
  void deletingAnEntityTakesItsAttributesEndsAndPositionsButLeavesQueriesToBeReported() {
    Document doc = document();
    doc.perform(ConceptualEdits.delete(Set.of(ElementRef.entity("Video"))));
    Project p = doc.project();
    assertThat(p.conceptual().entity("Video")).isEmpty();
    assertThat(p.conceptual().relationships().get(0).ends())
        .extracting(Relationship.End::entity)
        .containsExactly("User");
    assertThat(p.conceptualLayout().positions().keySet())
        .noneMatch(ref -> ref.object().asInternal().equals("Video"));
    assertThat(org.keyspacestudio.model.project.ProjectChecks.validate(p))
        .extracting(x -> x.rule().id())
        .contains("QUERY-ATTRIBUTE-UNKNOWN", "ER-RELATIONSHIP-ENDS");
    doc.undo();
    assertThat(doc.project().conceptual().entity("Video")).isPresent();
  }

  @Test
  void keysTogglePerAttribute() {
    Document doc = document();
    doc.perform(ConceptualEdits.setKey("User", "email", true));
    assertThat(doc.project().conceptual().entity("User").get().keys())
        .containsExactly(Key.of(AttributeRef.parse("User.id"), AttributeRef.parse("User.email")));
    doc.perform(ConceptualEdits.setKey("User", "id", false));
    doc.perform(ConceptualEdits.setKey("User", "email", false));
    assertThat(doc.project().conceptual().entity("User").get().keys()).isEmpty();
  }
}
