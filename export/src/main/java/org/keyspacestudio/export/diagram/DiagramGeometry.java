package org.keyspacestudio.export.diagram;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.keyspacestudio.model.diagram.Box;
import org.keyspacestudio.model.diagram.ChebotkoNotation;
import org.keyspacestudio.model.diagram.ConceptualNotation;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.DiagramContent;
import org.keyspacestudio.model.diagram.DiagramKind;
import org.keyspacestudio.model.diagram.Layout;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.diagram.WorkflowNotation;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Schema;

/**
 * Every box of a diagram with its size and position, in diagram pixels, and the query arrows: what
 * the renderer draws and what the editor hit-tests. Sizes come from the diagram font's metrics;
 * boxes without a saved position are placed by {@link #autoPlaced() the automatic layout} of the
 * diagram's kind ({@link AutoLayout}), below anything already placed.
 */
public final class DiagramGeometry {

  private static final FontRenderContext FRC = new FontRenderContext(null, true, true);

  private final Diagram.Level level;
  private final Map<ElementRef, BoxGeometry> boxes;
  private final List<QueryArrow> arrows;
  private final Map<ElementRef, Point> autoPlaced;
  private final DiagramStyle style;
  private Map<QueryArrow, ArrowPath> paths;

  /** The geometry this one was moved from during a drag, whose paths it may keep; or null. */
  private DiagramGeometry previous;

  private java.util.Set<ElementRef> movedBoxes = java.util.Set.of();
  private List<Rectangle2D> movedAreas = List.of();

  /** The boxes by grid cell ({@link #CELL} diagram pixels), built when first asked for. */
  private Map<Long, List<BoxGeometry>> cells;

  /** The cell size of the box index, in diagram pixels. */
  private static final double CELL = 256;

  private DiagramGeometry(
      Diagram.Level level,
      Map<ElementRef, BoxGeometry> boxes,
      List<QueryArrow> arrows,
      Map<ElementRef, Point> autoPlaced,
      DiagramStyle style) {
    this.level = level;
    this.boxes = boxes;
    this.arrows = arrows;
    this.autoPlaced = autoPlaced;
    this.style = style;
  }

  /** The geometry of a schema drawn as a Chebotko diagram, as the diagram says. */
  public static DiagramGeometry of(Schema schema, Diagram diagram, DiagramStyle style) {
    return of(
        ChebotkoNotation.boxes(schema, diagram.level()),
        diagram,
        AutoLayout.Kind.CHEBOTKO,
        style,
        null,
        schema);
  }

  /**
   * What the last geometry of one diagram was made from, for the {@code of} methods that take it:
   * each table's box ({@link ChebotkoNotation.Memo}) and each box's measured size. An editor makes
   * a diagram's geometry again after every edit, and an edit changes one table of many; measuring
   * every row's text was most of the work. Not thread-safe: one per diagram of a window.
   */
  public static final class Memo {
    private final ChebotkoNotation.Memo boxes = new ChebotkoNotation.Memo();
    private Map<Box, Sized> sized = Map.of();
  }

  /** A box measured (at the origin), with the level and style it was measured for. */
  private record Sized(Diagram.Level level, DiagramStyle style, BoxGeometry geometry) {}

  /**
   * As {@link #of(Project, DiagramKind, DiagramStyle)}, reusing the boxes and sizes of unchanged
   * tables.
   *
   * @param memo what the last geometry of this diagram was made from, updated; null makes all
   */
  public static DiagramGeometry of(
      Project project, DiagramKind kind, DiagramStyle style, Memo memo) {
    if (memo == null || (kind != DiagramKind.LOGICAL && kind != DiagramKind.PHYSICAL)) {
      return of(project, kind, style);
    }
    Diagram diagram = project.diagram().withLevel(kind.level());
    return of(
        ChebotkoNotation.boxes(project.schema(), kind.level(), memo.boxes),
        diagram,
        AutoLayout.Kind.CHEBOTKO,
        style,
        memo,
        project.schema());
  }

  /**
   * As {@link #of(Project, org.keyspacestudio.model.diagram.NamedDiagram, Diagram.Level,
   * DiagramStyle)}, reusing the boxes and sizes of unchanged tables.
   *
   * @param memo what the last geometry of this diagram was made from, updated; null makes all
   */
  public static DiagramGeometry of(
      Project project,
      org.keyspacestudio.model.diagram.NamedDiagram view,
      Diagram.Level level,
      DiagramStyle style,
      Memo memo) {
    java.util.Set<ElementRef> members = java.util.Set.copyOf(view.members());
    List<Box> boxes =
        ChebotkoNotation.boxes(project.schema(), level, memo == null ? null : memo.boxes).stream()
            .filter(b -> members.contains(b.element()))
            .toList();
    return of(
        boxes,
        project.diagram().withLevel(level).view(view),
        AutoLayout.Kind.CHEBOTKO,
        style,
        memo,
        project.schema());
  }

  /**
   * The geometry of one of a project's four diagrams: the conceptual (ER) model, the workflow, or
   * the Chebotko diagram at the logical or physical level.
   *
   * @param project the project
   * @param kind which diagram
   * @param style fonts and sizes
   * @return the geometry, with boxes that have no saved position placed by the automatic layout
   */
  public static DiagramGeometry of(Project project, DiagramKind kind, DiagramStyle style) {
    return switch (kind) {
      case CONCEPTUAL ->
          of(
              ConceptualNotation.content(project.conceptual()),
              project.conceptualLayout(),
              AutoLayout.Kind.CONCEPTUAL,
              style);
      case WORKFLOW ->
          of(
              WorkflowNotation.content(project.workflow()),
              project.workflowLayout(),
              AutoLayout.Kind.WORKFLOW,
              style);
      case LOGICAL, PHYSICAL ->
          of(project.schema(), project.diagram().withLevel(kind.level()), style);
    };
  }

  /**
   * The geometry of one of a project's named diagrams: its members' boxes at the given level, at
   * its own positions, with the query arrows between them.
   *
   * @param project the project
   * @param view the named diagram
   * @param level logical or physical
   * @param style fonts and sizes
   * @return the geometry, with members that have no saved position placed by the automatic layout
   */
  public static DiagramGeometry of(
      Project project,
      org.keyspacestudio.model.diagram.NamedDiagram view,
      Diagram.Level level,
      DiagramStyle style) {
    return of(project, view, level, style, null);
  }

  private static DiagramGeometry of(
      DiagramContent content, Layout layout, AutoLayout.Kind kind, DiagramStyle style) {
    Diagram diagram = new Diagram(Diagram.Level.LOGICAL, layout.positions(), content.edges());
    return of(content.boxes(), diagram, kind, style);
  }

  /**
   * The geometry of any boxes (a Chebotko, conceptual or workflow diagram): sized, placed where the
   * diagram says or by the automatic layout of a Chebotko diagram, with the diagram's arrows
   * between them.
   *
   * @param contents the boxes, in layout order
   * @param diagram positions, level and arrows
   * @param style fonts and sizes
   * @return the geometry
   */
  public static DiagramGeometry of(List<Box> contents, Diagram diagram, DiagramStyle style) {
    return of(contents, diagram, AutoLayout.Kind.CHEBOTKO, style);
  }

  private static DiagramGeometry of(
      List<Box> contents, Diagram diagram, AutoLayout.Kind kind, DiagramStyle style) {
    return of(contents, diagram, kind, style, null, null);
  }

  /**
   * @param schema the schema the Chebotko boxes come from, or null: with it, boxes without a
   *     position are laid out at the larger of their logical and physical sizes, since both levels
   *     share the positions saved (laid out at the logical size, the wider physical boxes of the
   *     mapped KillrVideo tables overlapped)
   */
  private static DiagramGeometry of(
      List<Box> contents,
      Diagram diagram,
      AutoLayout.Kind kind,
      DiagramStyle style,
      Memo memo,
      Schema schema) {
    Map<ElementRef, BoxGeometry> boxes = new LinkedHashMap<>();
    List<BoxGeometry> unplaced = new ArrayList<>();
    List<BoxGeometry> placed = new ArrayList<>();
    double placedBottom = Double.NEGATIVE_INFINITY;
    Map<Box, Sized> measured = memo == null ? null : new java.util.IdentityHashMap<>();
    for (Box box : contents) {
      Sized last = memo == null ? null : memo.sized.get(box);
      BoxGeometry sized =
          last != null && last.level() == diagram.level() && last.style() == style
              ? last.geometry()
              : measure(box, diagram.level(), style);
      if (measured != null) {
        measured.put(box, new Sized(diagram.level(), style, sized));
      }
      Point at = diagram.position(box.element());
      if (at != null) {
        sized = sized.movedTo(at.x(), at.y());
        placedBottom = Math.max(placedBottom, sized.bounds().getMaxY());
        placed.add(sized);
      } else {
        unplaced.add(sized);
      }
      boxes.put(box.element(), sized);
    }
    double top = placedBottom == Double.NEGATIVE_INFINITY ? 0 : placedBottom + style.gap;
    if (schema != null && kind == AutoLayout.Kind.CHEBOTKO && !unplaced.isEmpty()) {
      unplaced = atBothLevels(unplaced, schema, diagram.level(), style);
    }
    Map<ElementRef, Point> autoPlaced =
        new HashMap<>(AutoLayout.place(kind, unplaced, placed, diagram.arrows(), top, style));
    autoPlaced.forEach((ref, p) -> boxes.put(ref, boxes.get(ref).movedTo(p.x(), p.y())));
    List<QueryArrow> arrows =
        diagram.arrows().stream()
            .filter(
                a -> boxes.containsKey(a.to()) && (a.from() == null || boxes.containsKey(a.from())))
            .toList();
    if (memo != null) {
      memo.sized = measured;
    }
    return new DiagramGeometry(diagram.level(), boxes, arrows, autoPlaced, style);
  }

  /**
   * The boxes to lay out, each as large as the larger of its sizes at the logical and the physical
   * level (the physical one adds types and keyspace names; the logical one may be taller by
   * nothing), for positions both levels share.
   */
  private static List<BoxGeometry> atBothLevels(
      List<BoxGeometry> boxes, Schema schema, Diagram.Level level, DiagramStyle style) {
    Diagram.Level other =
        level == Diagram.Level.LOGICAL ? Diagram.Level.PHYSICAL : Diagram.Level.LOGICAL;
    Map<ElementRef, Box> there = new HashMap<>();
    for (Box box : ChebotkoNotation.boxes(schema, other)) {
      there.put(box.element(), box);
    }
    List<BoxGeometry> sized = new ArrayList<>(boxes.size());
    for (BoxGeometry b : boxes) {
      Box otherBox = there.get(b.box().element());
      if (otherBox == null) {
        sized.add(b);
        continue;
      }
      Rectangle2D o = measure(otherBox, other, style).bounds();
      Rectangle2D r = b.bounds();
      sized.add(
          new BoxGeometry(
              b.box(),
              new Rectangle2D.Double(
                  r.getX(),
                  r.getY(),
                  Math.max(r.getWidth(), o.getWidth()),
                  Math.max(r.getHeight(), o.getHeight())),
              b.nameWidth(),
              b.typeWidth(),
              b.markerWidth()));
    }
    return sized;
  }

  private static BoxGeometry measure(Box box, Diagram.Level level, DiagramStyle style) {
    double title = width(box.title(), style.titleFont);
    switch (box.kind().shape()) {
      case DIAMOND -> {
        double w = Math.ceil(Math.max(style.minWidth * 0.8, title * 1.6 + 4 * style.padding));
        return new BoxGeometry(
            box, new Rectangle2D.Double(0, 0, w, style.diamondHeight), title, 0, 0);
      }
      case RECTANGLE -> {
        double w = Math.ceil(Math.max(style.entityMinWidth, title + 4 * style.padding));
        return new BoxGeometry(
            box, new Rectangle2D.Double(0, 0, w, style.entityHeight), title, 0, 0);
      }
      case ELLIPSE -> {
        double text = width(box.title(), style.rowFont);
        double w = Math.ceil(Math.max(style.ovalMinWidth, text * 1.18 + 2.5 * style.padding));
        return new BoxGeometry(box, new Rectangle2D.Double(0, 0, w, style.ovalHeight), text, 0, 0);
      }
      case TRIANGLE -> {
        double w = Math.ceil(Math.max(style.triangleWidth, title * 2 + 2 * style.padding));
        return new BoxGeometry(
            box, new Rectangle2D.Double(0, 0, w, style.triangleHeight), title, 0, 0);
      }
      default -> {
        // Records and rounded records, measured below.
      }
    }
    if (box.kind().shape() == Box.Shape.ROUNDED && box.rows().isEmpty()) {
      double w = Math.ceil(Math.max(style.minWidth * 0.8, title + 3 * style.padding));
      return new BoxGeometry(
          box, new Rectangle2D.Double(0, 0, w, style.headerHeight + 12), title, 0, 0);
    }
    double name = 0;
    double type = 0;
    double marker = 0;
    for (Box.Row row : box.rows()) {
      Font font = row.key() ? style.keyFont : style.rowFont;
      name = Math.max(name, width(row.name(), font));
      type = Math.max(type, width(row.type(), style.rowFont));
      marker = Math.max(marker, width(row.marker(), style.keyFont));
    }
    double header = title + width("MV", style.rowFont) + style.gap / 2;
    double inner =
        name
            + (type > 0 ? style.columnGap + type : 0)
            + (marker > 0 ? style.columnGap + marker : 0);
    double w = Math.ceil(Math.max(style.minWidth, Math.max(inner, header) + 2 * style.padding));
    double h = style.headerHeight + Math.max(1, box.rows().size()) * style.rowHeight;
    return new BoxGeometry(box, new Rectangle2D.Double(0, 0, w, h), name, type, marker);
  }

  private static final Map<Font, Map<String, Double>> WIDTHS =
      new java.util.concurrent.ConcurrentHashMap<>();

  /** The width of a text in diagram pixels (cached: names, types and markers repeat). */
  static double width(String text, Font font) {
    if (text.isEmpty()) {
      return 0;
    }
    return WIDTHS
        .computeIfAbsent(font, f -> new java.util.concurrent.ConcurrentHashMap<>())
        .computeIfAbsent(text, t -> font.getStringBounds(t, FRC).getWidth());
  }

  /**
   * A geometry with only the given boxes (and the arrows between them), for exporting a selection.
   */
  public DiagramGeometry only(Set<ElementRef> elements) {
    Map<ElementRef, BoxGeometry> kept = new LinkedHashMap<>();
    boxes.forEach(
        (ref, box) -> {
          if (elements.contains(ref)) {
            kept.put(ref, box);
          }
        });
    List<QueryArrow> keptArrows =
        arrows.stream()
            .filter(
                a -> kept.containsKey(a.to()) && (a.from() == null || kept.containsKey(a.from())))
            .toList();
    return new DiagramGeometry(level, kept, keptArrows, Map.of(), style);
  }

  /** The same geometry with some boxes moved (during a drag), without measuring anything again. */
  public DiagramGeometry moved(Map<ElementRef, Point> positions) {
    Map<ElementRef, BoxGeometry> copy = new LinkedHashMap<>(boxes);
    List<Rectangle2D> changed = new ArrayList<>();
    positions.forEach(
        (ref, p) -> {
          BoxGeometry box = copy.get(ref);
          if (box != null) {
            BoxGeometry moved = box.movedTo(p.x(), p.y());
            changed.add(box.bounds());
            changed.add(moved.bounds());
            copy.put(ref, moved);
          }
        });
    DiagramGeometry next = new DiagramGeometry(level, copy, arrows, autoPlaced, style);
    next.previous = this;
    next.movedBoxes = positions.keySet();
    next.movedAreas = changed;
    return next;
  }

  /**
   * Whether an edge of this geometry, moved from {@link #previous}, runs where it ran: neither of
   * its ends moved, and neither its route nor its label meets where a moved box was or is. A drag
   * then works out again only the edges near what it moves (a thousand-edge diagram stays smooth).
   */
  private ArrowPath unchanged(QueryArrow a) {
    if (previous == null
        || movedBoxes.contains(a.to())
        || (a.from() != null && movedBoxes.contains(a.from()))) {
      return null;
    }
    ArrowPath old = previous.path(a);
    for (Rectangle2D area : movedAreas) {
      if (old.label() != null && area.intersects(old.label())) {
        return null;
      }
      for (int i = 0; i < old.route().size() - 1; i++) {
        if (area.intersectsLine(
            new java.awt.geom.Line2D.Double(old.route().get(i), old.route().get(i + 1)))) {
          return null;
        }
      }
    }
    return old;
  }

  /** The level drawn. */
  public Diagram.Level level() {
    return level;
  }

  /** Every box, in drawing order. */
  public Collection<BoxGeometry> boxes() {
    return boxes.values();
  }

  /** The box of an element, or null. */
  public BoxGeometry box(ElementRef element) {
    return boxes.get(element);
  }

  /**
   * Whether an edge is drawn as a plain line without an arrowhead: an edge of a conceptual (ER)
   * diagram, between an entity and a relationship, whose label is a cardinality (Chen's notation,
   * {@code shared/notes/chebotko-method.md} section 1). Query arrows (Chebotko and workflow
   * diagrams) are directed.
   */
  public boolean isPlainLine(QueryArrow edge) {
    return edge.from() != null
        && (box(edge.from()).box().kind().conceptual() || box(edge.to()).box().kind().conceptual());
  }

  /** The query arrows whose ends are drawn. */
  public List<QueryArrow> arrows() {
    return arrows;
  }

  /** Positions the automatic layout chose for boxes that had none, to be saved with the diagram. */
  public Map<ElementRef, Point> autoPlaced() {
    return autoPlaced;
  }

  /** The style used. */
  public DiagramStyle style() {
    return style;
  }

  /**
   * The area the drawing covers, every arrow and its label included, or an empty rectangle at the
   * origin when there is nothing to draw.
   */
  public Rectangle2D bounds() {
    Rectangle2D all = boxBounds();
    if (all.isEmpty()) {
      return new Rectangle2D.Double();
    }
    for (QueryArrow a : arrows) {
      ArrowPath path = path(a);
      for (var p : path.route()) {
        all.add(p);
      }
      if (path.label() != null) {
        all.add(path.label());
      }
    }
    return all;
  }

  /**
   * The area the boxes cover, arrows left out, or an empty rectangle at the origin when there are
   * none; a new rectangle on each call.
   */
  public Rectangle2D boxBounds() {
    Rectangle2D all = null;
    for (BoxGeometry b : boxes.values()) {
      if (all == null) {
        all = (Rectangle2D) b.bounds().clone();
      } else {
        all.add(b.bounds());
      }
    }
    return all == null ? new Rectangle2D.Double() : all;
  }

  /**
   * An arrow as drawn, in diagram pixels.
   *
   * @param route the points of its line, from its start to its head
   * @param label where its label goes, or null for an edge without a label
   */
  public record ArrowPath(List<Point2D> route, Rectangle2D label) {

    /**
     * The area the arrow covers as drawn, in diagram pixels: its route, its arrowhead (10 pixels
     * back from its end), its stroke (3 pixels when selected) and its label's background (2 pixels
     * beyond the label); a new rectangle on each call.
     */
    public Rectangle2D extent() {
      Rectangle2D r = new Rectangle2D.Double(route.get(0).getX(), route.get(0).getY(), 0, 0);
      for (Point2D p : route) {
        r.add(p);
      }
      if (label != null) {
        r.add(label);
      }
      double m = 12;
      return new Rectangle2D.Double(
          r.getX() - m, r.getY() - m, r.getWidth() + 2 * m, r.getHeight() + 2 * m);
    }
  }

  /**
   * Where an arrow runs and where its label goes. Worked out once per geometry (a geometry never
   * changes), not on every frame or every area drawn: all arrows at once, in order, each label
   * placed where it covers neither boxes nor the labels placed before it.
   *
   * @throws IllegalArgumentException for an arrow this geometry does not draw
   */
  public synchronized ArrowPath path(QueryArrow arrow) {
    if (paths == null) {
      Map<QueryArrow, ArrowPath> all = new HashMap<>();
      LabelIndex labels = new LabelIndex();
      Map<QueryArrow, Double> apart = sideBySide();
      for (QueryArrow a : arrows) {
        if (all.containsKey(a) || leader(a) != a) {
          continue;
        }
        ArrowPath kept = unchanged(a);
        if (kept != null) {
          if (kept.label() != null) {
            labels.add(kept.label());
          }
          all.put(a, kept);
          continue;
        }
        List<Point2D> route = DiagramRenderer.route(this, a, style);
        Double by = apart.get(a);
        if (by != null) {
          route =
              isPlainLine(a) && route.size() == 2
                  ? DiagramRenderer.straight(box(a.from()), box(a.to()), style, by)
                  : shifted(route, by, box(a.from()).bounds(), box(a.to()).bounds());
        }
        route = List.copyOf(route);
        Rectangle2D label = DiagramRenderer.labelBox(this, a, route, style, labels);
        if (label != null) {
          labels.add(label);
        }
        all.put(a, new ArrowPath(route, label));
      }
      // The other arrows of a bundle run where its first does, under its label.
      for (QueryArrow a : arrows) {
        all.putIfAbsent(a, all.get(leader(a)));
      }
      paths = all;
      // A drag makes a geometry per frame: each keeps only what the next needs.
      previous = null;
    }
    ArrowPath path = paths.get(arrow);
    if (path == null) {
      throw new IllegalArgumentException("not an arrow of this diagram: " + arrow);
    }
    return path;
  }

  /**
   * The arrows drawn as one, by each of them: query arrows from one box to the same other box (or
   * entering the same box), in the order of {@link #arrows()}. As a workflow transition runs
   * several queries under one label ("Q4, Q5"), so does a Chebotko diagram's arrow: drawn side by
   * side, three or more arrows between two tables ran 12 pixels apart, and their labels sat on each
   * other's lines. The lines of a conceptual diagram are never bundled.
   */
  private Map<QueryArrow, List<QueryArrow>> bundles;

  private synchronized Map<QueryArrow, List<QueryArrow>> bundles() {
    if (bundles == null) {
      Map<List<ElementRef>, List<QueryArrow>> byEnds = new HashMap<>();
      Map<QueryArrow, List<QueryArrow>> out = new HashMap<>();
      for (QueryArrow a : arrows) {
        if (isPlainLine(a)) {
          out.put(a, List.of(a));
          continue;
        }
        List<QueryArrow> bundle =
            byEnds.computeIfAbsent(
                java.util.Arrays.asList(a.from(), a.to()), k -> new ArrayList<>());
        bundle.add(a);
        out.put(a, bundle);
      }
      bundles = out;
    }
    return bundles;
  }

  /**
   * Whether an arrow is drawn: alone, or first of the arrows drawn as one (the others share its
   * route and label).
   */
  public boolean drawnFirst(QueryArrow arrow) {
    return leader(arrow) == arrow;
  }

  /** The first arrow of an arrow's bundle: the one whose route and label the others share. */
  private QueryArrow leader(QueryArrow a) {
    List<QueryArrow> bundle = bundles().get(a);
    return bundle == null ? a : bundle.get(0);
  }

  /**
   * The text of an arrow's label as drawn: its own, or, for arrows drawn as one, each of their
   * labels once, in query order ({@code Q2, Q10, Q11}), comma-separated; empty for none.
   *
   * @throws IllegalArgumentException for an arrow this geometry does not draw
   */
  public String labelOf(QueryArrow arrow) {
    List<QueryArrow> bundle = bundles().get(arrow);
    if (bundle == null) {
      throw new IllegalArgumentException("not an arrow of this diagram: " + arrow);
    }
    if (bundle.size() == 1) {
      return arrow.label();
    }
    return String.join(
        ", ",
        bundle.stream()
            .map(QueryArrow::label)
            .filter(l -> !l.isEmpty())
            .distinct()
            .sorted(
                java.util.Comparator.comparingInt(String::length)
                    .thenComparing(java.util.Comparator.naturalOrder()))
            .toList());
  }

  /** How far apart arrows between the same two boxes run, in diagram pixels. */
  static final double ARROWS_APART = 12;

  /**
   * How far to its right each arrow that shares its two boxes with another runs (a transition and
   * the one back, a query arrow and one the other way, the lines of a recursive relationship; a
   * bundle of arrows the same way counts as one): routed alike they drew one line, the second
   * arrowhead the only sign of two. Each pair of boxes' arrows sit {@link #ARROWS_APART} pixels
   * apart, centred on the route; arrows alone on their boxes and entry arrows are not in the map.
   */
  private Map<QueryArrow, Double> sideBySide() {
    // The two boxes an arrow joins, whichever way it runs.
    Map<Set<ElementRef>, List<QueryArrow>> byPair = new HashMap<>();
    for (QueryArrow a : arrows) {
      if (a.from() == null || a.from().equals(a.to()) || leader(a) != a) {
        continue;
      }
      byPair.computeIfAbsent(Set.of(a.from(), a.to()), k -> new ArrayList<>()).add(a);
    }
    Map<QueryArrow, Double> apart = new HashMap<>();
    for (List<QueryArrow> shared : byPair.values()) {
      if (shared.size() < 2) {
        continue;
      }
      for (int i = 0; i < shared.size(); i++) {
        double across = (i - (shared.size() - 1) / 2.0) * ARROWS_APART;
        // Offsets are to the right of the way the first of them runs: an arrow the other way has
        // that side on its left.
        boolean back = !shared.get(i).from().equals(shared.get(0).from());
        apart.put(shared.get(i), back ? -across : across);
      }
    }
    return apart;
  }

  /**
   * A route moved {@code by} pixels to its right (y grows downwards; negative: to its left), each
   * segment parallel to where it was, its corners where the moved segments meet, its ends slid
   * along the sides of the boxes they are on (within the side) onto the moved first and last
   * segments.
   *
   * @param from the bounds of the box the route starts on; {@code to}, of the one it ends on
   */
  static List<Point2D> shifted(List<Point2D> route, double by, Rectangle2D from, Rectangle2D to) {
    List<Point2D> out = shifted(route, by);
    int n = route.size();
    if (n >= 2 && out != route) {
      out.set(0, slide(route.get(0), out.get(0), out.get(1), from));
      out.set(n - 1, slide(route.get(n - 1), out.get(n - 1), out.get(n - 2), to));
    }
    return out;
  }

  /**
   * Where the line through {@code moved} and {@code next} meets the side of {@code box} that {@code
   * end} is on, kept within that side; {@code moved} when {@code end} is on no side or the line
   * runs along it.
   */
  private static Point2D slide(Point2D end, Point2D moved, Point2D next, Rectangle2D box) {
    double e = 0.01;
    double dx = next.getX() - moved.getX();
    double dy = next.getY() - moved.getY();
    boolean vertical =
        Math.abs(end.getX() - box.getMinX()) < e || Math.abs(end.getX() - box.getMaxX()) < e;
    boolean horizontal =
        Math.abs(end.getY() - box.getMinY()) < e || Math.abs(end.getY() - box.getMaxY()) < e;
    if (vertical && Math.abs(dx) > e) {
      double y = moved.getY() + (end.getX() - moved.getX()) / dx * dy;
      return new Point2D.Double(end.getX(), Math.max(box.getMinY(), Math.min(box.getMaxY(), y)));
    }
    if (horizontal && Math.abs(dy) > e) {
      double x = moved.getX() + (end.getY() - moved.getY()) / dy * dx;
      return new Point2D.Double(Math.max(box.getMinX(), Math.min(box.getMaxX(), x)), end.getY());
    }
    return moved;
  }

  /** {@link #shifted(List, double, Rectangle2D, Rectangle2D)} without its ends slid. */
  static List<Point2D> shifted(List<Point2D> route, double by) {
    int n = route.size();
    if (n < 2) {
      return route;
    }
    double[][] normals = new double[n - 1][];
    for (int i = 0; i < n - 1; i++) {
      double dx = route.get(i + 1).getX() - route.get(i).getX();
      double dy = route.get(i + 1).getY() - route.get(i).getY();
      double length = Math.hypot(dx, dy);
      normals[i] = length == 0 ? null : new double[] {-dy / length, dx / length};
    }
    // A segment of no length takes the normal of the one before it (or after, at the start).
    for (int i = 1; i < n - 1; i++) {
      if (normals[i] == null) {
        normals[i] = normals[i - 1];
      }
    }
    for (int i = n - 3; i >= 0; i--) {
      if (normals[i] == null) {
        normals[i] = normals[i + 1];
      }
    }
    if (normals[0] == null) {
      return route;
    }
    List<Point2D> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      double[] before = normals[Math.max(0, i - 1)];
      double[] after = normals[Math.min(n - 2, i)];
      double dot = before[0] * after[0] + before[1] * after[1];
      double x;
      double y;
      if (dot <= -0.99) {
        // The route turns back on itself: across the next segment.
        x = after[0] * by;
        y = after[1] * by;
      } else {
        // Where the two offset segments meet: their normals' sum over 1 + the turn's cosine.
        x = (before[0] + after[0]) * by / (1 + dot);
        y = (before[1] + after[1]) * by / (1 + dot);
      }
      Point2D p = route.get(i);
      out.add(new Point2D.Double(p.getX() + x, p.getY() + y));
    }
    return out;
  }

  /**
   * The boxes whose bounds may meet a rectangle (those in the grid cells it covers): what routing
   * and label placement look at instead of every box. Each box once, in no particular order.
   */
  synchronized java.util.Collection<BoxGeometry> boxesNear(Rectangle2D r) {
    if (cells == null) {
      cells = new HashMap<>();
      for (BoxGeometry b : boxes.values()) {
        cellsOf(b.bounds(), key -> cells.computeIfAbsent(key, k -> new ArrayList<>()).add(b));
      }
    }
    java.util.Set<BoxGeometry> near = new java.util.LinkedHashSet<>();
    double cellsCovered =
        (Math.floor(r.getMaxX() / CELL) - Math.floor(r.getMinX() / CELL) + 1)
            * (Math.floor(r.getMaxY() / CELL) - Math.floor(r.getMinY() / CELL) + 1);
    if (!(cellsCovered <= boxes.size())) {
      // A rectangle over more cells than there are boxes (an arrow between boxes far apart):
      // each box looked at once, not each cell.
      for (BoxGeometry b : boxes.values()) {
        Rectangle2D bounds = b.bounds();
        if (bounds.getMinX() <= r.getMaxX()
            && bounds.getMaxX() >= r.getMinX()
            && bounds.getMinY() <= r.getMaxY()
            && bounds.getMaxY() >= r.getMinY()) {
          near.add(b);
        }
      }
      return near;
    }
    cellsOf(
        r,
        key -> {
          List<BoxGeometry> in = cells.get(key);
          if (in != null) {
            near.addAll(in);
          }
        });
    return near;
  }

  private static void cellsOf(Rectangle2D r, java.util.function.LongConsumer action) {
    long x0 = (long) Math.floor(r.getMinX() / CELL);
    long x1 = (long) Math.floor(r.getMaxX() / CELL);
    long y0 = (long) Math.floor(r.getMinY() / CELL);
    long y1 = (long) Math.floor(r.getMaxY() / CELL);
    for (long x = x0; x <= x1; x++) {
      for (long y = y0; y <= y1; y++) {
        action.accept(x * 1_000_003L + y);
      }
    }
  }

  /**
   * The labels placed so far, in a grid of cells {@value #CELL} diagram pixels wide, so that a new
   * label is compared with its neighbours only.
   */
  static final class LabelIndex {
    static final double CELL = 200;
    private final Map<Long, List<Rectangle2D>> cells = new HashMap<>();

    void add(Rectangle2D r) {
      forCells(r, key -> cells.computeIfAbsent(key, k -> new ArrayList<>()).add(r));
    }

    /** The area of {@code r} that labels already placed cover, in square diagram pixels. */
    double overlap(Rectangle2D r) {
      java.util.Set<Rectangle2D> seen = new java.util.HashSet<>();
      double[] total = {0};
      forCells(
          r,
          key -> {
            for (Rectangle2D other : cells.getOrDefault(key, List.of())) {
              if (seen.add(other) && other.intersects(r)) {
                Rectangle2D common = other.createIntersection(r);
                total[0] += Math.max(common.getWidth() * common.getHeight(), 1e-6);
              }
            }
          });
      return total[0];
    }

    private static void forCells(Rectangle2D r, java.util.function.LongConsumer action) {
      long x0 = (long) Math.floor(r.getMinX() / CELL);
      long x1 = (long) Math.floor(r.getMaxX() / CELL);
      long y0 = (long) Math.floor(r.getMinY() / CELL);
      long y1 = (long) Math.floor(r.getMaxY() / CELL);
      for (long x = x0; x <= x1; x++) {
        for (long y = y0; y <= y1; y++) {
          action.accept(x * 1_000_003L + y);
        }
      }
    }
  }

  /**
   * The edge whose label is at a point (the last drawn, when labels touch), or null: how a workflow
   * transition or a query arrow is picked.
   */
  public QueryArrow labelAt(double x, double y) {
    QueryArrow found = null;
    for (QueryArrow a : arrows) {
      Rectangle2D label = path(a).label();
      if (label != null && label.contains(x, y)) {
        found = a;
      }
    }
    return found;
  }

  /**
   * The nearest place around a box where a new box of the given size (diagram pixels) overlaps no
   * box: for a new attribute oval beside its entity.
   *
   * @param near the box to place beside; when it is not drawn, the place is below everything
   * @return the new box's top-left corner
   */
  public Point freeSpotNear(ElementRef near, double width, double height) {
    List<Rectangle2D> taken = new ArrayList<>();
    boxes.values().forEach(b -> taken.add(b.bounds()));
    BoxGeometry owner = boxes.get(near);
    Rectangle2D around =
        owner != null
            ? owner.bounds()
            : new Rectangle2D.Double(0, boxBounds().getMaxY() + style.gap, width, height);
    return AutoLayout.nearestFree(around, new Rectangle2D.Double(0, 0, width, height), taken);
  }

  /**
   * The nearest place to the right of a box, as far from it as a layer of the automatic layout
   * (room for the arrow's label) and level with its top, where a new box of the given size overlaps
   * no box: for a table a query arrow from {@code from} leads into. Beside {@code from} at any side
   * ({@link #freeSpotNear}) gave the arrow no room for its label.
   *
   * @param from the box the arrow comes from; when it is not drawn, the place is below everything
   * @param label the arrow's label, such as {@code "Q2"}
   * @param width the new box's width, diagram pixels
   * @param height the new box's height, diagram pixels
   * @return the new box's top-left corner
   */
  public Point freeSpotAfter(ElementRef from, String label, double width, double height) {
    BoxGeometry source = boxes.get(from);
    if (source == null) {
      return freeSpotNear(from, width, height);
    }
    Rectangle2D b = source.bounds();
    return freeSpotAt(
        b.getMaxX() + AutoLayout.betweenLayers(style, width(label, style.arrowFont)),
        b.getMinY(),
        width,
        height,
        style.gap / 2);
  }

  /** Room kept between a new box and the boxes around it, diagram pixels. */
  private static final double FREE_MARGIN = 20;

  /**
   * The place nearest to {@code (x, y)} where a new box of the given size overlaps no box (nor
   * comes within 20 pixels of one): {@code (x, y)} itself when it is free, else the nearest of the
   * places {@code step} pixels apart around it, right and below before left and above at the same
   * distance; below every box when none is free within 40 steps. For a box made from the keyboard
   * or a palette, which landed on the boxes already at the view's usual spot.
   *
   * @param x the wanted left edge, diagram pixels
   * @param y the wanted top edge, diagram pixels
   * @param width the new box's width (an estimate before it is made), diagram pixels
   * @param height the new box's height, diagram pixels
   * @param step the distance between the places tried, diagram pixels, above 0
   * @return the new box's top-left corner
   */
  public Point freeSpotAt(double x, double y, double width, double height, double step) {
    Point best = freeSpotWhere(x, y, width, height, step, 40, p -> true);
    return best != null ? best : new Point(x, boxBounds().getMaxY() + style.gap);
  }

  /**
   * As {@link #freeSpotAt}, among the places {@code where} accepts too (a relationship's lines
   * crossing no box, say), at most {@code rings} steps away.
   *
   * @param x the wanted left edge, diagram pixels
   * @param y the wanted top edge, diagram pixels
   * @param width the new box's width, diagram pixels
   * @param height the new box's height, diagram pixels
   * @param step the distance between the places tried, diagram pixels, above 0
   * @param rings how many steps away from {@code (x, y)} to look, 0 or more
   * @param where what else a place (the new box's top-left corner) must be, not null
   * @return the new box's top-left corner, or null when no place within {@code rings} will do
   */
  public Point freeSpotWhere(
      double x,
      double y,
      double width,
      double height,
      double step,
      int rings,
      java.util.function.Predicate<Point> where) {
    for (int ring = 0; ring <= rings; ring++) {
      Point best = null;
      double nearest = Double.MAX_VALUE;
      for (int i = -ring; i <= ring; i++) {
        for (int j = -ring; j <= ring; j++) {
          if (Math.max(Math.abs(i), Math.abs(j)) != ring) {
            continue;
          }
          // At the same distance: right before left, below before above.
          double d = Math.hypot(i, j) + (i < 0 ? 0.02 : 0) + (j < 0 ? 0.01 : 0);
          Point p = new Point(x + i * step, y + j * step);
          if (d < nearest && free(p.x(), p.y(), width, height) && where.test(p)) {
            nearest = d;
            best = p;
          }
        }
      }
      if (best != null) {
        return best;
      }
    }
    return null;
  }

  /**
   * Whether a box of the given size at {@code (x, y)} (its top-left corner) overlaps no box and
   * comes within 20 pixels of none; all in diagram pixels.
   */
  public boolean free(double x, double y, double width, double height) {
    Rectangle2D r =
        new Rectangle2D.Double(
            x - FREE_MARGIN, y - FREE_MARGIN, width + 2 * FREE_MARGIN, height + 2 * FREE_MARGIN);
    return boxes.values().stream().noneMatch(b -> b.bounds().intersects(r));
  }

  /** What is at a point: the topmost box and the row (-1 for the header), or null. */
  public Hit hit(double x, double y) {
    List<BoxGeometry> ordered = new ArrayList<>(boxes.values());
    for (int i = ordered.size() - 1; i >= 0; i--) {
      BoxGeometry b = ordered.get(i);
      if (b.bounds().contains(x, y) && (b.rectangular() || b.outline(style).contains(x, y))) {
        int row = (int) Math.floor((y - b.bounds().getY() - style.headerHeight) / style.rowHeight);
        return new Hit(b, row < 0 || row >= b.box().rows().size() ? -1 : row);
      }
    }
    return null;
  }

  /**
   * A hit: the box, and the row under the point (-1 for the header).
   *
   * @param box the box hit
   * @param row the row index, or -1 for the header
   */
  public record Hit(BoxGeometry box, int row) {
    /** The element hit: the row's column or field, or the box's element for the header. */
    public ElementRef element() {
      return row < 0 ? box.box().element() : box.box().rows().get(row).element();
    }
  }
}
