package org.keyspacestudio.model.type;

import java.util.Objects;

/**
 * A value as a kept statement writes it: a constant of one of the kinds of Cassandra's {@code
 * Constants.Type}, or {@code null}, or anything else (a bind marker, a function call, a collection,
 * a tuple, an expression). {@link ConstantTypes} says whether a column's type takes it.
 *
 * @param kind the constant's kind, not null
 * @param text the constant as Cassandra shows it in a message (a string without its quotes, a
 *     negative number with its sign), not null
 * @param start the offset of the constant as written (its quote, its sign) in the statement's text,
 *     {@code -1} for {@link #OTHER}
 * @param end the offset just past it, {@code -1} for {@link #OTHER}
 */
public record Constant(Kind kind, String text, int start, int end) {
  public Constant {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(text, "text");
  }

  /** What is not a constant. */
  public static final Constant OTHER = new Constant(Kind.OTHER, "", -1, -1);

  /** The kinds of constant, as {@code Constants.Type}, with {@code null} and the rest. */
  public enum Kind {
    STRING,
    INTEGER,
    FLOAT,
    UUID,
    BOOLEAN,
    HEX,
    DURATION,
    NULL,
    OTHER
  }

  /** The constant as written in CQL: a string in single quotes, anything else as it is. */
  public String shown() {
    return kind == Kind.STRING ? "'" + text.replace("'", "''") + "'" : text;
  }
}
