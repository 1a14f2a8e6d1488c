package org.keyspacestudio.model.support;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.workflow.Operator;

/**
 * The primary key a table needs to answer a query, from the columns it has: the Chebotko method's
 * mapping rules (section 1 of {@code shared/notes/chebotko-method.md}) applied to a table that
 * exists, so that a table the user keyed by hand, or imported, can be keyed again for its query.
 *
 * <ul>
 *   <li>MR2: the columns the query gives by {@code =} or {@code IN} become the partition key (one
 *       it also orders by leads the clustering columns instead, when another keys the partition:
 *       Cassandra orders only by clustering columns); a query that gives none gets a synthetic
 *       {@code bucket int} partition key column (the application picks the bucket), or keeps the
 *       table's bucket;
 *   <li>MR3: the columns it gives by a range follow as clustering columns, in the order asked;
 *   <li>MR4: the columns it orders by follow as clustering columns, in the direction asked;
 *   <li>MR5: the table's former key columns not placed yet follow, in their former order (partition
 *       key columns ascending): the new key holds every column of the old one, so rows that were
 *       distinct stay distinct.
 * </ul>
 *
 * A column that joins the key is no longer static, and a collection or user-defined type in it is
 * frozen (Cassandra refuses non-frozen ones in a key); static columns become regular when the key
 * has no clustering column left (Cassandra: "Static columns are only useful (and thus allowed) if
 * the table has at least one clustering column"), and so do the static columns a query returns
 * alone when it gives a clustering column ("Cannot restrict clustering columns when selecting only
 * static columns").
 *
 * <p>Whether the result answers the query is for {@link SupportCheck} to say: two ranges, for one,
 * have no key that serves them.
 */
public final class QueryKey {

  /** The name of the synthetic partition key column added to a query that gives nothing by =. */
  public static final String BUCKET = "bucket";

  private QueryKey() {}

  /**
   * The table keyed for the query.
   *
   * @param table the table, not null
   * @param query the query on it (its columns resolved, as {@link QueryColumns#resolve} gives), not
   *     null; columns it names that the table lacks are left out of the key
   * @return the table with its new key and the column changes it takes, or empty when the key would
   *     not change, would hold a counter or duration column (which no key can hold), or the query
   *     searches a collection (CONTAINS) or a text by a pattern (LIKE)
   */
  public static Optional<Table> keyed(Table table, TableQuery query) {
    if (query.where().stream().anyMatch(r -> !r.operator().workflow())) {
      // A collection's elements key no partition as the collection is: a table keyed by one
      // element per row would hold other columns. A pattern (LIKE) matches no key either.
      return Optional.empty();
    }
    Map<CqlIdentifier, ClusteringOrder> ordering = new LinkedHashMap<>();
    for (TableQuery.Order o : query.orderBy()) {
      if (table.column(o.column()).isPresent()) {
        ordering.putIfAbsent(o.column(), o.direction());
      }
    }
    Set<CqlIdentifier> partition = new LinkedHashSet<>();
    Set<CqlIdentifier> orderedByEq = new LinkedHashSet<>();
    for (TableQuery.Restriction r : query.where()) {
      if (r.operator().equality() && table.column(r.column()).isPresent()) {
        if (r.operator() == Operator.EQ && ordering.containsKey(r.column())) {
          orderedByEq.add(r.column());
        } else {
          partition.add(r.column());
        }
      }
    }
    Map<CqlIdentifier, ClusteringOrder> clustering = new LinkedHashMap<>();
    // A column given by = that the query also orders by: Cassandra orders only by clustering
    // columns, and skips those given by = before the one it orders by; it leads the clustering
    // columns when another column keys the partition.
    if (partition.isEmpty()) {
      partition.addAll(orderedByEq);
    } else {
      for (CqlIdentifier c : ordering.keySet()) {
        if (orderedByEq.contains(c)) {
          clustering.put(c, ordering.get(c));
        }
      }
    }
    for (TableQuery.Restriction r : query.where()) {
      CqlIdentifier c = r.column();
      if (!r.operator().equality() && !partition.contains(c) && table.column(c).isPresent()) {
        clustering.putIfAbsent(c, ordering.getOrDefault(c, ClusteringOrder.ASC));
      }
    }
    for (var e : ordering.entrySet()) {
      if (!partition.contains(e.getKey())) {
        clustering.putIfAbsent(e.getKey(), e.getValue());
      }
    }
    List<Column> columns = new ArrayList<>(table.columns());
    if (partition.isEmpty()) {
      CqlIdentifier bucket = CqlIdentifier.of(BUCKET);
      for (int i = 2; table.column(bucket).isPresent(); i++) {
        bucket = CqlIdentifier.of(BUCKET + i);
      }
      columns.add(0, new Column(bucket, NativeType.INT, false));
      partition.add(bucket);
    }
    PrimaryKey old = table.primaryKey();
    for (CqlIdentifier c : old.partitionKey()) {
      if (!partition.contains(c)) {
        clustering.putIfAbsent(c, ClusteringOrder.ASC);
      }
    }
    for (PrimaryKey.ClusteringColumn c : old.clustering()) {
      if (!partition.contains(c.name())) {
        clustering.putIfAbsent(c.name(), c.order());
      }
    }
    List<PrimaryKey.ClusteringColumn> clusteringColumns = new ArrayList<>();
    clustering.forEach((c, o) -> clusteringColumns.add(new PrimaryKey.ClusteringColumn(c, o)));
    PrimaryKey key = new PrimaryKey(List.copyOf(partition), clusteringColumns);
    boolean staticOnly = returnsOnlyStatic(table, query, partition);
    boolean clusteringGiven =
        query.where().stream().anyMatch(r -> clustering.containsKey(r.column()));
    List<Column> out = new ArrayList<>();
    for (Column c : columns) {
      if (key.isKeyColumn(c.name())) {
        if (!keyable(c.type())) {
          return Optional.empty();
        }
        out.add(new Column(c.name(), c.type().isMultiCell() ? c.type().freeze() : c.type(), false));
      } else if (c.isStatic()
          && (clustering.isEmpty()
              || (staticOnly && clusteringGiven && query.returned().contains(c.name())))) {
        out.add(new Column(c.name(), c.type(), false));
      } else {
        out.add(c);
      }
    }
    Table keyed = new Table(table.name(), out, key, table.options());
    return keyed.equals(table) ? Optional.empty() : Optional.of(keyed);
  }

  /** Whether the query returns static columns and nothing else but partition key columns. */
  private static boolean returnsOnlyStatic(
      Table table, TableQuery query, Set<CqlIdentifier> partition) {
    boolean anyStatic = false;
    for (CqlIdentifier c : query.returned()) {
      boolean isStatic = table.column(c).map(Column::isStatic).orElse(false);
      if (!isStatic && !partition.contains(c)) {
        return false;
      }
      anyStatic |= isStatic;
    }
    return anyStatic;
  }

  /** Whether a key column may have the type (Cassandra refuses counters and durations in keys). */
  private static boolean keyable(CqlType type) {
    return !type.anyMatch(t -> t == NativeType.COUNTER || t == NativeType.DURATION);
  }

  /**
   * The key as one writes it in a sentence: {@code ((bucket), video_id DESC)}, the clustering order
   * given only where it is descending.
   */
  public static String describe(PrimaryKey key) {
    StringBuilder out = new StringBuilder("((");
    out.append(String.join(", ", key.partitionKey().stream().map(CqlIdentifier::asCql).toList()));
    out.append(')');
    for (PrimaryKey.ClusteringColumn c : key.clustering()) {
      out.append(", ").append(c.name().asCql());
      if (c.order() == ClusteringOrder.DESC) {
        out.append(" DESC");
      }
    }
    return out.append(')').toString();
  }
}
