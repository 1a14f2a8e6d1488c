package org.keyspacestudio.app;

import java.nio.file.Files;
import java.nio.file.Path;
import org.keyspacestudio.app.cli.KstudioCommand;
import org.keyspacestudio.app.ui.EditorApp;

/**
 * The program's entry point: with no arguments, or with one existing file ({@code kstudio
 * killrvideo.cql}), it opens the editor; otherwise it runs the command line. A plain class (not a
 * JavaFX {@code Application}) so that JavaFX can start from the class path.
 */
public final class Launcher {

  private Launcher() {}

  public static void main(String[] args) {
    if (args.length == 1 && args[0].equals("--minimal-window")) {
      javafx.application.Application.launch(
          org.keyspacestudio.app.ui.MinimalWindowApp.class, new String[0]);
      return;
    }
    if (args.length == 0
        || (args.length == 1
            && !args[0].startsWith("-")
            && Files.isRegularFile(Path.of(args[0])))) {
      EditorApp.launchEditor(args);
      return;
    }
    System.exit(KstudioCommand.run(args));
  }
}
