package org.keyspacestudio.model.support;

import java.util.Locale;
import java.util.Set;

/**
 * The scalar functions Cassandra 5.0.9 ships ({@code cql3/functions/NativeFunctions}: its native
 * functions and function factories, aggregates and arithmetic operators left out), by name in lower
 * case, each of its two names where it has two ({@code blobAsText} and {@code blob_as_text}). A
 * name not here may be a user-defined function, which the model does not hold. The oracle module
 * holds this list against Cassandra's.
 */
public final class NativeScalarFunctions {

  private static final Set<String> NAMES =
      Set.of(
          "abs",
          "exp",
          "log",
          "log10",
          "round",
          "floor",
          "now",
          "uuid",
          "token",
          "currentdate",
          "current_date",
          "currenttime",
          "current_time",
          "currenttimestamp",
          "current_timestamp",
          "currenttimeuuid",
          "current_timeuuid",
          "mintimeuuid",
          "min_timeuuid",
          "maxtimeuuid",
          "max_timeuuid",
          "todate",
          "to_date",
          "totimestamp",
          "to_timestamp",
          "tounixtimestamp",
          "to_unix_timestamp",
          "fromjson",
          "from_json",
          "tojson",
          "to_json",
          "map_keys",
          "map_values",
          "collection_count",
          "collection_min",
          "collection_max",
          "collection_sum",
          "collection_avg",
          "mask_null",
          "mask_default",
          "mask_replace",
          "mask_inner",
          "mask_outer",
          "mask_hash",
          "similarity_cosine",
          "similarity_euclidean",
          "similarity_dot_product",
          "castasascii",
          "cast_as_ascii",
          "castasbigint",
          "cast_as_bigint",
          "castasdate",
          "cast_as_date",
          "castasdecimal",
          "cast_as_decimal",
          "castasdouble",
          "cast_as_double",
          "castasfloat",
          "cast_as_float",
          "castasint",
          "cast_as_int",
          "castassmallint",
          "cast_as_smallint",
          "castastext",
          "cast_as_text",
          "castastimestamp",
          "cast_as_timestamp",
          "castastinyint",
          "cast_as_tinyint",
          "castasvarint",
          "cast_as_varint",
          "asciiasblob",
          "ascii_as_blob",
          "bigintasblob",
          "bigint_as_blob",
          "booleanasblob",
          "boolean_as_blob",
          "counterasblob",
          "counter_as_blob",
          "dateasblob",
          "date_as_blob",
          "decimalasblob",
          "decimal_as_blob",
          "doubleasblob",
          "double_as_blob",
          "durationasblob",
          "duration_as_blob",
          "emptyasblob",
          "empty_as_blob",
          "floatasblob",
          "float_as_blob",
          "inetasblob",
          "inet_as_blob",
          "intasblob",
          "int_as_blob",
          "smallintasblob",
          "smallint_as_blob",
          "textasblob",
          "text_as_blob",
          "timeasblob",
          "time_as_blob",
          "timestampasblob",
          "timestamp_as_blob",
          "timeuuidasblob",
          "timeuuid_as_blob",
          "tinyintasblob",
          "tinyint_as_blob",
          "uuidasblob",
          "uuid_as_blob",
          "varcharasblob",
          "varchar_as_blob",
          "varintasblob",
          "varint_as_blob",
          "blobasascii",
          "blob_as_ascii",
          "blobasbigint",
          "blob_as_bigint",
          "blobasboolean",
          "blob_as_boolean",
          "blobascounter",
          "blob_as_counter",
          "blobasdate",
          "blob_as_date",
          "blobasdecimal",
          "blob_as_decimal",
          "blobasdouble",
          "blob_as_double",
          "blobasduration",
          "blob_as_duration",
          "blobasempty",
          "blob_as_empty",
          "blobasfloat",
          "blob_as_float",
          "blobasinet",
          "blob_as_inet",
          "blobasint",
          "blob_as_int",
          "blobassmallint",
          "blob_as_smallint",
          "blobastext",
          "blob_as_text",
          "blobastime",
          "blob_as_time",
          "blobastimestamp",
          "blob_as_timestamp",
          "blobastimeuuid",
          "blob_as_timeuuid",
          "blobastinyint",
          "blob_as_tinyint",
          "blobasuuid",
          "blob_as_uuid",
          "blobasvarchar",
          "blob_as_varchar",
          "blobasvarint",
          "blob_as_varint");

  /**
   * The time conversions, monotonic for every argument ({@code TimeFcts}); {@code floor} is
   * monotonic once given its duration (a partial application), the others never.
   */
  private static final Set<String> MONOTONIC =
      Set.of(
          "todate",
          "to_date",
          "totimestamp",
          "to_timestamp",
          "tounixtimestamp",
          "to_unix_timestamp");

  private NativeScalarFunctions() {}

  /** Every name, in lower case. */
  public static Set<String> names() {
    return NAMES;
  }

  /**
   * Whether Cassandra 5.0 ships a scalar function of that name.
   *
   * @param name the name, in any case, without its keyspace, not null
   */
  public static boolean isNative(String name) {
    return NAMES.contains(name.toLowerCase(Locale.ROOT));
  }

  /**
   * Whether the native function is monotonic whatever its arguments: a GROUP BY may group by it.
   *
   * @param name the name, in any case, without its keyspace, not null
   */
  public static boolean isMonotonic(String name) {
    return MONOTONIC.contains(name.toLowerCase(Locale.ROOT));
  }
}
