package org.keyspacestudio.model.sizing;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.keyspacestudio.model.cql.CqlIdentifier;
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
    return in(keyspace).apply(type);
  }

  /**
   * The sizes of types of one keyspace, each user type sized once however many columns and types
   * use it: a type whose fields use another twice, itself using another twice, and so on, costs its
   * number of types, not two to the power of it. A user type that uses itself (an error: {@code
   * UDT-CYCLE}) has no size and is taken for {@link #UNKNOWN_BYTES}. User types are sized from the
   * ones they use up, on a heap stack, so a chain of any length takes no call stack. Sizes too
   * large for a {@code long} are {@link Long#MAX_VALUE}.
   *
   * @param keyspace where user-defined types are looked up (the first type of a name); null when
   *     there is none
   * @return the estimate of a type, not null, for a type not null
   */
  public static java.util.function.Function<CqlType, Estimate> in(Keyspace keyspace) {
    return new Sizer(keyspace)::estimate;
  }

  /** Sizes types of one keyspace, remembering each user type's size. */
  private static final class Sizer {
    private final Map<CqlIdentifier, UserType> types = new HashMap<>();
    private final Map<CqlIdentifier, Estimate> sized = new HashMap<>();
    private Set<CqlIdentifier> cyclic;

    Sizer(Keyspace keyspace) {
      if (keyspace != null) {
        keyspace.types().forEach(t -> types.putIfAbsent(t.name(), t));
      }
    }

    Estimate estimate(CqlType type) {
      boolean[] exact = {true};
      long bytes = bytes(type, exact);
      return new Estimate(bytes, exact[0]);
    }

    /** A type's size, its user types sized first; recursion only within one type's text. */
    private long bytes(CqlType type, boolean[] exact) {
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
          element = plus(element, bytes(child, exact));
        }
        return times(COLLECTION_ELEMENTS, element);
      }
      if (type instanceof TupleType t) {
        long sum = 0;
        for (CqlType child : t.components()) {
          sum = plus(sum, bytes(child, exact));
        }
        return sum;
      }
      if (type instanceof VectorType v) {
        return times(v.dimension(), bytes(v.element(), exact));
      }
      if (type instanceof UserTypeRef u) {
        Estimate e = userType(u.name());
        if (e == null) {
          exact[0] = false;
          return UNKNOWN_BYTES;
        }
        exact[0] &= e.exact();
        return e.bytes();
      }
      if (type instanceof CustomType) {
        exact[0] = false;
        return UNKNOWN_BYTES;
      }
      throw new IllegalStateException("unknown type " + type);
    }

    /**
     * The size of a user type, null when the keyspace lacks it or it uses itself. Sizes first the
     * types it uses that are not sized yet, deepest first, then each of those on the way back.
     */
    private Estimate userType(CqlIdentifier name) {
      if (!types.containsKey(name)) {
        return null;
      }
      if (cyclic == null) {
        cyclic = UserType.cyclic(types);
      }
      if (cyclic.contains(name)) {
        return null;
      }
      java.util.Deque<CqlIdentifier> pending = new java.util.ArrayDeque<>();
      pending.push(name);
      while (!pending.isEmpty()) {
        CqlIdentifier top = pending.peek();
        if (sized.containsKey(top)) {
          pending.pop();
          continue;
        }
        UserType type = types.get(top);
        boolean ready = true;
        for (UserType.Field f : type.fields()) {
          for (CqlIdentifier used : UserTypeRef.referencedBy(f.type())) {
            if (types.containsKey(used) && !cyclic.contains(used) && !sized.containsKey(used)) {
              pending.push(used);
              ready = false;
            }
          }
        }
        if (ready) {
          pending.pop();
          boolean[] exact = {true};
          long sum = 0;
          for (UserType.Field f : type.fields()) {
            sum = plus(sum, bytes(f.type(), exact));
          }
          sized.put(top, new Estimate(sum, exact[0]));
        }
      }
      return sized.get(name);
    }
  }

  /** {@code a + b} for sizes (not negative), {@link Long#MAX_VALUE} when larger. */
  private static long plus(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }

  /** {@code a * b} for sizes (not negative), {@link Long#MAX_VALUE} when larger. */
  private static long times(long a, long b) {
    return Math.multiplyHigh(a, b) != 0 || a * b < 0 ? Long.MAX_VALUE : a * b;
  }
}
