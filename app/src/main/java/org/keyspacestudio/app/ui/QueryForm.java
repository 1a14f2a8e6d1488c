package org.keyspacestudio.app.ui;

import java.util.Map;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import org.keyspacestudio.model.workflow.Query;

/**
 * The inspector's form for a query ({@code QueryInspector.fxml}); {@link QueryFirstPanes} makes the
 * fields that commit parts of the query, fills the rest and turns changes into edits.
 */
final class QueryForm {

  @FXML Label title;
  @FXML TextArea description;
  @FXML ComboBox<Query.ResultSize> size;

  /** The form's root, to put in the inspector. */
  final Parent root;

  /** The form around the query's id, given, returns and order-by fields, made by the caller. */
  QueryForm(TextField id, TextField given, TextField returns, TextField order) {
    GridPane.setConstraints(id, 1, 0);
    GridPane.setConstraints(given, 1, 2);
    GridPane.setConstraints(returns, 1, 3);
    GridPane.setConstraints(order, 1, 4);
    root =
        Forms.load(
            "QueryInspector.fxml",
            this,
            Map.of("id", id, "given", given, "returns", returns, "order", order));
    Forms.tabLeaves(description);
  }
}
