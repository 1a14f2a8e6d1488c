package org.keyspacestudio.app.ui;

import java.io.IOException;
import java.io.UncheckedIOException;
import javafx.fxml.FXML;
import javafx.fxml.FXMLLoader;
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
    FXMLLoader loader = new FXMLLoader(ViewForm.class.getResource("ViewInspector.fxml"));
    loader.setController(this);
    try {
      root = loader.load();
    } catch (IOException e) {
      throw new UncheckedIOException("ViewInspector.fxml cannot be read", e);
    }
  }
}
