package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.DiagramKind;
import org.keyspacestudio.model.edit.DiagramEdits;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.ElementRef;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Several diagrams over one model (headless): the model browser lists and filters the model; a
 * table dragged from it joins a second diagram; Delete there takes it off the diagram and the model
 * keeps it; undo brings it back; the diagram is saved with the project.
 */
@ExtendWith(ApplicationExtension.class)
class NamedDiagramsTest {

  private static final ElementRef USERS =
      ElementRef.table(CqlIdentifier.of("ks"), CqlIdentifier.of("users"));

  @TempDir Path dir;

  private EditorWindow window;

  @Start
  void start(Stage stage) {
    window = new EditorWindow(stage, null);
  }

  private int tables() {
    return window.document().project().schema().keyspaces().get(0).tables().size();
  }

  private TreeItem<ModelBrowser.Row> find(TreeItem<ModelBrowser.Row> item, String label) {
    if (item.getValue() != null && label.equals(item.getValue().label())) {
      return item;
    }
    for (TreeItem<ModelBrowser.Row> child : item.getChildren()) {
      TreeItem<ModelBrowser.Row> found = find(child, label);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /**
   * Opens a keyspace ks with tables users and products, and {@code more} statements between them;
   * returns the browser.
   */
  private ModelBrowser openShop(FxRobot robot, String more) throws Exception {
    Path file = dir.resolve("shop.cql");
    Files.writeString(
        file,
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE ks.users (id int PRIMARY KEY, name text);\n"
            + more
            + "CREATE TABLE ks.products (id int PRIMARY KEY, title text);\n");
    robot.interact(() -> window.open(file));
    WaitForAsyncUtils.waitForFxEvents();
    return window.browser();
  }

  private void perform(FxRobot robot, org.keyspacestudio.model.edit.Document.Edit edit) {
    robot.interact(() -> window.document().perform(edit));
  }

  @Test
  void anEmptyDiagramSaysHowToStartIt(FxRobot robot) throws Exception {
    robot.interact(() -> window.showDiagram(DiagramKind.CONCEPTUAL));
    assertThat(window.canvas().emptyHintShown()).startsWith("No entity yet. Insert > Entity");
    robot.interact(() -> window.showDiagram(DiagramKind.WORKFLOW));
    assertThat(window.canvas().emptyHintShown()).startsWith("No task yet. Insert > Task");
    robot.interact(() -> window.showDiagram(DiagramKind.PHYSICAL));
    assertThat(window.canvas().emptyHintShown()).startsWith("No table yet. Insert > New Table");

    WaitForAsyncUtils.waitFor(
        10, java.util.concurrent.TimeUnit.SECONDS, () -> window.browser() != null);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.browser().emptyText()).startsWith("The model is empty.");

    ModelBrowser browser = openShop(robot, "");
    assertThat(window.canvas().emptyHintShown()).isNull();
    assertThat(browser.emptyText()).isNull();
    robot.interact(() -> browser.filterField().setText("zzz"));
    assertThat(browser.emptyText()).isEqualTo("Nothing is named like \u201czzz\u201d.");
    robot.interact(() -> browser.filterField().setText(""));
    robot.interact(() -> window.showDiagram(DiagramKind.CONCEPTUAL));
    assertThat(window.canvas().emptyHintShown()).startsWith("No entity yet");
  }

  @Test
  void theDiagramChooserWaitsForAChebotkoDiagram(FxRobot robot) throws Exception {
    openShop(robot, "");
    javafx.scene.Node chooser = robot.lookup("#diagram-choice").query();
    javafx.scene.Node add = robot.lookup("#new-diagram").query();
    for (DiagramKind kind : DiagramKind.values()) {
      robot.interact(() -> window.showDiagram(kind));
      assertThat(chooser.isDisabled()).as("chooser on %s", kind).isEqualTo(!kind.chebotko());
      assertThat(add.isDisabled()).as("+ on %s", kind).isEqualTo(!kind.chebotko());
      assertThat(chooser.isVisible()).isTrue();
    }
  }

  @Test
  void theBrowserKeepsWhatTheUserCollapsedAndSelectedAcrossEdits(FxRobot robot) throws Exception {
    ModelBrowser browser = openShop(robot, "CREATE TYPE ks.address (street text);\n");
    TreeItem<ModelBrowser.Row> types = find(browser.tree().getRoot(), "Types (1)");
    TreeItem<ModelBrowser.Row> products = find(browser.tree().getRoot(), "products");
    robot.interact(
        () -> {
          types.setExpanded(false);
          browser.tree().getSelectionModel().clearSelection();
          browser.tree().getSelectionModel().select(products);
        });

    // An edit that changes nothing the browser lists: the same tree.
    perform(robot, org.keyspacestudio.model.edit.SchemaEdits.setComment(USERS, "who buys"));
    assertThat(find(browser.tree().getRoot(), "Types (1)")).isSameAs(types);

    // A table added: the tree is built again, Types still collapsed, products still selected.
    perform(
        robot,
        org.keyspacestudio.model.edit.SchemaEdits.addTable(
            CqlIdentifier.of("ks"), "orders", new org.keyspacestudio.model.diagram.Point(0, 0)));
    assertThat(find(browser.tree().getRoot(), "Tables (3)")).isNotNull();
    assertThat(find(browser.tree().getRoot(), "Types (1)").isExpanded()).isFalse();
    assertThat(find(browser.tree().getRoot(), "Tables (3)").isExpanded()).isTrue();
    assertThat(browser.selected())
        .containsExactly(ElementRef.table(CqlIdentifier.of("ks"), CqlIdentifier.of("products")));
  }

  @Test
  void theKeyboardGoesFromTheFilterToTheElementsItFinds(FxRobot robot) throws Exception {
    ModelBrowser browser = openShop(robot, "");
    ElementRef products = ElementRef.table(CqlIdentifier.of("ks"), CqlIdentifier.of("products"));
    robot.clickOn(browser.filterField()).write("prod");

    // Down: the first element found (not the keyspace listed above it), the tree has the keys.
    robot.type(KeyCode.DOWN);
    assertThat(browser.tree().isFocused()).isTrue();
    assertThat(browser.selected()).containsExactly(products);
    // Up from the top row goes back to the filter (products, Tables (1), ks, filter).
    robot.type(KeyCode.UP, 3);
    assertThat(browser.filterField().isFocused()).isTrue();

    // Enter opens it: selected in its diagram, which takes the keyboard.
    robot.type(KeyCode.ENTER);
    assertThat(window.canvas().selection()).containsExactly(products);
    assertThat(window.canvas().isFocused()).isTrue();

    // Escape clears the filter.
    robot.clickOn(browser.filterField());
    robot.type(KeyCode.ESCAPE);
    assertThat(browser.filterField().getText()).isEmpty();
    assertThat(find(browser.tree().getRoot(), "users")).isNotNull();
  }

  @Test
  void anIndexClickedInTheBrowserStaysItsRowAndDownGoesToTheNextIndex(FxRobot robot)
      throws Exception {
    ModelBrowser browser =
        openShop(
            robot,
            "CREATE TABLE ks.orders (id int PRIMARY KEY, total int, state text);\n"
                + "CREATE INDEX orders_total ON ks.orders (total);\n"
                + "CREATE INDEX orders_state ON ks.orders (state);\n");
    ElementRef total = ElementRef.index(CqlIdentifier.of("ks"), CqlIdentifier.of("orders_total"));
    robot.clickOn("orders_total on orders");
    WaitForAsyncUtils.waitForFxEvents();
    // Drawn as its table, which the diagram selects; the inspector shows the index. The row had
    // moved to the table (the tree followed the diagram before it had the focus), and Down went
    // to the table after it.
    assertThat(window.canvas().selection())
        .containsExactly(ElementRef.table(CqlIdentifier.of("ks"), CqlIdentifier.of("orders")));
    assertThat(window.inspector().shown()).isEqualTo(total);
    assertThat(browser.selected()).containsExactly(total);
    robot.type(KeyCode.DOWN);
    WaitForAsyncUtils.waitForFxEvents();
    ElementRef state = ElementRef.index(CqlIdentifier.of("ks"), CqlIdentifier.of("orders_state"));
    assertThat(browser.selected()).containsExactly(state);
    assertThat(window.inspector().shown()).isEqualTo(state);
  }

  @Test
  void aTableDraggedFromTheBrowserJoinsASecondDiagramAndLeavesItButNotTheModel(FxRobot robot)
      throws Exception {
    ModelBrowser browser =
        openShop(
            robot,
            "CREATE TABLE ks.orders_by_user (user_id int, at timestamp, total decimal,"
                + " PRIMARY KEY (user_id, at));\n");

    // The browser lists the model and filters it by name.
    assertThat(find(browser.tree().getRoot(), "orders_by_user")).isNotNull();
    robot.interact(() -> browser.filterField().setText("user"));
    assertThat(find(browser.tree().getRoot(), "users")).isNotNull();
    assertThat(find(browser.tree().getRoot(), "products")).isNull();
    robot.interact(() -> browser.filterField().setText(""));

    // A second, empty diagram.
    robot.interact(() -> window.showDiagram(DiagramKind.PHYSICAL));
    robot.interact(() -> window.canvas().selection().clear());
    robot.interact(() -> window.createNamed("Accounts"));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.namedDiagram()).isEqualTo("Accounts");
    assertThat(window.canvas().geometry().boxes()).isEmpty();

    // Drag users from the browser onto it.
    TreeItem<ModelBrowser.Row> users = find(browser.tree().getRoot(), "users");
    robot.interact(() -> browser.tree().getSelectionModel().select(users));
    TreeCell<?> cell =
        robot.lookup(".tree-cell").queryAllAs(TreeCell.class).stream()
            .filter(c -> c.getItem() != null && "users".equals(c.getText()))
            .findFirst()
            .orElseThrow();
    robot.drag(cell).dropTo(window.canvas());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(DiagramEdits.named(window.document().project(), "Accounts").members())
        .containsExactly(USERS);
    assertThat(window.canvas().geometry().boxes())
        .extracting(b -> b.box().element())
        .containsExactly(USERS);

    // Delete takes it off this diagram; the model keeps the table.
    robot.interact(
        () -> {
          window.canvas().selection().clear();
          window.canvas().selection().add(USERS);
          window.canvas().requestFocus();
        });
    robot.type(KeyCode.DELETE);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(DiagramEdits.named(window.document().project(), "Accounts").members()).isEmpty();
    assertThat(window.canvas().geometry().boxes()).isEmpty();
    assertThat(tables()).isEqualTo(3);

    // Undo puts it back; the diagram is saved with the project.
    robot.interact(() -> window.document().undo());
    assertThat(window.canvas().geometry().boxes()).hasSize(1);
    Path saved = dir.resolve("shop.kstudio");
    robot.interact(() -> window.saveTo(saved));
    assertThat(DiagramEdits.named(ProjectFile.read(saved), "Accounts").members())
        .containsExactly(USERS);

    // Back to all tables from the diagram chooser, then to Accounts again.
    assertThat(robot.lookup("#diagram-choice").queryButton().getText()).startsWith("Accounts");
    robot.clickOn("#diagram-choice").clickOn("All tables");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.namedDiagram()).isNull();
    assertThat(window.canvas().geometry().boxes()).hasSize(3);
    assertThat(robot.lookup("#diagram-choice").queryButton().getText()).startsWith("All tables");
    robot.clickOn("#diagram-choice").clickOn("Accounts");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.namedDiagram()).isEqualTo("Accounts");
    assertThat(window.canvas().geometry().boxes()).hasSize(1);
  }
}
