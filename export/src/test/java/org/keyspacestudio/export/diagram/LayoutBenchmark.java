package org.keyspacestudio.export.diagram;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.keyspacestudio.model.diagram.DiagramKind;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;

/**
 * Prints the automatic layout's time for each diagram kind of a generated project: a 1,000-table
 * Chebotko diagram joined by 999 query arrows, a 200-entity ER diagram (with its attribute ovals)
 * and a 200-task workflow; the first call in a fresh JVM (ELK's classes loaded) and the median of
 * warm calls. Writes the project, laid out, to {@code export/target/generated-200-entities.kstudio}
 * for {@code bench/editor.sh}. Run with {@code bench/layout.sh}.
 */
public final class LayoutBenchmark {

  private LayoutBenchmark() {}

  public static void main(String[] args) throws Exception {
    List<String> numbers = List.of(args).stream().filter(a -> !a.startsWith("--")).toList();
    int entities = numbers.size() > 0 ? Integer.parseInt(numbers.get(0)) : 200;
    int tables = numbers.size() > 1 ? Integer.parseInt(numbers.get(1)) : 1000;
    Project project = GeneratedModels.project(entities, tables, 42);
    System.out.printf(
        Locale.ROOT,
        "generated: %d entities, %d relationships, %d tasks, %d tables, %d query arrows%n",
        project.conceptual().entities().size(),
        project.conceptual().relationships().size(),
        project.workflow().tasks().size(),
        project.schema().tableCount(),
        project.diagram().arrows().size());
    if (List.of(args).contains("--warm-up")) {
      long t0 = System.nanoTime();
      AutoLayout.warmUp();
      System.out.printf(
          Locale.ROOT,
          "ELK warm-up (a 3-box layout, classes loaded): %.1f ms%n",
          (System.nanoTime() - t0) / 1e6);
    }
    Project placed = project;
    for (DiagramKind kind :
        new DiagramKind[] {DiagramKind.PHYSICAL, DiagramKind.CONCEPTUAL, DiagramKind.WORKFLOW}) {
      long t0 = System.nanoTime();
      DiagramGeometry g = DiagramGeometry.of(project, kind, DiagramStyle.DEFAULT);
      double first = (System.nanoTime() - t0) / 1e6;
      List<Double> warm = new ArrayList<>();
      for (int i = 0; i < 7; i++) {
        long s = System.nanoTime();
        DiagramGeometry.of(project, kind, DiagramStyle.DEFAULT);
        warm.add((System.nanoTime() - s) / 1e6);
      }
      warm.sort(Double::compare);
      System.out.printf(
          Locale.ROOT,
          "layout %-10s %5d boxes, %5d edges: first %7.1f ms, warm median %7.1f ms%n",
          kind.title(),
          g.boxes().size(),
          g.arrows().size(),
          first,
          warm.get(3));
      // The arrows' routes and labels, worked out once per geometry (on first draw).
      List<Double> routes = new ArrayList<>();
      int crossed = 0;
      for (int i = 0; i < 5; i++) {
        DiagramGeometry fresh = DiagramGeometry.of(project, kind, DiagramStyle.DEFAULT);
        long s = System.nanoTime();
        for (var a : fresh.arrows()) {
          fresh.path(a);
        }
        routes.add((System.nanoTime() - s) / 1e6);
        if (i == 0) {
          for (var a : fresh.arrows()) {
            crossed += DiagramRenderer.crossings(fresh, fresh.path(a).route(), a);
          }
        }
      }
      double firstRoutes = routes.get(0);
      routes.sort(Double::compare);
      System.out.printf(
          Locale.ROOT,
          "routes %-10s first %7.1f ms, median %7.1f ms; %d boxes crossed by arrows%n",
          kind.title(),
          firstRoutes,
          routes.get(2),
          crossed);
      placed =
          kind.chebotko()
              ? placed.withDiagram(placed.diagram().withPositions(g.autoPlaced()))
              : placed.withLayout(kind, placed.layout(kind).withPositions(g.autoPlaced()));
    }
    Path out = Path.of("export/target/generated-" + entities + "-entities.kstudio");
    Files.createDirectories(out.getParent());
    ProjectFile.write(placed, out);
    System.out.println("wrote " + out + " (for bench/editor.sh)");
  }
}
