package org.keyspacestudio.model.type;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The native CQL types of Cassandra 5.0. {@code varchar} is read as its synonym {@link #TEXT}, as
 * Cassandra itself does.
 */
public enum NativeType implements CqlType {
  ASCII(-1),
  BIGINT(8),
  BLOB(-1),
  BOOLEAN(1),
  COUNTER(8),
  DATE(4),
  DECIMAL(-1),
  DOUBLE(8),
  DURATION(-1),
  FLOAT(4),
  INET(16),
  INT(4),
  SMALLINT(2),
  TEXT(-1),
  TIME(8),
  TIMESTAMP(8),
  TIMEUUID(16),
  TINYINT(1),
  UUID(16),
  VARINT(-1);

  private final int fixedSize;
  private final String cql;

  NativeType(int fixedSize) {
    this.fixedSize = fixedSize;
    this.cql = name().toLowerCase(Locale.ROOT);
  }

  /**
   * The type for a CQL name, case-insensitive; {@code varchar} gives {@link #TEXT}.
   *
   * @return empty when {@code name} is not a native type
   */
  public static Optional<NativeType> fromName(String name) {
    return Optional.ofNullable(BY_NAME.get(name.toLowerCase(Locale.ROOT)));
  }

  private static final java.util.Map<String, NativeType> BY_NAME = byName();

  private static java.util.Map<String, NativeType> byName() {
    java.util.Map<String, NativeType> map = new java.util.HashMap<>();
    for (NativeType type : values()) {
      map.put(type.cql, type);
    }
    map.put("varchar", TEXT);
    return java.util.Map.copyOf(map);
  }

  /**
   * The size of one value in bytes when it is fixed (the size Cassandra's serializer writes); empty
   * for variable-length types such as text, blob, varint, decimal and duration.
   */
  public OptionalInt fixedSizeBytes() {
    return fixedSize < 0 ? OptionalInt.empty() : OptionalInt.of(fixedSize);
  }

  @Override
  public String asCql() {
    return cql;
  }
}
