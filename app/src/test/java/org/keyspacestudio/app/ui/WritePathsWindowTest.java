package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.edit.SchemaEdits;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.writes.Write;
import org.keyspacestudio.model.writes.WriteRule;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Model > Write Paths, as a user works it (headless): the KillrVideo example mapped, a Video's
 * writes listed with their sizes, a changed title's statement into each copy and the Comments' rows
 * read from comments_by_video, the tables a write reaches shown in the diagram, a key that lost the
 * video's id fixed from the window, and the inspector's Writes sections.
 */
@ExtendWith(ApplicationExtension.class)
class WritePathsWindowTest {

  private static final CqlIdentifier KS = CqlIdentifier.of("killr_video");

  private EditorWindow window;

  @Start
  void start(Stage stage) {
    window = new EditorWindow(stage, null);
  }

  private static ElementRef table(String name) {
    return ElementRef.table(KS, CqlIdentifier.of(name));
  }

  private void mappedExample(FxRobot robot) {
    robot.interact(() -> window.open(Path.of("../examples/killrvideo.kstudio")));
    robot.press(KeyCode.CONTROL, KeyCode.M).release(KeyCode.M, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
  }

  /**
   * Write Paths opened the first time beside the diagram: 1100x760, it cannot miss it on a
   * 1920x1200 screen. Centred, it covered the diagram's whole width; at the right edge, it left 46
   * % free; made narrower there, it leaves half.
   */
  private void assertOpenedBesideTheDiagram() {
    assertThat(DiagramLeftFree.once(window, window.writesWindow(), 0.499))
        .as("the part of the diagram left free")
        .isGreaterThan(0.499);
    assertThat(window.writesWindow().stage().getWidth()).isGreaterThanOrEqualTo(760);
  }

  @SuppressWarnings("unchecked")
  private static ListView<Write> writes(FxRobot robot) {
    return robot.lookup("#write-list").queryAs(ListView.class);
  }

  @Test
  void aVideosWritesAreListedAndATitlesReachesEveryCopyAndShowsItsTables(FxRobot robot) {
    mappedExample(robot);
    robot.interact(() -> window.select(ElementRef.entity("Video")));
    robot
        .press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.W)
        .release(KeyCode.W, KeyCode.SHIFT, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.writesWindow().isShowing()).isTrue();
    assertOpenedBesideTheDiagram();
    @SuppressWarnings("unchecked")
    ListView<String> owners = robot.lookup("#write-owners").queryAs(ListView.class);
    assertThat(owners.getItems()).containsExactly("User", "Video", "Comment", "Rating");
    assertThat(owners.getSelectionModel().getSelectedItem()).isEqualTo("Video");
    ListView<Write> writes = writes(robot);
    assertThat(writes.getItems().get(0).title()).isEqualTo("Insert a Video");
    assertThat(robot.lookup("#write-cql").queryAs(TextArea.class).getText())
        .startsWith("BEGIN BATCH\n  INSERT INTO killr_video.latest_videos");
    assertThat(robot.lookup("#write-summary").queryAs(Label.class).getText())
        .startsWith("Video is written to 7 tables: latest_videos, videos_by_tag, videos,");

    robot.interact(
        () ->
            writes
                .getSelectionModel()
                .select(
                    writes.getItems().stream()
                        .filter(w -> w.title().equals("Update Video.title"))
                        .findFirst()
                        .orElseThrow()));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#write-title").queryAs(Label.class).getText())
        .isEqualTo("Update Video.title");
    assertThat(texts(robot))
        .anyMatch(
            t ->
                t.startsWith("killr_video.comments_by_user: update, for each Comment of the Video")
                    && t.contains("read from comments_by_video (Q6)"));
    robot.clickOn("#write-show-tables");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.writesWindow().isShowing()).as("out of the diagram's way").isFalse();
    assertThat(window.canvas().selection())
        .containsExactlyInAnyOrder(
            table("latest_videos"),
            table("videos_by_tag"),
            table("videos"),
            table("videos_by_user"),
            table("comments_by_user"),
            table("comments_by_video"));
    // Back on the same write.
    robot
        .press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.W)
        .release(KeyCode.W, KeyCode.SHIFT, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#write-title").queryAs(Label.class).getText())
        .isEqualTo("Update Video.title");
  }

  private static java.util.List<String> texts(FxRobot robot) {
    return robot
        .lookup("#write-detail")
        .queryAs(javafx.scene.layout.VBox.class)
        .getChildren()
        .stream()
        .filter(n -> n instanceof Label)
        .map(n -> ((Label) n).getText())
        .toList();
  }

  @Test
  void rowsThatOverwriteEachOtherAreFixedFromTheWindowAsOneUndoStep(FxRobot robot) {
    mappedExample(robot);
    ElementRef byTag = table("videos_by_tag");
    robot.interact(
        () ->
            window
                .document()
                .perform(
                    SchemaEdits.setRole(
                        byTag, CqlIdentifier.of("video_id"), SchemaEdits.Role.REGULAR)));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.problems()).anyMatch(p -> p.rule() == WriteRule.OVERWRITE);
    robot.interact(() -> window.writePaths("Video", "Insert a Video"));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(texts(robot))
        .anyMatch(
            t -> t.startsWith("WRITE-OVERWRITE: killr_video.videos_by_tag: its primary key (tag)"));
    Button fix = robot.lookup("#write-fix-0").queryAs(Button.class);
    assertThat(fix.getText()).startsWith("Fix: Add Video.video_id to killr_video.videos_by_tag");
    robot.interact(fix::fire);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.problems()).noneMatch(p -> p.rule() == WriteRule.OVERWRITE);
    assertThat(texts(robot)).noneMatch(t -> t.startsWith("WRITE-OVERWRITE"));
    robot.interact(() -> window.document().undo());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.problems()).anyMatch(p -> p.rule() == WriteRule.OVERWRITE);
  }

  @Test
  void theInspectorSaysWhatATablesRowsAreAndWhatAnEntitysWritesCost(FxRobot robot) {
    mappedExample(robot);
    robot.interact(() -> window.select(table("comments_by_video")));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#inspector-writes").queryAs(Label.class).getText())
        .startsWith("Each row stands for one Comment, each partition for one Video.")
        .contains("Written by: Delete a User, Insert a Video, Update Video.title");
    robot.interact(() -> window.select(ElementRef.entity("Video")));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#inspector-writes").queryAs(Label.class).getText())
        .startsWith("Written to 7 tables")
        .contains(
            "Insert a Video: 9 statements, 8.07 KiB, over batch_size_warn_threshold (5 KiB).");
    robot.interact(() -> robot.lookup("#inspector-write-paths").queryAs(Button.class).fire());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.writesWindow().isShowing()).isTrue();
    assertOpenedBesideTheDiagram();
    @SuppressWarnings("unchecked")
    ListView<String> owners = robot.lookup("#write-owners").queryAs(ListView.class);
    assertThat(owners.getSelectionModel().getSelectedItem()).isEqualTo("Video");
    // Escape closes it from the list, which has the focus.
    robot.interact(owners::requestFocus);
    robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.writesWindow().isShowing()).isFalse();
  }
}
