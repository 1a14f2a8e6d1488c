package org.keyspacestudio.model.support;

import java.util.Objects;
import org.keyspacestudio.model.cql.CqlIdentifier;

/**
 * A {@code SELECT} statement of a script, as far as the support check reads it: the table it reads,
 * its restrictions, ordering and selected columns, and whether it says {@code ALLOW FILTERING}.
 * {@code org.keyspacestudio.model.parse.SelectReader} reads it from the statement's text.
 *
 * @param keyspace the keyspace named before the table, or null when the statement names none
 * @param table the table or materialized view read, not null
 * @param tableStart offset in the statement's text where the table's name (with its keyspace)
 *     starts
 * @param tableEnd offset just past the table's name
 * @param query the restrictions (single-column {@code =}, {@code IN}, {@code <}, {@code <=}, {@code
 *     >}, {@code >=}), ordering and selected columns ({@code *}: none), not null
 * @param allowFiltering whether the statement ends with {@code ALLOW FILTERING}
 * @param distinct whether it is a {@code SELECT DISTINCT} (its columns are then plain columns, or
 *     {@code *}: every column)
 * @param groupBy the columns of its {@code GROUP BY}, in order; empty when it has none, not null
 * @param token its relations on the partition token ({@code token(p1, p2) > ?}), in the order
 *     written; empty when it has none, not null
 * @param multiColumn its multi-column relations ({@code (c1, c2) > (?, ?)}), in the order written;
 *     empty when it has none, not null
 * @param perPartitionLimit whether it says {@code PER PARTITION LIMIT}
 * @param ann its {@code ORDER BY column ANN OF value} orderings (vector search), in the order
 *     written; its other orderings are in {@code query}; empty when it has none, not null
 * @param limit the value of its {@code LIMIT} as written ({@code 10}, {@code ?}), or null when it
 *     has none (a search by {@code ANN OF} needs one)
 * @param aggregate whether a selector is a call of one of Cassandra's aggregate functions ({@code
 *     count}, {@code min}, {@code max}, {@code sum}, {@code avg}); a user-defined aggregate is not
 *     told from a function
 * @param groupByFunction the function its {@code GROUP BY} groups by ({@code floor(day, 1h)}), or
 *     null when it groups by columns alone
 * @param likePatterns the form of each {@code LIKE} pattern written as a string ({@code name LIKE
 *     'abc%'}), by column; a {@code LIKE} given a bind marker has none, not null
 * @param values the constants its single-column relations compare columns with ({@code =}, {@code
 *     IN}, the ranges, {@code !=}, {@code CONTAINS}, {@code CONTAINS KEY}; a map entry's key as
 *     {@code CONTAINS KEY}'s, its value as {@link
 *     org.keyspacestudio.model.workflow.Operator#ENTRY}), in the order written; bind markers and
 *     other terms are not listed, not null
 * @param relationValues the constants its {@code token()} and multi-column relations compare with
 *     ({@code token(k) > 5}, {@code (c1, c2) IN ((1, 'a'), (2, 'b'))}), in the order written; bind
 *     markers and other terms are not listed, not null
 */
public record ScriptSelect(
    CqlIdentifier keyspace,
    CqlIdentifier table,
    int tableStart,
    int tableEnd,
    TableQuery query,
    boolean allowFiltering,
    boolean distinct,
    java.util.List<CqlIdentifier> groupBy,
    java.util.List<TokenRelation> token,
    java.util.List<MultiColumnRelation> multiColumn,
    boolean perPartitionLimit,
    java.util.List<AnnOrdering> ann,
    String limit,
    boolean aggregate,
    GroupByFunction groupByFunction,
    java.util.Map<CqlIdentifier, LikePattern> likePatterns,
    java.util.List<Given> values,
    java.util.List<RelationValue> relationValues) {

  /**
   * A constant a {@code token()} or multi-column relation compares with: a number for the token, a
   * tuple literal for the columns.
   *
   * @param columns the relation's columns (the token's arguments, or the tuple's), not null
   * @param token whether it is a {@code token()} relation
   * @param operator the relation's operator, not null
   * @param value the constant, not null
   */
  public record RelationValue(
      java.util.List<CqlIdentifier> columns,
      boolean token,
      org.keyspacestudio.model.workflow.Operator operator,
      org.keyspacestudio.model.type.Constant value) {
    public RelationValue {
      columns = java.util.List.copyOf(columns);
      Objects.requireNonNull(operator, "operator");
      Objects.requireNonNull(value, "value");
    }
  }

  /**
   * Every constant compared with one column: {@link #values}, then each component of a multi-column
   * relation's tuple literal that has as many components as the relation has columns (each compared
   * with its column by the relation's operator), bind markers left out.
   */
  public java.util.List<Given> columnValues() {
    if (relationValues.isEmpty()) {
      return values;
    }
    java.util.List<Given> out = new java.util.ArrayList<>(values);
    for (RelationValue r : relationValues) {
      if (r.token()
          || r.value().kind() != org.keyspacestudio.model.type.Constant.Kind.TUPLE
          || r.value().items().size() != r.columns().size()) {
        continue;
      }
      for (int i = 0; i < r.columns().size(); i++) {
        org.keyspacestudio.model.type.Constant item = r.value().items().get(i);
        if (item.kind() != org.keyspacestudio.model.type.Constant.Kind.OTHER) {
          out.add(new Given(r.columns().get(i), r.operator(), item));
        }
      }
    }
    return out;
  }

  /**
   * A constant a relation compares a column with: {@code user_id = 'abc'}.
   *
   * @param column the column, not null
   * @param operator the relation's operator, not null ({@code CONTAINS} compares it with the
   *     collection's elements, {@code CONTAINS KEY} with a map's keys)
   * @param value the constant, not null
   */
  public record Given(
      CqlIdentifier column,
      org.keyspacestudio.model.workflow.Operator operator,
      org.keyspacestudio.model.type.Constant value) {
    public Given {
      Objects.requireNonNull(column, "column");
      Objects.requireNonNull(operator, "operator");
      Objects.requireNonNull(value, "value");
    }
  }

  /**
   * A function in a {@code GROUP BY}, as written: {@code floor(placed_at, 1h)}.
   *
   * @param name the function's name in lower case, without its keyspace, not null
   * @param columns the arguments that are column names, in order (Cassandra wants one clustering
   *     column), not null
   * @param arguments how many arguments it is given, at least 0
   * @param at how many of the {@code GROUP BY}'s columns come before it (Cassandra wants it last),
   *     at least 0
   */
  public record GroupByFunction(
      String name, java.util.List<CqlIdentifier> columns, int arguments, int at) {
    public GroupByFunction {
      Objects.requireNonNull(name, "name");
      columns = java.util.List.copyOf(columns);
      if (arguments < 0 || at < 0) {
        throw new IllegalArgumentException("negative count " + arguments + ", " + at);
      }
    }
  }

  /**
   * An ordering by similarity to a vector, as written: {@code ORDER BY column ANN OF ?}.
   *
   * @param column the column ordered by (Cassandra wants a {@code vector<float, n>} with a
   *     storage-attached index), not null
   * @param direction the direction written ({@code ASC} when none; Cassandra refuses {@code DESC}),
   *     not null
   */
  public record AnnOrdering(
      CqlIdentifier column, org.keyspacestudio.model.schema.ClusteringOrder direction) {
    public AnnOrdering {
      Objects.requireNonNull(column, "column");
      Objects.requireNonNull(direction, "direction");
    }

    /** As written in CQL, with a bind marker: {@code e ANN OF ?}, then {@code DESC} if so. */
    public String asCql() {
      return column.asCql()
          + " ANN OF ?"
          + (direction == org.keyspacestudio.model.schema.ClusteringOrder.DESC ? " DESC" : "");
    }
  }

  /**
   * A multi-column relation, as written: {@code (c1, c2) > (?, ?)}.
   *
   * @param columns the columns of the tuple, in the order written (Cassandra wants consecutive
   *     clustering columns in their declared order), not null
   * @param operator the comparison ({@code =}, {@code IN}, a range; {@code CONTAINS} is read so
   *     that the check can say Cassandra refuses it), not null
   * @param at how many of the query's single-column restrictions come before it in the WHERE clause
   *     (Cassandra merges restrictions in the order written), at least 0
   */
  public record MultiColumnRelation(
      java.util.List<CqlIdentifier> columns,
      org.keyspacestudio.model.workflow.Operator operator,
      int at) {
    public MultiColumnRelation {
      columns = java.util.List.copyOf(columns);
      Objects.requireNonNull(operator, "operator");
      if (at < 0) {
        throw new IllegalArgumentException("negative position " + at);
      }
    }

    /** As written in CQL, with a bind marker: {@code (c1, c2) > ?}. */
    public String asCql() {
      return written("", columns, operator);
    }
  }

  /**
   * A relation on the partition token, as written: {@code token(p1, p2) > ?}.
   *
   * @param columns the columns given to {@code token()}, in the order written (Cassandra wants the
   *     whole partition key in its declared order), not null
   * @param operator the comparison ({@code =}, a range; {@code IN} and {@code CONTAINS} are read so
   *     that the check can say Cassandra refuses them), not null
   */
  public record TokenRelation(
      java.util.List<CqlIdentifier> columns, org.keyspacestudio.model.workflow.Operator operator) {
    public TokenRelation {
      columns = java.util.List.copyOf(columns);
      Objects.requireNonNull(operator, "operator");
    }

    /** As written in CQL, with a bind marker: {@code token(p1, p2) > ?}. */
    public String asCql() {
      return written("token", columns, operator);
    }
  }

  /** {@code function(c1, c2) op ?}, or {@code (c1, c2) op ?} for no function. */
  private static String written(
      String function,
      java.util.List<CqlIdentifier> columns,
      org.keyspacestudio.model.workflow.Operator operator) {
    return function
        + "("
        + String.join(", ", columns.stream().map(CqlIdentifier::asCql).toList())
        + ") "
        + operator.symbol()
        + " ?";
  }

  public ScriptSelect {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(query, "query");
    groupBy = java.util.List.copyOf(groupBy);
    token = java.util.List.copyOf(token);
    multiColumn = java.util.List.copyOf(multiColumn);
    ann = java.util.List.copyOf(ann);
    likePatterns = java.util.Map.copyOf(likePatterns);
    values = java.util.List.copyOf(values);
    relationValues = java.util.List.copyOf(relationValues);
    if (tableStart < 0 || tableEnd < tableStart) {
      throw new IllegalArgumentException("bad table name offsets " + tableStart + ".." + tableEnd);
    }
  }

  /**
   * A workflow query as a SELECT of its restrictions, ordering and columns alone: no {@code ALLOW
   * FILTERING}, no {@code DISTINCT}, {@code GROUP BY}, {@code token()}, tuple, {@code PER PARTITION
   * LIMIT}, {@code ANN OF} or {@code LIMIT}, and no keyspace named.
   *
   * @param table the table read, not null
   * @param query the query, not null
   */
  public static ScriptSelect of(CqlIdentifier table, TableQuery query) {
    return new ScriptSelect(
        null,
        table,
        0,
        0,
        query,
        false,
        false,
        java.util.List.of(),
        java.util.List.of(),
        java.util.List.of(),
        false,
        java.util.List.of(),
        null,
        false,
        null,
        java.util.Map.of(),
        java.util.List.of(),
        java.util.List.of());
  }

  /**
   * The statement's text reading another table: the table's name (with its keyspace) replaced.
   *
   * @param text the statement's text this was read from, not null
   * @param table the name to read instead, as CQL ({@code ks.t} or {@code t}), not null
   * @return the text with the name replaced, everything else as it was
   */
  public String readingFrom(String text, String table) {
    return text.substring(0, tableStart) + table + text.substring(tableEnd);
  }

  /** The same SELECT, ending with {@code ALLOW FILTERING} or not. */
  public ScriptSelect withAllowFiltering(boolean allow) {
    return new ScriptSelect(
        keyspace,
        table,
        tableStart,
        tableEnd,
        query,
        allow,
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
        relationValues);
  }

  /** The keyspace and table as written in CQL: {@code ks.t}, or {@code t}. */
  public String tableCql() {
    return (keyspace == null ? "" : keyspace.asCql() + ".") + table.asCql();
  }
}
