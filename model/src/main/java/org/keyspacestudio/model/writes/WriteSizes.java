package org.keyspacestudio.model.writes;

import java.util.function.Function;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.sizing.ColumnSizes;
import org.keyspacestudio.model.type.CollectionType;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.type.TupleType;
import org.keyspacestudio.model.type.UserTypeRef;
import org.keyspacestudio.model.type.VectorType;

/**
 * The size Cassandra 5.0 counts written data as: {@code IMutation.dataSize}, the sum of each
 * partition update's {@code PartitionUpdate.dataSize}, which a batch's size is compared with
 * ({@code batch_size_warn_threshold}, 5 KiB by default; {@code batch_size_fail_threshold}, 50 KiB).
 * In bytes:
 *
 * <ul>
 *   <li>a partition update: {@value #PARTITION}, its static row (even empty: {@value #ROW}) and its
 *       partition deletion (8); the partition key is not counted;
 *   <li>a row: {@value #ROW} (8 of liveness, 13 of row deletion) and its clustering values;
 *   <li>a cell: {@value #CELL} (an 8-byte timestamp, a 4-byte TTL, an 8-byte local deletion time)
 *       and its value; a non-frozen collection or UDT holds a cell per element or field, whose path
 *       counts too (a set's element, a map's key, a list's 16-byte time UUID, a field's 2-byte
 *       index), and, when set as a whole, a {@value #COMPLEX_DELETION}-byte deletion of what it
 *       held before; a deleted cell is {@value #CELL} bytes, a deleted collection {@value
 *       #COMPLEX_DELETION}.
 * </ul>
 *
 * The values' sizes are the partition size estimates' ({@link ColumnSizes}: exact for fixed-size
 * types, assumed for text, blobs and collections, {@value ColumnSizes#COLLECTION_ELEMENTS}
 * elements), frozen values as Cassandra serializes them (a 4-byte length before each element, field
 * or component, a 4-byte count before a collection's), or the size typed in for the column. Sizes
 * too large for a {@code long} are {@link Long#MAX_VALUE}.
 */
public final class WriteSizes {

  /** A cell's timestamp, TTL and local deletion time: 20 bytes. */
  public static final int CELL = 20;

  /** A row's liveness (8 bytes) and deletion (13 bytes): 21 bytes. */
  public static final int ROW = 21;

  /** A partition update's empty static row (21 bytes) and partition deletion (8 bytes). */
  public static final int PARTITION = 29;

  /** The deletion a non-frozen collection or UDT set as a whole carries: 12 bytes. */
  public static final int COMPLEX_DELETION = 12;

  /** A list element's cell path, a time UUID: 16 bytes. */
  public static final int LIST_PATH = 16;

  /** A UDT field's cell path, its index as a short: 2 bytes. */
  public static final int FIELD_PATH = 2;

  /** User types nested deeper than this are sized as the partition size estimate sizes them. */
  private static final int MAX_DEPTH = 64;

  private final Keyspace keyspace;
  private final Function<CqlType, ColumnSizes.Estimate> sizes;
  private final java.util.Map<org.keyspacestudio.model.cql.CqlIdentifier, Long> userTypes =
      new java.util.HashMap<>();
  private final java.util.Set<org.keyspacestudio.model.cql.CqlIdentifier> sizing =
      new java.util.HashSet<>();

  /**
   * Sizes of the values of one keyspace's types.
   *
   * @param keyspace where user-defined types are looked up; null when there is none
   */
  public WriteSizes(Keyspace keyspace) {
    this.keyspace = keyspace;
    this.sizes = ColumnSizes.in(keyspace);
  }

  /**
   * The bytes one column's written value counts for in its row: its cell, or its cells.
   *
   * @param type the column's type
   * @param typed the size typed in for the column's value (all its elements together for a
   *     collection), or null
   */
  public long cell(CqlType type, Integer typed) {
    if (type.isMultiCell()) {
      return plus(COMPLEX_DELETION, elementCells(type, typed));
    }
    return plus(CELL, typed != null ? typed : value(type));
  }

  /** The bytes a deleted column counts for: a tombstone cell, or a collection's deletion. */
  public long deletedCell(CqlType type) {
    return type.isMultiCell() ? COMPLEX_DELETION : CELL;
  }

  /** The bytes of one clustering or partition key value of the type. */
  public long keyValue(CqlType type, Integer typed) {
    return typed != null ? typed : value(type);
  }

  private long elementCells(CqlType type, Integer typed) {
    int n = ColumnSizes.COLLECTION_ELEMENTS;
    if (type instanceof CollectionType.SetType s) {
      return plus(times(n, CELL), typed != null ? typed : times(n, value(s.element())));
    }
    if (type instanceof CollectionType.ListType l) {
      return plus(times(n, CELL + LIST_PATH), typed != null ? typed : times(n, value(l.element())));
    }
    if (type instanceof CollectionType.MapType m) {
      return plus(
          times(n, CELL), typed != null ? typed : times(n, plus(value(m.key()), value(m.value()))));
    }
    if (type instanceof UserTypeRef ref) {
      UserType t = userType(ref);
      if (t == null) {
        return plus(CELL + FIELD_PATH, typed != null ? typed : ColumnSizes.UNKNOWN_BYTES);
      }
      long fields = 0;
      long values = 0;
      for (UserType.Field f : t.fields()) {
        fields = plus(fields, CELL + FIELD_PATH);
        values = plus(values, value(f.type()));
      }
      return plus(fields, typed != null ? typed : values);
    }
    return plus(CELL, typed != null ? typed : value(type));
  }

  /** The serialized size of one value of the type, as the cell's or the clustering's value. */
  long value(CqlType type) {
    return value(type, 0);
  }

  private long value(CqlType type, int depth) {
    if (depth > MAX_DEPTH) {
      // A chain of user types deeper than any schema writes: the partition size estimate's size.
      return sizes.apply(type).bytes();
    }
    if (type instanceof NativeType || type instanceof VectorType) {
      return sizes.apply(type).bytes();
    }
    int n = ColumnSizes.COLLECTION_ELEMENTS;
    if (type instanceof CollectionType.MapType m) {
      return plus(
          4, times(n, plus(8, plus(value(m.key(), depth + 1), value(m.value(), depth + 1)))));
    }
    if (type instanceof CollectionType c) {
      return plus(4, times(n, plus(4, value(c.children().get(0), depth + 1))));
    }
    if (type instanceof TupleType t) {
      long sum = 0;
      for (CqlType c : t.components()) {
        sum = plus(sum, plus(4, value(c, depth + 1)));
      }
      return sum;
    }
    if (type instanceof UserTypeRef ref) {
      UserType t = userType(ref);
      if (t == null || !sizing.add(ref.name())) {
        // Undefined, or a type that uses itself (UDT-CYCLE).
        return ColumnSizes.UNKNOWN_BYTES;
      }
      Long known = userTypes.get(ref.name());
      if (known != null) {
        sizing.remove(ref.name());
        return known;
      }
      long sum = 0;
      for (UserType.Field f : t.fields()) {
        sum = plus(sum, plus(4, value(f.type(), depth + 1)));
      }
      sizing.remove(ref.name());
      userTypes.put(ref.name(), sum);
      return sum;
    }
    return sizes.apply(type).bytes();
  }

  private UserType userType(UserTypeRef ref) {
    return keyspace == null ? null : keyspace.type(ref.name()).orElse(null);
  }

  static long plus(long a, long b) {
    long r = a + b;
    return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
  }

  static long times(long a, long b) {
    if (a == 0 || b == 0) {
      return 0;
    }
    return a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
  }
}
