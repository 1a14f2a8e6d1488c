package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.edit.SchemaEdits;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.Schema;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Crash recovery (headless): unsaved changes are copied to the recovery folder and the copy goes
 * when they are saved; a copy left by a process that is gone is offered at the next start, and
 * restored as an unsaved project or discarded.
 */
@ExtendWith(ApplicationExtension.class)
class RecoveryTest {

  /** No process has this id (Linux's largest is 4,194,304). */
  private static final String GONE = "recovery-999999999999";

  @TempDir Path dir;

  private EditorWindow window;

  @Start
  void start(Stage stage) {
    String before = System.getProperty("kstudio.recoveryDir");
    System.setProperty("kstudio.recoveryDir", dir.toString());
    try {
      window = new EditorWindow(stage, null);
    } finally {
      if (before == null) {
        System.clearProperty("kstudio.recoveryDir");
      } else {
        System.setProperty("kstudio.recoveryDir", before);
      }
    }
  }

  private static Project shop() {
    return new Project(
        CqlImporter.read(
                "CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy',"
                    + " 'replication_factor': 1};\n"
                    + "CREATE TABLE shop.users (id uuid PRIMARY KEY, name text);\n",
                "shop.cql")
            .schema());
  }

  /** Has the window offer what was left behind, as a start does, and waits for the question. */
  private void offer() throws java.util.concurrent.TimeoutException {
    Platform.runLater(window::offerRecovery);
    WaitForAsyncUtils.waitFor(
        10,
        TimeUnit.SECONDS,
        () -> window.recoveryAlert() != null && window.recoveryAlert().isShowing());
  }

  /** Presses a button of the recovery offer. */
  private void answer(FxRobot robot, String button) {
    var alert = window.recoveryAlert();
    var type =
        alert.getButtonTypes().stream()
            .filter(t -> t.getText().equals(button))
            .findFirst()
            .orElseThrow();
    robot.interact(
        () -> ((javafx.scene.control.Button) alert.getDialogPane().lookupButton(type)).fire());
  }

  @Test
  void unsavedChangesAreCopiedAndSavingRemovesTheCopy(FxRobot robot) throws Exception {
    Path copy = window.recovery().copy();
    assertThat(copy.getParent()).isEqualTo(dir);
    robot.interact(
        () ->
            window
                .document()
                .perform(
                    SchemaEdits.addTable(
                        CqlIdentifier.of("shop"),
                        "orders",
                        new org.keyspacestudio.model.diagram.Point(40, 40))));
    window.recovery().flush();
    assertThat(copy).exists();
    assertThat(ProjectFile.read(copy).schema()).isEqualTo(window.document().project().schema());

    Path saved = dir.resolve("shop.kstudio");
    robot.interact(() -> window.saveTo(saved));
    window.recovery().flush();
    assertThat(copy).doesNotExist();
    // A process still running (this one) leaves nothing to offer.
    assertThat(window.recovery().leftBehind()).isEmpty();
  }

  @Test
  void aCopyLeftByAProcessThatIsGoneIsRestoredAsAnUnsavedProject(FxRobot robot) throws Exception {
    Project left = shop();
    ProjectFile.write(left, dir.resolve(GONE + ".kstudio"));
    Path original = dir.resolve("shop.kstudio");
    Files.writeString(dir.resolve(GONE + ".origin"), original.toString());

    offer();
    assertThat(window.recoveryAlert().getHeaderText())
        .isEqualTo("Keyspace Studio closed without saving the changes to shop.kstudio.");
    answer(robot, "Restore");
    WaitForAsyncUtils.waitForFxEvents();

    assertThat(window.document().project().schema()).isEqualTo(left.schema());
    assertThat(window.document().isDirty()).isTrue();
    assertThat(window.document().file()).isEqualTo(original);
    assertThat(dir.resolve(GONE + ".kstudio")).doesNotExist();
    assertThat(dir.resolve(GONE + ".origin")).doesNotExist();
    // The restored changes are themselves kept until saved.
    window.recovery().flush();
    assertThat(window.recovery().copy()).exists();
    robot.interact(() -> window.document().undo());
    assertThat(window.document().project().schema()).isEqualTo(Schema.empty());
  }

  @Test
  void aCopyDiscardedIsRemovedAndLaterKeepsIt(FxRobot robot) throws Exception {
    ProjectFile.write(shop(), dir.resolve(GONE + ".kstudio"));

    offer();
    assertThat(window.recoveryAlert().getHeaderText())
        .isEqualTo("Keyspace Studio closed without saving the changes to an untitled project.");
    answer(robot, "Later");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(dir.resolve(GONE + ".kstudio")).exists();
    assertThat(window.document().project().schema()).isEqualTo(Schema.empty());

    offer();
    answer(robot, "Discard Them");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(dir.resolve(GONE + ".kstudio")).doesNotExist();
  }
}
