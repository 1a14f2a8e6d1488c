package org.keyspacestudio.app.ui;

import javafx.geometry.Bounds;
import javafx.scene.Scene;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;

/**
 * Has JavaFX repaint an area of a window from its scene's root, whatever the repaint flags of the
 * nodes in it say.
 *
 * <p>JavaFX 21 loses repaints (JDK-8322619, fixed in JavaFX 23, which needs Java 21): when a frame
 * culls a node whose descendants changed, they keep their flags while the node is cleared, and the
 * changes of their siblings made later no longer reach the scene's root, so they stay off screen
 * until something repaints the area for another reason. Found in the editor: right after opening a
 * file whose model browser had a horizontal scroll bar and whose Problems table was empty, Zoom Out
 * changed the status bar's zoom and the canvas's tiles, not the diagram on screen.
 *
 * <p>The mark is an empty region (it draws nothing) at the bottom of the scene's root when the root
 * is a {@link Pane}, not managed and not taking the mouse; marking an area moves it over the area
 * and changes its width by a pixel, so the next frame repaints the area from the root down. A shape
 * would do as well but be drawn in every frame that repaints the area (a transparent rectangle over
 * the diagram made a pan's frame 5.5 ms, not 3.5). Elsewhere (a scene whose root is not a pane) it
 * does nothing. JavaFX application thread only.
 */
final class RepaintMark {

  private final Region region = new Region();
  private boolean wider;

  RepaintMark() {
    region.setManaged(false);
    region.setMouseTransparent(true);
    region.setFocusTraversable(false);
    region.resize(0, 0);
  }

  /** Puts the mark into {@code scene}'s root, out of the one it was in; null takes it out. */
  void attach(Scene scene) {
    if (region.getParent() instanceof Pane old) {
      old.getChildren().remove(region);
    }
    if (scene != null && scene.getRoot() instanceof Pane root) {
      // At the bottom: nothing in front of what it marks.
      root.getChildren().add(0, region);
    }
  }

  /**
   * Has the next frame repaint {@code area} of the scene (and a pixel more on its right every other
   * time).
   *
   * @param area in scene pixels; nothing happens when it is empty or the mark is in no scene
   */
  void repaint(Bounds area) {
    if (area == null || area.isEmpty() || region.getParent() == null) {
      return;
    }
    Bounds local = region.getParent().sceneToLocal(area);
    wider = !wider;
    region.resizeRelocate(
        local.getMinX(), local.getMinY(), local.getWidth() + (wider ? 1 : 0), local.getHeight());
  }
}
