package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.geom.Rectangle2D;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** View > Arrange's geometry: what each alignment and distribution moves, in diagram pixels. */
class ArrangeTest {

  /** Three boxes: a at (0, 0) 100 x 50, b at (150, 30) 60 x 100, c at (400, 10) 80 x 20. */
  private static Map<String, Rectangle2D> boxes() {
    Map<String, Rectangle2D> boxes = new LinkedHashMap<>();
    boxes.put("a", new Rectangle2D.Double(0, 0, 100, 50));
    boxes.put("b", new Rectangle2D.Double(150, 30, 60, 100));
    boxes.put("c", new Rectangle2D.Double(400, 10, 80, 20));
    return boxes;
  }

  private static String moves(Arrange how) {
    StringBuilder out = new StringBuilder();
    how.moves(boxes())
        .forEach(
            (k, d) -> out.append(k).append(' ').append(d[0]).append(',').append(d[1]).append(';'));
    return out.toString();
  }

  @Test
  void alignmentsLineTheEdgesOrCentresUpOnTheOuterOnesOrTheMiddle() {
    assertThat(moves(Arrange.ALIGN_LEFT)).isEqualTo("b -150.0,0.0;c -400.0,0.0;");
    assertThat(moves(Arrange.ALIGN_RIGHT)).isEqualTo("a 380.0,0.0;b 270.0,0.0;");
    // All span 0..480: centre 240.
    assertThat(moves(Arrange.ALIGN_CENTER)).isEqualTo("a 190.0,0.0;b 60.0,0.0;c -200.0,0.0;");
    assertThat(moves(Arrange.ALIGN_TOP)).isEqualTo("b 0.0,-30.0;c 0.0,-10.0;");
    assertThat(moves(Arrange.ALIGN_BOTTOM)).isEqualTo("a 0.0,80.0;c 0.0,100.0;");
    // All span 0..130: middle 65.
    assertThat(moves(Arrange.ALIGN_MIDDLE)).isEqualTo("a 0.0,40.0;b 0.0,-15.0;c 0.0,45.0;");
  }

  @Test
  void distributingLeavesTheOuterBoxesAndEvensTheGaps() {
    // 0..480 holds 240 pixels of boxes: gaps of 120; b goes to 220.
    assertThat(moves(Arrange.DISTRIBUTE_HORIZONTALLY)).isEqualTo("b 70.0,0.0;");
    // By centre from the top: c (20), a (25), b (80); 10..130 holds 170 of boxes: gaps of -25.
    assertThat(moves(Arrange.DISTRIBUTE_VERTICALLY)).isEqualTo("a 0.0,5.0;");
  }

  @Test
  void tooFewBoxesMoveNone() {
    Map<String, Rectangle2D> two = boxes();
    two.remove("c");
    assertThat(Arrange.DISTRIBUTE_HORIZONTALLY.moves(two)).isEmpty();
    two.remove("b");
    assertThat(Arrange.ALIGN_LEFT.moves(two)).isEmpty();
  }
}
