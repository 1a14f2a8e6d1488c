package org.keyspacestudio.model.sizing;

import java.util.ArrayList;
import java.util.List;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.validate.Problem;

/**
 * The partition size checks of a project ({@link SizeRule}): each table's estimate ({@link
 * PartitionSizes}) against Cassandra's guidance of 100,000 values and 100 MB per partition, and the
 * 2^31 cells a partition can hold.
 */
public final class SizeRules {

  private SizeRules() {}

  /**
   * What each size problem's message ends with: true of a table with a bucket column too
   * (latest_videos, keyed by its bucket alone, was told to add one); the problem's fixes say which.
   */
  private static final String FIX =
      ". Fix: spread the rows over more partitions (a bucket column in the partition key, or more"
          + " buckets).";

  /**
   * The same for a materialized view, whose primary key holds only its base table's columns: all of
   * the base table's primary key and at most one other column (Cassandra's {@code
   * CreateViewStatement}: "Cannot include more than one non-primary key column in materialized view
   * primary key"). No bucket column can be added to the view alone.
   */
  private static final String VIEW_FIX =
      ". Fix: spread the rows over more partitions: key the view by more of its base table's"
          + " columns, or make it a table the application writes, with a bucket column.";

  /** The problems of every table, in schema order; never null. */
  public static List<Problem> validate(Project project) {
    return validate(project, new PartitionSizes.Memo());
  }

  /** As {@link #validate(Project)}, estimating again only the tables an edit changed. */
  public static List<Problem> validate(Project project, PartitionSizes.Memo memo) {
    List<Problem> out = new ArrayList<>();
    // An estimate the memo kept is the same instance (an immutable value): its problems are too.
    java.util.Map<PartitionSize, List<Problem>> now = new java.util.IdentityHashMap<>();
    for (PartitionSize size : PartitionSizes.all(project, memo)) {
      List<Problem> problems = memo.problems.get(size);
      if (problems == null) {
        problems = validate(size);
      }
      now.put(size, problems);
      out.addAll(problems);
    }
    memo.problems = now;
    return out;
  }

  /**
   * The problems of one estimate: the largest limit passed only (cells, then values), and bytes.
   */
  public static List<Problem> validate(PartitionSize size) {
    long values = size.values();
    long bytes = size.bytes();
    if (values <= PartitionSize.VALUE_LIMIT && bytes <= PartitionSize.BYTE_LIMIT) {
      // Most tables: no message to write (every edit checks every table).
      return List.of();
    }
    List<Problem> out = new ArrayList<>();
    String table = size.table().toString();
    String fix = size.table().kind() == ElementRef.Kind.VIEW ? VIEW_FIX : FIX;
    String from =
        " (at "
            + PartitionSizes.number(size.rowsPerPartition().value())
            + " rows per partition"
            + (size.rowsPerPartition().basis() == Figure.Basis.ASSUMED
                ? ", an assumed figure: type in yours"
                : "")
            + ")";
    if (values > PartitionSize.CELL_LIMIT) {
      out.add(
          new Problem(
              SizeRule.CELLS,
              table
                  + ": a partition is expected to hold "
                  + PartitionSizes.number(values)
                  + " values, over the 2^31 cells a partition can hold"
                  + from
                  + fix,
              size.table(),
              null));
    } else if (values > PartitionSize.VALUE_LIMIT) {
      out.add(
          new Problem(
              SizeRule.VALUES,
              table
                  + ": a partition is expected to hold "
                  + PartitionSizes.number(values)
                  + " values, over 100,000"
                  + from
                  + fix,
              size.table(),
              null));
    }
    if (bytes > PartitionSize.BYTE_LIMIT) {
      out.add(
          new Problem(
              SizeRule.BYTES,
              table
                  + ": a partition is expected to hold "
                  + PartitionSizes.bytes(bytes)
                  + ", over 100 MB"
                  + from
                  + fix,
              size.table(),
              null));
    }
    return out;
  }
}
