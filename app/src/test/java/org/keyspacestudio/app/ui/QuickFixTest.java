package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Rule;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Quick fixes in the editor (headless): a table with options Cassandra 5.0 no longer has, each
 * problem fixed from Edit > Quick Fix (Ctrl+.) or the problem's context menu, and undone.
 */
@ExtendWith(ApplicationExtension.class)
class QuickFixTest {

  @TempDir Path dir;

  private EditorWindow window;

  @Start
  void start(Stage stage) {
    window = new EditorWindow(stage, null);
  }

  private long removed() {
    return window
        .document()
        .project()
        .schema()
        .keyspaces()
        .get(0)
        .tables()
        .get(0)
        .options()
        .values()
        .size();
  }

  @Test
  void aRemovedOptionIsFixedFromTheProblemAndTheFixUndoes(FxRobot robot) throws Exception {
    Path file = dir.resolve("old.cql");
    Files.writeString(
        file,
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE ks.readings (sensor int, at timestamp, PRIMARY KEY (sensor, at))"
            + " WITH read_repair_chance = 0.1 AND compaction = {'class':"
            + " 'DateTieredCompactionStrategy'};\n");
    robot.interact(() -> window.open(file));
    WaitForAsyncUtils.waitForFxEvents();
    @SuppressWarnings("unchecked")
    TableView<Problem> problems =
        robot.lookup(".table-view").queryAllAs(TableView.class).stream()
            .filter(t -> !t.getItems().isEmpty() && t.getItems().get(0) instanceof Problem)
            .findFirst()
            .orElseThrow();
    assertThat(problems.getItems()).filteredOn(p -> p.rule() == Rule.OPTION_REMOVED).hasSize(2);
    int row = 0;
    for (int i = 0; i < problems.getItems().size(); i++) {
      if (problems.getItems().get(i).message().contains("read_repair_chance")) {
        row = i;
      }
    }
    int index = row;
    robot.interact(() -> problems.getSelectionModel().select(index));
    robot.press(KeyCode.CONTROL, KeyCode.PERIOD).release(KeyCode.PERIOD, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    var items = window.quickFixMenu().getItems();
    assertThat(items)
        .extracting(MenuItem::getText)
        .containsExactly("Fix: Remove the option read_repair_chance from ks.readings");
    robot.interact(() -> items.get(0).fire());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(removed()).isEqualTo(1);
    assertThat(problems.getItems()).filteredOn(p -> p.rule() == Rule.OPTION_REMOVED).hasSize(1);

    // The other one: DTCS becomes TWCS.
    robot.interact(
        () ->
            problems
                .getSelectionModel()
                .select(
                    problems.getItems().stream()
                        .filter(p -> p.rule() == Rule.OPTION_REMOVED)
                        .findFirst()
                        .orElseThrow()));
    robot.press(KeyCode.CONTROL, KeyCode.DIGIT1).release(KeyCode.DIGIT1, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    var twcs = window.quickFixMenu().getItems();
    assertThat(twcs.get(0).getText())
        .startsWith(
            "Fix: Replace DateTieredCompactionStrategy by TimeWindowCompactionStrategy (windows of 1"
                + " day)");
    robot.interact(() -> twcs.get(0).fire());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(problems.getItems()).noneMatch(p -> p.rule() == Rule.OPTION_REMOVED);
    assertThat(
            window
                .document()
                .project()
                .schema()
                .keyspaces()
                .get(0)
                .tables()
                .get(0)
                .options()
                .compaction()
                .orElseThrow()
                .get("class"))
        .endsWith("TimeWindowCompactionStrategy");

    robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
    robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(problems.getItems()).filteredOn(p -> p.rule() == Rule.OPTION_REMOVED).hasSize(2);
  }
}
