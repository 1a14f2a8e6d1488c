package org.keyspacestudio.model.sizing;

import java.util.List;
import java.util.Objects;
import org.keyspacestudio.model.schema.ColumnKind;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * A table's partition size estimate, by the formulas of Cassandra's data modeling guide ({@code
 * data-modeling_refining.adoc}, section 5 of the Chebotko method notes):
 *
 * <ul>
 *   <li>values per partition {@code Nv = Nr × (Nc − Npk − Ns) + Ns};
 *   <li>bytes per partition {@code St = Σ sizeOf(partition key) + Σ sizeOf(static) + Nr × (Σ
 *       sizeOf(regular) + Σ sizeOf(clustering)) + Nv × 8};
 *   <li>the table on disk: {@code St × partitions × replication factor}.
 * </ul>
 *
 * @param table the table
 * @param columns every column with its average size, in key order
 * @param rowsPerPartition {@code Nr}, after bucketing
 * @param partitions the number of partitions, after bucketing
 * @param buckets how many values the bucket columns take (1 when none)
 * @param replicationFactor how many replicas hold each partition
 */
public record PartitionSize(
    ElementRef table,
    List<ColumnSize> columns,
    Figure rowsPerPartition,
    Figure partitions,
    long buckets,
    Figure replicationFactor) {

  /** Cassandra's guidance: keep a partition under 100,000 values. */
  public static final long VALUE_LIMIT = 100_000;

  /** Cassandra's guidance: keep a partition under 100 MB (10^8 bytes). */
  public static final long BYTE_LIMIT = 100_000_000;

  /** The hard limit: a partition holds at most about 2^31 cells. */
  public static final long CELL_LIMIT = 1L << 31;

  /** Average bytes of metadata per value (timestamp, flags), as the guide counts it. */
  public static final int CELL_METADATA_BYTES = 8;

  /**
   * One column.
   *
   * @param name the column's internal name
   * @param kind its role in the key
   * @param type its CQL type
   * @param bytes average size of its value in bytes
   * @param basis {@link Figure.Basis#TYPED} when typed in, {@link Figure.Basis#DERIVED} when the
   *     type fixes it, {@link Figure.Basis#ASSUMED} for an assumed average
   */
  public record ColumnSize(
      String name, ColumnKind kind, String type, long bytes, Figure.Basis basis) {
    public ColumnSize {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(kind, "kind");
    }
  }

  public PartitionSize {
    Objects.requireNonNull(table, "table");
    columns = List.copyOf(columns);
    Objects.requireNonNull(rowsPerPartition, "rowsPerPartition");
    Objects.requireNonNull(partitions, "partitions");
    Objects.requireNonNull(replicationFactor, "replicationFactor");
  }

  /** {@code Nc}: the number of columns. */
  public int columnCount() {
    return columns.size();
  }

  /** {@code Npk}: the number of primary key columns. */
  public int keyColumnCount() {
    return (int) count(ColumnKind.PARTITION_KEY) + (int) count(ColumnKind.CLUSTERING);
  }

  /** {@code Ns}: the number of static columns. */
  public int staticColumnCount() {
    return (int) count(ColumnKind.STATIC);
  }

  private long count(ColumnKind kind) {
    return columns.stream().filter(c -> c.kind() == kind).count();
  }

  private long bytesOf(ColumnKind kind) {
    return columns.stream().filter(c -> c.kind() == kind).mapToLong(ColumnSize::bytes).sum();
  }

  /** {@code Nv} for this estimate's rows per partition. */
  public long values() {
    return valuesAt(rowsPerPartition.value());
  }

  /** {@code Nv} for {@code rows} rows per partition. */
  public long valuesAt(long rows) {
    return add(
        multiply(rows, columnCount() - keyColumnCount() - staticColumnCount()),
        staticColumnCount());
  }

  /** {@code St} in bytes for this estimate's rows per partition. */
  public long bytes() {
    return bytesAt(rowsPerPartition.value());
  }

  /** {@code St} in bytes for {@code rows} rows per partition. */
  public long bytesAt(long rows) {
    long fixed = add(bytesOf(ColumnKind.PARTITION_KEY), bytesOf(ColumnKind.STATIC));
    long perRow = add(bytesOf(ColumnKind.REGULAR), bytesOf(ColumnKind.CLUSTERING));
    return add(add(fixed, multiply(rows, perRow)), multiply(valuesAt(rows), CELL_METADATA_BYTES));
  }

  /** a × b, or {@code Long.MAX_VALUE} when that does not fit (estimates saturate). */
  private static long multiply(long a, long b) {
    long r = a * b;
    long hi = Math.multiplyHigh(a, b);
    return hi != 0 || r < 0 ? Long.MAX_VALUE : r;
  }

  private static long add(long a, long b) {
    long r = a + b;
    return r < 0 ? Long.MAX_VALUE : r;
  }

  /** The table on disk, in bytes: {@code St × partitions × replication factor}. */
  public double totalBytes() {
    return (double) bytes() * partitions.value() * replicationFactor.value();
  }

  /**
   * The fewest rows per partition at which the partition passes {@code VALUE_LIMIT} values, or
   * {@code Long.MAX_VALUE} when no number of rows does (a table whose columns are all key or
   * static).
   */
  public long rowsAtValueLimit() {
    long perRow = columnCount() - keyColumnCount() - staticColumnCount();
    return perRow <= 0
        ? Long.MAX_VALUE
        : Math.max(1, (VALUE_LIMIT - staticColumnCount()) / perRow + 1);
  }

  /** The fewest rows per partition at which the partition passes {@code BYTE_LIMIT} bytes. */
  public long rowsAtByteLimit() {
    long perRow = bytesAt(1) - bytesAt(0);
    return perRow <= 0 ? Long.MAX_VALUE : Math.max(1, (BYTE_LIMIT - bytesAt(0)) / perRow + 1);
  }

  /** Whether any input figure is assumed rather than typed in or derived. */
  public boolean assumed() {
    return rowsPerPartition.basis() == Figure.Basis.ASSUMED
        || partitions.basis() == Figure.Basis.ASSUMED
        || columns.stream().anyMatch(c -> c.basis() == Figure.Basis.ASSUMED);
  }
}
