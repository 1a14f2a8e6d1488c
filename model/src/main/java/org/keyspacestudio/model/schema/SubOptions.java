package org.keyspacestudio.model.schema;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The sub-options Cassandra 5.0 accepts in a table's {@code compaction} and {@code compression}
 * maps, by strategy and by compressor, with the default each takes when it is left out.
 *
 * <p>Source: Cassandra 5.0's {@code AbstractCompactionStrategy.validateOptions}, {@code
 * CompactionParams}, {@code SizeTieredCompactionStrategyOptions}, {@code
 * LeveledCompactionStrategy.validateOptions}, {@code TimeWindowCompactionStrategyOptions}, {@code
 * UnifiedCompactionStrategy} and {@code CompressionParams}; each name was checked against
 * cassandra-all 5.0.9 (a table created with it alone, accepted or refused with "Properties
 * specified [...] are not understood by ..." or "Unknown compression options ...").
 */
public final class SubOptions {

  private SubOptions() {}

  /** Cassandra's package of its own compaction strategies. */
  public static final String COMPACTION_PACKAGE = "org.apache.cassandra.db.compaction.";

  /** Cassandra's package of its own compressors. */
  public static final String COMPRESSION_PACKAGE = "org.apache.cassandra.io.compress.";

  /** Every strategy's: tombstones, logging, the switch ({@code AbstractCompactionStrategy}). */
  private static final Map<String, String> COMMON_OPTIONS =
      ordered(
          "enabled", "true",
          "tombstone_threshold", "0.2",
          "tombstone_compaction_interval", "86400",
          "unchecked_tombstone_compaction", "false",
          "only_purge_repaired_tombstones", "false",
          "log_all", "false",
          "provide_overlapping_tombstones", "NONE");

  /** The size-tiered sub-options, which leveled and time-window compaction take too. */
  private static final Map<String, String> SIZE_TIERED_OPTIONS =
      ordered(
          "min_threshold", "4",
          "max_threshold", "32",
          "min_sstable_size", "50",
          "bucket_low", "0.5",
          "bucket_high", "1.5");

  /** A compaction strategy Cassandra 5.0 ships, and the sub-options it understands. */
  public enum Strategy {
    SIZE_TIERED("SizeTieredCompactionStrategy", true, Map.of()),
    LEVELED(
        "LeveledCompactionStrategy",
        true,
        ordered(
            "sstable_size_in_mb", "160",
            "fanout_size", "10",
            "single_sstable_uplevel", "false")),
    TIME_WINDOW(
        "TimeWindowCompactionStrategy",
        true,
        ordered(
            "compaction_window_unit", "DAYS",
            "compaction_window_size", "1",
            "timestamp_resolution", "MICROSECONDS",
            "expired_sstable_check_frequency_seconds", "600",
            "unsafe_aggressive_sstable_expiration", "false")),
    UNIFIED(
        "UnifiedCompactionStrategy",
        false,
        ordered(
            "scaling_parameters", "T4",
            "target_sstable_size", "1GiB",
            "base_shard_count", "4",
            "sstable_growth", "0.333",
            "min_sstable_size", "100MiB",
            "flush_size_override", null,
            "max_sstables_to_compact", null,
            "overlap_inclusion_method", "TRANSITIVE",
            "expired_sstable_check_frequency_seconds", "600",
            "unsafe_aggressive_sstable_expiration", "false"));

    private final String className;
    private final Map<String, String> subOptions;

    /**
     * @param sizeTiered whether it takes the size-tiered sub-options too (listed after its own)
     */
    Strategy(String className, boolean sizeTiered, Map<String, String> own) {
      this.className = className;
      Map<String, String> all = new LinkedHashMap<>(own);
      if (sizeTiered) {
        all.putAll(SIZE_TIERED_OPTIONS);
      }
      all.putAll(COMMON_OPTIONS);
      this.subOptions = Collections.unmodifiableMap(all);
    }

    /** The class name as people write it, without Cassandra's package. */
    public String className() {
      return className;
    }

    /**
     * The sub-options this strategy understands, besides {@code class}, each with the default it
     * takes when left out (null where the default depends on the node); in the order a form lists
     * them: the strategy's own first.
     */
    public Map<String, String> subOptions() {
      return subOptions;
    }

    /** The keys of a {@code compaction} map this strategy does not understand, sorted. */
    public java.util.SortedSet<String> notUnderstood(Map<String, String> entries) {
      java.util.SortedSet<String> out = new java.util.TreeSet<>(entries.keySet());
      out.remove("class");
      out.removeAll(subOptions.keySet());
      return out;
    }

    /** Whether the strategy counts {@code min_threshold} and {@code max_threshold}. */
    public boolean hasThresholds() {
      return subOptions.containsKey("min_threshold");
    }

    /**
     * The strategy named by a {@code class} value: a short name or one in Cassandra's package;
     * empty for another class (a custom or removed strategy).
     */
    public static Optional<Strategy> of(String className) {
      return named(values(), Strategy::className, COMPACTION_PACKAGE, className);
    }
  }

  /** A compressor Cassandra 5.0 ships, and the options it understands besides the common ones. */
  public enum Compressor {
    LZ4("LZ4Compressor", ordered("lz4_compressor_type", "fast", "lz4_high_compressor_level", "9")),
    ZSTD("ZstdCompressor", ordered("compression_level", "3")),
    SNAPPY("SnappyCompressor", Map.of()),
    DEFLATE("DeflateCompressor", Map.of()),
    NOOP("NoopCompressor", Map.of());

    private final String className;
    private final Map<String, String> options;

    Compressor(String className, Map<String, String> own) {
      this.className = className;
      Map<String, String> all = new LinkedHashMap<>();
      all.put("chunk_length_in_kb", "16");
      all.put("min_compress_ratio", "0.0");
      all.putAll(own);
      this.options = Collections.unmodifiableMap(all);
    }

    /** The class name as people write it, without Cassandra's package. */
    public String className() {
      return className;
    }

    /** The options it understands besides {@code class} and {@code enabled}, with defaults. */
    public Map<String, String> options() {
      return options;
    }

    /** The keys of a {@code compression} map this compressor does not understand, sorted. */
    public java.util.SortedSet<String> notUnderstood(Map<String, String> entries) {
      java.util.SortedSet<String> out = new java.util.TreeSet<>(entries.keySet());
      out.remove("class");
      out.remove("enabled");
      out.removeAll(options.keySet());
      return out;
    }

    /** The compressor a {@code class} value names (short or in Cassandra's package), or empty. */
    public static Optional<Compressor> of(String className) {
      return named(values(), Compressor::className, COMPRESSION_PACKAGE, className);
    }
  }

  /**
   * The sub-options of {@code caching} with their defaults ({@code CachingParams}: keys {@code ALL}
   * or {@code NONE}; rows per partition {@code ALL}, {@code NONE} or a count).
   */
  public static final Map<String, String> CACHING =
      ordered("keys", "ALL", "rows_per_partition", "NONE");

  /** The units {@code compaction_window_unit} takes ({@code TimeWindowCompactionStrategy}). */
  public static final List<String> WINDOW_UNITS = List.of("MINUTES", "HOURS", "DAYS");

  /** The resolutions {@code timestamp_resolution} takes ({@code TimeWindowCompactionStrategy}). */
  public static final List<String> TIMESTAMP_RESOLUTIONS =
      List.of("SECONDS", "MILLISECONDS", "MICROSECONDS", "NANOSECONDS");

  /** {@code provide_overlapping_tombstones} ({@code CompactionParams.TombstoneOption}). */
  public static final List<String> OVERLAPPING_TOMBSTONES = List.of("NONE", "ROW", "CELL");

  /** {@code overlap_inclusion_method} ({@code UnifiedCompactionStrategy}). */
  public static final List<String> OVERLAP_INCLUSION = List.of("NONE", "SINGLE", "TRANSITIVE");

  private static final List<String> BOOLEAN = List.of("true", "false");

  private static final Map<String, List<String>> CHOICES =
      Map.ofEntries(
          Map.entry("compaction_window_unit", WINDOW_UNITS),
          Map.entry("timestamp_resolution", TIMESTAMP_RESOLUTIONS),
          Map.entry("provide_overlapping_tombstones", OVERLAPPING_TOMBSTONES),
          Map.entry("overlap_inclusion_method", OVERLAP_INCLUSION),
          Map.entry("enabled", BOOLEAN),
          Map.entry("unchecked_tombstone_compaction", BOOLEAN),
          Map.entry("only_purge_repaired_tombstones", BOOLEAN),
          Map.entry("log_all", BOOLEAN),
          Map.entry("single_sstable_uplevel", BOOLEAN),
          Map.entry("unsafe_aggressive_sstable_expiration", BOOLEAN),
          Map.entry("keys", List.of("ALL", "NONE")),
          Map.entry("lz4_compressor_type", List.of("fast", "high")));

  /**
   * The values a sub-option takes when they are a short list (a unit, a resolution, a method, a
   * boolean), as Cassandra writes them; empty for a number, a size or free text.
   */
  public static List<String> choices(String subOption) {
    return CHOICES.getOrDefault(subOption, List.of());
  }

  /** The value whose class name is {@code className}, short or in Cassandra's {@code pkg}. */
  private static <E> Optional<E> named(
      E[] values, java.util.function.Function<E, String> name, String pkg, String className) {
    String shortName = className.startsWith(pkg) ? className.substring(pkg.length()) : className;
    for (E value : values) {
      if (name.apply(value).equals(shortName)) {
        return Optional.of(value);
      }
    }
    return Optional.empty();
  }

  private static Map<String, String> ordered(String... pairs) {
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      out.put(pairs[i], pairs[i + 1]);
    }
    return Collections.unmodifiableMap(out);
  }
}
