package org.keyspacestudio.app.ui;

import java.util.List;
import java.util.Locale;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Help > Keyboard Shortcuts: every menu shortcut (menu, command, keys), filtered as typed, in a
 * window of its own. The form is {@code Shortcuts.fxml}, this class its controller.
 */
final class ShortcutsWindow {

  @FXML private TextField filter;
  @FXML private TableView<String[]> table;
  @FXML private TableColumn<String[], String> menu;
  @FXML private TableColumn<String[], String> command;
  @FXML private TableColumn<String[], String> keys;

  private final Stage stage = new Stage();

  /**
   * @param rows the shortcuts, each {menu, command, keys}
   */
  ShortcutsWindow(Window owner, String title, List<String[]> rows) {
    Parent form = Forms.load("Shortcuts.fxml", this);
    List<TableColumn<String[], String>> columns = List.of(menu, command, keys);
    for (int i = 0; i < columns.size(); i++) {
      int column = i;
      columns.get(i).setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()[column]));
    }
    table.getItems().setAll(rows);
    filter
        .textProperty()
        .addListener(
            (o, a, text) ->
                table
                    .getItems()
                    .setAll(
                        rows.stream()
                            .filter(
                                r ->
                                    String.join(" ", r)
                                        .toLowerCase(Locale.ROOT)
                                        .contains(text.toLowerCase(Locale.ROOT)))
                            .toList()));
    stage.initOwner(owner);
    stage.setTitle(title);
    Scene scene = new Scene(form, 600, 520);
    scene.getStylesheets().add(Forms.stylesheet());
    stage.setScene(scene);
  }

  void show() {
    stage.show();
  }
}
