package org.keyspacestudio.model.workflow;

import java.util.List;
import java.util.Objects;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.schema.ClusteringOrder;

/**
 * A query of the application workflow: an access pattern over the conceptual model (Chebotko,
 * Kashlev, Lu 2015). What it is given (each attribute by equality or range), what it returns, how
 * the result is ordered, and how large the result is expected to be.
 *
 * @param id its label, {@code Q1}, {@code Q2}...; unique in the workflow, not null
 * @param description the query in words ("Find videos by tag, newest first")
 * @param given the search attributes with their operators, in order
 * @param returns the attributes it returns, in order
 * @param orderBy the ordering attributes with ASC/DESC, in order
 * @param size the expected size of the result
 */
public record Query(
    String id,
    String description,
    List<Condition> given,
    List<AttributeRef> returns,
    List<Ordering> orderBy,
    ResultSize size) {

  /**
   * A search attribute: {@code Video.tag =}, {@code Comment.posted >}.
   *
   * @param attribute the attribute
   * @param operator how it is restricted
   */
  public record Condition(AttributeRef attribute, Operator operator) {
    public Condition {
      Objects.requireNonNull(attribute, "attribute");
      Objects.requireNonNull(operator, "operator");
    }

    @Override
    public String toString() {
      return attribute + " " + operator.symbol();
    }
  }

  /**
   * An ordering attribute: {@code Video.added_date DESC}.
   *
   * @param attribute the attribute
   * @param order ascending or descending
   */
  public record Ordering(AttributeRef attribute, ClusteringOrder order) {
    public Ordering {
      Objects.requireNonNull(attribute, "attribute");
      Objects.requireNonNull(order, "order");
    }

    @Override
    public String toString() {
      return attribute + " " + order.name();
    }
  }

  /** How large a query's result is expected to be. */
  public enum ResultSize {
    /** At most one row. */
    ROW("one row"),
    /** Rows of one partition. */
    PARTITION("one partition"),
    /** Rows of several partitions. */
    MANY("many partitions");

    private final String label;

    ResultSize(String label) {
      this.label = label;
    }

    /** As shown to users: "one row", "one partition", "many partitions". */
    public String label() {
      return label;
    }
  }

  public Query {
    Objects.requireNonNull(id, "id");
    description = description == null ? "" : description;
    given = List.copyOf(given);
    returns = List.copyOf(returns);
    orderBy = List.copyOf(orderBy);
    Objects.requireNonNull(size, "size");
  }

  /** A query with only an id and a description, to be filled in. */
  public static Query of(String id, String description) {
    return new Query(id, description, List.of(), List.of(), List.of(), ResultSize.PARTITION);
  }

  /** Every attribute the query mentions: given, returned and ordering, each once, in that order. */
  public List<AttributeRef> attributes() {
    java.util.LinkedHashSet<AttributeRef> all = new java.util.LinkedHashSet<>();
    given.forEach(c -> all.add(c.attribute()));
    all.addAll(returns);
    orderBy.forEach(o -> all.add(o.attribute()));
    return List.copyOf(all);
  }

  /** A copy with another id. */
  public Query withId(String newId) {
    return new Query(newId, description, given, returns, orderBy, size);
  }

  /** A copy with another description. */
  public Query withDescription(String newDescription) {
    return new Query(id, newDescription, given, returns, orderBy, size);
  }

  /** A copy with other search attributes. */
  public Query withGiven(List<Condition> newGiven) {
    return new Query(id, description, newGiven, returns, orderBy, size);
  }

  /** A copy returning other attributes. */
  public Query withReturns(List<AttributeRef> newReturns) {
    return new Query(id, description, given, newReturns, orderBy, size);
  }

  /** A copy with another ordering. */
  public Query withOrderBy(List<Ordering> newOrderBy) {
    return new Query(id, description, given, returns, newOrderBy, size);
  }

  /** A copy with another expected result size. */
  public Query withSize(ResultSize newSize) {
    return new Query(id, description, given, returns, orderBy, newSize);
  }

  /** A copy with every attribute reference passed through {@code map} (for renames). */
  public Query mapAttributes(java.util.function.UnaryOperator<AttributeRef> map) {
    return new Query(
        id,
        description,
        given.stream().map(c -> new Condition(map.apply(c.attribute()), c.operator())).toList(),
        returns.stream().map(map).toList(),
        orderBy.stream().map(o -> new Ordering(map.apply(o.attribute()), o.order())).toList(),
        size);
  }
}
