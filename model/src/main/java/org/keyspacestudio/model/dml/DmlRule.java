package org.keyspacestudio.model.dml;

import org.keyspacestudio.model.validate.RuleId;
import org.keyspacestudio.model.validate.Severity;

/**
 * What Cassandra 5.0 refuses in a script's {@code INSERT}, {@code UPDATE}, {@code DELETE} and
 * {@code BATCH} statements ({@link ScriptWrites}): each an error, as the node refuses the statement
 * when it is prepared (or, where said, when it runs), but {@link #VALUE_READ_AS}, a warning: the
 * node takes the statement and stores what the statement does not seem to say. The checks follow
 * {@code ModificationStatement}, {@code UpdateStatement}, {@code DeleteStatement}, {@code
 * StatementRestrictions}, {@code Operation} and {@code BatchStatement}; the oracle module holds
 * them against those classes on generated statements.
 */
public enum DmlRule implements RuleId {
  UNKNOWN_TABLE(
      "DML-UNKNOWN-TABLE",
      "A write of the script names a table the schema does not define: Cassandra refuses it"
          + " (\"table ... does not exist\")."),
  VIEW(
      "DML-VIEW",
      "A write of the script names a materialized view: Cassandra refuses it (\"Cannot directly"
          + " modify a materialized view\"); the application writes the base table."),
  COLUMN(
      "DML-COLUMN",
      "A write names a column the table lacks, a column twice, a primary key column in SET or"
          + " among the columns a DELETE removes, or a field its type lacks; or an INSERT gives"
          + " more or fewer values than columns."),
  KEY(
      "DML-KEY",
      "A write does not say which rows it writes as Cassandra requires: every partition key column"
          + " by = or IN; for an INSERT or UPDATE every clustering column by = or IN (none when"
          + " it writes static columns only); for a DELETE a prefix of them, the last maybe a"
          + " range; no other column, no token(), CONTAINS, LIKE, != or IS NOT NULL."),
  OPERATION(
      "DML-OPERATION",
      "An assignment or deletion the column's type does not take: an element of a column that is"
          + " not a collection (or is frozen), a field of a frozen or non-UDT column, + and - on a"
          + " column that is not a counter or a collection, a prepend to what is not a list."),
  VALUE(
      "DML-VALUE",
      "A constant the column's type does not take (a string for an int or a uuid, a number for a"
          + " text, any constant for a collection or a UDT), a whole number out of the type's range,"
          + " a UUID other than version 1 for a timeuuid, null for a counter or a primary key"
          + " column."),
  COUNTER(
      "DML-COUNTER",
      "A write of a counter table that Cassandra refuses: an INSERT, a counter set to a value,"
          + " USING TTL or TIMESTAMP, or an IF condition."),
  CONDITION(
      "DML-CONDITION",
      "An IF that Cassandra refuses: on a primary key column, with USING TIMESTAMP, with IN on"
          + " the key (refused when it runs), or on a DELETE that does not name one row by"
          + " equalities while it removes or compares regular columns."),
  BATCH(
      "DML-BATCH",
      "A batch Cassandra refuses: counter and other writes mixed, counters in a logged batch,"
          + " writes other than counters in a counter batch, conditions on several tables, a"
          + " timestamp on the batch and on a statement, or with conditions or counters, or a"
          + " TTL on the batch."),
  VALUE_READ_AS(
      "DML-VALUE-READ-AS",
      Severity.WARNING,
      "A constant the node takes and reads as other than it seems: a timestamp without a time zone"
          + " (read in the coordinating node's zone), 'now' (the time the statement is prepared),"
          + " the 30th of February or hour 24 (moved to a real time), an inet given a short IPv4"
          + " form (127.1 is 127.0.0.1) or a host name (looked up when the statement is read).");

  private final Info info;

  DmlRule(String id, String summary) {
    this(id, Severity.ERROR, summary);
  }

  DmlRule(String id, Severity severity, String summary) {
    this.info = new Info(id, severity, summary);
  }

  @Override
  public Info info() {
    return info;
  }
}
