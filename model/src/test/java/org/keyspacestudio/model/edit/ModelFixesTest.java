package org.keyspacestudio.model.edit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.RuleId;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.WorkflowRule;

/**
 * The workflow's and the conceptual model's problems offer fixes ({@link WorkflowFixes}, {@link
 * ConceptualFixes}): on the KillrVideo example broken the way a modeler breaks it, each fix named
 * for what it does, and the first one applied removes the problem; undo brings it back.
 */
class ModelFixesTest {

  private static Document example() throws Exception {
    return new Document(ProjectFile.read(Path.of("../examples/killrvideo.kstudio")), null);
  }

  private static List<Problem> problems(Document doc, RuleId rule) {
    return ProjectChecks.validate(doc.project()).stream().filter(p -> p.rule() == rule).toList();
  }

  private static List<String> labels(Document doc, RuleId rule) {
    List<Problem> found = problems(doc, rule);
    assertThat(found).as("a %s problem", rule.info().id()).isNotEmpty();
    return QuickFixes.of(doc.project(), found.get(0)).stream().map(Fix::label).toList();
  }

  /** Applies the fix of that label; the problem is gone, and comes back on undo. */
  private static void applyAndUndo(Document doc, RuleId rule, String label) {
    Problem problem = problems(doc, rule).get(0);
    Fix fix =
        QuickFixes.of(doc.project(), problem).stream()
            .filter(f -> f.label().equals(label))
            .findFirst()
            .orElseThrow();
    assertThat(fix.safe()).isFalse();
    doc.perform(fix.edit());
    assertThat(problems(doc, rule)).as("after %s", label).isEmpty();
    doc.undo();
    assertThat(problems(doc, rule)).isNotEmpty();
  }

  @Test
  void aWorkflowWithoutItsEntryGetsOneIntoATaskNothingLeadsInto() throws Exception {
    Document doc = example();
    doc.perform(WorkflowEdits.delete(Set.of(ElementRef.transition(null, "Log in"))));
    assertThat(labels(doc, WorkflowRule.NO_ENTRY))
        .containsExactly(
            "Make Log in the entry",
            "Make Show latest videos the entry",
            "Make Search videos by tag the entry");
    applyAndUndo(doc, WorkflowRule.NO_ENTRY, "Make Log in the entry");
  }

  @Test
  void aTaskNothingReachesGetsATransitionFromTheTasksBeforeIt() throws Exception {
    Document doc = example();
    doc.perform(WorkflowEdits.addTask("Show ratings", new Point(900, 300)));
    assertThat(labels(doc, WorkflowRule.TASK_UNREACHABLE))
        .containsExactly(
            "Add a transition Show comments on video -> Show ratings",
            "Add a transition Show video -> Show ratings",
            "Add a transition Show comments by user -> Show ratings",
            "Make Show ratings an entry too");
    applyAndUndo(
        doc,
        WorkflowRule.TASK_UNREACHABLE,
        "Add a transition Show comments on video -> Show ratings");
    applyAndUndo(doc, WorkflowRule.TASK_UNREACHABLE, "Make Show ratings an entry too");
  }

  @Test
  void aQueryIdTheWorkflowLacksIsAddedOrTakenOff() throws Exception {
    Document doc = example();
    doc.perform(WorkflowEdits.setTaskQueries("Show video", List.of("Q8", "Q42")));
    List<String> labels = labels(doc, WorkflowRule.QUERY_UNKNOWN);
    assertThat(labels).hasSize(2);
    assertThat(labels.get(0)).isEqualTo("Add the query Q42");
    assertThat(labels.get(1)).startsWith("Take Q42 off ").contains("Show video");
    applyAndUndo(doc, WorkflowRule.QUERY_UNKNOWN, "Add the query Q42");
    doc.perform(
        QuickFixes.of(doc.project(), problems(doc, WorkflowRule.QUERY_UNKNOWN).get(0))
            .get(1)
            .edit());
    assertThat(doc.project().workflow().task("Show video").orElseThrow().queries())
        .containsExactly("Q8");
  }

  @Test
  void anOrderingByAnAttributeGivenByEqualityIsDropped() throws Exception {
    Document doc = example();
    Query q5 = doc.project().workflow().query("Q5").orElseThrow();
    doc.perform(
        WorkflowEdits.setQuery(
            "Q5",
            q5.withOrderBy(
                List.of(
                    new Query.Ordering(
                        AttributeRef.parse("Video.video_id"), ClusteringOrder.DESC)))));
    assertThat(labels(doc, WorkflowRule.QUERY_ORDER_REPEATED))
        .containsExactly(
            "Drop Video.video_id from the order by of Q5 (given by equality: one value)");
    applyAndUndo(
        doc,
        WorkflowRule.QUERY_ORDER_REPEATED,
        "Drop Video.video_id from the order by of Q5 (given by equality: one value)");
  }

  @Test
  void badTaskNamesAndQueryIdsAreRenamed() throws Exception {
    Document doc = example();
    doc.perform(WorkflowEdits.renameTask("Log in", " Log in "));
    doc.perform(
        WorkflowEdits.setQuery(
            "Q9", doc.project().workflow().query("Q9").orElseThrow().withId("Q 9")));
    assertThat(labels(doc, WorkflowRule.TASK_NAME_INVALID))
        .containsExactly("Rename the task ' Log in ' to Log in");
    assertThat(labels(doc, WorkflowRule.QUERY_ID_INVALID))
        .containsExactly("Rename the query 'Q 9' to Q9");
    applyAndUndo(doc, WorkflowRule.TASK_NAME_INVALID, "Rename the task ' Log in ' to Log in");
    applyAndUndo(doc, WorkflowRule.QUERY_ID_INVALID, "Rename the query 'Q 9' to Q9");
  }

  @Test
  void aTypeHintFromAnotherLanguageBecomesTheCqlTypeItStandsFor() throws Exception {
    Document doc = example();
    var rule = org.keyspacestudio.model.conceptual.ConceptualRule.TYPE_INVALID;
    doc.perform(ConceptualEdits.setAttributeType("User", "email", "String"));
    assertThat(labels(doc, rule)).containsExactly("Type User.email text (for 'String')");
    doc.perform(ConceptualEdits.setAttributeType("User", "email", "List<Integer>"));
    assertThat(labels(doc, rule))
        .containsExactly("Type User.email list<int> (for 'List<Integer>')", "Type User.email text");
    applyAndUndo(doc, rule, "Type User.email list<int> (for 'List<Integer>')");
    doc.perform(ConceptualEdits.setAttributeType("User", "email", "frobnicated"));
    assertThat(labels(doc, rule)).containsExactly("Type User.email text");

    assertThat(ConceptualFixes.cqlTypeFor("Map<String, DateTime>"))
        .isEqualTo("map<text, timestamp>");
    assertThat(ConceptualFixes.cqlTypeFor("long")).isEqualTo("bigint");
    assertThat(ConceptualFixes.cqlTypeFor("Address")).isNull();
    // A typo of a native type's name, or of another language's: the type meant.
    assertThat(ConceptualFixes.cqlTypeFor("timestmp")).isEqualTo("timestamp");
    assertThat(ConceptualFixes.cqlTypeFor("List<Strng>")).isEqualTo("list<text>");
    assertThat(ConceptualFixes.cqlTypeFor("map<uuid, bigit>")).isEqualTo("map<uuid, bigint>");
  }

  @Test
  void keysNamingNothingOrEmptyAreMended() throws Exception {
    Document doc = example();
    var unknown = org.keyspacestudio.model.conceptual.ConceptualRule.KEY_UNKNOWN_ATTRIBUTE;
    var empty = org.keyspacestudio.model.conceptual.ConceptualRule.KEY_EMPTY;
    doc.perform(
        ConceptualEdits.setKeys(
            "User",
            List.of(
                Key.of(AttributeRef.parse("User.user_id"), AttributeRef.parse("User.handle")),
                new Key(List.of()))));
    assertThat(labels(doc, unknown))
        .containsExactly(
            "Add the attribute handle to User", "Take User.handle out of the key of User");
    assertThat(labels(doc, empty)).containsExactly("Remove the empty key of User");
    applyAndUndo(doc, unknown, "Add the attribute handle to User");
    applyAndUndo(doc, unknown, "Take User.handle out of the key of User");
    applyAndUndo(doc, empty, "Remove the empty key of User");
  }

  @Test
  void weakEntitiesAndIdentifyingRelationshipsAreMatchedUp() throws Exception {
    Document doc = example();
    var weakAlone = org.keyspacestudio.model.conceptual.ConceptualRule.WEAK_NO_IDENTIFYING;
    var identifyingAlone = org.keyspacestudio.model.conceptual.ConceptualRule.IDENTIFYING_NO_WEAK;
    doc.perform(ConceptualEdits.setIdentifying("posts", false));
    doc.perform(ConceptualEdits.setIdentifying("about", false));
    doc.perform(ConceptualEdits.setIdentifying("uploads", true));
    assertThat(labels(doc, weakAlone))
        .containsExactly(
            "Make posts identifying (Comment identified through it)",
            "Make about identifying (Comment identified through it)",
            "Make Comment a strong entity");
    assertThat(labels(doc, identifyingAlone))
        .containsExactly("Make User weak", "Make Video weak", "Make uploads not identifying");
    applyAndUndo(doc, weakAlone, "Make posts identifying (Comment identified through it)");
    applyAndUndo(doc, identifyingAlone, "Make uploads not identifying");
  }

  @Test
  void aWeakEntityJoinedToNothingIsIdentifiedThroughALikelyOwner() throws Exception {
    Document doc = example();
    var weakAlone = org.keyspacestudio.model.conceptual.ConceptualRule.WEAK_NO_IDENTIFYING;
    var keyOwner = org.keyspacestudio.model.conceptual.ConceptualRule.WEAK_KEY_OWNER;
    doc.perform(ConceptualEdits.addEntity("Playback", true, new Point(900, 300)));
    doc.perform(
        ConceptualEdits.addAttribute(
            "Playback", "started", Attribute.Kind.SIMPLE, true, new Point(950, 250)));
    doc.perform(
        ConceptualEdits.addAttribute(
            "Playback", "video_id", Attribute.Kind.SIMPLE, false, new Point(950, 350)));
    // Video first: Playback repeats the name of its key attribute video_id.
    assertThat(labels(doc, weakAlone))
        .containsExactly(
            "Identify Playback through Video (a new identifying relationship has, key"
                + " (Video.video_id, Playback.started))",
            "Identify Playback through User (a new identifying relationship has, key"
                + " (User.user_id, Playback.started))",
            "Make Playback a strong entity");
    Problem problem = problems(doc, weakAlone).get(0);
    doc.perform(QuickFixes.of(doc.project(), problem).get(0).edit());
    var has = doc.project().conceptual().relationship("has").orElseThrow();
    assertThat(has.identifying()).isTrue();
    assertThat(has.ends().stream().map(e -> e.entity() + " " + e.cardinality()).toList())
        .containsExactly("Video ONE", "Playback N");
    assertThat(problems(doc, weakAlone)).isEmpty();
    assertThat(problems(doc, keyOwner)).as("the owner's key is in the weak entity's").isEmpty();
    assertThat(doc.project().conceptualLayout().position(ElementRef.relationship("has")))
        .as("Video has no place in the example: the automatic layout places both")
        .isNull();
    doc.undo();
    assertThat(doc.project().conceptual().relationship("has")).isEmpty();
    assertThat(problems(doc, weakAlone)).hasSize(1);

    // Among more strong entities than the fixes list, only those with a sign are offered.
    for (String name : List.of("Tag", "Channel", "Playlist")) {
      doc.perform(ConceptualEdits.addEntity(name, false, new Point(0, 0)));
    }
    assertThat(labels(doc, weakAlone))
        .containsExactly(
            "Identify Playback through Video (a new identifying relationship has, key"
                + " (Video.video_id, Playback.started))",
            "Make Playback a strong entity");

    // Both placed: the relationship is drawn halfway between them.
    doc.perform(
        new Document.Edit(
            "place Video",
            p ->
                p.withConceptualLayout(
                    p.conceptualLayout()
                        .withPositions(
                            java.util.Map.of(ElementRef.entity("Video"), new Point(100, 500))))));
    doc.perform(QuickFixes.of(doc.project(), problems(doc, weakAlone).get(0)).get(0).edit());
    assertThat(doc.project().conceptualLayout().position(ElementRef.relationship("has")))
        .isEqualTo(new Point(500, 400));
  }

  @Test
  void aMultiValuedKeyAttributeIsMadeSimpleOrTakenOutOfTheKey() throws Exception {
    Document doc = example();
    var rule = org.keyspacestudio.model.conceptual.ConceptualRule.KEY_MULTI_VALUED;
    doc.perform(ConceptualEdits.setKey("Video", "tags", true));
    assertThat(labels(doc, rule))
        .containsExactly(
            "Make Video.tags a simple attribute", "Take Video.tags out of the key of Video");
    applyAndUndo(doc, rule, "Make Video.tags a simple attribute");
    applyAndUndo(doc, rule, "Take Video.tags out of the key of Video");
  }

  @Test
  void aCompositeWithoutPartsIsMadeSimple() throws Exception {
    Document doc = example();
    var rule = org.keyspacestudio.model.conceptual.ConceptualRule.COMPOSITE_NO_PARTS;
    doc.perform(ConceptualEdits.setAttributeKind("Video", "title", Attribute.Kind.COMPOSITE));
    assertThat(labels(doc, rule)).containsExactly("Make Video.title a simple attribute");
    applyAndUndo(doc, rule, "Make Video.title a simple attribute");
  }

  /** An edit that changes the project as given: what a hand-edited project file could hold. */
  private static Document.Edit raw(
      java.util.function.UnaryOperator<org.keyspacestudio.model.project.Project> change) {
    return new Document.Edit("test set-up", change);
  }

  @Test
  void namesWithSpacesAroundThemAreCleaned() throws Exception {
    Document doc = example();
    var rule = org.keyspacestudio.model.conceptual.ConceptualRule.NAME_INVALID;
    doc.perform(ConceptualEdits.rename(ElementRef.entity("Video"), " Video "));
    assertThat(labels(doc, rule)).containsExactly("Rename ' Video ' to Video");
    applyAndUndo(doc, rule, "Rename ' Video ' to Video");
    doc.perform(ConceptualEdits.rename(ElementRef.entity(" Video "), "Video"));
    doc.perform(ConceptualEdits.renameAttribute("User", "email", "email "));
    assertThat(labels(doc, rule)).containsExactly("Rename User.'email ' to email");
    doc.perform(ConceptualEdits.renameAttribute("User", "email ", " password"));
    // password is taken: the clean name gets a number
    assertThat(labels(doc, rule)).containsExactly("Rename User.' password' to password2");
    applyAndUndo(doc, rule, "Rename User.' password' to password2");
  }

  @Test
  void theSecondOfTwoNamesakesIsRenamedAndTheFirstKeepsItsReferences() throws Exception {
    Document doc = example();
    var entities = org.keyspacestudio.model.conceptual.ConceptualRule.NAME_DUPLICATE;
    var attributes = org.keyspacestudio.model.conceptual.ConceptualRule.ATTRIBUTE_DUPLICATE;
    doc.perform(
        raw(
            p -> {
              var m = p.conceptual();
              var all = new java.util.ArrayList<>(m.entities());
              all.add(org.keyspacestudio.model.conceptual.Entity.named("Video"));
              var user = m.entity("User").orElseThrow();
              var attrs = new java.util.ArrayList<>(user.attributes());
              attrs.add(user.attribute("email").orElseThrow().withType("text"));
              all.set(0, user.withAttributes(attrs));
              return p.withConceptual(m.withEntities(all));
            }));
    assertThat(labels(doc, entities)).containsExactly("Rename the second entity Video to Video2");
    // The second Video has no key; a fix by name would key the first: none until renamed.
    var noKey = org.keyspacestudio.model.conceptual.ConceptualRule.ENTITY_NO_KEY;
    assertThat(problems(doc, noKey)).hasSize(1);
    assertThat(QuickFixes.of(doc.project(), problems(doc, noKey).get(0))).isEmpty();
    assertThat(labels(doc, attributes)).containsExactly("Rename the second User.email to email2");
    applyAndUndo(doc, entities, "Rename the second entity Video to Video2");
    applyAndUndo(doc, attributes, "Rename the second User.email to email2");
    doc.perform(QuickFixes.of(doc.project(), problems(doc, entities).get(0)).get(0).edit());
    var m = doc.project().conceptual();
    assertThat(m.entity("Video").orElseThrow().attributes()).hasSize(11);
    assertThat(m.entity("Video2").orElseThrow().attributes()).isEmpty();

    var tasks = WorkflowRule.TASK_DUPLICATE;
    var queries = WorkflowRule.QUERY_DUPLICATE;
    doc.perform(
        raw(
            p -> {
              var w = p.workflow();
              var all = new java.util.ArrayList<>(w.tasks());
              all.add(org.keyspacestudio.model.workflow.Task.named("Log in"));
              var qs = new java.util.ArrayList<>(w.queries());
              qs.add(w.query("Q1").orElseThrow().withDescription("Find a user by handle"));
              return p.withWorkflow(w.withTasks(all).withQueries(qs));
            }));
    assertThat(labels(doc, tasks)).containsExactly("Rename the second task Log in to Log in 2");
    assertThat(labels(doc, queries)).containsExactly("Rename the second query Q1 to Q10");
    applyAndUndo(doc, tasks, "Rename the second task Log in to Log in 2");
    applyAndUndo(doc, queries, "Rename the second query Q1 to Q10");
    doc.perform(QuickFixes.of(doc.project(), problems(doc, queries).get(0)).get(0).edit());
    assertThat(doc.project().workflow().query("Q1").orElseThrow().description())
        .isEqualTo("Find a user by email, to log in");
  }

  @Test
  void aWeakEntityGetsItsOwnersKeysInItsKey() throws Exception {
    Document doc = example();
    var rule = org.keyspacestudio.model.conceptual.ConceptualRule.WEAK_KEY_OWNER;
    doc.perform(
        ConceptualEdits.setKeys(
            "Comment", List.of(Key.of(AttributeRef.parse("Comment.posted_timestamp")))));
    assertThat(problems(doc, rule)).hasSize(2);
    assertThat(labels(doc, rule))
        .containsExactly(
            "Add the keys of User and Video to the key of Comment: (User.user_id, Video.video_id,"
                + " Comment.posted_timestamp)",
            "Add User's key (User.user_id) to the key of Comment: (User.user_id,"
                + " Comment.posted_timestamp)",
            "Add Video's key (Video.video_id) to the key of Comment: (Video.video_id,"
                + " Comment.posted_timestamp)");
    applyAndUndo(
        doc,
        rule,
        "Add the keys of User and Video to the key of Comment: (User.user_id, Video.video_id,"
            + " Comment.posted_timestamp)");
  }

  @Test
  void anEndOrAHierarchyNamingNoEntityIsPointedAtTheNearestOrGetsIt() throws Exception {
    Document doc = example();
    var ends = org.keyspacestudio.model.conceptual.ConceptualRule.END_UNKNOWN_ENTITY;
    var unknown = org.keyspacestudio.model.conceptual.ConceptualRule.ISA_UNKNOWN_ENTITY;
    var childless = org.keyspacestudio.model.conceptual.ConceptualRule.ISA_NO_CHILDREN;
    var cycle = org.keyspacestudio.model.conceptual.ConceptualRule.ISA_CYCLE;
    var uploads = doc.project().conceptual().relationship("uploads").orElseThrow();
    doc.perform(
        ConceptualEdits.setEnds(
            "uploads", List.of(uploads.ends().get(0), uploads.ends().get(1).withEntity("videos"))));
    assertThat(labels(doc, ends))
        .containsExactly("Join Video instead of videos in uploads", "Add the entity videos");
    applyAndUndo(doc, ends, "Join Video instead of videos in uploads");
    applyAndUndo(doc, ends, "Add the entity videos");
    doc.undo();

    doc.perform(ConceptualEdits.addHierarchy("Video", new Point(700, 500)));
    assertThat(labels(doc, childless)).containsExactly("Delete the IsA hierarchy Video IsA");
    applyAndUndo(doc, childless, "Delete the IsA hierarchy Video IsA");
    doc.perform(ConceptualEdits.setHierarchy("Video IsA", "Video", List.of("Trailer", "Userr")));
    // One problem for each child that is no entity, each with its own fixes.
    assertThat(
            problems(doc, unknown).stream()
                .map(x -> QuickFixes.of(doc.project(), x).stream().map(Fix::label).toList()))
        .containsExactly(
            List.of("Add the entity Trailer", "Take Trailer out of Video IsA"),
            List.of(
                "Make User a child of Video IsA instead of Userr",
                "Add the entity Userr",
                "Take Userr out of Video IsA"));
    doc.perform(ConceptualEdits.setHierarchy("Video IsA", "Video", List.of("User")));
    doc.perform(ConceptualEdits.addHierarchy("User", new Point(700, 700)));
    doc.perform(ConceptualEdits.setHierarchy("User IsA", "User", List.of("Video")));
    assertThat(labels(doc, cycle))
        .containsExactly(
            "Take User out of Video IsA (no longer a kind of Video)",
            "Take Video out of User IsA (no longer a kind of User)");
    applyAndUndo(doc, cycle, "Take Video out of User IsA (no longer a kind of User)");
  }

  @Test
  void aQueryReturningNothingReturnsTheEntityItsDescriptionNames() throws Exception {
    Document doc = example();
    var q3 = doc.project().workflow().query("Q3").orElseThrow();
    doc.perform(WorkflowEdits.setQuery("Q3", q3.withReturns(List.of())));
    assertThat(labels(doc, WorkflowRule.QUERY_NO_RETURNS))
        .containsExactly(
            "Q3 returns every attribute of Video", "Q3 returns every attribute of User");
    applyAndUndo(doc, WorkflowRule.QUERY_NO_RETURNS, "Q3 returns every attribute of Video");
    doc.perform(
        QuickFixes.of(doc.project(), problems(doc, WorkflowRule.QUERY_NO_RETURNS).get(0))
            .get(0)
            .edit());
    assertThat(doc.project().workflow().query("Q3").orElseThrow().returns())
        .hasSize(11)
        .startsWith(AttributeRef.parse("Video.video_id"));
  }

  @Test
  void aQueryGivenNothingByEqualityIsBucketedByTheDayOfItsTime() throws Exception {
    Document doc = example();
    // Q7, the latest videos, newest first: ordered by a timeuuid, given nothing.
    String label =
        "Bucket Q7 by day: add Video.day (date, the day of Video.video_id) and give it by =";
    assertThat(labels(doc, WorkflowRule.QUERY_NO_EQUALITY)).startsWith(label);
    applyAndUndo(doc, WorkflowRule.QUERY_NO_EQUALITY, label);
    doc.perform(
        QuickFixes.of(doc.project(), problems(doc, WorkflowRule.QUERY_NO_EQUALITY).get(0))
            .get(0)
            .edit());
    assertThat(
            doc.project()
                .conceptual()
                .attribute(AttributeRef.parse("Video.day"))
                .orElseThrow()
                .type())
        .isEqualTo("date");
    assertThat(doc.project().workflow().query("Q7").orElseThrow().given())
        .containsExactly(
            new Query.Condition(
                AttributeRef.parse("Video.day"), org.keyspacestudio.model.workflow.Operator.EQ));
    assertThat(doc.project().workflow().query("Q7").orElseThrow().size())
        .isEqualTo(Query.ResultSize.PARTITION);
    // Its table is partitioned by day, as KillrVideo's latest_videos is, not by a bucket.
    doc.perform(MappingEdits.mapAll(org.keyspacestudio.model.cql.CqlIdentifier.of("killr_video")));
    assertThat(q7Table(doc).name().asInternal()).isEqualTo("videos_by_day");
    assertKeyedNewestFirstBy(q7Table(doc), "day");
    doc.undo();
    doc.undo();

    // A range of a timestamp: its day, the ending dropped; a query with no time: no bucket.
    Query q7 = doc.project().workflow().query("Q7").orElseThrow();
    doc.perform(
        WorkflowEdits.setQuery(
            "Q7",
            q7.withOrderBy(List.of())
                .withGiven(
                    List.of(
                        new Query.Condition(
                            AttributeRef.parse("Video.release_date"),
                            org.keyspacestudio.model.workflow.Operator.GE)))));
    assertThat(labels(doc, WorkflowRule.QUERY_NO_EQUALITY))
        .startsWith(
            "Bucket Q7 by day: add Video.release_day (date, the day of Video.release_date) and"
                + " give it by =");
    doc.perform(WorkflowEdits.setQuery("Q7", q7.withOrderBy(List.of())));
    assertThat(labels(doc, WorkflowRule.QUERY_NO_EQUALITY)).noneMatch(l -> l.startsWith("Bucket"));
  }

  /** The one table the example's Q7 is mapped to. */
  private static org.keyspacestudio.model.schema.Table q7Table(Document doc) {
    var q7 = doc.project().mapping().tablesOf("Q7");
    assertThat(q7).hasSize(1);
    return doc.project()
        .schema()
        .keyspaces()
        .get(0)
        .table(q7.get(0).table().object())
        .orElseThrow();
  }

  /** Partitioned by {@code partition}, the videos newest first: as the latest videos are read. */
  private static void assertKeyedNewestFirstBy(
      org.keyspacestudio.model.schema.Table table, String partition) {
    assertThat(table.primaryKey().partitionKey())
        .extracting(c -> c.asInternal())
        .containsExactly(partition);
    assertThat(table.primaryKey().clustering().get(0).name().asInternal()).isEqualTo("video_id");
    assertThat(table.primaryKey().clustering().get(0).order()).isEqualTo(ClusteringOrder.DESC);
  }

  @Test
  void aQueryGivenNothingByEqualityIsScopedToOneOfARelatedEntity() throws Exception {
    Document doc = example();
    // Q7, the latest videos: a user uploads many videos (uploads, 1:n); a video receives ratings
    // and comments, but each of those is about one video, so no scope comes from them.
    String label = "Scope Q7 to one User (uploads): give User.user_id by =";
    assertThat(labels(doc, WorkflowRule.QUERY_NO_EQUALITY))
        .containsExactly(
            "Bucket Q7 by day: add Video.day (date, the day of Video.video_id) and give it by =",
            label);
    applyAndUndo(doc, WorkflowRule.QUERY_NO_EQUALITY, label);
    doc.perform(
        QuickFixes.of(doc.project(), problems(doc, WorkflowRule.QUERY_NO_EQUALITY).get(0))
            .get(1)
            .edit());
    assertThat(doc.project().workflow().query("Q7").orElseThrow().given())
        .containsExactly(
            new Query.Condition(
                AttributeRef.parse("User.user_id"), org.keyspacestudio.model.workflow.Operator.EQ));
    // What it expects to read: one partition now, not many.
    assertThat(doc.project().workflow().query("Q7").orElseThrow().size())
        .isEqualTo(Query.ResultSize.PARTITION);
    assertThat(problems(doc, WorkflowRule.QUERY_NO_EQUALITY)).isEmpty();
    // Mapped, Q7's table is partitioned by the user, its videos newest first.
    doc.perform(MappingEdits.mapAll(org.keyspacestudio.model.cql.CqlIdentifier.of("killr_video")));
    assertThat(q7Table(doc).name().asInternal()).isEqualTo("videos_by_user");
    assertKeyedNewestFirstBy(q7Table(doc), "user_id");

    // Given a range only (newer than a date), the range stays after the key.
    doc.undo();
    doc.undo();
    Query before = doc.project().workflow().query("Q7").orElseThrow();
    var range =
        new Query.Condition(
            AttributeRef.parse("Video.release_date"),
            org.keyspacestudio.model.workflow.Operator.GE);
    doc.perform(WorkflowEdits.setQuery("Q7", before.withGiven(List.of(range))));
    doc.perform(
        QuickFixes.of(doc.project(), problems(doc, WorkflowRule.QUERY_NO_EQUALITY).get(0)).stream()
            .filter(f -> f.label().startsWith("Scope"))
            .findFirst()
            .orElseThrow()
            .edit());
    assertThat(doc.project().workflow().query("Q7").orElseThrow().given())
        .containsExactly(
            new Query.Condition(
                AttributeRef.parse("User.user_id"), org.keyspacestudio.model.workflow.Operator.EQ),
            range);
  }

  @Test
  void aQueryNothingRunsGoesOnTheTransitionsIntoTheTaskItsWordsName() throws Exception {
    Document doc = example();
    doc.perform(WorkflowEdits.setTransitionQueries("Show user", "Show videos by user", List.of()));
    assertThat(labels(doc, WorkflowRule.QUERY_UNUSED))
        .containsExactly(
            "Run Q3 on the transition Show user -> Show videos by user",
            "Run Q3 on the 2 transitions into Show user",
            "Run Q3 on the 4 transitions into Show video");
    applyAndUndo(
        doc,
        WorkflowRule.QUERY_UNUSED,
        "Run Q3 on the transition Show user -> Show videos by user");
    doc.undo();
    // Run where it is shown, on every transition into that task.
    doc.perform(
        new Document.Edit(
            "Q5 off every transition",
            p ->
                p.withWorkflow(
                    p.workflow()
                        .withTransitions(
                            p.workflow().transitions().stream()
                                .map(
                                    t ->
                                        t.withQueries(
                                            t.queries().stream()
                                                .filter(id -> !id.equals("Q5"))
                                                .toList()))
                                .toList()))));
    assertThat(labels(doc, WorkflowRule.QUERY_UNUSED))
        .startsWith("Run Q5 on the 4 transitions into Show video");
    applyAndUndo(doc, WorkflowRule.QUERY_UNUSED, "Run Q5 on the 4 transitions into Show video");
  }
}
