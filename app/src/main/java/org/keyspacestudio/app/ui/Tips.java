package org.keyspacestudio.app.ui;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;

/**
 * Tooltips that wait for the editor's first frame: a {@link Tooltip} is a pop-up window with its
 * own scene and CSS, and the twenty-odd of the toolbar, the diagram bar and the palettes took a
 * tenth of the JavaFX thread's start-up work. Before {@link #installPending} a tip is kept and
 * installed then; after it, at once. JavaFX application thread only.
 */
final class Tips {

  /** Controls waiting for their tips; null once the first frame has installed them. */
  private static List<Control> pending = new ArrayList<>();

  private static final String KEY = "kstudio.tip";

  private Tips() {}

  /**
   * Gives {@code control} the tooltip {@code text}, now or after the first frame.
   *
   * @param control the control, not null
   * @param text the tip, not null
   */
  static void set(Control control, String text) {
    if (pending == null) {
      control.setTooltip(new Tooltip(text));
    } else {
      control.getProperties().put(KEY, text);
      pending.add(control);
    }
  }

  /** Installs every tip kept so far; later ones are installed as they are set. */
  static void installPending() {
    if (pending == null) {
      return;
    }
    for (Control c : pending) {
      if (c.getProperties().remove(KEY) instanceof String text) {
        c.setTooltip(new Tooltip(text));
      }
    }
    pending = null;
  }
}
