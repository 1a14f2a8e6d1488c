package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.keyspacestudio.export.diagram.BoxGeometry;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.DiagramKind;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.ElementRef;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** What a user does in the editor, headless (Monocle): drag, save, undo, select. */
@ExtendWith(ApplicationExtension.class)
class EditorWindowTest {

  private static final ElementRef USERS =
      ElementRef.table(CqlIdentifier.of("shop"), CqlIdentifier.of("users"));
  private static final ElementRef ORDERS =
      ElementRef.table(CqlIdentifier.of("shop"), CqlIdentifier.of("orders_by_user"));

  private EditorWindow window;
  private Path dir;

  @Start
  void start(Stage stage) throws Exception {
    dir = Files.createTempDirectory("kstudio-ui");
    Path cql = dir.resolve("shop.cql");
    Files.writeString(
        cql,
        "CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE shop.users (user_id uuid PRIMARY KEY, name text, email text);\n"
            + "CREATE TABLE shop.orders_by_user (user_id uuid, placed timestamp, order_id uuid,"
            + " total decimal, PRIMARY KEY (user_id, placed)) WITH CLUSTERING ORDER BY (placed DESC);\n");
    window = new EditorWindow(stage, cql);
  }

  @Test
  void tabAndShiftTabSelectTheBoxesInReadingOrderAndTheInspectorFollows(FxRobot robot)
      throws Exception {
    WaitForAsyncUtils.waitFor(
        java.util.concurrent.TimeUnit.SECONDS.toMillis(10),
        java.util.concurrent.TimeUnit.MILLISECONDS,
        () -> window.canvas().geometry().box(ORDERS) != null);
    var boxes = window.canvas().geometry().boxes();
    // Left to right in a row, rows from the top.
    List<ElementRef> order =
        boxes.stream()
            .sorted(
                java.util.Comparator.comparingDouble((BoxGeometry b) -> b.bounds().getY())
                    .thenComparingDouble(b -> b.bounds().getX()))
            .map(b -> b.box().element())
            .toList();
    assertThat(DiagramCanvas.readingOrder(boxes).stream().map(b -> b.box().element()).toList())
        .containsExactlyElementsOf(order);
    robot.interact(
        () -> {
          window.canvas().selection().clear();
          window.canvas().requestFocus();
        });
    robot.press(KeyCode.TAB).release(KeyCode.TAB);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.canvas().selection()).containsExactly(order.get(0));
    assertThat(window.stage().getScene().getFocusOwner())
        .as("Tab stays in the diagram")
        .isSameAs(window.canvas());
    robot.press(KeyCode.TAB).release(KeyCode.TAB);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.canvas().selection()).containsExactly(order.get(1));
    WaitForAsyncUtils.waitFor(
        5,
        java.util.concurrent.TimeUnit.SECONDS,
        () -> tableNameShown().equals(order.get(1).object().asCql()));
    // Past the end, round to the first; Shift+Tab back to the last.
    for (int i = 2; i < order.size(); i++) {
      robot.press(KeyCode.TAB).release(KeyCode.TAB);
    }
    robot.press(KeyCode.TAB).release(KeyCode.TAB);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.canvas().selection()).containsExactly(order.get(0));
    robot.press(KeyCode.SHIFT, KeyCode.TAB).release(KeyCode.TAB, KeyCode.SHIFT);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.canvas().selection()).containsExactly(order.get(order.size() - 1));
  }

  @Test
  void theModelBrowserFollowsTheDiagramsSelection(FxRobot robot) throws Exception {
    WaitForAsyncUtils.waitFor(
        10, java.util.concurrent.TimeUnit.SECONDS, () -> window.browser() != null);
    robot.interact(
        () -> {
          window.canvas().requestFocus();
          window.canvas().reveal(ORDERS);
        });
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.browser().selected()).containsExactly(ORDERS);
    robot.interact(() -> window.canvas().reveal(USERS));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.browser().selected()).containsExactly(USERS);
    // Nothing selected in the diagram: no row stays selected as if it were.
    robot.interact(() -> window.canvas().selection().clear());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.browser().selected()).isEmpty();
    robot.interact(() -> window.canvas().reveal(USERS));
    WaitForAsyncUtils.waitForFxEvents();
    // Working in the tree, the user keeps its selection.
    robot.interact(
        () -> {
          window.browser().tree().requestFocus();
          window.canvas().reveal(ORDERS);
        });
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.browser().selected()).containsExactly(USERS);
    // Enter opens the row's element in the diagram, which takes the keyboard.
    robot.press(KeyCode.ENTER).release(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.canvas().selection()).containsExactly(USERS);
    assertThat(window.canvas().isFocused()).isTrue();
  }

  @Test
  void aClickInTheModelBrowserShowsTheElementInTheInspectorWhateverTheDiagram(FxRobot robot)
      throws Exception {
    WaitForAsyncUtils.waitFor(
        10, java.util.concurrent.TimeUnit.SECONDS, () -> window.browser() != null);
    robot.interact(() -> window.showDiagram(DiagramKind.WORKFLOW));
    // The workflow does not draw tables: a click on one in the browser showed nothing.
    robot.clickOn("orders_by_user");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(tableNameShown()).isEqualTo("orders_by_user");
    assertThat(window.currentDiagram()).isEqualTo(DiagramKind.WORKFLOW);
    assertThat(window.browser().tree().isFocused()).isTrue();
    // Edited there, it stays in the inspector.
    robot.clickOn("#add-column");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().schema().keyspaces().get(0).table(ORDERS.object()))
        .get()
        .extracting(t -> t.columns().size())
        .isEqualTo(5);
    assertThat(tableNameShown()).isEqualTo("orders_by_user");
    // A click in the diagram, on nothing, ends it.
    robot.clickOn(window.canvas());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.inspector().shown()).isNull();

    // A diagram that draws it: selected there, the keyboard still in the tree.
    robot.interact(() -> window.showDiagram(DiagramKind.PHYSICAL));
    robot.clickOn("users");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.canvas().selection()).containsExactly(USERS);
    assertThat(tableNameShown()).isEqualTo("users");
    assertThat(window.browser().tree().isFocused()).isTrue();
    // An index: its table selected, the index inspected.
    robot.interact(
        () ->
            window
                .document()
                .perform(
                    org.keyspacestudio.model.edit.SchemaEdits.setIndexed(
                        USERS, org.keyspacestudio.model.cql.CqlIdentifier.of("email"), true)));
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn(
        (javafx.scene.control.Labeled)
            robot
                .lookup(".tree-cell")
                .match(
                    (javafx.scene.control.TreeCell<?> c) ->
                        c.getText() != null && c.getText().endsWith(" on users"))
                .query());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.canvas().selection()).containsExactly(USERS);
    assertThat(window.inspector().shown().kind()).isEqualTo(ElementRef.Kind.INDEX);
  }

  /** The table name the inspector's form shows, or "" when none. */
  private String tableNameShown() {
    javafx.scene.Node name = window.inspector().lookup("#table-name");
    return name instanceof TextField field ? field.getText() : "";
  }

  /** Clicks a text field and selects all its text, so that what is written replaces it. */
  private static FxRobot replaceText(FxRobot robot, String query) {
    robot.clickOn(query);
    return robot.press(KeyCode.CONTROL, KeyCode.A).release(KeyCode.A, KeyCode.CONTROL);
  }

  /** Asks the window to close, as its close button does; returns while the answer is pending. */
  private static void requestClose(Stage stage) {
    javafx.application.Platform.runLater(
        () ->
            stage.fireEvent(
                new javafx.stage.WindowEvent(
                    stage, javafx.stage.WindowEvent.WINDOW_CLOSE_REQUEST)));
  }

  private Point position(ElementRef ref) {
    return window.document().project().diagram().position(ref);
  }

  private Point2D screenPointOf(ElementRef ref, double dx, double dy) {
    BoxGeometry box = window.canvas().geometry().box(ref);
    Point2D local = window.canvas().toScreen(box.bounds().getX() + dx, box.bounds().getY() + dy);
    return window.canvas().localToScreen(local);
  }

  @Test
  void draggingATableMovesItInTheSavedProjectAndUndoPutsItBack(FxRobot robot) throws Exception {
    Point before = position(USERS);
    assertThat(before).as("opening a .cql file places every table").isNotNull();
    double zoom = window.canvas().zoomProperty().get();

    robot.drag(screenPointOf(USERS, 30, 10)).moveBy(150, 90).drop();
    WaitForAsyncUtils.waitForFxEvents();

    Point after = position(USERS);
    assertThat(after).isNotEqualTo(before);
    assertThat(after.x() - before.x())
        .isCloseTo(150 / zoom, org.assertj.core.data.Offset.offset(20.0));
    assertThat(after.x() % DiagramCanvas.GRID).as("snapped to the grid").isZero();
    assertThat(window.document().isDirty()).isTrue();
    assertThat(robot.window(0).getScene().getWindow()).isNotNull();

    Path saved = dir.resolve("shop.json");
    robot.interact(() -> window.saveTo(saved));
    assertThat(ProjectFile.read(saved).diagram().position(USERS)).isEqualTo(after);

    robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(position(USERS)).isEqualTo(before);
    assertThat(window.document().isDirty()).as("undone past the save").isTrue();
  }

  @Test
  void clickingSelectsAndArrowKeysMoveTheSelectionOneGridStep(FxRobot robot) {
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.canvas().selection()).containsExactly(ORDERS);

    Point before = position(ORDERS);
    robot.type(KeyCode.RIGHT);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(position(ORDERS)).isEqualTo(before.plus(DiagramCanvas.GRID, 0));

    robot.clickOn(screenPointOf(USERS, 40, 12), javafx.scene.input.MouseButton.PRIMARY);
    robot.press(KeyCode.SHIFT).clickOn(screenPointOf(ORDERS, 40, 12)).release(KeyCode.SHIFT);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.canvas().selection()).containsExactlyInAnyOrder(USERS, ORDERS);
  }

  @Test
  void aColumnAddedInTheInspectorShowsInTheCqlPane(FxRobot robot) {
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("#add-column");
    WaitForAsyncUtils.waitForFxEvents();
    robot.eraseText(12).write("note").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.cqlText())
        .contains("CREATE TABLE shop.orders_by_user (")
        .contains("note text");
    assertThat(window.document().undoDescription()).isEqualTo("Rename column column_5 to note");
  }

  @Test
  void aStatementThatDoesNotParseSaysWhereInTheProblemsMessage(FxRobot robot) throws Exception {
    Path bad = dir.resolve("defaults.cql");
    Files.writeString(
        bad,
        "CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE shop.users (user_id uuid PRIMARY KEY,\n"
            + "  created timestamp DEFAULT currentTimestamp());\n");
    robot.interact(() -> window.open(bad));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.problems()).anyMatch(p -> p.element() == null && p.position() != null);
    // The message column (the Source column is off to the right in a 1280-pixel window).
    List<String> messages = new java.util.ArrayList<>();
    for (javafx.scene.Node n : robot.lookup(".table-row-cell .table-cell").queryAll()) {
      if (n instanceof javafx.scene.control.TableCell<?, ?> c
          && c.getTableColumn().getText().equals("Message")
          && c.getText() != null) {
        messages.add(c.getText());
      }
    }
    assertThat(messages).anyMatch(m -> m.matches("line 3, column \\d+: found 'DEFAULT' .*"));
  }

  @Test
  void aRenamedTablesFormIsShownInTheEventThatRenamedIt(FxRobot robot) {
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    javafx.scene.control.TextField name = robot.lookup("#table-name").query();
    String[] next = new String[1];
    robot.interact(
        () -> {
          name.requestFocus();
          name.setText("orders_by_customer");
          // Enter: the rename commits in this event.
          name.getOnAction().handle(new javafx.event.ActionEvent());
          // What a key typed next finds when it comes before what this event queued (under a
          // window manager, keys typed after Tab at 30-150 ms a key did): the renamed table's form
          // waited for the end of the event, the old one gone, and a comment typed after Tab from
          // the name, "Q1: ...", lost its Q.
          javafx.scene.Node owner = window.inspector().getScene().getFocusOwner();
          next[0] =
              QueryFirstEditorTest.focusOwner(window, false)
                  + (owner != null && owner.getScene() != null ? ", in the window" : ", removed");
        });
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(next[0]).isEqualTo("table-name, skinned, in the window");
    assertThat(window.inspector().shown())
        .isEqualTo(ElementRef.table(ORDERS.keyspace(), CqlIdentifier.of("orders_by_customer")));
  }

  @Test
  void tabFromANewTablesCommentGoesOnToItsFirstColumn(FxRobot robot) {
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("#table-comment");
    robot.write("Who ordered what").type(KeyCode.TAB);
    WaitForAsyncUtils.waitForFxEvents();
    // The comment committed and the form, built again, gave the focus back to the comment: the
    // first column's name typed next went in before the comment ("event_idWho changed what").
    assertThat(window.document().project().schema().comment(ORDERS)).isEqualTo("Who ordered what");
    assertThat(QueryFirstEditorTest.focusOwner(window, true))
        .isEqualTo("col:user_id:name, skinned");
  }

  @Test
  void aColumnsTypeTypedRightAfterTabFromItsNewNameIsTakenWhole(FxRobot robot) throws Exception {
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    javafx.scene.control.TextField name = robot.lookup("#column-name-total").query();
    javafx.scene.control.TextField type = robot.lookup("#column-type-total").query();
    var next = new java.util.concurrent.CompletableFuture<String>();
    robot.interact(
        () -> {
          name.requestFocus();
          name.setText("amount");
          // Tab from the name: the rename builds the form again, after this event.
          type.requestFocus();
          // What the next key typed reaches once that form is built (the name commits in the
          // next event, which builds the form; this runs after it): the new type field, with the
          // skin that handles keys. It got the focus one event later, and had no skin before the
          // next pulse: "timestamp" typed at speed became "mestamp" or "tmestamp".
          javafx.application.Platform.runLater(
              () -> next.complete(QueryFirstEditorTest.focusOwner(window, false)));
        });
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(next.get(5, java.util.concurrent.TimeUnit.SECONDS))
        .isEqualTo("column-type-amount, skinned");
  }

  @Test
  void aKeyProblemAppearsAsATypeIsTypedAndClearsWhenItIsFixed(FxRobot robot) {
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.problems()).isEmpty();

    replaceText(robot, "#column-type-placed").write("list<int>").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.problems()).extracting(p -> p.rule().id()).containsExactly("KEY-NON-FROZEN");

    replaceText(robot, "#column-type-placed").write("timestamp").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.problems()).isEmpty();
  }

  @Test
  void aColumnsTypeIsCompletedAsItIsTyped(FxRobot robot) {
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    javafx.scene.control.TextField field = robot.lookup("#column-type-total").query();
    replaceText(robot, "#column-type-total").write("map<text, ti");
    WaitForAsyncUtils.waitForFxEvents();
    // The word before the caret, not the whole text; the most used types first.
    assertThat(Completion.listed(field))
        .containsExactly("timestamp", "timeuuid", "tinyint", "time");
    robot.type(KeyCode.DOWN).type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(field.getText()).isEqualTo("map<text, timeuuid");
    assertThat(orders().column(CqlIdentifier.of("total")).orElseThrow().type().asCql())
        .as("Enter took the type, it did not commit")
        .isEqualTo("decimal");
    robot.write(">").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(orders().column(CqlIdentifier.of("total")).orElseThrow().type().asCql())
        .isEqualTo("map<text, timeuuid>");
  }

  @Test
  void columnsRemovedFromTheKeyboardLeaveTheFocusOnTheNextRowsRemoveButton(FxRobot robot) {
    // An option's row has a ✕ too, after the columns': not a column's.
    robot.interact(
        () ->
            window
                .document()
                .perform(
                    org.keyspacestudio.model.edit.ObjectEdits.setOption(
                        ORDERS,
                        "gc_grace_seconds",
                        new org.keyspacestudio.model.schema.OptionValue.Number("3600"))));
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    robot.interact(
        () ->
            robot
                .lookup("#column-delete-order_id")
                .queryAs(javafx.scene.control.Button.class)
                .requestFocus());
    robot.type(KeyCode.SPACE);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(orders().column(CqlIdentifier.of("order_id"))).isEmpty();
    // The row below took its place, and its ✕ the focus: the focus had gone to the diagram, where
    // the keys typed next selected and moved boxes.
    javafx.scene.Node owner = window.inspector().getScene().getFocusOwner();
    assertThat(owner.getId()).isEqualTo("column-delete-total");
    // And shows it: a flat button with the focus had looked as one without.
    javafx.scene.layout.Region other = robot.lookup("#column-delete-user_id").query();
    assertThat(((javafx.scene.layout.Region) owner).getBackground())
        .isNotNull()
        .isNotEqualTo(other.getBackground());
    robot.type(KeyCode.SPACE);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(orders().columns())
        .extracting(c -> c.name().asInternal())
        .containsExactly("user_id", "placed");
    // The last row gone: the one above it, not the option's.
    assertThat(window.inspector().getScene().getFocusOwner().getId())
        .isEqualTo("column-delete-placed");

    // Removed with the mouse: the ✕ that takes the focus shows no frame (it showed one after a
    // click too), until a key is pressed.
    robot.clickOn("#column-delete-placed");
    WaitForAsyncUtils.waitForFxEvents();
    owner = window.inspector().getScene().getFocusOwner();
    assertThat(owner.getId()).isEqualTo("column-delete-user_id");
    javafx.scene.layout.Region option =
        robot
            .lookup(".button.row-action")
            .match((javafx.scene.Node n) -> n != window.inspector().getScene().getFocusOwner())
            .query();
    assertThat(((javafx.scene.layout.Region) owner).getBackground())
        .isEqualTo(option.getBackground());
    robot.press(KeyCode.SHIFT).release(KeyCode.SHIFT);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(((javafx.scene.layout.Region) owner).getBackground())
        .isNotEqualTo(option.getBackground());
  }

  @Test
  void aTypeThatDoesNotParseIsMarkedAndNotApplied(FxRobot robot) {
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    var before = window.document().project();
    replaceText(robot, "#column-type-total").write("map<text>").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project()).isEqualTo(before);
    javafx.scene.control.TextField field = robot.lookup("#column-type-total").query();
    assertThat(field.getStyle()).contains("#d32f2f");
    assertThat(Tips.text(field)).contains("expected");
  }

  @Test
  void aRefusedTextSaysWhyBesideItsField(FxRobot robot) {
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    var before = window.document().project();
    // A rename to a column the table has: refused, and (before) marked red with no reason at all.
    replaceText(robot, "#column-name-total").write("placed").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project()).isEqualTo(before);
    assertThat(window.inspector().refusalShown())
        .isEqualTo("orders_by_user has a column named placed already");
    javafx.scene.control.TextField name = robot.lookup("#column-name-total").query();
    assertThat(Tips.text(name)).isEqualTo("orders_by_user has a column named placed already");
    // Typing again takes the balloon away.
    robot.type(KeyCode.BACK_SPACE);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.inspector().refusalShown()).isNull();
    robot.press(KeyCode.CONTROL, KeyCode.A).release(KeyCode.A, KeyCode.CONTROL).write("total");
    robot.type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(name.getStyle()).as("typed back to its name: no longer marked").isEmpty();
    assertThat(Tips.text(name)).isEqualTo("total decimal");

    // A type that does not parse, left by Tab: the parser's reason.
    replaceText(robot, "#column-type-total").write("lst<int>").type(KeyCode.TAB);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.inspector().refusalShown()).contains("lst");
    assertThat(window.document().project()).isEqualTo(before);
  }

  @Test
  void theColumnFieldsKeptFromOneFormToTheNextEditTheColumnTheyNowShow(FxRobot robot) {
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    var skin =
        robot
            .lookup("#column-type-user_id")
            .queryAs(javafx.scene.control.TextField.class)
            .getSkin();

    // Typed, then left by selecting another table: the commit on leaving goes to
    // orders_by_user.total, though its field may already show a column of users.
    replaceText(robot, "#column-type-total").write("bigint");
    robot.clickOn(screenPointOf(USERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(orders().column(CqlIdentifier.of("total")).orElseThrow().type().asCql())
        .isEqualTo("bigint");
    javafx.scene.control.TextField emailType =
        robot.lookup("#column-type-email").queryAs(javafx.scene.control.TextField.class);
    assertThat(emailType.getText()).isEqualTo("text");
    assertThat(emailType.getStyle()).isEmpty();
    assertThat(Tips.text(emailType)).isEqualTo("text");
    assertThat(robot.lookup("#column-name-email").queryAs(javafx.scene.control.TextField.class))
        .extracting(javafx.scene.control.TextField::getText)
        .isEqualTo("email");
    // The users form is made of the fields (and skins) orders_by_user's form had.
    assertThat(
            robot.lookup(".text-field").queryAllAs(javafx.scene.control.TextField.class).stream()
                .anyMatch(f -> f.getSkin() == skin))
        .isTrue();

    replaceText(robot, "#column-type-email").write("int").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(users().column(CqlIdentifier.of("email")).orElseThrow().type().asCql())
        .isEqualTo("int");

    // The role, IDX and delete controls kept from the other form act on users' columns.
    robot.clickOn("#column-role-name").clickOn("C↑ clustering, ascending");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(users().primaryKey().clustering())
        .extracting(c -> c.name().asInternal())
        .containsExactly("name");
    robot.clickOn("#column-indexed-email");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(
            window
                .document()
                .project()
                .schema()
                .keyspace(USERS.keyspace())
                .orElseThrow()
                .indexesOn(USERS.object()))
        .extracting(i -> i.targets().get(0).column().asInternal())
        .containsExactly("email");
    robot.clickOn("#column-delete-email");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(users().column(CqlIdentifier.of("email"))).isEmpty();
    assertThat(orders().columns()).hasSize(4);
    robot.interact(
        () -> {
          window.document().undo();
          window.document().undo();
          window.document().undo();
        });
    assertThat(orders().column(CqlIdentifier.of("total")).orElseThrow().type().asCql())
        .isEqualTo("bigint");
    robot.interact(
        () -> {
          window.document().undo();
          window.document().undo();
        });
    assertThat(orders().column(CqlIdentifier.of("total")).orElseThrow().type().asCql())
        .isEqualTo("decimal");
  }

  private org.keyspacestudio.model.schema.Table users() {
    return table(USERS);
  }

  private org.keyspacestudio.model.schema.Table orders() {
    return table(ORDERS);
  }

  private org.keyspacestudio.model.schema.Table table(ElementRef ref) {
    return window
        .document()
        .project()
        .schema()
        .keyspace(ref.keyspace())
        .flatMap(k -> k.table(ref.object()))
        .orElseThrow();
  }

  @Test
  void theColumnWithTheCursorMovesByButtonAndByAltArrowAndTheCursorStays(FxRobot robot) {
    robot.clickOn(screenPointOf(USERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    // No row has the cursor: nothing to move.
    assertThat(robot.lookup("#move-column-up").queryButton().isDisabled()).isTrue();
    assertThat(robot.lookup("#move-column-down").queryButton().isDisabled()).isTrue();

    // The cursor in name's row (user_id, name, email): up and down both possible.
    robot.clickOn("#column-type-name");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#move-column-up").queryButton().isDisabled()).isTrue();
    assertThat(robot.lookup("#move-column-down").queryButton().isDisabled()).isFalse();
    robot.clickOn("#move-column-down");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(users().columns())
        .extracting(c -> c.name().asInternal())
        .containsExactly("user_id", "email", "name");
    // The cursor stayed in the moved column's type field; name is last of the regular columns.
    assertThat(robot.lookup("#column-type-name").queryAs(TextField.class).isFocused()).isTrue();
    assertThat(robot.lookup("#move-column-down").queryButton().isDisabled()).isTrue();
    assertThat(robot.lookup("#move-column-up").queryButton().isDisabled()).isFalse();

    robot.press(KeyCode.ALT, KeyCode.UP).release(KeyCode.UP, KeyCode.ALT);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(users().columns())
        .extracting(c -> c.name().asInternal())
        .containsExactly("user_id", "name", "email");
    assertThat(robot.lookup("#column-type-name").queryAs(TextField.class).isFocused()).isTrue();

    // Each move is one undo step.
    robot.interact(() -> window.document().undo());
    assertThat(users().columns())
        .extracting(c -> c.name().asInternal())
        .containsExactly("user_id", "email", "name");

    // A key column moves within the key: orders_by_user's clustering columns are (placed); with
    // one partition key column and one clustering column, neither can move.
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("#column-name-placed");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#move-column-up").queryButton().isDisabled()).isTrue();
    assertThat(robot.lookup("#move-column-down").queryButton().isDisabled()).isTrue();
  }

  @Test
  void aColumnsRoleIsChosenFromItsMenuAndByKeyboardAndUndone(FxRobot robot) {
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#column-role-placed").queryButton().getText()).startsWith("C↓");

    robot.clickOn("#column-role-placed").clickOn("C↑ clustering, ascending");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(orders().primaryKey().clusteringColumn(CqlIdentifier.of("placed")).order())
        .isEqualTo(org.keyspacestudio.model.schema.ClusteringOrder.ASC);
    assertThat(robot.lookup("#column-role-placed").queryButton().getText()).startsWith("C↑");
    assertThat(robot.lookup("#column-role-placed").queryButton().isFocused())
        .as("the focus comes back to the role after the edit rebuilt the form")
        .isTrue();

    // Up steps to the role before it (K) without opening the menu.
    robot.type(KeyCode.UP);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(orders().primaryKey().partitionKey()).contains(CqlIdentifier.of("placed"));

    robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
    robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(orders().primaryKey().clusteringColumn(CqlIdentifier.of("placed")).order())
        .isEqualTo(org.keyspacestudio.model.schema.ClusteringOrder.DESC);
  }

  @Test
  void aClickOnAnotherTableFillsTheInspectorOnceAndARubberBandOnceToo(FxRobot robot) {
    robot.clickOn(screenPointOf(USERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    int before = window.inspector().fills();
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.inspector().fills() - before)
        .as("users leaves the selection and orders_by_user joins it: one refill, not two")
        .isEqualTo(1);
    assertThat(window.inspector().shown()).isEqualTo(ORDERS);
    assertThat(window.cqlText()).contains("CREATE TABLE shop.orders_by_user");

    int beforeBoth = window.inspector().fills();
    robot.interact(
        () -> {
          window.canvas().selection().clear();
          window.canvas().selection().addAll(java.util.List.of(USERS, ORDERS));
        });
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.inspector().fills() - beforeBoth).isEqualTo(1);
    assertThat(window.inspector().shown()).isNull();
    assertThat(window.cqlText()).contains("shop.users").contains("shop.orders_by_user");
  }

  @Test
  void theInspectorKeepsItsFormUntilTheElementOrTheProjectChanges(FxRobot robot) {
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    int before = window.inspector().fills();
    javafx.scene.Node role = robot.lookup("#column-role-placed").query();

    // Showing the same diagram again (as opening a file does after filling the inspector).
    robot.interact(() -> window.showDiagram(window.currentDiagram()));
    assertThat(window.inspector().fills()).isEqualTo(before);
    assertThat((Object) robot.lookup("#column-role-placed").query()).isSameAs(role);

    // An edit makes a new project: the form is filled from it.
    robot.clickOn("#column-role-placed").clickOn("C↑ clustering, ascending");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.inspector().fills()).isEqualTo(before + 1);
    assertThat((Object) robot.lookup("#column-role-placed").query()).isNotSameAs(role);
    assertThat(robot.lookup("#column-role-placed").queryButton().getText()).startsWith("C↑");
  }

  @Test
  void aTooltipIsMadeWhenThePointerFirstComesOverItsControl(FxRobot robot) {
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    javafx.scene.control.CheckBox idx =
        robot.lookup("#column-indexed-total").queryAs(javafx.scene.control.CheckBox.class);
    assertThat(idx.getTooltip()).isNull();
    assertThat(Tips.text(idx)).isEqualTo("Secondary index on this column");
    assertThat(idx.getAccessibleHelp()).isEqualTo("Secondary index on this column");
    robot.moveTo(idx);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(idx.getTooltip()).isNotNull();
    assertThat(idx.getTooltip().getText()).isEqualTo("Secondary index on this column");
  }

  @Test
  void aColumnNameOfTwentyTwoLettersAndATimestampAreShownWholeAndTheTipNamesTheColumn(
      FxRobot robot) {
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    replaceText(robot, "#column-name-total").write("total_in_dollars_cents").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();

    for (String field : List.of("#column-name-total_in_dollars_cents", "#column-type-placed")) {
      assertShownWhole(robot, field);
    }
    assertThat(
            Tips.text(
                robot
                    .lookup("#column-name-total_in_dollars_cents")
                    .queryAs(javafx.scene.control.TextField.class)))
        .isEqualTo("total_in_dollars_cents decimal");
    assertThat(
            Tips.text(
                robot
                    .lookup("#column-type-total_in_dollars_cents")
                    .queryAs(javafx.scene.control.TextField.class)))
        .isEqualTo("decimal");

    // A long type does not take the name's room: the two share the row.
    replaceText(robot, "#column-type-order_id")
        .write("map<text, frozen<list<int>>>")
        .type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    double nameWidth =
        robot.lookup("#column-name-total_in_dollars_cents").queryAs(TextField.class).getWidth();
    double typeWidth = robot.lookup("#column-type-order_id").queryAs(TextField.class).getWidth();
    assertThat(nameWidth).isGreaterThanOrEqualTo(typeWidth - 1).isGreaterThan(100);
  }

  @Test
  void aNameOfEighteenLettersBesideAMapTypeIsShownWhole(FxRobot robot) {
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    // KillrVideo's preview_thumbnails map<int, blob>: cut to "preview_thumbnai" at 1280 pixels
    // while the role and IDX columns were fixed at 72 and 34 pixels.
    replaceText(robot, "#column-name-total").write("preview_thumbnails").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    replaceText(robot, "#column-type-preview_thumbnails")
        .write("map<int, blob>")
        .type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertShownWhole(robot, "#column-name-preview_thumbnails");
    assertShownWhole(robot, "#column-type-preview_thumbnails");
  }

  /** Asserts that the text field's text fits its width less its padding. */
  private void assertShownWhole(FxRobot robot, String field) {
    TextField shown = robot.lookup(field).queryAs(TextField.class);
    javafx.scene.text.Text text = new javafx.scene.text.Text(shown.getText());
    text.setFont(shown.getFont());
    double room = shown.getWidth() - shown.getInsets().getLeft() - shown.getInsets().getRight();
    assertThat(text.getLayoutBounds().getWidth())
        .as("%s in a %s px window", shown.getText(), window.canvas().getScene().getWidth())
        .isLessThanOrEqualTo(room);
  }

  private int tables() {
    return window.document().project().schema().keyspaces().get(0).tables().size();
  }

  @Test
  void copyAsImagePutsTheSelectionOnTheClipboardAsExportDrawsIt(FxRobot robot) throws Exception {
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    robot
        .press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.I)
        .release(KeyCode.I, KeyCode.SHIFT, KeyCode.CONTROL);
    javafx.scene.control.Label status =
        robot.lookup("#status-text").queryAs(javafx.scene.control.Label.class);
    WaitForAsyncUtils.waitFor(
        20, java.util.concurrent.TimeUnit.SECONDS, () -> status.getText().startsWith("Copied"));
    javafx.scene.image.Image copied =
        WaitForAsyncUtils.asyncFx(
                () -> javafx.scene.input.Clipboard.getSystemClipboard().getImage())
            .get();
    var geometry =
        org.keyspacestudio.export.diagram.DiagramGeometry.of(
                window.document().project(),
                window.currentDiagram(),
                org.keyspacestudio.export.diagram.DiagramStyle.DEFAULT)
            .only(java.util.Set.of(ORDERS));
    java.awt.image.BufferedImage exported =
        javax.imageio.ImageIO.read(
            new java.io.ByteArrayInputStream(
                org.keyspacestudio.export.diagram.ImageExport.png(geometry, 1)));
    assertThat(copied.getWidth()).isEqualTo(exported.getWidth());
    assertThat(copied.getHeight()).isEqualTo(exported.getHeight());
    assertThat(status.getText()).contains("selection");
  }

  @Test
  void zoomToSelectionCentresTheSelectedTableAndFillsTheView(FxRobot robot) {
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    robot
        .press(KeyCode.CONTROL, KeyCode.ALT, KeyCode.DIGIT0)
        .release(KeyCode.DIGIT0, KeyCode.ALT, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    DiagramCanvas canvas = window.canvas();
    BoxGeometry box = canvas.geometry().box(ORDERS);
    Point2D centre = canvas.toScreen(box.bounds().getCenterX(), box.bounds().getCenterY());
    assertThat(centre.getX()).isCloseTo(canvas.getWidth() / 2, within(1.0));
    assertThat(centre.getY()).isCloseTo(canvas.getHeight() / 2, within(1.0));
    double z = canvas.zoomProperty().get();
    // As large as fits with a 30-pixel margin, at most 200%.
    assertThat(z)
        .isCloseTo(
            Math.min(
                2,
                Math.min(
                    (canvas.getWidth() - 60) / box.bounds().getWidth(),
                    (canvas.getHeight() - 60) / box.bounds().getHeight())),
            within(1e-9));
  }

  @Test
  void aDoubleClickOnATableRenamesItFromTheKeyboard(FxRobot robot) {
    robot.doubleClickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.canvas().selection()).containsExactly(ORDERS);
    javafx.scene.Node focused = window.canvas().getScene().getFocusOwner();
    assertThat(focused).isInstanceOf(javafx.scene.control.TextField.class);
    assertThat(((javafx.scene.control.TextField) focused).getSelectedText())
        .isEqualTo("orders_by_user");
    robot.write("orders_by_customer").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(
            window.document().project().schema().keyspaces().get(0).tables().stream()
                .map(t -> t.name().asInternal()))
        .contains("orders_by_customer")
        .doesNotContain("orders_by_user");
  }

  @Test
  void aDraggedTableLinesUpWithAnotherAndAGuideShowsWhile(FxRobot robot) {
    // Orders' top off the 20-pixel grid, users well below it.
    Point orders = position(ORDERS);
    Point users = position(USERS);
    robot.interact(
        () ->
            window
                .document()
                .perform(
                    org.keyspacestudio.model.edit.Edits.moveBoxes(
                        java.util.Map.of(
                            ORDERS,
                            new Point(orders.x(), 137),
                            USERS,
                            new Point(users.x(), 400)))));
    WaitForAsyncUtils.waitForFxEvents();
    double z = window.canvas().zoomProperty().get();
    // Drag users up so that its top comes 3 diagram pixels under orders' top (grid snap: 140).
    Point2D from = screenPointOf(USERS, 40, 12);
    robot.drag(from, javafx.scene.input.MouseButton.PRIMARY).moveBy(0, -(400 - 140) * z / 2);
    robot.moveBy(0, -(400 - 140) * z / 2);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.canvas().guides())
        .anySatisfy(g -> assertThat(g.getY1()).isEqualTo(137.0).isEqualTo(g.getY2()));
    robot.drop();
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(position(USERS).y()).isEqualTo(137);
    assertThat(window.canvas().guides()).isEmpty();
  }

  @Test
  void theTitleAndTheFileChoosersFollowTheScriptUntilItIsSavedAsAProject(FxRobot robot)
      throws Exception {
    Stage stage = (Stage) window.canvas().getScene().getWindow();
    assertThat(stage.getTitle()).isEqualTo("shop.cql (imported) — Keyspace Studio");
    // Open, Save As and the exports start in the script's folder (GTK's chooser showed Recent).
    assertThat(window.chooserFolder()).isEqualTo(dir.toAbsolutePath());
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    robot.type(KeyCode.DOWN);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(stage.getTitle()).isEqualTo("• shop.cql (imported) — Keyspace Studio");
    Path projects = java.nio.file.Files.createDirectories(dir.resolve("projects"));
    Path saved = projects.resolve("shop.kstudio");
    robot.interact(() -> window.saveTo(saved));
    assertThat(stage.getTitle()).isEqualTo("shop.kstudio — Keyspace Studio");
    assertThat(window.chooserFolder()).isEqualTo(projects.toAbsolutePath());
  }

  @Test
  void twoTablesAlignedOnTheirTopsInOneStepThatUndoes(FxRobot robot) {
    // Orders a little lower than users first (arrow keys move the selection).
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    for (int i = 0; i < 3; i++) {
      robot.type(KeyCode.DOWN);
    }
    WaitForAsyncUtils.waitForFxEvents();
    Point users = position(USERS);
    Point orders = position(ORDERS);
    robot.interact(
        () -> {
          window.canvas().selection().add(USERS);
          window.canvas().selection().add(ORDERS);
        });
    robot.moveTo(screenPointOf(ORDERS, 40, 12)).clickOn(javafx.scene.input.MouseButton.SECONDARY);
    WaitForAsyncUtils.waitForFxEvents();
    javafx.scene.control.Menu arrange =
        (javafx.scene.control.Menu)
            window.canvasMenu().getItems().stream()
                .filter(i -> "A_rrange".equals(i.getText()))
                .findFirst()
                .orElseThrow();
    assertThat(arrange.getItems())
        .filteredOn(i -> i.getText() != null && i.getText().startsWith("Distribute"))
        .allSatisfy(i -> assertThat(i.isDisable()).isTrue());
    robot.interact(
        () -> {
          arrange.getItems().stream()
              .filter(i -> "Align _Top".equals(i.getText()))
              .findFirst()
              .orElseThrow()
              .fire();
          window.canvasMenu().hide();
        });
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(users.y()).isNotEqualTo(orders.y());
    double top = Math.min(users.y(), orders.y());
    assertThat(position(USERS).y()).isEqualTo(top);
    assertThat(position(ORDERS).y()).isEqualTo(top);
    assertThat(position(USERS).x()).isEqualTo(users.x());

    robot.interact(() -> window.document().undo());
    assertThat(position(USERS)).isEqualTo(users);
    assertThat(position(ORDERS)).isEqualTo(orders);
  }

  @Test
  void aRightClickOpensTheMenuOfWhatIsUnderItAndARightDragPans(FxRobot robot) {
    robot.moveTo(screenPointOf(ORDERS, 40, 12)).clickOn(javafx.scene.input.MouseButton.SECONDARY);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.canvas().selection()).containsExactly(ORDERS);
    var menu = window.canvasMenu();
    assertThat(menu.isShowing()).isTrue();
    assertThat(menu.getItems())
        .extracting(javafx.scene.control.MenuItem::getText)
        .contains(
            "_Rename",
            "Add _Column",
            "_Copy as CQL",
            "Partition _Sizes…",
            "_Export the Selection as PNG…",
            "_Delete");
    int columns = orders().columns().size();
    robot.interact(
        () ->
            menu.getItems().stream()
                .filter(i -> "Add _Column".equals(i.getText()))
                .findFirst()
                .orElseThrow()
                .fire());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(orders().columns()).hasSize(columns + 1);
    robot.interact(menu::hide);

    // On empty space: the selection goes, and the menu is the diagram's.
    BoxGeometry box = window.canvas().geometry().box(ORDERS);
    Point2D empty =
        window
            .canvas()
            .localToScreen(
                window.canvas().toScreen(box.bounds().getMaxX() + 30, box.bounds().getMaxY() + 30));
    robot.moveTo(empty).clickOn(javafx.scene.input.MouseButton.SECONDARY);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.canvas().selection()).isEmpty();
    var diagramMenu = window.canvasMenu();
    assertThat(diagramMenu.getItems())
        .extracting(javafx.scene.control.MenuItem::getText)
        .startsWith("New _Table", "New T_ype", "_Paste");
    // A table made from it goes where the menu was opened.
    var names =
        window.document().project().schema().keyspaces().get(0).tables().stream()
            .map(t -> t.name())
            .toList();
    robot.interact(() -> diagramMenu.getItems().get(0).fire());
    robot.interact(diagramMenu::hide);
    WaitForAsyncUtils.waitForFxEvents();
    var made =
        window.document().project().schema().keyspaces().get(0).tables().stream()
            .filter(t -> !names.contains(t.name()))
            .findFirst()
            .orElseThrow();
    Point at = position(ElementRef.table(CqlIdentifier.of("shop"), made.name()));
    assertThat(at.x()).isCloseTo(box.bounds().getMaxX() + 30, within(DiagramCanvas.GRID));
    assertThat(at.y()).isCloseTo(box.bounds().getMaxY() + 30, within(DiagramCanvas.GRID));

    // The menu's shortcuts are hints: Ctrl+T still makes one table, not two.
    int before = tables();
    robot.clickOn(screenPointOf(USERS, 40, 12));
    robot.press(KeyCode.CONTROL, KeyCode.T).release(KeyCode.T, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(tables()).isEqualTo(before + 1);

    // A right-drag pans and opens no menu.
    Point2D origin = window.canvas().toScreen(0, 0);
    robot.moveTo(empty).drag(javafx.scene.input.MouseButton.SECONDARY).moveBy(60, 40).drop();
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.canvas().toScreen(0, 0).getX() - origin.getX()).isCloseTo(60, within(2.0));
    assertThat(window.canvasMenu()).isSameAs(diagramMenu);
    assertThat(diagramMenu.isShowing()).isFalse();
  }

  @Test
  void aTableRenamedInTheInspectorStaysSelected(FxRobot robot) {
    robot.clickOn(screenPointOf(USERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    robot.press(KeyCode.F2).release(KeyCode.F2);
    WaitForAsyncUtils.waitForFxEvents();
    robot.press(KeyCode.CONTROL, KeyCode.A).release(KeyCode.A, KeyCode.CONTROL);
    robot.write("customers").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    ElementRef customers =
        ElementRef.table(CqlIdentifier.of("shop"), CqlIdentifier.of("customers"));
    assertThat(window.canvas().selection()).containsExactly(customers);
    assertThat(tableNameShown()).isEqualTo("customers");

    // From the diagram, Ctrl+Shift+C adds a column and what is typed next names it.
    robot.interact(() -> window.canvas().requestFocus());
    robot
        .press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.C)
        .release(KeyCode.C, KeyCode.SHIFT, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    // Tab takes it on to the type (the rename set the focus back on the name).
    robot.write("nickname").type(KeyCode.TAB);
    WaitForAsyncUtils.waitForFxEvents();
    robot.write("int").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(
            window.document().project().schema().keyspaces().get(0).tables().stream()
                .filter(t -> t.name().asInternal().equals("customers"))
                .findFirst()
                .orElseThrow()
                .column(CqlIdentifier.of("nickname"))
                .map(c -> c.type().asCql()))
        .contains("int");
  }

  @Test
  void aQueryArrowIsDrawnAndLabelledFromTheInsertMenu(FxRobot robot) {
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    robot
        .press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.Q)
        .release(KeyCode.Q, KeyCode.SHIFT, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    replaceText(robot, "#arrow-label").write("Q2: orders of a user");
    robot.clickOn("#arrow-from").clickOn("from shop.users");
    robot.clickOn("OK");
    WaitForAsyncUtils.waitForFxEvents();
    var arrows = window.document().project().diagram().arrows();
    assertThat(arrows).hasSize(1);
    assertThat(arrows.get(0).label()).isEqualTo("Q2: orders of a user");
    assertThat(arrows.get(0).from()).isEqualTo(USERS);
    assertThat(arrows.get(0).to()).isEqualTo(ORDERS);
    assertThat(window.canvas().geometry().arrows()).hasSize(1);
  }

  @Test
  void aQueryArrowIsDrawnWithTheMouseFromATablesHandleAndNamedByTyping(FxRobot robot) {
    robot.clickOn(screenPointOf(USERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    Point2D handle = window.canvas().localToScreen(window.canvas().handle());

    // Dropped on the empty background: nothing is drawn.
    robot.drag(handle).moveBy(0, 300).drop();
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().diagram().arrows()).isEmpty();

    // Escape during the drag cancels it.
    robot.drag(handle).moveTo(screenPointOf(ORDERS, 40, 30)).type(KeyCode.ESCAPE).drop();
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().diagram().arrows()).isEmpty();

    robot.drag(handle).moveTo(screenPointOf(ORDERS, 40, 30)).drop();
    WaitForAsyncUtils.waitForFxEvents();
    var arrows = window.document().project().diagram().arrows();
    assertThat(arrows).hasSize(1);
    assertThat(arrows.get(0).label()).isEqualTo("Q1");
    assertThat(arrows.get(0).from()).isEqualTo(USERS);
    assertThat(arrows.get(0).to()).isEqualTo(ORDERS);
    assertThat(window.canvas().geometry().arrows()).as("drawn").hasSize(1);
    assertThat(window.canvas().selection()).containsExactly(ORDERS);

    // The cursor is in the new label: typing names the query.
    robot.write("Q1: orders of a user").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().diagram().arrows().get(0).label())
        .isEqualTo("Q1: orders of a user");

    // Back on the diagram, undo takes back the label, then the arrow.
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().diagram().arrows().get(0).label()).isEqualTo("Q1");
    robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().diagram().arrows()).isEmpty();
  }

  @Test
  void copyAndPasteMakeACopyOfTheTableBesideIt(FxRobot robot) {
    robot.clickOn(screenPointOf(ORDERS, 40, 12));
    WaitForAsyncUtils.waitForFxEvents();
    robot.press(KeyCode.CONTROL, KeyCode.C).release(KeyCode.C, KeyCode.CONTROL);
    robot.press(KeyCode.CONTROL, KeyCode.V).release(KeyCode.V, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    ElementRef copy =
        ElementRef.table(CqlIdentifier.of("shop"), CqlIdentifier.of("orders_by_user_copy"));
    assertThat(window.document().project().schema().keyspaces().get(0).tables()).hasSize(3);
    assertThat(window.canvas().selection()).containsExactly(copy);
    assertThat(position(copy)).isEqualTo(position(ORDERS).plus(40, 40));
    assertThat(window.document().undoDescription()).isEqualTo("Paste");
  }

  @Test
  void aFileOpenedEarlierReopensFromOpenRecent(FxRobot robot) throws Exception {
    Path other = dir.resolve("blog.cql");
    Files.writeString(
        other,
        "CREATE KEYSPACE blog WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE blog.posts (id uuid PRIMARY KEY, title text);\n");
    robot.interact(() -> window.open(other));
    assertThat(window.document().project().schema().keyspaces().get(0).name().asInternal())
        .isEqualTo("blog");

    robot.clickOn("File").clickOn("Open Recent");
    String shop = dir.resolve("shop.cql").toAbsolutePath().toString();
    var item =
        robot
            .lookup(
                (javafx.scene.Node n) ->
                    n instanceof javafx.scene.control.Labeled l
                        && shop.equals(l.getText())
                        && n.getScene() != null)
            .tryQuery();
    assertThat(item).as("the file opened first is listed").isPresent();
    // Along the "Open Recent" row into its submenu, then down to the item, as a hand would go.
    javafx.geometry.Bounds target = item.get().localToScreen(item.get().getBoundsInLocal());
    javafx.scene.Node openRecent = robot.lookup("Open Recent").query();
    javafx.geometry.Bounds row = openRecent.localToScreen(openRecent.getBoundsInLocal());
    robot.moveTo(new Point2D(target.getCenterX(), row.getCenterY()));
    robot.moveTo(new Point2D(target.getCenterX(), target.getCenterY())).clickOn();
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().schema().keyspaces().get(0).name().asInternal())
        .isEqualTo("shop");
    assertThat(window.canvas().geometry().box(ORDERS)).as("drawn").isNotNull();
  }

  @Test
  void theMinimapAppearsWhenTheDiagramIsOutOfViewAndAClickThereGoesToThatPlace(FxRobot robot) {
    DiagramCanvas canvas = window.canvas();
    assertThat(canvas.minimapArea()).as("the whole diagram is in view").isNull();
    robot.clickOn(screenPointOf(USERS, 40, 12));
    for (int i = 0; i < 6; i++) {
      robot.press(KeyCode.CONTROL, KeyCode.EQUALS).release(KeyCode.EQUALS, KeyCode.CONTROL);
    }
    WaitForAsyncUtils.waitForFxEvents();
    var map = canvas.minimapArea();
    assertThat(map).as("zoomed in, part of the diagram is out of view").isNotNull();

    // The orders table's middle, as the minimap draws it: a click there centres the view on it.
    var orders = canvas.geometry().box(ORDERS).bounds();
    double left = Math.min(orders.getX(), canvas.geometry().box(USERS).bounds().getX());
    double top = Math.min(orders.getY(), canvas.geometry().box(USERS).bounds().getY());
    double scale = map.getWidth() / canvas.geometry().bounds().getWidth();
    Point2D inMap =
        new Point2D(
            map.getX() + (orders.getCenterX() - left) * scale,
            map.getY() + (orders.getCenterY() - top) * scale);
    robot.clickOn(canvas.localToScreen(inMap));
    WaitForAsyncUtils.waitForFxEvents();
    Point2D centre = canvas.toDiagram(canvas.getWidth() / 2, canvas.getHeight() / 2);
    assertThat(centre.getX())
        .isCloseTo(orders.getCenterX(), org.assertj.core.data.Offset.offset(15.0));
    assertThat(centre.getY())
        .isCloseTo(orders.getCenterY(), org.assertj.core.data.Offset.offset(15.0));
    assertThat(canvas.selection())
        .as("a click in the minimap selects nothing")
        .containsExactly(USERS);

    robot.clickOn("View").clickOn("Minimap");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(canvas.minimapArea()).as("turned off").isNull();
  }

  @Test
  void closingWithUnsavedChangesAsksFirstAndCancelKeepsTheWindow(FxRobot robot) {
    robot.clickOn(screenPointOf(ORDERS, 40, 12)).type(KeyCode.RIGHT);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().isDirty()).isTrue();
    Stage stage = (Stage) window.canvas().getScene().getWindow();

    requestClose(stage);
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("Cancel");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(stage.isShowing()).as("Cancel keeps the window").isTrue();

    requestClose(stage);
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("Don't Save");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().isDirty()).as("the changes were not saved").isTrue();
    assertThat(stage.isShowing()).as("Don't Save closes the window").isFalse();
  }

  @Test
  void errorsComeFirstInTheProblemsTableAndItsSeverityColumnSortsByWhatTheNodeWillDo(FxRobot robot)
      throws Exception {
    // Notes and a warning in the file before its error (the cqlshlib test schema's order: its
    // INSERTs kept verbatim, then the compressor Cassandra 5.0 refuses).
    Path cql = dir.resolve("mixed.cql");
    Files.writeString(
        cql,
        "CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE shop.users (user_id uuid PRIMARY KEY, name text);\n"
            + "INSERT INTO shop.users (user_id, name) VALUES (uuid(), 'a');\n"
            + "INSERT INTO shop.users (user_id, name) VALUES (uuid(), 'b');\n"
            + "CREATE TABLE shop.legacy (k int PRIMARY KEY) WITH compression ="
            + " {'sstable_compression': 'LZ4Compressor'} AND dclocal_read_repair_chance = 0.1;\n");
    robot.interact(() -> window.open(cql));
    WaitForAsyncUtils.waitFor(
        10, java.util.concurrent.TimeUnit.SECONDS, () -> window.problems().size() >= 4);
    WaitForAsyncUtils.waitForFxEvents();
    List<org.keyspacestudio.model.validate.Severity> severities =
        window.problems().stream()
            .map(org.keyspacestudio.model.validate.Problem::severity)
            .toList();
    assertThat(severities.get(0)).isEqualTo(org.keyspacestudio.model.validate.Severity.ERROR);
    assertThat(severities).isSortedAccordingTo(java.util.Comparator.naturalOrder());
    assertThat(severities).contains(org.keyspacestudio.model.validate.Severity.INFO);

    // A click on Severity sorts by it: errors, warnings, notes (alphabetically, info came
    // before warning).
    @SuppressWarnings("unchecked")
    javafx.scene.control.TableView<org.keyspacestudio.model.validate.Problem> table =
        robot.lookup(".table-view").queryAllAs(javafx.scene.control.TableView.class).stream()
            .filter(
                t ->
                    t.getItems().size() == severities.size()
                        && !t.getItems().isEmpty()
                        && t.getItems().get(0) instanceof org.keyspacestudio.model.validate.Problem)
            .findFirst()
            .orElseThrow();
    robot.interact(
        () -> {
          var column = table.getColumns().get(0);
          column.setSortType(javafx.scene.control.TableColumn.SortType.DESCENDING);
          table.getSortOrder().setAll(List.of(column));
        });
    assertThat(table.getItems().get(0).severity())
        .isEqualTo(org.keyspacestudio.model.validate.Severity.INFO);
    assertThat(table.getItems().get(table.getItems().size() - 1).severity())
        .isEqualTo(org.keyspacestudio.model.validate.Severity.ERROR);
    assertThat(table.getItems().stream().map(p -> p.severity()).toList())
        .isSortedAccordingTo(
            java.util.Comparator.<org.keyspacestudio.model.validate.Severity>reverseOrder());
  }
}
