package org.keyspacestudio.app.ui;

import java.time.Duration;
import java.time.Instant;
import javafx.application.Platform;
import javafx.scene.Scene;

/**
 * For the start-up benchmark: when {@code KSTUDIO_STARTUP_PROBE} is set, prints how long after the
 * process's start each marked point was reached and the first frame of a scene came ({@code first
 * frame: N ms}), then exits.
 */
final class StartupProbe {

  private static final StringBuilder MARKS = new StringBuilder();

  private StartupProbe() {}

  static boolean enabled() {
    return System.getenv("KSTUDIO_STARTUP_PROBE") != null;
  }

  /** Records how long after the process's start a point of the start-up was reached. */
  static void mark(String what) {
    if (enabled()) {
      MARKS.append(what).append(": ").append(sinceStart()).append(" ms\n");
    }
  }

  /**
   * Milliseconds since the launch: since {@code KSTUDIO_LAUNCH_MS} (wall-clock milliseconds the
   * benchmark takes just before it starts the program) when set, else since the process's start as
   * the OS reports it. The latter is biased on Linux by up to a second: the kernel gives the boot
   * time in whole seconds (seen here: about 590 ms too much).
   */
  private static long sinceStart() {
    String launch = System.getenv("KSTUDIO_LAUNCH_MS");
    if (launch != null && launch.matches("\\d+")) {
      return System.currentTimeMillis() - Long.parseLong(launch);
    }
    Instant start = ProcessHandle.current().info().startInstant().orElse(Instant.now());
    return Duration.between(start, Instant.now()).toMillis();
  }

  /** Reports the first frame of {@code scene}: the end of the first pulse that lays it out. */
  static void watch(Scene scene) {
    Pulses.afterNextLayout(
        scene,
        () -> {
          System.out.print(MARKS);
          System.out.println("first frame: " + sinceStart() + " ms");
          Platform.runLater(Platform::exit);
        });
  }
}
