package org.keyspacestudio.app.ui;

import java.util.List;
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

  /** How the access pattern is written; what a field cannot read while it cannot. */
  @FXML Label hint;

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

  /**
   * Shows, in place of the form's hint and in the danger colour, what the first of these fields
   * cannot read while it cannot (a field marked invalid, its reason in its tip), so that the reason
   * is seen without pointing at the field; the hint again once every field reads.
   */
  void explainInvalid(List<TextField> fields) {
    String usage = hint.getText();
    Runnable update =
        () -> {
          String problem =
              fields.stream()
                  .filter(f -> Inspector.INVALID.equals(f.getStyle()))
                  .map(Tips::text)
                  .filter(java.util.Objects::nonNull)
                  .findFirst()
                  .orElse(null);
          hint.setText(problem == null ? usage : problem);
          hint.getStyleClass().remove(atlantafx.base.theme.Styles.DANGER);
          if (problem != null) {
            hint.getStyleClass().add(atlantafx.base.theme.Styles.DANGER);
          }
        };
    fields.forEach(f -> f.styleProperty().addListener((o, was, now) -> update.run()));
    fields.forEach(f -> f.textProperty().addListener((o, was, now) -> update.run()));
    update.run();
  }
}
