package org.keyspacestudio.model.schema;

import java.util.Locale;
import java.util.Optional;

/**
 * The table and view options Cassandra knows, with what became of each. Options that Cassandra 5.0
 * no longer accepts are kept here so that an import can warn about them by name instead of calling
 * them unknown.
 *
 * <p>Source: Cassandra 5.0 {@code TableParams.Option} and {@code TableAttributes}; removals from
 * the 4.0 and 5.0 NEWS.txt.
 */
public enum KnownOption {
  ADDITIONAL_WRITE_POLICY(Status.CURRENT, null),
  ALLOW_AUTO_SNAPSHOT(Status.CURRENT, null),
  BLOOM_FILTER_FP_CHANCE(Status.CURRENT, null),
  CACHING(Status.CURRENT, null),
  CDC(Status.CURRENT, null),
  COMMENT(Status.CURRENT, null),
  COMPACTION(Status.CURRENT, null),
  COMPRESSION(Status.CURRENT, null),
  CRC_CHECK_CHANCE(Status.CURRENT, null),
  DEFAULT_TIME_TO_LIVE(Status.CURRENT, null),
  EXTENSIONS(Status.CURRENT, null),
  GC_GRACE_SECONDS(Status.CURRENT, null),
  INCREMENTAL_BACKUPS(Status.CURRENT, null),
  MAX_INDEX_INTERVAL(Status.CURRENT, null),
  MEMTABLE(Status.CURRENT, null),
  MEMTABLE_FLUSH_PERIOD_IN_MS(Status.CURRENT, null),
  MIN_INDEX_INTERVAL(Status.CURRENT, null),
  READ_REPAIR(Status.CURRENT, null),
  SPECULATIVE_RETRY(Status.CURRENT, null),
  /** The table id ({@code WITH ID = uuid}), used to recreate a table with the same id. */
  ID(Status.CURRENT, null),
  READ_REPAIR_CHANCE(Status.REMOVED, "removed in Cassandra 4.0 (read repair is now 'read_repair')"),
  DCLOCAL_READ_REPAIR_CHANCE(
      Status.REMOVED, "removed in Cassandra 4.0 (read repair is now 'read_repair')"),
  INDEX_INTERVAL(
      Status.REMOVED, "removed in Cassandra 3.0 (use min_index_interval and max_index_interval)"),
  REPLICATE_ON_WRITE(Status.REMOVED, "a Cassandra 1.x option, removed in 2.0"),
  POPULATE_IO_CACHE_ON_FLUSH(Status.REMOVED, "a Cassandra 1.x option, removed in 2.1"),
  COMPACTION_STRATEGY_CLASS(Status.REMOVED, "a CQL2/Thrift-era option: use compaction = {...}"),
  COMPACTION_STRATEGY_OPTIONS(Status.REMOVED, "a CQL2/Thrift-era option: use compaction = {...}"),
  COMPRESSION_PARAMETERS(Status.REMOVED, "a CQL2/Thrift-era option: use compression = {...}"),
  DEFAULT_VALIDATION(Status.REMOVED, "a CQL2/Thrift-era option, removed with Thrift in 4.0"),
  KEY_VALIDATION_CLASS(Status.REMOVED, "a CQL2/Thrift-era option, removed with Thrift in 4.0"),
  COMPARATOR(Status.REMOVED, "a CQL2/Thrift-era option, removed with Thrift in 4.0");

  /** Whether Cassandra 5.0 accepts an option. */
  public enum Status {
    CURRENT,
    REMOVED
  }

  private final Status status;
  private final String removal;
  private final String cqlName;

  KnownOption(Status status, String removal) {
    this.status = status;
    this.removal = removal;
    this.cqlName = name().toLowerCase(Locale.ROOT);
  }

  /** The option for a name as written (case-insensitive), or empty when Cassandra never had it. */
  public static Optional<KnownOption> fromName(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    for (KnownOption option : values()) {
      if (option.cqlName.equals(lower)) {
        return Optional.of(option);
      }
    }
    return Optional.empty();
  }

  public Status status() {
    return status;
  }

  /** For a removed option, when and why it went; null for a current one. */
  public String removal() {
    return removal;
  }

  /** The option's name in CQL, lower case. */
  public String cqlName() {
    return cqlName;
  }
}
