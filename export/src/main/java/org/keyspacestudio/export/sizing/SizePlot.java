package org.keyspacestudio.export.sizing;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import org.keyspacestudio.export.diagram.DiagramFonts;
import org.keyspacestudio.export.diagram.DiagramStyle;
import org.keyspacestudio.export.diagram.ImageExport;
import org.keyspacestudio.model.sizing.PartitionSize;
import org.keyspacestudio.model.sizing.PartitionSizes;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The partition size plot of a table: its partition size in MB against the rows per partition (both
 * axes logarithmic), with Cassandra's guidance drawn as lines (100 MB; the rows at which a
 * partition passes 100,000 values) and this table's estimate as a dot, green within the guidance,
 * red beyond it. Drawn by XChart on any {@link Graphics2D}, so that the editor, PNG, SVG, PDF and
 * the documentation export show the same picture: in the light palette ({@link
 * DiagramStyle#DEFAULT}), or in the dark one ({@link DiagramStyle#DARK}) for the editor's dark
 * theme, as the diagrams are.
 */
public final class SizePlot {

  /** The plot's default width, in pixels. */
  public static final int WIDTH = 720;

  /** The plot's default height, in pixels. */
  public static final int HEIGHT = 420;

  private static final double MB = 1_000_000.0;
  private static final int POINTS = 64;

  private SizePlot() {}

  /**
   * The chart of a table's estimate in the light palette: see {@link #chart(PartitionSize, int,
   * int, DiagramStyle)}.
   */
  public static XYChart chart(PartitionSize size, int width, int height) {
    return chart(size, width, height, DiagramStyle.DEFAULT);
  }

  /**
   * The chart of a table's estimate.
   *
   * @param size the estimate, not null
   * @param width the chart's width in pixels, at least 200
   * @param height the chart's height in pixels, at least 150
   * @param style the palette, not null: {@link DiagramStyle#DEFAULT} (exports) or {@link
   *     DiagramStyle#DARK} (the editor's dark theme); only its colours are used
   */
  public static XYChart chart(PartitionSize size, int width, int height, DiagramStyle style) {
    Palette palette = Palette.of(style);
    XYChart chart = new XYChart(Math.max(200, width), Math.max(150, height));
    chart.setTitle(size.table() + ": partition size");
    chart.setXAxisTitle("Rows per partition");
    chart.setYAxisTitle("Partition size (MB)");
    style(chart.getStyler(), palette);

    long estimate = size.rowsPerPartition().value();
    long valueLimit = size.rowsAtValueLimit();
    long byteLimit = size.rowsAtByteLimit();
    double firstLimit = Math.min(valueLimit, byteLimit);
    double right = Math.max(10.0 * estimate, firstLimit == Long.MAX_VALUE ? 1e6 : 3 * firstLimit);
    right = Math.pow(10, Math.ceil(Math.log10(Math.max(10, right))));
    right = Math.min(right, 1e15);

    double[] x = new double[POINTS];
    double[] y = new double[POINTS];
    for (int i = 0; i < POINTS; i++) {
      double rows = Math.pow(right, i / (double) (POINTS - 1));
      x[i] = rows;
      // St is linear in the rows: drawn for fractional rows too, so the curve has no steps.
      y[i] = (size.bytesAt(0) + rows * (size.bytesAt(1) - size.bytesAt(0))) / MB;
    }
    double bottom = Math.pow(10, Math.floor(Math.log10(Math.max(1e-6, y[0]))));
    double top =
        Math.pow(
            10, Math.ceil(Math.log10(Math.max(PartitionSize.BYTE_LIMIT / MB * 10, y[POINTS - 1]))));
    chart.getStyler().setXAxisMin(1.0).setXAxisMax(right).setYAxisMin(bottom).setYAxisMax(top);

    XYSeries curve = chart.addSeries("Partition size", x, y);
    curve.setMarker(SeriesMarkers.NONE);
    curve.setLineColor(palette.curve());
    curve.setLineStyle(new BasicStroke(2.2f));

    XYSeries mb =
        chart.addSeries(
            "100 MB guidance",
            new double[] {1, right},
            new double[] {PartitionSize.BYTE_LIMIT / MB, PartitionSize.BYTE_LIMIT / MB});
    dashed(mb, palette.limit());
    if (valueLimit < right) {
      XYSeries values =
          chart.addSeries(
              "100,000 values (" + PartitionSizes.number(valueLimit) + " rows)",
              new double[] {valueLimit, valueLimit},
              new double[] {bottom, top});
      dashed(values, palette.values());
    }
    boolean within =
        size.values() <= PartitionSize.VALUE_LIMIT && size.bytes() <= PartitionSize.BYTE_LIMIT;
    XYSeries dot =
        chart.addSeries(
            (size.table().kind() == org.keyspacestudio.model.schema.ElementRef.Kind.VIEW
                    ? "This view: "
                    : "This table: ")
                + PartitionSizes.number(estimate)
                + (estimate == 1 ? " row, " : " rows, ")
                + PartitionSizes.bytes(size.bytes()),
            new double[] {Math.max(1, estimate)},
            new double[] {Math.max(bottom, size.bytes() / MB)});
    dot.setMarker(SeriesMarkers.CIRCLE);
    dot.setMarkerColor(within ? palette.ok() : palette.limit());
    dot.setLineStyle(new BasicStroke(0f));
    dot.setLineColor(new Color(0, 0, 0, 0));
    return chart;
  }

  private static void dashed(XYSeries series, Color color) {
    series.setMarker(SeriesMarkers.NONE);
    series.setLineColor(color);
    series.setLineStyle(
        new BasicStroke(
            1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {7f, 5f}, 0f));
  }

  /** The plot's colours: the curve, the guidance lines, the dot, and the chart around them. */
  private record Palette(
      Color curve,
      Color limit,
      Color values,
      Color ok,
      Color background,
      Color border,
      Color grid,
      Color text,
      Color tickText,
      Color legendBorder,
      Color legendBackground) {

    static final Palette LIGHT =
        new Palette(
            new Color(0x1f5f99),
            new Color(0xc62828),
            new Color(0xe08a00),
            new Color(0x2e7d32),
            Color.WHITE,
            new Color(0xb0b8c0),
            new Color(0xe3e7eb),
            new Color(0x1d2733),
            new Color(0x3d4a57),
            new Color(0xd0d5da),
            new Color(255, 255, 255, 230));

    /** On the dark diagrams' background, with their text colours and lighter lines. */
    static final Palette DARK =
        new Palette(
            new Color(0x6c, 0xb6, 0xf0),
            DiagramStyle.DARK.problem,
            new Color(0xf0, 0xa8, 0x30),
            new Color(0x66, 0xbb, 0x6a),
            DiagramStyle.DARK.background,
            new Color(0x5a, 0x66, 0x72),
            new Color(0x2f, 0x37, 0x40),
            DiagramStyle.DARK.rowText,
            DiagramStyle.DARK.typeText,
            new Color(0x4a, 0x55, 0x60),
            new Color(0x26, 0x2c, 0x33, 230));

    static Palette of(DiagramStyle style) {
      return style.dark ? DARK : LIGHT;
    }
  }

  private static void style(org.knowm.xchart.style.XYStyler s, Palette palette) {
    s.setXAxisLogarithmic(true);
    s.setYAxisLogarithmic(true);
    s.setChartBackgroundColor(palette.background());
    s.setPlotBackgroundColor(palette.background());
    s.setPlotBorderColor(palette.border());
    s.setPlotGridLinesColor(palette.grid());
    s.setPlotGridLinesStroke(new BasicStroke(0.8f));
    s.setXAxisDecimalPattern("#,##0");
    // Down to the axis's lowest decade, 1 byte (0.000001 MB): four decimals wrote 0.00001 as 0.
    s.setYAxisDecimalPattern("#,##0.######");
    s.setChartFontColor(palette.text());
    s.setChartTitleFont(DiagramFonts.bold(15f));
    s.setChartTitleBoxBackgroundColor(palette.background());
    s.setChartTitleBoxBorderColor(palette.background());
    s.setAxisTitleFont(DiagramFonts.regular(13f));
    s.setAxisTickLabelsFont(DiagramFonts.regular(11f));
    s.setAxisTickLabelsColor(palette.tickText());
    s.setLegendFont(DiagramFonts.regular(11f));
    s.setLegendPosition(Styler.LegendPosition.InsideSE);
    s.setLegendBorderColor(palette.legendBorder());
    s.setLegendBackgroundColor(palette.legendBackground());
    s.setMarkerSize(11);
    s.setChartPadding(12);
    s.setXAxisLogarithmicDecadeOnly(true);
    s.setYAxisLogarithmicDecadeOnly(true);
    s.setToolTipsEnabled(false);
  }

  /**
   * Paints the chart of an estimate at (0, 0), {@code width} × {@code height} pixels, in the light
   * palette.
   */
  public static void paint(Graphics2D g, PartitionSize size, int width, int height) {
    paint(g, size, width, height, DiagramStyle.DEFAULT);
  }

  /**
   * Paints the chart of an estimate at (0, 0), {@code width} × {@code height} pixels, in {@code
   * style}'s palette (see {@link #chart(PartitionSize, int, int, DiagramStyle)}).
   */
  public static void paint(
      Graphics2D g, PartitionSize size, int width, int height, DiagramStyle style) {
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    chart(size, width, height, style).paint(g, width, height);
  }

  /** The plot as a painting for {@link ImageExport} (PNG, SVG or PDF), in the light palette. */
  public static ImageExport.Painting painting(PartitionSize size, int width, int height) {
    return painting(size, width, height, DiagramStyle.DEFAULT);
  }

  /**
   * The plot as a painting for {@link ImageExport} (PNG, SVG or PDF), in {@code style}'s palette:
   * the editor shows it in the theme's.
   */
  public static ImageExport.Painting painting(
      PartitionSize size, int width, int height, DiagramStyle style) {
    Color background = Palette.of(style).background();
    return new ImageExport.Painting() {
      @Override
      public Rectangle2D area() {
        return new Rectangle2D.Double(0, 0, width, height);
      }

      @Override
      public Color background() {
        return background;
      }

      @Override
      public void paint(Graphics2D g) {
        SizePlot.paint(g, size, width, height, style);
      }
    };
  }
}
