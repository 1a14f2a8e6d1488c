package org.keyspacestudio.model.conceptual;

import java.util.Locale;

/**
 * The cardinality written on a relationship end in Chen's notation: {@code 1}, {@code n}, {@code
 * m}.
 */
public enum Cardinality {
  ONE("1"),
  N("n"),
  M("m");

  private final String symbol;

  Cardinality(String symbol) {
    this.symbol = symbol;
  }

  /** {@code 1}, {@code n} or {@code m}. */
  public String symbol() {
    return symbol;
  }

  /** Whether many instances may take part at this end. */
  public boolean many() {
    return this != ONE;
  }

  /**
   * Reads {@code 1}, {@code n}, {@code m} (any case; {@code N}, {@code *} and {@code many} read as
   * {@code n}).
   *
   * @throws IllegalArgumentException for anything else
   */
  public static Cardinality parse(String text) {
    return switch (text.strip().toLowerCase(Locale.ROOT)) {
      case "1", "one" -> ONE;
      case "n", "*", "many" -> N;
      case "m" -> M;
      default ->
          throw new IllegalArgumentException(
              "'" + text.strip() + "' is not a cardinality (expected 1, n or m)");
    };
  }
}
