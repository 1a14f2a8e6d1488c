package org.keyspacestudio.model.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.Fix;
import org.keyspacestudio.model.edit.QuickFixes;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.parse.ImportResult;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Severity;

/**
 * A script's SELECTs on indexed tables judged as Cassandra 5.0 judges them: built-in indexes answer
 * a query one at a time and storage-attached ones together, and an index on a clustering column
 * finds rows out of the clustering order. The oracle module compares the same verdicts with
 * Cassandra's own on generated tables.
 */
class IndexedSelectsTest {

  private static ImportResult script(String indexes, String selects) {
    return CqlImporter.read(
        """
        CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
        CREATE TABLE shop.orders (
          customer_id uuid, placed_at timestamp, order_id uuid, status text, total decimal,
          tags set<text>,
          PRIMARY KEY ((customer_id), placed_at, order_id)
        );
        """
            + indexes
            + selects,
        "app.cql");
  }

  private static List<Problem> problems(Project p) {
    return ProjectChecks.validate(p).stream().filter(x -> x.rule() instanceof SupportRule).toList();
  }

  private static List<Problem> problems(ImportResult r) {
    return problems(new Project(r.schema()));
  }

  @Test
  void twoBuiltInIndexesDoNotAnswerOneQueryTogetherAndTheFixMakesThemStorageAttached() {
    ImportResult r =
        script(
            "CREATE INDEX orders_status ON shop.orders (status);\n"
                + "CREATE INDEX orders_total ON shop.orders (total);\n",
            "SELECT * FROM shop.orders WHERE status = ? AND total = ?;\n");
    List<Problem> before = problems(r);
    assertThat(before).hasSize(1);
    Problem p = before.get(0);
    assertThat(p.rule()).isEqualTo(SupportRule.FILTERING);
    assertThat(p.severity()).isEqualTo(Severity.ERROR);
    assertThat(p.message())
        .contains("status, total each have an index of their own")
        .contains("make them SAI indexes");

    Document doc = new Document(new Project(r.schema()), null);
    List<Fix> fixes = QuickFixes.of(doc.project(), p);
    assertThat(fixes.get(0).label())
        .isEqualTo(
            "Make the indexes on status, total of shop.orders storage-attached (USING 'sai'), so"
                + " that this SELECT is served without filtering (the cluster rebuilds them)");
    assertThat(fixes.get(0).safe()).isFalse();
    doc.perform(fixes.get(0).edit());
    assertThat(doc.project().schema().keyspace(CqlIdentifier.of("shop")).orElseThrow().indexes())
        .extracting(SecondaryIndex::isSai)
        .containsExactly(true, true);
    List<Problem> after = problems(doc.project());
    assertThat(after).extracting(Problem::rule).containsExactly(SupportRule.INDEX);
    assertThat(ProjectChecks.validate(doc.project()))
        .noneMatch(x -> x.severity() == Severity.ERROR);
    doc.undo();
    assertThat(doc.project().schema()).isEqualTo(r.schema());
  }

  @Test
  void aBuiltInIndexAnswersOneContainsAndAStorageAttachedOneSeveral() {
    ImportResult r =
        script(
            "CREATE INDEX orders_tags ON shop.orders (tags);\n",
            "SELECT * FROM shop.orders WHERE tags CONTAINS ? AND tags CONTAINS ?;\n");
    List<Problem> before = problems(r);
    assertThat(before).extracting(Problem::rule).containsExactly(SupportRule.FILTERING);
    assertThat(before.get(0).message())
        .contains("tags is searched by several CONTAINS: its built-in index answers one of them");
    Document doc = new Document(new Project(r.schema()), null);
    List<Fix> fixes = QuickFixes.of(doc.project(), before.get(0));
    assertThat(fixes.get(0).label())
        .startsWith("Make the index on tags of shop.orders storage-attached");
    doc.perform(fixes.get(0).edit());
    assertThat(problems(doc.project()))
        .extracting(Problem::rule)
        .containsExactly(SupportRule.INDEX);
  }

  @Test
  void storageAttachedIndexesAnswerTogether() {
    ImportResult r =
        script(
            "CREATE INDEX orders_status ON shop.orders (status) USING 'sai';\n"
                + "CREATE INDEX orders_total ON shop.orders (total) USING 'sai';\n",
            "SELECT * FROM shop.orders WHERE status = ? AND total > ?;\n");
    assertThat(problems(r)).extracting(Problem::rule).containsExactly(SupportRule.INDEX);
  }

  @Test
  void anIndexOnAClusteringColumnFindsRowsOutOfClusteringOrder() {
    String select = "SELECT * FROM shop.orders WHERE customer_id = ? AND order_id = ?;\n";
    List<Problem> without = problems(script("", select));
    assertThat(without).extracting(Problem::rule).containsExactly(SupportRule.CLUSTERING_PREFIX);

    List<Problem> with =
        problems(script("CREATE INDEX orders_order_id ON shop.orders (order_id);\n", select));
    assertThat(with).extracting(Problem::rule).containsExactly(SupportRule.INDEX);
    assertThat(with.get(0).message()).contains("within the partition").contains("order_id");
  }

  @Test
  void aCollectionIsSearchedByContainsThroughAnIndexOnItsValues() {
    String select = "SELECT * FROM shop.orders WHERE tags CONTAINS ?;\n";
    List<Problem> without = problems(script("", select));
    assertThat(without).extracting(Problem::rule).contains(SupportRule.FILTERING);
    assertThat(without)
        .filteredOn(p -> p.rule() == SupportRule.FILTERING)
        .first()
        .extracting(Problem::message)
        .asString()
        .contains("tags CONTAINS needs an index on its values");

    List<Problem> with =
        problems(script("CREATE INDEX orders_tags ON shop.orders (tags);\n", select));
    assertThat(with).extracting(Problem::rule).containsExactly(SupportRule.INDEX);

    // The fix adds the index.
    ImportResult r = script("", select);
    Document doc = new Document(new Project(r.schema()), null);
    Problem filtering =
        without.stream().filter(p -> p.rule() == SupportRule.FILTERING).findFirst().orElseThrow();
    List<Fix> fixes = QuickFixes.of(doc.project(), filtering);
    assertThat(fixes)
        .extracting(Fix::label)
        .containsExactly(
            "Index tags (CREATE CUSTOM INDEX ON shop.orders (tags) USING 'sai'), so that this"
                + " SELECT runs through it (every node is asked)",
            "Add ALLOW FILTERING to this SELECT from shop.orders (it then runs, reading rows and"
                + " discarding those that fail)");
    doc.perform(fixes.get(0).edit());
    assertThat(problems(doc.project()))
        .extracting(Problem::rule)
        .containsExactly(SupportRule.INDEX);
    doc.undo();
    assertThat(doc.project().schema()).isEqualTo(r.schema());

    List<Problem> filtered =
        problems(script("", "SELECT * FROM shop.orders WHERE tags CONTAINS ? ALLOW FILTERING;\n"));
    assertThat(filtered).extracting(Problem::rule).containsExactly(SupportRule.ALLOW_FILTERING);
  }

  @Test
  void anIndexOfferedForAQueryThatGivesThePartitionKeyIsReadWithinThePartition() {
    ImportResult r =
        script("", "SELECT * FROM shop.orders WHERE customer_id = ? AND status = ?;\n");
    Problem filtering =
        problems(r).stream()
            .filter(p -> p.rule() == SupportRule.FILTERING)
            .findFirst()
            .orElseThrow();
    assertThat(QuickFixes.of(new Project(r.schema()), filtering))
        .extracting(Fix::label)
        .contains(
            "Index status (CREATE CUSTOM INDEX ON shop.orders (status) USING 'sai'), so that this"
                + " SELECT runs through it within the partition");
  }

  @Test
  void anIndexSaysWhatItServesAndWhichSelectsGoThroughIt() {
    ImportResult r =
        script(
            "CREATE INDEX orders_tags ON shop.orders (tags) USING 'sai';\n"
                + "CREATE INDEX orders_total ON shop.orders (total) USING 'sai';\n"
                + "CREATE INDEX orders_status ON shop.orders (status);\n",
            "SELECT * FROM shop.orders WHERE tags CONTAINS ?;\n"
                + "SELECT * FROM shop.orders WHERE customer_id = ?;\n"
                + "SELECT * FROM shop.orders WHERE total > ? AND tags CONTAINS ?;\n");
    var ks = r.schema().keyspace(CqlIdentifier.of("shop")).orElseThrow();
    var tags = ks.indexes().get(0);
    assertThat(IndexUse.serves(ks, tags)).isEqualTo("tags CONTAINS ?");
    assertThat(IndexUse.serves(ks, ks.indexes().get(1)))
        .isEqualTo("total =, <, <=, >, >= (not IN)");
    assertThat(IndexUse.serves(ks, ks.indexes().get(2)))
        .isEqualTo("status = ? (not IN, not ranges)");
    assertThat(IndexUse.answersWith(ks, tags))
        .isEqualTo(
            "Answers a query together with the table's other storage-attached indexes (on total)");
    assertThat(IndexUse.uses(new Project(r.schema()), ks, tags))
        .extracting(IndexUse.Use::label, IndexUse.Use::supported)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("Statement 1", true),
            org.assertj.core.groups.Tuple.tuple("Statement 3", true));
  }

  @Test
  void aRelationTheColumnsTypeDoesNotTakeIsRefusedEvenWithAllowFiltering() {
    List<Problem> equality =
        problems(
            script(
                "CREATE INDEX orders_tags ON shop.orders (tags);\n",
                "SELECT * FROM shop.orders WHERE tags = ? ALLOW FILTERING;\n"));
    assertThat(equality).extracting(Problem::rule).containsExactly(SupportRule.OPERATOR);
    assertThat(equality.get(0).message())
        .contains("Collection column tags (set<text>) cannot be restricted by a '=' relation")
        .contains("search its elements with CONTAINS");

    List<Problem> notACollection =
        problems(
            script("", "SELECT * FROM shop.orders WHERE customer_id = ? AND status CONTAINS ?;\n"));
    assertThat(notACollection).extracting(Problem::rule).containsExactly(SupportRule.OPERATOR);
    assertThat(notACollection.get(0).message())
        .endsWith("Cannot use CONTAINS on non-collection column status");
  }

  @Test
  void aTokenRangeWithAnIndexLeavesTheFirstClusteringColumnsRangeToTheClusteringOrder() {
    // token() restricts the partition key: the clustering range is read in clustering order
    // within each partition, and only the indexed column goes to the index (found by the oracle:
    // Cassandra prepares it).
    ImportResult r =
        script(
            "CREATE INDEX orders_status ON shop.orders (status);\n",
            "SELECT * FROM shop.orders WHERE token(customer_id) > ? AND placed_at >= ?"
                + " AND status = ?;\n");
    assertThat(problems(r)).extracting(Problem::rule).containsExactly(SupportRule.INDEX);
    // Without token(), the index is asked for the clustering range too, which it does not serve.
    ImportResult without =
        script(
            "CREATE INDEX orders_status ON shop.orders (status);\n",
            "SELECT * FROM shop.orders WHERE placed_at >= ? AND status = ?;\n");
    assertThat(problems(without)).extracting(Problem::rule).containsExactly(SupportRule.FILTERING);
  }
}
