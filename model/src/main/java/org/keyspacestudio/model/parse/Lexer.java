package org.keyspacestudio.model.parse;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits CQL source into tokens, skipping white space and {@code --}, {@code //} and {@code /* * /}
 * comments. It never fails: characters that start no token become {@link TokenType#ERROR} tokens
 * for the parser to report. A {@code #} starts an error token that runs to the end of its line (a
 * shell-style comment, which cqlsh and Cassandra do not accept), so that one stray line costs no
 * more than itself.
 */
final class Lexer {

  private final String src;
  private final int length;
  private int pos;
  private int line = 1;
  private int lineStart;

  private Lexer(String src) {
    this.src = src;
    this.length = src.length();
  }

  /** A comment: its text without markers, and the lines it spans. */
  record Comment(String text, int firstLine, int lastLine, int start) {}

  private final List<Comment> comments = new ArrayList<>();

  /** All tokens of {@code src}, ending with one {@link TokenType#EOF} token. */
  static List<Token> tokenize(String src) {
    return new Lexer(src).run();
  }

  /** The tokens of {@code src} and its comments, in source order. */
  static Lexer lex(String src) {
    Lexer lexer = new Lexer(src);
    lexer.tokens = lexer.run();
    return lexer;
  }

  List<Token> tokens;

  List<Comment> comments() {
    return comments;
  }

  private List<Token> run() {
    List<Token> tokens = new ArrayList<>(Math.max(16, length / 5));
    while (true) {
      skipSpaceAndComments(tokens);
      if (pos >= length) {
        tokens.add(new Token(TokenType.EOF, "", pos, pos, line, pos - lineStart + 1));
        return tokens;
      }
      tokens.add(next());
    }
  }

  private void skipSpaceAndComments(List<Token> tokens) {
    while (pos < length) {
      char c = src.charAt(pos);
      if (c == '\n') {
        pos++;
        line++;
        lineStart = pos;
      } else if (c == ' '
          || c == '\t'
          || c == '\r'
          || c == '\f'
          || c == '\u00a0'
          || c == '\ufeff') {
        pos++;
      } else if ((c == '-' || c == '/') && pos + 1 < length && src.charAt(pos + 1) == c) {
        int start = pos;
        // As Cassandra's lexer: a line comment ends at a line feed or a carriage return.
        while (pos < length && src.charAt(pos) != '\n' && src.charAt(pos) != '\r') {
          pos++;
        }
        int bodyStart = start + 2;
        while (bodyStart < pos && (src.charAt(bodyStart) == '-' || src.charAt(bodyStart) == '/')) {
          bodyStart++;
        }
        comments.add(new Comment(src.substring(bodyStart, pos).strip(), line, line, start));
      } else if (c == '/' && pos + 1 < length && src.charAt(pos + 1) == '*') {
        int startLine = line;
        int startColumn = pos - lineStart + 1;
        int start = pos;
        pos += 2;
        boolean closed = false;
        while (pos < length) {
          char d = src.charAt(pos);
          if (d == '*' && pos + 1 < length && src.charAt(pos + 1) == '/') {
            pos += 2;
            closed = true;
            break;
          }
          advance(d);
        }
        if (!closed) {
          tokens.add(
              new Token(
                  TokenType.ERROR, src.substring(start, pos), start, pos, startLine, startColumn));
        } else {
          comments.add(
              new Comment(blockText(src.substring(start + 2, pos - 2)), startLine, line, start));
        }
      } else {
        return;
      }
    }
  }

  /** A block comment's text: lines trimmed, leading {@code *} decorations removed. */
  private static String blockText(String body) {
    StringBuilder text = new StringBuilder();
    for (String l : body.split("\r\n|\r|\n")) {
      String stripped = l.strip();
      int from = 0;
      while (from < stripped.length() && stripped.charAt(from) == '*') {
        from++;
      }
      stripped = stripped.substring(from).strip();
      if (text.length() > 0 || !stripped.isEmpty()) {
        text.append(stripped).append('\n');
      }
    }
    return text.toString().strip();
  }

  private void advance(char c) {
    pos++;
    if (c == '\n') {
      line++;
      lineStart = pos;
    }
  }

  private Token next() {
    int start = pos;
    int startLine = line;
    int startColumn = pos - lineStart + 1;
    char c = src.charAt(pos);
    TokenType type;
    if (isHex(c) && isUuidAt(pos)) {
      pos += 36;
      type = TokenType.UUID;
    } else if (isWordStart(c)) {
      pos++;
      while (pos < length && isWordPart(src.charAt(pos))) {
        pos++;
      }
      type = TokenType.WORD;
    } else if (c >= '0' && c <= '9') {
      type = number();
    } else if (c == '\'') {
      type = quoted('\'', TokenType.STRING);
    } else if (c == '"') {
      type = quoted('"', TokenType.QUOTED_NAME);
    } else if (c == '$' && pos + 1 < length && src.charAt(pos + 1) == '$') {
      int close = src.indexOf("$$", pos + 2);
      int stop = close < 0 ? length : close + 2;
      while (pos < stop) {
        advance(src.charAt(pos));
      }
      type = close < 0 ? TokenType.ERROR : TokenType.STRING;
    } else if (c == '#') {
      while (pos < length && src.charAt(pos) != '\n') {
        pos++;
      }
      type = TokenType.ERROR;
    } else if ("(),;.<>=[]{}:?+-*/%!&|@^~".indexOf(c) >= 0) {
      pos++;
      if (pos < length) {
        char d = src.charAt(pos);
        if ((d == '=' && "<>!+-".indexOf(c) >= 0)) {
          pos++;
        }
      }
      type = TokenType.SYMBOL;
    } else {
      pos++;
      type = TokenType.ERROR;
    }
    return new Token(type, src.substring(start, pos), start, pos, startLine, startColumn);
  }

  private TokenType number() {
    if (src.charAt(pos) == '0'
        && pos + 1 < length
        && (src.charAt(pos + 1) == 'x' || src.charAt(pos + 1) == 'X')) {
      pos += 2;
      while (pos < length && isHex(src.charAt(pos))) {
        pos++;
      }
      return TokenType.HEX;
    }
    TokenType type = TokenType.INTEGER;
    digits();
    if (pos + 1 < length && src.charAt(pos) == '.' && isDigit(src.charAt(pos + 1))) {
      pos++;
      digits();
      type = TokenType.FLOAT;
    }
    if (pos < length && (src.charAt(pos) == 'e' || src.charAt(pos) == 'E')) {
      int mark = pos;
      pos++;
      if (pos < length && (src.charAt(pos) == '+' || src.charAt(pos) == '-')) {
        pos++;
      }
      if (pos < length && isDigit(src.charAt(pos))) {
        digits();
        type = TokenType.FLOAT;
      } else {
        pos = mark;
      }
    }
    return type;
  }

  private void digits() {
    while (pos < length && isDigit(src.charAt(pos))) {
      pos++;
    }
  }

  private TokenType quoted(char quote, TokenType type) {
    pos++;
    while (pos < length) {
      char c = src.charAt(pos);
      if (c == quote) {
        if (pos + 1 < length && src.charAt(pos + 1) == quote) {
          pos += 2;
          continue;
        }
        pos++;
        return type;
      }
      advance(c);
    }
    return TokenType.ERROR;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /** Whether a UUID (8-4-4-4-12 hex digits, not followed by a word character) starts at i. */
  private boolean isUuidAt(int i) {
    if (i + 36 > length || (i + 36 < length && isWordPart(src.charAt(i + 36)))) {
      return false;
    }
    for (int k = 0; k < 36; k++) {
      char d = src.charAt(i + k);
      boolean dash = k == 8 || k == 13 || k == 18 || k == 23;
      if (dash ? d != '-' : !isHex(d)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isHex(char c) {
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }

  private static boolean isWordStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  private static boolean isWordPart(char c) {
    return isWordStart(c) || isDigit(c) || c == '_';
  }
}
