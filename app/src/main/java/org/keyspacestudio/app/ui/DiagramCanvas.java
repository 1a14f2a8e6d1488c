package org.keyspacestudio.app.ui;

import java.awt.BasicStroke;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Predicate;
import javafx.application.Platform;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableSet;
import javafx.scene.Cursor;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import org.keyspacestudio.export.diagram.BoxGeometry;
import org.keyspacestudio.export.diagram.DiagramGeometry;
import org.keyspacestudio.export.diagram.DiagramRenderer;
import org.keyspacestudio.export.diagram.RenderState;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * The diagram on screen: the visible area drawn by the same {@link DiagramRenderer} and the same
 * Java2D rasteriser as the PNG export, into an image the size of the viewport, which JavaFX shows
 * in tiles ({@link TiledImage}: only the tiles a redraw changed are repainted). What only the
 * screen shows (the rubber band, the connector handle, an arrow being drawn) is drawn into the same
 * image, in screen pixels. It pans, zooms, selects (click, shift-click, rubber band), moves boxes
 * (drag, arrow keys) and draws arrows between boxes, and reports each finished gesture through
 * {@code onMove} or {@link #setOnConnect}; it never edits the project itself.
 *
 * <p>Mouse: drag a box to move it (Alt: no grid snapping); drag the background for a rubber band;
 * right- or middle-drag, or the wheel, to pan; Ctrl+wheel to zoom at the pointer. A single selected
 * box that can start an arrow shows a round handle beside its right edge: drag it onto another box
 * to draw an arrow (Escape cancels). When part of the diagram is out of view, a minimap in the
 * bottom-right corner shows all of it and the visible part; click or drag in it to go there.
 *
 * <p>Drawing happens at most once per frame: a change asks for a redraw, and the redraw runs at the
 * start of the next pulse, before layout, so a burst of mouse events costs one drawing. A pan by
 * whole device pixels moves the pixels already drawn and draws only the strips it uncovers (and
 * what lay under the minimap and the handle).
 */
public final class DiagramCanvas extends Region {

  /** The smallest zoom: a 1,000-table diagram fits a window. */
  public static final double MIN_ZOOM = 0.01;

  /** The snapping grid, in diagram pixels. */
  public static final double GRID = 20;

  /** The connector handle's radius, in screen pixels. */
  static final double HANDLE_RADIUS = 7;

  private static final java.awt.Color ACCENT = new java.awt.Color(30, 136, 229);

  /** The alignment guides' colour: a magenta that neither theme uses for anything else. */
  private static final java.awt.Color GUIDE = new java.awt.Color(216, 27, 96);

  private final TiledImage view = new TiledImage();

  /** Has the window repaint what the tiles changed, lost repaints of JavaFX 21 or not. */
  private final RepaintMark repaintMark = new RepaintMark();

  private BufferedImage image;

  /** The image's pixels (premultiplied ARGB, row by row): what the tiles copy from. */
  private int[] imagePixels;

  private double outputScale = 1;

  /**
   * The selected elements in the order they were selected: a relationship made from two entities
   * gives the first one clicked the end of cardinality 1 (a hash set gave it to either).
   */
  private final ObservableSet<ElementRef> selection =
      FXCollections.observableSet(new java.util.LinkedHashSet<>());

  private final DoubleProperty zoom = new SimpleDoubleProperty(1);
  private final Consumer<Map<ElementRef, Point>> onMove;

  private DiagramGeometry geometry;
  private DiagramGeometry shown;
  private Set<ElementRef> problems = Set.of();

  /** Those of {@link #problems} with warnings and no error, marked amber rather than red. */
  private Set<ElementRef> warnings = Set.of();

  private boolean snap = true;
  private boolean grid = true;
  private double tx = 0;
  private double ty = 0;

  private double pressX;
  private double pressY;
  private Map<ElementRef, Point> dragStart;
  private Map<ElementRef, Point> dragNow;

  /** The box a drag started on: it snaps to the grid, the others keep their place beside it. */
  private ElementRef dragAnchor;

  private Rectangle2D rubberBand;
  private Set<ElementRef> selectionAtPress = Set.of();
  private boolean panning;
  private Predicate<ElementRef> connectable = ref -> false;
  private BiConsumer<ElementRef, ElementRef> onConnect = (from, to) -> {};
  private java.util.function.Function<org.keyspacestudio.model.diagram.QueryArrow, ElementRef>
      edgeRef = a -> null;
  private java.util.function.Function<ElementRef, java.util.Collection<ElementRef>> companions =
      ref -> Set.of();
  private ElementRef connectFrom;
  private ElementRef connectTo;
  private javafx.geometry.Point2D pointer;
  private boolean minimap = true;
  private boolean minimapDragging;
  private DiagramGeometry minimapOf;
  private Rectangle2D minimapBounds;
  private boolean dirty;
  private boolean fullRedraw = true;

  /**
   * What drag previews changed since the last paint, in diagram pixels: boxes where they were and
   * are, arrows where they ran and run. Only these areas are drawn again, not the whole view.
   */
  private final java.util.List<Rectangle2D> damaged = new java.util.ArrayList<>();

  private boolean painted;
  private double paintedTx;
  private double paintedTy;

  /** Where the last drawing put screen-only things (minimap, handle...), in canvas pixels. */
  private final java.util.List<Rectangle2D> overlayAreas = new java.util.ArrayList<>();

  private final Runnable paintIfDirty =
      () -> {
        if (dirty) {
          paintNow();
        }
      };

  /**
   * @param geometry what to draw first
   * @param onMove receives the new positions of the boxes a drag or an arrow key moved
   */
  public DiagramCanvas(DiagramGeometry geometry, Consumer<Map<ElementRef, Point>> onMove) {
    this.geometry = geometry;
    this.shown = geometry;
    this.onMove = onMove;
    getChildren().add(view);
    setFocusTraversable(true);
    setMinSize(100, 100);
    setOnMousePressed(this::pressed);
    setOnMouseDragged(this::dragged);
    setOnMouseReleased(this::released);
    setOnMouseMoved(
        e -> setCursor(handleAt(e.getX(), e.getY()) != null ? Cursor.CROSSHAIR : Cursor.DEFAULT));
    setOnScroll(this::scrolled);
    addEventHandler(KeyEvent.KEY_PRESSED, this::keyPressed);
    addEventHandler(
        javafx.scene.input.ContextMenuEvent.CONTEXT_MENU_REQUESTED, this::keyboardContextMenu);
    // No background of its own: the image covers the region, and the software pipeline would fill
    // the whole region again under it on every frame (a third of a frame's time at 200%). The
    // window's scene fill, the theme's background, is what shows before the first paint.
    sceneProperty()
        .addListener(
            (o, old, scene) -> {
              if (old != null) {
                old.removePreLayoutPulseListener(paintIfDirty);
              }
              if (scene != null) {
                scene.addPreLayoutPulseListener(paintIfDirty);
              }
              repaintMark.attach(scene);
            });
    selection.addListener((javafx.collections.SetChangeListener<ElementRef>) c -> paint());
    zoom.addListener((o, a, b) -> paint());
    // Tab from the pane before brings the focus by keyboard too (JavaFX marks it focus-visible).
    focusVisibleProperty()
        .addListener(
            (o, was, visible) -> {
              if (visible) {
                showFocus();
              }
            });
  }

  /** The edges that show the keyboard focus came by F6 (made on first use), or null. */
  private javafx.scene.layout.Region[] focusEdges;

  /** Width of a focus edge, pixels. */
  private static final double FOCUS_EDGE = 2;

  /**
   * Shows that the diagram has the keyboard focus, as F6, Shift+F6 or Tab gave it (Primer marks
   * nothing on a focused region): a 2-pixel accent edge inside the canvas, until the focus leaves
   * or the mouse is pressed in it (a click gives the diagram the focus without a mark, as a browser
   * does). Four thin filled regions, not a border: the software pipeline rasterizes a stroked
   * border across the whole diagram on every frame.
   */
  void showFocus() {
    if (focusEdges == null) {
      focusEdges = new javafx.scene.layout.Region[4];
      for (int i = 0; i < focusEdges.length; i++) {
        focusEdges[i] = new javafx.scene.layout.Region();
        focusEdges[i].getStyleClass().add("diagram-focus-edge");
        focusEdges[i].setMouseTransparent(true);
        focusEdges[i].setManaged(false);
        focusEdges[i].setVisible(false);
      }
      getChildren().addAll(focusEdges);
      focusedProperty().addListener((o, was, focused) -> hideFocus(focused));
      addEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> hideFocus(false));
    }
    for (javafx.scene.layout.Region edge : focusEdges) {
      edge.setVisible(isFocused());
    }
    requestLayout();
  }

  private void hideFocus(boolean focused) {
    if (!focused && focusEdges != null) {
      for (javafx.scene.layout.Region edge : focusEdges) {
        edge.setVisible(false);
      }
    }
  }

  /** Whether the focus edges show (for tests). */
  boolean focusShown() {
    return focusEdges != null && focusEdges[0].isVisible();
  }

  /** What an empty diagram says in its middle (made on first use), or null. */
  private javafx.scene.control.Label emptyHint;

  private String emptyText;

  /**
   * Sets what the canvas says in its middle while it shows no box: how to start this diagram (a
   * screen-only hint, never exported). Null for nothing.
   */
  public void setEmptyText(String text) {
    emptyText = text;
    showEmptyHint();
  }

  /** The hint shown while the diagram is empty, or null when none is shown (for tests). */
  String emptyHintShown() {
    return emptyHint != null && emptyHint.isVisible() ? emptyHint.getText() : null;
  }

  private void showEmptyHint() {
    boolean show = emptyText != null && shown.boxes().isEmpty();
    if (show && emptyHint == null) {
      emptyHint = new javafx.scene.control.Label();
      emptyHint.setId("empty-diagram-hint");
      emptyHint.setWrapText(true);
      emptyHint.setMaxWidth(420);
      emptyHint.setMouseTransparent(true);
      emptyHint.setTextAlignment(javafx.scene.text.TextAlignment.CENTER);
      emptyHint.setStyle("-fx-text-fill: -color-fg-muted; -fx-font-size: 14px;");
      getChildren().add(emptyHint);
    }
    if (emptyHint != null) {
      emptyHint.setText(emptyText);
      emptyHint.setVisible(show);
      requestLayout();
    }
  }

  /** The selected boxes (tables, views, UDTs). */
  public ObservableSet<ElementRef> selection() {
    return selection;
  }

  /** Screen pixels per diagram pixel. */
  public DoubleProperty zoomProperty() {
    return zoom;
  }

  /**
   * Shows another geometry and the elements with problems (after an edit), every one marked as an
   * error; see {@link #show(DiagramGeometry, Set, Set)}.
   */
  public void show(DiagramGeometry newGeometry, Set<ElementRef> withProblems) {
    show(newGeometry, withProblems, Set.of());
  }

  /**
   * Shows another geometry and the elements with problems (after an edit), in one redraw; keeps
   * zoom, pan and the selection that still exists.
   *
   * @param withProblems elements to mark, red
   * @param warningsOnly those of them with warnings and no error, marked amber instead
   */
  public void show(
      DiagramGeometry newGeometry, Set<ElementRef> withProblems, Set<ElementRef> warningsOnly) {
    DiagramGeometry before = shown;
    Set<ElementRef> problemsBefore = problems;
    Set<ElementRef> warningsBefore = warnings;
    geometry = newGeometry;
    shown = newGeometry;
    problems = Set.copyOf(withProblems);
    warnings = Set.copyOf(warningsOnly);
    Set<ElementRef> edges = new java.util.HashSet<>();
    for (var a : newGeometry.arrows()) {
      ElementRef ref = edgeRef.apply(a);
      if (ref != null) {
        edges.add(ref);
      }
    }
    selection.removeIf(ref -> newGeometry.box(ref) == null && !edges.contains(ref));
    showEmptyHint();
    java.util.List<Rectangle2D> changed =
        before == null
            ? null
            : editedAreas(
                before,
                newGeometry,
                marks(problemsBefore, warningsBefore),
                marks(problems, warnings));
    if (changed == null) {
      paint();
    } else {
      damaged.addAll(changed);
      panned();
    }
  }

  /** Above this many changed areas an edit draws the whole view again (one pass is cheaper). */
  private static final int MAX_EDIT_AREAS = 200;

  /** Each marked element, with whether its mark is a warning's (amber) rather than an error's. */
  private static Map<ElementRef, Boolean> marks(
      Set<ElementRef> problems, Set<ElementRef> warnings) {
    Map<ElementRef, Boolean> marks = new HashMap<>();
    for (ElementRef ref : problems) {
      marks.put(ref, warnings.contains(ref));
    }
    return marks;
  }

  /**
   * Where an edit changed what the view shows, in diagram pixels: each box added, removed, moved or
   * drawn differently (its rows, markers, size), where it was and where it is; each box whose
   * problem mark came, went or changed colour; each arrow whose route or label changed. Null when
   * the whole view must be drawn again: another palette or level, other arrows, or too many areas.
   * An edit keeps the geometry of the tables it did not change ({@code DiagramGeometry.Memo}), so
   * most boxes are the same instances and cost one comparison.
   */
  private static java.util.List<Rectangle2D> editedAreas(
      DiagramGeometry before,
      DiagramGeometry after,
      Map<ElementRef, Boolean> marksBefore,
      Map<ElementRef, Boolean> marksAfter) {
    if (before.style() != after.style() || before.level() != after.level()) {
      return null;
    }
    java.util.List<Rectangle2D> areas = changedAreas(before, after);
    if (areas == null) {
      return null;
    }
    java.util.List<Rectangle2D> all = new java.util.ArrayList<>(areas);
    for (BoxGeometry b : after.boxes()) {
      BoxGeometry old = before.box(b.box().element());
      if (old != null && old != b && old.bounds().equals(b.bounds()) && !old.equals(b)) {
        // Same place and size, other content (a comment does not show; a type does).
        all.add(b.bounds());
      }
    }
    for (Map.Entry<ElementRef, Boolean> mark : marksBefore.entrySet()) {
      if (!mark.getValue().equals(marksAfter.get(mark.getKey()))) {
        addBounds(all, before, after, mark.getKey());
      }
    }
    for (ElementRef ref : marksAfter.keySet()) {
      if (!marksBefore.containsKey(ref)) {
        addBounds(all, before, after, ref);
      }
    }
    return all.size() > MAX_EDIT_AREAS ? null : all;
  }

  /**
   * The bounds of the boxes that mark an element's problem (its own box, or the box with its row: a
   * column's problem marks its row) in either geometry. An element drawn nowhere adds nothing.
   */
  private static void addBounds(
      java.util.List<Rectangle2D> areas,
      DiagramGeometry before,
      DiagramGeometry after,
      ElementRef ref) {
    for (DiagramGeometry g : java.util.List.of(after, before)) {
      BoxGeometry own = g.box(ref);
      if (own != null) {
        areas.add(own.bounds());
        continue;
      }
      for (BoxGeometry b : g.boxes()) {
        if (b.box().rows().stream().anyMatch(r -> ref.equals(r.element()))) {
          areas.add(b.bounds());
        }
      }
    }
  }

  /**
   * Which element an edge stands for when its label is clicked (a workflow transition, say), or
   * null for edges that cannot be selected (the default).
   */
  public void setEdgeRefs(
      java.util.function.Function<org.keyspacestudio.model.diagram.QueryArrow, ElementRef> refs) {
    this.edgeRef = refs;
  }

  /**
   * The boxes that move with a box when it is dragged (an ER entity's attribute ovals), unless they
   * are selected themselves.
   */
  public void setCompanions(
      java.util.function.Function<ElementRef, java.util.Collection<ElementRef>> companions) {
    this.companions = companions;
  }

  /** The geometry shown. */
  public DiagramGeometry geometry() {
    return geometry;
  }

  public void setSnap(boolean on) {
    snap = on;
  }

  /** Shows or hides the minimap. */
  public void setMinimap(boolean on) {
    minimap = on;
    paint();
  }

  /**
   * Where the minimap is, in canvas pixels, or null when it is not shown: turned off, a canvas
   * under 400 x 300 px, or the whole diagram in view.
   */
  public Rectangle2D minimapArea() {
    if (!minimap || getWidth() < 400 || getHeight() < 300) {
      return null;
    }
    Rectangle2D all = diagramBounds();
    if (all.isEmpty()) {
      return null;
    }
    double z = zoom.get();
    Rectangle2D view = new Rectangle2D.Double(-tx / z, -ty / z, getWidth() / z, getHeight() / z);
    if (view.contains(all)) {
      return null;
    }
    double scale = Math.min(200 / all.getWidth(), 150 / all.getHeight());
    double w = Math.max(20, all.getWidth() * scale);
    double h = Math.max(20, all.getHeight() * scale);
    return new Rectangle2D.Double(getWidth() - w - 12, getHeight() - h - 12, w, h);
  }

  /** The boxes' extent (arrows left out: the minimap shows boxes), kept per geometry shown. */
  private Rectangle2D diagramBounds() {
    if (minimapOf != shown) {
      minimapOf = shown;
      minimapBounds = shown.boxBounds();
    }
    return minimapBounds;
  }

  /** Centres the view on the diagram point under a minimap point (canvas pixels). */
  private void goToMinimapPoint(Rectangle2D area, double x, double y) {
    Rectangle2D all = diagramBounds();
    double scale = area.getWidth() / all.getWidth();
    double dx =
        all.getX() + (Math.max(area.getX(), Math.min(area.getMaxX(), x)) - area.getX()) / scale;
    double dy =
        all.getY() + (Math.max(area.getY(), Math.min(area.getMaxY(), y)) - area.getY()) / scale;
    tx = getWidth() / 2 - dx * zoom.get();
    ty = getHeight() / 2 - dy * zoom.get();
    paint();
  }

  public void setGrid(boolean on) {
    grid = on;
    paint();
  }

  /**
   * Which boxes can start and end an arrow drawn with the mouse (by default none, and no handle is
   * shown), and who receives a finished one: {@code onConnect} gets the box the drag started on and
   * the box it ended on, never the same box, never null.
   */
  public void setOnConnect(
      Predicate<ElementRef> connectable, BiConsumer<ElementRef, ElementRef> onConnect) {
    this.connectable = connectable;
    this.onConnect = onConnect;
    paint();
  }

  /**
   * Where the connector handle of a single selected box is, in canvas pixels; null when none is
   * shown (no selection, several boxes, or a box that cannot start an arrow).
   */
  public javafx.geometry.Point2D handle() {
    if (selection.size() != 1) {
      return null;
    }
    ElementRef ref = selection.iterator().next();
    BoxGeometry box = shown.box(ref);
    if (box == null || !connectable.test(ref)) {
      return null;
    }
    Rectangle2D b = box.bounds();
    // Just outside the right edge, so it never covers a row's marker.
    return new javafx.geometry.Point2D(
        b.getMaxX() * zoom.get() + tx + HANDLE_RADIUS + 3, b.getCenterY() * zoom.get() + ty);
  }

  /** The box whose handle is at a canvas point, or null. */
  private ElementRef handleAt(double x, double y) {
    javafx.geometry.Point2D h = handle();
    return h != null && h.distance(x, y) <= HANDLE_RADIUS + 2 ? selection.iterator().next() : null;
  }

  /** Zooms by a factor around a point of the canvas (screen pixels). */
  public void zoomBy(double factor, double atX, double atY) {
    zoomTo(zoom.get() * factor, atX, atY);
  }

  /**
   * Zooms to {@code next} (1 is 100%, kept within the zoom's range) around a point of the canvas.
   */
  private void zoomTo(double wanted, double atX, double atY) {
    double old = zoom.get();
    double next = Math.max(MIN_ZOOM, Math.min(4, wanted));
    tx = atX - (atX - tx) * next / old;
    ty = atY - (atY - ty) * next / old;
    zoom.set(next);
  }

  /** Pans by screen pixels. */
  public void panBy(double dx, double dy) {
    tx += dx;
    ty += dy;
    panned();
  }

  /**
   * Shows boxes at provisional positions, as during a drag, without changing anything; null goes
   * back to the geometry.
   */
  public void dragPreview(Map<ElementRef, Point> positions) {
    DiagramGeometry before = shown;
    shown = positions == null ? geometry : geometry.moved(positions);
    java.util.List<Rectangle2D> changed = changedAreas(before, shown);
    if (changed == null) {
      paint();
    } else {
      damaged.addAll(changed);
      panned();
    }
  }

  /**
   * Where two geometries of the same boxes and arrows differ, in diagram pixels: each box that
   * moved, where it was and where it is, and each arrow whose route or label changed, where it ran
   * and where it runs (arrowhead and label background included); null when they do not hold the
   * same arrows (then the whole view is drawn again).
   */
  private static java.util.List<Rectangle2D> changedAreas(
      DiagramGeometry before, DiagramGeometry after) {
    if (before == after) {
      return java.util.List.of();
    }
    if (!before.arrows().equals(after.arrows())) {
      return null;
    }
    java.util.List<Rectangle2D> areas = new java.util.ArrayList<>();
    for (BoxGeometry b : after.boxes()) {
      BoxGeometry old = before.box(b.box().element());
      if (old == null || !old.bounds().equals(b.bounds())) {
        areas.add(b.bounds());
        if (old != null) {
          areas.add(old.bounds());
        }
      }
    }
    for (BoxGeometry old : before.boxes()) {
      if (after.box(old.box().element()) == null) {
        areas.add(old.bounds());
      }
    }
    for (var arrow : after.arrows()) {
      DiagramGeometry.ArrowPath was = before.path(arrow);
      DiagramGeometry.ArrowPath is = after.path(arrow);
      if (!was.equals(is)) {
        areas.add(was.extent());
        areas.add(is.extent());
      }
    }
    return areas;
  }

  /**
   * Zooms around the middle of what the view shows of the diagram (Zoom In, Zoom Out, Actual Size):
   * the view's centre when the diagram fills the view, else the centre of the part of the diagram's
   * bounds in view, so that a diagram smaller than the view, or one scrolled into a corner, stays
   * in sight; the view's centre when none of it is in view.
   */
  public void zoomBy(double factor) {
    javafx.geometry.Point2D at = zoomAnchor();
    zoomBy(factor, at.getX(), at.getY());
  }

  /** Where {@link #zoomBy(double)} zooms around, in screen pixels of the canvas. */
  javafx.geometry.Point2D zoomAnchor() {
    Rectangle2D bounds = geometry.bounds();
    double z = zoom.get();
    double left = Math.max(0, tx + bounds.getMinX() * z);
    double top = Math.max(0, ty + bounds.getMinY() * z);
    double right = Math.min(getWidth(), tx + bounds.getMaxX() * z);
    double bottom = Math.min(getHeight(), ty + bounds.getMaxY() * z);
    if (bounds.isEmpty() || right <= left || bottom <= top) {
      return new javafx.geometry.Point2D(getWidth() / 2, getHeight() / 2);
    }
    return new javafx.geometry.Point2D((left + right) / 2, (top + bottom) / 2);
  }

  /**
   * Shows the whole diagram, at most at 100%. A diagram scaled down to fit fills the view less
   * {@link #FIT_MARGIN} in one direction and is centred in the other; one that fits at 100% starts
   * {@link #FIT_MARGIN} from the view's top left corner, as a page does.
   */
  public void fit() {
    fit(0, 0, getWidth(), getHeight());
  }

  /**
   * Zooms and scrolls so that the whole diagram fits a part of the view, as {@link #fit()} fits it
   * in the whole: the part a tool window in front of the editor leaves free.
   *
   * @param x the part's left edge, in the canvas's pixels
   * @param y its top edge
   * @param width its width, in pixels
   * @param height its height, in pixels
   */
  public void fit(double x, double y, double width, double height) {
    Rectangle2D bounds = geometry.bounds();
    if (bounds.isEmpty() || getWidth() <= 0 || getHeight() <= 0) {
      tx = 20;
      ty = 20;
      zoom.set(1);
      paint();
      return;
    }
    double z = zoomToFit(bounds, 1, width, height);
    tx = x + FIT_MARGIN - bounds.getX() * z;
    ty = y + FIT_MARGIN - bounds.getY() * z;
    if (z < 1) {
      tx += Math.max(0, (width - 2 * FIT_MARGIN - bounds.getWidth() * z) / 2);
      ty += Math.max(0, (height - 2 * FIT_MARGIN - bounds.getHeight() * z) / 2);
    }
    zoom.set(z);
    paint();
  }

  /**
   * Zooms and scrolls so that the selected boxes fill the view, centred, at most at 200%; with no
   * box selected, {@link #fit()}.
   */
  public void fitSelection() {
    fitSelection(0, 0, getWidth(), getHeight());
  }

  /**
   * Zooms and scrolls so that the selected boxes fill a part of the view, centred in it, at most at
   * 200%: the part a tool window in front of the editor leaves free. With no box selected, {@link
   * #fit()}.
   *
   * @param x the part's left edge, in the canvas's pixels
   * @param y its top edge
   * @param width its width, in pixels
   * @param height its height, in pixels
   */
  public void fitSelection(double x, double y, double width, double height) {
    Rectangle2D bounds = null;
    for (Rectangle2D b : selectedBoxBounds().values()) {
      bounds = bounds == null ? (Rectangle2D) b.clone() : bounds.createUnion(b);
    }
    if (bounds == null || getWidth() <= 0 || getHeight() <= 0) {
      fit();
      return;
    }
    double z = zoomToFit(bounds, 2, width, height);
    tx = x + width / 2 - bounds.getCenterX() * z;
    ty = y + height / 2 - bounds.getCenterY() * z;
    zoom.set(z);
    paint();
  }

  /** The room {@link #fit()} and {@link #fitSelection()} leave around what they fit, in pixels. */
  private static final double FIT_MARGIN = 30;

  /**
   * The zoom at which {@code bounds} (diagram pixels, not empty) fills a part of the view of the
   * given size (pixels) less {@link #FIT_MARGIN} on each side, at most {@code most} and at least
   * {@link #MIN_ZOOM}.
   */
  private double zoomToFit(Rectangle2D bounds, double most, double width, double height) {
    double z =
        Math.min(
            most,
            Math.min(
                (width - 2 * FIT_MARGIN) / Math.max(1, bounds.getWidth()),
                (height - 2 * FIT_MARGIN) / Math.max(1, bounds.getHeight())));
    return Math.max(MIN_ZOOM, z);
  }

  /** The selected boxes' bounds by element, in selection order (edges of arrows left out). */
  private Map<ElementRef, Rectangle2D> selectedBoxBounds() {
    Map<ElementRef, Rectangle2D> boxes = new java.util.LinkedHashMap<>();
    for (ElementRef ref : selection) {
      BoxGeometry b = geometry.box(ref);
      if (b != null) {
        boxes.put(ref, b.bounds());
      }
    }
    return boxes;
  }

  /** 100%, around the same point as {@link #zoomBy(double)}. */
  public void actualSize() {
    // Exactly 1: a product of factors drifts from it (0.9999999999999999), and text drawn a hair
    // under 100% is resampled.
    javafx.geometry.Point2D at = zoomAnchor();
    zoomTo(1, at.getX(), at.getY());
  }

  /**
   * Selects the box after the selected one in reading order (or the one before), and scrolls it
   * into view: what Tab and Shift+Tab do in the diagram, so that a keyboard alone can pick a box to
   * move (arrow keys), rename (F2) or delete. From no selection, Tab takes the first box and
   * Shift+Tab the last; past either end it goes round. Ctrl+Tab leaves the diagram, as from any
   * control that takes Tab.
   *
   * @param step 1 for the next box, -1 for the one before
   * @return false when the diagram has no box (Tab then moves the focus on)
   */
  boolean selectNextBox(int step) {
    List<BoxGeometry> order = readingOrder(geometry.boxes());
    if (order.isEmpty()) {
      return false;
    }
    int at = -1;
    for (int i = 0; i < order.size(); i++) {
      if (selection.contains(order.get(i).box().element())) {
        at = i;
        if (step < 0) {
          break;
        }
      }
    }
    int next = at < 0 ? (step > 0 ? 0 : order.size() - 1) : Math.floorMod(at + step, order.size());
    reveal(order.get(next).box().element());
    return true;
  }

  /**
   * Boxes in reading order: in rows from the top (a box whose top is above the middle of the row's
   * first box joins that row, so that boxes a few pixels apart in height read as one row), each row
   * from the left.
   */
  static List<BoxGeometry> readingOrder(java.util.Collection<BoxGeometry> boxes) {
    List<BoxGeometry> byTop = new ArrayList<>(boxes);
    byTop.sort(
        java.util.Comparator.comparingDouble((BoxGeometry b) -> b.bounds().getY())
            .thenComparingDouble(b -> b.bounds().getX()));
    List<BoxGeometry> order = new ArrayList<>(byTop.size());
    int start = 0;
    while (start < byTop.size()) {
      Rectangle2D first = byTop.get(start).bounds();
      int end = start + 1;
      while (end < byTop.size() && byTop.get(end).bounds().getY() < first.getCenterY()) {
        end++;
      }
      List<BoxGeometry> row = new ArrayList<>(byTop.subList(start, end));
      row.sort(java.util.Comparator.comparingDouble(b -> b.bounds().getX()));
      order.addAll(row);
      start = end;
    }
    return order;
  }

  /** Scrolls so that an element's box is in view, and selects it. */
  public void reveal(ElementRef box) {
    BoxGeometry b = geometry.box(box);
    if (b == null) {
      if (geometry.arrows().stream().anyMatch(a -> box.equals(edgeRef.apply(a)))) {
        selection.clear();
        selection.add(box);
      }
      return;
    }
    selection.clear();
    selection.add(box);
    double z = zoom.get();
    Rectangle2D r = b.bounds();
    if (r.getX() * z + tx < 0
        || r.getMaxX() * z + tx > getWidth()
        || r.getY() * z + ty < 0
        || r.getMaxY() * z + ty > getHeight()) {
      tx = getWidth() / 2 - r.getCenterX() * z;
      ty = getHeight() / 3 - r.getY() * z;
    }
    paint();
  }

  /** The diagram point at a canvas position (canvas pixels). */
  public javafx.geometry.Point2D toDiagram(double x, double y) {
    return new javafx.geometry.Point2D(diagramX(x), diagramY(y));
  }

  /** The screen position (canvas pixels) of a diagram point, for tests and tooltips. */
  public javafx.geometry.Point2D toScreen(double x, double y) {
    return new javafx.geometry.Point2D(x * zoom.get() + tx, y * zoom.get() + ty);
  }

  @Override
  protected void layoutChildren() {
    if (focusEdges != null) {
      double w = getWidth();
      double h = getHeight();
      focusEdges[0].resizeRelocate(0, 0, w, FOCUS_EDGE);
      focusEdges[1].resizeRelocate(0, h - FOCUS_EDGE, w, FOCUS_EDGE);
      focusEdges[2].resizeRelocate(0, 0, FOCUS_EDGE, h);
      focusEdges[3].resizeRelocate(w - FOCUS_EDGE, 0, FOCUS_EDGE, h);
    }
    if (emptyHint != null && emptyHint.isVisible()) {
      double w = Math.min(420, Math.max(0, getWidth() - 40));
      double h = emptyHint.prefHeight(w);
      emptyHint.resizeRelocate((getWidth() - w) / 2, (getHeight() - h) / 2, w, h);
    }
    // Draw in device pixels (sharp on high-density screens), show at the region's logical size.
    outputScale =
        getScene() != null && getScene().getWindow() != null
            ? getScene().getWindow().getOutputScaleX()
            : 1;
    int w = (int) Math.ceil(getWidth() * outputScale);
    int h = (int) Math.ceil(getHeight() * outputScale);
    if (w > 0 && h > 0 && (image == null || image.getWidth() != w || image.getHeight() != h)) {
      image = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB_PRE);
      imagePixels = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
      view.resize(w, h, outputScale);
      fullRedraw = true;
      paintNow();
    }
  }

  /** Whether the last {@link #paintNow} drew the whole view (for tests). */
  private boolean lastPaintWhole;

  boolean lastPaintWasWhole() {
    return lastPaintWhole;
  }

  /** Asks for a redraw of the visible part in the next frame. */
  public void paint() {
    fullRedraw = true;
    panned();
  }

  /** Asks for the next frame after a pan alone: what is still in view need not be drawn again. */
  private void panned() {
    dirty = true;
    Platform.requestNextPulse();
  }

  /**
   * Redraws the visible part now, on the JavaFX thread; {@link #paint()} is what changes call. Does
   * nothing before the canvas has a size.
   */
  public void paintNow() {
    dirty = false;
    if (image == null) {
      return;
    }
    int w = image.getWidth();
    int h = image.getHeight();
    double s = outputScale;
    double dx = (tx - paintedTx) * s;
    double dy = (ty - paintedTy) * s;
    long sx = Math.round(dx);
    long sy = Math.round(dy);
    boolean scroll =
        !fullRedraw
            && painted
            && Math.abs(dx - sx) < 1e-6
            && Math.abs(dy - sy) < 1e-6
            && Math.abs(sx) < w / 2
            && Math.abs(sy) < h / 2;
    fullRedraw = false;
    lastPaintWhole = !scroll;
    java.util.List<Rectangle2D> areas = new java.util.ArrayList<>();
    // The device pixels this paint may have changed: null for all of them.
    java.util.List<Rectangle2D> touched;
    Graphics2D g = image.createGraphics();
    try {
      if (scroll) {
        int ix = (int) sx;
        int iy = (int) sy;
        if (ix != 0 || iy != 0) {
          g.copyArea(0, 0, w, h, ix, iy);
        }
        if (ix != 0) {
          areas.add(new Rectangle2D.Double(ix > 0 ? 0 : w + ix, 0, Math.abs(ix), h));
        }
        if (iy != 0) {
          areas.add(new Rectangle2D.Double(0, iy > 0 ? 0 : h + iy, w, Math.abs(iy)));
        }
        for (Rectangle2D o : overlayAreas) {
          Rectangle2D device =
              new Rectangle2D.Double(
                  o.getX() * s, o.getY() * s, o.getWidth() * s, o.getHeight() * s);
          // Where it was and where the scroll moved its pixels to, in one area.
          areas.add(
              device.createUnion(
                  new Rectangle2D.Double(
                      device.getX() + ix,
                      device.getY() + iy,
                      device.getWidth(),
                      device.getHeight())));
        }
        double z = zoom.get();
        // Boxes reach 8 screen pixels beyond their bounds (border, selection outline).
        double m = 8 * s;
        for (Rectangle2D d : damaged) {
          areas.add(
              new Rectangle2D.Double(
                  (d.getX() * z + tx) * s - m,
                  (d.getY() * z + ty) * s - m,
                  d.getWidth() * z * s + 2 * m,
                  d.getHeight() * z * s + 2 * m));
        }
      } else {
        areas.add(new Rectangle2D.Double(0, 0, w, h));
      }
      damaged.clear();
      for (Rectangle2D area : areas) {
        drawDiagram(g, area);
      }
      g.setClip(null);
      g.setTransform(AffineTransform.getScaleInstance(s, s));
      overlayAreas.clear();
      paintScreenOnly(g);
      if (!scroll || sx != 0 || sy != 0) {
        touched = null;
      } else {
        touched = new java.util.ArrayList<>(areas);
        for (Rectangle2D o : overlayAreas) {
          touched.add(
              new Rectangle2D.Double(
                  o.getX() * s, o.getY() * s, o.getWidth() * s, o.getHeight() * s));
        }
      }
    } finally {
      g.dispose();
    }
    painted = true;
    paintedTx = tx;
    paintedTy = ty;
    if (view.update(imagePixels, touched) > 0) {
      java.awt.Rectangle r = view.lastChanged();
      repaintMark.repaint(
          localToScene(
              new javafx.geometry.BoundingBox(r.x / s, r.y / s, r.width / s, r.height / s)));
    }
  }

  /**
   * Has JavaFX show the image again in the next frame without drawing anything into it (for the
   * editor benchmark: what a frame costs JavaFX alone).
   */
  void showAgain() {
    view.showAgain();
  }

  /**
   * The pixels on screen, as the tiles show them (ARGB, premultiplied, row by row, device pixels),
   * for tests.
   */
  int[] pixelsOnScreen() {
    return view.shown();
  }

  /** Draws the diagram into an area of the image (device pixels), over a white background. */
  private void drawDiagram(Graphics2D g, Rectangle2D area) {
    java.awt.Rectangle r =
        area.getBounds().intersection(new java.awt.Rectangle(image.getWidth(), image.getHeight()));
    if (r.isEmpty()) {
      return;
    }
    g.setTransform(new AffineTransform());
    g.setClip(r);
    g.setColor(geometry.style().background);
    g.fill(r);
    double z = zoom.get();
    double s = outputScale;
    g.setTransform(new AffineTransform(z * s, 0, 0, z * s, tx * s, ty * s));
    // Boxes just outside the area still reach into it with their border and selection outline: an
    // 8-pixel margin keeps them; the clip keeps the drawing inside.
    double margin = 8 / z;
    Rectangle2D visible =
        new Rectangle2D.Double(
            (r.x / s - tx) / z - margin,
            (r.y / s - ty) / z - margin,
            r.width / s / z + 2 * margin,
            r.height / s / z + 2 * margin);
    Set<org.keyspacestudio.model.diagram.QueryArrow> selectedEdges = new java.util.HashSet<>();
    if (!selection.isEmpty()) {
      for (var a : shown.arrows()) {
        ElementRef ref = edgeRef.apply(a);
        if (ref != null && selection.contains(ref)) {
          selectedEdges.add(a);
        }
      }
    }
    DiagramRenderer.paint(
        g,
        shown,
        new RenderState(selection, problems, grid && z >= 0.3, selectedEdges, warnings),
        visible);
  }

  /** What the exports never show, in canvas pixels: rubber band, handle, arrow being drawn. */
  private void paintScreenOnly(Graphics2D g) {
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    double z = zoom.get();
    for (java.awt.geom.Line2D guide : guides) {
      Line2D onScreen =
          new Line2D.Double(
              guide.getX1() * z + tx,
              guide.getY1() * z + ty,
              guide.getX2() * z + tx,
              guide.getY2() * z + ty);
      overlayAreas.add(grown(onScreen.getBounds2D()));
      g.setColor(GUIDE);
      g.setStroke(
          new BasicStroke(
              1, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {4, 3}, 0));
      g.draw(onScreen);
    }
    if (rubberBand != null) {
      Rectangle2D r =
          new Rectangle2D.Double(
              rubberBand.getX() * z + tx,
              rubberBand.getY() * z + ty,
              rubberBand.getWidth() * z,
              rubberBand.getHeight() * z);
      overlayAreas.add(grown(r));
      g.setColor(new java.awt.Color(30, 136, 229, 31));
      g.fill(r);
      g.setColor(ACCENT);
      g.setStroke(new BasicStroke(1));
      g.draw(r);
    }
    if (connectFrom != null) {
      if (connectTo != null) {
        Rectangle2D b = shown.box(connectTo).bounds();
        g.setColor(ACCENT);
        g.setStroke(new BasicStroke(3));
        Rectangle2D outline =
            new Rectangle2D.Double(
                b.getX() * z + tx - 2,
                b.getY() * z + ty - 2,
                b.getWidth() * z + 4,
                b.getHeight() * z + 4);
        overlayAreas.add(grown(outline));
        g.draw(outline);
      }
      javafx.geometry.Point2D h = handle();
      if (h != null && pointer != null) {
        g.setColor(ACCENT);
        g.setStroke(
            new BasicStroke(
                2, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 10, new float[] {6, 4}, 0));
        g.draw(new Line2D.Double(h.getX(), h.getY(), pointer.getX(), pointer.getY()));
        double angle = Math.atan2(pointer.getY() - h.getY(), pointer.getX() - h.getX());
        Path2D head = new Path2D.Double();
        head.moveTo(pointer.getX(), pointer.getY());
        head.lineTo(
            pointer.getX() - 12 * Math.cos(angle - 0.4),
            pointer.getY() - 12 * Math.sin(angle - 0.4));
        head.lineTo(
            pointer.getX() - 12 * Math.cos(angle + 0.4),
            pointer.getY() - 12 * Math.sin(angle + 0.4));
        head.closePath();
        g.fill(head);
        Rectangle2D line =
            new Line2D.Double(h.getX(), h.getY(), pointer.getX(), pointer.getY()).getBounds2D();
        line.add(head.getBounds2D());
        overlayAreas.add(grown(line));
      }
    }
    paintMinimap(g);
    javafx.geometry.Point2D h = handle();
    if (h != null) {
      double r = HANDLE_RADIUS;
      overlayAreas.add(grown(new Rectangle2D.Double(h.getX() - r, h.getY() - r, 2 * r, 2 * r)));
      g.setColor(ACCENT);
      g.fill(new Ellipse2D.Double(h.getX() - r, h.getY() - r, 2 * r, 2 * r));
      g.setColor(java.awt.Color.WHITE);
      g.setStroke(new BasicStroke(1.5f));
      g.draw(new Ellipse2D.Double(h.getX() - r, h.getY() - r, 2 * r, 2 * r));
      Path2D tip = new Path2D.Double();
      tip.moveTo(h.getX() - 2.5, h.getY() - 3.5);
      tip.lineTo(h.getX() + 3.5, h.getY());
      tip.lineTo(h.getX() - 2.5, h.getY() + 3.5);
      tip.closePath();
      g.fill(tip);
    }
  }

  private void paintMinimap(Graphics2D g) {
    Rectangle2D area = minimapArea();
    if (area == null) {
      return;
    }
    overlayAreas.add(grown(area));
    Rectangle2D all = diagramBounds();
    double scale = area.getWidth() / all.getWidth();
    java.awt.Color back = geometry.style().background;
    g.setColor(new java.awt.Color(back.getRed(), back.getGreen(), back.getBlue(), 235));
    g.fill(area);
    g.setColor(new java.awt.Color(0x9E, 0xA7, 0xB3));
    g.setStroke(new BasicStroke(1));
    g.draw(area);
    java.awt.Shape clip = g.getClip();
    g.clip(area);
    java.awt.Color boxColor = new java.awt.Color(0x9C, 0xB4, 0xCC);
    for (BoxGeometry b : shown.boxes()) {
      Rectangle2D r = b.bounds();
      g.setColor(selection.contains(b.box().element()) ? ACCENT : boxColor);
      g.fill(
          new Rectangle2D.Double(
              area.getX() + (r.getX() - all.getX()) * scale,
              area.getY() + (r.getY() - all.getY()) * scale,
              Math.max(1, r.getWidth() * scale),
              Math.max(1, r.getHeight() * scale)));
    }
    double z = zoom.get();
    Rectangle2D view =
        new Rectangle2D.Double(
            area.getX() + (-tx / z - all.getX()) * scale,
            area.getY() + (-ty / z - all.getY()) * scale,
            getWidth() / z * scale,
            getHeight() / z * scale);
    g.setColor(new java.awt.Color(30, 136, 229, 40));
    g.fill(view);
    g.setColor(ACCENT);
    g.setStroke(new BasicStroke(1.5f));
    g.draw(view);
    g.setClip(clip);
  }

  /** A screen-only area with room for its stroke and antialiasing. */
  private static Rectangle2D grown(Rectangle2D r) {
    return new Rectangle2D.Double(r.getX() - 3, r.getY() - 3, r.getWidth() + 6, r.getHeight() + 6);
  }

  private double diagramX(double screenX) {
    return (screenX - tx) / zoom.get();
  }

  private double diagramY(double screenY) {
    return (screenY - ty) / zoom.get();
  }

  /** Receives the box a double-click opened. */
  private Consumer<ElementRef> onOpen = box -> {};

  /** Sets what a double-click on a box does (after selecting it alone). */
  public void setOnOpen(Consumer<ElementRef> handler) {
    onOpen = java.util.Objects.requireNonNull(handler, "handler");
  }

  /** Receives a context menu request: where (screen pixels) and the element under it, or null. */
  private java.util.function.BiConsumer<javafx.geometry.Point2D, ElementRef> onContextMenu =
      (at, element) -> {};

  /** Where the secondary button went down (screen pixels), and whether it has panned since. */
  private double secondaryX;

  private double secondaryY;
  private boolean secondaryMoved;

  /** How far (screen pixels) a right-drag goes before it pans instead of opening the menu. */
  private static final double CLICK_SLOP = 4;

  /**
   * Sets what a context menu request does: a right-click that does not drag (a right-drag pans), or
   * the keyboard's menu key or Shift+F10. The element under the pointer (or, from the keyboard, the
   * single selected one) is selected first when it was not; a click on empty space clears the
   * selection. The handler gets the point in screen pixels and that element, or null.
   */
  public void setOnContextMenu(
      java.util.function.BiConsumer<javafx.geometry.Point2D, ElementRef> handler) {
    onContextMenu = java.util.Objects.requireNonNull(handler, "handler");
  }

  /** A right-click at a canvas point: selects what is under it and asks for the menu. */
  void contextMenuAt(double x, double y, double screenX, double screenY) {
    DiagramGeometry.Hit hit = hitOnTop(diagramX(x), diagramY(y));
    ElementRef element = hit != null ? hit.box().box().element() : edgeAt(x, y);
    if (element == null) {
      selection.clear();
    } else if (!selection.contains(element)) {
      selection.clear();
      selection.add(element);
    }
    onContextMenu.accept(new javafx.geometry.Point2D(screenX, screenY), element);
  }

  private void keyboardContextMenu(javafx.scene.input.ContextMenuEvent e) {
    if (!e.isKeyboardTrigger()) {
      return;
    }
    e.consume();
    ElementRef only = selection.size() == 1 ? selection.iterator().next() : null;
    BoxGeometry box = only == null ? null : geometry.box(only);
    javafx.geometry.Point2D at =
        box != null
            ? toScreen(box.bounds().getCenterX(), box.bounds().getCenterY())
            : new javafx.geometry.Point2D(getWidth() / 2, getHeight() / 2);
    javafx.geometry.Point2D screen = localToScreen(at);
    if (screen != null) {
      onContextMenu.accept(screen, only);
    }
  }

  private void pressed(MouseEvent e) {
    requestFocus();
    pressX = e.getX();
    pressY = e.getY();
    if (e.getButton() != MouseButton.PRIMARY) {
      panning = true;
      secondaryX = e.getScreenX();
      secondaryY = e.getScreenY();
      secondaryMoved = false;
      return;
    }
    Rectangle2D map = minimapArea();
    if (map != null && map.contains(e.getX(), e.getY())) {
      minimapDragging = true;
      goToMinimapPoint(map, e.getX(), e.getY());
      return;
    }
    ElementRef handleOf = handleAt(e.getX(), e.getY());
    if (handleOf != null) {
      connectFrom = handleOf;
      connectTo = null;
      pointer = new javafx.geometry.Point2D(e.getX(), e.getY());
      paint();
      return;
    }
    DiagramGeometry.Hit hit = hitOnTop(diagramX(e.getX()), diagramY(e.getY()));
    if (hit != null && e.getClickCount() == 2 && !e.isShiftDown() && !e.isShortcutDown()) {
      // A double-click opens the box: its name, ready to type, in the inspector.
      ElementRef box = hit.box().box().element();
      selection.clear();
      selection.add(box);
      onOpen.accept(box);
      return;
    }
    if (hit != null) {
      ElementRef box = hit.box().box().element();
      if (e.isShiftDown() || e.isShortcutDown()) {
        if (!selection.remove(box)) {
          selection.add(box);
        }
      } else if (!selection.contains(box)) {
        selection.clear();
        selection.add(box);
      }
      dragStart = new HashMap<>();
      dragAnchor = box;
      for (ElementRef ref : selection) {
        BoxGeometry b = geometry.box(ref);
        if (b != null) {
          dragStart.put(ref, new Point(b.bounds().getX(), b.bounds().getY()));
          for (ElementRef companion : companions.apply(ref)) {
            BoxGeometry c = geometry.box(companion);
            if (c != null) {
              dragStart.putIfAbsent(companion, new Point(c.bounds().getX(), c.bounds().getY()));
            }
          }
        }
      }
    } else if (edgeAt(e.getX(), e.getY()) != null) {
      ElementRef edge = edgeAt(e.getX(), e.getY());
      if (e.isShiftDown() || e.isShortcutDown()) {
        if (!selection.remove(edge)) {
          selection.add(edge);
        }
      } else {
        selection.clear();
        selection.add(edge);
      }
    } else {
      selectionAtPress = e.isShiftDown() ? Set.copyOf(selection) : Set.of();
      if (!e.isShiftDown()) {
        selection.clear();
      }
      rubberBand = new Rectangle2D.Double(diagramX(e.getX()), diagramY(e.getY()), 0, 0);
    }
  }

  /** How near a line a click picks its edge, in screen pixels. */
  private static final double EDGE_PICK = 5;

  /**
   * The selectable edge at a canvas point: the one whose label holds it, else the one whose line
   * passes nearest to it within {@link #EDGE_PICK} screen pixels; null when none. A workflow
   * transition without queries has no label, and could be picked nowhere.
   */
  private ElementRef edgeAt(double x, double y) {
    double px = diagramX(x);
    double py = diagramY(y);
    var arrow = geometry.labelAt(px, py);
    ElementRef labelled = arrow == null ? null : edgeRef.apply(arrow);
    if (labelled != null) {
      return labelled;
    }
    ElementRef nearest = null;
    double best = EDGE_PICK / zoom.get();
    for (var a : geometry.arrows()) {
      ElementRef ref = edgeRef.apply(a);
      if (ref == null) {
        continue;
      }
      List<java.awt.geom.Point2D> route = geometry.path(a).route();
      for (int i = 1; i < route.size(); i++) {
        double d =
            java.awt.geom.Line2D.ptSegDist(
                route.get(i - 1).getX(),
                route.get(i - 1).getY(),
                route.get(i).getX(),
                route.get(i).getY(),
                px,
                py);
        if (d <= best) {
          best = d;
          nearest = ref;
        }
      }
    }
    return nearest;
  }

  /** The box under a point as drawn: selected boxes are on top of the others. */
  private DiagramGeometry.Hit hitOnTop(double x, double y) {
    for (ElementRef ref : selection) {
      BoxGeometry box = geometry.box(ref);
      if (box != null && box.outline(geometry.style()).contains(x, y)) {
        return new DiagramGeometry.Hit(box, -1);
      }
    }
    return geometry.hit(x, y);
  }

  private void dragged(MouseEvent e) {
    if (minimapDragging) {
      Rectangle2D map = minimapArea();
      if (map != null) {
        goToMinimapPoint(map, e.getX(), e.getY());
      }
      return;
    }
    if (connectFrom != null) {
      pointer = new javafx.geometry.Point2D(e.getX(), e.getY());
      DiagramGeometry.Hit hit = geometry.hit(diagramX(e.getX()), diagramY(e.getY()));
      ElementRef over = hit == null ? null : hit.box().box().element();
      connectTo = over != null && !over.equals(connectFrom) && connectable.test(over) ? over : null;
      paint();
      return;
    }
    if (panning) {
      if (!secondaryMoved
          && Math.hypot(e.getScreenX() - secondaryX, e.getScreenY() - secondaryY) < CLICK_SLOP) {
        // Not a drag yet: a right-click that wobbles a pixel opens the menu without panning.
        return;
      }
      secondaryMoved = true;
      tx += e.getX() - pressX;
      ty += e.getY() - pressY;
      pressX = e.getX();
      pressY = e.getY();
      panned();
      return;
    }
    if (dragStart != null) {
      double dx = (e.getX() - pressX) / zoom.get();
      double dy = (e.getY() - pressY) / zoom.get();
      boolean snapping = snap && !e.isAltDown();
      Point anchor = dragStart.get(dragAnchor);
      double sx = dx;
      double sy = dy;
      if (snapping && anchor != null) {
        Point to = snapped(anchor.plus(dx, dy));
        sx = to.x() - anchor.x();
        sy = to.y() - anchor.y();
      }
      guides = java.util.List.of();
      BoxGeometry anchorBox = geometry.box(dragAnchor);
      if (snapping && anchor != null && anchorBox != null) {
        // Edges and centres within a few screen pixels of another box's line up with it.
        double[] nudge =
            alignWithOthers(
                new Rectangle2D.Double(
                    anchor.x() + sx,
                    anchor.y() + sy,
                    anchorBox.bounds().getWidth(),
                    anchorBox.bounds().getHeight()));
        sx += nudge[0];
        sy += nudge[1];
      }
      double mx = sx;
      double my = sy;
      dragNow = new HashMap<>();
      dragStart.forEach((ref, p) -> dragNow.put(ref, p.plus(mx, my)));
      dragPreview(dragNow);
      return;
    }
    if (rubberBand != null) {
      double x0 = diagramX(pressX);
      double y0 = diagramY(pressY);
      double x1 = diagramX(e.getX());
      double y1 = diagramY(e.getY());
      rubberBand =
          new Rectangle2D.Double(
              Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0));
      Set<ElementRef> inside = new LinkedHashSet<>(selectionAtPress);
      for (BoxGeometry b : geometry.boxes()) {
        if (rubberBand.intersects(b.bounds())) {
          inside.add(b.box().element());
        }
      }
      if (!inside.equals(selection)) {
        selection.retainAll(inside);
        selection.addAll(inside);
      }
      // The band is drawn over the image; where it was is drawn again (a changed selection has
      // everything drawn again).
      panned();
    }
  }

  /** The alignment guides shown while a box is dragged: lines in diagram pixels. */
  private java.util.List<java.awt.geom.Line2D> guides = java.util.List.of();

  /** How close (screen pixels) an edge or centre comes to another box's before it lines up. */
  private static final double GUIDE_REACH = 6;

  /** The alignment guides shown now (for tests), in diagram pixels. */
  java.util.List<java.awt.geom.Line2D> guides() {
    return guides;
  }

  /**
   * Where a dragged box would line up with a box in view that is not being dragged: the nudge ({dx,
   * dy}, diagram pixels) that puts its nearest left edge, centre or right edge (and top, middle or
   * bottom) on the other box's within {@value #GUIDE_REACH} screen pixels, and the guide lines to
   * draw from one box to the other. No nudge on an axis where nothing is that close.
   */
  private double[] alignWithOthers(Rectangle2D moving) {
    double reach = GUIDE_REACH / zoom.get();
    Rectangle2D view =
        new Rectangle2D.Double(
            -tx / zoom.get(), -ty / zoom.get(), getWidth() / zoom.get(), getHeight() / zoom.get());
    double[] mine = {moving.getMinX(), moving.getCenterX(), moving.getMaxX()};
    double[] mineY = {moving.getMinY(), moving.getCenterY(), moving.getMaxY()};
    double bestX = 0;
    double bestY = 0;
    Rectangle2D withX = null;
    Rectangle2D withY = null;
    double lineX = 0;
    double lineY = 0;
    for (BoxGeometry b : geometry.boxes()) {
      Rectangle2D r = b.bounds();
      if (dragStart.containsKey(b.box().element()) || !view.intersects(r)) {
        continue;
      }
      double[] theirs = {r.getMinX(), r.getCenterX(), r.getMaxX()};
      double[] theirsY = {r.getMinY(), r.getCenterY(), r.getMaxY()};
      for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++) {
          double dx = theirs[j] - mine[i];
          if (Math.abs(dx) <= reach && (withX == null || Math.abs(dx) < Math.abs(bestX))) {
            bestX = dx;
            withX = r;
            lineX = theirs[j];
          }
          double dy = theirsY[j] - mineY[i];
          if (Math.abs(dy) <= reach && (withY == null || Math.abs(dy) < Math.abs(bestY))) {
            bestY = dy;
            withY = r;
            lineY = theirsY[j];
          }
        }
      }
    }
    // Only a line within reach is ever taken.
    double nx = withX != null ? bestX : 0;
    double ny = withY != null ? bestY : 0;
    java.util.List<java.awt.geom.Line2D> lines = new java.util.ArrayList<>();
    Rectangle2D placed =
        new Rectangle2D.Double(
            moving.getX() + nx, moving.getY() + ny, moving.getWidth(), moving.getHeight());
    if (withX != null) {
      lines.add(
          new java.awt.geom.Line2D.Double(
              lineX,
              Math.min(placed.getMinY(), withX.getMinY()),
              lineX,
              Math.max(placed.getMaxY(), withX.getMaxY())));
    }
    if (withY != null) {
      lines.add(
          new java.awt.geom.Line2D.Double(
              Math.min(placed.getMinX(), withY.getMinX()),
              lineY,
              Math.max(placed.getMaxX(), withY.getMaxX()),
              lineY));
    }
    guides = java.util.List.copyOf(lines);
    return new double[] {nx, ny};
  }

  private void released(MouseEvent e) {
    if (minimapDragging) {
      minimapDragging = false;
      return;
    }
    if (connectFrom != null) {
      ElementRef from = connectFrom;
      ElementRef to = connectTo;
      cancelConnect();
      if (to != null) {
        onConnect.accept(from, to);
      }
      return;
    }
    if (panning && e.getButton() == MouseButton.SECONDARY && !secondaryMoved) {
      panning = false;
      contextMenuAt(e.getX(), e.getY(), e.getScreenX(), e.getScreenY());
      return;
    }
    Map<ElementRef, Point> moved = dragNow;
    boolean changed =
        moved != null
            && dragStart != null
            && moved.entrySet().stream()
                .anyMatch(en -> !en.getValue().equals(dragStart.get(en.getKey())));
    dragStart = null;
    dragNow = null;
    guides = java.util.List.of();
    panning = false;
    rubberBand = null;
    if (changed) {
      onMove.accept(moved);
    } else {
      dragPreview(null);
    }
  }

  private void scrolled(ScrollEvent e) {
    if (e.isShortcutDown()) {
      zoomBy(Math.exp(e.getDeltaY() * 0.002), e.getX(), e.getY());
    } else {
      tx += e.getDeltaX();
      ty += e.getDeltaY();
      panned();
    }
    e.consume();
  }

  private void cancelConnect() {
    connectFrom = null;
    connectTo = null;
    pointer = null;
    paint();
  }

  private void keyPressed(KeyEvent e) {
    if (e.getCode() == KeyCode.ESCAPE && connectFrom != null) {
      cancelConnect();
      e.consume();
      return;
    }
    if (e.getCode() == KeyCode.TAB
        && !e.isShortcutDown()
        && !e.isAltDown()
        && selectNextBox(e.isShiftDown() ? -1 : 1)) {
      e.consume();
      return;
    }
    double step = e.isShiftDown() ? 1 : (snap ? GRID : 10);
    double dx = 0;
    double dy = 0;
    if (e.getCode() == KeyCode.LEFT) {
      dx = -step;
    } else if (e.getCode() == KeyCode.RIGHT) {
      dx = step;
    } else if (e.getCode() == KeyCode.UP) {
      dy = -step;
    } else if (e.getCode() == KeyCode.DOWN) {
      dy = step;
    } else {
      return;
    }
    if (selection.isEmpty()) {
      return;
    }
    Map<ElementRef, Point> moved = new HashMap<>();
    for (ElementRef ref : selection) {
      BoxGeometry b = geometry.box(ref);
      if (b != null) {
        moved.put(ref, new Point(b.bounds().getX() + dx, b.bounds().getY() + dy));
        for (ElementRef companion : companions.apply(ref)) {
          BoxGeometry c = geometry.box(companion);
          if (c != null && !selection.contains(companion)) {
            moved.put(companion, new Point(c.bounds().getX() + dx, c.bounds().getY() + dy));
          }
        }
      }
    }
    if (moved.isEmpty()) {
      return;
    }
    onMove.accept(moved);
    e.consume();
  }

  /**
   * Lines up or spaces evenly the selected boxes (edges of an arrow left out), each with its
   * companions, as one move; false when too few boxes are selected or nothing would move.
   */
  boolean arrange(Arrange how) {
    Map<ElementRef, Rectangle2D> boxes = selectedBoxBounds();
    Map<ElementRef, double[]> moves = how.moves(boxes);
    if (moves.isEmpty()) {
      return false;
    }
    Map<ElementRef, Point> moved = new HashMap<>();
    moves.forEach(
        (ref, d) -> {
          BoxGeometry b = geometry.box(ref);
          moved.put(ref, new Point(b.bounds().getX() + d[0], b.bounds().getY() + d[1]));
          for (ElementRef companion : companions.apply(ref)) {
            BoxGeometry c = geometry.box(companion);
            if (c != null && !boxes.containsKey(companion)) {
              moved.put(companion, new Point(c.bounds().getX() + d[0], c.bounds().getY() + d[1]));
            }
          }
        });
    onMove.accept(moved);
    return true;
  }

  /** How many boxes are selected (edges of arrows not counted). */
  int selectedBoxes() {
    return selectedBoxBounds().size();
  }

  private static Point snapped(Point p) {
    return new Point(Math.round(p.x() / GRID) * GRID, Math.round(p.y() / GRID) * GRID);
  }
}
