package org.keyspacestudio.model.edit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.validate.Rule;
import org.keyspacestudio.model.validate.Validator;
import org.keyspacestudio.model.write.CqlWriter;

class SchemaEditsTest {

  private static final CqlIdentifier KS = CqlIdentifier.of("ks");
  private static final ElementRef T = ElementRef.table(KS, CqlIdentifier.of("t"));

  private static CqlIdentifier id(String name) {
    return CqlIdentifier.of(name);
  }

  private static Document document() {
    var schema =
        CqlImporter.read(
                "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
                    + " 'replication_factor': 1};\n\n"
                    + "-- T's comment\n"
                    + "CREATE TABLE ks.t (k int, c int, v text, w int, PRIMARY KEY (k, c));\n"
                    + "CREATE INDEX ON ks.t (v);\n",
                "t")
            .schema();
    var diagram =
        new Diagram(
            Diagram.Level.PHYSICAL,
            Map.of(T, new Point(40, 40)),
            List.of(new QueryArrow("Q1", null, T)));
    return new Document(new Project(schema, diagram), null);
  }

  private static Table table(Document doc, String name) {
    return doc.project().schema().keyspace(KS).orElseThrow().table(id(name)).orElseThrow();
  }

  @Test
  void renamingATableCarriesItsPositionArrowIndexAndComment() {
    Document doc = document();
    doc.perform(SchemaEdits.renameTable(T, id("events")));
    ElementRef events = ElementRef.table(KS, id("events"));
    assertThat(doc.project().diagram().position(events)).isEqualTo(new Point(40, 40));
    assertThat(doc.project().diagram().arrows().get(0).to()).isEqualTo(events);
    assertThat(doc.project().schema().keyspaces().get(0).indexes().get(0).table())
        .isEqualTo(id("events"));
    assertThat(doc.project().schema().comment(events)).isEqualTo("T's comment");
    assertThat(Validator.validate(doc.project().schema())).isEmpty();
  }

  @Test
  void aColumnCanBeAddedRetypedRenamedAndGivenEveryRole() {
    Document doc = document();
    doc.perform(SchemaEdits.addColumn(T, id("tags"), NativeType.TEXT));
    doc.perform(
        SchemaEdits.setColumnType(
            T,
            id("tags"),
            new org.keyspacestudio.model.type.CollectionType.SetType(NativeType.TEXT, false)));
    doc.perform(SchemaEdits.renameColumn(T, id("v"), id("title")));
    assertThat(CqlWriter.write(doc.project().schema()))
        .contains("tags set<text>")
        .contains("title text")
        .contains("CREATE INDEX ON ks.t (title);");

    doc.perform(SchemaEdits.setRole(T, id("w"), SchemaEdits.Role.CLUSTERING_DESC));
    assertThat(table(doc, "t").primaryKey().allColumns())
        .containsExactly(id("k"), id("c"), id("w"));
    doc.perform(SchemaEdits.moveColumn(T, id("w"), -1));
    assertThat(table(doc, "t").primaryKey().allColumns())
        .containsExactly(id("k"), id("w"), id("c"));
    doc.perform(SchemaEdits.setRole(T, id("w"), SchemaEdits.Role.STATIC));
    assertThat(table(doc, "t").column(id("w")).get().isStatic()).isTrue();
    assertThat(SchemaEdits.Role.of(table(doc, "t"), table(doc, "t").column(id("w")).get()))
        .isEqualTo(SchemaEdits.Role.STATIC);
    doc.perform(SchemaEdits.setRole(T, id("w"), SchemaEdits.Role.PARTITION_KEY));
    assertThat(table(doc, "t").primaryKey().partitionKey()).containsExactly(id("k"), id("w"));
  }

  @Test
  void renamingAColumnRenamesItInTheTablesViewsAsCassandraDoes() {
    var schema =
        CqlImporter.read(
                "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
                    + " 'replication_factor': 1};\n"
                    + "CREATE TABLE ks.orders (customer_id uuid, placed_at timestamp, total"
                    + " decimal, PRIMARY KEY (customer_id, placed_at));\n"
                    + "CREATE TABLE ks.other (customer_id uuid PRIMARY KEY, total decimal);\n"
                    + "CREATE MATERIALIZED VIEW ks.orders_by_total AS SELECT customer_id,"
                    + " placed_at, total FROM ks.orders WHERE customer_id IS NOT NULL AND"
                    + " placed_at IS NOT NULL AND total IS NOT NULL PRIMARY KEY (total,"
                    + " customer_id, placed_at) WITH CLUSTERING ORDER BY (customer_id DESC,"
                    + " placed_at ASC);\n"
                    + "CREATE MATERIALIZED VIEW ks.other_by_total AS SELECT * FROM ks.other"
                    + " WHERE customer_id IS NOT NULL AND total IS NOT NULL PRIMARY KEY (total,"
                    + " customer_id);\n",
                "views")
            .schema();
    Document doc = new Document(new Project(schema), null);
    assertThat(Validator.validate(doc.project().schema()))
        .noneMatch(p -> p.severity() == org.keyspacestudio.model.validate.Severity.ERROR);
    doc.perform(
        SchemaEdits.renameColumn(
            ElementRef.table(id("ks"), id("orders")), id("customer_id"), id("customer")));
    String cql = CqlWriter.write(doc.project().schema());
    assertThat(cql)
        .contains(
            "CREATE MATERIALIZED VIEW ks.orders_by_total AS\n"
                + "    SELECT customer, placed_at, total FROM ks.orders\n"
                + "    WHERE customer IS NOT NULL AND placed_at IS NOT NULL AND total IS NOT NULL\n"
                + "    PRIMARY KEY (total, customer, placed_at) WITH CLUSTERING ORDER BY"
                + " (customer DESC, placed_at ASC);")
        // Another table's view, naming a column of the same name, is left as it was.
        .contains("PRIMARY KEY (total, customer_id)");
    // It had kept customer_id: "Undefined column name customer_id" in the view.
    assertThat(Validator.validate(doc.project().schema()))
        .noneMatch(p -> p.severity() == org.keyspacestudio.model.validate.Severity.ERROR);
  }

  @Test
  void renamingAColumnRenamesItInItsViewsOtherRestrictionsAndNotInTheirLiterals() {
    var schema =
        CqlImporter.read(
                "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
                    + " 'replication_factor': 1};\n"
                    + "CREATE TABLE ks.orders (customer_id uuid, region text, placed_at timestamp,"
                    + " PRIMARY KEY (customer_id, region, placed_at));\n"
                    // As Cassandra's ViewFilteringTest restricts a key column of the base table.
                    + "CREATE MATERIALIZED VIEW ks.eu_orders AS SELECT * FROM ks.orders"
                    + " WHERE customer_id IS NOT NULL AND REGION = 'region' AND placed_at IS NOT"
                    + " NULL PRIMARY KEY (placed_at, customer_id, region);\n",
                "views")
            .schema();
    Document doc = new Document(new Project(schema), null);
    doc.perform(
        SchemaEdits.renameColumn(
            ElementRef.table(id("ks"), id("orders")), id("region"), id("Area")));
    doc.perform(
        SchemaEdits.renameColumn(
            ElementRef.table(id("ks"), id("orders")), id("placed_at"), id("at")));
    // The relation kept "REGION = 'region'": Cassandra refused the view ("Undefined column name
    // region") though the table's column, the view's key and its IS NOT NULL were renamed.
    assertThat(CqlWriter.write(doc.project().schema()))
        .contains(
            "WHERE customer_id IS NOT NULL AND at IS NOT NULL AND \"Area\" = 'region'\n"
                + "    PRIMARY KEY (at, customer_id, \"Area\");");
  }

  @Test
  void makingAKeyColumnAListShowsAProblemAndFixingTheTypeClearsIt() {
    Document doc = document();
    doc.perform(
        SchemaEdits.setColumnType(
            T,
            id("c"),
            new org.keyspacestudio.model.type.CollectionType.ListType(NativeType.INT, false)));
    assertThat(Validator.validate(doc.project().schema()))
        .extracting(p -> p.rule())
        .contains(Rule.KEY_NON_FROZEN);
    doc.perform(SchemaEdits.setColumnType(T, id("c"), NativeType.INT));
    assertThat(Validator.validate(doc.project().schema())).isEmpty();
  }

  @Test
  void deletingAColumnTakesItOutOfTheKeyAndDropsItsIndex() {
    Document doc = document();
    doc.perform(SchemaEdits.deleteColumn(T, id("v")));
    assertThat(doc.project().schema().keyspaces().get(0).indexes()).isEmpty();
    doc.perform(SchemaEdits.deleteColumn(T, id("c")));
    assertThat(table(doc, "t").primaryKey().clustering()).isEmpty();
    doc.undo();
    doc.undo();
    assertThat(doc.project()).isEqualTo(document().project());
  }

  @Test
  void newTablesAndTypesGetUniqueNamesAndAPlace() {
    Document doc = document();
    doc.perform(SchemaEdits.addTable(KS, "t", new Point(500, 40)));
    doc.perform(SchemaEdits.addType(KS, "address", new Point(500, 300)));
    var ks = doc.project().schema().keyspace(KS).orElseThrow();
    assertThat(ks.tables()).extracting(t -> t.name().asInternal()).containsExactly("t", "t_2");
    assertThat(ks.types()).extracting(t -> t.name().asInternal()).containsExactly("address");
    assertThat(doc.project().diagram().position(ElementRef.table(KS, id("t_2"))))
        .isEqualTo(new Point(500, 40));
    assertThat(Validator.validate(doc.project().schema())).isEmpty();
  }

  @Test
  void pastingATableItAlreadyHasMakesACopyBesideIt() {
    Document doc = document();
    var clipboard =
        CqlImporter.read(
                "CREATE TABLE ks.t (k int, c int, v text, w int, PRIMARY KEY (k, c));"
                    + " CREATE INDEX ON ks.t (w); CREATE TABLE fresh (id uuid PRIMARY KEY);",
                "clipboard")
            .schema();
    doc.perform(SchemaEdits.paste(clipboard, KS, new Point(1000, 1000)));
    var ks = doc.project().schema().keyspace(KS).orElseThrow();
    assertThat(ks.tables())
        .extracting(t -> t.name().asInternal())
        .containsExactly("t", "t_copy", "fresh");
    assertThat(ks.indexesOn(id("t_copy"))).hasSize(1);
    assertThat(doc.project().diagram().position(ElementRef.table(KS, id("t_copy"))))
        .isEqualTo(new Point(80, 80));
    assertThat(doc.project().diagram().position(ElementRef.table(KS, id("fresh")))).isNotNull();
    assertThat(Validator.validate(doc.project().schema())).isEmpty();
    doc.undo();
    assertThat(doc.project()).isEqualTo(document().project());
  }

  @Test
  void renamingATypeRenamesEveryReferenceAndFieldsCanBeEdited() {
    Document doc = document();
    ElementRef address = ElementRef.type(KS, id("address"));
    doc.perform(SchemaEdits.addType(KS, "address", new Point(0, 400)));
    doc.perform(
        SchemaEdits.addColumn(
            T,
            id("home"),
            org.keyspacestudio.model.parse.CqlTypeParser.parse("map<text, frozen<address>>")));
    doc.perform(SchemaEdits.addField(address, id("city"), NativeType.TEXT));
    doc.perform(SchemaEdits.renameField(address, id("value"), id("street")));
    doc.perform(SchemaEdits.setFieldType(address, id("city"), NativeType.ASCII));
    doc.perform(SchemaEdits.renameType(address, id("location")));
    String cql = CqlWriter.write(doc.project().schema());
    assertThat(cql)
        .contains("CREATE TYPE ks.location (\n    street text,\n    city ascii\n);")
        .contains("home map<text, frozen<location>>");
    assertThat(doc.project().diagram().position(ElementRef.type(KS, id("location"))))
        .isEqualTo(new Point(0, 400));
    doc.perform(SchemaEdits.deleteField(ElementRef.type(KS, id("location")), id("city")));
    assertThat(Validator.validate(doc.project().schema())).isEmpty();
  }

  @Test
  void aKeyspaceDefinitionCanBeChanged() {
    Document doc = document();
    var definition =
        new org.keyspacestudio.model.schema.KeyspaceDefinition(
            new org.keyspacestudio.model.schema.Replication(
                "NetworkTopologyStrategy", new java.util.TreeMap<>(Map.of("dc1", "3"))),
            false);
    doc.perform(SchemaEdits.defineKeyspace(KS, definition));
    assertThat(CqlWriter.write(doc.project().schema()))
        .contains(
            "CREATE KEYSPACE ks WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': '3'}"
                + " AND durable_writes = false;");
  }
}
