package org.keyspacestudio.oracle;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.keyspacestudio.model.validate.Rule;

/** Which of our rules a Cassandra error message corresponds to. */
final class RuleMapping {

  private RuleMapping() {}

  private static final Map<Pattern, Set<Rule>> MAP = new LinkedHashMap<>();

  private static void map(String regex, Rule... rules) {
    MAP.put(Pattern.compile(regex, Pattern.CASE_INSENSITIVE | Pattern.DOTALL), Set.of(rules));
  }

  static {
    map("User-defined functions are disabled", Rule.FUNCTION_DISABLED);
    map("DROP COMPACT STORAGE is disabled", Rule.ALTER_DROP_COMPACT_STORAGE);
    map("Cannot add (already )?existing", Rule.SCHEMA_DUPLICATE);
    map(
        "cannot be analyzed|cannot have vector options|Analysis options are not supported",
        Rule.INDEX_SAI_TYPE);
    map("Illegal index name", Rule.NAME_INVALID);
    map("materialized views still depend on it", Rule.ALTER_DROP_DEPENDED_ON);
    map("Compact tables are not allowed", Rule.COMPACT_STORAGE);
    map(
        "with COMPACT STORAGE|in COMPACT STORAGE tables|COMPACT STORAGE with"
            + "|No definition found that is not part of the PRIMARY KEY",
        Rule.COMPACT_STORAGE_SHAPE);
    map("as it would create a circular reference", Rule.UDT_CYCLE);
    map("Cannot drop user type .* as it is still used", Rule.UDT_IN_USE);
    map("as the type is being used in partition key", Rule.UDT_IN_USE);
    map("Unkn?own field .* in user type", Rule.UDT_FIELD_UNKNOWN);
    map(
        "Unknown column .* referenced in PRIMARY KEY for materialized view",
        Rule.VIEW_UNKNOWN_COLUMN);
    map("Base table .* doesn't exist", Rule.SCHEMA_MISSING, Rule.VIEW_ON_VIEW);
    map("Secondary indexes (are not supported )?on materialized views", Rule.INDEX_ON_VIEW);
    map("Altering field types", Rule.ALTER_TYPE);
    map("Cannot alter table id", Rule.OPTION_INVALID);
    map("Unable to find custom indexer class", Rule.OPTION_INVALID, Rule.INDEX_CUSTOM_CLASS);
    map("Failed to retrieve target column", Rule.INDEX_TARGET_KIND);
    map("Cannot specify options for a non-CUSTOM index", Rule.OPTION_INVALID);
    map(
        "replication strategy|For input string|Invalid value .* for (caching sub-)?option"
            + "|caching|for PERCENTILE option|MIN\\(\\)/MAX\\(\\) arguments"
            + "|Invalid boolean value|No enum constant .*ReadRepairStrategy",
        Rule.OPTION_INVALID);
    map("Memtable configuration .* not found", Rule.MEMTABLE_CONFIGURATION);
    map("Currently only Java UDFs", Rule.FUNCTION_LANGUAGE);
    map("Cannot use both 'OR REPLACE' and 'IF NOT EXISTS'", Rule.FUNCTION_DIRECTIVES);
    map("Cannot drop non-frozen column", Rule.ALTER_DROP_NON_FROZEN_UDT);
    map("Cannot re-add previously dropped", Rule.ALTER_READD_INCOMPATIBLE);
    map("incompatible with previously dropped column", Rule.ALTER_READD_INCOMPATIBLE);
    map(
        "Unsupported type|only allowed on vector columns with float|more than one storage-attached",
        Rule.INDEX_SAI_TYPE);
    map("Invalid non-frozen", Rule.KEY_NON_FROZEN);
    map("counter type is not supported for PRIMARY KEY", Rule.KEY_COUNTER);
    map("duration type is not supported for PRIMARY KEY", Rule.KEY_DURATION);
    map("referenced in PRIMARY KEY", Rule.KEY_UNKNOWN_COLUMN);
    map("Duplicate column .* in PRIMARY KEY", Rule.KEY_DUPLICATE_COLUMN);
    map("No PRIMARY KEY specifed|Multiple PRIMARY KEY", Rule.KEY_MISSING);
    map("Clustering key columns must exactly match", Rule.VIEW_CLUSTERING_ORDER);
    map("Duplicate column .* in CLUSTERING ORDER", Rule.CLUSTERING_ORDER_SEQUENCE);
    map("Multiple definition of identifier|Duplicate column", Rule.COLUMN_DUPLICATE);
    map("Only clustering (key )?columns can be defined", Rule.CLUSTERING_ORDER_NOT_CLUSTERING);
    map(
        "Missing CLUSTERING ORDER|must match that of the clustering columns|CLUSTERING ORDER",
        Rule.CLUSTERING_ORDER_SEQUENCE);
    map("Static column .* cannot be part of the PRIMARY KEY", Rule.STATIC_IN_KEY);
    map("Static columns are only useful", Rule.STATIC_NO_CLUSTERING);
    map("Cannot mix counter and non counter", Rule.COUNTER_MIXED);
    map("default_time_to_live on a table with counters", Rule.COUNTER_TTL);
    map("Counters are not allowed inside", Rule.COUNTER_NESTED);
    map("Non-frozen (collections|UDTs) are not allowed inside", Rule.TYPE_NESTED_NON_FROZEN);
    map("Durations are not allowed", Rule.TYPE_DURATION_SET_OR_KEY);
    map("frozen<> is only allowed", Rule.TYPE_FROZEN_INVALID);
    map("Unknown type", Rule.TYPE_UNKNOWN);
    map("user types can only be used in the keyspace", Rule.TYPE_OTHER_KEYSPACE);
    map("Non-frozen UDTs with nested non-frozen collections", Rule.TYPE_UDT_NESTED_COLLECTION);
    map("A user type cannot contain counters", Rule.UDT_COUNTER);
    map("A user type cannot contain non-frozen UDTs", Rule.UDT_NON_FROZEN_UDT);
    map("Duplicate field name", Rule.UDT_DUPLICATE_FIELD);
    map("vectors may only have positive dimensions", Rule.VECTOR_DIMENSION);
    map("Unknown property", Rule.OPTION_UNKNOWN, Rule.OPTION_REMOVED);
    map("Unable to find compaction strategy class", Rule.OPTION_REMOVED, Rule.OPTION_INVALID);
    map(
        "unsafe_aggressive_sstable_expiration is requested but not allowed",
        Rule.COMPACTION_UNSAFE_EXPIRATION);
    map(
        "are not understood by|compaction sub-option|Min compaction threshold|is not 'true' or"
            + " 'false'"
            + "|enabled should either be|is not valid for compaction_window_unit"
            + "|for compaction_window_size|(sstable_size_in_mb|fanout_size) must be larger"
            + "|Unknown compression options|chunk_length_in_kb must be a power of 2"
            + "|If the 'enabled' option is set to false|Could not create Compression"
            + "|tombstone_(threshold|compaction_interval) must be|should (either )?be either"
            + "|should either be 'true'|provide_overlapping_tombstones|bucket_high value"
            + "|is not a parsable (int|float|long)|must be non negative|for timestamp_resolution"
            + "|expired_sstable_check_frequency_seconds (must not be negative|should be positive)"
            + "|base_shard_count should be positive|sstable_growth|overlap inclusion method"
            + "|Scaling parameter|is not a valid size in bytes|size must be at least"
            + "|min_sstable_size should be greater than or equal|ZstdCompressor.create\\(\\) threw"
            + "|Invalid compressor type|lz4_high_compressor_level|min_compress_ratio"
            + "|chunk_length_in_kb|For input string",
        Rule.OPTION_INVALID);
    map(
        "Missing sub-option|replication_factor|Replication factor|must be (greater|larger|less)"
            + "|Invalid integer value|Invalid double value",
        Rule.OPTION_INVALID);
    map("Keyspace .* doesn't exist", Rule.KEYSPACE_UNDEFINED, Rule.SCHEMA_MISSING);
    map("doesn't exist|does not exist", Rule.SCHEMA_MISSING);
    map("already exists", Rule.SCHEMA_DUPLICATE, Rule.ALTER_COLUMN_EXISTS);
    map("only partition key column", Rule.INDEX_ONLY_PARTITION_KEY);
    map(
        "Secondary indexes on counter tables|counter",
        Rule.INDEX_COUNTER_TABLE,
        Rule.VIEW_COUNTER_TABLE);
    map("Secondary indexes are not supported on materialized views", Rule.INDEX_ON_VIEW);
    map("duration columns", Rule.INDEX_DURATION);
    map("non-frozen UDT", Rule.INDEX_NON_FROZEN_UDT);
    map(
        "full\\(\\)|non-map|non-collection|frozen column|Only CUSTOM indexes",
        Rule.INDEX_TARGET_KIND);
    map("duplicate of existing index", Rule.INDEX_DUPLICATE);
    map("SASI indexes are disabled", Rule.INDEX_SASI_DISABLED);
    map("more than one non-primary key column|without primary key columns", Rule.VIEW_BASE_KEY);
    map("IS NOT NULL", Rule.VIEW_NOT_NULL);
    map("static column", Rule.VIEW_STATIC);
    map("against other materialized views", Rule.VIEW_ON_VIEW);
    map("default_time_to_live (detected )?for a materialized view", Rule.VIEW_TTL);
    map("gc_grace_seconds of 0", Rule.VIEW_GC_GRACE_ZERO);
    map(
        "Undefined column name|Unknown column",
        Rule.VIEW_UNKNOWN_COLUMN,
        Rule.INDEX_UNKNOWN_COLUMN,
        Rule.ALTER_COLUMN_UNKNOWN);
    map("Altering column types", Rule.ALTER_TYPE);
    map("Cannot drop PRIMARY KEY|Cannot rename non PRIMARY KEY", Rule.ALTER_KEY_COLUMN);
    map("was not found in table", Rule.ALTER_COLUMN_UNKNOWN);
    map("dependent secondary indexes|with materialized views", Rule.ALTER_DROP_DEPENDED_ON);
    map("name must not be", Rule.NAME_INVALID);
    map("No keyspace has been specified", Rule.KEYSPACE_NOT_SPECIFIED);
  }

  /** The rules a Cassandra message may correspond to; empty when the message is not mapped. */
  static Set<Rule> rulesFor(String message) {
    for (Map.Entry<Pattern, Set<Rule>> e : MAP.entrySet()) {
      if (e.getKey().matcher(message).find()) {
        return e.getValue();
      }
    }
    return Set.of();
  }
}
