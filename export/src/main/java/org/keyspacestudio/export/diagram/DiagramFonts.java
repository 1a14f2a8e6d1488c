package org.keyspacestudio.export.diagram;

import java.awt.Font;
import java.awt.FontFormatException;
import java.awt.GraphicsEnvironment;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The diagram's font, DejaVu Sans, loaded from the classpath so that the screen and every export
 * measure and draw text the same way on every machine.
 */
public final class DiagramFonts {

  /** The font family name, as registered with AWT and JavaFX. */
  public static final String FAMILY = "DejaVu Sans";

  /** Class-path resource of the regular face. */
  public static final String REGULAR_TTF = "net/sf/jasperreports/fonts/dejavu/DejaVuSans.ttf";

  /** Class-path resource of the bold face. */
  public static final String BOLD_TTF = "net/sf/jasperreports/fonts/dejavu/DejaVuSans-Bold.ttf";

  static {
    load(REGULAR_TTF);
    load(BOLD_TTF);
  }

  private DiagramFonts() {}

  /** The regular face at a size in points (= diagram pixels). */
  public static Font regular(float size) {
    return new Font(FAMILY, Font.PLAIN, 1).deriveFont(size);
  }

  /** The bold face at a size in points (= diagram pixels). */
  public static Font bold(float size) {
    return new Font(FAMILY, Font.BOLD, 1).deriveFont(size);
  }

  /**
   * Opens a face's TTF file, for libraries that embed it themselves (PDF, JavaFX).
   *
   * @throws IllegalStateException if the font is missing from the class path
   */
  public static InputStream open(String resource) {
    InputStream in = DiagramFonts.class.getClassLoader().getResourceAsStream(resource);
    if (in == null) {
      throw new IllegalStateException("font missing from the class path: " + resource);
    }
    return in;
  }

  private static void load(String resource) {
    try (InputStream in = open(resource)) {
      Font font = Font.createFont(Font.TRUETYPE_FONT, in);
      GraphicsEnvironment.getLocalGraphicsEnvironment().registerFont(font);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (FontFormatException e) {
      throw new IllegalStateException("damaged font " + resource, e);
    }
  }
}
