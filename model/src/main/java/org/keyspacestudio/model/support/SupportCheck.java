package org.keyspacestudio.model.support;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.type.CollectionType;
import org.keyspacestudio.model.type.Constant;
import org.keyspacestudio.model.type.ConstantTypes;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.workflow.Operator;

/**
 * Whether a table answers a query: the rules Cassandra 5.0 applies when it prepares the query's
 * {@code SELECT} without {@code ALLOW FILTERING} ({@code cql3/restrictions/StatementRestrictions},
 * {@code cql3/statements/SelectStatement.RawStatement}: partition key restrictions, clustering
 * prefixes, filtering, ORDER BY), for single-column relations {@code =}, {@code IN}, {@code <},
 * {@code <=}, {@code >}, {@code >=}, {@code CONTAINS}, {@code CONTAINS KEY}, {@code LIKE} (through
 * a SASI index, its pattern's form judged as the node runs it), and a script SELECT's {@code
 * token()} relations (a range of partitions, {@code TokenRelation}, {@code TokenFilter}) and
 * multi-column relations ({@code MultiColumnRelation}, {@code MultiColumnRestriction}). The oracle
 * module holds the verdict "supported" against Cassandra's "prepares" on generated tables and
 * queries.
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

  /**
   * The constants Cassandra refuses for the columns they are compared with: the column's type, a
   * collection's element (a map's value) for {@code CONTAINS}, a map's key for {@code CONTAINS KEY}
   * ({@link org.keyspacestudio.model.type.ConstantTypes}).
   */
  private static List<Finding> valueProblems(
      Table table, List<ScriptSelect.Given> values, ConstantTypes.UserTypes fields) {
    List<Finding> out = new ArrayList<>();
    for (ScriptSelect.Given g : values) {
      Column c = table.column(g.column()).orElse(null);
      CqlType receiver = c == null ? null : receiver(c, g.operator());
      String refusal =
          receiver == null
              ? null
              : ConstantTypes.refusal(g.value(), receiver, shown(c, g.operator()), fields);
      if (refusal != null) {
        out.add(new Finding(SupportRule.VALUE, refusal));
      }
    }
    return out;
  }

  /**
   * The constants of {@code token()} and multi-column relations Cassandra refuses, beyond their
   * components' types ({@link ScriptSelect#columnValues}): a tuple literal of another size than the
   * relation's columns ({@code Tuples.Literal.prepare}: "Expected 2 elements in value tuple, but
   * got 3"), another constant than a tuple for the columns, and a token's constant that is no
   * {@code bigint}, the Murmur3 partitioner's token ({@code TokenRelation}'s receiver, "partition
   * key token"). A token of other columns than the partition key is {@link SupportRule#TOKEN}'s.
   */
  private static List<Finding> relationValueProblems(
      Table table, List<ScriptSelect.RelationValue> values) {
    List<Finding> out = new ArrayList<>();
    for (ScriptSelect.RelationValue r : values) {
      Constant v = r.value();
      if (r.token()) {
        if (!r.columns().equals(table.primaryKey().partitionKey())) {
          continue;
        }
        String refusal =
            ConstantTypes.refusal(v, NativeType.BIGINT, "partition key token", ref -> null);
        if (refusal != null && v.kind() == Constant.Kind.STRING) {
          // Most often meant as a key's value: its token is what compares.
          refusal =
              "Invalid STRING constant ("
                  + v.text()
                  + ") for \"partition key token\" of type bigint (a token is a number; to"
                  + " compare with a key's token, write token('"
                  + v.text().replace("'", "''")
                  + "'))";
        }
        if (refusal != null) {
          out.add(new Finding(SupportRule.VALUE, refusal));
        }
        continue;
      }
      if (v.kind() != Constant.Kind.TUPLE) {
        // (c1, c2) = 5: the grammar wants a tuple there (a syntax error on the node).
        out.add(
            new Finding(
                SupportRule.VALUE,
                "Invalid value for "
                    + tupleOf(r.columns())
                    + ": a tuple of "
                    + r.columns().size()
                    + " values is expected, not "
                    + v.text()));
      } else if (v.items().size() != r.columns().size()) {
        out.add(
            new Finding(
                SupportRule.VALUE,
                "Expected "
                    + r.columns().size()
                    + " elements in value tuple, but got "
                    + v.items().size()
                    + ": "
                    + v.text()));
      }
    }
    return out;
  }

  private static String tupleOf(List<CqlIdentifier> columns) {
    return "(" + String.join(", ", columns.stream().map(CqlIdentifier::asCql).toList()) + ")";
  }

  /**
   * What a constant is compared with: the column's type, a collection's element (a map's value) for
   * {@code CONTAINS}, a map's key for {@code CONTAINS KEY}; null where the relation does not take
   * the column (said by another rule).
   */
  private static CqlType receiver(Column c, Operator op) {
    CqlType type = c.type();
    return switch (op) {
      case CONTAINS ->
          type instanceof CollectionType.ListType l
              ? l.element()
              : type instanceof CollectionType.SetType st
                  ? st.element()
                  : type instanceof CollectionType.MapType m ? m.value() : null;
      case CONTAINS_KEY -> type instanceof CollectionType.MapType m ? m.key() : null;
      case ENTRY -> type instanceof CollectionType.MapType m ? m.value() : null;
      default -> type;
    };
  }

  /**
   * The receiver's name as Cassandra shows it: {@code value(tags)}, {@code key(meta)}, {@code c}.
   */
  private static String shown(Column c, Operator op) {
    String name = c.name().asInternal();
    return op == Operator.CONTAINS || op == Operator.ENTRY
        ? "value(" + name + ")"
        : op == Operator.CONTAINS_KEY ? "key(" + name + ")" : name;
  }

  /** Whether the findings let Cassandra prepare the SELECT (no error among them). */
  public static boolean supported(List<Finding> findings) {
    return findings.stream()
        .noneMatch(f -> f.rule().severity() == org.keyspacestudio.model.validate.Severity.ERROR);
  }

  /**
   * What stops the query on the table, or weakens it, the given columns each having a built-in
   * secondary index ({@link IndexedColumns#separate}).
   *
   * @param table the table (its primary key and columns), not null
   * @param indexed the columns a built-in secondary index serves (by {@code =}), not null
   * @param query the restrictions and ordering, not null
   * @return the findings, errors first in the order Cassandra meets them; empty when the SELECT
   *     reads one partition and Cassandra prepares it
   */
  public static List<Finding> check(Table table, Set<CqlIdentifier> indexed, TableQuery query) {
    return check(table, IndexedColumns.separate(indexed), query);
  }

  /**
   * What stops the query on the table, or weakens it: Cassandra 5.0's {@code StatementRestrictions}
   * and {@code SelectStatement.RawStatement.prepare} step by step. Restrictions are taken in the
   * order the query gives them, as Cassandra merges them. A restriction an index serves may leave
   * the key order (an index on a clustering or partition key column finds it); the whole query is
   * served without filtering only when one index group answers every restriction handed to the
   * indexes ({@link IndexedColumns}).
   *
   * @param table the table (its primary key and columns), not null
   * @param indexes what the table's secondary indexes serve, not null
   * @param query the restrictions and ordering, not null
   * @return the findings, errors first in the order Cassandra meets them; empty when the SELECT
   *     reads one partition and Cassandra prepares it
   */
  public static List<Finding> check(Table table, IndexedColumns indexes, TableQuery query) {
    return check(table, indexes, query, false);
  }

  private static List<Finding> analyse(
      Table table, IndexedColumns indexes, ScriptSelect select, ConstantTypes.UserTypes fields) {
    TableQuery query = select.query();
    boolean distinct = select.distinct();
    List<CqlIdentifier> groupBy = select.groupBy();
    List<ScriptSelect.TokenRelation> token = select.token();
    List<ScriptSelect.MultiColumnRelation> multiColumn = select.multiColumn();
    List<Finding> out = new ArrayList<>();
    PrimaryKey key = table.primaryKey();
    // The relations in the order written, a multi-column one standing for a relation on each of
    // its columns by its operator.
    List<Relation> relations = relations(query, multiColumn);
    List<TableQuery.Restriction> flat = new ArrayList<>();
    for (Relation r : relations) {
      r.columns().forEach(c -> flat.add(new TableQuery.Restriction(c, r.operator())));
    }
    out.addAll(multiColumnProblems(table, multiColumn));
    if (!out.isEmpty()) {
      return out;
    }
    // Every column named (restricted, ordered by, searched by similarity, returned) must exist.
    List<CqlIdentifier> named = new ArrayList<>();
    flat.forEach(r -> named.add(r.column()));
    query.orderBy().forEach(o -> named.add(o.column()));
    select.ann().forEach(o -> named.add(o.column()));
    named.addAll(query.returned());
    for (CqlIdentifier c : named) {
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
    // Restrictions by column, in order of appearance (every column exists).
    Map<CqlIdentifier, List<Operator>> by = new LinkedHashMap<>();
    for (TableQuery.Restriction r : flat) {
      by.computeIfAbsent(r.column(), c -> new ArrayList<>()).add(r.operator());
    }
    // Relations the column's type does not take (SingleColumnRelation.toRestriction).
    for (var e : by.entrySet()) {
      String refused = refusedRelation(table.column(e.getKey()).orElseThrow(), e.getValue());
      if (refused != null) {
        out.add(new Finding(SupportRule.OPERATOR, refused));
      }
    }
    if (!out.isEmpty()) {
      return out;
    }
    // Each constant prepared for its column (Constants.Literal.prepare, as each relation becomes a
    // restriction).
    out.addAll(valueProblems(table, select.columnValues(), fields));
    out.addAll(relationValueProblems(table, select.relationValues()));
    if (!out.isEmpty()) {
      return out;
    }
    // LIKE needs an index serving it, with or without ALLOW FILTERING (StatementRestrictions), and
    // one serving its pattern's form when it runs (LikeRestriction.addToRowFilter).
    out.addAll(likeProblems(table, indexes, by, select.likePatterns(), select.tableCql()));
    if (!out.isEmpty()) {
      return out;
    }
    java.util.Set<CqlIdentifier> inTuples = new java.util.HashSet<>();
    multiColumn.forEach(m -> inTuples.addAll(m.columns()));
    if (!inTuples.isEmpty()) {
      String conflict = tupleConflict(key, relations, inTuples);
      if (conflict != null) {
        out.add(new Finding(SupportRule.CONFLICTING_RESTRICTIONS, conflict));
        return out;
      }
    }
    for (var e : by.entrySet()) {
      // A column of a multi-column relation is merged as Cassandra merges tuples, above.
      String conflict = inTuples.contains(e.getKey()) ? null : conflict(e.getValue());
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
    out.addAll(tokenProblems(table, token));
    if (!out.isEmpty()) {
      return out;
    }
    // ANN ordering (StatementRestrictions.addOrderingRestrictions, then its ANN checks), and what
    // a node refuses when running a top-k query (SelectStatement.execute).
    String annProblem = annProblem(table, indexes, select, by);
    if (annProblem != null) {
      out.add(new Finding(SupportRule.ANN, annProblem));
      return out;
    }
    // The ordering's restriction, served by the column's storage-attached index.
    CqlIdentifier ann = select.ann().isEmpty() ? null : select.ann().get(0).column();

    List<CqlIdentifier> pk = key.partitionKey();
    List<PrimaryKey.ClusteringColumn> clustering = key.clustering();

    // Clustering restrictions as Cassandra merges them (ClusteringColumnRestrictions.mergeWith):
    // one no index serves may not follow a range, nor be a range before a restricted column. A
    // multi-column relation is one restriction, starting at its first column.
    java.util.TreeMap<Integer, CqlIdentifier> merged = new java.util.TreeMap<>();
    // For each restricted position, the first and the last position of its restriction.
    Map<Integer, Integer> firstOf = new java.util.HashMap<>();
    Map<Integer, Integer> lastOf = new java.util.HashMap<>();
    boolean afterRange = false;
    for (Relation r : relations) {
      PrimaryKey.ClusteringColumn cc = key.clusteringColumn(r.columns().get(0));
      if (cc == null) {
        continue;
      }
      int position = clustering.indexOf(cc);
      CqlIdentifier start = r.columns().get(0);
      boolean range = r.operator().range();
      boolean served = r.columns().stream().anyMatch(c -> indexes.serves(c, r.operator()));
      if (!afterRange && !merged.isEmpty() && !served) {
        int lastStart = firstOf.get(merged.lastKey());
        CqlIdentifier lastColumn = clustering.get(lastStart).name();
        if (position > lastStart && kind(by.get(lastColumn)) == Kind.SLICE) {
          out.add(
              new Finding(
                  SupportRule.CLUSTERING_AFTER_RANGE,
                  "Clustering column "
                      + start.asCql()
                      + " cannot be restricted (preceding column "
                      + lastColumn.asCql()
                      + " is restricted by a non-EQ relation)"));
          afterRange = true;
        } else if (position < lastStart && range) {
          CqlIdentifier next = merged.higherEntry(position).getValue();
          out.add(
              new Finding(
                  SupportRule.CLUSTERING_AFTER_RANGE,
                  "Clustering column "
                      + next.asCql()
                      + " cannot be restricted (preceding column "
                      + start.asCql()
                      + " is restricted by a non-EQ relation)"));
          afterRange = true;
        }
      }
      int end = position + r.columns().size() - 1;
      if (Integer.valueOf(position).equals(firstOf.get(position))) {
        // Two slices starting at one column merge into the longer.
        end = Math.max(end, lastOf.get(position));
      }
      for (int i = position; i <= end; i++) {
        merged.put(i, clustering.get(i).name());
        firstOf.put(i, position);
      }
      lastOf.put(position, end);
    }

    // Whether an index serves any restriction (hasQueriableIndex).
    boolean anyServed = ann != null;
    boolean clusteringServed = false;
    for (var e : by.entrySet()) {
      if (served(indexes, e.getKey(), e.getValue())) {
        anyServed = true;
        if (key.clusteringColumn(e.getKey()) != null) {
          clusteringServed = true;
        }
      }
    }

    // The partition key (processPartitionKeyRestrictions).
    List<CqlIdentifier> unrestricted = new ArrayList<>();
    boolean pkRange = false;
    boolean pkContains = false;
    boolean pkIn = false;
    for (CqlIdentifier c : pk) {
      List<Operator> ops = by.get(c);
      if (ops == null) {
        unrestricted.add(c);
      } else if (kind(ops) == Kind.SLICE) {
        pkRange = true;
      } else if (kind(ops) == Kind.CONTAINS) {
        pkContains = true;
      } else if (kind(ops) == Kind.IN) {
        pkIn = true;
      }
    }
    boolean pkNone = unrestricted.size() == pk.size();
    // token() selects a range of partitions unless the partition key is given whole by = or IN
    // (TokenFilter.isOnToken): then it only filters the partitions given.
    boolean onToken = !token.isEmpty() && (!unrestricted.isEmpty() || pkRange || pkContains);
    if (onToken) {
      pkIn = false;
    }
    boolean keyRange = false;
    boolean usesIndex = false;
    if (pkNone) {
      keyRange = true;
      // Only a partition key without any restriction turns to the indexes here: token() is a
      // restriction of its own (processPartitionKeyRestrictions: a TokenRestriction is not empty),
      // and the clustering restrictions then reach the indexes only when one of them is served.
      usesIndex = anyServed && token.isEmpty();
      if (!anyServed && !by.isEmpty()) {
        // Refused: clustering restrictions without the partition key and restrictions outside
        // the key both need filtering when no index serves the query.
        out.add(
            new Finding(
                SupportRule.PARTITION_KEY,
                onToken
                    ? "token("
                        + names(pk)
                        + ") selects a range of partitions: restricting "
                        + names(List.copyOf(by.keySet()))
                        + " across them makes Cassandra filter; give the partition key by ="
                    : "The partition key "
                        + names(pk)
                        + " is not restricted: Cassandra would have to scan and filter; give "
                        + (pk.size() == 1 ? "it" : "them")
                        + " by ="));
      }
    }
    boolean pkFiltered = !pkNone && (!unrestricted.isEmpty() || pkRange || pkContains);
    if (pkFiltered) {
      if (!anyServed) {
        out.add(
            new Finding(
                SupportRule.PARTITION_KEY,
                pkRange
                    ? "A partition key column is restricted by a range: only = and IN select"
                        + " partitions (make the ranged attribute a clustering column)"
                    : pkContains
                        ? "A partition key column is searched by CONTAINS: only = and IN select"
                            + " partitions"
                        : "Partition key parts "
                            + names(unrestricted)
                            + " must be restricted as other parts are"));
      }
      keyRange = true;
      usesIndex = anyServed;
    }
    boolean pkToIndex = usesIndex || pkFiltered;

    // Selecting only static columns reads no rows: clustering restrictions make no sense then
    // ("Cannot restrict clustering columns when selecting only static columns").
    if (!query.returned().isEmpty()
        && query.returned().stream()
            .anyMatch(c -> table.column(c).map(x -> x.isStatic()).orElse(false))
        && query.returned().stream()
            .allMatch(c -> table.column(c).map(x -> x.isStatic()).orElse(false) || pk.contains(c))
        && !merged.isEmpty()) {
      out.add(
          new Finding(
              SupportRule.STATIC_ONLY,
              "Cannot restrict clustering columns when selecting only static columns: return a"
                  + " row's column too, or give no clustering column"));
    }

    // Clustering columns (processClusteringColumnsRestrictions): a prefix, at most one range and
    // nothing after it, unless an index serves the query.
    boolean clusteringFiltered = false;
    boolean clusteringContains = merged.values().stream().anyMatch(c -> inFilter(kind(by.get(c))));
    int expected = 0;
    if (clusteringContains && !anyServed) {
      out.add(
          new Finding(
              SupportRule.FILTERING,
              "Clustering columns can only be restricted with CONTAINS with a secondary index or"
                  + " filtering"));
    }
    for (var e : merged.entrySet()) {
      if (firstOf.get(e.getKey()) != (int) e.getKey()) {
        // Part of the multi-column restriction before it.
        continue;
      }
      if (e.getKey() != expected || inFilter(kind(by.get(e.getValue())))) {
        clusteringFiltered = true;
        break;
      }
      if (kind(by.get(e.getValue())) != Kind.SLICE) {
        expected = lastOf.get(e.getKey()) + 1;
      }
    }
    if (clusteringFiltered) {
      if (anyServed) {
        usesIndex = true;
      } else if (!afterRange && !clusteringContains) {
        int i = 0;
        for (CqlIdentifier restricted : merged.values()) {
          CqlIdentifier declared = clustering.get(i++).name();
          if (!declared.equals(restricted)) {
            out.add(
                new Finding(
                    SupportRule.CLUSTERING_PREFIX,
                    "PRIMARY KEY column "
                        + restricted.asCql()
                        + " cannot be restricted as preceding column "
                        + declared.asCql()
                        + " is not restricted"));
            break;
          }
        }
      }
    }
    if (keyRange && clusteringServed) {
      usesIndex = true;
    }
    boolean clusteringToIndex = usesIndex || clusteringFiltered;

    // With ANN ordering, the other restrictions must be on indexed columns, unless they are on
    // clustering columns, read in key order within a partition given whole.
    if (ann != null) {
      String problem =
          annRestrictionsProblem(
              key,
              indexes,
              by,
              pkFiltered,
              // token() alone leaves no part of the partition key unrestricted
              // (TokenRestriction.hasUnrestrictedPartitionKeyComponents).
              pkNone && !token.isEmpty() ? List.of() : unrestricted,
              clusteringFiltered,
              merged.values());
      if (problem != null) {
        out.add(new Finding(SupportRule.ANN, problem));
        return out;
      }
    }

    // Columns outside the primary key: an index must serve one of the query's restrictions.
    List<CqlIdentifier> nonKey = new ArrayList<>();
    for (CqlIdentifier c : by.keySet()) {
      if (!key.isKeyColumn(c)) {
        nonKey.add(c);
      }
    }
    if (!nonKey.isEmpty() || ann != null) {
      if (anyServed) {
        usesIndex = true;
      } else {
        for (CqlIdentifier c : nonKey) {
          out.add(new Finding(SupportRule.FILTERING, whyFiltered(c, indexes, by.get(c))));
        }
      }
    }

    // "Select on indexed columns and with IN clause for the PRIMARY KEY are not supported".
    if (usesIndex && pkIn) {
      out.add(
          new Finding(
              SupportRule.INDEX_IN,
              "Select on indexed columns and with IN clause for the PRIMARY KEY are not"
                  + " supported: give the partition key by ="));
    }

    // SELECT DISTINCT (SelectStatement.validateDistinctSelection): partitions, not rows.
    if (distinct) {
      // With IN on the partition key, the rows are ordered after the query: the ORDER BY columns
      // are requested too (getResultSetOrdering).
      List<CqlIdentifier> requested = new ArrayList<>(query.returned());
      if (pkIn && !requested.isEmpty()) {
        query.orderBy().forEach(o -> requested.add(o.column()));
      }
      String problem =
          select.perPartitionLimit()
              ? "PER PARTITION LIMIT is not allowed with SELECT DISTINCT queries (it returns one row"
                  + " per partition): remove it"
              : distinctProblem(table, withAnn(by, ann), requested, keyRange);
      if (problem != null) {
        out.add(new Finding(SupportRule.DISTINCT, problem));
      }
    }

    // An aggregate of the whole query with PER PARTITION LIMIT (SelectStatement.prepare).
    boolean grouped = !groupBy.isEmpty() || select.groupByFunction() != null;
    if (!grouped && select.aggregate() && select.perPartitionLimit() && !distinct) {
      out.add(
          new Finding(
              SupportRule.GROUP_BY,
              "PER PARTITION LIMIT is not allowed with aggregate queries: group by the partition key"
                  + " (GROUP BY "
                  + names(key.partitionKey())
                  + ") to aggregate each partition, or remove it"));
    }

    // GROUP BY (SelectStatement.getAggregationSpecFactory).
    if (grouped) {
      String problem = groupByProblem(table, by, groupBy, select.groupByFunction(), distinct);
      if (problem != null) {
        out.add(new Finding(SupportRule.GROUP_BY, problem));
      }
    }

    // ORDER BY.
    if (!query.orderBy().isEmpty()) {
      String problem = orderProblem(key, by, query.orderBy(), usesIndex, !keyRange);
      if (problem != null) {
        out.add(new Finding(SupportRule.ORDER, problem));
      }
    }

    // Filtering (SelectStatement.checkNeedsFiltering): what goes to the indexes must be answered
    // by one index group; clustering restrictions without any partition key need an index.
    boolean filteringFound = out.stream().anyMatch(f -> FILTERED.contains(f.rule()));
    if ((keyRange || usesIndex) && !filteringFound) {
      List<CqlIdentifier> toIndex = new ArrayList<>();
      for (CqlIdentifier c : by.keySet()) {
        boolean isPk = key.isPartitionKey(c);
        boolean isClustering = key.clusteringColumn(c) != null;
        if ((isPk && pkToIndex)
            || (isClustering && clusteringToIndex)
            || (!isPk && !isClustering)) {
          toIndex.add(c);
        }
      }
      // Nothing handed to the indexes is a query without partition key and index, said above.
      List<CqlIdentifier> unserved =
          toIndex.isEmpty() ? List.of() : unserved(indexes, by, toIndex, ann != null);
      // A top-k query is answered from the storage-attached indexes' plan: an index of its own
      // serving another restriction may be chosen instead, and then the node fails to order.
      List<CqlIdentifier> builtIn =
          ann == null
              ? List.of()
              : toIndex.stream()
                  .filter(c -> served(indexes, c, by.get(c)) && !indexes.grouped().contains(c))
                  .toList();
      if (!builtIn.isEmpty()) {
        out.add(
            new Finding(
                SupportRule.ANN,
                names(builtIn)
                    + (builtIn.size() == 1 ? " has an index" : " have indexes")
                    + " of its own (not storage-attached) and the ANN ordering needs the"
                    + " storage-attached ones to answer the query: Cassandra refuses it, and with"
                    + " ALLOW FILTERING 5.0.9 fails running it; make "
                    + (builtIn.size() == 1 ? "it an SAI index" : "them SAI indexes")
                    + " (USING 'sai')"));
      } else if (!unserved.isEmpty()) {
        out.add(
            new Finding(
                SupportRule.FILTERING,
                whyFiltered(key, indexes, by, unserved, unrestricted, toIndex)));
      }
    }

    if (supported(out)) {
      if (ann != null) {
        out.add(
            new Finding(
                SupportRule.INDEX,
                "Searched by similarity through the storage-attached index on "
                    + ann.asCql()
                    + (keyRange
                        ? ": every node is asked for its nearest rows, and the LIMIT nearest of"
                            + " them are returned"
                        : ", within the partition")));
      } else if (usesIndex) {
        out.add(
            new Finding(
                SupportRule.INDEX,
                keyRange
                    ? "Served by a secondary index: every node is asked; a table keyed by the"
                        + " indexed attribute reads one partition"
                    : "Served by a secondary index within the partition: its rows are found"
                        + " through the index on "
                        + names(
                            by.keySet().stream()
                                .filter(c -> served(indexes, c, by.get(c)))
                                .toList())
                        + "; clustering columns in key order read them directly"));
      } else if (pkIn || pkNone) {
        out.add(
            new Finding(
                SupportRule.MANY_PARTITIONS,
                pkIn
                    ? "IN on the partition key reads one partition per value"
                    : onToken
                        ? "token("
                            + names(pk)
                            + ") selects a range of partitions: the query reads every partition"
                            + " in it"
                        : "No partition key is given: the query reads the whole table"));
      }
    }
    return out;
  }

  /**
   * How Cassandra merges a column's restrictions: one {@code =}, one {@code IN}, a slice, a {@code
   * CONTAINS} (or {@code CONTAINS KEY}: a script's SELECT holds one per column), or a {@code LIKE}.
   */
  private enum Kind {
    EQ,
    IN,
    SLICE,
    CONTAINS,
    LIKE
  }

  /**
   * Whether a clustering column's restriction of that kind is left to the indexes or to filtering
   * whatever its place ({@code ClusteringColumnRestrictions.handleInFilter}: CONTAINS and LIKE).
   */
  private static boolean inFilter(Kind kind) {
    return kind == Kind.CONTAINS || kind == Kind.LIKE;
  }

  private static Kind kind(List<Operator> ops) {
    if (ops.contains(Operator.IN)) {
      return Kind.IN;
    }
    if (ops.stream().anyMatch(Operator::contains)) {
      return Kind.CONTAINS;
    }
    if (ops.contains(Operator.LIKE)) {
      return Kind.LIKE;
    }
    return ops.stream().allMatch(op -> op == Operator.EQ) ? Kind.EQ : Kind.SLICE;
  }

  /** Whether an index serves the column's merged restriction (no index serves IN). */
  private static boolean served(IndexedColumns indexes, CqlIdentifier c, List<Operator> ops) {
    return switch (kind(ops)) {
      case EQ -> indexes.serves(c, Operator.EQ);
      case IN -> false;
      case SLICE -> indexes.serves(c, Operator.GT);
        // Served when an index serves one of them (ContainsRestriction.isSupportedBy).
      case CONTAINS -> ops.stream().anyMatch(op -> op.contains() && indexes.serves(c, op));
      case LIKE -> indexes.serves(c, Operator.LIKE);
    };
  }

  /**
   * Why Cassandra refuses the SELECT's {@code LIKE} relations: a column no index serves by {@code
   * LIKE} ("LIKE restriction is only supported on properly indexed columns", when it prepares), a
   * pattern written whose form the column's SASI index does not serve, or with no text between its
   * wildcards (when it runs: "... is only supported on properly indexed columns", "LIKE value can't
   * be empty.").
   */
  private static List<Finding> likeProblems(
      Table table,
      IndexedColumns indexes,
      Map<CqlIdentifier, List<Operator>> by,
      Map<CqlIdentifier, LikePattern> patterns,
      String tableCql) {
    List<Finding> out = new ArrayList<>();
    for (var e : by.entrySet()) {
      CqlIdentifier c = e.getKey();
      if (!e.getValue().contains(Operator.LIKE) || indexes.serves(c, Operator.LIKE)) {
        continue;
      }
      var column = table.column(c).orElseThrow();
      boolean text =
          column.type() == org.keyspacestudio.model.type.NativeType.TEXT
              || column.type() == org.keyspacestudio.model.type.NativeType.ASCII;
      String why;
      if (text && table.primaryKey().isDescending(c)) {
        why =
            c.asCql()
                + " is a clustering column in descending order, whose values SASI reads reversed,"
                + " not as text: its SASI index needs WITH OPTIONS = {'is_literal': 'true'}"
                + " (the node needs sasi_indexes_enabled: true)";
      } else if (table.primaryKey().isPartitionKey(c)) {
        why =
            c.asCql()
                + " is a partition key column, which no index matching patterns (SASI) takes:"
                + " give it by =, or match the pattern in the application";
      } else if (!text) {
        why =
            c.asCql()
                + " is "
                + column.type().asCql()
                + ": SASI matches patterns only in text or ascii values";
      } else {
        why =
            c.asCql()
                + " needs a SASI index (CREATE CUSTOM INDEX ON "
                + tableCql
                + " ("
                + c.asCql()
                + ") USING 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode':"
                + " 'CONTAINS'}; the node needs sasi_indexes_enabled: true); no other index"
                + " matches patterns"
                + (indexes.indexed(c) ? ", its own among them" : "");
      }
      out.add(
          new Finding(
              SupportRule.LIKE,
              "LIKE restriction is only supported on properly indexed columns: " + why));
    }
    if (!out.isEmpty()) {
      return out;
    }
    for (var e : patterns.entrySet()) {
      CqlIdentifier c = e.getKey();
      LikePattern form = e.getValue();
      if (form == LikePattern.EMPTY) {
        out.add(
            new Finding(
                SupportRule.LIKE,
                "LIKE value can't be empty: "
                    + c.asCql()
                    + "'s pattern holds no text besides its wildcards, and the node refuses it"
                    + " when the query runs"));
      } else if (indexes.serves(c, Operator.LIKE) && !indexes.servesPattern(c, form)) {
        String refused =
            " when the query runs (\"... is only supported on properly indexed columns\")";
        out.add(
            new Finding(
                SupportRule.LIKE,
                form == LikePattern.PREFIX
                    ? c.asCql()
                        + " LIKE searches by prefix (a pattern like 'abc%'), which a SASI index in"
                        + " mode CONTAINS"
                        + " splitting values into words (its analyzer) does not serve: the node"
                        + " refuses it"
                        + refused
                        + "; search by substring ('%abc%'), or drop the analyzer"
                    : c.asCql()
                        + " LIKE searches by "
                        + (form == LikePattern.SUFFIX ? "suffix" : "substring")
                        + " (a pattern like "
                        + form.example()
                        + "), which a SASI index serves only in mode CONTAINS: the node refuses it"
                        + refused
                        + "; make the index WITH OPTIONS = {'mode': 'CONTAINS'}"));
      }
    }
    return out;
  }

  /**
   * Why Cassandra refuses the relations on the column whatever the query's other parts, or null:
   * {@code CONTAINS} on a column that is no collection, {@code CONTAINS KEY} on one that is no map,
   * a map entry ({@code c[key] = value}) of a list, of a column that is no map or of a frozen map,
   * {@code =}, {@code IN} or a range on a non-frozen collection, any relation on a non-frozen UDT
   * ({@code SingleColumnRelation.toReceivers}, 5.0); {@code !=} and {@code IS NOT NULL} on any
   * column ({@code Relation.toRestriction}, {@code StatementRestrictions}).
   */
  private static String refusedRelation(
      org.keyspacestudio.model.schema.Column column, List<Operator> ops) {
    var type = column.type();
    String name = column.name().asCql();
    for (Operator op : ops) {
      if (op == Operator.NEQ) {
        return "Unsupported \"!=\" relation: "
            + name
            + " != ?: a SELECT has no !=; give the values wanted (= or IN, or a range), or leave"
            + " out the rows in the application";
      }
      if (op == Operator.IS_NOT_NULL) {
        return "Unsupported restriction: "
            + name
            + " IS NOT NULL (only a materialized view's WHERE takes it); leave out the rows"
            + " without it in the application";
      }
      if (op == Operator.CONTAINS
          && !(type instanceof org.keyspacestudio.model.type.CollectionType)) {
        return "Cannot use CONTAINS on non-collection column " + name;
      }
      if (op == Operator.CONTAINS_KEY && !(type instanceof CollectionType.MapType)) {
        return "Cannot use CONTAINS KEY on non-map column " + name;
      }
      if (op == Operator.ENTRY) {
        if (type instanceof CollectionType.ListType) {
          return "Indexes on list entries ("
              + name
              + "[index] = value) are not currently supported: search its values with CONTAINS";
        }
        if (!(type instanceof CollectionType.MapType)) {
          return "Column " + name + " cannot be used as a map";
        }
        if (!type.isMultiCell()) {
          return "Map-entry equality predicates on frozen map column "
              + name
              + " are not supported: compare the whole map, or make it not frozen";
        }
      }
      if (type.isMultiCell() && type instanceof org.keyspacestudio.model.type.UserTypeRef) {
        return "Non-frozen UDT column "
            + name
            + " ("
            + type.asCql()
            + ") cannot be restricted by"
            + " any relation";
      }
      if (type.isMultiCell() && !op.contains()) {
        return "Collection column "
            + name
            + " ("
            + type.asCql()
            + ") cannot be restricted by a '"
            + op.symbol()
            + "' relation: search its elements with CONTAINS"
            + (type instanceof CollectionType.MapType ? " or its keys with CONTAINS KEY" : "");
      }
    }
    return null;
  }

  /**
   * The restrictions handed to the indexes that the best index group does not answer: all the
   * storage-attached indexes form one group, every other index its own ({@code
   * IndexRestrictions.needsFiltering}). Empty when one group answers them all. With {@code
   * storageAttachedOnly} (an ANN ordering, which only the storage-attached group answers), only
   * that group is tried.
   */
  private static List<CqlIdentifier> unserved(
      IndexedColumns indexes,
      Map<CqlIdentifier, List<Operator>> by,
      List<CqlIdentifier> toIndex,
      boolean storageAttachedOnly) {
    List<java.util.Set<CqlIdentifier>> groups = new ArrayList<>();
    if (!indexes.grouped().isEmpty()) {
      groups.add(indexes.grouped());
    }
    java.util.Set<CqlIdentifier> each = new java.util.LinkedHashSet<>(indexes.equality());
    each.addAll(indexes.ranges());
    each.addAll(indexes.values());
    each.addAll(indexes.keys());
    each.addAll(indexes.entries());
    each.addAll(indexes.likes().keySet());
    for (CqlIdentifier c : each) {
      if (!indexes.grouped().contains(c) && !storageAttachedOnly) {
        groups.add(Set.of(c));
      }
    }
    List<CqlIdentifier> best = null;
    for (Set<CqlIdentifier> group : groups) {
      // Several CONTAINS on one column are answered by a storage-attached index; a built-in one
      // answers one of them and leaves the rest to filtering (ContainsRestriction.needsFiltering,
      // Index.filtersMultipleContains).
      boolean builtIn = group != indexes.grouped();
      List<CqlIdentifier> left = new ArrayList<>();
      for (CqlIdentifier c : toIndex) {
        if (!group.contains(c)
            || !served(indexes, c, by.get(c))
            || (builtIn && severalContains(by.get(c)))) {
          left.add(c);
        }
      }
      if (best == null || left.size() < best.size()) {
        best = left;
      }
    }
    return best == null ? toIndex : best;
  }

  /** Whether the column is searched by more than one CONTAINS, CONTAINS KEY or map entry. */
  private static boolean severalContains(List<Operator> ops) {
    return ops.stream().filter(Operator::contains).count() > 1;
  }

  /** Why a column outside the key, restricted without an index that serves it, is filtered. */
  private static String whyFiltered(CqlIdentifier c, IndexedColumns indexes, List<Operator> ops) {
    if (ops.contains(Operator.ENTRY)) {
      return c.asCql()
          + "[key] = value needs an index on its entries (entries("
          + c.asCql()
          + ")): Cassandra would have to filter";
    }
    if (ops.contains(Operator.CONTAINS_KEY)) {
      return c.asCql()
          + " CONTAINS KEY needs an index on its keys (keys("
          + c.asCql()
          + ")): Cassandra would have to filter";
    }
    if (ops.contains(Operator.CONTAINS)) {
      return c.asCql()
          + " CONTAINS needs an index on its values ("
          + c.asCql()
          + "): Cassandra would have to filter";
    }
    return c.asCql()
        + " is not in the primary key"
        + (indexes.ranges().contains(c)
            ? " and its index serves = and ranges, not IN"
            : indexes.equality().contains(c) ? " and its index serves only =" : " and has no index")
        + ": Cassandra would have to filter; make it a key column of this table";
  }

  /**
   * Why the restrictions handed to the indexes need filtering: what no single index group serves.
   */
  private static String whyFiltered(
      PrimaryKey key,
      IndexedColumns indexes,
      Map<CqlIdentifier, List<Operator>> by,
      List<CqlIdentifier> unserved,
      List<CqlIdentifier> unrestrictedPk,
      List<CqlIdentifier> toIndex) {
    CqlIdentifier searched =
        unserved.stream()
            .filter(
                c ->
                    severalContains(by.get(c))
                        && !indexes.grouped().contains(c)
                        && served(indexes, c, by.get(c)))
            .findFirst()
            .orElse(null);
    if (searched != null) {
      return searched.asCql()
          + " is searched by several CONTAINS: its built-in index answers one of them and Cassandra"
          + " would filter on the others; make it a storage-attached index (USING 'sai'), which"
          + " answers them all";
    }
    boolean eachServed = unserved.stream().allMatch(c -> served(indexes, c, by.get(c)));
    if (eachServed) {
      List<CqlIdentifier> indexed =
          toIndex.stream().filter(c -> served(indexes, c, by.get(c))).toList();
      return names(indexed)
          + " each have an index of their own (not storage-attached), and Cassandra answers a"
          + " query from one index: it would read through one and filter on the others; make them"
          + " SAI indexes (USING 'sai'), which answer together, or key a table by them";
    }
    CqlIdentifier first = unserved.get(0);
    if (key.isPartitionKey(first)) {
      return "With an index, a partition key given in part ("
          + names(unrestrictedPk)
          + " missing) needs filtering: give all of it, or none";
    }
    if (key.clusteringColumn(first) != null) {
      return "With an index, restrictions on clustering columns ("
          + names(unserved.stream().filter(c -> key.clusteringColumn(c) != null).toList())
          + ") need filtering unless the whole partition key is given and they follow the"
          + " clustering order";
    }
    return whyFiltered(first, indexes, by.get(first));
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
   * #check(Table, IndexedColumns, TableQuery)}. With it, the refusals Cassandra then lifts (a
   * partition key not given by = or IN, clustering restrictions out of key order, restrictions no
   * index group serves) become one {@link SupportRule#ALLOW_FILTERING} warning naming them, unless
   * another error still stops the SELECT (ORDER BY, static columns, conflicting restrictions, an
   * index with IN on the partition key): then those errors alone.
   *
   * @param table the table (its primary key and columns), not null
   * @param indexes what the table's secondary indexes serve, not null
   * @param query the restrictions and ordering, not null
   * @param allowFiltering whether the SELECT ends with {@code ALLOW FILTERING}
   * @return the findings, errors first; empty when the SELECT reads one partition and Cassandra
   *     prepares it
   */
  public static List<Finding> check(
      Table table, IndexedColumns indexes, TableQuery query, boolean allowFiltering) {
    // A workflow query: a SELECT of its restrictions, ordering and columns alone.
    return judge(
        table,
        indexes,
        ScriptSelect.of(table.name(), query).withAllowFiltering(allowFiltering),
        ref -> null);
  }

  /**
   * What stops a script's SELECT on the table, or weakens it: as {@link #check(Table,
   * IndexedColumns, TableQuery, boolean)}, and for a {@code SELECT DISTINCT}, which reads
   * partitions, only partition key and static columns returned and restricted, and no {@code PER
   * PARTITION LIMIT} ({@link SupportRule#DISTINCT}); for a {@code GROUP BY}, primary key columns in
   * their declared order ({@link SupportRule#GROUP_BY}); for {@code token()}, the whole partition
   * key in its order ({@link SupportRule#TOKEN}), a range of partitions unless the partition key is
   * also given whole; for a multi-column relation, consecutive clustering columns in their order
   * ({@link SupportRule#MULTI_COLUMN}), one clustering restriction from its first column; for an
   * {@code ANN OF} ordering, a vector of floats with a storage-attached index, alone, ascending,
   * with a LIMIT of at most 1000, no PER PARTITION LIMIT nor aggregation, the other restrictions on
   * indexed columns ({@link SupportRule#ANN}, as a 5.0.9 node prepares and runs it). None of these
   * is lifted by ALLOW FILTERING.
   *
   * @param table the table (its primary key and columns) or the view's rows, not null
   * @param indexes what the table's secondary indexes serve, not null
   * @param select the SELECT as read (for DISTINCT, no column returned means every column), not
   *     null
   * @return the findings, errors first; empty when the SELECT reads one partition and Cassandra
   *     prepares it
   */
  public static List<Finding> check(Table table, IndexedColumns indexes, ScriptSelect select) {
    return judge(table, indexes, select, ref -> null);
  }

  /**
   * As {@link #check(Table, IndexedColumns, ScriptSelect)}, with the keyspace's user types, which a
   * user type literal the SELECT compares a column with is read against.
   *
   * @param fields the keyspace's user types, by their fields, not null
   */
  public static List<Finding> check(
      Table table, IndexedColumns indexes, ScriptSelect select, ConstantTypes.UserTypes fields) {
    return judge(table, indexes, select, fields);
  }

  private static List<Finding> judge(
      Table table, IndexedColumns indexes, ScriptSelect select, ConstantTypes.UserTypes fields) {
    List<Finding> judged = judgeRestrictions(table, indexes, select, fields);
    if (!supported(judged)) {
      return judged;
    }
    // What the node takes and reads otherwise than the SELECT seems to say.
    List<Finding> out = new ArrayList<>(judged);
    for (ScriptSelect.Given g : select.columnValues()) {
      Column c = table.column(g.column()).orElse(null);
      CqlType receiver = c == null ? null : receiver(c, g.operator());
      String note =
          receiver == null ? null : ConstantTypes.note(g.value(), receiver, shown(c, g.operator()));
      if (note != null) {
        out.add(new Finding(SupportRule.VALUE_READ_AS, note));
      }
    }
    return out;
  }

  private static List<Finding> judgeRestrictions(
      Table table, IndexedColumns indexes, ScriptSelect select, ConstantTypes.UserTypes fields) {
    List<Finding> plain = analyse(table, indexes, select, fields);
    if (!select.allowFiltering() || supported(plain)) {
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

  /**
   * Why Cassandra refuses a SELECT DISTINCT, or null: a restriction on a clustering column or on a
   * regular column, a column returned that is neither in the partition key nor static (every column
   * for {@code *}), or, when the query does not give the whole partition key by = or IN, a
   * partition key column not returned.
   */
  private static String distinctProblem(
      Table table,
      Map<CqlIdentifier, List<Operator>> by,
      List<CqlIdentifier> returned,
      boolean keyRange) {
    PrimaryKey key = table.primaryKey();
    for (CqlIdentifier c : by.keySet()) {
      boolean isStatic = table.column(c).map(x -> x.isStatic()).orElse(false);
      if (key.clusteringColumn(c) != null || (!key.isPartitionKey(c) && !isStatic)) {
        return "SELECT DISTINCT with WHERE clause only supports restriction by partition key"
            + " and/or static columns (not "
            + c.asCql()
            + ")";
      }
    }
    List<CqlIdentifier> requested =
        returned.isEmpty()
            ? table.columns().stream().map(org.keyspacestudio.model.schema.Column::name).toList()
            : returned;
    for (CqlIdentifier c : requested) {
      boolean isStatic = table.column(c).map(x -> x.isStatic()).orElse(false);
      if (!key.isPartitionKey(c) && !isStatic) {
        return "SELECT DISTINCT queries must only request partition key columns and/or static"
            + " columns (not "
            + c.asCql()
            + (returned.isEmpty() ? ", which * returns" : "")
            + ")";
      }
    }
    if (keyRange) {
      for (CqlIdentifier c : key.partitionKey()) {
        if (!requested.contains(c)) {
          return "SELECT DISTINCT queries must request all the partition key columns (missing "
              + c.asCql()
              + ")";
        }
      }
    }
    return null;
  }

  /**
   * Why Cassandra refuses a GROUP BY, or null: each column of the primary key, taken in its
   * declared order, up to the last one grouped on, must be grouped on or given by {@code =}; the
   * grouping must cover the whole partition key; a SELECT DISTINCT may not group on clustering
   * columns.
   */
  private static String groupByProblem(
      Table table,
      Map<CqlIdentifier, List<Operator>> by,
      List<CqlIdentifier> columns,
      ScriptSelect.GroupByFunction function,
      boolean distinct) {
    PrimaryKey key = table.primaryKey();
    // The columns grouped by, in order, the function standing for its column.
    List<CqlIdentifier> groupBy = new ArrayList<>(columns);
    if (function != null) {
      String problem = groupByFunctionProblem(table, function);
      if (problem != null) {
        return problem;
      }
      if (function.at() < columns.size()) {
        return "Functions are only supported on the last element of the GROUP BY clause: move "
            + function.name()
            + "(...) after "
            + names(columns);
      }
      groupBy.add(function.columns().get(0));
    }
    List<CqlIdentifier> keyColumns = new ArrayList<>(key.partitionKey());
    key.clustering().forEach(cc -> keyColumns.add(cc.name()));
    String order =
        "Group by currently only support groups of columns following their declared order in the"
            + " PRIMARY KEY ("
            + names(keyColumns)
            + "), skipping only columns given by =";
    int next = 0;
    int clusteringPrefix = 0;
    for (CqlIdentifier g : groupBy) {
      if (!keyColumns.contains(g)) {
        return "Group by is currently only supported on the columns of the PRIMARY KEY, got "
            + g.asCql();
      }
      while (true) {
        if (next >= keyColumns.size()) {
          return order;
        }
        CqlIdentifier c = keyColumns.get(next++);
        if (key.clusteringColumn(c) != null) {
          clusteringPrefix++;
        }
        if (c.equals(g)) {
          break;
        }
        List<Operator> ops = by.get(c);
        if (ops == null || !ops.stream().allMatch(op -> op == Operator.EQ)) {
          return order;
        }
      }
    }
    if (next < keyColumns.size() && key.isPartitionKey(keyColumns.get(next))) {
      return "Group by is not supported on only a part of the partition key: group by "
          + names(key.partitionKey())
          + " first";
    }
    if (clusteringPrefix > 0 && distinct) {
      return "Grouping on clustering columns is not allowed for SELECT DISTINCT queries";
    }
    return null;
  }

  /**
   * How many arguments {@code floor} takes after a column of each type: its signatures take a
   * {@code timestamp}, {@code timeuuid} or {@code date} and a duration, and a start, a {@code time}
   * and a duration (5.0's {@code TimeFcts}). A column of another type is matched by value: a {@code
   * bigint} with a start only (with two arguments the call is ambiguous), as Cassandra 5.0.9
   * resolved each native type of a clustering column. An {@code int} is matched as a {@code date}
   * too, but a node then fails running the query ({@link #groupByFunctionProblem}).
   */
  private static final Map<org.keyspacestudio.model.type.NativeType, Set<Integer>> FLOORED =
      Map.of(
          org.keyspacestudio.model.type.NativeType.TIMESTAMP, Set.of(2, 3),
          org.keyspacestudio.model.type.NativeType.TIMEUUID, Set.of(2, 3),
          org.keyspacestudio.model.type.NativeType.DATE, Set.of(2, 3),
          org.keyspacestudio.model.type.NativeType.TIME, Set.of(2),
          org.keyspacestudio.model.type.NativeType.BIGINT, Set.of(3));

  /**
   * The time conversions a GROUP BY may apply to a clustering column (monotonic, so a node runs
   * them), by name in lower case, and the types of column each takes: its signatures' ({@code
   * TimeFcts}: {@code toDate} of a timeuuid or a timestamp, {@code toTimestamp} of a timeuuid or a
   * date, {@code toUnixTimestamp} of any of the three; 5.0 also names them {@code to_date}, {@code
   * to_timestamp}, {@code to_unix_timestamp}) and the types Cassandra 5.0.9 matches to them by
   * value (a {@code bigint} as a timestamp, an {@code int} as a date).
   */
  private static final Map<String, Set<org.keyspacestudio.model.type.NativeType>> CONVERTED =
      Map.of(
          "todate",
          Set.of(
              org.keyspacestudio.model.type.NativeType.TIMEUUID,
              org.keyspacestudio.model.type.NativeType.TIMESTAMP,
              org.keyspacestudio.model.type.NativeType.BIGINT),
          "totimestamp",
          Set.of(
              org.keyspacestudio.model.type.NativeType.TIMEUUID,
              org.keyspacestudio.model.type.NativeType.DATE,
              org.keyspacestudio.model.type.NativeType.INT),
          "tounixtimestamp",
          Set.of(
              org.keyspacestudio.model.type.NativeType.TIMEUUID,
              org.keyspacestudio.model.type.NativeType.TIMESTAMP,
              org.keyspacestudio.model.type.NativeType.DATE,
              org.keyspacestudio.model.type.NativeType.INT,
              org.keyspacestudio.model.type.NativeType.BIGINT));

  /**
   * Why Cassandra refuses a GROUP BY's function itself, or null: an aggregate, another native
   * function that is not monotonic (refused when the query runs), {@code floor} or a time
   * conversion of other than one clustering column of a type its signatures take ({@code
   * SelectStatement.getAggregationSpecFactory}, {@link #FLOORED}, {@link #CONVERTED}), or {@code
   * floor} of an {@code int}, which a 5.0.9 node prepares and then fails to run.
   */
  private static String groupByFunctionProblem(Table table, ScriptSelect.GroupByFunction f) {
    // Cassandra 5.0 names each conversion twice: toDate and to_date (TimeFcts).
    String conversion = f.name().replace("_", "");
    if (!NativeScalarFunctions.isNative(f.name())) {
      return "Aggregate functions are not supported within the GROUP BY clause, got: system."
          + f.name();
    }
    boolean judged = f.name().equals("floor") || CONVERTED.containsKey(conversion);
    if (f.columns().isEmpty()) {
      return "GROUP BY functions must have one clustering column name as parameter";
    }
    if (f.columns().size() > 1) {
      return "GROUP BY functions accept only one clustering column as parameter, got: "
          + String.join(",", f.columns().stream().map(CqlIdentifier::asCql).toList());
    }
    CqlIdentifier c = f.columns().get(0);
    var column = table.column(c).orElse(null);
    if (column == null) {
      return "Undefined column name " + c.asCql() + " in table " + table.name().asCql();
    }
    if (!judged) {
      // Prepared when its arguments fit, then refused when the query runs (the node asks the
      // selector: ScalarFunctionSelector.validateForGroupBy).
      return table.primaryKey().clusteringColumn(c) == null
          ? "Group by functions are only supported on clustering columns, got " + c.asCql()
          : "Only monotonic functions are supported in the GROUP BY clause. Got: system."
              + f.name()
              + ": the node refuses it when the query runs; group by "
              + c.asCql()
              + " itself, floor("
              + c.asCql()
              + ", 1h) or a time conversion such as toDate("
              + c.asCql()
              + ")";
    }
    if (CONVERTED.containsKey(conversion)) {
      if (f.arguments() != 1
          || !(column.type() instanceof org.keyspacestudio.model.type.NativeType n
              && CONVERTED.get(conversion).contains(n))) {
        return "Invalid call to function "
            + f.name()
            + ", none of its type signatures match: "
            + c.asCql()
            + " is "
            + column.type().asCql();
      }
      return table.primaryKey().clusteringColumn(c) == null
          ? "Group by functions are only supported on clustering columns, got " + c.asCql()
          : null;
    }
    if (column.type() == org.keyspacestudio.model.type.NativeType.INT) {
      // Prepared (an int's bytes read as a date), then refused on every row by a 5.0.9 node: a
      // value of 0 or more is a date before 1970, before floor's start (NodeSelectsTest).
      return "floor of an int column: Cassandra reads "
          + c.asCql()
          + " as a date and fails running the query on any value of 0 or more (\"The floor"
          + " function starting time is greater than the provided time\"); group by a timestamp,"
          + " date or timeuuid column";
    }
    if (column.type() == org.keyspacestudio.model.type.NativeType.BIGINT && f.arguments() == 2) {
      return "Ambiguous call to function floor: "
          + c.asCql()
          + " is a bigint, which matches more than one of floor's signatures; give a start"
          + " (floor("
          + c.asCql()
          + ", 1h, 0)), or make it a timestamp";
    }
    if (!(column.type() instanceof org.keyspacestudio.model.type.NativeType n
        && FLOORED.getOrDefault(n, Set.of()).contains(f.arguments()))) {
      return "Invalid call to function floor, none of its type signatures match: it takes a"
          + " timestamp, timeuuid, date or time column and a duration (floor("
          + c.asCql()
          + ", 1h)), and a start but for a time; "
          + c.asCql()
          + " is "
          + column.type().asCql();
    }
    if (table.primaryKey().clusteringColumn(c) == null) {
      return "Group by functions are only supported on clustering columns, got " + c.asCql();
    }
    return null;
  }

  /** Why restrictions on one column conflict, or null when they do not. */
  private static String conflict(List<Operator> ops) {
    if (ops.size() < 2) {
      return null;
    }
    if (ops.contains(Operator.LIKE)) {
      return "cannot be restricted by more than one relation if it includes a LIKE";
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

  /**
   * Why Cassandra refuses the SELECT's token() relations whatever its other parts: a column it does
   * not have, arguments other than the whole partition key in its declared order ({@code
   * TokenRelation.toReceivers}), {@code IN} or {@code CONTAINS} ({@code TokenRelation}), two
   * relations where one is {@code =} or two bounds on one side ({@code
   * TokenRestriction.doMergeWith}), in the order written.
   */
  private static List<Finding> tokenProblems(Table table, List<ScriptSelect.TokenRelation> token) {
    List<Finding> out = new ArrayList<>();
    List<CqlIdentifier> pk = table.primaryKey().partitionKey();
    ScriptSelect.TokenRelation first = null;
    boolean start = false;
    boolean end = false;
    for (ScriptSelect.TokenRelation t : token) {
      CqlIdentifier missing =
          t.columns().stream().filter(c -> table.column(c).isEmpty()).findFirst().orElse(null);
      if (missing != null) {
        out.add(
            new Finding(
                SupportRule.ATTRIBUTE_MISSING,
                "Undefined column name " + missing.asCql() + " in table " + table.name().asCql()));
        return out;
      }
      if (t.operator() == Operator.IN || t.operator().contains()) {
        out.add(
            new Finding(
                SupportRule.TOKEN,
                t.operator().symbol()
                    + " cannot be used with the token function: compare token("
                    + names(pk)
                    + ") by = or a range"));
        return out;
      }
      if (!t.columns().equals(pk)) {
        String why;
        if (!t.columns().containsAll(pk)) {
          why =
              "The token() function must be applied to all partition key components or none of them";
        } else if (new java.util.HashSet<>(t.columns()).size() < t.columns().size()) {
          why = "The token() function contains duplicate partition key components";
        } else if (!pk.containsAll(t.columns())) {
          why = "The token() function must contains only partition key components";
        } else {
          why = "The token function arguments must be in the partition key order";
        }
        out.add(new Finding(SupportRule.TOKEN, why + ": write token(" + names(pk) + ")"));
        return out;
      }
      if (first != null) {
        String conflict = null;
        if (first.operator() == Operator.EQ) {
          conflict =
              names(pk) + " cannot be restricted by more than one relation if it includes an Equal";
        } else if (t.operator() == Operator.EQ) {
          conflict =
              "Columns \""
                  + names(pk)
                  + "\" cannot be restricted by both an equality and an inequality relation";
        } else if (lower(t.operator()) ? start : end) {
          conflict =
              "More than one restriction was found for the "
                  + (lower(t.operator()) ? "start" : "end")
                  + " bound on "
                  + names(pk);
        }
        if (conflict != null) {
          out.add(new Finding(SupportRule.CONFLICTING_RESTRICTIONS, "token(...): " + conflict));
          return out;
        }
      } else {
        first = t;
      }
      if (t.operator() != Operator.EQ) {
        if (lower(t.operator())) {
          start = true;
        } else {
          end = true;
        }
      }
    }
    return out;
  }

  /** A relation of the WHERE clause: on one column, or a multi-column one on several. */
  private record Relation(List<CqlIdentifier> columns, Operator operator, boolean multi) {}

  /** The query's relations and the multi-column ones in the order written. */
  private static List<Relation> relations(
      TableQuery query, List<ScriptSelect.MultiColumnRelation> multiColumn) {
    List<Relation> out = new ArrayList<>();
    int m = 0;
    List<TableQuery.Restriction> where = query.where();
    for (int i = 0; i <= where.size(); i++) {
      while (m < multiColumn.size() && multiColumn.get(m).at() <= i) {
        ScriptSelect.MultiColumnRelation r = multiColumn.get(m++);
        out.add(new Relation(r.columns(), r.operator(), true));
      }
      if (i < where.size()) {
        out.add(new Relation(List.of(where.get(i).column()), where.get(i).operator(), false));
      }
    }
    while (m < multiColumn.size()) {
      ScriptSelect.MultiColumnRelation r = multiColumn.get(m++);
      out.add(new Relation(r.columns(), r.operator(), true));
    }
    return out;
  }

  /**
   * Why Cassandra refuses a multi-column relation whatever the query's other parts, in the order
   * written: a column the table does not have, CONTAINS, a column outside the clustering columns, a
   * column twice, columns that are not consecutive clustering columns in their declared order
   * ({@code MultiColumnRelation.receivers}).
   */
  private static List<Finding> multiColumnProblems(
      Table table, List<ScriptSelect.MultiColumnRelation> multiColumn) {
    PrimaryKey key = table.primaryKey();
    for (ScriptSelect.MultiColumnRelation r : multiColumn) {
      String written = r.asCql();
      if (r.operator().contains()) {
        return List.of(
            new Finding(
                SupportRule.MULTI_COLUMN,
                r.operator().symbol() + " cannot be used for multi-column relations: " + written));
      }
      int previous = -1;
      List<CqlIdentifier> seen = new ArrayList<>();
      for (CqlIdentifier c : r.columns()) {
        if (table.column(c).isEmpty()) {
          return List.of(
              new Finding(
                  SupportRule.ATTRIBUTE_MISSING,
                  "Undefined column name " + c.asCql() + " in table " + table.name().asCql()));
        }
        PrimaryKey.ClusteringColumn cc = key.clusteringColumn(c);
        String why = null;
        if (cc == null) {
          why =
              "Multi-column relations can only be applied to clustering columns but was applied"
                  + " to: "
                  + c.asCql();
        } else if (seen.contains(c)) {
          why = "Column " + c.asCql() + " appeared twice in a relation: " + written;
        } else if (previous != -1 && key.clustering().indexOf(cc) != previous + 1) {
          why =
              "Clustering columns must appear in the PRIMARY KEY order in multi-column relations: "
                  + written;
        }
        if (why != null) {
          return List.of(new Finding(SupportRule.MULTI_COLUMN, why));
        }
        seen.add(c);
        previous = key.clustering().indexOf(cc);
      }
    }
    return List.of();
  }

  /** A clustering restriction while Cassandra merges them: its columns, kind and bounds. */
  private record Merging(List<CqlIdentifier> columns, Kind kind, boolean start, boolean end) {}

  /**
   * Why Cassandra refuses the relations on the columns of multi-column relations, merging them in
   * the order written, or null ({@code RestrictionSet.addRestriction}, {@code
   * MultiColumnRestriction.doMergeWith}; a single-column relation merged with a tuple becomes a
   * tuple of one): anything with {@code =} or {@code IN}, an equality with a range, two ranges not
   * starting with the same column, two bounds on one side. Two ranges starting with one column
   * merge into the longer.
   */
  private static String tupleConflict(
      PrimaryKey key, List<Relation> relations, java.util.Set<CqlIdentifier> inTuples) {
    Map<CqlIdentifier, Merging> at = new java.util.HashMap<>();
    for (Relation r : relations) {
      if (r.columns().stream().noneMatch(inTuples::contains)) {
        continue;
      }
      Operator op = r.operator();
      Merging incoming =
          new Merging(
              r.columns(),
              kind(List.of(op)),
              op == Operator.GT || op == Operator.GE,
              op == Operator.LT || op == Operator.LE);
      java.util.Set<Merging> existing =
          java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
      for (CqlIdentifier c : r.columns()) {
        if (at.containsKey(c)) {
          existing.add(at.get(c));
        }
      }
      Merging result = incoming;
      for (Merging e : existing) {
        List<CqlIdentifier> common = new ArrayList<>(e.columns());
        common.retainAll(r.columns());
        String columns = names(common);
        if (e.kind() == Kind.EQ) {
          return columns
              + " cannot be restricted by more than one relation if it includes an Equal";
        }
        if (e.kind() == Kind.IN) {
          return columns + " cannot be restricted by more than one relation if it includes a IN";
        }
        if (e.kind() != Kind.SLICE || incoming.kind() != Kind.SLICE) {
          return "Column \""
              + columns
              + "\" cannot be restricted by both an equality and an inequality relation";
        }
        if (!e.columns().get(0).equals(incoming.columns().get(0))) {
          CqlIdentifier later =
              position(key, e.columns().get(0)) > position(key, incoming.columns().get(0))
                  ? e.columns().get(0)
                  : incoming.columns().get(0);
          return "Column \""
              + later.asCql()
              + "\" cannot be restricted by two inequalities not starting with the same column";
        }
        if (e.start() && incoming.start()) {
          return "More than one restriction was found for the start bound on " + columns;
        }
        if (e.end() && incoming.end()) {
          return "More than one restriction was found for the end bound on " + columns;
        }
        result =
            new Merging(
                e.columns().size() >= incoming.columns().size() ? e.columns() : incoming.columns(),
                Kind.SLICE,
                e.start() || incoming.start(),
                e.end() || incoming.end());
      }
      for (CqlIdentifier c : r.columns()) {
        at.put(c, result);
      }
    }
    return null;
  }

  private static int position(PrimaryKey key, CqlIdentifier clusteringColumn) {
    return key.clustering().indexOf(key.clusteringColumn(clusteringColumn));
  }

  /** Whether a range operator gives a lower bound ({@code >}, {@code >=}). */
  private static boolean lower(Operator op) {
    return op == Operator.GT || op == Operator.GE;
  }

  /** The restrictions by column, with the ANN ordering's column restricted (by =, standing in). */
  private static Map<CqlIdentifier, List<Operator>> withAnn(
      Map<CqlIdentifier, List<Operator>> by, CqlIdentifier ann) {
    if (ann == null) {
      return by;
    }
    Map<CqlIdentifier, List<Operator>> with = new LinkedHashMap<>(by);
    with.putIfAbsent(ann, List.of(Operator.EQ));
    return with;
  }

  /** The most rows a top-k query may ask for ({@code SelectStatement}, 5.0). */
  private static final int MAX_TOP_K = 1000;

  /**
   * Why Cassandra refuses the SELECT's ANN ordering, or its restriction of an indexed vector when
   * it has none, or null: {@code StatementRestrictions.addOrderingRestrictions} and its ANN checks,
   * and {@code SelectStatement.execute}'s checks of a top-k query (a LIMIT of at most 1000, no PER
   * PARTITION LIMIT, no aggregation).
   */
  private static String annProblem(
      Table table,
      IndexedColumns indexes,
      ScriptSelect select,
      Map<CqlIdentifier, List<Operator>> by) {
    PrimaryKey key = table.primaryKey();
    List<ScriptSelect.AnnOrdering> ann = select.ann();
    if (ann.isEmpty()) {
      for (CqlIdentifier c : by.keySet()) {
        if (!key.isKeyColumn(c) && indexes.vectors().contains(c)) {
          return "Vector indexes only support ANN queries: "
              + c.asCql()
              + " has an index, so it cannot be restricted; search it by ORDER BY "
              + c.asCql()
              + " ANN OF ? LIMIT n";
        }
      }
      return null;
    }
    if (ann.size() > 1) {
      return "Cannot specify more than one ANN ordering: order by one vector";
    }
    ScriptSelect.AnnOrdering o = ann.get(0);
    CqlIdentifier c = o.column();
    if (!select.query().orderBy().isEmpty()) {
      return "ANN ordering does not support any other ordering: remove ORDER BY "
          + names(select.query().orderBy().stream().map(TableQuery.Order::column).toList());
    }
    if (o.direction() == org.keyspacestudio.model.schema.ClusteringOrder.DESC) {
      return "Descending ANN ordering is not supported: the nearest rows come first; remove DESC";
    }
    var type = table.column(c).orElseThrow().type();
    if (!(type instanceof org.keyspacestudio.model.type.VectorType v
        && v.element() == org.keyspacestudio.model.type.NativeType.FLOAT)) {
      return "ANN ordering is only supported on float vector indexes: "
          + c.asCql()
          + " is "
          + type.asCql();
    }
    if (by.containsKey(c) && !key.isKeyColumn(c)) {
      return c.asCql() + " cannot be restricted by more than one relation in an ANN ordering";
    }
    if (!indexes.vectors().contains(c)) {
      return "ANN ordering by vector requires the column to be indexed: create a storage-attached"
          + " index on "
          + c.asCql()
          + " (USING 'sai')";
    }
    if (!indexes.servesAnn(c)) {
      return "ANN ordering by vector needs a storage-attached index on "
          + c.asCql()
          + ": its index is not one (Cassandra refuses the SELECT, and with ALLOW FILTERING 5.0.9"
          + " fails running it); make it an SAI index (USING 'sai')";
    }
    if (select.limit() == null) {
      return "Top-K queries must have a limit specified: add LIMIT n (at most "
          + MAX_TOP_K
          + ") to say how many of the nearest rows to return";
    }
    if (select.limit().matches("\\d{1,9}") && Integer.parseInt(select.limit()) > MAX_TOP_K) {
      return "Use of ANN OF in an ORDER BY clause requires a LIMIT that is not greater than "
          + MAX_TOP_K
          + ". LIMIT was "
          + select.limit();
    }
    if (select.perPartitionLimit()) {
      return "Top-K queries do not support per-partition limits: remove PER PARTITION LIMIT";
    }
    if (!select.groupBy().isEmpty() || select.groupByFunction() != null || select.aggregate()) {
      return "Top-K queries can not be run with aggregation: remove "
          + (select.groupBy().isEmpty() && select.groupByFunction() == null
              ? "the aggregate function"
              : "GROUP BY");
    }
    return null;
  }

  /**
   * Why Cassandra refuses the restrictions beside an ANN ordering, or null: a partition key given
   * in part or by a range, or a restricted column without an index, unless the unindexed ones are
   * clustering columns read in key order within a partition given whole ("ANN ordering by vector
   * requires all restricted column(s) to be indexed", {@code StatementRestrictions}).
   */
  private static String annRestrictionsProblem(
      PrimaryKey key,
      IndexedColumns indexes,
      Map<CqlIdentifier, List<Operator>> by,
      boolean pkFiltered,
      List<CqlIdentifier> unrestrictedPk,
      boolean clusteringFiltered,
      java.util.Collection<CqlIdentifier> clusteringRestricted) {
    String rule = "ANN ordering by vector requires all restricted column(s) to be indexed: ";
    if (pkFiltered) {
      return rule
          + "the partition key "
          + names(key.partitionKey())
          + " is given in part or not by = or IN; give all of it, or none";
    }
    List<CqlIdentifier> unindexed = new ArrayList<>();
    for (CqlIdentifier c : by.keySet()) {
      if (!key.isPartitionKey(c) && !indexes.indexed(c)) {
        unindexed.add(c);
      }
    }
    if (unindexed.isEmpty()) {
      return null;
    }
    boolean clusteringOnly = clusteringRestricted.containsAll(unindexed);
    if (clusteringOnly && unrestrictedPk.isEmpty() && !clusteringFiltered) {
      return null;
    }
    return rule
        + names(unindexed)
        + (unindexed.size() == 1 ? " has no index" : " have no index")
        + (clusteringOnly
            ? "; clustering columns need the whole partition key and a prefix of their key order"
            : "; index "
                + (unindexed.size() == 1 ? "it" : "them")
                + " with SAI (USING 'sai'), or leave "
                + (unindexed.size() == 1 ? "it" : "them")
                + " out");
  }

  private static String names(List<CqlIdentifier> columns) {
    return String.join(", ", columns.stream().map(CqlIdentifier::asCql).toList());
  }
}
