package org.keyspacestudio.export.diagram;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Schema;

/**
 * The diagram marks a problem by what Cassandra would do: red where it refuses the statement, amber
 * where it accepts it (warnings only), for a box's border and a column's row alike.
 */
class ProblemMarksTest {

  private static final Schema SCHEMA =
      CqlImporter.read(
              "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
                  + " 'replication_factor': 1};\n"
                  + "CREATE TABLE ks.users (id uuid PRIMARY KEY, name text, email text);\n",
              "test.cql")
          .schema();

  private static final ElementRef TABLE =
      ElementRef.table(CqlIdentifier.of("ks"), CqlIdentifier.of("users"));

  private static final ElementRef EMAIL =
      ElementRef.column(
          CqlIdentifier.of("ks"), CqlIdentifier.of("users"), CqlIdentifier.of("email"));

  /** Draws the diagram at 100 % with the state; returns the image and the table's bounds. */
  private static BufferedImage draw(DiagramGeometry geometry, RenderState state) {
    Rectangle2D r = geometry.box(TABLE).bounds();
    BufferedImage image =
        new BufferedImage(
            (int) Math.ceil(r.getMaxX()) + 20,
            (int) Math.ceil(r.getMaxY()) + 20,
            BufferedImage.TYPE_INT_ARGB);
    Graphics2D g = image.createGraphics();
    try {
      DiagramRenderer.paint(g, geometry, state, null);
    } finally {
      g.dispose();
    }
    return image;
  }

  /** The colour of the table's left border, halfway down the box (its 2-pixel outline). */
  private static Color border(DiagramGeometry geometry, BufferedImage image) {
    Rectangle2D r = geometry.box(TABLE).bounds();
    return new Color(image.getRGB((int) Math.round(r.getX()), (int) r.getCenterY()), true);
  }

  /** The colour of the mark at the left end of the email column's row (4 pixels wide). */
  private static Color rowMark(DiagramGeometry geometry, BufferedImage image) {
    Rectangle2D r = geometry.box(TABLE).bounds();
    DiagramStyle style = geometry.style();
    double rowY = r.getY() + style.headerHeight + 2.5 * style.rowHeight;
    return new Color(image.getRGB((int) r.getX() + 2, (int) rowY), true);
  }

  @Test
  void anErrorIsRedAndWarningsOnlyAreAmberInBothStyles() {
    for (DiagramStyle style : List.of(DiagramStyle.DEFAULT, DiagramStyle.DARK)) {
      DiagramGeometry geometry = DiagramGeometry.of(SCHEMA, Diagram.empty(), style);
      Set<ElementRef> marked = Set.of(TABLE, EMAIL);
      BufferedImage errors =
          draw(geometry, new RenderState(Set.of(), marked, false, Set.of(), Set.of()));
      assertThat(border(geometry, errors)).as("an error's border").isEqualTo(style.problem);
      assertThat(rowMark(geometry, errors)).as("an error's row mark").isEqualTo(style.problem);

      BufferedImage warnings =
          draw(geometry, new RenderState(Set.of(), marked, false, Set.of(), marked));
      assertThat(border(geometry, warnings)).as("a warning's border").isEqualTo(style.warning);
      assertThat(rowMark(geometry, warnings)).as("a warning's row mark").isEqualTo(style.warning);

      BufferedImage plain = draw(geometry, RenderState.PLAIN);
      assertThat(border(geometry, plain)).as("no problem").isEqualTo(style.border);
    }
  }
}
