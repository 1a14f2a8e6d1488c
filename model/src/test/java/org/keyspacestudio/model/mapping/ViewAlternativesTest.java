package org.keyspacestudio.model.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.MappingEdits;
import org.keyspacestudio.model.edit.ReverseEdits;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.ColumnKind;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.support.QuerySupport;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Severity;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.write.CqlWriter;

/**
 * A query a new table would answer can be answered by a materialized view over a mapped table that
 * holds its attributes, when Cassandra would create that view.
 */
class ViewAlternativesTest {

  private static final CqlIdentifier SHOP = CqlIdentifier.of("shop");

  /** Orders of a customer, newest first, with the models recovered from the schema. */
  private static Project project() {
    Project tables =
        new Project(
            CqlImporter.read(
                    "CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy',"
                        + " 'replication_factor': 1};\n"
                        + "CREATE TABLE shop.orders (customer_id uuid, placed timestamp,"
                        + " order_id uuid, status text, total decimal, labels set<text>,"
                        + " note text static,"
                        + " PRIMARY KEY (customer_id, placed, order_id))"
                        + " WITH CLUSTERING ORDER BY (placed DESC, order_id ASC);\n",
                    "shop.cql")
                .schema());
    Document d = new Document(tables, null);
    d.perform(ReverseEdits.recover(SHOP));
    return d.project();
  }

  private static String entity(Project p) {
    return p.conceptual().entities().stream()
        .filter(e -> e.attributes().stream().anyMatch(a -> a.name().equals("status")))
        .findFirst()
        .orElseThrow()
        .name();
  }

  private static Query query(
      String id, List<Query.Condition> given, List<AttributeRef> returns, Project p) {
    return new Query(id, "Find orders", given, returns, List.of(), Query.ResultSize.MANY);
  }

  private static Project withQuery(Project p, Query q) {
    List<Query> queries = new java.util.ArrayList<>(p.workflow().queries());
    queries.add(q);
    return p.withWorkflow(p.workflow().withQueries(queries));
  }

  private static List<Mapper.Alternative> views(Project p, Query q) {
    return Mapping.alternatives(p, q, SHOP).alternatives().stream()
        .filter(Mapper.Alternative::createsView)
        .toList();
  }

  @Test
  void aQueryByOneRegularColumnOfAMappedTableIsOfferedAViewKeyedByItAndTheBaseKey() {
    Project p = project();
    String e = entity(p);
    Query byStatus =
        query(
            "Q9",
            List.of(new Query.Condition(new AttributeRef(e, "status"), Operator.EQ)),
            List.of(new AttributeRef(e, "total")),
            p);
    p = withQuery(p, byStatus);
    List<Mapper.Alternative> all = Mapping.alternatives(p, byStatus, SHOP).alternatives();
    // The new tables come first: a view is experimental and off by default.
    assertThat(all.get(0).createsView()).isFalse();
    assertThat(all.get(all.size() - 1).createsView()).isTrue();
    List<Mapper.Alternative> views = views(p, byStatus);
    assertThat(views).hasSize(1);
    Mapper.Alternative view = views.get(0);
    assertThat(view.viewOf()).isEqualTo(CqlIdentifier.of("orders"));
    // The mapping's table (status, then the order's key order_id: MR5), then the rest of the
    // base table's key in its order, placed kept descending.
    assertThat(view.columns())
        .extracting(Mapper.MappedColumn::name, Mapper.MappedColumn::kind)
        .startsWith(
            org.assertj.core.groups.Tuple.tuple("status", ColumnKind.PARTITION_KEY),
            org.assertj.core.groups.Tuple.tuple("order_id", ColumnKind.CLUSTERING),
            org.assertj.core.groups.Tuple.tuple("customer_id", ColumnKind.CLUSTERING),
            org.assertj.core.groups.Tuple.tuple("placed", ColumnKind.CLUSTERING));
    assertThat(view.columns().stream().filter(c -> c.name().equals("placed")).findFirst())
        .get()
        .extracting(Mapper.MappedColumn::order)
        .isEqualTo(ClusteringOrder.DESC);
    assertThat(view.columns()).extracting(Mapper.MappedColumn::name).contains("total");
    assertThat(view.columns()).extracting(Mapper.MappedColumn::name).doesNotContain("note");
    assertThat(view.why())
        .contains("materialized view over orders")
        .contains("materialized_views_enabled: true");

    Project chosen = MappingEdits.choose("Q9", view, SHOP).change().apply(p);
    ElementRef ref = ElementRef.view(SHOP, CqlIdentifier.of(view.table()));
    assertThat(QuerySupport.tablesOf(chosen, "Q9")).containsExactly(ref);
    MaterializedView made =
        chosen.schema().keyspace(SHOP).orElseThrow().view(ref.object()).orElseThrow();
    assertThat(made.notNullColumns()).containsExactlyElementsOf(made.primaryKey().allColumns());
    String cql = CqlWriter.write(chosen.schema());
    assertThat(cql)
        .contains("CREATE MATERIALIZED VIEW shop." + view.table())
        .contains("FROM shop.orders")
        .contains("status IS NOT NULL");
    List<Problem> problems = ProjectChecks.validate(chosen);
    // The node's setting decides: a warning, and Q9 answered on the view.
    assertThat(problems)
        .filteredOn(x -> ref.equals(x.element()))
        .allMatch(x -> x.rule().severity() == Severity.WARNING)
        .extracting(x -> x.rule().id())
        .contains("VIEW-DISABLED");
    assertThat(problems)
        .filteredOn(x -> x.rule() instanceof org.keyspacestudio.model.support.SupportRule)
        .isEmpty();
  }

  @Test
  void noViewIsOfferedThatCassandraWouldRefuse() {
    Project p = project();
    String e = entity(p);
    // Two columns outside the base key: a view may key by one.
    Query byStatusAndTotal =
        query(
            "Q9",
            List.of(
                new Query.Condition(new AttributeRef(e, "status"), Operator.EQ),
                new Query.Condition(new AttributeRef(e, "total"), Operator.EQ)),
            List.of(new AttributeRef(e, "order_id")),
            p);
    assertThat(views(withQuery(p, byStatusAndTotal), byStatusAndTotal)).isEmpty();
    // A static column cannot be selected into a view.
    Query withNote =
        query(
            "Q10",
            List.of(new Query.Condition(new AttributeRef(e, "status"), Operator.EQ)),
            List.of(new AttributeRef(e, "note")),
            p);
    assertThat(views(withQuery(p, withNote), withNote)).isEmpty();
    // The base table's own key answers: it is reused, not copied into a view.
    Query byCustomer =
        query(
            "Q11",
            List.of(new Query.Condition(new AttributeRef(e, "customer_id"), Operator.EQ)),
            List.of(new AttributeRef(e, "total")),
            p);
    assertThat(views(withQuery(p, byCustomer), byCustomer)).isEmpty();
  }

  @Test
  void anAttributeOfAnotherEntityThanTheBaseTablesHoldsGetsNoView() {
    Project p = project();
    String e = entity(p);
    var other =
        new org.keyspacestudio.model.conceptual.Entity(
            "Warehouse",
            false,
            List.of(
                new org.keyspacestudio.model.conceptual.Attribute(
                    "warehouse_id",
                    org.keyspacestudio.model.conceptual.Attribute.Kind.SIMPLE,
                    "uuid",
                    List.of())),
            List.of(
                new org.keyspacestudio.model.conceptual.Key(
                    List.of(new AttributeRef("Warehouse", "warehouse_id")))));
    p = p.withConceptual(p.conceptual().withEntity(other));
    Query q =
        query(
            "Q9",
            List.of(new Query.Condition(new AttributeRef(e, "status"), Operator.EQ)),
            List.of(new AttributeRef("Warehouse", "warehouse_id")),
            p);
    assertThat(Mapping.alternatives(withQuery(p, q), q, SHOP).alternatives()).isNotEmpty();
    assertThat(views(withQuery(p, q), q)).isEmpty();
  }
}
