package org.keyspacestudio.app.ui;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import org.keyspacestudio.export.diagram.DiagramStyle;
import org.keyspacestudio.export.diagram.ImageExport;
import org.keyspacestudio.export.sizing.SizePlot;
import org.keyspacestudio.model.conceptual.AttributeOwner;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.Fix;
import org.keyspacestudio.model.edit.SizingEdits;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.sizing.Figure;
import org.keyspacestudio.model.sizing.PartitionSize;
import org.keyspacestudio.model.sizing.PartitionSizes;
import org.keyspacestudio.model.sizing.SizeRules;
import org.keyspacestudio.model.sizing.TableSizing;
import org.keyspacestudio.model.validate.Problem;

/**
 * Model > Partition Sizes: every table's estimate in a table (rows and values per partition, bytes
 * per partition and on disk, the size warnings), the selected table's plot of partition size
 * against rows per partition (the same chart the exports draw), its figures to type in, the
 * expected instances of each entity and relationship, and the fix for a partition that is too
 * large. Every change is one undo step of the document; the window follows the document.
 */
final class PartitionSizesWindow extends ToolWindow {

  private final Supplier<Document> document;
  private final Consumer<Document.Edit> perform;
  private final Supplier<DiagramStyle> style;
  private final ObservableList<PartitionSize> rows = FXCollections.observableArrayList();
  private final TableView<PartitionSize> table = new TableView<>(rows);
  private final ImageView plot = new ImageView();
  private final VBox figures = new VBox(6);
  private final GridPane instances = new GridPane();
  private ElementRef selected;

  /** How many of the selected table's column rows are listed (100 at a time). */
  private final ListedRows listedColumns = new ListedRows();

  /**
   * @param owner the editor's window
   * @param document the document shown, asked again at each refresh
   * @param perform performs an edit of the document as one undo step
   * @param style the diagrams' palette on screen (the theme's), which the plot is drawn in
   */
  PartitionSizesWindow(
      Window owner,
      Supplier<Document> document,
      Consumer<Document.Edit> perform,
      Supplier<DiagramStyle> style) {
    super(owner, "Partition Sizes", 960, 560);
    this.document = document;
    this.perform = perform;
    this.style = style;
    table.setId("sizes-table");
    // Each column as wide as its texts (fitColumns); a narrow window scrolls instead of cutting.
    table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
    table
        .getColumns()
        .addAll(
            List.of(
                column("Table", s -> s.table().toString(), 230),
                column("Rows/part.", s -> figure(s.rowsPerPartition()), 80),
                column("Partitions", s -> figure(s.partitions()), 90),
                column("Values/part.", s -> PartitionSizes.number(s.values()), 90),
                column("Partition", s -> PartitionSizes.bytes(s.bytes()), 75),
                column("On disk", s -> PartitionSizes.bytes(s.totalBytes()), 75),
                column(
                    "",
                    s ->
                        String.join(
                            " ",
                            SizeRules.validate(s).stream()
                                .map(p -> "⚠ " + p.rule().id().substring("SIZE-".length()))
                                .toList()),
                    110)));
    table
        .getSelectionModel()
        .selectedItemProperty()
        .addListener(
            (o, a, b) -> {
              if (b != null && !b.table().equals(selected)) {
                selected = b.table();
                showSelected();
              }
            });
    plot.setId("size-plot");
    plot.setPreserveRatio(true);
    instances.setHgap(8);
    instances.setVgap(4);
    VBox.setVgrow(table, javafx.scene.layout.Priority.ALWAYS);
    SplitPane split =
        Forms.load(
            "PartitionSizes.fxml",
            this,
            Map.of("table", table, "plot", plot, "figures", figures, "instances", instances));
    // The plot as wide as its pane shows (at most as drawn): the warnings and the fix under it wrap
    // at the pane's width; with the plot at a fixed 612 px they ran off the pane's right edge.
    javafx.scene.control.ScrollPane detail =
        (javafx.scene.control.ScrollPane) split.getItems().get(1);
    plot.fitWidthProperty()
        .bind(
            javafx.beans.binding.Bindings.createDoubleBinding(
                () ->
                    Math.max(240, Math.min(SizePlot.WIDTH, detail.getViewportBounds().getWidth())),
                detail.viewportBoundsProperty()));
    Scene scene = Forms.toolScene(stage, split, 1400, 780, document);
    stage.setScene(scene);
  }

  /**
   * Gives each column the width its longest text needs (the header in bold, the cells), measured in
   * the editor's font, plus the cell's padding; the table names' column at most 300 px. With fixed
   * widths, headers such as "Rows/part." and sizes such as "116.0 MB" were cut.
   */
  private void fitColumns() {
    for (TableColumn<PartitionSize, ?> c : table.getColumns()) {
      double need = textWidth(c.getText(), true);
      for (PartitionSize s : rows) {
        need = Math.max(need, textWidth(String.valueOf(c.getCellData(s)), false));
      }
      c.setPrefWidth(Math.min(300, Math.ceil(need) + 24));
    }
  }

  /** One text node measures every cell (a refresh measures each cell of every row). */
  private final javafx.scene.text.Text measure = new javafx.scene.text.Text();

  private static final javafx.scene.text.Font CELL_FONT =
      javafx.scene.text.Font.font(javafx.scene.text.Font.getDefault().getFamily(), 13);

  private static final javafx.scene.text.Font HEADER_FONT =
      javafx.scene.text.Font.font(
          javafx.scene.text.Font.getDefault().getFamily(), javafx.scene.text.FontWeight.BOLD, 13);

  /** The width of a text in the editor's 13-pixel font, in pixels. */
  private double textWidth(String text, boolean bold) {
    measure.setFont(bold ? HEADER_FONT : CELL_FONT);
    measure.setText(text);
    return measure.getLayoutBounds().getWidth();
  }

  private static TableColumn<PartitionSize, String> column(
      String title, Function<PartitionSize, String> value, double width) {
    TableColumn<PartitionSize, String> c = new TableColumn<>(title);
    c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(value.apply(d.getValue())));
    c.setPrefWidth(width);
    c.setSortable(false);
    return c;
  }

  private static String figure(Figure f) {
    return PartitionSizes.number(f.value()) + (f.basis() == Figure.Basis.ASSUMED ? " *" : "");
  }

  /** Shows the window (in front), on a table when {@code table} is not null. */
  void show(ElementRef focus) {
    if (focus != null) {
      selected = focus;
    }
    refresh();
    showInFront();
  }

  /** Follows the document: the estimates, the selected table's plot and figures, the instances. */
  void refresh() {
    // Fields are rebuilt: the one being worked in keeps the focus (Tab from one to the next).
    javafx.scene.Node focused = stage.getScene().getFocusOwner();
    String focusedId = focused instanceof TextField ? focused.getId() : null;
    Project project = document.get().project();
    List<PartitionSize> sizes = PartitionSizes.all(project);
    rows.setAll(sizes);
    fitColumns();
    if (selected == null || sizes.stream().noneMatch(s -> s.table().equals(selected))) {
      selected =
          sizes.stream()
              .filter(s -> !SizeRules.validate(s).isEmpty())
              .map(PartitionSize::table)
              .findFirst()
              .orElse(sizes.isEmpty() ? null : sizes.get(0).table());
    }
    for (PartitionSize s : sizes) {
      if (s.table().equals(selected)) {
        table.getSelectionModel().select(s);
      }
    }
    showSelected();
    showInstances(project);
    if (focusedId != null && stage.getScene().lookup("#" + focusedId) instanceof TextField again) {
      again.requestFocus();
      again.end();
    }
  }

  private void showSelected() {
    figures.getChildren().clear();
    Project project = document.get().project();
    PartitionSize size =
        selected == null ? null : PartitionSizes.estimate(project, selected).orElse(null);
    if (size == null) {
      plot.setImage(null);
      figures.getChildren().add(new Label("No tables yet: map the queries (Ctrl+M) first."));
      return;
    }
    double scale = stage.getOutputScaleX() > 0 ? stage.getOutputScaleX() : 1;
    try {
      byte[] png =
          ImageExport.png(
              SizePlot.painting(size, SizePlot.WIDTH, SizePlot.HEIGHT, style.get()), scale);
      plot.setImage(new Image(new ByteArrayInputStream(png)));
    } catch (IOException e) {
      plot.setImage(null);
    }
    for (Problem p : SizeRules.validate(size)) {
      Label problem = new Label(p.rule().id() + ": " + p.message());
      problem.setWrapText(true);
      problem.setStyle("-fx-text-fill: -color-warning-fg;");
      figures.getChildren().add(problem);
    }
    int n = 0;
    for (Fix fix : SizingEdits.fixes(project, selected)) {
      Button b = Inspector.fixButton(fix, perform);
      b.setId("size-fix-" + n++);
      figures.getChildren().add(b);
    }
    TableSizing typed = current().sizing().table(selected);
    figures.getChildren().add(Inspector.bold("Figures for " + selected));
    GridPane grid = new GridPane();
    grid.setHgap(8);
    grid.setVgap(4);
    keepWhole(grid, 0);
    int row = 0;
    grid.addRow(
        row++,
        new Label("Rows per partition"),
        number(
            "size-rows",
            typed.rowsPerPartition(),
            size.rowsPerPartition(),
            v -> SizingEdits.setTable(current().sizing().table(selected).withRowsPerPartition(v))),
        why(size.rowsPerPartition()));
    grid.addRow(
        row++,
        new Label("Partitions"),
        number(
            "size-partitions",
            typed.partitions(),
            size.partitions(),
            v -> SizingEdits.setTable(current().sizing().table(selected).withPartitions(v))),
        why(size.partitions()));
    grid.addRow(
        row++,
        new Label("Buckets"),
        number(
            "size-buckets",
            typed.buckets(),
            new Figure(size.buckets(), Figure.Basis.ASSUMED, "values of the bucket columns"),
            v -> SizingEdits.setTable(current().sizing().table(selected).withBuckets(v))));
    Label rf =
        new Label(
            "Replication factor "
                + size.replicationFactor().value()
                + " ("
                + size.replicationFactor().why()
                + ")");
    figures.getChildren().addAll(grid, rf);
    figures.getChildren().add(Inspector.bold("Average bytes per value"));
    GridPane columns = new GridPane();
    columns.setHgap(8);
    columns.setVgap(4);
    keepWhole(columns, 0, 1, 3);
    int c = 0;
    List<PartitionSize.ColumnSize> all = size.columns();
    int listed = listedColumns.count(selected, all.size(), -1);
    for (PartitionSize.ColumnSize column : all.subList(0, listed)) {
      Integer typedBytes = typed.columnBytes().get(column.name());
      TextField field = new TextField(typedBytes == null ? "" : Integer.toString(typedBytes));
      field.setId("size-bytes-" + column.name());
      field.setPrefColumnCount(9);
      // The basis beside the field, not in its prompt ("20 (assumed)" was cut).
      field.setPromptText(Long.toString(column.bytes()));
      field.setDisable(column.basis() == Figure.Basis.DERIVED && typedBytes == null);
      commit(
          field,
          text -> {
            Long v = parse(text, 0, Integer.MAX_VALUE);
            return SizingEdits.setTable(
                current()
                    .sizing()
                    .table(selected)
                    .withColumnBytes(column.name(), v == null ? null : v.intValue()));
          });
      columns.addRow(
          c++,
          new Label(column.name()),
          new Label(column.type()),
          field,
          new Label(
              switch (column.basis()) {
                case DERIVED -> "fixed by the type";
                case ASSUMED -> typedBytes == null ? "assumed: type yours" : "";
                case TYPED -> "";
              }));
    }
    if (listed < all.size()) {
      columns.add(
          listedColumns.line(
              "Columns", listed, all.size(), "size-more-columns", this::showSelected),
          0,
          c,
          GridPane.REMAINING,
          1);
    }
    figures.getChildren().add(columns);
  }

  /**
   * Keeps the texts of these columns of a grid whole: the grid's other columns give way first
   * ("Rows per partition" and "fixed by the type" were cut in a 1400-pixel window).
   */
  private static void keepWhole(GridPane grid, int... indexes) {
    int last = java.util.Arrays.stream(indexes).max().orElse(-1);
    for (int i = 0; i <= last; i++) {
      javafx.scene.layout.ColumnConstraints c = new javafx.scene.layout.ColumnConstraints();
      int index = i;
      if (java.util.Arrays.stream(indexes).anyMatch(k -> k == index)) {
        c.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
      }
      grid.getColumnConstraints().add(c);
    }
  }

  private static Label why(Figure f) {
    Label why =
        new Label(
            (f.basis() == Figure.Basis.ASSUMED
                    ? ""
                    : f.basis().name().toLowerCase(java.util.Locale.ROOT) + ": ")
                + f.why());
    why.setWrapText(true);
    why.setMaxWidth(320);
    why.setStyle(
        "-fx-font-size: 11px; -fx-text-fill: "
            + (f.basis() == Figure.Basis.ASSUMED ? "#b26a00;" : "#555;"));
    return why;
  }

  private Project current() {
    return document.get().project();
  }

  private TextField number(
      String id, Long typed, Figure estimate, Function<Long, Document.Edit> edit) {
    TextField field = new TextField(typed == null ? "" : Long.toString(typed));
    field.setId(id);
    field.setPrefColumnCount(12);
    field.setPromptText(PartitionSizes.number(estimate.value()));
    Tips.set(field, estimate.why());
    commit(field, text -> edit.apply(parse(text, 1, Long.MAX_VALUE)));
    return field;
  }

  /** A number typed in, null when the field is empty. */
  private static Long parse(String text, long min, long max) {
    String t = text.strip().replace(",", "").replace("_", "");
    if (t.isEmpty()) {
      return null;
    }
    long v = Long.parseLong(t);
    if (v < min || v > max) {
      throw new NumberFormatException(
          "a whole number from " + PartitionSizes.number(min) + " is needed");
    }
    return v;
  }

  /**
   * Commits a field on Enter or when it loses focus; a value that does not read stays, marked red
   * with the reason, and changes nothing.
   */
  private void commit(TextField field, Function<String, Document.Edit> edit) {
    Runnable apply =
        () -> {
          Document.Edit e;
          try {
            e = edit.apply(field.getText());
          } catch (NumberFormatException ex) {
            field.setStyle("-fx-border-color: -color-danger-fg;");
            Tips.set(field, "Type a whole number, or nothing to estimate it");
            return;
          }
          field.setStyle("");
          Project before = document.get().project();
          if (!e.change().apply(before).equals(before)) {
            perform.accept(e);
          }
        };
    field.setOnAction(x -> apply.run());
    field
        .focusedProperty()
        .addListener(
            (o, was, is) -> {
              if (was && !is) {
                apply.run();
              }
            });
  }

  private void showInstances(Project project) {
    instances.getChildren().clear();
    List<AttributeOwner> owners = new ArrayList<>(project.conceptual().entities());
    owners.addAll(project.conceptual().relationships());
    if (owners.isEmpty()) {
      instances.add(new Label("No conceptual model: type figures in per table."), 0, 0);
      return;
    }
    Map<String, Long> counts = project.sizing().instances();
    int row = 0;
    for (AttributeOwner owner : owners) {
      Long count = counts.get(owner.name());
      TextField field = new TextField(count == null ? "" : PartitionSizes.number(count));
      field.setId("instances-" + owner.name());
      field.setPrefColumnCount(12);
      field.setPromptText("unknown");
      commit(field, text -> SizingEdits.setInstances(owner.name(), parse(text, 1, Long.MAX_VALUE)));
      boolean relationship = project.conceptual().relationship(owner.name()).isPresent();
      instances.addRow(
          row++, new Label(owner.name() + (relationship ? " (relationship)" : "")), field);
    }
  }
}
