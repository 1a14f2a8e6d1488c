package org.keyspacestudio.model.support;

import java.util.Objects;

/**
 * The form of a {@code LIKE} pattern, as Cassandra 5.0 reads it when the query runs ({@code
 * SingleColumnRestriction.LikeRestriction.makeSpecific}): a {@code %} at the end searches by
 * prefix, at the start by suffix, at both ends by substring, none by the whole value. A SASI index
 * serves each form in some of its modes ({@code OnDiskIndexBuilder.Mode}).
 */
public enum LikePattern {
  /**
   * {@code 'abc%'}: values starting with the text (SASI modes {@code PREFIX}, {@code CONTAINS}).
   */
  PREFIX("'abc%'"),
  /** {@code '%abc'}: values ending with the text (SASI mode {@code CONTAINS}). */
  SUFFIX("'%abc'"),
  /** {@code '%abc%'}: values holding the text (SASI mode {@code CONTAINS}). */
  CONTAINS("'%abc%'"),
  /** {@code 'abc'}: the whole value (SASI modes {@code PREFIX}, {@code CONTAINS}). */
  MATCHES("'abc'"),
  /**
   * {@code ''}, {@code '%'} or {@code '%%'}: nothing left once the wildcards are taken off; the
   * node refuses it when the query runs ("LIKE value can't be empty.").
   */
  EMPTY("''");

  private final String example;

  LikePattern(String example) {
    this.example = example;
  }

  /** An example of the form as CQL, quotes included: {@code 'abc%'}. */
  public String example() {
    return example;
  }

  /**
   * The form of a pattern, as Cassandra finds it: a trailing {@code %} (with a leading one, a
   * substring; without, a prefix), else a leading one (a suffix), else the whole value; {@code %}
   * inside the text is matched as itself.
   *
   * @param pattern the pattern's text, quotes taken off and {@code ''} read as {@code '}, not null
   * @return its form; {@link #EMPTY} when no text is left between the wildcards
   */
  public static LikePattern of(String pattern) {
    Objects.requireNonNull(pattern, "pattern");
    int length = pattern.length();
    boolean starts = pattern.startsWith("%");
    boolean ends = pattern.endsWith("%");
    LikePattern form;
    int left;
    if (ends) {
      form = starts ? CONTAINS : PREFIX;
      left = length - 1 - (starts ? 1 : 0);
    } else if (starts) {
      form = SUFFIX;
      left = length - 1;
    } else {
      form = MATCHES;
      left = length;
    }
    return left <= 0 ? EMPTY : form;
  }
}
