package org.keyspacestudio.app.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.geometry.Side;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCode;

/**
 * A drop-down choice that costs a button until it is opened: its menu (a pop-up window) is made
 * when the user opens it. A {@code ComboBox} makes a list view and a pop-up window as soon as it is
 * shown: for a column's role in each row of a table's inspector that was a quarter of showing the
 * table (measured on the 1,000-table model), and the diagram chooser's was a tenth of the JavaFX
 * thread's work in the editor's first frame. Up and Down choose the next or previous item without
 * the menu, as in a combo box. JavaFX application thread only.
 *
 * @param <T> the items, compared with {@code equals}
 */
final class ChoiceButton<T> extends Button {

  private final List<T> items = new ArrayList<>();
  private final Function<T, String> shown;
  private final Function<T, String> entry;
  private T value;
  private Consumer<T> chosen = v -> {};

  /**
   * @param shown the button's text for the item chosen (null: none chosen)
   * @param entry an item's text in the menu
   */
  ChoiceButton(Function<T, String> shown, Function<T, String> entry) {
    this.shown = shown;
    this.entry = entry;
    setMnemonicParsing(false);
    getStyleClass().add("choice-button");
    setValue(null);
    setOnAction(e -> openMenu());
    setOnKeyPressed(
        e -> {
          int step = e.getCode() == KeyCode.DOWN ? 1 : e.getCode() == KeyCode.UP ? -1 : 0;
          int to = items.indexOf(value) + step;
          if (step != 0 && value != null && to >= 0 && to < items.size()) {
            e.consume();
            choose(items.get(to));
          }
        });
  }

  /** The items the menu offers, in order; the chosen one stays chosen if among them. */
  void setItems(List<T> items) {
    this.items.clear();
    this.items.addAll(items);
  }

  /** Shows {@code value} as chosen, without telling the listener. */
  void setValue(T value) {
    this.value = value;
    setText(shown.apply(value) + "  ▾");
    // What a screen reader says: the item's full menu text, not its short form and the arrow.
    setAccessibleText(value == null ? null : entry.apply(value));
  }

  /** What to do when the user chooses an item other than the one shown (not null). */
  void setOnChosen(Consumer<T> chosen) {
    this.chosen = Objects.requireNonNull(chosen);
  }

  private void choose(T item) {
    if (!item.equals(value)) {
      setValue(item);
      chosen.accept(item);
    }
  }

  private void openMenu() {
    ContextMenu menu = new ContextMenu();
    ToggleGroup group = new ToggleGroup();
    for (T item : items) {
      RadioMenuItem menuItem = new RadioMenuItem(entry.apply(item));
      menuItem.setMnemonicParsing(false);
      menuItem.setToggleGroup(group);
      menuItem.setSelected(item.equals(value));
      menuItem.setOnAction(e -> choose(item));
      menu.getItems().add(menuItem);
    }
    menu.show(this, Side.BOTTOM, 0, 0);
  }
}
