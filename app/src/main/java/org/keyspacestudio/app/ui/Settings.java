package org.keyspacestudio.app.ui;

import java.util.prefs.Preferences;
import org.keyspacestudio.model.schema.KeyspaceDefinition;
import org.keyspacestudio.model.schema.Replication;

/**
 * The editor's preferences, kept per user by {@link Preferences} (on Linux under {@code
 * ~/.java/.userPrefs}) beside the recent files: the theme, the grid, snapping, the default PNG
 * export scale, whether image exports follow the dark theme, and the replication of new keyspaces.
 * The {@code kstudio.preferences} system property names the node (tests use their own).
 */
final class Settings {

  /** Which look the window has. */
  enum Theme {
    /**
     * Dark when the desktop says so (its portal, GNOME, Xfce, KDE or GTK's settings: {@link
     * DesktopTheme}), else light.
     */
    SYSTEM("Follow the desktop"),
    LIGHT("Light"),
    DARK("Dark");

    private final String label;

    Theme(String label) {
      this.label = label;
    }

    @Override
    public String toString() {
      return label;
    }
  }

  private static final String THEME = "theme";
  private static final String GRID = "grid";
  private static final String SNAP = "snap";
  private static final String WINDOW = "window";
  private static final String EXPORT_SCALE = "exportScale";
  private static final String DARK_EXPORTS = "darkExports";
  private static final String NEW_KEYSPACE_STRATEGY = "newKeyspaceStrategy";
  private static final String NEW_KEYSPACE_OPTIONS = "newKeyspaceOptions";

  private final Preferences store;

  private Settings(Preferences store) {
    this.store = store;
  }

  /** The user's settings. */
  static Settings load() {
    return new Settings(node());
  }

  /**
   * The editor's preferences node (recent files and these settings): the user's, or the one the
   * {@code kstudio.preferences} system property names (tests use their own).
   */
  static Preferences node() {
    return Preferences.userRoot()
        .node(System.getProperty("kstudio.preferences", "org/keyspacestudio/editor"));
  }

  Theme theme() {
    String value = get(THEME, Theme.SYSTEM.name());
    try {
      return Theme.valueOf(value);
    } catch (IllegalArgumentException e) {
      return Theme.SYSTEM;
    }
  }

  void setTheme(Theme theme) {
    put(THEME, theme.name());
  }

  boolean grid() {
    return Boolean.parseBoolean(get(GRID, "true"));
  }

  void setGrid(boolean on) {
    put(GRID, Boolean.toString(on));
  }

  boolean snap() {
    return Boolean.parseBoolean(get(SNAP, "true"));
  }

  void setSnap(boolean on) {
    put(SNAP, Boolean.toString(on));
  }

  /** PNG pixels per diagram pixel for File > Export > PNG, 1 to 4. */
  double exportScale() {
    try {
      double scale = Double.parseDouble(get(EXPORT_SCALE, "1"));
      return scale >= 1 && scale <= 4 ? scale : 1;
    } catch (NumberFormatException e) {
      return 1;
    }
  }

  void setExportScale(double scale) {
    put(EXPORT_SCALE, Double.toString(scale));
  }

  /**
   * Whether File > Export draws images (PNG, SVG, PDF, all diagrams) in the dark look while the
   * editor shows the dark theme; off by default: exports keep the light look unless asked.
   */
  boolean darkExports() {
    return Boolean.parseBoolean(get(DARK_EXPORTS, "false"));
  }

  void setDarkExports(boolean on) {
    put(DARK_EXPORTS, Boolean.toString(on));
  }

  /**
   * How keyspaces the editor creates are defined (when a table, type or mapped query goes to a
   * keyspace the model does not have): {@code SimpleStrategy} with replication factor 1 unless the
   * user chose otherwise; a stored choice Cassandra would refuse falls back to that too.
   */
  KeyspaceDefinition newKeyspaces() {
    String strategy = get(NEW_KEYSPACE_STRATEGY, null);
    var options = ReplicationText.parse(get(NEW_KEYSPACE_OPTIONS, ""));
    if (strategy == null || strategy.isBlank() || options == null) {
      return ReplicationText.fallback();
    }
    KeyspaceDefinition chosen = new KeyspaceDefinition(new Replication(strategy, options), true);
    return ReplicationText.refusal(chosen) == null ? chosen : ReplicationText.fallback();
  }

  void setNewKeyspaces(KeyspaceDefinition definition) {
    put(NEW_KEYSPACE_STRATEGY, definition.replication().strategy());
    put(NEW_KEYSPACE_OPTIONS, ReplicationText.format(definition.replication().options()));
  }

  /**
   * Where the editor window was and how it was divided when it last closed.
   *
   * @param x the window's left edge, in screen pixels
   * @param y the window's top edge, in screen pixels
   * @param width the window's content width, in pixels (at least 400)
   * @param height the window's content height, in pixels (at least 300)
   * @param maximized whether it was maximized (the bounds are then the last ones it had before)
   * @param dividers the divider positions of the browser | diagram | inspector split (two) and of
   *     the diagram | tabs split (one), each between 0 and 1
   */
  record WindowState(
      double x, double y, double width, double height, boolean maximized, double[] dividers) {}

  /** The window's state when it last closed; null when never saved or unreadable. */
  WindowState windowState() {
    String value = get(WINDOW, null);
    if (value == null) {
      return null;
    }
    String[] parts = value.split(",");
    if (parts.length != 8) {
      return null;
    }
    try {
      double[] n = new double[parts.length];
      for (int i = 0; i < parts.length; i++) {
        n[i] = Double.parseDouble(parts[i]);
        if (!Double.isFinite(n[i])) {
          return null;
        }
      }
      double[] dividers = {n[5], n[6], n[7]};
      if (n[2] < 400 || n[3] < 300 || n[5] > n[6]) {
        return null;
      }
      for (double d : dividers) {
        if (d < 0 || d > 1) {
          return null;
        }
      }
      return new WindowState(n[0], n[1], n[2], n[3], n[4] != 0, dividers);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  void setWindowState(WindowState state) {
    put(
        WINDOW,
        state.x()
            + ","
            + state.y()
            + ","
            + state.width()
            + ","
            + state.height()
            + ","
            + (state.maximized() ? 1 : 0)
            + ","
            + state.dividers()[0]
            + ","
            + state.dividers()[1]
            + ","
            + state.dividers()[2]);
  }

  private String get(String key, String fallback) {
    return store.get(key, fallback);
  }

  private void put(String key, String value) {
    store.put(key, value);
  }
}
