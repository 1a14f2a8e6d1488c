package org.keyspacestudio.export.diagram;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import org.keyspacestudio.model.diagram.Box;
import org.keyspacestudio.model.diagram.QueryArrow;

/**
 * Draws a diagram on any {@link Graphics2D}: the editor's canvas, a PNG, an SVG or a PDF. Boxes are
 * drawn by their shape ({@link Box.Shape}): records for Chebotko tables, views and UDTs and for ER
 * entities, diamonds for ER relationships, rounded records for workflow tasks. This is the only
 * drawing code, so what the editor shows is what an export contains.
 *
 * <p>Coordinates are diagram pixels; the caller sets the transform (zoom, pan, export origin).
 */
public final class DiagramRenderer {

  /** How far an entry arrow starts to the left of its table, in diagram pixels. */
  public static final double ENTRY_LENGTH = 56;

  /** How far an entry arrow's tail should be from any other box, in diagram pixels. */
  static final double ENTRY_CLEARANCE = 14;

  /** The radius of the dot an entry arrow starts from, in diagram pixels. */
  static final double ENTRY_DOT = 3.5;

  /**
   * Below this many device pixels per diagram pixel, row text is unreadable (under 5 px high):
   * boxes are drawn without it. Exports draw at 1 or more, always in full.
   */
  public static final double TEXT_SCALE = 0.42;

  /** Below this scale even titles are unreadable; boxes are drawn as shapes only. */
  public static final double TITLE_SCALE = 0.22;

  private static final java.awt.font.FontRenderContext FRC =
      new java.awt.font.FontRenderContext(null, true, true);
  private static final java.util.Map<Font, float[]> LINE_METRICS =
      new java.util.concurrent.ConcurrentHashMap<>();

  private DiagramRenderer() {}

  /**
   * Paints the diagram.
   *
   * @param g where to draw; its transform maps diagram pixels to device space
   * @param geometry the boxes and arrows
   * @param state selection, problems and grid, or {@link RenderState#PLAIN}
   * @param visible the part of the diagram to draw (boxes outside it are skipped), or null for all
   */
  public static void paint(
      Graphics2D g, DiagramGeometry geometry, RenderState state, Rectangle2D visible) {
    DiagramStyle style = geometry.style();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setRenderingHint(
        RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
    if (state.grid() && visible != null) {
      grid(g, visible, style);
    }
    double scale = Math.abs(g.getTransform().getScaleX());
    // Selected boxes last, so that a box being moved is drawn over the ones it passes.
    for (boolean selectedPass : new boolean[] {false, true}) {
      for (BoxGeometry box : geometry.boxes()) {
        if (state.selected().contains(box.box().element()) != selectedPass) {
          continue;
        }
        if (visible == null || visible.intersects(box.bounds())) {
          if (!box.box().kind().shape().equals(Box.Shape.RECORD)
              && !box.box().kind().shape().equals(Box.Shape.ROUNDED)) {
            if (scale >= TEXT_SCALE) {
              chen(g, box, state, style, true);
            } else {
              // Too small to read: the shape without antialiasing, as for tables (most of the
              // cost of a thousand ovals at fit-to-window).
              Object aa = g.getRenderingHint(RenderingHints.KEY_ANTIALIASING);
              g.setRenderingHint(
                  RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
              chen(g, box, state, style, scale >= TITLE_SCALE);
              g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, aa);
            }
          } else if (scale >= TEXT_SCALE) {
            box(g, box, state, style);
          } else {
            overview(g, box, state, style, scale >= TITLE_SCALE);
          }
        }
      }
    }
    boolean small = scale < TEXT_SCALE;
    if (small) {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
    }
    for (QueryArrow arrow : geometry.arrows()) {
      if (visible != null && !visible.intersects(geometry.path(arrow).extent())) {
        continue;
      }
      arrow(g, geometry, arrow, style, state.selectedEdges().contains(arrow), !small);
    }
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
  }

  private static void grid(Graphics2D g, Rectangle2D visible, DiagramStyle style) {
    double step = 20;
    g.setColor(style.grid);
    g.setStroke(new BasicStroke(1f));
    for (double x = Math.floor(visible.getMinX() / step) * step;
        x <= visible.getMaxX();
        x += step) {
      g.draw(new Line2D.Double(x, visible.getMinY(), x, visible.getMaxY()));
    }
    for (double y = Math.floor(visible.getMinY() / step) * step;
        y <= visible.getMaxY();
        y += step) {
      g.draw(new Line2D.Double(visible.getMinX(), y, visible.getMaxX(), y));
    }
  }

  /**
   * A box too small to read: its shape, header band, row lines and marks, and maybe its title with
   * its rows' text greeked (a bar as long as each name, type and marker). Its rectangles are drawn
   * without antialiasing: they are axis-aligned, a few pixels wide, and antialiasing them was most
   * of the cost of drawing a thousand boxes.
   */
  private static void overview(
      Graphics2D g, BoxGeometry geo, RenderState state, DiagramStyle style, boolean title) {
    Object antialiasing = g.getRenderingHint(RenderingHints.KEY_ANTIALIASING);
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
    try {
      overviewShapes(g, geo, state, style, title);
    } finally {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, antialiasing);
    }
  }

  private static void overviewShapes(
      Graphics2D g, BoxGeometry geo, RenderState state, DiagramStyle style, boolean title) {
    Rectangle2D r = geo.bounds();
    Box box = geo.box();
    g.setColor(style.background);
    g.fill(r);
    g.setColor(headerColor(box, style));
    g.fill(new Rectangle2D.Double(r.getX(), r.getY(), r.getWidth(), style.headerHeight));
    double rowY = r.getY() + style.headerHeight;
    // Greeked text: a bar where each name, type and marker would be, as long as it, so that a
    // fitted diagram shows tables of columns rather than empty boxes.
    double typeX = r.getX() + style.padding + geo.nameWidth() + style.columnGap;
    double barHeight = Math.max(2, style.rowHeight * 0.36);
    for (Box.Row row : box.rows()) {
      boolean problem = state.problems().contains(row.element());
      if (problem) {
        g.setColor(state.problemColour(row.element(), style));
        g.fill(new Rectangle2D.Double(r.getX(), rowY, r.getWidth(), style.rowHeight));
      } else if (row.key()) {
        g.setColor(style.keyRowFill);
        g.fill(new Rectangle2D.Double(r.getX(), rowY, r.getWidth(), style.rowHeight));
      }
      if (title && !problem) {
        double barY = rowY + (style.rowHeight - barHeight) / 2;
        double right = r.getMaxX() - style.padding;
        double markerWidth =
            row.marker().isEmpty() ? 0 : DiagramGeometry.width(row.marker(), style.keyFont);
        g.setColor(style.greekedName);
        g.fill(
            new Rectangle2D.Double(
                r.getX() + style.padding,
                barY,
                Math.min(
                    geo.nameWidth(),
                    DiagramGeometry.width(row.name(), row.key() ? style.keyFont : style.rowFont)),
                barHeight));
        if (!row.type().isEmpty() && typeX < right - markerWidth) {
          g.setColor(style.greekedType);
          g.fill(
              new Rectangle2D.Double(
                  typeX,
                  barY,
                  Math.min(
                      right - markerWidth - style.columnGap - typeX,
                      DiagramGeometry.width(row.type(), style.rowFont)),
                  barHeight));
        }
        if (markerWidth > 0) {
          g.setColor(style.markerText);
          g.fill(new Rectangle2D.Double(right - markerWidth, barY, markerWidth, barHeight));
        }
      }
      rowY += style.rowHeight;
    }
    if (title) {
      g.setColor(style.headerText);
      text(g, box.title(), style.titleFont, r.getX() + style.padding, r.getY(), style.headerHeight);
    }
    boolean problem = state.problems().contains(box.element());
    g.setColor(problem ? state.problemColour(box.element(), style) : style.border);
    g.setStroke(new BasicStroke(problem ? 4f : 1f));
    g.draw(r);
    if (state.selected().contains(box.element())) {
      g.setColor(style.selection);
      g.setStroke(new BasicStroke(6f));
      g.draw(
          new Rectangle2D.Double(
              r.getX() - 6, r.getY() - 6, r.getWidth() + 12, r.getHeight() + 12));
    }
  }

  private static Color headerColor(Box box, DiagramStyle style) {
    return switch (box.kind()) {
      case TABLE -> style.tableHeader;
      case VIEW -> style.viewHeader;
      case TYPE -> style.typeHeader;
      case TASK -> style.taskHeader;
      default -> style.entityHeader;
    };
  }

  /**
   * A box of Chen's notation: an entity's rectangle, a relationship's diamond, an attribute's oval
   * or an IsA triangle, with its name in the middle; drawn twice (inset) for a weak entity, an
   * identifying relationship or a multi-valued attribute, the name underlined for a key attribute.
   */
  private static void chen(
      Graphics2D g, BoxGeometry geo, RenderState state, DiagramStyle style, boolean title) {
    java.awt.Shape shape = geo.outline(style);
    Rectangle2D r = geo.bounds();
    Box box = geo.box();
    g.setColor(
        switch (box.kind().shape()) {
          case DIAMOND -> style.relationshipFill;
          case ELLIPSE -> style.attributeFill;
          case TRIANGLE -> style.isaFill;
          default -> style.entityFill;
        });
    g.fill(shape);
    boolean problem = state.problems().contains(box.element());
    g.setColor(problem ? state.problemColour(box.element(), style) : style.border);
    g.setStroke(new BasicStroke(problem ? 2f : 1.2f));
    g.draw(shape);
    if (box.kind().doubled()) {
      double d = style.doubleGap;
      // A diamond's inner outline keeps the same distance from the outer one along its sides.
      double dy = box.kind().shape() == Box.Shape.DIAMOND ? d * 2.2 : d;
      double dx =
          box.kind().shape() == Box.Shape.DIAMOND ? d * 2.2 * r.getWidth() / r.getHeight() : d;
      g.draw(
          BoxGeometry.outline(
              box.kind().shape(),
              new Rectangle2D.Double(
                  r.getX() + dx, r.getY() + dy, r.getWidth() - 2 * dx, r.getHeight() - 2 * dy),
              style));
    }
    if (title) {
      Font font = box.kind().attribute() ? style.rowFont : style.titleFont;
      double w = DiagramGeometry.width(box.title(), font);
      double x = r.getCenterX() - w / 2;
      double y = r.getY();
      double h = r.getHeight();
      if (box.kind().shape() == Box.Shape.TRIANGLE) {
        // In the wide lower part of the triangle.
        y = r.getY() + r.getHeight() * 0.4;
        h = r.getHeight() * 0.6;
      }
      g.setColor(problem ? state.problemColour(box.element(), style) : style.rowText);
      text(g, box.title(), font, x, y, h);
      if (box.kind().underlined()) {
        float[] m = lineMetrics(font);
        double baseline = y + (h + m[0] - m[1]) / 2.0;
        g.setStroke(new BasicStroke(1f));
        g.draw(new Line2D.Double(x, baseline + 2, x + w, baseline + 2));
      }
    }
    if (state.selected().contains(box.element())) {
      g.setColor(style.selection);
      g.setStroke(new BasicStroke(2.5f));
      double grow = box.kind().shape() == Box.Shape.DIAMOND ? 5 : 4;
      g.draw(
          BoxGeometry.outline(
              box.kind().shape(),
              new Rectangle2D.Double(
                  r.getX() - grow,
                  r.getY() - grow,
                  r.getWidth() + 2 * grow,
                  r.getHeight() + 2 * grow),
              style));
    }
  }

  private static void box(Graphics2D g, BoxGeometry geo, RenderState state, DiagramStyle style) {
    Rectangle2D r = geo.bounds();
    Box box = geo.box();
    double x = r.getX();
    double y = r.getY();
    double w = r.getWidth();

    java.awt.Shape shape = geo.outline(style);
    java.awt.Shape clip = g.getClip();
    g.clip(shape);
    g.setColor(style.background);
    g.fill(r);
    g.setColor(headerColor(box, style));
    if (box.rows().isEmpty() && box.kind().shape() == Box.Shape.ROUNDED) {
      // A task without queries of its own: a rounded box with its name in the middle.
      g.fill(r);
      g.setColor(style.headerText);
      double tw = DiagramGeometry.width(box.title(), style.titleFont);
      text(g, box.title(), style.titleFont, r.getCenterX() - tw / 2, y, r.getHeight());
      g.setClip(clip);
      outlineAndSelection(g, geo, shape, state, style);
      return;
    }
    g.fill(new Rectangle2D.Double(x, y, w, style.headerHeight));
    g.setColor(style.headerText);
    text(g, box.title(), style.titleFont, x + style.padding, y, style.headerHeight);
    String tag = box.kind() == Box.Kind.VIEW ? "MV" : box.kind() == Box.Kind.TYPE ? "UDT" : "";
    if (!tag.isEmpty()) {
      double tagWidth = DiagramGeometry.width(tag, style.rowFont);
      text(g, tag, style.rowFont, x + w - style.padding - tagWidth, y, style.headerHeight);
    }

    double rowY = y + style.headerHeight;
    double typeX = x + style.padding + geo.nameWidth() + style.columnGap;
    for (Box.Row row : box.rows()) {
      Rectangle2D rowRect = new Rectangle2D.Double(x, rowY, w, style.rowHeight);
      boolean problem = state.problems().contains(row.element());
      if (problem) {
        g.setColor(state.problemFill(row.element(), style));
        g.fill(rowRect);
        g.setColor(state.problemColour(row.element(), style));
        g.fill(new Rectangle2D.Double(x, rowY, 4, style.rowHeight));
      } else if (row.key()) {
        g.setColor(style.keyRowFill);
        g.fill(rowRect);
      }
      g.setColor(style.rowLine);
      g.setStroke(new BasicStroke(1f));
      g.draw(new Line2D.Double(x, rowY, x + w, rowY));
      g.setColor(problem ? state.problemColour(row.element(), style) : style.rowText);
      text(
          g,
          row.name(),
          row.key() ? style.keyFont : style.rowFont,
          x + style.padding,
          rowY,
          style.rowHeight);
      if (!row.type().isEmpty()) {
        g.setColor(style.typeText);
        text(g, row.type(), style.rowFont, typeX, rowY, style.rowHeight);
      }
      if (!row.marker().isEmpty()) {
        g.setColor(style.markerText);
        double markerWidth = DiagramGeometry.width(row.marker(), style.keyFont);
        text(
            g,
            row.marker(),
            style.keyFont,
            x + w - style.padding - markerWidth,
            rowY,
            style.rowHeight);
      }
      rowY += style.rowHeight;
    }

    g.setClip(clip);
    outlineAndSelection(g, geo, shape, state, style);
  }

  private static void outlineAndSelection(
      Graphics2D g, BoxGeometry geo, java.awt.Shape shape, RenderState state, DiagramStyle style) {
    Rectangle2D r = geo.bounds();
    boolean boxProblem = state.problems().contains(geo.box().element());
    g.setColor(boxProblem ? state.problemColour(geo.box().element(), style) : style.border);
    g.setStroke(new BasicStroke(boxProblem ? 2f : 1f));
    g.draw(shape);
    if (state.selected().contains(geo.box().element())) {
      g.setColor(style.selection);
      g.setStroke(new BasicStroke(2.5f));
      g.draw(
          new Rectangle2D.Double(r.getX() - 3, r.getY() - 3, r.getWidth() + 6, r.getHeight() + 6));
    }
  }

  /** Draws text left-aligned at {@code x}, centred vertically in the band {@code y..y+h}. */
  private static void text(Graphics2D g, String text, Font font, double x, double y, double h) {
    g.setFont(font);
    float[] m = lineMetrics(font);
    float baseline = (float) (y + (h + m[0] - m[1]) / 2.0);
    g.drawString(text, (float) x, baseline);
  }

  /** A font's ascent and descent, in diagram pixels. */
  private static float[] lineMetrics(Font font) {
    return LINE_METRICS.computeIfAbsent(
        font,
        f -> {
          java.awt.font.LineMetrics lm = f.getLineMetrics("Xg", FRC);
          return new float[] {lm.getAscent(), lm.getDescent()};
        });
  }

  private static void arrow(
      Graphics2D g,
      DiagramGeometry geometry,
      QueryArrow arrow,
      DiagramStyle style,
      boolean selected,
      boolean withLabel) {
    if (!selected && !geometry.drawnFirst(arrow)) {
      // Drawn as one with the arrows before it (their first draws the line and every label):
      // drawn again, the line came out darker.
      return;
    }
    DiagramGeometry.ArrowPath path = geometry.path(arrow);
    java.util.List<Point2D> route = path.route();
    Color color = selected ? style.selection : style.arrow;
    g.setColor(color);
    g.setStroke(new BasicStroke(selected ? 3f : 1.5f));
    Path2D line = new Path2D.Double();
    line.moveTo(route.get(0).getX(), route.get(0).getY());
    for (Point2D p : route.subList(1, route.size())) {
      line.lineTo(p.getX(), p.getY());
    }
    g.draw(line);
    if (arrow.from() == null) {
      // An entry arrow comes from no box: it starts at a dot, as a workflow's entry does.
      Point2D tail = route.get(0);
      g.fill(
          new java.awt.geom.Ellipse2D.Double(
              tail.getX() - ENTRY_DOT, tail.getY() - ENTRY_DOT, 2 * ENTRY_DOT, 2 * ENTRY_DOT));
    }
    if (!geometry.isPlainLine(arrow)) {
      Point2D end = route.get(route.size() - 1);
      Point2D before = route.get(route.size() - 2);
      double angle = Math.atan2(end.getY() - before.getY(), end.getX() - before.getX());
      Path2D head = new Path2D.Double();
      head.moveTo(end.getX(), end.getY());
      head.lineTo(end.getX() - 10 * Math.cos(angle - 0.4), end.getY() - 10 * Math.sin(angle - 0.4));
      head.lineTo(end.getX() - 10 * Math.cos(angle + 0.4), end.getY() - 10 * Math.sin(angle + 0.4));
      head.closePath();
      g.fill(head);
    }
    Rectangle2D label = path.label();
    if (label == null || !withLabel) {
      return;
    }
    double labelWidth = label.getWidth();
    double lx = label.getX();
    double ly = label.getY();
    g.setColor(style.background);
    g.fill(new Rectangle2D.Double(lx - 2, ly + 2, labelWidth + 4, style.rowHeight - 4));
    g.setColor(color);
    text(g, geometry.labelOf(arrow), style.arrowFont, lx, ly, style.rowHeight);
  }

  /**
   * Where an arrow's label goes, in diagram pixels (one row high, as wide as the text): beside a
   * segment of the route, longest segment first (above or below a horizontal one, centred or at
   * either end; right or left of a vertical one), at the first place that overlaps no box; where it
   * overlaps boxes least when every place does.
   */
  static Rectangle2D labelBox(
      DiagramGeometry geometry,
      QueryArrow arrow,
      java.util.List<Point2D> route,
      DiagramStyle style,
      DiagramGeometry.LabelIndex labels) {
    String text = geometry.labelOf(arrow);
    if (text.isEmpty()) {
      return null;
    }
    double w = DiagramGeometry.width(text, style.arrowFont);
    double h = style.rowHeight;
    if (geometry.isPlainLine(arrow)) {
      // A cardinality belongs beside the line's last stretch, at the entity.
      return besideLine(
          geometry, route.get(route.size() - 2), route.get(route.size() - 1), w, h, labels);
    }
    java.util.List<Integer> segments = new java.util.ArrayList<>();
    for (int i = 0; i < route.size() - 1; i++) {
      segments.add(i);
    }
    segments.sort(
        java.util.Comparator.comparingDouble(
            (Integer i) -> -route.get(i).distance(route.get(i + 1))));
    Rectangle2D fallback = null;
    double leastOverlap = Double.MAX_VALUE;
    for (int i : segments) {
      Point2D a = route.get(i);
      Point2D b = route.get(i + 1);
      double minX = Math.min(a.getX(), b.getX());
      double maxX = Math.max(a.getX(), b.getX());
      double minY = Math.min(a.getY(), b.getY());
      double maxY = Math.max(a.getY(), b.getY());
      double cx = (a.getX() + b.getX()) / 2;
      double cy = (a.getY() + b.getY()) / 2;
      java.util.List<Rectangle2D> places = new java.util.ArrayList<>();
      if (maxX - minX >= maxY - minY) {
        for (double y : new double[] {cy - h, cy}) {
          places.add(new Rectangle2D.Double(cx - w / 2, y, w, h));
          places.add(new Rectangle2D.Double(minX + 6, y, w, h));
          places.add(new Rectangle2D.Double(maxX - 6 - w, y, w, h));
        }
      } else {
        for (double y : new double[] {cy - h / 2, minY + 4, maxY - 4 - h}) {
          places.add(new Rectangle2D.Double(cx + 6, y, w, h));
          places.add(new Rectangle2D.Double(cx - 6 - w, y, w, h));
        }
      }
      for (Rectangle2D place : places) {
        double overlap = overlap(geometry, place, labels);
        if (overlap == 0) {
          return place;
        }
        if (overlap < leastOverlap) {
          leastOverlap = overlap;
          fallback = place;
        }
      }
    }
    return fallback;
  }

  /**
   * Where the label of a plain ER line goes: beside the line, near its end (the entity, whose
   * cardinality it is), on whichever side covers the least of the boxes.
   */
  private static Rectangle2D besideLine(
      DiagramGeometry geometry,
      Point2D from,
      Point2D to,
      double w,
      double h,
      DiagramGeometry.LabelIndex labels) {
    double dx = to.getX() - from.getX();
    double dy = to.getY() - from.getY();
    double length = Math.max(1, Math.hypot(dx, dy));
    // The normal of the line, and a point a little before the entity's outline.
    double nx = -dy / length;
    double ny = dx / length;
    double along = Math.max(0.5, 1 - (18 + w / 2) / length);
    double px = from.getX() + dx * along;
    double py = from.getY() + dy * along;
    Rectangle2D best = null;
    double least = Double.MAX_VALUE;
    for (double side : new double[] {1, -1}) {
      // Far enough along the normal that the label's box clears the line.
      double off = 4 + Math.abs(nx) * w / 2 + Math.abs(ny) * h / 2;
      double cx = px + side * nx * off;
      double cy = py + side * ny * off;
      Rectangle2D place = new Rectangle2D.Double(cx - w / 2, cy - h / 2, w, h);
      double overlap = overlap(geometry, place, labels);
      if (overlap < least) {
        least = overlap;
        best = place;
      }
    }
    return best;
  }

  /**
   * How much of the boxes and of the labels placed before a label's background would cover, in
   * square diagram pixels.
   */
  private static double overlap(
      DiagramGeometry geometry, Rectangle2D place, DiagramGeometry.LabelIndex labels) {
    Rectangle2D padded =
        new Rectangle2D.Double(
            place.getX() - 2, place.getY() + 2, place.getWidth() + 4, place.getHeight() - 4);
    double total = labels.overlap(padded);
    for (BoxGeometry box : geometry.boxesNear(padded)) {
      if (box.bounds().intersects(padded)) {
        Rectangle2D common = box.bounds().createIntersection(padded);
        total += Math.max(common.getWidth() * common.getHeight(), 1e-6);
      }
    }
    return total;
  }

  /**
   * The path of an arrow: an entry arrow comes straight from the left into the table's header, or
   * from above where that crosses fewer boxes or starts clear of them ({@link #entryCost}); an
   * arrow between tables takes, of the straight line between facing sides, the two Z-shaped elbow
   * routes (horizontal first, vertical first), the two L-shaped ones (out of a side into the
   * target's top or bottom, out of the top or bottom into its side), the detours over and under
   * both boxes, and the straight line bent once round a corner of a box it crosses ({@link
   * #CORNER_CLEARANCE} pixels off), the one that crosses the fewest other boxes, then the shortest.
   */
  static java.util.List<Point2D> route(
      DiagramGeometry geometry, QueryArrow arrow, DiagramStyle style) {
    Rectangle2D to = geometry.box(arrow.to()).bounds();
    double targetY = sideY(geometry.box(arrow.to()), style);
    if (arrow.from() == null) {
      java.util.List<Point2D> fromLeft =
          java.util.List.of(
              new Point2D.Double(to.getX() - ENTRY_LENGTH, targetY),
              new Point2D.Double(to.getX(), targetY));
      double x = to.getX() + Math.min(40, to.getWidth() / 3);
      java.util.List<Point2D> fromAbove =
          java.util.List.of(
              new Point2D.Double(x, to.getY() - ENTRY_LENGTH), new Point2D.Double(x, to.getY()));
      return entryCost(geometry, fromLeft, arrow) <= entryCost(geometry, fromAbove, arrow)
          ? fromLeft
          : fromAbove;
    }
    java.util.List<Point2D> line = null;
    if (geometry.isPlainLine(arrow)) {
      line = straight(geometry.box(arrow.from()), geometry.box(arrow.to()), style);
      // Chen's lines are straight; a relationship's line that would cross a box takes, of the
      // straight line and the elbow routes, the one whose crossings weigh least (see
      // weightedCrossings). An attribute's short line stays straight.
      if (arrow.to().kind() == org.keyspacestudio.model.schema.ElementRef.Kind.ATTRIBUTE
          || crossings(geometry, line, arrow) == 0) {
        return line;
      }
    }
    Rectangle2D from = geometry.box(arrow.from()).bounds();
    double fromY = sideY(geometry.box(arrow.from()), style);
    java.util.List<java.util.List<Point2D>> candidates = new java.util.ArrayList<>();
    if (from.getMaxX() <= to.getX()) {
      Point2D s = new Point2D.Double(from.getMaxX(), fromY);
      Point2D e = new Point2D.Double(to.getX(), targetY);
      double mx = (from.getMaxX() + to.getX()) / 2;
      candidates.add(java.util.List.of(s, e));
      candidates.add(
          java.util.List.of(s, new Point2D.Double(mx, fromY), new Point2D.Double(mx, targetY), e));
    } else if (to.getMaxX() <= from.getX()) {
      Point2D s = new Point2D.Double(from.getX(), fromY);
      Point2D e = new Point2D.Double(to.getMaxX(), targetY);
      double mx = (to.getMaxX() + from.getX()) / 2;
      candidates.add(java.util.List.of(s, e));
      candidates.add(
          java.util.List.of(s, new Point2D.Double(mx, fromY), new Point2D.Double(mx, targetY), e));
    }
    Point2D down = new Point2D.Double(from.getCenterX(), from.getMaxY());
    Point2D up = new Point2D.Double(from.getCenterX(), from.getY());
    if (from.getMaxY() <= to.getY()) {
      Point2D e = new Point2D.Double(to.getCenterX(), to.getY());
      double my = (from.getMaxY() + to.getY()) / 2;
      candidates.add(java.util.List.of(down, e));
      candidates.add(
          java.util.List.of(
              down, new Point2D.Double(down.getX(), my), new Point2D.Double(e.getX(), my), e));
    } else if (to.getMaxY() <= from.getY()) {
      Point2D e = new Point2D.Double(to.getCenterX(), to.getMaxY());
      double my = (to.getMaxY() + from.getY()) / 2;
      candidates.add(java.util.List.of(up, e));
      candidates.add(
          java.util.List.of(
              up, new Point2D.Double(up.getX(), my), new Point2D.Double(e.getX(), my), e));
    }
    // L-shaped routes: out of a side and into the target's top or bottom, or out of the top or
    // bottom and into the target's side. Recovered KillrVideo v4's user_comment sits right of
    // and below Video's ring, User left of it: its straight line to User ran through Video's ovals
    // and lines, a Z through user_user_credential.
    boolean toRight = to.getCenterX() >= from.getMaxX();
    boolean toLeft = to.getCenterX() <= from.getX();
    if ((toRight || toLeft) && (fromY < to.getY() || fromY > to.getMaxY())) {
      double sx = toRight ? from.getMaxX() : from.getX();
      double ey = fromY < to.getY() ? to.getY() : to.getMaxY();
      candidates.add(
          java.util.List.of(
              new Point2D.Double(sx, fromY),
              new Point2D.Double(to.getCenterX(), fromY),
              new Point2D.Double(to.getCenterX(), ey)));
    }
    boolean fromAbove = targetY > from.getMaxY();
    boolean fromBelow = targetY < from.getY();
    if ((fromAbove || fromBelow)
        && (from.getCenterX() <= to.getX() || from.getCenterX() >= to.getMaxX())) {
      double ex = from.getCenterX() <= to.getX() ? to.getX() : to.getMaxX();
      candidates.add(
          java.util.List.of(
              fromAbove ? down : up,
              new Point2D.Double(from.getCenterX(), targetY),
              new Point2D.Double(ex, targetY)));
    }
    // Detours over or under both boxes, in the gap a row leaves, entering the target's top or
    // bottom.
    double above = Math.min(from.getY(), to.getY()) - style.gap / 2;
    candidates.add(
        java.util.List.of(
            up,
            new Point2D.Double(up.getX(), above),
            new Point2D.Double(to.getCenterX(), above),
            new Point2D.Double(to.getCenterX(), to.getY())));
    double below = Math.max(from.getMaxY(), to.getMaxY()) + style.gap / 2;
    candidates.add(
        java.util.List.of(
            down,
            new Point2D.Double(down.getX(), below),
            new Point2D.Double(to.getCenterX(), below),
            new Point2D.Double(to.getCenterX(), to.getMaxY())));
    // An arrow's straight line through boxes between its ends may bend once, round a corner of a
    // box it crossed: recovered KillrVideo v3's Q9 runs from Show User to Show Video
    // Recommendation, two layers on, and every straight or elbow route went through Show Video, in
    // the layer between. (Chen's lines keep to straight lines and elbows.)
    for (java.util.List<Point2D> c : java.util.List.copyOf(candidates)) {
      if (line == null && c.size() == 2) {
        for (BoxGeometry box : crossed(geometry, c, arrow)) {
          for (Point2D corner : corners(box.bounds(), CORNER_CLEARANCE)) {
            candidates.add(java.util.List.of(c.get(0), corner, c.get(1)));
          }
        }
      }
    }
    if (candidates.isEmpty()) {
      // Overlapping boxes: a short arrow between their headers.
      return java.util.List.of(
          new Point2D.Double(from.getCenterX(), from.getY()),
          new Point2D.Double(to.getCenterX(), to.getY()));
    }
    if (line != null) {
      // The straight line stays a candidate: through an attribute's oval it beats an elbow that
      // runs along other lines through a diamond or an entity.
      candidates.add(0, line);
    }
    java.util.List<Point2D> best = candidates.get(0);
    int fewest = Integer.MAX_VALUE;
    double shortest = Double.MAX_VALUE;
    for (java.util.List<Point2D> c : candidates) {
      int crossings =
          line == null ? crossings(geometry, c, arrow) : weightedCrossings(geometry, c, arrow);
      double length = length(c);
      if (crossings < fewest || (crossings == fewest && length < shortest - 1)) {
        fewest = crossings;
        shortest = length;
        best = c;
      }
    }
    return best;
  }

  /** How far a route bent round a box's corner passes from it, diagram pixels. */
  static final double CORNER_CLEARANCE = 10;

  /** The four corners of a rectangle moved {@code by} pixels outwards along both axes. */
  private static java.util.List<Point2D> corners(Rectangle2D r, double by) {
    return java.util.List.of(
        new Point2D.Double(r.getMinX() - by, r.getMinY() - by),
        new Point2D.Double(r.getMaxX() + by, r.getMinY() - by),
        new Point2D.Double(r.getMaxX() + by, r.getMaxY() + by),
        new Point2D.Double(r.getMinX() - by, r.getMaxY() + by));
  }

  /**
   * How badly an entry arrow's route reads, lower is better: each box it crosses counts 2, and a
   * tail within {@link #ENTRY_CLEARANCE} of another box counts 1 (the arrow would seem to come from
   * that box).
   */
  private static int entryCost(
      DiagramGeometry geometry, java.util.List<Point2D> route, QueryArrow arrow) {
    Point2D tail = route.get(0);
    Rectangle2D near =
        new Rectangle2D.Double(
            tail.getX() - ENTRY_CLEARANCE,
            tail.getY() - ENTRY_CLEARANCE,
            2 * ENTRY_CLEARANCE,
            2 * ENTRY_CLEARANCE);
    boolean crowded = false;
    for (BoxGeometry box : geometry.boxesNear(near)) {
      crowded |= !box.box().element().equals(arrow.to()) && box.bounds().intersects(near);
    }
    return 2 * crossings(geometry, route, arrow) + (crowded ? 1 : 0);
  }

  /**
   * A straight line between two boxes' centres, from outline to outline (Chen's notation draws the
   * lines of an ER diagram straight).
   */
  private static java.util.List<Point2D> straight(
      BoxGeometry from, BoxGeometry to, DiagramStyle style) {
    return straight(from, to, style, 0);
  }

  /**
   * {@link #straight(BoxGeometry, BoxGeometry, DiagramStyle)} moved {@code offset} pixels to its
   * right (y grows downwards), parallel to the line between the centres, from outline to outline:
   * the two lines of a recursive relationship side by side.
   */
  static java.util.List<Point2D> straight(
      BoxGeometry from, BoxGeometry to, DiagramStyle style, double offset) {
    Point2D a = new Point2D.Double(from.bounds().getCenterX(), from.bounds().getCenterY());
    Point2D b = new Point2D.Double(to.bounds().getCenterX(), to.bounds().getCenterY());
    double length = a.distance(b);
    if (length > 0 && offset != 0) {
      double nx = -(b.getY() - a.getY()) / length * offset;
      double ny = (b.getX() - a.getX()) / length * offset;
      a = new Point2D.Double(a.getX() + nx, a.getY() + ny);
      b = new Point2D.Double(b.getX() + nx, b.getY() + ny);
    }
    return java.util.List.of(exit(from.outline(style), a, b), exit(to.outline(style), b, a));
  }

  /**
   * Where the segment from {@code inside} (within the shape) towards {@code outside} leaves the
   * shape, found by bisection to a hundredth of a pixel; {@code inside} itself when the other point
   * is inside too.
   */
  static Point2D exit(java.awt.Shape shape, Point2D inside, Point2D outside) {
    if (shape.contains(outside)) {
      return inside;
    }
    double lo = 0;
    double hi = 1;
    while ((hi - lo) * inside.distance(outside) > 0.01) {
      double mid = (lo + hi) / 2;
      double x = inside.getX() + (outside.getX() - inside.getX()) * mid;
      double y = inside.getY() + (outside.getY() - inside.getY()) * mid;
      if (shape.contains(x, y)) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return new Point2D.Double(
        inside.getX() + (outside.getX() - inside.getX()) * hi,
        inside.getY() + (outside.getY() - inside.getY()) * hi);
  }

  /** Where an arrow meets a box's side: the header's middle, or a diamond's side corner. */
  private static double sideY(BoxGeometry box, DiagramStyle style) {
    return box.box().kind().shape() == Box.Shape.RECORD
            || (box.box().kind().shape() == Box.Shape.ROUNDED && !box.box().rows().isEmpty())
        ? box.bounds().getY() + style.headerHeight / 2
        : box.bounds().getCenterY();
  }

  private static double length(java.util.List<Point2D> route) {
    double total = 0;
    for (int i = 0; i < route.size() - 1; i++) {
      total += route.get(i).distance(route.get(i + 1));
    }
    return total;
  }

  /** How many boxes other than its ends a route passes through. */
  static int crossings(DiagramGeometry geometry, java.util.List<Point2D> route, QueryArrow arrow) {
    return crossed(geometry, route, arrow).size();
  }

  /**
   * The boxes a line of the ER diagram crosses, an attribute's oval counting 1 and any other shape
   * 3: lines run into the middle of entities, relationships and hierarchies, so a line through one
   * of them runs along others.
   */
  private static int weightedCrossings(
      DiagramGeometry geometry, java.util.List<Point2D> route, QueryArrow arrow) {
    int total = 0;
    for (BoxGeometry box : crossed(geometry, route, arrow)) {
      total +=
          box.box().element().kind() == org.keyspacestudio.model.schema.ElementRef.Kind.ATTRIBUTE
              ? 1
              : 3;
    }
    return total;
  }

  private static java.util.Set<BoxGeometry> crossed(
      DiagramGeometry geometry, java.util.List<Point2D> route, QueryArrow arrow) {
    java.util.Set<BoxGeometry> crossed = new java.util.HashSet<>();
    for (int i = 0; i < route.size() - 1; i++) {
      Line2D segment = new Line2D.Double(route.get(i), route.get(i + 1));
      for (BoxGeometry box : geometry.boxesNear(segment.getBounds2D())) {
        var ref = box.box().element();
        if (!ref.equals(arrow.to())
            && !ref.equals(arrow.from())
            && !crossed.contains(box)
            && meets(box, segment, geometry.style())) {
          crossed.add(box);
        }
      }
    }
    return crossed;
  }

  /**
   * Whether a segment passes through a box's outline, not just its bounding rectangle: a line that
   * passes the corner of an attribute's oval or beside a diamond's point crosses nothing drawn.
   */
  static boolean meets(BoxGeometry box, Line2D segment, DiagramStyle style) {
    if (!box.bounds().intersectsLine(segment)) {
      return false;
    }
    if (box.rectangular()) {
      return true;
    }
    java.awt.Shape outline = box.outline(style);
    if (outline.contains(segment.getP1()) || outline.contains(segment.getP2())) {
      return true;
    }
    double[] c = new double[6];
    double startX = 0;
    double startY = 0;
    double lastX = 0;
    double lastY = 0;
    for (java.awt.geom.PathIterator it = outline.getPathIterator(null, 0.5);
        !it.isDone();
        it.next()) {
      switch (it.currentSegment(c)) {
        case java.awt.geom.PathIterator.SEG_MOVETO -> {
          startX = c[0];
          startY = c[1];
          lastX = c[0];
          lastY = c[1];
        }
        case java.awt.geom.PathIterator.SEG_LINETO -> {
          if (segment.intersectsLine(lastX, lastY, c[0], c[1])) {
            return true;
          }
          lastX = c[0];
          lastY = c[1];
        }
        case java.awt.geom.PathIterator.SEG_CLOSE -> {
          if (segment.intersectsLine(lastX, lastY, startX, startY)) {
            return true;
          }
          lastX = startX;
          lastY = startY;
        }
        default -> {
          // A flattening iterator gives only moves, lines and closes.
        }
      }
    }
    return false;
  }
}
