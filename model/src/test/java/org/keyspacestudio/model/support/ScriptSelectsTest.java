package org.keyspacestudio.model.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.Fix;
import org.keyspacestudio.model.edit.QuickFixes;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.parse.ImportResult;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Severity;

/**
 * An application's SELECTs written in the script beside the schema are checked as Cassandra 5.0
 * prepares them, each problem at the statement's line, with fixes that make the schema serve them.
 */
class ScriptSelectsTest {

  private static final String SCHEMA =
      """
      CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
      CREATE TABLE shop.orders_by_customer (
        customer_id uuid, placed_at timestamp, order_id uuid, status text, total decimal,
        PRIMARY KEY ((customer_id), placed_at, order_id)
      ) WITH CLUSTERING ORDER BY (placed_at DESC, order_id ASC);
      CREATE TABLE shop.products (product_id uuid PRIMARY KEY, name text, category text);
      CREATE MATERIALIZED VIEW shop.products_by_name AS SELECT name, product_id FROM shop.products
        WHERE name IS NOT NULL AND product_id IS NOT NULL PRIMARY KEY (name, product_id);
      """;

  private static ImportResult script(String selects) {
    return CqlImporter.read(SCHEMA + selects, "app.cql");
  }

  private static List<Problem> problems(ImportResult r) {
    return ProjectChecks.validate(new Project(r.schema()), r.positions()).stream()
        .filter(p -> p.rule() instanceof SupportRule)
        .toList();
  }

  private static List<String> lines(ImportResult r) {
    return problems(r).stream().map(p -> p.format("app.cql")).toList();
  }

  @Test
  void aConstantTheColumnCannotTakeIsAnErrorAtItsStatement() {
    ImportResult r =
        script(
            "SELECT * FROM shop.orders_by_customer WHERE customer_id ="
                + " '6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47' AND placed_at > '01/02/2026';\n"
                + "SELECT * FROM shop.orders_by_customer WHERE customer_id ="
                + " 6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47 AND placed_at > '2026-01-02 10:00+0000';");
    assertThat(lines(r))
        .containsExactly(
            "app.cql:9:1: error: SUPPORT-VALUE SELECT from shop.orders_by_customer: Invalid STRING"
                + " constant (6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47) for \"customer_id\" of type uuid"
                + " (a UUID is written without quotes)",
            "app.cql:9:1: error: SUPPORT-VALUE SELECT from shop.orders_by_customer: Unable to parse"
                + " a date/time from '01/02/2026' for \"placed_at\" of type timestamp (a timestamp is"
                + " written 'yyyy-mm-dd hh:mm:ss' with an optional zone such as +0000, or as"
                + " milliseconds since 1970)");
  }

  @Test
  void theConstantsOfTokenAndTupleRelationsAreTypedAndATuplesComponentIsFixedInPlace() {
    ImportResult r =
        script(
            "SELECT * FROM shop.orders_by_customer WHERE token(customer_id) > 'abc';\n"
                + "SELECT * FROM shop.orders_by_customer WHERE customer_id = ? AND (placed_at,"
                + " order_id) > ('2026-01-02 10:00+0000', '6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47');\n"
                + "SELECT * FROM shop.orders_by_customer WHERE customer_id = ? AND (placed_at,"
                + " order_id) IN (('2026-01-02 10:00+0000', ?), ('2026-01-03 10:00+0000'));\n");
    assertThat(lines(r))
        .containsExactly(
            "app.cql:9:1: error: SUPPORT-VALUE SELECT from shop.orders_by_customer: Invalid STRING"
                + " constant (abc) for \"partition key token\" of type bigint (a token is a number;"
                + " to compare with a key's token, write token('abc'))",
            "app.cql:10:1: error: SUPPORT-VALUE SELECT from shop.orders_by_customer: Invalid"
                + " STRING constant (6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47) for \"order_id\" of type"
                + " uuid (a UUID is written without quotes)",
            "app.cql:11:1: error: SUPPORT-VALUE SELECT from shop.orders_by_customer: Expected 2"
                + " elements in value tuple, but got 1: ('2026-01-03 10:00+0000')");
    Document doc = new Document(new Project(r.schema()), null);
    Problem quoted = problems(r).get(1);
    List<Fix> fixes = QuickFixes.of(doc.project(), quoted);
    assertThat(fixes)
        .extracting(Fix::label)
        .containsExactly(
            "Write the UUID 6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47 without quotes (order_id)");
    doc.perform(fixes.get(0).edit());
    assertThat(doc.project().schema().otherStatements().get(1).text())
        .endsWith("> ('2026-01-02 10:00+0000', 6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47)");
  }

  @Test
  void aTokensConstantIsWrittenAsANumberOrComparedThroughTheKeysToken() {
    ImportResult r =
        script(
            "CREATE TABLE shop.tags (tag text PRIMARY KEY, n int);\n"
                + "SELECT * FROM shop.tags WHERE token(tag) > 'sale';\n"
                + "SELECT * FROM shop.tags WHERE token(tag) > '42';\n"
                + "SELECT * FROM shop.orders_by_customer WHERE token(customer_id) > 'abc';\n");
    List<Problem> refused =
        problems(r).stream().filter(p -> p.rule() == SupportRule.VALUE).toList();
    assertThat(refused).hasSize(3);
    Document doc = new Document(new Project(r.schema()), null);
    assertThat(QuickFixes.of(doc.project(), refused.get(0)))
        .extracting(Fix::label)
        .containsExactly("Compare with the token of tag 'sale': token('sale')");
    assertThat(QuickFixes.of(doc.project(), refused.get(1)))
        .extracting(Fix::label)
        .containsExactly("Write 42 without quotes (a token is a number)");
    // 'abc' is no uuid: no key of customer_id has it for a token.
    assertThat(QuickFixes.of(doc.project(), refused.get(2))).isEmpty();
    doc.perform(QuickFixes.of(doc.project(), refused.get(0)).get(0).edit());
    assertThat(doc.project().schema().otherStatements().get(0).text())
        .isEqualTo("SELECT * FROM shop.tags WHERE token(tag) > token('sale')");
    assertThat(ProjectChecks.validate(doc.project()))
        .filteredOn(p -> p.rule() == SupportRule.VALUE)
        .hasSize(2);
  }

  @Test
  void aTuplesComponentOfAnotherTypeInASelectIsFixedInPlace() {
    ImportResult r =
        script(
            "CREATE TABLE shop.spots (area int, at frozen<tuple<int, text>>, PRIMARY KEY (area,"
                + " at));\n"
                + "SELECT * FROM shop.spots WHERE area = 1 AND at = ('7', 'x');\n");
    List<Problem> refused =
        problems(r).stream().filter(p -> p.rule() == SupportRule.VALUE).toList();
    assertThat(refused)
        .extracting(Problem::message)
        .containsExactly(
            "SELECT from shop.spots: Invalid tuple literal for at: component 0 is not of type int");
    Document doc = new Document(new Project(r.schema()), null);
    List<Fix> fixes = QuickFixes.of(doc.project(), refused.get(0));
    assertThat(fixes).extracting(Fix::label).containsExactly("Write 7 without quotes (at[0])");
    doc.perform(fixes.get(0).edit());
    assertThat(doc.project().schema().otherStatements().get(0).text())
        .isEqualTo("SELECT * FROM shop.spots WHERE area = 1 AND at = (7, 'x')");
  }

  @Test
  void aTimestampWithoutAZoneIsAWarningOnASelectItDoesNotStop() {
    ImportResult r =
        script(
            "SELECT * FROM shop.orders_by_customer WHERE customer_id = ? AND placed_at >"
                + " '2026-01-01';\n");
    assertThat(lines(r))
        .containsExactly(
            "app.cql:9:1: warning: SUPPORT-VALUE-READ-AS SELECT from shop.orders_by_customer:"
                + " '2026-01-01' for \"placed_at\" names no time zone: the coordinating node reads it"
                + " in its own (its JVM's default), so nodes in different zones take different"
                + " instants (write it with an offset: '2026-01-01 00:00+0000')");
  }

  @Test
  void aConstantsFixWritesItAsTheColumnTakesItAndIsUndoneInOneStep() {
    ImportResult r =
        script(
            "SELECT * FROM shop.orders_by_customer WHERE customer_id ="
                + " '6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47' AND placed_at > '2026-01-01';\n");
    Document doc = new Document(new Project(r.schema()), null);
    Problem refused = problems(r).get(0);
    List<Fix> fixes = QuickFixes.of(doc.project(), refused);
    assertThat(fixes)
        .extracting(Fix::label)
        .containsExactly(
            "Write the UUID 6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47 without quotes (customer_id)");
    doc.perform(fixes.get(0).edit());
    List<Problem> after =
        ProjectChecks.validate(doc.project(), java.util.Map.of()).stream()
            .filter(p -> p.rule() instanceof SupportRule)
            .toList();
    assertThat(after).extracting(Problem::rule).containsExactly(SupportRule.VALUE_READ_AS);
    List<Fix> utc = QuickFixes.of(doc.project(), after.get(0));
    assertThat(utc)
        .extracting(Fix::label)
        .containsExactly("Write it in UTC: '2026-01-01 00:00+0000' (placed_at)");
    doc.perform(utc.get(0).edit());
    assertThat(doc.project().schema().otherStatements().get(0).text())
        .isEqualTo(
            "SELECT * FROM shop.orders_by_customer WHERE customer_id ="
                + " 6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47 AND placed_at > '2026-01-01 00:00+0000'");
    assertThat(
            ProjectChecks.validate(doc.project(), java.util.Map.of()).stream()
                .filter(p -> p.rule() instanceof SupportRule))
        .isEmpty();
    doc.undo();
    doc.undo();
    assertThat(doc.project().schema().otherStatements().get(0).text())
        .isEqualTo(
            "SELECT * FROM shop.orders_by_customer WHERE customer_id ="
                + " '6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47' AND placed_at > '2026-01-01'");
  }

  @Test
  void aSelectTheKeyServesHasNoProblem() {
    ImportResult r =
        script(
            "SELECT * FROM shop.orders_by_customer WHERE customer_id = ? AND placed_at > ?"
                + " ORDER BY placed_at DESC LIMIT 20;\n"
                + "SELECT product_id FROM shop.products_by_name WHERE name = ?;");
    assertThat(lines(r)).isEmpty();
  }

  @Test
  void eachSelectCassandraRefusesIsAnErrorAtItsLine() {
    ImportResult r =
        script(
            "SELECT * FROM shop.orders_by_customer WHERE customer_id = ?;\n"
                + "SELECT order_id FROM shop.orders_by_customer WHERE status = 'SHIPPED';\n"
                + "SELECT * FROM shop.orders_by_customer WHERE customer_id = ? ORDER BY total;\n"
                + "SELECT * FROM shop.product WHERE product_id = ?;\n"
                + "SELECT * FROM shop.products_by_name WHERE product_id = ?;\n");
    List<String> lines = lines(r);
    assertThat(lines)
        .anyMatch(l -> l.startsWith("app.cql:10:1: error: SUPPORT-FILTERING SELECT from"))
        .anyMatch(l -> l.startsWith("app.cql:11:1: error: SUPPORT-ORDER"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:12:1: error: SUPPORT-UNKNOWN-TABLE")
                    && l.contains("shop.product does not exist"))
        .anyMatch(l -> l.startsWith("app.cql:13:1: error: SUPPORT-PARTITION-KEY"))
        .noneMatch(l -> l.startsWith("app.cql:9:"));
  }

  @Test
  void allowFilteringMakesTheRefusalAWarningButNotAnOrderingCassandraRefusesAnyway() {
    ImportResult r =
        script(
            "SELECT * FROM shop.products WHERE category = ? ALLOW FILTERING;\n"
                + "SELECT * FROM shop.orders_by_customer WHERE status = ? ORDER BY placed_at"
                + " ALLOW FILTERING;\n");
    List<Problem> found = problems(r);
    assertThat(found)
        .extracting(Problem::rule)
        .containsExactly(SupportRule.ALLOW_FILTERING, SupportRule.ORDER);
    assertThat(found.get(0).severity()).isEqualTo(Severity.WARNING);
    assertThat(found.get(0).message()).contains("category is not in the primary key");
  }

  @Test
  void aSelectNamingNoKeyspaceReadsTheOnlyTableOfThatName() {
    ImportResult r = script("USE shop;\nSELECT * FROM products WHERE category = ?;\n");
    assertThat(problems(r)).extracting(Problem::rule).contains(SupportRule.FILTERING);
  }

  @Test
  void aSelectNamingNoKeyspaceReadsTheKeyspaceOfTheScriptsUse() {
    String two =
        SCHEMA
            + "CREATE KEYSPACE archive WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE archive.products (category text, product_id uuid, name text,"
            + " PRIMARY KEY ((category), product_id));\n";
    // In shop, category is no key column (filtering); in archive it is the partition key.
    ImportResult r =
        CqlImporter.read(
            two
                + "USE archive;\nSELECT * FROM products WHERE category = ?;\n"
                + "USE shop;\nSELECT * FROM products WHERE category = ?;\n"
                + "SELECT * FROM orders WHERE customer_id = ?;\n",
            "app.cql");
    List<String> lines = lines(r);
    assertThat(lines)
        .noneMatch(l -> l.startsWith("app.cql:12:"))
        .anyMatch(l -> l.startsWith("app.cql:14:1: error: SUPPORT-FILTERING"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:15:1: error: SUPPORT-UNKNOWN-TABLE")
                    && l.contains(
                        "table shop.orders does not exist in the schema (the script's"
                            + " USE shop)"));
    // Written out and read again, each SELECT still reads the keyspace it read.
    String written = org.keyspacestudio.model.write.CqlWriter.write(r.schema());
    assertThat(written)
        .containsSubsequence(
            "USE archive;", "FROM products", "USE shop;", "FROM products", "FROM orders");
    ImportResult again = CqlImporter.read(written, "again.cql");
    assertThat(again.schema()).isEqualTo(r.schema());
    assertThat(problems(again))
        .extracting(Problem::rule)
        .containsExactlyInAnyOrderElementsOf(problems(r).stream().map(Problem::rule).toList());
  }

  @Test
  void aSelectDistinctReturnsAndRestrictsOnlyPartitionKeyAndStaticColumns() {
    ImportResult r =
        script(
            "SELECT DISTINCT customer_id FROM shop.orders_by_customer;\n"
                + "SELECT DISTINCT customer_id, status FROM shop.orders_by_customer;\n"
                + "SELECT DISTINCT * FROM shop.orders_by_customer WHERE customer_id = ?;\n"
                + "SELECT DISTINCT customer_id FROM shop.orders_by_customer"
                + " WHERE customer_id = ? AND placed_at > ?;\n"
                + "SELECT DISTINCT customer_id FROM shop.orders_by_customer PER PARTITION LIMIT 1;\n"
                + "SELECT DISTINCT customer_id FROM shop.orders_by_customer WHERE customer_id IN ?"
                + " ORDER BY placed_at DESC;\n"
                + "SELECT DISTINCT customer_id FROM shop.orders_by_customer WHERE customer_id = ?"
                + " ORDER BY placed_at DESC;\n");
    List<String> lines = lines(r);
    assertThat(lines)
        .anyMatch(l -> l.startsWith("app.cql:9:1: warning: SUPPORT-MANY-PARTITIONS"))
        .noneMatch(l -> l.startsWith("app.cql:9:1: error"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:10:1: error: SUPPORT-DISTINCT")
                    && l.contains(
                        "must only request partition key columns and/or static columns"
                            + " (not status)"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:11:1: error: SUPPORT-DISTINCT")
                    && l.contains("(not placed_at, which * returns)"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:12:1: error: SUPPORT-DISTINCT")
                    && l.contains(
                        "only supports restriction by partition key and/or static"
                            + " columns (not placed_at)"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:13:1: error: SUPPORT-DISTINCT")
                    && l.contains("PER PARTITION LIMIT is not allowed with SELECT DISTINCT"))
        // With IN, the rows are ordered after the query: placed_at is requested too.
        .anyMatch(
            l ->
                l.startsWith("app.cql:14:1: error: SUPPORT-DISTINCT")
                    && l.contains("(not placed_at)"))
        .noneMatch(l -> l.startsWith("app.cql:15:1: error"));
    // No fix rewrites a DISTINCT: its message says what it may return.
    Problem distinct =
        problems(r).stream()
            .filter(p -> p.rule() == SupportRule.DISTINCT)
            .findFirst()
            .orElseThrow();
    assertThat(QuickFixes.of(new Project(r.schema()), distinct)).isEmpty();
  }

  @Test
  void tokenSelectsARangeOfPartitions() {
    ImportResult r =
        script(
            "SELECT * FROM shop.orders_by_customer"
                + " WHERE token(customer_id) > ? AND token(customer_id) <= ?;\n"
                + "SELECT DISTINCT customer_id FROM shop.orders_by_customer"
                + " WHERE token(customer_id) > ?;\n"
                + "SELECT * FROM shop.orders_by_customer"
                + " WHERE token(customer_id) > ? AND placed_at > ?;\n"
                + "SELECT * FROM shop.orders_by_customer WHERE token(order_id) > ?;\n"
                + "SELECT * FROM shop.orders_by_customer WHERE token(customer_id) IN ?;\n"
                + "SELECT * FROM shop.orders_by_customer"
                + " WHERE token(customer_id) > ? AND token(customer_id) >= ?;\n"
                + "SELECT * FROM shop.orders_by_customer"
                + " WHERE customer_id = ? AND token(customer_id) > ?;\n"
                + "SELECT * FROM shop.orders_by_customer WHERE token(customer_id) > ?"
                + " ORDER BY placed_at ASC;\n"
                + "SELECT DISTINCT status FROM shop.orders_by_customer"
                + " WHERE token(customer_id) > ?;\n");
    List<String> lines = lines(r);
    assertThat(lines)
        .noneMatch(
            l ->
                l.startsWith("app.cql:9:1: error")
                    || l.startsWith("app.cql:10:1: error")
                    || l.startsWith("app.cql:15:"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:9:1: warning: SUPPORT-MANY-PARTITIONS")
                    && l.contains("token(customer_id) selects a range of partitions"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:11:1: error: SUPPORT-PARTITION-KEY")
                    && l.contains("restricting placed_at across them makes Cassandra filter"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:12:1: error: SUPPORT-TOKEN")
                    && l.contains("all partition key components or none of them")
                    && l.contains("write token(customer_id)"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:13:1: error: SUPPORT-TOKEN")
                    && l.contains("IN cannot be used with the token function"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:14:1: error: SUPPORT-CONFLICTING-RESTRICTIONS")
                    && l.contains("More than one restriction was found for the start bound"))
        .anyMatch(l -> l.startsWith("app.cql:16:1: error: SUPPORT-ORDER"))
        .anyMatch(l -> l.startsWith("app.cql:17:1: error: SUPPORT-DISTINCT"));
    // The filtered one runs with ALLOW FILTERING; no index or keyed table is offered for a SELECT
    // that compares token().
    Problem filtered =
        problems(r).stream()
            .filter(p -> p.rule() == SupportRule.PARTITION_KEY)
            .findFirst()
            .orElseThrow();
    assertThat(QuickFixes.of(new Project(r.schema()), filtered))
        .extracting(Fix::label)
        .singleElement()
        .asString()
        .startsWith("Add ALLOW FILTERING");
    // token() of another column is rewritten to the partition key; IN on a token has no fix.
    List<Problem> token = problems(r).stream().filter(p -> p.rule() == SupportRule.TOKEN).toList();
    assertThat(token).hasSize(2);
    assertThat(QuickFixes.of(new Project(r.schema()), token.get(0)))
        .extracting(Fix::label)
        .containsExactly(
            "Write token(customer_id) in this SELECT from shop.orders_by_customer: the partition"
                + " key, in its order");
    assertThat(QuickFixes.of(new Project(r.schema()), token.get(1))).isEmpty();
    Document doc = fixed(r, "SUPPORT-TOKEN", 0);
    assertThat(doc.project().schema().otherStatements().get(3).text())
        .isEqualTo("SELECT * FROM shop.orders_by_customer WHERE token(customer_id) > ?");
    assertThat(
            ProjectChecks.validate(doc.project(), r.positions()).stream()
                .filter(p -> p.rule() == SupportRule.TOKEN))
        .hasSize(1);
  }

  @Test
  void multiColumnRelationsPageThroughClusteringColumns() {
    ImportResult r =
        script(
            "SELECT * FROM shop.orders_by_customer WHERE customer_id = ?"
                + " AND (placed_at, order_id) < (?, ?) LIMIT 20;\n"
                + "SELECT * FROM shop.orders_by_customer WHERE customer_id = ?"
                + " AND (placed_at, order_id) > ? AND (placed_at) <= ?;\n"
                + "SELECT * FROM shop.orders_by_customer WHERE customer_id = ?"
                + " AND (placed_at, order_id) IN ((?, ?), (?, ?));\n"
                + "SELECT * FROM shop.orders_by_customer WHERE customer_id = ?"
                + " AND (order_id, placed_at) > (?, ?);\n"
                + "SELECT * FROM shop.orders_by_customer WHERE customer_id = ?"
                + " AND (placed_at, status) > (?, ?);\n"
                + "SELECT * FROM shop.orders_by_customer WHERE customer_id = ?"
                + " AND (order_id) > ?;\n"
                + "SELECT * FROM shop.orders_by_customer WHERE customer_id = ?"
                + " AND (placed_at, order_id) > ? AND order_id < ?;\n"
                + "SELECT * FROM shop.orders_by_customer WHERE customer_id = ?"
                + " AND (placed_at, order_id) = (?, ?) AND placed_at > ?;\n");
    List<String> lines = lines(r);
    assertThat(lines)
        .noneMatch(
            l ->
                l.startsWith("app.cql:9:")
                    || l.startsWith("app.cql:10:")
                    || l.startsWith("app.cql:11:"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:12:1: error: SUPPORT-MULTI-COLUMN")
                    && l.contains("must appear in the PRIMARY KEY order"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:13:1: error: SUPPORT-MULTI-COLUMN")
                    && l.contains(
                        "only be applied to clustering columns but was applied to: status"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:14:1: error: SUPPORT-CLUSTERING-PREFIX")
                    && l.contains("order_id cannot be restricted as preceding column placed_at"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:15:1: error: SUPPORT-CONFLICTING-RESTRICTIONS")
                    && l.contains("two inequalities not starting with the same column"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:16:1: error: SUPPORT-CONFLICTING-RESTRICTIONS")
                    && l.contains("if it includes an Equal"));
  }

  @Test
  void groupByTakesPrimaryKeyColumnsInTheirOrder() {
    ImportResult r =
        script(
            "SELECT customer_id, count(*) FROM shop.orders_by_customer GROUP BY customer_id;\n"
                + "SELECT placed_at, count(*) FROM shop.orders_by_customer WHERE customer_id = ?"
                + " GROUP BY placed_at;\n"
                + "SELECT count(*) FROM shop.orders_by_customer WHERE customer_id = ?"
                + " GROUP BY order_id;\n"
                + "SELECT count(*) FROM shop.orders_by_customer GROUP BY status;\n"
                + "SELECT count(*) FROM shop.orders_by_customer WHERE customer_id = ?"
                + " PER PARTITION LIMIT 1;\n"
                + "SELECT toJson(total) FROM shop.orders_by_customer WHERE customer_id = ?"
                + " PER PARTITION LIMIT 1;\n"
                + "SELECT customer_id, count(*) FROM shop.orders_by_customer"
                + " WHERE customer_id = ? GROUP BY customer_id, floor(placed_at, 1h);\n"
                + "SELECT count(*) FROM shop.orders_by_customer WHERE customer_id = ?"
                + " GROUP BY floor(placed_at, 1d), customer_id;\n"
                + "SELECT count(*) FROM shop.orders_by_customer GROUP BY customer_id,"
                + " floor(order_id, 1h);\n"
                + "SELECT count(*) FROM shop.orders_by_customer GROUP BY customer_id,"
                + " max(placed_at);\n"
                + "SELECT count(*) FROM shop.orders_by_customer WHERE customer_id = ?"
                + " GROUP BY customer_id, toDate(placed_at);\n"
                + "SELECT count(*) FROM shop.orders_by_customer WHERE customer_id = ?"
                + " AND placed_at = ? GROUP BY customer_id, placed_at, toDate(order_id);\n");
    List<String> lines = lines(r);
    assertThat(lines)
        .noneMatch(
            l ->
                l.startsWith("app.cql:9:1: error")
                    || l.startsWith("app.cql:10:")
                    || l.startsWith("app.cql:14:")
                    || l.startsWith("app.cql:15:"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:16:1: error: SUPPORT-GROUP-BY")
                    && l.contains("only supported on the last element of the GROUP BY clause"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:17:1: error: SUPPORT-GROUP-BY")
                    && l.contains("none of its type signatures match")
                    && l.contains("order_id is uuid"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:18:1: error: SUPPORT-GROUP-BY")
                    && l.contains("Aggregate functions are not supported within the GROUP BY"))
        .noneMatch(l -> l.startsWith("app.cql:19:"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:20:1: error: SUPPORT-GROUP-BY")
                    && l.contains("Invalid call to function todate")
                    && l.contains("order_id is uuid"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:13:1: error: SUPPORT-GROUP-BY")
                    && l.contains("PER PARTITION LIMIT is not allowed with aggregate queries")
                    && l.contains("GROUP BY customer_id"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:11:1: error: SUPPORT-GROUP-BY")
                    && l.contains(
                        "following their declared order in the PRIMARY KEY (customer_id,"
                            + " placed_at, order_id), skipping only columns given by ="))
        .anyMatch(
            l ->
                l.startsWith("app.cql:12:1: error: SUPPORT-GROUP-BY")
                    && l.contains("only supported on the columns of the PRIMARY KEY, got status"));
  }

  private static Document fixed(ImportResult r, String rule, int fix) {
    Document doc = new Document(new Project(r.schema()), null);
    Problem p =
        problems(r).stream().filter(x -> x.rule().id().equals(rule)).findFirst().orElseThrow();
    List<Fix> fixes = QuickFixes.of(doc.project(), p);
    doc.perform(fixes.get(fix).edit());
    return doc;
  }

  @Test
  void aRefusedSelectIsReadFromANewTableKeyedForIt() {
    ImportResult r =
        script("SELECT order_id FROM shop.orders_by_customer WHERE status = 'SHIPPED';\n");
    Problem p = problems(r).get(0);
    List<Fix> fixes = QuickFixes.of(new Project(r.schema()), p);
    assertThat(fixes)
        .extracting(Fix::label)
        .containsExactly(
            "Read this SELECT from a new table shop.orders_by_status keyed for it, PRIMARY KEY"
                + " ((status), customer_id, placed_at DESC, order_id) (the application writes it"
                + " too)",
            "Index status (CREATE CUSTOM INDEX ON shop.orders_by_customer (status) USING 'sai'),"
                + " so that this SELECT runs through it (every node is asked)",
            "Add ALLOW FILTERING to this SELECT from shop.orders_by_customer (it then runs,"
                + " reading rows and discarding those that fail)");
    Document doc = fixed(r, "SUPPORT-FILTERING", 0);
    Project after = doc.project();
    assertThat(after.schema().otherStatements().get(0).text())
        .isEqualTo("SELECT order_id FROM shop.orders_by_status WHERE status = 'SHIPPED'");
    assertThat(after.schema().contains(ElementRef.table(id("shop"), id("orders_by_status"))))
        .isTrue();
    assertThat(ProjectChecks.validate(after))
        .noneMatch(x -> x.severity() != Severity.INFO && x.rule() instanceof SupportRule);
    assertThat(ProjectChecks.validate(after)).noneMatch(x -> x.severity() == Severity.ERROR);
    doc.undo();
    assertThat(doc.project().schema()).isEqualTo(r.schema());
  }

  @Test
  void allowFilteringAddedLeavesAWarning() {
    Document doc =
        fixed(script("SELECT * FROM shop.products WHERE category = ?;\n"), "SUPPORT-FILTERING", 2);
    assertThat(doc.project().schema().otherStatements().get(0).text())
        .isEqualTo("SELECT * FROM shop.products WHERE category = ? ALLOW FILTERING");
    assertThat(ProjectChecks.validate(doc.project()))
        .filteredOn(x -> x.rule() instanceof SupportRule)
        .extracting(Problem::rule)
        .containsExactly(SupportRule.ALLOW_FILTERING);
  }

  @Test
  void aMisspeltTableIsReadAsTheOneMeant() {
    Document doc =
        fixed(
            script("SELECT * FROM shop.product WHERE product_id = ?;\n"),
            "SUPPORT-UNKNOWN-TABLE",
            0);
    assertThat(doc.project().schema().otherStatements().get(0).text())
        .isEqualTo("SELECT * FROM shop.products WHERE product_id = ?");
    assertThat(ProjectChecks.validate(doc.project()))
        .noneMatch(x -> x.rule() instanceof SupportRule);
  }

  @Test
  void aSelectStandsForTheTableItReadsAndKValidateChecksIt(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    ImportResult r =
        script(
            "INSERT INTO shop.products (product_id) VALUES (uuid());\n"
                + "SELECT * FROM shop.products_by_name WHERE name = ?;\n"
                + "SELECT * FROM shop.nothing;\n");
    ElementRef view = ElementRef.view(id("shop"), id("products_by_name"));
    assertThat(ScriptSelects.target(r.schema(), ElementRef.statement(2))).isEqualTo(view);
    assertThat(ScriptSelects.target(r.schema(), ElementRef.statement(1))).isNull();
    assertThat(ScriptSelects.target(r.schema(), ElementRef.statement(3))).isNull();
    assertThat(ScriptSelects.target(r.schema(), ElementRef.statement(9))).isNull();
    // What kstudio validate reads for a script.
    java.nio.file.Path file = dir.resolve("app.cql");
    java.nio.file.Files.writeString(file, SCHEMA + "SELECT * FROM shop.products WHERE name = ?;\n");
    var loaded = org.keyspacestudio.model.project.ModelFiles.load(List.of(file));
    assertThat(loaded.validationProblems())
        .anyMatch(
            p ->
                p.rule() == SupportRule.FILTERING
                    && p.format("x").startsWith(file + ":9:1: error: SUPPORT-FILTERING"));
  }

  @Test
  void renamesCarryIntoTheSelectsThatReadTheTable() {
    ImportResult r =
        script(
            "SELECT name FROM shop.products WHERE product_id = ?;\n"
                + "SELECT name FROM shop.products_by_name WHERE name = ?;\n"
                + "SELECT status FROM shop.orders_by_customer WHERE customer_id = ?;\n");
    Document doc = new Document(new Project(r.schema()), null);
    ElementRef products = ElementRef.table(id("shop"), id("products"));
    doc.perform(
        org.keyspacestudio.model.edit.SchemaEdits.renameColumn(products, id("name"), id("title")));
    doc.perform(org.keyspacestudio.model.edit.SchemaEdits.renameTable(products, id("catalog")));
    assertThat(doc.project().schema().otherStatements())
        .extracting(org.keyspacestudio.model.schema.OtherStatement::text)
        .containsExactly(
            "SELECT title FROM shop.catalog WHERE product_id = ?",
            "SELECT title FROM shop.products_by_name WHERE title = ?",
            "SELECT status FROM shop.orders_by_customer WHERE customer_id = ?");
    assertThat(problems(new ImportResult(doc.project().schema(), r.positions(), List.of())))
        .isEmpty();
  }

  /**
   * A storage-attached index serves ranges on an ordered type (a decimal price), and = only on text
   * or uuid; no index serves IN ({@code IndexTermType.supports} in Cassandra 5.0).
   */
  @Test
  void aStorageAttachedIndexServesRangesOnOrderedTypesOnly() {
    ImportResult r =
        CqlImporter.read(
            SCHEMA.replace("category text)", "category text, price decimal)")
                + "CREATE INDEX ON shop.products (price) USING 'sai';\n"
                + "CREATE INDEX ON shop.products (category) USING 'sai';\n"
                + "SELECT * FROM shop.products WHERE price > ? AND price <= ?;\n"
                + "SELECT * FROM shop.products WHERE category = ?;\n"
                + "SELECT * FROM shop.products WHERE category > ?;\n"
                + "SELECT * FROM shop.products WHERE price IN (1, 2);\n",
            "app.cql");
    assertThat(lines(r))
        .anyMatch(l -> l.startsWith("app.cql:11:1: warning: SUPPORT-INDEX"))
        .anyMatch(l -> l.startsWith("app.cql:12:1: warning: SUPPORT-INDEX"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:13:1: error: SUPPORT-FILTERING")
                    && l.contains("its index serves only ="))
        .anyMatch(
            l ->
                l.startsWith("app.cql:14:1: error: SUPPORT-FILTERING")
                    && l.contains("serves = and ranges, not IN"))
        .noneMatch(l -> l.startsWith("app.cql:11:1: error"));
  }

  /** A SELECT on a table whose CREATE the script holds but could not read says so. */
  @Test
  void aSelectOnATableWhoseCreateWasNotReadPointsAtIt() {
    ImportResult r =
        CqlImporter.read(
            "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};\n"
                + "CREATE TABLE IF NOT EXISTS ks.videos (\n"
                + "  id uuid PRIMARY KEY,\n"
                + "  added timestamp DEFAULT currentTimestamp()\n"
                + ");\n"
                + "SELECT * FROM ks.videos WHERE id = ?;\n",
            "app.cql");
    assertThat(lines(r))
        .containsExactly(
            "app.cql:6:1: error: SUPPORT-UNKNOWN-TABLE SELECT from ks.videos: table ks.videos"
                + " does not exist in the schema: its CREATE TABLE (line 2) was not read; see"
                + " the error there");
  }

  @Test
  void aMapEntryIsServedByAnIndexOnTheMapsEntries() {
    ImportResult r =
        CqlImporter.read(
            """
            CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
            CREATE TABLE shop.items (id uuid PRIMARY KEY, attributes map<text, text>,
              labels map<text, text>, sizes list<int>, fixed frozen<map<text, int>>);
            CREATE INDEX ON shop.items (entries(attributes));
            SELECT id FROM shop.items WHERE attributes['color'] = 'red';
            SELECT id FROM shop.items WHERE labels['team'] = ?;
            SELECT id FROM shop.items WHERE sizes[0] = 1 ALLOW FILTERING;
            SELECT id FROM shop.items WHERE fixed['a'] = 1 ALLOW FILTERING;
            SELECT id FROM shop.items WHERE labels['team'] = ? ALLOW FILTERING;
            """,
            "app.cql");
    List<String> lines = lines(r);
    assertThat(lines)
        .noneMatch(l -> l.startsWith("app.cql:5:1: error") || l.startsWith("app.cql:9:1: error"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:5:1: warning: SUPPORT-INDEX")
                    && l.contains("Served by a secondary index"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:6:1: error: SUPPORT-FILTERING")
                    && l.contains("labels[key] = value needs an index on its entries"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:7:1: error: SUPPORT-OPERATOR")
                    && l.contains("Indexes on list entries (sizes[index] = value)"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:8:1: error: SUPPORT-OPERATOR")
                    && l.contains("Map-entry equality predicates on frozen map column fixed"))
        .anyMatch(l -> l.startsWith("app.cql:9:1: warning: SUPPORT-ALLOW-FILTERING"));
    // The filtered one is served by a new index on the map's entries.
    Problem filtered =
        problems(r).stream()
            .filter(p -> p.rule() == SupportRule.FILTERING)
            .findFirst()
            .orElseThrow();
    assertThat(QuickFixes.of(new Project(r.schema()), filtered))
        .extracting(Fix::label)
        .anyMatch(
            l ->
                l.startsWith(
                    "Index labels (CREATE CUSTOM INDEX ON shop.items (entries(labels)) USING"
                        + " 'sai')"));
  }

  @Test
  void aTokenRangeOrAPageFilteredOnAColumnIsOfferedAnIndex() {
    ImportResult r =
        script(
            "SELECT * FROM shop.orders_by_customer WHERE token(customer_id) > ? AND status = ?;\n"
                + "SELECT * FROM shop.orders_by_customer WHERE customer_id = ?"
                + " AND (placed_at, order_id) > (?, ?) AND status = ?;\n");
    List<Problem> filtered =
        problems(r).stream().filter(p -> p.rule() == SupportRule.FILTERING).toList();
    assertThat(filtered).hasSize(2);
    Project project = new Project(r.schema());
    assertThat(QuickFixes.of(project, filtered.get(0)))
        .extracting(Fix::label)
        .contains(
            "Index status (CREATE CUSTOM INDEX ON shop.orders_by_customer (status) USING 'sai'),"
                + " so that this SELECT runs through it (every node is asked)");
    assertThat(QuickFixes.of(project, filtered.get(1)))
        .extracting(Fix::label)
        .contains(
            "Index status (CREATE CUSTOM INDEX ON shop.orders_by_customer (status) USING 'sai'),"
                + " so that this SELECT runs through it within the partition");
    Document doc = new Document(project, null);
    doc.perform(
        QuickFixes.of(project, filtered.get(1)).stream()
            .filter(f -> f.label().startsWith("Index status"))
            .findFirst()
            .orElseThrow()
            .edit());
    assertThat(lines(doc, r)).noneMatch(l -> l.contains(": error:"));
  }

  private static final String VECTORS =
      """
      CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
      CREATE TABLE shop.products (product_id uuid PRIMARY KEY, name text, category text,
        embedding vector<float, 3>, old vector<float, 3>);
      CREATE INDEX ON shop.products (embedding) USING 'sai';
      CREATE INDEX ON shop.products (old);
      CREATE INDEX ON shop.products (category);
      CREATE TABLE shop.docs (id int PRIMARY KEY, v vector<float, 3>);
      """;

  @Test
  void aSearchBySimilarityIsCheckedAsANodePreparesAndRunsIt() {
    ImportResult r =
        CqlImporter.read(
            VECTORS
                + "SELECT product_id, similarity_cosine(embedding, ?) FROM shop.products"
                + " ORDER BY embedding ANN OF ? LIMIT 10;\n"
                + "SELECT * FROM shop.products ORDER BY embedding ANN OF ?;\n"
                + "SELECT * FROM shop.products ORDER BY old ANN OF ? LIMIT 5;\n"
                + "SELECT * FROM shop.products ORDER BY name ANN OF ? LIMIT 5;\n"
                + "SELECT * FROM shop.products WHERE embedding = ? ALLOW FILTERING;\n"
                + "SELECT * FROM shop.products WHERE category = ?"
                + " ORDER BY embedding ANN OF ? LIMIT 5;\n"
                + "SELECT count(*) FROM shop.products ORDER BY embedding ANN OF ? LIMIT 5;\n"
                + "SELECT * FROM shop.products ORDER BY embedding ANN OF [0.1, 0.2, 0.3] DESC"
                + " LIMIT 5;\n"
                + "SELECT * FROM shop.products WHERE name = ? ORDER BY embedding ANN OF ?"
                + " LIMIT 5 ALLOW FILTERING;\n"
                + "SELECT * FROM shop.docs ORDER BY v ANN OF ? LIMIT 3;\n"
                + "SELECT * FROM shop.products ORDER BY embedding ANN OF ? LIMIT 2000;\n",
            "app.cql");
    List<String> lines = lines(r);
    assertThat(lines)
        .noneMatch(l -> l.startsWith("app.cql:8:1: error"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:8:1: warning: SUPPORT-INDEX")
                    && l.contains("Searched by similarity through the storage-attached index on"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:9:1: error: SUPPORT-ANN")
                    && l.contains("Top-K queries must have a limit specified"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:10:1: error: SUPPORT-ANN")
                    && l.contains("needs a storage-attached index on old"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:11:1: error: SUPPORT-ANN")
                    && l.contains("only supported on float vector indexes: name is text"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:12:1: error: SUPPORT-ANN")
                    && l.contains("Vector indexes only support ANN queries"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:13:1: error: SUPPORT-ANN")
                    && l.contains("category has an index of its own"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:14:1: error: SUPPORT-ANN")
                    && l.contains("can not be run with aggregation"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:15:1: error: SUPPORT-ANN")
                    && l.contains("Descending ANN ordering is not supported"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:16:1: error: SUPPORT-ANN")
                    && l.contains("requires all restricted column(s) to be indexed: name"))
        .anyMatch(
            l ->
                l.startsWith("app.cql:17:1: error: SUPPORT-ANN")
                    && l.contains("requires the column to be indexed"))
        .anyMatch(
            l -> l.startsWith("app.cql:18:1: error: SUPPORT-ANN") && l.contains("LIMIT was 2000"));
    // The index fixes: the vector's built-in index made SAI, the other column's, an SAI index
    // where there is none.
    List<Problem> ann = problems(r).stream().filter(p -> p.rule() == SupportRule.ANN).toList();
    Project project = new Project(r.schema());
    assertThat(QuickFixes.of(project, ann.get(1)))
        .extracting(Fix::label)
        .singleElement()
        .asString()
        .startsWith("Make the index on old of shop.products storage-attached");
    assertThat(QuickFixes.of(project, ann.get(4)))
        .extracting(Fix::label)
        .singleElement()
        .asString()
        .startsWith("Make the index on category of shop.products storage-attached");
    assertThat(QuickFixes.of(project, ann.get(8)))
        .extracting(Fix::label)
        .singleElement()
        .asString()
        .startsWith("Index v (CREATE CUSTOM INDEX ON shop.docs (v) USING 'sai')");
    // A LIMIT added, DESC removed: the statement rewritten.
    assertThat(QuickFixes.of(project, ann.get(0)))
        .extracting(Fix::label)
        .containsExactly("Add LIMIT 10 to this SELECT from shop.products (its 10 nearest rows)");
    assertThat(QuickFixes.of(project, ann.get(6)))
        .extracting(Fix::label)
        .containsExactly(
            "Remove DESC from the ANN ordering of this SELECT from shop.products (the nearest rows"
                + " come first)");
    Document written = new Document(project, null);
    written.perform(QuickFixes.of(project, ann.get(0)).get(0).edit());
    written.perform(QuickFixes.of(written.project(), ann.get(6)).get(0).edit());
    assertThat(written.project().schema().otherStatements().get(1).text())
        .isEqualTo("SELECT * FROM shop.products ORDER BY embedding ANN OF ? LIMIT 10");
    assertThat(written.project().schema().otherStatements().get(7).text())
        .isEqualTo("SELECT * FROM shop.products ORDER BY embedding ANN OF [0.1, 0.2, 0.3] LIMIT 5");
    assertThat(lines(written, r))
        .noneMatch(l -> l.startsWith("app.cql:9:1: error") || l.startsWith("app.cql:15:1: error"));
    assertThat(QuickFixes.of(project, ann.get(9))).isEmpty();
    // Applied, the SELECT runs; undone, it is refused again.
    Document doc = new Document(project, null);
    doc.perform(QuickFixes.of(project, ann.get(8)).get(0).edit());
    assertThat(lines(doc, r)).noneMatch(l -> l.startsWith("app.cql:17:1: error"));
    doc.undo();
    assertThat(lines(doc, r)).anyMatch(l -> l.startsWith("app.cql:17:1: error: SUPPORT-ANN"));
  }

  @Test
  void theCorpusVectorSearchesAreRefusedUntilTheVectorIsIndexed() throws Exception {
    java.nio.file.Path file =
        org.keyspacestudio.model.Corpus.dir()
            .resolve(
                "apache__cassandra__doc_modules_cassandra_examples_CQL_vector-search_vector-search-cycling.cql");
    ImportResult r = CqlImporter.readFiles(List.of(file));
    // The file's CREATE INDEX on comment_vector follows an AsciiDoc callout ("<1>") that cqlsh
    // would read as part of it, so it is not read and the vector has no index: both SELECTs (the
    // nearest comments, and their cosine similarity) are refused, each with the fix indexing it.
    List<Problem> ann = problems(r).stream().filter(p -> p.rule() == SupportRule.ANN).toList();
    assertThat(ann)
        .hasSize(2)
        .allMatch(p -> p.severity() == Severity.ERROR)
        .allMatch(p -> p.message().contains("requires the column to be indexed"));
    Project project = new Project(r.schema());
    List<Fix> fixes = QuickFixes.of(project, ann.get(0));
    assertThat(fixes)
        .extracting(Fix::label)
        .singleElement()
        .asString()
        .startsWith(
            "Index comment_vector (CREATE CUSTOM INDEX ON cycling.comments_vs (comment_vector)"
                + " USING 'sai')");
    Document doc = new Document(project, null);
    doc.perform(fixes.get(0).edit());
    List<Problem> after =
        ProjectChecks.validate(doc.project(), r.positions()).stream()
            .filter(p -> p.rule() instanceof SupportRule)
            .toList();
    assertThat(after).filteredOn(p -> p.severity() == Severity.ERROR).isEmpty();
    assertThat(after).filteredOn(p -> p.message().contains("Searched by similarity")).hasSize(2);
  }

  private static List<String> lines(Document doc, ImportResult r) {
    return ProjectChecks.validate(doc.project(), r.positions()).stream()
        .filter(p -> p.rule() instanceof SupportRule)
        .map(p -> p.format("app.cql"))
        .toList();
  }

  private static org.keyspacestudio.model.cql.CqlIdentifier id(String name) {
    return org.keyspacestudio.model.cql.CqlIdentifier.of(name);
  }

  @Test
  void notEqualAndIsNotNullAreRefusedWithOrWithoutAllowFilteringAndGetNoFix() {
    ImportResult r =
        script(
            "SELECT * FROM shop.orders_by_customer WHERE customer_id = ? AND status != 'open';\n"
                + "SELECT * FROM shop.products WHERE name IS NOT NULL ALLOW FILTERING;\n");
    assertThat(lines(r))
        .containsExactly(
            "app.cql:9:1: error: SUPPORT-OPERATOR SELECT from shop.orders_by_customer:"
                + " Unsupported \"!=\" relation: status != ?: a SELECT has no !=; give the values"
                + " wanted (= or IN, or a range), or leave out the rows in the application",
            "app.cql:10:1: error: SUPPORT-OPERATOR SELECT from shop.products: Unsupported"
                + " restriction: name IS NOT NULL (only a materialized view's WHERE takes it); leave"
                + " out the rows without it in the application");
    Project p = new Project(r.schema());
    for (Problem problem : problems(r)) {
      assertThat(QuickFixes.of(p, problem)).isEmpty();
    }
  }
}
