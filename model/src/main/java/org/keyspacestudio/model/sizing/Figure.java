package org.keyspacestudio.model.sizing;

import java.util.Objects;

/**
 * One input figure of a partition size estimate and where it comes from, so that the user sees
 * which figures to trust and which to type in.
 *
 * @param value the figure, at least 1
 * @param basis where it comes from
 * @param why how it was found, for a user ("100,000 Video / 10,000 User")
 */
public record Figure(long value, Basis basis, String why) {

  /** Where a figure comes from. */
  public enum Basis {
    /** Typed in by the user. */
    TYPED,
    /** Derived from the conceptual model: keys, relationships and typed-in instance counts. */
    DERIVED,
    /** A default, because nothing tells: type the figure in. */
    ASSUMED
  }

  public Figure {
    Objects.requireNonNull(basis, "basis");
    Objects.requireNonNull(why, "why");
    if (value < 1) {
      throw new IllegalArgumentException("a figure is at least 1, not " + value);
    }
  }
}
