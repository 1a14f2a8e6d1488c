package org.keyspacestudio.app.ui;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javafx.scene.control.Button;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Separator;
import javafx.scene.control.ToolBar;
import org.keyspacestudio.export.diagram.BoxGeometry;
import org.keyspacestudio.export.diagram.DiagramGeometry;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.diagram.DiagramKind;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.edit.ConceptualEdits;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.WorkflowEdits;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.workflow.Workflow;

/**
 * What the editor does on the conceptual and workflow diagrams: the palette and the Insert menu's
 * items (entity, weak entity, relationship, attribute kinds, IsA; task, query), the gestures of
 * their canvases (drag a handle from an entity onto an entity for a relationship, onto a
 * relationship for an end, from a task onto a task for a transition; click a transition's label to
 * select it; an entity's ovals move with it) and the hints shown when nothing is selected. Every
 * gesture is one edit of the document.
 */
final class QueryFirstGestures {

  private QueryFirstGestures() {}

  /** Sets up the gestures of a window's conceptual or workflow canvas, as it is made. */
  static void wire(EditorWindow w, DiagramKind kind, DiagramCanvas canvas) {
    if (kind == DiagramKind.CONCEPTUAL) {
      wireConceptual(w, canvas);
    } else if (kind == DiagramKind.WORKFLOW) {
      wireWorkflow(w, canvas);
    }
  }

  private static void wireConceptual(EditorWindow w, DiagramCanvas er) {
    er.setOnConnect(
        ref ->
            ref.kind() == ElementRef.Kind.ENTITY
                || ref.kind() == ElementRef.Kind.RELATIONSHIP
                || ref.kind() == ElementRef.Kind.ISA,
        (from, to) -> connectEr(w, from, to));
    er.setEdgeRefs(
        a ->
            a.from() != null && a.from().kind() == ElementRef.Kind.RELATIONSHIP
                ? a.from()
                : a.to().kind() == ElementRef.Kind.ISA ? a.to() : null);
    er.setCompanions(ref -> companions(er.geometry(), ref));
  }

  private static void wireWorkflow(EditorWindow w, DiagramCanvas wf) {
    wf.setOnConnect(
        ref -> ref.kind() == ElementRef.Kind.TASK,
        (from, to) -> addTransition(w, from.object().asInternal(), to.object().asInternal()));
    wf.setEdgeRefs(QueryFirstGestures::transitionOf);
  }

  /** The transition an arrow of the workflow diagram draws. */
  static ElementRef transitionOf(QueryArrow a) {
    return ElementRef.transition(
        a.from() == null ? null : a.from().object().asInternal(), a.to().object().asInternal());
  }

  /**
   * The attribute ovals that move with a box: an entity's or relationship's attributes and their
   * parts; a composite attribute's parts.
   */
  static Set<ElementRef> companions(DiagramGeometry g, ElementRef ref) {
    Set<ElementRef> out = new HashSet<>();
    if (ref.kind() != ElementRef.Kind.ENTITY
        && ref.kind() != ElementRef.Kind.RELATIONSHIP
        && ref.kind() != ElementRef.Kind.ATTRIBUTE) {
      return out;
    }
    String owner = ref.object().asInternal();
    String prefix = ref.kind() == ElementRef.Kind.ATTRIBUTE ? ref.member().asInternal() + "." : "";
    for (BoxGeometry b : g.boxes()) {
      ElementRef e = b.box().element();
      if (e.kind() == ElementRef.Kind.ATTRIBUTE
          && e.object().asInternal().equals(owner)
          && e.member().asInternal().startsWith(prefix)
          && !e.equals(ref)) {
        out.add(e);
      }
    }
    return out;
  }

  private static void connectEr(EditorWindow w, ElementRef from, ElementRef to) {
    DiagramGeometry g = w.canvas(DiagramKind.CONCEPTUAL).geometry();
    var a = g.box(from).bounds();
    var b = g.box(to).bounds();
    Point mid =
        new Point(
            Math.round((a.getCenterX() + b.getCenterX()) / 2 - 60),
            Math.round((a.getCenterY() + b.getCenterY()) / 2 - 32));
    Set<String> before = names(w.document().project());
    w.document().perform(ConceptualEdits.connect(from, to, mid));
    Set<String> added = names(w.document().project());
    added.removeAll(before);
    if (!added.isEmpty()) {
      // Entity onto entity: a new relationship, ready to be named.
      select(w, DiagramKind.CONCEPTUAL, ElementRef.relationship(added.iterator().next()));
      w.inspector().focusName();
    } else {
      select(w, DiagramKind.CONCEPTUAL, to.kind() == ElementRef.Kind.ENTITY ? from : to);
    }
  }

  private static Set<String> names(Project p) {
    Set<String> names = new HashSet<>();
    p.conceptual().relationships().forEach(r -> names.add(r.name()));
    return names;
  }

  private static void select(EditorWindow w, DiagramKind kind, ElementRef ref) {
    DiagramCanvas c = w.canvas(kind);
    c.selection().clear();
    c.selection().add(ref);
  }

  // ---------------------------------------------------------------------------------------------
  // Actions

  private static void newEntity(EditorWindow w, boolean weak) {
    w.showDiagram(DiagramKind.CONCEPTUAL);
    // With room for the attribute ovals that go above and below it.
    Point at = w.newBoxPoint(140, 50, 60, 80);
    String name =
        ConceptualEdits.uniqueName(w.document().project().conceptual(), weak ? "Weak" : "Entity");
    w.document().perform(ConceptualEdits.addEntity(name, weak, at));
    select(w, DiagramKind.CONCEPTUAL, ElementRef.entity(name));
    w.inspector().focusName();
  }

  /**
   * A new relationship: between the two selected entities (halfway), from the one selected entity
   * (to its right), or on its own.
   */
  private static void newRelationship(EditorWindow w, boolean identifying) {
    w.showDiagram(DiagramKind.CONCEPTUAL);
    DiagramCanvas c = w.canvas(DiagramKind.CONCEPTUAL);
    List<String> entities = new ArrayList<>();
    for (ElementRef ref : c.selection()) {
      if (ref.kind() == ElementRef.Kind.ENTITY) {
        entities.add(ref.object().asInternal());
      }
    }
    Point at = w.newBoxPoint(DIAMOND_WIDTH, DIAMOND_HEIGHT);
    if (!entities.isEmpty()) {
      var g = c.geometry();
      var boxes = entities.stream().map(e -> g.box(ElementRef.entity(e)).bounds()).toList();
      at =
          entities.size() == 1
              ? g.freeSpotAt(
                  boxes.get(0).getMaxX() + 120,
                  boxes.get(0).getY(),
                  DIAMOND_WIDTH,
                  DIAMOND_HEIGHT,
                  2 * DiagramCanvas.GRID)
              : between(g, boxes.get(0), boxes.get(1));
    }
    String name =
        ConceptualEdits.uniqueName(
            w.document().project().conceptual(), identifying ? "identifies" : "relates");
    w.document()
        .perform(
            ConceptualEdits.addRelationship(
                name, identifying, entities.size() > 2 ? entities.subList(0, 2) : entities, at));
    select(w, DiagramKind.CONCEPTUAL, ElementRef.relationship(name));
    w.inspector().focusName();
  }

  /** About the size of a new relationship's diamond, diagram pixels. */
  private static final double DIAMOND_WIDTH = 130;

  private static final double DIAMOND_HEIGHT = 70;

  /**
   * Where a new relationship of two entities goes (its top-left corner, diagram pixels): halfway
   * between them when there is room, else the nearest place around that point where it overlaps
   * nothing and its straight lines to both entities cross no other box (attribute ovals included),
   * right and below first; when there is none, moved off the line joining them until it overlaps
   * nothing. Between two entities stacked close together the diamond covered both, and the nearest
   * free place below them drew one entity's line through the other.
   */
  static Point between(
      org.keyspacestudio.export.diagram.DiagramGeometry g,
      java.awt.geom.Rectangle2D a,
      java.awt.geom.Rectangle2D b) {
    double mx = (a.getCenterX() + b.getCenterX()) / 2;
    double my = (a.getCenterY() + b.getCenterY()) / 2;
    double dx = b.getCenterX() - a.getCenterX();
    double dy = b.getCenterY() - a.getCenterY();
    double length = Math.hypot(dx, dy);
    // The normal to the line between them, pointing right (or down for a horizontal line).
    double nx = length == 0 ? 1 : -dy / length;
    double ny = length == 0 ? 0 : dx / length;
    if (nx < 0 || (nx == 0 && ny < 0)) {
      nx = -nx;
      ny = -ny;
    }
    // The nearest place around the midpoint whose lines to both entities cross no other box.
    Point clearOfAll =
        g.freeSpotWhere(
            Math.round(mx - DIAMOND_WIDTH / 2),
            Math.round(my - DIAMOND_HEIGHT / 2),
            DIAMOND_WIDTH,
            DIAMOND_HEIGHT,
            DiagramCanvas.GRID,
            30,
            p ->
                clear(g, p.x() + DIAMOND_WIDTH / 2, p.y() + DIAMOND_HEIGHT / 2, a)
                    && clear(g, p.x() + DIAMOND_WIDTH / 2, p.y() + DIAMOND_HEIGHT / 2, b));
    if (clearOfAll != null) {
      return clearOfAll;
    }
    for (int k = 0; k <= 40; k++) {
      for (int side : new int[] {1, -1}) {
        double d = side * k * DiagramCanvas.GRID;
        double x = Math.round(mx + nx * d - DIAMOND_WIDTH / 2);
        double y = Math.round(my + ny * d - DIAMOND_HEIGHT / 2);
        if (g.free(x, y, DIAMOND_WIDTH, DIAMOND_HEIGHT)) {
          // Every place near draws a line through something: off the line between them.
          return new Point(x, y);
        }
      }
    }
    return g.freeSpotAt(
        mx - DIAMOND_WIDTH / 2, my - DIAMOND_HEIGHT / 2, DIAMOND_WIDTH, DIAMOND_HEIGHT, 40);
  }

  /**
   * Whether the straight line from a diamond centred at {@code (cx, cy)} to the centre of {@code
   * to}, as Chen's lines are drawn, crosses no box but {@code to}; diagram pixels. A diamond placed
   * off the line between its entities had drawn its lines through their key attributes.
   */
  private static boolean clear(
      org.keyspacestudio.export.diagram.DiagramGeometry g,
      double cx,
      double cy,
      java.awt.geom.Rectangle2D to) {
    var line = new java.awt.geom.Line2D.Double(cx, cy, to.getCenterX(), to.getCenterY());
    for (var box : g.boxes()) {
      java.awt.geom.Rectangle2D r = box.bounds();
      if (!r.equals(to) && line.intersects(r)) {
        return false;
      }
    }
    return true;
  }

  /**
   * A new attribute of the selected entity or relationship (or a part of the selected composite
   * attribute), beside it.
   */
  private static void newAttribute(EditorWindow w, Attribute.Kind kind, boolean key) {
    w.showDiagram(DiagramKind.CONCEPTUAL);
    ElementRef owner = w.singleSelection();
    if (owner == null
        || (owner.kind() != ElementRef.Kind.ENTITY
            && owner.kind() != ElementRef.Kind.RELATIONSHIP
            && owner.kind() != ElementRef.Kind.ATTRIBUTE)) {
      w.error(
          "New attribute",
          "Select the entity or relationship the attribute belongs to (or a composite attribute"
              + " for a new part) first.");
      return;
    }
    String ownerName = owner.object().asInternal();
    Document doc = w.document();
    boolean composite =
        owner.kind() == ElementRef.Kind.ATTRIBUTE
            && doc.project()
                .conceptual()
                .attribute(
                    new org.keyspacestudio.model.conceptual.AttributeRef(
                        ownerName, owner.member().asInternal()))
                .map(a -> a.kind() == Attribute.Kind.COMPOSITE && kind == Attribute.Kind.COMPOSITE)
                .orElse(false);
    if (owner.kind() == ElementRef.Kind.ATTRIBUTE && !composite) {
      // An attribute is selected: the new one goes to the same owner.
      owner = doc.project().conceptual().ownerRef(ownerName);
      if (owner == null) {
        return;
      }
    }
    Point at = w.freeSpotNear(owner);
    if (owner.kind() == ElementRef.Kind.ATTRIBUTE) {
      String compositeName = owner.member().asInternal();
      Set<ElementRef> old = new HashSet<>(doc.project().conceptualLayout().positions().keySet());
      doc.perform(ConceptualEdits.addPart(ownerName, compositeName, "part", at));
      doc.project().conceptualLayout().positions().keySet().stream()
          .filter(r -> !old.contains(r))
          .findFirst()
          .ifPresent(r -> select(w, DiagramKind.CONCEPTUAL, r));
      return;
    }
    Set<ElementRef> old = new HashSet<>(doc.project().conceptualLayout().positions().keySet());
    doc.perform(ConceptualEdits.addAttribute(ownerName, key ? "id" : "attribute", kind, key, at));
    doc.project().conceptualLayout().positions().keySet().stream()
        .filter(r -> !old.contains(r))
        .findFirst()
        .ifPresent(
            r -> {
              select(w, DiagramKind.CONCEPTUAL, r);
              w.inspector().focus("attr:" + ownerName + "." + r.member().asInternal() + ":name");
            });
  }

  private static void newHierarchy(EditorWindow w) {
    w.showDiagram(DiagramKind.CONCEPTUAL);
    ElementRef parent = w.singleSelection();
    if (parent == null || parent.kind() != ElementRef.Kind.ENTITY) {
      w.error("New IsA hierarchy", "Select the parent entity first.");
      return;
    }
    var box = w.canvas(DiagramKind.CONCEPTUAL).geometry().box(parent).bounds();
    String name = parent.object().asInternal();
    String hierarchy =
        ConceptualEdits.uniqueName(w.document().project().conceptual(), name + " IsA");
    w.document()
        .perform(
            ConceptualEdits.addHierarchy(
                name, new Point(box.getCenterX() - 32, box.getMaxY() + 110)));
    select(w, DiagramKind.CONCEPTUAL, ElementRef.isa(hierarchy));
  }

  /** A new task; from a selected task, to its right with a transition from it. */
  private static void newTask(EditorWindow w) {
    w.showDiagram(DiagramKind.WORKFLOW);
    ElementRef from = w.singleSelection();
    Point at = w.newBoxPoint(170, 50);
    Workflow wf = w.document().project().workflow();
    if (from != null && from.kind() == ElementRef.Kind.TASK) {
      // To its right, or the nearest free place to it (another task may be there already).
      var g = w.canvas(DiagramKind.WORKFLOW).geometry();
      var box = g.box(from).bounds();
      at = g.freeSpotAt(box.getMaxX() + 140, box.getY(), 170, 50, 2 * DiagramCanvas.GRID);
    }
    String name = "Task";
    int n = 2;
    while (wf.task(name).isPresent()) {
      name = "Task " + n++;
    }
    w.document().perform(WorkflowEdits.addTask(name, at));
    if (from != null && from.kind() == ElementRef.Kind.TASK) {
      w.document().perform(WorkflowEdits.addTransition(from.object().asInternal(), name));
    }
    select(w, DiagramKind.WORKFLOW, ElementRef.task(name));
    w.inspector().focusName();
  }

  /**
   * A transition from the keyboard, as the drag from a task's handle makes with the mouse: from the
   * first of two selected tasks to the second, or from the one selected task to a task chosen in a
   * dialog (those it has no transition to yet). Selects the new transition with the cursor in its
   * queries; says what to select when no task is.
   */
  private static void newTransition(EditorWindow w) {
    w.showDiagram(DiagramKind.WORKFLOW);
    List<String> tasks =
        w.canvas(DiagramKind.WORKFLOW).selection().stream()
            .filter(ref -> ref.kind() == ElementRef.Kind.TASK)
            .map(ref -> ref.object().asInternal())
            .toList();
    if (tasks.isEmpty()) {
      w.error(
          "New transition",
          "Select the task the transition leaves from (and, with Ctrl, the task it goes to).");
      return;
    }
    String from = tasks.get(0);
    String to;
    if (tasks.size() > 1) {
      to = tasks.get(1);
    } else {
      Workflow wf = w.document().project().workflow();
      List<String> others =
          wf.tasks().stream()
              .map(org.keyspacestudio.model.workflow.Task::name)
              .filter(n -> !n.equals(from) && wf.transition(from, n).isEmpty())
              .toList();
      if (others.isEmpty()) {
        w.error("New transition", from + " has a transition to every other task already.");
        return;
      }
      javafx.scene.control.ChoiceDialog<String> dialog =
          new javafx.scene.control.ChoiceDialog<>(others.get(0), others);
      dialog.initOwner(w.stage());
      dialog.setTitle("New transition");
      dialog.setHeaderText("A transition from " + from);
      dialog.setContentText("To");
      var chosen = dialog.showAndWait();
      if (chosen.isEmpty()) {
        return;
      }
      to = chosen.get();
    }
    addTransition(w, from, to);
  }

  /**
   * Adds a transition between two tasks (selects it when it is there already), selected with the
   * cursor in its queries.
   */
  private static void addTransition(EditorWindow w, String from, String to) {
    w.document().perform(WorkflowEdits.addTransition(from, to));
    select(w, DiagramKind.WORKFLOW, ElementRef.transition(from, to));
    w.inspector().focus("transition:queries");
  }

  /** A new query, on the selected transition or task when there is one, shown in the inspector. */
  private static void newQuery(EditorWindow w) {
    ElementRef on = w.currentDiagram() == DiagramKind.WORKFLOW ? w.singleSelection() : null;
    if (on != null
        && on.kind() != ElementRef.Kind.TASK
        && on.kind() != ElementRef.Kind.TRANSITION) {
      on = null;
    }
    String id = w.document().project().workflow().nextQueryId();
    w.document().perform(WorkflowEdits.addQuery("", on));
    w.select(ElementRef.query(id));
    w.inspector().focus("query:description");
  }

  // ---------------------------------------------------------------------------------------------
  // Menus, palette, hints

  /** The Insert menu's items for the conceptual model and the workflow, a separator between. */
  static List<MenuItem> insertItems(EditorWindow w) {
    List<MenuItem> items = new ArrayList<>(insertItems(w, DiagramKind.CONCEPTUAL));
    items.add(new javafx.scene.control.SeparatorMenuItem());
    items.addAll(insertItems(w, DiagramKind.WORKFLOW));
    return items;
  }

  /**
   * The Insert items of one diagram: entities, relationships, attributes and hierarchies for the
   * conceptual one; task, transition and query for the workflow; none for the others.
   */
  static List<MenuItem> insertItems(EditorWindow w, DiagramKind kind) {
    return switch (kind) {
      case CONCEPTUAL ->
          List.of(
              EditorWindow.menuItem("_Entity", "Shortcut+Alt+E", () -> newEntity(w, false)),
              EditorWindow.menuItem("_Weak Entity", "Shortcut+Alt+W", () -> newEntity(w, true)),
              EditorWindow.menuItem(
                  "Re_lationship", "Shortcut+Alt+R", () -> newRelationship(w, false)),
              EditorWindow.menuItem(
                  "I_dentifying Relationship", "Shortcut+Alt+D", () -> newRelationship(w, true)),
              EditorWindow.menuItem(
                  "Attri_bute",
                  "Shortcut+Alt+A",
                  () -> newAttribute(w, Attribute.Kind.SIMPLE, false)),
              EditorWindow.menuItem(
                  "_Key Attribute",
                  "Shortcut+Alt+K",
                  () -> newAttribute(w, Attribute.Kind.SIMPLE, true)),
              EditorWindow.menuItem(
                  "_Multi-valued Attribute",
                  "Shortcut+Alt+M",
                  () -> newAttribute(w, Attribute.Kind.MULTI_VALUED, false)),
              EditorWindow.menuItem(
                  "C_omposite Attribute",
                  "Shortcut+Alt+C",
                  () -> newAttribute(w, Attribute.Kind.COMPOSITE, false)),
              EditorWindow.menuItem("_IsA Hierarchy", "Shortcut+Alt+I", () -> newHierarchy(w)));
      case WORKFLOW ->
          List.of(
              EditorWindow.menuItem("Tas_k", "Shortcut+Alt+T", () -> newTask(w)),
              EditorWindow.menuItem("T_ransition…", "Shortcut+Alt+L", () -> newTransition(w)),
              EditorWindow.menuItem("_Query", "Shortcut+Alt+Q", () -> newQuery(w)));
      default -> List.of();
    };
  }

  private static Button tool(String text, String tip, String id, Runnable action) {
    Button b = new Button(text);
    Tips.set(b, tip);
    b.setId(id);
    b.setFocusTraversable(false);
    b.setOnAction(e -> action.run());
    return b;
  }

  /** Fills the palette with the tools of a diagram kind. */
  static void fillPalette(EditorWindow w, ToolBar palette, DiagramKind kind) {
    palette.getItems().clear();
    switch (kind) {
      case CONCEPTUAL ->
          palette
              .getItems()
              .addAll(
                  tool(
                      "▭ Entity",
                      "New entity (Ctrl+Alt+E)",
                      "tool-entity",
                      () -> newEntity(w, false)),
                  tool(
                      "▭▭ Weak",
                      "New weak entity (Ctrl+Alt+W)",
                      "tool-weak",
                      () -> newEntity(w, true)),
                  tool(
                      "◇ Relationship",
                      "New relationship, between the selected entities (Ctrl+Alt+R)",
                      "tool-relationship",
                      () -> newRelationship(w, false)),
                  tool(
                      "◈ Identifying",
                      "New identifying relationship (Ctrl+Alt+D)",
                      "tool-identifying",
                      () -> newRelationship(w, true)),
                  new Separator(),
                  tool(
                      "○ Attribute",
                      "New attribute of the selected entity or relationship (Ctrl+Alt+A)",
                      "tool-attribute",
                      () -> newAttribute(w, Attribute.Kind.SIMPLE, false)),
                  tool(
                      "○ Key",
                      "New key attribute (Ctrl+Alt+K)",
                      "tool-key",
                      () -> newAttribute(w, Attribute.Kind.SIMPLE, true)),
                  tool(
                      "◎ Multi-valued",
                      "New multi-valued attribute (Ctrl+Alt+M)",
                      "tool-multivalued",
                      () -> newAttribute(w, Attribute.Kind.MULTI_VALUED, false)),
                  tool(
                      "○ Composite",
                      "New composite attribute, or a part of the selected one (Ctrl+Alt+C)",
                      "tool-composite",
                      () -> newAttribute(w, Attribute.Kind.COMPOSITE, false)),
                  tool(
                      "△ IsA",
                      "New IsA hierarchy under the selected entity (Ctrl+Alt+I)",
                      "tool-isa",
                      () -> newHierarchy(w)));
      case WORKFLOW ->
          palette
              .getItems()
              .addAll(
                  tool(
                      "▢ Task",
                      "New task, after the selected one (Ctrl+Alt+T)",
                      "tool-task",
                      () -> newTask(w)),
                  tool(
                      "Q Query",
                      "New query, on the selected transition or task (Ctrl+Alt+Q)",
                      "tool-query",
                      () -> newQuery(w)));
      default ->
          palette
              .getItems()
              .addAll(
                  tool("▤ Table", "New table (Ctrl+T)", "tool-table", w::newTableAction),
                  tool(
                      "*T* Type",
                      "New user-defined type (Ctrl+Shift+T)",
                      "tool-type",
                      w::newTypeAction));
    }
  }

  /** What the inspector says when nothing is selected on a diagram. */
  static String hint(DiagramKind kind) {
    return switch (kind) {
      case CONCEPTUAL ->
          "The conceptual model: entities, relationships and their attributes (Chen).\n\n"
              + "New entity: Ctrl+Alt+E (weak: Ctrl+Alt+W)\n"
              + "New relationship: select two entities, Ctrl+Alt+R; or drag an entity's round"
              + " handle onto another entity\n"
              + "New attribute of the selected entity: Ctrl+Alt+A (key: Ctrl+Alt+K, multi-valued:"
              + " Ctrl+Alt+M, composite: Ctrl+Alt+C)\n"
              + "New IsA hierarchy under the selected entity: Ctrl+Alt+I\n"
              + "Rename the selected element: F2";
      case WORKFLOW ->
          "The application workflow: tasks, the transitions between them and the queries they"
              + " run.\n\n"
              + "New task (after the selected one): Ctrl+Alt+T\n"
              + "New transition: drag a task's round handle onto another task; or select a"
              + " task (and, with Ctrl, the one it goes to), Ctrl+Alt+L\n"
              + "New query on the selected transition or task: Ctrl+Alt+Q\n"
              + "Select a transition: click its line or label. Every query is listed under Queries.";
      default ->
          "Select a table to edit it.\n\nNew table: Ctrl+T\nNew type: Ctrl+Shift+T\n"
              + "Add a column to the selected table: Ctrl+Shift+C\nRename the selected table: F2\n"
              + "Draw a query arrow: drag the round handle of a selected table onto another";
    };
  }
}
