package org.keyspacestudio.model.support;

import org.keyspacestudio.model.validate.RuleId;
import org.keyspacestudio.model.validate.Severity;

/**
 * Whether a table answers its query: the checks Cassandra 5.0 makes when it prepares the query's
 * {@code SELECT} (without {@code ALLOW FILTERING}), in {@code StatementRestrictions} and {@code
 * SelectStatement.RawStatement}, and the method's own (section 4 of {@code
 * shared/notes/chebotko-method.md}). An <em>error</em> means Cassandra refuses the SELECT as
 * written; a <em>warning</em> that it runs, but not as the method intends (one partition per
 * query).
 */
public enum SupportRule implements RuleId {
  NO_TABLE(
      "SUPPORT-NO-TABLE",
      Severity.WARNING,
      "A query is answered by no table yet: map it (Model > Map All Queries, Ctrl+M), or draw its query arrow."),
  ATTRIBUTE_MISSING(
      "SUPPORT-ATTRIBUTE-MISSING",
      Severity.ERROR,
      "The table has no column for an attribute the query gives, returns or orders by"
          + " (\"Undefined column name\")."),
  PARTITION_KEY(
      "SUPPORT-PARTITION-KEY",
      Severity.ERROR,
      "Every partition key column must be restricted by = or IN: otherwise Cassandra must filter"
          + " (\"Partition key parts ... must be restricted\", \"... use ALLOW FILTERING\")."),
  CLUSTERING_PREFIX(
      "SUPPORT-CLUSTERING-PREFIX",
      Severity.ERROR,
      "Clustering columns can be restricted only as a prefix: \"PRIMARY KEY column ... cannot be"
          + " restricted as preceding column ... is not restricted\"."),
  CLUSTERING_AFTER_RANGE(
      "SUPPORT-CLUSTERING-AFTER-RANGE",
      Severity.ERROR,
      "After a range on a clustering column, no later clustering column can be restricted:"
          + " \"Clustering column ... cannot be restricted (preceding column ... is restricted by a"
          + " non-EQ relation)\"."),
  CONFLICTING_RESTRICTIONS(
      "SUPPORT-CONFLICTING-RESTRICTIONS",
      Severity.ERROR,
      "A column is restricted twice where Cassandra allows once (= with anything else, or two"
          + " bounds on the same side)."),
  DISTINCT(
      "SUPPORT-DISTINCT",
      Severity.ERROR,
      "SELECT DISTINCT returns partitions: it may request only partition key and static columns,"
          + " all of the partition key unless the query gives it, and restrict only the partition"
          + " key and static columns, and takes no PER PARTITION LIMIT; with or without ALLOW"
          + " FILTERING."),
  GROUP_BY(
      "SUPPORT-GROUP-BY",
      Severity.ERROR,
      "GROUP BY takes primary key columns in their declared order, skipping only those the query"
          + " gives by =, and at least the whole partition key; an aggregate without GROUP BY takes"
          + " no PER PARTITION LIMIT; with or without ALLOW FILTERING."),
  OPERATOR(
      "SUPPORT-OPERATOR",
      Severity.ERROR,
      "A relation Cassandra does not take (!=, or IS NOT NULL outside a materialized view), or"
          + " one the column's type does not take: CONTAINS on a column that is no collection,"
          + " CONTAINS KEY on one that is no map, =, IN or a range on a non-frozen collection"
          + " (\"Collection column ... cannot be restricted by a '=' relation\"), any relation on"
          + " a non-frozen UDT; with or without ALLOW FILTERING."),
  TOKEN(
      "SUPPORT-TOKEN",
      Severity.ERROR,
      "token() takes the whole partition key in its declared order and is compared by = or a"
          + " range, at most once by = or once on each side (\"The token function arguments must"
          + " be in the partition key order\", \"IN cannot be used with the token function\");"
          + " with or without ALLOW FILTERING."),
  MULTI_COLUMN(
      "SUPPORT-MULTI-COLUMN",
      Severity.ERROR,
      "A multi-column relation takes consecutive clustering columns in their declared order, each"
          + " once, compared by =, IN or a range (\"Multi-column relations can only be applied to"
          + " clustering columns\", \"Clustering columns must appear in the PRIMARY KEY order in"
          + " multi-column relations\"); with or without ALLOW FILTERING."),
  ANN(
      "SUPPORT-ANN",
      Severity.ERROR,
      "A search by similarity (ORDER BY v ANN OF ?) orders by one vector<float, n> column with a"
          + " storage-attached index, alone, ascending, with a LIMIT of at most 1000 and without PER"
          + " PARTITION LIMIT, GROUP BY or aggregates; every other restriction is on an indexed column"
          + " or a clustering prefix of a given partition and served by storage-attached indexes;"
          + " an indexed vector column is restricted by nothing else (\"Vector indexes only support"
          + " ANN queries\"). Cassandra 5.0.9 refuses the rest when preparing or running it, with or"
          + " without ALLOW FILTERING."),
  LIKE(
      "SUPPORT-LIKE",
      Severity.ERROR,
      "LIKE matches a pattern through a SASI index on the column (text or ascii values, or"
          + " is_literal): no other index serves it, with or without ALLOW FILTERING (\"LIKE"
          + " restriction is only supported on properly indexed columns\"); when the query runs,"
          + " 'abc%' and 'abc' need the index in mode PREFIX or CONTAINS, '%abc' and '%abc%' in"
          + " mode CONTAINS, and a pattern of wildcards alone is refused (\"LIKE value can't be"
          + " empty\")."),
  FILTERING(
      "SUPPORT-FILTERING",
      Severity.ERROR,
      "A restriction no index serves (on a column outside the primary key, or handed to the"
          + " indexes with them), or restrictions served by separate indexes that do not answer"
          + " together (built-in ones: only storage-attached indexes do), needs ALLOW FILTERING:"
          + " Cassandra refuses the SELECT without it."),
  INDEX_IN(
      "SUPPORT-INDEX-IN",
      Severity.ERROR,
      "A secondary index cannot serve a query that gives the partition key by IN: \"Select on"
          + " indexed columns and with IN clause for the PRIMARY KEY are not supported\", with or"
          + " without ALLOW FILTERING."),
  INDEX(
      "SUPPORT-INDEX",
      Severity.WARNING,
      "The query is served by a secondary index: it runs, but asks every node unless it gives the"
          + " whole partition key."),
  STATIC_ONLY(
      "SUPPORT-STATIC-ONLY",
      Severity.ERROR,
      "A query that returns only static (and partition key) columns cannot restrict clustering"
          + " columns: \"Cannot restrict clustering columns when selecting only static"
          + " columns\"."),
  ORDER(
      "SUPPORT-ORDER",
      Severity.ERROR,
      "ORDER BY must follow the clustering order or its exact reverse, from the first clustering"
          + " column (skipping only columns restricted by =), with the partition key restricted by"
          + " = or IN, and no secondary index."),
  MANY_PARTITIONS(
      "SUPPORT-MANY-PARTITIONS",
      Severity.WARNING,
      "The query reads several partitions (IN on the partition key, a token() range, or none"
          + " restricted): fine for a few, a scan for many."),
  ALLOW_FILTERING(
      "SUPPORT-ALLOW-FILTERING",
      Severity.WARNING,
      "A SELECT of the script runs only because it says ALLOW FILTERING: Cassandra reads rows and"
          + " discards those that fail its restrictions, a cost that grows with the data read, not"
          + " with the result (partition key, clustering prefix and non-key restrictions)."),
  VALUE(
      "SUPPORT-VALUE",
      Severity.ERROR,
      "A SELECT of the script compares a column with a constant its type does not take or"
          + " cannot read (\"Invalid STRING constant ... for ... of type uuid\", \"Unable to coerce"
          + " ... to a formatted date\")."),
  VALUE_READ_AS(
      "SUPPORT-VALUE-READ-AS",
      Severity.WARNING,
      "A SELECT of the script compares a column with a constant the node reads as other than it"
          + " seems: a timestamp without a time zone (read in the coordinating node's zone), 'now'"
          + " (the time the statement is prepared), the 30th of February or hour 24 (moved), an"
          + " inet given a short IPv4 form (127.1 is 127.0.0.1) or a host name (looked up when the"
          + " statement is read)."),
  UNKNOWN_TABLE(
      "SUPPORT-UNKNOWN-TABLE",
      Severity.ERROR,
      "A SELECT of the script reads a table or view the schema does not define: Cassandra refuses"
          + " it (\"table ... does not exist\").");

  private final Info info;

  SupportRule(String id, Severity severity, String summary) {
    this.info = new Info(id, severity, summary);
  }

  @Override
  public Info info() {
    return info;
  }
}
