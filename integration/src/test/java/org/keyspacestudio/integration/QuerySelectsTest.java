package org.keyspacestudio.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.export.cluster.ClusterException;
import org.keyspacestudio.export.cluster.ClusterSession;
import org.keyspacestudio.export.cluster.PlanRunner;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diff.SchemaDiff;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.MappingEdits;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.support.QuerySupport;

/**
 * The KillrVideo example, mapped and applied to a real node: the node prepares the SELECT of every
 * query on its table, and refuses one we call unsupported.
 */
class QuerySelectsTest {

  private static ClusterSession session;

  @BeforeAll
  static void connect() throws Exception {
    session = TestNode.connect();
    session.execute("DROP KEYSPACE IF EXISTS killr_video");
  }

  @AfterAll
  static void close() throws Exception {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS killr_video");
      session.close();
    }
  }

  @Test
  void theNodePreparesEverySelectOfTheMappedExample() throws Exception {
    Document doc = new Document(ProjectFile.read(Path.of("../examples/killrvideo.kstudio")), null);
    doc.perform(MappingEdits.mapAll(CqlIdentifier.of("killr_video")));
    Project project = doc.project();
    Keyspace ks = project.schema().keyspace(CqlIdentifier.of("killr_video")).orElseThrow();
    PlanRunner.Result applied =
        PlanRunner.run(session, SchemaDiff.plan(ks, null), false, new PlanRunner.Listener() {});
    assertThat(applied.complete()).as("%s", applied.failure()).isTrue();

    List<QuerySupport.Answer> answers = QuerySupport.answers(project);
    assertThat(answers).hasSize(9);
    for (QuerySupport.Answer a : answers) {
      assertThat(a.supported()).as(a.select()).isTrue();
      session.prepare(a.select());
    }
    // The queries.cql companion (export-cql --queries): every statement in it prepares.
    int prepared = 0;
    for (String statement : QuerySupport.queriesCql(project).split(";")) {
      String cql =
          statement
              .lines()
              .filter(l -> !l.startsWith("--") && !l.isBlank())
              .reduce("", (x, y) -> x + y + " ")
              .strip();
      if (!cql.isEmpty()) {
        session.prepare(cql);
        prepared++;
      }
    }
    assertThat(prepared).isEqualTo(9);

    // Q4 (comments by user, newest first) on the table made for Q6 (comments on a video): we say
    // unsupported, and so does the node.
    var q4 = project.workflow().query("Q4").orElseThrow();
    var onWrongTable =
        QuerySupport.answer(project, q4, project.mapping().tablesOf("Q6").get(0).table())
            .orElseThrow();
    assertThat(onWrongTable.supported()).isFalse();
    assertThatThrownBy(() -> session.prepare(onWrongTable.select()))
        .isInstanceOf(ClusterException.class)
        .satisfies(
            e ->
                assertThat(((ClusterException) e).kind())
                    .isEqualTo(ClusterException.Kind.REJECTED));
  }
}
