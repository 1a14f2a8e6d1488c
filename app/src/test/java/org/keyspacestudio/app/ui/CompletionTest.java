package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.workflow.Query;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A query's attributes typed with completion from the conceptual model (headless): in the query's
 * inspector and in the Queries table, by keyboard, as a user writes them.
 */
@ExtendWith(ApplicationExtension.class)
class CompletionTest {

  private EditorWindow window;

  @Start
  void start(Stage stage) {
    window = new EditorWindow(stage, null);
  }

  private static void shortcut(FxRobot robot, KeyCode... keys) {
    robot.press(keys);
    for (int i = keys.length - 1; i >= 0; i--) {
      robot.release(keys[i]);
    }
    WaitForAsyncUtils.waitForFxEvents();
  }

  private static void type(FxRobot robot, String text) {
    robot.write(text);
    WaitForAsyncUtils.waitForFxEvents();
  }

  private static void key(FxRobot robot, KeyCode key) {
    robot.type(key);
    WaitForAsyncUtils.waitForFxEvents();
  }

  private Query q1() {
    return window.document().project().workflow().query("Q1").orElseThrow();
  }

  /** User (user_id, email) and a task that runs Q1, its inspector shown. */
  private static void userAndQuery(FxRobot robot) {
    // User (user_id, email) and a task that runs Q1.
    robot.clickOn("#tool-entity");
    WaitForAsyncUtils.waitForFxEvents();
    type(robot, "User");
    key(robot, KeyCode.ENTER);
    shortcut(robot, KeyCode.CONTROL, KeyCode.ALT, KeyCode.K);
    type(robot, "user_id");
    key(robot, KeyCode.ENTER);
    shortcut(robot, KeyCode.CONTROL, KeyCode.ALT, KeyCode.A);
    type(robot, "email");
    key(robot, KeyCode.ENTER);
    robot.clickOn("#diagram-workflow");
    robot.clickOn("#tool-task");
    WaitForAsyncUtils.waitForFxEvents();
    type(robot, "Find user");
    key(robot, KeyCode.ENTER);
    robot.clickOn("#tool-query");
    WaitForAsyncUtils.waitForFxEvents();
  }

  @Test
  void tabAfterKeysTypedFasterThanTheListFollowsLeavesWhatWasTyped(FxRobot robot) {
    userAndQuery(robot);
    TextField given = robot.lookup("#query-given").queryAs(TextField.class);
    robot.clickOn(given);
    type(robot, "User.us");
    assertThat(Completion.listed(given)).containsExactly("User.user_id");
    // The rest and Tab in one burst, before the list follows the text, as keys queued while the
    // editor was busy arrive (typed by hand at 30 ms a key after a query's description).
    robot.interact(
        () -> {
          for (char ch : "er_id =".toCharArray()) {
            given.fireEvent(
                new javafx.scene.input.KeyEvent(
                    javafx.scene.input.KeyEvent.KEY_TYPED,
                    String.valueOf(ch),
                    "",
                    KeyCode.UNDEFINED,
                    false,
                    false,
                    false,
                    false));
          }
          given.fireEvent(
              new javafx.scene.input.KeyEvent(
                  javafx.scene.input.KeyEvent.KEY_PRESSED,
                  "",
                  "",
                  KeyCode.TAB,
                  false,
                  false,
                  false,
                  false));
        });
    WaitForAsyncUtils.waitForFxEvents();
    // The list still offered User.user_id, which Tab put in place of "=".
    assertThat(given.getText()).isEqualTo("User.user_id =");
  }

  @Test
  void referencesAreCompletedFromTheConceptualModel(FxRobot robot) {
    userAndQuery(robot);
    // Given: what was typed, any case, lists the references it starts; Down and Enter take the
    // second. The prompt's example is the model's, not KillrVideo's.
    TextField given = robot.lookup("#query-given").queryAs(TextField.class);
    assertThat(given.getPromptText()).isEqualTo("User.user_id =, User.email >=");
    robot.clickOn(given);
    type(robot, "us");
    assertThat(Completion.listed(given)).containsExactly("User.user_id", "User.email");
    key(robot, KeyCode.DOWN);
    key(robot, KeyCode.ENTER);
    assertThat(given.getText()).isEqualTo("User.email");
    assertThat(Completion.listed(given)).isEmpty();
    assertThat(q1().given()).as("Enter took the reference, it did not commit").isEmpty();
    type(robot, " =");
    key(robot, KeyCode.ENTER);
    assertThat(q1().given())
        .containsExactly(new Query.Condition(AttributeRef.parse("User.email"), Operator.EQ));

    // Returns: an attribute's name finds its reference; Tab takes it and keeps the field; after a
    // comma the next one; Escape closes the list and keeps what was typed.
    TextField returns = robot.lookup("#query-returns").queryAs(TextField.class);
    robot.clickOn(returns);
    type(robot, "user_");
    assertThat(returns.getText()).isEqualTo("user_");
    assertThat(Completion.listed(returns)).containsExactly("User.user_id");
    key(robot, KeyCode.TAB);
    assertThat(returns.getText()).isEqualTo("User.user_id");
    assertThat(returns.isFocused()).isTrue();
    type(robot, ", EM");
    assertThat(Completion.listed(returns)).containsExactly("User.email");
    key(robot, KeyCode.ESCAPE);
    assertThat(Completion.listed(returns)).isEmpty();
    assertThat(returns.getText()).isEqualTo("User.user_id, EM");
    key(robot, KeyCode.BACK_SPACE);
    assertThat(Completion.listed(returns)).containsExactly("User.email");
    key(robot, KeyCode.ENTER);
    // A reference typed in full: Enter commits at once.
    key(robot, KeyCode.ENTER);
    assertThat(q1().returns())
        .containsExactly(AttributeRef.parse("User.user_id"), AttributeRef.parse("User.email"));

    // The Queries table's cells complete too; Escape that closes the list keeps the cell editing.
    @SuppressWarnings("unchecked")
    TableCell<Query, String> cell =
        robot.lookup("#queries-table .table-cell").queryAllAs(TableCell.class).stream()
            .filter(
                c ->
                    c.getTableColumn() != null
                        && c.getTableColumn().getText().equals("Given")
                        && c.getIndex() == 0)
            .findFirst()
            .orElseThrow();
    robot.doubleClickOn(cell);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(cell.isEditing()).isTrue();
    TextField editor = (TextField) cell.getGraphic();
    // The double-click's second click selected a word of the text: all of it is replaced.
    shortcut(robot, KeyCode.CONTROL, KeyCode.A);
    type(robot, "user_i");
    assertThat(Completion.listed(editor)).containsExactly("User.user_id");
    key(robot, KeyCode.ESCAPE);
    assertThat(cell.isEditing()).isTrue();
    key(robot, KeyCode.BACK_SPACE);
    key(robot, KeyCode.ENTER);
    assertThat(editor.getText()).isEqualTo("User.user_id");
    type(robot, " IN");
    key(robot, KeyCode.ENTER);
    assertThat(q1().given())
        .containsExactly(new Query.Condition(AttributeRef.parse("User.user_id"), Operator.IN));
  }

  @Test
  void whatIsTypedSinceTheLastSeparatorIsCompleted() {
    assertThat(Completion.tokenStart("User.email =, Us", 16)).isEqualTo(14);
    assertThat(Completion.tokenStart("A.x, A.y; A", 11)).isEqualTo(10);
    assertThat(Completion.tokenStart("Us", 2)).isZero();
    List<String> refs = List.of("User.user_id", "User.email", "Video.user_id", "Video.title");
    assertThat(Completion.matches(refs, "user_", 10))
        .containsExactly("User.user_id", "Video.user_id");
    assertThat(Completion.matches(refs, "V", 10)).containsExactly("Video.user_id", "Video.title");
    assertThat(Completion.matches(refs, "user.email", 10)).isEmpty();
    assertThat(Completion.matches(refs, "", 10)).isEmpty();
    assertThat(Completion.matches(refs, "User.email =", 10)).isEmpty();
    assertThat(Completion.matches(refs, "u", 1)).containsExactly("User.user_id");
  }

  @Test
  void theTypeBeingTypedIsTheWordBeforeTheCaret() {
    assertThat(Completion.typeStart("map<text, ti", 12)).isEqualTo(10);
    assertThat(Completion.typeStart("frozen<addr", 11)).isEqualTo(7);
    assertThat(Completion.typeStart("list<", 5)).isEqualTo(5);
    List<String> types = new java.util.ArrayList<>(Completion.NATIVE_TYPES);
    types.add("address");
    assertThat(Completion.typeMatches(types, "a", 10)).containsExactly("ascii", "address");
    assertThat(Completion.typeMatches(types, "fr", 10)).containsExactly("frozen<");
    assertThat(Completion.typeMatches(types, "text", 10)).isEmpty();
    assertThat(Completion.typeMatches(types, "TIME", 10))
        .containsExactly("time", "timestamp", "timeuuid");
    assertThat(Completion.typeMatches(types, "", 10)).isEmpty();
  }

  @Test
  void theListShowsUnderItsFieldInAFormNotLaidOutYet(FxRobot robot) {
    javafx.stage.Stage[] other = new javafx.stage.Stage[1];
    robot.interact(
        () -> {
          other[0] = new javafx.stage.Stage();
          other[0].setScene(new javafx.scene.Scene(new javafx.scene.layout.StackPane(), 800, 600));
          other[0].show();
        });
    TextField field = new TextField();
    robot.interact(
        () -> {
          // A form built again as the keys come: its field is at the form's corner until the next
          // layout, and the list showed there, at the top of the inspector.
          Completion.attachValues(field, () -> List.of("alpha", "beta"), v -> "");
          javafx.scene.layout.VBox form = new javafx.scene.layout.VBox(field);
          form.setPadding(new javafx.geometry.Insets(200, 0, 0, 300));
          ((javafx.scene.layout.StackPane) other[0].getScene().getRoot()).getChildren().add(form);
          field.requestFocus();
          Completion.listAll(field);
        });
    WaitForAsyncUtils.waitForFxEvents();
    javafx.geometry.Bounds at = field.localToScreen(field.getBoundsInLocal());
    javafx.geometry.Point2D shown = Completion.shownAt(field);
    assertThat(shown).isNotNull();
    assertThat(shown.getX()).isCloseTo(at.getMinX(), within(1.0));
    assertThat(shown.getY()).isCloseTo(at.getMaxY(), within(1.0));
    robot.interact(other[0]::close);
  }

  @Test
  void theMostUsedTypesAreOfferedFirst() {
    List<String> types = Completion.NATIVE_TYPES;
    // Tab after ti had given time: the corpus names timestamp 31 times, time never.
    assertThat(Completion.typeMatches(types, "ti", 10))
        .containsExactly("timestamp", "timeuuid", "tinyint", "time");
    assertThat(Completion.typeMatches(types, "b", 10)).containsExactly("bigint", "blob", "boolean");
    assertThat(Completion.typeMatches(types, "d", 2)).containsExactly("double", "date");
    assertThat(Completion.typeMatches(types, "tinyint", 10)).isEmpty();
    for (var t : org.keyspacestudio.model.type.NativeType.values()) {
      assertThat(types).contains(t.asCql());
    }
    assertThat(types).doesNotHaveDuplicates().startsWith("text", "uuid", "int", "timestamp");
  }

  @Test
  void queryIdsAreCompletedWithTheirWords(FxRobot robot) {
    robot.interact(window::openExample);
    robot.interact(
        () -> window.select(org.keyspacestudio.model.schema.ElementRef.task("Show video")));
    WaitForAsyncUtils.waitForFxEvents();
    TextField queries = robot.lookup("#task-queries").queryAs(TextField.class);
    assertThat(queries.getText()).isEqualTo("Q8");
    robot.clickOn(queries);
    robot.type(KeyCode.END);
    // A word of the query finds it: Q6 is "Find comments for a video".
    type(robot, ", comments");
    assertThat(Completion.listed(queries)).contains("Q4", "Q6");
    Label q6 =
        robot.lookup("#task-queries-completion .label").queryAllAs(Label.class).stream()
            .filter(l -> "Q6".equals(l.getText()))
            .findFirst()
            .orElseThrow();
    assertThat(((Label) q6.getGraphic()).getText()).containsIgnoringCase("comments");
    robot.clickOn(q6);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(queries.getText()).isEqualTo("Q8, Q6");
    key(robot, KeyCode.ENTER);
    assertThat(window.document().project().workflow().task("Show video").orElseThrow().queries())
        .containsExactly("Q8", "Q6");
  }

  @Test
  void aQueryIsFoundByItsIdOrItsWords() {
    List<String> ids = List.of("Q1", "Q2", "Q10");
    java.util.Map<String, String> words =
        java.util.Map.of("Q1", "Find a user by email", "Q2", "Find a user", "Q10", "Latest videos");
    assertThat(Completion.queryMatches(ids, words::get, "q1", 10)).containsExactly("Q1", "Q10");
    assertThat(Completion.queryMatches(ids, words::get, "Q2", 10)).isEmpty();
    assertThat(Completion.queryMatches(ids, words::get, "user", 10)).containsExactly("Q1", "Q2");
    assertThat(Completion.queryMatches(ids, words::get, "v", 10)).isEmpty();
    assertThat(Completion.queryMatches(ids, words::get, "", 10)).isEmpty();
  }

  @Test
  void whatTheFieldListsAlreadyIsNotOfferedAgain() {
    List<String> refs = List.of("User.email", "User.email_verified", "User.user_id");
    String text = "User.email =, User.";
    assertThat(Completion.unlisted(refs, text, 14, text.length()))
        .containsExactly("User.email_verified", "User.user_id");
    assertThat(Completion.unlisted(List.of("Q1", "Q10", "Q8"), "Q8, Q1", 4, 6))
        .containsExactly("Q1", "Q10");
    // The item being typed is no other item.
    assertThat(Completion.unlisted(refs, "User.email", 0, 10)).isEqualTo(refs);
  }

  @Test
  void aGivenAttributesOperatorIsCompletedAfterASpace(FxRobot robot) {
    userAndQuery(robot);
    TextField given = robot.lookup("#query-given").queryAs(TextField.class);
    robot.clickOn(given);
    type(robot, "User.email ");
    assertThat(Completion.listed(given)).containsExactly("=", "IN", "<", "<=", ">", ">=");
    type(robot, "<");
    assertThat(Completion.listed(given)).containsExactly("<", "<=");
    key(robot, KeyCode.DOWN);
    key(robot, KeyCode.ENTER);
    assertThat(given.getText()).isEqualTo("User.email <=");
    key(robot, KeyCode.ENTER);
    assertThat(q1().given())
        .containsExactly(new Query.Condition(AttributeRef.parse("User.email"), Operator.LE));

    // Nothing typed after the space and nothing chosen: Enter commits (= when left out). The
    // commit made the form again.
    given = robot.lookup("#query-given").queryAs(TextField.class);
    robot.clickOn(given);
    shortcut(robot, KeyCode.CONTROL, KeyCode.A);
    type(robot, "User.user_id ");
    assertThat(Completion.listed(given)).hasSize(6);
    key(robot, KeyCode.ENTER);
    assertThat(q1().given())
        .containsExactly(new Query.Condition(AttributeRef.parse("User.user_id"), Operator.EQ));
  }

  @Test
  void theOperatorComesAfterAWholeReferenceAndASpace() {
    List<String> refs = List.of("User.email", "User.user_id");
    assertThat(Completion.operatorStart(refs, "User.email ")).isEqualTo(11);
    assertThat(Completion.operatorStart(refs, "user.email  <")).isEqualTo(12);
    assertThat(Completion.operatorStart(refs, "User.email")).isEqualTo(-1);
    assertThat(Completion.operatorStart(refs, "User.emails <")).isEqualTo(-1);
    assertThat(Completion.operatorMatches("")).hasSize(6);
    assertThat(Completion.operatorMatches(">")).containsExactly(">", ">=");
    assertThat(Completion.operatorMatches("in")).isEmpty();
    assertThat(Completion.operatorMatches("i")).containsExactly("IN");
  }
}
