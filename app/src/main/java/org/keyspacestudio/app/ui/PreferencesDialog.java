package org.keyspacestudio.app.ui;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Consumer;
import javafx.fxml.FXML;
import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.stage.Window;

/**
 * Edit > Preferences: the form is {@code Preferences.fxml}, this class its controller. It is loaded
 * the first time the dialog opens, never at start-up.
 */
final class PreferencesDialog {

  /** What the user chose: applied by the window, remembered by {@link Settings}. */
  record Choice(Settings.Theme theme, boolean grid, boolean snap, double exportScale) {}

  @FXML private ComboBox<Settings.Theme> theme;
  @FXML private CheckBox grid;
  @FXML private CheckBox snap;
  @FXML private Spinner<Double> scale;

  private final Dialog<ButtonType> dialog = new Dialog<>();

  private PreferencesDialog(Window owner) {
    FXMLLoader loader = new FXMLLoader(PreferencesDialog.class.getResource("Preferences.fxml"));
    loader.setController(this);
    Parent form;
    try {
      form = loader.load();
    } catch (IOException e) {
      throw new UncheckedIOException("Preferences.fxml cannot be read", e);
    }
    dialog.initOwner(owner);
    dialog.setTitle("Preferences");
    dialog.getDialogPane().setContent(form);
    dialog.getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
    dialog
        .getDialogPane()
        .getStylesheets()
        .add(PreferencesDialog.class.getResource("editor.css").toExternalForm());
    theme.getItems().setAll(Settings.Theme.values());
    scale.setValueFactory(new SpinnerValueFactory.DoubleSpinnerValueFactory(1.0, 4.0, 1.0, 0.5));
  }

  /** A dialog showing the current settings. */
  static PreferencesDialog of(Window owner, Settings settings) {
    PreferencesDialog d = new PreferencesDialog(owner);
    d.theme.setValue(settings.theme());
    d.grid.setSelected(settings.grid());
    d.snap.setSelected(settings.snap());
    d.scale.getValueFactory().setValue(settings.exportScale());
    return d;
  }

  /** What the form holds now. */
  Choice choice() {
    return new Choice(theme.getValue(), grid.isSelected(), snap.isSelected(), scale.getValue());
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
