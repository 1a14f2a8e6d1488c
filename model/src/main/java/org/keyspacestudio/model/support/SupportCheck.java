package org.keyspacestudio.model.support;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.workflow.Operator;

/**
 * Whether a table answers a query: the rules Cassandra 5.0 applies when it prepares the query's
 * {@code SELECT} without {@code ALLOW FILTERING} ({@code cql3/restrictions/StatementRestrictions},
 * {@code cql3/statements/SelectStatement.RawStatement}: partition key restrictions, clustering
 * prefixes, filtering, ORDER BY), for single-column relations {@code =}, {@code IN}, {@code <},
 * {@code <=}, {@code >}, {@code >=}. The oracle module holds the verdict "supported" against
 * Cassandra's "prepares" on generated tables and queries.
 *
 * <p>A pure function: it never throws, and works in time linear in the query's size.
 */
public final class SupportCheck {

  /**
   * One thing that stops (or weakens) a query on a table.
   *
   * @param rule the rule
   * @param message what is wrong, naming the columns, and how to fix it
   */
  public record Finding(SupportRule rule, String message) {}

  private SupportCheck() {}

  /** Whether the findings let Cassandra prepare the SELECT (no error among them). */
  public static boolean supported(List<Finding> findings) {
    return findings.stream()
        .noneMatch(f -> f.rule().severity() == org.keyspacestudio.model.validate.Severity.ERROR);
  }

  /**
   * What stops the query on the table, or weakens it, its indexes serving {@code =} only.
   *
   * @param table the table (its primary key and columns)
   * @param indexed the columns a secondary index serves (by {@code =})
   * @param query the restrictions and ordering
   * @return the findings, errors first in the order Cassandra meets them; empty when the SELECT
   *     reads one partition and Cassandra prepares it
   */
  public static List<Finding> check(Table table, Set<CqlIdentifier> indexed, TableQuery query) {
    return check(table, indexed, Set.of(), query);
  }

  /**
   * What stops the query on the table, or weakens it.
   *
   * @param table the table (its primary key and columns), not null
   * @param indexed the columns a secondary index serves by {@code =}, not null
   * @param rangeIndexed those of {@code indexed} whose index also serves {@code <}, {@code <=},
   *     {@code >}, {@code >=} (a storage-attached index on an ordered type: {@link
   *     org.keyspacestudio.model.mapping.Mapping#rangeIndexed}), not null
   * @param query the restrictions and ordering, not null
   * @return the findings, errors first in the order Cassandra meets them; empty when the SELECT
   *     reads one partition and Cassandra prepares it
   */
  public static List<Finding> check(
      Table table, Set<CqlIdentifier> indexed, Set<CqlIdentifier> rangeIndexed, TableQuery query) {
    List<Finding> out = new ArrayList<>();
    PrimaryKey key = table.primaryKey();
    // Restrictions by column, in order of appearance.
    Map<CqlIdentifier, List<Operator>> by = new LinkedHashMap<>();
    for (TableQuery.Restriction r : query.where()) {
      if (table.column(r.column()).isEmpty()) {
        out.add(
            new Finding(
                SupportRule.ATTRIBUTE_MISSING,
                "Undefined column name "
                    + r.column().asCql()
                    + " in table "
                    + table.name().asCql()));
        continue;
      }
      by.computeIfAbsent(r.column(), c -> new ArrayList<>()).add(r.operator());
    }
    for (TableQuery.Order o : query.orderBy()) {
      if (table.column(o.column()).isEmpty()) {
        out.add(
            new Finding(
                SupportRule.ATTRIBUTE_MISSING,
                "Undefined column name "
                    + o.column().asCql()
                    + " in table "
                    + table.name().asCql()));
      }
    }
    for (CqlIdentifier c : query.returned()) {
      if (table.column(c).isEmpty()) {
        out.add(
            new Finding(
                SupportRule.ATTRIBUTE_MISSING,
                "Undefined column name " + c.asCql() + " in table " + table.name().asCql()));
      }
    }
    if (!out.isEmpty()) {
      return out;
    }
    for (var e : by.entrySet()) {
      String conflict = conflict(e.getValue());
      if (conflict != null) {
        out.add(
            new Finding(
                SupportRule.CONFLICTING_RESTRICTIONS,
                "Column " + e.getKey().asCql() + " " + conflict));
      }
    }
    if (!out.isEmpty()) {
      return out;
    }

    // Columns outside the primary key: an index serves =, anything else is filtering.
    boolean usesIndex = false;
    for (var e : by.entrySet()) {
      CqlIdentifier c = e.getKey();
      if (key.isKeyColumn(c)) {
        continue;
      }
      boolean served =
          indexed.contains(c)
              && e.getValue().stream()
                  .allMatch(
                      op -> op == Operator.EQ || (!op.equality() && rangeIndexed.contains(c)));
      if (served) {
        usesIndex = true;
      } else {
        out.add(
            new Finding(
                SupportRule.FILTERING,
                c.asCql()
                    + " is not in the primary key"
                    + (rangeIndexed.contains(c)
                        ? " and its index serves = and ranges, not IN"
                        : indexed.contains(c)
                            ? " and its index serves only ="
                            : " and has no index")
                    + ": Cassandra would have to filter; make it a key column of this table"));
      }
    }

    // The partition key.
    List<CqlIdentifier> pk = key.partitionKey();
    List<CqlIdentifier> unrestricted = new ArrayList<>();
    boolean pkRange = false;
    boolean pkIn = false;
    for (CqlIdentifier c : pk) {
      List<Operator> ops = by.get(c);
      if (ops == null) {
        unrestricted.add(c);
      } else if (ops.stream().anyMatch(op -> !op.equality())) {
        pkRange = true;
      } else if (ops.contains(Operator.IN)) {
        pkIn = true;
      }
    }
    boolean pkComplete = unrestricted.isEmpty() && !pkRange;
    boolean anyRestriction = !by.isEmpty();
    if (pkRange) {
      out.add(
          new Finding(
              SupportRule.PARTITION_KEY,
              "A partition key column is restricted by a range: only = and IN select partitions"
                  + " (make the ranged attribute a clustering column)"));
    } else if (!unrestricted.isEmpty() && unrestricted.size() < pk.size()) {
      if (!usesIndex) {
        out.add(
            new Finding(
                SupportRule.PARTITION_KEY,
                "Partition key parts "
                    + names(unrestricted)
                    + " must be restricted as other parts are"));
      }
    } else if (!unrestricted.isEmpty() && anyRestriction && !usesIndex) {
      out.add(
          new Finding(
              SupportRule.PARTITION_KEY,
              "The partition key "
                  + names(pk)
                  + " is not restricted: Cassandra would have to scan and filter; give "
                  + (pk.size() == 1 ? "it" : "them")
                  + " by ="));
    }

    // Clustering columns: a prefix, at most one range and nothing after it.
    List<PrimaryKey.ClusteringColumn> clustering = key.clustering();
    CqlIdentifier gap = null;
    CqlIdentifier ranged = null;
    for (PrimaryKey.ClusteringColumn cc : clustering) {
      List<Operator> ops = by.get(cc.name());
      if (ops == null) {
        if (gap == null) {
          gap = cc.name();
        }
        continue;
      }
      if (ranged != null) {
        out.add(
            new Finding(
                SupportRule.CLUSTERING_AFTER_RANGE,
                "Clustering column "
                    + cc.name().asCql()
                    + " cannot be restricted (preceding column "
                    + ranged.asCql()
                    + " is restricted by a non-EQ relation)"));
        break;
      }
      if (gap != null) {
        out.add(
            new Finding(
                SupportRule.CLUSTERING_PREFIX,
                "PRIMARY KEY column "
                    + cc.name().asCql()
                    + " cannot be restricted as preceding column "
                    + gap.asCql()
                    + " is not restricted"));
        break;
      }
      if (ops.stream().anyMatch(op -> !op.equality())) {
        ranged = cc.name();
      }
    }

    // An index with a partition key that does not single out partitions: what the index finds
    // must then be filtered ("Select on indexed columns and with IN clause for the PRIMARY KEY
    // are not supported"; clustering restrictions without the partition key need filtering).
    if (usesIndex) {
      if (pkIn) {
        out.add(
            new Finding(
                SupportRule.INDEX_IN,
                "Select on indexed columns and with IN clause for the PRIMARY KEY are not"
                    + " supported: give the partition key by ="));
      } else if (!unrestricted.isEmpty() && unrestricted.size() < pk.size()) {
        out.add(
            new Finding(
                SupportRule.FILTERING,
                "With an index, a partition key given in part ("
                    + names(unrestricted)
                    + " missing) needs filtering: give all of it, or none"));
      } else if (!pkComplete && clustering.stream().anyMatch(cc -> by.containsKey(cc.name()))) {
        out.add(
            new Finding(
                SupportRule.FILTERING,
                "With an index but without the whole partition key, restrictions on clustering"
                    + " columns need filtering"));
      }
    }

    // Selecting only static columns reads no rows: clustering restrictions make no sense then
    // ("Cannot restrict clustering columns when selecting only static columns").
    if (!query.returned().isEmpty()
        && query.returned().stream()
            .anyMatch(c -> table.column(c).map(x -> x.isStatic()).orElse(false))
        && query.returned().stream()
            .allMatch(c -> table.column(c).map(x -> x.isStatic()).orElse(false) || pk.contains(c))
        && clustering.stream().anyMatch(cc -> by.containsKey(cc.name()))) {
      out.add(
          new Finding(
              SupportRule.STATIC_ONLY,
              "Cannot restrict clustering columns when selecting only static columns: return a"
                  + " row's column too, or give no clustering column"));
    }

    // ORDER BY.
    if (!query.orderBy().isEmpty()) {
      String problem = orderProblem(key, by, query.orderBy(), usesIndex, pkComplete);
      if (problem != null) {
        out.add(new Finding(SupportRule.ORDER, problem));
      }
    }

    if (out.stream()
        .noneMatch(f -> f.rule().severity() == org.keyspacestudio.model.validate.Severity.ERROR)) {
      if (usesIndex) {
        out.add(
            new Finding(
                SupportRule.INDEX,
                "Served by a secondary index: every node is asked; a table keyed by the indexed"
                    + " attribute reads one partition"));
      } else if (pkIn || (!pkComplete && unrestricted.size() == pk.size())) {
        out.add(
            new Finding(
                SupportRule.MANY_PARTITIONS,
                pkIn
                    ? "IN on the partition key reads one partition per value"
                    : "No partition key is given: the query reads the whole table"));
      }
    }
    return out;
  }

  /**
   * The rules whose refusals {@code ALLOW FILTERING} lifts in Cassandra 5.0: a partition key given
   * in part, not at all or by a range (CASSANDRA-11031), a clustering restriction that is not a
   * prefix or follows a range, and a restriction on a column outside the key that no index serves.
   * The oracle module compares this with Cassandra's verdict on the same SELECTs with ALLOW
   * FILTERING.
   */
  private static final Set<SupportRule> FILTERED =
      java.util.EnumSet.of(
          SupportRule.PARTITION_KEY,
          SupportRule.CLUSTERING_PREFIX,
          SupportRule.CLUSTERING_AFTER_RANGE,
          SupportRule.FILTERING);

  /**
   * What stops a SELECT that may say {@code ALLOW FILTERING}, or weakens it. Without it, as {@link
   * #check(Table, Set, Set, TableQuery)}. With it, the refusals Cassandra then lifts (a partition
   * key not given by = or IN, clustering restrictions out of key order, non-key restrictions no
   * index serves) become one {@link SupportRule#ALLOW_FILTERING} warning naming them, unless
   * another error still stops the SELECT (ORDER BY, static columns, conflicting restrictions, an
   * index with IN on the partition key): then those errors alone.
   *
   * @param table the table (its primary key and columns), not null
   * @param indexed the columns a secondary index serves (by {@code =}), not null
   * @param ranged those of {@code indexed} whose index also serves ranges, not null
   * @param query the restrictions and ordering, not null
   * @param allowFiltering whether the SELECT ends with {@code ALLOW FILTERING}
   * @return the findings, errors first; empty when the SELECT reads one partition and Cassandra
   *     prepares it
   */
  public static List<Finding> check(
      Table table,
      Set<CqlIdentifier> indexed,
      Set<CqlIdentifier> ranged,
      TableQuery query,
      boolean allowFiltering) {
    List<Finding> plain = check(table, indexed, ranged, query);
    if (!allowFiltering || supported(plain)) {
      return plain;
    }
    List<Finding> lifted = new ArrayList<>();
    List<Finding> still = new ArrayList<>();
    for (Finding f : plain) {
      (FILTERED.contains(f.rule()) ? lifted : still).add(f);
    }
    if (!supported(still)) {
      return still;
    }
    List<String> why = lifted.stream().map(Finding::message).toList();
    return List.of(
        new Finding(
            SupportRule.ALLOW_FILTERING,
            "runs only with ALLOW FILTERING, reading and discarding rows: "
                + String.join("; ", why)));
  }

  /** Why restrictions on one column conflict, or null when they do not. */
  private static String conflict(List<Operator> ops) {
    if (ops.size() < 2) {
      return null;
    }
    if (ops.contains(Operator.EQ) || ops.contains(Operator.IN)) {
      return "cannot be restricted by more than one relation if it includes an = or IN";
    }
    long lower = ops.stream().filter(op -> op == Operator.GT || op == Operator.GE).count();
    long upper = ops.stream().filter(op -> op == Operator.LT || op == Operator.LE).count();
    if (lower > 1) {
      return "has more than one restriction for its start bound";
    }
    if (upper > 1) {
      return "has more than one restriction for its end bound";
    }
    return null;
  }

  /**
   * Why the ordering is refused, or null: the partition key restricted by = or IN, no index, only
   * clustering columns in their declared order (a column in between must be restricted by =), all
   * in the clustering order or all in its reverse ({@code SelectStatement.RawStatement.isReversed}
   * and {@code verifyOrderingIsAllowed}).
   */
  private static String orderProblem(
      PrimaryKey key,
      Map<CqlIdentifier, List<Operator>> by,
      List<TableQuery.Order> orderBy,
      boolean usesIndex,
      boolean pkComplete) {
    if (usesIndex) {
      return "ORDER BY with secondary indexes is not supported";
    }
    if (!pkComplete) {
      return "ORDER BY is only supported when the partition key is restricted by an EQ or an IN";
    }
    List<PrimaryKey.ClusteringColumn> clustering = key.clustering();
    int next = 0;
    Boolean reversed = null;
    for (TableQuery.Order o : orderBy) {
      PrimaryKey.ClusteringColumn cc = key.clusteringColumn(o.column());
      if (cc == null) {
        return "Order by is currently only supported on the clustered columns of the PRIMARY KEY,"
            + " got "
            + o.column().asCql();
      }
      int position = clustering.indexOf(cc);
      while (next < position) {
        List<Operator> ops = by.get(clustering.get(next).name());
        if (ops == null || !ops.stream().allMatch(op -> op == Operator.EQ)) {
          return "Order by currently only supports the ordering of columns following their"
              + " declared order in the PRIMARY KEY ("
              + clustering.get(next).name().asCql()
              + " comes first)";
        }
        next++;
      }
      if (position < next) {
        return "Order by currently only supports the ordering of columns following their declared"
            + " order in the PRIMARY KEY";
      }
      next = position + 1;
      boolean thisReversed = o.direction() != cc.order();
      if (reversed != null && reversed != thisReversed) {
        return "Unsupported order by relation: order by the clustering order ("
            + orderText(clustering, false)
            + ") or its exact reverse ("
            + orderText(clustering, true)
            + ")";
      }
      reversed = thisReversed;
    }
    return null;
  }

  private static String orderText(List<PrimaryKey.ClusteringColumn> clustering, boolean reverse) {
    List<String> parts = new ArrayList<>();
    for (PrimaryKey.ClusteringColumn cc : clustering) {
      ClusteringOrder o = reverse ? cc.order().reverse() : cc.order();
      parts.add(cc.name().asCql() + " " + o.name());
    }
    return String.join(", ", parts);
  }

  private static String names(List<CqlIdentifier> columns) {
    return String.join(", ", columns.stream().map(CqlIdentifier::asCql).toList());
  }
}
