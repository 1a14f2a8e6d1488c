package org.keyspacestudio.model.writes;

import java.util.List;
import java.util.Objects;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.sizing.Figure;

/**
 * What one write of the application does to one table: its CQL, what each bound column holds, how
 * many times it runs per write, and how much data Cassandra counts it as.
 *
 * @param table the table
 * @param action what it does to the table's rows or partitions
 * @param statements the CQL statements, with {@code ?} bind markers, without a final semicolon:
 *     one, or two for {@link Action#MOVE_ROW} (the DELETE, then the INSERT)
 * @param values what each bound column holds, in the order of the markers of the last statement
 *     (the INSERT of a move)
 * @param perValueOf the multi-valued attributes whose values the table keeps in rows of their own:
 *     the statements run once per value (for a move: per value removed or added)
 * @param rows when the rows written are another owner's (a Comment's row holding its Video's
 *     title), whose and how many per write; null when they are the writing owner's own
 * @param executions how many times the statements run for one write: the product of the values
 *     assumed per multi-valued attribute and {@code rows}' count, at least 1
 * @param bytes the data Cassandra counts all those executions as (its {@code IMutation.dataSize},
 *     which {@code batch_size_warn_threshold} is compared with), in bytes, from the columns' sizes
 *     ({@link WriteSizes})
 * @param counter whether the table is a counter table (its writes go in a counter batch)
 * @param notes what the application must know or do besides, for a user; may be empty
 */
public record TableWrite(
    ElementRef table,
    Action action,
    List<String> statements,
    List<ColumnValue> values,
    List<AttributeRef> perValueOf,
    Rows rows,
    long executions,
    long bytes,
    boolean counter,
    List<String> notes) {

  /** What a write does to a table. */
  public enum Action {
    /** INSERT a row. */
    INSERT_ROW("insert"),
    /** INSERT a partition's static columns (with its partition key only). */
    INSERT_PARTITION("insert the partition's static columns"),
    /** UPDATE columns of a row. */
    UPDATE_ROW("update"),
    /** UPDATE a partition's static columns. */
    UPDATE_PARTITION("update the partition's static columns"),
    /** A key column changes: DELETE the row, INSERT it under its new key. */
    MOVE_ROW("delete and insert again"),
    /** DELETE a row. */
    DELETE_ROW("delete"),
    /** DELETE a partition's static columns. */
    DELETE_STATICS("delete the partition's static columns"),
    /** DELETE a whole partition (its static columns and its rows). */
    DELETE_PARTITION("delete the partition");

    private final String label;

    Action(String label) {
      this.label = label;
    }

    /** What it does, for a user: {@code insert}, {@code delete and insert again}. */
    public String label() {
      return label;
    }
  }

  /**
   * What one bound column holds.
   *
   * @param column the column's name, as CQL writes it
   * @param attribute the attribute it holds, or null for a column no attribute holds (a bucket)
   * @param origin where the application takes the value from, for a user ("the Video's title", "its
   *     User (uploads)'s user_id", "one of the Video's tags")
   */
  public record ColumnValue(String column, AttributeRef attribute, String origin) {
    public ColumnValue {
      Objects.requireNonNull(column, "column");
      Objects.requireNonNull(origin, "origin");
    }
  }

  /**
   * Rows of another owner that hold the writing owner's attributes.
   *
   * @param owner whose rows they are ({@code Comment})
   * @param via as whom the writing instance is at them: itself, or one of its roles (the User as
   *     the follower of each {@code follows} row)
   * @param count how many there are per instance of the writing owner, or null when the instance
   *     counts are not typed in (Partition Sizes)
   * @param finder a table the application reads them from by the writing owner's key, with every
   *     attribute this table's key holds; null when no table lists them (see {@code
   *     WRITE-UNREACHABLE})
   * @param finderQuery the query the finder answers, or null
   */
  public record Rows(
      String owner, String via, Figure count, ElementRef finder, String finderQuery) {
    public Rows {
      Objects.requireNonNull(owner, "owner");
      Objects.requireNonNull(via, "via");
    }
  }

  public TableWrite {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(action, "action");
    statements = List.copyOf(statements);
    values = List.copyOf(values);
    perValueOf = List.copyOf(perValueOf);
    notes = List.copyOf(notes);
    if (executions < 1) {
      throw new IllegalArgumentException("a table write runs at least once, not " + executions);
    }
  }
}
