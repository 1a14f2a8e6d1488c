package org.keyspacestudio.model.parse;

/** The kinds of token the CQL lexer produces. */
enum TokenType {
  /** A word: keyword or unquoted identifier. */
  WORD,
  /** A double-quoted identifier; {@code text} keeps the quotes. */
  QUOTED_NAME,
  /** A single-quoted or {@code $$}-quoted string; {@code text} keeps the quotes. */
  STRING,
  /** An integer literal. */
  INTEGER,
  /** A decimal or exponent literal. */
  FLOAT,
  /** A blob literal, {@code 0x...}. */
  HEX,
  /** A UUID constant, 8-4-4-4-12 hexadecimal digits (Cassandra's lexer has it as a token). */
  UUID,
  /** Punctuation or an operator. */
  SYMBOL,
  /** Characters that start no token (such as {@code #}), or an unterminated string or comment. */
  ERROR,
  /** The end of the input. */
  EOF
}
