package org.keyspacestudio.app.ui;

import java.util.Map;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * The inspector's form for a table ({@code TableInspector.fxml}); {@link Inspector} fills it (a row
 * of the column grid per column, from row 1) and turns its changes into edits.
 */
final class TableForm {

  @FXML Label keyspace;
  @FXML TextArea comment;

  /** What Cassandra would refuse or warn about in the table, with the fixes (filled in code). */
  @FXML javafx.scene.layout.VBox problems;

  @FXML GridPane columns;
  @FXML Button addColumn;

  /** The form's root, to put in the inspector. */
  final Parent root;

  /** The table's name field, made by the inspector (renames, F2). */
  final TextField name;

  /**
   * The table the form shows now and its comment as filled in: what leaving the comment commits
   * against (the inspector fills one form again for another table).
   */
  ElementRef table;

  String comment0;

  /**
   * @param name the table's name field, made by the inspector (renames, F2)
   */
  TableForm(TextField name) {
    this.name = name;
    root = Forms.load("TableInspector.fxml", this, Map.of("name", name));
  }

  /** Removes the column rows (row 1 on) from the grid, keeping its headers. */
  void clearColumns() {
    columns
        .getChildren()
        .removeIf(
            n -> {
              Integer row = javafx.scene.layout.GridPane.getRowIndex(n);
              return row != null && row > 0;
            });
  }
}
