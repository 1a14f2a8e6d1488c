package org.keyspacestudio.app.ui;

import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;
import javafx.stage.Stage;

/**
 * The JavaFX application: one {@link EditorWindow}, on the file given on the command line if any.
 */
public final class EditorApp extends Application {

  /** The window title without a file name. */
  public static final String TITLE = "Keyspace Studio";

  /** Starts JavaFX and opens the editor (on {@code args[0]} when given); returns when it closes. */
  public static void launchEditor(String[] args) {
    Application.launch(EditorApp.class, args);
  }

  /**
   * Reads the editor's preferences (Java's {@code Preferences} store, 35-45 ms cold) so that the
   * window's start finds them read: called on a background thread while JavaFX starts. Safe from
   * any thread.
   */
  public static void readSettings() {
    Settings.load().theme();
  }

  @Override
  public void start(Stage stage) {
    StartupProbe.mark("JavaFX started");
    // The theme's stylesheet before the window's first control (the desktop's dark setting, read
    // in the background, may switch it a moment later).
    boolean dark = Settings.load().theme() == Settings.Theme.DARK;
    StartupProbe.mark("settings read");
    EditorWindow.useStylesheet(dark);
    StartupProbe.mark("stylesheet");
    List<String> args = getParameters().getRaw();
    EditorWindow window = new EditorWindow(stage, args.isEmpty() ? null : Path.of(args.get(0)));
    if (!StartupProbe.enabled()) {
      // After the window is up: unsaved changes a crashed editor left behind.
      javafx.application.Platform.runLater(window::offerRecovery);
    }
  }
}
