package org.keyspacestudio.app.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.SchemaEdits;
import org.keyspacestudio.model.edit.SchemaEdits.Role;
import org.keyspacestudio.model.parse.CqlTypeParser;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.validate.Problem;

/**
 * The panel that edits the selected table: its name, comment and columns (name, CQL type checked as
 * it is typed, role K/C↑/C↓/S/regular, IDX, order, delete). Every commit (Enter, or leaving a
 * field) is one edit of the document; a type that does not parse is shown in red and not committed.
 */
final class Inspector extends ScrollPane {

  static final String INVALID = "-fx-border-color: #d32f2f; -fx-border-width: 1.5;";

  final Supplier<Document> document;
  final Consumer<Document.Edit> perform;
  final VBox content = new VBox(8);
  private ElementRef shown;
  String focusKey;
  private QueryFirstPanes queryFirst;
  private final ObjectPanes objects;
  private String emptyHint =
      "Select a table to edit it.\n\nNew table: Ctrl+T\nNew type: Ctrl+Shift+T\n"
          + "Add a column to the selected table: Ctrl+Shift+C\nRename the selected table: F2\n"
          + "Draw a query arrow: drag the round handle of a selected table onto another";
  private boolean keyspacesWhenEmpty = true;

  /**
   * The repeated controls of the forms shown before (a column row's name and type fields, role, IDX
   * box and buttons; option values), by kind, for the next form. A new {@code TextField}'s skin
   * makes a context menu with a pop-up scene of its own, styled from scratch (JavaFX 21): a quarter
   * of an edit's time on a table of ten columns went to that, and buttons' skins a tenth. A control
   * kept here keeps its skin; it gets its text, id, tip and action again when reused.
   */
  private final Map<String, java.util.ArrayDeque<Node>> spares = new java.util.HashMap<>();

  /**
   * The table form shown, and the one the next table form may be (its FXML, skins and comment area
   * made once); never one that holds the focus.
   */
  private TableForm tableFormShown;

  private TableForm spareTableForm;

  /** A field's property: which spares it goes back to (its kind, as given to {@link #spare}). */
  private static final String SPARE = "kstudio.inspector.spare";

  /** A field's property: the commit of its current use ({@link #commitOn}). */
  private static final String COMMIT = "kstudio.inspector.commit";

  /** A field's properties: its focus commit and its type check are installed (once per field). */
  private static final String FOCUS_COMMIT = "kstudio.inspector.focusCommit";

  /**
   * Marks a field whose text a rebuild carried over to the new form's field (see {@link #showNow}):
   * it loses the focus as it leaves, and committing that half-typed text ("ti" of "timestamp", an
   * unknown type) rebuilt the form once more and lost what was typed meanwhile.
   */
  private static final String CARRIED = "kstudio.inspector.carried";

  private static final String TYPE_CHECK = "kstudio.inspector.typeCheck";

  /** At most this many spare fields of each kind are kept (a table of 200 columns). */
  private static final int MAX_SPARES = 200;

  Inspector(Supplier<Document> document, Consumer<Document.Edit> perform) {
    this.document = document;
    this.perform = perform;
    this.objects = new ObjectPanes(this, perform);
    content.setPadding(new Insets(10));
    setContent(content);
    setFitToWidth(true);
    setPrefWidth(460);
    setMinWidth(260);
    // Whatever takes the focus in a form (a field, a combo box, a check box) is where a rebuild
    // puts it back, when it names itself by a key in its user data: Tab from a field that commits
    // lands there, not back in the field.
    sceneProperty()
        .addListener(
            (o, was, scene) -> {
              if (scene != null && scene.getProperties().putIfAbsent(FOCUS_KEYS, this) == null) {
                scene
                    .focusOwnerProperty()
                    .addListener(
                        (p, before, owner) -> {
                          ownerHeard = owner;
                          if (owner != null && within(owner, this)) {
                            String key = focusKeyOf(owner);
                            focusKey = key == null ? null : afterRename(key);
                            alike = alikeOf(owner, focusKey);
                          }
                        });
              }
            });
    show(null);
  }

  /**
   * The focus owner the scene last told of. One it has not told of yet is where a Tab that
   * committed a field as it left it has just put the focus.
   */
  private Node ownerHeard;

  /** The scene property that says the inspector follows the scene's focus owner already. */
  private static final String FOCUS_KEYS = "kstudio.inspectorFocusKeys";

  /** The problems of each box (table, view, type), as the editor last found them. */
  private java.util.function.Function<ElementRef, List<Problem>> problemsOnBox = box -> List.of();

  /**
   * Where the inspector finds the problems it lists on a form: those of a diagram box, meaning the
   * table, view or type and its columns, fields, options and (for a table) indexes, errors and
   * warnings only. Called on every fill; must not return null.
   */
  void useProblems(java.util.function.Function<ElementRef, List<Problem>> problemsOnBox) {
    this.problemsOnBox = problemsOnBox;
  }

  /**
   * The schema problems (what Cassandra 5.0 would refuse or warn about) on a box, or on one element
   * of it when {@code element} is not the box itself.
   */
  List<Problem> schemaProblems(ElementRef box, ElementRef element) {
    List<Problem> out = new java.util.ArrayList<>();
    for (Problem p : problemsOnBox.apply(box)) {
      if (p.rule() instanceof org.keyspacestudio.model.validate.Rule
          && (element.equals(box) || element.equals(p.element()))) {
        out.add(p);
      }
    }
    return out;
  }

  /** At most this many problems are listed on a form; the Problems tab lists them all. */
  private static final int PROBLEMS_LISTED = 12;

  /**
   * Fills {@code list} with the schema problems of an element (its box's, or one index's), each
   * with its quick fixes as buttons (each one undoable edit); hides it when there is none.
   */
  void listProblems(VBox list, ElementRef box, ElementRef element, Project project) {
    listProblems(list, schemaProblems(box, element), project);
  }

  /**
   * A new list of every problem drawn on a box, whatever model its rule checks (an entity's or a
   * relationship's, and their attributes'), each with its quick fixes; hidden when there is none.
   */
  VBox problemListOfBox(ElementRef box, Project project) {
    VBox list = new VBox(4);
    list.getStyleClass().add("inspector-problems");
    listProblems(list, problemsOnBox.apply(box), project);
    return list;
  }

  /** Fills {@code list} with {@code found}, each with its quick fixes (see above). */
  private void listProblems(VBox list, List<Problem> found, Project project) {
    list.getChildren().clear();
    // One fix may answer several problems (a view's missing IS NOT NULLs): one button for it.
    java.util.Set<String> offered = new java.util.HashSet<>();
    list.setVisible(!found.isEmpty());
    list.setManaged(!found.isEmpty());
    for (int i = 0; i < Math.min(found.size(), PROBLEMS_LISTED); i++) {
      Problem p = found.get(i);
      boolean error = p.severity() == org.keyspacestudio.model.validate.Severity.ERROR;
      Label line =
          new Label((error ? "Error: " : "Warning: ") + p.message() + " (" + p.rule().id() + ")");
      line.setWrapText(true);
      line.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
      line.getStyleClass()
          .addAll(
              "inspector-problem",
              error ? atlantafx.base.theme.Styles.DANGER : atlantafx.base.theme.Styles.WARNING);
      list.getChildren().add(line);
      for (var fix :
          org.keyspacestudio.model.edit.QuickFixes.of(project, p, document.get().newKeyspaces())) {
        if (!offered.add(fix.label())) {
          continue;
        }
        Button b = fixButton(fix, perform);
        b.getStyleClass().add(atlantafx.base.theme.Styles.SMALL);
        list.getChildren().add(b);
      }
    }
    if (found.size() > PROBLEMS_LISTED) {
      Label more =
          new Label("… and " + (found.size() - PROBLEMS_LISTED) + " more in the Problems tab");
      more.getStyleClass().add("inspector-hint");
      list.getChildren().add(more);
    }
  }

  /**
   * Puts the problems of an element under the title and subject of the form just shown (the first
   * node of the inspector's content: a view's, an index's or a type's form).
   */
  private void problemsUnderTitle(ElementRef box, ElementRef element, Project project) {
    if (!content.getChildren().isEmpty()
        && content.getChildren().get(0) instanceof javafx.scene.layout.Pane form) {
      form.getChildren()
          .add(Math.min(2, form.getChildren().size()), problemList(box, element, project));
    }
  }

  /** A new list of an element's problems for a form (see {@link #listProblems}). */
  VBox problemList(ElementRef box, ElementRef element, Project project) {
    VBox list = new VBox(4);
    list.getStyleClass().add("inspector-problems");
    listProblems(list, box, element, project);
    return list;
  }

  /**
   * Lets the inspector edit the conceptual model and the workflow.
   *
   * @param freeSpot where a new attribute oval of an entity or relationship can go
   * @param select selects an element in the editor (a query, an owner)
   */
  void useQueryFirstPanes(
      java.util.function.Function<ElementRef, org.keyspacestudio.model.diagram.Point> freeSpot,
      Consumer<ElementRef> select) {
    // Shown in the same event, not at its end: after Tab from a renamed element's name, the keys
    // typed next came while the selection of the renamed element waited, the old name's form
    // gone, and reached no field (the first letter of a table's comment).
    Consumer<ElementRef> selectAndShow =
        ref -> {
          select.accept(ref);
          settle.run();
        };
    queryFirst = new QueryFirstPanes(this, freeSpot, selectAndShow);
    this.select = selectAndShow;
  }

  /** Selects an element in its diagram (the editor's), or nothing before it is wired. */
  private Consumer<ElementRef> select = ref -> {};

  /** Opens Model > Write Paths on an entity or relationship (and one of its writes, or null). */
  private java.util.function.BiConsumer<String, String> writePaths = (owner, write) -> {};

  /** The last write paths' inputs: a table's rows worked out once while it stays the same. */
  private final org.keyspacestudio.model.writes.WritePaths.Memo writesMemo =
      new org.keyspacestudio.model.writes.WritePaths.Memo();

  /** Lets the Writes sections open the Write Paths window. */
  void useWritePaths(java.util.function.BiConsumer<String, String> open) {
    this.writePaths = open;
  }

  /** The project's write paths, reusing each unchanged table's rows. */
  org.keyspacestudio.model.writes.WritePaths writePathsOf(Project project) {
    return org.keyspacestudio.model.writes.WritePaths.of(project, writesMemo);
  }

  /**
   * An entity's or relationship's Writes section: how many tables it is written to, what a new
   * instance writes (and whether the node warns of its batch), and the button to the Write Paths
   * window.
   */
  void writesOfOwner(String owner, Project project) {
    if (project.mapping().tables().isEmpty()) {
      return;
    }
    var paths = writePathsOf(project);
    if (!paths.writers().contains(owner)) {
      return;
    }
    List<org.keyspacestudio.model.writes.Write> all = paths.writes(owner);
    java.util.Set<String> tables = new java.util.LinkedHashSet<>();
    all.forEach(w -> w.tables().forEach(t -> tables.add(t.table().object().asCql())));
    StringBuilder text =
        new StringBuilder("Written to ")
            .append(tables.size())
            .append(tables.size() == 1 ? " table" : " tables")
            .append(" (")
            .append(String.join(", ", tables))
            .append(").");
    for (var w : all) {
      if (w.kind() == org.keyspacestudio.model.writes.Write.Kind.INSERT) {
        text.append(' ')
            .append(w.title())
            .append(": ")
            .append(w.statementCount())
            .append(w.statementCount() == 1 ? " statement" : " statements")
            .append(", ")
            .append(org.keyspacestudio.model.writes.WriteRules.size(w.bytes()))
            .append(
                w.statementCount() > 1
                        && w.bytes() > org.keyspacestudio.model.writes.WriteRules.BATCH_WARN_BYTES
                    ? ", over batch_size_warn_threshold (5 KiB)."
                    : ".");
      }
    }
    writesSection(text.toString(), owner, null);
  }

  /** A table's Writes section: whose rows it holds, and which writes reach it. */
  private void writesOfTable(ElementRef table, Project project) {
    if (project.mapping().table(table).isEmpty()) {
      return;
    }
    var paths = writePathsOf(project);
    var rows = paths.rows(table).orElse(null);
    if (rows == null) {
      return;
    }
    // Only what the table holds can write it (a deleted owner's dependents' rows hold its key).
    java.util.Set<String> holders = new java.util.HashSet<>();
    for (String o : rows.held()) {
      String entity = paths.owners().entityOf(o);
      holders.add(entity != null ? entity : o);
    }
    if (rows.rowOwner() != null) {
      String entity = paths.owners().entityOf(rows.rowOwner());
      holders.add(entity != null ? entity : rows.rowOwner());
    }
    List<String> titles = new ArrayList<>();
    String first = null;
    for (String owner : paths.writers()) {
      if (!holders.contains(owner)) {
        continue;
      }
      for (var w : paths.writes(owner)) {
        if (w.tables().stream().anyMatch(t -> t.table().equals(table))) {
          titles.add(w.title());
          if (first == null) {
            first = owner;
          }
        }
      }
    }
    String owner =
        rows.rowOwner() == null
            ? first
            : project
                .conceptual()
                .roleEntity(rows.rowOwner())
                .map(e -> e.name())
                .orElse(rows.rowOwner());
    // A multi-valued attribute in the key: a row per value ("one Video and one of its tags").
    List<String> perValue = new ArrayList<>();
    if (owner != null && rows.rowOwner() != null) {
      paths.insert(owner).tables().stream()
          .filter(t -> t.table().equals(table))
          .forEach(t -> t.perValueOf().forEach(a -> perValue.add(a.attribute())));
    }
    String whose =
        rows.rowOwner() == null
            ? "Its primary key identifies no one instance of "
                + String.join(
                    " or ", rows.overwritten().isEmpty() ? rows.held() : rows.overwritten())
                + "."
            : "Each row stands for one "
                + rows.rowOwner()
                + (perValue.isEmpty() ? "" : " and one of its " + String.join(" and ", perValue))
                + (rows.partitionOwner() != null && !rows.partitionOwner().equals(rows.rowOwner())
                    ? ", each partition for one " + rows.partitionOwner()
                    : "")
                + ".";
    writesSection(
        whose + (titles.isEmpty() ? "" : " Written by: " + String.join(", ", titles) + "."),
        owner,
        null);
  }

  private void writesSection(String text, String owner, String write) {
    Label heading = bold("Writes");
    heading.setStyle(heading.getStyle() + " -fx-padding: 8 0 0 0;");
    Label line = new Label(text);
    line.setWrapText(true);
    line.setId("inspector-writes");
    Button open = new Button("Write Paths…");
    open.setId("inspector-write-paths");
    Tips.set(open, "Model > Write Paths (Ctrl+Shift+W): each write's CQL and what it reaches");
    open.setOnAction(e -> writePaths.accept(owner, write));
    content.getChildren().addAll(heading, line, open);
  }

  /**
   * What the inspector says when nothing is selected, and whether it then shows the keyspaces (on
   * the Chebotko diagrams).
   */
  void setEmptyHint(String hint, boolean keyspaces) {
    if (!hint.equals(emptyHint) || keyspaces != keyspacesWhenEmpty) {
      shownFrom = null;
    }
    emptyHint = hint;
    keyspacesWhenEmpty = keyspaces;
  }

  /**
   * The project the form shown was filled from: the same element of the same project (a value that
   * never changes) needs no new form. Opening a file filled it twice (the document, then its first
   * diagram), as does switching diagrams.
   */
  private Project shownFrom;

  /**
   * Fills the form of {@code element} again even if the project did not change: what an edit costs
   * the inspector (for the editor benchmark).
   */
  void fillAgain(ElementRef element) {
    shownFrom = null;
    show(element);
  }

  /** The element shown, or null. */
  ElementRef shown() {
    settle.run();
    return shown;
  }

  /** Shows an element (a table, type or view), or a hint when null. */
  void show(ElementRef element) {
    settle.run();
    showNow(element);
  }

  /**
   * What to run before the inspector is read, shown or focused: the window shows there a selection
   * that changed in this event and is not shown yet (see {@code EditorWindow.selectionChanged}).
   */
  void settleWith(Runnable settle) {
    this.settle = settle;
  }

  private Runnable settle = () -> {};

  /** How many times the inspector was filled (for tests: once per settled selection). */
  private int fills;

  int fills() {
    return fills;
  }

  /** {@link #show} without settling first: what the settling itself calls. */
  void showNow(ElementRef element) {
    Project project = document.get().project();
    if (project == shownFrom && java.util.Objects.equals(element, shown)) {
      return;
    }
    shownFrom = project;
    fills++;
    // Where the focus is now, if the scene has not told yet: a field that commits as it loses the
    // focus (a table's comment, left by Tab) edits before the scene's listeners hear of the field
    // that took it, and the form built again gave the focus back to the comment.
    Node owner = getScene() == null ? null : getScene().getFocusOwner();
    if (owner != null && owner != ownerHeard && within(owner, this) && focusKeyOf(owner) != null) {
      focusKey = afterRename(focusKeyOf(owner));
      alike = alikeOf(owner, focusKey);
    }
    // Focus comes back to the field being edited, never away from the diagram (an undo there);
    // also when the element shown is the one just renamed, under its new name.
    String refocus;
    // The rename's selection passes through nothing (the element gone under its old name) before
    // the new name is shown: that build keeps what the rename's form had, for the next one.
    // Something else may pass too: a renamed query's task, which its new id selects again.
    boolean renameUnderWay = renamedTo != null && !renamedTo.equals(element);
    if (element != null && element.equals(renamedTo)) {
      // The rename's own rebuild (the element gone under its old name) took the focus away.
      refocus = focusKey;
    } else {
      // Nothing selected shows the keyspaces' forms, edited in place like an element's.
      refocus = java.util.Objects.equals(element, shown) && focusWithin() ? focusKey : null;
    }
    // What is being typed in that field survives the rebuild (an edit elsewhere may rebuild the
    // form while the user types). A field holding what it was filled with has nothing typed: it
    // shows the new value (an undo with the focus in it, from the menu, shows the value undone;
    // carried over, the old text was committed again when the field lost the focus).
    typing = null;
    String typedIn = refocus != null ? refocus : renameUnderWay ? focusKey : null;
    if (typedIn != null
        && getScene().getFocusOwner() instanceof javafx.scene.control.TextInputControl t
        && focusKeyOf(t) != null
        && !focusKeyOf(t).startsWith(PLACE)
        && typedIn.equals(afterRename(focusKeyOf(t)))
        && !(t.getProperties().get(COMMIT) instanceof Commit c
            && c.original().equals(t.getText()))) {
      typing = new Typing(t.getText(), t.getCaretPosition());
      // Its text goes on in the new form's field: not committed, half typed, as it leaves.
      t.getProperties().put(CARRIED, Boolean.TRUE);
    }
    if (renameUnderWay) {
      // Kept for the renamed element's form, which this one (the empty hint) does not hold.
      if (typing != null) {
        typedDuringRename = typing;
      }
    } else {
      if (typing == null && refocus != null) {
        typing = typedDuringRename;
      }
      typedDuringRename = null;
      renaming = null;
    }
    shown = element;
    Node focusOwner = getScene() == null ? null : getScene().getFocusOwner();
    keepSpares(content, focusOwner);
    spareTableForm =
        tableFormShown != null && !within(focusOwner, tableFormShown.root) ? tableFormShown : null;
    tableFormShown = null;
    objects.keepOptionsForm(root -> within(focusOwner, root));
    content.getChildren().clear();
    if (element != null
        && element.kind().conceptual()
        && queryFirst != null
        && queryFirst.show(element, project)) {
      restoreFocus(refocus);
      return;
    }
    Optional<Keyspace> ks =
        element == null ? Optional.empty() : project.schema().keyspace(element.keyspace());
    if (element != null && element.kind() == ElementRef.Kind.TABLE && ks.isPresent()) {
      Optional<Table> table = ks.get().table(element.object());
      if (table.isPresent()) {
        tablePane(ks.get(), table.get(), project, refocus);
        restoreFocus(refocus);
        return;
      }
    }
    if (element != null && element.kind() == ElementRef.Kind.VIEW && ks.isPresent()) {
      Optional<org.keyspacestudio.model.schema.MaterializedView> view =
          ks.get().view(element.object());
      if (view.isPresent()) {
        objects.viewPane(content, ks.get(), view.get());
        problemsUnderTitle(element, element, project);
        // A view answers queries as a table does (its rows read by its own key), and the node
        // keeps its partitions as a table's.
        queries(element, project);
        selects(element, project);
        partitionSize(element, project);
        restoreFocus(refocus);
        return;
      }
    }
    if (element != null && element.kind() == ElementRef.Kind.INDEX && ks.isPresent()) {
      Optional<org.keyspacestudio.model.schema.SecondaryIndex> index =
          ks.get().indexes().stream()
              .filter(i -> i.effectiveName().equals(element.object()))
              .findFirst();
      if (index.isPresent()) {
        objects.indexPane(content, ks.get(), index.get());
        problemsUnderTitle(
            ElementRef.table(element.keyspace(), index.get().table()), element, project);
        indexUse(ks.get(), index.get(), project);
        restoreFocus(refocus);
        return;
      }
    }
    if (element != null && element.kind() == ElementRef.Kind.TYPE && ks.isPresent()) {
      Optional<UserType> type = ks.get().type(element.object());
      if (type.isPresent()) {
        typePane(element.keyspace(), type.get(), refocus);
        problemsUnderTitle(element, element, project);
        restoreFocus(refocus);
        return;
      }
    }
    Label hint = new Label(emptyHint);
    hint.setWrapText(true);
    hint.setStyle("-fx-text-fill: -color-fg-muted;");
    content.getChildren().add(hint);
    if (keyspacesWhenEmpty) {
      keyspacesPane(project);
      restoreFocus(refocus);
    }
  }

  /**
   * Puts the repeated controls of the form being replaced among the spares, except the one with the
   * focus (what is typed there is carried over by {@link #restoreFocus}).
   */
  private void keepSpares(Node node, Node focusOwner) {
    if (node.getProperties().get(SPARE) instanceof String kind) {
      if (!within(focusOwner, node)) {
        java.util.ArrayDeque<Node> kept =
            spares.computeIfAbsent(kind, k -> new java.util.ArrayDeque<>());
        if (kept.size() < MAX_SPARES) {
          kept.add(node);
        }
      }
      return;
    }
    if (node instanceof javafx.scene.layout.Pane pane) {
      for (Node child : pane.getChildren()) {
        keepSpares(child, focusOwner);
      }
    }
  }

  /**
   * A spare field of a kind, or a new one that goes back to that kind's spares when its form is
   * replaced; its text, style and caret are set afresh. Its id, user data, tip and commit are the
   * caller's to set ({@link #commitOn} replaces the commit of its last use).
   *
   * @param kind which fields it may stand for (same listeners: "name", "type", "option")
   * @param text its text
   */
  TextField spare(String kind, String text) {
    java.util.ArrayDeque<Node> kept = spares.get(kind);
    TextField field = kept == null ? null : (TextField) kept.poll();
    if (field == null) {
      field = new TextField(text);
      field.getProperties().put(SPARE, kind);
      return field;
    }
    // Setting the text also clears the field's own undo history.
    field.setText(text);
    field.setStyle("");
    field.home();
    return field;
  }

  /**
   * A spare node of a kind (see {@link #spare}), or a new one from {@code make}, which sets what
   * every use shares (items, tips); the caller sets what this use shows and does.
   */
  @SuppressWarnings("unchecked")
  private <T extends Node> T spareNode(String kind, Supplier<T> make) {
    java.util.ArrayDeque<Node> kept = spares.get(kind);
    Node node = kept == null ? null : kept.poll();
    if (node != null) {
      return (T) node;
    }
    T made = make.get();
    made.getProperties().put(SPARE, kind);
    return made;
  }

  private static boolean within(Node node, Node ancestor) {
    while (node != null && node != ancestor) {
      node = node.getParent();
    }
    return node != null;
  }

  /** Whether the focus is on a control of the inspector, or the inspector itself. */
  boolean focusWithin() {
    return within(getScene() == null ? null : getScene().getFocusOwner(), this);
  }

  /**
   * Puts the cursor in the label of a query arrow into the table shown (its index in the diagram).
   */
  void focusArrow(int index) {
    focus("arrow:" + index);
  }

  /** Puts the cursor in the selected table's name field. */
  void focusName() {
    focus("table:name");
  }

  /** Adds a column to the table shown and puts the cursor in its name. */
  void addColumn() {
    settle.run();
    if (shown == null || shown.kind() != ElementRef.Kind.TABLE) {
      return;
    }
    Table table =
        document
            .get()
            .project()
            .schema()
            .keyspace(shown.keyspace())
            .flatMap(k -> k.table(shown.object()))
            .orElse(null);
    if (table == null) {
      return;
    }
    int n = table.columns().size() + 1;
    CqlIdentifier name = CqlIdentifier.of("column_" + n);
    while (table.column(name).isPresent()) {
      name = CqlIdentifier.of("column_" + ++n);
    }
    focusKey = "col:" + name.asInternal() + ":name";
    perform.accept(
        SchemaEdits.addColumn(shown, name, org.keyspacestudio.model.type.NativeType.TEXT));
    // The new column's name, selected, ready to type over: from the diagram (Ctrl+Shift+C) the
    // focus stayed there, and what was typed next went to the diagram.
    focus("col:" + name.asInternal() + ":name");
  }

  /** How many of the shown table's column rows are listed (100 at a time). */
  private final ListedRows listedColumns = new ListedRows();

  /** How many of the shown type's field rows are listed (100 at a time). */
  private final ListedRows listedFields = new ListedRows();

  /**
   * @param refocus the key of the control the focus comes back to, or null: a column row past those
   *     listed (a column just added to a wide table) is listed too
   */
  private void tablePane(Keyspace ks, Table table, Project project, String refocus) {
    ElementRef ref = ElementRef.table(ks.name(), table.name());
    TableForm form = spareTableForm;
    spareTableForm = null;
    if (form == null) {
      form = tableForm(new TextField());
    } else {
      form.clearColumns();
      form.name.setStyle("");
    }
    tableFormShown = form;
    nameField(
        form.name,
        table.name(),
        "table-name",
        n -> SchemaEdits.renameTable(ref, n),
        n -> ElementRef.table(ref.keyspace(), n));
    form.name.home();
    form.keyspace.setText("Keyspace: " + (ks.name() == null ? "(none)" : ks.name().asCql()));
    form.table = ref;
    form.comment0 = Optional.ofNullable(project.schema().comment(ref)).orElse("");
    form.comment.setText(form.comment0);
    listProblems(form.problems, ref, ref, project);
    List<CqlIdentifier> indexed =
        ks.indexesOn(table.name()).stream()
            .flatMap(i -> i.targets().stream().map(t -> t.column()))
            .toList();
    List<Column> inOrder = table.columnsInKeyOrder();
    int listed =
        listedColumns.count(ref, inOrder.size(), rowIndex(inOrder, Column::name, refocus, "col:"));
    int row = 1;
    for (Column column : inOrder.subList(0, listed)) {
      addColumnRow(form.columns, row++, ref, table, column, indexed.contains(column.name()));
    }
    if (listed < inOrder.size()) {
      String next = "col:" + inOrder.get(listed).name().asInternal() + ":name";
      moreRows(form.columns, row, listedColumns, "Columns", listed, inOrder.size(), ref, next);
    }
    fitNameAndTypeColumns(form.columns, form.name, table);
    form.addColumn.setOnAction(e -> addColumn());
    content.getChildren().add(form.root);
    updateMoveButtons(form);
    queries(ref, project);
    selects(ref, project);
    partitionSize(ref, project);
    writesOfTable(ref, project);
    objects.optionsPane(content, ref, table.options());
  }

  /**
   * Puts in row {@code row} of a form's grid the line under its {@code listed} rows of {@code
   * total} (id {@code more-} and the noun); listing more fills the form again and focuses {@code
   * next}, the first row listed then.
   */
  private void moreRows(
      GridPane grid,
      int row,
      ListedRows rows,
      String noun,
      int listed,
      int total,
      ElementRef ref,
      String next) {
    String id = "more-" + noun.toLowerCase(java.util.Locale.ROOT);
    Runnable relist =
        () -> {
          fillAgain(ref);
          focus(next);
        };
    grid.add(rows.line(noun, listed, total, id, relist), 0, row, GridPane.REMAINING, 1);
  }

  /**
   * Where the column or field a key names ({@code col:NAME:what}, {@code field:NAME:what}) is in
   * {@code rows}, -1 for none.
   */
  private static <T> int rowIndex(
      List<T> rows, java.util.function.Function<T, CqlIdentifier> name, String key, String prefix) {
    if (key == null || !key.startsWith(prefix) || key.lastIndexOf(':') <= prefix.length() - 1) {
      return -1;
    }
    String wanted = key.substring(prefix.length(), key.lastIndexOf(':'));
    for (int i = 0; i < rows.size(); i++) {
      if (name.apply(rows.get(i)).asInternal().equals(wanted)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * A new table form; leaving its comment commits it to the table the form shows at that moment.
   */
  private TableForm tableForm(TextField name) {
    TableForm form = new TableForm(name);
    TextArea comment = form.comment;
    comment
        .focusedProperty()
        .addListener(
            (o, was, is) -> {
              if (!is && !comment.getText().strip().equals(form.comment0)) {
                perform.accept(SchemaEdits.setComment(form.table, comment.getText()));
              }
            });
    form.moveUp.setOnAction(e -> moveColumnWithCursor(form, -1));
    form.moveDown.setOnAction(e -> moveColumnWithCursor(form, 1));
    Tips.set(form.moveUp, "Move the column with the cursor up (Alt+Up)");
    Tips.set(form.moveDown, "Move the column with the cursor down (Alt+Down)");
    form.columns.addEventFilter(
        javafx.scene.input.KeyEvent.KEY_PRESSED,
        e -> {
          if (e.isAltDown()
              && !e.isShortcutDown()
              && (e.getCode() == javafx.scene.input.KeyCode.UP
                  || e.getCode() == javafx.scene.input.KeyCode.DOWN)) {
            moveColumnWithCursor(form, e.getCode() == javafx.scene.input.KeyCode.UP ? -1 : 1);
            e.consume();
          }
        });
    // The buttons follow the cursor: on while it is in a column's row that can move that way.
    javafx.beans.value.ChangeListener<Node> follow = (o, was, now) -> updateMoveButtons(form);
    form.root
        .sceneProperty()
        .addListener(
            (o, was, now) -> {
              if (was != null) {
                was.focusOwnerProperty().removeListener(follow);
              }
              if (now != null) {
                now.focusOwnerProperty().addListener(follow);
                updateMoveButtons(form);
              }
            });
    return form;
  }

  /** The column whose row of the form holds the cursor, or null. */
  private CqlIdentifier columnWithCursor(TableForm form) {
    Node owner = form.root.getScene() == null ? null : form.root.getScene().getFocusOwner();
    String name = owner == null ? null : form.columnAt(owner);
    return name == null ? null : CqlIdentifier.of(name);
  }

  /** The edit that moves the column with the cursor, or null when it cannot move that way. */
  private Document.Edit moveWithCursor(TableForm form, int direction) {
    CqlIdentifier column = columnWithCursor(form);
    if (column == null || form.table == null || tableFormShown != form) {
      return null;
    }
    Document.Edit edit = SchemaEdits.moveColumn(form.table, column, direction);
    Project project = document.get().project();
    return edit.change().apply(project).equals(project) ? null : edit;
  }

  private void updateMoveButtons(TableForm form) {
    form.moveUp.setDisable(moveWithCursor(form, -1) == null);
    form.moveDown.setDisable(moveWithCursor(form, 1) == null);
  }

  /**
   * Moves the column whose row holds the cursor one place up or down (within the partition key, the
   * clustering columns or the other columns, as {@link SchemaEdits#moveColumn} does); the cursor
   * stays in the same field of the moved row. Nothing happens at the end of its group.
   */
  private void moveColumnWithCursor(TableForm form, int direction) {
    Document.Edit edit = moveWithCursor(form, direction);
    if (edit == null) {
      return;
    }
    if (form.root.getScene().getFocusOwner().getUserData() instanceof String key) {
      focusKey = key;
    }
    perform.accept(edit);
  }

  /**
   * The table's (or view's) partition size estimate in one line, its size warnings and their fixes.
   */
  private void partitionSize(ElementRef table, Project project) {
    var size = org.keyspacestudio.model.sizing.PartitionSizes.estimate(project, table).orElse(null);
    if (size == null) {
      return;
    }
    Label heading = bold("Partition size");
    heading.setStyle(heading.getStyle() + " -fx-padding: 8 0 0 0;");
    Label line =
        new Label(
            org.keyspacestudio.model.sizing.PartitionSizes.number(size.rowsPerPartition().value())
                + (size.rowsPerPartition().value() == 1 ? " row, " : " rows, ")
                + org.keyspacestudio.model.sizing.PartitionSizes.number(size.values())
                + (size.values() == 1 ? " value, " : " values, ")
                + org.keyspacestudio.model.sizing.PartitionSizes.bytes(size.bytes())
                + " per partition; "
                + org.keyspacestudio.model.sizing.PartitionSizes.bytes(size.totalBytes())
                + " on disk"
                + (size.rowsPerPartition().basis()
                        == org.keyspacestudio.model.sizing.Figure.Basis.ASSUMED
                    ? " (rows assumed)"
                    : "")
                + ". Details and figures: Model > Partition Sizes (Ctrl+Shift+P).");
    line.setWrapText(true);
    line.setId("inspector-partition-size");
    content.getChildren().addAll(heading, line);
    for (var p : org.keyspacestudio.model.sizing.SizeRules.validate(size)) {
      Label warning = new Label(p.rule().id() + ": " + p.message());
      warning.setWrapText(true);
      warning.setStyle("-fx-font-size: 11px; -fx-text-fill: -color-warning-fg;");
      content.getChildren().add(warning);
    }
    for (var fix : org.keyspacestudio.model.edit.SizingEdits.fixes(project, table)) {
      content.getChildren().add(fixButton(fix, perform));
    }
  }

  /**
   * The SELECT of every query the table (or view) answers, and whether Cassandra would prepare it,
   * with its fixes; then the script's SELECTs and writes of it.
   */
  private void selects(ElementRef table, Project project) {
    boolean first = true;
    for (var q : project.workflow().queriesInWorkflowOrder()) {
      if (!org.keyspacestudio.model.support.QuerySupport.tablesOf(project, q.id())
          .contains(table)) {
        continue;
      }
      var answer = org.keyspacestudio.model.support.QuerySupport.answer(project, q, table);
      if (answer.isEmpty()) {
        continue;
      }
      if (first) {
        Label heading = bold("The SELECT of each query it answers");
        heading.setStyle(heading.getStyle() + " -fx-padding: 8 0 0 0;");
        content.getChildren().add(heading);
        first = false;
      }
      var a = answer.get();
      Label label =
          new Label(
              q.id()
                  + (q.description().isBlank() ? "" : ": " + q.description())
                  + (a.supported() ? "  ✓" : "  ✗ not supported"));
      label.setWrapText(true);
      label.setStyle(
          a.supported() ? "-fx-text-fill: -color-success-fg;" : "-fx-text-fill: -color-danger-fg;");
      content.getChildren().addAll(label, QueryFirstPanes.selectText(a.select()));
      if (!a.missing().isEmpty()) {
        Label missing =
            new Label(
                "No column holds "
                    + String.join(
                        ", ",
                        a.missing().stream()
                            .map(org.keyspacestudio.model.conceptual.AttributeRef::toString)
                            .toList())
                    + ". Add the columns, or map again (Model > Map Again, Ctrl+Shift+R).");
        missing.setWrapText(true);
        missing.setStyle("-fx-font-size: 11px; -fx-text-fill: -color-danger-fg;");
        content.getChildren().add(missing);
        if (table.kind() == ElementRef.Kind.TABLE) {
          // A view's columns are its base table's: nothing is added to a view alone.
          Button add = new Button("Fix: add the columns " + q.id() + " needs");
          add.setMnemonicParsing(false);
          add.setId("add-missing-" + q.id());
          add.setOnAction(
              e ->
                  perform.accept(
                      org.keyspacestudio.model.edit.MappingEdits.addMissingColumns(
                          table, q.id(), a.missing())));
          content.getChildren().add(add);
        }
      }
      for (var f : a.findings()) {
        Label finding = new Label(f.rule().id() + ": " + f.message());
        finding.setWrapText(true);
        finding.setStyle("-fx-font-size: 11px; -fx-text-fill: -color-fg-muted;");
        content.getChildren().add(finding);
      }
      // The table keyed again for the query, or the query on another table.
      for (var fix : org.keyspacestudio.model.edit.SupportEdits.fixes(project, q, table)) {
        content.getChildren().add(fixButton(fix, perform));
      }
    }
    scriptSelects(table, project);
    scriptWrites(table, project);
  }

  /**
   * The INSERT, UPDATE, DELETE and BATCH statements of the script that write the table (a batch
   * under the first table it has a problem with, else its first), each with whether Cassandra takes
   * it and what it refuses, editable as the SELECTs are.
   */
  private void scriptWrites(ElementRef table, Project project) {
    boolean first = true;
    for (var c : org.keyspacestudio.model.dml.ScriptWrites.check(project.schema())) {
      if (!table.equals(c.target())) {
        continue;
      }
      if (first) {
        scriptHeading("The script's writes to it");
        first = false;
      }
      boolean taken = !c.refused();
      ElementRef statementRef = ElementRef.statement(c.number());
      // The write checks' warnings on it (WRITE-SCRIPT-COPIES), as the editor last found them.
      List<Problem> warnings = new java.util.ArrayList<>();
      for (Problem p : problemsOnBox.apply(table)) {
        if (statementRef.equals(p.element())
            && !(p.rule() instanceof org.keyspacestudio.model.dml.DmlRule)) {
          warnings.add(p);
        }
      }
      Label label =
          new Label(
              "Statement "
                  + c.number()
                  + (!taken
                      ? "  ✗ refused"
                      : warnings.isEmpty() && c.findings().isEmpty()
                          ? "  ✓"
                          : "  ✓ runs, with warnings"));
      label.setStyle(
          taken ? "-fx-text-fill: -color-success-fg;" : "-fx-text-fill: -color-danger-fg;");
      scriptStatement("script-write-", c.number(), label, project, true);
      List<Problem> listed = new java.util.ArrayList<>();
      for (var f : c.findings()) {
        listed.add(new Problem(f.rule(), f.message(), statementRef, null));
      }
      listed.addAll(warnings);
      for (Problem p : listed) {
        finding(p.rule().id() + ": " + p.message());
        for (var fix : org.keyspacestudio.model.edit.QuickFixes.of(project, p)) {
          content.getChildren().add(fixButton(fix, perform));
        }
      }
    }
  }

  /**
   * The SELECTs of the script that read the table or view (an application's queries imported with
   * the schema), each with Cassandra's verdict, what stops or weakens it, and its fixes.
   */
  private void scriptSelects(ElementRef table, Project project) {
    boolean first = true;
    for (var c : org.keyspacestudio.model.support.ScriptSelects.check(project.schema())) {
      if (!table.equals(c.target())) {
        continue;
      }
      if (first) {
        scriptHeading("The script's SELECTs that read it");
        first = false;
      }
      Label label = verdict("Statement " + c.number(), c.findings());
      scriptStatement("script-select-", c.number(), label, project, false);
      findings(c.findings());
      for (var fix : org.keyspacestudio.model.edit.SelectFixes.forStatement(project, c.number())) {
        content.getChildren().add(fixButton(fix, perform));
      }
      // On a table the mapping made, the SELECT can join the workflow as a query.
      org.keyspacestudio.model.edit.SelectQueries.addToWorkflow(project, c)
          .ifPresent(
              add -> {
                Button b = new Button(add.label());
                b.setId("script-select-to-workflow-" + c.number());
                b.setMnemonicParsing(false);
                b.setWrapText(true);
                b.setOnAction(e -> perform.accept(add.edit()));
                content.getChildren().add(b);
              });
    }
  }

  /**
   * Under an index's form: what it serves, which indexes it answers a query with, and the script's
   * SELECTs and workflow queries that go through it, each with Cassandra's verdict.
   */
  private void indexUse(
      org.keyspacestudio.model.schema.Keyspace ks,
      org.keyspacestudio.model.schema.SecondaryIndex index,
      Project project) {
    Label serves =
        new Label("Serves " + org.keyspacestudio.model.support.IndexUse.serves(ks, index));
    serves.setId("index-serves");
    serves.setWrapText(true);
    Label group = new Label(org.keyspacestudio.model.support.IndexUse.answersWith(ks, index));
    group.setId("index-group");
    group.setWrapText(true);
    group.setStyle("-fx-font-size: 11px; -fx-text-fill: -color-fg-muted;");
    content.getChildren().addAll(serves, group);
    var uses = org.keyspacestudio.model.support.IndexUse.uses(project, ks, index);
    Label heading =
        bold(
            uses.isEmpty()
                ? "No query of the script or the workflow goes through it"
                : "Queries through it");
    heading.setStyle(heading.getStyle() + " -fx-padding: 8 0 0 0;");
    heading.setId("index-uses");
    content.getChildren().add(heading);
    int n = 0;
    for (var use : uses) {
      Label line = verdict(use.label(), use.findings());
      line.setText(line.getText() + "   " + use.select());
      line.setId("index-use-" + ++n);
      line.setWrapText(true);
      content.getChildren().add(line);
      findings(use.findings());
    }
  }

  /**
   * A SELECT's verdict: {@code "Statement 3 ✓"}, {@code " ✓ runs, with warnings"} or {@code " ✗
   * refused"}, green or red.
   */
  private static Label verdict(
      String what, List<org.keyspacestudio.model.support.SupportCheck.Finding> findings) {
    boolean supported = org.keyspacestudio.model.support.SupportCheck.supported(findings);
    Label label =
        new Label(
            what
                + (supported
                    ? (findings.isEmpty() ? "  ✓" : "  ✓ runs, with warnings")
                    : "  ✗ refused"));
    label.setStyle(
        supported ? "-fx-text-fill: -color-success-fg;" : "-fx-text-fill: -color-danger-fg;");
    return label;
  }

  /** Each finding under a SELECT's verdict, small and muted. */
  private void findings(List<org.keyspacestudio.model.support.SupportCheck.Finding> findings) {
    for (var f : findings) {
      finding(f.rule().id() + ": " + f.message());
    }
  }

  /** One finding under a statement's verdict, small and muted. */
  private void finding(String text) {
    Label finding = new Label(text);
    finding.setWrapText(true);
    finding.setStyle("-fx-font-size: 11px; -fx-text-fill: -color-fg-muted;");
    content.getChildren().add(finding);
  }

  /** The heading over the script's statements listed on a table. */
  private void scriptHeading(String text) {
    Label heading = bold(text);
    heading.setStyle(heading.getStyle() + " -fx-padding: 8 0 0 0;");
    content.getChildren().add(heading);
  }

  /**
   * One of the script's statements listed on a table: its verdict ({@code label}, given the id
   * {@code idPrefix + number}), a button removing it from the script, and its text, editable.
   */
  private void scriptStatement(
      String idPrefix, int number, Label label, Project project, boolean write) {
    label.setId(idPrefix + number);
    var statement = project.schema().otherStatements().get(number - 1);
    Button remove =
        removeButton(
            "statement",
            write ? "Remove this statement from the script" : "Remove this SELECT from the script",
            () -> perform.accept(SchemaEdits.removeStatement(number, statement)));
    remove.setId(idPrefix + "remove-" + number);
    javafx.scene.layout.HBox line = new javafx.scene.layout.HBox(6, label, remove);
    line.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
    content.getChildren().addAll(line, statementEditor(number, statement, write));
  }

  /**
   * A script's SELECT or write, editable: leaving it, or Ctrl+Enter, commits the text (one undo
   * step) and the checks judge it again; text that is not a statement of the same sort (a SELECT;
   * an INSERT, UPDATE, DELETE or batch) is refused, in red, and not kept.
   */
  private TextArea statementEditor(
      int number, org.keyspacestudio.model.schema.OtherStatement s, boolean write) {
    TextArea area = QueryFirstPanes.selectText(s.text());
    area.setEditable(true);
    area.setId((write ? "script-write-text-" : "script-select-text-") + number);
    area.setUserData("statement:" + number);
    Tips.set(
        area,
        "Edit the "
            + (write ? "statement" : "SELECT")
            + "; Ctrl+Enter or leaving it checks it again");
    Runnable commit =
        () -> {
          String text = area.getText().strip();
          while (text.endsWith(";")) {
            text = text.substring(0, text.length() - 1).strip();
          }
          if (text.equals(s.text())) {
            return;
          }
          String first = text.split("\\s+", 2)[0].toUpperCase(java.util.Locale.ROOT);
          boolean same;
          if (write) {
            same = first.equals(s.kind());
          } else {
            var read = org.keyspacestudio.model.parse.SelectReader.read(text);
            same = read.select() != null || !read.notChecked().equals("not a SELECT");
          }
          if (!same) {
            area.setStyle(area.getStyle() + " " + INVALID);
            Tips.set(
                area,
                write
                    ? "Not kept: a " + s.kind() + " statement is expected here"
                    : "Not kept: a SELECT statement is expected here");
            return;
          }
          perform.accept(SchemaEdits.setStatementText(number, s, text));
        };
    area.focusedProperty()
        .addListener(
            (o, was, is) -> {
              if (!is) {
                commit.run();
              }
            });
    area.addEventFilter(
        javafx.scene.input.KeyEvent.KEY_PRESSED,
        e -> {
          if (e.getCode() == javafx.scene.input.KeyCode.ENTER && e.isShortcutDown()) {
            commit.run();
            e.consume();
          }
        });
    return area;
  }

  /** Measures text for {@link #fitNameAndTypeColumns} (one node, reused on the JavaFX thread). */
  private final javafx.scene.text.Text measure = new javafx.scene.text.Text();

  /** The grid's property holding what its name and type columns need, in pixels. */
  private static final String NEEDS = "kstudio.nameAndTypeNeeds";

  /** A text field's padding and border left and right under Primer before it is styled, pixels. */
  private static final double FIELD_PADDING = 26;

  /**
   * Shares the column grid's room between its name and type columns by what their longest texts
   * need (text width plus the field's padding, in pixels), now and whenever the grid's width
   * changes. Names up to 22 letters beside a {@code timestamp}, or 18 beside {@code map<int,
   * blob>}, show whole in a 1280-pixel window (the row's move buttons went under the grid for it,
   * and the role and IDX columns are as wide as what they hold); see {@link #shareNameAndType}. The
   * fields' tips hold the whole name and type.
   */
  private void fitNameAndTypeColumns(GridPane grid, TextField like, Table table) {
    measure.setFont(like.getFont());
    // The field's padding and border once styled, and room for the caret.
    double padding =
        like.getInsets().getLeft() > 0
            ? like.getInsets().getLeft() + like.getInsets().getRight() + 4
            : FIELD_PADDING;
    double names = 0;
    double types = 0;
    for (Column column : table.columns()) {
      measure.setText(column.name().asCql());
      names = Math.max(names, measure.getLayoutBounds().getWidth());
      measure.setText(column.type().asCql());
      types = Math.max(types, measure.getLayoutBounds().getWidth());
    }
    grid.getProperties()
        .put(NEEDS, new double[] {Math.ceil(names) + padding, Math.ceil(types) + padding});
    if (grid.getProperties().putIfAbsent(NEEDS + ".listening", Boolean.TRUE) == null) {
      grid.widthProperty().addListener((o, was, now) -> shareNameAndType(grid));
    }
    shareNameAndType(grid);
  }

  /**
   * Sets the name and type columns' widths from what they need and the grid's width less its fixed
   * columns (role, IDX, the row's buttons) and gaps. When both fit, each gets what it needs and
   * they share the rest evenly; otherwise the one needing less than half gets what it needs and the
   * other the rest, or each gets half. Each is at least 72 pixels wide (120 and 88 when the grid
   * has not been laid out yet).
   */
  private static void shareNameAndType(GridPane grid) {
    double[] need = (double[]) grid.getProperties().get(NEEDS);
    var name = grid.getColumnConstraints().get(0);
    var type = grid.getColumnConstraints().get(1);
    double nameWidth = Math.max(120, need[0]);
    double typeWidth = Math.max(88, need[1]);
    if (grid.getWidth() > 0) {
      double fixed = grid.getHgap() * 4 + grid.getInsets().getLeft() + grid.getInsets().getRight();
      for (int column = 2; column < grid.getColumnConstraints().size(); column++) {
        fixed += fixedWidth(grid, column);
      }
      double room = grid.getWidth() - fixed;
      if (need[0] + need[1] <= room) {
        nameWidth = need[0] + (room - need[0] - need[1]) / 2;
        typeWidth = room - nameWidth;
      } else if (need[1] <= room / 2) {
        typeWidth = need[1];
        nameWidth = room - typeWidth;
      } else if (need[0] <= room / 2) {
        nameWidth = need[0];
        typeWidth = room - nameWidth;
      } else {
        nameWidth = room / 2;
        typeWidth = room / 2;
      }
      nameWidth = Math.max(72, Math.floor(nameWidth));
      typeWidth = Math.max(72, Math.floor(typeWidth));
    }
    name.setMinWidth(72);
    type.setMinWidth(72);
    name.setPrefWidth(nameWidth);
    type.setPrefWidth(typeWidth);
    name.setHgrow(Priority.NEVER);
    type.setHgrow(Priority.NEVER);
  }

  /** The width of a fixed column of the grid: its constraint's, else its widest node's. */
  private static double fixedWidth(GridPane grid, int column) {
    double set = grid.getColumnConstraints().get(column).getPrefWidth();
    if (set >= 0) {
      return set;
    }
    double widest = 0;
    for (javafx.scene.Node node : grid.getChildren()) {
      Integer at = GridPane.getColumnIndex(node);
      if (at != null && at == column && node.isManaged()) {
        widest = Math.max(widest, node.prefWidth(-1));
      }
    }
    return widest;
  }

  private void addColumnRow(
      GridPane grid, int row, ElementRef table, Table model, Column column, boolean indexed) {
    String key = "col:" + column.name().asInternal();
    TextField name = spare("name", column.name().asCql());
    name.setPrefColumnCount(8);
    name.setUserData(key + ":name");
    name.setId("column-name-" + column.name().asInternal());
    // The field is narrow in a narrow inspector: the tip names the column whole.
    Tips.set(name, column.name().asCql() + " " + column.type().asCql());
    commitOn(
        name,
        text -> {
          CqlIdentifier newName = identifier(text);
          if (newName == null) {
            return refuse(notAName(text));
          }
          if (!newName.equals(column.name()) && model.column(newName).isPresent()) {
            return refuse(
                model.name().asCql() + " has a column named " + newName.asCql() + " already");
          }
          followRename("col:", column.name(), newName);
          perform.accept(SchemaEdits.renameColumn(table, column.name(), newName));
          return true;
        });
    TextField type = typeField(spare("type", column.type().asCql()), column.type(), key + ":type");
    type.setId("column-type-" + column.name().asInternal());
    completeTypes(type, table.keyspace());
    commitOn(
        type,
        text -> {
          String problem = typeProblem(text);
          if (problem != null) {
            return refuse(problem);
          }
          CqlType parsed = CqlTypeParser.parse(text);
          if (!parsed.equals(column.type())) {
            perform.accept(SchemaEdits.setColumnType(table, column.name(), parsed));
          }
          return true;
        });
    ChoiceButton<Role> role =
        spareNode(
            "role",
            () -> {
              ChoiceButton<Role> made =
                  new ChoiceButton<>(
                      r -> r == null ? "" : r.marker(),
                      r ->
                          switch (r) {
                            case PARTITION_KEY -> "K  partition key";
                            case CLUSTERING_ASC -> "C↑ clustering, ascending";
                            case CLUSTERING_DESC -> "C↓ clustering, descending";
                            case STATIC -> "S  static";
                            case REGULAR -> "—  regular";
                          });
              made.setItems(List.of(Role.values()));
              made.setMaxWidth(Double.MAX_VALUE);
              Tips.set(made, "K partition key, C↑/C↓ clustering, S static, — regular");
              return made;
            });
    role.setValue(Role.of(model, column));
    role.setOnChosen(
        chosen -> {
          focusKey = key + ":role";
          perform.accept(SchemaEdits.setRole(table, column.name(), chosen));
        });
    role.setId("column-role-" + column.name().asInternal());
    role.setUserData(key + ":role");
    CheckBox idx =
        spareNode(
            "idx",
            () -> {
              CheckBox made = new CheckBox();
              Tips.set(made, "Secondary index on this column");
              return made;
            });
    idx.setSelected(indexed);
    idx.setId("column-indexed-" + column.name().asInternal());
    idx.setUserData(key + ":idx");
    idx.setOnAction(
        e -> perform.accept(SchemaEdits.setIndexed(table, column.name(), idx.isSelected())));
    Button delete =
        spareNode("column-delete", () -> removeButton("column", "Delete column", () -> {}));
    delete.setOnAction(e -> perform.accept(SchemaEdits.deleteColumn(table, column.name())));
    delete.setId("column-delete-" + column.name().asInternal());
    delete.setUserData(key + ":delete");
    VBox.setVgrow(grid, Priority.NEVER);
    grid.add(name, 0, row);
    grid.add(type, 1, row);
    grid.add(role, 2, row);
    grid.add(idx, 3, row);
    grid.add(delete, 4, row);
  }

  /** The query arrows into a table: their labels, editable, and where they come from. */
  private void queries(ElementRef table, Project project) {
    var arrows = project.diagram().arrows();
    Label heading =
        new Label(
            "Queries answered (drag a table's round handle onto this one,"
                + " or Insert > Query Arrow…, Ctrl+Shift+Q)");
    heading.setWrapText(true);
    heading.setStyle(
        "-fx-font-weight: bold; -fx-text-fill: -color-fg-muted; -fx-padding: 8 0 0 0;");
    content.getChildren().add(heading);
    for (int i = 0; i < arrows.size(); i++) {
      var arrow = arrows.get(i);
      if (!arrow.to().equals(table)) {
        continue;
      }
      int index = i;
      TextField label = new TextField(arrow.label());
      label.setUserData("arrow:" + i);
      label.setPrefColumnCount(10);
      Completion.attachQueries(label, () -> document.get().project().workflow().queries());
      commitOn(
          label,
          text -> {
            if (text.isEmpty()) {
              return refuse("A query arrow is labelled by its query (Q1, Q2...)");
            }
            perform.accept(org.keyspacestudio.model.edit.Edits.relabelArrow(index, text));
            return true;
          });
      Label source = new Label(arrow.from() == null ? "entry point" : "from " + arrow.from());
      Button delete =
          removeButton(
              "arrow",
              "Delete this query arrow",
              () -> perform.accept(org.keyspacestudio.model.edit.Edits.deleteArrow(index)));
      content.getChildren().add(new javafx.scene.layout.HBox(6, label, source, delete));
    }
  }

  /**
   * @param refocus the key of the control the focus comes back to, or null: a field row past those
   *     listed (one just added to a long type) is listed too
   */
  private void typePane(CqlIdentifier keyspace, UserType type, String refocus) {
    ElementRef ref = ElementRef.type(keyspace, type.name());
    TextField name =
        nameField(
            type.name(),
            "type-name",
            n -> SchemaEdits.renameType(ref, n),
            n -> ElementRef.type(keyspace, n));
    TypeForm form = new TypeForm(name);
    GridPane grid = form.fields;
    int row = 1;
    int listed =
        listedFields.count(
            ref,
            type.fields().size(),
            rowIndex(type.fields(), UserType.Field::name, refocus, "field:"));
    for (UserType.Field field : type.fields().subList(0, listed)) {
      String key = "field:" + field.name().asInternal();
      TextField fieldName = new TextField(field.name().asCql());
      fieldName.setUserData(key + ":name");
      commitOn(
          fieldName,
          text -> {
            CqlIdentifier newName = identifier(text);
            if (newName == null) {
              return refuse(notAName(text));
            }
            if (!newName.equals(field.name()) && type.field(newName).isPresent()) {
              return refuse(
                  type.name().asCql() + " has a field named " + newName.asCql() + " already");
            }
            followRename("field:", field.name(), newName);
            perform.accept(SchemaEdits.renameField(ref, field.name(), newName));
            return true;
          });
      TextField fieldType = typeField(field.type(), key + ":type");
      completeTypes(fieldType, keyspace);
      commitOn(
          fieldType,
          text -> {
            String problem = typeProblem(text);
            if (problem != null) {
              return refuse(problem);
            }
            CqlType parsed = CqlTypeParser.parse(text);
            if (!parsed.equals(field.type())) {
              perform.accept(SchemaEdits.setFieldType(ref, field.name(), parsed));
            }
            return true;
          });
      Button delete =
          removeButton(
              "field",
              "Delete field",
              () -> perform.accept(SchemaEdits.deleteField(ref, field.name())));
      grid.addRow(row++, fieldName, fieldType, delete);
    }
    if (listed < type.fields().size()) {
      String next = "field:" + type.fields().get(listed).name().asInternal() + ":name";
      moreRows(grid, row, listedFields, "Fields", listed, type.fields().size(), ref, next);
    }
    Button add = form.addField;
    add.setOnAction(
        e -> {
          int n = type.fields().size() + 1;
          CqlIdentifier fieldName = CqlIdentifier.of("field_" + n);
          while (type.field(fieldName).isPresent()) {
            fieldName = CqlIdentifier.of("field_" + ++n);
          }
          focusKey = "field:" + fieldName.asInternal() + ":name";
          perform.accept(
              SchemaEdits.addField(ref, fieldName, org.keyspacestudio.model.type.NativeType.TEXT));
          // Listed and in view however long the type is, as a new column is.
          focus("field:" + fieldName.asInternal() + ":name");
        });
    content.getChildren().add(form.root);
  }

  /** One editor per keyspace: replication strategy, its options, durable writes. */
  private void keyspacesPane(Project project) {
    for (Keyspace ks : project.schema().keyspaces()) {
      if (ks.name() == null) {
        continue;
      }
      // An undefined keyspace shows what its fix defines: the preference for new keyspaces.
      var definition =
          ks.definition() != null
              ? ks.definition()
              : document.get().newKeyspaces() != null
                  ? document.get().newKeyspaces()
                  : ReplicationText.fallback();
      KeyspaceForm form = new KeyspaceForm();
      form.title.setText("Keyspace " + ks.name().asCql());
      ComboBox<String> strategy = form.strategy;
      strategy.setValue(definition.replication().strategy());
      TextField options = form.options;
      options.setText(ReplicationText.format(definition.replication().options()));
      options.setUserData("keyspace:" + ks.name().asInternal() + ":options");
      options.setId("keyspace-options-" + ks.name().asInternal());
      form.problem.setId("keyspace-problem-" + ks.name().asInternal());
      CheckBox durable = form.durable;
      durable.setSelected(definition.durableWrites());
      // Named for the focus to come back to after the edit each makes (Tab, then Space).
      strategy.setUserData("keyspace:" + ks.name().asInternal() + ":strategy");
      durable.setUserData("keyspace:" + ks.name().asInternal() + ":durable");
      // What the node would refuse of the keyspace as it is (the model keeps it; Problems says so).
      form.refuse(ks.definition() == null ? null : ReplicationText.refusal(ks.definition()));
      Runnable commit =
          () -> {
            var parsed = ReplicationText.parse(options.getText());
            if (parsed == null || strategy.getValue() == null || strategy.getValue().isBlank()) {
              options.setStyle(INVALID);
              form.refuse("Write the options as name=value, separated by commas");
              return;
            }
            var changed =
                new org.keyspacestudio.model.schema.KeyspaceDefinition(
                    new org.keyspacestudio.model.schema.Replication(
                        strategy.getValue().strip(), parsed),
                    durable.isSelected());
            if (!changed.equals(ks.definition())) {
              perform.accept(SchemaEdits.defineKeyspace(ks.name(), changed));
            }
          };
      if (replicationRows(form, ks, definition)) {
        // The strategy chosen converts the factors: SimpleStrategy's one becomes a data
        // center's, the largest data center's becomes SimpleStrategy's.
        strategy.setOnAction(
            e -> {
              String to = strategy.getValue() == null ? "" : strategy.getValue().strip();
              if (!to.equals(definition.replication().strategy())) {
                options.setText(
                    ReplicationText.format(
                        ReplicationText.convert(definition.replication().options(), to)));
                commit.run();
              }
            });
      } else {
        strategy.setOnAction(e -> commit.run());
      }
      durable.setOnAction(e -> commit.run());
      options.setOnAction(e -> commit.run());
      options
          .focusedProperty()
          .addListener(
              (o, was, is) -> {
                if (!is) {
                  commit.run();
                }
              });
      content.getChildren().add(form.root);
      if (ks.definition() == null) {
        // The form shows what a definition starts from; that there is none, and its fix, follow.
        VBox undefined = new VBox(4);
        undefined.getStyleClass().add("inspector-problems");
        listProblems(
            undefined,
            problemsOnBox.apply(ElementRef.keyspace(ks.name())).stream()
                .filter(p -> p.rule() == org.keyspacestudio.model.validate.Rule.KEYSPACE_UNDEFINED)
                .toList(),
            project);
        content.getChildren().add(undefined);
      }
    }
  }

  /**
   * Fills the keyspace form's rows for SimpleStrategy (its replication factor) or
   * NetworkTopologyStrategy (a name and a replica count per data center, removable, and "+ Data
   * center"), each change one edit; false for another strategy, whose options stay CQL text.
   */
  private boolean replicationRows(
      KeyspaceForm form, Keyspace ks, org.keyspacestudio.model.schema.KeyspaceDefinition def) {
    String strategy = def.replication().strategy();
    boolean simple = strategy.equals("SimpleStrategy");
    boolean topology = strategy.equals("NetworkTopologyStrategy");
    if (!simple && !topology) {
      return false;
    }
    form.options.setVisible(false);
    form.options.setManaged(false);
    form.centers.setVisible(true);
    form.centers.setManaged(true);
    form.optionsLabel.setText(simple ? "Replicas" : "Data centers");
    String key = "keyspace:" + ks.name().asInternal();
    java.util.SortedMap<String, String> current = def.replication().options();
    java.util.function.Consumer<java.util.SortedMap<String, String>> apply =
        options ->
            perform.accept(
                SchemaEdits.defineKeyspace(
                    ks.name(),
                    new org.keyspacestudio.model.schema.KeyspaceDefinition(
                        new org.keyspacestudio.model.schema.Replication(strategy, options),
                        def.durableWrites())));
    int row = 0;
    if (simple) {
      TextField factor = new TextField(current.getOrDefault("replication_factor", ""));
      factor.setId("keyspace-rf-" + ks.name().asInternal());
      factor.setUserData(key + ":rf");
      factor.setPrefColumnCount(4);
      Tips.set(factor, "replication_factor: how many nodes hold each row");
      commitOn(
          factor,
          text -> {
            // Kept even when the node would refuse it: the form says why (decision 0002).
            if (text.isEmpty()) {
              return refuse("The replication factor is a number of replicas (3, for example)");
            }
            java.util.TreeMap<String, String> changed = new java.util.TreeMap<>(current);
            changed.put("replication_factor", text);
            apply.accept(changed);
            return true;
          });
      form.centers.addRow(row, factor);
      return true;
    }
    for (var dc : current.entrySet()) {
      String name = dc.getKey();
      // NetworkTopologyStrategy's replication_factor (Cassandra 4.0 and later) is no data center:
      // it gives the replicas of every data center the keyspace does not name (it read as a data
      // center called replication_factor, the KillrVideo-data v4 corpus schema's).
      boolean every = name.equals("replication_factor");
      javafx.scene.control.Control nameField;
      if (every) {
        Label all = new Label("Every data center");
        all.setId("keyspace-dc-every-" + ks.name().asInternal());
        Tips.set(
            all,
            "replication_factor: the replicas in each data center not named here (Cassandra 4.0"
                + " and later)");
        nameField = all;
      } else {
        TextField field = new TextField(name);
        // A data center's row is named by its name: a rename moves the focus on to the renamed
        // row (Tab from the name to its replicas; the rows are sorted by name).
        field.setUserData(key + ":dc:" + name + ":name");
        Tips.set(field, "The data center's name, as the nodes' snitch reports it");
        commitOn(
            field,
            text -> {
              if (text.isEmpty()) {
                return refuse("A data center needs its name, as the nodes' snitch reports it");
              }
              if (current.containsKey(text) && !text.equals(name)) {
                return refuse("The keyspace names the data center " + text + " already");
              }
              java.util.TreeMap<String, String> changed = new java.util.TreeMap<>(current);
              changed.put(text, changed.remove(name));
              followRename(key + ":dc:" + name + ":", key + ":dc:" + text + ":");
              apply.accept(changed);
              return true;
            });
        nameField = field;
        nameField.setId("keyspace-dc-" + ks.name().asInternal() + "-" + name);
      }
      TextField replicas = new TextField(dc.getValue());
      replicas.setId("keyspace-dc-rf-" + ks.name().asInternal() + "-" + name);
      replicas.setUserData(key + ":dc:" + name + ":replicas");
      replicas.setPrefColumnCount(3);
      Tips.set(
          replicas, every ? "Replicas in each data center not named here" : "Replicas in " + name);
      commitOn(
          replicas,
          text -> {
            if (text.isEmpty()) {
              return refuse("The replicas are a number (3, for example)");
            }
            java.util.TreeMap<String, String> changed = new java.util.TreeMap<>(current);
            changed.put(name, text);
            apply.accept(changed);
            return true;
          });
      Button remove =
          removeButton(
              "data center",
              every
                  ? "Remove the replication factor of every data center"
                  : "Remove data center " + name,
              () -> {
                java.util.TreeMap<String, String> changed = new java.util.TreeMap<>(current);
                changed.remove(name);
                apply.accept(changed);
              });
      remove.setId("keyspace-dc-remove-" + ks.name().asInternal() + "-" + name);
      remove.setUserData(key + ":dc:" + name + ":remove");
      GridPane.setHgrow(nameField, Priority.ALWAYS);
      form.centers.addRow(row++, nameField, replicas, remove);
    }
    Button add = new Button("+ Data center");
    add.setId("keyspace-dc-add-" + ks.name().asInternal());
    add.setUserData(key + ":add-dc");
    add.setOnAction(
        e -> {
          java.util.TreeMap<String, String> changed = new java.util.TreeMap<>(current);
          String name = current.isEmpty() ? "datacenter1" : "dc" + (current.size() + 1);
          for (int n = current.size() + 2; changed.containsKey(name); n++) {
            name = "dc" + n;
          }
          changed.put(name, "3");
          // The new data center's name, selected, to be typed over.
          focusKey = key + ":dc:" + name + ":name";
          apply.accept(changed);
        });
    form.centers.add(add, 0, row);
    return true;
  }

  /** A heading inside an inspector form ({@code .inspector-heading} in {@code editor.css}). */
  static Label bold(String text) {
    Label label = new Label(text);
    label.getStyleClass().add("inspector-heading");
    return label;
  }

  private static final String TYPES_OF = "kstudio.typesOf";

  /**
   * Completes CQL types in a type field, with the user-defined types of {@code keyspace} (a spare
   * field takes the keyspace of each form it is filled for).
   */
  private void completeTypes(TextField field, CqlIdentifier keyspace) {
    field.getProperties().put(TYPES_OF, keyspace);
    Completion.attachTypes(
        field,
        () -> {
          Object ks = field.getProperties().get(TYPES_OF);
          return ks == null
              ? List.of()
              : document
                  .get()
                  .project()
                  .schema()
                  .keyspace((CqlIdentifier) ks)
                  .map(k -> k.types().stream().map(t -> t.name().asCql()).toList())
                  .orElse(List.of());
        });
  }

  /** A type field, checked as it is typed. */
  private static TextField typeField(CqlType type, String key) {
    return typeField(new TextField(type.asCql()), type, key);
  }

  /** {@link #typeField(CqlType, String)} in a given field (a spare one keeps its check). */
  private static TextField typeField(TextField field, CqlType type, String key) {
    field.setPrefColumnCount(10);
    field.setUserData(key);
    if (field.getProperties().putIfAbsent(TYPE_CHECK, Boolean.TRUE) == null) {
      field
          .textProperty()
          .addListener(
              (o, a, text) -> {
                String problem = typeProblem(text);
                field.setStyle(problem == null ? "" : INVALID);
                Tips.set(field, problem == null ? text : problem);
              });
    }
    // The whole type, which a narrow field cuts (frozen<map<text, frozen<list<int>>>>).
    Tips.set(field, type.asCql());
    return field;
  }

  /** An inspector form's title ({@code .inspector-title} in {@code editor.css}). */
  static Label title(String text) {
    Label title = new Label(text);
    title.getStyleClass().add("inspector-title");
    return title;
  }

  /**
   * The name field of the box shown (F2 focuses it); a valid new name commits {@code rename} and
   * selects {@code renamed} of it.
   */
  private TextField nameField(
      CqlIdentifier current,
      String id,
      java.util.function.Function<CqlIdentifier, Document.Edit> rename,
      java.util.function.Function<CqlIdentifier, ElementRef> renamed) {
    return nameField(new TextField(), current, id, rename, renamed);
  }

  /**
   * A name field in a given field (a kept table form's) that renames the element on Enter or when
   * it loses the focus, and selects the element under its new name: the selection held the old
   * name, which no longer exists, and the inspector went blank after the rename.
   */
  private TextField nameField(
      TextField name,
      CqlIdentifier current,
      String id,
      java.util.function.Function<CqlIdentifier, Document.Edit> rename,
      java.util.function.Function<CqlIdentifier, ElementRef> renamed) {
    name.setText(current.asCql());
    name.setId(id);
    name.setUserData("table:name");
    commitOn(
        name,
        text -> {
          CqlIdentifier newName = identifier(text);
          if (newName == null) {
            return refuse(notAName(text));
          }
          ElementRef now = newName.equals(current) ? null : renamed.apply(newName);
          if (now != null) {
            renamed(now);
          }
          perform.accept(rename.apply(newName));
          if (now != null) {
            select.accept(now);
          }
          return true;
        });
    return name;
  }

  /**
   * A button that applies a quick fix, one undoable edit: "Fix: " and the fix's label, wrapped,
   * with no mnemonic (labels hold underscores, as column names do).
   */
  static Button fixButton(org.keyspacestudio.model.edit.Fix fix, Consumer<Document.Edit> perform) {
    Button b = new Button("Fix: " + fix.label());
    // Its focus key: a fix pressed from the keyboard is gone with its problem (see restoreFocus).
    b.setUserData(FIX + fix.label());
    b.setMnemonicParsing(false);
    b.setWrapText(true);
    b.setOnAction(e -> perform.accept(fix.edit()));
    return b;
  }

  /**
   * A row's remove button ({@value #REMOVE}), a {@link #small} one.
   *
   * @param rows what its rows are ({@code column}, {@code option}): a row removed from the keyboard
   *     gives the focus to the remove button of the row of that kind that takes its place
   */
  static Button removeButton(String rows, String tip, Runnable action) {
    Button b = small(REMOVE, tip, action);
    b.getProperties().put(ROWS, rows);
    return b;
  }

  private static final String ROWS = "kstudio.rows";

  static Button small(String text, String tip, Runnable action) {
    Button b = new Button(text);
    Tips.set(b, tip);
    b.setOnAction(e -> action.run());
    // Flat, as row actions in a dense form are: the glyph, and a frame only under the pointer or
    // with the focus (editor.css).
    b.getStyleClass().addAll(atlantafx.base.theme.Styles.FLAT, "row-action");
    b.setStyle("-fx-padding: 2 5 2 5;");
    return b;
  }

  /**
   * Keeps the focus where it is going across the rebuild a rename of a column or field causes: a
   * focus key of the renamed row ({@code col:old:type} after Tab from its name, {@code
   * col:old:name} after Enter) becomes the new name's; any other is left alone. The rename set the
   * focus back to the name, so Tab from a new column's name never reached its type.
   */
  private void followRename(String prefix, CqlIdentifier old, CqlIdentifier renamed) {
    followRename(prefix + old.asInternal() + ":", prefix + renamed.asInternal() + ":");
  }

  /**
   * {@link #followRename(String, CqlIdentifier, CqlIdentifier)} for any form: a focus key starting
   * {@code was} (a row's keys, {@code attr:User.email:} say) starts {@code now} instead.
   */
  void followRename(String was, String now) {
    renaming = new String[] {was, now};
    focusKey = afterRename(focusKey);
  }

  /**
   * The keys a rename rewrites ({@code was}, {@code now}) until the form is built again: the form
   * still shown names its rows by the old name, and a key typed quickly after the one that
   * committed the rename (Tab, Tab, then the type) moves the focus there before the rebuild. Its
   * key, taken as it was, named nothing in the new form: the focus went nowhere and the type typed
   * was lost.
   */
  private String[] renaming;

  /** A focus key as the form being built will name it: {@link #renaming}'s rewrite applied. */
  private String afterRename(String key) {
    if (key != null && renaming != null && key.startsWith(renaming[0])) {
      return renaming[1] + key.substring(renaming[0].length());
    }
    return key;
  }

  /**
   * The element a rename in this inspector made of the one shown, until the end of the event that
   * committed it: the focus stays where it was going in the form (the name after Enter, the next
   * field after Tab), which it lost when the element shown changed name. Whatever else is shown in
   * between (nothing, or a renamed query's task) keeps what is typed for it.
   */
  private ElementRef renamedTo;

  /**
   * Says, before the edit, that a rename committed from this inspector makes {@code renamed} of the
   * element shown: when the focus is in the inspector (Enter, or Tab to the next field; not a click
   * in the diagram), it stays in the form whenever the renamed element is shown in this event.
   */
  void renamed(ElementRef renamed) {
    ElementRef now = focusWithin() ? renamed : null;
    renamedTo = now;
    if (now != null) {
      Platform.runLater(
          () -> {
            if (renamedTo == now) {
              renamedTo = null;
            }
          });
    }
  }

  /** The element a rename in this inspector is making, in the event that commits it; or null. */
  ElementRef renamedTo() {
    return renamedTo;
  }

  /** Commits a field on Enter and when it loses focus; a refused value is marked red. */
  void commitOn(TextField field, java.util.function.Predicate<String> commit) {
    Commit run = new Commit(this, field, field.getText(), Tips.text(field), commit);
    field.getProperties().put(COMMIT, run);
    field.getProperties().remove(CARRIED);
    field.setOnAction(
        e -> {
          focusKey = (String) field.getUserData();
          run.accept(field.getText());
        });
    if (field.getProperties().putIfAbsent(FOCUS_COMMIT, Boolean.TRUE) == null) {
      field
          .focusedProperty()
          .addListener(
              (o, was, is) -> {
                if (is) {
                  focusKey = (String) field.getUserData();
                } else if (field.getProperties().remove(CARRIED) == null) {
                  // After the click that took the focus has given it to its field: the edit then
                  // rebuilds the form with the focus in that field, not back in this one. The
                  // text and the commit are those of now: a spare field may be reused meanwhile.
                  Commit current = (Commit) field.getProperties().get(COMMIT);
                  String text = field.getText();
                  Platform.runLater(() -> current.accept(text));
                }
              });
    }
  }

  /** One use of a field: the text it was filled with, and what commits a new one. */
  private record Commit(
      Inspector owner,
      TextField field,
      String original,
      String originalTip,
      java.util.function.Predicate<String> commit) {
    void accept(String text) {
      if (text.equals(original)) {
        // Typed back to what it was after a refusal: no longer marked, its own tip again.
        if (INVALID.equals(field.getStyle()) && field.getProperties().get(COMMIT) == this) {
          field.setStyle("");
          Tips.set(field, originalTip);
        }
        return;
      }
      owner.refusal = null;
      // A spare field may have been reused since it lost the focus: mark only its own use.
      if (!commit.test(text.strip()) && field.getProperties().get(COMMIT) == this) {
        field.setStyle(INVALID);
        owner.explain(
            field,
            owner.refusal != null
                ? owner.refusal
                : "'" + text.strip() + "' is not taken here: the model is unchanged");
      }
      owner.refusal = null;
    }
  }

  /** Why the commit running now refused its text (see {@link #refuse}), or null. */
  private String refusal;

  /**
   * For a commit given to {@link #commitOn}: refuses the text, saying why. The field is marked red
   * and the reason shown beside it until its text changes.
   *
   * @param reason what is wrong and what is expected, one sentence
   * @return false, the commit's answer
   */
  boolean refuse(String reason) {
    refusal = reason;
    return false;
  }

  /** The balloon under a field whose text was refused, or null when none is shown. */
  private javafx.scene.control.Tooltip balloon;

  /**
   * Shows why a field's text was refused in a balloon under the field (its tip says it too): the
   * red border alone had left the reason to a hover, and a refused rename had none at all. Hidden
   * when the text changes, on a click elsewhere, or when another balloon is shown. A tooltip,
   * styled by the theme as the tips are ({@code .tooltip.refusal} in {@code editor.css}).
   */
  private void explain(TextField field, String reason) {
    Tips.set(field, reason);
    if (balloon != null) {
      balloon.hide();
    }
    if (field.getScene() == null || field.getScene().getWindow() == null || !field.isVisible()) {
      return;
    }
    javafx.geometry.Bounds at = field.localToScreen(field.getBoundsInLocal());
    if (at == null) {
      return;
    }
    javafx.scene.control.Tooltip shown = new javafx.scene.control.Tooltip(reason);
    shown.setId("refusal");
    shown.getStyleClass().add("refusal");
    shown.setWrapText(true);
    shown.setMaxWidth(420);
    shown.setAutoHide(true);
    shown.show(field, at.getMinX(), at.getMaxY() + 2);
    balloon = shown;
    javafx.beans.value.ChangeListener<String> typed =
        new javafx.beans.value.ChangeListener<>() {
          @Override
          public void changed(
              javafx.beans.value.ObservableValue<? extends String> o, String was, String now) {
            shown.hide();
            field.textProperty().removeListener(this);
          }
        };
    field.textProperty().addListener(typed);
    shown.setOnHidden(
        e -> {
          field.textProperty().removeListener(typed);
          if (balloon == shown) {
            balloon = null;
          }
        });
  }

  /** The text of the refusal balloon shown, or null (for tests). */
  String refusalShown() {
    return balloon == null || !balloon.isShowing() ? null : balloon.getText();
  }

  /** Why a type text does not parse, or null when it is a CQL type. */
  static String typeProblem(String text) {
    try {
      CqlTypeParser.parse(text);
      return null;
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }

  /** Why a text is no CQL name ({@link #identifier} gave null). */
  static String notAName(String text) {
    return text.isEmpty()
        ? "A name cannot be empty"
        : "'" + text + "' is not a CQL name: a quoted name ends with a double quote (\"My Name\")";
  }

  private static CqlIdentifier identifier(String text) {
    if (text.isEmpty()) {
      return null;
    }
    try {
      return CqlIdentifier.fromCql(text);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** The text and caret of the field being typed in when the form is rebuilt. */
  private record Typing(String text, int caret) {}

  private Typing typing;

  /**
   * What was being typed in the form of an element being renamed, carried over the build in between
   * (nothing selected) to the form of the element under its new name.
   */
  private Typing typedDuringRename;

  private void restoreFocus(String key) {
    if (key == null) {
      return;
    }
    Typing pending = typing;
    Node node = find(content, key);
    // Now, not at a later event: keys typed before it (Tab, Tab and a type after a rename) went to
    // the field the rebuild had just removed, and were lost. Every control of the new form with
    // its skin now, not at the next pulse: a control without one drops the keys typed to it (after
    // Tab from a renamed column's name, the first letter of its type), and a field reached by Tab
    // before its skin came did not select its text either (an entity renamed, Tab, Tab and the
    // first attribute's new name typed: "member_id" became "ber_iduser_id").
    content.applyCss();
    if (pending != null && node instanceof javafx.scene.control.TextInputControl t) {
      t.setText(pending.text());
      t.requestFocus();
      t.positionCaret(pending.caret());
      return;
    }
    Alike gone = alike != null && alike.key().equals(key) ? alike : null;
    if (node == null && gone != null) {
      // A button pressed from the keyboard went with what it removed (a fix with its problem, a
      // row's ✕ with its row): the one like it that takes its place has the focus, so that Space
      // fixes or removes one after another.
      List<Node> like = new ArrayList<>();
      collect(content, n -> gone.kind().equals(kindOf(n)), like);
      if (!like.isEmpty()) {
        node = like.get(Math.min(gone.index(), like.size() - 1));
      }
    }
    if (node != null) {
      if (focusAndSelect(node)) {
        return;
      }
    } else if (gone != null || key.startsWith(PLACE)) {
      // None left (the last fix, the last row): the inspector keeps the focus, and Tab goes on to
      // the form. JavaFX had passed it to the toolbar's overflow button or the diagram, the next
      // control after the one removed.
      requestFocus();
      return;
    }
    Platform.runLater(() -> focus(key));
  }

  /**
   * A button with the focus, by kind, and its place among the form's buttons of that kind: what
   * takes its place when it goes with what it removed.
   *
   * @param key the focus key it was found by
   * @param kind its kind ({@link #kindOf})
   * @param index its index among the form's buttons of that kind, in the scene graph's order
   */
  private record Alike(String key, String kind, int index) {}

  /** The button that last had the focus, or null when something else had it. */
  private Alike alike;

  private Alike alikeOf(Node owner, String key) {
    String kind = kindOf(owner);
    if (kind == null || key == null) {
      return null;
    }
    List<Node> like = new ArrayList<>();
    collect(content, n -> kind.equals(kindOf(n)), like);
    return new Alike(key, kind, Math.max(0, like.indexOf(owner)));
  }

  /**
   * The kind of a button that may go with what it does: a quick fix's, or a row's remove button
   * ({@link #removeButton}) by what its rows are (a column's ✕ is not an option's); null for any
   * other control.
   */
  private static String kindOf(Node node) {
    if (!(node instanceof Button b)) {
      return null;
    }
    if (b.getUserData() instanceof String k && k.startsWith(FIX)) {
      return FIX;
    }
    return b.getProperties().get(ROWS) instanceof String rows ? REMOVE + rows : null;
  }

  /** The glyph of a row's remove button. */
  static final String REMOVE = "✕";

  /** The nodes under {@code node}, itself included, that are {@code wanted}, in scene order. */
  private static void collect(
      Node node, java.util.function.Predicate<Node> wanted, List<Node> into) {
    if (wanted.test(node)) {
      into.add(node);
    }
    if (node instanceof javafx.scene.Parent parent) {
      for (Node child : parent.getChildrenUnmodifiable()) {
        collect(child, wanted, into);
      }
    }
  }

  void focus(String key) {
    settle.run();
    Node node = find(content, key);
    boolean row = key.startsWith("col:") || key.startsWith("field:");
    if (node == null && row && shown != null) {
      // A column or field past those listed in a long form: listed up to it.
      var ks = document.get().project().schema().keyspace(shown.keyspace());
      int column =
          ks.flatMap(k -> k.table(shown.object()))
              .map(t -> rowIndex(t.columnsInKeyOrder(), Column::name, key, "col:"))
              .orElse(-1);
      int field =
          ks.flatMap(k -> k.type(shown.object()))
              .map(t -> rowIndex(t.fields(), UserType.Field::name, key, "field:"))
              .orElse(-1);
      ListedRows rows = column >= 0 ? listedColumns : listedFields;
      int at = Math.max(column, field);
      if (at >= 0 && rows.hides(shown, at)) {
        rows.listUpTo(at);
        fillAgain(shown);
        node = find(content, key);
      }
    }
    if (node != null) {
      focusAndSelect(node);
      if (row) {
        // A row of a long table or type, perhaps just listed, perhaps far below the view.
        reveal(node);
      }
    }
  }

  /**
   * Scrolls the form so that {@code node} is in view (a column row at the bottom of a wide table's
   * form, or one just listed): JavaFX's scroll pane does not follow the focus. Only for column and
   * field rows: the other forms' fields are in view when focused, and scrolling under the
   * conceptual model's gestures moved what the next keys and clicks met.
   */
  private void reveal(Node node) {
    applyCss();
    layout();
    javafx.geometry.Bounds b = content.sceneToLocal(node.localToScene(node.getBoundsInLocal()));
    double contentHeight = content.getLayoutBounds().getHeight();
    double viewHeight = getViewportBounds().getHeight();
    if (b == null || contentHeight <= viewHeight) {
      return;
    }
    double top = getVvalue() * (contentHeight - viewHeight);
    if (b.getMinY() < top) {
      top = b.getMinY() - 8;
    } else if (b.getMaxY() > top + viewHeight) {
      top = b.getMaxY() + 8 - viewHeight;
    } else {
      return;
    }
    setVvalue(Math.max(0, Math.min(1, top / (contentHeight - viewHeight))));
  }

  /** Gives a control the focus, a text field's text selected; returns whether it has it. */
  private static boolean focusAndSelect(Node node) {
    node.requestFocus();
    if (node instanceof TextField field) {
      field.selectAll();
    }
    return node.isFocused();
  }

  /**
   * What names a control of a form for the focus to come back to after a rebuild: the key in its
   * user data, else its id ({@code #view-not-null-total}), else its place in the form
   * ({@code @2/0/7}: the indexes of the children leading to it), found again in a form of the same
   * shape. A control named neither way had left the previous control's key in place: after the edit
   * Tab from a view's clustering committed, the focus went back there instead of on to the check
   * box, its text selected, and the Space meant for the check box replaced it. Without the place,
   * Tab from a relationship end's role to its remove button, committing the role, lost the focus to
   * the diagram, where the next Tab selected another element.
   */
  private String focusKeyOf(Node control) {
    if (control.getUserData() instanceof String key) {
      return key;
    }
    if (control.getId() != null) {
      return "#" + control.getId();
    }
    StringBuilder place = new StringBuilder();
    for (Node n = control; n != content; n = n.getParent()) {
      if (n == null || n.getParent() == null) {
        return null;
      }
      place.insert(0, "/" + n.getParent().getChildrenUnmodifiable().indexOf(n));
    }
    return place.length() == 0 ? null : PLACE + place.substring(1);
  }

  /** How a focus key naming a control by its place in the form starts. */
  private static final String PLACE = "@";

  /** How a quick fix's button's focus key starts (the fix's label follows). */
  private static final String FIX = "fix:";

  private static Node find(Node node, String key) {
    if (key.startsWith(PLACE)) {
      Node n = node;
      for (String index : key.substring(PLACE.length()).split("/")) {
        int i = Integer.parseInt(index);
        if (!(n instanceof javafx.scene.Parent parent)
            || i >= parent.getChildrenUnmodifiable().size()) {
          return null;
        }
        n = parent.getChildrenUnmodifiable().get(i);
      }
      return n.isFocusTraversable() ? n : null;
    }
    if (key.startsWith("#")
        ? key.substring(1).equals(node.getId())
        : key.equals(node.getUserData())) {
      return node;
    }
    if (node instanceof javafx.scene.Parent parent) {
      for (Node child : parent.getChildrenUnmodifiable()) {
        Node found = find(child, key);
        if (found != null) {
          return found;
        }
      }
    }
    return null;
  }
}
