package org.keyspacestudio.app.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.cell.ComboBoxTableCell;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.util.StringConverter;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.WorkflowEdits;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.QueryText;
import org.keyspacestudio.model.workflow.Transition;
import org.keyspacestudio.model.workflow.Workflow;

/**
 * The data access patterns of the method as a table: one row per query, in workflow order, with its
 * id, description, given attributes, returned attributes, ordering, expected result size, where it
 * runs and its problems; every cell but the last two is edited in place, each edit one undo step. A
 * cell that does not read keeps its value and the reason shows below the table.
 */
final class QueriesPane extends BorderPane {

  private final Supplier<Document> document;
  private final Consumer<Document.Edit> perform;
  private final Consumer<Query> onSelect;
  private final Supplier<ElementRef> attachTo;
  private final TableView<Query> table = new TableView<>();
  private final ObservableList<Query> rows = FXCollections.observableArrayList();
  private final Label message = new Label();
  private List<Problem> problems = List.of();

  /** While the table is filled or a row selected from code: selection events are not the user's. */
  private boolean updating;

  /**
   * @param document the document shown
   * @param perform performs an edit
   * @param onSelect told when a row is selected (the editor shows that query)
   * @param attachTo the transition or task a new query goes on (the selection), or null
   */
  QueriesPane(
      Supplier<Document> document,
      Consumer<Document.Edit> perform,
      Consumer<Query> onSelect,
      Supplier<ElementRef> attachTo) {
    this.document = document;
    this.perform = perform;
    this.onSelect = onSelect;
    this.attachTo = attachTo;
    table.setId("queries-table");
    table.setItems(rows);
    table.setEditable(true);
    Label none =
        new Label(
            "No queries yet. Add one with + Query, or on a workflow transition (Insert > Query).");
    // Wrapped in a narrow pane rather than cut, as the Problems tab's.
    none.setWrapText(true);
    none.setStyle("-fx-padding: 0 16 0 16;");
    table.setPlaceholder(none);
    table
        .getColumns()
        .add(textColumn("Q", 50, Query::id, (q, text) -> rename(q, text), Completes.NOTHING));
    table
        .getColumns()
        .add(textColumn("Query", 260, Query::description, this::describe, Completes.NOTHING));
    table
        .getColumns()
        .add(
            textColumn(
                "Given",
                190,
                q -> QueryText.formatGiven(q.given()),
                (q, text) -> q.withGiven(QueryText.parseGiven(text)),
                Completes.GIVEN));
    table
        .getColumns()
        .add(
            textColumn(
                "Returns",
                260,
                q -> QueryText.formatRefs(q.returns()),
                (q, text) -> q.withReturns(QueryText.parseRefs(text)),
                Completes.REFERENCES));
    table
        .getColumns()
        .add(
            textColumn(
                "Order by",
                170,
                q -> QueryText.formatOrderBy(q.orderBy()),
                (q, text) -> q.withOrderBy(QueryText.parseOrderBy(text)),
                Completes.REFERENCES));
    table.getColumns().add(sizeColumn());
    table.getColumns().add(readOnly("Runs on", 200, this::runsOn));
    table.getColumns().add(readOnly("Problems", 260, this::problemsOf));
    table
        .getSelectionModel()
        .selectedItemProperty()
        .addListener(
            (o, a, q) -> {
              if (q != null && !updating) {
                onSelect.accept(q);
              }
            });
    Button add = new Button("+ Query");
    add.setId("add-query");
    add.setOnAction(e -> addQuery());
    Button delete = new Button("Delete");
    delete.setOnAction(e -> deleteSelected());
    // In a narrow pane the hint is cut, not the buttons (at 200 % both read "...").
    add.setMinWidth(Region.USE_PREF_SIZE);
    delete.setMinWidth(Region.USE_PREF_SIZE);
    message.setStyle("-fx-text-fill: -color-danger-fg;");
    Region spacer = new Region();
    HBox.setHgrow(spacer, Priority.ALWAYS);
    HBox bar =
        new HBox(
            8,
            add,
            delete,
            new Label(
                "Double-click a cell to edit; attributes are Entity.attribute (or role.attribute)."),
            spacer,
            message);
    bar.setPadding(new Insets(4));
    setTop(bar);
    setCenter(table);
  }

  /** Shows the project's queries in workflow order, keeping the selected one selected. */
  void show(Project project, List<Problem> all) {
    updating = true;
    try {
      fill(project, all);
    } finally {
      updating = false;
    }
  }

  private void fill(Project project, List<Problem> all) {
    problems = all;
    Query selected = table.getSelectionModel().getSelectedItem();
    List<Query> ordered = project.workflow().queriesInWorkflowOrder();
    if (!ordered.equals(rows)) {
      rows.setAll(ordered);
    } else {
      table.refresh();
    }
    if (selected != null) {
      rows.stream()
          .filter(q -> q.id().equals(selected.id()))
          .findFirst()
          .ifPresent(q -> table.getSelectionModel().select(q));
    }
  }

  /** Selects the row of a query. */
  void select(String id) {
    updating = true;
    try {
      selectRow(id);
    } finally {
      updating = false;
    }
  }

  private void selectRow(String id) {
    rows.stream()
        .filter(q -> q.id().equals(id))
        .findFirst()
        .ifPresent(
            q -> {
              table.getSelectionModel().select(q);
              table.scrollTo(q);
            });
  }

  /** The table (for tests). */
  TableView<Query> table() {
    return table;
  }

  /** What the last refused edit said, or empty. */
  String message() {
    return message.getText();
  }

  private void addQuery() {
    Workflow w = document.get().project().workflow();
    String id = w.nextQueryId();
    perform.accept(WorkflowEdits.addQuery("", attachTo.get()));
    select(id);
    document.get().project().workflow().query(id).ifPresent(onSelect);
  }

  private Query rename(Query q, String text) {
    if (text.isBlank() || text.chars().anyMatch(c -> Character.isWhitespace(c) || c == ',')) {
      throw new IllegalArgumentException("'" + text + "' is not a query id (Q1, Q2, ...)");
    }
    return q.withId(text);
  }

  private Query describe(Query q, String text) {
    return q.withDescription(text);
  }

  private String runsOn(Query q) {
    List<String> where = new ArrayList<>();
    Workflow w = document.get().project().workflow();
    for (Transition t : w.transitions()) {
      if (t.queries().contains(q.id())) {
        where.add((t.from() == null ? "(entry)" : t.from()) + " → " + t.to());
      }
    }
    w.tasks().stream().filter(t -> t.queries().contains(q.id())).forEach(t -> where.add(t.name()));
    return String.join("; ", where);
  }

  private String problemsOf(Query q) {
    ElementRef ref = ElementRef.query(q.id());
    List<String> found = new ArrayList<>();
    for (Problem p : problems) {
      if (ref.equals(p.element())) {
        found.add(p.rule().id());
      }
    }
    return String.join(", ", found);
  }

  /** Deletes the query selected in the table, if any (the Delete button, and the Delete key). */
  void deleteSelected() {
    Query q = table.getSelectionModel().getSelectedItem();
    if (q != null) {
      perform.accept(WorkflowEdits.delete(java.util.Set.of(ElementRef.query(q.id()))));
    }
  }

  /** Whether a node is the table of queries or inside it (a cell, its editor). */
  boolean holds(javafx.scene.Node node) {
    for (javafx.scene.Node n = node; n != null; n = n.getParent()) {
      if (n == table) {
        return true;
      }
    }
    return false;
  }

  private void commit(Query old, Query changed) {
    message.setText("");
    if (!changed.equals(old)) {
      perform.accept(WorkflowEdits.setQuery(old.id(), changed));
    }
  }

  /** What a column's editor completes: nothing, attribute references, or given attributes. */
  private enum Completes {
    NOTHING,
    REFERENCES,
    GIVEN
  }

  private TableColumn<Query, String> textColumn(
      String title,
      double width,
      Function<Query, String> value,
      BiFunction<Query, String, Query> change,
      Completes completes) {
    TableColumn<Query, String> column = new TableColumn<>(title);
    column.setPrefWidth(width);
    column.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(value.apply(c.getValue())));
    column.setCellFactory(
        c ->
            new TextFieldTableCell<>(new javafx.util.converter.DefaultStringConverter()) {
              @Override
              public void startEdit() {
                super.startEdit();
                // Given, returns and order by name attributes: complete them from the model.
                if (completes != Completes.NOTHING
                    && getGraphic() instanceof javafx.scene.control.TextField field) {
                  Supplier<List<String>> refs =
                      () -> Completion.references(document.get().project().conceptual());
                  if (completes == Completes.GIVEN) {
                    Completion.attachGiven(field, refs);
                  } else {
                    Completion.attach(field, refs);
                  }
                }
              }
            });
    column.setOnEditCommit(
        e -> {
          Query q = e.getRowValue();
          try {
            commit(q, change.apply(q, e.getNewValue().strip()));
          } catch (IllegalArgumentException ex) {
            message.setText(
                q.id() + " " + title.toLowerCase(java.util.Locale.ROOT) + ": " + ex.getMessage());
            table.refresh();
          }
        });
    return column;
  }

  private TableColumn<Query, Query.ResultSize> sizeColumn() {
    TableColumn<Query, Query.ResultSize> column = new TableColumn<>("Result");
    column.setPrefWidth(120);
    column.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().size()));
    column.setCellFactory(
        ComboBoxTableCell.forTableColumn(
            new StringConverter<>() {
              @Override
              public String toString(Query.ResultSize size) {
                return size == null ? "" : size.label();
              }

              @Override
              public Query.ResultSize fromString(String text) {
                for (Query.ResultSize s : Query.ResultSize.values()) {
                  if (s.label().equals(text)) {
                    return s;
                  }
                }
                return null;
              }
            },
            Query.ResultSize.values()));
    column.setOnEditCommit(
        e -> {
          if (e.getNewValue() != null) {
            commit(e.getRowValue(), e.getRowValue().withSize(e.getNewValue()));
          }
        });
    return column;
  }

  private static TableColumn<Query, String> readOnly(
      String title, double width, Function<Query, String> value) {
    TableColumn<Query, String> column = new TableColumn<>(title);
    column.setPrefWidth(width);
    column.setEditable(false);
    column.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(value.apply(c.getValue())));
    return column;
  }
}
