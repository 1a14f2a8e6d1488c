package org.keyspacestudio.model.support;

import java.util.List;
import java.util.Objects;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.workflow.Operator;

/**
 * A query as a {@code SELECT} on one table sees it: the columns it restricts and how, the columns
 * it orders by, the columns it returns. What {@link SupportCheck} judges and {@link SelectBuilder}
 * writes.
 *
 * @param where the restrictions, in order (a column may appear twice, for two bounds)
 * @param orderBy the ORDER BY columns, in order
 * @param returned the selected columns, in order; empty for {@code *}
 */
public record TableQuery(
    List<Restriction> where, List<Order> orderBy, List<CqlIdentifier> returned) {

  /**
   * {@code column OP ?}.
   *
   * @param column the restricted column
   * @param operator the relation
   */
  public record Restriction(CqlIdentifier column, Operator operator) {
    public Restriction {
      Objects.requireNonNull(column, "column");
      Objects.requireNonNull(operator, "operator");
    }
  }

  /**
   * {@code column ASC|DESC} in ORDER BY.
   *
   * @param column the column
   * @param direction the direction
   */
  public record Order(CqlIdentifier column, ClusteringOrder direction) {
    public Order {
      Objects.requireNonNull(column, "column");
      Objects.requireNonNull(direction, "direction");
    }
  }

  public TableQuery {
    where = List.copyOf(where);
    orderBy = List.copyOf(orderBy);
    returned = List.copyOf(returned);
  }
}
