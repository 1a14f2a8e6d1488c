package org.keyspacestudio.app.ui;

import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;

/**
 * The inspector's form for a materialized view ({@code ViewInspector.fxml}); {@link ObjectPanes}
 * fills it from the view (a check box per column, per key column) and turns its changes into edits.
 */
final class ViewForm {

  @FXML Label subject;
  @FXML VBox body;
  @FXML CheckBox selectAll;
  @FXML FlowPane columns;
  @FXML TextField partition;
  @FXML TextField clustering;
  @FXML FlowPane notNull;
  @FXML Label otherRestrictions;

  /** The form's root, to put in the inspector. */
  final Parent root;

  ViewForm() {
    root = Forms.load("ViewInspector.fxml", this);
    Forms.tips(partition, clustering);
  }
}
