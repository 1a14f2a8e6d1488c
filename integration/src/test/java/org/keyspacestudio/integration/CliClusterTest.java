package org.keyspacestudio.integration;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.keyspacestudio.app.cli.KstudioCommand;
import org.keyspacestudio.export.cluster.ClusterSession;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;

/**
 * {@code kstudio pull}, {@code plan} and {@code apply} against the real node, as a user runs them.
 */
class CliClusterTest {
  private static ClusterSession session;

  @BeforeAll
  static void connect() throws Exception {
    session = TestNode.connect();
    session.execute("DROP KEYSPACE IF EXISTS cli_ks");
  }

  @org.junit.jupiter.api.BeforeEach
  void fresh() throws Exception {
    session.execute("DROP KEYSPACE IF EXISTS cli_ks");
  }

  @AfterAll
  static void close() throws Exception {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS cli_ks");
      session.close();
    }
  }

  record Run(int exit, String out, String err) {}

  static Run kstudio(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(
        List.of(
            "--port",
            Integer.toString(TestNode.get().nativePort()),
            "--user",
            TestNode.USER,
            "--password-file",
            passwordFile().toString()));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit =
        KstudioCommand.run(
            new PrintWriter(out, true), new PrintWriter(err, true), all.toArray(String[]::new));
    return new Run(exit, out.toString(), err.toString());
  }

  static Path passwordFile() {
    try {
      Path file = Files.createTempFile("kstudio-password", ".txt");
      Files.writeString(file, TestNode.PASSWORD + "\n");
      file.toFile().deleteOnExit();
      return file;
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static final String MODEL =
      """
      CREATE KEYSPACE cli_ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
      CREATE TABLE cli_ks.users (id uuid PRIMARY KEY, name text, email text);
      CREATE TABLE cli_ks.events (user_id uuid, at timestamp, kind text, PRIMARY KEY (user_id, at));
      """;

  @Test
  void applyThenPlanIsEmptyThenPullGivesTheSameTables(@TempDir Path dir) throws Exception {
    Path model = Files.writeString(dir.resolve("model.cql"), MODEL);
    Run plan = kstudio("plan", model.toString());
    assertThat(plan.exit()).as(plan.err()).isZero();
    assertThat(plan.out())
        .contains("keyspace cli_ks: 3 statement(s)")
        .contains("CREATE TABLE cli_ks.users");

    Run apply = kstudio("apply", model.toString());
    assertThat(apply.exit()).as(apply.err()).isZero();
    assertThat(apply.out())
        .contains("[1/3] ok")
        .contains("[3/3] ok")
        .contains("done, 3 statement(s)");

    Run again = kstudio("plan", model.toString());
    assertThat(again.out()).contains("keyspace cli_ks: up to date, nothing to do");
    assertThat(kstudio("plan", model.toString(), "--fail-on-changes").exit())
        .as("no drift")
        .isZero();

    Path pulled = dir.resolve("pulled.kstudio");
    Run pull = kstudio("pull", "--keyspace", "cli_ks", "-o", pulled.toString());
    assertThat(pull.exit()).as(pull.err()).isZero();
    Project project = ProjectFile.read(pulled);
    assertThat(project.schema().keyspaces().get(0).tables())
        .extracting(t -> t.name().asInternal())
        .containsExactlyInAnyOrder("users", "events");
    assertThat(project.diagram().positions()).as("laid out").hasSize(2);

    // A table removed from the model: the DROP is refused without --allow-drop.
    Path smaller =
        Files.writeString(
            dir.resolve("smaller.cql"), MODEL.lines().limit(2).reduce("", (a, b) -> a + b + "\n"));
    Run drift = kstudio("plan", smaller.toString(), "--fail-on-changes", "--format", "json");
    assertThat(drift.exit()).as("drift").isEqualTo(3);
    var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(drift.out());
    assertThat(json.get(0).get("keyspace").asText()).isEqualTo("cli_ks");
    assertThat(json.get(0).get("statements").get(0).get("cql").asText())
        .isEqualTo("DROP TABLE cli_ks.events;");
    assertThat(json.get(0).get("statements").get(0).get("drop").asBoolean()).isTrue();
    Run refused = kstudio("apply", smaller.toString());
    assertThat(refused.exit()).isEqualTo(1);
    assertThat(refused.err()).contains("drops 1").contains("--allow-drop");
    assertThat(kstudio("plan", smaller.toString()).out())
        .contains("[DROP]")
        .contains("DROP TABLE cli_ks.events;");
    Run dropped = kstudio("apply", smaller.toString(), "--allow-drop");
    assertThat(dropped.exit()).as(dropped.err()).isZero();
    assertThat(kstudio("plan", smaller.toString()).out()).contains("up to date");
  }

  @Test
  void aStatementTheServerRejectsStopsTheApplyAndTheProjectFileIsUntouched(@TempDir Path dir)
      throws Exception {
    session.execute("DROP KEYSPACE IF EXISTS cli_ks");
    // Our validation cannot know which index classes the server has: this one it has not.
    String bad =
        MODEL
            + "CREATE CUSTOM INDEX users_name ON cli_ks.users (name) USING 'com.example.NoSuchIndex';\n"
            + "CREATE INDEX users_email ON cli_ks.users (email);\n";
    Path cql = Files.writeString(dir.resolve("bad.cql"), bad);
    Path project = dir.resolve("bad.kstudio");
    assertThat(
            KstudioCommand.run(
                new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter()),
                "import",
                cql.toString(),
                "-o",
                project.toString()))
        .isZero();
    byte[] before = Files.readAllBytes(project);
    FileTime modified = Files.getLastModifiedTime(project);

    Run apply = kstudio("apply", project.toString());
    assertThat(apply.exit()).isEqualTo(1);
    assertThat(apply.out()).contains("[3/5] ok").contains("[4/5] FAILED").contains("NoSuchIndex");
    assertThat(apply.err())
        .contains("stopped at statement 4 of 5")
        .contains("3 statement(s) ran, 1 failed, 1 not run");
    assertThat(Files.readAllBytes(project)).isEqualTo(before);
    assertThat(Files.getLastModifiedTime(project)).isEqualTo(modified);

    // Fixed, apply continues from what the cluster has: only the two indexes are left.
    Path fixed =
        Files.writeString(
            dir.resolve("fixed.cql"), bad.replace("'com.example.NoSuchIndex'", "'sai'"));
    Run again = kstudio("apply", fixed.toString());
    assertThat(again.exit()).as(again.err()).isZero();
    assertThat(again.out()).contains("2 statement(s)").contains("create index users_name");
  }
}
