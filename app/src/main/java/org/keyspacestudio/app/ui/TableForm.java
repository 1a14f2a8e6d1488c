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

  /**
   * Move the column whose row has the cursor one place up or down (Alt+Up, Alt+Down); they take no
   * focus, so that the cursor stays in the row.
   */
  @FXML Button moveUp;

  @FXML Button moveDown;

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
    Forms.tabLeaves(comment);
  }

  /**
   * The internal name of the column whose row of the grid holds {@code node} (a field, the role
   * button or a node inside one), or null when it is in none.
   */
  String columnAt(javafx.scene.Node node) {
    for (javafx.scene.Node n = node; n != null; n = n.getParent()) {
      if (n.getParent() == columns) {
        Integer row = javafx.scene.layout.GridPane.getRowIndex(n);
        // Each node of a row is keyed "col:NAME:what" (the name may hold colons).
        return row != null
                && row > 0
                && n.getUserData() instanceof String key
                && key.startsWith("col:")
                && key.lastIndexOf(':') > 3
            ? key.substring(4, key.lastIndexOf(':'))
            : null;
      }
    }
    return null;
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
