package org.keyspacestudio.model.schema;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The {@code WITH} options of a table or materialized view, other than {@code CLUSTERING ORDER BY}
 * (which belongs to the {@link PrimaryKey}). Every option is kept as written, known or not, so that
 * nothing is lost on import; the known ones are also offered typed.
 *
 * @param values the options by lower-case name, in name order
 * @param compactStorage whether {@code COMPACT STORAGE} was given (removed in Cassandra 4.0; kept
 *     so that validation can warn about it)
 */
public record TableOptions(SortedMap<String, OptionValue> values, boolean compactStorage) {

  public TableOptions {
    values = Collections.unmodifiableSortedMap(new TreeMap<>(values));
  }

  /** No options at all: every setting at Cassandra's default. */
  public static TableOptions none() {
    return new TableOptions(new TreeMap<>(), false);
  }

  /** The value of an option, or empty. */
  public Optional<OptionValue> get(String name) {
    return Optional.ofNullable(values.get(name));
  }

  /** A copy with one option set (or replaced). */
  public TableOptions with(String name, OptionValue value) {
    TreeMap<String, OptionValue> copy = new TreeMap<>(values);
    copy.put(name, value);
    return new TableOptions(copy, compactStorage);
  }

  /** A copy without the option (Cassandra's default applies); the same options when unset. */
  public TableOptions without(String name) {
    TreeMap<String, OptionValue> copy = new TreeMap<>(values);
    copy.remove(name);
    return new TableOptions(copy, compactStorage);
  }

  /** A copy with the given options set on top of these. */
  public TableOptions withAll(Map<String, OptionValue> more) {
    TreeMap<String, OptionValue> copy = new TreeMap<>(values);
    copy.putAll(more);
    return new TableOptions(copy, compactStorage);
  }

  /** {@code default_time_to_live} in seconds, when set to a whole number. */
  public OptionalInt defaultTimeToLive() {
    return intOption(KnownOption.DEFAULT_TIME_TO_LIVE);
  }

  /** {@code gc_grace_seconds} in seconds, when set to a whole number. */
  public OptionalInt gcGraceSeconds() {
    return intOption(KnownOption.GC_GRACE_SECONDS);
  }

  /** {@code comment}, when set. */
  public Optional<String> comment() {
    return get(KnownOption.COMMENT.cqlName())
        .map(v -> v instanceof OptionValue.Text t ? t.value() : v.asCql());
  }

  /** The {@code compaction} map, when set. */
  public Optional<SortedMap<String, String>> compaction() {
    return mapOption(KnownOption.COMPACTION);
  }

  /** The {@code compression} map, when set. */
  public Optional<SortedMap<String, String>> compression() {
    return mapOption(KnownOption.COMPRESSION);
  }

  private Optional<SortedMap<String, String>> mapOption(KnownOption option) {
    return get(option.cqlName())
        .filter(OptionValue.MapValue.class::isInstance)
        .map(v -> ((OptionValue.MapValue) v).entries());
  }

  private OptionalInt intOption(KnownOption option) {
    OptionValue value = values.get(option.cqlName());
    String text =
        value instanceof OptionValue.Number n
            ? n.literal()
            : value instanceof OptionValue.Text t ? t.value() : null;
    if (text == null) {
      return OptionalInt.empty();
    }
    try {
      return OptionalInt.of(Integer.parseInt(text.trim()));
    } catch (NumberFormatException e) {
      return OptionalInt.empty();
    }
  }
}
