package org.keyspacestudio.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KstudioCommandTest {

  @TempDir Path dir;

  private record Run(int exit, String out, String err) {}

  /** The example project mapped ({@code kstudio map}) into {@code name} in the test's folder. */
  private Path mappedExample(String name) {
    Path mapped = dir.resolve(name);
    assertThat(run("map", "../examples/killrvideo.kstudio", "-o", mapped.toString()).exit())
        .isZero();
    return mapped;
  }

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = KstudioCommand.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Run(exit, out.toString(), err.toString());
  }

  private Path write(String name, String text) throws Exception {
    Path file = dir.resolve(name);
    Files.writeString(file, text);
    return file;
  }

  @Test
  void helpListsTheSubcommands() {
    Run run = run("--help");
    assertThat(run.exit()).isZero();
    assertThat(run.out()).contains("import", "validate", "export-cql");
  }

  @Test
  void validatePrintsOneProblemALineAndExitsOneOnErrors() throws Exception {
    Path file =
        write(
            "bad.cql",
            "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};\n"
                + "CREATE TABLE ks.t (\n  k list<int> PRIMARY KEY,\n  v text\n);\n");
    Run run = run("validate", file.toString());
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out().lines())
        .containsExactly(
            file
                + ":3:3: error: KEY-NON-FROZEN Invalid non-frozen collection type list<int> for"
                + " PRIMARY KEY column 'k'",
            "  fix: Make k of ks.t frozen<list<int>> [safe]");
  }

  @Test
  void validateListsTheFixesOfEachProblemAndJsonCarriesThem() throws Exception {
    Path file =
        write(
            "typos.cql",
            "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};\n"
                + "CREATE TABLE ks.t (k int PRIMARY KEY, v timestmp) WITH gc_grace = 60;\n");
    Run run = run("validate", file.toString());
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out().lines())
        .containsExactly(
            file + ":2:39: error: TYPE-UNKNOWN Unknown type ks.timestmp",
            "  fix: Change the type of t.v from timestmp to timestamp",
            "  fix: Define the type timestmp in ks (a field value text to fill in)",
            file + ":2:56: error: OPTION-UNKNOWN Unknown property 'gc_grace'",
            "  fix: Rename the option gc_grace of t to gc_grace_seconds (keeping its value 60)",
            "  fix: Remove the option gc_grace from t (Cassandra 5.0 knows no such option)");
    Run json = run("validate", "--format", "json", file.toString());
    assertThat(json.out())
        .contains("\"label\" : \"Change the type of t.v from timestmp to timestamp\"")
        .contains("\"safe\" : false");
  }

  @Test
  void validateExitsZeroWhenThereAreOnlyWarningsAndWritesJsonOnRequest() throws Exception {
    Path file = write("warn.cql", "CREATE TABLE ks.t (k int PRIMARY KEY) WITH comment = 'orders';");
    Run text = run("validate", file.toString());
    assertThat(text.exit()).isZero();
    assertThat(text.out()).contains("warning: KEYSPACE-UNDEFINED");
    Run json = run("validate", "--format", "json", file.toString());
    assertThat(json.exit()).isZero();
    assertThat(json.out())
        .contains("\"rule\" : \"KEYSPACE-UNDEFINED\"")
        .contains("\"line\" : 1")
        .contains("\"severity\" : \"warning\"");
  }

  @Test
  void badUsageExitsTwo() {
    assertThat(run("validate").exit()).isEqualTo(2);
    assertThat(run("validate", dir.resolve("missing.cql").toString()).exit()).isEqualTo(2);
    assertThat(run("frobnicate").exit()).isEqualTo(2);
  }

  @Test
  void importWritesAProjectThatValidatesAndExportsTheSameCql() throws Exception {
    Path cql =
        write(
            "in.cql",
            "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};\n"
                + "CREATE TABLE ks.t (k int, c int, v text, PRIMARY KEY (k, c))"
                + " WITH CLUSTERING ORDER BY (c DESC);\n");
    Path project = dir.resolve("out.json");
    Run imported = run("import", cql.toString(), "-o", project.toString());
    assertThat(imported.exit()).isZero();
    assertThat(project).exists();
    assertThat(run("validate", project.toString()).exit()).isZero();
    Run fromProject = run("export-cql", project.toString());
    Run fromCql = run("export-cql", cql.toString());
    assertThat(fromProject.out())
        .isEqualTo(fromCql.out())
        .contains("CREATE TABLE ks.t (")
        .contains("WITH CLUSTERING ORDER BY (c DESC)");
    Path out = dir.resolve("out.cql");
    assertThat(run("export-cql", project.toString(), "-o", out.toString()).exit()).isZero();
    assertThat(Files.readString(out)).isEqualTo(fromCql.out());
  }

  @Test
  void exportImageDrawsAProjectOrCqlHeadlessInTheFormatAsked() throws Exception {
    Path cql =
        write(
            "d.cql",
            "CREATE TABLE ks.videos_by_user (user_id uuid, added timestamp, video_id uuid,"
                + " title text, PRIMARY KEY (user_id, added)) WITH CLUSTERING ORDER BY (added DESC);");
    for (String format : new String[] {"png", "svg", "pdf"}) {
      Path out = dir.resolve("d." + format);
      Run run = run("export-image", cql.toString(), "-o", out.toString());
      assertThat(run.exit()).as(run.err()).isZero();
      byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(out), 5);
      String magic = new String(head, java.nio.charset.StandardCharsets.ISO_8859_1);
      assertThat(magic)
          .startsWith(format.equals("png") ? "\u0089PNG" : format.equals("pdf") ? "%PDF" : "<?xml");
    }
    Path svg = dir.resolve("logical.svg");
    assertThat(
            run("export-image", cql.toString(), "--level", "logical", "-o", svg.toString()).exit())
        .isZero();
    assertThat(Files.readString(svg)).contains("videos_by_user").doesNotContain(">timestamp<");
    assertThat(run("export-image", cql.toString(), "-o", dir.resolve("x.gif").toString()).exit())
        .isEqualTo(2);

    // The light look unless asked: --theme dark draws on the dark theme's background.
    Path dark = dir.resolve("dark.png");
    assertThat(run("export-image", cql.toString(), "--theme", "dark", "-o", dark.toString()).exit())
        .isZero();
    java.awt.Color corner =
        new java.awt.Color(javax.imageio.ImageIO.read(dark.toFile()).getRGB(0, 0));
    assertThat(corner)
        .isEqualTo(org.keyspacestudio.export.diagram.DiagramStyle.DARK.background)
        .isNotEqualTo(org.keyspacestudio.export.diagram.DiagramStyle.DEFAULT.background);
    java.awt.Color light =
        new java.awt.Color(javax.imageio.ImageIO.read(dir.resolve("d.png").toFile()).getRGB(0, 0));
    assertThat(light).isEqualTo(org.keyspacestudio.export.diagram.DiagramStyle.DEFAULT.background);
  }

  @Test
  void eachDiagramOfAProjectExportsAndValidateChecksTheConceptualModel() throws Exception {
    Path example = Path.of("../examples/killrvideo.kstudio");
    for (String kind : new String[] {"conceptual", "workflow"}) {
      Path png = dir.resolve(kind + ".png");
      Run run = run("export-image", example.toString(), "--diagram", kind, "-o", png.toString());
      assertThat(run.exit()).as(run.err()).isZero();
      java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(png.toFile());
      assertThat(image.getWidth()).as(kind).isGreaterThan(600);
    }
    Run both =
        run(
            "export-image",
            example.toString(),
            "-d",
            "workflow",
            "--level",
            "logical",
            "-o",
            dir.resolve("x.png").toString());
    assertThat(both.exit()).isEqualTo(2);

    String broken =
        Files.readString(example)
            .replace("\"keys\" : [ [ \"User.user_id\" ], [ \"User.email\" ] ]", "\"keys\" : [ ]");
    Path file = write("broken.kstudio", broken);
    Run validate = run("validate", file.toString());
    assertThat(validate.exit()).isEqualTo(1);
    assertThat(validate.out()).contains(file + ": error: ER-ENTITY-NO-KEY Entity User has no key");
    assertThat(validate.err())
        .contains("4 entities, 5 relationships, 9 queries, 0 tables, 1 error");
  }

  @Test
  void exportImageAllWritesEveryDiagramIntoAFolderNamedAfterEach() throws Exception {
    Path mapped = mappedExample("mapped.kstudio");
    Path folder = dir.resolve("docs/diagrams");
    Run all = run("export-image", mapped.toString(), "--all", "-f", "svg", "-o", folder.toString());
    assertThat(all.exit()).as(all.err()).isZero();
    try (var listed = Files.list(folder)) {
      assertThat(listed.map(f -> f.getFileName().toString()).sorted())
          .containsExactly("conceptual.svg", "logical.svg", "physical.svg", "workflow.svg");
    }
    assertThat(Files.readString(folder.resolve("conceptual.svg"))).contains("User");
    assertThat(Files.readString(folder.resolve("physical.svg"))).contains("videos_by_user");
    assertThat(all.out())
        .contains("wrote " + folder.resolve("workflow.svg") + " (Workflow diagram)");

    assertThat(run("export-image", mapped.toString(), "--all", "-d", "workflow", "-o", "x").exit())
        .isEqualTo(2);
    Run intoAFile = run("export-image", mapped.toString(), "--all", "-o", mapped.toString());
    assertThat(intoAFile.exit()).isEqualTo(2);
    assertThat(intoAFile.err()).contains("is a file");
  }

  @Test
  void aKdmProjectImportsWithItsNotesAndOpensAsAProject() throws Exception {
    Path kdm = Path.of("../model/src/test/resources/kdm/sensor-network.xml");
    Path project = dir.resolve("sensors.kstudio");
    Run run = run("import", kdm.toString(), "-o", project.toString());
    assertThat(run.exit()).as("saved, but a query names a missing attribute").isEqualTo(1);
    assertThat(run.out())
        .contains("info: KDM-IMPORT Skipped the text 'Sensor network (KDM sample)'")
        .contains("error: QUERY-ATTRIBUTE-UNKNOWN Q4 refers to Network.region");
    assertThat(run.err()).contains("3 entities, 2 relationships, 4 queries, 1 keyspace, 3 tables");
    Run validate = run("validate", project.toString());
    assertThat(validate.err()).contains("3 entities");
    Run broken =
        run(
            "import",
            write("x.xml", "<KDMPROJECT><oops></KDMPROJECT>").toString(),
            "-o",
            dir.resolve("y.kstudio").toString());
    assertThat(broken.exit()).isEqualTo(2);
    assertThat(broken.err()).contains("x.xml:1:").contains("not well-formed XML");
  }

  @Test
  void mapFromSchemaRecoversTheModelsOfAScriptAndValidateThenJudgesItsWrites() throws Exception {
    Path cql =
        write(
            "shop.cql",
            "CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};\n"
                + "CREATE TABLE shop.users (user_id uuid PRIMARY KEY, name text);\n"
                + "CREATE TABLE shop.products (product_id uuid PRIMARY KEY, title text);\n"
                + "CREATE TABLE shop.likes (user_id uuid, product_id uuid, liked timestamp,"
                + " PRIMARY KEY (user_id, product_id));\n");
    Run listed = run("map", cql.toString(), "--from-schema");
    assertThat(listed.exit()).as(listed.err()).isZero();
    assertThat(listed.out())
        .contains("entity User (user_id, name), key User.user_id")
        .contains("relationship like User m - Product n")
        .contains("Q3: Find like by user_id (table likes)")
        .contains("2 entities, 1 relationship, 3 queries; write them with -o OUT.kstudio");

    Path out = dir.resolve("shop.kstudio");
    Run written = run("map", cql.toString(), "--from-schema", "-o", out.toString());
    assertThat(written.exit()).as(written.err()).isZero();
    // Nothing lists a product's likes: deleting a product cannot find them.
    Run checked = run("validate", out.toString());
    assertThat(checked.out())
        .contains("WRITE-UNREACHABLE shop.likes: deleting a Product must delete its likes here");
    // The models are there now: recovering again is refused, with why.
    Run again = run("map", out.toString(), "--from-schema");
    assertThat(again.exit()).isEqualTo(2);
    assertThat(again.err()).contains("has a conceptual model or a workflow already");
  }

  @Test
  void mapSaysWhichAlternativeIsAViewAndOverWhichTable() throws Exception {
    Path cql =
        write(
            "shop.cql",
            "CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};\n"
                + "CREATE TABLE shop.orders (customer_id uuid, placed timestamp, order_id uuid,"
                + " status text, total decimal, PRIMARY KEY (customer_id, placed, order_id));\n");
    Path recovered = dir.resolve("shop.kstudio");
    assertThat(run("map", cql.toString(), "--from-schema", "-o", recovered.toString()).exit())
        .isZero();
    var p = org.keyspacestudio.model.project.ProjectFile.read(recovered);
    var q =
        new org.keyspacestudio.model.workflow.Query(
            "Q9",
            "Find orders by status",
            org.keyspacestudio.model.workflow.QueryText.parseGiven("Order.status ="),
            org.keyspacestudio.model.workflow.QueryText.parseRefs("Order.total"),
            java.util.List.of(),
            org.keyspacestudio.model.workflow.Query.ResultSize.MANY);
    var queries = new java.util.ArrayList<>(p.workflow().queries());
    queries.add(q);
    org.keyspacestudio.model.project.ProjectFile.write(
        p.withWorkflow(p.workflow().withQueries(queries)), recovered);

    Run json = run("map", recovered.toString(), "--format", "json");
    assertThat(json.exit()).as(json.err()).isZero();
    var tree = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.out());
    com.fasterxml.jackson.databind.JsonNode q9 = null;
    for (var node : tree) {
      if (node.get("query").asText().equals("Q9")) {
        q9 = node;
      }
    }
    assertThat(q9).isNotNull();
    var alternatives = q9.get("alternatives");
    assertThat(alternatives.get(0).has("view_of")).as("the table comes first").isFalse();
    var view = alternatives.get(alternatives.size() - 1);
    assertThat(view.get("view_of").asText()).isEqualTo("orders");
    assertThat(view.get("columns").get(0).get("name").asText()).isEqualTo("status");
    assertThat(run("map", recovered.toString()).out())
        .contains("orders_by_status [view over orders] (status K, order_id C↑, customer_id C↑,");
  }

  @Test
  void mapPrintsEachQuerysAlternativesAsJsonAndWritesTheMappedProject() throws Exception {
    Path example = Path.of("../examples/killrvideo.kstudio");
    Run json = run("map", example.toString(), "--format", "json");
    assertThat(json.exit()).as(json.err()).isZero();
    var tree = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.out());
    assertThat(tree.size()).isEqualTo(9);
    com.fasterxml.jackson.databind.JsonNode q4 = null;
    for (var q : tree) {
      if (q.get("query").asText().equals("Q3")) {
        q4 = q;
      }
    }
    assertThat(q4).isNotNull();
    var best = q4.get("alternatives").get(0);
    assertThat(best.get("table").asText()).isEqualTo("videos_by_user");
    var key = best.get("columns").get(1);
    assertThat(key.get("name").asText()).isEqualTo("video_id");
    assertThat(key.get("kind").asText()).isEqualTo("clustering");
    assertThat(key.get("order").asText()).isEqualTo("DESC");
    assertThat(key.get("source").asText()).isEqualTo("Video.video_id");
    assertThat(key.get("type").asText()).isEqualTo("timeuuid");
    assertThat(best.get("columns").get(0).has("order")).as("clustering columns only").isFalse();
    assertThat(tree.get(1).get("alternatives").get(0).get("columns").get(0).get("source").isNull())
        .as("Q7's bucket is synthetic")
        .isTrue();

    Path mapped = dir.resolve("mapped.kstudio");
    Run write = run("map", example.toString(), "-o", mapped.toString());
    assertThat(write.exit()).isZero();
    assertThat(write.err()).contains("9 tables answer 9 of 9 queries");
    Run cql = run("export-cql", mapped.toString());
    assertThat(cql.out())
        .contains("CREATE TABLE killr_video.comments_by_video (")
        .contains("title text static,");
    Run validate = run("validate", mapped.toString());
    assertThat(validate.exit()).isZero();
    assertThat(validate.out()).doesNotContain("SUPPORT-");
  }

  @Test
  void sizePrintsEachTablesPartitionsWarnsOfTheHugeOneAndDrawsItsPlot() throws Exception {
    Path mapped = mappedExample("mapped.kstudio");
    Run text = run("size", mapped.toString());
    assertThat(text.exit()).as("a partition over the guidance").isEqualTo(1);
    assertThat(text.out())
        .containsPattern("killr_video.videos_by_user +5 +1,000,000 +20 ")
        .containsPattern("killr_video.videos_by_tag +100\\* +1,000\\* ")
        .contains(
            "SIZE-VALUES killr_video.latest_videos: a partition is expected to hold 20,000,000")
        .contains("fix: Use 400 values of bucket");

    Path plot = dir.resolve("latest.png");
    Run json =
        run(
            "size",
            mapped.toString(),
            "--format",
            "json",
            "--table",
            "killr_video.comments_by_video",
            "--plot",
            plot.toString());
    assertThat(json.exit()).as(json.err()).isZero();
    var tree = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.out());
    assertThat(tree.size()).isEqualTo(1);
    assertThat(tree.get(0).get("rowsPerPartition").get("value").asLong()).isEqualTo(10);
    assertThat(tree.get(0).get("rowsPerPartition").get("basis").asText()).isEqualTo("derived");
    assertThat(tree.get(0).get("problems").size()).isZero();
    var image = javax.imageio.ImageIO.read(plot.toFile());
    assertThat(image.getWidth()).isEqualTo(720);
    assertThat(image.getHeight()).isEqualTo(420);

    Run many = run("size", mapped.toString(), "--plot", dir.resolve("x.png").toString());
    assertThat(many.exit()).isEqualTo(2);
    assertThat(many.err()).contains("name it with --table");
    Run unknown = run("size", mapped.toString(), "--table", "killr_video.nope");
    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.err()).contains("no table killr_video.nope").contains("videos_by_user");
  }

  @Test
  void writesPrintsEachWriteOfAnEntityAsItsBatchWithWhatEachValueHoldsAndWarns() throws Exception {
    Path mapped = mappedExample("mapped.kstudio");
    Run text = run("writes", mapped.toString(), "--entity", "Video");
    // The Video's batches over batch_size_warn_threshold: a warning, exit 1.
    assertThat(text.exit()).isEqualTo(1);
    assertThat(text.out())
        .contains(
            "== Insert a Video: 9 statements into 5 tables, 8.07 KiB as Cassandra counts a batch")
        .contains("  killr_video.videos_by_tag: insert, once per value of Video.tags")
        .contains("      user_id                  user_id of its User (uploads)")
        .contains(
            "  killr_video.comments_by_user: update, for each Comment (10 each: 50,000,000 Comment"
                + " / 5,000,000 Video), read from killr_video.comments_by_video (Q6)")
        .contains("warning: WRITE-BATCH-SIZE Each write of a Video as one logged batch");
    Run cql = run("writes", mapped.toString(), "--entity", "Rating", "--format", "cql");
    assertThat(cql.out())
        .startsWith(
            "-- Insert a Rating\n"
                + "INSERT INTO killr_video.ratings_by_video (video_id, user_id, rating) VALUES (?,"
                + " ?, ?);\n");
    Run json = run("writes", mapped.toString(), "--format", "json");
    var tree = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.out());
    assertThat(tree.get("writes").size()).isEqualTo(25);
    assertThat(tree.get("problems"))
        .extracting(p -> p.get("rule").asText())
        .containsExactly("WRITE-BATCH-SIZE", "WRITE-UNREACHABLE");
    Run unmapped = run("writes", "../examples/killrvideo.kstudio");
    assertThat(unmapped.exit()).isEqualTo(2);
    assertThat(unmapped.err()).contains("has no table mapped from its queries: map them first");
    Run unknown = run("writes", mapped.toString(), "--entity", "Movie");
    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.err()).contains("(they are: User, Video, Comment, Rating)");
  }

  @Test
  void exportDocWritesOneHtmlPageOrMarkdownWithItsImagesAndExportCqlItsQueries() throws Exception {
    Path mapped = mappedExample("kv.kstudio");
    Path html = dir.resolve("model.html");
    Run page = run("export-doc", mapped.toString(), "-o", html.toString());
    assertThat(page.exit()).as(page.err()).isZero();
    assertThat(java.nio.file.Files.readString(html))
        .contains("<title>kv</title>")
        .contains("CREATE TABLE killr_video.videos_by_user");

    Path md = dir.resolve("docs").resolve("model.md");
    java.nio.file.Files.createDirectories(md.getParent());
    Run markdown = run("export-doc", mapped.toString(), "-o", md.toString());
    assertThat(markdown.exit()).as(markdown.err()).isZero();
    assertThat(markdown.err()).contains("10 images");
    assertThat(java.nio.file.Files.readString(md)).contains("](model-images/conceptual.svg)");
    assertThat(md.resolveSibling("model-images").resolve("conceptual.svg")).exists();
    assertThat(run("export-doc", mapped.toString(), "--format", "markdown").exit()).isEqualTo(2);

    Path queries = dir.resolve("queries.cql");
    Run cql = run("export-cql", mapped.toString(), "--queries", queries.toString());
    assertThat(cql.exit()).isZero();
    assertThat(java.nio.file.Files.readString(queries))
        .contains("-- Q1: Find a user by email, to log in\n")
        .contains("SELECT password, user_id FROM killr_video.users_by_email WHERE email = ?;");
  }

  @Test
  void mapAgainShowsWhatChangedAndWritesIt() throws Exception {
    Path mapped = mappedExample("kv.kstudio");
    Run same = run("map", mapped.toString(), "--again");
    assertThat(same.out()).contains("Mapping again changes nothing (9 tables unchanged).");

    var doc =
        new org.keyspacestudio.model.edit.Document(
            org.keyspacestudio.model.project.ProjectFile.read(mapped), mapped);
    doc.perform(
        org.keyspacestudio.model.edit.WorkflowEdits.delete(
            java.util.Set.of(org.keyspacestudio.model.schema.ElementRef.query("Q8"))));
    org.keyspacestudio.model.project.ProjectFile.write(doc.project(), mapped);
    Run plan = run("map", mapped.toString(), "--again");
    assertThat(plan.exit()).isZero();
    assertThat(plan.out())
        .contains("- killr_video.ratings_by_video\n    answers no query any more\n")
        .contains("1 table changes, 8 unchanged; write them with -o OUT.kstudio");
    Path out = dir.resolve("again.kstudio");
    assertThat(run("map", mapped.toString(), "--again", "-o", out.toString()).exit()).isZero();
    assertThat(run("export-cql", out.toString()).out())
        .doesNotContain("ratings_by_video")
        .contains("videos_by_user");
  }

  @Test
  void mapAgainRemovesAViewTheMappingMadeOnceItsQueryIsGoneAndSaysItIsAView() throws Exception {
    Path mapped = mappedExample("kv-view.kstudio");
    var ks = org.keyspacestudio.model.cql.CqlIdentifier.of("killr_video");
    var doc =
        new org.keyspacestudio.model.edit.Document(
            org.keyspacestudio.model.project.ProjectFile.read(mapped), mapped);
    var q10 =
        new org.keyspacestudio.model.workflow.Query(
            "Q10",
            "Find the videos of a type",
            org.keyspacestudio.model.workflow.QueryText.parseGiven("Video.type ="),
            org.keyspacestudio.model.workflow.QueryText.parseRefs("Video.title"),
            java.util.List.of(),
            org.keyspacestudio.model.workflow.Query.ResultSize.MANY);
    var queries = new java.util.ArrayList<>(doc.project().workflow().queries());
    queries.add(q10);
    doc.perform(
        new org.keyspacestudio.model.edit.Document.Edit(
            "add Q10", x -> x.withWorkflow(x.workflow().withQueries(queries))));
    var view =
        org.keyspacestudio.model.mapping.Mapping.alternatives(doc.project(), q10, ks)
            .alternatives()
            .stream()
            .filter(org.keyspacestudio.model.mapping.Mapper.Alternative::createsView)
            .findFirst()
            .orElseThrow();
    doc.perform(org.keyspacestudio.model.edit.MappingEdits.choose("Q10", view, ks));
    doc.perform(
        org.keyspacestudio.model.edit.WorkflowEdits.delete(
            java.util.Set.of(org.keyspacestudio.model.schema.ElementRef.query("Q10"))));
    // Saved and read back: the file keeps what the mapping made the view as.
    org.keyspacestudio.model.project.ProjectFile.write(doc.project(), mapped);

    Run plan = run("map", mapped.toString(), "--again");
    assertThat(plan.exit()).as(plan.err()).isZero();
    assertThat(plan.out())
        .contains("- view killr_video." + view.table() + "\n    answers no query any more\n");
    Run json = run("map", mapped.toString(), "--again", "--format", "json");
    var removed = new java.util.ArrayList<String>();
    for (var node : new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.out())) {
      if (node.get("kind").asText().equals("removed")) {
        removed.add(node.get("table").asText() + " " + node.get("view").asBoolean());
      }
    }
    assertThat(removed).containsExactly("killr_video." + view.table() + " true");
    Path out = dir.resolve("again-view.kstudio");
    assertThat(run("map", mapped.toString(), "--again", "-o", out.toString()).exit()).isZero();
    assertThat(run("export-cql", out.toString()).out())
        .doesNotContain("MATERIALIZED VIEW")
        .contains("CREATE TABLE killr_video.videos ");
  }

  @Test
  void validateFixWritesTheSafeFixesElsewhereAndListsThem() throws Exception {
    Path file =
        write(
            "old.cql",
            "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};\n"
                + "CREATE TABLE ks.t (k int, c int, PRIMARY KEY (k, c)) WITH read_repair_chance"
                + " = 0.1 AND compaction = {'class': 'DateTieredCompactionStrategy',"
                + " 'max_window_size_seconds': '7200'};\n");
    String before = java.nio.file.Files.readString(file);
    assertThat(run("validate", file.toString()).exit()).isEqualTo(1);
    assertThat(run("validate", "--fix", file.toString()).exit()).isEqualTo(2);
    Path out = dir.resolve("fixed.cql");
    Run fix = run("validate", "--fix", file.toString(), "-o", out.toString());
    assertThat(fix.exit()).as(fix.err()).isZero();
    assertThat(fix.out())
        .contains("fixed: Remove the option read_repair_chance from ks.t")
        .contains(
            "fixed: Replace DateTieredCompactionStrategy by TimeWindowCompactionStrategy (windows"
                + " of 2 hours) in ks.t");
    assertThat(fix.err()).contains("2 fixes, 0 errors left");
    assertThat(java.nio.file.Files.readString(out))
        .doesNotContain("read_repair_chance")
        .contains("'compaction_window_unit': 'HOURS'");
    assertThat(java.nio.file.Files.readString(file))
        .as("the input is left alone")
        .isEqualTo(before);
    assertThat(run("validate", out.toString()).exit()).isZero();
  }

  @Test
  void filesThatCannotBeReadSayWhyAndABugSaysWhatToReport() throws Exception {
    Path latin1 = dir.resolve("latin1.cql");
    java.nio.file.Files.write(
        latin1,
        "CREATE TABLE ks.t (k int PRIMARY KEY) WITH comment = 'caf\u00e9';\n"
            .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    Run notUtf8 = run("validate", latin1.toString());
    assertThat(notUtf8.exit()).isEqualTo(2);
    assertThat(notUtf8.err()).contains(latin1 + ":1:58: not UTF-8 text");
    Path utf16 = dir.resolve("utf16.cql");
    byte[] body =
        "CREATE TABLE ks.t (k int PRIMARY KEY);\n"
            .getBytes(java.nio.charset.StandardCharsets.UTF_16LE);
    byte[] withBom = new byte[body.length + 2];
    withBom[0] = (byte) 0xff;
    withBom[1] = (byte) 0xfe;
    System.arraycopy(body, 0, withBom, 2, body.length);
    java.nio.file.Files.write(utf16, withBom);
    assertThat(run("validate", utf16.toString()).err())
        .contains(": 1 table, 0 errors, 1 warning\n");
    assertThat(run("validate", dir.toString()).err()).contains(dir + ": a directory, not a file");
    assertThat(run("validate", dir.resolve("nope.cql").toString()).err())
        .contains("nope.cql: no such file");

    java.io.StringWriter err = new java.io.StringWriter();
    KstudioCommand.internalError(
        new java.io.PrintWriter(err), new IllegalStateException("boom"), "validate", "x.cql");
    assertThat(err.toString().lines())
        .hasSize(2)
        .first()
        .asString()
        .startsWith("kstudio: internal error: IllegalStateException: boom");
    assertThat(err.toString()).contains("kstudio validate x.cql");
  }
}
