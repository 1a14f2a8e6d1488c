package org.keyspacestudio.integration;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.keyspacestudio.app.ui.EditorWindow;
import org.keyspacestudio.export.cluster.ClusterSession;
import org.keyspacestudio.export.cluster.SchemaPuller;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The editor's Cluster menu, driven as a user drives it (headless): connect through the dialog,
 * look at the plan, apply it with a progress list, and find the tables on the node.
 */
@ExtendWith(ApplicationExtension.class)
class EditorClusterTest {
  private EditorWindow window;
  private Stage stage;
  private Path dir;

  @Start
  void start(Stage stage) throws Exception {
    try (ClusterSession session = TestNode.connect()) {
      session.execute("DROP KEYSPACE IF EXISTS editor_ks");
    }
    dir = Files.createTempDirectory("kstudio-editor-cluster");
    Path cql =
        Files.writeString(
            dir.resolve("editor.cql"),
            "CREATE KEYSPACE editor_ks WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};\n"
                + "CREATE TABLE editor_ks.users (id uuid PRIMARY KEY, name text);\n"
                + "CREATE TABLE editor_ks.posts (user_id uuid, at timeuuid, body text,"
                + " PRIMARY KEY (user_id, at)) WITH CLUSTERING ORDER BY (at DESC);\n");
    this.stage = stage;
    window = new EditorWindow(stage, cql);
  }

  private static void replaceText(FxRobot robot, String query, String text) {
    robot.clickOn(query);
    robot.press(KeyCode.CONTROL, KeyCode.A).release(KeyCode.A, KeyCode.CONTROL);
    robot.write(text);
  }

  /** Whether Cluster > Disconnect can be chosen: opens the menu, looks, and closes it. */
  private static boolean disconnectIsOn(FxRobot robot) {
    robot.clickOn("Cluster");
    WaitForAsyncUtils.waitForFxEvents();
    // The item's label, then the row of the menu holding it.
    javafx.scene.Node item = robot.lookup("Disconnect").query();
    while (!item.getStyleClass().contains("menu-item")) {
      item = item.getParent();
    }
    // The menu marks a disabled item's row by its pseudo-class, not by disabling the row.
    boolean on =
        !item.isDisabled()
            && !item.getPseudoClassStates()
                .contains(javafx.css.PseudoClass.getPseudoClass("disabled"));
    robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
    WaitForAsyncUtils.waitForFxEvents();
    return on;
  }

  /** Cluster > Connect…, the shared node's port and credentials typed in, until connected. */
  private static void connectThroughTheDialog(FxRobot robot) throws Exception {
    robot.clickOn("Cluster").clickOn("Connect…");
    replaceText(robot, "#cluster-port", Integer.toString(TestNode.get().nativePort()));
    replaceText(robot, "#cluster-user", TestNode.USER);
    replaceText(robot, "#cluster-password", TestNode.PASSWORD);
    robot.clickOn("Connect");
    WaitForAsyncUtils.waitFor(
        30,
        TimeUnit.SECONDS,
        () -> robot.lookup("#cluster-status").queryLabeled().getText().startsWith("Connected"));
  }

  /** Cluster > Plan and Apply to Cluster…, until the plan is shown. */
  private static void openThePlan(FxRobot robot) throws Exception {
    robot.clickOn("Cluster").clickOn("Plan and Apply to Cluster…");
    WaitForAsyncUtils.waitFor(
        30, TimeUnit.SECONDS, () -> robot.lookup("#plan-text").tryQuery().isPresent());
    // The dialog grows to its plan in the next frames; a control is clicked once it is in view.
    WaitForAsyncUtils.waitForFxEvents();
  }

  /**
   * Waits up to 60 s for a line of the apply log starting with {@code prefix}. The log is read on
   * the JavaFX thread: the apply adds its lines there while this test waits, and a list read from
   * the test's thread meanwhile fails with a {@code ConcurrentModificationException} (seen once in
   * CI).
   */
  private static void awaitLogLine(ListView<?> log, String prefix) throws Exception {
    WaitForAsyncUtils.waitFor(
        60,
        TimeUnit.SECONDS,
        () ->
            WaitForAsyncUtils.asyncFx(
                    () -> log.getItems().stream().anyMatch(i -> i.toString().startsWith(prefix)))
                .get());
  }

  /** Waits until a control is on screen (inside its window), as a user would see it. */
  private static void awaitOnScreen(FxRobot robot, String query) throws Exception {
    WaitForAsyncUtils.waitFor(
        10,
        TimeUnit.SECONDS,
        () ->
            robot
                .lookup(query)
                .match(org.testfx.util.NodeQueryUtils.isVisible())
                .tryQuery()
                .isPresent());
  }

  @Test
  void connectPlanAndApplyFromTheEditor(FxRobot robot) throws Exception {
    connectThroughTheDialog(robot);
    assertThat(robot.lookup("#cluster-status").queryLabeled().getText()).contains("Cassandra 5.0");
    assertThat(disconnectIsOn(robot)).as("Cluster > Disconnect while connected").isTrue();

    openThePlan(robot);
    String plan = robot.lookup("#plan-text").queryAs(TextArea.class).getText();
    assertThat(plan)
        .contains("keyspace editor_ks: 3 statement(s)")
        .contains("CREATE TABLE editor_ks.posts");

    robot.clickOn("Apply");
    ListView<?> log = robot.lookup("#apply-log").queryAs(ListView.class);
    awaitLogLine(log, "Done: 3 statement(s)");
    assertThat(log.getItems()).hasSize(4);

    try (ClusterSession session = TestNode.connect()) {
      var pulled = SchemaPuller.pull(session, CqlIdentifier.of("editor_ks")).orElseThrow();
      assertThat(pulled.tables())
          .extracting(t -> t.name().asInternal())
          .containsExactlyInAnyOrder("users", "posts");
      session.execute("DROP KEYSPACE editor_ks");
    }
    assertThat(window.document().isDirty()).as("applying does not touch the model").isFalse();
    closePlanDialog(robot);
  }

  @Test
  void anApplyStoppedFromThePlanDialogEndsAfterTheStatementUnderWay(FxRobot robot)
      throws Exception {
    connectThroughTheDialog(robot);
    openThePlan(robot);
    robot.interact(
        () -> {
          robot.lookup("Apply").queryButton().fire();
          robot.lookup("#stop-apply").queryButton().fire();
        });
    ListView<?> log = robot.lookup("#apply-log").queryAs(ListView.class);
    awaitLogLine(log, "Stopped as you asked");
    int ran = log.getItems().size() - 1;
    assertThat(ran).as("statements run before the stop").isLessThan(3);
    assertThat(robot.lookup("#stop-apply").query().isVisible()).isFalse();
    try (ClusterSession session = TestNode.connect()) {
      var pulled = SchemaPuller.pull(session, CqlIdentifier.of("editor_ks"));
      // CREATE KEYSPACE comes first: the tables follow only when it ran.
      assertThat(pulled.map(k -> k.tables().size()).orElse(0)).isEqualTo(Math.max(0, ran - 1));
      session.execute("DROP KEYSPACE IF EXISTS editor_ks");
    }
    closePlanDialog(robot);
  }

  @Test
  void aCancelledConnectLeavesTheEditorDisconnected(FxRobot robot) throws Exception {
    robot.clickOn("Cluster").clickOn("Connect…");
    replaceText(robot, "#cluster-port", Integer.toString(TestNode.get().nativePort()));
    replaceText(robot, "#cluster-user", TestNode.USER);
    replaceText(robot, "#cluster-password", TestNode.PASSWORD);
    robot.clickOn("Connect");
    robot.interact(
        () -> {
          assertThat(robot.lookup("#cancel-cluster").query().isVisible()).isTrue();
          robot.lookup("#cancel-cluster").queryButton().fire();
        });
    // The connection under way finishes in the background and is closed, not kept.
    WaitForAsyncUtils.waitFor(
        30,
        TimeUnit.SECONDS,
        () ->
            Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().startsWith("cluster: Connecting")));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#cluster-status").queryLabeled().getText()).endsWith("cancelled");
    assertThat(robot.lookup("#cancel-cluster").query().isVisible()).isFalse();
    assertThat(disconnectIsOn(robot)).as("Cluster > Disconnect with nothing connected").isFalse();

    // Plan and Apply asks to connect again: the cancelled session was not kept.
    robot.clickOn("Cluster").clickOn("Plan and Apply to Cluster…");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(
            robot
                .lookup(".dialog-pane")
                .queryAs(javafx.scene.control.DialogPane.class)
                .getHeaderText())
        .isEqualTo("No cluster is connected");
    robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
    WaitForAsyncUtils.waitForFxEvents();
  }

  @Test
  void aDropRunsOnlyAfterItIsConfirmed(FxRobot robot) throws Exception {
    try (ClusterSession session = TestNode.connect()) {
      session.execute(
          "CREATE KEYSPACE editor_ks WITH replication = {'class': 'SimpleStrategy',"
              + " 'replication_factor': 1}");
      session.execute("CREATE TABLE editor_ks.users (id uuid PRIMARY KEY, name text)");
      session.execute(
          "CREATE TABLE editor_ks.posts (user_id uuid, at timeuuid, body text,"
              + " PRIMARY KEY (user_id, at)) WITH CLUSTERING ORDER BY (at DESC)");
      session.execute("CREATE TABLE editor_ks.legacy (id int PRIMARY KEY)");
    }
    connectThroughTheDialog(robot);
    openThePlan(robot);
    assertThat(robot.lookup("#plan-text").queryAs(TextArea.class).getText())
        .contains("[DROP]")
        .contains("DROP TABLE editor_ks.legacy;");
    javafx.scene.control.Button apply =
        robot
            .lookup(".dialog-pane .button")
            .match((javafx.scene.control.Button b) -> "Apply".equals(b.getText()))
            .queryButton();
    assertThat(apply.isDisabled()).as("a DROP needs the confirmation first").isTrue();
    awaitOnScreen(robot, "#allow-drops");
    robot.clickOn("#allow-drops");
    assertThat(apply.isDisabled()).isFalse();
    robot.clickOn(apply);
    ListView<?> log = robot.lookup("#apply-log").queryAs(ListView.class);
    awaitLogLine(log, "Done: 1 statement(s)");
    try (ClusterSession session = TestNode.connect()) {
      var pulled = SchemaPuller.pull(session, CqlIdentifier.of("editor_ks")).orElseThrow();
      assertThat(pulled.tables())
          .extracting(t -> t.name().asInternal())
          .containsExactlyInAnyOrder("users", "posts");
      session.execute("DROP KEYSPACE editor_ks");
    }
    closePlanDialog(robot);
  }

  /** Closes the plan dialog, so that the next test's dialog is the only one. */
  private static void closePlanDialog(FxRobot robot) {
    javafx.stage.Window dialog = robot.lookup("#plan-text").query().getScene().getWindow();
    robot.interact(dialog::hide);
  }

  @Test
  void withoutAConnectionTheEditorOffersToStartLocalCassandraAndThenPlans(FxRobot robot)
      throws Exception {
    System.setProperty("kstudio.devnode.port", "0");
    System.setProperty("kstudio.devnode.dir", dir.resolve("local-node").toString());
    try {
      robot.clickOn("Cluster").clickOn("Plan and Apply to Cluster…");
      assertThat(robot.lookup("No cluster is connected").tryQuery()).isPresent();
      robot.clickOn("Start Local Cassandra");
      WaitForAsyncUtils.waitFor(
          120, TimeUnit.SECONDS, () -> robot.lookup("#plan-text").tryQuery().isPresent());
      assertThat(robot.lookup("#cluster-status").queryLabeled().getText())
          .startsWith("Connected to 127.0.0.1:");
      assertThat(robot.lookup("#plan-text").queryAs(TextArea.class).getText())
          .contains("keyspace editor_ks: 3 statement(s)");
      closePlanDialog(robot);
      robot.interact(stage::hide); // stops the editor's local node
    } finally {
      System.clearProperty("kstudio.devnode.port");
      System.clearProperty("kstudio.devnode.dir");
    }
  }
}
