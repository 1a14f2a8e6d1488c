package org.keyspacestudio.model.schema;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The value of a {@code WITH name = value} option: a string, a number, a boolean or a map of
 * strings. Values are kept as written so that nothing is lost, and compared by meaning through
 * {@link #sameMeaning(OptionValue)}.
 */
public sealed interface OptionValue {

  /** The value as CQL, for example {@code 'text'}, {@code 0.01}, {@code {'class': 'X'}}. */
  String asCql();

  /**
   * Whether both values mean the same to Cassandra: equal numbers whatever their spelling ({@code
   * 1} and {@code 1.0}), equal strings, equal maps (a map entry's number and string forms compare
   * equal, as Cassandra stores both as strings).
   */
  default boolean sameMeaning(OptionValue other) {
    return normalized().equals(other.normalized());
  }

  /** A canonical string for comparison; see {@link #sameMeaning}. */
  String normalized();

  /** A string literal, held unescaped. */
  record Text(String value) implements OptionValue {
    public Text {
      Objects.requireNonNull(value, "value");
    }

    @Override
    public String asCql() {
      return quote(value);
    }

    @Override
    public String normalized() {
      return numberOrText(value);
    }
  }

  /** A number, held as written ({@code 0.01}, {@code 864000}, {@code -1}). */
  record Number(String literal) implements OptionValue {
    public Number {
      Objects.requireNonNull(literal, "literal");
    }

    @Override
    public String asCql() {
      return literal;
    }

    @Override
    public String normalized() {
      return numberOrText(literal);
    }
  }

  /** {@code true} or {@code false}. */
  record Bool(boolean value) implements OptionValue {
    @Override
    public String asCql() {
      return Boolean.toString(value);
    }

    @Override
    public String normalized() {
      return Boolean.toString(value);
    }
  }

  /**
   * A map literal. Keys and values are held as strings, as Cassandra stores them; numbers written
   * unquoted become their literal text.
   */
  record MapValue(SortedMap<String, String> entries) implements OptionValue {
    public MapValue {
      entries = Collections.unmodifiableSortedMap(new TreeMap<>(entries));
    }

    public static MapValue of(Map<String, String> entries) {
      return new MapValue(new TreeMap<>(entries));
    }

    @Override
    public String asCql() {
      StringBuilder out = new StringBuilder("{");
      entries.forEach(
          (k, v) -> {
            if (out.length() > 1) {
              out.append(", ");
            }
            out.append(quote(k)).append(": ").append(quote(v));
          });
      return out.append('}').toString();
    }

    @Override
    public String normalized() {
      StringBuilder out = new StringBuilder("{");
      entries.forEach((k, v) -> out.append(k).append('=').append(numberOrText(v)).append(';'));
      return out.append('}').toString();
    }
  }

  /** A CQL string literal: single quotes, with {@code '} doubled. */
  static String quote(String value) {
    return "'" + value.replace("'", "''") + "'";
  }

  /**
   * A number's canonical form (10, 1e1 and 10.0 are one), else the text. {@code toString}, not
   * {@code toPlainString}: a literal such as {@code 1e999999999} would otherwise become a billion
   * digits.
   */
  private static String numberOrText(String text) {
    try {
      return "#" + new BigDecimal(text.trim()).stripTrailingZeros();
    } catch (NumberFormatException e) {
      return "'" + text;
    }
  }
}
