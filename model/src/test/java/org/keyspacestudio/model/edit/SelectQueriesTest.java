package org.keyspacestudio.model.edit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.mapping.MappedTable;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.OtherStatement;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.support.QuerySupport;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.workflow.Query;

/**
 * A SELECT pasted into a query-first project, on a table the mapping made, joins the workflow as a
 * query that table answers: the application's read documented and checked with the rest.
 */
class SelectQueriesTest {

  private static final CqlIdentifier KS = CqlIdentifier.of("killr_video");

  /** The KillrVideo example mapped, with one SELECT in its script. */
  private static Document withSelect(String where) throws Exception {
    Document doc = new Document(ProjectFile.read(Path.of("../examples/killrvideo.kstudio")), null);
    doc.perform(MappingEdits.mapAll(KS));
    MappedTable mapped = doc.project().mapping().tablesOf("Q1").get(0);
    Project p = doc.project();
    String select =
        "SELECT * FROM "
            + mapped.table().keyspace().asCql()
            + "."
            + mapped.table().object().asCql()
            + " WHERE "
            + where.formatted(column(mapped, 0));
    Project with =
        p.withSchema(
            new Schema(
                p.schema().keyspaces(),
                List.of(new OtherStatement("SELECT", select, "")),
                p.schema().comments()));
    return new Document(with, null);
  }

  /** The name of the table's column holding the n-th attribute Q1 is given. */
  private static String column(MappedTable mapped, int n) throws Exception {
    Document doc = new Document(ProjectFile.read(Path.of("../examples/killrvideo.kstudio")), null);
    AttributeRef given =
        doc.project().workflow().query("Q1").orElseThrow().given().get(n).attribute();
    for (Map.Entry<String, AttributeRef> e : mapped.sources().entrySet()) {
      if (e.getValue().equals(given)) {
        return e.getKey();
      }
    }
    throw new AssertionError(given + " has no column");
  }

  @Test
  void aSelectOnAMappedTableJoinsTheWorkflowAsAQueryItAnswers() throws Exception {
    Document doc = withSelect("%s = ?");
    Project before = doc.project();
    String id = before.workflow().nextQueryId();
    Fix add = SelectQueries.addToWorkflow(before, 1).orElseThrow();
    MappedTable mapped = before.mapping().tablesOf("Q1").get(0);
    assertThat(add.label())
        .isEqualTo(
            "Add this SELECT to the workflow as "
                + id
                + ", answered by "
                + mapped.table().keyspace().asCql()
                + "."
                + mapped.table().object().asCql());
    doc.perform(add.edit());
    Query q = doc.project().workflow().query(id).orElseThrow();
    Query q1 = before.workflow().query("Q1").orElseThrow();
    assertThat(q.given())
        .containsExactly(new Query.Condition(q1.given().get(0).attribute(), Operator.EQ));
    assertThat(q.description())
        .isEqualTo(
            "Find "
                + q1.given().get(0).attribute().owner()
                + " by "
                + q1.given().get(0).attribute().attribute()
                + " (the script's SELECT, statement 1)");
    assertThat(q.returns()).isNotEmpty();
    assertThat(doc.project().mapping().tablesOf(id))
        .extracting(MappedTable::table)
        .containsExactly(mapped.table());
    assertThat(doc.project().diagram().arrows()).anyMatch(a -> a.label().equals(id));
    // Offered once: the workflow now has it.
    assertThat(SelectQueries.addToWorkflow(doc.project(), 1)).isEmpty();
    // The query-first check now judges it on that table, as Cassandra would the SELECT.
    var answer = QuerySupport.answer(doc.project(), q, mapped.table()).orElseThrow();
    assertThat(answer.supported()).isTrue();
    doc.undo();
    assertThat(doc.project()).isEqualTo(before);
  }

  @Test
  void itsDescriptionSaysWhatItFindsByWhatAndInWhichOrder() {
    AttributeRef videoId = new AttributeRef("Video", "video_id");
    AttributeRef postedAt = new AttributeRef("Comment", "posted_at");
    AttributeRef text = new AttributeRef("Comment", "text");
    assertThat(
            SelectQueries.describe(
                List.of(
                    new Query.Condition(videoId, Operator.EQ),
                    new Query.Condition(postedAt, Operator.GT),
                    new Query.Condition(postedAt, Operator.LE)),
                List.of(postedAt, text, videoId),
                List.of(
                    new Query.Ordering(
                        postedAt, org.keyspacestudio.model.schema.ClusteringOrder.DESC)),
                3))
        .isEqualTo(
            "Find Comment by video_id and a posted_at range, ordered by posted_at descending"
                + " (the script's SELECT, statement 3)");
  }

  @Test
  void aSelectSearchingACollectionOrAColumnWithoutAttributeStaysOutOfTheWorkflow()
      throws Exception {
    assertThat(SelectQueries.addToWorkflow(withSelect("%s CONTAINS ?").project(), 1)).isEmpty();
    assertThat(
            SelectQueries.addToWorkflow(withSelect("%s = ? AND no_such_column = ?").project(), 1))
        .isEmpty();
    // A token() range names no attribute: the same SELECT without it joins.
    assertThat(SelectQueries.addToWorkflow(withSelect("%1$s = ? AND token(%1$s) > ?").project(), 1))
        .isEmpty();
    assertThat(SelectQueries.addToWorkflow(withSelect("%1$s = ?").project(), 1)).isPresent();
    // Nor does a search by similarity, a time bucket or a count: a query returns attributes.
    assertThat(
            SelectQueries.addToWorkflow(
                withSelect("%1$s = ? ORDER BY %1$s ANN OF ? LIMIT 3").project(), 1))
        .isEmpty();
    assertThat(
            SelectQueries.addToWorkflow(
                withSelect("%1$s = ? GROUP BY %1$s, floor(%1$s, 1h)").project(), 1))
        .isEmpty();
    assertThat(SelectQueries.addToWorkflow(withSelect("%1$s = ? LIMIT 3").project(), 1))
        .isPresent();
  }
}
