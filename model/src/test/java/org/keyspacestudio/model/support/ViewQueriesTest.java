package org.keyspacestudio.model.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.Edits;
import org.keyspacestudio.model.edit.Fix;
import org.keyspacestudio.model.edit.QuickFixes;
import org.keyspacestudio.model.edit.ReverseEdits;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.workflow.Query;

/**
 * A materialized view answers the queries drawn into it as a table does, checked by its own key and
 * without index, and a query it cannot answer is offered a table of its own.
 */
class ViewQueriesTest {

  private static final CqlIdentifier SHOP = CqlIdentifier.of("shop");
  private static final ElementRef VIEW = ElementRef.view(SHOP, CqlIdentifier.of("users_by_email"));

  /** Users with a view by email, the models recovered, and Q3 (by city) drawn into the view. */
  private static Project project() {
    Project tables =
        new Project(
            CqlImporter.read(
                    "CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy',"
                        + " 'replication_factor': 1};\n"
                        + "CREATE TABLE shop.users (user_id uuid PRIMARY KEY, email text,"
                        + " city text);\n"
                        + "CREATE MATERIALIZED VIEW shop.users_by_email AS SELECT * FROM shop.users"
                        + " WHERE email IS NOT NULL AND user_id IS NOT NULL"
                        + " PRIMARY KEY (email, user_id);\n"
                        + "CREATE INDEX users_city_idx ON shop.users (city);\n",
                    "shop.cql")
                .schema());
    Document d = new Document(tables, null);
    d.perform(ReverseEdits.recover(SHOP));
    Query byCity =
        new Query(
            "Q9",
            "Find User by city, from the view",
            List.of(new Query.Condition(new AttributeRef("User", "city"), Operator.EQ)),
            List.of(new AttributeRef("User", "email")),
            List.of(),
            Query.ResultSize.MANY);
    Project p = d.project();
    List<Query> queries = new java.util.ArrayList<>(p.workflow().queries());
    queries.add(byCity);
    List<org.keyspacestudio.model.workflow.Task> tasks = new java.util.ArrayList<>();
    for (var t : p.workflow().tasks()) {
      List<String> runs = new java.util.ArrayList<>(t.queries());
      if (t.name().equals("Show User")) {
        runs.add("Q9");
      }
      tasks.add(t.withQueries(runs));
    }
    p = p.withWorkflow(p.workflow().withQueries(queries).withTasks(tasks));
    return Edits.addArrow("Q9", null, VIEW).change().apply(p);
  }

  @Test
  void aQueryDrawnIntoAViewIsCheckedByTheViewsKeyWithoutItsBaseTablesIndex() {
    Project p = project();
    assertThat(QuerySupport.tablesOf(p, "Q9")).containsExactly(VIEW);
    List<Problem> problems = ProjectChecks.validate(p);
    assertThat(problems)
        .extracting(x -> x.rule().id())
        .doesNotContain("SUPPORT-NO-TABLE")
        .contains("SUPPORT-FILTERING");
    // users has an index on city; the view has none, so Q9 is refused on it.
    Problem onView =
        problems.stream()
            .filter(x -> x.rule().id().equals("SUPPORT-FILTERING"))
            .findFirst()
            .orElseThrow();
    assertThat(onView.element()).isEqualTo(VIEW);
    assertThat(onView.message()).startsWith("Q9 on users_by_email: ");
  }

  @Test
  void aViewWithoutAClusteringOrderKeepsItsBaseTablesDescendingColumnsDescending() {
    var ks =
        CqlImporter.read(
                "CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy',"
                    + " 'replication_factor': 1};\n"
                    + "CREATE TABLE shop.orders (customer int, placed timestamp, status text,"
                    + " PRIMARY KEY (customer, placed)) WITH CLUSTERING ORDER BY (placed DESC);\n"
                    + "CREATE MATERIALIZED VIEW shop.orders_by_status AS SELECT * FROM shop.orders"
                    + " WHERE status IS NOT NULL AND customer IS NOT NULL AND placed IS NOT NULL"
                    + " PRIMARY KEY (status, placed, customer);\n",
                "shop.cql")
            .schema()
            .keyspace(SHOP)
            .orElseThrow();
    var rows = ks.viewAsTable(ks.view(CqlIdentifier.of("orders_by_status")).orElseThrow());
    // CreateViewStatement.getType: placed keeps its base column's reversed type.
    assertThat(rows.primaryKey().isDescending(CqlIdentifier.of("placed"))).isTrue();
    assertThat(rows.primaryKey().isDescending(CqlIdentifier.of("customer"))).isFalse();
  }

  @Test
  void aQueryAViewCannotAnswerIsOfferedATableOfItsOwn() {
    Project p = project();
    Problem onView =
        ProjectChecks.validate(p).stream()
            .filter(x -> x.element() != null && x.element().equals(VIEW))
            .filter(x -> x.rule() instanceof SupportRule)
            .findFirst()
            .orElseThrow();
    List<Fix> fixes = QuickFixes.of(p, onView);
    assertThat(fixes).extracting(Fix::label).containsExactly("Map Q9 to a new table users_by_city");
    Project fixed = fixes.get(0).edit().change().apply(p);
    assertThat(QuerySupport.tablesOf(fixed, "Q9"))
        .containsExactly(ElementRef.table(SHOP, CqlIdentifier.of("users_by_city")));
    assertThat(ProjectChecks.validate(fixed))
        .filteredOn(x -> x.message().startsWith("Q9 "))
        .isEmpty();
  }
}
