package org.keyspacestudio.app.ui;

import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * The editor window's place and size as the window manager gives them: JavaFX 21's GTK windows need
 * help under Openbox and Xfwm (decision 0010). Follows the place and content size the window has
 * while neither maximized nor minimized (what is saved, and what leaving the maximized state comes
 * back to). Dialogs are {@link WindowPlacement}'s.
 */
final class WindowBounds {

  private final Stage stage;

  /**
   * The window's place and content size when last neither maximized nor minimized, in screen
   * pixels; null until known. Saved while the window is maximized, as the size to leave the
   * maximized state for.
   */
  private Settings.WindowState normalBounds;

  /**
   * @param stage the editor's window
   * @param restored the bounds it was given from the saved state, or null
   */
  WindowBounds(Stage stage, Settings.WindowState restored) {
    this.stage = stage;
    this.normalBounds = restored;
  }

  /**
   * The place and content size the window has, or had before it was maximized or minimized; null
   * when not yet known.
   */
  Settings.WindowState normal() {
    rememberNormalBounds();
    return normalBounds;
  }

  /**
   * Call once the window is shown. Keeps the window at its size under window managers that first
   * map it at 200 x 200 pixels (JavaFX 21 under Openbox, seen here, and under GNOME's Mutter in
   * JDK-8316423, fixed in JavaFX 22, which needs a newer JDK than the build's): once shown, a
   * window that is not maximized is sized to its scene again, which asks the window manager even
   * when JavaFX believes the window has that size, and a restored window is kept at its place
   * ({@link #keepPlaceAsked}). Then follows the place and size the window has while neither
   * maximized nor minimized: what is saved while it is maximized.
   */
  void follow() {
    Scene scene = stage.getScene();
    double askedWidth = scene.getWidth();
    double askedHeight = scene.getHeight();
    long settledAt = System.nanoTime() + 2_000_000_000L;
    Runnable fit =
        () -> {
          if (!stage.isMaximized()) {
            stage.sizeToScene();
          }
        };
    javafx.application.Platform.runLater(fit);
    // The window manager's own size may come after that (a dialog at start, such as the recovery
    // question, delays it): in the first 2 s, a size under half the one asked for is undone,
    // until the window has the size asked for again (then the user may change it).
    boolean[] settled = {false};
    javafx.beans.value.ChangeListener<Number> settle =
        (o, was, now) -> {
          if (settled[0] || System.nanoTime() > settledAt) {
            return;
          }
          // The bug's size is 200 x 200: a window under half the size asked for, both ways (a
          // user making it smaller in these 2 s is left alone).
          if (scene.getWidth() < askedWidth / 2 && scene.getHeight() < askedHeight / 2) {
            javafx.application.Platform.runLater(fit);
          } else if (Math.abs(scene.getWidth() - askedWidth) <= 1
              && Math.abs(scene.getHeight() - askedHeight) <= 1) {
            settled[0] = true;
          }
        };
    scene.widthProperty().addListener(settle);
    scene.heightProperty().addListener(settle);
    keepPlaceAsked(settledAt);
    // Change listeners: an invalidation listener would hear a property only while it is read.
    javafx.beans.value.ChangeListener<Number> follow = (o, was, now) -> windowMoved();
    stage.xProperty().addListener(follow);
    stage.yProperty().addListener(follow);
    // The scene's size, which is what is saved, follows the window's a moment later.
    stage.getScene().widthProperty().addListener(follow);
    stage.getScene().heightProperty().addListener(follow);
    stage
        .maximizedProperty()
        .addListener(
            (o, was, maximized) -> {
              if (maximized) {
                long at = System.nanoTime();
                javafx.animation.PauseTransition sizesKnown =
                    new javafx.animation.PauseTransition(javafx.util.Duration.millis(300));
                sizesKnown.setOnFinished(e -> dropMaximizedBounds(at));
                sizesKnown.play();
              }
              // Taken now: the sizes the window manager reports next would replace it.
              restoring = maximized ? null : normalBounds;
              restoringUntil = System.nanoTime() + 1_000_000_000L;
              if (restoring != null) {
                javafx.application.Platform.runLater(this::restoreNormalBounds);
                // Once the window manager is done: the size once more, from settled figures (the
                // frame reckoned while they changed was off by the frame, either way).
                Settings.WindowState to = restoring;
                javafx.animation.PauseTransition done =
                    new javafx.animation.PauseTransition(javafx.util.Duration.millis(1200));
                done.setOnFinished(e -> correctSize(to));
                done.play();
              }
            });
  }

  /**
   * Keeps a restored window at the place asked for: in the first 2 s after it is shown, a window
   * found elsewhere is asked for that place again, up to three times. Under KWin (with its Breeze
   * frames) a window asked for a place before it was mapped came the frame's title bar lower (41
   * pixels), so that each start saved, and came back, lower than the one before; asked again once
   * shown, it goes to the place asked for.
   *
   * @param until when to stop ({@link System#nanoTime()})
   */
  private void keepPlaceAsked(long until) {
    Settings.WindowState asked = normalBounds;
    if (asked == null || asked.maximized()) {
      return;
    }
    int[] asks = {0};
    boolean[] pending = {false};
    javafx.beans.value.ChangeListener<Number> place =
        (o, was, now) -> {
          if (pending[0] || asks[0] >= 3 || System.nanoTime() > until || stage.isMaximized()) {
            return;
          }
          if (Math.abs(stage.getX() - asked.x()) > 1 || Math.abs(stage.getY() - asked.y()) > 1) {
            asks[0]++;
            pending[0] = true;
            // After both coordinates of this move are in.
            javafx.application.Platform.runLater(
                () -> {
                  pending[0] = false;
                  if (!stage.isMaximized()) {
                    stage.setX(asked.x());
                    stage.setY(asked.y());
                  }
                });
          }
        };
    stage.xProperty().addListener(place);
    stage.yProperty().addListener(place);
  }

  /** The place and size a window that left the maximized state goes back to; null when none. */
  private Settings.WindowState restoring;

  /**
   * Until when ({@link System#nanoTime()}) sizes reported after leaving maximized are corrected.
   */
  private long restoringUntil;

  /** Follows a new place or size of the window. */
  private void windowMoved() {
    if (restoring != null && System.nanoTime() < restoringUntil) {
      Scene scene = stage.getScene();
      if (Math.abs(scene.getWidth() - restoring.width()) > 1
          || Math.abs(scene.getHeight() - restoring.height()) > 1) {
        javafx.application.Platform.runLater(this::restoreNormalBounds);
      }
      return;
    }
    restoring = null;
    rememberNormalBounds();
  }

  /**
   * Asks for the place and size the window had before it was maximized. Under Openbox, JavaFX 21
   * leaves the window as large as the screen when the user leaves the maximized state; the request
   * goes out even when JavaFX believes the window has that size.
   */
  private void restoreNormalBounds() {
    Scene scene = stage.getScene();
    Settings.WindowState to = restoring;
    if (to == null || stage.isMaximized() || scene == null) {
      return;
    }
    // The window's size counts the window manager's frame; what the scene lacks is asked for.
    double frameWidth = Math.max(0, stage.getWidth() - scene.getWidth());
    double frameHeight = Math.max(0, stage.getHeight() - scene.getHeight());
    stage.setX(to.x());
    stage.setY(to.y());
    stage.setWidth(to.width() + frameWidth);
    stage.setHeight(to.height() + frameHeight);
  }

  /**
   * Asks for what the scene lacks of the size from before, if it is off and not maximized. Any size
   * 1.2 s after leaving the maximized state is the window manager's, not the user's: under load,
   * Xfwm4 gave the window its own restored size (1150x920 where 1100x750 was asked for) after the
   * first second, and a limit of 160 pixels meant for "the user has resized it since" let it stand
   * ({@code WindowManagerTest}, once in a full build).
   */
  private void correctSize(Settings.WindowState to) {
    Scene scene = stage.getScene();
    if (stage.isMaximized()
        || (Math.abs(scene.getWidth() - to.width()) <= 1
            && Math.abs(scene.getHeight() - to.height()) <= 1)) {
      return;
    }
    stage.setWidth(stage.getWidth() + to.width() - scene.getWidth());
    stage.setHeight(stage.getHeight() + to.height() - scene.getHeight());
  }

  /** Notes the window's place and content size if it is neither maximized nor minimized. */
  private void rememberNormalBounds() {
    Scene scene = stage.getScene();
    if (!stage.isShowing()
        || stage.isMaximized()
        || stage.isIconified()
        || scene == null
        || scene.getWidth() < 400
        || scene.getHeight() < 300) {
      return;
    }
    normalBounds =
        new Settings.WindowState(
            stage.getX(), stage.getY(), scene.getWidth(), scene.getHeight(), false, null);
    recentBounds.addLast(new NotedBounds(System.nanoTime(), normalBounds));
    while (recentBounds.size() > 12) {
      recentBounds.removeFirst();
    }
  }

  /** Bounds noted at a moment ({@link System#nanoTime()}). */
  private record NotedBounds(long at, Settings.WindowState bounds) {}

  /** The last bounds noted while the window was normal, oldest first. */
  private final java.util.ArrayDeque<NotedBounds> recentBounds = new java.util.ArrayDeque<>();

  /**
   * Once a maximized window has its maximized place and size: drops the bounds noted in the 300 ms
   * before it was maximized that were the maximized ones, and takes the newest left as the bounds
   * from before. Xfwm reports the maximized size before the maximized state (Openbox the other way
   * round), so the bounds noted last were the maximized ones: those sharing the maximized width or
   * height are dropped. Xfwm may also move the window to the maximized place before it resizes it:
   * bounds at the maximized place with another size keep their size, and take the place of the
   * bounds before them if those had the same size. A window the user had at that place (KWin puts
   * the first window in the screen's corner) keeps its place and size.
   *
   * @param maximizedAt when the window became maximized ({@link System#nanoTime()})
   */
  private void dropMaximizedBounds(long maximizedAt) {
    Scene scene = stage.getScene();
    if (!stage.isMaximized() || scene == null) {
      return;
    }
    Settings.WindowState atMaximizedPlace = null;
    java.util.Iterator<NotedBounds> newestFirst = recentBounds.descendingIterator();
    while (newestFirst.hasNext()) {
      NotedBounds n = newestFirst.next();
      Settings.WindowState b = n.bounds();
      if (atMaximizedPlace != null) {
        boolean sameSize =
            Math.abs(b.width() - atMaximizedPlace.width()) <= 1
                && Math.abs(b.height() - atMaximizedPlace.height()) <= 1;
        normalBounds = sameSize ? b : atMaximizedPlace;
        return;
      }
      boolean sharesSize =
          Math.abs(b.width() - scene.getWidth()) <= 1
              || Math.abs(b.height() - scene.getHeight()) <= 1;
      boolean sharesPlace =
          Math.abs(b.x() - stage.getX()) <= 1 && Math.abs(b.y() - stage.getY()) <= 1;
      if (maximizedAt - n.at() > 300_000_000L || (!sharesSize && !sharesPlace)) {
        normalBounds = b;
        return;
      }
      if (!sharesSize) {
        atMaximizedPlace = b;
      }
    }
    if (atMaximizedPlace != null) {
      normalBounds = atMaximizedPlace;
    }
  }
}
