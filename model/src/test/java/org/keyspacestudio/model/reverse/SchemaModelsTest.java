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
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Severity;
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
    assertTrue(
        problems.stream()
            .anyMatch(
                x ->
                    x.rule().id().equals("WRITE-UNREACHABLE")
                        && x.message()
                            .startsWith("killrvideo.video_ratings_by_user: deleting a User")),
        problems.toString());
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
    assertEquals(
        List.of("Q10", "Q16", "Q11"),
        p.workflow().tasks().stream()
            .filter(t -> t.name().equals("Show Comment"))
            .findFirst()
            .orElseThrow()
            .queries());
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
    for (Path f : Corpus.files()) {
      var result = CqlImporter.readFiles(List.of(f));
      for (Keyspace ks : result.schema().keyspaces()) {
        if (ks.tables().isEmpty()) {
          continue;
        }
        keyspaces++;
        tables += ks.tables().size();
        SchemaModels.Recovered r = SchemaModels.recover(ks);
        assertEquals(ks.tables().size(), r.workflow().queries().size(), f.toString());
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
          ElementRef from = r.mapping().tablesOf(q.id()).get(0).table();
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
        "recovered %d keyspaces, %d tables; %d queries map back to their table%n",
        keyspaces, tables, answered);
    assertTrue(keyspaces > 10, "the corpus has keyspaces: " + keyspaces);
    assertEquals(tables, answered, "every recovered query is answered by its own table");
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
}
