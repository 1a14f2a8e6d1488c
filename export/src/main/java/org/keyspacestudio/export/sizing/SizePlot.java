package org.keyspacestudio.export.sizing;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import org.keyspacestudio.export.diagram.DiagramFonts;
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
 * the documentation export show the same picture.
 */
public final class SizePlot {

  /** The plot's default width, in pixels. */
  public static final int WIDTH = 720;

  /** The plot's default height, in pixels. */
  public static final int HEIGHT = 420;

  private static final Color CURVE = new Color(0x1f5f99);
  private static final Color LIMIT = new Color(0xc62828);
  private static final Color VALUES = new Color(0xe08a00);
  private static final Color OK = new Color(0x2e7d32);
  private static final double MB = 1_000_000.0;
  private static final int POINTS = 64;

  private SizePlot() {}

  /**
   * The chart of a table's estimate.
   *
   * @param size the estimate, not null
   * @param width the chart's width in pixels, at least 200
   * @param height the chart's height in pixels, at least 150
   */
  public static XYChart chart(PartitionSize size, int width, int height) {
    XYChart chart = new XYChart(Math.max(200, width), Math.max(150, height));
    chart.setTitle(size.table() + ": partition size");
    chart.setXAxisTitle("Rows per partition");
    chart.setYAxisTitle("Partition size (MB)");
    style(chart.getStyler());

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
    curve.setLineColor(CURVE);
    curve.setLineStyle(new BasicStroke(2.2f));

    XYSeries mb =
        chart.addSeries(
            "100 MB guidance",
            new double[] {1, right},
            new double[] {PartitionSize.BYTE_LIMIT / MB, PartitionSize.BYTE_LIMIT / MB});
    dashed(mb, LIMIT);
    if (valueLimit < right) {
      XYSeries values =
          chart.addSeries(
              "100,000 values (" + PartitionSizes.number(valueLimit) + " rows)",
              new double[] {valueLimit, valueLimit},
              new double[] {bottom, top});
      dashed(values, VALUES);
    }
    boolean within =
        size.values() <= PartitionSize.VALUE_LIMIT && size.bytes() <= PartitionSize.BYTE_LIMIT;
    XYSeries dot =
        chart.addSeries(
            "This table: "
                + PartitionSizes.number(estimate)
                + (estimate == 1 ? " row, " : " rows, ")
                + PartitionSizes.bytes(size.bytes()),
            new double[] {Math.max(1, estimate)},
            new double[] {Math.max(bottom, size.bytes() / MB)});
    dot.setMarker(SeriesMarkers.CIRCLE);
    dot.setMarkerColor(within ? OK : LIMIT);
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

  private static void style(org.knowm.xchart.style.XYStyler s) {
    s.setXAxisLogarithmic(true);
    s.setYAxisLogarithmic(true);
    s.setChartBackgroundColor(Color.WHITE);
    s.setPlotBackgroundColor(Color.WHITE);
    s.setPlotBorderColor(new Color(0xb0b8c0));
    s.setPlotGridLinesColor(new Color(0xe3e7eb));
    s.setPlotGridLinesStroke(new BasicStroke(0.8f));
    s.setXAxisDecimalPattern("#,##0");
    // Down to the axis's lowest decade, 1 byte (0.000001 MB): four decimals wrote 0.00001 as 0.
    s.setYAxisDecimalPattern("#,##0.######");
    s.setChartFontColor(new Color(0x1d2733));
    s.setChartTitleFont(DiagramFonts.bold(15f));
    s.setChartTitleBoxBackgroundColor(Color.WHITE);
    s.setChartTitleBoxBorderColor(Color.WHITE);
    s.setAxisTitleFont(DiagramFonts.regular(13f));
    s.setAxisTickLabelsFont(DiagramFonts.regular(11f));
    s.setAxisTickLabelsColor(new Color(0x3d4a57));
    s.setLegendFont(DiagramFonts.regular(11f));
    s.setLegendPosition(Styler.LegendPosition.InsideSE);
    s.setLegendBorderColor(new Color(0xd0d5da));
    s.setLegendBackgroundColor(new Color(255, 255, 255, 230));
    s.setMarkerSize(11);
    s.setChartPadding(12);
    s.setXAxisLogarithmicDecadeOnly(true);
    s.setYAxisLogarithmicDecadeOnly(true);
    s.setToolTipsEnabled(false);
  }

  /** Paints the chart of an estimate at (0, 0), {@code width} × {@code height} pixels. */
  public static void paint(Graphics2D g, PartitionSize size, int width, int height) {
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    chart(size, width, height).paint(g, width, height);
  }

  /** The plot as a painting for {@link ImageExport}: PNG, SVG or PDF. */
  public static ImageExport.Painting painting(PartitionSize size, int width, int height) {
    return new ImageExport.Painting() {
      @Override
      public Rectangle2D area() {
        return new Rectangle2D.Double(0, 0, width, height);
      }

      @Override
      public Color background() {
        return Color.WHITE;
      }

      @Override
      public void paint(Graphics2D g) {
        SizePlot.paint(g, size, width, height);
      }
    };
  }
}
