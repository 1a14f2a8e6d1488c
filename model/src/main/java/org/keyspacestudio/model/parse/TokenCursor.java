package org.keyspacestudio.model.parse;

import java.util.List;
import java.util.Locale;
import org.keyspacestudio.model.cql.CqlIdentifier;
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
}
