package org.keyspacestudio.app.ui;

import java.util.function.Consumer;
import javafx.fxml.FXML;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TextField;
import javafx.stage.Window;
import org.keyspacestudio.model.schema.KeyspaceDefinition;
import org.keyspacestudio.model.schema.Replication;

/**
 * Edit > Preferences: the form is {@code Preferences.fxml}, this class its controller. It is loaded
 * the first time the dialog opens, never at start-up.
 */
final class PreferencesDialog {

  /** What the user chose: applied by the window, remembered by {@link Settings}. */
  record Choice(
      Settings.Theme theme,
      boolean grid,
      boolean snap,
      double exportScale,
      boolean darkExports,
      KeyspaceDefinition newKeyspaces) {}

  @FXML private ComboBox<Settings.Theme> theme;
  @FXML private CheckBox grid;
  @FXML private CheckBox snap;
  @FXML private Spinner<Double> scale;
  @FXML private CheckBox darkExports;
  @FXML private ComboBox<String> strategy;
  @FXML private TextField replication;
  @FXML private Label replicationProblem;

  private final Dialog<ButtonType> dialog = new Dialog<>();

  private PreferencesDialog(Window owner) {
    Forms.dress(dialog, owner, "Preferences", Forms.load("Preferences.fxml", this));
    dialog.getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
    theme.getItems().setAll(Settings.Theme.values());
    scale.setValueFactory(new SpinnerValueFactory.DoubleSpinnerValueFactory(1.0, 4.0, 1.0, 0.5));
    strategy.getItems().setAll("SimpleStrategy", "NetworkTopologyStrategy");
    // OK waits for a replication Cassandra would accept; the reason shows under the field.
    javafx.scene.Node ok = dialog.getDialogPane().lookupButton(ButtonType.OK);
    Runnable check =
        () -> {
          String problem = problem();
          replicationProblem.setText(problem == null ? "" : problem);
          ok.setDisable(problem != null);
        };
    strategy.valueProperty().addListener((o, a, b) -> check.run());
    replication.textProperty().addListener((o, a, b) -> check.run());
  }

  /** Why the replication typed cannot be used, or null when it can. */
  private String problem() {
    String s = strategy.getValue();
    if (s == null || s.isBlank()) {
      return "Choose a replication strategy";
    }
    var options = ReplicationText.parse(replication.getText());
    if (options == null) {
      return "Write the options as name=value, separated by commas";
    }
    return ReplicationText.refusal(
        new KeyspaceDefinition(new Replication(s.strip(), options), true));
  }

  /** A dialog showing the current settings. */
  static PreferencesDialog of(Window owner, Settings settings) {
    PreferencesDialog d = new PreferencesDialog(owner);
    d.theme.setValue(settings.theme());
    d.grid.setSelected(settings.grid());
    d.snap.setSelected(settings.snap());
    d.scale.getValueFactory().setValue(settings.exportScale());
    d.darkExports.setSelected(settings.darkExports());
    KeyspaceDefinition ks = settings.newKeyspaces();
    d.strategy.setValue(ks.replication().strategy());
    d.replication.setText(ReplicationText.format(ks.replication().options()));
    return d;
  }

  /** What the form holds now. */
  Choice choice() {
    var options = ReplicationText.parse(replication.getText());
    KeyspaceDefinition ks =
        problem() == null
            ? new KeyspaceDefinition(new Replication(strategy.getValue().strip(), options), true)
            : ReplicationText.fallback();
    return new Choice(
        theme.getValue(),
        grid.isSelected(),
        snap.isSelected(),
        scale.getValue(),
        darkExports.isSelected(),
        ks);
  }

  /** The dialog (for tests). */
  Dialog<ButtonType> dialog() {
    return dialog;
  }

  /** Shows the dialog and passes what was chosen to {@code apply} when the user says OK. */
  void showAndApply(Consumer<Choice> apply) {
    dialog.showAndWait().filter(b -> b == ButtonType.OK).ifPresent(b -> apply.accept(choice()));
  }
}
