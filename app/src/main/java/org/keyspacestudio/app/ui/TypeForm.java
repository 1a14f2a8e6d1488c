package org.keyspacestudio.app.ui;

import java.util.Map;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;

/**
 * The inspector's form for a user-defined type ({@code TypeInspector.fxml}); {@link Inspector}
 * fills it (a row of the field grid per field, from row 1) and turns its changes into edits.
 */
final class TypeForm {

  @FXML GridPane fields;
  @FXML Button addField;

  /** The form's root, to put in the inspector. */
  final Parent root;

  /**
   * @param name the type's name field, made by the inspector (renames, F2)
   */
  TypeForm(TextField name) {
    root = Forms.load("TypeInspector.fxml", this, Map.of("name", name));
  }
}
