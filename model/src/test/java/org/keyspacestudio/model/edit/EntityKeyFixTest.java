package org.keyspacestudio.model.edit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.ConceptualRule;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.validate.Problem;

/**
 * An entity drawn without a key (an error: MR5 needs it in every table's key): the fixes offer its
 * identifying attributes first, or a new key attribute when it has none.
 */
class EntityKeyFixTest {

  private static Document document(Entity... entities) {
    ConceptualModel model = ConceptualModel.empty();
    for (Entity e : entities) {
      model = model.withEntity(e);
    }
    return new Document(Project.empty().withConceptual(model), null);
  }

  private static List<Problem> noKey(Project project) {
    return ProjectChecks.validate(project).stream()
        .filter(p -> p.rule() == ConceptualRule.ENTITY_NO_KEY)
        .toList();
  }

  @Test
  void theAttributesNamedLikeIdsComeFirstAndTheChosenOneBecomesTheKey() {
    Document doc =
        document(
            new Entity(
                "Video",
                false,
                List.of(
                    Attribute.simple("title", "text"),
                    Attribute.multiValued("tags", "text"),
                    Attribute.simple("video_id", "timeuuid"),
                    Attribute.simple("paid", "boolean")),
                List.of()));
    List<Problem> found = noKey(doc.project());
    assertThat(found).hasSize(1);
    List<Fix> fixes = QuickFixes.of(doc.project(), found.get(0));
    // The multi-valued tags cannot be a key (ER-KEY-MULTI-VALUED); "paid" is no id.
    assertThat(fixes)
        .extracting(Fix::label)
        .containsExactly(
            "Make video_id the key of Video",
            "Make title the key of Video",
            "Make paid the key of Video");
    assertThat(fixes).noneMatch(Fix::safe);

    doc.perform(fixes.get(0).edit());
    assertThat(noKey(doc.project())).isEmpty();
    assertThat(ProjectChecks.validate(doc.project())).isEmpty();
    assertThat(doc.project().conceptual().entity("Video").orElseThrow().keys())
        .containsExactly(Key.of(AttributeRef.parse("Video.video_id")));
    doc.undo();
    assertThat(noKey(doc.project())).hasSize(1);
  }

  @Test
  void anEntityWithoutAttributesGetsANewKeyAttribute() {
    Document doc = document(new Entity("Sensor Reading", false, List.of(), List.of()));
    List<Fix> fixes = QuickFixes.of(doc.project(), noKey(doc.project()).get(0));
    assertThat(fixes)
        .extracting(Fix::label)
        .containsExactly("Add the key attribute sensor_reading_id (uuid) to Sensor Reading");
    doc.perform(fixes.get(0).edit());
    Entity after = doc.project().conceptual().entity("Sensor Reading").orElseThrow();
    assertThat(after.attributes()).containsExactly(Attribute.simple("sensor_reading_id", "uuid"));
    assertThat(noKey(doc.project())).isEmpty();
  }

  @Test
  void anEntityWhoseAttributesNameNoIdGetsANewKeyAttributeFirst() {
    // installed_at and location do not tell one sensor from another: the fix that does comes
    // first (it was offered only to an entity without attributes).
    Document doc =
        document(
            new Entity(
                "Sensor",
                false,
                List.of(Attribute.simple("installed_at", ""), Attribute.simple("location", "")),
                List.of()));
    List<Fix> fixes = QuickFixes.of(doc.project(), noKey(doc.project()).get(0));
    assertThat(fixes)
        .extracting(Fix::label)
        .containsExactly(
            "Add the key attribute sensor_id (uuid) to Sensor",
            "Make installed_at the key of Sensor",
            "Make location the key of Sensor");
    doc.perform(fixes.get(0).edit());
    assertThat(noKey(doc.project())).isEmpty();
    assertThat(doc.project().conceptual().entity("Sensor").orElseThrow().keys())
        .containsExactly(Key.of(AttributeRef.parse("Sensor.sensor_id")));
  }

  @Test
  void aWeakEntityIsLeftToTheUser() {
    Document doc =
        document(
            new Entity("Reading", true, List.of(Attribute.simple("at", "timestamp")), List.of()));
    for (Problem p : noKey(doc.project())) {
      assertThat(QuickFixes.of(doc.project(), p)).isEmpty();
    }
  }
}
