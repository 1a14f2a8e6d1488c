package org.keyspacestudio.integration;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.export.cluster.ClusterSession;
import org.keyspacestudio.export.cluster.PlanRunner;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diff.SchemaDiff;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.MappingEdits;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.writes.TableWrite;
import org.keyspacestudio.model.writes.Write;
import org.keyspacestudio.model.writes.WritePaths;

/**
 * The KillrVideo example's write paths run on a real node, by a test application that knows the
 * instances it writes (a User, a Video she uploads with two tags, a Comment on it): after each
 * write, the queries that read what it changed see the change in every table that holds a copy, and
 * nothing is left behind by a delete. The write paths keep the denormalized tables in step.
 */
class WritePathsNodeTest {

  private static final String USER = "11111111-2222-3333-4444-555555555555";
  private static final String VIDEO = "50554d6e-29bb-11e5-b345-feff819cdc9f";

  private static ClusterSession session;
  private static WritePaths paths;

  /** Each attribute's value as a CQL literal; a multi-valued attribute's, one per value. */
  private final Map<AttributeRef, List<String>> values = new HashMap<>();

  @BeforeAll
  static void applyTheMappedExample() throws Exception {
    session = TestNode.connect();
    session.execute("DROP KEYSPACE IF EXISTS killr_video");
    Document doc = new Document(ProjectFile.read(Path.of("../examples/killrvideo.kstudio")), null);
    doc.perform(MappingEdits.mapAll(CqlIdentifier.of("killr_video")));
    Project project = doc.project();
    var ks = project.schema().keyspace(CqlIdentifier.of("killr_video")).orElseThrow();
    PlanRunner.Result applied =
        PlanRunner.run(session, SchemaDiff.plan(ks, null), false, new PlanRunner.Listener() {});
    assertThat(applied.complete()).as("%s", applied.failure()).isTrue();
    paths = WritePaths.of(project);
  }

  @AfterAll
  static void close() throws Exception {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS killr_video");
      session.close();
    }
  }

  private void set(String attribute, String... literals) {
    values.put(AttributeRef.parse(attribute), List.of(literals));
  }

  /**
   * Runs a write as the application would: each table's statements with the known instances'
   * values, once per value of a multi-valued attribute the key holds; the rows of other instances
   * (the Comments of the Video) are those this test wrote, one Comment here.
   */
  private void run(Write w, Map<AttributeRef, List<String>> before) throws Exception {
    for (TableWrite t : w.tables()) {
      List<AttributeRef> repeated = t.perValueOf();
      AttributeRef each = repeated.isEmpty() ? null : repeated.get(0);
      if (t.action() == TableWrite.Action.MOVE_ROW) {
        // The old values' rows deleted, the new values' inserted.
        for (String old : before.get(each)) {
          run(t.statements().get(0), keysOf(t), Map.of(each, old));
        }
        for (String now : values.get(each)) {
          run(t.statements().get(1), t.values(), Map.of(each, now));
        }
        continue;
      }
      String statement = t.statements().get(0);
      List<TableWrite.ColumnValue> bound = t.values();
      if (each == null) {
        run(statement, bound, Map.of());
      } else {
        for (String value : (w.kind() == Write.Kind.UPDATE ? values : before).get(each)) {
          run(statement, bound, Map.of(each, value));
        }
      }
    }
  }

  /** A move's DELETE binds the key columns: the values of the INSERT's key, in key order. */
  private static List<TableWrite.ColumnValue> keysOf(TableWrite t) {
    int keys = (int) t.statements().get(0).chars().filter(c -> c == '?').count();
    return t.values().subList(0, keys);
  }

  private void run(
      String statement, List<TableWrite.ColumnValue> bound, Map<AttributeRef, String> one)
      throws Exception {
    StringBuilder cql = new StringBuilder();
    int next = 0;
    for (char c : statement.toCharArray()) {
      if (c != '?') {
        cql.append(c);
        continue;
      }
      TableWrite.ColumnValue v = bound.get(next++);
      cql.append(literal(v, one));
    }
    session.execute(cql.toString());
  }

  private String literal(TableWrite.ColumnValue v, Map<AttributeRef, String> one) {
    if (v.attribute() == null) {
      return "0"; // The latest videos' bucket: the application's, 0 here.
    }
    String single = one.get(v.attribute());
    if (single != null) {
      return single;
    }
    List<String> all = values.get(v.attribute());
    assertThat(all).as("a value for %s", v.attribute()).isNotNull();
    boolean multi =
        paths
            .owners()
            .model()
            .attribute(v.attribute())
            .map(a -> a.kind() == org.keyspacestudio.model.conceptual.Attribute.Kind.MULTI_VALUED)
            .orElse(false);
    return multi ? "{" + String.join(", ", all) + "}" : all.get(0);
  }

  private Write write(String owner, String title) {
    return paths.writes(owner).stream()
        .filter(w -> w.title().equals(title))
        .findFirst()
        .orElseThrow();
  }

  private List<String> column(String select, String column) throws Exception {
    List<String> out = new ArrayList<>();
    for (var row : session.query(select)) {
      Object o = row.getObject(column);
      out.add(o == null ? null : o.toString());
    }
    return out;
  }

  @Test
  void everyCopyOfAVideoChangesWithItAndGoesWithIt() throws Exception {
    set("User.user_id", USER);
    set("User.email", "'ada@example.com'");
    set("User.password", "'secret'");
    set("User.first_name", "'Ada'");
    set("User.last_name", "'Lovelace'");
    set("User.registration_date", "'2026-12-01 10:00:00+0000'");
    set("Video.video_id", VIDEO);
    set("Video.title", "'Cats'");
    set("Video.description", "'Two cats'");
    set("Video.type", "'clip'");
    set("Video.url", "'https://example.com/cats'");
    set("Video.release_date", "'2026-11-30 00:00:00+0000'");
    set("Video.mpaa_rating", "'G'");
    set("Video.tags", "'cat'", "'funny'");
    set("Video.genres", "'pets'");
    set("Video.preview_thumbnails", "{1: 0x0102}");
    set("Video.encoding", "{encoding: 'h264', height: 720, width: 1280, bitrates: {1000, 2000}}");
    set("Comment.posted_timestamp", "'2026-12-01 12:00:00+0000'");
    set("Comment.comment", "'Purrfect'");
    run(write("User", "Insert a User"), values);
    run(write("Video", "Insert a Video"), values);
    run(write("Comment", "Insert a Comment"), values);

    String byUser = "SELECT title FROM killr_video.videos_by_user WHERE user_id = " + USER;
    String byTag = "SELECT title FROM killr_video.videos_by_tag WHERE tag = ";
    String comments = "SELECT title, comment FROM killr_video.comments_by_video WHERE video_id = ";
    String commented = "SELECT title FROM killr_video.comments_by_user WHERE user_id = " + USER;
    assertThat(column(byUser, "title")).containsExactly("Cats");
    assertThat(column(byTag + "'funny'", "title")).containsExactly("Cats");
    assertThat(column(comments + VIDEO, "title")).containsExactly("Cats");
    assertThat(column(comments + VIDEO, "comment")).containsExactly("Purrfect");
    assertThat(column(commented, "title")).containsExactly("Cats");

    // A new title: every copy, the Comment's row in comments_by_user too.
    Map<AttributeRef, List<String>> before = new HashMap<>(values);
    set("Video.title", "'Dogs'");
    run(write("Video", "Update Video.title"), before);
    assertThat(column(byUser, "title")).containsExactly("Dogs");
    assertThat(column(byTag + "'cat'", "title")).containsExactly("Dogs");
    assertThat(column(byTag + "'funny'", "title")).containsExactly("Dogs");
    assertThat(column("SELECT title FROM killr_video.latest_videos WHERE bucket = 0", "title"))
        .containsExactly("Dogs");
    assertThat(column(comments + VIDEO, "title")).containsExactly("Dogs");
    assertThat(column(commented, "title")).containsExactly("Dogs");

    // New tags: the rows of the old ones go, the new one's come, with the title as it is.
    before = new HashMap<>(values);
    set("Video.tags", "'dog'");
    run(write("Video", "Update Video.tags"), before);
    assertThat(column(byTag + "'cat'", "title")).isEmpty();
    assertThat(column(byTag + "'funny'", "title")).isEmpty();
    assertThat(column(byTag + "'dog'", "title")).containsExactly("Dogs");
    assertThat(column("SELECT tags FROM killr_video.videos WHERE video_id = " + VIDEO, "tags"))
        .containsExactly("[dog]");

    // The Video deleted: its rows, its Comment's and its partitions' go; the User stays.
    run(write("Video", "Delete a Video"), values);
    assertThat(column(byUser, "title")).isEmpty();
    assertThat(column(byTag + "'dog'", "title")).isEmpty();
    assertThat(column(comments + VIDEO, "title")).isEmpty();
    assertThat(column(commented, "title")).isEmpty();
    assertThat(
            column("SELECT video_id FROM killr_video.videos WHERE video_id = " + VIDEO, "video_id"))
        .isEmpty();
    assertThat(column("SELECT email FROM killr_video.users WHERE user_id = " + USER, "email"))
        .containsExactly("ada@example.com");
  }
}
