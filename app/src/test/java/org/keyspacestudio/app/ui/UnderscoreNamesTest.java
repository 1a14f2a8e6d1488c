package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TreeCell;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.DiagramKind;
import org.keyspacestudio.model.edit.ConceptualEdits;
import org.keyspacestudio.model.edit.MappingEdits;
import org.keyspacestudio.model.edit.WorkflowEdits;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.ElementRef;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Names hold underscores (`user_id`, `killr_video`, a data center `dc_east`), and JavaFX reads the
 * first underscore of a button's, check box's or menu item's text as a mnemonic marker and does not
 * show it: a view's `IS NOT NULL` check box read "customerid", a recent file "myschema.cql". Every
 * form, context menu and menu the editor shows for a model named so is swept for a name shown
 * without its underscore.
 */
@ExtendWith(ApplicationExtension.class)
class UnderscoreNamesTest {

  private EditorWindow window;
  @TempDir Path dir;

  @Start
  void start(Stage stage) {
    window = new EditorWindow(stage, null);
    stage.show();
  }

  /** What a labelled control shows of {@code text}, read as JavaFX reads mnemonics. */
  static String shown(String text, boolean mnemonicParsing) {
    if (text == null || !mnemonicParsing) {
      return text;
    }
    StringBuilder b = new StringBuilder();
    boolean marked = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '_' && i + 1 < text.length()) {
        if (text.charAt(i + 1) == '_') {
          b.append('_');
          i++;
          continue;
        }
        if (!marked) {
          marked = true;
          continue;
        }
      }
      b.append(c);
    }
    return b.toString();
  }

  @Test
  void theReadingOfMnemonicsIsJavaFxs() {
    // As com.sun.javafx.scene.control.behavior.MnemonicInfo reads them (JavaFX 21).
    assertThat(shown("customer_id", true)).isEqualTo("customerid");
    assertThat(shown("_Undo Rename user_id", true)).isEqualTo("Undo Rename user_id");
    assertThat(shown("a_b_c", true)).isEqualTo("ab_c");
    assertThat(shown("Undo a__b", true)).isEqualTo("Undo a_b");
    assertThat(shown("customer_id", false)).isEqualTo("customer_id");
  }

  private final Set<String> names = new LinkedHashSet<>();

  /** What was shown without an underscore (the control and its text), and where it was first. */
  private final java.util.Map<String, String> found = new java.util.LinkedHashMap<>();

  /** The names with underscores the project holds, and the file paths the menus list. */
  private void collectNames() {
    Matcher m =
        Pattern.compile("[A-Za-z0-9]+(?:_+[A-Za-z0-9]+)+")
            .matcher(ProjectFile.toJson(window.document().project()));
    while (m.find()) {
      names.add(m.group());
    }
  }

  private void check(String where, String what, String text, boolean mnemonicParsing) {
    if (text == null) {
      return;
    }
    String shown = shown(text, mnemonicParsing);
    for (String name : names) {
      if (text.contains(name) || text.contains(name.replace("_", "__"))) {
        if (!shown.contains(name)) {
          found.putIfAbsent(what + ": \"" + text + "\" shows \"" + shown + "\"", where);
        }
      }
    }
  }

  private void sweepItems(String where, List<MenuItem> items) {
    for (MenuItem item : items) {
      check(where, "menu item", item.getText(), item.isMnemonicParsing());
      if (item instanceof Menu menu) {
        sweepItems(where, menu.getItems());
      }
    }
  }

  private void sweepNode(String where, Node node) {
    if (node instanceof Labeled l) {
      check(
          where,
          l.getClass().getSimpleName() + (l.getId() == null ? "" : "#" + l.getId()),
          l.getText(),
          l.isMnemonicParsing());
    }
    if (node instanceof Parent p) {
      for (Node child : p.getChildrenUnmodifiable()) {
        sweepNode(where, child);
      }
    }
  }

  /** Every window shown (the editor, pop-ups, context menus) and the menu bar's menus. */
  private void sweep(String where) {
    WaitForAsyncUtils.waitForFxEvents();
    robotInteract(
        () -> {
          for (Window w : List.copyOf(Window.getWindows())) {
            if (w.isShowing() && w.getScene() != null) {
              sweepNode(where, w.getScene().getRoot());
            }
          }
          window.menuBar().getMenus().forEach(m -> sweepItems(where + " menu bar", List.of(m)));
        });
  }

  private FxRobot robot;

  private void robotInteract(Runnable r) {
    robot.interact(r);
  }

  /** Each diagram's boxes selected one at a time: the inspector's form and the context menu. */
  private void sweepDiagrams() {
    for (DiagramKind kind : DiagramKind.values()) {
      robot.interact(() -> window.showDiagram(kind));
      List<ElementRef> boxes = new ArrayList<>();
      robot.interact(
          () -> window.canvas().geometry().boxes().forEach(b -> boxes.add(b.box().element())));
      for (ElementRef box : boxes) {
        robot.interact(() -> window.select(box));
        sweep(kind + " " + box);
        robot.interact(() -> sweepItems(kind + " " + box + " context", window.canvasMenuItems()));
      }
      robot.interact(
          () -> {
            window.canvas().selection().clear();
            sweepItems(kind + " diagram context", window.canvasMenuItems());
          });
      sweep(kind + " nothing selected");
    }
  }

  @Test
  void namesKeepTheirUnderscoresInEveryFormMenuAndButton(FxRobot robot) throws Exception {
    this.robot = robot;
    Path example = dir.resolve("killr_video_model.kstudio");
    Files.copy(Path.of("../examples/killrvideo.kstudio"), example);
    robot.interact(() -> window.open(example));
    var ks = CqlIdentifier.of("killr_video");
    robot.interact(
        () -> {
          var d = window.document();
          d.perform(MappingEdits.mapAll(ks));
          d.perform(ConceptualEdits.rename(ElementRef.entity("User"), "App_User"));
          d.perform(WorkflowEdits.renameTask("Log in", "Log_in"));
          d.perform(
              ConceptualEdits.addEntity(
                  "Premium_User", false, new org.keyspacestudio.model.diagram.Point(40, 40)));
          d.perform(
              ConceptualEdits.addHierarchy(
                  "App_User", new org.keyspacestudio.model.diagram.Point(40, 120)));
          d.perform(
              ConceptualEdits.setHierarchy("App_User IsA", "App_User", List.of("Premium_User")));
        });
    collectNames();
    names.add(example.getFileName().toString());
    assertThat(names).contains("killr_video", "user_id", "App_User", "Log_in");
    sweepDiagrams();

    robot.interact(
        () -> {
          window.showDiagram(DiagramKind.PHYSICAL);
          window.canvas().selection().clear();
          window.canvas().selection().add(ElementRef.table(ks, CqlIdentifier.of("videos_by_user")));
          window.createNamed("video_pages");
        });
    names.add("video_pages");
    robot.interact(() -> window.showNamed("video_pages"));
    sweep("named diagram");
    // The model browser's context menu on a table, with a named diagram shown.
    TreeCell<?> cell =
        robot
            .lookup(".tree-cell")
            .match((TreeCell<?> c) -> "videos_by_user".equals(c.getText()))
            .query();
    robot.interact(
        () -> {
          window.browser().tree().getSelectionModel().clearSelection();
          cell.getContextMenu().show(cell, javafx.geometry.Side.BOTTOM, 0, 0);
        });
    assertThat(
            Window.getWindows().stream()
                .filter(w -> w instanceof javafx.scene.control.ContextMenu c && c.isShowing())
                .flatMap(w -> ((javafx.scene.control.ContextMenu) w).getItems().stream())
                .map(MenuItem::getText))
        .anyMatch(t -> t.startsWith("Add to Diagram"));
    sweep("model browser context menu");
    robot.interact(() -> cell.getContextMenu().hide());

    // The physical model's other elements: a keyspace's data centers, a type, a view, an index,
    // and problems whose fixes name columns and options.
    Path cql =
        Files.writeString(
            dir.resolve("shop_eu.cql"),
            "CREATE KEYSPACE shop_eu WITH replication = {'class': 'NetworkTopologyStrategy',"
                + " 'dc_east': '3', 'dc_west': '2'};\n"
                + "CREATE TYPE shop_eu.street_address (street_name text, post_code text);\n"
                + "CREATE TABLE shop_eu.orders_by_customer (customer_id uuid, placed_at timestamp,"
                + " order_total decimal, ship_to frozen<street_address>, PRIMARY KEY ((customer_id),"
                + " placed_at)) WITH CLUSTERING ORDER BY (placed_at DESC) AND gc_grace = 3600;\n"
                + "CREATE MATERIALIZED VIEW shop_eu.orders_by_total AS SELECT * FROM"
                + " shop_eu.orders_by_customer WHERE customer_id IS NOT NULL AND placed_at IS NOT"
                + " NULL AND order_total IS NOT NULL PRIMARY KEY ((order_total), customer_id,"
                + " placed_at);\n"
                + "CREATE MATERIALIZED VIEW shop_eu.orders_by_day AS SELECT customer_id,"
                + " placed_at, order_total FROM shop_eu.orders_by_customer WHERE customer_id IS NOT"
                + " NULL AND placed_at IS NOT NULL PRIMARY KEY ((placed_at), customer_id);\n"
                + "CREATE INDEX orders_placed_idx ON shop_eu.orders_by_customer (ship_to);\n"
                + "CREATE TABLE shop_eu.cart_items (cart_id uuid, item_id uuid, PRIMARY KEY"
                + " ((cart_id, item_no)));\n");
    robot.interact(
        () -> {
          window.saveTo(example);
          window.open(cql);
        });
    collectNames();
    names.add(cql.getFileName().toString());
    assertThat(names).contains("dc_east", "street_name", "orders_placed_idx", "item_no");
    sweepDiagrams();
    robot.interact(
        () -> {
          window.canvas().selection().clear();
          window.select(
              ElementRef.index(CqlIdentifier.of("shop_eu"), CqlIdentifier.of("orders_placed_idx")));
        });
    sweep("index");
    // A name with two underscores in the Edit menu's Undo item, whose own mnemonic is U.
    var cart = ElementRef.table(CqlIdentifier.of("shop_eu"), CqlIdentifier.of("cart_items"));
    robot.interact(
        () ->
            window
                .document()
                .perform(
                    org.keyspacestudio.model.edit.SchemaEdits.renameColumn(
                        cart, CqlIdentifier.of("item_id"), CqlIdentifier.of("legacy__item_id"))));
    names.add("legacy__item_id");
    sweep("after a rename");
    assertThat(
            window.menuBar().getMenus().stream()
                .flatMap(m -> m.getItems().stream())
                .filter(i -> i.getText() != null && i.getText().startsWith("_Undo"))
                .map(i -> shown(i.getText(), i.isMnemonicParsing())))
        .containsExactly("Undo Rename column item_id to legacy__item_id");

    assertThat(found).isEmpty();
  }
}
