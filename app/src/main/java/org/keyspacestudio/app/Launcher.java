package org.keyspacestudio.app;

import org.keyspacestudio.app.cli.KstudioCommand;
import org.keyspacestudio.app.ui.EditorApp;

/**
 * The program's entry point: with no arguments it opens the editor, otherwise it runs the command
 * line. A plain class (not a JavaFX {@code Application}) so that JavaFX can start from the class
 * path.
 */
public final class Launcher {

  private Launcher() {}

  public static void main(String[] args) {
    if (args.length == 0) {
      EditorApp.launchEditor(args);
      return;
    }
    System.exit(KstudioCommand.run(args));
  }
}
