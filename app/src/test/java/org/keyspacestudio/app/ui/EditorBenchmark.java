package org.keyspacestudio.app.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.keyspacestudio.export.diagram.BoxGeometry;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * Prints the editor's figures on a generated 1,000-table, 10,000-column model: time to open it
 * (read, validate, lay out, first paint), heap used, and the time of each frame while panning,
 * zooming and dragging (p50/p95/max over many frames), at "fit to window" (every box visible: the
 * worst case) and at 100%. A frame is the change, the Java2D redraw of the visible area and its
 * display (a synchronous snapshot of the view, which uploads and composes the image, in software
 * rendering).
 *
 * <p>Run headless with {@code bench/editor.sh} (Monocle, software rendering).
 */
public final class EditorBenchmark {

  private EditorBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args.length > 0 ? args[0] : "oracle/target/generated-1000-tables.cql");
    CountDownLatch started = new CountDownLatch(1);
    Platform.startup(started::countDown);
    started.await();
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
          EditorWindow w = new EditorWindow(new Stage(), file);
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
        "model: %d tables, %d columns%nopen (read + validate + layout + first paint): %.0f ms%n"
            + "heap used after open: %.0f MB%n",
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
    frames("baseline: snapshot only, no redraw", 100, i -> {}, canvas, i -> {});
    for (String level : new String[] {"fit to window", "100%"}) {
      onFx(level.equals("100%") ? canvas::actualSize : canvas::fit);
      frames(level + ", pan", 300, i -> canvas.zoomBy(1, 0, 0), canvas, i -> panStep(canvas, i));
      frames(
          level + ", zoom", 200, i -> {}, canvas, i -> canvas.zoomBy(i % 2 == 0 ? 1.05 : 1 / 1.05));
      ElementRef some = canvas.geometry().boxes().iterator().next().box().element();
      BoxGeometry box = canvas.geometry().box(some);
      frames(
          level + ", drag one table",
          300,
          i -> {},
          canvas,
          i ->
              canvas.dragPreview(
                  java.util.Map.of(
                      some,
                      new Point(box.bounds().getX() + i % 50, box.bounds().getY() + i % 30))));
    }
    Platform.exit();
  }

  private static void panStep(DiagramCanvas canvas, int i) {
    canvas.panBy(i % 2 == 0 ? 8 : -8, i % 2 == 0 ? 5 : -5);
  }

  interface Step {
    void run(int i);
  }

  private static boolean display;

  private static void frames(String label, int count, Step setup, DiagramCanvas canvas, Step frame)
      throws Exception {
    display = false;
    measure(label + " [draw]", count, canvas, frame);
    display = true;
    measure(label + " [+ window frame]", count, canvas, frame);
  }

  private static void measure(String label, int count, DiagramCanvas canvas, Step frame)
      throws Exception {
    List<Double> times = new ArrayList<>();
    javafx.scene.image.WritableImage image =
        new javafx.scene.image.WritableImage((int) canvas.getWidth(), (int) canvas.getHeight());
    for (int i = 0; i < count + 30; i++) {
      int n = i;
      AtomicReference<Double> ms = new AtomicReference<>();
      onFx(
          () -> {
            long t0 = System.nanoTime();
            frame.run(n);
            if (display) {
              // Waits for and includes the render thread's frame of the whole window.
              canvas.snapshot(null, image);
            }
            ms.set((System.nanoTime() - t0) / 1e6);
          });
      if (i >= 30) {
        times.add(ms.get());
      }
    }
    onFx(() -> canvas.dragPreview(null));
    times.sort(Double::compare);
    System.out.printf(
        Locale.ROOT,
        "%-52s frames %4d  p50 %6.2f ms  p95 %6.2f ms  max %6.2f ms%n",
        label,
        times.size(),
        times.get(times.size() / 2),
        times.get((int) (times.size() * 0.95)),
        times.get(times.size() - 1));
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
