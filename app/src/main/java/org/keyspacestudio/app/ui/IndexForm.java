package org.keyspacestudio.app.ui;

import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import org.keyspacestudio.model.schema.IndexTarget;

/**
 * The inspector's form for a secondary index ({@code IndexInspector.fxml}); {@link ObjectPanes}
 * fills it from the index and turns its changes into edits.
 */
final class IndexForm {

  @FXML Label subject;
  @FXML ComboBox<String> column;
  @FXML ComboBox<IndexTarget.Kind> target;
  @FXML ComboBox<String> kind;
  @FXML TextField using;
  @FXML TextField options;

  /** The form's root, to put in the inspector. */
  final Parent root;

  IndexForm() {
    root = Forms.load("IndexInspector.fxml", this);
    Forms.tips(target);
  }
}
