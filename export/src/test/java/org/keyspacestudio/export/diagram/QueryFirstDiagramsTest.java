package org.keyspacestudio.export.diagram;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.diagram.Box;
import org.keyspacestudio.model.diagram.DiagramKind;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * The conceptual and workflow diagrams of the KillrVideo example, laid out automatically: Chen's
 * shapes, no overlapping boxes, relationship lines that cross no other box, attribute ovals beside
 * their owner, the workflow from its entry on the left.
 */
class QueryFirstDiagramsTest {

  private static final DiagramStyle STYLE = DiagramStyle.DEFAULT;

  private static Project example() throws Exception {
    return ProjectFile.read(Path.of("../examples/killrvideo.kstudio"));
  }

  private static void assertNoOverlaps(DiagramGeometry g) {
    List<BoxGeometry> boxes = new ArrayList<>(g.boxes());
    for (int i = 0; i < boxes.size(); i++) {
      for (int j = i + 1; j < boxes.size(); j++) {
        assertThat(boxes.get(i).bounds().intersects(boxes.get(j).bounds()))
            .as("%s overlaps %s", boxes.get(i).box().title(), boxes.get(j).box().title())
            .isFalse();
      }
    }
  }

  /** The boxes (other than its ends) whose outline a line passes through, sampled every pixel. */
  private static int crossings(DiagramGeometry g, QueryArrow edge) {
    return crossed(g, edge).size();
  }

  private static List<BoxGeometry> crossed(DiagramGeometry g, QueryArrow edge) {
    List<Point2D> route = g.path(edge).route();
    List<BoxGeometry> out = new ArrayList<>();
    for (BoxGeometry b : g.boxes()) {
      ElementRef ref = b.box().element();
      if (ref.equals(edge.from()) || ref.equals(edge.to())) {
        continue;
      }
      java.awt.Shape outline = b.outline(STYLE);
      boolean crossed = false;
      for (int i = 0; i < route.size() - 1 && !crossed; i++) {
        Point2D a = route.get(i);
        Point2D z = route.get(i + 1);
        int steps = (int) Math.ceil(a.distance(z));
        for (int s = 1; s < steps && !crossed; s++) {
          double t = (double) s / steps;
          crossed =
              outline.contains(
                  a.getX() + (z.getX() - a.getX()) * t, a.getY() + (z.getY() - a.getY()) * t);
        }
      }
      if (crossed) {
        out.add(b);
      }
    }
    return out;
  }

  @Test
  void theErDiagramUsesChensShapesWithoutOverlapsOrLinesThroughBoxes() throws Exception {
    DiagramGeometry g = DiagramGeometry.of(example(), DiagramKind.CONCEPTUAL, STYLE);
    assertThat(g.box(ElementRef.entity("User")).box().kind()).isEqualTo(Box.Kind.ENTITY);
    assertThat(g.box(ElementRef.entity("Comment")).box().kind()).isEqualTo(Box.Kind.WEAK_ENTITY);
    assertThat(g.box(ElementRef.relationship("posts")).box().kind())
        .isEqualTo(Box.Kind.IDENTIFYING_RELATIONSHIP);
    assertThat(g.box(ElementRef.attribute("User", "user_id")).box().kind())
        .isEqualTo(Box.Kind.KEY_ATTRIBUTE);
    assertThat(g.box(ElementRef.attribute("Video", "tags")).box().kind())
        .isEqualTo(Box.Kind.MULTI_VALUED_ATTRIBUTE);
    assertThat(g.box(ElementRef.attribute("Video", "encoding.height"))).isNotNull();
    assertThat(g.autoPlaced()).hasSize(g.boxes().size());
    assertNoOverlaps(g);
    for (QueryArrow edge : g.arrows()) {
      assertThat(g.isPlainLine(edge)).as("Chen's lines have no arrowheads: %s", edge).isTrue();
      assertThat(crossings(g, edge)).as("boxes crossed by %s", edge).isZero();
    }
    for (QueryArrow edge : g.arrows()) {
      if (edge.to().kind() == ElementRef.Kind.ATTRIBUTE) {
        double distance =
            Point2D.distance(
                g.box(edge.from()).bounds().getCenterX(),
                g.box(edge.from()).bounds().getCenterY(),
                g.box(edge.to()).bounds().getCenterX(),
                g.box(edge.to()).bounds().getCenterY());
        assertThat(distance).as("%s beside its owner", edge.to()).isLessThan(400);
      }
    }
  }

  @Test
  void theWorkflowRunsLeftToRightFromItsEntry() throws Exception {
    DiagramGeometry g = DiagramGeometry.of(example(), DiagramKind.WORKFLOW, STYLE);
    assertNoOverlaps(g);
    double login = g.box(ElementRef.task("Log in")).bounds().getX();
    for (BoxGeometry b : g.boxes()) {
      assertThat(b.bounds().getX()).isGreaterThanOrEqualTo(login);
    }
    assertThat(login)
        .as("room for the entry arrow")
        .isGreaterThanOrEqualTo(DiagramRenderer.ENTRY_LENGTH);
    assertThat(g.box(ElementRef.task("Show video")).bounds().getX())
        .isGreaterThan(g.box(ElementRef.task("Show latest videos")).bounds().getX());
    QueryArrow entry = g.arrows().stream().filter(a -> a.from() == null).findFirst().orElseThrow();
    assertThat(entry.label()).isEqualTo("Q1");
    assertThat(g.isPlainLine(entry)).isFalse();
  }

  @Test
  void doubledShapesAndKeyUnderlinesAreDrawn(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    DiagramGeometry g = DiagramGeometry.of(example(), DiagramKind.CONCEPTUAL, STYLE);
    byte[] png = ImageExport.png(g, 1);
    Files.write(dir.resolve("er.png"), png);
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
    Rectangle2D area = ImageExport.area(g);
    // A weak entity: two outlines on its left side, a plain one: one.
    assertThat(darkRunsAcross(image, area, g.box(ElementRef.entity("Comment")).bounds()))
        .isEqualTo(2);
    assertThat(darkRunsAcross(image, area, g.box(ElementRef.entity("User")).bounds())).isEqualTo(1);
    // The key attribute's name is underlined: a dark horizontal run below its text.
    Rectangle2D key = g.box(ElementRef.attribute("User", "user_id")).bounds();
    Rectangle2D plain = g.box(ElementRef.attribute("User", "email")).bounds();
    assertThat(longestDarkRowBelowMiddle(image, area, key)).isGreaterThan(20);
    assertThat(longestDarkRowBelowMiddle(image, area, plain)).isLessThan(10);
  }

  /** How many separate dark runs a horizontal scan from left of the box into it crosses. */
  private static int darkRunsAcross(BufferedImage image, Rectangle2D area, Rectangle2D box) {
    int y = (int) Math.round(box.getCenterY() - area.getY() + 8);
    int runs = 0;
    boolean inRun = false;
    for (int x = (int) (box.getX() - area.getX() - 4); x < box.getX() - area.getX() + 12; x++) {
      boolean dark = luminance(image.getRGB(x, y)) < 140;
      if (dark && !inRun) {
        runs++;
      }
      inRun = dark;
    }
    return runs;
  }

  private static int longestDarkRowBelowMiddle(
      BufferedImage image, Rectangle2D area, Rectangle2D box) {
    int longest = 0;
    for (int y = (int) (box.getCenterY() - area.getY() + 2);
        y < box.getMaxY() - area.getY() - 3;
        y++) {
      int run = 0;
      for (int x = (int) (box.getX() - area.getX() + 6); x < box.getMaxX() - area.getX() - 6; x++) {
        run = luminance(image.getRGB(x, y)) < 120 ? run + 1 : 0;
        longest = Math.max(longest, run);
      }
    }
    return longest;
  }

  private static int luminance(int rgb) {
    return (((rgb >> 16) & 0xFF) * 3 + ((rgb >> 8) & 0xFF) * 6 + (rgb & 0xFF)) / 10;
  }

  @Test
  void theTwoLinesOfARecursiveRelationshipRunSideBySide() throws Exception {
    assertRecursiveLinesApart("follower", "followee");
  }

  @Test
  void endsAlikeWithoutRolesAreStillTwoLines() throws Exception {
    // As dragging User's handle onto follows twice makes it (ER-RECURSIVE-ROLES warns): one line
    // before, the two ends equal as edges.
    assertRecursiveLinesApart("", "");
  }

  @Test
  void noLineRunsThroughADiamondOrAnEntityWhereCrossingAnOvalDoes() throws Exception {
    // The KillrVideo example with User follows User, laid out automatically: posts' line to User
    // took an elbow through the uploads diamond, along uploads' own lines, rather than cross the
    // encoding oval.
    DiagramGeometry g =
        DiagramGeometry.of(withFollows("follower", "followee"), DiagramKind.CONCEPTUAL, STYLE);
    for (QueryArrow edge : g.arrows()) {
      assertThat(crossed(g, edge))
          .as("shapes other than ovals crossed by %s", edge)
          .allMatch(b -> b.box().element().kind() == ElementRef.Kind.ATTRIBUTE);
    }
  }

  @Test
  void anAttributeAddedWithoutAPlaceGoesOffTheLinesDrawnAlready() throws Exception {
    // The day bucket QUERY-NO-EQUALITY's fix adds to Video: its oval had sat just above Video, on
    // the lines to preview_thumbnails and encoding.
    // As the editor has it: every box placed (the example's laid out when opened).
    Project laidOut = example();
    laidOut =
        laidOut.withConceptualLayout(
            laidOut
                .conceptualLayout()
                .withPositions(
                    DiagramGeometry.of(laidOut, DiagramKind.CONCEPTUAL, STYLE).autoPlaced()));
    Project p =
        org.keyspacestudio.model.edit.ConceptualEdits.addTypedAttribute("Video", "day", "date")
            .change()
            .apply(laidOut);
    DiagramGeometry g = DiagramGeometry.of(p, DiagramKind.CONCEPTUAL, STYLE);
    ElementRef day = ElementRef.attribute("Video", "day");
    assertThat(g.autoPlaced()).containsOnlyKeys(day);
    assertNoOverlaps(g);
    for (QueryArrow edge : g.arrows()) {
      assertThat(crossed(g, edge))
          .as("boxes crossed by %s", edge)
          .noneMatch(b -> b.box().element().equals(day));
      if (day.equals(edge.to())) {
        assertThat(crossed(g, edge)).as("boxes its own line crosses").isEmpty();
      }
    }
    // Still beside its owner.
    assertThat(
            g.box(day).bounds().getCenterY()
                - g.box(ElementRef.entity("Video")).bounds().getCenterY())
        .isBetween(-250.0, 250.0);
  }

  /** The models recovered from a corpus file's tables, as Model > Recover Models from Tables. */
  private static Project recovered(String corpusFile) throws Exception {
    Project tables =
        org.keyspacestudio.model.project.ModelFiles.load(
                List.of(org.keyspacestudio.model.Corpus.dir().resolve(corpusFile)))
            .project();
    return org.keyspacestudio.model.edit.ReverseEdits.recovered(
            tables, org.keyspacestudio.model.edit.ReverseEdits.keyspaceOf(tables))
        .project();
  }

  /** The bounds of an owner's box and its attribute ovals (not their parts). */
  private static Rectangle2D withOvals(DiagramGeometry g, ElementRef owner) {
    Rectangle2D all = new Rectangle2D.Double();
    all.setRect(g.box(owner).bounds());
    for (QueryArrow edge : g.arrows()) {
      if (owner.equals(edge.from()) && edge.to().kind() == ElementRef.Kind.ATTRIBUTE) {
        all.add(g.box(edge.to()).bounds());
      }
    }
    return all;
  }

  @Test
  void anEntityWithManyAttributesKeepsThemOnACompactRing() throws Exception {
    // KillrVideo v3's recovered Video has 17 attributes and four relationships. Its ovals were on
    // an ellipse that grew taller than wide: 1,100 pixels from the top oval to the bottom one.
    Project p = recovered("KillrVideo__killrvideo-data__schema-v3.cql");
    DiagramGeometry g = DiagramGeometry.of(p, DiagramKind.CONCEPTUAL, STYLE);
    ElementRef video = ElementRef.entity("Video");
    Rectangle2D ring = withOvals(g, video);
    assertThat(ring.getHeight()).as("Video and its ovals, %s", ring).isLessThan(600);
    assertThat(ring.getWidth() * ring.getHeight()).isLessThan(500_000);
    assertNoOverlaps(g);
    for (QueryArrow edge : g.arrows()) {
      assertThat(crossed(g, edge))
          .as("shapes other than ovals crossed by %s", edge)
          .allMatch(b -> b.box().element().kind() == ElementRef.Kind.ATTRIBUTE);
      if (edge.to().kind() == ElementRef.Kind.ATTRIBUTE) {
        assertThat(crossed(g, edge)).as("boxes crossed by %s", edge).isEmpty();
      }
    }
  }

  @Test
  void eachRelationshipSitsBetweenItsEntitiesAndNoRelationshipLinesCross() throws Exception {
    // Relationships whose first entities go round a cycle (the training schema's comment is Video
    // to User; video_interaction and user_video are User to Video): ELK turned one round, comment
    // sat right of Video and its line ran to User at the far left, through Video's ovals. The
    // recovered corpus ER diagrams had 36 crossings of lines, 9 in this one.
    for (String file :
        List.of(
            "datastax-training__killrvideo-sample-schema__physical_killrvideo.cql",
            "KillrVideo__killrvideo-data__schema-v3.cql")) {
      Project p = recovered(file);
      DiagramGeometry g = DiagramGeometry.of(p, DiagramKind.CONCEPTUAL, STYLE);
      for (var r : p.conceptual().relationships()) {
        List<String> ends = r.ends().stream().map(e -> e.entity()).distinct().toList();
        if (ends.size() == 2) {
          double a = g.box(ElementRef.entity(ends.get(0))).bounds().getCenterX();
          double b = g.box(ElementRef.entity(ends.get(1))).bounds().getCenterX();
          assertThat(g.box(ElementRef.relationship(r.name())).bounds().getCenterX())
              .as("%s in %s, between %s and %s", r.name(), file, ends.get(0), ends.get(1))
              .isStrictlyBetween(Math.min(a, b), Math.max(a, b));
        }
      }
      List<java.awt.geom.Line2D> lines = new ArrayList<>();
      List<QueryArrow> of = new ArrayList<>();
      for (QueryArrow e : g.arrows()) {
        List<Point2D> route = g.path(e).route();
        for (int i = 0; i + 1 < route.size(); i++) {
          lines.add(new java.awt.geom.Line2D.Double(route.get(i), route.get(i + 1)));
          of.add(e);
        }
      }
      for (int i = 0; i < lines.size(); i++) {
        for (int j = i + 1; j < lines.size(); j++) {
          QueryArrow x = of.get(i);
          QueryArrow y = of.get(j);
          boolean meet =
              x.to().equals(y.to())
                  || x.to().equals(y.from())
                  || (x.from() != null && (x.from().equals(y.from()) || x.from().equals(y.to())));
          if (!meet) {
            assertThat(lines.get(i).intersectsLine(lines.get(j)))
                .as("%s crosses %s in %s", x, y, file)
                .isFalse();
          }
        }
      }
    }
  }

  @Test
  void tasksOneTaskLeadsToAreLaidOutInTheWorkflowsOrder() throws Exception {
    // The training schema's recovered Show Video leads to the tasks of the comments, trailers,
    // actors and interactions of a Video. ELK had put tasks in an order of its own (recovered v3's
    // Start led to Show Video Rating first, Show Video last).
    Project p = recovered("datastax-training__killrvideo-sample-schema__physical_killrvideo.cql");
    DiagramGeometry g = DiagramGeometry.of(p, DiagramKind.WORKFLOW, STYLE);
    List<String> shown =
        p.workflow().transitions().stream()
            .filter(t -> "Show Video".equals(t.from()))
            .map(t -> t.to())
            .toList();
    assertThat(shown)
        .containsExactly("Show Comment", "Show Trailer", "Show Actor", "Show Video Interaction");
    List<String> topToBottom =
        shown.stream()
            .sorted(
                java.util.Comparator.comparingDouble(
                    n -> g.box(ElementRef.task(n)).bounds().getMinY()))
            .toList();
    assertThat(topToBottom).containsExactlyElementsOf(shown);
  }

  @Test
  void recoveredErDiagramsRelationshipLinesCrossNoShapeAndNoAttributeLine() throws Exception {
    // Recovered KillrVideo v4's user_comment sits right of and below Video's ring, User on the
    // left: its straight line to User ran through the rating_counter oval and the lines of
    // Video's rating_total and added_date and video_recommendation's rating.
    List<String> crossed = new ArrayList<>();
    for (Path file : org.keyspacestudio.model.Corpus.files()) {
      Project p;
      try {
        p = recovered(file.getFileName().toString());
      } catch (RuntimeException notRecoverable) {
        continue;
      }
      DiagramGeometry g = DiagramGeometry.of(p, DiagramKind.CONCEPTUAL, STYLE);
      for (QueryArrow line : g.arrows()) {
        if (line.to().kind() == ElementRef.Kind.ATTRIBUTE) {
          continue;
        }
        for (BoxGeometry b : crossed(g, line)) {
          crossed.add(file.getFileName() + ": " + line + " through " + b.box().title());
        }
        List<Point2D> r = g.path(line).route();
        for (QueryArrow other : g.arrows()) {
          if (other.to().kind() != ElementRef.Kind.ATTRIBUTE
              || other.from().equals(line.from())
              || other.from().equals(line.to())) {
            continue;
          }
          List<Point2D> q = g.path(other).route();
          for (int i = 0; i + 1 < r.size(); i++) {
            for (int j = 0; j + 1 < q.size(); j++) {
              if (java.awt.geom.Line2D.linesIntersect(
                  r.get(i).getX(),
                  r.get(i).getY(),
                  r.get(i + 1).getX(),
                  r.get(i + 1).getY(),
                  q.get(j).getX(),
                  q.get(j).getY(),
                  q.get(j + 1).getX(),
                  q.get(j + 1).getY())) {
                crossed.add(file.getFileName() + ": " + line + " across the line to " + other.to());
              }
            }
          }
        }
      }
    }
    assertThat(crossed).isEmpty();
  }

  @Test
  void recoveredWorkflowsTransitionsRunPastTheTasksBetween() throws Exception {
    // Recovered v3's Q9 runs from Show User to Show Video Recommendation, two layers on: its
    // straight line went through Show Video's header, which stands in the layer between.
    int crossings = 0;
    List<String> crossed = new ArrayList<>();
    for (Path file : org.keyspacestudio.model.Corpus.files()) {
      Project p;
      try {
        p = recovered(file.getFileName().toString());
      } catch (RuntimeException notRecoverable) {
        continue;
      }
      if (p.workflow().tasks().isEmpty()) {
        continue;
      }
      for (DiagramKind kind : List.of(DiagramKind.WORKFLOW, DiagramKind.LOGICAL)) {
        DiagramGeometry g = DiagramGeometry.of(p, kind, STYLE);
        for (QueryArrow edge : g.arrows()) {
          for (BoxGeometry b : crossed(g, edge)) {
            crossings++;
            crossed.add(
                file.getFileName()
                    + " "
                    + kind
                    + ": "
                    + edge.label()
                    + " through "
                    + b.box().title());
          }
        }
      }
    }
    assertThat(crossed).as("%d boxes crossed", crossings).isEmpty();
  }

  @Test
  void anEntityNoRelationshipJoinsHasItsOvalsAllRoundIt() throws Exception {
    // cqlshlib's has_all_types: one table of 21 columns, no relationship. Its ovals had stayed
    // off the left and right, where lines of relationships would run.
    Project p = recovered("xiaodizi__cassandra__pylib_cqlshlib_test_test_keyspace_init.cql");
    DiagramGeometry g = DiagramGeometry.of(p, DiagramKind.CONCEPTUAL, STYLE);
    ElementRef entity = ElementRef.entity("HasAllType");
    Rectangle2D core = g.box(entity).bounds();
    List<Rectangle2D> beside = new ArrayList<>();
    for (QueryArrow edge : g.arrows()) {
      if (entity.equals(edge.from())) {
        Rectangle2D oval = g.box(edge.to()).bounds();
        if (oval.getMaxY() > core.getMinY() && oval.getMinY() < core.getMaxY()) {
          beside.add(oval);
        }
      }
    }
    assertThat(beside).anyMatch(o -> o.getMaxX() < core.getMinX());
    assertThat(beside).anyMatch(o -> o.getMinX() > core.getMaxX());
    assertNoOverlaps(g);
  }

  private static Project withFollows(String role, String otherRole) throws Exception {
    Project example = example();
    var conceptual = example.conceptual();
    List<org.keyspacestudio.model.conceptual.Relationship> relationships =
        new ArrayList<>(conceptual.relationships());
    relationships.add(
        new org.keyspacestudio.model.conceptual.Relationship(
            "follows",
            false,
            List.of(
                new org.keyspacestudio.model.conceptual.Relationship.End(
                    "User", org.keyspacestudio.model.conceptual.Cardinality.N, role),
                new org.keyspacestudio.model.conceptual.Relationship.End(
                    "User", org.keyspacestudio.model.conceptual.Cardinality.N, otherRole)),
            List.of(),
            List.of()));
    return example.withConceptual(conceptual.withRelationships(relationships));
  }

  private static void assertRecursiveLinesApart(String role, String otherRole) throws Exception {
    DiagramGeometry g =
        DiagramGeometry.of(withFollows(role, otherRole), DiagramKind.CONCEPTUAL, STYLE);
    List<QueryArrow> lines =
        g.arrows().stream()
            .filter(a -> ElementRef.relationship("follows").equals(a.from()))
            .toList();
    assertThat(lines).hasSize(2);
    List<Point2D> one = g.path(lines.get(0)).route();
    List<Point2D> other = g.path(lines.get(1)).route();
    double apart = Double.MAX_VALUE;
    for (Point2D p : one) {
      for (int i = 0; i < other.size() - 1; i++) {
        apart =
            Math.min(
                apart,
                new java.awt.geom.Line2D.Double(other.get(i), other.get(i + 1)).ptSegDist(p));
      }
    }
    // One line before: the two roles' labels the only sign of two ends.
    assertThat(apart).isGreaterThan(10);
    // Each still runs from the diamond's outline to the entity's.
    for (List<Point2D> r : List.of(one, other)) {
      assertThat(nearOutline(g.box(ElementRef.relationship("follows")).outline(STYLE), r.get(0)))
          .isTrue();
      assertThat(nearOutline(g.box(ElementRef.entity("User")).outline(STYLE), r.get(r.size() - 1)))
          .isTrue();
    }
  }

  @Test
  void aRelationshipLineThatPassesTheCornerOfAnOvalsRectangleStaysStraight() {
    // Placed as drawn in the editor: Customer's multi-valued phones below and to its right, the
    // relationship places further down and right. The straight line from Customer to places runs
    // through the corner of the phones oval's bounding rectangle, not the oval.
    var model =
        new org.keyspacestudio.model.conceptual.ConceptualModel(
            List.of(
                new org.keyspacestudio.model.conceptual.Entity(
                    "Customer",
                    false,
                    List.of(
                        org.keyspacestudio.model.conceptual.Attribute.simple("customer_id", "uuid"),
                        org.keyspacestudio.model.conceptual.Attribute.multiValued("phones", "")),
                    List.of()),
                new org.keyspacestudio.model.conceptual.Entity(
                    "Order", false, List.of(), List.of())),
            List.of(
                new org.keyspacestudio.model.conceptual.Relationship(
                    "places",
                    false,
                    List.of(
                        new org.keyspacestudio.model.conceptual.Relationship.End(
                            "Customer", org.keyspacestudio.model.conceptual.Cardinality.ONE, ""),
                        new org.keyspacestudio.model.conceptual.Relationship.End(
                            "Order", org.keyspacestudio.model.conceptual.Cardinality.N, "")),
                    List.of(),
                    List.of())),
            List.of());
    ElementRef customer = ElementRef.entity("Customer");
    ElementRef phones = ElementRef.attribute("Customer", "phones");
    ElementRef places = ElementRef.relationship("places");
    var layout =
        new org.keyspacestudio.model.diagram.Layout(
            java.util.Map.of(
                ElementRef.attribute("Customer", "customer_id"),
                new org.keyspacestudio.model.diagram.Point(158, 98),
                phones,
                new org.keyspacestudio.model.diagram.Point(262, 234),
                customer,
                new org.keyspacestudio.model.diagram.Point(200, 160),
                ElementRef.entity("Order"),
                new org.keyspacestudio.model.diagram.Point(320, 80),
                places,
                new org.keyspacestudio.model.diagram.Point(361, 273)));
    DiagramGeometry g =
        DiagramGeometry.of(
            Project.empty().withConceptual(model).withConceptualLayout(layout),
            DiagramKind.CONCEPTUAL,
            STYLE);
    QueryArrow line =
        g.arrows().stream()
            .filter(a -> places.equals(a.from()) && customer.equals(a.to()))
            .findFirst()
            .orElseThrow();
    List<Point2D> route = g.path(line).route();
    var segment = new java.awt.geom.Line2D.Double(route.get(0), route.get(route.size() - 1));
    assertThat(g.box(phones).bounds().intersectsLine(segment))
        .as("the straight line meets the oval's rectangle")
        .isTrue();
    // An elbow through the empty space before: Chen's lines are straight.
    assertThat(route).hasSize(2);
    assertThat(crossings(g, line)).isZero();
    // A line through the oval itself still goes round it.
    assertThat(DiagramRenderer.meets(g.box(phones), segment, STYLE)).isFalse();
    var through =
        new java.awt.geom.Line2D.Double(
            g.box(phones).bounds().getMinX(),
            g.box(phones).bounds().getCenterY(),
            g.box(phones).bounds().getMaxX() + 5,
            g.box(phones).bounds().getCenterY());
    assertThat(DiagramRenderer.meets(g.box(phones), through, STYLE)).isTrue();
  }

  /** Whether a point lies on a shape's outline, within half a pixel. */
  private static boolean nearOutline(java.awt.Shape shape, Point2D p) {
    boolean inside = false;
    boolean outside = false;
    for (double dx = -0.5; dx <= 0.5; dx += 0.5) {
      for (double dy = -0.5; dy <= 0.5; dy += 0.5) {
        if (shape.contains(p.getX() + dx, p.getY() + dy)) {
          inside = true;
        } else {
          outside = true;
        }
      }
    }
    return inside && outside;
  }
}
