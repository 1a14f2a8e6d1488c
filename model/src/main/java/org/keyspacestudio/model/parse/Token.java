package org.keyspacestudio.model.parse;

/**
 * One token of CQL source.
 *
 * @param type the kind of token
 * @param text the token's characters as written
 * @param start offset of the first character in the source
 * @param end offset just past the last character
 * @param line 1-based line of the first character
 * @param column 1-based column of the first character
 */
record Token(TokenType type, String text, int start, int end, int line, int column) {

  /** Whether this is a word equal to {@code keyword}, ignoring case (keyword is upper case). */
  boolean is(String keyword) {
    return type == TokenType.WORD && text.equalsIgnoreCase(keyword);
  }

  /** Whether this is the given punctuation. */
  boolean isSymbol(char symbol) {
    return type == TokenType.SYMBOL && text.length() == 1 && text.charAt(0) == symbol;
  }

  /** How the token is named in an error message. */
  String describe() {
    return switch (type) {
      case EOF -> "end of input";
      case STRING -> "string " + abbreviate(text);
      case ERROR -> "'" + abbreviate(text) + "'";
      default -> "'" + abbreviate(text) + "'";
    };
  }

  private static String abbreviate(String s) {
    String oneLine = s.replace('\n', ' ').replace('\r', ' ');
    return oneLine.length() > 40 ? oneLine.substring(0, 37) + "..." : oneLine;
  }
}
