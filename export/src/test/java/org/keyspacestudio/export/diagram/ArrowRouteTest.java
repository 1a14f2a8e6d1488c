package org.keyspacestudio.export.diagram;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.geom.Line2D;
import java.awt.geom.Point2D;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.schema.ElementRef;

class ArrowRouteTest {

  private static ElementRef table(String name) {
    return ElementRef.table(CqlIdentifier.of("ks"), CqlIdentifier.of(name));
  }

  @Test
  void anArrowGoesAroundABoxInTheWayAndEntryArrowsComeFromTheLeft() {
    var schema =
        CqlImporter.read(
                "CREATE TABLE ks.a (k int PRIMARY KEY); CREATE TABLE ks.b (k int PRIMARY KEY);"
                    + " CREATE TABLE ks.c (k int PRIMARY KEY, v1 int, v2 int, v3 int);",
                "r")
            .schema();
    // a and c on one row, b between them but lower: the straight line from a's header to c's
    // header crosses nothing; now put b right across it.
    Diagram diagram =
        new Diagram(
            Diagram.Level.PHYSICAL,
            Map.of(
                table("a"), new Point(0, 0),
                table("b"), new Point(240, 0),
                table("c"), new Point(480, 200)),
            List.of(
                new QueryArrow("Q1", null, table("a")),
                new QueryArrow("Q2", table("a"), table("c"))));
    DiagramGeometry g = DiagramGeometry.of(schema, diagram, DiagramStyle.DEFAULT);
    List<Point2D> route = DiagramRenderer.route(g, g.arrows().get(1), DiagramStyle.DEFAULT);
    var b = g.box(table("b")).bounds();
    for (int i = 0; i < route.size() - 1; i++) {
      assertThat(b.intersectsLine(new Line2D.Double(route.get(i), route.get(i + 1))))
          .as("segment %d crosses b", i)
          .isFalse();
    }
    List<Point2D> entry = DiagramRenderer.route(g, g.arrows().get(0), DiagramStyle.DEFAULT);
    assertThat(entry.get(0).getX()).isLessThan(entry.get(1).getX());
    assertThat(entry.get(1).getX()).isEqualTo(g.box(table("a")).bounds().getX());
  }
}
