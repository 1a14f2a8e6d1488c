package org.keyspacestudio.export.diagram;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.keyspacestudio.model.Corpus;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.schema.Schema;

/**
 * The logical and the physical Chebotko diagram share their boxes' positions: wherever the
 * automatic layout placed the boxes, in one view or the other, no two overlap in either. Laid out
 * at the logical size (as the editor does after mapping, showing the logical view first), the wider
 * physical boxes of the mapped KillrVideo tables overlapped.
 */
class SharedPositionsTest {

  static Stream<Path> corpus() {
    return Corpus.files().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void boxesLaidOutAtOneLevelDoNotOverlapAtTheOther(Path file) throws IOException {
    Schema schema = CqlImporter.readFiles(List.of(file)).schema();
    for (Diagram.Level laidOut : Diagram.Level.values()) {
      Diagram empty = Diagram.empty().withLevel(laidOut);
      var placed = DiagramGeometry.of(schema, empty, DiagramStyle.DEFAULT).autoPlaced();
      for (Diagram.Level shown : Diagram.Level.values()) {
        DiagramGeometry g =
            DiagramGeometry.of(
                schema, empty.withPositions(placed).withLevel(shown), DiagramStyle.DEFAULT);
        assertThat(g.autoPlaced()).as("every box has a position").isEmpty();
        assertThat(overlaps(g))
            .as("boxes laid out in the %s view, overlapping in the %s view", laidOut, shown)
            .isEmpty();
      }
    }
  }

  /** The pairs of boxes whose rectangles intersect, as "a / b". */
  private static List<String> overlaps(DiagramGeometry g) {
    List<BoxGeometry> boxes = List.copyOf(g.boxes());
    List<String> found = new ArrayList<>();
    for (int i = 0; i < boxes.size(); i++) {
      for (int j = i + 1; j < boxes.size(); j++) {
        Rectangle2D a = boxes.get(i).bounds();
        Rectangle2D b = boxes.get(j).bounds();
        if (a.intersects(b)) {
          found.add(boxes.get(i).box().element() + " / " + boxes.get(j).box().element());
        }
      }
    }
    return found;
  }
}
