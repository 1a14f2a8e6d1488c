package org.keyspacestudio.model.support;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.workflow.Query;

/**
 * A query of the workflow as a {@code SELECT} on one table: each attribute it gives, returns or
 * orders by becomes the column that holds it, by the table's column sources (what the mapping
 * recorded), else by name (an attribute {@code added date} finds a column {@code added_date}). The
 * synthetic partition key columns (a bucket: in a mapped table a partition key column no attribute
 * holds, in any table one named {@code bucket}, {@code bucket2}, ...) are given by {@code =} too:
 * the application knows the bucket it reads.
 */
public final class QueryColumns {

  /**
   * The query on the table, and the attributes it has no column for.
   *
   * @param query the restrictions, ordering and returned columns
   * @param missing attributes without a column, in the query's order
   */
  public record Resolved(TableQuery query, List<AttributeRef> missing) {}

  private QueryColumns() {}

  /**
   * Resolves a query's attributes to a table's columns.
   *
   * @param query the query
   * @param table the table
   * @param sources the attribute each column holds, by column name (may be empty)
   * @return the table query and what could not be resolved
   */
  public static Resolved resolve(Query query, Table table, Map<String, AttributeRef> sources) {
    Map<AttributeRef, CqlIdentifier> columnOf = new HashMap<>();
    sources.forEach(
        (column, attribute) -> {
          CqlIdentifier id = CqlIdentifier.of(column);
          if (table.column(id).isPresent()) {
            columnOf.putIfAbsent(attribute, id);
          }
        });
    List<AttributeRef> missing = new ArrayList<>();
    List<TableQuery.Restriction> where = new ArrayList<>();
    // Synthetic partition key columns: no attribute holds them.
    for (CqlIdentifier pk : table.primaryKey().partitionKey()) {
      if (!sources.containsKey(pk.asInternal())
          && (!sources.isEmpty() || pk.asInternal().matches("bucket[0-9]*"))) {
        where.add(new TableQuery.Restriction(pk, org.keyspacestudio.model.workflow.Operator.EQ));
      }
    }
    // A column known to hold one attribute is not another's by its name alone (follower.user_id
    // is not the column that holds User.user_id).
    Set<CqlIdentifier> sourced = new java.util.HashSet<>(columnOf.values());
    for (Query.Condition c : query.given()) {
      CqlIdentifier col = find(c.attribute(), table, columnOf, sourced);
      if (col == null) {
        addOnce(missing, c.attribute());
      } else {
        where.add(new TableQuery.Restriction(col, c.operator()));
      }
    }
    List<TableQuery.Order> order = new ArrayList<>();
    for (Query.Ordering o : query.orderBy()) {
      CqlIdentifier col = find(o.attribute(), table, columnOf, sourced);
      if (col == null) {
        addOnce(missing, o.attribute());
      } else {
        order.add(new TableQuery.Order(col, o.order()));
      }
    }
    // A set: a query returning each of 4,000 columns looked each one up in the list.
    Set<CqlIdentifier> returned = new java.util.LinkedHashSet<>();
    for (AttributeRef a : query.returns()) {
      CqlIdentifier col = find(a, table, columnOf, sourced);
      if (col == null) {
        addOnce(missing, a);
      } else {
        returned.add(col);
      }
    }
    // WHERE in the table's key order, as one writes it (and as Cassandra reads it either way).
    List<CqlIdentifier> keyOrder = table.columnsInKeyOrder().stream().map(Column::name).toList();
    where.sort(java.util.Comparator.comparingInt(r -> keyOrder.indexOf(r.column())));
    return new Resolved(new TableQuery(where, order, List.copyOf(returned)), missing);
  }

  /** Each attribute once: Q7 orders by the video_id it returns ("no column holds ... twice"). */
  private static void addOnce(List<AttributeRef> missing, AttributeRef a) {
    if (!missing.contains(a)) {
      missing.add(a);
    }
  }

  private static CqlIdentifier find(
      AttributeRef a,
      Table table,
      Map<AttributeRef, CqlIdentifier> columnOf,
      Set<CqlIdentifier> sourced) {
    CqlIdentifier col = columnOf.get(a);
    if (col != null) {
      return col;
    }
    String snake =
        a.attribute()
            .replace('.', '_')
            .replaceAll("[^A-Za-z0-9_]+", "_")
            .toLowerCase(java.util.Locale.ROOT);
    for (Column c : table.columns()) {
      if (c.name().asInternal().equalsIgnoreCase(snake) && !sourced.contains(c.name())) {
        return c.name();
      }
    }
    return null;
  }

  /**
   * Whether a table answers a query in one partition: every attribute has a column, and {@link
   * SupportCheck} finds nothing against it.
   */
  public static boolean answers(
      Query query, Table table, Map<String, AttributeRef> sources, Set<CqlIdentifier> indexed) {
    Resolved r = resolve(query, table, sources);
    return r.missing().isEmpty() && SupportCheck.check(table, indexed, r.query()).isEmpty();
  }
}
