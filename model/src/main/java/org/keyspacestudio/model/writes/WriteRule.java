package org.keyspacestudio.model.writes;

import org.keyspacestudio.model.validate.RuleId;
import org.keyspacestudio.model.validate.Severity;

/**
 * What the application's writes of a query-first model run into ({@link WritePaths}): rows that
 * overwrite each other (the Chebotko method's MR5 broken), denormalized rows the application cannot
 * find when what they copy changes, and logged batches a node warns about or refuses. Cassandra
 * takes every such table and statement: these are warnings, the batch size ones decided by the
 * node's {@code batch_size_warn_threshold} and {@code batch_size_fail_threshold}.
 */
public enum WriteRule implements RuleId {
  OVERWRITE(
      "WRITE-OVERWRITE",
      "A table's primary key holds no key of an entity or relationship whose attributes it holds,"
          + " and nothing it holds determines one: rows of different instances get the same key"
          + " and overwrite each other (the method's MR5 puts every involved key in the primary"
          + " key)."),
  ROWS_AMBIGUOUS(
      "WRITE-ROWS-AMBIGUOUS",
      "A table's rows could be those of two relationships or more (two many-to-many"
          + " relationships of the same entities, the table holding none of their own attributes"
          + " and named after neither): the write checks take them as the first's, and the"
          + " others' writes do not reach the table."),
  UNREACHABLE(
      "WRITE-UNREACHABLE",
      "A table keeps attributes of one entity in the rows of another (a Comment's row holding its"
          + " Video's title), and no table lists those rows by the first's key with what the"
          + " table's key holds: when it changes or goes, the application cannot find them."),
  BATCH_SIZE(
      "WRITE-BATCH-SIZE",
      "A write's logged batch (every table that holds what it changes) is over"
          + " batch_size_warn_threshold (5 KiB by default: the node logs a warning for each one)"
          + " or batch_size_fail_threshold (50 KiB: the node refuses it, \"Batch too large\")."),
  SCRIPT_COPIES(
      "WRITE-SCRIPT-COPIES",
      "The script's INSERT, UPDATE or DELETE statements make a write of the model in some of the"
          + " tables it must reach and not in the others (a Video's title set in one table and"
          + " left in its copies): the denormalized tables go out of step."),
  BATCH_GC_GRACE(
      "WRITE-BATCH-GC-GRACE",
      "A logged batch writes a table whose gc_grace_seconds is 0: the node warns, as the batchlog"
          + " entries, which expire with it, may go before they are replayed.");

  private final Info info;

  WriteRule(String id, String summary) {
    this.info = new Info(id, Severity.WARNING, summary);
  }

  @Override
  public Info info() {
    return info;
  }
}
