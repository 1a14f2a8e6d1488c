package org.keyspacestudio.app.ui;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;

/**
 * Model > Recovery Notes: the guesses the last Recover Models from Tables made ({@code
 * SchemaModels.Recovered.notes}: which rows a table was taken to hold, which attributes its static
 * columns are, which relationships its identifiers imply), one per line. They are the project's
 * ({@code Project.recovery}): saved with it, gone when the recovery is undone, and cleared by Clear
 * Notes (undoably) once checked. Show Tables, a double-click or Enter selects the tables and views
 * a note names in the Chebotko diagram, where the user checks the guess. Shown after each recovery.
 */
final class RecoveryNotesWindow extends ToolWindow {

  /** The names a note may give a table or view by: plain or quoted CQL identifiers. */
  private static final Pattern NAME = Pattern.compile("\"(?:[^\"]|\"\")+\"|[A-Za-z_][A-Za-z0-9_]*");

  private final Supplier<Document> document;
  private final Consumer<Set<ElementRef>> showTables;
  private final ObservableList<String> items = FXCollections.observableArrayList();
  private final ListView<String> notes = new ListView<>(items);
  private final Label summary = new Label();
  private final Label selected = new Label();
  @FXML private Button showTable;
  @FXML private Button clearNotes;
  @FXML private Button copyNotes;
  private final Runnable clear;
  private CqlIdentifier keyspace;

  /**
   * @param owner the editor's window
   * @param document the document shown, asked when a note's tables are looked up
   * @param showTables selects tables and views in the Chebotko diagram the editor shows
   * @param clear clears the project's notes, as an undoable edit
   */
  RecoveryNotesWindow(
      Window owner,
      Supplier<Document> document,
      Consumer<Set<ElementRef>> showTables,
      Runnable clear) {
    super(owner, "Recovery Notes", 700, 320);
    this.document = document;
    this.showTables = showTables;
    this.clear = clear;
    summary.setId("recovery-summary");
    summary.setWrapText(true);
    summary.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
    summary.getStyleClass().add("write-title");
    notes.setId("recovery-notes");
    // One line a note, cut short with an ellipsis where it is longer than the list is wide; the
    // selected one in full under the list. (Wrapped rows of a ListView kept heights measured at
    // another width: blank lines under some, others cut.)
    notes.setCellFactory(
        v ->
            new ListCell<>() {
              {
                setPrefWidth(0); // the list's width, not the text's: no horizontal scroll bar
                setOnMouseClicked(
                    e -> {
                      if (e.getClickCount() == 2 && !isEmpty()) {
                        showTable();
                      }
                    });
              }

              @Override
              protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : item);
              }
            });
    // Enter on a note does what a double-click does.
    notes.addEventHandler(
        javafx.scene.input.KeyEvent.KEY_PRESSED,
        e -> {
          if (e.getCode() == javafx.scene.input.KeyCode.ENTER
              && notes.getSelectionModel().getSelectedItem() != null) {
            showTable();
            e.consume();
          }
        });
    VBox.setVgrow(notes, Priority.ALWAYS);
    selected.setId("recovery-note");
    selected.setWrapText(true);
    selected.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
    notes
        .getSelectionModel()
        .selectedItemProperty()
        .addListener((o, a, b) -> selected.setText(b == null ? "" : b));
    VBox root =
        Forms.load(
            "RecoveryNotes.fxml",
            this,
            Map.of("summary", summary, "notes", notes, "selected", selected));
    Forms.tips(showTable);
    showTable.disableProperty().bind(notes.getSelectionModel().selectedItemProperty().isNull());
    stage.setScene(Forms.toolScene(stage, root, 1000, 440, document));
  }

  /**
   * Shows the window (in front) with a project's recovery notes, the first selected.
   *
   * @param summary the sentence above them: what was recovered, or that nothing was
   * @param recovered the project's notes, {@code RecoveryNotes.NONE} for none
   */
  void show(String summary, org.keyspacestudio.model.reverse.RecoveryNotes recovered) {
    update(summary, recovered);
    if (!items.isEmpty()) {
      notes.getSelectionModel().select(0);
    }
    showInFront();
  }

  /**
   * Shows the notes as the project now has them (after an edit, an undo), the selected one kept
   * where it is still there.
   */
  void update(String summary, org.keyspacestudio.model.reverse.RecoveryNotes recovered) {
    this.keyspace = recovered.keyspace();
    this.summary.setText(summary);
    if (!items.equals(recovered.notes())) {
      String was = notes.getSelectionModel().getSelectedItem();
      items.setAll(recovered.notes());
      if (was != null && items.contains(was)) {
        notes.getSelectionModel().select(was);
      }
    }
    clearNotes.setDisable(recovered.isEmpty());
    copyNotes.setDisable(items.isEmpty());
  }

  ListView<String> list() {
    return notes;
  }

  @FXML
  void showTable() {
    String note = notes.getSelectionModel().getSelectedItem();
    if (note == null) {
      return;
    }
    Set<ElementRef> named = named(document.get().project(), keyspace, note);
    if (!named.isEmpty()) {
      showTables.accept(named);
    }
  }

  @FXML
  void copy() {
    ClipboardContent content = new ClipboardContent();
    content.putString(String.join("\n", items) + "\n");
    javafx.scene.input.Clipboard.getSystemClipboard().setContent(content);
  }

  /** Clear Notes: the checked notes leave the project (Edit > Undo brings them back). */
  @FXML
  void clearNotes() {
    clear.run();
  }

  @FXML
  void close() {
    stage.hide();
  }

  /**
   * The tables and views of the keyspace a note names, in the order it names them ({@code
   * comments_by_user holds Video's identifier ...}: comments_by_user); empty when it names none, or
   * the keyspace is gone.
   *
   * @param project the project the tables are looked up in
   * @param keyspace the keyspace recovered; null for the unnamed one
   * @param note the note's text
   */
  static Set<ElementRef> named(Project project, CqlIdentifier keyspace, String note) {
    Set<ElementRef> out = new LinkedHashSet<>();
    Keyspace ks =
        project.schema().keyspaces().stream()
            .filter(k -> java.util.Objects.equals(k.name(), keyspace))
            .findFirst()
            .orElse(null);
    if (ks == null) {
      return out;
    }
    Matcher m = NAME.matcher(note);
    while (m.find()) {
      CqlIdentifier name = CqlIdentifier.fromCql(m.group());
      if (ks.table(name).isPresent()) {
        out.add(ElementRef.table(ks.name(), name));
      } else if (ks.view(name).isPresent()) {
        out.add(ElementRef.view(ks.name(), name));
      }
    }
    return out;
  }
}
