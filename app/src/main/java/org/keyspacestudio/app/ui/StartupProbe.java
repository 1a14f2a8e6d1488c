package org.keyspacestudio.app.ui;

import java.time.Duration;
import java.time.Instant;
import javafx.application.Platform;
import javafx.scene.Scene;

/**
 * For the start-up benchmark: when {@code KSTUDIO_STARTUP_PROBE} is set, prints the time from the
 * process's start to the first frame of a scene ({@code first frame: N ms}) and exits.
 */
final class StartupProbe {

  private StartupProbe() {}

  static boolean enabled() {
    return System.getenv("KSTUDIO_STARTUP_PROBE") != null;
  }

  /** Reports the first frame of {@code scene}: the end of the first pulse that lays it out. */
  static void watch(Scene scene) {
    Runnable[] listener = new Runnable[1];
    listener[0] =
        () -> {
          scene.removePostLayoutPulseListener(listener[0]);
          Instant start = ProcessHandle.current().info().startInstant().orElse(Instant.now());
          System.out.println(
              "first frame: " + Duration.between(start, Instant.now()).toMillis() + " ms");
          Platform.runLater(Platform::exit);
        };
    scene.addPostLayoutPulseListener(listener[0]);
  }
}
