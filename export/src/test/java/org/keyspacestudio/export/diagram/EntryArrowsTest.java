package org.keyspacestudio.export.diagram;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.geom.Line2D;
import java.awt.geom.Point2D;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.Corpus;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.DiagramKind;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.ReverseEdits;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;

/**
 * An entry arrow (a query the workflow starts with) comes from no table, so on an automatically
 * laid-out Chebotko diagram it must not seem to come from one: on every corpus schema with its
 * models recovered, each entry arrow starts clear of every other box and crosses none.
 */
class EntryArrowsTest {

  private static final DiagramStyle STYLE = DiagramStyle.DEFAULT;

  @Test
  void everyEntryArrowStartsClearOfOtherBoxesAndCrossesNone() throws Exception {
    int entries = 0;
    int schemas = 0;
    List<String> crowded = new ArrayList<>();
    for (Path file : Corpus.files()) {
      Project project = new Project(CqlImporter.readFiles(List.of(file)).schema());
      // The first keyspace with tables, named or not (a script may name none).
      var withTables =
          project.schema().keyspaces().stream().filter(k -> !k.tables().isEmpty()).findFirst();
      if (withTables.isEmpty()) {
        continue;
      }
      CqlIdentifier ks = withTables.get().name();
      assertThat(ReverseEdits.refusal(project, ks)).as("%s", file).isNull();
      Document doc = new Document(project, null);
      doc.perform(ReverseEdits.recover(ks));
      schemas++;
      DiagramGeometry g = DiagramGeometry.of(doc.project(), DiagramKind.PHYSICAL, STYLE);
      for (QueryArrow arrow : g.arrows()) {
        if (arrow.from() != null) {
          continue;
        }
        entries++;
        List<Point2D> route = g.path(arrow).route();
        Point2D tail = route.get(0);
        for (BoxGeometry box : g.boxes()) {
          if (box.box().element().equals(arrow.to())) {
            continue;
          }
          double clearance = distance(box, tail);
          boolean crosses = false;
          for (int i = 0; i < route.size() - 1; i++) {
            crosses |=
                box.bounds().intersectsLine(new Line2D.Double(route.get(i), route.get(i + 1)));
          }
          if (crosses || clearance < DiagramRenderer.ENTRY_CLEARANCE) {
            crowded.add(
                file.getFileName()
                    + ": "
                    + arrow.label()
                    + " into "
                    + g.box(arrow.to()).box().title()
                    + " starts "
                    + Math.round(clearance)
                    + " px from "
                    + box.box().title()
                    + (crosses ? " and crosses it" : ""));
          }
        }
      }
    }
    System.out.println(
        entries
            + " entry arrows on "
            + schemas
            + " recovered corpus schemas, "
            + crowded.size()
            + " crowded");
    crowded.stream().limit(20).forEach(c -> System.out.println("  " + c));
    // 41 of 89: the others come from the table of a query that holds the values they give (all 89
    // were entries while the recovered workflow hung every task from its start task).
    assertThat(entries).isGreaterThan(35);
    assertThat(crowded).isEmpty();
  }

  /** How far a point is from a box's rectangle, diagram pixels (0 inside it). */
  private static double distance(BoxGeometry box, Point2D p) {
    var r = box.bounds();
    double dx = Math.max(Math.max(r.getMinX() - p.getX(), 0), p.getX() - r.getMaxX());
    double dy = Math.max(Math.max(r.getMinY() - p.getY(), 0), p.getY() - r.getMaxY());
    return Math.hypot(dx, dy);
  }
}
