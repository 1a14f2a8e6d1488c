package org.keyspacestudio.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.support.QueryKey;
import org.keyspacestudio.model.support.SelectBuilder;
import org.keyspacestudio.model.support.SupportCheck;
import org.keyspacestudio.model.support.SupportRule;
import org.keyspacestudio.model.support.TableQuery;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.write.CqlWriter;

/**
 * The key fix for a query a table does not answer ({@link QueryKey}, offered by the editor's quick
 * fixes when our check says it answers the query) is a table Cassandra 5.0.9 creates and on which
 * it prepares the query's SELECT; and its key keeps every column of the old one (rows that were
 * distinct stay distinct). A query no key serves (two ranges, a range and an order by another
 * column) gets its query changed instead, the application doing that part (its order by, a range,
 * an IN dropped or made =), with the table keyed for it; Cassandra prepares each such SELECT too.
 * On the generated (table, query) pairs of {@link SupportOracleTest} that Cassandra refuses; prints
 * how many the key fixes, how many a change of the query, and why the others are left.
 */
class KeyFixOracleTest {

  private static final long SEED = 20261126L;
  private static final int CASES = Integer.getInteger("kstudio.support.cases", 2000);

  @Test
  void everyKeyFixOfferedIsATableCassandraCreatesAndAQueryItPrepares() {
    List<String> prelude =
        List.of(
            "CREATE KEYSPACE oracle WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1}");
    CqlIdentifier ks = CqlIdentifier.of("oracle");
    Map<String, Integer> refused = new TreeMap<>();
    Map<String, Integer> left = new TreeMap<>();
    int fixed = 0;
    int noKey = 0;
    int changedCases = 0;
    changes = 0;
    List<String> failures = new ArrayList<>();
    for (GeneratedQueries.Case c : GeneratedQueries.generate(CASES, SEED)) {
      List<SupportCheck.Finding> before = SupportCheck.check(c.table(), c.indexed(), c.query());
      if (SupportCheck.supported(before)
          || before.stream()
              .anyMatch(
                  f ->
                      f.rule() == SupportRule.ATTRIBUTE_MISSING
                          || f.rule() == SupportRule.CONFLICTING_RESTRICTIONS
                          || f.rule() == SupportRule.OPERATOR)
          // A collection's elements (CONTAINS) key no table: no key fix is offered for them.
          || c.query().where().stream().anyMatch(r -> r.operator().contains())) {
        continue;
      }
      String rule = before.get(0).rule().id();
      refused.merge(rule, 1, Integer::sum);
      Table table = c.table().withOptions(TableOptions.none());
      Table keyed = QueryKey.keyed(table, c.query()).orElse(null);
      // No new key: the table is keyed as the query asks already.
      TableQuery query = withBucket(table, keyed == null ? table : keyed, c.query());
      List<SupportCheck.Finding> after =
          SupportCheck.check(keyed == null ? table : keyed, c.indexed(), query);
      if (keyed == null || !SupportCheck.supported(after)) {
        left.merge(
            (keyed == null
                    ? "no key (" + rule
                    : "key does not serve it (" + after.get(0).rule().id())
                + ")",
            1,
            Integer::sum);
        if (SupportCheck.supported(after)) {
          continue;
        }
        // The editor then offers the query changed so that the application does that part: its
        // order by dropped, a range dropped, an IN made =; each keyed again for the table.
        boolean answered = false;
        for (TableQuery changed : changes(table, c.query(), c.indexed())) {
          Table again = QueryKey.keyed(table, changed).orElse(table);
          TableQuery asked = withBucket(table, again, changed);
          if (answers(table, changed, c.indexed())) {
            changes++;
            answered = true;
            String verdict = prepare(ks, prelude, again, asked, c.indexed());
            if (verdict != null) {
              failures.add("query changed: " + verdict);
            }
          }
        }
        noKey++;
        changedCases += answered ? 1 : 0;
        continue;
      }
      fixed++;
      for (Column k : table.columnsInKeyOrder()) {
        if (table.primaryKey().isKeyColumn(k.name()) && !keyed.primaryKey().isKeyColumn(k.name())) {
          failures.add("lost key column " + k.name() + ": " + CqlWriter.createTable(ks, keyed));
        }
      }
      String verdict = prepare(ks, prelude, keyed, query, c.indexed());
      if (verdict != null) {
        failures.add(verdict);
      }
    }
    int total = refused.values().stream().mapToInt(Integer::intValue).sum();
    System.out.println(
        CASES
            + " generated pairs, seed "
            + SEED
            + ": "
            + total
            + " refused by Cassandra, "
            + fixed
            + " answered after the key fix, "
            + noKey
            + " that no key serves, "
            + changedCases
            + " of them answered after a change of the query ("
            + changes
            + " changes), "
            + failures.size()
            + " fixes Cassandra refuses");
    System.out.println("  refused, by our first finding: " + refused);
    System.out.println("  left without a key fix: " + left);
    assertThat(failures).as("key fixes that Cassandra refuses or that drop a key column").isEmpty();
    // Most refusals are a key's doing: the fix answers them. The rest are queries no key serves
    // (a range on one column and an order by another; an order by a column given by IN).
    assertThat(fixed).isGreaterThan(total / 2);
    assertThat(changedCases)
        .as("every query no key serves gets a change of the query the table then answers")
        .isEqualTo(noKey)
        .isPositive();
  }

  private int changes;

  /** A bucket the key fix added given by = (the application picks it), as the editor gives it. */
  private static TableQuery withBucket(Table table, Table keyed, TableQuery q) {
    List<TableQuery.Restriction> where = new ArrayList<>();
    for (CqlIdentifier pk : keyed.primaryKey().partitionKey()) {
      if (table.column(pk).isEmpty()) {
        where.add(new TableQuery.Restriction(pk, Operator.EQ));
      }
    }
    where.addAll(q.where());
    return new TableQuery(where, q.orderBy(), q.returned());
  }

  /**
   * The query without its order by, without the range conditions on one column, both when neither
   * alone serves it, or with one IN made =: as the editor changes it.
   */
  private static List<TableQuery> changes(
      Table table, TableQuery q, java.util.Set<CqlIdentifier> indexed) {
    List<TableQuery> out = new ArrayList<>();
    if (!q.orderBy().isEmpty()) {
      out.add(new TableQuery(q.where(), List.of(), q.returned()));
    }
    java.util.Set<CqlIdentifier> ranged = new java.util.LinkedHashSet<>();
    q.where().stream().filter(r -> !r.operator().equality()).forEach(r -> ranged.add(r.column()));
    if (ranged.size() > 1 || !q.orderBy().isEmpty()) {
      // Each range kept in its turn, the others dropped (one range and an order: the range).
      List<List<TableQuery.Restriction>> kept = new ArrayList<>();
      for (CqlIdentifier column : ranged) {
        List<TableQuery.Restriction> where = new ArrayList<>(q.where());
        where.removeIf(
            r -> !r.operator().equality() && (ranged.size() == 1 || !r.column().equals(column)));
        kept.add(where);
        out.add(new TableQuery(where, q.orderBy(), q.returned()));
      }
      if (!q.orderBy().isEmpty() && out.stream().noneMatch(x -> answers(table, x, indexed))) {
        for (List<TableQuery.Restriction> where : kept) {
          out.add(new TableQuery(where, List.of(), q.returned()));
        }
      }
    }
    for (int i = 0; i < q.where().size(); i++) {
      TableQuery.Restriction r = q.where().get(i);
      if (r.operator() == Operator.IN) {
        List<TableQuery.Restriction> where = new ArrayList<>(q.where());
        where.set(i, new TableQuery.Restriction(r.column(), Operator.EQ));
        out.add(new TableQuery(where, q.orderBy(), q.returned()));
      }
    }
    return out;
  }

  /** Whether the table keyed for the query (as it is, when the key would not change) answers it. */
  private static boolean answers(Table table, TableQuery q, java.util.Set<CqlIdentifier> indexed) {
    Table keyed = QueryKey.keyed(table, q).orElse(table);
    return SupportCheck.supported(SupportCheck.check(keyed, indexed, withBucket(table, keyed, q)));
  }

  /** Null when Cassandra creates the table and prepares the query's SELECT; else what it said. */
  private static String prepare(
      CqlIdentifier ks,
      List<String> prelude,
      Table keyed,
      TableQuery query,
      java.util.Set<CqlIdentifier> indexed) {
    List<String> schema = new ArrayList<>(prelude);
    schema.add(CqlWriter.createTable(ks, keyed));
    String select = SelectBuilder.select(ks, keyed.name(), query);
    String cassandra;
    try {
      cassandra =
          SelectOracle.prepare(
              schema,
              select,
              indexed.stream().map(CqlIdentifier::asInternal).collect(Collectors.toSet()));
    } catch (RuntimeException e) {
      cassandra = "CREATE TABLE refused: " + e.getMessage();
    }
    return cassandra == null
        ? null
        : schema.get(1) + "\n    " + select + "\n    Cassandra: " + cassandra;
  }
}
