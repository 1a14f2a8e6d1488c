package org.keyspacestudio.model.reverse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.Corpus;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.Cardinality;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.MappingEdits;
import org.keyspacestudio.model.edit.ReverseEdits;
import org.keyspacestudio.model.mapping.MappedTable;
import org.keyspacestudio.model.mapping.Mapper;
import org.keyspacestudio.model.mapping.Mapping;
import org.keyspacestudio.model.mapping.QueryMapping;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.support.QuerySupport;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Severity;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.Workflow;

class SchemaModelsTest {

  private static final CqlIdentifier KILLRVIDEO = CqlIdentifier.of("killrvideo");

  private static Project imported(String file) throws Exception {
    Path f = Corpus.dir().resolve(file);
    return new Project(CqlImporter.read(Files.readString(f), f.toString()).schema());
  }

  private static Project recovered(Project p, CqlIdentifier keyspace) {
    Document d = new Document(p, null);
    assertTrue(d.perform(ReverseEdits.recover(keyspace)), "the edit changed the project");
    return d.project();
  }

  @Test
  void userTypesEachHoldingTheLastTwiceAreTakenApartToABoundedNumberOfParts() {
    // Forty types each holding the last twice: taken apart whole, a column's attribute had 2^40
    // parts and recovering ran out of memory (bench/scaling.sh's "types each holding the last
    // twice").
    StringBuilder cql =
        new StringBuilder(
            "CREATE KEYSPACE app WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};\nCREATE TYPE app.u0 (a int);\n");
    for (int i = 0; i < 40; i++) {
      cql.append(
          "CREATE TYPE app.u" + (i + 1) + " (a frozen<u" + i + ">, b frozen<u" + i + ">);\n");
    }
    cql.append("CREATE TABLE app.t (k int PRIMARY KEY, v frozen<u40>);\n");
    Project r =
        recovered(
            new Project(CqlImporter.read(cql.toString(), "twice.cql").schema()),
            CqlIdentifier.of("app"));
    var v =
        r.conceptual().entities().stream()
            .flatMap(e -> e.attributes().stream())
            .filter(a -> a.name().equals("v"))
            .findFirst()
            .orElseThrow();
    int[] count = new int[1];
    int depth = depth(v, count);
    assertTrue(count[0] <= SchemaModels.COMPOSITE_PARTS, count[0] + " parts");
    assertEquals(SchemaModels.COMPOSITE_DEPTH, depth, "taken apart as deep as the bound");
    // The parts below the bound are attributes of no type: the conceptual model types natives.
    assertFalse(v.parts().isEmpty());
  }

  /** How deep an attribute's parts go, counting them into {@code count[0]}. */
  private static int depth(org.keyspacestudio.model.conceptual.Attribute a, int[] count) {
    int deepest = 0;
    for (var part : a.parts()) {
      count[0]++;
      deepest = Math.max(deepest, 1 + depth(part, count));
    }
    return deepest;
  }

  @Test
  void aUserTypeThatHoldsItselfIsTakenApartOnce() {
    // Cassandra refuses such types (the validator says so); recovering them must still finish.
    Project p =
        new Project(
            CqlImporter.read(
                    "CREATE KEYSPACE app WITH replication = {'class': 'SimpleStrategy',"
                        + " 'replication_factor': 1};\n"
                        + "CREATE TYPE app.endpoint (host text, peer frozen<link>);\n"
                        + "CREATE TYPE app.link (weight int, back frozen<endpoint>);\n"
                        + "CREATE TABLE app.spans (id text PRIMARY KEY, at frozen<endpoint>);\n",
                    "cycle.cql")
                .schema());
    Project r = recovered(p, CqlIdentifier.of("app"));
    var at =
        r.conceptual().entities().stream()
            .flatMap(e -> e.attributes().stream())
            .filter(a -> a.name().equals("at"))
            .findFirst()
            .orElseThrow();
    // at: host, peer (weight, back); back holds endpoint again, so it is left whole.
    var peer = at.parts().get(1);
    assertEquals("peer", peer.name());
    var back = peer.parts().get(1);
    assertEquals("back", back.name());
    assertTrue(back.parts().isEmpty(), "endpoint is not taken apart inside itself");
  }

  @Test
  void killrVideoTablesBecomeEntitiesRelationshipsAndTheirQueries() throws Exception {
    Project p =
        recovered(
            imported("datastax-training__killrvideo-sample-schema__killrvideo-schema.cql"),
            KILLRVIDEO);
    var er = p.conceptual();
    // users by userid, user_credentials by email: one User with two keys.
    var user = er.entity("User").orElseThrow();
    assertEquals(
        List.of(
            Key.of(new AttributeRef("User", "userid")), Key.of(new AttributeRef("User", "email"))),
        user.keys());
    assertTrue(er.entity("UserCredential").isEmpty(), er.entities().toString());
    // video_rating (videoid; two counters) adds to Video; videos_by_tag's tag is a value of tags.
    var video = er.entity("Video").orElseThrow();
    assertTrue(
        video.attributes().stream().anyMatch(a -> a.name().equals("rating_counter")),
        video.toString());
    // videos holds userid outside its key: a Video has one User.
    Relationship uploads = er.relationship("user_video").orElseThrow();
    assertEquals(Cardinality.ONE, uploads.ends().get(0).cardinality());
    assertEquals("User", uploads.ends().get(0).entity());
    // video_ratings_by_user (videoid, userid; rating): a many-to-many relationship's rows.
    Relationship rating = er.relationship("video_rating").orElseThrow();
    assertEquals(List.of("Video", "User"), rating.ends().stream().map(e -> e.entity()).toList());
    assertEquals("rating", rating.attributes().get(0).name());

    Workflow w = p.workflow();
    assertEquals(15, w.queries().size(), "one query per table");
    Query byEmail = w.query("Q1").orElseThrow();
    assertEquals("Find User by email (table user_credentials)", byEmail.description());
    assertEquals(
        List.of(new AttributeRef("User", "email")),
        byEmail.given().stream().map(c -> c.attribute()).toList());
    Query latest = w.query("Q4").orElseThrow();
    assertEquals(
        "Find Video by userid, ordered by added_date descending (table user_videos)",
        latest.description());
    MappedTable byTag =
        p.mapping()
            .table(ElementRef.table(KILLRVIDEO, CqlIdentifier.of("videos_by_tag")))
            .orElseThrow();
    assertEquals(new AttributeRef("Video", "tags"), byTag.sources().get("tag"));
    assertEquals(15, p.diagram().arrows().size(), "a query arrow to every table");

    List<Problem> problems = ProjectChecks.validate(p);
    List<String> modelErrors = new ArrayList<>();
    for (Problem x : problems) {
      String id = x.rule().id();
      if (id.startsWith("ER-")
          || id.startsWith("WF-")
          || id.startsWith("QUERY-")
          || id.startsWith("SUPPORT-")) {
        modelErrors.add(x.toString());
      }
    }
    assertEquals(List.of(), modelErrors, "the recovered models are sound and each table answers");
    // What the write paths now see in the schema: nothing lists a user's ratings.
    Problem unreachable =
        problems.stream()
            .filter(
                x ->
                    x.rule().id().equals("WRITE-UNREACHABLE")
                        && x.message()
                            .startsWith("killrvideo.video_ratings_by_user: deleting a User"))
            .findFirst()
            .orElseThrow(() -> new AssertionError(problems.toString()));
    // Its fix maps a query of them to a table named by the key column, video_ratings_by_user being
    // keyed by video already (it was video_ratings_by_user_2).
    List<org.keyspacestudio.model.edit.Fix> fixes =
        org.keyspacestudio.model.edit.QuickFixes.of(p, unreachable);
    assertEquals(1, fixes.size(), fixes.toString());
    assertTrue(
        fixes.get(0).label().contains("map it to video_ratings_by_userid,"), fixes.get(0).label());
    Project fixed = fixes.get(0).edit().change().apply(p);
    Keyspace ks = fixed.schema().keyspace(KILLRVIDEO).orElseThrow();
    assertEquals(
        List.of(CqlIdentifier.of("userid")),
        ks.table(CqlIdentifier.of("video_ratings_by_userid"))
            .orElseThrow()
            .primaryKey()
            .partitionKey());
    assertFalse(
        ProjectChecks.validate(fixed).stream()
            .anyMatch(x -> x.message().equals(unreachable.message())));
  }

  @Test
  void theRecoveredWorkflowFollowsTheValuesEachQueryGivesAndTheArrowsFollowIt() throws Exception {
    // Every task had hung from the start task, and every table had an entry arrow of its own: the
    // Chebotko diagram said nothing of which query leads to which.
    CqlIdentifier ks = CqlIdentifier.of("killr_video");
    Project p =
        recovered(
            imported("datastax-training__killrvideo-sample-schema__physical_killrvideo.cql"), ks);
    Workflow w = p.workflow();
    // The Videos of a User (Q4, videos_by_user) run on the way from the User's task: they need
    // its user_id, which Q1 (users_by_email) returns. The latest videos (Q2, by a bucket no query
    // returns) are an entry.
    assertEquals(
        "Find Video by user_id (table videos_by_user)", w.query("Q4").orElseThrow().description());
    List<String> into = new ArrayList<>();
    w.transitions().stream()
        .filter(t -> "Show Video".equals(t.to()))
        .forEach(t -> into.add(t.from() + " " + t.queries()));
    assertEquals(List.of("Start [Q2]", "Show User [Q4]"), into);
    assertEquals(List.of("Q7", "Q8"), w.task("Show Video").orElseThrow().queries());
    assertTrue(
        p.recovery()
            .notes()
            .contains(
                "Show Video follows Show User: Q4 (videos_by_user) gives User.user_id, which Show User's queries return"),
        p.recovery().notes().toString());
    // The arrows follow: into videos_by_user from users_by_email; into videos (by video_id) from
    // latest_videos, which returns it; into video_interactions_by_user_video (by user and video)
    // from videos_by_user, which holds both.
    Map<String, String> from = new java.util.HashMap<>();
    for (var a : p.diagram().arrows()) {
      from.put(
          a.to().object().asInternal(), a.from() == null ? null : a.from().object().asInternal());
    }
    assertNull(from.get("users_by_email"));
    assertNull(from.get("latest_videos"));
    assertEquals("users_by_email", from.get("videos_by_user"));
    assertEquals("users_by_email", from.get("users"));
    assertEquals("latest_videos", from.get("videos"));
    assertEquals("videos_by_user", from.get("video_interactions_by_user_video"));
    // The comments of a Video run from the Video's task, after the latest videos.
    assertEquals("latest_videos", from.get("comments_by_video"));
    assertEquals(
        List.of(),
        ProjectChecks.validate(p).stream()
            .filter(x -> x.rule().id().startsWith("WF-") || x.rule().id().startsWith("QUERY-"))
            .toList());
  }

  @Test
  void recoveredTasksAreNamedInWordsLikeTheEntitiesTasks() throws Exception {
    // KillrVideo v3's relationships are named after their tables: their tasks had read "Show
    // video_rating" and "Show video_recommendation" beside "Show User" and "Show Video".
    Project imported = imported("KillrVideo__killrvideo-data__schema-v3.cql");
    Project p = recovered(imported, imported.schema().keyspaces().get(0).name());
    List<String> tasks = p.workflow().tasks().stream().map(t -> t.name()).toList();
    assertTrue(tasks.contains("Show Video Rating"), tasks.toString());
    assertTrue(tasks.contains("Show Video Recommendation"), tasks.toString());
    assertTrue(tasks.contains("Show User"), tasks.toString());
    assertFalse(tasks.stream().anyMatch(t -> t.contains("_")), tasks.toString());
    // Q7 (video_ratings_by_user, by videoid) runs on the way from the Video's task into it.
    assertTrue(
        p.workflow().transitions().stream()
            .anyMatch(
                t ->
                    "Show Video".equals(t.from())
                        && "Show Video Rating".equals(t.to())
                        && t.queries().contains("Q7")),
        p.workflow().transitions().toString());
  }

  @Test
  void taskNamesThatWouldBeTheSameKeepTheOwnersName() {
    assertEquals(
        Map.of(
            "VideoRating", "Show Video Rating",
            "video_rating", "Show video_rating",
            "comment", "Show Comment"),
        SchemaModels.taskNames(
            new java.util.LinkedHashSet<>(List.of("VideoRating", "video_rating", "comment"))));
    // Entities "video" and "Video" (quoted table names) had two tasks of one name.
    assertEquals(
        Map.of("video", "Show Video", "Video", "Show Video 2"),
        SchemaModels.taskNames(new java.util.LinkedHashSet<>(List.of("video", "Video"))));
  }

  @Test
  void staticColumnsAreThePartitionsEntitysAndATableNamedAfterARelationshipHoldsItsRows()
      throws Exception {
    CqlIdentifier ks = CqlIdentifier.of("killr_video");
    Project p =
        recovered(
            imported("datastax-training__killrvideo-sample-schema__physical_killrvideo.cql"), ks);
    // comments_by_video (video_id K, posted_timestamp C, user_id C; title static...): comments of
    // a Video, its title once per partition.
    MappedTable byVideo =
        p.mapping()
            .table(ElementRef.table(ks, CqlIdentifier.of("comments_by_video")))
            .orElseThrow();
    assertEquals(new AttributeRef("Video", "title"), byVideo.sources().get("title"));
    assertEquals(new AttributeRef("comment", "comment"), byVideo.sources().get("comment"));
    // comments_by_user (user_id K, posted_timestamp C, video_id C; title...): the same comments,
    // by their User, each with its Video's title (taken from videos).
    MappedTable byUser =
        p.mapping().table(ElementRef.table(ks, CqlIdentifier.of("comments_by_user"))).orElseThrow();
    assertEquals(new AttributeRef("Video", "title"), byUser.sources().get("title"));
    assertEquals(new AttributeRef("comment", "comment"), byUser.sources().get("comment"));
    assertEquals(
        new AttributeRef("comment", "posted_timestamp"), byUser.sources().get("posted_timestamp"));
    Relationship comment = p.conceptual().relationship("comment").orElseThrow();
    assertEquals(
        List.of("posted_timestamp", "comment"),
        comment.attributes().stream().map(a -> a.name()).toList());
    var video = p.conceptual().entity("Video").orElseThrow();
    assertFalse(
        video.attributes().stream().anyMatch(a -> a.name().equals("comment")), video.toString());
    // actors_by_video (video_id K, actor_name C, character_name C): several rows per Video, an
    // Actor's, identified by its Video; no actor_name on Video.
    var actor = p.conceptual().entity("Actor").orElseThrow();
    assertTrue(actor.weak());
    assertEquals(
        List.of(
            new AttributeRef("Video", "video_id"),
            new AttributeRef("Actor", "actor_name"),
            new AttributeRef("Actor", "character_name")),
        actor.keys().get(0).attributes());
    assertTrue(p.conceptual().relationship("video_actor").orElseThrow().identifying());
    assertFalse(
        video.attributes().stream().anyMatch(a -> a.name().equals("actor_name")), video.toString());
    // video_interactions_by_user_video (user_id K, video_id K, event_timestamp C): many per User
    // and Video, a many-to-many relationship's rows keyed by when.
    Relationship interaction = p.conceptual().relationship("video_interaction").orElseThrow();
    assertEquals(
        List.of("User", "Video"), interaction.ends().stream().map(e -> e.entity()).toList());
    assertEquals(
        new AttributeRef("video_interaction", "event_timestamp"),
        interaction.keys().get(0).attributes().get(2));
    // The write paths find a Video's comments in its partition, a User's in comments_by_user, and
    // a Video's Actors in its partition; only a Video's interactions (keyed by user first) are not
    // found, and the fix is offered.
    List<String> writes =
        ProjectChecks.validate(p).stream()
            .filter(x -> x.rule().id().startsWith("WRITE-"))
            .map(x -> x.rule().id() + " " + x.element())
            .toList();
    assertEquals(List.of("WRITE-UNREACHABLE killr_video.video_interactions_by_user_video"), writes);
  }

  @Test
  void aTableNamedAfterARelationshipMayOrderItsRowsByAnEntitysAttribute() throws Exception {
    // KillrVideo v3 names no keyspace: its tables are in the schema's unnamed one.
    Project imported = imported("KillrVideo__killrvideo-data__schema-v3.cql");
    CqlIdentifier ks = imported.schema().keyspaces().get(0).name();
    Project p = recovered(imported, ks);
    // video_recommendations (userid K, added_date C↓, videoid C↑; name...) beside
    // video_recommendations_by_video (videoid K, userid C): a User's recommendations, newest video
    // first, not Videos of a User.
    MappedTable byUser =
        p.mapping()
            .table(ElementRef.table(ks, CqlIdentifier.of("video_recommendations")))
            .orElseThrow();
    assertEquals(new AttributeRef("Video", "added_date"), byUser.sources().get("added_date"));
    assertEquals(new AttributeRef("Video", "name"), byUser.sources().get("name"));
    assertEquals(
        new AttributeRef("video_recommendation", "rating"), byUser.sources().get("rating"));
    assertNoWriteProblemOf(p, "video_recommendation");
  }

  /** No {@code WRITE-*} problem of the project names {@code what}. */
  private static void assertNoWriteProblemOf(Project p, String what) {
    List<org.keyspacestudio.model.validate.Problem> problems = ProjectChecks.validate(p);
    assertTrue(
        problems.stream()
            .noneMatch(x -> x.rule().id().startsWith("WRITE-") && x.message().contains(what)),
        problems.toString());
  }

  @Test
  void aManyToManyTablesKeyColumnAnEntityHoldsAsAStaticColumnOrdersItsRows() throws Exception {
    Project imported = imported("KillrVideo__killrvideo-data__schema-v4.cql");
    CqlIdentifier ks = CqlIdentifier.of("killrvideo");
    Project p = recovered(imported, ks);
    // video_recommendations (userid K, added_date C↓, videoid C↑; name, rating...) read before
    // video_recommendations_by_video (videoid K, userid C; added_date, name static): the static
    // columns are the Video's, so the recommendations are ordered by the Video's added_date and
    // one User recommends one Video once.
    Relationship recommendation = p.conceptual().relationship("video_recommendation").orElseThrow();
    assertEquals(
        List.of("User.userid", "Video.videoid"),
        recommendation.keys().get(0).attributes().stream().map(Object::toString).toList());
    assertEquals(
        List.of("rating"), recommendation.attributes().stream().map(a -> a.name()).toList());
    MappedTable byUser =
        p.mapping()
            .table(ElementRef.table(ks, CqlIdentifier.of("video_recommendations")))
            .orElseThrow();
    assertEquals(new AttributeRef("Video", "added_date"), byUser.sources().get("added_date"));
    assertEquals(new AttributeRef("Video", "name"), byUser.sources().get("name"));
    // user_videos is ordered so too.
    assertEquals(
        List.of("User.userid", "Video.videoid"),
        p.conceptual().relationship("user_video").orElseThrow().keys().get(0).attributes().stream()
            .map(Object::toString)
            .toList());
    // video_recommendations_by_video's key holds a recommendation's key (no WRITE-OVERWRITE), and
    // lists a Video's recommendations (no WRITE-UNREACHABLE for video_recommendations).
    assertNoWriteProblemOf(p, "video_recommendation");
  }

  @Test
  void aStaticIdentifierIsOneThePartitionsEntityHas() {
    Project p =
        new Project(
            CqlImporter.read(
                    "CREATE KEYSPACE kv WITH replication = {'class': 'SimpleStrategy',"
                        + " 'replication_factor': 1};\n"
                        + "CREATE TABLE kv.videos (videoid uuid PRIMARY KEY, name text);\n"
                        + "CREATE TABLE kv.users (userid uuid PRIMARY KEY, email text);\n"
                        + "CREATE TABLE kv.recommendations_by_video (videoid uuid, userid uuid,"
                        + " rating float, authorid uuid static, name text static,"
                        + " PRIMARY KEY (videoid, userid));\n",
                    "kv.cql")
                .schema());
    Project r = recovered(p, CqlIdentifier.of("kv"));
    // authorid is static: one per Video, so a Video has one Author (not each recommendation).
    Relationship authored = r.conceptual().relationship("author_video").orElseThrow();
    assertEquals(
        List.of("Author", "Video"), authored.ends().stream().map(e -> e.entity()).toList());
    assertEquals(Cardinality.ONE, authored.ends().get(0).cardinality());
    MappedTable recs =
        r.mapping()
            .table(
                ElementRef.table(
                    CqlIdentifier.of("kv"), CqlIdentifier.of("recommendations_by_video")))
            .orElseThrow();
    assertEquals(new AttributeRef("Video", "name"), recs.sources().get("name"));
    assertEquals(new AttributeRef("recommendation", "rating"), recs.sources().get("rating"));
    // A Video's recommendations are its partition: deleting a Video finds them there.
    assertTrue(
        ProjectChecks.validate(r).stream()
            .noneMatch(
                x ->
                    x.rule().id().equals("WRITE-UNREACHABLE")
                        && x.message().contains("deleting a Video")),
        ProjectChecks.validate(r).toString());
  }

  @Test
  void theScriptsSelectsJoinTheRecoveredWorkflowOnTheirTablesTasks() throws Exception {
    Path f =
        Corpus.dir().resolve("datastax-training__killrvideo-sample-schema__killrvideo-schema.cql");
    String script =
        Files.readString(f)
            + "\nSELECT commentid, comment FROM comments_by_video"
            + " WHERE videoid = ? AND commentid > ?;\n"
            + "SELECT * FROM users WHERE userid = ?;\n" // the table's own query: not again
            + "SELECT count(*) FROM videos_by_tag WHERE tag = ?;\n"; // an aggregate: left
    Project p = recovered(new Project(CqlImporter.read(script, f.toString()).schema()), KILLRVIDEO);
    assertEquals(16, p.workflow().queries().size(), p.workflow().queries().toString());
    Query q16 = p.workflow().query("Q16").orElseThrow();
    assertEquals(
        "[Video.videoid =, Comment.commentid >]",
        q16.given().toString(),
        "the SELECT's restrictions, in the recovered model's attributes");
    assertEquals(List.of("Q10", "Q16", "Q11"), runs(p.workflow(), "Show Comment"));
    assertTrue(
        p.mapping()
            .table(ElementRef.table(KILLRVIDEO, CqlIdentifier.of("comments_by_video")))
            .orElseThrow()
            .queries()
            .contains("Q16"));
    assertTrue(
        ProjectChecks.validate(p).stream().noneMatch(x -> x.rule().id().equals("WF-QUERY-UNUSED")),
        "every query runs in a task");
  }

  @Test
  void viewsAndIndexesOnValuesAreQueriesAnsweredThroughThem() throws Exception {
    // DescribeIT: three views of cyclist_mv keyed by (age, cid); indexes on a regular column, a
    // clustering column and a partition key column.
    CqlIdentifier ks0 = CqlIdentifier.of("ks_0");
    Path f =
        Corpus.dir()
            .resolve(
                "apache__cassandra-java-driver__integration-tests_src_test_resources_DescribeIT_oss_4.0.cql");
    String script =
        Files.readString(f)
            + "\nSELECT name, country FROM ks_0.cyclist_by_age WHERE age = ? AND cid > ?;\n";
    Project p = recovered(new Project(CqlImporter.read(script, f.toString()).schema()), ks0);
    Workflow w = p.workflow();
    assertEquals(
        List.of("Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "Q7", "Q8"),
        w.queries().stream().map(Query::id).toList(),
        "a query per table, one for the three views keyed alike, one per index, the SELECT");
    Query byAge = w.query("Q4").orElseThrow();
    assertEquals("Find C by age (view cyclist_by_a_age)", byAge.description());
    List<ElementRef> views =
        List.of(
            ElementRef.view(ks0, CqlIdentifier.of("cyclist_by_a_age")),
            ElementRef.view(ks0, CqlIdentifier.of("cyclist_by_age")),
            ElementRef.view(ks0, CqlIdentifier.of("cyclist_by_r_age")));
    assertEquals(views, QuerySupport.tablesOf(p, "Q4"));
    for (ElementRef v : views) {
      QuerySupport.Answer a = QuerySupport.answer(p, byAge, v).orElseThrow();
      assertEquals(List.of(), a.findings(), v + " reads one partition by its key");
    }
    assertEquals(
        "SELECT cid, birthday, country, name FROM ks_0.cyclist_by_age WHERE age = ?",
        QuerySupport.answer(p, byAge, views.get(1)).orElseThrow().select());
    // A view is read by its own key and has no index: by country it is refused.
    Query byCountryOnView =
        new Query(
            "Q99",
            "",
            List.of(new Query.Condition(new AttributeRef("C", "country"), Operator.EQ)),
            List.of(new AttributeRef("C", "name")),
            List.of(),
            Query.ResultSize.MANY);
    assertFalse(QuerySupport.answer(p, byCountryOnView, views.get(0)).orElseThrow().supported());

    Query byCountry = w.query("Q5").orElseThrow();
    assertEquals(
        "Find C by country (index cyclist_by_country on table cyclist_mv)",
        byCountry.description());
    assertEquals(Query.ResultSize.MANY, byCountry.size());
    QuerySupport.Answer throughIndex =
        QuerySupport.answer(p, byCountry, ElementRef.table(ks0, CqlIdentifier.of("cyclist_mv")))
            .orElseThrow();
    assertTrue(throughIndex.supported());
    assertEquals(
        List.of("SUPPORT-INDEX"),
        throughIndex.findings().stream().map(x -> x.rule().id()).toList(),
        "served by the index, asking every node");
    assertEquals(
        "Find Rank by rank (index rrank on table rank_by_year_and_name)",
        w.query("Q6").orElseThrow().description());
    // The SELECT on a view is a query on it, run right after the view's own.
    assertEquals(List.of("Q1", "Q4", "Q8", "Q5"), runs(w, "Show C"));
    assertEquals(List.of(views.get(1)), QuerySupport.tablesOf(p, "Q8"));
    // Mapping the view's query again reuses a view that answers it.
    assertEquals(views.get(0), Mapping.alternatives(p, byAge, ks0).alternatives().get(0).reuse());
    assertEquals(
        10, p.diagram().arrows().size(), "an arrow into each view and each table per query");
    List<String> modelErrors = new ArrayList<>();
    for (Problem x : ProjectChecks.validate(p)) {
      String id = x.rule().id();
      if ((id.startsWith("ER-") || id.startsWith("WF-") || id.startsWith("SUPPORT-"))
          && x.rule().severity() == Severity.ERROR) {
        modelErrors.add(x.toString());
      }
    }
    assertEquals(List.of(), modelErrors);
  }

  @Test
  void aQueryServedByAnIndexIsFixedByATableKeyedForIt() {
    Project p =
        recovered(
            new Project(
                CqlImporter.read(
                        "CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy',"
                            + " 'replication_factor': 1};\n"
                            + "CREATE TABLE shop.users (user_id uuid PRIMARY KEY, email text,"
                            + " city text);\n"
                            + "CREATE INDEX users_city_idx ON shop.users (city);\n"
                            + "CREATE INDEX users_email_idx ON shop.users (email);\n",
                        "shop.cql")
                    .schema()),
            CqlIdentifier.of("shop"));
    // Q2 by city, Q3 by email: each problem offers its own query's fix, not the table's other.
    Problem index =
        ProjectChecks.validate(p).stream()
            .filter(x -> x.rule().id().equals("SUPPORT-INDEX") && x.message().startsWith("Q2 "))
            .findFirst()
            .orElseThrow();
    assertEquals(
        ElementRef.table(CqlIdentifier.of("shop"), CqlIdentifier.of("users")), index.element());
    var fixes = org.keyspacestudio.model.edit.QuickFixes.of(p, index);
    assertEquals(
        List.of("Map Q2 to a new table users_by_city"),
        fixes.stream().map(org.keyspacestudio.model.edit.Fix::label).toList());
    Project fixed = fixes.get(0).edit().change().apply(p);
    assertEquals(
        List.of(ElementRef.table(CqlIdentifier.of("shop"), CqlIdentifier.of("users_by_city"))),
        QuerySupport.tablesOf(fixed, "Q2"),
        "the query moves to a table keyed by the indexed attribute");
    assertEquals(
        List.of("SUPPORT-INDEX Q3"),
        ProjectChecks.validate(fixed).stream()
            .map(x -> x.rule().id() + " " + x.message().split(" ")[0])
            .toList(),
        "Q2 no longer asks every node; Q3 still does");
  }

  @Test
  void everyRecoveredQueryMapsBackToTheTableItCameFrom() throws Exception {
    // The example project mapped forward, its models then dropped and recovered from the tables.
    Project example = ProjectFile.read(Path.of("..", "examples", "killrvideo.kstudio"));
    CqlIdentifier ks = Mapping.keyspace(example, null);
    Document d = new Document(example, null);
    d.perform(MappingEdits.mapAll(ks));
    Project tablesOnly = new Project(d.project().schema(), Diagram.empty());
    Project p = recovered(tablesOnly, ks);
    Keyspace keyspace = p.schema().keyspace(ks).orElseThrow();
    assertEquals(keyspace.tables().size(), p.workflow().queries().size());
    for (Query q : p.workflow().queries()) {
      ElementRef from = p.mapping().tablesOf(q.id()).get(0).table();
      Mapper.Result r = Mapping.alternatives(p, q, ks);
      assertFalse(r.alternatives().isEmpty(), q + ": " + r.problems());
      assertEquals(from, r.alternatives().get(0).reuse(), q + " is answered by " + from);
    }
  }

  @Test
  void everyCorpusKeyspaceRecoversToModelsWithoutErrors() throws Exception {
    int keyspaces = 0;
    int tables = 0;
    int answered = 0;
    int own = 0;
    int views = 0;
    int paths = 0;
    for (Path f : Corpus.files()) {
      var result = CqlImporter.readFiles(List.of(f));
      for (Keyspace ks : result.schema().keyspaces()) {
        if (ks.tables().isEmpty()) {
          continue;
        }
        keyspaces++;
        tables += ks.tables().size();
        views += ks.views().size();
        SchemaModels.Recovered r = SchemaModels.recover(ks);
        // Each table's query, and each view's (views keyed alike share one).
        own += (int) r.mapping().tables().stream().map(m -> m.queries().get(0)).distinct().count();
        Project p =
            new Project(result.schema())
                .withConceptual(r.conceptual())
                .withWorkflow(r.workflow())
                .withMapping(r.mapping());
        for (Problem x : ProjectChecks.validate(p)) {
          String id = x.rule().id();
          boolean model = id.startsWith("ER-") || id.startsWith("WF-") || id.startsWith("QUERY-");
          assertFalse(model && x.rule().severity() == Severity.ERROR, f.getFileName() + ": " + x);
        }
        for (Query q : r.workflow().queries()) {
          MappedTable first = r.mapping().tablesOf(q.id()).get(0);
          ElementRef from = first.table();
          if (!first.queries().get(0).equals(q.id())) {
            // A query through an index of the table: answered there, asking every node.
            paths++;
            QuerySupport.Answer a = QuerySupport.answer(p, q, from).orElseThrow();
            assertTrue(a.supported(), q + " on " + from + ": " + a.findings());
            continue;
          }
          Mapper.Result m = Mapping.alternatives(p, q, ks.name());
          if (!m.alternatives().isEmpty() && from.equals(m.alternatives().get(0).reuse())) {
            answered++;
          } else {
            System.out.println(
                "not answered: "
                    + from
                    + " "
                    + q
                    + " "
                    + (m.alternatives().isEmpty()
                        ? m.problems()
                        : m.alternatives().get(0).toTable()));
          }
        }
      }
    }
    System.out.printf(
        "recovered %d keyspaces, %d tables, %d views; %d queries map back to their table or view,"
            + " %d more are served by indexes%n",
        keyspaces, tables, views, answered, paths);
    assertTrue(keyspaces > 10, "the corpus has keyspaces: " + keyspaces);
    assertTrue(paths > 0, "the corpus has indexes on values");
    assertEquals(own, answered, "every recovered table's or view's query is answered by its own");
  }

  @Test
  void aProjectWithModelsIsNotOverwrittenAndTheRecoveryUndoes() throws Exception {
    Project example = ProjectFile.read(Path.of("..", "examples", "killrvideo.kstudio"));
    CqlIdentifier ks = Mapping.keyspace(example, null);
    assertNotNull(ReverseEdits.refusal(example, ks));
    Document d = new Document(example, null);
    d.perform(ReverseEdits.recover(ks));
    assertEquals(example, d.project(), "nothing replaced");

    Project bare = imported("datastax-training__killrvideo-sample-schema__killrvideo-schema.cql");
    assertNull(ReverseEdits.refusal(bare, KILLRVIDEO));
    assertNotNull(ReverseEdits.refusal(bare, CqlIdentifier.of("nowhere")));
    Document e = new Document(bare, null);
    e.perform(ReverseEdits.recover(KILLRVIDEO));
    assertFalse(e.project().conceptual().entities().isEmpty());
    assertTrue(e.undo());
    assertEquals(QueryMapping.empty(), e.project().mapping());
    assertTrue(e.project().conceptual().entities().isEmpty());
    assertEquals(bare, e.project());
  }

  /**
   * The queries run on the way into a recovered task (each transition's, in order), then those the
   * task runs.
   */
  private static List<String> runs(Workflow w, String task) {
    List<String> out = new ArrayList<>();
    w.transitions().stream().filter(t -> t.to().equals(task)).forEach(t -> out.addAll(t.queries()));
    out.addAll(w.task(task).orElseThrow().queries());
    return out;
  }
}
