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

    /** The file name ending: {@code .png}, {@code .svg}, {@code .pdf}. */
    public String ending() {
      return "." + name().toLowerCase(Locale.ROOT);
    }

    /** The format a file name's ending names, or null. */
    public static Format ofFileName(String name) {
      String lower = name.toLowerCase(Locale.ROOT);
      for (Format f : values()) {
        if (lower.endsWith(f.ending())) {
          return f;
        }
      }
      return null;
    }
  }

  /**
   * A drawing to export: its area (in drawing pixels: one PNG pixel at scale 1, one SVG user unit,
   * one PDF point), its background and how to paint it.
   */
  public interface Painting {
    /** The area to export, in drawing pixels; at least 1 × 1. */
    Rectangle2D area();

    /** The colour behind the drawing (PNG only; SVG and PDF stay transparent). */
    java.awt.Color background();

    /** Paints the drawing in its own coordinates (the area's origin is not at 0, 0). */
    void paint(Graphics2D g);
  }

  private ImageExport() {}

  /** A diagram as a painting: its bounds plus the style's margin. */
  public static Painting painting(DiagramGeometry geometry) {
    return new Painting() {
      @Override
      public Rectangle2D area() {
        return ImageExport.area(geometry);
      }

      @Override
      public java.awt.Color background() {
        return geometry.style().background;
      }

      @Override
      public void paint(Graphics2D g) {
        DiagramRenderer.paint(g, geometry, RenderState.PLAIN, null);
      }
    };
  }

  /**
   * Writes the diagram to a file, atomically (temporary file beside it, then rename).
   *
   * @param scale pixels per diagram pixel for PNG (1 or 2 for high-density screens); ignored for
   *     the vector formats
   * @throws IOException if the file cannot be written
   */
  public static void write(DiagramGeometry geometry, Format format, double scale, Path file)
      throws IOException {
    write(painting(geometry), format, scale, file);
  }

  /**
   * Writes any painting to a file, atomically.
   *
   * @param scale pixels per drawing pixel for PNG; ignored for the vector formats
   * @throws IOException if the file cannot be written
   */
  public static void write(Painting painting, Format format, double scale, Path file)
      throws IOException {
    AtomicFiles.write(file, bytes(painting, format, scale));
  }

  /**
   * A painting as the bytes of an image file, for callers that decide afterwards whether to write
   * it (the editor writes nothing once its export is cancelled).
   *
   * @param scale pixels per drawing pixel for PNG; ignored for the vector formats
   * @return the PNG, SVG (UTF-8) or PDF file's bytes
   * @throws IOException if the image cannot be encoded
   */
  public static byte[] bytes(Painting painting, Format format, double scale) throws IOException {
    return switch (format) {
      case PNG -> png(painting, scale);
      case SVG -> svg(painting).getBytes(StandardCharsets.UTF_8);
      case PDF -> pdf(painting);
    };
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
    return png(painting(geometry), scale);
  }

  /**
   * The most pixels a PNG export holds: Java keeps an image's pixels in one {@code int} array, at
   * most {@code Integer.MAX_VALUE - 8} long (46,340 pixels square; the 1,000-table diagram at scale
   * 2 is 293 million pixels).
   */
  public static final long PNG_MAX_PIXELS = Integer.MAX_VALUE - 8L;

  /**
   * A PNG of a painting at {@code scale} image pixels per drawing pixel.
   *
   * @param scale image pixels per drawing pixel, more than 0
   * @return the PNG file's bytes
   * @throws IOException when the image would hold more than {@link #PNG_MAX_PIXELS} pixels, or Java
   *     has not the memory for it (4 bytes a pixel), with the largest scale that fits and the
   *     formats that have no such limit (SVG, PDF); or when it cannot be encoded
   */
  public static byte[] png(Painting painting, double scale) throws IOException {
    Rectangle2D area = painting.area();
    double width = Math.ceil(area.getWidth() * scale);
    double height = Math.ceil(area.getHeight() * scale);
    if (width * height > PNG_MAX_PIXELS) {
      throw new IOException(
          tooLarge(scale, width, height)
              + " more than a PNG image can hold ("
              + String.format(Locale.ROOT, "%,d", PNG_MAX_PIXELS)
              + " pixels). "
              + smaller(area, PNG_MAX_PIXELS));
    }
    int w = (int) width;
    int h = (int) height;
    BufferedImage image;
    try {
      image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
    } catch (OutOfMemoryError e) {
      // One allocation failed whole: nothing was half made, and its memory is free again.
      Runtime runtime = Runtime.getRuntime();
      long free = runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
      throw new IOException(
          tooLarge(scale, width, height)
              + " which needs "
              + megabytes(4 * width * height)
              + " of memory; Java has "
              + megabytes(free)
              + " free. "
              + smaller(area, Math.max(1, free / 4 * 3 / 4))
              + " Or give Java more memory (JAVA_TOOL_OPTIONS=-Xmx8g).",
          e);
    }
    Graphics2D g = image.createGraphics();
    try {
      g.setColor(painting.background());
      g.fillRect(0, 0, w, h);
      g.scale(scale, scale);
      g.translate(-area.getX(), -area.getY());
      painting.paint(g);
    } finally {
      g.dispose();
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(image, "png", out);
    return out.toByteArray();
  }

  /** "The image is W × H pixels at scale S (N million pixels)," */
  private static String tooLarge(double scale, double width, double height) {
    return String.format(
        Locale.ROOT,
        "The image is %,.0f × %,.0f pixels at scale %s (%,.0f million pixels),",
        width,
        height,
        new java.math.BigDecimal(Double.toString(scale)).stripTrailingZeros().toPlainString(),
        width * height / 1e6);
  }

  /** What to do instead: the largest scale whose image holds at most {@code pixels}, or SVG/PDF. */
  private static String smaller(Rectangle2D area, long pixels) {
    // Rounded down to hundredths, then down again while the rounded-up size is still too large.
    double fits = Math.floor(Math.sqrt(pixels / (area.getWidth() * area.getHeight())) * 100) / 100;
    while (fits >= 0.01
        && Math.ceil(area.getWidth() * fits) * Math.ceil(area.getHeight() * fits) > pixels) {
      fits -= 0.01;
    }
    return fits >= 0.01
        ? String.format(
            Locale.ROOT, "Export it as SVG or PDF, or as PNG at a scale of at most %.2f.", fits)
        : "Export it as SVG or PDF: no PNG scale of 0.01 or more fits.";
  }

  private static String megabytes(double bytes) {
    return String.format(Locale.ROOT, "%,.0f MB", bytes / (1024 * 1024));
  }

  /** An SVG document of the diagram; text stays text (font family DejaVu Sans). */
  public static String svg(DiagramGeometry geometry) throws IOException {
    return svg(painting(geometry));
  }

  /** An SVG document of a painting. */
  public static String svg(Painting painting) throws IOException {
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
    Rectangle2D area = painting.area();
    SVGGraphics2D g = new SVGGraphics2D(document);
    g.setSVGCanvasSize(
        new Dimension((int) Math.ceil(area.getWidth()), (int) Math.ceil(area.getHeight())));
    g.translate(-area.getX(), -area.getY());
    painting.paint(g);
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
    return pdf(painting(geometry));
  }

  /** A one-page PDF of a painting, page size = drawing size, DejaVu Sans embedded. */
  public static byte[] pdf(Painting painting) throws IOException {
    Rectangle2D area = painting.area();
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
      painting.paint(g);
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
