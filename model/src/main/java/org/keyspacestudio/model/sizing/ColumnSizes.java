package org.keyspacestudio.model.sizing;

import java.util.HashSet;
import java.util.Set;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.type.CollectionType;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.type.CustomType;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.type.TupleType;
import org.keyspacestudio.model.type.UserTypeRef;
import org.keyspacestudio.model.type.VectorType;

/**
 * The average size of one value of a CQL type, in bytes, as the partition size formula's {@code
 * sizeOf} (Cassandra's data modeling guide, {@code data-modeling_refining.adoc}): the fixed size
 * Cassandra's serializer writes where the type has one, an assumed average where it does not (text,
 * blobs, varints, decimals, durations, collections), which the user replaces by typing in a size.
 */
public final class ColumnSizes {

  /** Assumed average of a {@code text} or {@code ascii} value: 20 bytes. */
  public static final int TEXT_BYTES = 20;

  /** Assumed average of a {@code blob} value: 100 bytes. */
  public static final int BLOB_BYTES = 100;

  /** Assumed average of a {@code varint} value: 8 bytes. */
  public static final int VARINT_BYTES = 8;

  /** Assumed average of a {@code decimal} value (4-byte scale and the unscaled value): 16 bytes. */
  public static final int DECIMAL_BYTES = 16;

  /** Assumed average of a {@code duration} value (three variable-length integers): 12 bytes. */
  public static final int DURATION_BYTES = 12;

  /** Assumed number of elements in a collection: 5. */
  public static final int COLLECTION_ELEMENTS = 5;

  /** Assumed size of a value of a custom type or a UDT the keyspace does not define: 20 bytes. */
  public static final int UNKNOWN_BYTES = 20;

  /**
   * A size and whether it is exact.
   *
   * @param bytes the average size of one value, in bytes
   * @param exact true when every value of the type has this size
   */
  public record Estimate(long bytes, boolean exact) {}

  private ColumnSizes() {}

  /**
   * The average size of a value of {@code type}.
   *
   * @param type the type, not null
   * @param keyspace where user-defined types are looked up; null when there is none
   */
  public static Estimate of(CqlType type, Keyspace keyspace) {
    boolean[] exact = {true};
    long bytes = bytes(type, keyspace, exact, new HashSet<>());
    return new Estimate(bytes, exact[0]);
  }

  private static long bytes(CqlType type, Keyspace keyspace, boolean[] exact, Set<String> seen) {
    if (type instanceof NativeType n) {
      if (n.fixedSizeBytes().isPresent()) {
        return n.fixedSizeBytes().getAsInt();
      }
      exact[0] = false;
      return switch (n) {
        case TEXT, ASCII -> TEXT_BYTES;
        case BLOB -> BLOB_BYTES;
        case VARINT -> VARINT_BYTES;
        case DECIMAL -> DECIMAL_BYTES;
        case DURATION -> DURATION_BYTES;
        default -> UNKNOWN_BYTES;
      };
    }
    if (type instanceof CollectionType c) {
      exact[0] = false;
      long element = 0;
      for (CqlType child : c.children()) {
        element += bytes(child, keyspace, exact, seen);
      }
      return COLLECTION_ELEMENTS * element;
    }
    if (type instanceof TupleType t) {
      long sum = 0;
      for (CqlType child : t.components()) {
        sum += bytes(child, keyspace, exact, seen);
      }
      return sum;
    }
    if (type instanceof VectorType v) {
      return (long) v.dimension() * bytes(v.element(), keyspace, exact, seen);
    }
    if (type instanceof UserTypeRef u) {
      UserType udt = keyspace == null ? null : keyspace.type(u.name()).orElse(null);
      if (udt == null || !seen.add(u.name().asInternal())) {
        exact[0] = false;
        return UNKNOWN_BYTES;
      }
      long sum = 0;
      for (UserType.Field f : udt.fields()) {
        sum += bytes(f.type(), keyspace, exact, seen);
      }
      seen.remove(u.name().asInternal());
      return sum;
    }
    if (type instanceof CustomType) {
      exact[0] = false;
      return UNKNOWN_BYTES;
    }
    throw new IllegalStateException("unknown type " + type);
  }
}
