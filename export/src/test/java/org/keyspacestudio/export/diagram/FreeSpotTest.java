package org.keyspacestudio.export.diagram;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.diagram.Box;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.schema.ElementRef;

/** A box made from the keyboard or a palette goes beside the boxes there, never on them. */
class FreeSpotTest {

  /** Entities of 120 x 40 at the given corners. */
  private static DiagramGeometry entitiesAt(Point... corners) {
    List<Box> boxes = new ArrayList<>();
    Map<ElementRef, Point> positions = new HashMap<>();
    for (int i = 0; i < corners.length; i++) {
      ElementRef ref = ElementRef.entity("E" + i);
      boxes.add(new Box(ref, Box.Kind.ENTITY, "E" + i, List.of()));
      positions.put(ref, corners[i]);
    }
    return DiagramGeometry.of(
        boxes, Diagram.empty().withPositions(positions), DiagramStyle.DEFAULT);
  }

  private static boolean clear(DiagramGeometry g, Point p, double w, double h) {
    Rectangle2D r = new Rectangle2D.Double(p.x(), p.y(), w, h);
    return g.boxes().stream().noneMatch(b -> b.bounds().intersects(r));
  }

  @Test
  void theWantedPlaceWhenFreeElseTheNearestFreeOne() {
    DiagramGeometry empty = entitiesAt();
    assertThat(empty.freeSpotAt(200, 100, 140, 50, 40)).isEqualTo(new Point(200, 100));

    DiagramGeometry one = entitiesAt(new Point(200, 100));
    Point p = one.freeSpotAt(200, 100, 140, 50, 40);
    assertThat(p).isNotEqualTo(new Point(200, 100));
    assertThat(clear(one, p, 140, 50)).isTrue();
    // The nearest free place, which is beside or below the box, not far away.
    assertThat(Math.hypot(p.x() - 200, p.y() - 100)).isLessThanOrEqualTo(200);
  }

  @Test
  void aCrowdedPlaceSendsTheBoxToTheNearestGap() {
    List<Point> grid = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      for (int j = 0; j < 6; j++) {
        grid.add(new Point(i * 160, j * 80));
      }
    }
    DiagramGeometry crowded = entitiesAt(grid.toArray(Point[]::new));
    Point p = crowded.freeSpotAt(300, 200, 140, 50, 40);
    assertThat(clear(crowded, p, 140, 50)).isTrue();
    Rectangle2D all = crowded.boxBounds();
    assertThat(all.intersects(p.x(), p.y(), 140, 50)).isFalse();
  }
}
