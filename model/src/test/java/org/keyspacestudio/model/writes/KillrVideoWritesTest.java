package org.keyspacestudio.model.writes;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.MappingEdits;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.validate.Problem;

/**
 * The write paths of the KillrVideo example, mapped: what a new Video, a changed title or tag set,
 * and deleted Videos and Users must write to keep the nine tables in step, as a developer working
 * from DataStax's KillrVideo would write them.
 */
class KillrVideoWritesTest {

  static Project mapped() throws Exception {
    Document doc = new Document(ProjectFile.read(Path.of("../examples/killrvideo.kstudio")), null);
    doc.perform(MappingEdits.mapAll(CqlIdentifier.of("killr_video")));
    return doc.project();
  }

  private static ElementRef table(String name) {
    return ElementRef.table(CqlIdentifier.of("killr_video"), CqlIdentifier.of(name));
  }

  private static TableWrite on(Write w, String table) {
    return w.tables().stream()
        .filter(t -> t.table().equals(table(table)))
        .findFirst()
        .orElseThrow();
  }

  private static List<String> tables(Write w) {
    return w.tables().stream().map(t -> t.table().object().asInternal()).toList();
  }

  @Test
  void eachTablesRowsStandForTheInstanceItsKeyIdentifies() throws Exception {
    WritePaths paths = WritePaths.of(mapped());
    assertThat(paths.rows())
        .extracting(
            r -> r.table().object().asInternal() + ": " + r.rowOwner() + " / " + r.partitionOwner())
        .containsExactly(
            "users_by_email: User / User",
            "latest_videos: Video / null",
            "users: User / User",
            "videos_by_tag: Video / null",
            "videos: Video / Video",
            "videos_by_user: Video / User",
            "comments_by_user: Comment / User",
            "ratings_by_video: Rating / Video",
            "comments_by_video: Comment / Video");
    assertThat(paths.rows()).allSatisfy(r -> assertThat(r.overwritten()).isEmpty());
    assertThat(paths.writers()).containsExactly("User", "Video", "Comment", "Rating");
  }

  @Test
  void aNewVideoIsWrittenToEveryTableThatHoldsVideosInOneLoggedBatch() throws Exception {
    Write insert = WritePaths.of(mapped()).insert("Video");
    assertThat(insert.title()).isEqualTo("Insert a Video");
    assertThat(tables(insert))
        .containsExactly(
            "latest_videos", "videos_by_tag", "videos", "videos_by_user", "comments_by_video");
    // A row per tag; the uploader's id through uploads; the partition's static columns.
    assertThat(on(insert, "videos_by_tag").perValueOf())
        .containsExactly(new AttributeRef("Video", "tags"));
    assertThat(on(insert, "videos_by_tag").executions()).isEqualTo(5);
    assertThat(on(insert, "videos_by_user").values().get(0).origin())
        .isEqualTo("user_id of its User (uploads)");
    assertThat(on(insert, "comments_by_video").action())
        .isEqualTo(TableWrite.Action.INSERT_PARTITION);
    assertThat(insert.cql())
        .isEqualTo(
            "BEGIN BATCH\n"
                + "  INSERT INTO killr_video.latest_videos (bucket, video_id, title, type, tags,"
                + " preview_thumbnails) VALUES (?, ?, ?, ?, ?, ?);\n"
                + "  INSERT INTO killr_video.videos_by_tag (tag, video_id, title, type,"
                + " preview_thumbnails) VALUES (?, ?, ?, ?, ?);  -- once per value of Video.tags\n"
                + "  INSERT INTO killr_video.videos (video_id, title, description, type, url,"
                + " release_date, mpaa_rating, encoding, tags, preview_thumbnails, genres) VALUES"
                + " (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);\n"
                + "  INSERT INTO killr_video.videos_by_user (user_id, video_id, title, type, tags,"
                + " preview_thumbnails) VALUES (?, ?, ?, ?, ?, ?);\n"
                + "  INSERT INTO killr_video.comments_by_video (video_id, title, type, tags,"
                + " preview_thumbnails) VALUES (?, ?, ?, ?, ?);\n"
                + "APPLY BATCH;");
    assertThat(insert.statementCount()).isEqualTo(9);
  }

  @Test
  void aNewTitleReachesEveryCopyAndEachCommentsRowFoundThroughCommentsByVideo() throws Exception {
    Write title = WritePaths.of(mapped()).update("Video", "title");
    assertThat(tables(title))
        .containsExactly(
            "latest_videos",
            "videos_by_tag",
            "videos",
            "videos_by_user",
            "comments_by_user",
            "comments_by_video");
    TableWrite comments = on(title, "comments_by_user");
    assertThat(comments.rows().owner()).isEqualTo("Comment");
    assertThat(comments.rows().finder()).isEqualTo(table("comments_by_video"));
    assertThat(comments.rows().finderQuery()).isEqualTo("Q6");
    // 50,000,000 Comments of 5,000,000 Videos.
    assertThat(comments.rows().count().value()).isEqualTo(10);
    assertThat(comments.executions()).isEqualTo(10);
    assertThat(on(title, "comments_by_video").action())
        .isEqualTo(TableWrite.Action.UPDATE_PARTITION);
    assertThat(on(title, "comments_by_video").statements())
        .containsExactly("UPDATE killr_video.comments_by_video SET title = ? WHERE video_id = ?");
    // The uploader's id, which videos_by_user's key holds and no table found by video_id does.
    assertThat(on(title, "videos_by_user").notes())
        .anyMatch(n -> n.contains("User.user_id of its User (uploads)") && n.contains("must know"));
    assertThat(on(title, "videos_by_tag").notes())
        .containsExactly("To find the row it needs each of the Video's tags: read it from videos.");
  }

  @Test
  void newTagsMoveVideosByTagRowsAsADeleteAndAnInsert() throws Exception {
    TableWrite byTag = on(WritePaths.of(mapped()).update("Video", "tags"), "videos_by_tag");
    assertThat(byTag.action()).isEqualTo(TableWrite.Action.MOVE_ROW);
    assertThat(byTag.statements())
        .containsExactly(
            "DELETE FROM killr_video.videos_by_tag WHERE tag = ? AND video_id = ?",
            "INSERT INTO killr_video.videos_by_tag (tag, video_id, title, type,"
                + " preview_thumbnails) VALUES (?, ?, ?, ?, ?)");
  }

  @Test
  void aDeletedVideoTakesItsCommentsAndRatingsWithItAPartitionAtATime() throws Exception {
    Write delete = WritePaths.of(mapped()).delete("Video");
    assertThat(delete.notes()).anyMatch(n -> n.startsWith("Its Comment and Rating go with it"));
    assertThat(on(delete, "comments_by_video").action())
        .isEqualTo(TableWrite.Action.DELETE_PARTITION);
    assertThat(on(delete, "ratings_by_video").action())
        .isEqualTo(TableWrite.Action.DELETE_PARTITION);
    TableWrite byUser = on(delete, "comments_by_user");
    assertThat(byUser.action()).isEqualTo(TableWrite.Action.DELETE_ROW);
    assertThat(byUser.rows().finder()).isEqualTo(table("comments_by_video"));
  }

  @Test
  void theChecksFindTheVideoBatchesOverFiveKibAndTheRatingsNoTableListsByUser() throws Exception {
    List<Problem> problems = WriteRules.validate(mapped());
    assertThat(problems)
        .extracting(p -> p.rule().id() + " " + p.element())
        .containsExactly(
            "WRITE-BATCH-SIZE Video", "WRITE-UNREACHABLE killr_video.ratings_by_video");
    assertThat(problems.get(0).message())
        .contains("Insert a Video, about 8.07 KiB (9 statements, 5 tables)");
    assertThat(problems.get(1).message())
        .contains("deleting a User must delete its Ratings here")
        .contains("no table lists the Ratings of a User");
  }
}
