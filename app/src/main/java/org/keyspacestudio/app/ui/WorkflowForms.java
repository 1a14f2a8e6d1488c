package org.keyspacestudio.app.ui;

import java.util.Map;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;

/**
 * The inspector's forms for the workflow's tasks ({@code TaskInspector.fxml}) and transitions
 * ({@code TransitionInspector.fxml}); {@link QueryFirstPanes} makes their committing fields, fills
 * them and turns their changes into edits.
 */
final class WorkflowForms {

  private WorkflowForms() {}

  /** A task's form: its name and query-list fields (made by the caller), and its next tasks. */
  static final class TaskForm {
    @FXML Button newQuery;
    @FXML VBox links;
    @FXML Label nextHeading;
    @FXML VBox next;

    /** The form's root, to put in the inspector. */
    final Parent root;

    TaskForm(TextField name, TextField queries) {
      root = Forms.load("TaskInspector.fxml", this, Map.of("name", name, "queries", queries));
    }
  }

  /** A transition's form: where it goes, its query-list field (made by the caller), links. */
  static final class TransitionForm {
    @FXML Label path;
    @FXML Button newQuery;
    @FXML VBox links;

    /** The form's root, to put in the inspector. */
    final Parent root;

    TransitionForm(TextField queries) {
      root = Forms.load("TransitionInspector.fxml", this, Map.of("queries", queries));
    }
  }
}
