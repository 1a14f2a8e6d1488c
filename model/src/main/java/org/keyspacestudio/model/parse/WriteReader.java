package org.keyspacestudio.model.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.dml.ScriptBatch;
import org.keyspacestudio.model.dml.ScriptWrite;
import org.keyspacestudio.model.dml.ScriptWrite.Change;
import org.keyspacestudio.model.type.Constant;
import org.keyspacestudio.model.workflow.Operator;

/**
 * Reads a script's {@code INSERT}, {@code UPDATE}, {@code DELETE} and {@code BEGIN BATCH}
 * statements (kept verbatim by the importer) into what {@link
 * org.keyspacestudio.model.dml.ScriptWrites} judges, after Cassandra 5.0's grammar:
 *
 * <ul>
 *   <li>{@code INSERT INTO [ks.]table (c, ...) VALUES (v, ...) [IF NOT EXISTS] [USING ...]}, or
 *       {@code INSERT INTO [ks.]table JSON value [DEFAULT NULL|UNSET] [IF NOT EXISTS] [USING ...]};
 *   <li>{@code UPDATE [ks.]table [USING ...] SET assignment, ... WHERE relation AND ... [IF EXISTS
 *       | IF condition AND ...]}, an assignment being {@code c = v}, {@code c = c + v}, {@code c =
 *       c - v}, {@code c = v + c}, {@code c += v}, {@code c -= v}, {@code c[k] = v} or {@code
 *       c.field = v};
 *   <li>{@code DELETE [c | c[k] | c.field, ...] FROM [ks.]table [USING TIMESTAMP v] WHERE ... [IF
 *       ...]};
 *   <li>{@code BEGIN [UNLOGGED | COUNTER] BATCH [USING ...] statement [;] ... APPLY BATCH}.
 * </ul>
 *
 * <p>Relations on a tuple of columns or on a collection element, and forms the grammar refuses, are
 * not read; the reason is given instead. Values are skipped, not read.
 *
 * <p>A pure function of the text: never throws, linear in its length.
 */
public final class WriteReader extends TokenCursor {

  /**
   * What was read: one statement, a batch, or why neither is judged.
   *
   * @param write the INSERT, UPDATE or DELETE, or null
   * @param batch the batch, or null
   * @param notChecked why the statement is not judged, or null when one of the others is set
   */
  public record Read(ScriptWrite write, ScriptBatch batch, String notChecked) {}

  /** Words that end a term at the top level of a write. */
  private static final Set<String> CLAUSES =
      Set.of("AND", "SET", "WHERE", "IF", "USING", "APPLY", "INSERT", "UPDATE", "DELETE");

  private WriteReader(String text) {
    super(text);
  }

  /**
   * Reads a write statement's text.
   *
   * @param text the statement as written, with or without its closing semicolon, not null
   * @return the statement or batch, or why it is not judged
   */
  public static Read read(String text) {
    WriteReader r = new WriteReader(text);
    try {
      if (r.peek().is("BEGIN")) {
        return r.batch();
      }
      ScriptWrite w = r.write();
      r.acceptSymbol(';');
      if (r.peek().type() != TokenType.EOF) {
        throw new NotRead("unexpected " + r.peek().describe());
      }
      return new Read(w, null, null);
    } catch (NotRead e) {
      return new Read(null, null, e.getMessage());
    }
  }

  /** Why the statement is not judged, thrown to the top of {@link #read}. */
  private static final class NotRead extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NotRead(String why) {
      super(why, null, false, false);
    }
  }

  private Read batch() {
    next();
    ScriptBatch.Type type = ScriptBatch.Type.LOGGED;
    if (accept("UNLOGGED")) {
      type = ScriptBatch.Type.UNLOGGED;
    } else if (accept("COUNTER")) {
      type = ScriptBatch.Type.COUNTER;
    }
    if (!accept("BATCH")) {
      throw new NotRead("no BATCH after BEGIN");
    }
    boolean[] using = using();
    List<ScriptWrite> statements = new ArrayList<>();
    while (!peek().is("APPLY")) {
      if (peek().type() == TokenType.EOF) {
        throw new NotRead("no APPLY BATCH");
      }
      statements.add(write());
      acceptSymbol(';');
    }
    next();
    if (!accept("BATCH")) {
      throw new NotRead("no BATCH after APPLY");
    }
    acceptSymbol(';');
    if (peek().type() != TokenType.EOF) {
      throw new NotRead("unexpected " + peek().describe());
    }
    if (statements.isEmpty()) {
      throw new NotRead("a batch of no statement");
    }
    return new Read(null, new ScriptBatch(type, using[0], using[1], statements), null);
  }

  private ScriptWrite write() {
    if (accept("INSERT")) {
      return insert();
    }
    if (accept("UPDATE")) {
      return update();
    }
    if (accept("DELETE")) {
      return delete();
    }
    throw new NotRead("not an INSERT, UPDATE or DELETE: " + peek().describe());
  }

  /** The table's name: keyspace, table, start, end. */
  private record Named(CqlIdentifier keyspace, CqlIdentifier table, int start, int end) {}

  private Named table() {
    Token first = peek();
    if (!isName(first)) {
      throw new NotRead("no table name: " + first.describe());
    }
    next();
    if (!peek().isSymbol('.')) {
      return new Named(null, name(first), first.start(), first.end());
    }
    next();
    Token last = peek();
    if (!isName(last)) {
      throw new NotRead("no table name after " + first.text() + ".");
    }
    next();
    return new Named(name(first), name(last), first.start(), last.end());
  }

  private ScriptWrite insert() {
    if (!accept("INTO")) {
      throw new NotRead("no INTO after INSERT");
    }
    Named t = table();
    List<Change> changes = new ArrayList<>();
    List<Constant> literals = new ArrayList<>();
    int values = -1;
    boolean json = false;
    if (accept("JSON")) {
      json = true;
      int start = pos;
      if (peek().type() == TokenType.STRING) {
        next();
      } else {
        term();
      }
      literals.add(constant(start));
      if (accept("DEFAULT") && !(accept("NULL") || accept("UNSET"))) {
        throw new NotRead("DEFAULT without NULL or UNSET");
      }
    } else {
      if (!acceptSymbol('(')) {
        throw new NotRead("no column names after INSERT INTO " + t.table().asCql());
      }
      do {
        Token c = next();
        if (!isName(c)) {
          throw new NotRead("a column name expected, found " + c.describe());
        }
        changes.add(new Change(name(c), Change.Op.SET, null, name(c).asCql(), NONE));
      } while (acceptSymbol(','));
      if (!acceptSymbol(')') || !accept("VALUES") || !acceptSymbol('(')) {
        throw new NotRead("no VALUES (...) after the column names");
      }
      values = 0;
      if (!peek().isSymbol(')')) {
        do {
          int start = pos;
          if (!term()) {
            throw new NotRead("a value expected, found " + peek().describe());
          }
          literals.add(constant(start));
          values++;
        } while (acceptSymbol(','));
      }
      if (!acceptSymbol(')')) {
        throw new NotRead("no ) after the values");
      }
    }
    ScriptWrite.Condition condition = ScriptWrite.Condition.NONE;
    if (accept("IF")) {
      if (!accept("NOT") || !accept("EXISTS")) {
        throw new NotRead("an INSERT's IF other than IF NOT EXISTS");
      }
      condition = ScriptWrite.Condition.IF_NOT_EXISTS;
    }
    boolean[] using = using();
    return new ScriptWrite(
        ScriptWrite.Kind.INSERT,
        t.keyspace(),
        t.table(),
        t.start(),
        t.end(),
        changes,
        values,
        literals,
        List.of(),
        condition,
        List.of(),
        using[0],
        using[1],
        json);
  }

  private ScriptWrite update() {
    Named t = table();
    boolean[] using = using();
    if (!accept("SET")) {
      throw new NotRead("no SET in the UPDATE");
    }
    List<Change> changes = new ArrayList<>();
    do {
      changes.add(assignment());
    } while (acceptSymbol(','));
    return whereAndIf(ScriptWrite.Kind.UPDATE, t, changes, using);
  }

  private ScriptWrite delete() {
    List<Change> changes = new ArrayList<>();
    if (!peek().is("FROM")) {
      do {
        Token c = next();
        if (!isName(c)) {
          throw new NotRead("a column to delete expected, found " + c.describe());
        }
        if (acceptSymbol('[')) {
          int from = pos - 1;
          if (!term() || !acceptSymbol(']')) {
            throw new NotRead("no ] after " + c.text() + "[");
          }
          changes.add(
              new Change(
                  name(c), Change.Op.DELETE_ELEMENT, null, name(c).asCql() + text(from), NONE));
        } else if (acceptSymbol('.')) {
          Token f = next();
          if (!isName(f) && f.type() != TokenType.WORD) {
            throw new NotRead("no field name after " + c.text() + ".");
          }
          changes.add(
              new Change(
                  name(c),
                  Change.Op.DELETE_FIELD,
                  name(f),
                  name(c).asCql() + "." + name(f).asCql(),
                  NONE));
        } else {
          changes.add(new Change(name(c), Change.Op.DELETE, null, name(c).asCql(), NONE));
        }
      } while (acceptSymbol(','));
    }
    if (!accept("FROM")) {
      throw new NotRead("no FROM in the DELETE");
    }
    Named t = table();
    boolean[] using = using();
    return whereAndIf(ScriptWrite.Kind.DELETE, t, changes, using);
  }

  /** An UPDATE's or DELETE's WHERE clause and IF, then the statement. */
  private ScriptWrite whereAndIf(
      ScriptWrite.Kind kind, Named t, List<Change> changes, boolean[] using) {
    List<ScriptWrite.Relation> where = where();
    List<ScriptWrite.Compared> conditions = new ArrayList<>();
    ScriptWrite.Condition condition = condition(conditions);
    return new ScriptWrite(
        kind,
        t.keyspace(),
        t.table(),
        t.start(),
        t.end(),
        changes,
        -1,
        List.of(),
        where,
        condition,
        conditions,
        using[0],
        using[1],
        false);
  }

  /** {@code [USING TIMESTAMP v | TTL v [AND ...]]}: whether it sets a timestamp, a TTL. */
  private boolean[] using() {
    boolean[] set = new boolean[2];
    if (!accept("USING")) {
      return set;
    }
    do {
      if (accept("TIMESTAMP")) {
        set[0] = true;
      } else if (accept("TTL")) {
        set[1] = true;
      } else {
        throw new NotRead("USING other than TIMESTAMP or TTL: " + peek().describe());
      }
      if (!term()) {
        throw new NotRead("no value after USING " + tokens.get(pos - 1).text());
      }
    } while (accept("AND"));
    return set;
  }

  /** Reads one assignment of an UPDATE's SET. */
  private Change assignment() {
    Token c = next();
    if (!isName(c)) {
      throw new NotRead("a column to set expected, found " + c.describe());
    }
    CqlIdentifier column = name(c);
    int from = pos - 1;
    if (acceptSymbol('[')) {
      if (!term() || !acceptSymbol(']') || !acceptSymbol('=')) {
        throw new NotRead("not a " + c.text() + "[key] = value assignment");
      }
      int start = pos;
      if (!term()) {
        throw new NotRead("not a " + c.text() + "[key] = value assignment");
      }
      return new Change(column, Change.Op.SET_ELEMENT, null, text(from), constant(start));
    }
    if (acceptSymbol('.')) {
      Token f = next();
      if (!isName(f) && f.type() != TokenType.WORD) {
        throw new NotRead("no field name after " + c.text() + ".");
      }
      int start = pos + 1;
      if (!acceptSymbol('=') || !term()) {
        throw new NotRead("not a " + c.text() + ".field = value assignment");
      }
      return new Change(column, Change.Op.SET_FIELD, name(f), text(from), constant(start));
    }
    if (peek().type() == TokenType.SYMBOL
        && (peek().text().equals("+=") || peek().text().equals("-="))) {
      Change.Op op = next().text().equals("+=") ? Change.Op.ADD : Change.Op.SUBTRACT;
      int start = pos;
      if (!term()) {
        throw new NotRead("no value after " + c.text() + " " + tokens.get(pos - 1).text());
      }
      return new Change(column, op, null, text(from), constant(start));
    }
    if (!acceptSymbol('=')) {
      throw new NotRead("no = after " + c.text());
    }
    Token first = peek();
    if (isName(first)
        && !durationAt(pos)
        && !peek(1).isSymbol('(')
        && !peek(1).isSymbol('.')
        && !LITERAL_WORDS.contains(first.text().toLowerCase(Locale.ROOT))) {
      // c = c + value, c = c - value: the grammar takes no other column there.
      if (!name(first).equals(column)) {
        throw new NotRead(
            "Cassandra's grammar takes only "
                + column.asCql()
                + " = "
                + column.asCql()
                + " + value (or -) there");
      }
      next();
      Token sign = next();
      int start = pos;
      if (!(sign.isSymbol('+') || sign.isSymbol('-')) || !term()) {
        throw new NotRead("not a " + c.text() + " = " + c.text() + " + value assignment");
      }
      return new Change(
          column,
          sign.isSymbol('+') ? Change.Op.ADD : Change.Op.SUBTRACT,
          null,
          text(from),
          constant(start));
    }
    int start = pos;
    if (!term()) {
      throw new NotRead("no value after " + c.text() + " =");
    }
    // c = value + c: a prepend (the value's last two tokens at the top level).
    if (pos - start >= 3
        && tokens.get(pos - 2).isSymbol('+')
        && isName(tokens.get(pos - 1))
        && name(tokens.get(pos - 1)).equals(column)) {
      return new Change(
          column, Change.Op.PREPEND, null, text(from), constantBetween(start, pos - 2));
    }
    return new Change(column, Change.Op.SET, null, text(from), constant(start));
  }

  /** {@code WHERE relation AND ...}. */
  private List<ScriptWrite.Relation> where() {
    if (!accept("WHERE")) {
      throw new NotRead("no WHERE");
    }
    List<ScriptWrite.Relation> out = new ArrayList<>();
    do {
      Token first = peek();
      boolean token = false;
      CqlIdentifier column;
      if (first.is("TOKEN") && peek(1).isSymbol('(')) {
        next();
        next();
        if (!isName(peek())) {
          throw new NotRead("token() of something other than columns is not checked");
        }
        column = name(next());
        int depth = 1;
        while (depth > 0 && peek().type() != TokenType.EOF) {
          depth += nesting(next());
        }
        token = true;
      } else if (first.isSymbol('(')) {
        throw new NotRead("relations on a tuple of columns are not checked");
      } else if (isName(first)) {
        column = name(next());
        if (peek().isSymbol('[') || peek().isSymbol('.')) {
          throw new NotRead("relations on a collection element or a field are not checked");
        }
      } else {
        throw new NotRead("a relation that does not start with a column: " + first.describe());
      }
      Operator op;
      if (accept("CONTAINS")) {
        op = accept("KEY") ? Operator.CONTAINS_KEY : Operator.CONTAINS;
      } else if (accept("LIKE")) {
        op = Operator.LIKE;
      } else if (accept("IS")) {
        if (!accept("NOT") || !accept("NULL")) {
          throw new NotRead("IS without NOT NULL");
        }
        op = Operator.IS_NOT_NULL;
      } else {
        op = operator(next());
        if (op == null) {
          throw new NotRead("the relation " + tokens.get(pos - 1).text() + " is not checked");
        }
      }
      int start = pos;
      if (op != Operator.IS_NOT_NULL && !term()) {
        throw new NotRead("no value after " + first.text() + " " + op.symbol());
      }
      out.add(
          new ScriptWrite.Relation(
              column,
              op,
              token,
              op == Operator.IS_NOT_NULL
                  ? List.of()
                  : op == Operator.IN ? constants(start) : List.of(constant(start))));
    } while (accept("AND"));
    return out;
  }

  /** {@code [IF EXISTS | IF column ... AND ...]}, the comparisons into {@code columns}. */
  private ScriptWrite.Condition condition(List<ScriptWrite.Compared> columns) {
    if (!accept("IF")) {
      return ScriptWrite.Condition.NONE;
    }
    if (accept("EXISTS")) {
      return ScriptWrite.Condition.IF_EXISTS;
    }
    do {
      Token c = next();
      if (!isName(c)) {
        throw new NotRead("a column expected after IF, found " + c.describe());
      }
      boolean part = peek().isSymbol('[') || peek().isSymbol('.');
      Operator op = part ? null : operator(peek());
      if (op != null) {
        next();
      }
      int start = pos;
      term();
      if (pos == start) {
        throw new NotRead("no comparison after IF " + c.text());
      }
      List<Constant> values =
          op == null ? List.of() : op == Operator.IN ? constants(start) : List.of(constant(start));
      columns.add(new ScriptWrite.Compared(name(c), part, op, values));
    } while (accept("AND"));
    return ScriptWrite.Condition.COLUMNS;
  }

  private static final Constant NONE = Constant.OTHER;

  /** Words that stand for a value, not a column. */
  private static final Set<String> LITERAL_WORDS =
      Set.of("true", "false", "null", "nan", "infinity");

  /**
   * Skips a term (a bind marker, a literal, a collection, a tuple, a function call, an expression)
   * up to a comma, a closing bracket, a semicolon or a clause word at the top level; false when
   * there is nothing to skip.
   */
  private boolean term() {
    int start = pos;
    int depth = 0;
    while (peek().type() != TokenType.EOF) {
      Token t = peek();
      if (depth == 0
          && (t.isSymbol(',')
              || t.isSymbol(')')
              || t.isSymbol(']')
              || t.isSymbol(';')
              || (t.type() == TokenType.WORD
                  && CLAUSES.contains(t.text().toUpperCase(Locale.ROOT))))) {
        break;
      }
      depth += nesting(next());
      if (depth < 0) {
        return false;
      }
    }
    return pos > start && depth == 0;
  }

  /** The tokens from {@code from} to here, as written (spaced as in the text). */
  private String text(int from) {
    StringBuilder out = new StringBuilder();
    for (int i = from; i < pos; i++) {
      if (i > from && tokens.get(i).start() > tokens.get(i - 1).end()) {
        out.append(' ');
      }
      out.append(tokens.get(i).text());
    }
    return out.toString();
  }
}
