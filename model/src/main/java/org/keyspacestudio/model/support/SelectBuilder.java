package org.keyspacestudio.model.support;

import java.util.ArrayList;
import java.util.List;
import org.keyspacestudio.model.cql.CqlIdentifier;

/**
 * Writes a query's {@code SELECT} on a table, with {@code ?} bind markers: the columns it returns
 * (or {@code *}), its restrictions in the table's key order, and its ORDER BY. Never with {@code
 * ALLOW FILTERING}: a query that needs it is not supported ({@link SupportCheck}).
 */
public final class SelectBuilder {

  private SelectBuilder() {}

  /**
   * The SELECT statement, on one line, without a final semicolon.
   *
   * @param keyspace the table's keyspace, or null to leave the table unqualified
   * @param table the table's name
   * @param query what it restricts, orders by and returns
   * @return {@code SELECT a, b FROM ks.t WHERE k = ? AND c > ? ORDER BY c DESC}
   */
  public static String select(CqlIdentifier keyspace, CqlIdentifier table, TableQuery query) {
    StringBuilder out = new StringBuilder("SELECT ");
    out.append(
        query.returned().isEmpty()
            ? "*"
            : String.join(", ", query.returned().stream().map(CqlIdentifier::asCql).toList()));
    out.append(" FROM ");
    if (keyspace != null) {
      out.append(keyspace.asCql()).append('.');
    }
    out.append(table.asCql());
    List<String> where = new ArrayList<>();
    for (TableQuery.Restriction r : query.where()) {
      where.add(r.operator().relation(r.column().asCql()));
    }
    if (!where.isEmpty()) {
      out.append(" WHERE ").append(String.join(" AND ", where));
    }
    if (!query.orderBy().isEmpty()) {
      out.append(" ORDER BY ");
      out.append(
          String.join(
              ", ",
              query.orderBy().stream()
                  .map(o -> o.column().asCql() + " " + o.direction().name())
                  .toList()));
    }
    return out.toString();
  }
}
