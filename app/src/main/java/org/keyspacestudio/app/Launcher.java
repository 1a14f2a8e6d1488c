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

  /**
   * Loads the diagram font and initialises Java2D's text drawing on a background thread while
   * JavaFX starts (about a second), so that the editor's first paint does not wait for them; and,
   * on another, reads the editor's preferences, which the window's start needs first.
   */
  private static void warmUp() {
    Thread warmUp =
        new Thread(
            () -> {
              java.awt.image.BufferedImage image =
                  new java.awt.image.BufferedImage(
                      16, 16, java.awt.image.BufferedImage.TYPE_INT_ARGB_PRE);
              java.awt.Graphics2D g = image.createGraphics();
              try {
                var style = org.keyspacestudio.export.diagram.DiagramStyle.DEFAULT;
                g.setRenderingHint(
                    java.awt.RenderingHints.KEY_TEXT_ANTIALIASING,
                    java.awt.RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
                for (java.awt.Font font :
                    new java.awt.Font[] {style.rowFont, style.keyFont, style.titleFont}) {
                  g.setFont(font);
                  g.drawString("K C↑ users text", 0, 12);
                }
              } finally {
                g.dispose();
              }
            },
            "kstudio-warm-up");
    warmUp.setDaemon(true);
    warmUp.start();
    Thread settings = new Thread(EditorApp::readSettings, "kstudio-settings");
    settings.setDaemon(true);
    settings.start();
  }

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
      warmUp();
      EditorApp.launchEditor(args);
      return;
    }
    System.exit(KstudioCommand.run(args));
  }
}
