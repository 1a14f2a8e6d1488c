package org.keyspacestudio.app.ui;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.MappingEdits;
import org.keyspacestudio.model.mapping.Remap;

/**
 * Model > Map Again: what mapping again would change after the conceptual model or the queries
 * changed (tables added, removed, changed column by column), each change with a check box, and
 * whether to keep the user's edits to changed tables. Applying is one undo step.
 */
final class MapAgainDialog {

  private MapAgainDialog() {}

  /**
   * Shows the plan and returns the edit the user chose, or null when they cancelled or nothing
   * changes.
   */
  static Document.Edit ask(Window owner, Remap.Plan plan) {
    Dialog<ButtonType> dialog = new Dialog<>();
    dialog.initOwner(owner);
    dialog.setTitle("Map Again");
    ButtonType apply = new ButtonType("Apply", ButtonBar.ButtonData.OK_DONE);
    dialog.getDialogPane().getButtonTypes().addAll(apply, ButtonType.CANCEL);
    long unchanged = plan.changes().size() - plan.effective().size();
    VBox content = new VBox(8);
    content.setPadding(new Insets(4));
    Map<Remap.Change, CheckBox> chosen = new LinkedHashMap<>();
    if (plan.effective().isEmpty()) {
      dialog.setHeaderText("Mapping again changes nothing");
      content.getChildren().add(new Label(unchanged + " tables are as the mapping makes them."));
      dialog.getDialogPane().lookupButton(apply).setDisable(true);
    } else {
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
                    + c.table()
                    + (c.queries().isEmpty() ? "" : " (" + String.join(", ", c.queries()) + ")"));
        box.setMnemonicParsing(false);
        box.setId("remap-change-" + n++);
        box.setSelected(true);
        box.setStyle("-fx-font-weight: bold;");
        Label details = new Label(String.join("\n", c.details()));
        details.setStyle(
            "-fx-font-family: 'DejaVu Sans Mono', monospace; -fx-font-size: 11px;"
                + " -fx-padding: 0 0 0 24;");
        chosen.put(c, box);
        content.getChildren().addAll(box, details);
      }
    }
    CheckBox keep = new CheckBox("Keep my edits to changed tables (merge the models' changes in)");
    keep.setId("remap-keep-edits");
    keep.setSelected(true);
    keep.setDisable(plan.effective().stream().noneMatch(Remap.Change::userEdited));
    ScrollPane scroll = new ScrollPane(content);
    scroll.setFitToWidth(true);
    scroll.setPrefSize(620, 360);
    dialog.getDialogPane().setContent(new VBox(10, scroll, keep));
    if (dialog.showAndWait().orElse(ButtonType.CANCEL) != apply) {
      return null;
    }
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
    return MappingEdits.remap(new Remap.Plan(plan.keyspace(), selected), keep.isSelected());
  }
}
