package org.keyspacestudio.model.workflow;

/**
 * How a query restricts a given attribute: by equality ({@code =}, {@code IN}) or by a range
 * ({@code <}, {@code <=}, {@code >}, {@code >=}). The mapping rules send equality attributes to the
 * partition key (MR2) and range attributes to clustering columns (MR3).
 *
 * <p>{@link #CONTAINS}, {@link #CONTAINS_KEY} and {@link #ENTRY} (an element of a collection, a key
 * of a map, a map's value at a key: {@code m[key] = value}), {@link #LIKE} (a text matching a
 * pattern, through a SASI index), {@link #NEQ} and {@link #IS_NOT_NULL} (which Cassandra refuses in
 * a SELECT) come only from a script's SELECTs; a workflow query never has them ({@link #parse} does
 * not read them), so what takes a workflow query's operator meets only the other six ({@link
 * #workflow}).
 */
public enum Operator {
  EQ("="),
  IN("IN"),
  LT("<"),
  LE("<="),
  GT(">"),
  GE(">="),
  CONTAINS("CONTAINS"),
  CONTAINS_KEY("CONTAINS KEY"),
  /**
   * {@code m[key] = value}: the map holds the value at the key (Cassandra's map-entry equality).
   */
  ENTRY("[?] ="),
  /**
   * {@code c LIKE 'pattern'}: the text matches a pattern ({@code 'abc%'}, {@code '%abc'}, {@code
   * '%abc%'}, {@code 'abc'}), which only a SASI index serves.
   */
  LIKE("LIKE"),
  /** {@code c != value}: Cassandra 5.0 refuses it in a SELECT ("Unsupported \"!=\" relation"). */
  NEQ("!="),
  /**
   * {@code c IS NOT NULL}: only a materialized view's WHERE takes it; Cassandra 5.0 refuses it in a
   * SELECT ("Unsupported restriction").
   */
  IS_NOT_NULL("IS NOT NULL");

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

  /** Whether it is a range ({@code <}, {@code <=}, {@code >}, {@code >=}). */
  public boolean range() {
    return this == LT || this == LE || this == GT || this == GE;
  }

  /**
   * Whether it searches a collection: {@code CONTAINS}, {@code CONTAINS KEY} or a map entry
   * (Cassandra merges them into one {@code ContainsRestriction} per column).
   */
  public boolean contains() {
    return this == CONTAINS || this == CONTAINS_KEY || this == ENTRY;
  }

  /** Whether a workflow query may have it: {@code =}, {@code IN} or a range. */
  public boolean workflow() {
    return equality() || range();
  }

  /**
   * A relation on the column by this operator, with bind markers: {@code c = ?}, {@code c IN ?},
   * {@code c CONTAINS KEY ?}, {@code m[?] = ?}.
   *
   * @param column the column as CQL, not null
   */
  public String relation(String column) {
    if (this == IS_NOT_NULL) {
      return column + " IS NOT NULL";
    }
    return this == ENTRY ? column + "[?] = ?" : column + " " + symbol + " ?";
  }

  /**
   * Reads {@code =}, {@code IN} (any case), {@code <}, {@code <=}, {@code >}, {@code >=}.
   *
   * @throws IllegalArgumentException for anything else
   */
  public static Operator parse(String text) {
    String t = text.strip();
    for (Operator op : values()) {
      if (op.workflow() && op.symbol.equalsIgnoreCase(t)) {
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
