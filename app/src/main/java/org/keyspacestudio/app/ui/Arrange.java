package org.keyspacestudio.app.ui;

import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * View > Arrange: lines boxes up or spaces them evenly, as drawing tools do. Pure geometry over the
 * boxes' bounds (diagram pixels); the result is each box's move (dx, dy), which the canvas applies
 * to the box and its companions (an entity's attribute ovals) as one edit.
 */
enum Arrange {
  /** Left edges on the leftmost one's. */
  ALIGN_LEFT("Align _Left"),
  /** Centres on the vertical line through the middle of all of them. */
  ALIGN_CENTER("Align _Centres"),
  /** Right edges on the rightmost one's. */
  ALIGN_RIGHT("Align _Right"),
  /** Top edges on the topmost one's. */
  ALIGN_TOP("Align _Top"),
  /** Middles on the horizontal line through the middle of all of them. */
  ALIGN_MIDDLE("Align _Middles"),
  /** Bottom edges on the lowest one's. */
  ALIGN_BOTTOM("Align _Bottom"),
  /** The same gap between neighbours from left to right; the outermost two stay. */
  DISTRIBUTE_HORIZONTALLY("Distribute _Horizontally"),
  /** The same gap between neighbours from top to bottom; the outermost two stay. */
  DISTRIBUTE_VERTICALLY("Distribute _Vertically");

  private final String label;

  Arrange(String label) {
    this.label = label;
  }

  /** The menu item's text, with its mnemonic. */
  String label() {
    return label;
  }

  /** How many boxes it needs: two to align, three to distribute. */
  int needs() {
    return this == DISTRIBUTE_HORIZONTALLY || this == DISTRIBUTE_VERTICALLY ? 3 : 2;
  }

  /**
   * How far each box moves, in diagram pixels, as {dx, dy}; boxes that stay are left out.
   *
   * @param boxes the boxes' bounds by element, in diagram pixels; fewer than {@link #needs()} move
   *     none
   */
  <K> Map<K, double[]> moves(Map<K, Rectangle2D> boxes) {
    Map<K, double[]> moves = new LinkedHashMap<>();
    if (boxes.size() < needs()) {
      return moves;
    }
    Rectangle2D all = null;
    for (Rectangle2D b : boxes.values()) {
      all = all == null ? (Rectangle2D) b.clone() : all.createUnion(b);
    }
    if (this == DISTRIBUTE_HORIZONTALLY || this == DISTRIBUTE_VERTICALLY) {
      boolean across = this == DISTRIBUTE_HORIZONTALLY;
      List<Map.Entry<K, Rectangle2D>> order = new ArrayList<>(boxes.entrySet());
      order.sort(
          Comparator.comparingDouble(
              e -> across ? e.getValue().getCenterX() : e.getValue().getCenterY()));
      Rectangle2D first = order.get(0).getValue();
      Rectangle2D last = order.get(order.size() - 1).getValue();
      double span = across ? last.getMaxX() - first.getMinX() : last.getMaxY() - first.getMinY();
      double sizes = 0;
      for (var e : order) {
        sizes += across ? e.getValue().getWidth() : e.getValue().getHeight();
      }
      double gap = (span - sizes) / (order.size() - 1);
      double at = across ? first.getMinX() : first.getMinY();
      for (var e : order) {
        Rectangle2D b = e.getValue();
        double d = at - (across ? b.getMinX() : b.getMinY());
        if (Math.abs(d) > 1e-9) {
          moves.put(e.getKey(), across ? new double[] {d, 0} : new double[] {0, d});
        }
        at += (across ? b.getWidth() : b.getHeight()) + gap;
      }
      return moves;
    }
    for (var e : boxes.entrySet()) {
      Rectangle2D b = e.getValue();
      double dx =
          switch (this) {
            case ALIGN_LEFT -> all.getMinX() - b.getMinX();
            case ALIGN_CENTER -> all.getCenterX() - b.getCenterX();
            case ALIGN_RIGHT -> all.getMaxX() - b.getMaxX();
            default -> 0;
          };
      double dy =
          switch (this) {
            case ALIGN_TOP -> all.getMinY() - b.getMinY();
            case ALIGN_MIDDLE -> all.getCenterY() - b.getCenterY();
            case ALIGN_BOTTOM -> all.getMaxY() - b.getMaxY();
            default -> 0;
          };
      if (Math.abs(dx) > 1e-9 || Math.abs(dy) > 1e-9) {
        moves.put(e.getKey(), new double[] {dx, dy});
      }
    }
    return moves;
  }
}
