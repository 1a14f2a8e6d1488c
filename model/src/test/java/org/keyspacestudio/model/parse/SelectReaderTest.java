package org.keyspacestudio.model.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.support.ScriptSelect;
import org.keyspacestudio.model.support.TableQuery;
import org.keyspacestudio.model.workflow.Operator;

/** A script's SELECT read into what the support check judges, or why it is not judged. */
class SelectReaderTest {

  private static ScriptSelect read(String text) {
    SelectReader.Read read = SelectReader.read(text);
    assertThat(read.notChecked()).as("why %s is not read", text).isNull();
    return read.select();
  }

  private static String notChecked(String text) {
    SelectReader.Read read = SelectReader.read(text);
    assertThat(read.select()).as("%s read", text).isNull();
    return read.notChecked();
  }

  private static CqlIdentifier id(String name) {
    return CqlIdentifier.of(name);
  }

  @Test
  void readsTheTableTheRestrictionsTheOrderingAndTheColumns() {
    String text =
        "SELECT order_id, \"Total\" AS t FROM Shop.orders_by_customer\n"
            + "  WHERE customer_id = :c AND placed_at >= '2026-01-01' AND placed_at < ?"
            + " AND status IN ('A', 'B')\n"
            + "  ORDER BY placed_at DESC, order_id PER PARTITION LIMIT 2 LIMIT 20 ALLOW FILTERING;";
    ScriptSelect s = read(text);
    assertThat(s.keyspace()).isEqualTo(id("shop"));
    assertThat(s.table()).isEqualTo(id("orders_by_customer"));
    assertThat(text.substring(s.tableStart(), s.tableEnd())).isEqualTo("Shop.orders_by_customer");
    assertThat(s.tableCql()).isEqualTo("shop.orders_by_customer");
    assertThat(s.allowFiltering()).isTrue();
    assertThat(s.query())
        .isEqualTo(
            new TableQuery(
                List.of(
                    new TableQuery.Restriction(id("customer_id"), Operator.EQ),
                    new TableQuery.Restriction(id("placed_at"), Operator.GE),
                    new TableQuery.Restriction(id("placed_at"), Operator.LT),
                    new TableQuery.Restriction(id("status"), Operator.IN)),
                List.of(
                    new TableQuery.Order(id("placed_at"), ClusteringOrder.DESC),
                    new TableQuery.Order(id("order_id"), ClusteringOrder.ASC)),
                List.of(id("order_id"), CqlIdentifier.fromCql("\"Total\""))));
  }

  @Test
  void aStarOrAnExpressionAmongTheColumnsReturnsEverything() {
    assertThat(read("SELECT * FROM t WHERE k = ?").query().returned()).isEmpty();
    assertThat(read("select count(*), k from t").query().returned()).isEmpty();
    assertThat(read("SELECT JSON writetime(v) FROM t WHERE k = 1").query().returned()).isEmpty();
    assertThat(read("SELECT k FROM t WHERE k = 1").keyspace()).isNull();
    assertThat(
            read("SELECT v FROM t WHERE k = [1, 2] AND c = {'a': (1, 'b')} AND d = now()")
                .query()
                .where())
        .hasSize(3);
  }

  @Test
  void aCollectionSearchedByContainsIsRead() {
    assertThat(
            read("SELECT * FROM t WHERE k = ? AND tags CONTAINS 'x' AND m CONTAINS KEY ?").query())
        .isEqualTo(
            new TableQuery(
                List.of(
                    new TableQuery.Restriction(CqlIdentifier.of("k"), Operator.EQ),
                    new TableQuery.Restriction(CqlIdentifier.of("tags"), Operator.CONTAINS),
                    new TableQuery.Restriction(CqlIdentifier.of("m"), Operator.CONTAINS_KEY)),
                List.of(),
                List.of()));
  }

  @Test
  void readsTokenRelationsBesideTheColumns() {
    ScriptSelect s =
        read(
            "SELECT k, v FROM t WHERE TOKEN(k, \"K2\") > token(1, 'a') AND v = ?"
                + " AND token(k, \"K2\") <= :end AND token(k) IN ?");
    assertThat(s.token())
        .containsExactly(
            new ScriptSelect.TokenRelation(List.of(id("k"), CqlIdentifier.of("K2")), Operator.GT),
            new ScriptSelect.TokenRelation(List.of(id("k"), CqlIdentifier.of("K2")), Operator.LE),
            new ScriptSelect.TokenRelation(List.of(id("k")), Operator.IN));
    assertThat(s.query().where()).containsExactly(new TableQuery.Restriction(id("v"), Operator.EQ));
    assertThat(s.token().get(0).asCql()).isEqualTo("token(k, \"K2\") > ?");
    assertThat(read("SELECT * FROM t WHERE k = 1").token()).isEmpty();
  }

  @Test
  void readsMultiColumnRelationsWhereTheyAreWritten() {
    ScriptSelect s =
        read(
            "SELECT * FROM t WHERE (c1, \"C2\") > (1, 'a') AND k = ? AND (c1, \"C2\") <= ?"
                + " AND (c1) IN ((1), (2)) LIMIT 10");
    assertThat(s.multiColumn())
        .containsExactly(
            new ScriptSelect.MultiColumnRelation(
                List.of(id("c1"), CqlIdentifier.of("C2")), Operator.GT, 0),
            new ScriptSelect.MultiColumnRelation(
                List.of(id("c1"), CqlIdentifier.of("C2")), Operator.LE, 1),
            new ScriptSelect.MultiColumnRelation(List.of(id("c1")), Operator.IN, 1));
    assertThat(s.query().where()).containsExactly(new TableQuery.Restriction(id("k"), Operator.EQ));
    assertThat(s.multiColumn().get(0).asCql()).isEqualTo("(c1, \"C2\") > ?");
  }

  @Test
  void readsAnnOrderingsTheirLimitAndAggregates() {
    ScriptSelect s =
        read(
            "SELECT k, similarity_cosine(v, [0.1, 0.2]) AS s FROM t WHERE c = ?"
                + " ORDER BY v ANN OF [0.1, 0.2] LIMIT 3");
    assertThat(s.ann()).containsExactly(new ScriptSelect.AnnOrdering(id("v"), ClusteringOrder.ASC));
    assertThat(s.query().orderBy()).isEmpty();
    assertThat(s.query().where()).containsExactly(new TableQuery.Restriction(id("c"), Operator.EQ));
    assertThat(s.limit()).isEqualTo("3");
    assertThat(s.aggregate()).isFalse();
    // Two orderings, a direction after the vector, a bind marker as LIMIT, an aggregate.
    ScriptSelect two =
        read("SELECT COUNT(*) FROM t ORDER BY c ASC, v ANN OF ? DESC, w ANN OF :q LIMIT ?");
    assertThat(two.query().orderBy())
        .containsExactly(new TableQuery.Order(id("c"), ClusteringOrder.ASC));
    assertThat(two.ann())
        .containsExactly(
            new ScriptSelect.AnnOrdering(id("v"), ClusteringOrder.DESC),
            new ScriptSelect.AnnOrdering(id("w"), ClusteringOrder.ASC));
    assertThat(two.ann().get(0).asCql()).isEqualTo("v ANN OF ? DESC");
    assertThat(two.limit()).isEqualTo("?");
    assertThat(two.aggregate()).isTrue();
    assertThat(read("SELECT k, system.max(c) FROM t").aggregate()).isTrue();
    assertThat(read("SELECT k FROM t").limit()).isNull();
  }

  @Test
  void whatTheCheckDoesNotJudgeIsNotReadAndSaysWhy() {
    assertThat(read("SELECT * FROM t WHERE a != 1 AND b IS NOT NULL").query().where())
        .containsExactly(
            new TableQuery.Restriction(id("a"), Operator.NEQ),
            new TableQuery.Restriction(id("b"), Operator.IS_NOT_NULL));
    assertThat(notChecked("SELECT * FROM t WHERE b IS NULL")).contains("IS without NOT NULL");
    assertThat(notChecked("SELECT * FROM t WHERE token(k) != 1")).contains("token(...) !=");
    assertThat(notChecked("SELECT DISTINCT count(*) FROM t")).contains("DISTINCT of expressions");
    assertThat(notChecked("SELECT DISTINCT k, max(s) FROM t")).contains("DISTINCT of expressions");
    assertThat(notChecked("SELECT DISTINCT (int) k FROM t")).contains("DISTINCT of expressions");
    // Other expressions stand for the columns they read.
    assertThat(read("SELECT DISTINCT token(k, j), k, j FROM t").query().returned())
        .containsExactly(id("k"), id("j"));
    assertThat(
            read("SELECT DISTINCT CAST(k AS text) AS key, writetime(s), ks.f(\"Q\", 1, true),"
                    + " u.field, m['a'] FROM t")
                .query()
                .returned())
        .containsExactly(id("k"), id("s"), CqlIdentifier.fromCql("\"Q\""), id("u"), id("m"));
    assertThat(read("SELECT DISTINCT k FROM t PER PARTITION LIMIT 1").perPartitionLimit()).isTrue();
    assertThat(read("SELECT DISTINCT k FROM t WHERE k IN ? ORDER BY c").query().orderBy())
        .hasSize(1);
    assertThat(read("SELECT k FROM t LIMIT 1").perPartitionLimit()).isFalse();
    ScriptSelect counted = read("SELECT count(*) FROM t WHERE k = ? PER PARTITION LIMIT 1");
    assertThat(counted.perPartitionLimit()).isTrue();
    assertThat(counted.aggregate()).isTrue();
    assertThat(read("SELECT toJson(v) FROM t PER PARTITION LIMIT 1").aggregate()).isFalse();
    assertThat(
            read("SELECT k, count(*) FROM t GROUP BY k PER PARTITION LIMIT 1").perPartitionLimit())
        .isTrue();
    assertThat(read("SELECT DISTINCT k, s FROM t WHERE k IN ?").distinct()).isTrue();
    assertThat(read("SELECT DISTINCT k, s FROM t WHERE k IN ?").query().returned())
        .containsExactly(CqlIdentifier.of("k"), CqlIdentifier.of("s"));
    assertThat(notChecked("SELECT * FROM t WHERE token(k + 1) > 0")).contains("token()");
    assertThat(notChecked("SELECT * FROM t WHERE token(k) LIKE 'a'")).contains("LIKE");
    assertThat(notChecked("SELECT * FROM t WHERE writetime(k) > 0")).contains("writetime(...)");
    assertThat(notChecked("SELECT * FROM t WHERE (a, b + 1) > (1, 2)")).contains("multi-column");
    assertThat(notChecked("SELECT * FROM t WHERE (a, b) LIKE ?")).contains("multi-column");
    assertThat(
            read("SELECT * FROM t WHERE tags CONTAINS 'x' AND tags CONTAINS 'y'").query().where())
        .hasSize(2);
    assertThat(read("SELECT * FROM t WHERE m['a'] = 1 AND m[?] = :v AND k = ?").query().where())
        .containsExactly(
            new TableQuery.Restriction(id("m"), Operator.ENTRY),
            new TableQuery.Restriction(id("m"), Operator.ENTRY),
            new TableQuery.Restriction(id("k"), Operator.EQ));
    assertThat(notChecked("SELECT * FROM t WHERE m['a'] > 1")).contains("collection element");
    assertThat(notChecked("SELECT * FROM t WHERE m['a' = 1")).contains("collection element");
    assertThat(notChecked("SELECT * FROM t WHERE u.f = 1")).contains("field");
    ScriptSelect floored = read("SELECT k, count(*) FROM t WHERE k = 1 GROUP BY k, floor(c, 1h)");
    assertThat(floored.groupBy()).containsExactly(id("k"));
    assertThat(floored.groupByFunction())
        .isEqualTo(new ScriptSelect.GroupByFunction("floor", List.of(id("c")), 2, 1));
    assertThat(
            read("SELECT * FROM t GROUP BY system.FLOOR(c, 1h, '2026-01-01'), k").groupByFunction())
        .isEqualTo(new ScriptSelect.GroupByFunction("floor", List.of(id("c")), 3, 0));
    assertThat(read("SELECT * FROM t GROUP BY k, max(c)").groupByFunction().name())
        .isEqualTo("max");
    assertThat(notChecked("SELECT * FROM t WHERE k = 1 GROUP BY k, floor(c, ?)"))
        .contains("GROUP BY floor(...)");
    assertThat(read("SELECT * FROM t WHERE k = 1 GROUP BY k, toDate(c)").groupByFunction())
        .isEqualTo(new ScriptSelect.GroupByFunction("todate", List.of(id("c")), 1, 1));
    // Another native function is read (Cassandra refuses it: not monotonic); a user-defined one
    // may be monotonic, and is not.
    assertThat(read("SELECT * FROM t WHERE k = 1 GROUP BY k, blobAsText(c)").groupByFunction())
        .isEqualTo(new ScriptSelect.GroupByFunction("blobastext", List.of(id("c")), 1, 1));
    assertThat(notChecked("SELECT * FROM t WHERE k = 1 GROUP BY k, shop.bucket(c)"))
        .contains("GROUP BY shop.bucket(...)");
    assertThat(read("SELECT k, count(*) FROM t WHERE k = 1 GROUP BY k, c ORDER BY c").groupBy())
        .containsExactly(CqlIdentifier.of("k"), CqlIdentifier.of("c"));
    assertThat(read("SELECT * FROM t WHERE token(k) > ? ORDER BY v ANN OF ? LIMIT 3").ann())
        .hasSize(1);
    assertThat(notChecked("SELECT * FROM t ORDER BY v ANN [0.1] LIMIT 3"))
        .contains("ANN without OF");
    assertThat(notChecked("SELECT * FROM t WHERE k = ")).contains("no value");
    assertThat(notChecked("SELECT * FROM t WHERE k = 1 ALLOW")).contains("FILTERING");
    assertThat(notChecked("SELECT * FROM t k = 1")).contains("unexpected");
    assertThat(notChecked("SELECT * t")).contains("no FROM");
    assertThat(notChecked("INSERT INTO t (k) VALUES (1)")).contains("not a SELECT");
  }

  /** Whatever the text, the reader answers: every cut and shuffle of real SELECTs. */
  @Test
  void neverThrowsOnBrokenText() {
    List<String> texts =
        List.of(
            "SELECT a, b AS \"x\" FROM ks.t WHERE k IN (1, 2) AND c >= ? ORDER BY c DESC LIMIT 3"
                + " ALLOW FILTERING;",
            "SELECT * FROM \"Ks\".\"T\" WHERE k = $$a$$ AND m = {1: [2]} PER PARTITION LIMIT 1",
            "SELECT comment FROM cycling.comments_vs ORDER BY v ANN OF [0.1, 0.2] LIMIT 3");
    Random random = new Random(20261129L);
    int read = 0;
    for (String text : texts) {
      for (int cut = 0; cut <= text.length(); cut++) {
        if (SelectReader.read(text.substring(0, cut)).select() != null) {
          read++;
        }
      }
      List<String> words = List.of(text.split(" "));
      for (int i = 0; i < 2_000; i++) {
        StringBuilder b = new StringBuilder();
        for (int j = 0; j < words.size(); j++) {
          b.append(words.get(random.nextInt(words.size()))).append(' ');
        }
        SelectReader.Read r = SelectReader.read(b.toString());
        assertThat(r.select() == null).isEqualTo(r.notChecked() != null);
      }
    }
    assertThat(read).isGreaterThan(3);
  }

  @Test
  void likeRelationsAreReadWithTheFormOfEachPatternWrittenAsAString() {
    ScriptSelect s =
        read(
            "SELECT * FROM t WHERE a LIKE 'ph%' AND b LIKE ? AND c LIKE '%it''s%' AND d LIKE"
                + " $$%x$$ AND e LIKE '%' AND f LIKE 'x' ALLOW FILTERING");
    assertThat(s.query().where())
        .extracting(TableQuery.Restriction::operator)
        .containsOnly(Operator.LIKE);
    assertThat(s.query().where()).hasSize(6);
    assertThat(s.likePatterns())
        .containsEntry(id("a"), org.keyspacestudio.model.support.LikePattern.PREFIX)
        .containsEntry(id("c"), org.keyspacestudio.model.support.LikePattern.CONTAINS)
        .containsEntry(id("d"), org.keyspacestudio.model.support.LikePattern.SUFFIX)
        .containsEntry(id("e"), org.keyspacestudio.model.support.LikePattern.EMPTY)
        .containsEntry(id("f"), org.keyspacestudio.model.support.LikePattern.MATCHES)
        .doesNotContainKey(id("b"));
    assertThat(s.allowFiltering()).isTrue();
    // A pattern built by a function has no form the reader can tell.
    assertThat(read("SELECT * FROM t WHERE a LIKE textAsBlob('x%')").likePatterns()).isEmpty();
    assertThat(notChecked("SELECT * FROM t WHERE a LIKE")).contains("no value after a LIKE");
    assertThat(notChecked("SELECT * FROM t WHERE m['k'] LIKE 'x%'")).contains("collection element");
  }
}
