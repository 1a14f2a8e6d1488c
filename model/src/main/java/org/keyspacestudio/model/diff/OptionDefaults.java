package org.keyspacestudio.model.diff;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.keyspacestudio.model.schema.OptionValue;
import org.keyspacestudio.model.schema.TableOptions;

/**
 * The table and view options Cassandra 5.0 gives a table that does not set them, and how option
 * values compare once Cassandra has stored them.
 *
 * <p>The defaults mirror Cassandra 5.0's {@code org.apache.cassandra.schema.TableParams} (and
 * {@code CachingParams}, {@code CompactionParams}, {@code CompressionParams}), checked against what
 * a 5.0.9 node reports for a table created without options; the integration tests apply every
 * corpus schema and fail if a pulled table differs from the model. One default depends on another
 * option: {@code bloom_filter_fp_chance} is 0.1 under {@code LeveledCompactionStrategy}, 0.01
 * otherwise.
 *
 * <p>Comparison follows what Cassandra stores: class names with or without Cassandra's package,
 * {@code 99PERCENTILE} and {@code 99p}, numbers whatever their spelling, and map options by the
 * entries the model states (Cassandra adds the rest, such as {@code max_threshold}).
 */
public final class OptionDefaults {
  private OptionDefaults() {}

  private static final Map<String, OptionValue> DEFAULTS = defaults();

  private static Map<String, OptionValue> defaults() {
    Map<String, OptionValue> d = new TreeMap<>();
    d.put("additional_write_policy", new OptionValue.Text("99p"));
    d.put("allow_auto_snapshot", new OptionValue.Bool(true));
    d.put("bloom_filter_fp_chance", new OptionValue.Number("0.01"));
    d.put("caching", OptionValue.MapValue.of(Map.of("keys", "ALL", "rows_per_partition", "NONE")));
    d.put("cdc", new OptionValue.Bool(false));
    d.put("comment", new OptionValue.Text(""));
    d.put(
        "compaction",
        OptionValue.MapValue.of(
            Map.of(
                "class",
                "SizeTieredCompactionStrategy",
                "max_threshold",
                "32",
                "min_threshold",
                "4")));
    d.put(
        "compression",
        OptionValue.MapValue.of(Map.of("chunk_length_in_kb", "16", "class", "LZ4Compressor")));
    d.put("crc_check_chance", new OptionValue.Number("1.0"));
    d.put("default_time_to_live", new OptionValue.Number("0"));
    d.put("extensions", OptionValue.MapValue.of(Map.of()));
    d.put("gc_grace_seconds", new OptionValue.Number("864000"));
    d.put("incremental_backups", new OptionValue.Bool(true));
    d.put("max_index_interval", new OptionValue.Number("2048"));
    d.put("memtable", new OptionValue.Text("default"));
    d.put("memtable_flush_period_in_ms", new OptionValue.Number("0"));
    d.put("min_index_interval", new OptionValue.Number("128"));
    d.put("read_repair", new OptionValue.Text("BLOCKING"));
    d.put("speculative_retry", new OptionValue.Text("99p"));
    return Map.copyOf(d);
  }

  /**
   * The value Cassandra 5.0 uses for an option a table does not set.
   *
   * @param name the option name, lower case
   * @param options the table's other options (a default can depend on them)
   * @return the default, or empty for options without one (unknown or removed options)
   */
  public static Optional<OptionValue> defaultOf(String name, TableOptions options) {
    if (name.equals("bloom_filter_fp_chance")) {
      boolean leveled =
          options
              .compaction()
              .map(c -> shortClass(c.getOrDefault("class", "")))
              .filter(c -> c.equals("LeveledCompactionStrategy"))
              .isPresent();
      return Optional.of(new OptionValue.Number(leveled ? "0.1" : "0.01"));
    }
    return Optional.ofNullable(DEFAULTS.get(name));
  }

  private static final java.util.SortedSet<String> NAMES =
      java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(DEFAULTS.keySet()));

  /** The names of the options that have a default, sorted (an unmodifiable set). */
  public static java.util.SortedSet<String> namesWithDefaults() {
    return NAMES;
  }

  /**
   * The value an option has on a table with these options: the stated value, else the default.
   *
   * @param name the option name
   * @param options the table's options
   * @return the value, or empty when the option is neither stated nor has a default
   */
  public static Optional<OptionValue> effective(String name, TableOptions options) {
    Optional<OptionValue> stated = options.get(name);
    return stated.isPresent() ? stated : defaultOf(name, options);
  }

  /**
   * Whether Cassandra holds the value {@code wanted} as {@code actual}: equal after Cassandra's
   * normalisation, and for maps, every entry of {@code wanted} present in {@code actual} with the
   * same value.
   *
   * @param name the option name (some compare case-insensitively)
   * @param wanted the value a model states
   * @param actual the value a cluster reports
   * @return whether applying {@code wanted} would change nothing
   */
  public static boolean satisfies(String name, OptionValue wanted, OptionValue actual) {
    if (wanted instanceof OptionValue.MapValue w && actual instanceof OptionValue.MapValue a) {
      if (name.equals("extensions")) {
        return w.entries().equals(a.entries());
      }
      for (Map.Entry<String, String> entry : w.entries().entrySet()) {
        String other = a.entries().get(entry.getKey());
        if (other == null || !sameScalar(entry.getKey(), entry.getValue(), other)) {
          return false;
        }
      }
      return true;
    }
    if (wanted instanceof OptionValue.MapValue || actual instanceof OptionValue.MapValue) {
      return false;
    }
    return sameScalar(name, scalar(wanted), scalar(actual));
  }

  /**
   * The options without those that equal Cassandra's defaults: what a pulled table keeps, so that
   * its CQL shows only what someone chose.
   *
   * @param options options as a cluster reports them
   * @return the options that differ from the defaults
   */
  public static TableOptions withoutDefaults(TableOptions options) {
    SortedMap<String, OptionValue> kept = new TreeMap<>();
    options
        .values()
        .forEach(
            (name, value) -> {
              Optional<OptionValue> fallback = defaultOf(name, options);
              boolean isDefault =
                  fallback.isPresent()
                      && satisfies(name, value, fallback.get())
                      && satisfies(name, fallback.get(), value);
              if (!isDefault) {
                kept.put(name, value);
              }
            });
    return new TableOptions(kept, options.compactStorage());
  }

  private static String scalar(OptionValue value) {
    if (value instanceof OptionValue.Text t) {
      return t.value();
    }
    if (value instanceof OptionValue.Number n) {
      return n.literal();
    }
    return value.asCql();
  }

  private static boolean sameScalar(String name, String a, String b) {
    if (name.equals("class")) {
      return shortClass(a).equals(shortClass(b));
    }
    if (name.equals("speculative_retry") || name.equals("additional_write_policy")) {
      return retry(a).equals(retry(b));
    }
    if (name.equals("read_repair")
        || name.equals("keys")
        || name.equals("rows_per_partition")
        || name.equals("enabled")) {
      return a.equalsIgnoreCase(b);
    }
    return new OptionValue.Text(a).sameMeaning(new OptionValue.Text(b));
  }

  /** {@code 99PERCENTILE} and {@code 99p} are one policy; so are {@code 10ms} and {@code 10MS}. */
  private static String retry(String value) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    if (v.endsWith("percentile")) {
      v = v.substring(0, v.length() - "percentile".length()) + "p";
    }
    if (v.endsWith("p")) {
      try {
        // toString, not toPlainString: 1e999999999p would otherwise be a billion digits.
        return new java.math.BigDecimal(v.substring(0, v.length() - 1)).stripTrailingZeros() + "p";
      } catch (NumberFormatException e) {
        return v;
      }
    }
    return v;
  }

  /** A Cassandra class name without Cassandra's package: compaction, compression, index. */
  static String shortClass(String name) {
    for (String prefix :
        new String[] {
          "org.apache.cassandra.db.compaction.",
          "org.apache.cassandra.io.compress.",
          "org.apache.cassandra.index.sai.",
          "org.apache.cassandra.index.sasi.",
          "org.apache.cassandra.locator."
        }) {
      if (name.startsWith(prefix)) {
        return name.substring(prefix.length());
      }
    }
    return name;
  }
}
