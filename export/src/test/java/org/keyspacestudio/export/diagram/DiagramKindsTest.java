package org.keyspacestudio.export.diagram;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.diagram.Box;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * The drawing layer carries more than Chebotko tables: a conceptual (ER) diagram with entities and
 * a relationship diamond, and a workflow diagram with tasks joined by query arrows, go through the
 * same geometry, hit-testing, renderer and exports.
 */
class DiagramKindsTest {
  private static final ElementRef USER = ElementRef.diagramElement(ElementRef.Kind.ENTITY, "User");
  private static final ElementRef VIDEO =
      ElementRef.diagramElement(ElementRef.Kind.ENTITY, "Video");
  private static final ElementRef UPLOADS =
      ElementRef.diagramElement(ElementRef.Kind.RELATIONSHIP, "uploads");
  private static final ElementRef SEARCH =
      ElementRef.diagramElement(ElementRef.Kind.TASK, "Search videos");
  private static final ElementRef SHOW =
      ElementRef.diagramElement(ElementRef.Kind.TASK, "Show a video");

  private static Box.Row attribute(ElementRef owner, String name, String marker) {
    return new Box.Row(owner, name, "", marker, !marker.isEmpty());
  }

  static List<Box> conceptualAndWorkflow() {
    return List.of(
        new Box(
            USER,
            Box.Kind.ENTITY,
            "User",
            List.of(attribute(USER, "id", "K"), attribute(USER, "email", ""))),
        new Box(UPLOADS, Box.Kind.RELATIONSHIP, "uploads", List.of()),
        new Box(
            VIDEO,
            Box.Kind.ENTITY,
            "Video",
            List.of(attribute(VIDEO, "id", "K"), attribute(VIDEO, "title", ""))),
        new Box(
            SEARCH,
            Box.Kind.TASK,
            "Search videos",
            List.of(attribute(SEARCH, "Q1: videos by tag", ""))),
        new Box(
            SHOW,
            Box.Kind.TASK,
            "Show a video",
            List.of(attribute(SHOW, "Q2: video by id", ""), attribute(SHOW, "Q3: comments", ""))));
  }

  static DiagramGeometry geometry() {
    Diagram diagram =
        Diagram.empty()
            .withPositions(
                Map.of(
                    USER, new Point(0, 0),
                    UPLOADS, new Point(240, 10),
                    VIDEO, new Point(480, 0),
                    SEARCH, new Point(0, 200),
                    SHOW, new Point(360, 200)))
            .withArrows(
                List.of(
                    new QueryArrow("1", USER, UPLOADS),
                    new QueryArrow("n", UPLOADS, VIDEO),
                    new QueryArrow("Q2", SEARCH, SHOW)));
    return DiagramGeometry.of(conceptualAndWorkflow(), diagram, DiagramStyle.DEFAULT);
  }

  @Test
  void aRelationshipIsADiamondThatIsHitOnlyInsideItsOutline() {
    DiagramGeometry geometry = geometry();
    BoxGeometry diamond = geometry.box(UPLOADS);
    var r = diamond.bounds();
    assertThat(r.getHeight()).isEqualTo(DiagramStyle.DEFAULT.diamondHeight);
    assertThat(geometry.hit(r.getCenterX(), r.getCenterY()).element()).isEqualTo(UPLOADS);
    assertThat(geometry.hit(r.getX() + 2, r.getY() + 2))
        .as("the bounding box's corner is outside the diamond")
        .isNull();
    assertThat(geometry.hit(10, 30).element())
        .as("an entity's attribute row is hit like a column")
        .isEqualTo(USER);
    assertThat(geometry.arrows()).hasSize(3);
  }

  @Test
  void erEdgesArePlainLinesAndWorkflowQueriesAreArrows() throws Exception {
    DiagramGeometry geometry = geometry();
    var area = ImageExport.area(geometry);
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(ImageExport.png(geometry, 1)));
    var arrows = geometry.arrows();
    assertThat(arrows).extracting(geometry::isPlainLine).containsExactly(true, true, false);
    for (QueryArrow edge : arrows) {
      var route = DiagramRenderer.route(geometry, edge, DiagramStyle.DEFAULT);
      var end = route.get(route.size() - 1);
      var before = route.get(route.size() - 2);
      double angle = Math.atan2(end.getY() - before.getY(), end.getX() - before.getX());
      // 7 px back from the end and 2.5 px to the side: inside an arrowhead, beside a plain line.
      double x = end.getX() - 7 * Math.cos(angle) - 2.5 * Math.sin(angle) - area.getX();
      double y = end.getY() - 7 * Math.sin(angle) + 2.5 * Math.cos(angle) - area.getY();
      int rgb = image.getRGB((int) Math.floor(x), (int) Math.floor(y)) & 0xFFFFFF;
      if (geometry.isPlainLine(edge)) {
        assertThat(rgb).as("no arrowhead on ER edge " + edge.label()).isEqualTo(0xFFFFFF);
      } else {
        assertThat(rgb).as("arrowhead of " + edge.label()).isNotEqualTo(0xFFFFFF);
      }
    }
    assertThat(ImageExport.svg(geometry)).as("cardinalities stay labels").contains(">1<", ">n<");
  }

  @Test
  void anArrowLabelGoesWhereItCoversNoBox() {
    ElementRef a = ElementRef.diagramElement(ElementRef.Kind.TASK, "A");
    ElementRef b = ElementRef.diagramElement(ElementRef.Kind.TASK, "B");
    ElementRef beside = ElementRef.diagramElement(ElementRef.Kind.TASK, "In the way");
    List<Box> boxes =
        List.of(
            new Box(a, Box.Kind.TASK, "A", List.of()),
            new Box(b, Box.Kind.TASK, "B", List.of()),
            new Box(beside, Box.Kind.TASK, "In the way", List.of()));
    QueryArrow arrow = new QueryArrow("Q7: a long query label", a, b);
    DiagramGeometry geometry =
        DiagramGeometry.of(
            boxes,
            Diagram.empty()
                .withPositions(
                    Map.of(a, new Point(0, 0), b, new Point(0, 400), beside, new Point(0, 0)))
                .withArrows(List.of(arrow)),
            DiagramStyle.DEFAULT);
    // A straight vertical arrow from A down to B; "In the way" sits right of its middle.
    var route = DiagramRenderer.route(geometry, arrow, DiagramStyle.DEFAULT);
    double x = route.get(0).getX();
    geometry = geometry.moved(Map.of(beside, new Point(x + 4, 180)));
    route = DiagramRenderer.route(geometry, arrow, DiagramStyle.DEFAULT);
    var label = geometry.path(arrow).label();
    for (BoxGeometry box : geometry.boxes()) {
      assertThat(box.bounds().intersects(label)).as("label over " + box.box().title()).isFalse();
    }
    assertThat(label.getMaxX()).as("left of the line, away from the box").isLessThan(x);
    assertThat(geometry.bounds().contains(label)).as("inside the exported area").isTrue();
  }

  @Test
  void entitiesRelationshipsAndTasksExportAsTextAndShapes(
      @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    DiagramGeometry geometry = geometry();
    String svg = ImageExport.svg(geometry);
    for (String text :
        List.of(
            "User",
            "Video",
            "uploads",
            "Search videos",
            "Q1: videos by tag",
            "Q2",
            "Q3: comments")) {
      assertThat(svg).as(text).contains(text);
    }
    byte[] png = ImageExport.png(geometry, 1);
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
    var area = ImageExport.area(geometry);
    BoxGeometry diamond = geometry.box(UPLOADS);
    int cx = (int) Math.round(diamond.bounds().getCenterX() - area.getX());
    int cy = (int) Math.round(diamond.bounds().getY() + 6 - area.getY());
    assertThat(image.getRGB(cx, cy) & 0xFFFFFF)
        .as("inside the diamond's top corner: its fill")
        .isEqualTo(DiagramStyle.DEFAULT.relationshipFill.getRGB() & 0xFFFFFF);
    int corner = (int) Math.round(diamond.bounds().getX() + 3 - area.getX());
    assertThat(image.getRGB(corner, cy) & 0xFFFFFF)
        .as("outside the diamond, within its bounding box: the background")
        .isEqualTo(0xFFFFFF);
    Files.write(dir.resolve("kinds.png"), png);
    if (System.getProperty("kstudio.keep.images") != null) {
      Files.write(Path.of(System.getProperty("kstudio.keep.images")), ImageExport.png(geometry, 2));
    }
  }
}
