package org.keyspacestudio.app.ui;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import javafx.fxml.FXML;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.stage.Window;
import org.keyspacestudio.app.cluster.ConnectionProfile;
import org.keyspacestudio.app.cluster.ConnectionProfiles;
import org.keyspacestudio.export.cluster.ConnectionSettings;

/**
 * Cluster > Connect: where the cluster is, who connects, TLS, and saved profiles. The form is
 * {@code Connect.fxml}, this class its controller; it is loaded the first time the dialog opens.
 * Passwords go into the connection settings only, never into a saved profile.
 */
final class ConnectDialog {

  /** What the user asked for: the profile as typed (saved when named) and the settings to use. */
  record Choice(ConnectionProfile profile, ConnectionSettings settings) {}

  @FXML private ComboBox<String> profiles;
  @FXML private TextField hosts;
  @FXML private TextField port;
  @FXML private TextField datacenter;
  @FXML private TextField user;
  @FXML private PasswordField password;
  @FXML private CheckBox tls;
  @FXML private TextField trustStore;
  @FXML private PasswordField trustPassword;
  @FXML private TextField keyStore;
  @FXML private PasswordField keyPassword;
  @FXML private TextField saveAs;

  private final Dialog<Choice> dialog = new Dialog<>();
  private final ButtonType connect = new ButtonType("Connect", ButtonBar.ButtonData.OK_DONE);

  /**
   * A dialog filled from {@code last} (what was used the last time), offering {@code saved}.
   *
   * @param owner the window it belongs to
   * @param last the profile to show first, not null
   * @param saved the saved profiles, by name
   */
  ConnectDialog(Window owner, ConnectionProfile last, List<ConnectionProfile> saved) {
    Forms.dress(dialog, owner, "Connect to a Cassandra cluster", Forms.load("Connect.fxml", this));
    dialog.setHeaderText("Where is the cluster? Passwords are never saved.");
    dialog.getDialogPane().getButtonTypes().addAll(connect, ButtonType.CANCEL);
    Forms.typeFirstIn(dialog, hosts);
    saved.forEach(p -> profiles.getItems().add(p.name()));
    profiles.setPromptText(saved.isEmpty() ? "no saved profiles" : "saved profiles");
    profiles.setOnAction(
        e ->
            saved.stream()
                .filter(p -> p.name().equals(profiles.getValue()))
                .findFirst()
                .ifPresent(this::fill));
    fill(last);
    dialog.setResultConverter(button -> button == connect ? choice() : null);
  }

  private void fill(ConnectionProfile p) {
    hosts.setText(String.join(",", p.hosts()));
    port.setText(Integer.toString(p.port()));
    datacenter.setText(p.datacenter() == null ? "" : p.datacenter());
    user.setText(p.user() == null ? "" : p.user());
    tls.setSelected(p.tls());
    trustStore.setText(p.trustStore() == null ? "" : p.trustStore());
    keyStore.setText(p.keyStore() == null ? "" : p.keyStore());
  }

  /** What the form holds now. */
  Choice choice() {
    ConnectionProfile profile =
        new ConnectionProfile(
            saveAs.getText().isBlank() ? "" : saveAs.getText().strip(),
            Arrays.stream(hosts.getText().split(","))
                .map(String::strip)
                .filter(h -> !h.isEmpty())
                .toList(),
            parsePort(port.getText()),
            blankToNull(datacenter.getText()),
            blankToNull(user.getText()),
            null,
            null,
            tls.isSelected(),
            blankToNull(trustStore.getText()),
            null,
            blankToNull(keyStore.getText()),
            null,
            true,
            5,
            30);
    ConnectionSettings settings =
        new ConnectionSettings(
            profile.hosts().isEmpty() ? List.of("127.0.0.1") : profile.hosts(),
            profile.port(),
            profile.datacenter(),
            profile.user(),
            password.getText().isEmpty() ? null : password.getText(),
            null,
            Duration.ofSeconds(5),
            Duration.ofSeconds(30));
    if (profile.tls()) {
      settings =
          settings.withTls(
              new ConnectionSettings.Tls(
                  profile.trustStore() == null ? null : Path.of(profile.trustStore()),
                  trustPassword.getText().isEmpty() ? null : trustPassword.getText(),
                  profile.keyStore() == null ? null : Path.of(profile.keyStore()),
                  keyPassword.getText().isEmpty() ? null : keyPassword.getText(),
                  true));
    }
    return new Choice(profile, settings);
  }

  /** The dialog (for tests). */
  Dialog<Choice> dialog() {
    return dialog;
  }

  /**
   * Shows the dialog and waits; a profile given a name is saved (without its passwords).
   *
   * @return what the user chose, or empty when they cancelled
   */
  Optional<Choice> ask() {
    Optional<Choice> chosen = dialog.showAndWait();
    chosen
        .map(Choice::profile)
        .filter(p -> !p.name().isEmpty())
        .ifPresent(ConnectionProfiles::save);
    return chosen;
  }

  private static String blankToNull(String text) {
    return text.isBlank() ? null : text.strip();
  }

  private static int parsePort(String text) {
    try {
      return Integer.parseInt(text.strip());
    } catch (NumberFormatException e) {
      return ConnectionSettings.DEFAULT_PORT;
    }
  }
}
