package org.keyspacestudio.oracle;

import java.lang.reflect.Field;
import java.lang.reflect.Proxy;
import java.util.HashSet;
import java.util.Set;
import org.apache.cassandra.cql3.Operator;
import org.apache.cassandra.cql3.QueryProcessor;
import org.apache.cassandra.cql3.restrictions.Restriction;
import org.apache.cassandra.cql3.restrictions.Restrictions;
import org.apache.cassandra.cql3.restrictions.SingleRestriction;
import org.apache.cassandra.cql3.selection.Selectable;
import org.apache.cassandra.cql3.statements.SelectStatement;
import org.apache.cassandra.index.Index;
import org.apache.cassandra.index.IndexRegistry;
import org.apache.cassandra.schema.ColumnMetadata;
import org.apache.cassandra.schema.Keyspaces;
import org.apache.cassandra.schema.Schema;
import org.apache.cassandra.schema.SchemaTransformation;
import org.apache.cassandra.service.ClientState;

/**
 * Prepares SELECT statements with Apache Cassandra 5.0's own classes, offline: the table's CREATE
 * statements go through Cassandra's schema code into its (offline) schema, then the SELECT through
 * {@code SelectStatement.RawStatement.prepare}, which runs every restriction and ordering check.
 *
 * <p>Offline, Cassandra's index registry is a stand-in that claims an index on every column ({@code
 * IndexRegistry.NON_DAEMON}), which would hide every filtering check. Its index is swapped for one
 * that answers as a node's registry does for the model: a secondary index on the columns named in
 * {@link #indexed}, serving {@code =} only ({@code CassandraIndex}), or ranges too for those in
 * {@link #ranged} (as a storage-attached index on an ordered type); no index on the others.
 *
 * <p>On a node, the storage-attached indexes of a table form one index group and every other index
 * a group of its own; a query needs no filtering when one group serves all it hands to the indexes
 * ({@code IndexRestrictions.needsFiltering}). The stand-in registry has one group: its index is
 * swapped for one serving only the columns of {@link #group}, and the SELECT is prepared once per
 * group of the model. It prepares on the node when it prepares with one of them (nothing else in
 * {@code prepare} looks at groups).
 */
final class SelectOracle {

  /** The columns of the table being judged that have a secondary index. */
  static final Set<String> indexed = new HashSet<>();

  /**
   * Those of {@link #indexed} whose index also serves ranges, as a storage-attached index does on
   * an ordered type ({@code IndexTermType.supports}: not IN, ranges unless the type is literal).
   */
  static final Set<String> ranged = new HashSet<>();

  /** The columns of the index group being tried. */
  static final Set<String> group = new HashSet<>();

  /** The collections whose values an index serves (CONTAINS). */
  static final Set<String> values = new HashSet<>();

  /** The maps whose keys an index serves (CONTAINS KEY). */
  static final Set<String> keys = new HashSet<>();

  /**
   * The maps whose entries an index serves: Cassandra asks the index for {@code =} on the map
   * ({@code ContainsRestriction.isSupportedBy}).
   */
  static final Set<String> entries = new HashSet<>();

  /**
   * The vectors whose index serves {@code ANN OF} (a storage-attached one: {@code
   * IndexTermType.supports}); a built-in index on a vector serves {@code =} only.
   */
  static final Set<String> ann = new HashSet<>();

  /**
   * Whether the group being tried is the storage-attached one: its index answers several CONTAINS
   * on one column ({@code StorageAttachedIndex.filtersMultipleContains} is false: the index needs
   * no filtering after it; a built-in index's is true).
   */
  static boolean saiGroup;

  /**
   * The columns whose index serves {@code LIKE} (a SASI index on literal values: {@code
   * ColumnIndex.supports}); the node prepares any pattern there.
   */
  static final Set<String> likes = new HashSet<>();

  /** Every indexed column. */
  private static final Set<String> any = new HashSet<>();

  /** The stand-in index, answering for the columns of the set (read when asked). */
  private static Index servingOnly(Set<String> columns, Index original) {
    return (Index)
        Proxy.newProxyInstance(
            Index.class.getClassLoader(),
            new Class<?>[] {Index.class},
            (proxy, method, args) -> {
              if (method.getName().equals("supportsExpression")) {
                return supports(columns, (ColumnMetadata) args[0], (Operator) args[1]);
              }
              if (method.getName().equals("filtersMultipleContains")) {
                return !saiGroup;
              }
              if (method.getName().equals("dependsOn")) {
                // Which columns have an index (the ANN checks ask).
                return columns.contains(((ColumnMetadata) args[0]).name.toString());
              }
              return method.invoke(original, args);
            });
  }

  /** Whether an index on one of the columns serves the relation. */
  private static boolean supports(Set<String> columns, ColumnMetadata column, Operator op) {
    String name = column.name.toString();
    if (!columns.contains(name)) {
      return false;
    }
    if (op == Operator.CONTAINS) {
      return values.contains(name);
    }
    if (op == Operator.CONTAINS_KEY) {
      return keys.contains(name);
    }
    if (op == Operator.ANN) {
      return ann.contains(name);
    }
    if (op == Operator.LIKE) {
      return likes.contains(name);
    }
    return (op == Operator.EQ && (indexed.contains(name) || entries.contains(name)))
        || (ranged.contains(name)
            && (op == Operator.LT
                || op == Operator.LTE
                || op == Operator.GT
                || op == Operator.GTE));
  }

  static {
    // Cassandra's client-mode initialisation (once per JVM).
    new CassandraOracle(false);
    try {
      Object registry = IndexRegistry.NON_DAEMON;
      Field field = registry.getClass().getDeclaredField("index");
      field.setAccessible(true);
      Index original = (Index) field.get(registry);
      field.set(registry, servingOnly(any, original));
      Index inGroup = servingOnly(group, original);
      Field groupField = registry.getClass().getDeclaredField("group");
      groupField.setAccessible(true);
      Index.Group originalGroup = (Index.Group) groupField.get(registry);
      groupField.set(
          registry,
          Proxy.newProxyInstance(
              Index.Group.class.getClassLoader(),
              new Class<?>[] {Index.Group.class},
              (proxy, method, args) -> {
                switch (method.getName()) {
                  case "getIndexes":
                    return java.util.Set.of(inGroup);
                  case "containsIndex":
                    return args[0] == inGroup;
                  default:
                    return method.invoke(originalGroup, args);
                }
              }));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot set up Cassandra's offline index registry", e);
    }
  }

  private SelectOracle() {}

  /**
   * Why a node refuses, when running it, a SELECT that groups by {@code floor} of an {@code int}
   * column, or null: Cassandra resolves the call as {@code floor} of a date, and a 5.0.9 node's
   * read then failed on the row ("The floor function starting time is greater than the provided
   * time", {@code NodeSelectsTest}: an int of 0 or more is a date before 1970).
   */
  private static String flooredInt(SelectStatement.RawStatement raw, SelectStatement prepared) {
    for (var group : raw.parameters.groups) {
      if (group.prepare(prepared.table) instanceof Selectable.WithFunction f
          && f.function.name().name.equals("floor")
          && f.args.stream()
              .anyMatch(
                  a ->
                      a instanceof ColumnMetadata c
                          && c.type.unwrap()
                              instanceof org.apache.cassandra.db.marshal.Int32Type)) {
        return "(when run) The floor function starting time is greater than the provided time";
      }
    }
    return null;
  }

  /**
   * What a node refuses when running a SELECT grouped by a function that is not monotonic, or null:
   * the grouping's selector is made and checked per execution ({@code
   * AggregationSpecification.aggregatePkPrefixFactoryWithSelector}: {@code validateForGroupBy}),
   * which this does as the node would, with no bound values.
   */
  private static String groupedByNonMonotonic(SelectStatement prepared) {
    try {
      Object factory = field(prepared, "aggregationSpecFactory");
      if (factory == null) {
        return null;
      }
      ((org.apache.cassandra.db.aggregation.AggregationSpecification.Factory) factory)
          .newInstance(org.apache.cassandra.cql3.QueryOptions.DEFAULT);
      return null;
    } catch (org.apache.cassandra.exceptions.InvalidRequestException e) {
      return "(when run) " + e.getMessage();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot read Cassandra's prepared SELECT", e);
    }
  }

  /** The indexed columns whose index is not storage-attached: each a group of its own. */
  private static Set<String> builtIn(org.keyspacestudio.model.support.IndexedColumns indexes) {
    Set<String> out = new HashSet<>(any);
    indexes.grouped().forEach(c -> out.remove(c.asInternal()));
    return out;
  }

  /**
   * What a node refuses when running a prepared top-k SELECT ({@code ORDER BY v ANN OF ?}), or
   * null: {@code SelectStatement.execute}'s checks (a LIMIT, no PER PARTITION LIMIT, no
   * aggregation), read from the prepared statement; and the index plan: a 5.0.9 node answered the
   * query from another index's group when a built-in index served one of its restrictions, then
   * failed to order ({@code NullPointerException} in {@code getPostQueryOrdering}, in every case
   * tried on a real node, {@code NodeSelectsTest}), or had no index plan at all when the vector's
   * own index was a built-in one. Whether a restriction is served is asked of the restriction, with
   * the stand-in index serving the built-in one's column alone.
   */
  private static String refusedWhenRun(SelectStatement statement, Set<String> builtIn) {
    if (!statement.getRestrictions().isTopK()) {
      return null;
    }
    try {
      if (field(statement, "limit") == null) {
        return SelectStatement.TOPK_LIMIT_ERROR;
      }
      if (field(statement, "perPartitionLimit") != null) {
        return SelectStatement.TOPK_PARTITION_LIMIT_ERROR;
      }
      if (field(statement, "aggregationSpecFactory") != null) {
        return SelectStatement.TOPK_AGGREGATION_ERROR;
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot read Cassandra's prepared SELECT", e);
    }
    for (Restrictions rs : statement.getRestrictions().getIndexRestrictions().getRestrictions()) {
      for (ColumnMetadata c : rs.getColumnDefinitions()) {
        for (Restriction r : rs.getRestrictions(c)) {
          if (r instanceof SingleRestriction s && s.isANN() && !ann.contains(c.name.toString())) {
            // A built-in index on the vector: prepared with ALLOW FILTERING, no index plan.
            return "(when run) no index plan orders by " + c.name + ": NullPointerException";
          }
        }
      }
    }
    Set<String> all = new HashSet<>(any);
    try {
      for (String column : builtIn) {
        any.clear();
        any.add(column);
        for (Restrictions rs :
            statement.getRestrictions().getIndexRestrictions().getRestrictions()) {
          for (ColumnMetadata c : rs.getColumnDefinitions()) {
            for (Restriction r : rs.getRestrictions(c)) {
              if (!(r instanceof SingleRestriction s && s.isANN())
                  && r.hasSupportingIndex(IndexRegistry.NON_DAEMON)) {
                return "(when run) the built-in index on "
                    + column
                    + " answers the top-k query: NullPointerException";
              }
            }
          }
        }
      }
    } finally {
      any.clear();
      any.addAll(all);
    }
    return null;
  }

  private static Object field(SelectStatement statement, String name)
      throws ReflectiveOperationException {
    Field f = SelectStatement.class.getDeclaredField(name);
    f.setAccessible(true);
    return f.get(statement);
  }

  /**
   * Makes the schema the statements create Cassandra's offline schema: each through Cassandra's
   * parser and schema code, as a node would apply it.
   *
   * @param schema CREATE KEYSPACE, CREATE TYPE and CREATE TABLE statements
   */
  static synchronized void install(java.util.List<String> schema) {
    Keyspaces keyspaces = Keyspaces.none();
    for (String statement : schema) {
      SchemaTransformation t =
          (SchemaTransformation)
              QueryProcessor.parseStatement(statement).prepare(ClientState.forInternalCalls());
      keyspaces = t.apply(keyspaces);
    }
    Keyspaces finalSchema = keyspaces;
    Schema.instance.transform(current -> finalSchema);
  }

  /**
   * The clustering columns of an installed view, each as {@code "name ASC"} or {@code "name DESC"}:
   * the order Cassandra keeps its rows in (a reversed type is descending).
   *
   * @param keyspace the keyspace's internal name
   * @param view the view's internal name; the view must be installed
   */
  static synchronized java.util.List<String> keptOrder(String keyspace, String view) {
    java.util.Iterator<ColumnMetadata> columns =
        Schema.instance.getTableMetadata(keyspace, view).allColumnsInSelectOrder();
    java.util.List<String> kept = new java.util.ArrayList<>();
    while (columns.hasNext()) {
      ColumnMetadata c = columns.next();
      if (c.isClusteringColumn()) {
        kept.add(c.name + (c.isReversedType() ? " DESC" : " ASC"));
      }
    }
    return kept;
  }

  /**
   * Cassandra's verdict on a SELECT against the schema the statements create, the given columns
   * each having a built-in index of their own (serving {@code =}).
   *
   * @param schema CREATE KEYSPACE, CREATE TYPE and CREATE TABLE statements
   * @param select the SELECT
   * @param indexedColumns columns with a built-in secondary index
   * @return null when Cassandra prepares the SELECT, else its message
   */
  static String prepare(java.util.List<String> schema, String select, Set<String> indexedColumns) {
    return prepare(
        schema,
        select,
        org.keyspacestudio.model.support.IndexedColumns.separate(
            indexedColumns.stream()
                .map(org.keyspacestudio.model.cql.CqlIdentifier::of)
                .collect(java.util.stream.Collectors.toSet())));
  }

  /**
   * Cassandra's verdict on a SELECT against the schema the statements create, with the indexes the
   * model describes.
   *
   * @param schema CREATE KEYSPACE, CREATE TYPE and CREATE TABLE statements
   * @param select the SELECT
   * @param indexes what the table's indexes serve, and which answer together
   * @return null when Cassandra prepares the SELECT, else its message (the first group's)
   */
  static synchronized String prepare(
      java.util.List<String> schema,
      String select,
      org.keyspacestudio.model.support.IndexedColumns indexes) {
    install(schema);
    indexed.clear();
    indexes.equality().forEach(c -> indexed.add(c.asInternal()));
    ranged.clear();
    indexes.ranges().forEach(c -> ranged.add(c.asInternal()));
    values.clear();
    indexes.values().forEach(c -> values.add(c.asInternal()));
    keys.clear();
    indexes.keys().forEach(c -> keys.add(c.asInternal()));
    entries.clear();
    indexes.entries().forEach(c -> entries.add(c.asInternal()));
    ann.clear();
    indexes.vectors().stream()
        .filter(indexes.grouped()::contains)
        .forEach(c -> ann.add(c.asInternal()));
    likes.clear();
    indexes.likes().keySet().forEach(c -> likes.add(c.asInternal()));
    any.clear();
    any.addAll(indexed);
    any.addAll(ranged);
    any.addAll(values);
    any.addAll(keys);
    any.addAll(entries);
    any.addAll(likes);
    java.util.List<Set<String>> groups = new java.util.ArrayList<>();
    Set<String> sai = new HashSet<>();
    indexes.grouped().forEach(c -> sai.add(c.asInternal()));
    if (!sai.isEmpty()) {
      groups.add(sai);
    }
    for (String c : any) {
      if (!sai.contains(c)) {
        groups.add(Set.of(c));
      }
    }
    if (groups.isEmpty()) {
      groups.add(Set.of());
    }
    String first = null;
    for (Set<String> g : groups) {
      group.clear();
      group.addAll(g);
      saiGroup = g == sai;
      try {
        var raw = QueryProcessor.parseStatement(select);
        var prepared = (SelectStatement) raw.prepare(ClientState.forInternalCalls());
        String floored = flooredInt((SelectStatement.RawStatement) raw, prepared);
        if (floored == null) {
          floored = groupedByNonMonotonic(prepared);
        }
        return floored != null ? floored : refusedWhenRun(prepared, builtIn(indexes));
      } catch (RuntimeException e) {
        if (first == null) {
          first = e.getMessage() == null ? e.toString() : e.getMessage();
        }
      }
    }
    return first;
  }
}
