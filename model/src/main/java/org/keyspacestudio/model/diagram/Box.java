package org.keyspacestudio.model.diagram;

import java.util.List;
import java.util.Objects;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * What one box of a Chebotko diagram says: its title and its rows, in the notation of DS220's
 * "Chebotko Diagram Notation" (see {@link ChebotkoNotation}). No geometry: sizes and positions are
 * the renderer's.
 *
 * @param element the table, view or UDT the box shows
 * @param kind what kind of box
 * @param title the header text
 * @param rows the rows, top to bottom
 */
public record Box(ElementRef element, Kind kind, String title, List<Row> rows) {

  /** The kinds of box. */
  public enum Kind {
    TABLE,
    VIEW,
    TYPE
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
