package org.keyspacestudio.model.schema;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.type.NativeType;

/**
 * How a SASI index reads its column, from its options, as Cassandra 5.0.9 does ({@code
 * index/sasi/conf/IndexMode.getMode}, {@code SASIIndex.validateOptions}): its {@code mode}, whether
 * it takes values as literal text ({@code is_literal}, else {@code text} and {@code ascii}
 * columns), and whether an analyzer splits values into words ({@code analyzer_class} {@code
 * StandardAnalyzer} or {@code DelimiterAnalyzer}, or {@code 'analyzed': 'true'} on text).
 *
 * @param mode {@code PREFIX} (when not given), {@code CONTAINS} or {@code SPARSE}, not null
 * @param literal whether values are literal text (served by {@code LIKE}, never by ranges)
 * @param analyzed whether an analyzer reads the values
 * @param tokenized whether the analyzer splits values into words (then {@code =} is not served)
 */
public record SasiMode(SasiMode.Mode mode, boolean literal, boolean analyzed, boolean tokenized) {

  /** SASI's index modes ({@code OnDiskIndexBuilder.Mode}). */
  public enum Mode {
    /** Terms and their prefixes: {@code =}, ranges, {@code LIKE 'abc%'} and {@code 'abc'}. */
    PREFIX,
    /** Every suffix of the terms: {@code =}, {@code LIKE} of every form, no ranges. */
    CONTAINS,
    /** Numbers with many values per term: {@code =} and ranges. */
    SPARSE
  }

  /**
   * What was read: the mode, or why the node refuses the index.
   *
   * @param mode how the index reads its column, or null when refused
   * @param refusal Cassandra's message refusing the index, or null when {@code mode} is set
   */
  public record Read(SasiMode mode, String refusal) {}

  /** The analyzers Cassandra 5.0 ships, by class name, and whether each splits into words. */
  private static final Map<String, Boolean> ANALYZERS =
      Map.of(
          "org.apache.cassandra.index.sasi.analyzer.StandardAnalyzer", true,
          "org.apache.cassandra.index.sasi.analyzer.DelimiterAnalyzer", true,
          "org.apache.cassandra.index.sasi.analyzer.NonTokenizingAnalyzer", false,
          "org.apache.cassandra.index.sasi.analyzer.NoOpAnalyzer", false);

  public SasiMode {
    Objects.requireNonNull(mode, "mode");
  }

  /**
   * Reads a SASI index on one column, in Cassandra's order: a non-frozen collection ("complex
   * columns are not yet supported by SASI"), a partition key column, the analyzer class (one
   * Cassandra ships, suited to the column's type: text or ascii, but {@code NoOpAnalyzer}), the
   * mode ("Incorrect index mode"), then {@code SPARSE} on literal values or with an analyzer.
   *
   * @param options the index's options, not null
   * @param type the column's type, not null
   * @param partitionKey whether the column is in the partition key
   * @param reversed whether it is a clustering column in descending order (Cassandra then sees its
   *     type reversed: neither literal nor analyzable)
   * @return the mode, or Cassandra's refusal
   */
  public static Read read(
      Map<String, String> options, CqlType type, boolean partitionKey, boolean reversed) {
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(type, "type");
    if (type.isMultiCell()) {
      return refused("complex columns are not yet supported by SASI");
    }
    if (partitionKey) {
      return refused("partition key columns are not yet supported by SASI");
    }
    boolean text = !reversed && (type == NativeType.TEXT || type == NativeType.ASCII);
    String analyzerClass = options.get("analyzer_class");
    Boolean splits = null;
    if (analyzerClass != null) {
      splits = ANALYZERS.get(analyzerClass);
      if (splits == null) {
        return refused("Unable to find analyzer class '" + analyzerClass + "'");
      }
      if (!text && !analyzerClass.endsWith(".NoOpAnalyzer")) {
        return refused(
            analyzerClass.substring(analyzerClass.lastIndexOf('.') + 1)
                + " does not support type "
                + type.asCql());
      }
    }
    String modeOption = options.get("mode");
    Mode mode;
    try {
      mode = modeOption == null ? Mode.PREFIX : Mode.valueOf(modeOption.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return refused("Incorrect index mode: " + modeOption);
    }
    boolean analyzed;
    boolean tokenized;
    if (analyzerClass != null) {
      String analyzedOption = options.get("analyzed");
      analyzed = analyzedOption == null || Boolean.parseBoolean(analyzedOption);
      tokenized = analyzed && splits;
    } else {
      analyzed = Boolean.parseBoolean(options.get("analyzed"));
      // Analyzed without a class: the standard analyzer on text, none on other values.
      tokenized = analyzed && text;
    }
    String literalOption = options.get("is_literal");
    boolean literal = literalOption == null ? text : Boolean.parseBoolean(literalOption);
    if (mode == Mode.SPARSE && literal) {
      return refused("SPARSE mode is only supported on non-literal columns.");
    }
    if (mode == Mode.SPARSE && analyzed) {
      return refused("SPARSE mode doesn't support analyzers.");
    }
    return new Read(new SasiMode(mode, literal, analyzed, tokenized), null);
  }

  /**
   * Reads a SASI index's options on a column of a table, as {@link #read(Map, CqlType, boolean,
   * boolean)} with the column's place in the table's primary key.
   *
   * @param options the index's options, not null
   * @param table the indexed table, not null
   * @param column the indexed column, one of the table's, not null
   * @return the mode, or Cassandra's refusal
   */
  public static Read read(Map<String, String> options, Table table, Column column) {
    PrimaryKey key = table.primaryKey();
    return read(
        options, column.type(), key.isPartitionKey(column.name()), key.isDescending(column.name()));
  }

  private static Read refused(String message) {
    return new Read(null, message);
  }

  /** Whether it serves {@code =}: unless its analyzer splits values into words. */
  public boolean equality() {
    return !tokenized;
  }

  /** Whether it serves ranges: on values that are not literal, in modes PREFIX and SPARSE. */
  public boolean ranges() {
    return !literal && mode != Mode.CONTAINS;
  }
}
