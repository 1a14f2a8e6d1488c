package org.keyspacestudio.model.type;

import java.util.List;
import java.util.Objects;

/**
 * A value as a kept statement writes it: a constant of one of the kinds of Cassandra's {@code
 * Constants.Type}, {@code null}, a collection, tuple or user type literal of such values ({@code
 * [1, 2]}, {@code {'a': 1}}, {@code (1, 'x')}, {@code {street: 'x'}}), or anything else (a bind
 * marker, a function call, an expression). {@link ConstantTypes} says whether a column's type takes
 * it.
 *
 * @param kind the constant's kind, not null
 * @param text the constant as Cassandra shows it in a message (a string without its quotes, a
 *     negative number with its sign; a literal as written), not null; {@code ?} for a bind marker
 *     inside a literal
 * @param start the offset of the constant as written (its quote, its sign) in the statement's text,
 *     {@code -1} for {@link #OTHER}
 * @param end the offset just past it, {@code -1} for {@link #OTHER}
 * @param items a literal's values in order (a map's keys and values alternating), empty for the
 *     other kinds, not null
 * @param fields a user type literal's field names as written (unquoted, in lower case unless
 *     quoted), one per item, empty for the other kinds, not null
 */
public record Constant(
    Kind kind, String text, int start, int end, List<Constant> items, List<String> fields) {
  public Constant {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(text, "text");
    items = List.copyOf(items);
    fields = List.copyOf(fields);
  }

  /** A constant that is not a literal of values. */
  public Constant(Kind kind, String text, int start, int end) {
    this(kind, text, start, end, List.of(), List.of());
  }

  /** What is not a constant. */
  public static final Constant OTHER = new Constant(Kind.OTHER, "", -1, -1);

  /**
   * The kinds of constant, as {@code Constants.Type}, with {@code null}, the literals of values
   * ({@code Lists.Literal} or {@code Vectors.Literal}, {@code Sets.Literal}, {@code Maps.Literal},
   * {@code Tuples.Literal}, {@code UserTypes.Literal}) and the rest.
   */
  public enum Kind {
    STRING,
    INTEGER,
    FLOAT,
    UUID,
    BOOLEAN,
    HEX,
    DURATION,
    NULL,
    LIST,
    SET,
    MAP,
    TUPLE,
    UDT,
    OTHER
  }

  /** Whether this is a bind marker inside a literal (a bind marker alone is {@link #OTHER}). */
  public boolean bindMarker() {
    return kind == Kind.OTHER && text.equals("?");
  }

  /** The constant as written in CQL: a string in single quotes, anything else as it is. */
  public String shown() {
    return kind == Kind.STRING ? "'" + text.replace("'", "''") + "'" : text;
  }
}
