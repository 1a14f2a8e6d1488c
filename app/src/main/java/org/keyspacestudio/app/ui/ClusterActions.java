package org.keyspacestudio.app.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceDialog;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SeparatorMenuItem;
import javafx.stage.Stage;
import org.keyspacestudio.app.Counts;
import org.keyspacestudio.app.cluster.ClusterPlans;
import org.keyspacestudio.app.cluster.ConnectionProfile;
import org.keyspacestudio.app.cluster.ConnectionProfiles;
import org.keyspacestudio.export.cluster.ClusterException;
import org.keyspacestudio.export.cluster.ClusterSession;
import org.keyspacestudio.export.cluster.ConnectionSettings;
import org.keyspacestudio.export.cluster.LocalNode;
import org.keyspacestudio.export.cluster.NodeException;
import org.keyspacestudio.export.cluster.PlanRunner;
import org.keyspacestudio.export.cluster.SchemaPuller;
import org.keyspacestudio.export.diagram.DiagramGeometry;
import org.keyspacestudio.export.diagram.DiagramStyle;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diff.Plan;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.Schema;

/**
 * The editor's Cluster menu: connect, start a local node, open a keyspace from the cluster, and
 * plan and apply the model. Everything that talks to the cluster runs off the JavaFX thread, with
 * progress in the status bar; nothing that drops anything runs without an explicit confirmation.
 */
final class ClusterActions {
  private final Stage stage;
  private final Supplier<Project> project;
  private final Consumer<Project> openPulled;
  private final Consumer<String> status;
  private final Label statusLabel = new Label("Not connected");
  private final ProgressBar progress = new ProgressBar();
  private final Button cancel = new Button("Cancel");
  private ClusterSession session;
  private LocalNode localNode;
  private ConnectionProfile lastProfile = ConnectionProfile.DEFAULT;

  ClusterActions(Stage stage, Supplier<Project> project, Consumer<Project> openPulled) {
    this.stage = stage;
    this.project = project;
    this.openPulled = openPulled;
    this.status = statusLabel::setText;
    statusLabel.setId("cluster-status");
    progress.setVisible(false);
    progress.setPrefWidth(160);
    cancel.setId("cancel-cluster");
    cancel.setVisible(false);
    cancel.managedProperty().bind(cancel.visibleProperty());
    stage.setOnHidden(e -> shutdown());
  }

  /** The connection state and the progress of cluster work, for the status bar. */
  javafx.scene.Node statusNode() {
    javafx.scene.layout.HBox box = new javafx.scene.layout.HBox(8, statusLabel, progress, cancel);
    box.setAlignment(javafx.geometry.Pos.CENTER_RIGHT);
    return box;
  }

  Menu menu() {
    Menu menu = new Menu("_Cluster");
    MenuItem disconnect = EditorWindow.menuItem("_Disconnect", null, this::disconnect);
    // Off while there is nothing to disconnect from.
    menu.setOnShowing(e -> disconnect.setDisable(session == null));
    menu.getItems()
        .addAll(
            EditorWindow.menuItem("_Connect…", "Shortcut+Shift+K", this::connectDialog),
            EditorWindow.menuItem("Start _Local Cassandra", null, this::startLocal),
            disconnect,
            new SeparatorMenuItem(),
            EditorWindow.menuItem("_Open from Cluster…", "Shortcut+Shift+O", this::openFromCluster),
            EditorWindow.menuItem(
                "_Plan and Apply to Cluster…", "Shortcut+Shift+A", this::planAndApply));
    return menu;
  }

  /** The open session, if connected (for tests). */
  Optional<ClusterSession> session() {
    return Optional.ofNullable(session);
  }

  // ---------------------------------------------------------------------------------------------
  // Background work

  /** Cluster work; it may look at {@code cancelled} between steps. */
  private interface Work<T> {
    T run(java.util.function.BooleanSupplier cancelled) throws Exception;
  }

  /**
   * Runs cluster work off the JavaFX thread with progress and Cancel in the status bar. A cancelled
   * job's result is handed to {@code discard} (a session to close, a node to stop) and its failure
   * is not reported; nothing else changes.
   */
  private <T> void background(String what, Work<T> work, Consumer<T> done, Consumer<T> discard) {
    run(what, work, done, discard, false);
  }

  private <T> void background(String what, Work<T> work, Consumer<T> done) {
    background(what, work, done, result -> {});
  }

  /**
   * @param finishWhenCancelled whether Cancel only asks the work to stop at its next step and its
   *     result still comes to {@code done} (applying a plan: the statement under way finishes)
   */
  private <T> void run(
      String what,
      Work<T> work,
      Consumer<T> done,
      Consumer<T> discard,
      boolean finishWhenCancelled) {
    java.util.concurrent.atomic.AtomicBoolean cancelled =
        new java.util.concurrent.atomic.AtomicBoolean();
    status.accept(what + "…");
    progress.setVisible(true);
    progress.setProgress(ProgressBar.INDETERMINATE_PROGRESS);
    cancel.setVisible(true);
    cancel.setDisable(false);
    cancel.setOnAction(
        e -> {
          cancelled.set(true);
          cancel.setDisable(true);
          if (finishWhenCancelled) {
            status.accept(what + ": stopping after the statement under way…");
          } else {
            progress.setVisible(false);
            cancel.setVisible(false);
            status.accept(what + ": cancelled");
          }
        });
    Thread thread =
        new Thread(
            () -> {
              try {
                T result = work.run(cancelled::get);
                Platform.runLater(
                    () -> {
                      if (cancelled.get() && !finishWhenCancelled) {
                        discard.accept(result);
                        return;
                      }
                      progress.setVisible(false);
                      cancel.setVisible(false);
                      done.accept(result);
                    });
              } catch (Exception e) {
                Platform.runLater(
                    () -> {
                      if (cancelled.get() && !finishWhenCancelled) {
                        return;
                      }
                      progress.setVisible(false);
                      cancel.setVisible(false);
                      status.accept(what + " failed");
                      failure(what + " failed", e);
                    });
              }
            },
            "cluster: " + what);
    thread.setDaemon(true);
    thread.start();
  }

  private void failure(String header, Exception e) {
    String title = header;
    if (e instanceof ClusterException ce) {
      title =
          switch (ce.kind()) {
            case UNREACHABLE -> "The cluster cannot be reached";
            case AUTHENTICATION -> "The user name or password was refused";
            case TLS -> "The TLS handshake failed";
            case TIMEOUT -> "The cluster did not answer in time";
            case REJECTED -> "The cluster rejected a statement";
            case CONNECTION_LOST -> "The connection was lost";
            case OTHER -> header;
          };
    } else if (e instanceof NodeException) {
      title = "The local Cassandra node did not start";
    }
    Alert alert = new Alert(Alert.AlertType.ERROR, e.getMessage(), ButtonType.OK);
    alert.initOwner(stage);
    alert.setHeaderText(title);
    alert.getDialogPane().setPrefWidth(620);
    alert.showAndWait();
  }

  // ---------------------------------------------------------------------------------------------
  // Connecting

  private void connectDialog() {
    new ConnectDialog(stage, lastProfile, savedProfiles())
        .ask()
        .ifPresent(
            chosen -> {
              lastProfile = chosen.profile();
              connect(chosen.settings(), () -> {});
            });
  }

  private static List<ConnectionProfile> savedProfiles() {
    try {
      return ConnectionProfiles.load().profiles();
    } catch (RuntimeException e) {
      return List.of();
    }
  }

  /** Connects in the background; runs {@code then} on the JavaFX thread once connected. */
  void connect(ConnectionSettings settings, Runnable then) {
    disconnect();
    background(
        "Connecting to " + settings.describe(),
        cancelled -> {
          ClusterSession opened = ClusterSession.connect(settings);
          return new Connected(opened, opened.releaseVersion());
        },
        connected -> {
          session = connected.session();
          status.accept(
              "Connected to " + settings.describe() + " (Cassandra " + connected.release() + ")");
          then.run();
        },
        connected -> closeLater(connected.session()));
  }

  /** An open session and the Cassandra release it talks to. */
  private record Connected(ClusterSession session, String release) {}

  private void disconnect() {
    if (session != null) {
      ClusterSession closing = session;
      session = null;
      new Thread(closing::close, "cluster: disconnect").start();
      status.accept("Disconnected");
    }
  }

  /** Without a connection: offers to connect or to start a local node, then goes on. */
  private void whenConnected(Runnable action) {
    if (session != null) {
      action.run();
      return;
    }
    ButtonType local = new ButtonType("Start Local Cassandra", ButtonBar.ButtonData.LEFT);
    ButtonType connect = new ButtonType("Connect…", ButtonBar.ButtonData.OK_DONE);
    Alert ask =
        new Alert(
            Alert.AlertType.CONFIRMATION,
            "Connect to a cluster, or start a local Cassandra node on this computer (a real"
                + " single node, data kept between runs).",
            local,
            connect,
            ButtonType.CANCEL);
    ask.initOwner(stage);
    ask.setHeaderText("No cluster is connected");
    Optional<ButtonType> answer = ask.showAndWait();
    if (answer.isPresent() && answer.get() == local) {
      startLocal(action);
    } else if (answer.isPresent() && answer.get() == connect) {
      connectDialog();
    }
  }

  private void startLocal() {
    startLocal(() -> {});
  }

  private void startLocal(Runnable then) {
    if (localNode != null && localNode.isAlive()) {
      connect(ConnectionSettings.of("127.0.0.1", localNode.nativePort()), then);
      return;
    }
    background(
        "Starting local Cassandra (about 10 s)",
        cancelled ->
            LocalNode.start(
                new LocalNode.Settings(
                    localNodeDirectory(),
                    Integer.getInteger("kstudio.devnode.port", ConnectionSettings.DEFAULT_PORT),
                    0,
                    LocalNode.defaultClasspathFile(),
                    null,
                    512,
                    false,
                    false,
                    null),
                line -> {}),
        node -> {
          localNode = node;
          connect(ConnectionSettings.of("127.0.0.1", node.nativePort()), then);
        },
        node -> new Thread(node::stop, "cluster: stop cancelled node").start());
  }

  /** The local node's directory: {@code -Dkstudio.devnode.dir}, else the user's data directory. */
  private static Path localNodeDirectory() {
    String named = System.getProperty("kstudio.devnode.dir");
    return named != null ? Path.of(named) : LocalNode.defaultDirectory();
  }

  private void shutdown() {
    if (session != null) {
      session.close();
      session = null;
    }
    if (localNode != null) {
      localNode.stop();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Open from cluster

  /** Asks for a keyspace of the connected cluster (connecting first if needed) and opens it. */
  void openFromCluster() {
    whenConnected(
        () -> {
          List<String> names = session.keyspaceNames();
          if (names.isEmpty()) {
            failure(
                "Nothing to open",
                new IllegalStateException("The cluster has no keyspaces besides the system ones."));
            return;
          }
          ChoiceDialog<String> choose = new ChoiceDialog<>(names.get(0), names);
          choose.initOwner(stage);
          choose.setHeaderText("Open which keyspace as a diagram?");
          choose.showAndWait().ifPresent(this::pull);
        });
  }

  private void pull(String keyspace) {
    ClusterSession from = session;
    background(
        "Reading keyspace " + keyspace,
        cancelled -> {
          Keyspace ks =
              SchemaPuller.pull(from, CqlIdentifier.fromCql(keyspace))
                  .orElseThrow(
                      () -> new IllegalStateException("keyspace " + keyspace + " is gone"));
          Schema schema = new Schema(List.of(ks), List.of());
          return new Project(
              schema,
              Diagram.empty()
                  .withPositions(
                      DiagramGeometry.of(schema, Diagram.empty(), DiagramStyle.DEFAULT)
                          .autoPlaced()));
        },
        pulled -> {
          openPulled.accept(pulled);
          status.accept(
              "Opened keyspace "
                  + keyspace
                  + " from the cluster: "
                  + Counts.of(pulled.schema().tableCount(), "table", "tables"));
        });
  }

  // ---------------------------------------------------------------------------------------------
  // Plan and apply

  private void planAndApply() {
    whenConnected(
        () -> {
          List<Keyspace> keyspaces;
          try {
            keyspaces = ClusterPlans.keyspaces(project.get().schema(), null, null);
          } catch (IllegalArgumentException e) {
            failure(
                "Nothing to apply",
                new IllegalArgumentException(
                    "The model has no keyspace with a name: tables written without one cannot be"
                        + " applied. Name the keyspace (CREATE KEYSPACE, or paste the tables"
                        + " into a named keyspace) and try again."));
            return;
          }
          ClusterSession on = session;
          background(
              "Comparing the model with the cluster",
              cancelled -> ClusterPlans.plan(on, keyspaces),
              plans -> showPlan(on, plans));
        });
  }

  private void showPlan(ClusterSession on, List<Plan> plans) {
    status.accept(
        "Connected to "
            + on.settings().describe()
            + " · plan: "
            + plans.stream().mapToInt(p -> p.changes().size()).sum()
            + " statement(s)");
    Dialog<ButtonType> dialog = new Dialog<>();
    dialog.initOwner(stage);
    dialog.setTitle("Apply to " + on.settings().describe());
    int statements = plans.stream().mapToInt(p -> p.changes().size()).sum();
    int drops = plans.stream().mapToInt(p -> p.drops().size()).sum();
    boolean blocked = plans.stream().anyMatch(p -> !p.blocked().isEmpty());
    dialog.setHeaderText(
        statements == 0 && !blocked
            ? "The cluster already matches the model."
            : statements
                + " statement(s) will run"
                + (drops > 0 ? ", " + drops + " of them DROP statements" : "")
                + (blocked ? ". Some changes cannot be made in place (see below)." : "."));
    PlanForm form = new PlanForm();
    form.planText.setText(ClusterPlans.describe(plans));
    CheckBox allowDrops = form.allowDrops;
    allowDrops.setText("Run the " + drops + " DROP statement(s): what they drop is lost");
    allowDrops.setVisible(drops > 0);
    ListView<String> log = form.log;
    ProgressBar bar = form.bar;
    Button stop = form.stop;
    stop.setOnAction(
        e -> {
          stop.setDisable(true);
          cancel.fire();
        });
    dialog.getDialogPane().setContent(form.root);
    dialog.getDialogPane().getStylesheets().add(Forms.stylesheet());
    ButtonType apply = new ButtonType("Apply", ButtonBar.ButtonData.OK_DONE);
    dialog.getDialogPane().getButtonTypes().addAll(apply, ButtonType.CLOSE);
    Button applyButton = (Button) dialog.getDialogPane().lookupButton(apply);
    applyButton.setDisable(statements == 0 || blocked || drops > 0);
    allowDrops.selectedProperty().addListener((o, a, b) -> applyButton.setDisable(!b || blocked));
    applyButton.addEventFilter(
        javafx.event.ActionEvent.ACTION,
        e -> {
          e.consume(); // keep the dialog open to show progress
          applyButton.setDisable(true);
          allowDrops.setDisable(true);
          stop.setVisible(true);
          run(on, plans, allowDrops.isSelected(), bar, log, dialog);
          // Hidden again once the run has ended (the status bar's Cancel goes with it).
          cancel
              .visibleProperty()
              .addListener(
                  new javafx.beans.value.ChangeListener<Boolean>() {
                    @Override
                    public void changed(
                        javafx.beans.value.ObservableValue<? extends Boolean> o,
                        Boolean was,
                        Boolean is) {
                      if (!is) {
                        stop.setVisible(false);
                        cancel.visibleProperty().removeListener(this);
                      }
                    }
                  });
        });
    dialog.show();
  }

  private void run(
      ClusterSession on,
      List<Plan> plans,
      boolean allowDrop,
      ProgressBar bar,
      ListView<String> log,
      Dialog<ButtonType> dialog) {
    int total = plans.stream().mapToInt(p -> p.changes().size()).sum();
    int[] done = {0};
    run(
        "Applying " + total + " statement(s)",
        cancelled -> {
          List<PlanRunner.Result> results = new ArrayList<>();
          for (Plan plan : plans) {
            if (plan.changes().isEmpty()) {
              continue;
            }
            PlanRunner.Result result =
                PlanRunner.run(
                    on,
                    plan,
                    allowDrop,
                    new PlanRunner.Listener() {
                      @Override
                      public void finished(int index, int count, PlanRunner.StepResult step) {
                        int finished = ++done[0];
                        String line =
                            String.format(
                                "%s  %s (%d ms)%s",
                                step.status() == PlanRunner.Status.FAILED ? "FAILED" : "ok",
                                step.change().summary(),
                                step.took().toMillis(),
                                step.error() == null ? "" : ": " + step.error().getMessage());
                        Platform.runLater(
                            () -> {
                              log.getItems().add(line);
                              log.scrollTo(log.getItems().size() - 1);
                              bar.setProgress((double) finished / total);
                            });
                      }

                      @Override
                      public boolean stopRequested() {
                        return cancelled.getAsBoolean();
                      }
                    });
            results.add(result);
            if (!result.complete()) {
              break;
            }
          }
          return results;
        },
        results -> {
          long ran = results.stream().mapToLong(PlanRunner.Result::ran).sum();
          boolean complete = results.stream().allMatch(PlanRunner.Result::complete);
          boolean failed = results.stream().anyMatch(r -> r.failure().isPresent());
          String summary =
              complete
                  ? "Done: " + ran + " statement(s) ran; the cluster matches the model."
                  : failed
                      ? "Stopped: "
                          + ran
                          + " statement(s) ran, then one failed; the rest did not run. Fix the"
                          + " cause and apply again: the next plan starts from what the cluster"
                          + " has now."
                      : "Stopped as you asked: "
                          + ran
                          + " statement(s) ran; the rest did not run. Apply again to go on: the"
                          + " next plan starts from what the cluster has now.";
          log.getItems().add(summary);
          log.scrollTo(log.getItems().size() - 1);
          dialog.setHeaderText(summary);
          status.accept(summary);
        },
        results -> {},
        true);
  }

  private static void closeLater(ClusterSession session) {
    new Thread(session::close, "cluster: close cancelled session").start();
  }
}
