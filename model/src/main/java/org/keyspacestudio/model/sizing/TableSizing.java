package org.keyspacestudio.model.sizing;

import java.util.Collections;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * What the user typed in for one table's partition size estimate; every figure left null is
 * estimated ({@link PartitionSizes}).
 *
 * @param table the table
 * @param rowsPerPartition expected rows per partition ({@code Nr}), at least 1, or null to estimate
 * @param partitions expected number of partitions, at least 1, or null to estimate
 * @param buckets how many values the table's bucket columns take together (synthetic partition key
 *     columns: they multiply the partitions and divide the rows per partition), at least 1, or null
 *     for 1
 * @param columnBytes average size in bytes of a column's value, by the column's internal name (for
 *     text, blobs and collections, whose size the type does not tell); each at least 0
 */
public record TableSizing(
    ElementRef table,
    Long rowsPerPartition,
    Long partitions,
    Long buckets,
    SortedMap<String, Integer> columnBytes) {

  public TableSizing {
    Objects.requireNonNull(table, "table");
    positive(rowsPerPartition, "rowsPerPartition");
    positive(partitions, "partitions");
    positive(buckets, "buckets");
    columnBytes = Collections.unmodifiableSortedMap(new TreeMap<>(columnBytes));
    columnBytes.forEach(
        (column, bytes) -> {
          if (bytes == null || bytes < 0) {
            throw new IllegalArgumentException(
                "the size of " + column + " must be 0 bytes or more, not " + bytes);
          }
        });
  }

  private static void positive(Long value, String what) {
    if (value != null && value < 1) {
      throw new IllegalArgumentException(what + " must be at least 1, not " + value);
    }
  }

  /** Nothing typed in for a table. */
  public static TableSizing none(ElementRef table) {
    return new TableSizing(table, null, null, null, new TreeMap<>());
  }

  /** Whether nothing is typed in. */
  public boolean isEmpty() {
    return rowsPerPartition == null
        && partitions == null
        && buckets == null
        && columnBytes.isEmpty();
  }

  /** A copy for a renamed table. */
  public TableSizing withTable(ElementRef newTable) {
    return new TableSizing(newTable, rowsPerPartition, partitions, buckets, columnBytes);
  }

  /** A copy with another rows per partition (null: estimate). */
  public TableSizing withRowsPerPartition(Long value) {
    return new TableSizing(table, value, partitions, buckets, columnBytes);
  }

  /** A copy with another number of partitions (null: estimate). */
  public TableSizing withPartitions(Long value) {
    return new TableSizing(table, rowsPerPartition, value, buckets, columnBytes);
  }

  /** A copy with another number of bucket values (null: 1). */
  public TableSizing withBuckets(Long value) {
    return new TableSizing(table, rowsPerPartition, partitions, value, columnBytes);
  }

  /** A copy with a column's average size in bytes set, or cleared when {@code bytes} is null. */
  public TableSizing withColumnBytes(String column, Integer bytes) {
    TreeMap<String, Integer> copy = new TreeMap<>(columnBytes);
    if (bytes == null) {
      copy.remove(column);
    } else {
      copy.put(column, bytes);
    }
    return new TableSizing(table, rowsPerPartition, partitions, buckets, copy);
  }

  /** A copy whose column sizes follow a renamed column. */
  public TableSizing withColumnRenamed(String column, String newName) {
    if (!columnBytes.containsKey(column)) {
      return this;
    }
    TreeMap<String, Integer> copy = new TreeMap<>(columnBytes);
    copy.put(newName, copy.remove(column));
    return new TableSizing(table, rowsPerPartition, partitions, buckets, copy);
  }
}
