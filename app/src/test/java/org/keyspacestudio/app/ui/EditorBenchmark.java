package org.keyspacestudio.app.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.stage.Stage;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.keyspacestudio.export.diagram.BoxGeometry;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * Prints the editor's figures on a generated 1,000-table, 10,000-column model: time to open it
 * (read, validate, lay out, first paint), heap used, and the frame times while panning, zooming and
 * dragging (p50/p95/max over hundreds of frames), at "fit to window" (every box visible: the worst
 * case) and at 100%.
 *
 * <p>Each frame gets one change from an animation timer. A frame's time runs from the start of its
 * pulse to the end of its rendering (the change, our Java2D redraw, CSS, layout, and JavaFX
 * painting the window), read from the pulse-phase events JavaFX records in Java Flight Recorder.
 *
 * <p>Run with {@code bench/editor.sh}: headless (Monocle), or in an X window with {@code --x11}.
 */
public final class EditorBenchmark {

  private static final String PULSE_PHASE = "javafx.PulsePhase";

  private EditorBenchmark() {}

  public static void main(String[] args) throws Exception {
    List<String> rest = new ArrayList<>(List.of(args));
    // --window WxH: the editor window's size in pixels (default: the editor's own first size).
    int at = rest.indexOf("--window");
    double[] size = null;
    if (at >= 0) {
      String[] wh = rest.get(at + 1).split("x");
      size = new double[] {Double.parseDouble(wh[0]), Double.parseDouble(wh[1])};
      rest.subList(at, at + 2).clear();
    }
    double[] windowSize = size;
    // --diagram KIND: which of the project's diagrams to measure (default: the one it opens on).
    int d = rest.indexOf("--diagram");
    org.keyspacestudio.model.diagram.DiagramKind diagram = null;
    if (d >= 0) {
      diagram = org.keyspacestudio.model.diagram.DiagramKind.parse(rest.get(d + 1));
      rest.subList(d, d + 2).clear();
    }
    org.keyspacestudio.model.diagram.DiagramKind chosen = diagram;
    Path file = Path.of(rest.isEmpty() ? "oracle/target/generated-1000-tables.cql" : rest.get(0));
    // JavaFX reports each pulse's phases (FX thread and render thread) as JFR events when a
    // recording is running before it starts.
    Recording recording = new Recording();
    recording.enable(PULSE_PHASE).withThreshold(Duration.ZERO);
    recording.start();
    CountDownLatch started = new CountDownLatch(1);
    Platform.startup(started::countDown);
    started.await();
    Platform.setImplicitExit(false);
    AtomicReference<Double> emptyMs = new AtomicReference<>();
    onFx(
        () -> {
          long t0 = System.nanoTime();
          Stage stage = new Stage();
          new EditorWindow(stage, null);
          emptyMs.set((System.nanoTime() - t0) / 1e6);
          stage.close();
        });
    System.out.printf(
        Locale.ROOT,
        "open an empty editor window (first window of the JVM): %.0f ms%n",
        emptyMs.get());
    AtomicReference<EditorWindow> window = new AtomicReference<>();
    AtomicReference<Double> openMs = new AtomicReference<>();
    onFx(
        () -> {
          long t0 = System.nanoTime();
          Stage stage = new Stage();
          EditorWindow w = new EditorWindow(stage, file);
          if (windowSize != null) {
            stage.setX(0);
            stage.setY(0);
            stage.setWidth(windowSize[0]);
            stage.setHeight(windowSize[1]);
          }
          if (chosen != null) {
            w.showDiagram(chosen);
            w.canvas().fit();
          }
          openMs.set((System.nanoTime() - t0) / 1e6);
          window.set(w);
        });
    EditorWindow w = window.get();
    System.gc();
    Thread.sleep(300);
    Runtime rt = Runtime.getRuntime();
    long used = rt.totalMemory() - rt.freeMemory();
    System.out.printf(
        Locale.ROOT,
        "diagram: %s, %d boxes%nmodel: %d tables, %d columns%n"
            + "open (read + validate + layout + first paint): %.0f ms%nheap used after open: %.0f MB%n",
        w.currentDiagram().title(),
        w.canvas().geometry().boxes().size(),
        w.document().project().schema().tableCount(),
        w.document().project().schema().keyspaces().stream()
            .flatMap(k -> k.tables().stream())
            .mapToInt(t -> t.columns().size())
            .sum(),
        openMs.get(),
        used / 1e6);

    DiagramCanvas canvas = w.canvas();
    System.out.printf(
        Locale.ROOT, "canvas %.0f x %.0f px%n", canvas.getWidth(), canvas.getHeight());
    List<Scenario> scenarios = new ArrayList<>();
    for (String level : new String[] {"fit to window", "100%"}) {
      onFx(level.equals("100%") ? canvas::actualSize : canvas::fit);
      scenarios.add(run(level + ", pan", 300, canvas, i -> panStep(canvas, i)));
      scenarios.add(
          run(level + ", zoom", 200, canvas, i -> canvas.zoomBy(i % 2 == 0 ? 1.05 : 1 / 1.05)));
      ElementRef some = canvas.geometry().boxes().iterator().next().box().element();
      BoxGeometry box = canvas.geometry().box(some);
      scenarios.add(
          run(
              level + ", drag one table",
              300,
              canvas,
              i ->
                  canvas.dragPreview(
                      Map.of(
                          some,
                          new Point(box.bounds().getX() + i % 50, box.bounds().getY() + i % 30)))));
      onFx(() -> canvas.dragPreview(null));
    }
    // What JavaFX itself costs: the same image shown again every frame, nothing drawn into it (the
    // least a frame that changes the whole diagram can cost in this pipeline and window).
    scenarios.add(run("JavaFX alone, same image", 300, canvas, null));
    // The least any frame that repaints the whole window costs: nothing shown but the scene's fill,
    // changed every frame (JavaFX clears and presents every device pixel of the window).
    javafx.scene.Scene scene = canvas.getScene();
    javafx.scene.paint.Paint fill = scene.getFill();
    onFx(() -> scene.getRoot().setVisible(false));
    scenarios.add(
        run(
            "JavaFX floor, blank window",
            300,
            canvas,
            i ->
                scene.setFill(
                    i % 2 == 0
                        ? javafx.scene.paint.Color.WHITE
                        : javafx.scene.paint.Color.gray(0.97))));
    onFx(
        () -> {
          scene.setFill(fill);
          scene.getRoot().setVisible(true);
        });
    inspectorRefresh(w);
    openResponsiveness(w, file);
    // Last: the edits leave the document changed (an open would ask to discard them).
    editLatency(w);
    Path events = Files.createTempFile("editor-frames", ".jfr");
    recording.stop();
    recording.dump(events);
    Map<Integer, Frame> frames = frames(events);
    Files.delete(events);
    System.out.println(
        "draw: our change + Java2D redraw of the view, on the JavaFX thread."
            + " frame: pulse start to the window painted (JavaFX's own pulse events)."
            + " interval: pulse start to the next pulse start (60 Hz = 16.7 ms)."
            + " not on screen: the canvas's pixels the screen showed otherwise after the last"
            + " frame (a lost repaint makes frames cheap).");
    for (Scenario scenario : scenarios) {
      List<Double> frameMs = new ArrayList<>();
      List<Double> intervalMs = new ArrayList<>();
      Instant previous = null;
      for (Frame f : frames.values()) {
        if (f.start.isBefore(scenario.from) || f.start.isAfter(scenario.to)) {
          continue;
        }
        frameMs.add(Duration.between(f.start, f.end).toNanos() / 1e6);
        if (previous != null) {
          intervalMs.add(Duration.between(previous, f.start).toNanos() / 1e6);
        }
        previous = f.start;
      }
      System.out.printf(
          Locale.ROOT,
          "%-30s %4d frames  draw p50 %5.1f p95 %5.1f | frame p50 %5.1f p95 %5.1f max %5.1f"
              + " | interval p95 %5.1f ms | not on screen %s%n",
          scenario.label,
          frameMs.size(),
          percentile(scenario.drawMs, 0.5),
          percentile(scenario.drawMs, 0.95),
          percentile(frameMs, 0.5),
          percentile(frameMs, 0.95),
          percentile(frameMs, 1),
          percentile(intervalMs, 0.95),
          Double.isNaN(scenario.unlike)
              ? "-"
              : String.format(Locale.ROOT, "%.0f %%", scenario.unlike * 100));
    }
    Platform.exit();
  }

  private static void panStep(DiagramCanvas canvas, int i) {
    canvas.panBy(i % 2 == 0 ? 8 : -8, i % 2 == 0 ? 5 : -5);
  }

  interface Step {
    void run(int i);
  }

  /** What one run of frames did, and when. */
  /**
   * @param unlike the share of the canvas's pixels the screen showed otherwise after the last frame
   *     (sampled): near 0 when the frames timed reached the screen
   */
  private record Scenario(
      String label, Instant from, Instant to, List<Double> drawMs, double unlike) {}

  /**
   * Opens the file again, on the JavaFX thread and then in the background (File > Open), and prints
   * the longest gap between two pulses during each: how long the window stops answering.
   */
  private static void openResponsiveness(EditorWindow w, Path file) throws Exception {
    for (boolean background : new boolean[] {false, true}) {
      java.util.concurrent.atomic.AtomicLong last = new java.util.concurrent.atomic.AtomicLong();
      java.util.concurrent.atomic.AtomicLong longest = new java.util.concurrent.atomic.AtomicLong();
      javafx.animation.AnimationTimer timer =
          new javafx.animation.AnimationTimer() {
            @Override
            public void handle(long now) {
              long before = last.getAndSet(now);
              if (before > 0) {
                longest.accumulateAndGet(now - before, Math::max);
              }
            }
          };
      var before = w.document();
      long t0 = System.nanoTime();
      onFx(timer::start);
      Thread.sleep(100);
      onFx(
          () -> {
            if (background) {
              w.openInBackground(file);
            } else {
              w.open(file);
            }
          });
      while (w.document() == before) {
        Thread.sleep(5);
      }
      Thread.sleep(100);
      onFx(timer::stop);
      System.out.printf(
          Locale.ROOT,
          "open again %s: %.0f ms until shown; longest gap between pulses %.0f ms%n",
          background ? "in the background (File > Open)" : "on the JavaFX thread",
          (System.nanoTime() - t0) / 1e6 - 200,
          longest.get() / 1e6);
    }
  }

  /**
   * Prints what the inspector costs on the JavaFX thread: a click on another table in the diagram
   * (the selection changes; the CQL pane and the inspector follow), and showing the same table
   * again (what every edit does), each with the CSS and layout of its form; p50 and p95 over 200
   * tables after 50 of warm-up.
   */
  private static void inspectorRefresh(EditorWindow w) throws Exception {
    List<ElementRef> tables =
        w.canvas().geometry().boxes().stream()
            .map(b -> b.box().element())
            .filter(r -> r.kind() == ElementRef.Kind.TABLE)
            .limit(250)
            .toList();
    for (boolean same : new boolean[] {false, true}) {
      List<Double> ms = new ArrayList<>();
      // One table a frame, as clicks come.
      for (int i = 0; i < tables.size(); i++) {
        ElementRef table = tables.get(i);
        boolean measured = i >= 50;
        if (same) {
          onFx(() -> w.inspector().show(table));
        }
        double took =
            untilLaidOut(
                w.inspector(),
                () -> {
                  if (same) {
                    w.inspector().fillAgain(table);
                  } else {
                    // What a click does: the selection changes, the CQL pane and the inspector
                    // follow.
                    w.canvas().selection().clear();
                    w.canvas().selection().add(table);
                  }
                });
        if (measured) {
          ms.add(took);
        }
      }
      System.out.printf(
          Locale.ROOT,
          "inspector, %-32s %3d tables  p50 %5.1f p95 %5.1f ms%n",
          same ? "the same table again (an edit):" : "a click on another table:",
          ms.size(),
          percentile(ms, 0.5),
          percentile(ms, 0.95));
    }
  }

  /**
   * Prints what one edit costs the JavaFX thread on this model, a table selected in the inspector:
   * its comment set (an edit that changes the schema), then everything that follows it (checks,
   * model browser, CQL pane, inspector) until the window is laid out, the diagram's redraw (in the
   * next frame) left out; p50 and p95 over 60 edits after 10 of warm-up.
   */
  private static void editLatency(EditorWindow w) throws Exception {
    ElementRef table =
        w.canvas().geometry().boxes().stream()
            .map(b -> b.box().element())
            .filter(r -> r.kind() == ElementRef.Kind.TABLE)
            .findFirst()
            .orElseThrow();
    onFx(
        () -> {
          w.canvas().selection().clear();
          w.canvas().selection().add(table);
        });
    List<Double> ms = new ArrayList<>();
    for (int i = 0; i < 70; i++) {
      String comment = "edit " + i;
      double took =
          untilLaidOut(
              w.canvas().getScene().getRoot(),
              () ->
                  w.document()
                      .perform(
                          org.keyspacestudio.model.edit.SchemaEdits.setComment(table, comment)));
      if (i >= 10) {
        ms.add(took);
      }
    }
    System.out.printf(
        Locale.ROOT,
        "an edit (a table's comment), until laid out:  %3d edits   p50 %5.1f p95 %5.1f ms%n",
        ms.size(),
        percentile(ms, 0.5),
        percentile(ms, 0.95));
  }

  /**
   * Runs {@code change} on the JavaFX thread, then (in the next runnable, as a pulse would) the CSS
   * and layout of {@code laidOut}; returns the milliseconds from the change's start to the end of
   * the layout.
   */
  private static double untilLaidOut(javafx.scene.Parent laidOut, Runnable change)
      throws Exception {
    long[] t0 = new long[1];
    onFx(
        () -> {
          t0[0] = System.nanoTime();
          change.run();
        });
    double[] took = new double[1];
    onFx(
        () -> {
          laidOut.applyCss();
          laidOut.layout();
          took[0] = (System.nanoTime() - t0[0]) / 1e6;
        });
    return took[0];
  }

  /** One pulse: from its start on the JavaFX thread to the end of its rendering. */
  private static final class Frame {
    Instant start;
    Instant end;
  }

  /**
   * Runs one change per frame, from an animation timer (as mouse events arrive between frames),
   * after 30 frames of warm-up; times the change and its redraw. A null step draws nothing and only
   * has JavaFX show the canvas's image again.
   */
  private static Scenario run(String label, int count, DiagramCanvas canvas, Step step)
      throws Exception {
    List<Double> drawMs = new ArrayList<>();
    CountDownLatch done = new CountDownLatch(1);
    AtomicReference<Instant> from = new AtomicReference<>();
    onFx(
        () ->
            new AnimationTimer() {
              private int i;

              @Override
              public void handle(long now) {
                if (i == 30) {
                  from.set(Instant.now());
                }
                if (i == count + 30) {
                  stop();
                  done.countDown();
                  return;
                }
                long t0 = System.nanoTime();
                if (step != null) {
                  step.run(i);
                  canvas.paintNow();
                } else {
                  canvas.showAgain();
                }
                if (i >= 30) {
                  drawMs.add((System.nanoTime() - t0) / 1e6);
                }
                i++;
              }
            }.start());
    done.await();
    Instant to = Instant.now();
    // Let the last frame finish rendering before the next run starts.
    Thread.sleep(100);
    AtomicReference<Double> unlike = new AtomicReference<>();
    onFx(() -> unlike.set(unlikeOnScreen(canvas)));
    return new Scenario(label, from.get(), to, drawMs, unlike.get());
  }

  /**
   * The share of the canvas's pixels (every third in each direction) the screen shows otherwise: a
   * frame timed that did not reach the screen (JavaFX 21 loses repaints, JDK-8322619) is cheap and
   * would flatter the figures. Only the part of the canvas on a screen is compared; NaN when the
   * window shows none of it.
   */
  private static double unlikeOnScreen(DiagramCanvas canvas) {
    if (!canvas.getScene().getRoot().isVisible()) {
      return Double.NaN;
    }
    javafx.geometry.Bounds b = canvas.localToScreen(canvas.getBoundsInLocal());
    // Only the part of the canvas on a screen: a window larger than the screen (200 % in a small
    // virtual screen) has the rest captured black.
    javafx.geometry.Rectangle2D screens = null;
    for (javafx.stage.Screen screen :
        javafx.stage.Screen.getScreensForRectangle(
            b.getMinX(), b.getMinY(), b.getWidth(), b.getHeight())) {
      javafx.geometry.Rectangle2D r = screen.getBounds();
      screens =
          screens == null
              ? r
              : new javafx.geometry.Rectangle2D(
                  Math.min(screens.getMinX(), r.getMinX()),
                  Math.min(screens.getMinY(), r.getMinY()),
                  Math.max(screens.getMaxX(), r.getMaxX())
                      - Math.min(screens.getMinX(), r.getMinX()),
                  Math.max(screens.getMaxY(), r.getMaxY())
                      - Math.min(screens.getMinY(), r.getMinY()));
    }
    if (screens == null) {
      return Double.NaN;
    }
    double left = Math.max(b.getMinX(), screens.getMinX());
    double top = Math.max(b.getMinY(), screens.getMinY());
    double right = Math.min(b.getMaxX(), screens.getMaxX());
    double bottom = Math.min(b.getMaxY(), screens.getMaxY());
    if (right <= left || bottom <= top) {
      return Double.NaN;
    }
    double scale = canvas.getScene().getWindow().getOutputScaleX();
    // On whole device pixels: 121.49999 at 200 % was captured from the row above the canvas's.
    left = Math.round(left * scale) / scale;
    top = Math.round(top * scale) / scale;
    int w = (int) Math.ceil(canvas.getWidth() * scale);
    int h = (int) Math.ceil(canvas.getHeight() * scale);
    int ox = (int) Math.round((left - b.getMinX()) * scale);
    int oy = (int) Math.round((top - b.getMinY()) * scale);
    javafx.scene.image.WritableImage shown =
        new javafx.scene.robot.Robot()
            .getScreenCapture(
                new javafx.scene.image.WritableImage(
                    (int) Math.ceil((right - left) * scale),
                    (int) Math.ceil((bottom - top) * scale)),
                left,
                top,
                right - left,
                bottom - top,
                false);
    int[] drawn = canvas.pixelsOnScreen();
    javafx.scene.image.PixelReader reader = shown.getPixelReader();
    int sampled = 0;
    int differ = 0;
    for (int y = 0; y < Math.min(h - oy, (int) shown.getHeight()); y += 3) {
      for (int x = 0; x < Math.min(w - ox, (int) shown.getWidth()); x += 3) {
        sampled++;
        if ((reader.getArgb(x, y) & 0xffffff) != (drawn[(y + oy) * w + x + ox] & 0xffffff)) {
          differ++;
        }
      }
    }
    return sampled == 0 ? 0 : (double) differ / sampled;
  }

  /** The frames of a recording, by pulse, in pulse order. */
  private static Map<Integer, Frame> frames(Path recording) throws Exception {
    Map<Integer, Frame> frames = new TreeMap<>();
    for (RecordedEvent e : RecordingFile.readAllEvents(recording)) {
      if (!e.getEventType().getName().equals(PULSE_PHASE) || e.getInt("pulseId") <= 0) {
        continue;
      }
      Frame f = frames.computeIfAbsent(e.getInt("pulseId"), id -> new Frame());
      if (f.start == null || e.getStartTime().isBefore(f.start)) {
        f.start = e.getStartTime();
      }
      if (f.end == null || e.getEndTime().isAfter(f.end)) {
        f.end = e.getEndTime();
      }
    }
    return frames;
  }

  private static double percentile(List<Double> values, double p) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(Double::compare);
    return sorted.get(Math.min(sorted.size() - 1, (int) (sorted.size() * p)));
  }

  private static void onFx(Runnable r) throws Exception {
    CountDownLatch done = new CountDownLatch(1);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Platform.runLater(
        () -> {
          try {
            r.run();
          } catch (Throwable t) {
            failure.set(t);
          } finally {
            done.countDown();
          }
        });
    done.await();
    if (failure.get() != null) {
      throw new IllegalStateException(failure.get());
    }
  }
}
