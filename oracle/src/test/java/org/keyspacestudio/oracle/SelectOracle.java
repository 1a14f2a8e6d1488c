package org.keyspacestudio.oracle;

import java.lang.reflect.Field;
import java.lang.reflect.Proxy;
import java.util.HashSet;
import java.util.Set;
import org.apache.cassandra.cql3.Operator;
import org.apache.cassandra.cql3.QueryProcessor;
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
 * that answers as a node's registry does for the model: a regular secondary index on the columns
 * named in {@link #indexed}, serving {@code =} only ({@code CassandraIndex}), or ranges too for
 * those in {@link #ranged} (as a storage-attached index on an ordered type); no index on the
 * others.
 */
final class SelectOracle {

  /** The columns of the table being judged that have a secondary index. */
  static final Set<String> indexed = new HashSet<>();

  /**
   * Those of {@link #indexed} whose index also serves ranges, as a storage-attached index does on
   * an ordered type ({@code IndexTermType.supports}: not IN, ranges unless the type is literal).
   */
  static final Set<String> ranged = new HashSet<>();

  static {
    // Cassandra's client-mode initialisation (once per JVM).
    new CassandraOracle(false);
    try {
      Object registry = IndexRegistry.NON_DAEMON;
      Field field = registry.getClass().getDeclaredField("index");
      field.setAccessible(true);
      Index original = (Index) field.get(registry);
      Index asOnANode =
          (Index)
              Proxy.newProxyInstance(
                  Index.class.getClassLoader(),
                  new Class<?>[] {Index.class},
                  (proxy, method, args) -> {
                    if (method.getName().equals("supportsExpression")) {
                      ColumnMetadata column = (ColumnMetadata) args[0];
                      String name = column.name.toString();
                      Operator op = (Operator) args[1];
                      return indexed.contains(name)
                          && (op == Operator.EQ
                              || (ranged.contains(name)
                                  && (op == Operator.LT
                                      || op == Operator.LTE
                                      || op == Operator.GT
                                      || op == Operator.GTE)));
                    }
                    return method.invoke(original, args);
                  });
      field.set(registry, asOnANode);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot set up Cassandra's offline index registry", e);
    }
  }

  private SelectOracle() {}

  /**
   * Cassandra's verdict on a SELECT against the schema the statements create.
   *
   * @param schema CREATE KEYSPACE, CREATE TYPE and CREATE TABLE statements
   * @param select the SELECT
   * @param indexedColumns columns with a regular secondary index
   * @return null when Cassandra prepares the SELECT, else its message
   */
  static String prepare(java.util.List<String> schema, String select, Set<String> indexedColumns) {
    return prepare(schema, select, indexedColumns, Set.of());
  }

  /**
   * As {@link #prepare(java.util.List, String, Set)}, some indexes also serving ranges.
   *
   * @param rangedColumns those of {@code indexedColumns} whose index also serves ranges
   */
  static synchronized String prepare(
      java.util.List<String> schema,
      String select,
      Set<String> indexedColumns,
      Set<String> rangedColumns) {
    Keyspaces keyspaces = Keyspaces.none();
    for (String statement : schema) {
      SchemaTransformation t =
          (SchemaTransformation)
              QueryProcessor.parseStatement(statement).prepare(ClientState.forInternalCalls());
      keyspaces = t.apply(keyspaces);
    }
    Keyspaces finalSchema = keyspaces;
    Schema.instance.transform(current -> finalSchema);
    indexed.clear();
    indexed.addAll(indexedColumns);
    ranged.clear();
    ranged.addAll(rangedColumns);
    try {
      QueryProcessor.parseStatement(select).prepare(ClientState.forInternalCalls());
      return null;
    } catch (RuntimeException e) {
      return e.getMessage() == null ? e.toString() : e.getMessage();
    }
  }
}
