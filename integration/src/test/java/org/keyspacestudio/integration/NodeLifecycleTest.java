package org.keyspacestudio.integration;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.keyspacestudio.export.cluster.ClusterException;
import org.keyspacestudio.export.cluster.ClusterSession;
import org.keyspacestudio.export.cluster.LocalNode;
import org.keyspacestudio.export.cluster.PlanRunner;
import org.keyspacestudio.model.diff.Change;
import org.keyspacestudio.model.diff.Plan;
import org.keyspacestudio.model.diff.SchemaDiff;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.Keyspace;

/** Nodes that go away: stopped during an apply, and orphaned by a killed parent. */
class NodeLifecycleTest {

  @Test
  void aNodeStoppedDuringAnApplyGivesAReportOfWhatRanAndLeavesTheProjectUntouched(@TempDir Path dir)
      throws Exception {
    StringBuilder cql =
        new StringBuilder(
            "CREATE KEYSPACE going WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};\n");
    for (int i = 0; i < 12; i++) {
      cql.append("CREATE TABLE going.t").append(i).append(" (id int PRIMARY KEY, v text);\n");
    }
    var schema = CqlImporter.read(cql.toString(), "going.cql").schema();
    Path project = dir.resolve("going.kstudio");
    ProjectFile.write(new Project(schema), project);
    byte[] before = Files.readAllBytes(project);
    FileTime modified = Files.getLastModifiedTime(project);

    Keyspace desired = ProjectFile.read(project).schema().keyspaces().get(0);
    Plan plan = SchemaDiff.plan(desired, null);
    try (LocalNode node = TestNode.start("stopped-during-apply", false);
        ClusterSession session =
            ClusterSession.connect(TestNode.settings(node).withCredentials(null, null))) {
      PlanRunner.Result result =
          PlanRunner.run(
              session,
              plan,
              false,
              new PlanRunner.Listener() {
                @Override
                public void finished(int index, int total, PlanRunner.StepResult step) {
                  if (index == 5) {
                    node.stop(); // SIGTERM: Cassandra drains and exits
                  }
                }
              });
      assertThat(result.complete()).isFalse();
      assertThat(result.ran()).isEqualTo(5);
      PlanRunner.StepResult failed = result.failure().orElseThrow();
      assertThat(result.steps().indexOf(failed)).isEqualTo(5);
      assertThat(failed.error().kind())
          .isIn(
              ClusterException.Kind.CONNECTION_LOST,
              ClusterException.Kind.TIMEOUT,
              ClusterException.Kind.UNREACHABLE);
      assertThat(result.steps().subList(6, plan.changes().size()))
          .allMatch(s -> s.status() == PlanRunner.Status.NOT_RUN);
      assertThat(result.steps().subList(0, 5))
          .extracting(s -> s.change())
          .extracting(Change::summary)
          .first()
          .isEqualTo("create keyspace going");
    }
    assertThat(Files.readAllBytes(project)).isEqualTo(before);
    assertThat(Files.getLastModifiedTime(project)).isEqualTo(modified);
  }

  /** Started by {@link #noNodeOutlivesAKilledParent}: starts a node, prints its pid, waits. */
  public static void main(String[] args) throws Exception {
    LocalNode node = TestNode.start("orphan", false);
    System.out.println("node-pid=" + node.pid());
    System.out.flush();
    Thread.sleep(TimeUnit.MINUTES.toMillis(5));
  }

  @Test
  void noNodeOutlivesAKilledParent() throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process parent =
        new ProcessBuilder(
                List.of(
                    java.toString(),
                    "-cp",
                    System.getProperty("java.class.path"),
                    "-Dkstudio.node.classpath=" + System.getProperty("kstudio.node.classpath"),
                    "-Dkstudio.node.dir=" + System.getProperty("kstudio.node.dir"),
                    NodeLifecycleTest.class.getName()))
            .redirectErrorStream(true)
            .start();
    long nodePid = -1;
    try (BufferedReader out =
        new BufferedReader(
            new InputStreamReader(parent.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.startsWith("node-pid=")) {
          nodePid = Long.parseLong(line.substring("node-pid=".length()));
          break;
        }
      }
    }
    assertThat(nodePid).as("the child started a node").isPositive();
    ProcessHandle node = ProcessHandle.of(nodePid).orElseThrow();
    parent.destroyForcibly(); // SIGKILL: no shutdown hook runs in the parent
    parent.waitFor(10, TimeUnit.SECONDS);
    boolean ended = node.onExit().completeOnTimeout(null, 60, TimeUnit.SECONDS).get() != null;
    if (!ended) {
      node.destroyForcibly();
    }
    assertThat(ended).as("the node stopped by itself after its parent was killed").isTrue();
  }
}
