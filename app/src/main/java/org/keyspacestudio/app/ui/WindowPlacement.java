package org.keyspacestudio.app.ui;

import javafx.animation.PauseTransition;
import javafx.beans.InvalidationListener;
import javafx.collections.ListChangeListener;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.Duration;

/**
 * Puts the editor's dialogs (and its tool windows, the first time) in the middle of their owner, at
 * the size their form asks for, once the window manager has placed them. Under Openbox, JavaFX 21
 * places a dialog well, then hears the window manager map it at 200 x 200 pixels in the screen's
 * corner (JDK-8316423), and the size comes back but the place does not: New Diagram opened at the
 * screen's top-left corner. Where nothing moves the window, nothing is done.
 */
final class WindowPlacement {

  /** How long after a window is shown its place is watched. */
  private static final Duration WATCHED = Duration.millis(1500);

  /** How long the place must stay still before the window is put back in the middle. */
  private static final Duration STILL = Duration.millis(120);

  private static boolean installed;

  private WindowPlacement() {}

  /**
   * From now on watches every window shown with an owner: a modal one each time it is shown, one
   * that is not (the shortcuts and partition-size windows) the first time only, so that it stays
   * where the user put it. Call on the JavaFX thread; calling again does nothing.
   */
  static void install() {
    if (installed) {
      return;
    }
    installed = true;
    Window.getWindows()
        .addListener(
            (ListChangeListener<Window>)
                change -> {
                  while (change.next()) {
                    for (Window w : change.getAddedSubList()) {
                      if (w instanceof Stage stage && stage.getOwner() != null) {
                        boolean first =
                            stage.getProperties().putIfAbsent(WindowPlacement.class, true) == null;
                        if (first || stage.getModality() != Modality.NONE) {
                          watch(stage);
                        }
                      }
                    }
                  }
                });
  }

  /**
   * For {@link #WATCHED} after it is shown, puts the window back in the middle of its owner at its
   * form's size whenever its place or size changed and then stayed still for {@link #STILL}.
   */
  private static void watch(Stage stage) {
    PauseTransition still = new PauseTransition(STILL);
    still.setOnFinished(
        e -> {
          Window owner = stage.getOwner();
          if (!stage.isShowing() || owner == null) {
            return;
          }
          // Asked even when JavaFX believes the window is there: the X server may not agree.
          Object place = stage.getProperties().get(PLACE);
          if (place instanceof javafx.geometry.Rectangle2D at) {
            stage.setWidth(at.getWidth());
            stage.setHeight(at.getHeight());
            stage.setX(at.getMinX());
            stage.setY(at.getMinY());
          } else {
            stage.sizeToScene();
            stage.setX(owner.getX() + (owner.getWidth() - stage.getWidth()) / 2);
            stage.setY(owner.getY() + (owner.getHeight() - stage.getHeight()) / 2);
          }
        });
    InvalidationListener moved = o -> still.playFromStart();
    stage.xProperty().addListener(moved);
    stage.yProperty().addListener(moved);
    stage.widthProperty().addListener(moved);
    stage.heightProperty().addListener(moved);
    PauseTransition watched = new PauseTransition(WATCHED);
    Runnable stop =
        () -> {
          still.stop();
          watched.stop();
          stage.xProperty().removeListener(moved);
          stage.yProperty().removeListener(moved);
          stage.widthProperty().removeListener(moved);
          stage.heightProperty().removeListener(moved);
          stage.getProperties().remove(STOP);
          stage.getProperties().remove(PLACE);
        };
    watched.setOnFinished(e -> stop.run());
    stage.getProperties().put(STOP, stop);
    watched.play();
  }

  /** The key of the stage property holding what ends its watch. */
  private static final Object STOP = new Object();

  /** The key of the stage property holding where (and how large) the editor put the window. */
  private static final Object PLACE = new Object();

  /**
   * Puts a window where the editor wants it, at the size it wants (a tool window beside the diagram
   * it is about): now, and instead of the middle of its owner at its form's size whenever its watch
   * puts it back.
   *
   * @param x its left edge, screen pixels
   * @param y its top edge
   * @param width its width, decorations included (as {@link Stage#getWidth()})
   * @param height its height
   */
  static void placeAt(Stage stage, double x, double y, double width, double height) {
    if (stage.getProperties().containsKey(STOP)) {
      stage.getProperties().put(PLACE, new javafx.geometry.Rectangle2D(x, y, width, height));
    }
    stage.setWidth(width);
    stage.setHeight(height);
    stage.setX(x);
    stage.setY(y);
  }

  /**
   * Ends the watch of a window the editor itself moves (a tool window moved out of the way of what
   * it shows), so that it is not put back in the middle; nothing when it is not watched.
   */
  static void settled(Stage stage) {
    Object stop = stage.getProperties().get(STOP);
    if (stop instanceof Runnable r) {
      r.run();
    }
  }
}
