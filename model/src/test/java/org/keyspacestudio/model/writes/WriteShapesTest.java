package org.keyspacestudio.model.writes;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.Cardinality;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.IsA;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.Fix;
import org.keyspacestudio.model.edit.MappingEdits;
import org.keyspacestudio.model.edit.QuickFixes;
import org.keyspacestudio.model.edit.SchemaEdits;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.QueryText;
import org.keyspacestudio.model.workflow.Workflow;

/**
 * Write paths of the shapes a conceptual model takes beyond KillrVideo's: a recursive relationship
 * read by its roles, an m:n relationship with its own attribute, an IsA child; a table whose key
 * lost what identifies its rows (WRITE-OVERWRITE) and its fix; and models that do not hold
 * together, which must not break the paths.
 */
class WriteShapesTest {

  private static Query query(String id, String given, String returns, String order) {
    return new Query(
        id,
        "",
        QueryText.parseGiven(given),
        QueryText.parseRefs(returns),
        QueryText.parseOrderBy(order),
        Query.ResultSize.PARTITION);
  }

  private static Project mapped(ConceptualModel model, Query... queries) {
    Project p =
        new Project(Schema.empty())
            .withConceptual(model)
            .withWorkflow(new Workflow(List.of(), List.of(), List.of(queries)));
    Document doc = new Document(p, null);
    doc.perform(MappingEdits.mapAll(CqlIdentifier.of("app")));
    return doc.project();
  }

  private static Entity entity(String name, String... attributes) {
    List<Attribute> list = new java.util.ArrayList<>();
    for (String a : attributes) {
      String[] parts = a.split(" ");
      list.add(Attribute.simple(parts[0], parts[1]));
    }
    return new Entity(
        name, false, list, List.of(Key.of(new AttributeRef(name, list.get(0).name()))));
  }

  private static ElementRef table(String name) {
    return ElementRef.table(CqlIdentifier.of("app"), CqlIdentifier.of(name));
  }

  /** User follows User: the followers of a user, each with its name. */
  private static final ConceptualModel FOLLOWS =
      new ConceptualModel(
          List.of(entity("User", "user_id uuid", "name text")),
          List.of(
              new Relationship(
                  "follows",
                  false,
                  List.of(
                      new Relationship.End("User", Cardinality.N, "follower"),
                      new Relationship.End("User", Cardinality.N, "followee")),
                  List.of(Attribute.simple("since", "timestamp")),
                  List.of())),
          List.of());

  @Test
  void aFollowersRowStandsForOneFollowsAndANewNameReachesItThroughNoListOfFollowees() {
    Project p =
        mapped(
            FOLLOWS,
            query("Q1", "User.user_id =", "User.name", ""),
            query(
                "Q2", "followee.user_id =", "follower.user_id, follower.name, follows.since", ""));
    WritePaths paths = WritePaths.of(p);
    assertThat(paths.rows())
        .extracting(r -> r.table().object().asInternal() + ": " + r.rowOwner())
        .containsExactly("users: User", "followers_by_followee: follows");
    assertThat(paths.writers()).containsExactly("User", "follows");
    Write follow = paths.insert("follows");
    assertThat(follow.tables()).hasSize(1);
    assertThat(follow.tables().get(0).values())
        .extracting(TableWrite.ColumnValue::origin)
        .containsExactly(
            "user_id of its followee (follows)",
            "user_id of its follower (follows)",
            "name of its follower (follows)",
            "the follows's since");
    // A User's new name is copied into the rows of each follows it follows in: found by no table
    // keyed by the follower (only by the followee).
    TableWrite name =
        paths.update("User", "name").tables().stream()
            .filter(t -> t.table().equals(table("followers_by_followee")))
            .findFirst()
            .orElseThrow();
    assertThat(name.rows().owner()).isEqualTo("follows");
    assertThat(name.rows().finder()).isNull();
    List<org.keyspacestudio.model.validate.Problem> problems = WriteRules.validate(p);
    assertThat(problems)
        .extracting(x -> x.rule().id() + " " + x.element())
        .containsExactly("WRITE-UNREACHABLE app.followers_by_followee");
    // Its fix: the follows of a follower, by the follower's key, mapped to a table of their own.
    var fixes = org.keyspacestudio.model.edit.QuickFixes.of(p, problems.get(0));
    assertThat(fixes)
        .extracting(org.keyspacestudio.model.edit.Fix::label)
        .singleElement()
        .asString()
        .startsWith("Add Q3 (Find the follows of a follower by its key) and map it to ");
    Project fixed = fixes.get(0).edit().change().apply(p);
    assertThat(fixed.workflow().query("Q3").orElseThrow().given())
        .extracting(c -> c.attribute().toString())
        .containsExactly("follower.user_id");
    assertThat(WriteRules.validate(fixed)).isEmpty();
  }

  @Test
  void anMToNRelationshipsRowsAreItsOwnAndAnIsAChildsRowsHoldItsParentsAttributes() {
    ConceptualModel model =
        new ConceptualModel(
            List.of(
                entity("Person", "person_id uuid", "name text"),
                new Entity("Student", false, List.of(Attribute.simple("year", "int")), List.of()),
                entity("Course", "course_id uuid", "title text")),
            List.of(
                new Relationship(
                    "takes",
                    false,
                    List.of(
                        new Relationship.End("Student", Cardinality.M, ""),
                        new Relationship.End("Course", Cardinality.N, "")),
                    List.of(Attribute.simple("grade", "text")),
                    List.of())),
            List.of(new IsA("kinds", "Person", List.of("Student"), true)));
    Project p =
        mapped(
            model,
            query("Q1", "Course.course_id =", "Person.person_id, Person.name, takes.grade", ""),
            query("Q2", "Person.person_id =", "Person.name, Student.year", ""));
    WritePaths paths = WritePaths.of(p);
    assertThat(paths.rows())
        .extracting(r -> r.table().object().asInternal() + ": " + r.rowOwner())
        .containsExactly("persons_by_course: takes", "persons: Student");
    assertThat(paths.insert("takes").tables())
        .extracting(t -> t.table().object().asInternal())
        .containsExactly("persons_by_course");
    assertThat(WriteRules.validate(p))
        .extracting(x -> x.rule().id())
        .doesNotContain("WRITE-OVERWRITE");
  }

  @Test
  void rowsTwoRelationshipsCouldBeAreWarnedOfAndNamingTheTableAfterOneSettlesThem() {
    // A User likes Videos and watches Videos: the videos of a user, with nothing of either
    // relationship's own, could be either's.
    ConceptualModel model =
        new ConceptualModel(
            List.of(entity("User", "user_id uuid", "name text"), entity("Video", "video_id uuid")),
            List.of(
                new Relationship(
                    "likes",
                    false,
                    List.of(
                        new Relationship.End("User", Cardinality.M, ""),
                        new Relationship.End("Video", Cardinality.N, "")),
                    List.of(),
                    List.of()),
                new Relationship(
                    "watches",
                    false,
                    List.of(
                        new Relationship.End("User", Cardinality.M, ""),
                        new Relationship.End("Video", Cardinality.N, "")),
                    List.of(),
                    List.of())),
            List.of());
    Project p =
        mapped(
            model,
            query("Q1", "User.user_id =", "User.name", ""),
            query("Q2", "User.user_id =", "Video.video_id", ""));
    WritePaths paths = WritePaths.of(p);
    TableRows rows = paths.rows(table("videos_by_user")).orElseThrow();
    assertThat(rows.rowOwner()).isEqualTo("likes");
    assertThat(rows.alsoRowOwners()).containsExactly("watches");
    // (And WRITE-UNREACHABLE: no table lists a Video's likes, to delete them with it.)
    List<Problem> problems =
        WriteRules.validate(p).stream().filter(x -> x.rule() == WriteRule.ROWS_AMBIGUOUS).toList();
    assertThat(problems)
        .extracting(x -> x.rule().id() + " " + x.element())
        .containsExactly("WRITE-ROWS-AMBIGUOUS app.videos_by_user");
    assertThat(problems.get(0).message())
        .isEqualTo(
            "app.videos_by_user: its rows could be those of likes or watches (keyed alike, and it"
                + " holds none of their own attributes): the write checks take them as rows of"
                + " likes, so inserting or deleting an instance of watches does not write it."
                + " Name the table after the one whose rows it lists (likes_by_user,"
                + " watches_by_user), or map one of its columns to an attribute of that one.");
    List<Fix> fixes = QuickFixes.of(p, problems.get(0));
    assertThat(fixes)
        .extracting(Fix::label)
        .containsExactly(
            "Rename app.videos_by_user to likes_by_user: its rows are those of likes",
            "Rename app.videos_by_user to watches_by_user: its rows are those of watches");
    Project watched = fixes.get(1).edit().change().apply(p);
    WritePaths after = WritePaths.of(watched);
    assertThat(after.rows(table("watches_by_user")).orElseThrow().rowOwner()).isEqualTo("watches");
    assertThat(after.insert("watches").tables())
        .extracting(t -> t.table().object().asInternal())
        .containsExactly("watches_by_user");
    assertThat(after.insert("likes").tables()).isEmpty();
    List<Problem> left = WriteRules.validate(watched);
    assertThat(left)
        .extracting(x -> x.rule().id() + " " + x.element())
        .containsExactly("WRITE-UNREACHABLE app.watches_by_user");
    // Its fix lists the watches of a Video in a table of their own, named after them: one named
    // users_by_video would be taken as likes' rows again.
    List<Fix> finder = QuickFixes.of(watched, left.get(0));
    assertThat(finder)
        .extracting(Fix::label)
        .singleElement()
        .asString()
        .startsWith("Add Q3 (Find the watches of a Video by its key) and map it to ")
        .contains("watches_by_video");
    Project found = finder.get(0).edit().change().apply(watched);
    assertThat(found.mapping().tablesOf("Q3"))
        .extracting(m -> m.table().object().asInternal())
        .containsExactly("watches_by_video");
    assertThat(WriteRules.validate(found)).isEmpty();
  }

  /** A Video with a counter of its views, in a table of its own (counters cannot mix). */
  static Project countedViews() {
    ConceptualModel model =
        new ConceptualModel(
            List.of(
                new Entity(
                    "Video",
                    false,
                    List.of(
                        Attribute.simple("video_id", "uuid"),
                        Attribute.simple("title", "text"),
                        Attribute.simple("views", "counter")),
                    List.of(Key.of(new AttributeRef("Video", "video_id"))))),
            List.of(),
            List.of());
    return mapped(
        model,
        query("Q1", "Video.video_id =", "Video.title", ""),
        query("Q2", "Video.title =", "Video.views", ""));
  }

  @Test
  void aCounterTableIsWrittenByIncrementsInACounterBatchOfItsOwn() {
    Project p = countedViews();
    Write insert = WritePaths.of(p).insert("Video");
    TableWrite counts =
        insert.tables().stream().filter(TableWrite::counter).findFirst().orElseThrow();
    assertThat(counts.action()).isEqualTo(TableWrite.Action.UPDATE_ROW);
    assertThat(counts.statements().get(0)).contains("SET views = views + ? WHERE");
    assertThat(counts.values().get(0).origin()).isEqualTo("how much views changes by (a counter)");
    // Cassandra refuses a counter in a logged batch, and with other statements: the increment
    // runs on its own (a counter batch when there are several).
    assertThat(insert.cql())
        .isEqualTo(
            "INSERT INTO app.videos (video_id, title) VALUES (?, ?);\n"
                + "UPDATE app.videos_by_title SET views = views + ? WHERE title = ? AND video_id"
                + " = ?;");
  }

  @Test
  void aKeyThatLostTheVideosIdMakesVideosOverwriteEachOtherAndTheFixPutsItBack() throws Exception {
    Document doc = new Document(KillrVideoWritesTest.mapped(), null);
    ElementRef byTag =
        ElementRef.table(CqlIdentifier.of("killr_video"), CqlIdentifier.of("videos_by_tag"));
    // video_id made a regular column: the key is the tag alone.
    assertThat(
            doc.perform(
                SchemaEdits.setRole(byTag, CqlIdentifier.of("video_id"), SchemaEdits.Role.REGULAR)))
        .isTrue();
    List<Problem> problems =
        ProjectChecks.validate(doc.project()).stream()
            .filter(x -> x.rule() == WriteRule.OVERWRITE)
            .toList();
    assertThat(problems).hasSize(1);
    assertThat(problems.get(0).element()).isEqualTo(byTag);
    assertThat(problems.get(0).message())
        .contains("its primary key (tag) holds no key of Video")
        .contains("add Video.video_id to the primary key");
    List<Fix> fixes = QuickFixes.of(doc.project(), problems.get(0));
    assertThat(fixes)
        .extracting(Fix::label)
        .singleElement()
        .asString()
        .startsWith("Add Video.video_id");
    doc.perform(fixes.get(0).edit());
    Table fixed =
        doc.project()
            .schema()
            .keyspace(byTag.keyspace())
            .orElseThrow()
            .table(byTag.object())
            .orElseThrow();
    assertThat(fixed.primaryKey().clustering())
        .containsExactly(
            new PrimaryKey.ClusteringColumn(
                CqlIdentifier.of("video_id"), org.keyspacestudio.model.schema.ClusteringOrder.ASC));
    assertThat(ProjectChecks.validate(doc.project()))
        .extracting(Problem::rule)
        .doesNotContain(WriteRule.OVERWRITE);
    doc.undo();
    assertThat(ProjectChecks.validate(doc.project()))
        .extracting(Problem::rule)
        .contains(WriteRule.OVERWRITE);
  }

  @Test
  void aTableWithAMaterializedViewIsWrittenAloneAndTheWriteSaysTheNodeKeepsTheView() {
    Project tables =
        new Project(
            org.keyspacestudio.model.parse.CqlImporter.read(
                    "CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy',"
                        + " 'replication_factor': 1};\n"
                        + "CREATE TABLE shop.users (user_id uuid PRIMARY KEY, email text,"
                        + " name text);\n"
                        + "CREATE MATERIALIZED VIEW shop.users_by_email AS SELECT * FROM shop.users"
                        + " WHERE email IS NOT NULL AND user_id IS NOT NULL"
                        + " PRIMARY KEY (email, user_id);\n",
                    "shop.cql")
                .schema());
    Document d = new Document(tables, null);
    d.perform(org.keyspacestudio.model.edit.ReverseEdits.recover(CqlIdentifier.of("shop")));
    WritePaths paths = WritePaths.of(d.project());
    for (Write w :
        List.of(paths.insert("User"), paths.update("User", "email"), paths.delete("User"))) {
      assertThat(w.tables())
          .as(w.title())
          .extracting(t -> t.table().toString())
          .containsExactly("shop.users");
      assertThat(w.notes())
          .as(w.title())
          .contains(
              "The node writes users_by_email, a materialized view of users, itself: the"
                  + " application writes nothing more, and each write to users reads its row first"
                  + " to find the view rows to change.");
    }
  }

  @Test
  void aModelThatDoesNotHoldTogetherStillHasWritePaths() throws Exception {
    Project p = KillrVideoWritesTest.mapped();
    ConceptualModel broken =
        new ConceptualModel(
            p.conceptual().entities(),
            java.util.stream.Stream.concat(
                    p.conceptual().relationships().stream(),
                    java.util.stream.Stream.of(
                        new Relationship(
                            "nowhere",
                            true,
                            List.of(
                                new Relationship.End("Ghost", Cardinality.ONE, "haunter"),
                                new Relationship.End("Video", Cardinality.N, "")),
                            List.of(),
                            List.of())))
                .toList(),
            List.of(
                new IsA("loop1", "Video", List.of("Comment"), true),
                new IsA("loop2", "Comment", List.of("Video"), true)));
    Project q = p.withConceptual(broken);
    WritePaths paths = WritePaths.of(q);
    for (String owner : paths.writers()) {
      assertThat(paths.writes(owner)).isNotEmpty();
    }
    assertThat(WriteRules.validate(q)).isNotNull();
  }
}
