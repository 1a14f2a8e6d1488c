package org.keyspacestudio.model.edit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.support.QueryKey;
import org.keyspacestudio.model.support.QuerySupport;
import org.keyspacestudio.model.support.SupportCheck;
import org.keyspacestudio.model.support.SupportRule;
import org.keyspacestudio.model.support.TableQuery;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.workflow.Query;

/**
 * A table that does not answer its query gets fixes: its key made again for the query, or the query
 * mapped to another table; applied, the query is answered, and undo brings the table back.
 */
class SupportFixesTest {

  private static final CqlIdentifier KS = CqlIdentifier.of("killr_video");

  private static Document mapped() throws Exception {
    Document doc = new Document(ProjectFile.read(Path.of("../examples/killrvideo.kstudio")), null);
    doc.perform(MappingEdits.mapAll(KS));
    return doc;
  }

  private static ElementRef table(String name) {
    return ElementRef.table(KS, CqlIdentifier.of(name));
  }

  private static Table tableOf(Project p, String name) {
    return p.schema().keyspace(KS).orElseThrow().table(CqlIdentifier.of(name)).orElseThrow();
  }

  private static List<Problem> supportProblems(Project p, String tableName, SupportRule rule) {
    return QuerySupport.validate(p).stream()
        .filter(x -> x.rule() == rule && table(tableName).equals(x.element()))
        .toList();
  }

  private static List<String> labels(List<Fix> fixes) {
    return fixes.stream().map(Fix::label).toList();
  }

  @Test
  void aClusteringColumnMadeRegularIsKeyedAgainForItsOrdering() throws Exception {
    Document doc = mapped();
    doc.perform(
        SchemaEdits.setRole(
            table("latest_videos"), CqlIdentifier.of("video_id"), SchemaEdits.Role.REGULAR));
    Table broken = tableOf(doc.project(), "latest_videos");
    List<Problem> problems = supportProblems(doc.project(), "latest_videos", SupportRule.ORDER);
    assertThat(problems).hasSize(1);

    List<Fix> fixes = QuickFixes.of(doc.project(), problems.get(0));
    assertThat(labels(fixes))
        .containsExactly(
            "Key latest_videos for Q7: PRIMARY KEY ((bucket), video_id DESC)",
            "Map Q7 to a new table latest_videos_2");
    assertThat(fixes).noneMatch(Fix::safe);

    doc.perform(fixes.get(0).edit());
    Table fixed = tableOf(doc.project(), "latest_videos");
    assertThat(fixed.primaryKey())
        .isEqualTo(
            new PrimaryKey(
                List.of(CqlIdentifier.of("bucket")),
                List.of(
                    new PrimaryKey.ClusteringColumn(
                        CqlIdentifier.of("video_id"), ClusteringOrder.DESC))));
    assertThat(QuerySupport.validate(doc.project()))
        .noneMatch(x -> table("latest_videos").equals(x.element()));
    assertThat(doc.undoDescription()).startsWith("Key latest_videos for Q7");
    doc.undo();
    assertThat(tableOf(doc.project(), "latest_videos")).isEqualTo(broken);
  }

  @Test
  void aTableKeyedByTheWrongColumnGetsThePartitionKeyItsQueryGives() throws Exception {
    Document doc = mapped();
    ElementRef t = table("users_by_email");
    doc.perform(
        SchemaEdits.setRole(t, CqlIdentifier.of("user_id"), SchemaEdits.Role.PARTITION_KEY));
    doc.perform(SchemaEdits.setRole(t, CqlIdentifier.of("email"), SchemaEdits.Role.REGULAR));
    assertThat(tableOf(doc.project(), "users_by_email").primaryKey().partitionKey())
        .containsExactly(CqlIdentifier.of("user_id"));
    // Q1 gives email =: email is not in the key (filtering), and user_id is not given.
    List<Problem> filtering =
        supportProblems(doc.project(), "users_by_email", SupportRule.FILTERING);
    List<Problem> partition =
        supportProblems(doc.project(), "users_by_email", SupportRule.PARTITION_KEY);
    assertThat(filtering).hasSize(1);
    assertThat(partition).hasSize(1);
    // The same key fixes both; a reused table would come second, a new one here.
    for (Problem p : List.of(filtering.get(0), partition.get(0))) {
      assertThat(labels(QuickFixes.of(doc.project(), p)))
          .containsExactly(
              "Key users_by_email for Q1: PRIMARY KEY ((email), user_id)",
              "Map Q1 to a new table users_by_email_2");
    }
    doc.perform(QuickFixes.of(doc.project(), filtering.get(0)).get(0).edit());
    assertThat(QuerySupport.validate(doc.project()))
        .noneMatch(x -> t.equals(x.element()))
        .noneMatch(x -> x.message().startsWith("Q1 "));
  }

  @Test
  void aKeyThatWouldBreakAnotherQueryOfTheTableIsNotOfferedButTheTableThatFitsIs()
      throws Exception {
    Document doc = mapped();
    // videos_by_user answers Q3 (user_id =); an arrow labelled Q7 (the latest videos, no
    // partition given, newest first) onto it too.
    List<QueryArrow> arrows = new ArrayList<>(doc.project().diagram().arrows());
    arrows.add(new QueryArrow("Q7", null, table("videos_by_user")));
    doc.perform(new Document.Edit("arrow", p -> p.withDiagram(p.diagram().withArrows(arrows))));
    List<Problem> problems = supportProblems(doc.project(), "videos_by_user", SupportRule.ORDER);
    assertThat(problems).hasSize(1);
    // Keyed by a bucket, videos_by_user would no longer answer Q3: only the table made for Q7 is
    // offered.
    List<Fix> fixes = QuickFixes.of(doc.project(), problems.get(0));
    assertThat(labels(fixes)).containsExactly("Answer Q7 from latest_videos, whose key fits it");
    doc.perform(fixes.get(0).edit());
    assertThat(QuerySupport.tablesOf(doc.project(), "Q7")).containsExactly(table("latest_videos"));
    assertThat(QuerySupport.validate(doc.project()))
        .noneMatch(x -> x.rule().severity() == org.keyspacestudio.model.validate.Severity.ERROR);
  }

  @Test
  void aQueryReadingSeveralPartitionsByInGetsNoCopyOfItsTable() throws Exception {
    Document doc = mapped();
    Query q3 = doc.project().workflow().query("Q3").orElseThrow();
    doc.perform(
        WorkflowEdits.setQuery(
            "Q3",
            q3.withGiven(
                List.of(
                    new Query.Condition(
                        org.keyspacestudio.model.conceptual.AttributeRef.parse("User.user_id"),
                        Operator.IN)))));
    assertThat(supportProblems(doc.project(), "videos_by_user", SupportRule.MANY_PARTITIONS))
        .hasSize(1);
    // IN on the partition key reads a partition per value whatever the table: the mapping's
    // table is keyed as this one, and a copy of it was offered.
    Query in = doc.project().workflow().query("Q3").orElseThrow();
    assertThat(SupportEdits.fixes(doc.project(), in, table("videos_by_user"))).isEmpty();
  }

  private static Query.Condition given(String attribute, Operator op) {
    return new Query.Condition(
        org.keyspacestudio.model.conceptual.AttributeRef.parse(attribute), op);
  }

  /**
   * Q3 asked for the videos a user uploaded since a time, by title: a range on video_id and an
   * order by title, which no key serves.
   */
  private static void sinceByTitle(Document doc) {
    Query q3 = doc.project().workflow().query("Q3").orElseThrow();
    doc.perform(
        WorkflowEdits.setQuery(
            "Q3",
            q3.withGiven(
                    List.of(
                        given("User.user_id", Operator.EQ), given("Video.video_id", Operator.GE)))
                .withOrderBy(
                    List.of(
                        new Query.Ordering(
                            org.keyspacestudio.model.conceptual.AttributeRef.parse("Video.title"),
                            ClusteringOrder.ASC)))));
  }

  @Test
  void aRangeAndAnOrderByAnotherAttributeAreLeftToTheApplicationWhenNoKeyServesBoth()
      throws Exception {
    Document doc = mapped();
    sinceByTitle(doc);
    List<Problem> problems =
        QuerySupport.validate(doc.project()).stream()
            .filter(x -> table("videos_by_user").equals(x.element()))
            .filter(x -> x.rule().severity() == org.keyspacestudio.model.validate.Severity.ERROR)
            .toList();
    assertThat(problems).isNotEmpty();
    // The mapping's tables for it are keyed by its rules, and refused as this one is.
    Query asked = doc.project().workflow().query("Q3").orElseThrow();
    var alternatives =
        org.keyspacestudio.model.mapping.Mapping.alternatives(doc.project(), asked, KS)
            .alternatives();
    assertThat(alternatives).isNotEmpty();
    for (var alternative : alternatives) {
      assertThat(QuerySupport.findings(doc.project(), asked, alternative))
          .extracting(SupportCheck.Finding::rule)
          .as(alternative.table())
          .contains(SupportRule.ORDER);
    }
    List<Fix> fixes = QuickFixes.of(doc.project(), problems.get(0));
    assertThat(labels(fixes))
        .containsExactly(
            // The table's key serves the range once the order is left to the application.
            "Sort Q3's rows in the application: drop its order by Video.title ASC",
            "Filter Q3 by Video.video_id >= in the application: drop it from its Given, and key"
                + " videos_by_user for it: PRIMARY KEY ((user_id), title, video_id DESC)");
    doc.perform(fixes.get(0).edit());
    Query sorted = doc.project().workflow().query("Q3").orElseThrow();
    assertThat(sorted.orderBy()).isEmpty();
    assertThat(
            QuerySupport.findings(
                doc.project(),
                sorted,
                org.keyspacestudio.model.mapping.Mapping.alternatives(doc.project(), sorted, KS)
                    .alternatives()
                    .get(0)))
        .isEmpty();
    assertThat(QuerySupport.validate(doc.project()))
        .noneMatch(x -> table("videos_by_user").equals(x.element()));
    doc.undo();
    assertThat(doc.project().workflow().query("Q3").orElseThrow().orderBy()).hasSize(1);
  }

  @Test
  void aQueryOnNoTableThatNoKeyServesIsChangedBeforeItIsMapped() throws Exception {
    Document doc = new Document(ProjectFile.read(Path.of("../examples/killrvideo.kstudio")), null);
    // One query mapped: the others are then said to be on no table.
    var q1 =
        org.keyspacestudio.model.mapping.Mapping.alternatives(
            doc.project(), doc.project().workflow().query("Q1").orElseThrow(), KS);
    doc.perform(MappingEdits.choose("Q1", q1.alternatives().get(0), KS));
    sinceByTitle(doc);
    Problem noTable =
        QuerySupport.validate(doc.project()).stream()
            .filter(x -> x.rule() == SupportRule.NO_TABLE && x.message().startsWith("Q3 "))
            .findFirst()
            .orElseThrow();
    // Mapped as asked, its table would be refused it: the query's changes come instead.
    List<Fix> fixes = QuickFixes.of(doc.project(), noTable);
    assertThat(labels(fixes))
        .containsExactly(
            "Sort Q3's rows in the application: drop its order by Video.title ASC",
            "Filter Q3 by Video.video_id >= in the application: drop it from its Given");
    doc.perform(fixes.get(1).edit());
    Query filtered = doc.project().workflow().query("Q3").orElseThrow();
    assertThat(filtered.given()).containsExactly(given("User.user_id", Operator.EQ));
    // Now the mapping's table answers it, and the fix maps it.
    Problem again =
        QuerySupport.validate(doc.project()).stream()
            .filter(x -> x.rule() == SupportRule.NO_TABLE && x.message().startsWith("Q3 "))
            .findFirst()
            .orElseThrow();
    assertThat(labels(QuickFixes.of(doc.project(), again)))
        .singleElement()
        .asString()
        .startsWith("Map Q3 to a new table");
  }

  @Test
  void ofTwoRangesOneIsLeftToTheApplication() throws Exception {
    Document doc = mapped();
    Query q3 = doc.project().workflow().query("Q3").orElseThrow();
    doc.perform(
        WorkflowEdits.setQuery(
            "Q3",
            q3.withGiven(
                    List.of(
                        given("User.user_id", Operator.EQ),
                        given("Video.video_id", Operator.GE),
                        given("Video.title", Operator.GE)))
                .withOrderBy(List.of())));
    Problem problem =
        QuerySupport.validate(doc.project()).stream()
            .filter(x -> table("videos_by_user").equals(x.element()))
            .filter(x -> x.rule().severity() == org.keyspacestudio.model.validate.Severity.ERROR)
            .findFirst()
            .orElseThrow();
    // No new table is offered: it would be keyed as no key serves two ranges.
    assertThat(labels(QuickFixes.of(doc.project(), problem)))
        .containsExactly(
            // video_id's range kept: the table's key serves it as it is.
            "Filter Q3 by Video.title >= in the application: drop it from its Given",
            "Filter Q3 by Video.video_id >= in the application: drop it from its Given, and key"
                + " videos_by_user for it: PRIMARY KEY ((user_id), title, video_id DESC)");
    for (Fix fix : QuickFixes.of(doc.project(), problem)) {
      if (fix.label().startsWith("Filter ")) {
        Project after = fix.edit().change().apply(doc.project());
        assertThat(QuerySupport.validate(after))
            .as(fix.label())
            .noneMatch(x -> table("videos_by_user").equals(x.element()));
      }
    }
  }

  /** Applies the one fix of Q2's SUPPORT-NO-TABLE: "Map Q2 to a new table users". */
  private static void mapQ2ToANewTableByItsFix(Document doc) {
    Problem q2 =
        QuerySupport.validate(doc.project()).stream()
            .filter(x -> x.rule() == SupportRule.NO_TABLE && x.message().startsWith("Q2 "))
            .findFirst()
            .orElseThrow();
    List<Fix> fixes = QuickFixes.of(doc.project(), q2);
    assertThat(labels(fixes)).containsExactly("Map Q2 to a new table users");
    doc.perform(fixes.get(0).edit());
  }

  @Test
  void aQueryNoTableAnswersIsMappedByItsFix() throws Exception {
    Document doc = new Document(ProjectFile.read(Path.of("../examples/killrvideo.kstudio")), null);
    var q1 =
        org.keyspacestudio.model.mapping.Mapping.alternatives(
            doc.project(), doc.project().workflow().query("Q1").orElseThrow(), KS);
    doc.perform(MappingEdits.choose("Q1", q1.alternatives().get(0), KS));
    mapQ2ToANewTableByItsFix(doc);
    assertThat(QuerySupport.tablesOf(doc.project(), "Q2")).containsExactly(table("users"));
  }

  @Test
  void theArrowsOutOfADeletedTableComeBackFromTheTableMadeAgain() throws Exception {
    Document doc = mapped();
    List<QueryArrow> fromUsers =
        doc.project().diagram().arrows().stream()
            .filter(a -> table("users").equals(a.from()))
            .toList();
    assertThat(fromUsers).extracting(QueryArrow::label).contains("Q3", "Q4");
    doc.perform(Edits.delete(java.util.Set.of(table("users"))));
    // The tables of Q3 and Q4 still answer them: their arrows stay, entering them (no table of
    // Q2, the query before them, is left); they had gone with users.
    for (QueryArrow a : fromUsers) {
      assertThat(doc.project().diagram().arrows())
          .contains(new QueryArrow(a.label(), null, a.to()));
    }
    mapQ2ToANewTableByItsFix(doc);
    assertThat(doc.project().diagram().arrows()).containsAll(fromUsers);
  }

  @Test
  void anAttributeAQueryBothOrdersByAndReturnsIsMissedOnce() throws Exception {
    Document doc = mapped();
    // Q7 (ordered by Video.video_id, which it returns) drawn into users, which holds no video.
    doc.perform(Edits.addArrow("Q7", null, table("users")));
    List<Problem> missing = supportProblems(doc.project(), "users", SupportRule.ATTRIBUTE_MISSING);
    assertThat(missing).hasSize(1);
    assertThat(missing.get(0).message())
        .isEqualTo(
            "Q7 on users: no column holds Video.video_id, Video.title, Video.type, Video.tags,"
                + " Video.preview_thumbnails; add the column, or map the query again");
  }

  // ---------------------------------------------------------------------------------------------
  // QueryKey on tables of its own

  private static Column col(String name, NativeType type) {
    return new Column(CqlIdentifier.of(name), type, false);
  }

  private static TableQuery.Restriction where(String column, Operator op) {
    return new TableQuery.Restriction(CqlIdentifier.of(column), op);
  }

  @Test
  void twoRangesHaveNoKeyThatServesThem() {
    Table t =
        new Table(
            CqlIdentifier.of("readings"),
            List.of(
                col("sensor", NativeType.TEXT),
                col("day", NativeType.DATE),
                col("value", NativeType.DOUBLE)),
            new PrimaryKey(List.of(CqlIdentifier.of("sensor")), List.of()),
            TableOptions.none());
    TableQuery q =
        new TableQuery(
            List.of(
                where("sensor", Operator.EQ),
                where("day", Operator.GE),
                where("value", Operator.GT)),
            List.of(),
            List.of(CqlIdentifier.of("value")));
    Table keyed = QueryKey.keyed(t, q).orElseThrow();
    assertThat(QueryKey.describe(keyed.primaryKey())).isEqualTo("((sensor), day, value)");
    assertThat(SupportCheck.check(keyed, java.util.Set.of(), q))
        .extracting(SupportCheck.Finding::rule)
        .contains(SupportRule.CLUSTERING_AFTER_RANGE);
  }

  @Test
  void aStaticReturnedAloneWithAClusteringColumnGivenBecomesRegular() {
    Table t =
        new Table(
            CqlIdentifier.of("accounts"),
            List.of(
                col("owner", NativeType.TEXT),
                col("account", NativeType.TEXT),
                new Column(CqlIdentifier.of("owner_name"), NativeType.TEXT, true)),
            new PrimaryKey(
                List.of(CqlIdentifier.of("owner")),
                List.of(
                    new PrimaryKey.ClusteringColumn(
                        CqlIdentifier.of("account"), ClusteringOrder.ASC))),
            TableOptions.none());
    TableQuery q =
        new TableQuery(
            List.of(where("owner", Operator.EQ), where("account", Operator.GT)),
            List.of(),
            List.of(CqlIdentifier.of("owner_name")));
    assertThat(SupportCheck.check(t, java.util.Set.of(), q))
        .extracting(SupportCheck.Finding::rule)
        .containsExactly(SupportRule.STATIC_ONLY);
    Table keyed = QueryKey.keyed(t, q).orElseThrow();
    // The key already fits; only the static column's role changes.
    assertThat(keyed.primaryKey()).isEqualTo(t.primaryKey());
    assertThat(keyed.column(CqlIdentifier.of("owner_name")).orElseThrow().isStatic()).isFalse();
    assertThat(SupportCheck.check(keyed, java.util.Set.of(), q)).isEmpty();
  }

  @Test
  void aCounterOrDurationIsNeverPutInAKey() {
    Table t =
        new Table(
            CqlIdentifier.of("page_views"),
            List.of(col("page", NativeType.TEXT), col("views", NativeType.COUNTER)),
            new PrimaryKey(List.of(CqlIdentifier.of("page")), List.of()),
            TableOptions.none());
    TableQuery q =
        new TableQuery(
            List.of(where("page", Operator.EQ), where("views", Operator.GT)), List.of(), List.of());
    assertThat(QueryKey.keyed(t, q)).isEmpty();
  }

  @Test
  void aQueryGivingNothingByEqualityGetsABucketAndTheOldKeyStaysInTheNewOne() {
    Table t =
        new Table(
            CqlIdentifier.of("videos"),
            List.of(
                col("video_id", NativeType.UUID),
                col("added", NativeType.TIMESTAMP),
                new Column(
                    CqlIdentifier.of("tags"),
                    new org.keyspacestudio.model.type.CollectionType.SetType(
                        NativeType.TEXT, false),
                    false)),
            new PrimaryKey(List.of(CqlIdentifier.of("video_id")), List.of()),
            TableOptions.none());
    TableQuery q =
        new TableQuery(
            List.of(where("added", Operator.GE)),
            List.of(new TableQuery.Order(CqlIdentifier.of("added"), ClusteringOrder.DESC)),
            List.of(CqlIdentifier.of("video_id")));
    Table keyed = QueryKey.keyed(t, q).orElseThrow();
    assertThat(QueryKey.describe(keyed.primaryKey())).isEqualTo("((bucket), added DESC, video_id)");
    assertThat(keyed.column(CqlIdentifier.of("bucket")).orElseThrow().type())
        .isEqualTo(NativeType.INT);
    // The bucket is given by = (the application picks it): one partition per query.
    TableQuery withBucket =
        new TableQuery(
            List.of(where("bucket", Operator.EQ), where("added", Operator.GE)),
            q.orderBy(),
            q.returned());
    assertThat(SupportCheck.check(keyed, java.util.Set.of(), withBucket)).isEmpty();
  }
}
