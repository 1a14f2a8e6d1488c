package org.keyspacestudio.export.diagram;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.DiagramKind;
import org.keyspacestudio.model.diagram.NamedDiagram;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.project.DamagedProjects;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.project.ProjectFileException;

/**
 * A damaged project file the reader takes is drawn like any other: every diagram of it (the four
 * kinds and each named diagram) laid out, each arrow routed and labelled, and painted, without an
 * exception and in bounded time and memory (a box placed far away once made the router visit every
 * grid cell under an arrow).
 */
class DamagedProjectsDrawnTest {

  private static final long SEED = 20261202L;
  private static final int CASES = Integer.getInteger("kstudio.fuzz.cases", 3000) / 3;

  @Test
  void everyDiagramOfADamagedProjectTheReaderTakesIsDrawn() throws Exception {
    List<String> originals = DamagedProjects.originals();
    Random r = new Random(SEED);
    BufferedImage image = new BufferedImage(64, 64, BufferedImage.TYPE_INT_RGB);
    List<String> crashes = new ArrayList<>();
    int drawn = 0;
    for (int i = 0; i < CASES; i++) {
      DamagedProjects.Damaged d =
          DamagedProjects.damage(r, originals.get(r.nextInt(originals.size())));
      Project p;
      try {
        p = ProjectFile.fromJson(d.json(), null);
      } catch (ProjectFileException refused) {
        continue;
      }
      try {
        List<DiagramGeometry> diagrams = new ArrayList<>();
        for (DiagramKind kind : DiagramKind.values()) {
          diagrams.add(DiagramGeometry.of(p, kind, DiagramStyle.DEFAULT));
        }
        for (NamedDiagram named : p.diagram().named()) {
          diagrams.add(
              DiagramGeometry.of(p, named, Diagram.Level.PHYSICAL, DiagramStyle.DEFAULT, null));
        }
        for (DiagramGeometry g : diagrams) {
          for (QueryArrow arrow : g.arrows()) {
            g.path(arrow);
          }
          Graphics2D graphics = image.createGraphics();
          graphics.scale(0.01, 0.01);
          DiagramRenderer.paint(graphics, g, RenderState.PLAIN, null);
          graphics.dispose();
        }
        // The documentation page draws them all again, with the CQL and the checks.
        if (i % 10 == 0) {
          org.keyspacestudio.export.doc.DocumentationExport.html(p, "damaged");
        }
        drawn++;
      } catch (RuntimeException | java.io.IOException e) {
        crashes.add(
            "case "
                + i
                + " ("
                + d.how()
                + "): "
                + e
                + " at "
                + java.util.Arrays.toString(java.util.Arrays.copyOf(e.getStackTrace(), 8)));
      }
    }
    System.out.println(
        CASES
            + " damaged project files (seed "
            + SEED
            + "): "
            + drawn
            + " read and drawn, "
            + crashes.size()
            + " crashes");
    crashes.stream().limit(20).forEach(c -> System.out.println("  CRASH " + c));
    assertThat(drawn).isPositive();
    assertThat(crashes).isEmpty();
  }
}
