package org.keyspacestudio.app.ui;

import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;

/**
 * The inspector's form for one keyspace ({@code KeyspaceInspector.fxml}); {@link Inspector} fills
 * it and turns its changes into edits.
 */
final class KeyspaceForm {

  @FXML Label title;
  @FXML ComboBox<String> strategy;
  @FXML Label optionsLabel;
  @FXML TextField options;

  /** A row per data center (or the replication factor), in place of the options field. */
  @FXML javafx.scene.layout.GridPane centers;

  @FXML Label problem;
  @FXML CheckBox durable;

  /** The form's root, to put in the inspector. */
  final Parent root;

  KeyspaceForm() {
    root = Forms.load("KeyspaceInspector.fxml", this);
  }

  /** Shows why Cassandra would refuse the replication, or nothing when {@code why} is null. */
  void refuse(String why) {
    problem.setText(why == null ? "" : why);
    problem.setVisible(why != null);
    problem.setManaged(why != null);
  }
}
