package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.keyspacestudio.app.cluster.ConnectionProfile;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.DiagramKind;
import org.keyspacestudio.model.schema.ElementRef;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The dialogs whose forms are FXML (headless): each is built from its file by its controller, and
 * its checks hold the OK button until the input can be used.
 */
@ExtendWith(ApplicationExtension.class)
class DialogsTest {

  private EditorWindow window;
  @TempDir Path dir;

  @Start
  void start(Stage stage) {
    window = new EditorWindow(stage, null);
  }

  private static <T> T in(javafx.scene.control.Dialog<?> dialog, String id, Class<T> type) {
    return type.cast(dialog.getDialogPane().getContent().lookup("#" + id));
  }

  @Test
  void newDiagramProposesAFreeNameSaysWhatItHoldsAndRefusesATakenName(FxRobot robot)
      throws Exception {
    Path cql =
        Files.writeString(
            dir.resolve("shop.cql"),
            "CREATE TABLE shop.users (id uuid PRIMARY KEY, name text);\n"
                + "CREATE TABLE shop.orders (id uuid PRIMARY KEY, total decimal);\n");
    robot.interact(() -> window.open(cql));
    robot.interact(() -> window.showDiagram(DiagramKind.PHYSICAL));
    robot.interact(
        () -> {
          window.canvas().selection().clear();
          window
              .canvas()
              .selection()
              .addAll(
                  List.of(
                      ElementRef.table(CqlIdentifier.of("shop"), CqlIdentifier.of("users")),
                      ElementRef.table(CqlIdentifier.of("shop"), CqlIdentifier.of("orders"))));
          window.createNamed("Accounts");
          // The new diagram shows the two; selected again, a next diagram would hold them too.
          window
              .canvas()
              .selection()
              .addAll(
                  window.document().project().diagram().named("Accounts").orElseThrow().members());
        });
    robot.interact(
        () -> {
          NewDiagramDialog d = window.newNamedDiagramDialog();
          var dialog = d.dialog();
          TextField name = in(dialog, "new-diagram-name", TextField.class);
          Label problem = in(dialog, "new-diagram-problem", Label.class);
          var ok = dialog.getDialogPane().lookupButton(ButtonType.OK);
          assertThat(name.getText()).isEqualTo("Diagram");
          assertThat(ok.isDisabled()).isFalse();
          assertThat(in(dialog, "new-diagram-holds", Label.class).getText())
              .isEqualTo("It holds the 2 selected boxes.");

          name.setText("Accounts");
          assertThat(ok.isDisabled()).isTrue();
          assertThat(problem.getText()).isEqualTo("A diagram is already named 'Accounts'");
          assertThat(d.chosenName()).isEmpty();
          name.setText("   ");
          assertThat(ok.isDisabled()).isTrue();
          name.setText(" Orders ");
          assertThat(ok.isDisabled()).isFalse();
          assertThat(problem.getText()).isEmpty();
          assertThat(d.chosenName()).contains("Orders");
        });
  }

  @Test
  void newDiagramOpensWithTheCursorInTheNameAndWhatIsTypedReplacesIt(FxRobot robot)
      throws Exception {
    NewDiagramDialog[] d = new NewDiagramDialog[1];
    robot.interact(
        () -> {
          d[0] = window.newNamedDiagramDialog();
          d[0].dialog().show();
        });
    TextField name = in(d[0].dialog(), "new-diagram-name", TextField.class);
    WaitForAsyncUtils.waitFor(5, java.util.concurrent.TimeUnit.SECONDS, name::isFocused);
    // The dialog's window to the front, as a window manager does (a label takes no focus).
    robot.clickOn(in(d[0].dialog(), "new-diagram-holds", Label.class));
    // A space typed while OK had the focus pressed it: a diagram named "Diagram" came.
    robot.write("Video pages");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(d[0].dialog().isShowing()).isTrue();
    assertThat(name.getText()).isEqualTo("Video pages");
    assertThat(d[0].chosenName()).contains("Video pages");
    robot.interact(() -> d[0].dialog().close());
  }

  @Test
  void connectFillsTheFormFromTheProfileAndKeepsThePasswordOutOfIt(FxRobot robot) {
    robot.interact(
        () -> {
          ConnectDialog d = new ConnectDialog(window.stage(), ConnectionProfile.DEFAULT, List.of());
          var dialog = d.dialog();
          assertThat(in(dialog, "cluster-port", TextField.class).getText()).isEqualTo("9042");
          TextField trustStore = in(dialog, "cluster-trust-store", TextField.class);
          CheckBox tls = in(dialog, "cluster-tls", CheckBox.class);
          assertThat(trustStore.isDisabled()).as("no TLS: no trust store").isTrue();
          tls.setSelected(true);
          assertThat(trustStore.isDisabled()).isFalse();

          in(dialog, "cluster-hosts", TextField.class).setText("10.0.0.1, 10.0.0.2");
          in(dialog, "cluster-user", TextField.class).setText("app");
          in(dialog, "cluster-password", PasswordField.class).setText("s3cret");
          in(dialog, "cluster-save-as", TextField.class).setText("staging");
          var choice = d.choice();
          assertThat(choice.settings().contactPoints()).containsExactly("10.0.0.1", "10.0.0.2");
          assertThat(choice.settings().password()).isEqualTo("s3cret");
          assertThat(choice.settings().tls()).isNotNull();
          assertThat(choice.profile().name()).isEqualTo("staging");
          assertThat(choice.profile().toString()).doesNotContain("s3cret");
        });
  }
}
