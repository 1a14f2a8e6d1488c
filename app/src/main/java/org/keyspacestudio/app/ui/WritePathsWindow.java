package org.keyspacestudio.app.ui;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.Fix;
import org.keyspacestudio.model.edit.QuickFixes;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.writes.TableRows;
import org.keyspacestudio.model.writes.TableWrite;
import org.keyspacestudio.model.writes.Write;
import org.keyspacestudio.model.writes.WritePaths;
import org.keyspacestudio.model.writes.WriteRule;
import org.keyspacestudio.model.writes.WriteRules;

/**
 * Model > Write Paths: what the application writes to keep the mapped tables in step ({@link
 * WritePaths}). On the left the entities and relationships that tables hold; on the right the
 * selected one's writes (its insert, the update of each attribute, its delete), each with its size
 * as Cassandra counts a batch, and the selected write in full: its CQL to copy, each table's
 * statement with what each bound value holds, how many times it runs and where the rows of other
 * instances are read from, and the write checks ({@code WRITE-*}) that concern it, with their
 * fixes. Show Tables selects the tables it writes in the Chebotko diagram. The window follows the
 * document; fixes are undo steps of it.
 */
final class WritePathsWindow extends ToolWindow {

  private final Supplier<Document> document;
  private final Consumer<Document.Edit> perform;
  private final Supplier<List<Problem>> problems;
  private final Consumer<Set<ElementRef>> showTables;
  private final ObservableList<String> ownerItems = FXCollections.observableArrayList();
  private final ListView<String> owners = new ListView<>(ownerItems);
  private final ObservableList<Write> writeItems = FXCollections.observableArrayList();
  private final ListView<Write> writes = new ListView<>(writeItems);
  private final Label summary = new Label();
  private final VBox detail = new VBox(6);
  private WritePaths paths;
  private Set<String> marked = Set.of();
  private String owner;
  private String write;

  /** Refreshing the lists selects in them: that is not the user choosing. */
  private boolean refreshing;

  /**
   * @param owner the editor's window
   * @param document the document shown, asked again at each refresh
   * @param perform performs an edit of the document as one undo step (a fix)
   * @param problems the editor's current problems (its live checks'), of which the write ones show
   * @param showTables selects tables in the Chebotko diagram the editor shows
   */
  WritePathsWindow(
      Window owner,
      Supplier<Document> document,
      Consumer<Document.Edit> perform,
      Supplier<List<Problem>> problems,
      Consumer<Set<ElementRef>> showTables) {
    super(owner, "Write Paths", 760, 560);
    this.document = document;
    this.perform = perform;
    this.problems = problems;
    this.showTables = showTables;
    owners.setId("write-owners");
    owners.setCellFactory(cells(item -> item + (marked.contains(item) ? "  ⚠" : "")));
    owners
        .getSelectionModel()
        .selectedItemProperty()
        .addListener(
            (o, a, b) -> {
              if (!refreshing && b != null && !b.equals(this.owner)) {
                this.owner = b;
                this.write = null;
                showOwner();
              }
            });
    writes.setId("write-list");
    writes.setPrefHeight(190);
    // Never squeezed by the detail under it (a list shrunk below its rows drew them over it).
    writes.setMinHeight(190);
    writes.setCellFactory(cells(WritePathsWindow::line));
    writes
        .getSelectionModel()
        .selectedItemProperty()
        .addListener(
            (o, a, b) -> {
              if (!refreshing && b != null && !b.title().equals(write)) {
                write = b.title();
                showWrite(b);
              }
            });
    summary.setId("write-summary");
    summary.setWrapText(true);
    summary.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
    summary.getStyleClass().add("write-title");
    detail.setId("write-detail");
    SplitPane split =
        Forms.load(
            "WritePaths.fxml",
            this,
            Map.of("owners", owners, "writes", writes, "summary", summary, "detail", detail));
    VBox.setVgrow(owners, javafx.scene.layout.Priority.ALWAYS);
    owners.setPrefWidth(220);
    Scene scene = Forms.toolScene(stage, split, 1100, 760, document);
    stage.setScene(scene);
  }

  /** List cells showing each item as {@code text} says. */
  private static <T> javafx.util.Callback<ListView<T>, ListCell<T>> cells(
      java.util.function.Function<T, String> text) {
    return v ->
        new ListCell<>() {
          @Override
          protected void updateItem(T item, boolean empty) {
            super.updateItem(item, empty);
            setText(empty || item == null ? null : text.apply(item));
          }
        };
  }

  /** A write in the list: its title, its statements, tables and size, and what to look at. */
  private static String line(Write w) {
    StringBuilder out = new StringBuilder(w.title());
    out.append("  ·  ")
        .append(w.statementCount())
        .append(w.statementCount() == 1 ? " statement" : " statements")
        .append(", ")
        .append(w.tables().size())
        .append(w.tables().size() == 1 ? " table" : " tables")
        .append(", ")
        .append(WriteRules.size(w.bytes()));
    for (String warning : warnings(w)) {
      out.append("  ⚠ ").append(warning);
    }
    return out.toString();
  }

  /** What a write runs into: a batch over the node's thresholds, rows no table lists. */
  private static List<String> warnings(Write w) {
    List<String> out = new ArrayList<>();
    boolean batched = w.statementCount() > 1;
    if (batched && w.bytes() > WriteRules.BATCH_FAIL_BYTES) {
      out.add("over batch_size_fail_threshold (50 KiB): refused");
    } else if (batched && w.bytes() > WriteRules.BATCH_WARN_BYTES) {
      out.add("over batch_size_warn_threshold (5 KiB)");
    }
    for (TableWrite t : w.tables()) {
      if (t.rows() != null && t.rows().finder() == null) {
        out.add(
            "no table lists the " + t.rows().owner() + " rows of " + t.table().object().asCql());
      }
    }
    return out;
  }

  /**
   * Shows the window (in front), on an entity or relationship when {@code focus} names one, and on
   * one of its writes when {@code writeTitle} does ({@code Insert a Video}).
   */
  void show(String focus, String writeTitle) {
    if (focus != null) {
      owner = focus;
      write = writeTitle;
    }
    refresh();
    showInFront();
  }

  /** Follows the document: the owners, the selected one's writes and the selected write. */
  void refresh() {
    Project project = document.get().project();
    paths = WritePaths.of(project);
    List<String> writers = paths.writers();
    marked = markedOwners(project, writers);
    refreshing = true;
    try {
      ownerItems.setAll(writers);
      if (owner == null || !writers.contains(owner)) {
        owner =
            writers.stream()
                .filter(marked::contains)
                .findFirst()
                .orElse(writers.isEmpty() ? null : writers.get(0));
        write = null;
      }
      if (owner != null) {
        owners.getSelectionModel().select(owner);
      }
      owners.refresh();
    } finally {
      refreshing = false;
    }
    showOwner();
  }

  /**
   * The owners with a write to look at: a batch over the node's thresholds or rows no table lists
   * (from the writes without their words, fast on a large model), or rows of theirs overwriting
   * each other.
   */
  private Set<String> markedOwners(Project project, List<String> writers) {
    Set<String> out = new LinkedHashSet<>();
    WritePaths counted = WritePaths.counted(project);
    for (String o : writers) {
      if (counted.writes(o).stream().anyMatch(w -> !warnings(w).isEmpty())) {
        out.add(o);
      }
    }
    for (TableRows rows : paths.rows()) {
      for (String o : rows.overwritten()) {
        String writer = paths.owners().entityOf(o);
        out.add(writer != null ? writer : o);
      }
    }
    return out;
  }

  private List<Problem> writeProblems() {
    return problems.get().stream().filter(p -> p.rule() instanceof WriteRule).toList();
  }

  private void showOwner() {
    detail.getChildren().clear();
    if (owner == null) {
      summary.setText("No table holds an entity or relationship yet.");
      writeItems.clear();
      detail
          .getChildren()
          .add(
              note(
                  "Write paths come from the tables the queries are mapped to: map them first"
                      + " (Model > Map All Queries, Ctrl+M)."));
      return;
    }
    List<Write> all = paths.writes(owner);
    Set<String> tables = new LinkedHashSet<>();
    all.forEach(w -> w.tables().forEach(t -> tables.add(t.table().object().asCql())));
    summary.setText(
        owner
            + " is written to "
            + tables.size()
            + (tables.size() == 1 ? " table: " : " tables: ")
            + String.join(", ", tables));
    refreshing = true;
    Write selected = null;
    try {
      writeItems.setAll(all);
      for (Write w : all) {
        if (w.title().equals(write)) {
          selected = w;
        }
      }
      if (selected == null && !all.isEmpty()) {
        selected = all.get(0);
        write = selected.title();
      }
      if (selected != null) {
        writes.getSelectionModel().select(selected);
        writes.scrollTo(selected);
      }
    } finally {
      refreshing = false;
    }
    if (selected != null) {
      showWrite(selected);
    }
  }

  private void showWrite(Write w) {
    detail.getChildren().clear();
    Label title = new Label(w.title());
    title.getStyleClass().add("write-title");
    title.setId("write-title");
    detail.getChildren().add(title);
    detail
        .getChildren()
        .add(
            note(
                w.statementCount()
                    + (w.statementCount() == 1 ? " statement into " : " statements into ")
                    + w.tables().size()
                    + (w.tables().size() == 1 ? " table" : " tables")
                    + "; "
                    + WriteRules.size(w.bytes())
                    + " of data as Cassandra counts a batch (IMutation.dataSize), from the"
                    + " columns' sizes in Partition Sizes."));
    for (String warning : warnings(w)) {
      Label l = new Label("⚠ " + warning);
      l.getStyleClass().add("warning");
      l.setWrapText(true);
      detail.getChildren().add(l);
    }
    showProblems(w);
    for (String n : w.notes()) {
      detail.getChildren().add(wrapped(n));
    }
    TextArea cql = new TextArea(w.cql());
    cql.setId("write-cql");
    cql.setEditable(false);
    cql.getStyleClass().add("cql");
    cql.setPrefRowCount(Math.min(18, (int) w.cql().lines().count() + 1));
    cql.setWrapText(false);
    Button copy = new Button("Copy CQL");
    copy.setId("write-copy");
    copy.setOnAction(
        e -> {
          ClipboardContent content = new ClipboardContent();
          content.putString(w.cql());
          javafx.scene.input.Clipboard.getSystemClipboard().setContent(content);
        });
    Button show = new Button("Show Tables in Diagram");
    show.setId("write-show-tables");
    show.setOnAction(
        e -> {
          Set<ElementRef> refs = new LinkedHashSet<>();
          w.tables().forEach(t -> refs.add(t.table()));
          // Out of the way of the diagram (it stays above the editor's window otherwise); Ctrl+
          // Shift+W brings it back on the same write.
          stage.hide();
          showTables.accept(refs);
        });
    detail.getChildren().addAll(cql, new HBox(8, copy, show));
    for (TableWrite t : w.tables()) {
      Label heading =
          new Label(
              t.table()
                  + ": "
                  + t.action().label()
                  + runs(w, t)
                  + (t.executions() > 1 ? ", " + t.executions() + " runs" : "")
                  + ", "
                  + WriteRules.size(t.bytes()));
      heading.getStyleClass().add("table-write");
      heading.setWrapText(true);
      detail.getChildren().add(heading);
      GridPane grid = new GridPane();
      grid.setHgap(12);
      grid.setVgap(2);
      int row = 0;
      for (TableWrite.ColumnValue v : t.values()) {
        Label column = new Label(v.column());
        column.getStyleClass().add("cql");
        Label origin = new Label(v.origin());
        origin.getStyleClass().add("origin");
        origin.setWrapText(true);
        grid.addRow(row++, column, origin);
      }
      detail.getChildren().add(grid);
      for (String n : t.notes()) {
        detail.getChildren().add(wrapped(n));
      }
    }
  }

  /**
   * How often a table's statements run for the write, and where other instances' rows come from.
   */
  private static String runs(Write w, TableWrite t) {
    StringBuilder out = new StringBuilder();
    for (var a : t.perValueOf()) {
      out.append(", once per value of ").append(a);
    }
    if (t.rows() != null) {
      out.append(", for each ").append(t.rows().owner()).append(" of the ").append(w.owner());
      if (t.rows().count() != null) {
        out.append(" (").append(t.rows().count().why()).append(')');
      }
      out.append(
          t.rows().finder() == null
              ? ", which no table lists"
              : ", read from "
                  + t.rows().finder().object().asCql()
                  + (t.rows().finderQuery() == null ? "" : " (" + t.rows().finderQuery() + ")"));
    }
    return out.toString();
  }

  /** The write checks concerning the write (its owner's batches, its tables), with their fixes. */
  private void showProblems(Write w) {
    Set<ElementRef> tables = new LinkedHashSet<>();
    w.tables().forEach(t -> tables.add(t.table()));
    Project project = document.get().project();
    int n = 0;
    for (Problem p : writeProblems()) {
      // The batch size warning under the writes over the threshold only (it lists them).
      boolean concerns =
          p.element() != null
              && (p.rule() == WriteRule.BATCH_SIZE
                  ? p.element().object().asInternal().equals(w.owner())
                      && w.statementCount() > 1
                      && w.bytes() > WriteRules.BATCH_WARN_BYTES
                  : tables.contains(p.element()));
      if (!concerns) {
        continue;
      }
      Label l = new Label(p.rule().id() + ": " + p.message());
      l.setWrapText(true);
      l.getStyleClass().add("warning");
      detail.getChildren().add(l);
      for (Fix fix : QuickFixes.of(project, p)) {
        Button b = Inspector.fixButton(fix, perform);
        b.setId("write-fix-" + n++);
        detail.getChildren().add(b);
      }
    }
  }

  private static Label note(String text) {
    Label l = new Label(text);
    l.getStyleClass().add("note");
    l.setWrapText(true);
    return l;
  }

  private static Label wrapped(String text) {
    Label l = new Label(text);
    l.setWrapText(true);
    return l;
  }
}
