package org.keyspacestudio.app.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.DataFormat;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;

/**
 * The model browser: every element of the project in a tree (keyspaces with their tables, views,
 * types and indexes; the conceptual model's entities and relationships; the workflow's tasks and
 * queries), filtered by name as you type. A click (or the arrow keys) shows an element in the
 * inspector; double-click or Enter shows it in its diagram; tables, views and types drag onto a
 * Chebotko diagram; the context menu adds them to the diagram shown or deletes them from the model.
 */
final class ModelBrowser extends VBox {

  /** The drag-and-drop format of elements dragged out of the browser. */
  static final DataFormat ELEMENTS = new DataFormat("application/x-keyspace-studio-elements");

  /** One row: a group heading (no element) or an element. */
  record Row(String label, ElementRef element) {
    @Override
    public String toString() {
      return label;
    }
  }

  /** What the browser asks of the window. */
  interface Actions {
    /** Shows an element in the diagram that draws it, selected. */
    void open(ElementRef element);

    /**
     * Shows an element chosen in the tree (a click, or the arrow keys) in the inspector, without
     * taking the keyboard from the tree or leaving the diagram shown.
     */
    void preview(ElementRef element);

    /** The name of the named diagram shown, or null when none is. */
    String namedDiagramShown();

    /** Adds elements to the named diagram shown. */
    void addToDiagram(List<ElementRef> elements);

    /** Deletes elements from the model (and so from every diagram). */
    void deleteFromModel(List<ElementRef> elements);
  }

  private final TextField filter = new TextField();
  private final TreeView<Row> tree = new TreeView<>();
  private final Actions actions;
  private Project shown;

  /** The elements of the drag under way (JavaFX carries only text; the window reads these). */
  private List<ElementRef> dragged = List.of();

  ModelBrowser(Actions actions) {
    this.actions = actions;
    setId("model-browser");
    filter.setPromptText("Filter by name");
    filter.setId("browser-filter");
    // Not in the Tab order: when the focused node leaves the scene (an inspector rebuilt), focus
    // would land here, and a text field keeps Ctrl+Z to itself. View > Find in Model focuses it.
    filter.setFocusTraversable(false);
    filter.textProperty().addListener((o, a, b) -> rebuild());
    // As in an IDE's outline filter: Down goes to the first element listed, Enter opens it, Escape
    // clears the filter.
    filter.addEventHandler(KeyEvent.KEY_PRESSED, this::filterKey);
    tree.setId("browser-tree");
    tree.setShowRoot(false);
    tree.getSelectionModel().setSelectionMode(javafx.scene.control.SelectionMode.MULTIPLE);
    tree.setCellFactory(t -> new Cell());
    // A row chosen in the tree shows its element in the inspector, as a modeling tool's project
    // browser fills its properties view; not a row selected to follow the diagram or again after a
    // rebuild, nor one of several.
    tree.getSelectionModel()
        .selectedItemProperty()
        .addListener(
            (o, was, now) -> {
              if (!quiet && selected().size() == 1) {
                // The diagram's selection the preview makes is not followed back: a click on an
                // index (drawn as its table) moved the row to the table before the tree had the
                // focus, and Down went on from there.
                previewing = true;
                try {
                  actions.preview(selected().get(0));
                } finally {
                  previewing = false;
                }
              }
            });
    tree.setOnKeyPressed(
        e -> {
          if (e.getCode() == KeyCode.ENTER && selected().size() == 1) {
            actions.open(selected().get(0));
            e.consume();
          }
        });
    // Up on the first row goes back to the filter (a filter: before the tree moves its selection).
    tree.addEventFilter(
        KeyEvent.KEY_PRESSED,
        e -> {
          if (e.getCode() == KeyCode.UP
              && !e.isShiftDown()
              && !e.isShortcutDown()
              && tree.getFocusModel().getFocusedIndex() <= 0) {
            filter.requestFocus();
            e.consume();
          }
        });
    empty.setId("browser-empty");
    empty.setWrapText(true);
    empty.setMouseTransparent(true);
    empty.setVisible(false);
    empty.setStyle("-fx-text-fill: -color-fg-muted; -fx-padding: 12;");
    javafx.scene.layout.StackPane.setAlignment(empty, javafx.geometry.Pos.TOP_LEFT);
    javafx.scene.layout.StackPane list = new javafx.scene.layout.StackPane(tree, empty);
    VBox.setVgrow(list, Priority.ALWAYS);
    getChildren().addAll(filter, list);
    setSpacing(4);
    setStyle("-fx-padding: 4;");
    setMinWidth(0);
  }

  /** Shows a project's elements; does nothing when the models did not change. */
  void show(Project project) {
    Project before = shown;
    shown = project;
    if (before == null
        || before.schema() != project.schema()
        || before.conceptual() != project.conceptual()
        || before.workflow() != project.workflow()) {
      rebuild();
    }
  }

  /**
   * Selects the rows of the elements selected in the diagram, their groups expanded, and scrolls
   * the first into view when it is out of sight, as a modeling tool's outline follows its editor: a
   * box clicked in a large model shows where it sits in the model. Leaves the tree as it is when
   * the tree has the keyboard focus (the user is working in it); selects no row when nothing is
   * selected or no selected element is listed (a transition, or one the filter hides), rather than
   * leave the last one looking selected.
   *
   * @param elements the diagram's selection
   */
  void follow(java.util.Collection<ElementRef> elements) {
    if (tree.isFocused() || previewing || tree.getRoot() == null) {
      return;
    }
    quiet = true;
    try {
      followQuietly(elements);
    } finally {
      quiet = false;
    }
  }

  /**
   * Whether the tree's selection is being set to follow the diagram or kept across a rebuild (no
   * preview then).
   */
  private boolean quiet;

  /** Whether a row chosen in the tree is being shown in the diagram (not followed back then). */
  private boolean previewing;

  private void followQuietly(java.util.Collection<ElementRef> elements) {
    List<TreeItem<Row>> items = rowsListing(tree.getRoot(), Set.copyOf(elements));
    var selection = tree.getSelectionModel();
    // Nothing selected, or nothing the browser lists (a transition, an arrow): no row stays
    // selected as if it were.
    selection.clearSelection();
    if (items.isEmpty()) {
      return;
    }
    for (TreeItem<Row> item : items) {
      for (TreeItem<Row> p = item.getParent(); p != null; p = p.getParent()) {
        p.setExpanded(true);
      }
      selection.select(item);
    }
    int row = tree.getRow(items.get(0));
    if (!rowInSight(row)) {
      tree.scrollTo(Math.max(0, row - 2));
    }
  }

  /** Whether a row of the tree is drawn whole within its viewport now. */
  private boolean rowInSight(int row) {
    javafx.geometry.Bounds view = tree.localToScene(tree.getLayoutBounds());
    for (Node n : tree.lookupAll(".tree-cell")) {
      if (n instanceof TreeCell<?> cell
          && cell.isVisible()
          && cell.getIndex() == row
          && cell.getScene() != null) {
        javafx.geometry.Bounds b = cell.localToScene(cell.getLayoutBounds());
        if (b.getMinY() >= view.getMinY() && b.getMaxY() <= view.getMaxY()) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether the project shown has an element the tree lists (whatever the filter hides). */
  boolean lists(ElementRef element) {
    Project p = shown;
    if (p == null) {
      return false;
    }
    String name = element.object() == null ? null : element.object().asInternal();
    return switch (element.kind()) {
      case KEYSPACE, TABLE, VIEW, TYPE, INDEX -> p.schema().contains(element);
      case ENTITY -> p.conceptual().entity(name).isPresent();
      case RELATIONSHIP -> p.conceptual().relationship(name).isPresent();
      case TASK -> p.workflow().task(name).isPresent();
      case QUERY -> p.workflow().query(name).isPresent();
      default -> false;
    };
  }

  /** The selected elements (groups left out). */
  List<ElementRef> selected() {
    List<ElementRef> out = new ArrayList<>();
    for (TreeItem<Row> item : tree.getSelectionModel().getSelectedItems()) {
      if (item != null && item.getValue().element() != null) {
        out.add(item.getValue().element());
      }
    }
    return out;
  }

  /** The elements being dragged out of the browser. */
  List<ElementRef> dragged() {
    return dragged;
  }

  /** The tree (for tests). */
  TreeView<Row> tree() {
    return tree;
  }

  /**
   * Down from the filter selects the first element listed and gives the tree the keyboard; Enter
   * opens it (shows it in its diagram); Escape clears a filter that has text.
   */
  private void filterKey(KeyEvent e) {
    if (e.getCode() == KeyCode.ESCAPE && !filter.getText().isEmpty()) {
      filter.clear();
      e.consume();
      return;
    }
    if (e.getCode() != KeyCode.DOWN && e.getCode() != KeyCode.ENTER) {
      return;
    }
    TreeItem<Row> first = firstElement();
    if (first == null) {
      return;
    }
    e.consume();
    tree.getSelectionModel().clearSelection();
    tree.getSelectionModel().select(first);
    int row = tree.getRow(first);
    if (!rowInSight(row)) {
      tree.scrollTo(Math.max(0, row - 2));
    }
    if (e.getCode() == KeyCode.DOWN) {
      tree.requestFocus();
      tree.getFocusModel().focus(row);
    } else {
      actions.open(first.getValue().element());
    }
  }

  /**
   * The first row of the tree, in its order, that lists an element whose name the filter matches (a
   * keyspace listed only for the tables under it is passed over); the first element row when none
   * matches; null when the tree lists no element.
   */
  private TreeItem<Row> firstElement() {
    String needle = filter.getText().strip().toLowerCase(Locale.ROOT);
    List<TreeItem<Row>> rows = new ArrayList<>();
    elementRows(tree.getRoot(), rows);
    return rows.stream()
        .filter(r -> r.getValue().label().toLowerCase(Locale.ROOT).contains(needle))
        .findFirst()
        .orElse(rows.isEmpty() ? null : rows.get(0));
  }

  /** The rows under {@code root} that list one of {@code wanted}, in the tree's order. */
  private static List<TreeItem<Row>> rowsListing(TreeItem<Row> root, Set<ElementRef> wanted) {
    List<TreeItem<Row>> items = new ArrayList<>();
    elementRows(root, items);
    items.removeIf(item -> !wanted.contains(item.getValue().element()));
    return items;
  }

  /** The rows under {@code item} (itself included) that list an element, in the tree's order. */
  private static void elementRows(TreeItem<Row> item, List<TreeItem<Row>> out) {
    if (item == null) {
      return;
    }
    if (item.getValue() != null && item.getValue().element() != null) {
      out.add(item);
    }
    for (TreeItem<Row> child : item.getChildren()) {
      elementRows(child, out);
    }
  }

  /** Puts the cursor in the filter, its text selected (View > Find in Model). */
  void focusFilter() {
    filter.requestFocus();
    filter.selectAll();
  }

  /** The filter field (for tests). */
  TextField filterField() {
    return filter;
  }

  /** What the browser says when it lists nothing: an empty model, or a filter matching nothing. */
  private final javafx.scene.control.Label empty = new javafx.scene.control.Label();

  private void rebuild() {
    quiet = true;
    try {
      rebuildTree();
    } finally {
      quiet = false;
    }
    boolean none = tree.getRoot() == null || tree.getRoot().getChildren().isEmpty();
    String needle = filter.getText() == null ? "" : filter.getText().strip();
    empty.setText(
        needle.isEmpty()
            ? "The model is empty. The entities, tasks, queries, keyspaces and tables you add"
                + " are listed here."
            : "Nothing is named like \u201c" + needle + "\u201d.");
    empty.setVisible(none);
  }

  /** The text the browser shows in place of an empty list, or null when it lists something. */
  String emptyText() {
    return empty.isVisible() ? empty.getText() : null;
  }

  private void rebuildTree() {
    Project p = shown;
    TreeItem<Row> root = new TreeItem<>(new Row("model", null));
    if (p == null) {
      tree.setRoot(root);
      return;
    }
    String needle =
        filter.getText() == null ? "" : filter.getText().strip().toLowerCase(Locale.ROOT);
    for (Keyspace ks : p.schema().keyspaces()) {
      TreeItem<Row> keyspace =
          group(
              ks.name() == null ? "(no keyspace)" : ks.name().asCql(),
              ElementRef.keyspace(ks.name()));
      add(
          keyspace,
          "Tables",
          ks.tables().stream()
              .map(t -> new Row(t.name().asCql(), ElementRef.table(ks.name(), t.name())))
              .toList(),
          needle);
      add(
          keyspace,
          "Views",
          ks.views().stream()
              .map(v -> new Row(v.name().asCql(), ElementRef.view(ks.name(), v.name())))
              .toList(),
          needle);
      add(
          keyspace,
          "Types",
          ks.types().stream()
              .map(t -> new Row(t.name().asCql(), ElementRef.type(ks.name(), t.name())))
              .toList(),
          needle);
      add(
          keyspace,
          "Indexes",
          ks.indexes().stream()
              .map(
                  i ->
                      new Row(
                          i.effectiveName().asCql() + " on " + i.table().asCql(),
                          ElementRef.index(ks.name(), i.effectiveName())))
              .toList(),
          needle);
      if (!keyspace.getChildren().isEmpty() || needle.isEmpty()) {
        root.getChildren().add(keyspace);
      }
    }
    TreeItem<Row> conceptual = group("Conceptual model", null);
    add(
        conceptual,
        "Entities",
        p.conceptual().entities().stream()
            .map(e -> new Row(e.name(), ElementRef.entity(e.name())))
            .toList(),
        needle);
    add(
        conceptual,
        "Relationships",
        p.conceptual().relationships().stream()
            .map(r -> new Row(r.name(), ElementRef.relationship(r.name())))
            .toList(),
        needle);
    if (!conceptual.getChildren().isEmpty()) {
      root.getChildren().add(conceptual);
    }
    TreeItem<Row> workflow = group("Workflow", null);
    add(
        workflow,
        "Tasks",
        p.workflow().tasks().stream()
            .map(t -> new Row(t.name(), ElementRef.task(t.name())))
            .toList(),
        needle);
    add(
        workflow,
        "Queries",
        p.workflow().queriesInWorkflowOrder().stream()
            .map(
                q ->
                    new Row(
                        q.id() + (q.description().isBlank() ? "" : " " + q.description()),
                        ElementRef.query(q.id())))
            .toList(),
        needle);
    if (!workflow.getChildren().isEmpty()) {
      root.getChildren().add(workflow);
    }
    TreeItem<Row> before = tree.getRoot();
    boolean sameFilter = needle.equals(shownNeedle);
    shownNeedle = needle;
    if (before == null || !sameFilter) {
      tree.setRoot(root);
      return;
    }
    if (sameOutline(before, root)) {
      // An edit that renames, adds or removes nothing the browser lists (a comment, a type, a
      // position): the tree stays as it is, with what the user collapsed, selected and scrolled.
      return;
    }
    java.util.Map<String, Boolean> expanded = new java.util.HashMap<>();
    expansions(before, "", expanded, false);
    expansions(root, "", expanded, true);
    List<ElementRef> selectedBefore = selected();
    tree.setRoot(root);
    if (!selectedBefore.isEmpty()) {
      reselect(root, Set.copyOf(selectedBefore));
    }
  }

  /** The filter text the tree was last built with (lower case, stripped). */
  private String shownNeedle;

  /** Whether two trees list the same rows in the same order. */
  private static boolean sameOutline(TreeItem<Row> a, TreeItem<Row> b) {
    if (!a.getValue().equals(b.getValue()) || a.getChildren().size() != b.getChildren().size()) {
      return false;
    }
    for (int i = 0; i < a.getChildren().size(); i++) {
      if (!sameOutline(a.getChildren().get(i), b.getChildren().get(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Reads (apply false) or sets (apply true) whether each group is expanded, keyed by its path of
   * labels without their counts: a group the user collapsed stays collapsed when the tree is built
   * again for an edit.
   */
  private static void expansions(
      TreeItem<Row> item, String parent, java.util.Map<String, Boolean> expanded, boolean apply) {
    if (item.isLeaf()) {
      return;
    }
    String key = parent + "/" + item.getValue().label().replaceFirst(" \\(\\d+\\)$", "");
    if (apply) {
      Boolean was = expanded.get(key);
      if (was != null) {
        item.setExpanded(was);
      }
    } else {
      expanded.put(key, item.isExpanded());
    }
    for (TreeItem<Row> child : item.getChildren()) {
      expansions(child, key, expanded, apply);
    }
  }

  /** Selects again the rows of elements that were selected before the tree was built again. */
  private void reselect(TreeItem<Row> root, Set<ElementRef> elements) {
    // Within a rebuild: quiet (no preview).
    rowsListing(root, elements).forEach(tree.getSelectionModel()::select);
  }

  private static TreeItem<Row> group(String label, ElementRef element) {
    TreeItem<Row> item = new TreeItem<>(new Row(label, element));
    item.setExpanded(true);
    return item;
  }

  private static void add(TreeItem<Row> parent, String label, List<Row> rows, String needle) {
    List<Row> kept =
        needle.isEmpty()
            ? rows
            : rows.stream()
                .filter(r -> r.label().toLowerCase(Locale.ROOT).contains(needle))
                .toList();
    if (kept.isEmpty()) {
      return;
    }
    TreeItem<Row> group = new TreeItem<>(new Row(label + " (" + kept.size() + ")", null));
    group.setExpanded(!needle.isEmpty() || kept.size() <= 50);
    for (Row r : kept) {
      group.getChildren().add(new TreeItem<>(r));
    }
    parent.getChildren().add(group);
  }

  private static boolean drawable(ElementRef e) {
    return e.kind() == ElementRef.Kind.TABLE
        || e.kind() == ElementRef.Kind.VIEW
        || e.kind() == ElementRef.Kind.TYPE;
  }

  /** A row: double-click opens, drag carries tables, views and types, right-click acts. */
  private final class Cell extends TreeCell<Row> {
    Cell() {
      setOnMouseClicked(
          e -> {
            if (e.getButton() == MouseButton.PRIMARY
                && e.getClickCount() == 2
                && getItem() != null
                && getItem().element() != null
                && getItem().element().kind() != ElementRef.Kind.KEYSPACE) {
              actions.open(getItem().element());
            }
          });
      setOnDragDetected(
          e -> {
            List<ElementRef> elements = selected().stream().filter(ModelBrowser::drawable).toList();
            if (getItem() == null || elements.isEmpty()) {
              return;
            }
            dragged = elements;
            var board = startDragAndDrop(TransferMode.COPY);
            ClipboardContent content = new ClipboardContent();
            content.put(ELEMENTS, elements.size() + " elements");
            content.putString(String.join("\n", elements.stream().map(Object::toString).toList()));
            board.setContent(content);
            e.consume();
          });
      setOnDragDone(e -> dragged = List.of());
    }

    @Override
    protected void updateItem(Row row, boolean empty) {
      super.updateItem(row, empty);
      if (empty || row == null) {
        setText(null);
        setContextMenu(null);
        return;
      }
      setText(row.label());
      setStyle(row.element() == null ? "-fx-font-weight: bold;" : "");
      if (row.element() != null && menu == null) {
        menu = menu();
      }
      setContextMenu(row.element() == null ? null : menu);
    }

    /**
     * The cell's context menu, made once per cell (its items when it shows): a context menu has a
     * pop-up scene of its own, styled from scratch, and every edit updates the cells.
     */
    private ContextMenu menu;

    private ContextMenu menu() {
      ContextMenu made = new ContextMenu();
      made.setOnShowing(
          e -> {
            made.getItems().clear();
            List<ElementRef> elements = selected();
            if (elements.isEmpty() && getItem() != null && getItem().element() != null) {
              elements = List.of(getItem().element());
            }
            List<ElementRef> chosen = elements;
            if (chosen.size() == 1 && chosen.get(0).kind() != ElementRef.Kind.KEYSPACE) {
              MenuItem show = new MenuItem("Show in Diagram");
              show.setOnAction(a -> actions.open(chosen.get(0)));
              made.getItems().add(show);
            }
            List<ElementRef> drawn = chosen.stream().filter(ModelBrowser::drawable).toList();
            String named = actions.namedDiagramShown();
            if (named != null && !drawn.isEmpty()) {
              MenuItem add = Mnemonics.none(new MenuItem("Add to Diagram '" + named + "'"));
              add.setOnAction(a -> actions.addToDiagram(drawn));
              made.getItems().add(add);
            }
            List<ElementRef> deletable =
                chosen.stream().filter(x -> x.kind() != ElementRef.Kind.KEYSPACE).toList();
            if (!deletable.isEmpty()) {
              if (!made.getItems().isEmpty()) {
                made.getItems().add(new SeparatorMenuItem());
              }
              MenuItem delete =
                  new MenuItem(
                      deletable.size() == 1
                          ? "Delete from Model"
                          : "Delete " + deletable.size() + " from Model");
              delete.setOnAction(a -> actions.deleteFromModel(deletable));
              made.getItems().add(delete);
            }
          });
      made.getItems().add(new MenuItem("…"));
      return made;
    }
  }
}
