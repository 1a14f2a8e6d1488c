package org.keyspacestudio.app.ui;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.DoubleSupplier;
import javafx.geometry.Rectangle2D;
import javafx.stage.Stage;
import org.testfx.util.WaitForAsyncUtils;

/** What part of the editor's diagram a tool window leaves free on screen, for tests. */
final class DiagramLeftFree {

  private DiagramLeftFree() {}

  /**
   * The part of the diagram's area, 0 to 1, that the tool window leaves free, once it is at least
   * {@code atLeast} or 3 seconds have passed (the window manager's first mapping may still move the
   * window, and {@link WindowPlacement} put it back).
   */
  static double once(EditorWindow editor, ToolWindow tool, double atLeast) {
    Stage shown = tool.stage();
    var d = editor.canvas().localToScreen(editor.canvas().getLayoutBounds());
    Rectangle2D diagram = new Rectangle2D(d.getMinX(), d.getMinY(), d.getWidth(), d.getHeight());
    DoubleSupplier freed =
        () -> {
          Rectangle2D free =
              OutOfTheWay.largestFree(
                  diagram,
                  new Rectangle2D(shown.getX(), shown.getY(), shown.getWidth(), shown.getHeight()));
          return free == null
              ? 0
              : free.getWidth() * free.getHeight() / (diagram.getWidth() * diagram.getHeight());
        };
    try {
      WaitForAsyncUtils.waitFor(3, TimeUnit.SECONDS, () -> freed.getAsDouble() >= atLeast);
    } catch (TimeoutException e) {
      // The caller says what it expected.
    }
    return freed.getAsDouble();
  }
}
