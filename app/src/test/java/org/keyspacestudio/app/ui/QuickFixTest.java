package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.ElementRef;
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

  /** The Problems tab's table, once it lists something. */
  @SuppressWarnings("unchecked")
  private static TableView<Problem> problemsTable(FxRobot robot) {
    return robot.lookup(".table-view").queryAllAs(TableView.class).stream()
        .filter(t -> !t.getItems().isEmpty() && t.getItems().get(0) instanceof Problem)
        .findFirst()
        .orElseThrow();
  }

  /** Opens a CQL script in the editor, as File > Open would. */
  private void open(FxRobot robot, String cql) throws Exception {
    Path file = dir.resolve("old.cql");
    Files.writeString(file, cql);
    robot.interact(() -> window.open(file));
    WaitForAsyncUtils.waitForFxEvents();
  }

  @Test
  void aProblemsMessageComesSecondFillsThePaneAndItsTipHoldsTheWholeText(FxRobot robot)
      throws Exception {
    open(
        robot,
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE ks.readings (sensor int, at timestamp, PRIMARY KEY (sensor, at))"
            + " WITH dclocal_read_repair_chance = 0.1;\n");
    TableView<Problem> problems = problemsTable(robot);
    assertThat(problems.getColumns())
        .extracting(c -> c.getText())
        .containsExactly("Severity", "Message", "Element", "Rule", "Source");
    var message = problems.getColumns().get(1);
    assertThat(message.getWidth() + problems.getColumns().get(0).getWidth())
        .isBetween(problems.getWidth() - 120, problems.getWidth());
    Problem problem = problems.getItems().get(0);
    javafx.scene.control.TableCell<?, ?> cell =
        robot.lookup(".table-cell").queryAllAs(javafx.scene.control.TableCell.class).stream()
            .filter(c -> problem.message().equals(c.getText()))
            .findFirst()
            .orElseThrow();
    assertThat(Tips.text(cell)).isEqualTo(problem.rule().id() + ": " + problem.message());
  }

  @Test
  void theArrowKeysGoThroughTheProblemsAndMoveNoBox(FxRobot robot) throws Exception {
    open(
        robot,
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE ks.a (k int PRIMARY KEY) WITH read_repair_chance = 0.1;\n"
            + "CREATE TABLE ks.b (k int PRIMARY KEY) WITH read_repair_chance = 0.1;\n"
            + "CREATE TABLE ks.c (k int PRIMARY KEY) WITH read_repair_chance = 0.1;\n");
    TableView<Problem> problems = problemsTable(robot);
    var positions = window.document().project().diagram().positions();
    robot.clickOn(problems.lookupAll(".table-row-cell").iterator().next());
    WaitForAsyncUtils.waitForFxEvents();
    for (int i = 0; i < 2; i++) {
      robot.press(KeyCode.DOWN).release(KeyCode.DOWN);
      WaitForAsyncUtils.waitForFxEvents();
    }
    // Each problem selected its table in the diagram; the focus stayed in the list: it went to
    // the diagram, where the next arrow key moved the selected table.
    assertThat(problems.isFocused()).isTrue();
    assertThat(problems.getSelectionModel().getSelectedIndex()).isEqualTo(2);
    assertThat(window.document().project().diagram().positions()).isEqualTo(positions);
    assertThat(window.canvas().selection())
        .containsExactly(
            problems.getItems().get(2).element().kind() == ElementRef.Kind.TABLE
                ? problems.getItems().get(2).element()
                : ElementRef.table(
                    problems.getItems().get(2).element().keyspace(),
                    problems.getItems().get(2).element().object()));
  }

  @Test
  void aRemovedOptionIsFixedFromTheProblemAndTheFixUndoes(FxRobot robot) throws Exception {
    open(
        robot,
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE ks.readings (sensor int, at timestamp, PRIMARY KEY (sensor, at))"
            + " WITH read_repair_chance = 0.1 AND compaction = {'class':"
            + " 'DateTieredCompactionStrategy'};\n");
    TableView<Problem> problems = problemsTable(robot);
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
        .containsExactly(
            "Fix: Remove the option read_repair_chance from ks.readings",
            null,
            "Apply Safe Fixes to every problem (Ctrl+Shift+1)");
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

  @Test
  void theTablesInspectorSaysWhatCassandraWouldRefuseMarksTheOptionsAndOffersTheFixes(FxRobot robot)
      throws Exception {
    open(
        robot,
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE ks.readings (sensor int, at timestamp, PRIMARY KEY (sensor, at))"
            + " WITH read_repair_chance = 0.1 AND gc_grace_seconds = 3600 AND compaction ="
            + " {'class': 'DateTieredCompactionStrategy'};\n"
            + "CREATE TABLE ks.fine (k int PRIMARY KEY, v text) WITH gc_grace_seconds = 60;\n");
    CqlIdentifier ks = CqlIdentifier.of("ks");
    robot.interact(() -> window.select(ElementRef.table(ks, CqlIdentifier.of("readings"))));
    WaitForAsyncUtils.waitForFxEvents();

    // Both refusals are listed under the table's name, each with its fix.
    assertThat(problemLines(robot))
        .hasSize(2)
        .allMatch(t -> t.startsWith("Error: ") && t.endsWith("(OPTION-REMOVED)"));
    assertThat(fixButtons(robot))
        .containsExactlyInAnyOrder(
            "Fix: Remove the option read_repair_chance from ks.readings",
            "Fix: Replace DateTieredCompactionStrategy by TimeWindowCompactionStrategy (windows of"
                + " 1 day) in ks.readings");
    // The two options' rows are marked; gc_grace_seconds's is not.
    assertThat(optionLabel(robot, "read_repair_chance").getStyleClass())
        .contains(atlantafx.base.theme.Styles.DANGER);
    assertThat(optionLabel(robot, "compaction").getStyleClass())
        .contains(atlantafx.base.theme.Styles.DANGER);
    assertThat(optionLabel(robot, "gc_grace_seconds").getStyleClass())
        .doesNotContain(atlantafx.base.theme.Styles.DANGER);

    // The fix from the inspector is one undoable edit; the form follows.
    Button twcs =
        robot.lookup(".inspector-problems .button").queryAllAs(Button.class).stream()
            .filter(b -> b.getText().contains("TimeWindow"))
            .findFirst()
            .orElseThrow();
    robot.interact(twcs::fire);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(problemLines(robot)).hasSize(1).allMatch(t -> t.contains("read_repair_chance"));
    assertThat(optionLabel(robot, "compaction").getStyleClass())
        .doesNotContain(atlantafx.base.theme.Styles.DANGER);
    robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(problemLines(robot)).hasSize(2);
    assertThat(optionLabel(robot, "compaction").getStyleClass())
        .contains(atlantafx.base.theme.Styles.DANGER);

    // A table Cassandra accepts as it is shows no problem list.
    robot.interact(() -> window.select(ElementRef.table(ks, CqlIdentifier.of("fine"))));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(problemLines(robot)).isEmpty();
    assertThat(robot.lookup("#table-problems").queryAs(VBox.class).isVisible()).isFalse();
    // Its options form (the one readings had, filled again) holds its own option only, unmarked.
    assertThat(
            robot.lookup("#options-grid .label").queryAllAs(Label.class).stream()
                .map(l -> l.getText() + l.getStyleClass()))
        .containsExactly("gc_grace_secondslabel");
  }

  @Test
  void fixesPressedFromTheKeyboardLeaveTheFocusOnTheNextFix(FxRobot robot) throws Exception {
    open(
        robot,
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE ks.readings (sensor int, at timestamp, PRIMARY KEY (sensor, at))"
            + " WITH read_repair_chance = 0.1 AND compaction ="
            + " {'class': 'DateTieredCompactionStrategy'};\n");
    robot.interact(
        () ->
            window.select(ElementRef.table(CqlIdentifier.of("ks"), CqlIdentifier.of("readings"))));
    WaitForAsyncUtils.waitForFxEvents();
    java.util.function.Supplier<javafx.scene.Node> owner =
        () -> window.inspector().getScene().getFocusOwner();
    Button first =
        robot.lookup(".inspector-problems .button").queryAllAs(Button.class).stream()
            .findFirst()
            .orElseThrow();
    robot.interact(first::requestFocus);
    robot.type(KeyCode.SPACE);
    WaitForAsyncUtils.waitForFxEvents();
    // The fix pressed is gone with its problem: the focus is on the fix of the next one (it had
    // been left on the toolbar's overflow button), so Space again fixes that one.
    assertThat(problemLines(robot)).hasSize(1);
    assertThat(owner.get()).isInstanceOf(Button.class);
    assertThat(((Button) owner.get()).getText()).isEqualTo(fixButtons(robot).get(0));
    robot.type(KeyCode.SPACE);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(problemLines(robot)).isEmpty();
    // No fix left: the focus stays in the inspector, where Tab goes on to the form.
    assertThat(owner.get()).isNotNull();
    assertThat(isWithin(owner.get(), window.inspector())).isTrue();
    robot.type(KeyCode.TAB);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(isWithin(owner.get(), window.inspector())).isTrue();
    assertThat(owner.get()).isInstanceOf(javafx.scene.control.TextField.class);
    // Each was one edit.
    robot.interact(() -> window.document().undo());
    assertThat(problemLines(robot)).hasSize(1);
  }

  private static boolean isWithin(javafx.scene.Node node, javafx.scene.Node ancestor) {
    for (javafx.scene.Node n = node; n != null; n = n.getParent()) {
      if (n == ancestor) {
        return true;
      }
    }
    return false;
  }

  @Test
  void applySafeFixesFixesEveryProblemItCanInOneUndoableStep(FxRobot robot) throws Exception {
    open(
        robot,
        "CREATE TABLE ks.readings (sensor int, tags set<text>, at timestamp,"
            + " PRIMARY KEY ((sensor, tags), at)) WITH read_repair_chance = 0.1 AND compaction ="
            + " {'class': 'DateTieredCompactionStrategy'};\n"
            + "CREATE TABLE ks.compact (k int PRIMARY KEY, v int) WITH COMPACT STORAGE;\n");
    java.util.function.Supplier<List<org.keyspacestudio.model.validate.RuleId>> errors =
        () ->
            window.problems().stream()
                .filter(p -> p.severity() == org.keyspacestudio.model.validate.Severity.ERROR)
                .map(Problem::rule)
                .toList();
    assertThat(errors.get()).contains(Rule.OPTION_REMOVED, Rule.KEY_NON_FROZEN);
    robot
        .press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.DIGIT1)
        .release(KeyCode.DIGIT1, KeyCode.SHIFT, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    // The removed option, the removed strategy and the collection in the key: fixed; COMPACT
    // STORAGE (its fix changes what the columns mean) is left for the user to choose.
    assertThat(errors.get()).isEmpty();
    assertThat(window.problems()).anyMatch(p -> p.rule() == Rule.COMPACT_STORAGE);
    assertThat(robot.lookup("#status-text").queryAs(Label.class).getText())
        .startsWith("Applied 3 safe fixes (Ctrl+Z undoes them): ");
    robot.interact(() -> window.document().undo());
    assertThat(errors.get()).contains(Rule.OPTION_REMOVED, Rule.KEY_NON_FROZEN);
  }

  private static List<String> problemLines(FxRobot robot) {
    return robot.lookup(".inspector-problem").queryAllAs(Label.class).stream()
        .filter(l -> l.getScene() != null && l.getParent().isVisible())
        .map(Label::getText)
        .toList();
  }

  private static List<String> fixButtons(FxRobot robot) {
    return robot.lookup(".inspector-problems .button").queryAllAs(Button.class).stream()
        .map(Button::getText)
        .toList();
  }

  /** The label of an option's row in the inspector's options form. */
  private static Label optionLabel(FxRobot robot, String option) {
    return robot.lookup("#options-grid .label").queryAllAs(Label.class).stream()
        .filter(l -> l.getText().endsWith(option))
        .findFirst()
        .orElseThrow();
  }
}
