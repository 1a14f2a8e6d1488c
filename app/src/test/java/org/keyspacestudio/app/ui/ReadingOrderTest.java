package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.geom.Rectangle2D;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.export.diagram.BoxGeometry;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Box;
import org.keyspacestudio.model.schema.ElementRef;

/** The order Tab takes through a diagram's boxes (no JavaFX needed). */
class ReadingOrderTest {

  private static BoxGeometry box(String name, double x, double y, double height) {
    Box box =
        new Box(
            ElementRef.table(CqlIdentifier.of("ks"), CqlIdentifier.of(name)),
            Box.Kind.TABLE,
            name,
            List.of());
    return new BoxGeometry(box, new Rectangle2D.Double(x, y, 120, height), 60, 40, 20);
  }

  private static List<String> order(BoxGeometry... boxes) {
    return DiagramCanvas.readingOrder(List.of(boxes)).stream().map(b -> b.box().title()).toList();
  }

  @Test
  void boxesAFewPixelsApartInHeightReadAsOneRowFromTheLeft() {
    // "right" is 4 pixels higher than "left", yet beside it: the row reads left, right. Then
    // "far_below" (240-280) and "below" (250-310), which starts above its middle: one row.
    assertThat(
            order(
                box("right", 300, 96, 80),
                box("left", 40, 100, 120),
                box("below", 20, 250, 60),
                box("far_below", 400, 240, 40)))
        .containsExactly("left", "right", "below", "far_below");
  }

  @Test
  void aBoxWhoseTopIsBelowTheMiddleOfTheRowStartsTheNextRow() {
    // The first box spans 100-200: "next" starts at 151, below its middle, and comes after
    // "beside" (at 140) although it is further left.
    assertThat(
            order(
                box("first", 200, 100, 100), box("next", 0, 151, 40), box("beside", 400, 140, 40)))
        .containsExactly("first", "beside", "next");
  }
}
