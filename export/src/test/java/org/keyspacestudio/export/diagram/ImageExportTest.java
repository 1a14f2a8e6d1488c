package org.keyspacestudio.export.diagram;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.Corpus;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.Table;

/** Exporting the KillrVideo schema: every format carries every name, the PNG is a real picture. */
class ImageExportTest {

  private static Schema schema;
  private static DiagramGeometry geometry;
  private static List<String> names;

  @BeforeAll
  static void killrVideo() throws Exception {
    Path file =
        Corpus.dir().resolve("datastax-training__killrvideo-sample-schema__killrvideo-schema.cql");
    schema = CqlImporter.readFiles(List.of(file)).schema();
    geometry = DiagramGeometry.of(schema, Diagram.empty(), DiagramStyle.DEFAULT);
    names = new ArrayList<>();
    for (Keyspace ks : schema.keyspaces()) {
      for (Table t : ks.tables()) {
        names.add(t.name().asInternal());
        for (Column c : t.columns()) {
          names.add(c.name().asInternal());
        }
      }
    }
    assertThat(names).hasSizeGreaterThan(60);
  }

  @Test
  void theSvgHoldsEveryTableAndColumnNameAsText() throws Exception {
    String svg = ImageExport.svg(geometry);
    assertThat(svg).startsWith("<?xml").contains("<svg").contains("DejaVu Sans");
    for (String name : names) {
      assertThat(svg)
          .as("SVG text for %s", name)
          .containsAnyOf(
              ">killrvideo." + name + "<",
              ">" + name + "<",
              ">{" + name + "}<",
              ">&lt;" + name + "&gt;<",
              ">*" + name + "*<");
    }
  }

  @Test
  void thePdfKeepsTextAsSearchableText() throws Exception {
    byte[] pdf = ImageExport.pdf(geometry);
    String text;
    try (PDDocument document = Loader.loadPDF(pdf)) {
      assertThat(document.getNumberOfPages()).isEqualTo(1);
      text = new PDFTextStripper().getText(document);
    }
    for (String name : names) {
      assertThat(text).as("PDF text for %s", name).contains(name);
    }
    assertThat(text).contains("C↓").contains("++");
  }

  @Test
  void thePngHasTheDiagramsSizeAndIsNotBlank() throws Exception {
    var area = ImageExport.area(geometry);
    for (double scale : new double[] {1, 2}) {
      BufferedImage image =
          ImageIO.read(new ByteArrayInputStream(ImageExport.png(geometry, scale)));
      assertThat(image.getWidth()).isEqualTo((int) Math.ceil(area.getWidth() * scale));
      assertThat(image.getHeight()).isEqualTo((int) Math.ceil(area.getHeight() * scale));
      Set<Integer> colours = new HashSet<>();
      for (int y = 0; y < image.getHeight(); y += 7) {
        for (int x = 0; x < image.getWidth(); x += 7) {
          colours.add(image.getRGB(x, y));
        }
      }
      assertThat(colours).as("distinct colours sampled").hasSizeGreaterThan(10);
      int header = DiagramStyle.DEFAULT.tableHeader.getRGB();
      Keyspace ks = schema.keyspaces().get(0);
      BoxGeometry first = geometry.box(ElementRef.table(ks.name(), ks.tables().get(0).name()));
      int hx = (int) ((first.bounds().getX() + 3 - area.getX()) * scale);
      int hy = (int) ((first.bounds().getY() + 3 - area.getY()) * scale);
      assertThat(image.getRGB(hx, hy)).as("table header colour at its corner").isEqualTo(header);
    }
  }

  @Test
  void boxesDoNotOverlap() {
    List<BoxGeometry> boxes = new ArrayList<>(geometry.boxes());
    for (int i = 0; i < boxes.size(); i++) {
      for (int j = i + 1; j < boxes.size(); j++) {
        assertThat(boxes.get(i).bounds().intersects(boxes.get(j).bounds()))
            .as("%s overlaps %s", boxes.get(i).box().title(), boxes.get(j).box().title())
            .isFalse();
      }
    }
  }

  @Test
  void aNameOfAMillionCharactersIsDrawnToItsThreeHundredthAndTheBoxStaysSmall() throws Exception {
    // The box was 6.6 million pixels wide: a PNG of it took 45 s and 6 GB.
    String cql =
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor':"
            + " 1};\nCREATE TABLE ks.t (k int PRIMARY KEY, "
            + "c".repeat(1_000_000)
            + " text);\n";
    DiagramGeometry wide =
        DiagramGeometry.of(
            CqlImporter.read(cql, "wide.cql").schema(), Diagram.empty(), DiagramStyle.DEFAULT);
    ImageExport.Painting painting = ImageExport.painting(wide);
    assertThat(painting.area().getWidth()).isLessThan(4_000);
    String svg = ImageExport.svg(painting);
    assertThat(svg).contains("c".repeat(299) + "…").doesNotContain("c".repeat(300));
    BufferedImage png = ImageIO.read(new ByteArrayInputStream(ImageExport.png(painting, 1)));
    assertThat(png.getWidth()).isLessThan(4_000);
  }

  @Test
  void aPngTooLargeForJavaIsRefusedWithTheLargestScaleThatFits() throws Exception {
    // 100,000 × 20,000 drawing pixels: at scale 2, 8 billion pixels overflowed an int
    // (NegativeArraySizeException, "internal error" on the command line).
    ImageExport.Painting painting =
        new ImageExport.Painting() {
          @Override
          public java.awt.geom.Rectangle2D area() {
            return new java.awt.geom.Rectangle2D.Double(0, 0, 100_000, 20_000);
          }

          @Override
          public java.awt.Color background() {
            return java.awt.Color.WHITE;
          }

          @Override
          public void paint(java.awt.Graphics2D g) {}
        };
    java.awt.geom.Rectangle2D area = painting.area();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> ImageExport.png(painting, 2))
        .isInstanceOf(java.io.IOException.class)
        .hasMessageStartingWith("The image is 200,000 × 40,000 pixels at scale 2 (8,000 million")
        .hasMessageContaining("more than a PNG image can hold (2,147,483,639 pixels)")
        .hasMessageContaining("Export it as SVG or PDF, or as PNG at a scale of at most ");
    String message =
        org.assertj.core.api.Assertions.catchThrowable(() -> ImageExport.png(painting, 2))
            .getMessage();
    double fits =
        Double.parseDouble(message.replaceAll("(?s).*at a scale of at most ([0-9.]+)\\.$", "$1"));
    // The scale offered is the largest in hundredths whose image Java can hold.
    assertThat(pixels(area, fits)).isLessThanOrEqualTo(ImageExport.PNG_MAX_PIXELS);
    assertThat(pixels(area, fits + 0.01)).isGreaterThan(ImageExport.PNG_MAX_PIXELS);
  }

  private static double pixels(java.awt.geom.Rectangle2D area, double scale) {
    return Math.ceil(area.getWidth() * scale) * Math.ceil(area.getHeight() * scale);
  }
}
