package org.keyspacestudio.model.schema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Values worth offering for a table option, as CQL literals with a few words each: what the
 * inspector's completion lists for an option's value. Every value is one Cassandra 5.0.9 accepts in
 * {@code CREATE TABLE ... WITH option = value} ({@code OptionSuggestionsOracleTest} creates a table
 * with each), taken from the values its {@code TableParams}, {@code SpeculativeRetryPolicy}, {@code
 * CachingParams}, {@code CompactionParams} and {@code CompressionParams} read; Cassandra's default
 * comes first where there is one.
 */
public final class OptionSuggestions {

  private static final Map<String, Map<String, String>> VALUES = values();

  private OptionSuggestions() {}

  private static Map<String, Map<String, String>> values() {
    Map<String, Map<String, String>> v = new LinkedHashMap<>();
    Map<String, String> retry =
        ordered(
            "'99p'", "the 99th percentile of reads (default)",
            "'95p'", "the 95th percentile",
            "'50ms'", "after 50 milliseconds",
            "'MIN(99p,50ms)'", "the sooner of the two",
            "'MAX(99p,50ms)'", "the later of the two",
            "'ALWAYS'", "ask another replica at once",
            "'NONE'", "never");
    v.put(KnownOption.SPECULATIVE_RETRY.cqlName(), retry);
    v.put(KnownOption.ADDITIONAL_WRITE_POLICY.cqlName(), retry);
    v.put(
        KnownOption.ALLOW_AUTO_SNAPSHOT.cqlName(),
        ordered("true", "snapshot on DROP and TRUNCATE (default)", "false", "no snapshot"));
    v.put(
        KnownOption.INCREMENTAL_BACKUPS.cqlName(),
        ordered(
            "true", "hard-link flushed SSTables when the node backs up (default)",
            "false", "leave this table out of incremental backups"));
    v.put(
        KnownOption.CDC.cqlName(),
        ordered(
            "false", "no change data capture (default)", "true", "keep its commit log for CDC"));
    v.put(
        KnownOption.BLOOM_FILTER_FP_CHANCE.cqlName(),
        ordered(
            "0.01", "1 % false positives (default but for leveled)",
            "0.1", "10 %, leveled compaction's default, less memory",
            "0.001", "0.1 %, more memory"));
    v.put(
        KnownOption.CACHING.cqlName(),
        ordered(
            "{'keys': 'ALL', 'rows_per_partition': 'NONE'}", "partition keys only (default)",
            "{'keys': 'ALL', 'rows_per_partition': '100'}", "and a partition's first 100 rows",
            "{'keys': 'ALL', 'rows_per_partition': 'ALL'}", "and whole partitions",
            "{'keys': 'NONE', 'rows_per_partition': 'NONE'}", "nothing"));
    v.put(
        KnownOption.COMPACTION.cqlName(),
        ordered(
            "{'class': 'SizeTieredCompactionStrategy'}",
            "size-tiered (default)",
            "{'class': 'UnifiedCompactionStrategy'}",
            "unified, Cassandra 5.0's own",
            "{'class': 'LeveledCompactionStrategy'}",
            "leveled, for reads and updates",
            "{'class': 'TimeWindowCompactionStrategy', 'compaction_window_unit': 'DAYS',"
                + " 'compaction_window_size': '1'}",
            "time windows of a day, for time series with a TTL"));
    v.put(
        KnownOption.COMPRESSION.cqlName(),
        ordered(
            "{'class': 'LZ4Compressor'}", "LZ4 (default)",
            "{'class': 'ZstdCompressor'}", "Zstandard, smaller, slower",
            "{'class': 'SnappyCompressor'}", "Snappy",
            "{'class': 'DeflateCompressor'}", "Deflate, smallest, slowest",
            "{'enabled': 'false'}", "not compressed"));
    v.put(
        KnownOption.CRC_CHECK_CHANCE.cqlName(),
        ordered("1.0", "check every compressed chunk read (default)", "0.5", "half of them"));
    v.put(
        KnownOption.DEFAULT_TIME_TO_LIVE.cqlName(),
        ordered(
            "0", "rows never expire (default)",
            "3600", "an hour",
            "86400", "a day",
            "604800", "a week",
            "2592000", "30 days",
            "31536000", "365 days"));
    v.put(
        KnownOption.GC_GRACE_SECONDS.cqlName(),
        ordered(
            "864000", "10 days (default): repair runs within it",
            "86400", "a day",
            "10800", "3 hours, the hint window",
            "0", "tombstones purged at the next compaction"));
    v.put(
        KnownOption.MAX_INDEX_INTERVAL.cqlName(),
        ordered("2048", "default", "4096", "less memory for the partition summary"));
    v.put(
        KnownOption.MIN_INDEX_INTERVAL.cqlName(),
        ordered("128", "default", "64", "faster partition lookups, more memory"));
    v.put(
        KnownOption.MEMTABLE_FLUSH_PERIOD_IN_MS.cqlName(),
        ordered("0", "flush when full (default)", "3600000", "at least every hour"));
    v.put(KnownOption.MEMTABLE.cqlName(), ordered("'default'", "the node's default memtable"));
    v.put(
        KnownOption.READ_REPAIR.cqlName(),
        ordered(
            "'BLOCKING'", "repair replicas a read finds out of date before answering (default)",
            "'NONE'", "no read repair: monotonic quorum reads are not kept"));
    v.put(KnownOption.COMMENT.cqlName(), ordered("''", "no comment"));
    return v;
  }

  /**
   * The values to offer for an option, best first.
   *
   * @param option an option's CQL name ({@code gc_grace_seconds}), not null
   * @return the CQL literals with their words, in order; empty for an option without suggestions (a
   *     removed one, {@code extensions}, {@code id}, one Cassandra does not know)
   */
  public static Map<String, String> of(String option) {
    return VALUES.getOrDefault(option, Map.of());
  }

  /** The options that have suggestions. */
  public static List<String> options() {
    return new ArrayList<>(VALUES.keySet());
  }

  private static Map<String, String> ordered(String... pairs) {
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      out.put(pairs[i], pairs[i + 1]);
    }
    return java.util.Collections.unmodifiableMap(out);
  }
}
