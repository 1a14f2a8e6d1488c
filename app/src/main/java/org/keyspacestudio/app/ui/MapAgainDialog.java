package org.keyspacestudio.app.ui;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.fxml.FXML;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import org.keyspacestudio.app.Counts;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.MappingEdits;
import org.keyspacestudio.model.mapping.Remap;

/**
 * Model > Map Again: what mapping again would change after the conceptual model or the queries
 * changed (tables added, removed, changed column by column), each change with a check box, and
 * whether to keep the user's edits to changed tables. Applying is one undo step. The form is {@code
 * MapAgain.fxml}, this class its controller; it is loaded the first time the dialog opens.
 */
final class MapAgainDialog {

  @FXML private ScrollPane scroll;
  @FXML private VBox changes;
  @FXML private CheckBox keepEdits;

  private final Dialog<ButtonType> dialog = new Dialog<>();
  private final ButtonType apply = new ButtonType("Apply", ButtonBar.ButtonData.OK_DONE);
  private final Map<Remap.Change, CheckBox> chosen = new LinkedHashMap<>();
  private final Remap.Plan plan;

  /** A dialog showing {@code plan}'s changes, each chosen. */
  MapAgainDialog(Window owner, Remap.Plan plan) {
    this.plan = plan;
    Forms.dress(dialog, owner, "Map Again", Forms.load("MapAgain.fxml", this));
    long unchanged = plan.changes().size() - plan.effective().size();
    if (plan.effective().isEmpty()) {
      // Only the answer and Close: the list's room and the merge option stood empty around it.
      dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
      dialog.setHeaderText("Mapping again changes nothing");
      Label same =
          new Label(Counts.of(unchanged, "table is", "tables are") + " as the mapping makes them.");
      same.setId("remap-nothing");
      same.setWrapText(true);
      changes.getChildren().add(same);
      scroll.setPrefSize(Region.USE_COMPUTED_SIZE, Region.USE_COMPUTED_SIZE);
      keepEdits.setVisible(false);
      keepEdits.setManaged(false);
    } else {
      dialog.getDialogPane().getButtonTypes().addAll(apply, ButtonType.CANCEL);
      dialog.setHeaderText(
          plan.effective().size()
              + (plan.effective().size() == 1 ? " table changes" : " tables change")
              + " since the models changed; "
              + unchanged
              + " unchanged. Choose what to apply:");
      int n = 0;
      for (Remap.Change c : plan.effective()) {
        String verb =
            switch (c.kind()) {
              case ADDED -> "Add ";
              case REMOVED -> "Remove ";
              default -> "Change ";
            };
        CheckBox box =
            new CheckBox(
                verb
                    + (c.table().kind() == org.keyspacestudio.model.schema.ElementRef.Kind.VIEW
                        ? "the view "
                        : "")
                    + c.table()
                    + (c.queries().isEmpty() ? "" : " (" + String.join(", ", c.queries()) + ")"));
        box.setMnemonicParsing(false);
        box.setId("remap-change-" + n++);
        box.setSelected(true);
        box.getStyleClass().add("change");
        Label details = new Label(String.join("\n", c.details()));
        details.getStyleClass().add("change-details");
        chosen.put(c, box);
        changes.getChildren().addAll(box, details);
      }
    }
    keepEdits.setDisable(plan.effective().stream().noneMatch(Remap.Change::userEdited));
  }

  /**
   * Shows the plan and returns the edit the user chose, or null when they cancelled or nothing
   * changes.
   */
  static Document.Edit ask(Window owner, Remap.Plan plan) {
    MapAgainDialog d = new MapAgainDialog(owner, plan);
    if (d.dialog.showAndWait().orElse(ButtonType.CANCEL) != d.apply) {
      return null;
    }
    return d.edit();
  }

  /** The edit of the changes chosen now, or null when none is. */
  Document.Edit edit() {
    List<Remap.Change> selected = new ArrayList<>();
    chosen.forEach(
        (c, box) -> {
          if (box.isSelected()) {
            selected.add(c);
          }
        });
    if (selected.isEmpty()) {
      return null;
    }
    return MappingEdits.remap(new Remap.Plan(plan.keyspace(), selected), keepEdits.isSelected());
  }

  /** The dialog (for tests). */
  Dialog<ButtonType> dialog() {
    return dialog;
  }
}
