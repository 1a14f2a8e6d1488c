package org.keyspacestudio.model.workflow;

/**
 * How a query restricts a given attribute: by equality ({@code =}, {@code IN}) or by a range
 * ({@code <}, {@code <=}, {@code >}, {@code >=}). The mapping rules send equality attributes to the
 * partition key (MR2) and range attributes to clustering columns (MR3).
 */
public enum Operator {
  EQ("="),
  IN("IN"),
  LT("<"),
  LE("<="),
  GT(">"),
  GE(">=");

  private final String symbol;

  Operator(String symbol) {
    this.symbol = symbol;
  }

  /** As written in CQL: {@code =}, {@code IN}, {@code <}... */
  public String symbol() {
    return symbol;
  }

  /** Whether it is an equality search ({@code =} or {@code IN}). */
  public boolean equality() {
    return this == EQ || this == IN;
  }

  /**
   * Reads {@code =}, {@code IN} (any case), {@code <}, {@code <=}, {@code >}, {@code >=}.
   *
   * @throws IllegalArgumentException for anything else
   */
  public static Operator parse(String text) {
    String t = text.strip();
    for (Operator op : values()) {
      if (op.symbol.equalsIgnoreCase(t)) {
        return op;
      }
    }
    if (t.equals("==")) {
      return EQ;
    }
    throw new IllegalArgumentException(
        "'" + t + "' is not an operator (expected =, IN, <, <=, > or >=)");
  }
}
