package org.keyspacestudio.export.diagram;

import java.awt.geom.Line2D;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.elk.alg.layered.options.LayeredOptions;
import org.eclipse.elk.alg.layered.options.NodePlacementStrategy;
import org.eclipse.elk.core.RecursiveGraphLayoutEngine;
import org.eclipse.elk.core.math.ElkPadding;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.Direction;
import org.eclipse.elk.core.options.EdgeRouting;
import org.eclipse.elk.core.options.PortConstraints;
import org.eclipse.elk.core.options.PortSide;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.graph.ElkConnectableShape;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.ElkPort;
import org.eclipse.elk.graph.util.ElkGraphUtil;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * The automatic layout of every diagram kind, for boxes that have no saved position. The placing of
 * boxes along their edges is the Eclipse Layout Kernel's layered algorithm (Sugiyama: layers,
 * crossing minimisation, node placement), left to right; what is ours is what each kind puts into
 * it:
 *
 * <ul>
 *   <li>Chebotko diagrams: the tables joined by query arrows, in layers along the arrows (the order
 *       of the workflow); boxes no arrow joins follow below in rows, in schema order.
 *   <li>Workflow diagrams: the tasks along their transitions, from the entry.
 *   <li>Conceptual (ER) diagrams: each entity, relationship or IsA triangle with its attribute
 *       ovals on a ring around it, off its relationship lines (parts of a composite attribute
 *       further out), is one node; the nodes are placed along the relationship lines (first entity,
 *       relationship, other entities) with their centres on one line where possible, so that the
 *       straight lines of Chen's notation run between the attribute rows and cross nothing. An
 *       attribute whose owner already has a place goes to the nearest free spot around it.
 * </ul>
 *
 * All sizes and positions are in diagram pixels.
 */
public final class AutoLayout {

  /** Space between attribute ovals, and (about) between ovals and their owner. */
  private static final double OVAL_GAP = 14;

  private static final double ROW_GAP = 30;

  private AutoLayout() {}

  /**
   * Lays out three boxes, so that ELK's classes are loaded and compiled before a real layout needs
   * them (about half a second in a fresh JVM): the editor calls it in the background after its
   * first frame.
   */
  public static void warmUp() {
    ElkNode root = ElkGraphUtil.createGraph();
    root.setProperty(CoreOptions.ALGORITHM, "org.eclipse.elk.layered");
    ElkNode a = ElkGraphUtil.createNode(root);
    ElkNode b = ElkGraphUtil.createNode(root);
    ElkNode c = ElkGraphUtil.createNode(root);
    for (ElkNode n : List.of(a, b, c)) {
      n.setDimensions(100, 40);
    }
    ElkGraphUtil.createSimpleEdge(a, b);
    ElkGraphUtil.createSimpleEdge(b, c);
    run(root);
  }

  /** Which diagram a layout is for. */
  enum Kind {
    CHEBOTKO,
    WORKFLOW,
    CONCEPTUAL
  }

  /**
   * Positions for the boxes that have none.
   *
   * @param kind the diagram kind
   * @param unplaced the boxes to place, measured, in layout order
   * @param placed the boxes that keep their saved positions
   * @param edges every edge of the diagram
   * @param top the smallest y the new positions may take (below the placed boxes)
   * @param style sizes
   * @return the top-left corner of each unplaced box
   */
  static Map<ElementRef, Point> place(
      Kind kind,
      List<BoxGeometry> unplaced,
      Collection<BoxGeometry> placed,
      List<QueryArrow> edges,
      double top,
      DiagramStyle style) {
    if (unplaced.isEmpty()) {
      return Map.of();
    }
    return switch (kind) {
      case CHEBOTKO -> chebotko(unplaced, edges, top, style);
      case WORKFLOW -> layered(unplaced, edges, top, style, true, true).positions;
      case CONCEPTUAL -> conceptual(unplaced, placed, edges, top, style);
    };
  }

  // ---------------------------------------------------------------------------------------------
  // Chebotko and workflow diagrams

  private static Map<ElementRef, Point> chebotko(
      List<BoxGeometry> boxes, List<QueryArrow> edges, double top, DiagramStyle style) {
    Set<ElementRef> ids = new HashSet<>();
    boxes.forEach(b -> ids.add(b.box().element()));
    Set<ElementRef> joined = new HashSet<>();
    for (QueryArrow a : edges) {
      if (a.from() != null
          && !a.from().equals(a.to())
          && ids.contains(a.from())
          && ids.contains(a.to())) {
        joined.add(a.from());
        joined.add(a.to());
      }
    }
    List<BoxGeometry> connected = new ArrayList<>();
    List<BoxGeometry> alone = new ArrayList<>();
    for (BoxGeometry b : boxes) {
      (joined.contains(b.box().element()) ? connected : alone).add(b);
    }
    Map<ElementRef, Point> out = new LinkedHashMap<>();
    double below = top;
    if (!connected.isEmpty()) {
      Layered layered = layered(connected, edges, top, style, true, false);
      out.putAll(layered.positions);
      below = layered.bottom + style.gap;
    }
    Map<ElementRef, List<String>> entries = new HashMap<>();
    for (QueryArrow a : edges) {
      if (a.from() == null) {
        entries.computeIfAbsent(a.to(), t -> new ArrayList<>()).add(a.label());
      }
    }
    Map<ElementRef, Double> room = new HashMap<>();
    // The entry arrows into one box are drawn as one, labelled with their labels joined.
    entries.forEach(
        (box, labels) ->
            room.put(
                box,
                Math.max(
                    ENTRY_ROOM,
                    DiagramGeometry.width(String.join(", ", labels), style.arrowFont) + 40)));
    out.putAll(shelves(alone, below, style, room));
    return out;
  }

  private record Layered(Map<ElementRef, Point> positions, double bottom) {}

  /**
   * ELK's layered algorithm, left to right, over the boxes and the edges between them; the space
   * between layers leaves room for the edges' labels, and for entry arrows on the left. With {@code
   * modelOrder}, the boxes of a layer keep their order where that adds no crossing.
   */
  private static Layered layered(
      List<BoxGeometry> boxes,
      List<QueryArrow> edges,
      double top,
      DiagramStyle style,
      boolean roomForEntries,
      boolean modelOrder) {
    ElkNode root = graph(style, edges);
    if (modelOrder) {
      // The boxes of a layer in the model's order (tasks as the workflow lists them) where that
      // adds no crossing: ELK's own order among equals is arbitrary.
      root.setProperty(
          LayeredOptions.CONSIDER_MODEL_ORDER_STRATEGY,
          org.eclipse.elk.alg.layered.options.OrderingStrategy.NODES_AND_EDGES);
    }
    Map<ElementRef, ElkNode> nodes = new LinkedHashMap<>();
    for (BoxGeometry b : boxes) {
      ElkNode node = ElkGraphUtil.createNode(root);
      node.setDimensions(b.bounds().getWidth(), b.bounds().getHeight());
      nodes.put(b.box().element(), node);
    }
    boolean entries = false;
    for (QueryArrow a : edges) {
      if (a.from() == null) {
        entries |= nodes.containsKey(a.to());
        continue;
      }
      ElkNode from = nodes.get(a.from());
      ElkNode to = nodes.get(a.to());
      if (from != null && to != null && from != to) {
        ElkGraphUtil.createSimpleEdge(from, to);
      }
    }
    if (roomForEntries && entries) {
      double left = DiagramRenderer.ENTRY_LENGTH + 8;
      root.setProperty(CoreOptions.PADDING, new ElkPadding(0, 0, 0, left));
    }
    run(root);
    Map<ElementRef, Point> positions = new LinkedHashMap<>();
    double bottom = top;
    for (var e : nodes.entrySet()) {
      ElkNode n = e.getValue();
      positions.put(e.getKey(), new Point(Math.round(n.getX()), Math.round(n.getY() + top)));
      bottom = Math.max(bottom, n.getY() + top + n.getHeight());
    }
    return new Layered(positions, bottom);
  }

  private static ElkNode graph(DiagramStyle style, List<QueryArrow> edges) {
    double label = 0;
    for (QueryArrow a : edges) {
      label = Math.max(label, DiagramGeometry.width(a.label(), style.arrowFont));
    }
    ElkNode root = ElkGraphUtil.createGraph();
    root.setProperty(CoreOptions.ALGORITHM, "org.eclipse.elk.layered");
    root.setProperty(CoreOptions.DIRECTION, Direction.RIGHT);
    root.setProperty(CoreOptions.EDGE_ROUTING, EdgeRouting.ORTHOGONAL);
    root.setProperty(CoreOptions.SPACING_NODE_NODE, style.gap * 0.75);
    root.setProperty(CoreOptions.SPACING_COMPONENT_COMPONENT, style.gap);
    root.setProperty(LayeredOptions.SPACING_NODE_NODE_BETWEEN_LAYERS, betweenLayers(style, label));
    root.setProperty(CoreOptions.PADDING, new ElkPadding(0));
    root.setProperty(LayeredOptions.NODE_PLACEMENT_STRATEGY, NodePlacementStrategy.BRANDES_KOEPF);
    return root;
  }

  /**
   * The room between two layers of the layered layout, diagram pixels: enough for the widest arrow
   * label between them.
   *
   * @param label the widest label's width, diagram pixels
   */
  static double betweenLayers(DiagramStyle style, double label) {
    return Math.max(style.gap * 1.5, label + 40);
  }

  /** One layout at a time: the editor's warm-up runs on another thread than its layouts. */
  private static synchronized void run(ElkNode root) {
    new RecursiveGraphLayoutEngine().layout(root, new BasicProgressMonitor());
  }

  /**
   * Rows of boxes in the given order, a new row when a sixteen-by-ten area's width is reached. A
   * box an entry arrow goes into has room for it and its label on its left, so that the arrow does
   * not start at the box before it and read as coming from there.
   *
   * @param room the space to leave left of each box entry arrows go into (at least the gap), in
   *     diagram pixels
   */
  static Map<ElementRef, Point> shelves(
      List<BoxGeometry> boxes, double top, DiagramStyle style, Map<ElementRef, Double> room) {
    double area = 0;
    for (BoxGeometry b : boxes) {
      area += (b.bounds().getWidth() + style.gap) * (b.bounds().getHeight() + style.gap);
    }
    double target = Math.max(900, Math.sqrt(area * 16 / 10));
    Map<ElementRef, Point> placed = new LinkedHashMap<>();
    double x = 0;
    double y = top;
    double rowHeight = 0;
    for (BoxGeometry b : boxes) {
      double extra = x > 0 ? Math.max(0, room.getOrDefault(b.box().element(), 0.0) - style.gap) : 0;
      if (x > 0 && x + extra + b.bounds().getWidth() > target) {
        x = 0;
        extra = 0;
        y += rowHeight + style.gap;
        rowHeight = 0;
      }
      x += extra;
      placed.put(b.box().element(), new Point(x, y));
      x += b.bounds().getWidth() + style.gap;
      rowHeight = Math.max(rowHeight, b.bounds().getHeight());
    }
    return placed;
  }

  /**
   * The least space left of a box an entry arrow goes into, diagram pixels: the arrow, and room for
   * its tail's dot to stand clear of the box before.
   */
  static final double ENTRY_ROOM = DiagramRenderer.ENTRY_LENGTH + 28;

  // ---------------------------------------------------------------------------------------------
  // Conceptual diagrams

  /** An entity, relationship or IsA triangle and the attribute ovals around it, at the origin. */
  private static final class Cluster {
    final BoxGeometry core;
    final Map<ElementRef, Point> offsets = new LinkedHashMap<>();
    Rectangle2D bounds;

    Cluster(BoxGeometry core) {
      this.core = core;
      reset();
    }

    /** Back to the core alone, before its ovals are arranged again. */
    void reset() {
      offsets.clear();
      bounds = new Rectangle2D.Double(0, 0, core.bounds().getWidth(), core.bounds().getHeight());
      offsets.put(core.box().element(), new Point(0, 0));
    }

    /** The core's centre once the cluster's node is at {@code (x, y)}. */
    Point2D coreCentre(double x, double y) {
      return new Point2D.Double(
          x - bounds.getX() + core.bounds().getWidth() / 2,
          y - bounds.getY() + core.bounds().getHeight() / 2);
    }
  }

  private static Map<ElementRef, Point> conceptual(
      List<BoxGeometry> boxes,
      Collection<BoxGeometry> placed,
      List<QueryArrow> edges,
      double top,
      DiagramStyle style) {
    Map<ElementRef, BoxGeometry> unplaced = new LinkedHashMap<>();
    boxes.forEach(b -> unplaced.put(b.box().element(), b));
    Map<ElementRef, BoxGeometry> fixed = new HashMap<>();
    placed.forEach(b -> fixed.put(b.box().element(), b));
    // Attribute ovals hang off their owner (or off their composite attribute).
    Map<ElementRef, List<BoxGeometry>> children = new HashMap<>();
    Map<ElementRef, ElementRef> ownerOf = new HashMap<>();
    for (QueryArrow e : edges) {
      BoxGeometry child = unplaced.get(e.to());
      if (e.from() != null && child != null && child.box().kind().attribute()) {
        children.computeIfAbsent(e.from(), f -> new ArrayList<>()).add(child);
        ownerOf.put(e.to(), e.from());
      }
    }
    Map<ElementRef, Point> out = new LinkedHashMap<>();
    // Ovals whose owner keeps its place go around it, off the lines drawn already: a day bucket
    // added to KillrVideo's Video sat on the lines to two of its other attributes.
    List<Rectangle2D> taken = new ArrayList<>();
    fixed.values().forEach(b -> taken.add(b.bounds()));
    List<Line2D> drawn = new ArrayList<>();
    for (QueryArrow e : edges) {
      BoxGeometry from = e.from() == null ? null : fixed.get(e.from());
      BoxGeometry to = fixed.get(e.to());
      if (from != null && to != null) {
        drawn.add(centres(from.bounds(), to.bounds()));
      }
    }
    for (BoxGeometry b : boxes) {
      ElementRef owner = ownerOf.get(b.box().element());
      if (b.box().kind().attribute() && owner != null && fixed.containsKey(owner)) {
        Rectangle2D around = fixed.get(owner).bounds();
        Point at = nearestFree(around, b.bounds(), taken, drawn);
        out.put(b.box().element(), at);
        Rectangle2D r =
            new Rectangle2D.Double(at.x(), at.y(), b.bounds().getWidth(), b.bounds().getHeight());
        taken.add(r);
        drawn.add(centres(around, r));
        fixed.put(b.box().element(), b.movedTo(at.x(), at.y()));
      }
    }
    // The rest: clusters laid out along the relationship lines. First with the ovals above and
    // below each core (the lines run left and right in a layered layout); then, knowing where each
    // core's lines go, with the ovals in the directions left free, and laid out once more.
    List<Cluster> clusters = new ArrayList<>();
    Map<ElementRef, Cluster> clusterOf = new HashMap<>();
    for (BoxGeometry b : boxes) {
      if (out.containsKey(b.box().element())) {
        continue;
      }
      if (!b.box().kind().attribute() || !ownerOf.containsKey(b.box().element())) {
        Cluster c = new Cluster(b);
        arrange(c, children, List.of(0.0, Math.PI));
        clusters.add(c);
        clusterOf.put(b.box().element(), c);
      }
    }
    if (clusters.isEmpty()) {
      return out;
    }
    List<QueryArrow> lines = layoutEdges(edges);
    Map<Cluster, Point2D> at = layoutClusters(clusters, clusterOf, lines, style);
    Map<Cluster, List<Double>> directions = new HashMap<>();
    for (QueryArrow e : lines) {
      Cluster from = clusterOf.get(e.from());
      Cluster to = clusterOf.get(e.to());
      if (from != null && to != null && from != to) {
        Point2D a1 = from.coreCentre(at.get(from).getX(), at.get(from).getY());
        Point2D b1 = to.coreCentre(at.get(to).getX(), at.get(to).getY());
        double angle = Math.atan2(b1.getY() - a1.getY(), b1.getX() - a1.getX());
        directions.computeIfAbsent(from, k -> new ArrayList<>()).add(angle);
        directions.computeIfAbsent(to, k -> new ArrayList<>()).add(angle + Math.PI);
      }
    }
    for (Cluster c : clusters) {
      c.reset();
      // A core no line leaves has its ovals all round it.
      arrange(c, children, directions.getOrDefault(c, List.of()));
    }
    at = layoutClusters(clusters, clusterOf, lines, style);
    for (Cluster c : clusters) {
      double ox = at.get(c).getX() - c.bounds.getX();
      double oy = at.get(c).getY() - c.bounds.getY() + top;
      c.offsets.forEach(
          (ref, p) -> out.put(ref, new Point(Math.round(ox + p.x()), Math.round(oy + p.y()))));
    }
    return out;
  }

  /**
   * ELK's layered layout of the clusters, each a node whose lines leave and enter at the height of
   * its core's centre (so that ELK lines the cores up); the top-left corner of each cluster.
   */
  private static Map<Cluster, Point2D> layoutClusters(
      List<Cluster> clusters,
      Map<ElementRef, Cluster> clusterOf,
      List<QueryArrow> lines,
      DiagramStyle style) {
    ElkNode root = graph(style, lines);
    root.setProperty(LayeredOptions.SPACING_NODE_NODE_BETWEEN_LAYERS, style.gap * 1.6);
    root.setProperty(CoreOptions.SPACING_NODE_NODE, style.gap * 0.6);
    Map<Cluster, ElkNode> nodes = new LinkedHashMap<>();
    Map<Cluster, ElkPort[]> ports = new HashMap<>();
    for (Cluster c : clusters) {
      ElkNode node = ElkGraphUtil.createNode(root);
      node.setDimensions(c.bounds.getWidth(), c.bounds.getHeight());
      node.setProperty(CoreOptions.PORT_CONSTRAINTS, PortConstraints.FIXED_POS);
      double y = -c.bounds.getY() + c.core.bounds().getHeight() / 2;
      ElkPort west = ElkGraphUtil.createPort(node);
      west.setLocation(0, y);
      west.setDimensions(0, 0);
      west.setProperty(CoreOptions.PORT_SIDE, PortSide.WEST);
      ElkPort east = ElkGraphUtil.createPort(node);
      east.setLocation(c.bounds.getWidth(), y);
      east.setDimensions(0, 0);
      east.setProperty(CoreOptions.PORT_SIDE, PortSide.EAST);
      nodes.put(c, node);
      ports.put(c, new ElkPort[] {west, east});
    }
    for (QueryArrow e : lines) {
      Cluster from = clusterOf.get(e.from());
      Cluster to = clusterOf.get(e.to());
      if (from != null && to != null && from != to) {
        ElkConnectableShape source = ports.get(from)[1];
        ElkConnectableShape target = ports.get(to)[0];
        ElkGraphUtil.createSimpleEdge(source, target);
      }
    }
    run(root);
    Map<Cluster, Point2D> at = new HashMap<>();
    nodes.forEach((c, n) -> at.put(c, new Point2D.Double(n.getX(), n.getY())));
    return at;
  }

  /**
   * The edges the ER layout follows: a relationship's lines run from one of its entities into the
   * relationship and on to the others (so that a binary relationship sits between its two
   * entities); IsA lines from the parent through the triangle to the children; attribute lines are
   * left out (their ovals are part of their owner's node). A relationship's lines start at its
   * first entity unless that closes a cycle with the entities' lines laid already (IsA lines first,
   * then the relationships in the model's order), else at the first of its other entities that does
   * not: ELK turns a cycle's edge round, and the relationship then sat beyond both of its entities,
   * its line to the far one across the diagram (the KillrVideo training schema's comment, right of
   * Video, lined to User at the far left through Video's attribute ovals).
   */
  private static List<QueryArrow> layoutEdges(List<QueryArrow> edges) {
    Map<ElementRef, List<QueryArrow>> byRelationship = new LinkedHashMap<>();
    Map<ElementRef, Set<ElementRef>> after = new HashMap<>();
    for (QueryArrow e : edges) {
      if (e.from() == null || e.to().kind() == ElementRef.Kind.ATTRIBUTE) {
        continue;
      }
      if (e.from().kind() == ElementRef.Kind.RELATIONSHIP) {
        byRelationship.computeIfAbsent(e.from(), r -> new ArrayList<>()).add(e);
      } else if (e.from().kind() == ElementRef.Kind.ISA) {
        for (QueryArrow up : edges) {
          if (e.from().equals(up.to()) && up.from() != null) {
            after.computeIfAbsent(up.from(), k -> new HashSet<>()).add(e.to());
          }
        }
      }
    }
    Map<ElementRef, ElementRef> sourceOf = new HashMap<>();
    byRelationship.forEach(
        (relationship, lines) -> {
          List<ElementRef> ends = new ArrayList<>();
          lines.forEach(l -> ends.add(l.to()));
          ElementRef source = ends.get(0);
          for (ElementRef candidate : new java.util.LinkedHashSet<>(ends)) {
            boolean acyclic = true;
            for (ElementRef other : ends) {
              acyclic &= other.equals(candidate) || !reaches(after, other, candidate);
            }
            if (acyclic) {
              source = candidate;
              break;
            }
          }
          sourceOf.put(relationship, source);
          for (ElementRef other : ends) {
            if (!other.equals(source)) {
              after.computeIfAbsent(source, k -> new HashSet<>()).add(other);
            }
          }
        });
    List<QueryArrow> out = new ArrayList<>();
    Set<ElementRef> turned = new HashSet<>();
    for (QueryArrow e : edges) {
      if (e.from() == null || e.to().kind() == ElementRef.Kind.ATTRIBUTE) {
        continue;
      }
      if (e.from().kind() == ElementRef.Kind.RELATIONSHIP
          && e.to().equals(sourceOf.get(e.from()))
          && turned.add(e.from())) {
        out.add(new QueryArrow(e.label(), e.to(), e.from(), e.twin()));
      } else {
        out.add(e);
      }
    }
    return out;
  }

  /** Whether {@code to} can be reached from {@code from} along the entities' lines. */
  private static boolean reaches(
      Map<ElementRef, Set<ElementRef>> after, ElementRef from, ElementRef to) {
    java.util.ArrayDeque<ElementRef> open = new java.util.ArrayDeque<>(List.of(from));
    Set<ElementRef> seen = new HashSet<>(List.of(from));
    while (!open.isEmpty()) {
      ElementRef at = open.pop();
      if (at.equals(to)) {
        return true;
      }
      for (ElementRef next : after.getOrDefault(at, Set.of())) {
        if (seen.add(next)) {
          open.push(next);
        }
      }
    }
    return false;
  }

  private static final double LINE_CLEARANCE = Math.toRadians(28);

  /**
   * Puts a core's attribute ovals around it, spread over the directions its lines leave free
   * ({@code blocked}: the directions of its lines, screen angles, y downwards), on the smallest
   * ellipse where no two overlap; parts of a composite attribute go on a small arc beyond their
   * composite, away from the core. Every line from the core to an oval runs along a radius and
   * passes between the other ovals, and no oval sits where a relationship's line runs.
   */
  private static void arrange(
      Cluster c, Map<ElementRef, List<BoxGeometry>> children, List<Double> blocked) {
    List<BoxGeometry> ovals = children.getOrDefault(c.core.box().element(), List.of());
    if (ovals.isEmpty()) {
      return;
    }
    Rectangle2D core =
        new Rectangle2D.Double(0, 0, c.core.bounds().getWidth(), c.core.bounds().getHeight());
    List<Rectangle2D> taken = new ArrayList<>(List.of(core));
    place(c, ovals, core, freeAngles(ovals.size(), blocked), taken, children);
  }

  /**
   * {@code n} directions spread evenly over the circle minus a clearance around each blocked
   * direction, starting from straight up; straight up and down when nothing is free.
   */
  static List<Double> freeAngles(int n, List<Double> blocked) {
    // Free intervals of the turn measured clockwise from straight up (screen angle -pi/2), as
    // the blocked intervals subtracted: the first attribute (usually the key) goes on top.
    List<double[]> cuts = new ArrayList<>();
    for (double angle : blocked) {
      double a = normal(angle + Math.PI / 2 - LINE_CLEARANCE);
      double b = normal(angle + Math.PI / 2 + LINE_CLEARANCE);
      if (a < b) {
        cuts.add(new double[] {a, b});
      } else {
        cuts.add(new double[] {a, 2 * Math.PI});
        cuts.add(new double[] {0, b});
      }
    }
    cuts.sort((x, y) -> Double.compare(x[0], y[0]));
    List<double[]> free = new ArrayList<>();
    double from = 0;
    for (double[] cut : cuts) {
      if (cut[0] > from) {
        free.add(new double[] {from, cut[0]});
      }
      from = Math.max(from, cut[1]);
    }
    if (from < 2 * Math.PI) {
      free.add(new double[] {from, 2 * Math.PI});
    }
    double total = 0;
    for (double[] f : free) {
      total += f[1] - f[0];
    }
    List<Double> angles = new ArrayList<>();
    if (total < 0.2) {
      for (int i = 0; i < n; i++) {
        angles.add(i % 2 == 0 ? -Math.PI / 2 : Math.PI / 2);
      }
      return angles;
    }
    // n points at the middles of n equal stretches of the free length.
    double step = total / n;
    for (int i = 0; i < n; i++) {
      double target = step * (i + 0.5);
      for (double[] f : free) {
        double length = f[1] - f[0];
        if (target <= length) {
          angles.add(f[0] + target - Math.PI / 2);
          break;
        }
        target -= length;
      }
    }
    return angles;
  }

  private static double normal(double angle) {
    double a = angle % (2 * Math.PI);
    return a < 0 ? a + 2 * Math.PI : a;
  }

  /**
   * How a ring of ovals is shaped: how fast it widens against how fast it grows taller, and whether
   * every other oval sits one row further out. Ovals are wide and low, so a ring of many needs
   * width more than height; staggered, neighbours on a ring are two steps apart and the ring about
   * half as large (the line to an outer oval runs between two inner ones).
   */
  private record RingShape(double widen, boolean staggered) {}

  private static final List<RingShape> RING_SHAPES =
      List.of(
          new RingShape(0.6, false),
          new RingShape(1.0, false),
          new RingShape(1.6, false),
          new RingShape(0.6, true),
          new RingShape(1.0, true),
          new RingShape(1.6, true));

  /** Fewest ovals around one core for a staggered ring to be tried. */
  private static final int STAGGER_FROM = 6;

  /**
   * Places ovals at the given directions around {@code around}, each composite's parts beyond it,
   * as {@link #rings} chooses.
   */
  private static void place(
      Cluster c,
      List<BoxGeometry> ovals,
      Rectangle2D around,
      List<Double> angles,
      List<Rectangle2D> taken,
      Map<ElementRef, List<BoxGeometry>> children) {
    Rings chosen = rings(ovals, around, angles, taken, children);
    for (BoxGeometry b : all(ovals, children)) {
      Rectangle2D r = chosen.at().get(b.box().element());
      put(c, b, r.getX(), r.getY());
      taken.add(r);
    }
  }

  /** The ovals and, after each composite, its parts, at any depth. */
  private static List<BoxGeometry> all(
      List<BoxGeometry> ovals, Map<ElementRef, List<BoxGeometry>> children) {
    List<BoxGeometry> out = new ArrayList<>();
    for (BoxGeometry b : ovals) {
      out.add(b);
      out.addAll(all(children.getOrDefault(b.box().element(), List.of()), children));
    }
    return out;
  }

  /**
   * Where a ring of ovals and their composites' parts go.
   *
   * @param at each oval's and part's place, in diagram pixels
   * @param clear whether every line from a core or composite to its ovals misses every other box
   * @param area the bounding box's area of the core and all of them, in square diagram pixels
   */
  private record Rings(Map<ElementRef, Rectangle2D> at, boolean clear, double area) {}

  /**
   * Ovals at the given directions around {@code around} on a ring where they overlap nothing taken,
   * then each composite's parts on a small arc beyond it, away from the core, the same way. The
   * directions are taken as given, else turned a little either way, until the lines to the ovals
   * and parts pass clear of everything already placed; of the rings (shapes, {@link RingShape})
   * that clear at the first such turn, the one of least area; when none clears, the least of those
   * at the given directions.
   */
  private static Rings rings(
      List<BoxGeometry> ovals,
      Rectangle2D around,
      List<Double> angles,
      List<Rectangle2D> taken,
      Map<ElementRef, List<BoxGeometry>> children) {
    double cx = around.getCenterX();
    double cy = around.getCenterY();
    int n = ovals.size();
    Rings best = null;
    Rings fallback = null;
    for (double turn : new double[] {0, 0.25, -0.25, 0.5, -0.5, 0.8, -0.8}) {
      for (RingShape shape : RING_SHAPES) {
        if (shape.staggered() && n < STAGGER_FROM) {
          continue;
        }
        List<Rectangle2D> places = ring(ovals, around, angles, turn, taken, shape);
        boolean clear = linesClear(cx, cy, places, taken, around);
        Map<ElementRef, Rectangle2D> at = new LinkedHashMap<>();
        List<Rectangle2D> now = new ArrayList<>(taken);
        Rectangle2D bounds = new Rectangle2D.Double();
        bounds.setRect(around);
        for (int i = 0; i < n; i++) {
          at.put(ovals.get(i).box().element(), places.get(i));
          now.add(places.get(i));
          bounds.add(places.get(i));
        }
        for (int i = 0; i < n; i++) {
          List<BoxGeometry> parts = children.getOrDefault(ovals.get(i).box().element(), List.of());
          if (!parts.isEmpty()) {
            Rectangle2D r = places.get(i);
            double away = Math.atan2(r.getCenterY() - cy, r.getCenterX() - cx);
            double spread = Math.PI * 0.7;
            List<Double> partAngles = new ArrayList<>();
            for (int k = 0; k < parts.size(); k++) {
              partAngles.add(
                  parts.size() == 1 ? away : away - spread / 2 + spread * k / (parts.size() - 1));
            }
            Rings sub = rings(parts, r, partAngles, now, children);
            at.putAll(sub.at());
            now.addAll(sub.at().values());
            sub.at().values().forEach(bounds::add);
            clear &= sub.clear();
          }
        }
        Rings candidate = new Rings(at, clear, bounds.getWidth() * bounds.getHeight());
        if (turn == 0 && (fallback == null || candidate.area() < fallback.area())) {
          fallback = candidate;
        }
        if (clear && (best == null || candidate.area() < best.area())) {
          best = candidate;
        }
      }
      if (best != null) {
        return best;
      }
    }
    return fallback;
  }

  /**
   * The ovals at the directions (turned by {@code turn}) on the smallest ring of the given shape
   * that is free.
   */
  private static List<Rectangle2D> ring(
      List<BoxGeometry> ovals,
      Rectangle2D around,
      List<Double> angles,
      double turn,
      List<Rectangle2D> taken,
      RingShape shape) {
    double cx = around.getCenterX();
    double cy = around.getCenterY();
    List<Rectangle2D> places = new ArrayList<>();
    for (double grow = ROW_GAP; ; grow += 8) {
      places.clear();
      boolean free = true;
      for (int i = 0; i < ovals.size() && free; i++) {
        double angle = angles.get(i) + turn;
        BoxGeometry b = ovals.get(i);
        double w = b.bounds().getWidth();
        double h = b.bounds().getHeight();
        double out = shape.staggered() && i % 2 == 1 ? h + OVAL_GAP : 0;
        double rx = around.getWidth() / 2 + w / 2 + grow * shape.widen() + out;
        double ry = around.getHeight() / 2 + h / 2 + grow + out;
        Rectangle2D r =
            new Rectangle2D.Double(
                cx + rx * Math.cos(angle) - w / 2, cy + ry * Math.sin(angle) - h / 2, w, h);
        Rectangle2D padded =
            new Rectangle2D.Double(r.getX() - OVAL_GAP / 2, r.getY() - 4, w + OVAL_GAP, h + 8);
        for (Rectangle2D t : taken) {
          free &= !t.intersects(padded);
        }
        for (Rectangle2D p : places) {
          free &= !p.intersects(padded);
        }
        places.add(r);
      }
      if (free || grow > 2000) {
        return List.copyOf(places);
      }
    }
  }

  /** Whether the lines from the centre to each place miss every taken box but the centre's own. */
  private static boolean linesClear(
      double cx, double cy, List<Rectangle2D> places, List<Rectangle2D> taken, Rectangle2D own) {
    for (Rectangle2D p : places) {
      java.awt.geom.Line2D line =
          new java.awt.geom.Line2D.Double(cx, cy, p.getCenterX(), p.getCenterY());
      for (Rectangle2D t : taken) {
        if (t != own && t.intersectsLine(line)) {
          return false;
        }
      }
      for (Rectangle2D q : places) {
        if (q != p && q.intersectsLine(line)) {
          return false;
        }
      }
    }
    return true;
  }

  private static void put(Cluster c, BoxGeometry b, double x, double y) {
    c.offsets.put(b.box().element(), new Point(x, y));
    c.bounds.add(new Rectangle2D.Double(x, y, b.bounds().getWidth(), b.bounds().getHeight()));
  }

  /** The straight line between the centres of two boxes. */
  private static Line2D centres(Rectangle2D a, Rectangle2D b) {
    return new Line2D.Double(a.getCenterX(), a.getCenterY(), b.getCenterX(), b.getCenterY());
  }

  /**
   * The nearest place around {@code owner} where a box of {@code size} overlaps nothing taken:
   * rings of candidate places at growing distance, above first, then below, right and left.
   */
  static Point nearestFree(Rectangle2D owner, Rectangle2D size, List<Rectangle2D> taken) {
    return nearestFree(owner, size, taken, List.of());
  }

  /**
   * The nearest place around {@code owner}, as {@link #nearestFree(Rectangle2D, Rectangle2D,
   * List)}, where the box also lies on none of the {@code lines} and its own straight line to the
   * owner crosses no box taken; where no place within the rings is that clear, the nearest that
   * overlaps nothing.
   *
   * @param lines lines drawn between boxes' centres, in diagram pixels, not null
   */
  static Point nearestFree(
      Rectangle2D owner, Rectangle2D size, List<Rectangle2D> taken, List<Line2D> lines) {
    if (!lines.isEmpty()) {
      Point clear = nearestWhere(owner, size, taken, r -> clearOf(owner, r, taken, lines));
      if (clear != null) {
        return clear;
      }
    }
    Point free = nearestWhere(owner, size, taken, r -> true);
    return free != null ? free : new Point(owner.getMaxX() + ROW_GAP, owner.getMinY());
  }

  /** Whether a box at {@code r} lies on no line and its line to {@code owner} crosses no box. */
  private static boolean clearOf(
      Rectangle2D owner, Rectangle2D r, List<Rectangle2D> taken, List<Line2D> lines) {
    if (lines.stream().anyMatch(l -> l.intersects(r))) {
      return false;
    }
    Line2D own = centres(owner, r);
    for (Rectangle2D t : taken) {
      if (!t.equals(owner) && own.intersects(t)) {
        return false;
      }
    }
    return true;
  }

  private static Point nearestWhere(
      Rectangle2D owner,
      Rectangle2D size,
      List<Rectangle2D> taken,
      java.util.function.Predicate<Rectangle2D> also) {
    double w = size.getWidth();
    double h = size.getHeight();
    for (int ring = 1; ring <= 12; ring++) {
      double d = ROW_GAP * ring;
      List<Point> candidates = new ArrayList<>();
      for (int i = -ring; i <= ring; i++) {
        double x = owner.getCenterX() - w / 2 + i * (w + OVAL_GAP) / 2;
        candidates.add(new Point(x, owner.getMinY() - d - h));
        candidates.add(new Point(x, owner.getMaxY() + d));
      }
      for (int i = -ring; i <= ring; i++) {
        double y = owner.getCenterY() - h / 2 + i * (h + OVAL_GAP) / 2;
        candidates.add(new Point(owner.getMaxX() + d, y));
        candidates.add(new Point(owner.getMinX() - d - w, y));
      }
      for (Point p : candidates) {
        Rectangle2D r = new Rectangle2D.Double(p.x() - 6, p.y() - 6, w + 12, h + 12);
        if (taken.stream().noneMatch(t -> t.intersects(r)) && also.test(r)) {
          return new Point(Math.round(p.x()), Math.round(p.y()));
        }
      }
    }
    return null;
  }
}
