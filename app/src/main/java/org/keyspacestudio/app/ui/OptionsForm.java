package org.keyspacestudio.app.ui;

import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.layout.GridPane;

/**
 * The inspector's form for the {@code WITH} options of a table or view ({@code
 * OptionsInspector.fxml}); {@link ObjectPanes} adds a row per option set and the options still to
 * set, and turns their changes into edits.
 */
final class OptionsForm {

  @FXML GridPane options;

  /**
   * The options still to set. A {@code ChoiceButton}, not a {@code ComboBox}: a combo box makes its
   * list view and pop-up window with the form, and the form is made again on every edit.
   */
  final ChoiceButton<String> add =
      new ChoiceButton<>(
          name -> name == null ? "Set another option…" : name, name -> this.entry.apply(name));

  /** An option's line in that menu: its name, and Cassandra's default for this table. */
  java.util.function.Function<String, String> entry = name -> name;

  /** The form's root, to put in the inspector. */
  final Parent root;

  OptionsForm() {
    root = Forms.load("OptionsInspector.fxml", this);
    add.setId("option-add");
    ((javafx.scene.layout.Pane) root).getChildren().add(add);
  }
}
