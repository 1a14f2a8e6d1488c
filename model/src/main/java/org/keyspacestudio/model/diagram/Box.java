package org.keyspacestudio.model.diagram;

import java.util.List;
import java.util.Objects;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * What one box of a diagram says: its kind, title and rows. For Chebotko diagrams, in the notation
 * of DS220's "Chebotko Diagram Notation" (see {@link ChebotkoNotation}); the same boxes carry
 * conceptual (ER) and workflow diagrams. No geometry: sizes and positions are the renderer's.
 *
 * @param element the table, view, UDT, entity, relationship, attribute, hierarchy or task the box
 *     shows
 * @param kind what kind of box
 * @param title the header text, shortened to {@link #MAX_TEXT} characters
 * @param rows the rows, top to bottom
 */
public record Box(ElementRef element, Kind kind, String title, List<Row> rows) {

  /**
   * The kinds of box: those of a Chebotko diagram (table, materialized view, UDT), of a conceptual
   * ER diagram in Chen's notation (entity, weak entity, relationship, identifying relationship,
   * attribute, key attribute, multi-valued attribute, IsA hierarchy) and of an application workflow
   * (a task, with the queries it runs by itself as rows).
   */
  public enum Kind {
    TABLE(Shape.RECORD),
    VIEW(Shape.RECORD),
    TYPE(Shape.RECORD),
    /** A rectangle with the entity's name. */
    ENTITY(Shape.RECTANGLE),
    /** A double rectangle. */
    WEAK_ENTITY(Shape.RECTANGLE),
    /** A diamond. */
    RELATIONSHIP(Shape.DIAMOND),
    /** A double diamond: the relationship that identifies a weak entity. */
    IDENTIFYING_RELATIONSHIP(Shape.DIAMOND),
    /** An oval. */
    ATTRIBUTE(Shape.ELLIPSE),
    /** An oval with the name underlined: part of the owner's key. */
    KEY_ATTRIBUTE(Shape.ELLIPSE),
    /** A double oval: several values per instance. */
    MULTI_VALUED_ATTRIBUTE(Shape.ELLIPSE),
    /** A triangle labelled IsA, between a parent entity and its children. */
    ISA(Shape.TRIANGLE),
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
      return switch (this) {
        case ENTITY,
                WEAK_ENTITY,
                RELATIONSHIP,
                IDENTIFYING_RELATIONSHIP,
                ATTRIBUTE,
                KEY_ATTRIBUTE,
                MULTI_VALUED_ATTRIBUTE,
                ISA ->
            true;
        default -> false;
      };
    }

    /** Whether the outline is drawn twice (weak entity, identifying relationship, multi-valued). */
    public boolean doubled() {
      return this == WEAK_ENTITY
          || this == IDENTIFYING_RELATIONSHIP
          || this == MULTI_VALUED_ATTRIBUTE;
    }

    /** Whether the title is underlined (a key attribute). */
    public boolean underlined() {
      return this == KEY_ATTRIBUTE;
    }

    /** Whether it is one of the attribute ovals. */
    public boolean attribute() {
      return shape == Shape.ELLIPSE;
    }
  }

  /** The outline of a box. */
  public enum Shape {
    /** A header band with the title, then one row per item (Chebotko tables, views, UDTs). */
    RECORD,
    /** A rectangle with the title in the middle, no rows (Chen's entity). */
    RECTANGLE,
    /** A diamond with the title in the middle, no rows (Chen's relationship). */
    DIAMOND,
    /** An ellipse with the title in the middle, no rows (Chen's attribute). */
    ELLIPSE,
    /** A triangle pointing up with the title inside (an IsA hierarchy). */
    TRIANGLE,
    /**
     * A record with rounded corners (a workflow task and the queries it runs); without rows, just
     * the title band.
     */
    ROUNDED
  }

  /**
   * One row: a column (or a UDT field).
   *
   * @param element the column or field
   * @param name the name as drawn, bracketed by kind: {@code [list]}, {@code {set}}, {@code <map>},
   *     {@code *udt*}, {@code (tuple)}; shortened to {@link #MAX_TEXT} characters
   * @param type the CQL type as drawn at the physical level, shortened the same way; empty at the
   *     logical level
   * @param marker {@code K}, {@code C↑}, {@code C↓}, {@code S}, {@code IDX}, {@code ++} (joined by
   *     spaces when several apply), or empty
   * @param key whether the column belongs to the primary key (drawn emphasised)
   */
  public record Row(ElementRef element, String name, String type, String marker, boolean key) {
    public Row {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(marker, "marker");
      name = shortened(name);
      type = shortened(type);
    }
  }

  /**
   * The most characters a title, name or type is drawn with: longer ones end in an ellipsis. A
   * column named by a million characters made a box 6.6 million pixels wide (a PNG of it took 6
   * GB). Any title Cassandra 5.0 takes is shorter (a keyspace of 48 characters, a dot, a table of
   * 222: {@code SchemaConstants}); a column name has no limit there, and a type nested the parser's
   * 64 levels deep is longer: both are drawn to their 299th character.
   */
  public static final int MAX_TEXT = 300;

  public Box {
    Objects.requireNonNull(element, "element");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(title, "title");
    title = shortened(title);
    rows = List.copyOf(rows);
  }

  /** The text as drawn: itself, or its first {@code MAX_TEXT - 1} characters and "…". */
  static String shortened(String text) {
    if (text.length() <= MAX_TEXT) {
      return text;
    }
    int end = MAX_TEXT - 1;
    // Not between the two halves of a character outside the BMP.
    if (Character.isHighSurrogate(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(0, end) + "…";
  }
}
