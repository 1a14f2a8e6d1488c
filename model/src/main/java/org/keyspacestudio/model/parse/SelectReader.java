package org.keyspacestudio.model.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.support.LikePattern;
import org.keyspacestudio.model.support.ScriptSelect;
import org.keyspacestudio.model.support.TableQuery;
import org.keyspacestudio.model.type.Constant;
import org.keyspacestudio.model.workflow.Operator;

/**
 * Reads a script's {@code SELECT} statement (kept verbatim by the importer) into what the support
 * check judges ({@link ScriptSelect}), after Cassandra 5.0's {@code selectStatement} grammar:
 * {@code SELECT [JSON] selectors FROM [ks.]table [WHERE relation (AND relation)*] [ORDER BY column
 * [ANN OF term] [ASC|DESC], ...] [PER PARTITION LIMIT n] [LIMIT n] [ALLOW FILTERING]}.
 *
 * <p>What the check does not judge is not read, and the reason is given instead: {@code DISTINCT}
 * of expressions reading no column or of aggregates (other expressions stand for the columns they
 * read, as Cassandra judges a DISTINCT), {@code GROUP BY} a function other than {@code floor},
 * {@code toDate}, {@code toTimestamp}, {@code toUnixTimestamp} (or {@code to_date}, {@code
 * to_timestamp}, {@code to_unix_timestamp}) or an aggregate (or with a bind marker among its
 * arguments), relations other than a column, {@code token(columns)} or a tuple of columns, compared
 * by {@code =}, {@code IN}, {@code <}, {@code <=}, {@code >}, {@code >=}, {@code CONTAINS} or
 * {@code CONTAINS KEY}, a column matched by {@code LIKE} (the form of a pattern written as a string
 * is kept: {@code 'abc%'}), a column compared by {@code !=} or {@code IS NOT NULL} (which Cassandra
 * refuses), and a map entry compared by {@code =} ({@code m[key] = value}) (another element
 * relation or a field), and text that is not a SELECT as the grammar has it. Selectors other than
 * plain columns (functions, casts, literals) are read as {@code *}: the check then says nothing of
 * the columns returned.
 *
 * <p>A pure function of the text: never throws, linear in its length.
 */
public final class SelectReader extends TokenCursor {

  /**
   * What was read.
   *
   * @param select the SELECT, or null when it is not judged
   * @param notChecked why it is not judged, or null when {@code select} is set
   */
  public record Read(ScriptSelect select, String notChecked) {}

  /** Words that end a term or a relation at the top level of a SELECT. */
  private static final Set<String> CLAUSES =
      Set.of("AND", "ORDER", "GROUP", "PER", "LIMIT", "ALLOW");

  private SelectReader(String text) {
    super(text);
  }

  /**
   * Reads a SELECT statement's text.
   *
   * @param text the statement as written, with or without its closing semicolon, not null
   * @return the SELECT, or why it is not judged
   */
  public static Read read(String text) {
    return new SelectReader(text).statement();
  }

  private Read statement() {
    if (!accept("SELECT")) {
      return skip("not a SELECT");
    }
    accept("JSON");
    boolean distinct = accept("DISTINCT");
    // Selectors, up to FROM at the top level.
    List<CqlIdentifier> returned = new ArrayList<>();
    // The columns a DISTINCT reads, each once.
    Set<CqlIdentifier> distinctRead = new java.util.HashSet<>();
    boolean plain = true;
    boolean star = false;
    boolean aggregate = false;
    while (true) {
      int start = pos;
      int depth = 0;
      while (peek().type() != TokenType.EOF
          && !(depth == 0 && (peek().isSymbol(',') || peek().is("FROM")))) {
        depth += nesting(next());
      }
      List<Token> selector = tokens.subList(start, pos);
      if (selector.size() == 1 && selector.get(0).isSymbol('*')) {
        star = true;
      } else if ((selector.size() == 1 || (selector.size() == 3 && selector.get(1).is("AS")))
          && isName(selector.get(0))) {
        CqlIdentifier c = name(selector.get(0));
        if (!distinct || distinctRead.add(c)) {
          returned.add(c);
        }
      } else if (distinct) {
        // Cassandra judges a DISTINCT by the columns its selectors read (Selection.getColumns).
        List<CqlIdentifier> read = columnsRead(selector);
        if (read == null || read.isEmpty() || callsAggregate(selector)) {
          return skip(
              "SELECT DISTINCT of expressions reading no column, of aggregates or of type hints"
                  + " is not checked");
        }
        read.stream().filter(distinctRead::add).forEach(returned::add);
      } else {
        plain = false;
        aggregate |= callsAggregate(selector);
      }
      if (peek().type() == TokenType.EOF) {
        return skip("no FROM");
      }
      if (next().is("FROM")) {
        break;
      }
    }
    // The table.
    Token first = peek();
    if (!isName(first)) {
      return skip("no table name after FROM");
    }
    next();
    CqlIdentifier keyspace = null;
    CqlIdentifier table = name(first);
    Token last = first;
    if (peek().isSymbol('.')) {
      next();
      if (!isName(peek())) {
        return skip("no table name after " + first.text() + ".");
      }
      keyspace = table;
      last = next();
      table = name(last);
    }
    // Restrictions.
    List<TableQuery.Restriction> where = new ArrayList<>();
    List<ScriptSelect.TokenRelation> token = new ArrayList<>();
    List<ScriptSelect.MultiColumnRelation> multiColumn = new ArrayList<>();
    java.util.Map<CqlIdentifier, LikePattern> likePatterns = new java.util.HashMap<>();
    List<ScriptSelect.Given> values = new ArrayList<>();
    List<ScriptSelect.RelationValue> relationValues = new ArrayList<>();
    if (accept("WHERE")) {
      do {
        Token column = peek();
        if (column.isSymbol('(')) {
          String problem = multiColumnRelation(multiColumn, where.size(), relationValues);
          if (problem != null) {
            return skip(problem);
          }
          continue;
        }
        if (column.is("TOKEN") && peek(1).isSymbol('(')) {
          String problem = tokenRelation(token, relationValues);
          if (problem != null) {
            return skip(problem);
          }
          continue;
        }
        if (column.type() == TokenType.WORD && peek(1).isSymbol('(')) {
          return skip(column.text() + "(...) relations are not checked");
        }
        if (!isName(column)) {
          return skip("a relation that does not start with a column");
        }
        next();
        if (peek().isSymbol('[')) {
          // A map entry: m[key] = value.
          int keyAt = pos + 1;
          if (!element() || !peek().isSymbol('=')) {
            return skip(
                "relations on a collection element other than m[key] = value are not checked");
          }
          Constant key = constantBetween(keyAt, pos - 1);
          next();
          int valueAt = pos;
          if (!term()) {
            return skip("no value after " + column.text() + "[...] =");
          }
          Constant value = constant(valueAt);
          if (key.kind() != Constant.Kind.OTHER) {
            values.add(new ScriptSelect.Given(name(column), Operator.CONTAINS_KEY, key));
          }
          if (value.kind() != Constant.Kind.OTHER) {
            values.add(new ScriptSelect.Given(name(column), Operator.ENTRY, value));
          }
          where.add(new TableQuery.Restriction(name(column), Operator.ENTRY));
          continue;
        }
        if (peek().isSymbol('.')) {
          return skip("relations on a field are not checked");
        }
        if (accept("LIKE")) {
          Token value = peek();
          int valueAt = pos;
          if (!term()) {
            return skip("no value after " + column.text() + " LIKE");
          }
          if (value.type() == TokenType.STRING && pos == valueAt + 1) {
            likePatterns.putIfAbsent(
                name(column), LikePattern.of(StatementParser.unquoteString(value.text())));
          }
          where.add(new TableQuery.Restriction(name(column), Operator.LIKE));
          continue;
        }
        if (accept("IS")) {
          if (!accept("NOT") || !accept("NULL")) {
            return skip("IS without NOT NULL");
          }
          where.add(new TableQuery.Restriction(name(column), Operator.IS_NOT_NULL));
          continue;
        }
        Operator op = relationOperator();
        if (op == null) {
          return skip("the relation " + tokens.get(pos - 1).text() + " is not checked");
        }
        int valueAt = pos;
        if (!term()) {
          return skip("no value after " + column.text() + " " + op.symbol());
        }
        for (Constant c : op == Operator.IN ? constants(valueAt) : List.of(constant(valueAt))) {
          if (c.kind() != Constant.Kind.OTHER) {
            values.add(new ScriptSelect.Given(name(column), op, c));
          }
        }
        where.add(new TableQuery.Restriction(name(column), op));
      } while (accept("AND"));
    }
    List<CqlIdentifier> groupBy = new ArrayList<>();
    ScriptSelect.GroupByFunction groupByFunction = null;
    if (accept("GROUP")) {
      if (!accept("BY")) {
        return skip("no BY after GROUP");
      }
      do {
        Token column = peek();
        if (column.type() == TokenType.WORD
            && (peek(1).isSymbol('(')
                || (peek(1).isSymbol('.') && peek(2).type() == TokenType.WORD))) {
          if (groupByFunction != null) {
            return skip("GROUP BY two functions is not checked");
          }
          String shown = column.text() + (peek(1).isSymbol('.') ? "." + peek(2).text() : "");
          groupByFunction = groupByFunction(groupBy.size());
          if (groupByFunction == null) {
            return skip("GROUP BY " + shown + "(...) is not checked");
          }
          continue;
        }
        if (!isName(column)) {
          return skip("GROUP BY without a column");
        }
        next();
        groupBy.add(name(column));
      } while (acceptSymbol(','));
    }
    // Ordering.
    List<TableQuery.Order> orderBy = new ArrayList<>();
    List<ScriptSelect.AnnOrdering> ann = new ArrayList<>();
    if (accept("ORDER")) {
      if (!accept("BY")) {
        return skip("no BY after ORDER");
      }
      do {
        Token column = peek();
        if (!isName(column)) {
          return skip("ORDER BY without a column");
        }
        next();
        boolean byAnn = accept("ANN");
        if (byAnn) {
          if (!accept("OF") || !term(true)) {
            return skip("ANN without OF and its value");
          }
        }
        ClusteringOrder direction = ClusteringOrder.ASC;
        if (accept("DESC")) {
          direction = ClusteringOrder.DESC;
        } else {
          accept("ASC");
        }
        if (byAnn) {
          ann.add(new ScriptSelect.AnnOrdering(name(column), direction));
        } else {
          orderBy.add(new TableQuery.Order(name(column), direction));
        }
      } while (acceptSymbol(','));
    }
    boolean perPartitionLimit = false;
    if (accept("PER")) {
      if (!accept("PARTITION") || !accept("LIMIT") || !term()) {
        return skip("PER PARTITION LIMIT without its value");
      }
      perPartitionLimit = true;
    }
    String limit = null;
    if (accept("LIMIT")) {
      int from = pos;
      if (!term()) {
        return skip("LIMIT without its value");
      }
      StringBuilder value = new StringBuilder();
      tokens.subList(from, pos).forEach(t -> value.append(t.text()));
      limit = value.toString();
    }
    boolean allowFiltering = false;
    if (accept("ALLOW")) {
      if (!accept("FILTERING")) {
        return skip("ALLOW without FILTERING");
      }
      allowFiltering = true;
    }
    acceptSymbol(';');
    if (peek().type() != TokenType.EOF) {
      return skip("unexpected " + peek().describe());
    }
    return new Read(
        new ScriptSelect(
            keyspace,
            table,
            first.start(),
            last.end(),
            new TableQuery(where, orderBy, star || !plain ? List.of() : returned),
            allowFiltering,
            distinct,
            groupBy,
            token,
            multiColumn,
            perPartitionLimit,
            ann,
            limit,
            aggregate,
            groupByFunction,
            likePatterns,
            values,
            relationValues),
        null);
  }

  /**
   * Reads {@code (name, ...) op term} into {@code into}, after {@code at} single-column relations;
   * null when read, or why it is not judged.
   */
  private String multiColumnRelation(
      List<ScriptSelect.MultiColumnRelation> into,
      int at,
      List<ScriptSelect.RelationValue> relationValues) {
    next();
    List<CqlIdentifier> columns = columnsUpToParenthesis(false);
    if (columns == null) {
      return "a multi-column relation of something other than columns is not checked";
    }
    Operator op = relationOperator();
    if (op == null || op == Operator.NEQ) {
      return "the multi-column relation " + tokens.get(pos - 1).text() + " is not checked";
    }
    int valueAt = pos;
    if (!term()) {
      return "no value after (...) " + op.symbol();
    }
    for (Constant c :
        op == Operator.IN ? tupleConstants(valueAt) : List.of(tupleConstant(valueAt))) {
      if (c.kind() != Constant.Kind.OTHER) {
        relationValues.add(new ScriptSelect.RelationValue(columns, false, op, c));
      }
    }
    into.add(new ScriptSelect.MultiColumnRelation(columns, op, at));
    return null;
  }

  /**
   * Reads {@code token(name, ...) op term} into {@code into}; null when read, or why it is not
   * judged.
   */
  private String tokenRelation(
      List<ScriptSelect.TokenRelation> into, List<ScriptSelect.RelationValue> relationValues) {
    next();
    next();
    List<CqlIdentifier> columns = columnsUpToParenthesis(true);
    if (columns == null) {
      return "token() of something other than columns is not checked";
    }
    Operator op = relationOperator();
    if (op == null || op == Operator.NEQ) {
      return "the relation token(...) " + tokens.get(pos - 1).text() + " is not checked";
    }
    int valueAt = pos;
    if (!term()) {
      return "no value after token(...) " + op.symbol();
    }
    Constant value = constant(valueAt);
    if (value.kind() != Constant.Kind.OTHER && op != Operator.IN) {
      relationValues.add(new ScriptSelect.RelationValue(columns, true, op, value));
    }
    into.add(new ScriptSelect.TokenRelation(columns, op));
    return null;
  }

  /**
   * Reads {@code name, ...)} after an opening parenthesis: the names, or null when something else
   * comes first; none only when {@code empty} allows it.
   */
  private List<CqlIdentifier> columnsUpToParenthesis(boolean empty) {
    List<CqlIdentifier> columns = new ArrayList<>();
    if (!(empty && peek().isSymbol(')'))) {
      do {
        if (!isName(peek())) {
          return null;
        }
        columns.add(name(next()));
      } while (acceptSymbol(','));
    }
    return acceptSymbol(')') ? columns : null;
  }

  /** The functions whose use in a GROUP BY the check judges. */
  private static final Set<String> GROUP_BY_FUNCTIONS =
      Set.of(
          "floor",
          "todate",
          "totimestamp",
          "tounixtimestamp",
          "to_date",
          "to_timestamp",
          "to_unix_timestamp");

  /**
   * Reads {@code [ks.]name(argument, ...)} of a GROUP BY, after {@code at} of its columns: null
   * when it is not judged (a function the check does not know, a bind marker among its arguments).
   */
  private ScriptSelect.GroupByFunction groupByFunction(int at) {
    String name = next().text().toLowerCase(Locale.ROOT);
    String keyspace = null;
    if (acceptSymbol('.')) {
      keyspace = name;
      name = next().text().toLowerCase(Locale.ROOT);
    }
    if (!acceptSymbol('(')) {
      return null;
    }
    List<CqlIdentifier> columns = new ArrayList<>();
    int arguments = 0;
    if (!acceptSymbol(')')) {
      while (true) {
        int start = pos;
        int depth = 0;
        while (peek().type() != TokenType.EOF
            && !(depth == 0 && (peek().isSymbol(',') || peek().isSymbol(')')))) {
          Token t = next();
          if (t.isSymbol('?') || t.isSymbol(':')) {
            return null;
          }
          depth += nesting(t);
        }
        if (pos == start || peek().type() == TokenType.EOF) {
          return null;
        }
        arguments++;
        if (pos == start + 1 && isName(tokens.get(start))) {
          columns.add(name(tokens.get(start)));
        }
        if (acceptSymbol(')')) {
          break;
        }
        next();
      }
    }
    boolean aggregate = AGGREGATES.contains(name);
    // A native function other than floor and the conversions is judged too: Cassandra refuses it
    // (not monotonic); a user-defined one may be declared monotonic, and is not judged.
    return aggregate
            || GROUP_BY_FUNCTIONS.contains(name)
            || ((keyspace == null || keyspace.equals("system"))
                && org.keyspacestudio.model.support.NativeScalarFunctions.isNative(name))
        ? new ScriptSelect.GroupByFunction(name, columns, arguments, at)
        : null;
  }

  /** Skips {@code [term]}; false when it is not one. */
  private boolean element() {
    int depth = 0;
    do {
      Token t = next();
      if (t.type() == TokenType.EOF) {
        return false;
      }
      depth += nesting(t);
    } while (depth > 0);
    return depth == 0;
  }

  /** Reads a relation's operator, {@code CONTAINS [KEY]} included; null for one not judged. */
  private Operator relationOperator() {
    if (accept("CONTAINS")) {
      return accept("KEY") ? Operator.CONTAINS_KEY : Operator.CONTAINS;
    }
    return operator(next());
  }

  /**
   * Skips a term (a bind marker, a literal, a collection, a tuple, a function call, a cast) up to
   * the next clause word or the end at the top level; false when there is nothing to skip.
   */
  private boolean term() {
    return term(false);
  }

  /**
   * As {@link #term()}; in an ordering ({@code ANN OF term}) the term also ends before a comma or a
   * direction at the top level.
   */
  private boolean term(boolean inOrdering) {
    int start = pos;
    int depth = 0;
    while (peek().type() != TokenType.EOF
        && !(depth == 0
            && (peek().isSymbol(';')
                || (inOrdering && (peek().isSymbol(',') || peek().is("ASC") || peek().is("DESC")))
                || (peek().type() == TokenType.WORD
                    && CLAUSES.contains(peek().text().toUpperCase(Locale.ROOT)))))) {
      depth += nesting(next());
      if (depth < 0) {
        return false;
      }
    }
    return pos > start && depth == 0;
  }

  /** Words that stand for a value, not a column, in a selector. */
  private static final Set<String> LITERAL_WORDS =
      Set.of("true", "false", "null", "nan", "infinity");

  /**
   * The columns a selector reads, in the order first named ({@code token(k)}: {@code k}; {@code
   * CAST(c AS text)}: {@code c}; {@code writetime(s)}: {@code s}; {@code m['a']}: {@code m}), or
   * null when it holds a type hint ({@code (int) x}), which this does not tell from a column in
   * parentheses. Function names (a word before {@code (}, with its keyspace), field names (after
   * {@code .}), types and aliases (after {@code AS}) and literal words are not columns.
   */
  private static List<CqlIdentifier> columnsRead(List<Token> selector) {
    java.util.LinkedHashSet<CqlIdentifier> out = new java.util.LinkedHashSet<>();
    for (int i = 0; i < selector.size(); i++) {
      Token t = selector.get(i);
      if (t.type() != TokenType.WORD && t.type() != TokenType.QUOTED_NAME) {
        continue;
      }
      Token before = i > 0 ? selector.get(i - 1) : null;
      Token after = i + 1 < selector.size() ? selector.get(i + 1) : null;
      Token afterNext = i + 2 < selector.size() ? selector.get(i + 2) : null;
      Token third = i + 3 < selector.size() ? selector.get(i + 3) : null;
      boolean call = after != null && after.isSymbol('(');
      boolean keyspaceOfCall =
          after != null
              && after.isSymbol('.')
              && afterNext != null
              && third != null
              && third.isSymbol('(');
      if (call
          || keyspaceOfCall
          || (before != null && (before.isSymbol('.') || before.is("AS")))
          || t.is("AS")
          || (t.type() == TokenType.WORD
              && LITERAL_WORDS.contains(t.text().toLowerCase(Locale.ROOT)))) {
        continue;
      }
      if (before != null
          && before.isSymbol('(')
          && after != null
          && after.isSymbol(')')
          && afterNext != null
          && !afterNext.isSymbol(',')
          && !afterNext.isSymbol(')')
          && !afterNext.is("AS")) {
        // (type) value: a type hint.
        return null;
      }
      if (!isName(t)) {
        continue;
      }
      out.add(name(t));
    }
    return List.copyOf(out);
  }

  /** The names of Cassandra's aggregate functions ({@code AggregateFcts}), in lower case. */
  private static final Set<String> AGGREGATES = Set.of("count", "min", "max", "sum", "avg");

  /**
   * Whether the selector calls one of Cassandra's aggregate functions at its top ({@code count(*)},
   * {@code max(c)}, {@code system.avg(c)}), or in an argument.
   */
  private static boolean callsAggregate(List<Token> selector) {
    for (int i = 0; i + 1 < selector.size(); i++) {
      Token t = selector.get(i);
      if (t.type() == TokenType.WORD
          && selector.get(i + 1).isSymbol('(')
          && AGGREGATES.contains(t.text().toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }

  private Read skip(String why) {
    return new Read(null, why);
  }
}
