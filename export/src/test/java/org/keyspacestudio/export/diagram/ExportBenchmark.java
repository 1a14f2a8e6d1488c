package org.keyspacestudio.export.diagram;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.schema.Schema;

/**
 * Prints how long exporting takes: the KillrVideo schema to PNG (1x, 2x), SVG and PDF, first call
 * in a fresh JVM (what {@code kstudio export-image} pays) and the median of warm calls; and the
 * layout of a generated 1,000-table schema. Run with {@code bench/export.sh}.
 */
public final class ExportBenchmark {

  private ExportBenchmark() {}

  interface Work {
    void run() throws Exception;
  }

  public static void main(String[] args) throws Exception {
    Path corpus = Path.of(System.getProperty("kstudio.corpus", "../shared/corpus/cql"));
    Path killrvideo =
        corpus.resolve("datastax-training__killrvideo-sample-schema__killrvideo-schema.cql");
    long t0 = System.nanoTime();
    Schema schema = CqlImporter.readFiles(List.of(killrvideo)).schema();
    DiagramGeometry geometry = DiagramGeometry.of(schema, Diagram.empty(), DiagramStyle.DEFAULT);
    System.out.printf(
        Locale.ROOT,
        "KillrVideo (%d tables): read + layout, first call %.0f ms%n",
        schema.tableCount(),
        (System.nanoTime() - t0) / 1e6);
    time("PNG 1x", () -> ImageExport.png(geometry, 1));
    time("PNG 2x", () -> ImageExport.png(geometry, 2));
    time("SVG", () -> ImageExport.svg(geometry));
    time("PDF", () -> ImageExport.pdf(geometry));

    Path generated = Path.of("oracle/target/generated-1000-tables.cql");
    if (Files.exists(generated)) {
      Schema big = CqlImporter.readFiles(List.of(generated)).schema();
      time(
          "layout of 1,000 tables x 10 columns",
          () -> DiagramGeometry.of(big, Diagram.empty(), DiagramStyle.DEFAULT));
    }
  }

  private static void time(String label, Work work) throws Exception {
    long start = System.nanoTime();
    work.run();
    double first = (System.nanoTime() - start) / 1e6;
    List<Double> warm = new ArrayList<>();
    for (int i = 0; i < 15; i++) {
      long s = System.nanoTime();
      work.run();
      warm.add((System.nanoTime() - s) / 1e6);
    }
    warm.sort(Double::compare);
    System.out.printf(
        Locale.ROOT, "%-38s first %7.1f ms   warm median %7.1f ms%n", label, first, warm.get(7));
  }
}
