package org.keyspacestudio.model.parse;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.keyspacestudio.model.cql.CqlIdentifier;

/** Names in CQL text the model keeps as written, such as a view's other {@code WHERE} relations. */
public final class CqlNames {

  private CqlNames() {}

  /**
   * {@code cql} with each name of the column {@code from} written as {@code to}, everything else
   * (spacing, case, literals, comments) as it was. A name is a word that is not a reserved word, or
   * a double-quoted name, that is neither called as a function ({@code token(...)}) nor a field or
   * keyspace qualifier's part ({@code a.b}). This is how Cassandra's {@code ALTER TABLE ... RENAME}
   * renames a column in the relations of the table's materialized views ({@code
   * AlterTableStatement.RenameColumns}, {@code WhereClause.renameIdentifier}).
   *
   * @param cql relations or other CQL text, never null; text that does not lex is kept as it is
   * @param from the column's current name, never null
   * @param to the column's new name, never null; written quoted when it needs quotes
   * @return the renamed text, {@code cql} itself when it names {@code from} nowhere
   */
  public static String renameColumn(String cql, CqlIdentifier from, CqlIdentifier to) {
    Objects.requireNonNull(cql, "cql");
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    List<Token> tokens = Lexer.tokenize(cql);
    StringBuilder out = null;
    int copied = 0;
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (!names(t, from)
          || tokens.get(i + 1).isSymbol('(')
          || tokens.get(i + 1).isSymbol('.')
          || (i > 0 && tokens.get(i - 1).isSymbol('.'))) {
        continue;
      }
      if (out == null) {
        out = new StringBuilder(cql.length() + 16);
      }
      out.append(cql, copied, t.start()).append(to.asCql());
      copied = t.end();
    }
    return out == null ? cql : out.append(cql, copied, cql.length()).toString();
  }

  private static boolean names(Token t, CqlIdentifier name) {
    if (t.type() == TokenType.QUOTED_NAME) {
      return t.text().length() > 2 && CqlIdentifier.fromCql(t.text()).equals(name);
    }
    if (t.type() != TokenType.WORD) {
      return false;
    }
    String lower = t.text().toLowerCase(Locale.ROOT);
    return !CqlIdentifier.RESERVED_WORDS.contains(lower) && lower.equals(name.asInternal());
  }
}
