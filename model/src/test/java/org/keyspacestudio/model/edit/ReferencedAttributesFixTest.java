package org.keyspacestudio.model.edit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.QueryText;
import org.keyspacestudio.model.workflow.Workflow;
import org.keyspacestudio.model.workflow.WorkflowRule;

/**
 * A query typed before the conceptual model has what it refers to: the fix adds the attributes, and
 * the entities that do not exist yet, in one undo step.
 */
class ReferencedAttributesFixTest {

  private static Project project(ConceptualModel conceptual, Query query) {
    return Project.empty()
        .withConceptual(conceptual)
        .withWorkflow(Workflow.empty().withQueries(List.of(query)));
  }

  private static Query query(String given, String returns) {
    return Query.of("Q1", "Find a user's videos")
        .withGiven(QueryText.parseGiven(given))
        .withReturns(QueryText.parseRefs(returns));
  }

  private static List<Problem> unknown(Project project) {
    return ProjectChecks.validate(project).stream()
        .filter(p -> p.rule() == WorkflowRule.QUERY_ATTRIBUTE_UNKNOWN)
        .toList();
  }

  @Test
  void theMissingAttributesAndEntitiesAreAddedInOneUndoStep() {
    Entity user =
        new Entity(
            "User",
            false,
            List.of(new Attribute("user_id", Attribute.Kind.SIMPLE, "uuid", List.of())),
            List.of(
                Key.of(org.keyspacestudio.model.conceptual.AttributeRef.parse("User.user_id"))));
    Document doc =
        new Document(
            project(
                ConceptualModel.empty().withEntity(user),
                query("User.email =", "User.user_id, Video.video_id, Video.title")),
            null);
    List<Problem> found = unknown(doc.project());
    assertThat(found).hasSize(3);
    List<Fix> fixes = QuickFixes.of(doc.project(), found.get(0));
    assertThat(fixes).hasSize(1);
    // Every problem of the query offers the same fix.
    assertThat(QuickFixes.of(doc.project(), found.get(2)))
        .extracting(Fix::label)
        .containsExactly(fixes.get(0).label());
    assertThat(fixes.get(0).label())
        .isEqualTo(
            "Add User.email, Video.video_id, Video.title to the conceptual model (new entity"
                + " Video)");
    assertThat(fixes.get(0).safe()).isFalse();

    Project before = doc.project();
    doc.perform(fixes.get(0).edit());
    assertThat(unknown(doc.project())).isEmpty();
    Entity after = doc.project().conceptual().entity("User").orElseThrow();
    assertThat(after.attributes())
        .extracting(Attribute::name, Attribute::kind, Attribute::type)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("user_id", Attribute.Kind.SIMPLE, "uuid"),
            org.assertj.core.groups.Tuple.tuple("email", Attribute.Kind.SIMPLE, ""));
    assertThat(after.keys()).isEqualTo(user.keys());
    Entity video = doc.project().conceptual().entity("Video").orElseThrow();
    assertThat(video.weak()).isFalse();
    assertThat(video.attributes()).extracting(Attribute::name).containsExactly("video_id", "title");

    doc.undo();
    assertThat(doc.project()).isEqualTo(before);
  }

  @Test
  void aPartOfACompositeAndANameAHierarchyHoldsAreLeftToTheUser() {
    ConceptualModel model = ConceptualModel.empty();
    // Only parts: nothing to offer.
    Project parts = project(model, query("User.name.first =", "User.name.last"));
    assertThat(unknown(parts)).isNotEmpty();
    assertThat(QuickFixes.of(parts, unknown(parts).get(0))).isEmpty();
    assertThat(
            ConceptualEdits.missing(model, parts.workflow().queries().get(0).attributes())
                .attributes())
        .isEmpty();

    // An IsA hierarchy is no entity to add attributes to, and the name is taken.
    ConceptualModel withHierarchy =
        model
            .withEntity(new Entity("User", false, List.of(), List.of()))
            .withHierarchy(
                "Roles",
                new org.keyspacestudio.model.conceptual.IsA("Roles", "User", List.of(), true));
    Project hierarchy = project(withHierarchy, query("Roles.kind =", "User.name"));
    List<Fix> fixes = QuickFixes.of(hierarchy, unknown(hierarchy).get(0));
    assertThat(fixes)
        .extracting(Fix::label)
        .containsExactly("Add User.name to the conceptual model");
  }
}
