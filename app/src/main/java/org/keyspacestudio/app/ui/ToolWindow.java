package org.keyspacestudio.app.ui;

import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * A tool window over the document (Partition Sizes, Write Paths, Recovery Notes): a stage of its
 * own, owned by the editor's window (so above it, and closed with it), made when first opened.
 */
abstract class ToolWindow {

  /** The window; its scene is the subclass's. */
  protected final Stage stage = new Stage();

  /** The least width and height, in pixels, the window's form is usable at. */
  private final double leastWidth;

  private final double leastHeight;

  /**
   * @param owner the editor's window
   * @param title the window's title
   * @param leastWidth the least width its form is usable at, pixels: the editor makes it no
   *     narrower when it opens it beside the diagram
   * @param leastHeight the least height, pixels
   */
  ToolWindow(Window owner, String title, double leastWidth, double leastHeight) {
    stage.initOwner(owner);
    stage.setTitle(title);
    this.leastWidth = leastWidth;
    this.leastHeight = leastHeight;
  }

  double leastWidth() {
    return leastWidth;
  }

  double leastHeight() {
    return leastHeight;
  }

  /** Shows the window, in front of the editor's. */
  protected final void showInFront() {
    stage.show();
    stage.toFront();
  }

  boolean isShowing() {
    return stage.isShowing();
  }

  Stage stage() {
    return stage;
  }
}
