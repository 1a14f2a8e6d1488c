package org.keyspacestudio.app.ui;

import javafx.scene.Scene;

/** Running something once, at the end of a scene's next layout pulse. */
final class Pulses {
  private Pulses() {}

  /**
   * Runs {@code action} once, on the JavaFX thread, at the end of the next pulse that lays out
   * {@code scene}: for a new window, right after its first frame.
   */
  static void afterNextLayout(Scene scene, Runnable action) {
    Runnable[] listener = new Runnable[1];
    listener[0] =
        () -> {
          scene.removePostLayoutPulseListener(listener[0]);
          action.run();
        };
    scene.addPostLayoutPulseListener(listener[0]);
  }
}
