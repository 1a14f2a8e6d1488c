package org.keyspacestudio.app.ui;

import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextArea;

/**
 * The form of Cluster > Plan and Apply ({@code PlanAndApply.fxml}): the plan's statements, the
 * consent to its DROP statements, progress with Stop, and the log of what ran. {@link
 * ClusterActions} fills it and runs the plan.
 */
final class PlanForm {

  @FXML TextArea planText;
  @FXML CheckBox allowDrops;
  @FXML ProgressBar bar;
  @FXML Button stop;
  @FXML ListView<String> log;

  /** The form's root, to put in a dialog. */
  final Parent root;

  PlanForm() {
    root = Forms.load("PlanAndApply.fxml", this);
  }
}
