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

  @Test
  void anArrowBetweenBoxesAtOppositeEndsOfTheDiagramIsRoutedWithoutVisitingEveryCell() {
    var schema =
        CqlImporter.read(
                "CREATE TABLE ks.a (k int PRIMARY KEY); CREATE TABLE ks.b (k int PRIMARY KEY);"
                    + " CREATE TABLE ks.c (k int PRIMARY KEY);",
                "r")
            .schema();
    // 200,000,000 pixels apart both ways: 10^12 grid cells under the arrow's first segment.
    Diagram diagram =
        new Diagram(
            Diagram.Level.PHYSICAL,
            Map.of(
                table("a"), new Point(-Point.LIMIT, -Point.LIMIT),
                table("b"), new Point(Point.LIMIT, Point.LIMIT),
                table("c"), new Point(0, 0)),
            List.of(new QueryArrow("Q1", table("a"), table("b"))));
    DiagramGeometry g = DiagramGeometry.of(schema, diagram, DiagramStyle.DEFAULT);
    List<Point2D> route = g.path(g.arrows().get(0)).route();
    assertThat(route.get(0).getX()).isLessThan(route.get(route.size() - 1).getX());
    assertThat(g.boxesNear(new java.awt.geom.Rectangle2D.Double(-10, -10, 20, 20)))
        .extracting(box -> box.box().element())
        .containsExactly(table("c"));
  }

  /** The shortest distance between two routes' segments, in diagram pixels. */
  private static double distance(List<Point2D> a, List<Point2D> b) {
    double least = Double.MAX_VALUE;
    for (int i = 0; i < a.size() - 1; i++) {
      for (int j = 0; j < b.size() - 1; j++) {
        Line2D s = new Line2D.Double(a.get(i), a.get(i + 1));
        Line2D t = new Line2D.Double(b.get(j), b.get(j + 1));
        least =
            Math.min(
                least,
                Math.min(
                    Math.min(s.ptSegDist(t.getP1()), s.ptSegDist(t.getP2())),
                    Math.min(t.ptSegDist(s.getP1()), t.ptSegDist(s.getP2()))));
      }
    }
    return least;
  }

  @Test
  void anArrowAndTheOneBackRunSideBySideNotOnOneLine() {
    var schema =
        CqlImporter.read(
                "CREATE TABLE ks.a (k int PRIMARY KEY); CREATE TABLE ks.b (k int PRIMARY KEY);"
                    + " CREATE TABLE ks.c (k int PRIMARY KEY); CREATE TABLE ks.d (k int PRIMARY"
                    + " KEY);",
                "r")
            .schema();
    // a -> b and b -> a side by side (a straight route each); c -> d and d -> c with a box
    // between them (a detour below each); a -> c alone.
    Diagram diagram =
        new Diagram(
            Diagram.Level.PHYSICAL,
            Map.of(
                table("a"), new Point(0, 0),
                table("b"), new Point(300, 0),
                table("c"), new Point(0, 300),
                table("d"), new Point(600, 300)),
            List.of(
                new QueryArrow("Q1", table("a"), table("b")),
                new QueryArrow("Q2", table("b"), table("a")),
                new QueryArrow("Q3", table("c"), table("d")),
                new QueryArrow("Q4", table("d"), table("c")),
                new QueryArrow("Q5", table("a"), table("c"))));
    Diagram withBoxBetween = diagram.withPositions(Map.of(table("b"), new Point(300, 300)));
    for (Diagram d : List.of(diagram, withBoxBetween)) {
      DiagramGeometry g = DiagramGeometry.of(schema, d, DiagramStyle.DEFAULT);
      List<QueryArrow> arrows = g.arrows();
      List<Point2D> there = g.path(arrows.get(0)).route();
      List<Point2D> back = g.path(arrows.get(1)).route();
      assertThat(distance(there, back)).as("a -> b and back").isGreaterThan(10);
      assertThat(distance(g.path(arrows.get(2)).route(), g.path(arrows.get(3)).route()))
          .as("c -> d and back")
          .isGreaterThan(10);
      // Each still starts and ends on its boxes' outline.
      for (QueryArrow a : arrows.subList(0, 4)) {
        List<Point2D> r = g.path(a).route();
        assertThat(onOutline(g.box(a.from()).bounds(), r.get(0))).as("%s starts", a).isTrue();
        assertThat(onOutline(g.box(a.to()).bounds(), r.get(r.size() - 1)))
            .as("%s ends", a)
            .isTrue();
      }
      // An arrow alone between its boxes runs where the router put it.
      assertThat(g.path(arrows.get(4)).route())
          .isEqualTo(DiagramRenderer.route(g, arrows.get(4), DiagramStyle.DEFAULT));
    }
  }

  @Test
  void queryArrowsFromOneTableToAnotherAreDrawnAsOneUnderEveryQuery() {
    var schema =
        CqlImporter.read(
                "CREATE TABLE ks.a (k int PRIMARY KEY); CREATE TABLE ks.b (k int PRIMARY KEY);",
                "r")
            .schema();
    // Three queries from a to b and one back: side by side, the three labels sat on each
    // other's lines, 12 pixels apart.
    Diagram diagram =
        new Diagram(
            Diagram.Level.PHYSICAL,
            Map.of(table("a"), new Point(0, 0), table("b"), new Point(300, 0)),
            List.of(
                new QueryArrow("Q10", table("a"), table("b")),
                new QueryArrow("Q2", table("a"), table("b")),
                new QueryArrow("Q11", table("a"), table("b")),
                new QueryArrow("Q3", table("b"), table("a")),
                new QueryArrow("Q1", null, table("a")),
                new QueryArrow("Q4", null, table("a"))));
    DiagramGeometry g = DiagramGeometry.of(schema, diagram, DiagramStyle.DEFAULT);
    List<QueryArrow> arrows = g.arrows();
    for (QueryArrow a : arrows.subList(0, 3)) {
      assertThat(g.path(a)).isEqualTo(g.path(arrows.get(0)));
      assertThat(g.labelOf(a)).isEqualTo("Q2, Q10, Q11");
    }
    assertThat(g.path(arrows.get(0)).label().getWidth())
        .isEqualTo(DiagramGeometry.width("Q2, Q10, Q11", DiagramStyle.DEFAULT.arrowFont));
    // The one back runs beside them, under its own label.
    assertThat(g.labelOf(arrows.get(3))).isEqualTo("Q3");
    assertThat(distance(g.path(arrows.get(0)).route(), g.path(arrows.get(3)).route()))
        .isGreaterThan(10);
    // Two entry arrows into one table: one arrow, both queries.
    assertThat(g.path(arrows.get(4))).isEqualTo(g.path(arrows.get(5)));
    assertThat(g.labelOf(arrows.get(5))).isEqualTo("Q1, Q4");
    assertThat(arrows).filteredOn(g::drawnFirst).hasSize(3);
  }

  private static boolean onOutline(java.awt.geom.Rectangle2D box, Point2D p) {
    double e = 0.01;
    boolean inX = p.getX() >= box.getMinX() - e && p.getX() <= box.getMaxX() + e;
    boolean inY = p.getY() >= box.getMinY() - e && p.getY() <= box.getMaxY() + e;
    return inX
        && inY
        && (Math.abs(p.getX() - box.getMinX()) < e
            || Math.abs(p.getX() - box.getMaxX()) < e
            || Math.abs(p.getY() - box.getMinY()) < e
            || Math.abs(p.getY() - box.getMaxY()) < e);
  }
}
