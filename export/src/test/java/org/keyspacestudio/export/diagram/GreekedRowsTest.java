package org.keyspacestudio.export.diagram;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * A table too small to read (between {@link DiagramRenderer#TITLE_SCALE} and {@link
 * DiagramRenderer#TEXT_SCALE}: a 9-table model fitted to a 1280-pixel window at 42 %) shows a bar
 * where each column's name and type would be, as long as the text: it drew empty rows before.
 */
class GreekedRowsTest {

  private static final ElementRef TABLE =
      ElementRef.table(CqlIdentifier.of("ks"), CqlIdentifier.of("videos"));

  /** How many pixels of a row's band, inside the box's border, differ from the background. */
  private static int ink(double scale, int row) {
    var schema =
        CqlImporter.read(
                "CREATE TABLE ks.videos (video_id uuid PRIMARY KEY, title text,"
                    + " preview_image_location text, added_date timestamp);",
                "t.cql")
            .schema();
    DiagramGeometry g =
        DiagramGeometry.of(
            schema,
            Diagram.empty().withPositions(Map.of(TABLE, new Point(20, 20))),
            DiagramStyle.DEFAULT);
    Rectangle2D r = g.box(TABLE).bounds();
    DiagramStyle style = g.style();
    BufferedImage image =
        new BufferedImage(
            (int) Math.ceil((r.getMaxX() + 20) * scale),
            (int) Math.ceil((r.getMaxY() + 20) * scale),
            BufferedImage.TYPE_INT_RGB);
    Graphics2D graphics = image.createGraphics();
    try {
      graphics.setColor(style.background);
      graphics.fillRect(0, 0, image.getWidth(), image.getHeight());
      graphics.scale(scale, scale);
      DiagramRenderer.paint(graphics, g, new RenderState(Set.of(), Set.of(), false), null);
    } finally {
      graphics.dispose();
    }
    double top = r.getY() + style.headerHeight + row * style.rowHeight;
    int count = 0;
    for (int y = (int) Math.ceil((top + 1) * scale);
        y < (int) ((top + style.rowHeight - 1) * scale);
        y++) {
      for (int x = (int) Math.ceil((r.getX() + 2) * scale);
          x < (int) ((r.getMaxX() - 2) * scale);
          x++) {
        if ((image.getRGB(x, y) & 0xffffff) != (style.background.getRGB() & 0xffffff)) {
          count++;
        }
      }
    }
    return count;
  }

  @Test
  void rowsTooSmallToReadShowBarsAsLongAsTheirText() {
    // A regular column's row (not a key, not marked): background only before.
    int title = ink(0.3, 1);
    int longName = ink(0.3, 2);
    assertThat(title).as("title row").isPositive();
    assertThat(longName).as("a longer name, a longer bar").isGreaterThan(title);
    // Below the title's scale: shapes only, no bars.
    assertThat(ink(0.2, 1)).isZero();
  }
}
