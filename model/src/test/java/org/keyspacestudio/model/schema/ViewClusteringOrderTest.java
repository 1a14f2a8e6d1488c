package org.keyspacestudio.model.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Box;
import org.keyspacestudio.model.diagram.ChebotkoNotation;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diff.SchemaDiff;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.write.CqlWriter;

/**
 * A view's key holds the clustering order its rows are kept in: without {@code CLUSTERING ORDER
 * BY}, a column the base table clusters descending stays descending ({@code
 * CreateViewStatement.getType}); with it, the order it says. Written, drawn, diffed and saved so.
 */
class ViewClusteringOrderTest {

  private static final CqlIdentifier SHOP = CqlIdentifier.of("shop");
  private static final CqlIdentifier VIEW = CqlIdentifier.of("orders_by_status");
  private static final CqlIdentifier PLACED = CqlIdentifier.of("placed");

  private static final String BASE =
      "CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy',"
          + " 'replication_factor': 1};\n"
          + "CREATE TABLE shop.orders (customer int, placed timestamp, status text,"
          + " PRIMARY KEY (customer, placed)) WITH CLUSTERING ORDER BY (placed DESC);\n";

  private static final String VIEW_CQL =
      "CREATE MATERIALIZED VIEW shop.orders_by_status AS SELECT * FROM shop.orders"
          + " WHERE status IS NOT NULL AND customer IS NOT NULL AND placed IS NOT NULL"
          + " PRIMARY KEY (status, placed, customer)";

  private static Keyspace read(String cql) {
    return CqlImporter.read(cql, "shop.cql").schema().keyspace(SHOP).orElseThrow();
  }

  private static MaterializedView view(Keyspace ks) {
    return ks.view(VIEW).orElseThrow();
  }

  @Test
  void withoutTheClauseTheViewKeepsTheBaseTablesOrderAndSaysSo() {
    Keyspace ks = read(BASE + VIEW_CQL + ";\n");
    assertThat(view(ks).primaryKey().isDescending(PLACED)).isTrue();
    assertThat(CqlWriter.write(ks))
        .contains("WITH CLUSTERING ORDER BY (placed DESC, customer ASC)");
    Box box =
        ChebotkoNotation.boxes(new Schema(List.of(ks), List.of()), Diagram.Level.PHYSICAL).stream()
            .filter(b -> b.element().equals(ElementRef.view(SHOP, VIEW)))
            .findFirst()
            .orElseThrow();
    assertThat(box.rows()).extracting(Box.Row::marker).containsExactly("K", "C↓", "C↑");
  }

  @Test
  void anAscendingOrderTheStatementSaysIsKeptAndWrittenOut() {
    Keyspace ks = read(BASE + VIEW_CQL + " WITH CLUSTERING ORDER BY (placed ASC, customer ASC);\n");
    assertThat(view(ks).primaryKey().isDescending(PLACED)).isFalse();
    assertThat(ks.viewAsTable(view(ks)).primaryKey().isDescending(PLACED)).isFalse();
    String written = CqlWriter.write(ks);
    // Left out, the clause would give placed its base table's descending order.
    assertThat(written).contains("WITH CLUSTERING ORDER BY (placed ASC, customer ASC)");
    assertThat(read(written)).isEqualTo(ks);
  }

  @Test
  void aViewReadFromAClusterIsTheViewItsScriptMakes() {
    Keyspace script = read(BASE + VIEW_CQL + ";\n");
    // The cluster's metadata lists the order the rows are kept in, as DESCRIBE writes it.
    Keyspace live =
        read(BASE + VIEW_CQL + " WITH CLUSTERING ORDER BY (placed DESC, customer ASC);\n");
    assertThat(SchemaDiff.plan(script, live).changes()).isEmpty();
  }

  @Test
  void aVersionSixProjectsAscendingViewKeyIsMigratedToTheOrderItsCqlGave() throws Exception {
    Keyspace ks = read(BASE + VIEW_CQL + ";\n");
    Project project = new Project(new Schema(List.of(ks), List.of()));
    String now = ProjectFile.toJson(project);
    String descending = "\"name\" : \"placed\",\n            \"order\" : \"DESC\"";
    assertThat(now.split(java.util.regex.Pattern.quote(descending), -1)).hasSize(3);
    // Version 6 wrote the inherited order as ascending (its CQL left the clause out).
    int inView = now.lastIndexOf(descending);
    String v6 =
        (now.substring(0, inView)
                + descending.replace("DESC", "ASC")
                + now.substring(inView + descending.length()))
            .replace("\"formatVersion\" : " + ProjectFile.FORMAT_VERSION, "\"formatVersion\" : 6");
    Project read = ProjectFile.fromJson(v6, null);
    assertThat(read.schema()).isEqualTo(project.schema());
  }
}
