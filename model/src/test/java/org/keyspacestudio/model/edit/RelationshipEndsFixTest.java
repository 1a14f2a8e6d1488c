package org.keyspacestudio.model.edit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.Cardinality;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.ConceptualRule;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.validate.Problem;

/**
 * A relationship with one end (Insert > Relationship with one entity selected makes it; an error):
 * the fixes join each other entity to it.
 */
class RelationshipEndsFixTest {

  private static List<Problem> ends(Project project) {
    return ProjectChecks.validate(project).stream()
        .filter(p -> p.rule() == ConceptualRule.RELATIONSHIP_ENDS)
        .toList();
  }

  @Test
  void eachOtherEntityIsOfferedAsTheMissingEnd() {
    ConceptualModel model = ConceptualModel.empty();
    for (String name : List.of("Customer", "Order", "Product")) {
      model = model.withEntity(new Entity(name, false, List.of(), List.of()));
    }
    model =
        model.withRelationship(
            "places",
            new Relationship(
                "places",
                false,
                List.of(new Relationship.End("Customer", Cardinality.ONE, "")),
                List.of(),
                List.of()));
    Document doc = new Document(Project.empty().withConceptual(model), null);
    List<Problem> found = ends(doc.project());
    assertThat(found).hasSize(1);
    List<Fix> fixes = QuickFixes.of(doc.project(), found.get(0));
    assertThat(fixes)
        .extracting(Fix::label)
        .containsExactly("Join Order to places", "Join Product to places");
    assertThat(fixes).noneMatch(Fix::safe);

    doc.perform(fixes.get(0).edit());
    assertThat(doc.project().conceptual().relationship("places").orElseThrow().ends())
        .containsExactly(
            new Relationship.End("Customer", Cardinality.ONE, ""),
            new Relationship.End("Order", Cardinality.N, ""));
    assertThat(ends(doc.project())).isEmpty();
    doc.undo();
    assertThat(ends(doc.project())).hasSize(1);
  }
}
