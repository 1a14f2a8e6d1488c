package org.keyspacestudio.model.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.edit.ConceptualEdits;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.Edits;
import org.keyspacestudio.model.edit.MappingEdits;
import org.keyspacestudio.model.edit.SchemaEdits;
import org.keyspacestudio.model.edit.SizingEdits;
import org.keyspacestudio.model.edit.WorkflowEdits;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.sizing.TableSizing;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.workflow.Query;

/**
 * The editor's live checks, which compute again only what an edit changed, say after every edit
 * exactly what checking the project from scratch says: edits of tables, columns, keys, indexes,
 * queries, the conceptual model and the size figures, then undoing them all.
 */
class LiveChecksTest {

  private static ElementRef table(String name) {
    return ElementRef.table(CqlIdentifier.of("killr_video"), CqlIdentifier.of(name));
  }

  @Test
  void afterEveryEditTheLiveChecksSayWhatCheckingFromScratchSays() throws Exception {
    Document doc = new Document(ProjectFile.read(Path.of("../examples/killrvideo.kstudio")), null);
    ProjectChecks.Live live = new ProjectChecks.Live();
    List<Problem> before = live.validate(doc.project(), java.util.Map.of());
    assertThat(before).isEqualTo(ProjectChecks.validate(doc.project()));

    ElementRef byUser = table("videos_by_user");
    Query q3 = doc.project().workflow().query("Q3").orElseThrow();
    List<Document.Edit> edits =
        List.of(
            MappingEdits.mapAll(CqlIdentifier.of("killr_video")),
            // A column a query returns is deleted: SUPPORT-ATTRIBUTE-MISSING on that table only.
            SchemaEdits.deleteColumn(byUser, CqlIdentifier.of("title")),
            // The clustering column becomes a regular column: ORDER BY is no longer served.
            SchemaEdits.setRole(byUser, CqlIdentifier.of("video_id"), SchemaEdits.Role.REGULAR),
            SchemaEdits.setIndexed(table("videos"), CqlIdentifier.of("title"), true),
            SchemaEdits.addColumn(table("users"), CqlIdentifier.of("nickname"), NativeType.TEXT),
            WorkflowEdits.setQuery(
                "Q3",
                q3.withGiven(
                    List.of(
                        new Query.Condition(AttributeRef.parse("User.user_id"), Operator.EQ),
                        new Query.Condition(AttributeRef.parse("Video.title"), Operator.EQ)))),
            SizingEdits.setInstances("Video", 900_000_000L),
            SizingEdits.setTable(
                TableSizing.none(table("comments_by_video")).withRowsPerPartition(400_000L)),
            ConceptualEdits.renameAttribute("Video", "title", "name"),
            SchemaEdits.renameTable(table("latest_videos"), CqlIdentifier.of("newest_videos")),
            Edits.delete(Set.of(table("ratings_by_video"))));
    int changed = 0;
    for (Document.Edit edit : edits) {
      assertThat(doc.perform(edit)).as(edit.description()).isTrue();
      List<Problem> now = live.validate(doc.project(), java.util.Map.of());
      assertThat(now).as(edit.description()).isEqualTo(ProjectChecks.validate(doc.project()));
      changed += now.equals(before) ? 0 : 1;
      before = now;
    }
    assertThat(changed).as("the edits change what the checks say").isGreaterThan(6);
    while (doc.undo()) {
      assertThat(live.validate(doc.project(), java.util.Map.of()))
          .isEqualTo(ProjectChecks.validate(doc.project()));
    }
  }
}
