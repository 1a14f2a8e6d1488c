package org.keyspacestudio.app.ui;

import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.ComboBox;
import javafx.scene.layout.GridPane;

/**
 * The inspector's form for the {@code WITH} options of a table or view ({@code
 * OptionsInspector.fxml}); {@link ObjectPanes} adds a row per option set and the options still to
 * set, and turns their changes into edits.
 */
final class OptionsForm {

  @FXML GridPane options;
  @FXML ComboBox<String> add;

  /** The form's root, to put in the inspector. */
  final Parent root;

  OptionsForm() {
    root = Forms.load("OptionsInspector.fxml", this);
  }
}
