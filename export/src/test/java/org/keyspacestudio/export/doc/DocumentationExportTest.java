package org.keyspacestudio.export.doc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.MappingEdits;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;

/** The documentation page of the KillrVideo example, mapped: what a reviewer reads in it. */
class DocumentationExportTest {

  private static Project mapped() throws Exception {
    Document doc = new Document(ProjectFile.read(Path.of("../examples/killrvideo.kstudio")), null);
    doc.perform(MappingEdits.mapAll(CqlIdentifier.of("killr_video")));
    return doc.project();
  }

  private static int count(String text, String part) {
    return text.split(Pattern.quote(part), -1).length - 1;
  }

  @Test
  void theHtmlPageHoldsTheDiagramsEveryTableItsSelectsSizesAndCqlInOneFile() throws Exception {
    Project project = mapped();
    String html = DocumentationExport.html(project, "KillrVideo");
    assertThat(html).startsWith("<!DOCTYPE html>").contains("<title>KillrVideo</title>");
    // The four diagrams, inline SVG scaled to the page; no XML prolog inside the HTML.
    assertThat(count(html, "<svg viewBox=")).isEqualTo(4);
    assertThat(html).doesNotContain("<?xml").doesNotContain("<!DOCTYPE svg");
    // Nothing is fetched from elsewhere: images are inline.
    assertThat(html).doesNotContain("src=\"images/").doesNotContain("src=\"http");
    // Every table: its heading, its CQL, its partition size; plots for tables with clustering.
    assertThat(count(html, "CREATE TABLE killr_video.")).isEqualTo(9);
    assertThat(count(html, "<strong>Partition size</strong>")).isEqualTo(9);
    assertThat(count(html, "data:image/png;base64,")).isEqualTo(6);
    assertThat(html)
        .contains("SELECT password, user_id FROM killr_video.users_by_email WHERE email = ?;")
        .contains("one per User (1,000,000 User)")
        .contains("<code>SIZE-VALUES</code> killr_video.latest_videos: a partition is expected");
    // The queries' table, with the table that answers each.
    assertThat(html).contains("<td>Q3</td>").contains("<code>killr_video.videos_by_user</code> ✓");
    // The same project gives the same page.
    assertThat(DocumentationExport.html(project, "KillrVideo")).isEqualTo(html);
  }

  @Test
  void theMarkdownLinksEachImageItHandsBack() throws Exception {
    DocumentationExport.Markdown md = DocumentationExport.markdown(mapped(), "KillrVideo", "kv");
    assertThat(md.images()).hasSize(4 + 6);
    for (DocumentationExport.Image image : md.images()) {
      assertThat(md.text()).contains("](kv/" + image.name() + ")");
      assertThat(image.bytes()).isNotEmpty();
    }
    assertThat(new String(md.images().get(0).bytes(), StandardCharsets.UTF_8)).contains("<svg");
    assertThat(md.text())
        .contains("| `posted_timestamp` | `timestamp` | C↓ | Comment.posted\\_timestamp |")
        .contains("```sql\nCREATE TABLE killr_video.comments_by_video (");
    // What a new Video writes, and a new title, each copy's rows found.
    assertThat(md.text())
        .contains("- [Writes](#writes)")
        .contains("**Insert a Video**: 9 statements into 5 tables, 8.07 KiB.")
        .contains("- `killr_video.videos_by_tag`: insert, once per value of Video.tags\n")
        .contains(
            "- `killr_video.comments_by_user`: update, for each Comment, read from"
                + " `killr_video.comments_by_video`")
        .contains("```sql\nBEGIN BATCH\n  INSERT INTO killr_video.latest_videos");
  }

  @Test
  void aSchemaWithoutQueriesOrModelsStillDocumentsItsTablesAndEscapesMarkup() throws Exception {
    Project project =
        new Project(
            CqlImporter.read(
                    "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
                        + " 'replication_factor': 3};\n"
                        + "-- Orders | by *customer*\n"
                        + "CREATE TABLE ks.orders (customer int, at timestamp, total decimal,"
                        + " PRIMARY KEY (customer, at));",
                    "s.cql")
                .schema());
    DocumentationExport.Markdown md = DocumentationExport.markdown(project, "shop_v2", "img");
    assertThat(md.text())
        .startsWith("# shop\\_v2")
        .contains("The workflow has no queries.")
        .contains("No table is mapped from the queries yet: the writes follow from the mapping.")
        .contains("Orders | by \\*customer\\*")
        .contains("| Rows per partition | 100 | assumed: ")
        .contains("St × partitions × replication factor 3");
    String html = DocumentationExport.html(project, "shop <v2>");
    assertThat(html)
        .contains("<title>shop &lt;v2&gt;</title>")
        .contains("Orders | by *customer*")
        .doesNotContain("<em>customer</em>");
  }

  @Test
  void aMaterializedViewHasASectionWithItsQueryItsPartitionsAndItsCql() throws Exception {
    Project tables =
        new Project(
            CqlImporter.read(
                    "CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy',"
                        + " 'replication_factor': 1};\n"
                        + "CREATE TABLE shop.users (user_id uuid PRIMARY KEY, country text,"
                        + " name text);\n"
                        + "CREATE MATERIALIZED VIEW shop.users_by_country AS SELECT * FROM"
                        + " shop.users WHERE country IS NOT NULL AND user_id IS NOT NULL"
                        + " PRIMARY KEY (country, user_id);\n",
                    "s.cql")
                .schema());
    Document doc = new Document(tables, null);
    doc.perform(org.keyspacestudio.model.edit.ReverseEdits.recover(CqlIdentifier.of("shop")));
    DocumentationExport.Markdown md = DocumentationExport.markdown(doc.project(), "shop", "img");
    String view =
        md.text()
            .substring(
                md.text()
                    .indexOf("### shop.users\\_by\\_country (materialized view of shop.users)\n"));
    assertThat(view)
        .contains("| `country` | `text` | K | User.country |")
        .contains("- Q2: Find User by country (view users\\_by\\_country) ✓")
        .contains("SELECT user_id, name FROM shop.users_by_country WHERE country = ?;")
        .contains("**Partition size**")
        .contains("CREATE MATERIALIZED VIEW shop.users_by_country AS");
    assertThat(md.images())
        .extracting(DocumentationExport.Image::name)
        .contains("size-shop.users_by_country.png");
    assertThat(md.text())
        .contains(
            "> The node writes users\\_by\\_country, a materialized view of users, itself: the"
                + " application writes nothing more");
  }

  @Test
  void eachTableListsTheScriptSelectsThatReadItWithCassandrasVerdict() throws Exception {
    Project project =
        new Project(
            CqlImporter.read(
                    "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
                        + " 'replication_factor': 1};\n"
                        + "CREATE TABLE ks.orders (customer int, at timestamp, total decimal,"
                        + " PRIMARY KEY (customer, at));\n"
                        + "SELECT * FROM ks.orders WHERE customer = ? AND at > ?;\n"
                        + "SELECT * FROM ks.orders WHERE total > 100;\n",
                    "s.cql")
                .schema());
    String md = DocumentationExport.markdown(project, "shop", "img").text();
    assertThat(md)
        .contains("**The script's SELECTs that read it**")
        .contains(
            "- Statement 1 ✓\n\n  ```sql\n  SELECT * FROM ks.orders WHERE customer = ? AND at > ?;")
        .contains("- Statement 2 ✗ refused")
        .contains("`SUPPORT-FILTERING` total is not in the primary key");
  }

  @Test
  void eachTableListsTheScriptWritesToItWithCassandrasVerdict() throws Exception {
    Project project =
        new Project(
            CqlImporter.read(
                    "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
                        + " 'replication_factor': 1};\n"
                        + "CREATE TABLE ks.orders (customer int, at timestamp, total decimal,"
                        + " PRIMARY KEY (customer, at));\n"
                        + "INSERT INTO ks.orders (customer, at, total) VALUES (?, ?, ?);\n"
                        + "BEGIN BATCH\n"
                        + "  UPDATE ks.orders SET total = ? WHERE customer = ?;\n"
                        + "APPLY BATCH;\n",
                    "s.cql")
                .schema());
    String md = DocumentationExport.markdown(project, "shop", "img").text();
    assertThat(md)
        .contains("**The script's writes to it**")
        .contains(
            "- Statement 1 ✓\n\n  ```sql\n  INSERT INTO ks.orders (customer, at, total) VALUES (?,"
                + " ?, ?);")
        .contains("- Statement 2 ✗ refused\n\n  ```sql\n  BEGIN BATCH\n    UPDATE ks.orders")
        .contains(
            "`DML-KEY` BATCH, its 1st statement (UPDATE of ks.orders): Some clustering keys"
                + " are missing: at");
  }
}
