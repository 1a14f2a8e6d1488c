package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.DiagramKind;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.OptionValue;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The inspectors of views, indexes and options (headless): a view's clustering order edited in the
 * inspector shows in the CQL pane and undoes; an index becomes an SAI index; a table option set to
 * a value and cleared back to Cassandra's default.
 */
@ExtendWith(ApplicationExtension.class)
class ObjectInspectorsTest {

  private static final CqlIdentifier KS = CqlIdentifier.of("ks");

  @TempDir Path dir;

  private EditorWindow window;

  @Start
  void start(Stage stage) {
    window = new EditorWindow(stage, null);
  }

  private Keyspace keyspace() {
    return window.document().project().schema().keyspace(KS).orElseThrow();
  }

  private void open(FxRobot robot) throws Exception {
    Path file = dir.resolve("videos.cql");
    Files.writeString(
        file,
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE ks.videos (id int, added timestamp, title text, tag text,"
            + " PRIMARY KEY (id, added));\n"
            + "CREATE INDEX videos_tag ON ks.videos (tag);\n"
            + "CREATE MATERIALIZED VIEW ks.videos_by_title AS SELECT * FROM ks.videos"
            + " WHERE title IS NOT NULL AND id IS NOT NULL AND added IS NOT NULL"
            + " PRIMARY KEY (title, id, added);\n");
    robot.interact(() -> window.open(file));
    robot.interact(() -> window.showDiagram(DiagramKind.PHYSICAL));
    WaitForAsyncUtils.waitForFxEvents();
  }

  /** Opens a CQL script as a file and selects one of its elements, its inspector shown. */
  private void openAndSelect(FxRobot robot, String cql, ElementRef element) throws Exception {
    Path file = dir.resolve("script.cql");
    Files.writeString(file, cql);
    robot.interact(() -> window.open(file));
    robot.interact(() -> window.select(element));
    WaitForAsyncUtils.waitForFxEvents();
  }

  private void commit(FxRobot robot, String id, String text) {
    TextField field = robot.lookup("#" + id).queryAs(TextField.class);
    robot.interact(
        () -> {
          field.requestFocus();
          field.setText(text);
        });
    robot.type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
  }

  private static void fire(FxRobot robot, String id) {
    javafx.scene.control.CheckBox box =
        robot.lookup("#" + id).queryAs(javafx.scene.control.CheckBox.class);
    robot.interact(box::fire);
    WaitForAsyncUtils.waitForFxEvents();
  }

  /**
   * A SELECT of the script that Cassandra refuses shows, refused, in the inspector of the table it
   * reads; its fix there adds a table keyed for it and the SELECT reads that; undo takes both back.
   */
  @Test
  void aScriptSelectRefusedOnATableIsFixedFromItsInspector(FxRobot robot) throws Exception {
    String select = "SELECT name FROM ks.users WHERE email = ?";
    openAndSelect(
        robot,
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE ks.users (id uuid PRIMARY KEY, email text, name text);\n"
            + select
            + ";\n",
        ElementRef.table(KS, CqlIdentifier.of("users")));
    assertThat(window.problems())
        .anyMatch(
            p ->
                p.rule().id().equals("SUPPORT-FILTERING")
                    && p.position() != null
                    && p.position().line() == 3);
    assertThat(robot.lookup("#script-select-1").queryAs(Label.class).getText()).contains("refused");
    javafx.scene.control.Button fix =
        robot.lookup(".button").queryAllAs(javafx.scene.control.Button.class).stream()
            .filter(b -> String.valueOf(b.getText()).startsWith("Fix: Read this SELECT from a new"))
            .findFirst()
            .orElseThrow();
    assertThat(fix.getText()).contains("ks.users_by_email").contains("PRIMARY KEY ((email), id)");
    robot.interact(fix::fire);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(keyspace().table(CqlIdentifier.of("users_by_email"))).isPresent();
    assertThat(window.document().project().schema().otherStatements().get(0).text())
        .isEqualTo("SELECT name FROM ks.users_by_email WHERE email = ?");
    assertThat(window.problems()).noneMatch(p -> p.rule().id().startsWith("SUPPORT-"));
    robot.interact(() -> window.document().undo());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(keyspace().table(CqlIdentifier.of("users_by_email"))).isEmpty();
    assertThat(window.document().project().schema().otherStatements().get(0).text())
        .isEqualTo(select);
  }

  /**
   * A SELECT pasted from the application's code is checked: the table it reads is shown, its
   * inspector listing the SELECT refused; typed again in the inspector (Ctrl+Enter), it is judged
   * again.
   */
  @Test
  void aPastedSelectIsCheckedAndCanBeRetypedInTheInspector(FxRobot robot) throws Exception {
    openAndSelect(
        robot,
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE ks.users (id uuid PRIMARY KEY, email text, name text);\n",
        ElementRef.keyspace(KS));
    robot.interact(
        () -> {
          javafx.scene.input.ClipboardContent content = new javafx.scene.input.ClipboardContent();
          content.putString("SELECT name FROM ks.users WHERE email = ?;");
          javafx.scene.input.Clipboard.getSystemClipboard().setContent(content);
          window.canvas().requestFocus();
        });
    robot.press(KeyCode.CONTROL, KeyCode.V).release(KeyCode.V, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().schema().otherStatements())
        .extracting(org.keyspacestudio.model.schema.OtherStatement::text)
        .containsExactly("SELECT name FROM ks.users WHERE email = ?");
    assertThat(window.problems()).anyMatch(p -> p.rule().id().equals("SUPPORT-FILTERING"));
    assertThat(robot.lookup("#script-select-1").queryAs(Label.class).getText()).contains("refused");
    javafx.scene.control.TextArea text =
        robot.lookup("#script-select-text-1").queryAs(javafx.scene.control.TextArea.class);
    robot.interact(
        () -> {
          text.requestFocus();
          text.setText("SELECT name FROM ks.users WHERE id = ?;");
        });
    robot.press(KeyCode.CONTROL, KeyCode.ENTER).release(KeyCode.ENTER, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().schema().otherStatements().get(0).text())
        .isEqualTo("SELECT name FROM ks.users WHERE id = ?");
    assertThat(window.problems()).noneMatch(p -> p.rule().id().startsWith("SUPPORT-"));
    assertThat(robot.lookup("#script-select-1").queryAs(Label.class).getText()).contains("✓");
    robot.interact(() -> window.document().undo());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().schema().otherStatements().get(0).text())
        .isEqualTo("SELECT name FROM ks.users WHERE email = ?");
  }

  /**
   * A script's write that Cassandra refuses is listed in the inspector of the table it writes, with
   * its problem; retyped there (Ctrl+Enter), it is judged again, and undo brings it back.
   */
  @Test
  void aRefusedWriteIsListedFixedInTheInspectorAndUndone(FxRobot robot) throws Exception {
    String update = "UPDATE ks.videos SET title = ? WHERE user_id = ?";
    openAndSelect(
        robot,
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE ks.videos (user_id uuid, added timestamp, title text,"
            + " PRIMARY KEY (user_id, added));\n"
            + update
            + ";\n",
        ElementRef.table(KS, CqlIdentifier.of("videos")));
    assertThat(window.problems())
        .anyMatch(
            p ->
                p.rule().id().equals("DML-KEY")
                    && p.message().contains("Some clustering keys are missing: added"));
    assertThat(robot.lookup("#script-write-1").queryAs(Label.class).getText()).contains("refused");
    javafx.scene.control.TextArea text =
        robot.lookup("#script-write-text-1").queryAs(javafx.scene.control.TextArea.class);
    robot.interact(
        () -> {
          text.requestFocus();
          text.setText("UPDATE ks.videos SET title = ? WHERE user_id = ? AND added = ?;");
        });
    robot.press(KeyCode.CONTROL, KeyCode.ENTER).release(KeyCode.ENTER, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().schema().otherStatements().get(0).text())
        .isEqualTo("UPDATE ks.videos SET title = ? WHERE user_id = ? AND added = ?");
    assertThat(window.problems()).noneMatch(p -> p.rule().id().startsWith("DML-"));
    assertThat(robot.lookup("#script-write-1").queryAs(Label.class).getText()).contains("✓");
    robot.interact(() -> window.document().undo());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().schema().otherStatements().get(0).text())
        .isEqualTo(update);
    assertThat(window.problems()).anyMatch(p -> p.rule().id().equals("DML-KEY"));
  }

  /** A write pasted from the application's code joins the script, its table shown and judged. */
  @Test
  void aPastedWriteIsCheckedOnTheTableItWrites(FxRobot robot) throws Exception {
    openAndSelect(
        robot,
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE ks.stats (id uuid PRIMARY KEY, views counter);\n",
        ElementRef.keyspace(KS));
    robot.interact(
        () -> {
          javafx.scene.input.ClipboardContent content = new javafx.scene.input.ClipboardContent();
          content.putString("USE ks;\nUPDATE stats SET views = 1 WHERE id = ?;");
          javafx.scene.input.Clipboard.getSystemClipboard().setContent(content);
          window.canvas().requestFocus();
        });
    robot.press(KeyCode.CONTROL, KeyCode.V).release(KeyCode.V, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().schema().otherStatements())
        .extracting(org.keyspacestudio.model.schema.OtherStatement::text)
        .containsExactly("USE ks", "UPDATE stats SET views = 1 WHERE id = ?");
    assertThat(window.problems())
        .anyMatch(
            p ->
                p.rule().id().equals("DML-COUNTER")
                    && p.message().contains("Cannot set the value of counter column views"));
    assertThat(robot.lookup("#script-write-2").queryAs(Label.class).getText()).contains("refused");
  }

  /** A SELECT removed from the table's inspector: the others keep their lines in the script. */
  @Test
  void aScriptSelectRemovedLeavesTheOthersAtTheirLines(FxRobot robot) throws Exception {
    openAndSelect(
        robot,
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE ks.users (id uuid PRIMARY KEY, email text, name text);\n"
            + "SELECT name FROM ks.users WHERE email = ?;\n"
            + "SELECT email FROM ks.users WHERE name = ?;\n",
        ElementRef.table(KS, CqlIdentifier.of("users")));
    assertThat(filteringLines()).containsExactly(3, 4);
    robot.interact(
        () ->
            robot
                .lookup("#script-select-remove-1")
                .queryAs(javafx.scene.control.Button.class)
                .fire());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().schema().otherStatements())
        .extracting(org.keyspacestudio.model.schema.OtherStatement::text)
        .containsExactly("SELECT email FROM ks.users WHERE name = ?");
    assertThat(filteringLines()).containsExactly(4);
    robot.interact(() -> window.document().undo());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(filteringLines()).containsExactly(3, 4);
  }

  private List<Integer> filteringLines() {
    return window.problems().stream()
        .filter(p -> p.rule().id().equals("SUPPORT-FILTERING"))
        .map(p -> p.position() == null ? -1 : p.position().line())
        .sorted()
        .toList();
  }

  @Test
  void aViewEditedInTheInspectorShowsInTheCqlPaneAndUndoes(FxRobot robot) throws Exception {
    open(robot);
    ElementRef view = ElementRef.view(KS, CqlIdentifier.of("videos_by_title"));
    robot.interact(() -> window.select(view));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.cqlText()).doesNotContain("CLUSTERING ORDER");

    commit(robot, "view-clustering", "id ASC, added DESC");
    assertThat(window.cqlText())
        .contains("CREATE MATERIALIZED VIEW ks.videos_by_title")
        .contains("CLUSTERING ORDER BY (id ASC, added DESC)");

    robot.interact(() -> window.document().undo());
    assertThat(window.cqlText()).doesNotContain("CLUSTERING ORDER");

    // Leaving out a column from SELECT *.
    fire(robot, "view-select-all");
    assertThat(keyspace().views().get(0).selected()).hasSize(4);
    fire(robot, "view-column-tag");
    assertThat(keyspace().views().get(0).selected())
        .extracting(CqlIdentifier::asInternal)
        .containsExactly("id", "added", "title");
    assertThat(window.cqlText()).contains("SELECT id, added, title");
  }

  @Test
  void anIndexBecomesAStorageAttachedIndexAndAnOptionGoesBackToItsDefault(FxRobot robot)
      throws Exception {
    open(robot);
    robot.interact(
        () -> window.inspector().show(ElementRef.index(KS, CqlIdentifier.of("videos_tag"))));
    @SuppressWarnings("unchecked")
    ComboBox<String> kind = robot.lookup("#index-kind").queryAs(ComboBox.class);
    robot.interact(() -> kind.getSelectionModel().select("SAI"));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(keyspace().indexes().get(0).isSai()).isTrue();

    ElementRef videos = ElementRef.table(KS, CqlIdentifier.of("videos"));
    robot.interact(() -> window.select(videos));
    robot.clickOn("#option-add").clickOn("gc_grace_seconds    default 864000");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(keyspace().tables().get(0).options().values())
        .containsEntry("gc_grace_seconds", new OptionValue.Number("864000"));
    commit(robot, "option-gc_grace_seconds", "3600");
    assertThat(keyspace().tables().get(0).options().values())
        .containsEntry("gc_grace_seconds", new OptionValue.Number("3600"));
    assertThat(window.cqlText()).contains("gc_grace_seconds = 3600");
    commit(robot, "option-gc_grace_seconds", "");
    assertThat(keyspace().tables().get(0).options().values()).doesNotContainKey("gc_grace_seconds");
  }

  @Test
  void anIndexSaysWhatItServesAndWhichQueriesGoThroughItAndTheyRunOnceBothIndexesAreSai(
      FxRobot robot) throws Exception {
    openAndSelect(
        robot,
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE ks.orders (customer int, placed timestamp, status text, total int,"
            + " PRIMARY KEY (customer, placed));\n"
            + "CREATE INDEX orders_status ON ks.orders (status);\n"
            + "CREATE INDEX orders_total ON ks.orders (total);\n"
            + "SELECT * FROM ks.orders WHERE status = ? AND total = ?;\n",
        ElementRef.table(KS, CqlIdentifier.of("orders")));
    robot.interact(
        () -> window.inspector().show(ElementRef.index(KS, CqlIdentifier.of("orders_status"))));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#index-serves").queryAs(Label.class).getText())
        .isEqualTo("Serves status = ? (not IN, not ranges)");
    assertThat(robot.lookup("#index-group").queryAs(Label.class).getText())
        .startsWith("Answers a query alone");
    assertThat(robot.lookup("#index-use-1").queryAs(Label.class).getText())
        .startsWith("Statement 1  ✗ refused")
        .contains("WHERE status = ? AND total = ?");

    for (String index : List.of("orders_status", "orders_total")) {
      robot.interact(() -> window.inspector().show(ElementRef.index(KS, CqlIdentifier.of(index))));
      WaitForAsyncUtils.waitForFxEvents();
      @SuppressWarnings("unchecked")
      ComboBox<String> kind = robot.lookup("#index-kind").queryAs(ComboBox.class);
      robot.interact(() -> kind.getSelectionModel().select("SAI"));
      WaitForAsyncUtils.waitForFxEvents();
    }
    // SAI on an int serves ranges, and the two indexes now answer the SELECT together.
    robot.interact(
        () -> window.inspector().show(ElementRef.index(KS, CqlIdentifier.of("orders_total"))));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#index-serves").queryAs(Label.class).getText())
        .isEqualTo("Serves total =, <, <=, >, >= (not IN)");
    assertThat(robot.lookup("#index-group").queryAs(Label.class).getText())
        .isEqualTo(
            "Answers a query together with the table's other storage-attached indexes (on"
                + " status)");
    assertThat(robot.lookup("#index-use-1").queryAs(Label.class).getText())
        .startsWith("Statement 1  ✓ runs, with warnings");
    robot.interact(() -> window.document().undo());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(keyspace().indexes()).extracting(SecondaryIndex::isSai).containsExactly(true, false);
  }

  /**
   * On the mapped KillrVideo example, a script UPDATE that sets a Video's title in one table is
   * warned, in the table's inspector, of the copies it leaves; the fix there adds the write paths'
   * statements, and undo takes them out again.
   */
  @Test
  void aWriteLeavingCopiesIsWarnedAndFixedInTheInspector(FxRobot robot) throws Exception {
    Path example = dir.resolve("killrvideo.kstudio");
    Files.copy(Path.of("../examples/killrvideo.kstudio"), example);
    robot.interact(() -> window.open(example));
    WaitForAsyncUtils.waitForFxEvents();
    CqlIdentifier kv = CqlIdentifier.of("killr_video");
    robot.interact(
        () -> window.document().perform(org.keyspacestudio.model.edit.MappingEdits.mapAll(kv)));
    String update = "UPDATE killr_video.videos SET title = ? WHERE video_id = ?";
    robot.interact(
        () ->
            window
                .document()
                .perform(
                    org.keyspacestudio.model.edit.SchemaEdits.insertStatements(
                        0,
                        List.of(
                            new org.keyspacestudio.model.schema.OtherStatement(
                                "UPDATE", update, "kept verbatim")),
                        "Paste an UPDATE")));
    robot.interact(() -> window.showDiagram(DiagramKind.PHYSICAL));
    robot.interact(() -> window.select(ElementRef.table(kv, CqlIdentifier.of("videos"))));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.problems()).anyMatch(p -> p.rule().id().equals("WRITE-SCRIPT-COPIES"));
    assertThat(robot.lookup("#script-write-1").queryAs(Label.class).getText())
        .contains("with warnings");
    Button fix =
        robot
            .lookup(
                (javafx.scene.Node n) ->
                    n instanceof Button b
                        && b.getText() != null
                        && b.getText()
                            .startsWith("Fix: Add the 5 statements of Update Video.title"))
            .queryAs(Button.class);
    robot.interact(fix::fire);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().schema().otherStatements()).hasSize(6);
    assertThat(window.problems()).noneMatch(p -> p.rule().id().equals("WRITE-SCRIPT-COPIES"));
    assertThat(window.problems()).noneMatch(p -> p.rule().id().startsWith("DML-"));
    robot.interact(() -> window.document().undo());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().schema().otherStatements())
        .extracting(org.keyspacestudio.model.schema.OtherStatement::text)
        .containsExactly(update);
  }

  @Test
  void aSelectOnAMappedTableJoinsTheWorkflowFromTheTablesInspector(FxRobot robot) throws Exception {
    Path example = dir.resolve("killrvideo.kstudio");
    Files.copy(Path.of("../examples/killrvideo.kstudio"), example);
    robot.interact(() -> window.open(example));
    WaitForAsyncUtils.waitForFxEvents();
    CqlIdentifier kv = CqlIdentifier.of("killr_video");
    robot.interact(
        () -> window.document().perform(org.keyspacestudio.model.edit.MappingEdits.mapAll(kv)));
    var mapped = window.document().project().mapping().tablesOf("Q1").get(0);
    var q1 = window.document().project().workflow().query("Q1").orElseThrow();
    String column =
        mapped.sources().entrySet().stream()
            .filter(e -> e.getValue().equals(q1.given().get(0).attribute()))
            .findFirst()
            .orElseThrow()
            .getKey();
    String select =
        "SELECT * FROM killr_video."
            + mapped.table().object().asCql()
            + " WHERE "
            + column
            + " = ?";
    robot.interact(
        () ->
            window
                .document()
                .perform(
                    new org.keyspacestudio.model.edit.Document.Edit(
                        "Paste a SELECT",
                        p ->
                            p.withSchema(
                                new org.keyspacestudio.model.schema.Schema(
                                    p.schema().keyspaces(),
                                    List.of(
                                        new org.keyspacestudio.model.schema.OtherStatement(
                                            "SELECT", select, "")),
                                    p.schema().comments())))));
    String id = window.document().project().workflow().nextQueryId();
    robot.interact(() -> window.select(mapped.table()));
    WaitForAsyncUtils.waitForFxEvents();
    Button add = robot.lookup("#script-select-to-workflow-1").queryButton();
    assertThat(add.getText()).startsWith("Add this SELECT to the workflow as " + id);
    robot.interact(add::fire);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().workflow().query(id)).isPresent();
    assertThat(window.document().project().mapping().tablesOf(id))
        .extracting(m -> m.table())
        .containsExactly(mapped.table());
    assertThat(window.document().undoDescription()).startsWith("Add this SELECT to the workflow");
  }

  @Test
  void anOptionSetFromTheMenuListsItsValuesAndCtrlSpaceListsThemAgain(FxRobot robot)
      throws Exception {
    open(robot);
    robot.interact(() -> window.select(ElementRef.table(KS, CqlIdentifier.of("videos"))));
    robot.clickOn("#option-add").clickOn("speculative_retry    default '99p'");
    WaitForAsyncUtils.waitForFxEvents();
    // The value field has the keyboard and lists the values, Cassandra's default first.
    TextField field = robot.lookup("#option-speculative_retry").queryAs(TextField.class);
    assertThat(field.isFocused()).isTrue();
    assertThat(Completion.listed(field))
        .containsExactly(
            "'99p'", "'95p'", "'50ms'", "'MIN(99p,50ms)'", "'MAX(99p,50ms)'", "'ALWAYS'", "'NONE'");
    robot.type(KeyCode.DOWN, KeyCode.DOWN, KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(field.getText()).isEqualTo("'50ms'");
    robot.type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(keyspace().tables().get(0).options().values())
        .containsEntry("speculative_retry", new OptionValue.Text("50ms"));
    // Typing filters them, by the value or by its words.
    field = robot.lookup("#option-speculative_retry").queryAs(TextField.class);
    TextField typed = field;
    robot.interact(
        () -> {
          typed.requestFocus();
          typed.selectAll();
        });
    robot.write("sooner");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(Completion.listed(typed)).containsExactly("'MIN(99p,50ms)'");
    robot.type(KeyCode.ESCAPE);
    // Ctrl+Space lists them all again, and types no space.
    robot.press(KeyCode.CONTROL, KeyCode.SPACE).release(KeyCode.SPACE, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(Completion.listed(typed)).hasSize(7);
    assertThat(typed.getText()).isEqualTo("sooner");
    robot.type(KeyCode.ESCAPE);
  }

  @Test
  void theTableAFixMakesIsSelectedAndJoinsTheNamedDiagramShown(FxRobot robot) throws Exception {
    Path file = dir.resolve("stats.cql");
    Files.writeString(
        file,
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE ks.videos (id int PRIMARY KEY, title text);\n"
            + "CREATE TABLE ks.stats (id int PRIMARY KEY, title text, views counter);\n");
    robot.interact(() -> window.open(file));
    ElementRef stats = ElementRef.table(KS, CqlIdentifier.of("stats"));
    robot.interact(
        () -> {
          window
              .document()
              .perform(org.keyspacestudio.model.edit.DiagramEdits.create("Stats", List.of(stats)));
          window.showNamed("Stats");
          window.select(stats);
        });
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("Fix: Move the counter views to a new table stats_counters keyed as stats");
    WaitForAsyncUtils.waitForFxEvents();
    ElementRef made = ElementRef.table(KS, CqlIdentifier.of("stats_counters"));
    assertThat(keyspace().table(made.object())).isPresent();
    // On the diagram shown, selected: the inspector shows what the fix made.
    assertThat(
            org.keyspacestudio.model.edit.DiagramEdits.named(window.document().project(), "Stats")
                .members())
        .containsExactly(stats, made);
    assertThat(window.canvas().selection()).containsExactly(made);

    assertThat(robot.lookup(".text-field").queryAllAs(TextField.class))
        .anyMatch(t -> "stats_counters".equals(t.getText()));
    // One undo step takes the table and its place on the diagram away.
    robot.interact(() -> window.document().undo());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(keyspace().table(made.object())).isEmpty();
    assertThat(
            org.keyspacestudio.model.edit.DiagramEdits.named(window.document().project(), "Stats")
                .members())
        .containsExactly(stats);
  }

  @Test
  void aKeyspaceNeverCreatedSaysSoUnderItsFormAndIsDefinedByItsFix(FxRobot robot) throws Exception {
    Path file = dir.resolve("orders.cql");
    Files.writeString(file, "CREATE TABLE shop.orders (id uuid PRIMARY KEY, total decimal);\n");
    robot.interact(() -> window.open(file));
    WaitForAsyncUtils.waitForFxEvents();
    // The form shows what a definition starts from; the warning and its fix say there is none.
    assertThat(
            robot.lookup(".inspector-problem").queryAllAs(javafx.scene.control.Label.class).stream()
                .map(javafx.scene.control.Label::getText))
        .containsExactly(
            "Warning: Keyspace 'shop' is used but not defined in this model (KEYSPACE-UNDEFINED)");
    robot.clickOn(
        "Fix: Define the keyspace shop (SimpleStrategy, replication_factor 1: a development node's;"
            + " set the replication for a cluster)");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(keyspaceNamed("shop").definition()).isNotNull();
    assertThat(robot.lookup(".inspector-problem").queryAll()).isEmpty();
  }

  @Test
  void aKeyspaceNeverCreatedIsShownAndDefinedAsThePreferenceDefinesNewKeyspaces(FxRobot robot)
      throws Exception {
    var nts =
        new org.keyspacestudio.model.schema.KeyspaceDefinition(
            new org.keyspacestudio.model.schema.Replication(
                "NetworkTopologyStrategy",
                new java.util.TreeMap<>(java.util.Map.of("dc1", "3", "dc2", "2"))),
            true);
    Settings s = window.settings();
    var before =
        new PreferencesDialog.Choice(
            s.theme(), s.grid(), s.snap(), s.exportScale(), s.darkExports(), s.newKeyspaces());
    try {
      robot.interact(
          () ->
              window.applyPreferences(
                  new PreferencesDialog.Choice(
                      s.theme(), s.grid(), s.snap(), s.exportScale(), s.darkExports(), nts)));
      Path file = dir.resolve("orders.cql");
      Files.writeString(file, "CREATE TABLE shop.orders (id uuid PRIMARY KEY, total decimal);\n");
      robot.interact(() -> window.open(file));
      WaitForAsyncUtils.waitForFxEvents();
      // The form shows what the fix defines, not SimpleStrategy's one replica.
      assertThat(robot.lookup("#keyspace-options-shop").queryAs(TextField.class).getText())
          .isEqualTo("dc1=3, dc2=2");
      robot.clickOn(
          "Fix: Define the keyspace shop as new keyspaces are (NetworkTopologyStrategy, dc1 3,"
              + " dc2 2)");
      WaitForAsyncUtils.waitForFxEvents();
      assertThat(keyspaceNamed("shop").definition()).isEqualTo(nts);
      assertThat(robot.lookup(".inspector-problem").queryAll()).isEmpty();
    } finally {
      robot.interact(() -> window.applyPreferences(before));
    }
  }

  private org.keyspacestudio.model.schema.Keyspace keyspaceNamed(String name) {
    return window.document().project().schema().keyspace(CqlIdentifier.of(name)).orElseThrow();
  }

  @Test
  void theTypeAFixDefinesJoinsTheNamedDiagramBesideItsTableAndIsSelected(FxRobot robot)
      throws Exception {
    Path file = dir.resolve("places.cql");
    Files.writeString(
        file,
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE ks.videos (id int PRIMARY KEY, title text);\n"
            + "CREATE TABLE ks.visits (id int PRIMARY KEY, seen list<moment>);\n");
    robot.interact(() -> window.open(file));
    ElementRef visits = ElementRef.table(KS, CqlIdentifier.of("visits"));
    robot.interact(
        () -> {
          window
              .document()
              .perform(
                  org.keyspacestudio.model.edit.DiagramEdits.create("Visits", List.of(visits)));
          window.showNamed("Visits");
          window.select(visits);
        });
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn(
        "Fix: Define the type moment in ks (a field value text to fill in) and make visits.seen"
            + " list<frozen<moment>>");
    WaitForAsyncUtils.waitForFxEvents();
    ElementRef moment = ElementRef.type(KS, CqlIdentifier.of("moment"));
    assertThat(keyspace().type(moment.object())).isPresent();
    assertThat(
            org.keyspacestudio.model.edit.DiagramEdits.named(window.document().project(), "Visits")
                .members())
        .containsExactly(visits, moment);
    // Selected, its fields to fill in shown; drawn beside the table it came from.
    assertThat(window.canvas().selection()).containsExactly(moment);
    var g = window.canvas().geometry();
    var table = g.box(visits).bounds();
    var type = g.box(moment).bounds();
    assertThat(type.intersects(table)).isFalse();
    assertThat(
            Math.hypot(
                type.getCenterX() - table.getCenterX(), type.getCenterY() - table.getCenterY()))
        .as("beside the table")
        .isLessThan(table.getWidth() + type.getWidth() + 80);
  }

  @Test
  void theTypeAFieldsFixDefinesIsPlacedBesideTheTypeItCameFrom(FxRobot robot) throws Exception {
    StringBuilder cql =
        new StringBuilder(
            "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};\n");
    // Enough tables that the automatic layout's free room is far from the type.
    for (int i = 0; i < 24; i++) {
      cql.append("CREATE TABLE ks.t").append(i).append(" (id int PRIMARY KEY, v text);\n");
    }
    cql.append("CREATE TYPE ks.address (street text, since moment);\n");
    Path file = dir.resolve("fields.cql");
    Files.writeString(file, cql.toString());
    robot.interact(() -> window.open(file));
    ElementRef address = ElementRef.type(KS, CqlIdentifier.of("address"));
    robot.interact(() -> window.select(address));
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn(
        "Fix: Define the type moment in ks (a field value text to fill in) and make the field"
            + " address.since frozen<moment>");
    WaitForAsyncUtils.waitForFxEvents();
    ElementRef moment = ElementRef.type(KS, CqlIdentifier.of("moment"));
    assertThat(keyspace().type(moment.object())).isPresent();
    assertThat(window.canvas().selection()).containsExactly(moment);
    var g = window.canvas().geometry();
    var from = g.box(address).bounds();
    var type = g.box(moment).bounds();
    assertThat(type.intersects(from)).isFalse();
    assertThat(
            Math.hypot(
                type.getCenterX() - from.getCenterX(), type.getCenterY() - from.getCenterY()))
        .as("beside the type whose field named it")
        .isLessThan(from.getWidth() + type.getWidth() + 80);
  }

  @Test
  void aTableRenamedOnANamedDiagramStaysOnceAndTheNameFieldKeepsTheKeyboard(FxRobot robot)
      throws Exception {
    open(robot);
    ElementRef videos = ElementRef.table(KS, CqlIdentifier.of("videos"));
    robot.interact(
        () -> {
          window
              .document()
              .perform(
                  org.keyspacestudio.model.edit.DiagramEdits.create("Videos", List.of(videos)));
          window.showNamed("Videos");
          window.select(videos);
        });
    WaitForAsyncUtils.waitForFxEvents();
    commit(robot, "table-name", "clips");
    ElementRef clips = ElementRef.table(KS, CqlIdentifier.of("clips"));
    assertThat(
            org.keyspacestudio.model.edit.DiagramEdits.named(window.document().project(), "Videos")
                .members())
        .containsExactly(clips);
    assertThat(window.canvas().isFocused()).isFalse();
  }

  @Test
  void theTableAFixMakesIsPlacedBesideTheTableItCameFrom(FxRobot robot) throws Exception {
    StringBuilder cql =
        new StringBuilder(
            "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};\n"
                + "CREATE TABLE ks.stats (id int PRIMARY KEY, title text, views counter);\n");
    for (int i = 0; i < 12; i++) {
      cql.append("CREATE TABLE ks.t").append(i).append(" (id int PRIMARY KEY, v text);\n");
    }
    Path file = dir.resolve("many.cql");
    Files.writeString(file, cql.toString());
    robot.interact(() -> window.open(file));
    ElementRef stats = ElementRef.table(KS, CqlIdentifier.of("stats"));
    robot.interact(() -> window.select(stats));
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("Fix: Move the counter views to a new table stats_counters keyed as stats");
    WaitForAsyncUtils.waitForFxEvents();
    ElementRef made = ElementRef.table(KS, CqlIdentifier.of("stats_counters"));
    assertThat(window.canvas().selection()).containsExactly(made);
    // As after Ctrl+T: the cursor in the new table's name, all of it selected, and the model
    // browser follows the selection.
    var owner = window.inspector().getScene().getFocusOwner();
    assertThat(owner).isInstanceOf(javafx.scene.control.TextField.class);
    var name = (javafx.scene.control.TextField) owner;
    assertThat(name.getText()).isEqualTo("stats_counters");
    assertThat(name.getSelectedText()).isEqualTo("stats_counters");
    assertThat(window.browser().selected()).containsExactly(made);
    robot.write("view_counts").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    made = ElementRef.table(KS, CqlIdentifier.of("view_counts"));
    assertThat(keyspace().table(made.object())).isPresent();
    assertThat(window.canvas().selection()).containsExactly(made);
    // Beside the table it came from (the automatic layout put it below all thirteen), on no box.
    var g = window.canvas().geometry();
    var from = g.box(stats).bounds();
    var to = g.box(made).bounds();
    assertThat(Math.hypot(to.getCenterX() - from.getCenterX(), to.getCenterY() - from.getCenterY()))
        .isLessThan(from.getWidth() + to.getWidth());
    for (var box : g.boxes()) {
      if (!box.box().element().equals(made)) {
        assertThat(to.intersects(box.bounds())).as("%s", box.box().element()).isFalse();
      }
    }
    // The rename is one step; the table's place is none of its own: the next undo takes the table
    // away.
    robot.interact(() -> window.document().undo());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(keyspace().table(CqlIdentifier.of("stats_counters"))).isPresent();
    robot.interact(() -> window.document().undo());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(keyspace().table(CqlIdentifier.of("stats_counters"))).isEmpty();
  }

  @Test
  void aViewsKeyColumnLeftOutOfItsSelectCanBeCheckedInItsInspector(FxRobot robot) throws Exception {
    openAndSelect(
        robot,
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE ks.users (id uuid PRIMARY KEY, email text, name text);\n"
            + "CREATE MATERIALIZED VIEW ks.users_by_email AS SELECT email, name FROM ks.users"
            + " WHERE email IS NOT NULL AND id IS NOT NULL PRIMARY KEY (email, id);\n",
        ElementRef.view(KS, CqlIdentifier.of("users_by_email")));
    assertThat(window.problems()).anyMatch(p -> p.message().startsWith("Unknown column 'id'"));
    javafx.scene.control.CheckBox id =
        robot.lookup("#view-column-id").queryAs(javafx.scene.control.CheckBox.class);
    javafx.scene.control.CheckBox email =
        robot.lookup("#view-column-email").queryAs(javafx.scene.control.CheckBox.class);
    // The key column selected stays so; the one left out (it was greyed out) can be checked.
    assertThat(email.isDisabled()).isTrue();
    assertThat(id.isSelected()).isFalse();
    assertThat(id.isDisabled()).isFalse();
    robot.clickOn(id);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(keyspace().view(CqlIdentifier.of("users_by_email")).orElseThrow().selected())
        .extracting(CqlIdentifier::asInternal)
        .containsExactly("id", "email", "name");
    assertThat(window.problems()).noneMatch(p -> p.message().startsWith("Unknown column 'id'"));
    assertThat(
            robot
                .lookup("#view-column-id")
                .queryAs(javafx.scene.control.CheckBox.class)
                .isDisabled())
        .isTrue();
  }

  @Test
  void aViewMadeATableByItsFixTakesTheViewsPlaceAndItsNameHasTheCursor(FxRobot robot)
      throws Exception {
    open(robot);
    ElementRef view = ElementRef.view(KS, CqlIdentifier.of("videos_by_title"));
    org.keyspacestudio.model.diagram.Point spot =
        new org.keyspacestudio.model.diagram.Point(620, 40);
    robot.interact(
        () ->
            window
                .document()
                .perform(
                    org.keyspacestudio.model.edit.Edits.moveBoxes(java.util.Map.of(view, spot))));
    robot.interact(() -> window.select(view));
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("Fix: Make the view videos_by_title a table the application writes with videos");
    WaitForAsyncUtils.waitForFxEvents();
    ElementRef made = ElementRef.table(KS, CqlIdentifier.of("videos_by_title"));
    assertThat(keyspace().views()).isEmpty();
    assertThat(keyspace().table(made.object())).isPresent();
    // In the view's place, not moved beside another box; selected, its name ready to be changed.
    assertThat(window.document().project().diagram().positions().get(made)).isEqualTo(spot);
    assertThat(window.canvas().selection()).containsExactly(made);
    var owner = window.inspector().getScene().getFocusOwner();
    assertThat(owner).isInstanceOf(TextField.class);
    assertThat(((TextField) owner).getText()).isEqualTo("videos_by_title");
    assertThat(window.cqlText())
        .contains("CREATE TABLE ks.videos_by_title (")
        .doesNotContain("MATERIALIZED VIEW");
    assertThat(window.problems())
        .noneMatch(p -> p.severity() == org.keyspacestudio.model.validate.Severity.ERROR);
    // One step: undo gives the view back.
    robot.interact(() -> window.document().undo());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(keyspace().views()).hasSize(1);
    assertThat(keyspace().table(made.object())).isEmpty();
  }

  @Test
  void aKeyspaceReplicationCassandraWouldRefuseIsKeptAndSaysWhy(FxRobot robot) throws Exception {
    open(robot);
    robot.interact(() -> window.canvas().selection().clear());
    WaitForAsyncUtils.waitForFxEvents();
    javafx.scene.control.Label problem =
        robot.lookup("#keyspace-problem-ks").queryAs(javafx.scene.control.Label.class);
    assertThat(problem.isVisible()).isFalse();

    commit(robot, "keyspace-rf-ks", "three");
    assertThat(keyspace().definition().replication().options())
        .containsEntry("replication_factor", "three");
    problem = robot.lookup("#keyspace-problem-ks").queryAs(javafx.scene.control.Label.class);
    assertThat(problem.isVisible()).isTrue();
    assertThat(problem.getText()).contains("three");

    commit(robot, "keyspace-rf-ks", "3");
    assertThat(keyspace().definition().replication().options())
        .containsEntry("replication_factor", "3");
    problem = robot.lookup("#keyspace-problem-ks").queryAs(javafx.scene.control.Label.class);
    assertThat(problem.isVisible()).isFalse();
  }

  @Test
  void editUndoWithTheFocusInTheFieldShowsTheValueUndoneAndLeavingDoesNotRedoIt(FxRobot robot)
      throws Exception {
    open(robot);
    ElementRef videos = ElementRef.table(KS, CqlIdentifier.of("videos"));
    robot.interact(() -> window.select(videos));
    robot.clickOn("#option-add").clickOn("gc_grace_seconds    default 864000");
    WaitForAsyncUtils.waitForFxEvents();
    commit(robot, "option-gc_grace_seconds", "3600");
    // Edit > Undo (the menu leaves the focus in the field).
    robot.interact(() -> window.document().undo());
    WaitForAsyncUtils.waitForFxEvents();
    TextField field = robot.lookup("#option-gc_grace_seconds").queryAs(TextField.class);
    assertThat(field.isFocused()).isTrue();
    assertThat(field.getText()).isEqualTo("864000");
    // Leaving the field commits nothing: the undo stays undone.
    robot.interact(() -> window.select(ElementRef.view(KS, CqlIdentifier.of("videos_by_title"))));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(keyspace().tables().get(0).options().values())
        .containsEntry("gc_grace_seconds", new OptionValue.Number("864000"));
    assertThat(window.document().redoDescription()).isNotNull();
  }

  @Test
  void aKeyspaceGetsDataCentersOneRowEach(FxRobot robot) throws Exception {
    open(robot);
    robot.interact(() -> window.canvas().selection().clear());
    WaitForAsyncUtils.waitForFxEvents();
    @SuppressWarnings("unchecked")
    ComboBox<String> strategy =
        robot.lookup(".keyspace-inspector .combo-box").queryAs(ComboBox.class);
    // SimpleStrategy's factor becomes the default data center's.
    robot.interact(
        () -> {
          strategy.setValue("NetworkTopologyStrategy");
          strategy.getOnAction().handle(new javafx.event.ActionEvent());
        });
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(keyspace().definition().replication().strategy())
        .isEqualTo("NetworkTopologyStrategy");
    assertThat(keyspace().definition().replication().options())
        .containsExactly(java.util.Map.entry("datacenter1", "1"));

    robot.interact(
        () ->
            robot.lookup("#keyspace-dc-add-ks").queryAs(javafx.scene.control.Button.class).fire());
    WaitForAsyncUtils.waitForFxEvents();
    commit(robot, "keyspace-dc-rf-ks-datacenter1", "3");
    commit(robot, "keyspace-dc-ks-dc2", "eu_west");
    commit(robot, "keyspace-dc-rf-ks-eu_west", "2");
    assertThat(keyspace().definition().replication().options())
        .containsExactly(
            java.util.Map.entry("datacenter1", "3"), java.util.Map.entry("eu_west", "2"));
    assertThat(window.cqlText())
        .contains("{'class': 'NetworkTopologyStrategy', 'datacenter1': '3', 'eu_west': '2'}");

    robot.interact(
        () ->
            robot
                .lookup("#keyspace-dc-remove-ks-datacenter1")
                .queryAs(javafx.scene.control.Button.class)
                .fire());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(keyspace().definition().replication().options()).containsOnlyKeys("eu_west");
    robot.interact(() -> window.document().undo());
    assertThat(keyspace().definition().replication().options())
        .containsOnlyKeys("datacenter1", "eu_west");
  }

  @Test
  void tabFromADataCentersNewNameGoesToItsReplicasAndWhatIsTypedThereIsKept(FxRobot robot)
      throws Exception {
    Path file = dir.resolve("dcs.cql");
    Files.writeString(
        file,
        "CREATE KEYSPACE ks WITH replication = {'class': 'NetworkTopologyStrategy',"
            + " 'dc1': 3, 'dc2': 2};\n"
            + "CREATE TABLE ks.t (k int PRIMARY KEY);\n");
    robot.interact(() -> window.open(file));
    robot.interact(() -> window.showDiagram(DiagramKind.PHYSICAL));
    robot.interact(() -> window.canvas().selection().clear());
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("#keyspace-dc-ks-dc1");
    robot.press(KeyCode.CONTROL).type(KeyCode.A).release(KeyCode.CONTROL);
    // The renamed row sorts after dc2: the focus follows it, not the row now first. It went to the
    // model browser, and the 5 typed was lost.
    robot.write("eu_east").type(KeyCode.TAB).write("5").type(KeyCode.TAB);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(keyspace().definition().replication().options())
        .containsExactly(java.util.Map.entry("dc2", "2"), java.util.Map.entry("eu_east", "5"));
    // The next Tab went on from the renamed row's replicas to its remove button.
    assertThat(window.stage().getScene().getFocusOwner().getId())
        .isEqualTo("keyspace-dc-remove-ks-eu_east");
  }

  @Test
  void aKeyspaceFormKeepsTheKeyboardWhereItWasGoingAfterEachEdit(FxRobot robot) throws Exception {
    open(robot);
    robot.interact(() -> window.canvas().selection().clear());
    WaitForAsyncUtils.waitForFxEvents();
    // The replicas typed, Tab to durable writes, Space: the form built again after the replicas'
    // edit had lost the focus (nothing selected shows the keyspaces, and that form was never
    // given it back), and the space went nowhere.
    robot.clickOn("#keyspace-rf-ks");
    robot.press(KeyCode.CONTROL).type(KeyCode.A).release(KeyCode.CONTROL);
    robot.write("3").type(KeyCode.TAB).type(KeyCode.SPACE);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(keyspace().definition().replication().options())
        .containsExactly(java.util.Map.entry("replication_factor", "3"));
    assertThat(keyspace().definition().durableWrites()).isFalse();

    // "+ Data center" leaves the new data center's name selected, to be typed over.
    robot.interact(
        () -> {
          @SuppressWarnings("unchecked")
          ComboBox<String> strategy =
              robot.lookup(".keyspace-inspector .combo-box").queryAs(ComboBox.class);
          strategy.setValue("NetworkTopologyStrategy");
          strategy.getOnAction().handle(new javafx.event.ActionEvent());
        });
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("#keyspace-dc-add-ks");
    robot.write("eu_west").type(KeyCode.TAB).write("2").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(keyspace().definition().replication().options())
        .containsExactly(
            java.util.Map.entry("datacenter1", "3"), java.util.Map.entry("eu_west", "2"));
  }

  @Test
  void tabFromAViewsClusteringGoesOnToItsFirstCheckBoxAfterTheEdit(FxRobot robot) throws Exception {
    open(robot);
    robot.interact(() -> window.select(ElementRef.view(KS, CqlIdentifier.of("videos_by_title"))));
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("#view-clustering");
    robot.press(KeyCode.CONTROL).type(KeyCode.A).release(KeyCode.CONTROL);
    // The check box has no key of its own but its id: the rebuild put the focus back in the
    // clustering field, its text selected, and the Space meant for the check box replaced it.
    robot.write("added DESC, id ASC").type(KeyCode.TAB).type(KeyCode.SPACE);
    WaitForAsyncUtils.waitForFxEvents();
    var view = keyspace().views().get(0);
    assertThat(view.primaryKey().clustering().stream().map(c -> c.name().asInternal()))
        .containsExactly("added", "id");
    // Space unticked the first IS NOT NULL (the partition key's, which Cassandra then refuses).
    assertThat(robot.lookup("#view-not-null-title").queryAs(javafx.scene.control.CheckBox.class))
        .matches(javafx.scene.control.CheckBox::isFocused, "focused")
        .matches(b -> !b.isSelected(), "unticked");
  }

  @Test
  void networkTopologysReplicationFactorReadsAsEveryDataCenterNotAsOneNamedSo(FxRobot robot)
      throws Exception {
    // The KillrVideo-data v4 corpus schema's keyspace, with one data center named as well.
    Path file = dir.resolve("nts.cql");
    Files.writeString(
        file,
        "CREATE KEYSPACE ks WITH replication = {'class': 'NetworkTopologyStrategy',"
            + " 'replication_factor': 3, 'eu_west': 2};\n"
            + "CREATE TABLE ks.t (k int PRIMARY KEY);\n");
    robot.interact(() -> window.open(file));
    robot.interact(() -> window.showDiagram(DiagramKind.PHYSICAL));
    robot.interact(() -> window.canvas().selection().clear());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#keyspace-dc-every-ks").queryLabeled().getText())
        .isEqualTo("Every data center");
    assertThat(robot.lookup("#keyspace-dc-ks-replication_factor").tryQuery()).isEmpty();
    assertThat(
            robot
                .lookup("#keyspace-dc-ks-eu_west")
                .queryAs(javafx.scene.control.TextField.class)
                .getText())
        .isEqualTo("eu_west");
    commit(robot, "keyspace-dc-rf-ks-replication_factor", "5");
    assertThat(keyspace().definition().replication().options())
        .containsExactly(
            java.util.Map.entry("eu_west", "2"), java.util.Map.entry("replication_factor", "5"));
  }

  @Test
  void aTypesFieldsAreAddedRetypedAndRenamedInItsInspector(FxRobot robot) throws Exception {
    Path file = dir.resolve("address.cql");
    Files.writeString(file, "CREATE TYPE ks.address (street text);\n");
    robot.interact(() -> window.open(file));
    robot.interact(() -> window.showDiagram(DiagramKind.PHYSICAL));
    ElementRef address = ElementRef.type(KS, CqlIdentifier.of("address"));
    robot.interact(() -> window.select(address));
    WaitForAsyncUtils.waitForFxEvents();

    robot.clickOn("#add-field");
    WaitForAsyncUtils.waitForFxEvents();
    var type = keyspace().type(CqlIdentifier.of("address")).orElseThrow();
    assertThat(type.fields())
        .extracting(f -> f.name().asInternal())
        .containsExactly("street", "field_2");

    javafx.scene.layout.GridPane fields =
        robot.lookup("#type-fields").queryAs(javafx.scene.layout.GridPane.class);
    TextField typeOfField2 =
        fields.getChildren().stream()
            .filter(n -> "field:field_2:type".equals(n.getUserData()))
            .map(TextField.class::cast)
            .findFirst()
            .orElseThrow();
    robot.interact(
        () -> {
          typeOfField2.requestFocus();
          typeOfField2.setText("int");
        });
    robot.type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(
            keyspace()
                .type(CqlIdentifier.of("address"))
                .orElseThrow()
                .fields()
                .get(1)
                .type()
                .asCql())
        .isEqualTo("int");

    robot.interact(() -> window.document().undo());
    robot.interact(() -> window.document().undo());
    assertThat(keyspace().type(CqlIdentifier.of("address")).orElseThrow().fields()).hasSize(1);
  }

  /** The conceptual diagram shown, with these entities in a row; the window's document. */
  private org.keyspacestudio.model.edit.Document conceptual(String... entities) {
    window.showDiagram(DiagramKind.CONCEPTUAL);
    var doc = window.document();
    for (int i = 0; i < entities.length; i++) {
      doc.perform(
          org.keyspacestudio.model.edit.ConceptualEdits.addEntity(
              entities[i], false, new org.keyspacestudio.model.diagram.Point(200 * i, 0)));
    }
    return doc;
  }

  @Test
  void anIsaHierarchyGetsItsChildrenAndKindInItsInspector(FxRobot robot) {
    robot.interact(
        () -> {
          var doc = conceptual("Vehicle", "Car");
          doc.perform(
              org.keyspacestudio.model.edit.ConceptualEdits.addHierarchy(
                  "Vehicle", new org.keyspacestudio.model.diagram.Point(0, 120)));
          String name = doc.project().conceptual().hierarchies().get(0).name();
          window.select(ElementRef.isa(name));
        });
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#isa-parent").queryAs(ComboBox.class).getValue()).isEqualTo("Vehicle");
    javafx.scene.control.CheckBox car =
        robot
            .lookup(".hierarchy-inspector .check-box")
            .queryAs(javafx.scene.control.CheckBox.class);
    assertThat(car.getText()).isEqualTo("Car");
    robot.interact(car::fire);
    WaitForAsyncUtils.waitForFxEvents();
    var isa = window.document().project().conceptual().hierarchies().get(0);
    assertThat(isa.children()).containsExactly("Car");

    boolean disjoint = isa.disjoint();
    javafx.scene.control.RadioButton other =
        robot
            .lookup(disjoint ? "#isa-overlapping" : "#isa-disjoint")
            .queryAs(javafx.scene.control.RadioButton.class);
    robot.interact(other::fire);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().conceptual().hierarchies().get(0).disjoint())
        .isEqualTo(!disjoint);
  }

  @Test
  void aMultiValuedAttributeSaysHowItIsStoredAndLeadsBackToItsOwner(FxRobot robot) {
    robot.interact(
        () -> {
          var doc = conceptual("Video");
          doc.perform(
              org.keyspacestudio.model.edit.ConceptualEdits.addAttribute(
                  "Video",
                  "tags",
                  org.keyspacestudio.model.conceptual.Attribute.Kind.MULTI_VALUED,
                  false,
                  new org.keyspacestudio.model.diagram.Point(0, 80)));
          String tags = doc.project().conceptual().entities().get(0).attributes().get(0).name();
          window.select(ElementRef.attribute("Video", tags));
        });
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup(".attribute-inspector .inspector-hint").queryLabeled().getText())
        .startsWith("Several values per Video: a set of");
    robot.interact(() -> robot.lookup("#attribute-owner").queryButton().fire());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.canvas().selection()).containsExactly(ElementRef.entity("Video"));
  }

  @Test
  void compactionAndCompressionAreEditedByClassAndSubOption(FxRobot robot) throws Exception {
    openAndSelect(
        robot,
        "CREATE TABLE ks.readings (sensor int, at timestamp, PRIMARY KEY (sensor, at)) WITH"
            + " compaction = {'class': 'TimeWindowCompactionStrategy', 'compaction_window_unit':"
            + " 'HOURS', 'compaction_window_size': '0', 'min_threshold': '2',"
            + " 'max_sstable_age_days': '30'} AND compression = {'class': 'LZ4Compressor',"
            + " 'chunk_length_in_kb': '64'};\n",
        ElementRef.table(KS, CqlIdentifier.of("readings")));
    // A sub-option TWCS does not understand is marked on its row.
    assertThat(
            robot.lookup(".sub-option").queryAllAs(javafx.scene.control.Label.class).stream()
                .filter(l -> l.getStyleClass().contains(atlantafx.base.theme.Styles.DANGER))
                .map(javafx.scene.control.Label::getText))
        .containsExactly("compaction_window_size", "max_sstable_age_days");

    // A unit is a choice of the node's own.
    reveal(robot, "#option-compaction-compaction_window_unit")
        .clickOn("#option-compaction-compaction_window_unit")
        .clickOn("MINUTES");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(compaction("compaction")).containsEntry("compaction_window_unit", "MINUTES");
    robot.interact(() -> window.document().undo());
    WaitForAsyncUtils.waitForFxEvents();

    // Another strategy keeps what it understands (min_threshold), drops the rest.
    reveal(robot, "#option-compaction-class")
        .clickOn("#option-compaction-class")
        .clickOn("LeveledCompactionStrategy");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(compaction("compaction"))
        .containsOnlyKeys("class", "min_threshold")
        .containsEntry("class", "LeveledCompactionStrategy");
    // A sub-option from the strategy's list starts at its default, and is edited.
    reveal(robot, "#option-compaction-add")
        .clickOn("#option-compaction-add")
        .clickOn("fanout_size    default 10");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(compaction("compaction")).containsEntry("fanout_size", "10");
    commit(robot, "option-compaction-fanout_size", "8");
    assertThat(compaction("compaction")).containsEntry("fanout_size", "8");
    assertThat(window.cqlText()).contains("'fanout_size': '8'");
    // Emptied, a sub-option goes back to its default.
    commit(robot, "option-compression-chunk_length_in_kb", "");
    assertThat(compaction("compression")).containsOnlyKeys("class");
    // Compression off is 'enabled': 'false' alone.
    reveal(robot, "#option-compression-class")
        .clickOn("#option-compression-class")
        .clickOn("off ('enabled': 'false')");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(compaction("compression")).containsExactly(java.util.Map.entry("enabled", "false"));

    // Caching has no class: its two sub-options, each from the menu with its default.
    robot
        .clickOn("#option-add")
        .clickOn("caching    default {'keys': 'ALL', 'rows_per_partition': 'NONE'}");
    WaitForAsyncUtils.waitForFxEvents();
    commit(robot, "option-caching-rows_per_partition", "100");
    assertThat(compaction("caching")).containsEntry("rows_per_partition", "100");
    robot.interact(() -> window.document().undo());
    robot.interact(() -> window.document().undo());

    // Each was one undo step.
    for (int i = 0; i < 5; i++) {
      robot.interact(() -> window.document().undo());
    }
    assertThat(compaction("compaction"))
        .containsEntry("class", "TimeWindowCompactionStrategy")
        .containsEntry("max_sstable_age_days", "30");
    assertThat(compaction("compression")).containsEntry("chunk_length_in_kb", "64");
  }

  /** Scrolls the inspector so that a node shows (a robot clicks where the node is on screen). */
  private FxRobot reveal(FxRobot robot, String query) {
    javafx.scene.Node node = robot.lookup(query).query();
    robot.interact(
        () -> {
          Inspector inspector = window.inspector();
          javafx.geometry.Bounds at =
              inspector.getContent().sceneToLocal(node.localToScene(node.getBoundsInLocal()));
          double room =
              inspector.getContent().getBoundsInLocal().getHeight()
                  - inspector.getViewportBounds().getHeight();
          inspector.setVvalue(room <= 0 ? 0 : Math.min(1, Math.max(0, (at.getMinY() - 40) / room)));
        });
    WaitForAsyncUtils.waitForFxEvents();
    return robot;
  }

  private java.util.Map<String, String> compaction(String option) {
    return ((OptionValue.MapValue) keyspace().tables().get(0).options().values().get(option))
        .entries();
  }
}
