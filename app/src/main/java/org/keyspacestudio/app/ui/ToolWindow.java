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

  /**
   * @param owner the editor's window
   * @param title the window's title
   */
  ToolWindow(Window owner, String title) {
    stage.initOwner(owner);
    stage.setTitle(title);
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
