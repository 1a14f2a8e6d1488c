package org.keyspacestudio.model.diagram;

import java.util.List;
import java.util.Objects;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * What one box of a diagram says: its kind, title and rows. For Chebotko diagrams, in the notation
 * of DS220's "Chebotko Diagram Notation" (see {@link ChebotkoNotation}); the same boxes carry
 * conceptual (ER) and workflow diagrams. No geometry: sizes and positions are the renderer's.
 *
 * @param element the table, view, UDT, entity, relationship or task the box shows
 * @param kind what kind of box
 * @param title the header text
 * @param rows the rows, top to bottom
 */
public record Box(ElementRef element, Kind kind, String title, List<Row> rows) {

  /**
   * The kinds of box: those of a Chebotko diagram (table, materialized view, UDT), of a conceptual
   * ER diagram (entity with its attributes as rows, relationship) and of an application workflow (a
   * task with its queries as rows).
   */
  public enum Kind {
    TABLE(Shape.RECORD),
    VIEW(Shape.RECORD),
    TYPE(Shape.RECORD),
    ENTITY(Shape.RECORD),
    RELATIONSHIP(Shape.DIAMOND),
    TASK(Shape.ROUNDED);

    private final Shape shape;

    Kind(Shape shape) {
      this.shape = shape;
    }

    /** How a box of this kind is drawn. */
    public Shape shape() {
      return shape;
    }

    /**
     * Whether the kind belongs to a conceptual (ER) diagram, where edges are plain lines labelled
     * with a cardinality (1, n, m), as in Chen's notation, rather than directed query arrows.
     */
    public boolean conceptual() {
      return this == ENTITY || this == RELATIONSHIP;
    }
  }

  /** The outline of a box. */
  public enum Shape {
    /** A header band with the title, then one row per item (Chebotko tables, ER entities). */
    RECORD,
    /** A diamond with the title in the middle, no rows (Chen's relationship). */
    DIAMOND,
    /** A record with rounded corners (a workflow task and its queries). */
    ROUNDED
  }

  /**
   * One row: a column (or a UDT field).
   *
   * @param element the column or field
   * @param name the name as drawn, bracketed by kind: {@code [list]}, {@code {set}}, {@code <map>},
   *     {@code *udt*}, {@code (tuple)}
   * @param type the CQL type as drawn at the physical level; empty at the logical level
   * @param marker {@code K}, {@code C↑}, {@code C↓}, {@code S}, {@code IDX}, {@code ++} (joined by
   *     spaces when several apply), or empty
   * @param key whether the column belongs to the primary key (drawn emphasised)
   */
  public record Row(ElementRef element, String name, String type, String marker, boolean key) {
    public Row {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(marker, "marker");
    }
  }

  public Box {
    Objects.requireNonNull(element, "element");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(title, "title");
    rows = List.copyOf(rows);
  }
}
