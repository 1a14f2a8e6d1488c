package org.keyspacestudio.model.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.IndexTarget;
import org.keyspacestudio.model.schema.KeyspaceDefinition;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.OptionValue;
import org.keyspacestudio.model.schema.OtherStatement;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.PrimaryKey.ClusteringColumn;
import org.keyspacestudio.model.schema.Replication;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.schema.SourcePosition;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.type.CollectionType;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.type.CustomType;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.type.TupleType;
import org.keyspacestudio.model.type.UserTypeRef;
import org.keyspacestudio.model.type.VectorType;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Rule;

/**
 * A recursive-descent parser for the CQL statements of one source, applying each statement to a
 * {@link SchemaBuilder} as soon as it is read. The grammar follows Cassandra 5.0's {@code
 * Parser.g}.
 */
final class StatementParser {

  private static final Set<String> CQLSH_COMMANDS =
      Set.of(
          "SOURCE",
          "COPY",
          "CONSISTENCY",
          "SERIAL",
          "TRACING",
          "EXPAND",
          "PAGING",
          "CAPTURE",
          "LOGIN",
          "EXIT",
          "QUIT",
          "CLEAR",
          "CLS",
          "SHOW",
          "HELP");

  private static final Set<String> UNMODELLED_STARTS =
      Set.of(
          "SELECT",
          "INSERT",
          "UPDATE",
          "DELETE",
          "BEGIN",
          "TRUNCATE",
          "GRANT",
          "REVOKE",
          "LIST",
          "DESCRIBE",
          "DESC");

  private static final Set<String> UNMODELLED_OBJECTS =
      Set.of("FUNCTION", "AGGREGATE", "TRIGGER", "ROLE", "USER");

  private final String src;
  private final String sourceName;
  private final SchemaBuilder builder;
  private final List<Token> tokens;
  private int pos;
  private CqlIdentifier currentKeyspace;

  /** The keyspace of the last {@code USE} kept as a statement (before a SELECT naming none). */
  private CqlIdentifier keptUse;

  StatementParser(String src, String sourceName, SchemaBuilder builder) {
    this.src = src;
    this.sourceName = sourceName;
    this.builder = builder;
    Lexer lexer = Lexer.lex(src);
    this.tokens = lexer.tokens;
    for (Lexer.Comment comment : lexer.comments()) {
      commentsByLastLine.putIfAbsent(comment.lastLine(), comment);
      commentsByFirstLine.putIfAbsent(comment.firstLine(), comment);
    }
  }

  private final Map<Integer, Lexer.Comment> commentsByLastLine = new java.util.HashMap<>();
  private final Map<Integer, Lexer.Comment> commentsByFirstLine = new java.util.HashMap<>();

  // ---------------------------------------------------------------------------------------------
  // Documentation comments

  /**
   * The comment block on the lines right above a token: no blank line between, and no code before
   * the comment on its own line (that would be the previous element's trailing comment).
   */
  private String leadingComment(Token token) {
    if (commentsByLastLine.isEmpty()) {
      return null;
    }
    int index = indexOf(token);
    Token previous = index > 0 ? tokens.get(index - 1) : null;
    int previousLine = previous == null ? 0 : previous.line();
    StringBuilder text = new StringBuilder();
    int line = token.line() - 1;
    while (true) {
      Lexer.Comment c = commentsByLastLine.get(line);
      if (c == null
          || c.firstLine() <= previousLine
          || (previous != null && c.start() < previous.end())) {
        break;
      }
      text.insert(0, c.text() + (text.length() > 0 ? "\n" : ""));
      line = c.firstLine() - 1;
    }
    return text.length() == 0 ? null : text.toString();
  }

  /**
   * The comment after a definition on its last line ({@code v text, -- what v holds}), when no
   * other code follows on that line.
   */
  private String trailingComment(int lastTokenIndex) {
    if (commentsByFirstLine.isEmpty()) {
      return null;
    }
    Token last = tokens.get(lastTokenIndex);
    int next = lastTokenIndex + 1;
    if (next < tokens.size()
        && tokens.get(next).line() == last.line()
        && (tokens.get(next).isSymbol(',') || tokens.get(next).isSymbol(';'))) {
      next++;
    }
    Lexer.Comment c = commentsByFirstLine.get(last.line());
    if (c == null || c.start() < last.end() || c.firstLine() != c.lastLine()) {
      return null;
    }
    if (next < tokens.size() && tokens.get(next).line() == last.line()) {
      return null;
    }
    return c.text().isEmpty() ? null : c.text();
  }

  /** The index of a token of this source, by binary search on its offset. */
  private int indexOf(Token token) {
    int low = 0;
    int high = tokens.size() - 1;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      int start = tokens.get(mid).start();
      if (start < token.start()) {
        low = mid + 1;
      } else if (start > token.start()) {
        high = mid - 1;
      } else {
        return mid;
      }
    }
    return -1;
  }

  private void document(ElementRef ref, String text) {
    if (text != null && !text.isBlank()) {
      builder.comments.put(ref, text);
    }
  }

  /** Documents an element from the comment above its first token or after its last one. */
  private void document(ElementRef ref, Token first, int lastTokenIndex) {
    String leading = leadingComment(first);
    document(ref, leading != null ? leading : trailingComment(lastTokenIndex));
  }

  void parseAll() {
    while (peek().type() != TokenType.EOF) {
      Token first = peek();
      if (first.isSymbol(';')) {
        pos++;
        continue;
      }
      if (first.type() == TokenType.ERROR) {
        syntaxProblem(first, unexpectedCharacters(first) + "; expected a statement");
        pos++;
        continue;
      }
      int start = pos;
      try {
        statement();
      } catch (SyntaxError e) {
        syntaxProblem(e.token, e.getMessage());
        pos = Math.max(pos, indexOf(e.token));
        skipToStatementEnd();
        keepUnreadable(start, e);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Statements

  private void statement() {
    Token first = peek();
    String word = first.type() == TokenType.WORD ? first.text().toUpperCase(Locale.ROOT) : "";
    switch (word) {
      case "CREATE" -> create();
      case "ALTER" -> alter();
      case "DROP" -> drop();
      case "USE" -> use();
      default -> {
        if (CQLSH_COMMANDS.contains(word)) {
          cqlshCommand();
        } else if (UNMODELLED_STARTS.contains(word)) {
          keepUnmodelled(word.equals("DESC") ? "DESCRIBE" : word);
        } else {
          throw new SyntaxError(
              first,
              "found "
                  + describe(first)
                  + " where a statement was expected (CREATE, ALTER, DROP, USE, SELECT, INSERT,"
                  + " UPDATE, DELETE, BEGIN BATCH, TRUNCATE, GRANT, REVOKE, LIST)");
        }
      }
    }
  }

  private void create() {
    Token what = peek(1);
    if (what.is("KEYSPACE") || what.is("SCHEMA")) {
      createKeyspace();
    } else if (what.is("TABLE") || what.is("COLUMNFAMILY")) {
      createTable();
    } else if (what.is("TYPE")) {
      createType();
    } else if (what.is("INDEX") || what.is("CUSTOM")) {
      createIndex();
    } else if (what.is("MATERIALIZED")) {
      createView();
    } else if (what.is("FUNCTION") || what.is("OR")) {
      createFunction();
    } else if (what.type() == TokenType.WORD
        && UNMODELLED_OBJECTS.contains(what.text().toUpperCase(Locale.ROOT))) {
      keepUnmodelled("CREATE " + what.text().toUpperCase(Locale.ROOT));
    } else {
      next();
      throw expected(
          "KEYSPACE, TABLE, TYPE, INDEX, CUSTOM INDEX, MATERIALIZED VIEW, FUNCTION, AGGREGATE,"
              + " TRIGGER, ROLE or USER after CREATE");
    }
  }

  private void createKeyspace() {
    Token start = next();
    next();
    boolean ifNotExists = ifNotExists();
    Token nameToken = peek();
    CqlIdentifier name = ident("a keyspace name");
    expectWord("WITH");
    Map<String, Property> props = properties();
    endOfStatement();

    KeyspaceDefinition definition = keyspaceDefinition(props, name, true);
    SchemaBuilder.KeyspaceState existing = builder.existingKeyspace(name);
    if (existing != null && existing.definition != null) {
      if (!ifNotExists) {
        problem(
            Rule.SCHEMA_DUPLICATE,
            "Keyspace '" + name.asInternal() + "' already exists",
            ElementRef.keyspace(name),
            start);
      }
      return;
    }
    builder.keyspace(name).definition = definition;
    position(ElementRef.keyspace(name), nameToken);
    document(ElementRef.keyspace(name), leadingComment(start));
  }

  /**
   * A keyspace's definition from its WITH clause; {@code creating} for CREATE KEYSPACE, where
   * replication is mandatory (ALTER KEYSPACE may change durable_writes alone).
   */
  private KeyspaceDefinition keyspaceDefinition(
      Map<String, Property> props, CqlIdentifier name, boolean creating) {
    Replication replication = null;
    boolean durableWrites = true;
    for (Map.Entry<String, Property> e : props.entrySet()) {
      Property p = e.getValue();
      switch (e.getKey()) {
        case "replication" -> {
          if (p.value instanceof OptionValue.MapValue map) {
            TreeMap<String, String> options = new TreeMap<>(map.entries());
            String strategy = options.remove("class");
            if (strategy == null) {
              problem(
                  Rule.OPTION_INVALID,
                  "Missing replication strategy class",
                  ElementRef.keyspace(name),
                  p.token);
              strategy = "SimpleStrategy";
            }
            replication = new Replication(strategy, options);
            if (!KNOWN_STRATEGIES.contains(replication.strategy())) {
              // AbstractReplicationStrategy.getClass: Cassandra ships these two for users.
              problem(
                  Rule.OPTION_INVALID,
                  replication.strategy().equals("LocalStrategy")
                      ? "Unable to use given strategy class: LocalStrategy is reserved for internal"
                          + " use."
                      : "Unable to find replication strategy class '"
                          + strategy
                          + "' (Cassandra 5.0 has SimpleStrategy and NetworkTopologyStrategy)",
                  ElementRef.keyspace(name),
                  p.token);
            }
          } else {
            problem(
                Rule.OPTION_INVALID,
                "Invalid value for property 'replication': a map was expected",
                ElementRef.keyspace(name),
                p.token);
          }
        }
        case "durable_writes" -> durableWrites = !p.value.normalized().contains("false");
        default ->
            problem(
                Rule.OPTION_UNKNOWN,
                "Unknown property '" + e.getKey() + "'",
                ElementRef.keyspace(name),
                p.token);
      }
    }
    if (replication == null) {
      if (creating) {
        problem(
            Rule.OPTION_INVALID,
            "Missing mandatory option 'replication'",
            ElementRef.keyspace(name),
            tokens.get(pos - 1));
      }
      replication = Replication.simple(1);
    }
    return new KeyspaceDefinition(replication, durableWrites);
  }

  private static final Set<String> KNOWN_STRATEGIES =
      Set.of("SimpleStrategy", "NetworkTopologyStrategy");

  /** One {@code name = value} of a WITH clause, with the token of its name. */
  record Property(OptionValue value, Token token) {}

  private void createTable() {
    Token start = next();
    next();
    boolean ifNotExists = ifNotExists();
    Token nameToken = peek();
    QName qname = qualifiedName("a table name");
    CqlIdentifier ks = keyspaceOf(qname, nameToken);

    List<Column> columns = new ArrayList<>();
    Map<CqlIdentifier, Token> columnTokens = new LinkedHashMap<>();
    Map<CqlIdentifier, Integer> columnEnds = new LinkedHashMap<>();
    List<CqlIdentifier> partitionKey = null;
    List<CqlIdentifier> clusteringNames = new ArrayList<>();
    Token keyToken = null;
    int keyDeclarations = 0;

    expectSymbol('(');
    boolean first = true;
    while (true) {
      if (!first && !acceptSymbol(',')) {
        break;
      }
      if (!first && peek().isSymbol(',')) {
        continue;
      }
      if (!first && peek().isSymbol(')')) {
        break;
      }
      first = false;
      if (peek().is("PRIMARY") && peek(1).is("KEY")) {
        keyToken = next();
        next();
        keyDeclarations++;
        partitionKey = new ArrayList<>();
        clusteringNames = new ArrayList<>();
        keyColumns(partitionKey, clusteringNames);
        continue;
      }
      Token columnToken = peek();
      CqlIdentifier columnName = ident("a column name");
      CqlType type = type();
      boolean isStatic = acceptWord("STATIC");
      sqlConstraint(columnName);
      columns.add(new Column(columnName, type, isStatic));
      columnTokens.putIfAbsent(columnName, columnToken);
      if (peek().is("PRIMARY")) {
        keyToken = next();
        expectWord("KEY");
        keyDeclarations++;
        partitionKey = new ArrayList<>(List.of(columnName));
        clusteringNames = new ArrayList<>();
      }
      columnEnds.putIfAbsent(columnName, pos - 1);
    }
    expectSymbol(')');

    WithClause with = withClause(ElementRef.table(ks, qname.name), true);
    endOfStatement();

    ElementRef tableRef = ElementRef.table(ks, qname.name);
    if (keyDeclarations == 0) {
      partitionKey = List.of();
    } else if (keyDeclarations > 1) {
      problem(
          Rule.KEY_MISSING,
          "Multiple PRIMARY KEYs specified (exactly one required)",
          tableRef,
          keyToken);
    }
    List<ClusteringColumn> clustering = clusteringWithOrder(clusteringNames, with, tableRef);
    TableOptions options =
        new TableOptions(tableOptions(with.props, tableRef), with.compactStorage);
    Table table = new Table(qname.name, columns, new PrimaryKey(partitionKey, clustering), options);

    SchemaBuilder.KeyspaceState keyspace = builder.keyspace(ks);
    if (!nameIsFree(keyspace, qname, ifNotExists, "Table", tableRef, start)) {
      return;
    }
    keyspace.tables.put(qname.name, table);
    position(tableRef, nameToken);
    document(tableRef, leadingComment(start));
    columnTokens.forEach(
        (c, t) -> {
          ElementRef columnRef = ElementRef.column(ks, qname.name, c);
          position(columnRef, t);
          document(columnRef, t, columnEnds.get(c));
        });
  }

  /**
   * {@code PRIMARY KEY (...)} contents after the keywords: {@code (k)} or {@code ((k1, k2))}, then
   * clustering columns.
   */
  private void keyColumns(List<CqlIdentifier> partitionKey, List<CqlIdentifier> clustering) {
    expectSymbol('(');
    if (acceptSymbol('(')) {
      do {
        partitionKey.add(ident("a partition key column"));
      } while (acceptSymbol(','));
      expectSymbol(')');
    } else {
      partitionKey.add(ident("a partition key column"));
    }
    while (acceptSymbol(',')) {
      clustering.add(ident("a clustering column"));
    }
    expectSymbol(')');
  }

  /** What a table's or view's {@code WITH} clause says. */
  private static final class WithClause {
    final Map<CqlIdentifier, ClusteringOrder> order = new LinkedHashMap<>();
    final Map<CqlIdentifier, Token> orderTokens = new LinkedHashMap<>();
    final Map<String, Property> props = new LinkedHashMap<>();
    boolean compactStorage;
  }

  /** An optional {@code WITH} clause of a table ({@code allowCompact}) or a view. */
  private WithClause withClause(ElementRef owner, boolean allowCompact) {
    WithClause with = new WithClause();
    if (!acceptWord("WITH")) {
      return with;
    }
    do {
      if (peek().is("CLUSTERING")) {
        clusteringOrder(with.order, with.orderTokens);
      } else if (peek().is("COMPACT")) {
        if (!allowCompact) {
          throw new SyntaxError(
              peek(), "COMPACT STORAGE tables are not allowed starting with version 4.0");
        }
        Token compact = next();
        expectWord("STORAGE");
        with.compactStorage = true;
        position(ElementRef.option(owner, "compact storage"), compact);
      } else {
        property(with.props);
      }
    } while (acceptWord("AND"));
    return with;
  }

  /**
   * Whether a new table or view may take its name; reports a duplicate unless {@code IF NOT EXISTS}
   * (when Cassandra silently keeps the existing one).
   */
  private boolean nameIsFree(
      SchemaBuilder.KeyspaceState keyspace,
      QName qname,
      boolean ifNotExists,
      String what,
      ElementRef ref,
      Token start) {
    if (!keyspace.tables.containsKey(qname.name) && !keyspace.views.containsKey(qname.name)) {
      return true;
    }
    if (!ifNotExists) {
      problem(
          Rule.SCHEMA_DUPLICATE,
          what + " '" + qualified(keyspace.name, qname.name) + "' already exists",
          ref,
          start);
    }
    return false;
  }

  private void clusteringOrder(
      Map<CqlIdentifier, ClusteringOrder> order, Map<CqlIdentifier, Token> orderTokens) {
    next();
    expectWord("ORDER");
    expectWord("BY");
    expectSymbol('(');
    do {
      Token t = peek();
      CqlIdentifier column = ident("a clustering column");
      ClusteringOrder direction;
      if (acceptWord("ASC")) {
        direction = ClusteringOrder.ASC;
      } else if (acceptWord("DESC")) {
        direction = ClusteringOrder.DESC;
      } else {
        throw expected("ASC or DESC");
      }
      if (order.containsKey(column)) {
        problem(
            Rule.CLUSTERING_ORDER_SEQUENCE,
            "Duplicate column '" + column.asInternal() + "' in CLUSTERING ORDER BY clause",
            null,
            t);
      }
      order.put(column, direction);
      orderTokens.putIfAbsent(column, t);
    } while (acceptSymbol(','));
    expectSymbol(')');
  }

  /**
   * Applies a CLUSTERING ORDER BY clause to the clustering columns, reporting what Cassandra's
   * {@code CreateTableStatement} rejects: columns that are not clustering columns, and an order
   * that is not a prefix of the clustering columns.
   */
  private List<ClusteringColumn> clusteringWithOrder(
      List<CqlIdentifier> clusteringNames, WithClause with, ElementRef owner) {
    Map<CqlIdentifier, ClusteringOrder> order = with.order;
    Map<CqlIdentifier, Token> orderTokens = with.orderTokens;
    List<CqlIdentifier> ordered = new ArrayList<>(order.keySet());
    for (CqlIdentifier column : ordered) {
      if (!clusteringNames.contains(column)) {
        problem(
            Rule.CLUSTERING_ORDER_NOT_CLUSTERING,
            "Only clustering key columns can be defined in CLUSTERING ORDER directive: ["
                + column.asInternal()
                + "] are not clustering columns",
            owner,
            orderTokens.get(column));
      }
    }
    List<CqlIdentifier> inKeyOrder = ordered.stream().filter(clusteringNames::contains).toList();
    for (int i = 0; i < inKeyOrder.size(); i++) {
      if (!inKeyOrder.get(i).equals(clusteringNames.get(i))) {
        CqlIdentifier expectedColumn = clusteringNames.get(i);
        String message =
            inKeyOrder.contains(expectedColumn)
                ? "The order of columns in the CLUSTERING ORDER directive must match that of the"
                    + " clustering columns ("
                    + expectedColumn.asCql()
                    + " must appear before "
                    + inKeyOrder.get(i).asCql()
                    + ")"
                : "Missing CLUSTERING ORDER for column " + expectedColumn.asCql();
        problem(Rule.CLUSTERING_ORDER_SEQUENCE, message, owner, orderTokens.get(inKeyOrder.get(i)));
        break;
      }
    }
    List<ClusteringColumn> clustering = new ArrayList<>(clusteringNames.size());
    for (CqlIdentifier name : clusteringNames) {
      clustering.add(new ClusteringColumn(name, order.getOrDefault(name, ClusteringOrder.ASC)));
    }
    return clustering;
  }

  private TreeMap<String, OptionValue> tableOptions(Map<String, Property> props, ElementRef owner) {
    TreeMap<String, OptionValue> values = new TreeMap<>();
    props.forEach(
        (name, p) -> {
          values.put(name, p.value);
          position(ElementRef.option(owner, name), p.token);
        });
    return values;
  }

  private void createType() {
    Token start = next();
    next();
    boolean ifNotExists = ifNotExists();
    Token nameToken = peek();
    QName qname = qualifiedName("a type name");
    CqlIdentifier ks = keyspaceOf(qname, nameToken);
    expectSymbol('(');
    List<UserType.Field> fields = new ArrayList<>();
    Map<CqlIdentifier, Token> fieldTokens = new LinkedHashMap<>();
    Map<CqlIdentifier, Integer> fieldEnds = new LinkedHashMap<>();
    do {
      if (peek().isSymbol(',')) {
        continue;
      }
      if (peek().isSymbol(')') && !fields.isEmpty()) {
        break;
      }
      Token fieldToken = peek();
      CqlIdentifier field = ident("a field name");
      CqlType type = type();
      fieldTokens.putIfAbsent(field, fieldToken);
      fieldEnds.putIfAbsent(field, pos - 1);
      fields.add(new UserType.Field(field, type));
    } while (acceptSymbol(','));
    expectSymbol(')');
    endOfStatement();

    SchemaBuilder.KeyspaceState keyspace = builder.keyspace(ks);
    ElementRef ref = ElementRef.type(ks, qname.name);
    if (keyspace.types.containsKey(qname.name)) {
      if (!ifNotExists) {
        problem(
            Rule.SCHEMA_DUPLICATE,
            "A user type with name '" + qname.name.asInternal() + "' already exists",
            ref,
            start);
      }
      return;
    }
    keyspace.types.put(qname.name, new UserType(qname.name, fields));
    position(ref, nameToken);
    document(ref, leadingComment(start));
    fieldTokens.forEach(
        (f, t) -> {
          ElementRef fieldRef = ElementRef.field(ks, qname.name, f);
          position(fieldRef, t);
          document(fieldRef, t, fieldEnds.get(f));
        });
  }

  private void createIndex() {
    Token start = next();
    boolean custom = acceptWord("CUSTOM");
    expectWord("INDEX");
    boolean ifNotExists = ifNotExists();
    CqlIdentifier name = null;
    Token nameToken = peek();
    if (!peek().is("ON")) {
      // Cassandra 5.0's grammar takes no keyspace here: the index goes to its table's keyspace.
      name = ident("an index name");
    }
    expectWord("ON");
    Token tableToken = peek();
    QName table = qualifiedName("a table name");
    expectSymbol('(');
    List<IndexTarget> targets = new ArrayList<>();
    if (!peek().isSymbol(')')) {
      do {
        targets.add(indexTarget());
      } while (acceptSymbol(','));
    }
    expectSymbol(')');
    String using = null;
    if (acceptWord("USING")) {
      using = stringLiteral("the index class");
    }
    TreeMap<String, String> options = new TreeMap<>();
    if (acceptWord("WITH")) {
      Map<String, Property> props = properties();
      for (Map.Entry<String, Property> e : props.entrySet()) {
        if (e.getKey().equals("options") && e.getValue().value instanceof OptionValue.MapValue m) {
          options.putAll(m.entries());
        } else {
          problem(
              Rule.OPTION_UNKNOWN,
              "Unknown property '" + e.getKey() + "'",
              null,
              e.getValue().token);
        }
      }
    }
    endOfStatement();

    CqlIdentifier ks = table.keyspace != null ? table.keyspace : keyspaceOf(table, tableToken);
    if (custom && using == null) {
      problem(Rule.OPTION_INVALID, "CUSTOM index requires specifying the index class", null, start);
    }
    SecondaryIndex index = new SecondaryIndex(name, table.name, targets, using, options);
    SchemaBuilder.KeyspaceState keyspace = builder.keyspace(ks);
    if (name == null && keyspace.indexes.containsKey(index.effectiveName())) {
      // Cassandra names a further unnamed index on the same column table_column_idx_1, _2, ...
      String base = index.effectiveName().asInternal();
      int n = 1;
      while (keyspace.indexes.containsKey(CqlIdentifier.of(base + "_" + n))) {
        n++;
      }
      index =
          new SecondaryIndex(CqlIdentifier.of(base + "_" + n), table.name, targets, using, options);
    }
    CqlIdentifier effective = index.effectiveName();
    ElementRef ref = ElementRef.index(ks, effective);
    if (custom && using != null && using.equalsIgnoreCase("legacy_local_table")) {
      // The alias of the built-in index is taken for a class name after CUSTOM (Cassandra 5.0's
      // IndexMetadata): CREATE INDEX ... USING 'legacy_local_table' is what the model holds and
      // writes, and what Cassandra accepts.
      // An error, not INDEX-CUSTOM-CLASS's warning: no node has such a class.
      problem(
          Rule.OPTION_INVALID,
          "Unable to find custom indexer class 'legacy_local_table' (without CUSTOM, 'legacy_local_table'"
              + " names the built-in secondary index)",
          ref,
          start);
    }
    if (keyspace.indexes.containsKey(effective)) {
      if (!ifNotExists) {
        problem(
            Rule.SCHEMA_DUPLICATE,
            "Index '" + effective.asInternal() + "' already exists",
            ref,
            name != null ? nameToken : start);
      }
      return;
    }
    keyspace.indexes.put(effective, index);
    position(ref, name != null ? nameToken : start);
    document(ref, leadingComment(start));
  }

  private IndexTarget indexTarget() {
    Token t = peek();
    IndexTarget.Kind kind = null;
    if (peek(1).isSymbol('(')) {
      if (t.is("KEYS")) {
        kind = IndexTarget.Kind.KEYS;
      } else if (t.is("VALUES")) {
        kind = IndexTarget.Kind.VALUES;
      } else if (t.is("ENTRIES")) {
        kind = IndexTarget.Kind.ENTRIES;
      } else if (t.is("FULL")) {
        kind = IndexTarget.Kind.FULL;
      }
    }
    if (kind == null) {
      return new IndexTarget(ident("an indexed column"), IndexTarget.Kind.SIMPLE);
    }
    next();
    next();
    CqlIdentifier column = ident("an indexed column");
    expectSymbol(')');
    return new IndexTarget(column, kind);
  }

  private void createView() {
    Token start = next();
    next();
    expectWord("VIEW");
    boolean ifNotExists = ifNotExists();
    Token nameToken = peek();
    QName qname = qualifiedName("a view name");
    expectWord("AS");
    expectWord("SELECT");
    List<CqlIdentifier> selected = new ArrayList<>();
    if (!acceptSymbol('*')) {
      do {
        selected.add(ident("a column name"));
      } while (acceptSymbol(','));
    }
    expectWord("FROM");
    Token baseToken = peek();
    QName base = qualifiedName("the base table");
    List<CqlIdentifier> notNull = new ArrayList<>();
    List<String> otherRestrictions = new ArrayList<>();
    if (acceptWord("WHERE")) {
      do {
        relation(notNull, otherRestrictions);
      } while (acceptWord("AND"));
    }
    expectWord("PRIMARY");
    expectWord("KEY");
    List<CqlIdentifier> partitionKey = new ArrayList<>();
    List<CqlIdentifier> clusteringNames = new ArrayList<>();
    keyColumns(partitionKey, clusteringNames);
    CqlIdentifier ks = keyspaceOf(qname, nameToken);
    ElementRef ref = ElementRef.view(ks, qname.name);
    WithClause with = withClause(ref, false);
    endOfStatement();

    CqlIdentifier baseKs = base.keyspace != null ? base.keyspace : ks;
    if (baseKs == null ? ks != null : !baseKs.equals(ks)) {
      problem(
          Rule.SCHEMA_MISSING,
          "Cannot create a materialized view on a table in a different keyspace",
          ref,
          baseToken);
    }
    // CreateViewStatement: the order, when given, names exactly the clustering columns, in order.
    List<ClusteringColumn> clustering;
    if (!with.order.isEmpty() && !new ArrayList<>(with.order.keySet()).equals(clusteringNames)) {
      problem(
          Rule.VIEW_CLUSTERING_ORDER,
          "Clustering key columns must exactly match columns in CLUSTERING ORDER BY directive"
              + " (the view's clustering columns: "
              + String.join(", ", clusteringNames.stream().map(CqlIdentifier::asCql).toList())
              + ")",
          ref,
          with.orderTokens.values().iterator().next());
      clustering = new ArrayList<>();
      for (CqlIdentifier name : clusteringNames) {
        clustering.add(
            new ClusteringColumn(name, with.order.getOrDefault(name, ClusteringOrder.ASC)));
      }
    } else {
      clustering = clusteringWithOrder(clusteringNames, with, ref);
    }
    SchemaBuilder.KeyspaceState keyspace = builder.keyspace(ks);
    MaterializedView view =
        new MaterializedView(
            qname.name,
            base.name,
            selected,
            notNull,
            String.join(" AND ", otherRestrictions),
            new PrimaryKey(partitionKey, clustering),
            new TableOptions(tableOptions(with.props, ref), false));
    if (with.order.isEmpty()) {
      // The model holds the order the view's rows are kept in: without the clause, the base's.
      view = view.withPrimaryKey(view.keyWithoutOrderClause(keyspace.tables.get(base.name)));
    }
    if (!nameIsFree(keyspace, qname, ifNotExists, "Materialized view", ref, start)) {
      return;
    }
    keyspace.views.put(qname.name, view);
    position(ref, nameToken);
    document(ref, leadingComment(start));
  }

  /** One relation of a view's WHERE clause: {@code col IS NOT NULL} or anything else, kept. */
  private void relation(List<CqlIdentifier> notNull, List<String> others) {
    Token first = peek();
    if ((first.type() == TokenType.WORD || first.type() == TokenType.QUOTED_NAME)
        && peek(1).is("IS")
        && peek(2).is("NOT")
        && peek(3).is("NULL")) {
      notNull.add(ident("a column name"));
      pos += 3;
      return;
    }
    int depth = 0;
    int startPos = pos;
    while (true) {
      Token t = peek();
      if (t.type() == TokenType.EOF || t.isSymbol(';')) {
        break;
      }
      if (depth == 0 && (t.is("AND") || t.is("PRIMARY"))) {
        break;
      }
      if (t.isSymbol('(')) {
        depth++;
      } else if (t.isSymbol(')')) {
        depth--;
      }
      pos++;
    }
    if (pos == startPos) {
      throw expected("a restriction");
    }
    others.add(src.substring(tokens.get(startPos).start(), tokens.get(pos - 1).end()));
  }

  /**
   * {@code CREATE [OR REPLACE] FUNCTION}: checked against the grammar (so that a malformed one is
   * reported where Cassandra's parser would), then kept verbatim.
   */
  private void createFunction() {
    int start = pos;
    Token create = next();
    boolean orReplace = false;
    if (acceptWord("OR")) {
      expectWord("REPLACE");
      orReplace = true;
    }
    if (peek().is("AGGREGATE")) {
      pos = start;
      keepUnmodelled("CREATE AGGREGATE");
      return;
    }
    expectWord("FUNCTION");
    boolean ifNotExists = ifNotExists();
    Token nameToken = peek();
    QName name = qualifiedName("a function name");
    expectSymbol('(');
    if (!peek().isSymbol(')')) {
      do {
        ident("an argument name");
        type();
      } while (acceptSymbol(','));
    }
    expectSymbol(')');
    if (!acceptWord("CALLED")) {
      if (!peek().is("RETURNS")) {
        throw expected("CALLED ON NULL INPUT or RETURNS NULL ON NULL INPUT");
      }
      if (!peek(1).is("NULL")) {
        // RETURNS type straight after the arguments: what the function does with null input
        // comes first in CQL.
        throw new SyntaxError(
            peek(1),
            "found "
                + describe(peek(1))
                + " where NULL was expected: a function says what it does on null input before its"
                + " return type (CALLED ON NULL INPUT or RETURNS NULL ON NULL INPUT, then RETURNS "
                + peek(1).text()
                + ")");
      }
      next();
      next();
    }
    expectWord("ON");
    expectWord("NULL");
    expectWord("INPUT");
    expectWord("RETURNS");
    type();
    expectWord("LANGUAGE");
    Token languageToken = peek();
    String language = ident("a language").asInternal();
    expectWord("AS");
    stringLiteral("the function body");
    pos = start;
    ElementRef ref = keepUnmodelled("CREATE FUNCTION");
    if (keyspaceMissing(name)) {
      // Kept verbatim, it is not moved into a keyspace with the model's objects.
      problem(
          Rule.KEYSPACE_NOT_SPECIFIED,
          "No keyspace has been specified for function "
              + nameToken.text()
              + ": USE a keyspace, or qualify its name as keyspace.name",
          ref,
          nameToken);
    }
    // Cassandra's checks, in its order (CreateFunctionStatement, then UDFunction.create).
    if (orReplace && ifNotExists) {
      problem(
          Rule.FUNCTION_DIRECTIVES,
          "Cannot use both 'OR REPLACE' and 'IF NOT EXISTS' directives",
          ref,
          create);
    }
    if (!language.equalsIgnoreCase("java")) {
      problem(
          Rule.FUNCTION_LANGUAGE,
          "Currently only Java UDFs are available in Cassandra (not '"
              + language
              + "'; JavaScript functions were removed in 5.0): rewrite the body in Java",
          ref,
          languageToken);
    }
  }

  private void alter() {
    Token what = peek(1);
    if (what.is("KEYSPACE") || what.is("SCHEMA")) {
      alterKeyspace();
    } else if (what.is("TABLE") || what.is("COLUMNFAMILY")) {
      new AlterTable(this).parse();
    } else if (what.is("TYPE")) {
      alterType();
    } else if (what.is("MATERIALIZED")) {
      alterView();
    } else if (what.is("ROLE") || what.is("USER")) {
      keepUnmodelled("ALTER " + what.text().toUpperCase(Locale.ROOT));
    } else {
      next();
      throw expected("KEYSPACE, TABLE, TYPE, MATERIALIZED VIEW, ROLE or USER after ALTER");
    }
  }

  private void alterKeyspace() {
    Token start = next();
    next();
    boolean ifExists = ifExists();
    CqlIdentifier name = ident("a keyspace name");
    expectWord("WITH");
    Map<String, Property> props = properties();
    endOfStatement();
    SchemaBuilder.KeyspaceState keyspace = builder.existingKeyspace(name);
    if (keyspace == null || keyspace.definition == null) {
      if (!ifExists) {
        problem(
            Rule.SCHEMA_MISSING,
            "Keyspace '" + name.asInternal() + "' doesn't exist",
            ElementRef.keyspace(name),
            start);
      }
      return;
    }
    KeyspaceDefinition changed = keyspaceDefinition(props, name, false);
    keyspace.definition =
        new KeyspaceDefinition(
            props.containsKey("replication")
                ? changed.replication()
                : keyspace.definition.replication(),
            props.containsKey("durable_writes")
                ? changed.durableWrites()
                : keyspace.definition.durableWrites());
  }

  private void alterType() {
    Token start = next();
    next();
    boolean ifExists = ifExists();
    Token nameToken = peek();
    QName qname = qualifiedName("a type name");
    CqlIdentifier ks = keyspaceOf(qname, nameToken);
    ElementRef ref = ElementRef.type(ks, qname.name);
    SchemaBuilder.KeyspaceState keyspace = builder.existingKeyspace(ks);
    UserType type = keyspace == null ? null : keyspace.types.get(qname.name);
    Token action = next();
    List<UserType.Field> fields = type == null ? new ArrayList<>() : new ArrayList<>(type.fields());
    boolean refused = false;
    if (action.is("ADD")) {
      boolean ifNotExists = ifNotExists();
      Token fieldToken = peek();
      CqlIdentifier field = ident("a field name");
      Token fieldTypeToken = peek();
      CqlType fieldType = type();
      endOfStatement();
      if (noKeyspace(qname, start)) {
        return;
      }
      List<CqlIdentifier> keyUsers = type == null ? List.of() : tablesKeyedBy(keyspace, qname.name);
      if (type == null) {
        // Reported below.
      } else if (fieldType.anyMatch(t -> t == NativeType.COUNTER)) {
        problem(Rule.UDT_COUNTER, "A user type cannot contain counters", ref, fieldTypeToken);
        refused = true;
      } else if (fields.stream().anyMatch(f -> f.name().equals(field))) {
        if (!ifNotExists) {
          problem(
              Rule.ALTER_COLUMN_EXISTS,
              "Cannot add new field "
                  + field.asCql()
                  + " to type "
                  + qname.name.asCql()
                  + ": a field with name "
                  + field.asCql()
                  + " already exists",
              ref,
              fieldToken);
        }
      } else if (UserType.uses(fieldType, qname.name, keyspace.types::get)) {
        // AlterTypeStatement.AddField: a type cannot contain itself, directly or through others.
        problem(
            Rule.UDT_CYCLE,
            "Cannot add new field "
                + field.asCql()
                + " of type "
                + fieldType.asCql()
                + " to user type "
                + qname.name.asCql()
                + " as it would create a circular reference",
            ref,
            fieldTypeToken);
        refused = true;
      } else if (!keyUsers.isEmpty()) {
        problem(
            Rule.UDT_IN_USE,
            "Cannot add new field "
                + field.asCql()
                + " to user type "
                + qname.name.asCql()
                + " as the type is being used in partition key by the following tables: "
                + String.join(", ", keyUsers.stream().map(CqlIdentifier::asCql).toList()),
            ref,
            fieldToken);
        refused = true;
      } else {
        fields.add(new UserType.Field(field, fieldType));
        position(ElementRef.field(ks, qname.name, field), fieldToken);
      }
    } else if (action.is("RENAME")) {
      boolean ifFieldExists = ifExists();
      Map<CqlIdentifier, CqlIdentifier> renames = new LinkedHashMap<>();
      Map<CqlIdentifier, Token> renameTokens = new LinkedHashMap<>();
      do {
        Token fromToken = peek();
        CqlIdentifier from = ident("a field name");
        expectWord("TO");
        renames.put(from, ident("a field name"));
        renameTokens.put(from, fromToken);
      } while (acceptWord("AND"));
      endOfStatement();
      if (noKeyspace(qname, start)) {
        return;
      }
      if (type != null) {
        for (var e : renameTokens.entrySet()) {
          CqlIdentifier to = renames.get(e.getKey());
          boolean taken =
              fields.stream().anyMatch(f -> f.name().equals(to) && !renames.containsKey(f.name()));
          if (to != null && taken) {
            // AlterTypeStatement.RenameFields: the renamed type would have two fields of a name.
            problem(
                Rule.UDT_DUPLICATE_FIELD,
                "Duplicate field name "
                    + to.asCql()
                    + " in type "
                    + qname.name.asCql()
                    + " (renaming "
                    + e.getKey().asCql()
                    + ")",
                ref,
                e.getValue());
            refused = true;
          }
          if (fields.stream().noneMatch(f -> f.name().equals(e.getKey()))) {
            if (ifFieldExists) {
              renames.remove(e.getKey());
            } else {
              problem(
                  Rule.UDT_FIELD_UNKNOWN,
                  "Unknown field "
                      + e.getKey().asCql()
                      + " in user type "
                      + qualified(ks, qname.name),
                  ref,
                  e.getValue());
              refused = true;
            }
          }
        }
      }
      fields.replaceAll(
          f ->
              renames.containsKey(f.name())
                  ? new UserType.Field(renames.get(f.name()), f.type())
                  : f);
    } else if (action.is("ALTER")) {
      ident("a field name");
      expectWord("TYPE");
      type();
      endOfStatement();
      if (noKeyspace(qname, start)) {
        return;
      }
      problem(Rule.ALTER_TYPE, "Altering field types is no longer supported", ref, action);
    } else {
      pos--;
      throw expected("ADD, RENAME or ALTER");
    }
    if (refused) {
      return;
    }
    if (type == null) {
      if (!ifExists) {
        problem(
            Rule.SCHEMA_MISSING,
            "No user type named '" + qualified(ks, qname.name) + "' exists.",
            ref,
            start);
      }
      return;
    }
    keyspace.types.put(qname.name, new UserType(qname.name, fields));
  }

  /** The tables of a keyspace with a partition key column whose type uses the user type. */
  private static List<CqlIdentifier> tablesKeyedBy(
      SchemaBuilder.KeyspaceState keyspace, CqlIdentifier type) {
    List<CqlIdentifier> users = new ArrayList<>();
    for (Table table : keyspace.tables.values()) {
      for (CqlIdentifier key : table.primaryKey().partitionKey()) {
        if (table
            .column(key)
            .filter(c -> UserType.uses(c.type(), type, keyspace.types::get))
            .isPresent()) {
          users.add(table.name());
          break;
        }
      }
    }
    return users;
  }

  /**
   * The problems of an object the script drops later, where it was created: the model no longer
   * holds it, but the script still fails at its CREATE.
   */
  private void keepProblemsOfDropped(
      SchemaBuilder.KeyspaceState keyspace, String what, CqlIdentifier name) {
    Set<ElementRef.Kind> kinds =
        switch (what) {
          case "Table" ->
              Set.of(ElementRef.Kind.TABLE, ElementRef.Kind.COLUMN, ElementRef.Kind.OPTION);
          case "User type" -> Set.of(ElementRef.Kind.TYPE, ElementRef.Kind.FIELD);
          case "Materialized view" -> Set.of(ElementRef.Kind.VIEW, ElementRef.Kind.OPTION);
          default -> Set.of(ElementRef.Kind.INDEX);
        };
    // Only what the object's checks look at: the keyspace's types, the object, the table it is on
    // (an index's, a view's) and, for a table, the indexes it takes with it. So a script that
    // drops many objects is not validated whole at each DROP.
    SecondaryIndex index = what.equals("Index") ? keyspace.indexes.get(name) : null;
    MaterializedView view = what.equals("Materialized view") ? keyspace.views.get(name) : null;
    CqlIdentifier table =
        what.equals("Table")
            ? name
            : index != null ? index.table() : view != null ? view.baseTable() : null;
    List<SecondaryIndex> indexes =
        keyspace.indexes.values().stream()
            .filter(i -> i == index || (what.equals("Table") && i.table().equals(name)))
            .toList();
    Set<CqlIdentifier> indexNames =
        indexes.stream()
            .map(SecondaryIndex::effectiveName)
            .collect(java.util.stream.Collectors.toSet());
    org.keyspacestudio.model.schema.Keyspace part =
        new org.keyspacestudio.model.schema.Keyspace(
            keyspace.name,
            keyspace.definition,
            new ArrayList<>(keyspace.types.values()),
            table == null || !keyspace.tables.containsKey(table)
                ? List.of()
                : List.of(keyspace.tables.get(table)),
            indexes,
            view == null ? List.of() : List.of(view));
    org.keyspacestudio.model.schema.Schema snapshot =
        new org.keyspacestudio.model.schema.Schema(List.of(part), List.of());
    for (var problem :
        org.keyspacestudio.model.validate.Validator.validate(snapshot, builder.positions)) {
      ElementRef at = problem.element();
      if (at != null
          && java.util.Objects.equals(keyspace.name, at.keyspace())
          && ((kinds.contains(at.kind()) && name.equals(at.object()))
              || (at.kind() == ElementRef.Kind.INDEX && indexNames.contains(at.object())))) {
        builder.problems.add(problem);
      }
    }
  }

  /** What uses a user type: "tables t1, t2" or "user types u", empty when nothing does. */
  private static String usersOf(SchemaBuilder.KeyspaceState keyspace, CqlIdentifier type) {
    List<String> tables = new ArrayList<>();
    for (Table table : keyspace.tables.values()) {
      if (table.columns().stream()
          .anyMatch(c -> UserTypeRef.referencedBy(c.type()).contains(type))) {
        tables.add(table.name().asCql());
      }
    }
    if (!tables.isEmpty()) {
      return "tables " + String.join(", ", tables);
    }
    List<String> types = new ArrayList<>();
    for (UserType other : keyspace.types.values()) {
      if (!other.name().equals(type)
          && other.fields().stream()
              .anyMatch(f -> UserTypeRef.referencedBy(f.type()).contains(type))) {
        types.add(other.name().asCql());
      }
    }
    return types.isEmpty() ? "" : "user types " + String.join(", ", types);
  }

  private void alterView() {
    Token start = next();
    next();
    expectWord("VIEW");
    boolean ifExists = ifExists();
    Token nameToken = peek();
    QName qname = qualifiedName("a view name");
    CqlIdentifier ks = keyspaceOf(qname, nameToken);
    expectWord("WITH");
    Map<String, Property> props = properties();
    endOfStatement();
    if (noKeyspace(qname, start)) {
      return;
    }
    ElementRef ref = ElementRef.view(ks, qname.name);
    SchemaBuilder.KeyspaceState keyspace = builder.existingKeyspace(ks);
    MaterializedView view = keyspace == null ? null : keyspace.views.get(qname.name);
    if (view == null) {
      if (!ifExists) {
        problem(
            Rule.SCHEMA_MISSING,
            "Materialized view '" + qualified(ks, qname.name) + "' doesn't exist",
            ref,
            start);
      }
      return;
    }
    keyspace.views.put(
        qname.name,
        new MaterializedView(
            view.name(),
            view.baseTable(),
            view.selected(),
            view.notNullColumns(),
            view.otherRestrictions(),
            view.primaryKey(),
            view.options().withAll(tableOptions(props, ref))));
  }

  private void drop() {
    Token start = next();
    Token what = peek();
    if (what.is("KEYSPACE") || what.is("SCHEMA")) {
      next();
      boolean ifExists = ifExists();
      CqlIdentifier name = ident("a keyspace name");
      endOfStatement();
      SchemaBuilder.KeyspaceState keyspace = builder.existingKeyspace(name);
      if (keyspace == null || keyspace.definition == null) {
        if (!ifExists) {
          problem(
              Rule.SCHEMA_MISSING,
              "Keyspace '" + name.asInternal() + "' doesn't exist",
              ElementRef.keyspace(name),
              start);
        }
      }
      builder.dropKeyspace(name);
      return;
    }
    if (what.is("TABLE") || what.is("COLUMNFAMILY")) {
      dropObject(start, "Table", s -> s.tables, ElementRef::table);
    } else if (what.is("TYPE")) {
      dropObject(start, "User type", s -> s.types, ElementRef::type);
    } else if (what.is("INDEX")) {
      dropObject(start, "Index", s -> s.indexes, ElementRef::index);
    } else if (what.is("MATERIALIZED")) {
      next();
      if (!peek().is("VIEW")) {
        throw expected("VIEW");
      }
      dropObject(start, "Materialized view", s -> s.views, ElementRef::view);
    } else if (what.type() == TokenType.WORD
        && UNMODELLED_OBJECTS.contains(what.text().toUpperCase(Locale.ROOT))) {
      pos--;
      keepUnmodelled("DROP " + what.text().toUpperCase(Locale.ROOT));
    } else {
      throw expected(
          "KEYSPACE, TABLE, TYPE, INDEX, MATERIALIZED VIEW, FUNCTION, AGGREGATE, TRIGGER, ROLE or"
              + " USER after DROP");
    }
  }

  private void dropObject(
      Token start,
      String what,
      java.util.function.Function<SchemaBuilder.KeyspaceState, Map<CqlIdentifier, ?>> objects,
      java.util.function.BiFunction<CqlIdentifier, CqlIdentifier, ElementRef> ref) {
    next();
    boolean ifExists = ifExists();
    Token nameToken = peek();
    QName qname = qualifiedName("a name");
    endOfStatement();
    if (noKeyspace(qname, start)) {
      return;
    }
    CqlIdentifier ks = keyspaceOf(qname, nameToken);
    SchemaBuilder.KeyspaceState keyspace = builder.existingKeyspace(ks);
    if (what.equals("User type") && keyspace != null && keyspace.types.containsKey(qname.name)) {
      String users = usersOf(keyspace, qname.name);
      if (!users.isEmpty()) {
        // DropTypeStatement: kept, as the node keeps it.
        problem(
            Rule.UDT_IN_USE,
            "Cannot drop user type '"
                + qualified(ks, qname.name)
                + "' as it is still used by "
                + users,
            ref.apply(ks, qname.name),
            start);
        return;
      }
    }
    if (what.equals("Table") && keyspace != null && keyspace.tables.containsKey(qname.name)) {
      List<String> views =
          keyspace.views.values().stream()
              .filter(v -> v.baseTable().equals(qname.name))
              .map(v -> v.name().asCql())
              .toList();
      if (!views.isEmpty()) {
        // DropTableStatement: kept, as the node keeps it.
        problem(
            Rule.ALTER_DROP_DEPENDED_ON,
            "Cannot drop table when materialized views still depend on it ("
                + String.join(", ", views)
                + "): drop them first",
            ref.apply(ks, qname.name),
            start);
        return;
      }
    }
    if (keyspace != null && objects.apply(keyspace).containsKey(qname.name)) {
      keepProblemsOfDropped(keyspace, what, qname.name);
    }
    Object removed = keyspace == null ? null : objects.apply(keyspace).remove(qname.name);
    if (removed == null && !ifExists) {
      problem(
          Rule.SCHEMA_MISSING,
          what + " '" + qualified(ks, qname.name) + "' doesn't exist",
          ref.apply(ks, qname.name),
          start);
    }
    if (removed instanceof Table && keyspace != null) {
      keyspace.indexes.values().removeIf(i -> i.table().equals(qname.name));
    }
  }

  private void use() {
    next();
    CqlIdentifier keyspace = ident("a keyspace name");
    endOfStatement();
    currentKeyspace = keyspace;
  }

  private void cqlshCommand() {
    Token first = peek();
    int start = pos;
    skipToStatementEnd();
    String text = statementText(start);
    problem(
        Rule.CQL_CQLSH_COMMAND,
        first.text().toUpperCase(Locale.ROOT)
            + " is a cqlsh command, not CQL: Cassandra does not accept it (kept verbatim)",
        null,
        first);
    int number =
        builder.keep(
            new OtherStatement(
                first.text().toUpperCase(Locale.ROOT),
                text,
                "cqlsh command; run it in cqlsh, not through a driver"));
    position(ElementRef.statement(number), first);
  }

  /** Keeps the statement at the cursor verbatim; returns the reference to the kept statement. */
  private ElementRef keepUnmodelled(String kind) {
    Token first = peek();
    int start = pos;
    if (first.is("BEGIN")) {
      while (peek().type() != TokenType.EOF && !(peek().is("APPLY") && peek(1).is("BATCH"))) {
        pos++;
      }
    }
    skipToStatementEnd();
    String text = statementText(start);
    // Kept unread, it is still lexed: an unclosed comment or string is Cassandra's syntax error.
    for (int i = start; i < pos; i++) {
      Token t = tokens.get(i);
      if (t.type() == TokenType.ERROR) {
        problem(Rule.CQL_SYNTAX, unexpectedCharacters(t), null, t);
        break;
      }
    }
    SelectReader.Read read = kind.equals("SELECT") ? SelectReader.read(text) : null;
    WriteReader.Read write =
        org.keyspacestudio.model.dml.ScriptWrites.isWrite(kind) ? WriteReader.read(text) : null;
    boolean namesNoKeyspace =
        (read != null && read.select() != null && read.select().keyspace() == null)
            || (write != null && write.write() != null && write.write().keyspace() == null)
            || (write != null
                && write.batch() != null
                && write.batch().statements().stream().anyMatch(w -> w.keyspace() == null));
    if (currentKeyspace != null && !currentKeyspace.equals(keptUse)) {
      // A SELECT or write naming no keyspace reads the USE keyspace: the USE is kept before it.
      if (namesNoKeyspace) {
        builder.keep(
            new OtherStatement(
                "USE",
                "USE " + currentKeyspace.asCql(),
                "kept for the SELECTs and writes after it that name no keyspace, which read "
                    + currentKeyspace.asCql()));
        keptUse = currentKeyspace;
      }
    }
    int number =
        builder.keep(new OtherStatement(kind, text, "not part of the schema model; kept verbatim"));
    position(ElementRef.statement(number), first);
    String what = kind + " statement kept verbatim (the model does not represent it)";
    if (read != null) {
      String notChecked = read.notChecked();
      what =
          notChecked == null
              ? "SELECT statement kept verbatim and checked against the schema as Cassandra 5.0"
                  + " prepares it"
              : "SELECT statement kept verbatim, not checked against the schema: " + notChecked;
    }
    if (write != null) {
      String notChecked = write.notChecked();
      String shown = kind.equals("BEGIN") ? "BATCH" : kind;
      what =
          notChecked == null
              ? shown
                  + " statement kept verbatim and checked against the schema as Cassandra 5.0"
                  + " prepares it"
              : shown + " statement kept verbatim, not checked against the schema: " + notChecked;
    }
    problem(Rule.CQL_NOT_MODELLED, what, ElementRef.statement(number), first);
    return ElementRef.statement(number);
  }

  private void keepUnreadable(int start, SyntaxError error) {
    String text = statementText(start);
    if (text.isBlank()) {
      return;
    }
    Token first = tokens.get(start);
    int number =
        builder.keep(
            new OtherStatement(
                "UNREADABLE", text, "not read: " + error.getMessage() + " (kept verbatim)"));
    position(ElementRef.statement(number), first);
  }

  // ---------------------------------------------------------------------------------------------
  // Types

  /**
   * How deep types may nest ({@code frozen<list<...>>}): far above any real schema (a few levels),
   * low enough that every stage (parsing, validation, writing, comparing) stays within the stack.
   */
  static final int MAX_TYPE_DEPTH = 64;

  private int typeDepth;

  CqlType type() {
    if (typeDepth >= MAX_TYPE_DEPTH) {
      throw new SyntaxError(
          peek(),
          "types nested deeper than "
              + MAX_TYPE_DEPTH
              + " levels (Keyspace Studio's limit; real schemas nest a few)");
    }
    typeDepth++;
    try {
      return typeWithin();
    } finally {
      typeDepth--;
    }
  }

  private CqlType typeWithin() {
    Token t = peek();
    if (t.type() == TokenType.STRING) {
      next();
      return new CustomType(unquoteString(t.text()));
    }
    if (t.type() != TokenType.WORD && t.type() != TokenType.QUOTED_NAME) {
      throw expected("a type");
    }
    if (t.type() == TokenType.WORD && peek(1).isSymbol('<')) {
      String word = t.text().toLowerCase(Locale.ROOT);
      switch (word) {
        case "frozen" -> {
          next();
          next();
          CqlType inner = type();
          expectSymbol('>');
          if (inner instanceof NativeType
              || inner instanceof VectorType
              || inner instanceof CustomType) {
            problem(
                Rule.TYPE_FROZEN_INVALID,
                "frozen<> is only allowed on collections, tuples, and user-defined types (got "
                    + inner.asCql()
                    + ")",
                null,
                t);
            return inner;
          }
          return inner.freeze();
        }
        case "list", "set" -> {
          next();
          next();
          CqlType element = type();
          expectSymbol('>');
          return word.equals("list")
              ? new CollectionType.ListType(element, false)
              : new CollectionType.SetType(element, false);
        }
        case "map" -> {
          next();
          next();
          CqlType key = type();
          expectSymbol(',');
          CqlType value = type();
          expectSymbol('>');
          return new CollectionType.MapType(key, value, false);
        }
        case "tuple" -> {
          next();
          next();
          List<CqlType> components = new ArrayList<>();
          do {
            components.add(type());
          } while (acceptSymbol(','));
          expectSymbol('>');
          return new TupleType(components);
        }
        case "vector" -> {
          next();
          next();
          CqlType element = type();
          expectSymbol(',');
          boolean negative = acceptSymbol('-');
          Token n = peek();
          if (n.type() != TokenType.INTEGER) {
            throw expected("the vector's dimension (a whole number)");
          }
          next();
          expectSymbol('>');
          int dimension;
          try {
            dimension = Integer.parseInt(n.text());
          } catch (NumberFormatException e) {
            dimension = Integer.MAX_VALUE;
          }
          return new VectorType(element, negative ? -dimension : dimension);
        }
        default -> {
          // a UDT cannot be followed by '<': fall through to the error below
          next();
          throw expected("a type name without '<' (" + t.text() + " is not a parameterized type)");
        }
      }
    }
    if (t.type() == TokenType.WORD) {
      var nativeType = NativeType.fromName(t.text());
      if (nativeType.isPresent() && !peek(1).isSymbol('.')) {
        next();
        return nativeType.get();
      }
    }
    QName name = qualifiedName("a type");
    return new UserTypeRef(name.keyspace, name.name, false);
  }

  // ---------------------------------------------------------------------------------------------
  // Properties

  Map<String, Property> properties() {
    Map<String, Property> props = new LinkedHashMap<>();
    do {
      property(props);
    } while (acceptWord("AND"));
    return props;
  }

  private void property(Map<String, Property> props) {
    Token nameToken = peek();
    String name = ident("an option name").asInternal();
    expectSymbol('=');
    OptionValue value = optionValue();
    if (props.containsKey(name)) {
      throw new SyntaxError(nameToken, "Multiple definitions for property '" + name + "'");
    }
    props.put(name, new Property(value, nameToken));
  }

  private OptionValue optionValue() {
    Token t = peek();
    if (t.isSymbol('{')) {
      next();
      Map<String, String> entries = new LinkedHashMap<>();
      if (!acceptSymbol('}')) {
        do {
          String key = constantText("a map key");
          expectSymbol(':');
          entries.put(key, constantText("a map value"));
        } while (acceptSymbol(','));
        expectSymbol('}');
      }
      return OptionValue.MapValue.of(entries);
    }
    if (t.type() == TokenType.STRING) {
      next();
      return new OptionValue.Text(unquoteString(t.text()));
    }
    if (t.is("TRUE") || t.is("FALSE")) {
      next();
      return new OptionValue.Bool(t.is("TRUE"));
    }
    boolean negative = acceptSymbol('-');
    Token n = peek();
    if (n.type() == TokenType.INTEGER || n.type() == TokenType.FLOAT) {
      next();
      return new OptionValue.Number(negative ? "-" + n.text() : n.text());
    }
    if (!negative && n.type() == TokenType.UUID) {
      next();
      return new OptionValue.Text(n.text());
    }
    if (!negative && (n.type() == TokenType.WORD || n.type() == TokenType.QUOTED_NAME)) {
      // Cassandra accepts an identifier as a property value and keeps its text.
      if (n.text().equals("\"\"")) {
        throw new SyntaxError(
            n,
            "found an empty quoted name (\"\") where an option value was expected; text is"
                + " written in single quotes ('')");
      }
      next();
      return new OptionValue.Text(CqlIdentifier.fromCql(n.text()).asInternal());
    }
    throw expected("an option value (a string, number, boolean or map)");
  }

  private String constantText(String what) {
    Token t = peek();
    if (t.type() == TokenType.STRING) {
      next();
      return unquoteString(t.text());
    }
    boolean negative = acceptSymbol('-');
    Token n = peek();
    if (n.type() == TokenType.INTEGER || n.type() == TokenType.FLOAT) {
      next();
      return negative ? "-" + n.text() : n.text();
    }
    if (!negative && (n.is("TRUE") || n.is("FALSE"))) {
      next();
      return n.text().toLowerCase(Locale.ROOT);
    }
    throw expected(what + " (a string, number or boolean)");
  }

  private String stringLiteral(String what) {
    Token t = peek();
    if (t.type() != TokenType.STRING) {
      throw expected(what + " as a string literal");
    }
    next();
    return unquoteString(t.text());
  }

  static String unquoteString(String text) {
    if (text.startsWith("$$")) {
      return text.substring(2, text.length() - 2);
    }
    return text.substring(1, text.length() - 1).replace("''", "'");
  }

  // ---------------------------------------------------------------------------------------------
  // Names

  /** A possibly keyspace-qualified name. */
  record QName(CqlIdentifier keyspace, CqlIdentifier name) {}

  QName qualifiedName(String what) {
    CqlIdentifier first = ident(what);
    if (acceptSymbol('.')) {
      return new QName(first, ident(what));
    }
    return new QName(null, first);
  }

  CqlIdentifier ident(String what) {
    Token t = peek();
    if (t.type() == TokenType.QUOTED_NAME) {
      next();
      if (t.text().length() <= 2) {
        throw new SyntaxError(t, "found an empty quoted name where " + what + " was expected");
      }
      return CqlIdentifier.fromCql(t.text());
    }
    if (t.type() == TokenType.WORD) {
      String lower = t.text().toLowerCase(Locale.ROOT);
      if (CqlIdentifier.RESERVED_WORDS.contains(lower)) {
        throw new SyntaxError(
            t,
            "found reserved word '"
                + t.text()
                + "' where "
                + what
                + " was expected (write \""
                + t.text().toLowerCase(Locale.ROOT)
                + "\" to use it as a name)");
      }
      next();
      return CqlIdentifier.of(lower);
    }
    throw expected(what);
  }

  /** The keyspace a name lives in: its own qualifier, else the USE keyspace, else unnamed. */
  /**
   * Whether an ALTER or DROP names no keyspace while no USE is in effect, which Cassandra refuses
   * ({@code QualifiedStatement}); reports it at {@code start} when so.
   */
  boolean noKeyspace(QName name, Token start) {
    if (!keyspaceMissing(name)) {
      return false;
    }
    problem(
        Rule.KEYSPACE_NOT_SPECIFIED,
        "No keyspace has been specified. USE a keyspace, or explicitly specify keyspace.name",
        null,
        start);
    return true;
  }

  /** Whether the name has no keyspace while no USE is in effect. */
  boolean keyspaceMissing(QName name) {
    return name.keyspace == null && currentKeyspace == null;
  }

  CqlIdentifier keyspaceOf(QName name, Token at) {
    if (name.keyspace != null) {
      builder.positions.putIfAbsent(
          ElementRef.keyspace(name.keyspace),
          new SourcePosition(sourceName, at.line(), at.column()));
      return name.keyspace;
    }
    if (currentKeyspace == null) {
      builder.positions.putIfAbsent(
          ElementRef.keyspace(null), new SourcePosition(sourceName, at.line(), at.column()));
    }
    return currentKeyspace;
  }

  private static String qualified(CqlIdentifier ks, CqlIdentifier name) {
    return ks == null ? name.asInternal() : ks.asInternal() + "." + name.asInternal();
  }

  // ---------------------------------------------------------------------------------------------
  // Token helpers

  Token peek() {
    return tokens.get(pos);
  }

  Token peek(int ahead) {
    int i = Math.min(pos + ahead, tokens.size() - 1);
    return tokens.get(i);
  }

  Token next() {
    Token t = tokens.get(pos);
    if (t.type() == TokenType.ERROR) {
      throw new SyntaxError(t, unexpectedCharacters(t));
    }
    if (t.type() != TokenType.EOF) {
      pos++;
    }
    return t;
  }

  boolean acceptWord(String keyword) {
    if (peek().is(keyword)) {
      pos++;
      return true;
    }
    return false;
  }

  void expectWord(String keyword) {
    if (!acceptWord(keyword)) {
      throw expected(keyword);
    }
  }

  boolean acceptSymbol(char symbol) {
    if (peek().isSymbol(symbol)) {
      pos++;
      return true;
    }
    return false;
  }

  void expectSymbol(char symbol) {
    if (!acceptSymbol(symbol)) {
      throw expected("'" + symbol + "'");
    }
  }

  boolean ifNotExists() {
    if (peek().is("IF") && peek(1).is("NOT")) {
      pos += 2;
      expectWord("EXISTS");
      return true;
    }
    return false;
  }

  boolean ifExists() {
    if (peek().is("IF")) {
      pos++;
      expectWord("EXISTS");
      return true;
    }
    return false;
  }

  void endOfStatement() {
    Token t = peek();
    if (t.isSymbol(';')) {
      pos++;
    } else if (t.type() != TokenType.EOF) {
      throw expected("';' (end of statement)");
    }
  }

  private static final String NO_AUTO_INCREMENT =
      "CQL has no auto-increment: use a uuid or timeuuid column (uuid(), now())";

  /**
   * What SQL puts after a column's type and CQL does not have: Cassandra 5.0 refuses it (its
   * grammar's column definition is a name, a type, STATIC and PRIMARY KEY), and a reader coming
   * from SQL is better told why than that a ')' was expected.
   */
  private static final Map<String, String> SQL_CONSTRAINTS =
      Map.ofEntries(
          Map.entry(
              "DEFAULT",
              "CQL has no column defaults: each INSERT gives the value (a timestamp:"
                  + " toTimestamp(now()))"),
          Map.entry(
              "NOT",
              "Cassandra 5.0 has no NOT NULL: only the primary key's columns must have a value"),
          Map.entry(
              "NULL",
              "Cassandra 5.0 has no NULL constraint: any column but the key's may be unset"),
          Map.entry("UNIQUE", "CQL has no UNIQUE: only the primary key is unique"),
          Map.entry("AUTO_INCREMENT", NO_AUTO_INCREMENT),
          Map.entry("AUTOINCREMENT", NO_AUTO_INCREMENT),
          Map.entry("IDENTITY", NO_AUTO_INCREMENT),
          Map.entry(
              "REFERENCES",
              "CQL has no foreign keys: copy what a query reads into the table that answers it"),
          Map.entry("CHECK", "Cassandra 5.0 has no CHECK constraints"),
          Map.entry("COLLATE", "CQL has no collations: text is compared as UTF-8 bytes"));

  /** Refuses, with its reason, an SQL column constraint after {@code column}'s type. */
  private void sqlConstraint(CqlIdentifier column) {
    Token t = peek();
    if (t.type() != TokenType.WORD) {
      return;
    }
    String why = SQL_CONSTRAINTS.get(t.text().toUpperCase(Locale.ROOT));
    if (why != null) {
      throw new SyntaxError(
          t,
          "found "
              + describe(t)
              + " after the type of column "
              + column.asCql()
              + ": "
              + why
              + " (a column is a name, a type, and STATIC or PRIMARY KEY)");
    }
  }

  SyntaxError expected(String what) {
    Token t = peek();
    if (t.type() == TokenType.ERROR) {
      return new SyntaxError(t, unexpectedCharacters(t) + "; expected " + what);
    }
    return new SyntaxError(t, "found " + describe(t) + " where " + what + " was expected");
  }

  private static String describe(Token t) {
    return t.describe();
  }

  private static String unexpectedCharacters(Token t) {
    String text = t.text();
    if (text.startsWith("/*")) {
      return "unterminated comment (no closing */)";
    }
    if (text.startsWith("'") || text.startsWith("$$")) {
      return "unterminated string";
    }
    if (text.startsWith("\"")) {
      return "unterminated quoted name";
    }
    if (text.startsWith("#")) {
      return "'#' does not start a comment in CQL (use -- or //)";
    }
    return "unexpected character " + t.describe();
  }

  private void skipToStatementEnd() {
    while (peek().type() != TokenType.EOF && !peek().isSymbol(';')) {
      pos++;
    }
    if (peek().isSymbol(';')) {
      pos++;
    }
  }

  /** The source text from token {@code start} up to (without) the statement's semicolon. */
  private String statementText(int start) {
    int end = pos;
    Token last = tokens.get(Math.max(start, end - 1));
    int endOffset = last.isSymbol(';') ? last.start() : last.end();
    if (end - 1 < start) {
      endOffset = tokens.get(start).end();
    }
    return src.substring(tokens.get(start).start(), endOffset).strip();
  }

  // ---------------------------------------------------------------------------------------------
  // Reporting

  void problem(Rule rule, String message, ElementRef element, Token at) {
    builder.problems.add(
        new Problem(
            rule,
            message,
            element,
            at == null ? null : new SourcePosition(sourceName, at.line(), at.column())));
  }

  private void syntaxProblem(Token at, String message) {
    problem(Rule.CQL_SYNTAX, message, null, at);
  }

  void position(ElementRef ref, Token at) {
    builder.positions.put(ref, new SourcePosition(sourceName, at.line(), at.column()));
  }

  SchemaBuilder builder() {
    return builder;
  }

  TreeMap<String, OptionValue> checkedTableOptions(Map<String, Property> props, ElementRef owner) {
    return tableOptions(props, owner);
  }
}
