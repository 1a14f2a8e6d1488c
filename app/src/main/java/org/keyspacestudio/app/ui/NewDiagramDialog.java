package org.keyspacestudio.app.ui;

import java.util.Optional;
import java.util.Set;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Window;

/**
 * View > New Diagram: the name of a new diagram (OK waits for one no other diagram has) and what it
 * will hold. The form is {@code NewDiagram.fxml}, this class its controller; it is loaded the first
 * time the dialog opens.
 */
final class NewDiagramDialog {

  @FXML private TextField name;
  @FXML private Label problem;
  @FXML private Label holds;

  private final Dialog<ButtonType> dialog = new Dialog<>();
  private final Set<String> taken;

  /**
   * A dialog proposing {@code suggested}.
   *
   * @param taken the names of the project's diagrams
   * @param selected how many tables, views and types are selected (the new diagram holds them)
   */
  NewDiagramDialog(Window owner, String suggested, Set<String> taken, int selected) {
    this.taken = Set.copyOf(taken);
    Forms.dress(dialog, owner, "New Diagram", Forms.load("NewDiagram.fxml", this));
    dialog.setHeaderText(null);
    dialog.getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
    holds.setText(
        selected == 0
            ? "It starts empty: drag tables into it from the model browser."
            : "It holds the " + selected + " selected " + (selected == 1 ? "box" : "boxes") + ".");
    Node ok = dialog.getDialogPane().lookupButton(ButtonType.OK);
    name.textProperty()
        .addListener(
            (o, a, text) -> {
              String why = problem(text);
              problem.setText(why == null ? "" : why);
              ok.setDisable(why != null);
            });
    name.setText(suggested);
    Forms.typeFirstIn(dialog, name);
  }

  /** Why {@code text} cannot name the diagram, or null when it can. */
  private String problem(String text) {
    String n = text.strip();
    if (n.isEmpty()) {
      return "Give the diagram a name";
    }
    if (taken.contains(n)) {
      return "A diagram is already named '" + n + "'";
    }
    return null;
  }

  /** The name typed, stripped, when it can be used. */
  Optional<String> chosenName() {
    return problem(name.getText()) == null ? Optional.of(name.getText().strip()) : Optional.empty();
  }

  /** The dialog (for tests). */
  Dialog<ButtonType> dialog() {
    return dialog;
  }

  /** Shows the dialog; the name when the user says OK. */
  Optional<String> ask() {
    return dialog.showAndWait().filter(b -> b == ButtonType.OK).flatMap(b -> chosenName());
  }
}
