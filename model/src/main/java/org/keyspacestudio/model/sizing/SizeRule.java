package org.keyspacestudio.model.sizing;

import org.keyspacestudio.model.validate.RuleId;
import org.keyspacestudio.model.validate.Severity;

/**
 * Partition size: Cassandra's guidance in its data modeling guide ({@code
 * data-modeling_refining.adoc}) and the hard limit of its storage engine. Cassandra accepts every
 * such table: these are warnings, each with its fix (a bucket column in the partition key).
 */
public enum SizeRule implements RuleId {
  VALUES(
      "SIZE-VALUES",
      Severity.WARNING,
      "A partition is expected to hold over 100,000 values: reads slow down and repairs and"
          + " compactions work on huge partitions. Split it with a bucket column."),
  BYTES(
      "SIZE-BYTES",
      Severity.WARNING,
      "A partition is expected to hold over 100 MB: keep partitions under 100 MB. Split it with a"
          + " bucket column."),
  CELLS(
      "SIZE-CELLS",
      Severity.WARNING,
      "A partition is expected to hold over 2^31 values, more cells than one partition can hold:"
          + " writes beyond it fail. Split it with a bucket column.");

  private final Info info;

  SizeRule(String id, Severity severity, String summary) {
    this.info = new Info(id, severity, summary);
  }

  @Override
  public Info info() {
    return info;
  }
}
