package org.keyspacestudio.app.ui;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

/**
 * The editor window. In this version: the main window with its menu; the diagram canvas, the
 * inspector and the problems panel come with the editor issue.
 */
public final class EditorApp extends Application {

  /** The window title without a file name. */
  public static final String TITLE = "Keyspace Studio";

  /** Starts JavaFX and opens the editor; returns when the last window closes. */
  public static void launchEditor(String[] args) {
    Application.launch(EditorApp.class, args);
  }

  @Override
  public void start(Stage stage) {
    BorderPane root = new BorderPane();
    root.setTop(menuBar(stage));
    Label hint =
        new Label(
            "No model open. The diagram editor comes next; today the command line imports,"
                + " validates and exports:\n./kstudio --help");
    hint.setStyle("-fx-text-fill: #666; -fx-font-size: 14px;");
    root.setCenter(hint);
    stage.setTitle(TITLE);
    stage.setScene(new Scene(root, 1200, 800));
    stage.show();
  }

  private MenuBar menuBar(Stage stage) {
    Menu file = new Menu("_File");
    file.getItems()
        .addAll(
            pending("_New", "Shortcut+N"),
            pending("_Open…", "Shortcut+O"),
            pending("_Save", "Shortcut+S"),
            pending("Save _As…", "Shortcut+Shift+S"),
            new SeparatorMenuItem(),
            item("_Quit", "Shortcut+Q", Platform::exit));
    Menu edit = new Menu("_Edit");
    edit.getItems().addAll(pending("_Undo", "Shortcut+Z"), pending("_Redo", "Shortcut+Shift+Z"));
    Menu help = new Menu("_Help");
    help.getItems().add(item("_About Keyspace Studio", null, () -> about(stage)));
    MenuBar bar = new MenuBar(file, edit, help);
    bar.setUseSystemMenuBar(true);
    return bar;
  }

  private static MenuItem item(String text, String accelerator, Runnable action) {
    MenuItem item = new MenuItem(text);
    if (accelerator != null) {
      item.setAccelerator(KeyCombination.keyCombination(accelerator));
    }
    item.setOnAction(e -> action.run());
    return item;
  }

  /** A menu entry whose action arrives with the diagram editor: shown, but disabled. */
  private static MenuItem pending(String text, String accelerator) {
    MenuItem item = item(text, accelerator, () -> {});
    item.setDisable(true);
    return item;
  }

  private static void about(Stage owner) {
    Alert alert = new Alert(Alert.AlertType.INFORMATION);
    alert.initOwner(owner);
    alert.setHeaderText(TITLE);
    alert.setContentText(
        "A desktop editor for Apache Cassandra data models built on the Chebotko method.");
    alert.showAndWait();
  }
}
