package org.keyspacestudio.model.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
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
  private final String source;

  protected TokenCursor(String text) {
    this.tokens = Lexer.tokenize(text);
    this.source = text;
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
   * a minus sign, a duration, or a list, set, map, tuple or user type literal of such values; else
   * {@link Constant#OTHER}.
   */
  protected final Constant constant(int start) {
    return constantBetween(start, pos);
  }

  /**
   * The term from {@code start} to here as a tuple literal, as a multi-column relation reads its
   * value: {@code (x)} is a tuple of one there ({@code Tuples.Literal}), where {@link #constant}
   * reads it as the value in parentheses; other terms as {@link #constant} reads them.
   */
  protected final Constant tupleConstant(int start) {
    return tupleConstantBetween(start, pos);
  }

  /**
   * The values of a multi-column relation's {@code IN ((a, b), ...)} list from {@code start} to
   * here, each read as {@link #tupleConstant} reads a term; none for {@code IN ?}.
   */
  protected final List<Constant> tupleConstants(int start) {
    List<Constant> out = new ArrayList<>();
    for (int[] item : inItems(start)) {
      out.add(tupleConstantBetween(item[0], item[1]));
    }
    return out;
  }

  private Constant tupleConstantBetween(int from, int to) {
    Constant c = constantBetween(from, to);
    if (c.kind() != Constant.Kind.OTHER
        || to - from < 3
        || !tokens.get(from).isSymbol('(')
        || !tokens.get(to - 1).isSymbol(')')
        || !closesAt(from, to - 1)) {
      return c;
    }
    Constant inner = constantBetween(from + 1, to - 1);
    int start = tokens.get(from).start();
    int end = tokens.get(to - 1).end();
    return new Constant(
        Constant.Kind.TUPLE, source.substring(start, end), start, end, List.of(inner), List.of());
  }

  /** The tokens from {@code from} to just before {@code to} as a constant, as {@link #constant}. */
  protected final Constant constantBetween(int from, int to) {
    return constantBetween(from, to, 0);
  }

  /**
   * Literals nested deeper than this are not read (their value is {@link Constant#OTHER}, not
   * judged): the reading recurses once per level, and hostile input nests thousands deep.
   */
  private static final int MAX_LITERAL_DEPTH = 32;

  private Constant constantBetween(int from, int to, int depth) {
    if (to <= from) {
      return Constant.OTHER;
    }
    Token first = tokens.get(from);
    Token last = tokens.get(to - 1);
    if (to - from >= 2
        && ((first.isSymbol('[') && last.isSymbol(']'))
            || (first.isSymbol('{') && last.isSymbol('}'))
            || (first.isSymbol('(') && last.isSymbol(')')))
        && closesAt(from, to - 1)) {
      return depth < MAX_LITERAL_DEPTH ? literal(from, to, depth) : Constant.OTHER;
    }
    Constant duration = duration(from, to);
    if (duration != null) {
      return duration;
    }
    String sign = "";
    int at = from;
    if (to - from == 2 && first.isSymbol('-')) {
      sign = "-";
      at = from + 1;
    }
    if (to - at != 1) {
      return Constant.OTHER;
    }
    Token t = tokens.get(at);
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
    return new Constant(kind, text, first.start(), t.end());
  }

  /** Whether the bracket at {@code open} is closed by the one at {@code close}, not before. */
  private boolean closesAt(int open, int close) {
    int depth = 0;
    for (int i = open; i <= close; i++) {
      depth += nesting(tokens.get(i));
      if (depth == 0 && i < close) {
        return false;
      }
    }
    return depth == 0;
  }

  /**
   * A literal of values from {@code from} (its opening bracket) to just before {@code to}: {@code
   * [..]} a list (or vector), {@code {..}} a set, a map ({@code k: v}) or a user type ({@code name:
   * v}), {@code (a, b, ...)} a tuple; {@link Constant#OTHER} for what the grammar reads otherwise
   * ({@code (x)}) or refuses.
   */
  private Constant literal(int from, int to, int depth) {
    List<int[]> parts = new ArrayList<>();
    int nested = 0;
    int at = from + 1;
    for (int i = from + 1; i < to - 1; i++) {
      Token t = tokens.get(i);
      nested += nesting(t);
      if (nested == 0 && t.isSymbol(',')) {
        parts.add(new int[] {at, i});
        at = i + 1;
      }
    }
    if (at < to - 1 || !parts.isEmpty()) {
      parts.add(new int[] {at, to - 1});
    }
    Token open = tokens.get(from);
    String text = source.substring(open.start(), tokens.get(to - 1).end());
    List<Constant> items = new ArrayList<>();
    List<String> fields = new ArrayList<>();
    Constant.Kind kind;
    if (open.isSymbol('[')) {
      kind = Constant.Kind.LIST;
      parts.forEach(p -> items.add(item(p[0], p[1], depth)));
    } else if (open.isSymbol('(')) {
      if (parts.size() < 2) {
        return Constant.OTHER;
      }
      kind = Constant.Kind.TUPLE;
      parts.forEach(p -> items.add(item(p[0], p[1], depth)));
    } else {
      int entries = 0;
      int names = 0;
      for (int[] p : parts) {
        int colon = topLevelColon(p[0], p[1]);
        if (colon >= 0) {
          entries++;
          Token key = tokens.get(p[0]);
          if (colon == p[0] + 1
              && isName(key)
              && !Set.of("true", "false", "null", "nan", "infinity")
                  .contains(key.text().toLowerCase(Locale.ROOT))) {
            names++;
          }
        }
      }
      if (entries == 0) {
        kind = Constant.Kind.SET;
        parts.forEach(p -> items.add(item(p[0], p[1], depth)));
      } else if (entries != parts.size()) {
        return Constant.OTHER;
      } else if (names == parts.size()) {
        kind = Constant.Kind.UDT;
        for (int[] p : parts) {
          fields.add(name(tokens.get(p[0])).asInternal());
          items.add(item(p[0] + 2, p[1], depth));
        }
      } else {
        kind = Constant.Kind.MAP;
        for (int[] p : parts) {
          int colon = topLevelColon(p[0], p[1]);
          items.add(item(p[0], colon, depth));
          items.add(item(colon + 1, p[1], depth));
        }
      }
    }
    return new Constant(kind, text, open.start(), tokens.get(to - 1).end(), items, fields);
  }

  /**
   * A value inside a literal: a bind marker ({@code ?}, {@code :name}) told apart, anything else
   * not a constant kept with its text.
   */
  private Constant item(int from, int to, int depth) {
    if ((to - from == 1 && tokens.get(from).isSymbol('?'))
        || (to - from == 2 && tokens.get(from).isSymbol(':'))) {
      Token t = tokens.get(from);
      return new Constant(Constant.Kind.OTHER, "?", t.start(), tokens.get(to - 1).end());
    }
    Constant c = constantBetween(from, to, depth + 1);
    if (c.kind() == Constant.Kind.OTHER && to > from) {
      // A function call or an expression, kept as written for messages and fixes.
      int start = tokens.get(from).start();
      int end = tokens.get(to - 1).end();
      return new Constant(Constant.Kind.OTHER, source.substring(start, end), start, end);
    }
    return c;
  }

  /** The index of the first {@code :} at the top level between the two, or -1. */
  private int topLevelColon(int from, int to) {
    int depth = 0;
    for (int i = from; i < to; i++) {
      Token t = tokens.get(i);
      depth += nesting(t);
      if (depth == 0 && t.isSymbol(':')) {
        return i;
      }
    }
    return -1;
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

  /** The tokens from {@code start} to just before {@code end} as a duration, or null. */
  private Constant duration(int start, int end) {
    StringBuilder text = new StringBuilder();
    for (int i = start; i < end; i++) {
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
        tokens.get(end - 1).end());
  }

  /** Whether a duration constant ({@code P1D}, {@code 1h30m}) starts at the token. */
  protected final boolean durationAt(int at) {
    for (int end = at + 1; end <= tokens.size() && end <= at + 16; end++) {
      if (end > at + 1 && tokens.get(end - 1).start() != tokens.get(end - 2).end()) {
        return false;
      }
      if (duration(at, end) != null) {
        return true;
      }
    }
    return false;
  }

  /**
   * The values of an {@code IN (v, ...)} list from {@code start} to here; none for {@code IN ?}.
   */
  protected final List<Constant> constants(int start) {
    List<Constant> out = new ArrayList<>();
    for (int[] item : inItems(start)) {
      out.add(constantBetween(item[0], item[1]));
    }
    return out;
  }

  /** The token ranges ({@code [from, to)}) of an {@code IN (v, ...)} list's values. */
  private List<int[]> inItems(int start) {
    if (!tokens.get(start).isSymbol('(') || !tokens.get(pos - 1).isSymbol(')')) {
      return List.of();
    }
    List<int[]> out = new ArrayList<>();
    int end = pos;
    int depth = 0;
    int from = start + 1;
    for (int i = start + 1; i < end - 1; i++) {
      Token t = tokens.get(i);
      depth += nesting(t);
      if (depth == 0 && t.isSymbol(',')) {
        out.add(new int[] {from, i});
        from = i + 1;
      }
    }
    if (from < end - 1) {
      out.add(new int[] {from, end - 1});
    }
    return out;
  }
}
