package org.keyspacestudio.model.parse;

import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.validate.Problem;

/** Reads a CQL type written on its own, such as {@code frozen<map<text, list<int>>>}. */
public final class CqlTypeParser {

  private CqlTypeParser() {}

  /**
   * The type a text denotes.
   *
   * @param text a CQL type, with or without surrounding white space
   * @return the type, never null
   * @throws IllegalArgumentException if the text is not exactly one valid type; the message says at
   *     which column and what was expected
   */
  public static CqlType parse(String text) {
    SchemaBuilder scratch = new SchemaBuilder();
    StatementParser parser = new StatementParser(text, "type", scratch);
    CqlType type;
    try {
      type = parser.type();
      if (parser.peek().type() != TokenType.EOF) {
        throw parser.expected("the end of the type");
      }
    } catch (SyntaxError e) {
      throw new IllegalArgumentException("column " + e.token.column() + ": " + e.getMessage(), e);
    }
    if (!scratch.problems.isEmpty()) {
      Problem first = scratch.problems.get(0);
      throw new IllegalArgumentException(first.message());
    }
    return type;
  }
}
