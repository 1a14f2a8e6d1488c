package org.keyspacestudio.export.diagram;

import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2D;
import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2DFontTextDrawer;
import java.awt.Dimension;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.apache.batik.svggen.SVGGraphics2D;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.keyspacestudio.model.project.AtomicFiles;
import org.w3c.dom.Document;

/**
 * Writes a diagram as PNG, SVG or PDF through {@link DiagramRenderer}, so every format shows what
 * the editor shows. The image covers the diagram's {@link DiagramGeometry#bounds() bounds} plus a
 * margin; one diagram pixel is one PNG pixel at scale 1, one SVG user unit, one PDF point.
 */
public final class ImageExport {

  /** The export formats. */
  public enum Format {
    PNG,
    SVG,
    PDF;

    /** The format a file name's ending names, or null. */
    public static Format ofFileName(String name) {
      String lower = name.toLowerCase(Locale.ROOT);
      for (Format f : values()) {
        if (lower.endsWith("." + f.name().toLowerCase(Locale.ROOT))) {
          return f;
        }
      }
      return null;
    }
  }

  private ImageExport() {}

  /**
   * Writes the diagram to a file, atomically (temporary file beside it, then rename).
   *
   * @param scale pixels per diagram pixel for PNG (1 or 2 for high-density screens); ignored for
   *     the vector formats
   * @throws IOException if the file cannot be written
   */
  public static void write(DiagramGeometry geometry, Format format, double scale, Path file)
      throws IOException {
    byte[] bytes =
        switch (format) {
          case PNG -> png(geometry, scale);
          case SVG -> svg(geometry).getBytes(StandardCharsets.UTF_8);
          case PDF -> pdf(geometry);
        };
    AtomicFiles.write(file, bytes);
  }

  /** The diagram's area with the margin, in diagram pixels. */
  public static Rectangle2D area(DiagramGeometry geometry) {
    Rectangle2D b = geometry.bounds();
    double m = geometry.style().margin;
    return new Rectangle2D.Double(
        b.getX() - m,
        b.getY() - m,
        Math.max(1, b.getWidth() + 2 * m),
        Math.max(1, b.getHeight() + 2 * m));
  }

  /** A PNG of the diagram at {@code scale} image pixels per diagram pixel. */
  public static byte[] png(DiagramGeometry geometry, double scale) throws IOException {
    Rectangle2D area = area(geometry);
    int w = (int) Math.ceil(area.getWidth() * scale);
    int h = (int) Math.ceil(area.getHeight() * scale);
    BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setColor(geometry.style().background);
      g.fillRect(0, 0, w, h);
      g.scale(scale, scale);
      g.translate(-area.getX(), -area.getY());
      DiagramRenderer.paint(g, geometry, RenderState.PLAIN, null);
    } finally {
      g.dispose();
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(image, "png", out);
    return out.toByteArray();
  }

  /** An SVG document of the diagram; text stays text (font family DejaVu Sans). */
  public static String svg(DiagramGeometry geometry) throws IOException {
    Document document;
    try {
      document =
          DocumentBuilderFactory.newInstance()
              .newDocumentBuilder()
              .getDOMImplementation()
              .createDocument("http://www.w3.org/2000/svg", "svg", null);
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException("the JDK's XML parser is not configured", e);
    }
    Rectangle2D area = area(geometry);
    SVGGraphics2D g = new SVGGraphics2D(document);
    g.setSVGCanvasSize(
        new Dimension((int) Math.ceil(area.getWidth()), (int) Math.ceil(area.getHeight())));
    g.translate(-area.getX(), -area.getY());
    DiagramRenderer.paint(g, geometry, RenderState.PLAIN, null);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (Writer out = new OutputStreamWriter(bytes, StandardCharsets.UTF_8)) {
      g.stream(out, true);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  /**
   * A one-page PDF of the diagram, page size = drawing size, with DejaVu Sans embedded so that text
   * stays text (selectable and searchable).
   */
  public static byte[] pdf(DiagramGeometry geometry) throws IOException {
    Rectangle2D area = area(geometry);
    float w = (float) area.getWidth();
    float h = (float) area.getHeight();
    try (PDDocument document = new PDDocument();
        PdfBoxGraphics2DFontTextDrawer fonts = new PdfBoxGraphics2DFontTextDrawer()) {
      for (String ttf : new String[] {DiagramFonts.REGULAR_TTF, DiagramFonts.BOLD_TTF}) {
        try (InputStream in = DiagramFonts.open(ttf)) {
          fonts.registerFont(in);
        }
      }
      PDPage page = new PDPage(new PDRectangle(w, h));
      document.addPage(page);
      PdfBoxGraphics2D g = new PdfBoxGraphics2D(document, w, h);
      g.setFontTextDrawer(fonts);
      g.translate(-area.getX(), -area.getY());
      DiagramRenderer.paint(g, geometry, RenderState.PLAIN, null);
      g.dispose();
      try (PDPageContentStream content = new PDPageContentStream(document, page)) {
        content.drawForm(g.getXFormObject());
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      document.save(out);
      return out.toByteArray();
    }
  }
}
