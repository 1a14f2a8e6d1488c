package org.keyspacestudio.model.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.edit.ConceptualEdits;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.MappingEdits;
import org.keyspacestudio.model.edit.SchemaEdits;
import org.keyspacestudio.model.edit.WorkflowEdits;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.support.QuerySupport;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.workflow.Query;

/**
 * Mapping again after the models change: what changes is shown (added, removed, changed tables),
 * and the user's edits to tables are kept unless the user discards them.
 */
class RemapTest {

  private static final CqlIdentifier KS = CqlIdentifier.of("killr_video");
  private static final ElementRef BY_USER =
      ElementRef.table(KS, CqlIdentifier.of("videos_by_user"));

  private static Document mapped() throws Exception {
    Document doc = new Document(ProjectFile.read(Path.of("../examples/killrvideo.kstudio")), null);
    doc.perform(MappingEdits.mapAll(KS));
    return doc;
  }

  private static Table table(Project p, ElementRef ref) {
    return p.schema().keyspace(ref.keyspace()).orElseThrow().table(ref.object()).orElseThrow();
  }

  private static List<String> columns(Table t) {
    return t.columns().stream().map(c -> c.name().asInternal()).toList();
  }

  /** Video gets a duration, and Q3 (videos by user) returns it. */
  private static void addDurationToQ3(Document doc) {
    doc.perform(
        ConceptualEdits.addAttribute(
            "Video", "duration", Attribute.Kind.SIMPLE, false, new Point(0, 0)));
    doc.perform(ConceptualEdits.setAttributeType("Video", "duration", "int"));
    Query q3 = doc.project().workflow().query("Q3").orElseThrow();
    List<AttributeRef> returns = new ArrayList<>(q3.returns());
    returns.add(AttributeRef.parse("Video.duration"));
    doc.perform(WorkflowEdits.setQuery("Q3", q3.withReturns(returns)));
  }

  /** Adds Q10, the videos of a type (their titles), to the workflow. */
  private static Query addVideosOfAType(Document doc) {
    Query q10 =
        new Query(
            "Q10",
            "Find the videos of a type",
            List.of(
                new Query.Condition(
                    AttributeRef.parse("Video.type"),
                    org.keyspacestudio.model.workflow.Operator.EQ)),
            List.of(AttributeRef.parse("Video.title")),
            List.of(),
            Query.ResultSize.MANY);
    List<Query> queries = new ArrayList<>(doc.project().workflow().queries());
    queries.add(q10);
    doc.perform(
        new Document.Edit("add Q10", x -> x.withWorkflow(x.workflow().withQueries(queries))));
    return q10;
  }

  @Test
  void mappingAgainWithNothingChangedChangesNothing() throws Exception {
    Document doc = mapped();
    Remap.Plan plan = Remap.plan(doc.project(), KS);
    assertThat(plan.effective()).isEmpty();
    assertThat(plan.changes()).hasSize(9).allMatch(c -> c.kind() == Remap.Kind.UNCHANGED);
  }

  @Test
  void aTableTheUserDidNotEditBecomesWhatTheModelsMakeNow() throws Exception {
    Document doc = mapped();
    addDurationToQ3(doc);
    Remap.Plan plan = Remap.plan(doc.project(), KS);
    assertThat(plan.effective()).hasSize(1);
    Remap.Change change = plan.effective().get(0);
    assertThat(change.kind()).isEqualTo(Remap.Kind.CHANGED);
    assertThat(change.table()).isEqualTo(BY_USER);
    assertThat(change.userEdited()).isFalse();
    assertThat(change.details()).containsExactly("+ column duration int");

    doc.perform(MappingEdits.remap(plan, true));
    assertThat(columns(table(doc.project(), BY_USER))).contains("duration");
    assertThat(doc.project().mapping().table(BY_USER).orElseThrow().sources())
        .containsEntry("duration", AttributeRef.parse("Video.duration"));
    assertThat(QuerySupport.answers(doc.project())).allMatch(QuerySupport.Answer::supported);
    assertThat(Remap.plan(doc.project(), KS).effective())
        .as("mapped again: nothing left")
        .isEmpty();
  }

  @Test
  void theUsersEditsAreKeptUnlessDiscarded() throws Exception {
    Document doc = mapped();
    doc.perform(SchemaEdits.addColumn(BY_USER, CqlIdentifier.of("note"), NativeType.TEXT));
    doc.perform(SchemaEdits.setColumnType(BY_USER, CqlIdentifier.of("title"), NativeType.ASCII));
    assertThat(Remap.plan(doc.project(), KS).effective())
        .as("user edits alone are not a change")
        .isEmpty();
    addDurationToQ3(doc);
    Remap.Plan plan = Remap.plan(doc.project(), KS);
    Remap.Change change = plan.effective().get(0);
    assertThat(change.userEdited()).isTrue();
    assertThat(change.details())
        .contains(
            "+ column duration int", "your edits to it are kept (or discarded, if you choose)");

    Project before = doc.project();
    doc.perform(MappingEdits.remap(plan, true));
    Table kept = table(doc.project(), BY_USER);
    assertThat(columns(kept)).contains("note", "duration");
    assertThat(kept.column(CqlIdentifier.of("title")).map(Column::type)).contains(NativeType.ASCII);
    assertThat(doc.project().mapping().table(BY_USER).orElseThrow().sources())
        .doesNotContainKey("note");

    doc.undo();
    assertThat(doc.project()).isEqualTo(before);
    doc.perform(MappingEdits.remap(plan, false));
    Table discarded = table(doc.project(), BY_USER);
    assertThat(columns(discarded)).contains("duration").doesNotContain("note");
    assertThat(discarded.column(CqlIdentifier.of("title")).map(Column::type))
        .contains(NativeType.TEXT);
  }

  @Test
  void aKeyTheModelsChangeFollowsThemAndTheUsersOwnKeyStays() throws Exception {
    Document doc = mapped();
    // Q3 now gives the video's title too: the title joins the key.
    Query q3 = doc.project().workflow().query("Q3").orElseThrow();
    List<Query.Condition> given = new ArrayList<>(q3.given());
    given.add(
        new Query.Condition(
            AttributeRef.parse("Video.title"), org.keyspacestudio.model.workflow.Operator.EQ));
    doc.perform(WorkflowEdits.setQuery("Q3", q3.withGiven(given)));
    Remap.Plan plan = Remap.plan(doc.project(), KS);
    Remap.Change change = plan.effective().get(0);
    assertThat(change.details()).anyMatch(d -> d.startsWith("~ key: ((user_id), "));
    doc.perform(MappingEdits.remap(plan, true));
    assertThat(table(doc.project(), BY_USER).primaryKey().allColumns())
        .extracting(CqlIdentifier::asInternal)
        .contains("title");
    assertThat(QuerySupport.answers(doc.project())).allMatch(QuerySupport.Answer::supported);
  }

  @Test
  void aTableWhoseQueriesAreGoneIsRemovedAndANewQueryGetsATable() throws Exception {
    Document doc = mapped();
    doc.perform(WorkflowEdits.delete(Set.of(ElementRef.query("Q8"))));
    addVideosOfAType(doc);
    Remap.Plan plan = Remap.plan(doc.project(), KS);
    assertThat(plan.effective())
        .extracting(Remap.Change::kind, c -> c.table().object().asInternal())
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(Remap.Kind.REMOVED, "ratings_by_video"),
            org.assertj.core.groups.Tuple.tuple(Remap.Kind.ADDED, "videos_by_type"));
    doc.perform(MappingEdits.remap(plan, true));
    var ks = doc.project().schema().keyspace(KS).orElseThrow();
    assertThat(ks.table(CqlIdentifier.of("ratings_by_video"))).isEmpty();
    assertThat(ks.table(CqlIdentifier.of("videos_by_type"))).isPresent();
    assertThat(QuerySupport.tablesOf(doc.project(), "Q10")).isNotEmpty();
    assertThat(Remap.plan(doc.project(), KS).effective()).isEmpty();
  }

  @Test
  void theFixForAMissingColumnAddsItAsTheMappingWould() throws Exception {
    Document doc = mapped();
    addDurationToQ3(doc);
    Query q3 = doc.project().workflow().query("Q3").orElseThrow();
    var answer = QuerySupport.answer(doc.project(), q3, BY_USER).orElseThrow();
    assertThat(answer.supported()).isFalse();
    assertThat(answer.missing()).containsExactly(AttributeRef.parse("Video.duration"));
    doc.perform(MappingEdits.addMissingColumns(BY_USER, "Q3", answer.missing()));
    Table fixed = table(doc.project(), BY_USER);
    assertThat(fixed.column(CqlIdentifier.of("duration")).map(Column::type))
        .contains(NativeType.INT);
    assertThat(QuerySupport.answer(doc.project(), q3, BY_USER).orElseThrow().supported()).isTrue();
    assertThat(doc.project().mapping().table(BY_USER).orElseThrow().sources())
        .containsEntry("duration", AttributeRef.parse("Video.duration"));
    // The table now is what mapping again would make: nothing left to change.
    assertThat(Remap.plan(doc.project(), KS).effective()).isEmpty();
  }

  private static final ElementRef VIDEOS = ElementRef.table(KS, CqlIdentifier.of("videos"));

  /** Q10 finds the videos of a type, answered by a materialized view over videos. */
  private static ElementRef videosByTypeAsAView(Document doc) {
    Query q10 = addVideosOfAType(doc);
    Mapper.Alternative view =
        Mapping.alternatives(doc.project(), q10, KS).alternatives().stream()
            .filter(a -> VIDEOS.object().equals(a.viewOf()))
            .findFirst()
            .orElseThrow();
    doc.perform(MappingEdits.choose("Q10", view, KS));
    ElementRef ref = ElementRef.view(KS, CqlIdentifier.of(view.table()));
    assertThat(QuerySupport.tablesOf(doc.project(), "Q10")).containsExactly(ref);
    return ref;
  }

  private static void setReturns(Document doc, String query, List<AttributeRef> returns) {
    Query q = doc.project().workflow().query(query).orElseThrow();
    doc.perform(WorkflowEdits.setQuery(query, q.withReturns(returns)));
  }

  private static List<String> errors(Project p) {
    return org.keyspacestudio.model.project.ProjectChecks.validate(p).stream()
        .filter(
            x ->
                x.rule().severity() == org.keyspacestudio.model.validate.Severity.ERROR
                    || x.rule() instanceof org.keyspacestudio.model.support.SupportRule)
        .map(x -> x.rule().id() + " " + x.element() + ": " + x.message())
        .toList();
  }

  @Test
  void aViewTheMappingMadeFollowsItsQuery() throws Exception {
    Document doc = mapped();
    ElementRef view = videosByTypeAsAView(doc);
    assertThat(Remap.plan(doc.project(), KS).effective()).isEmpty();
    List<AttributeRef> returns =
        new ArrayList<>(doc.project().workflow().query("Q10").orElseThrow().returns());
    returns.add(AttributeRef.parse("Video.release_date"));
    setReturns(doc, "Q10", returns);
    assertThat(errors(doc.project())).isNotEmpty();

    Remap.Plan plan = Remap.plan(doc.project(), KS);
    assertThat(plan.effective())
        .extracting(Remap.Change::kind, Remap.Change::table)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(Remap.Kind.CHANGED, view));
    assertThat(plan.effective().get(0).details())
        .containsExactly("follows videos and Q10", "+ column release_date timestamp");
    doc.perform(MappingEdits.remap(plan, true));
    var made = doc.project().schema().keyspace(KS).orElseThrow().view(view.object()).orElseThrow();
    assertThat(made.selected()).extracting(CqlIdentifier::asInternal).contains("release_date");
    assertThat(QuerySupport.tablesOf(doc.project(), "Q10")).containsExactly(view);
    assertThat(errors(doc.project())).isEmpty();
    assertThat(Remap.plan(doc.project(), KS).effective()).isEmpty();
  }

  @Test
  void aViewWhoseBaseTableLosesWhatItsQueryNeedsGivesWayToATable() throws Exception {
    Document doc = mapped();
    ElementRef view = videosByTypeAsAView(doc);
    // Q5 no longer returns the title: videos drops it, and Q10 needs it.
    setReturns(
        doc,
        "Q5",
        doc.project().workflow().query("Q5").orElseThrow().returns().stream()
            .filter(a -> !a.equals(AttributeRef.parse("Video.title")))
            .toList());
    Remap.Plan plan = Remap.plan(doc.project(), KS);
    assertThat(plan.effective())
        .extracting(Remap.Change::kind, c -> c.table().object().asInternal())
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(Remap.Kind.CHANGED, "videos"),
            org.assertj.core.groups.Tuple.tuple(Remap.Kind.REMOVED, view.object().asInternal()),
            org.assertj.core.groups.Tuple.tuple(Remap.Kind.ADDED, "videos_by_type"));
    assertThat(plan.effective().get(1).details())
        .containsExactly("no view over videos can answer Q10 now: Q10 gets a table of its own");
    doc.perform(MappingEdits.remap(plan, true));
    var ks = doc.project().schema().keyspace(KS).orElseThrow();
    assertThat(ks.views()).isEmpty();
    assertThat(QuerySupport.tablesOf(doc.project(), "Q10"))
        .singleElement()
        .extracting(ElementRef::kind)
        .isEqualTo(ElementRef.Kind.TABLE);
    assertThat(errors(doc.project())).isEmpty();
    assertThat(Remap.plan(doc.project(), KS).effective()).isEmpty();
  }

  @Test
  void aBaseTableWhoseQueriesAreGoneStaysForTheViewOverItAndTheViewGoesWithItsQuery()
      throws Exception {
    Document doc = mapped();
    ElementRef view = videosByTypeAsAView(doc);
    doc.perform(WorkflowEdits.delete(Set.of(ElementRef.query("Q5"))));
    Remap.Plan plan = Remap.plan(doc.project(), KS);
    assertThat(plan.effective()).isEmpty();
    assertThat(plan.changes())
        .filteredOn(c -> c.table().equals(VIDEOS))
        .singleElement()
        .extracting(Remap.Change::details)
        .isEqualTo(
            List.of(
                "answers no query any more, but is kept: the view "
                    + view.object().asCql()
                    + " over it answers Q10 (a view's rows come from its base table)"));
    doc.perform(MappingEdits.remap(plan, true));
    assertThat(QuerySupport.tablesOf(doc.project(), "Q10")).containsExactly(view);
    assertThat(errors(doc.project())).isEmpty();

    doc.perform(WorkflowEdits.delete(Set.of(ElementRef.query("Q10"))));
    plan = Remap.plan(doc.project(), KS);
    assertThat(plan.effective())
        .extracting(Remap.Change::kind, Remap.Change::table)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(Remap.Kind.REMOVED, view),
            org.assertj.core.groups.Tuple.tuple(Remap.Kind.REMOVED, VIDEOS));
    doc.perform(MappingEdits.remap(plan, true));
    var ks = doc.project().schema().keyspace(KS).orElseThrow();
    assertThat(ks.views()).isEmpty();
    assertThat(ks.table(VIDEOS.object())).isEmpty();
  }
}
