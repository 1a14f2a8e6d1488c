package org.keyspacestudio.model.schema;

import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import org.keyspacestudio.model.cql.CqlIdentifier;

/**
 * A secondary index: regular, or custom ({@code CREATE CUSTOM INDEX ... USING 'class'} and {@code
 * CREATE INDEX ... USING 'sai'}), on one or more targets of one table.
 *
 * @param name the index name, or null when the statement gave none (Cassandra then names it {@code
 *     table_column_idx}; see {@link #effectiveName()})
 * @param table the indexed table, in the same keyspace
 * @param targets the indexed columns or collection parts, at least one
 * @param using the index class or short name after {@code USING} ({@code 'sai'}, {@code
 *     'StorageAttachedIndex'}, {@code 'org.apache.cassandra.index.sasi.SASIIndex'}), or null for a
 *     regular index
 * @param options the {@code WITH OPTIONS} map, as strings
 */
public record SecondaryIndex(
    CqlIdentifier name,
    CqlIdentifier table,
    List<IndexTarget> targets,
    String using,
    SortedMap<String, String> options) {

  public SecondaryIndex {
    Objects.requireNonNull(table, "table");
    targets = List.copyOf(targets);
    options = Collections.unmodifiableSortedMap(new TreeMap<>(options));
  }

  /** The name the index has in Cassandra: its own, or {@code table_column_idx} when unnamed. */
  public CqlIdentifier effectiveName() {
    if (name != null) {
      return name;
    }
    String column = targets.isEmpty() ? "" : "_" + targets.get(0).column().asInternal();
    return CqlIdentifier.of((table.asInternal() + column + "_idx").replaceAll("\\W", ""));
  }

  /** Whether the index is custom (has a {@code USING} class). */
  public boolean isCustom() {
    return using != null;
  }

  /** Whether the index is a Storage-Attached Index (SAI). */
  public boolean isSai() {
    if (using == null) {
      return false;
    }
    String lower = using.toLowerCase(Locale.ROOT);
    return lower.equals("sai")
        || lower.equals("storageattachedindex")
        || lower.endsWith(".storageattachedindex");
  }

  /**
   * Whether the index names Cassandra's built-in secondary index by its alias ({@code USING
   * 'legacy_local_table'}, {@code CassandraIndex.NAME}).
   */
  public boolean isLegacyLocalTable() {
    return using != null
        && (using.equalsIgnoreCase("legacy_local_table")
            || using.equals("org.apache.cassandra.index.internal.CassandraIndex"));
  }

  /** Whether the index is a SSTable-Attached Secondary Index (SASI). */
  public boolean isSasi() {
    return using != null
        && (using.equalsIgnoreCase("sasi") || using.toLowerCase(Locale.ROOT).endsWith("sasiindex"));
  }
}
