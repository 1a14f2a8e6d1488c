package org.keyspacestudio.model.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Severity;

/**
 * A script's {@code LIKE} SELECTs judged as Cassandra 5.0.9 prepares and runs them: only a SASI
 * index on literal values serves {@code LIKE}, its mode decides which patterns run, and its options
 * decide what else it serves ({@code index/sasi/conf/ColumnIndex.supports}). A real node holds the
 * same verdicts ({@code NodeSelectsTest} in the integration module).
 */
class LikeSelectsTest {

  private static final String SCHEMA =
      """
      CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
      CREATE TABLE shop.products (
        category text, sku text, name text, description text, notes text, code text, price int,
        weight int, title text, PRIMARY KEY ((category), sku)
      );
      CREATE CUSTOM INDEX products_name ON shop.products (name)
        USING 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode': 'CONTAINS'};
      CREATE CUSTOM INDEX products_description ON shop.products (description)
        USING 'org.apache.cassandra.index.sasi.SASIIndex';
      CREATE CUSTOM INDEX products_notes ON shop.products (notes)
        USING 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode': 'CONTAINS',
        'analyzer_class': 'org.apache.cassandra.index.sasi.analyzer.StandardAnalyzer'};
      CREATE CUSTOM INDEX products_price ON shop.products (price)
        USING 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode': 'SPARSE'};
      CREATE CUSTOM INDEX products_sku ON shop.products (sku)
        USING 'org.apache.cassandra.index.sasi.SASIIndex';
      CREATE INDEX products_code ON shop.products (code) USING 'sai';
      CREATE TABLE shop.reviews (sku text, author text, body text, PRIMARY KEY ((sku), author))
        WITH CLUSTERING ORDER BY (author DESC);
      CREATE CUSTOM INDEX reviews_author ON shop.reviews (author)
        USING 'org.apache.cassandra.index.sasi.SASIIndex';
      """;

  /** The support problems of one SELECT on the schema. */
  private static List<Problem> judged(String select) {
    var r = CqlImporter.read(SCHEMA + select + ";\n", "app.cql");
    assertThat(r.schema().otherStatements()).hasSize(1);
    assertThat(ScriptSelects.check(r.schema(), 1)).as("judged: %s", select).isNotNull();
    return ProjectChecks.validate(new Project(r.schema())).stream()
        .filter(x -> x.rule() instanceof SupportRule)
        .toList();
  }

  private static boolean runs(String select) {
    return judged(select).stream().noneMatch(p -> p.severity() == Severity.ERROR);
  }

  private static String refusal(String select) {
    List<Problem> errors =
        judged(select).stream().filter(p -> p.severity() == Severity.ERROR).toList();
    assertThat(errors).as("refused: %s", select).isNotEmpty();
    return errors.get(0).rule().id() + ": " + errors.get(0).message();
  }

  @Test
  void onlyASasiIndexOnTextServesLikeWithOrWithoutAllowFiltering() {
    assertThat(runs("SELECT * FROM shop.products WHERE name LIKE '%phone%'")).isTrue();
    assertThat(judged("SELECT * FROM shop.products WHERE name LIKE ?"))
        .extracting(Problem::rule)
        .containsExactly(SupportRule.INDEX);
    assertThat(refusal("SELECT * FROM shop.products WHERE code LIKE 'a%'"))
        .startsWith(
            "SUPPORT-LIKE: SELECT from shop.products: LIKE restriction is only supported on"
                + " properly indexed columns")
        .contains("code needs a SASI index (CREATE CUSTOM INDEX ON shop.products (code)")
        .contains("WITH OPTIONS = {'mode': 'CONTAINS'}")
        .contains("its own among them");
    assertThat(refusal("SELECT * FROM shop.products WHERE code LIKE 'a%' ALLOW FILTERING"))
        .startsWith("SUPPORT-LIKE");
    assertThat(refusal("SELECT * FROM shop.products WHERE weight LIKE ?"))
        .contains("weight is int: SASI matches patterns only in text or ascii values");
    assertThat(refusal("SELECT * FROM shop.products WHERE category LIKE 'a%'"))
        .contains("category is a partition key column");
    // Within a partition, and on a clustering column (SASI indexes one).
    assertThat(runs("SELECT * FROM shop.products WHERE category = ? AND name LIKE 'a%'")).isTrue();
    assertThat(runs("SELECT * FROM shop.products WHERE category = ? AND sku LIKE 'AB%'")).isTrue();
    assertThat(refusal("SELECT * FROM shop.products WHERE name LIKE ? AND name = ?"))
        .startsWith("SUPPORT-CONFLICTING-RESTRICTIONS");
    // SASI is an index group of its own: with the SAI index it needs filtering.
    assertThat(refusal("SELECT * FROM shop.products WHERE name LIKE 'a%' AND code = ?"))
        .startsWith("SUPPORT-FILTERING");
  }

  private static Problem likeProblem(Project project) {
    return ProjectChecks.validate(project).stream()
        .filter(x -> x.rule() == SupportRule.LIKE)
        .findFirst()
        .orElseThrow();
  }

  /** The fixes of the first SUPPORT-LIKE problem of the SELECT, and the SELECT's problems after. */
  private static List<String> fixedBy(String select, List<String> labels) {
    var r = CqlImporter.read(SCHEMA + select + ";\n", "app.cql");
    var doc = new org.keyspacestudio.model.edit.Document(new Project(r.schema()), null);
    Problem p = likeProblem(doc.project());
    var fixes = org.keyspacestudio.model.edit.QuickFixes.of(doc.project(), p);
    fixes.forEach(f -> labels.add(f.label()));
    assertThat(fixes).hasSize(1);
    assertThat(fixes.get(0).safe()).isFalse();
    doc.perform(fixes.get(0).edit());
    List<String> after =
        ProjectChecks.validate(doc.project()).stream()
            .filter(x -> x.severity() == Severity.ERROR)
            .map(x -> x.rule().id())
            .toList();
    doc.undo();
    assertThat(ProjectChecks.validate(doc.project())).anyMatch(x -> x.rule() == SupportRule.LIKE);
    return after;
  }

  @Test
  void theFixAddsASasiIndexOrMakesItsModeServeThePattern() {
    List<String> labels = new java.util.ArrayList<>();
    assertThat(fixedBy("SELECT * FROM shop.products WHERE title LIKE '%lamp%'", labels)).isEmpty();
    assertThat(labels.get(0))
        .isEqualTo(
            "Index title with SASI (CREATE CUSTOM INDEX ON shop.products (title) USING"
                + " 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode':"
                + " 'CONTAINS'}), so that this SELECT runs its LIKE (the node needs"
                + " sasi_indexes_enabled: true)");
    labels.clear();
    assertThat(fixedBy("SELECT * FROM shop.products WHERE description LIKE '%lamp'", labels))
        .isEmpty();
    assertThat(labels.get(0))
        .startsWith(
            "Make the SASI index products_description mode CONTAINS (the cluster rebuilds it)");
    labels.clear();
    assertThat(fixedBy("SELECT * FROM shop.products WHERE notes LIKE 'lamp%'", labels)).isEmpty();
    assertThat(labels.get(0))
        .startsWith(
            "Make the SASI index products_notes mode CONTAINS, without its analyzer (the cluster"
                + " rebuilds it)");
    // Beside the storage-attached index, which serves = and keeps serving it.
    labels.clear();
    assertThat(fixedBy("SELECT * FROM shop.products WHERE code LIKE 'a%'", labels)).isEmpty();
    assertThat(labels.get(0)).startsWith("Index code with SASI");
    // A clustering column in descending order is matched once its values are literal text.
    assertThat(refusal("SELECT * FROM shop.reviews WHERE sku = ? AND author LIKE 'ann%'"))
        .contains("author is a clustering column in descending order")
        .contains("'is_literal': 'true'");
    labels.clear();
    assertThat(fixedBy("SELECT * FROM shop.reviews WHERE sku = ? AND author LIKE 'ann%'", labels))
        .isEmpty();
    assertThat(labels.get(0))
        .startsWith(
            "Make the SASI index reviews_author mode CONTAINS, its values literal text (the"
                + " cluster rebuilds it)");
    // No index takes a partition key column, nor matches numbers.
    for (String select :
        List.of(
            "SELECT * FROM shop.products WHERE category LIKE 'a%'",
            "SELECT * FROM shop.products WHERE weight LIKE ?")) {
      var r = CqlImporter.read(SCHEMA + select + ";\n", "app.cql");
      var project = new Project(r.schema());
      assertThat(org.keyspacestudio.model.edit.QuickFixes.of(project, likeProblem(project)))
          .as(select)
          .isEmpty();
    }
  }

  @Test
  void theIndexModeDecidesWhichPatternsRunAndAnEmptyPatternIsRefused() {
    // Mode PREFIX (the default): prefixes and whole values.
    assertThat(runs("SELECT * FROM shop.products WHERE description LIKE 'phone%'")).isTrue();
    assertThat(runs("SELECT * FROM shop.products WHERE description LIKE 'phone'")).isTrue();
    assertThat(refusal("SELECT * FROM shop.products WHERE description LIKE '%phone'"))
        .contains("description LIKE searches by suffix (a pattern like '%abc')")
        .contains("make the index WITH OPTIONS = {'mode': 'CONTAINS'}");
    assertThat(refusal("SELECT * FROM shop.products WHERE description LIKE '%phone%'"))
        .contains("searches by substring");
    // A bind marker's pattern is not known before the query runs.
    assertThat(runs("SELECT * FROM shop.products WHERE description LIKE ?")).isTrue();
    // Mode CONTAINS: every form.
    for (String pattern : List.of("'ph%'", "'%ph'", "'%ph%'", "'ph'")) {
      assertThat(runs("SELECT * FROM shop.products WHERE name LIKE " + pattern))
          .as(pattern)
          .isTrue();
    }
    // Split into words: no prefix, no =.
    assertThat(runs("SELECT * FROM shop.products WHERE notes LIKE '%ph%'")).isTrue();
    assertThat(refusal("SELECT * FROM shop.products WHERE notes LIKE 'ph%'"))
        .contains("searches by prefix")
        .contains("drop the analyzer");
    assertThat(refusal("SELECT * FROM shop.products WHERE notes = 'ph'"))
        .startsWith("SUPPORT-PARTITION-KEY");
    assertThat(refusal("SELECT * FROM shop.products WHERE name LIKE '%%'"))
        .contains("LIKE value can't be empty");
  }

  @Test
  void aSasiIndexOnNumbersServesRangesAndNoLike() {
    assertThat(runs("SELECT * FROM shop.products WHERE price > 10 AND price <= 20")).isTrue();
    assertThat(runs("SELECT * FROM shop.products WHERE price = 10")).isTrue();
    assertThat(refusal("SELECT * FROM shop.products WHERE price LIKE ?"))
        .startsWith("SUPPORT-LIKE")
        .contains("price is int");
    // A literal mode-PREFIX index serves = but no range.
    assertThat(refusal("SELECT * FROM shop.products WHERE description > 'a'"))
        .startsWith("SUPPORT-PARTITION-KEY");
    assertThat(runs("SELECT * FROM shop.products WHERE description = 'a'")).isTrue();
  }

  @Test
  void patternFormsAreReadAsCassandraReadsThem() {
    assertThat(LikePattern.of("abc%")).isEqualTo(LikePattern.PREFIX);
    assertThat(LikePattern.of("%abc")).isEqualTo(LikePattern.SUFFIX);
    assertThat(LikePattern.of("%abc%")).isEqualTo(LikePattern.CONTAINS);
    assertThat(LikePattern.of("abc")).isEqualTo(LikePattern.MATCHES);
    assertThat(LikePattern.of("a%c")).isEqualTo(LikePattern.MATCHES);
    assertThat(LikePattern.of("%%a")).isEqualTo(LikePattern.SUFFIX);
    for (String empty : List.of("", "%", "%%")) {
      assertThat(LikePattern.of(empty)).as("'%s'", empty).isEqualTo(LikePattern.EMPTY);
    }
  }

  @Test
  void theIndexInspectorSaysWhichPatternsASasiIndexServes() {
    var r = CqlImporter.read(SCHEMA, "app.cql");
    var ks =
        r.schema().keyspace(org.keyspacestudio.model.cql.CqlIdentifier.of("shop")).orElseThrow();
    java.util.function.Function<String, String> serves =
        name ->
            IndexUse.serves(
                ks,
                ks.indexes().stream()
                    .filter(i -> i.effectiveName().asInternal().equals(name))
                    .findFirst()
                    .orElseThrow());
    assertThat(serves.apply("products_name"))
        .isEqualTo("name = ?, LIKE 'abc%' or '%abc' or '%abc%' or 'abc' (not IN, not ranges)");
    assertThat(serves.apply("products_description"))
        .isEqualTo("description = ?, LIKE 'abc%' or 'abc' (not IN, not ranges)");
    assertThat(serves.apply("products_notes"))
        .isEqualTo(
            "notes LIKE '%abc' or '%abc%' or 'abc' (not =: its analyzer splits values into words)");
    assertThat(serves.apply("products_price")).isEqualTo("price =, <, <=, >, >= (not IN)");
    var sparse =
        CqlImporter.read(SCHEMA.replace("{'mode': 'CONTAINS'}", "{'mode': 'SPARSE'}"), "app.cql")
            .schema()
            .keyspace(org.keyspacestudio.model.cql.CqlIdentifier.of("shop"))
            .orElseThrow();
    assertThat(IndexUse.serves(sparse, sparse.indexes().get(0)))
        .isEqualTo(
            "nothing: Cassandra refuses this SASI index (SPARSE mode is only supported on"
                + " non-literal columns.)");
  }

  @Test
  void aSasiIndexALikeRunsThroughIsNotOfferedToBecomeStorageAttached() {
    var r =
        CqlImporter.read(
            SCHEMA + "SELECT * FROM shop.products WHERE name LIKE '%phone%';\n", "app.cql");
    var project = new Project(r.schema());
    java.util.function.Function<String, List<String>> fixesOf =
        index ->
            ProjectChecks.validate(project).stream()
                .filter(
                    x ->
                        x.rule() == org.keyspacestudio.model.validate.Rule.INDEX_SASI_DISABLED
                            && x.element().object().asInternal().equals(index))
                .flatMap(x -> org.keyspacestudio.model.edit.QuickFixes.of(project, x).stream())
                .map(f -> f.label())
                .toList();
    // SAI matches no pattern: the SELECT would be refused.
    assertThat(fixesOf.apply("products_name")).isEmpty();
    // No SELECT needs the one on price to be SASI.
    assertThat(fixesOf.apply("products_price"))
        .containsExactly(
            "Make products_price a storage-attached index (SAI), without its SASI options");
  }
}
