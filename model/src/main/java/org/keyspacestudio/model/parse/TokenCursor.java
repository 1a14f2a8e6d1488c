package org.keyspacestudio.model.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.type.Constant;
import org.keyspacestudio.model.workflow.Operator;

/**
 * A position in one statement's tokens, for the readers of kept statements ({@link SelectReader},
 * {@link WriteReader}): look ahead, take, accept a keyword or a symbol. Never moves past the end.
 */
abstract class TokenCursor {

  protected final List<Token> tokens;
  protected int pos;

  protected TokenCursor(String text) {
    this.tokens = Lexer.tokenize(text);
  }

  protected final Token peek() {
    return tokens.get(pos);
  }

  protected final Token peek(int ahead) {
    return tokens.get(Math.min(pos + ahead, tokens.size() - 1));
  }

  protected final Token next() {
    Token t = tokens.get(pos);
    if (t.type() != TokenType.EOF) {
      pos++;
    }
    return t;
  }

  protected final boolean accept(String keyword) {
    if (peek().is(keyword)) {
      pos++;
      return true;
    }
    return false;
  }

  protected final boolean acceptSymbol(char symbol) {
    if (peek().isSymbol(symbol)) {
      pos++;
      return true;
    }
    return false;
  }

  /** +1 for an opening bracket of any kind, -1 for a closing one, else 0. */
  protected static int nesting(Token t) {
    if (t.isSymbol('(') || t.isSymbol('[') || t.isSymbol('{')) {
      return 1;
    }
    if (t.isSymbol(')') || t.isSymbol(']') || t.isSymbol('}')) {
      return -1;
    }
    return 0;
  }

  /** Whether the token names a column or a table: a quoted name, or a word not reserved. */
  protected static boolean isName(Token t) {
    return (t.type() == TokenType.QUOTED_NAME && t.text().length() > 2)
        || (t.type() == TokenType.WORD
            && !CqlIdentifier.RESERVED_WORDS.contains(t.text().toLowerCase(Locale.ROOT)));
  }

  /** The identifier a name token stands for (an unquoted one in lower case). */
  protected static CqlIdentifier name(Token t) {
    return t.type() == TokenType.QUOTED_NAME
        ? CqlIdentifier.fromCql(t.text())
        : CqlIdentifier.of(t.text().toLowerCase(Locale.ROOT));
  }

  /** The relation's operator, or null for one the check does not judge. */
  protected static Operator operator(Token t) {
    if (t.is("IN")) {
      return Operator.IN;
    }
    if (t.type() != TokenType.SYMBOL) {
      return null;
    }
    return switch (t.text()) {
      case "=" -> Operator.EQ;
      case "<" -> Operator.LT;
      case "<=" -> Operator.LE;
      case ">" -> Operator.GT;
      case ">=" -> Operator.GE;
      case "!=" -> Operator.NEQ;
      default -> null;
    };
  }

  /**
   * The term from {@code start} to here as a constant: one token (a string, a number, a UUID, a
   * blob, {@code true}, {@code false}, {@code null}, {@code NaN}, {@code Infinity}), a number after
   * a minus sign; else {@link Constant#OTHER}.
   */
  protected final Constant constant(int start) {
    int from = start;
    String sign = "";
    if (pos - start == 2 && tokens.get(start).isSymbol('-')) {
      sign = "-";
      from = start + 1;
    }
    Constant duration = duration(start);
    if (duration != null) {
      return duration;
    }
    if (pos - from != 1) {
      return Constant.OTHER;
    }
    Token t = tokens.get(from);
    Constant.Kind kind =
        switch (t.type()) {
          case STRING -> Constant.Kind.STRING;
          case INTEGER -> Constant.Kind.INTEGER;
          case FLOAT -> Constant.Kind.FLOAT;
          case UUID -> Constant.Kind.UUID;
          case HEX -> Constant.Kind.HEX;
          case WORD ->
              switch (t.text().toLowerCase(Locale.ROOT)) {
                case "true", "false" -> Constant.Kind.BOOLEAN;
                case "null" -> Constant.Kind.NULL;
                case "nan", "infinity" -> Constant.Kind.FLOAT;
                default -> Constant.Kind.OTHER;
              };
          default -> Constant.Kind.OTHER;
        };
    if (kind == Constant.Kind.OTHER
        || (!sign.isEmpty() && kind != Constant.Kind.INTEGER && kind != Constant.Kind.FLOAT)) {
      return Constant.OTHER;
    }
    String written = t.text();
    if (t.type() == TokenType.WORD && kind == Constant.Kind.FLOAT) {
      // Cassandra's parser gives these words' constants as Java writes them, whatever the case.
      written = written.equalsIgnoreCase("nan") ? "NaN" : "Infinity";
    }
    String text =
        kind == Constant.Kind.STRING ? StatementParser.unquoteString(written) : sign + written;
    return new Constant(kind, text, tokens.get(start).start(), t.end());
  }

  /**
   * Cassandra's lexer's {@code DURATION}, case-insensitive: {@code 1h30m}, {@code P1DT2H}, {@code
   * P2W}, {@code P0001-02-03T04:05:06}, with an optional minus sign; written without spaces.
   */
  private static final java.util.regex.Pattern DURATION =
      java.util.regex.Pattern.compile(
          "-?(\\d+(mo|ms|us|µs|ns|y|w|d|h|m|s))+"
              + "|-?P(\\d+Y)?(\\d+M)?(\\d+D)?(T(\\d+H)?(\\d+M)?(\\d+S)?)?"
              + "|-?P\\d+W"
              + "|-?P\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}",
          java.util.regex.Pattern.CASE_INSENSITIVE | java.util.regex.Pattern.UNICODE_CASE);

  /** The term from {@code start} to here as a duration constant, or null when it is none. */
  private Constant duration(int start) {
    if (pos <= start) {
      return null;
    }
    StringBuilder text = new StringBuilder();
    for (int i = start; i < pos; i++) {
      Token t = tokens.get(i);
      if (i > start && t.start() != tokens.get(i - 1).end()) {
        return null;
      }
      if (t.type() != TokenType.WORD
          && t.type() != TokenType.INTEGER
          && !t.isSymbol('-')
          && !t.isSymbol(':')) {
        return null;
      }
      text.append(t.text());
    }
    if (!DURATION.matcher(text).matches()) {
      return null;
    }
    return new Constant(
        Constant.Kind.DURATION,
        text.toString(),
        tokens.get(start).start(),
        tokens.get(pos - 1).end());
  }

  /**
   * The values of an {@code IN (v, ...)} list from {@code start} to here; none for {@code IN ?}.
   */
  protected final List<Constant> constants(int start) {
    if (!tokens.get(start).isSymbol('(') || !tokens.get(pos - 1).isSymbol(')')) {
      return List.of();
    }
    List<Constant> out = new ArrayList<>();
    int end = pos;
    int depth = 0;
    int from = start + 1;
    for (int i = start + 1; i < end - 1; i++) {
      Token t = tokens.get(i);
      depth += nesting(t);
      if (depth == 0 && t.isSymbol(',')) {
        out.add(constantBetween(from, i));
        from = i + 1;
      }
    }
    if (from < end - 1) {
      out.add(constantBetween(from, end - 1));
    }
    return out;
  }

  private Constant constantBetween(int from, int to) {
    int saved = pos;
    pos = to;
    Constant l = constant(from);
    pos = saved;
    return l;
  }
}
