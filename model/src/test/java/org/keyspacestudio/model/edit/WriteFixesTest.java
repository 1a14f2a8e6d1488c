package org.keyspacestudio.model.edit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.writes.WriteRule;
import org.keyspacestudio.model.writes.WriteRules;

/**
 * The fix of {@code WRITE-UNREACHABLE}: the query the message asks for, added and mapped, after
 * which the application can find the rows.
 */
class WriteFixesTest {

  private static final CqlIdentifier KS = CqlIdentifier.of("killr_video");

  private static Document mapped() throws Exception {
    Document doc = new Document(ProjectFile.read(Path.of("../examples/killrvideo.kstudio")), null);
    doc.perform(MappingEdits.mapAll(KS));
    return doc;
  }

  private static List<Problem> unreachable(Project p) {
    return WriteRules.validate(p).stream().filter(x -> x.rule() == WriteRule.UNREACHABLE).toList();
  }

  @Test
  void theRatingsNoTableListsByUserGetTheQueryThatListsThemMappedToATable() throws Exception {
    Document doc = mapped();
    Project before = doc.project();
    List<Problem> problems = unreachable(before);
    assertThat(problems)
        .singleElement()
        .extracting(Problem::element)
        .isEqualTo(ElementRef.table(KS, CqlIdentifier.of("ratings_by_video")));
    List<Fix> fixes = QuickFixes.of(before, problems.get(0));
    assertThat(fixes)
        .extracting(Fix::label)
        .containsExactly(
            "Add Q10 (Find the Ratings of a User by its key) and map it to ratings_by_user, so"
                + " that the application finds the Ratings of a User in ratings_by_video");
    assertThat(fixes.get(0).safe()).isFalse();

    doc.perform(fixes.get(0).edit());
    Project after = doc.project();
    Query q10 = after.workflow().query("Q10").orElseThrow();
    assertThat(q10.given())
        .containsExactly(new Query.Condition(AttributeRef.parse("User.user_id"), Operator.EQ));
    // What ratings_by_video's key holds, and the rating, so that the rows are Ratings.
    assertThat(q10.returns())
        .containsExactly(AttributeRef.parse("Rating.rating"), AttributeRef.parse("Video.video_id"));
    // Beside Q8, the query of ratings_by_video, in the workflow.
    String q8Task =
        before.workflow().tasks().stream()
            .filter(t -> t.queries().contains("Q8"))
            .findFirst()
            .orElseThrow()
            .name();
    assertThat(after.workflow().task(q8Task).orElseThrow().queries()).contains("Q8", "Q10");
    var ratingsByUser = ElementRef.table(KS, CqlIdentifier.of("ratings_by_user"));
    assertThat(after.mapping().tablesOf("Q10"))
        .extracting(org.keyspacestudio.model.mapping.MappedTable::table)
        .containsExactly(ratingsByUser);
    var table = after.schema().keyspace(KS).orElseThrow().table(ratingsByUser.object());
    assertThat(table.orElseThrow().primaryKey().partitionKey())
        .extracting(CqlIdentifier::asInternal)
        .containsExactly("user_id");
    assertThat(unreachable(after)).isEmpty();
    // Deleting a User now deletes its Ratings in ratings_by_video, found in ratings_by_user.
    var delete =
        org.keyspacestudio.model.writes.WritePaths.of(after).delete("User").tables().stream()
            .filter(t -> t.table().object().asInternal().equals("ratings_by_video"))
            .findFirst()
            .orElseThrow();
    assertThat(delete.rows().finder()).isEqualTo(ratingsByUser);

    doc.undo();
    assertThat(doc.project()).isEqualTo(before);
  }

  @Test
  void aFinderQueryTheOtherRelationshipsTableAnswersFirstIsMappedToANewTable() {
    // Two many-to-many relationships of User and Video: user_video (no attribute of its own: its
    // columns are the Video's) and video_recommendation (its rating). A query by Video.videoid
    // returning User.userid cannot say whose rows it finds, and video_recommendations_by_video
    // answers it first; its rows are video_recommendation's.
    var imported =
        org.keyspacestudio.model.parse.CqlImporter.read(
            "CREATE KEYSPACE kv WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};\n"
                + "CREATE TABLE kv.videos (videoid uuid PRIMARY KEY, name text);\n"
                + "CREATE TABLE kv.users (userid uuid PRIMARY KEY, email text);\n"
                + "CREATE TABLE kv.user_videos (userid uuid, added_date timestamp, videoid uuid,"
                + " name text, PRIMARY KEY (userid, added_date, videoid));\n"
                + "CREATE TABLE kv.video_recommendations_by_video (videoid uuid, userid uuid,"
                + " added_date timestamp static, rating float, PRIMARY KEY (videoid, userid));\n",
            "kv.cql");
    CqlIdentifier kv = CqlIdentifier.of("kv");
    Document doc = new Document(new Project(imported.schema()), null);
    assertThat(doc.perform(ReverseEdits.recover(kv))).isTrue();
    Project before = doc.project();
    ElementRef userVideos = ElementRef.table(kv, CqlIdentifier.of("user_videos"));
    List<Problem> problems =
        unreachable(before).stream().filter(x -> x.element().equals(userVideos)).toList();
    assertThat(problems).hasSize(1);
    List<Fix> fixes = QuickFixes.of(before, problems.get(0));
    assertThat(fixes)
        .extracting(Fix::label)
        .containsExactly(
            "Add Q5 (Find the user_videos of a Video by its key) and map it to users_by_video, so"
                + " that the application finds the user_videos of a Video in user_videos");
    doc.perform(fixes.get(0).edit());
    assertThat(unreachable(doc.project())).noneMatch(x -> x.element().equals(userVideos));
    assertThat(doc.project().mapping().tablesOf("Q5"))
        .extracting(m -> m.table().object().asInternal())
        .containsExactly("users_by_video");
    doc.undo();
    assertThat(doc.project()).isEqualTo(before);
  }
}
