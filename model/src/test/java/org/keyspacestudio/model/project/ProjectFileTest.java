package org.keyspacestudio.model.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.keyspacestudio.model.Corpus;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.schema.Schema;

class ProjectFileTest {

  @TempDir Path dir;

  @Test
  void everyCorpusSchemaSurvivesSaveAndLoad() throws Exception {
    for (Path file : Corpus.files()) {
      Schema schema = CqlImporter.readFiles(List.of(file)).schema();
      Path project = dir.resolve(file.getFileName() + ".json");
      ProjectFile.write(new Project(schema), project);
      assertThat(ProjectFile.read(project).schema()).as("%s", file).isEqualTo(schema);
    }
  }

  @Test
  void savingTheSameModelTwiceGivesTheSameBytes() throws Exception {
    Schema schema =
        CqlImporter.read(
                "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
                    + " 'replication_factor': 3}; CREATE TABLE ks.t (k int, c text, v map<text,"
                    + " frozen<list<int>>>, PRIMARY KEY (k, c)) WITH CLUSTERING ORDER BY (c DESC)"
                    + " AND comment = 'x' AND gc_grace_seconds = 10;",
                "t")
            .schema();
    String first = ProjectFile.toJson(new Project(schema));
    assertThat(ProjectFile.toJson(ProjectFile.fromJson(first, null))).isEqualTo(first);
    assertThat(first)
        .contains("\"formatVersion\" : " + ProjectFile.FORMAT_VERSION)
        .contains("\"type\" : \"map<text, frozen<list<int>>>\"");
  }

  @Test
  void aDamagedFileIsReportedWithLineAndColumnAndLeftUntouched() throws IOException {
    Path file = dir.resolve("broken.json");
    String text =
        "{\n  \"format\": \"keyspace-studio-project\",\n  \"formatVersion\": 1,\n  oops\n}";
    Files.writeString(file, text);
    assertThatThrownBy(() -> ProjectFile.read(file))
        .isInstanceOf(ProjectFileException.class)
        .hasMessageStartingWith(file + ":4:")
        .satisfies(e -> assertThat(((ProjectFileException) e).line()).isEqualTo(4));
    assertThat(Files.readString(file)).isEqualTo(text);
  }

  @Test
  void aCustomIndexWithoutTargetsSurvivesSaveAndLoad() throws Exception {
    // Found by the fuzz test: the model holds it (validation reports it), the reader refused it.
    Schema schema =
        CqlImporter.read(
                "CREATE TABLE ks.t (k int PRIMARY KEY, v text);\n"
                    + "CREATE CUSTOM INDEX i ON ks.t () USING 'StorageAttachedIndex';",
                "t.cql")
            .schema();
    assertThat(schema.keyspaces().get(0).indexes().get(0).targets()).isEmpty();
    Project project = new Project(schema);
    assertThat(ProjectFile.fromJson(ProjectFile.toJson(project), null)).isEqualTo(project);
  }

  @Test
  void aPositionFarOutsideAnyDiagramIsRefusedAndTheEditorCannotMakeOne() throws Exception {
    String json =
        ProjectFile.toJson(
            new Project(
                CqlImporter.read("CREATE TABLE ks.t (k int PRIMARY KEY);", "t").schema(),
                new org.keyspacestudio.model.diagram.Diagram(
                    org.keyspacestudio.model.diagram.Diagram.Level.PHYSICAL,
                    java.util.Map.of(
                        org.keyspacestudio.model.schema.ElementRef.table(
                            org.keyspacestudio.model.cql.CqlIdentifier.of("ks"),
                            org.keyspacestudio.model.cql.CqlIdentifier.of("t")),
                        new org.keyspacestudio.model.diagram.Point(1e300, -5)),
                    List.of())));
    // The editor's points stop at the limit, and a file holding one at the limit is read.
    assertThat(json).contains("\"x\" : 1.0E8");
    assertThat(ProjectFile.fromJson(json, null)).isNotNull();
    assertThatThrownBy(() -> ProjectFile.fromJson(json.replace("1.0E8", "1e300"), null))
        .isInstanceOf(ProjectFileException.class)
        .hasMessageContaining(":35:13: diagram.positions[0].x:")
        .hasMessageContaining("within 100,000,000 pixels");
  }

  @Test
  void aFileFromANewerVersionIsRefusedWithAClearMessage() throws IOException {
    Path file = dir.resolve("future.json");
    Files.writeString(
        file, "{\"format\": \"keyspace-studio-project\", \"formatVersion\": 99, \"schema\": {}}");
    assertThatThrownBy(() -> ProjectFile.read(file))
        .isInstanceOf(ProjectFileException.class)
        .hasMessageContaining("newer Keyspace Studio")
        .hasMessageContaining("format version 99");
  }

  @Test
  void somethingThatIsNotAProjectIsRefused() {
    assertThatThrownBy(() -> ProjectFile.fromJson("{\"tables\": []}", null))
        .isInstanceOf(ProjectFileException.class)
        .hasMessageContaining("not a Keyspace Studio project");
  }

  @Test
  void aSaveCleansUpWhatAKilledSaveLeftBehindButNotASaveInProgress() throws Exception {
    Path file = dir.resolve("model.kstudio");
    Path stale = dir.resolve(".model.kstudio.123456.tmp");
    Path inProgress = dir.resolve(".model.kstudio.654321.tmp");
    Path other = dir.resolve(".other.kstudio.1.tmp");
    for (Path p : List.of(stale, inProgress, other)) {
      Files.writeString(p, "half a project");
    }
    Files.setLastModifiedTime(
        stale, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
    Files.setLastModifiedTime(
        other, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
    ProjectFile.write(new Project(Schema.empty()), file);
    assertThat(stale).doesNotExist();
    assertThat(inProgress).as("perhaps another save, a moment ago").exists();
    assertThat(other).as("another file's").exists();
    assertThat(ProjectFile.read(file)).isEqualTo(new Project(Schema.empty()));
  }

  @Test
  void whateverAModelHoldsIsReadBackNoMatterHowLongItsNames() throws Exception {
    String longName = "x".repeat(60_000);
    var read =
        org.keyspacestudio.model.parse.CqlImporter.read(
            "CREATE TABLE ks.t (k int PRIMARY KEY) WITH " + longName + " = 1;", "long.cql");
    Project project = new Project(read.schema());
    assertThat(ProjectFile.fromJson(ProjectFile.toJson(project), null)).isEqualTo(project);
  }

  @Test
  void aFileThatIsNotUtf8IsRefusedWithWhereNotReadAsGarbage() throws Exception {
    Path file = dir.resolve("latin1.kstudio");
    Files.write(
        file,
        ProjectFile.toJson(new Project(Schema.empty()))
            .replace("\"keyspaces\"", "\"keyspaces\u00e9\"")
            .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    assertThatThrownBy(() -> ProjectFile.read(file))
        .isInstanceOf(TextFiles.NotTextException.class)
        .hasMessageContaining("latin1.kstudio:5:")
        .hasMessageContaining("not UTF-8 text");
  }

  @Test
  void saveReplacesTheFileAndLeavesNoTemporaryFileBehind() throws Exception {
    Path file = dir.resolve("model.json");
    Files.writeString(file, "old content");
    ProjectFile.write(new Project(Schema.empty()), file);
    assertThat(Files.readString(file)).contains("keyspace-studio-project");
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("model.json");
    }
    Path fresh = dir.resolve("fresh.json");
    ProjectFile.write(new Project(Schema.empty()), fresh);
    assertThat(
            java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(fresh)))
        .as("a new project is readable like any file the user saves")
        .isEqualTo("rw-r--r--");
  }

  @Test
  void aVersionOneProjectIsMigratedAndSavedAsTheCurrentVersion() throws Exception {
    String v1 =
        "{\"format\": \"keyspace-studio-project\", \"formatVersion\": 1, \"schema\": {"
            + "\"keyspaces\": [{\"name\": \"ks\", \"types\": [], \"tables\": [{\"name\": \"t\","
            + " \"columns\": [{\"name\": \"k\", \"type\": \"int\"}],"
            + " \"primaryKey\": {\"partitionKey\": [\"k\"], \"clustering\": []},"
            + " \"options\": {\"values\": {}}}], \"indexes\": [], \"views\": []}],"
            + " \"otherStatements\": []}}";
    Project project = ProjectFile.fromJson(v1, null);
    assertThat(project.schema().tableCount()).isEqualTo(1);
    assertThat(project.diagram()).isEqualTo(org.keyspacestudio.model.diagram.Diagram.empty());
    assertThat(ProjectFile.toJson(project))
        .contains("\"formatVersion\" : " + ProjectFile.FORMAT_VERSION)
        .contains("\"diagram\"")
        .contains("\"conceptual\"")
        .contains("\"workflow\"");
    assertThat(project.conceptual().isEmpty()).isTrue();
    assertThat(project.workflow().isEmpty()).isTrue();
  }

  @Test
  void diagramPositionsAndArrowsSurviveSaveAndLoad() throws Exception {
    var ks = org.keyspacestudio.model.cql.CqlIdentifier.of("ks");
    var a =
        org.keyspacestudio.model.schema.ElementRef.table(
            ks, org.keyspacestudio.model.cql.CqlIdentifier.of("a"));
    var b =
        org.keyspacestudio.model.schema.ElementRef.table(
            ks, org.keyspacestudio.model.cql.CqlIdentifier.of("B b"));
    var diagram =
        new org.keyspacestudio.model.diagram.Diagram(
            org.keyspacestudio.model.diagram.Diagram.Level.LOGICAL,
            java.util.Map.of(
                a, new org.keyspacestudio.model.diagram.Point(10, 20.5),
                b, new org.keyspacestudio.model.diagram.Point(300, 0)),
            List.of(
                new org.keyspacestudio.model.diagram.QueryArrow("Q1", null, a),
                new org.keyspacestudio.model.diagram.QueryArrow("Q2", a, b)));
    Project project = new Project(Schema.empty(), diagram);
    Path file = dir.resolve("d.json");
    ProjectFile.write(project, file);
    assertThat(ProjectFile.read(file)).isEqualTo(project);
  }
}
