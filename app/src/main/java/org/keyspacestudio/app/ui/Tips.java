package org.keyspacestudio.app.ui;

import javafx.event.EventHandler;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;

/**
 * Tooltips made when the pointer first comes over their control. A {@link Tooltip} is a pop-up
 * window with its own scene: about 0.45 ms each on the JavaFX thread, and a table's inspector has
 * some seventy (the buttons of each column row, the defaults of the table options). Made at once,
 * they were four fifths of showing a table in the inspector (measured on the 1,000-table model: p50
 * 49 ms per click) and a tenth of the editor's start-up. The text is kept in the control's
 * properties (and is its accessible help, which screen readers read) until then.
 *
 * <p>JavaFX application thread only.
 */
final class Tips {

  private static final String KEY = "kstudio.tip";

  /** The widest a tip grows before its text wraps, in pixels. */
  static final double MAX_WIDTH = 560;

  /** Makes the kept tip the control's tooltip as the pointer enters it (before it moves). */
  private static final EventHandler<MouseEvent> INSTALL =
      e -> {
        if (e.getSource() instanceof Control c
            && c.getProperties().remove(KEY) instanceof String text) {
          Tooltip tip = new Tooltip(text);
          // A long tip (a problem's message, a column's type) wraps instead of leaving the screen.
          tip.setWrapText(true);
          tip.setMaxWidth(MAX_WIDTH);
          c.setTooltip(tip);
        }
      };

  private Tips() {}

  /**
   * Gives {@code control} the tooltip {@code text}, made when the pointer first comes over it; a
   * tooltip it already has takes the new text.
   *
   * @param control the control, not null
   * @param text the tip, or null for none
   */
  static void set(Control control, String text) {
    control.setAccessibleHelp(text);
    if (text == null) {
      control.getProperties().remove(KEY);
      control.setTooltip(null);
      return;
    }
    if (control.getTooltip() != null) {
      control.getTooltip().setText(text);
      return;
    }
    control.getProperties().put(KEY, text);
    // Once, however often the tip is set and cleared.
    control.removeEventFilter(MouseEvent.MOUSE_ENTERED, INSTALL);
    control.addEventFilter(MouseEvent.MOUSE_ENTERED, INSTALL);
  }

  /**
   * The control's tip, made or still waiting for the pointer; null when it has none.
   *
   * @param control the control, not null
   */
  static String text(Control control) {
    if (control.getProperties().get(KEY) instanceof String text) {
      return text;
    }
    return control.getTooltip() == null ? null : control.getTooltip().getText();
  }
}
