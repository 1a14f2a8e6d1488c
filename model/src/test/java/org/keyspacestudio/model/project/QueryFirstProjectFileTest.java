package org.keyspacestudio.model.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.Cardinality;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.IsA;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.Layout;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.Task;
import org.keyspacestudio.model.workflow.Transition;
import org.keyspacestudio.model.workflow.Workflow;

/** Format version 3: the conceptual model, the workflow and their layouts, and damaged files. */
class QueryFirstProjectFileTest {

  @TempDir Path dir;

  static Project sample() {
    Entity sensor =
        new Entity(
            "Sensor",
            false,
            List.of(
                Attribute.simple("id", "uuid"),
                new Attribute(
                    "location",
                    Attribute.Kind.COMPOSITE,
                    "",
                    List.of(Attribute.simple("latitude", "float"))),
                Attribute.multiValued("tags", "text")),
            List.of(Key.of(AttributeRef.parse("Sensor.id"))));
    Entity reading =
        new Entity(
            "Temperature",
            true,
            List.of(Attribute.simple("timestamp", "timestamp"), Attribute.simple("value", "float")),
            List.of(
                Key.of(
                    AttributeRef.parse("Sensor.id"), AttributeRef.parse("Temperature.timestamp"))));
    Entity special = Entity.named("Thermometer");
    Relationship records =
        new Relationship(
            "records",
            true,
            List.of(
                new Relationship.End("Sensor", Cardinality.ONE, ""),
                new Relationship.End("Temperature", Cardinality.N, "reading")),
            List.of(),
            List.of());
    ConceptualModel conceptual =
        new ConceptualModel(
            List.of(sensor, reading, special),
            List.of(records),
            List.of(new IsA("kinds", "Sensor", List.of("Thermometer"), false)));
    Query q1 =
        new Query(
            "Q1",
            "Find temperatures of a sensor, newest first",
            List.of(
                new Query.Condition(AttributeRef.parse("Sensor.id"), Operator.EQ),
                new Query.Condition(AttributeRef.parse("Temperature.timestamp"), Operator.GE)),
            List.of(AttributeRef.parse("Temperature.value")),
            List.of(
                new Query.Ordering(
                    AttributeRef.parse("Temperature.timestamp"), ClusteringOrder.DESC)),
            Query.ResultSize.PARTITION);
    Workflow workflow =
        new Workflow(
            List.of(Task.named("Pick sensor"), new Task("Show readings", List.of("Q1"))),
            List.of(
                new Transition(null, "Pick sensor", List.of()),
                new Transition("Pick sensor", "Show readings", List.of("Q1"))),
            List.of(q1));
    return new Project(
        Schema.empty(),
        Diagram.empty(),
        conceptual,
        workflow,
        new Layout(
            Map.of(
                ElementRef.entity("Sensor"), new Point(10, 20),
                ElementRef.attribute("Sensor", "location.latitude"), new Point(5, -40))),
        new Layout(Map.of(ElementRef.task("Pick sensor"), new Point(0, 0))));
  }

  @Test
  void theConceptualModelTheWorkflowAndTheirLayoutsSurviveSaveAndLoad() throws Exception {
    Project project = sample();
    Path file = dir.resolve("sensors.kstudio");
    ProjectFile.write(project, file);
    assertThat(ProjectFile.read(file)).isEqualTo(project);
    String json = Files.readString(file);
    assertThat(json)
        .contains("\"formatVersion\" : " + ProjectFile.FORMAT_VERSION)
        .contains("\"kind\" : \"multi-valued\"")
        .contains("[ \"Sensor.id\", \"Temperature.timestamp\" ]")
        .contains("\"operator\" : \">=\"")
        .contains("\"from\" : null");
    assertThat(ProjectFile.toJson(ProjectFile.fromJson(json, null)))
        .as("the same bytes when saved again (stable under git)")
        .isEqualTo(json);
  }

  @Test
  void anEmptyNameInTheConceptualModelOrWorkflowIsRefusedWithWhere() throws Exception {
    String json = ProjectFile.toJson(sample());
    String name = sample().conceptual().entities().get(0).name();
    String broken = json.replaceFirst("\"name\" : \"" + name + "\"", "\"name\" : \"\"");
    assertThat(broken).isNotEqualTo(json);
    // An element is found by its name: read, it would name nothing the checks could point at.
    assertThatThrownBy(() -> ProjectFile.fromJson(broken, Path.of("p.kstudio")))
        .isInstanceOf(ProjectFileException.class)
        .hasMessageContaining(
            "conceptual.entities[0].name: expected a name, found an empty string");
  }

  @Test
  void aVersionTwoProjectGetsAnEmptyConceptualModelAndWorkflow() throws Exception {
    String v2 =
        "{\"format\": \"keyspace-studio-project\", \"formatVersion\": 2,"
            + " \"schema\": {\"keyspaces\": [], \"otherStatements\": []},"
            + " \"diagram\": {\"level\": \"LOGICAL\", \"positions\": [], \"arrows\": []}}";
    Project project = ProjectFile.fromJson(v2, null);
    assertThat(project.diagram().level()).isEqualTo(Diagram.Level.LOGICAL);
    assertThat(project.conceptual()).isEqualTo(ConceptualModel.empty());
    assertThat(project.workflow()).isEqualTo(Workflow.empty());
    assertThat(project.conceptualLayout()).isEqualTo(Layout.empty());
  }

  @Test
  void theKillrVideoExampleReadsWithoutProblemsButTheBucketWarning() throws Exception {
    Project example = ProjectFile.read(Path.of("../examples/killrvideo.kstudio"));
    assertThat(example.conceptual().entities())
        .extracting(Entity::name)
        .containsExactly("User", "Video", "Comment", "Rating");
    assertThat(example.workflow().queries()).hasSizeGreaterThanOrEqualTo(8);
    assertThat(ProjectChecks.validate(example))
        .extracting(p -> p.rule().id())
        .containsExactly("QUERY-NO-EQUALITY");
  }

  private static String withSchema(String schema) {
    return "{\"format\": \"keyspace-studio-project\", \"formatVersion\": 2,\n"
        + " \"schema\": "
        + schema
        + ",\n"
        + " \"diagram\": {\"level\": \"LOGICAL\", \"positions\": [], \"arrows\": []}}";
  }

  @Test
  void aSchemaOfTheWrongShapeIsRefusedWithWhereAndWhatWasExpected() {
    assertThatThrownBy(() -> ProjectFile.fromJson(withSchema("\"x\""), Path.of("p.kstudio")))
        .isInstanceOf(ProjectFileException.class)
        .hasMessage(
            "p.kstudio:2:12: schema: expected an object, found a string; the file was not opened");
    assertThatThrownBy(
            () ->
                ProjectFile.fromJson(
                    withSchema("{\"keyspaces\": {}, \"otherStatements\": []}"), null))
        .hasMessageContaining("schema.keyspaces: expected an array, found an object");
  }

  @Test
  void aKeyspaceWithoutItsIndexesIsRefusedNotReadWithoutThem() {
    String keyspace =
        "{\"keyspaces\": [{\"name\": \"ks\", \"types\": [], \"tables\": [], \"views\": []}],"
            + " \"otherStatements\": []}";
    assertThatThrownBy(() -> ProjectFile.fromJson(withSchema(keyspace), null))
        .isInstanceOf(ProjectFileException.class)
        .hasMessageContaining("schema.keyspaces[0]: missing \"indexes\"")
        .satisfies(e -> assertThat(((ProjectFileException) e).line()).isEqualTo(2));
  }

  @Test
  void trailingGarbageAndASecondDocumentAreRefused() throws Exception {
    String good = ProjectFile.toJson(sample());
    assertThatThrownBy(() -> ProjectFile.fromJson(good + "garbage", null))
        .isInstanceOf(ProjectFileException.class);
    assertThatThrownBy(() -> ProjectFile.fromJson(good + good, null))
        .isInstanceOf(ProjectFileException.class);
  }

  @Test
  void badValuesInTheConceptualModelAndWorkflowSayWhichAndWhere() {
    String good = ProjectFile.toJson(sample());
    assertThatThrownBy(
            () -> ProjectFile.fromJson(good.replace("\"multi-valued\"", "\"many\""), null))
        .hasMessageContaining("conceptual.entities[0].attributes[2].kind: unknown value \"many\"")
        .hasMessageContaining("simple, multi-valued, composite");
    assertThatThrownBy(() -> ProjectFile.fromJson(good.replace("\">=\"", "\"~\""), null))
        .hasMessageContaining("workflow.queries[0].given[1].operator: unknown value \"~\"");
    assertThatThrownBy(
            () ->
                ProjectFile.fromJson(
                    good.replace("\"Temperature.value\"", "\"Temperature value\""), null))
        .hasMessageContaining("workflow.queries[0].returns[0]")
        .hasMessageContaining("expected Entity.attribute");
    assertThatThrownBy(
            () -> ProjectFile.fromJson(good.replace("\"x\" : 10.0", "\"x\" : \"10\""), null))
        .hasMessageContaining("layouts.conceptual[1].x: expected a number, found a string");
  }

  @Test
  void aLocationIsFoundForEveryKindOfPointer() {
    String json = "{\n \"a\": [1,\n  {\"b\": \"x\"}],\n \"c\": {}\n}";
    assertThat(JsonLocator.locate(json, "/a/1/b")).containsExactly(3, 9);
    assertThat(JsonLocator.locate(json, "/a/1")).containsExactly(3, 3);
    assertThat(JsonLocator.locate(json, "/a")).containsExactly(2, 7);
    assertThat(JsonLocator.locate(json, "/c")).containsExactly(4, 7);
    assertThat(JsonLocator.locate(json, "")).containsExactly(1, 1);
  }

  @Test
  void theMappingSurvivesSaveAndLoadAndAVersionThreeFileHasNone() throws Exception {
    Project mapped =
        new org.keyspacestudio.model.edit.Document(
                ProjectFile.read(Path.of("../examples/killrvideo.kstudio")), null)
            .project();
    var doc = new org.keyspacestudio.model.edit.Document(mapped, null);
    doc.perform(
        org.keyspacestudio.model.edit.MappingEdits.mapAll(
            org.keyspacestudio.model.cql.CqlIdentifier.of("killr_video")));
    Project project = doc.project();
    assertThat(project.mapping().tables()).hasSize(9);
    String json = ProjectFile.toJson(project);
    assertThat(ProjectFile.fromJson(json, null)).isEqualTo(project);
    assertThat(json).contains("\"sources\" : {").contains("\"generated\" : {");
    String v3 =
        json.replace("\"formatVersion\" : " + ProjectFile.FORMAT_VERSION, "\"formatVersion\" : 3")
            .replaceAll("(?s),\\s*\"mapping\" : \\{.*\\}\\s*\\}\\s*$", "\n}\n");
    assertThat(v3).doesNotContain("\"mapping\"");
    assertThat(ProjectFile.fromJson(v3, null).mapping().tables()).isEmpty();
  }

  @Test
  void sizingFiguresSurviveSaveAndLoadAVersionFourFileHasNoneAndBadFiguresAreRefused()
      throws Exception {
    ElementRef table =
        ElementRef.table(
            org.keyspacestudio.model.cql.CqlIdentifier.of("ks"),
            org.keyspacestudio.model.cql.CqlIdentifier.of("t"));
    var sizing =
        org.keyspacestudio.model.sizing.SizingInputs.empty()
            .withInstances("Sensor", 5_000L)
            .with(
                org.keyspacestudio.model.sizing.TableSizing.none(table)
                    .withRowsPerPartition(250L)
                    .withBuckets(4L)
                    .withColumnBytes("note", 300));
    Project project = sample().withSizing(sizing);
    String json = ProjectFile.toJson(project);
    assertThat(ProjectFile.fromJson(json, null)).isEqualTo(project);
    assertThat(json)
        .contains("\"Sensor\" : 5000")
        .contains("\"rowsPerPartition\" : 250")
        .contains("\"partitions\" : null");

    String v4 =
        json.replace("\"formatVersion\" : " + ProjectFile.FORMAT_VERSION, "\"formatVersion\" : 4")
            .replaceAll("(?s),\\s*\"sizing\" : \\{.*\\}\\s*\\}\\s*$", "\n}\n");
    assertThat(v4).doesNotContain("\"sizing\"").contains("\"mapping\"");
    assertThat(ProjectFile.fromJson(v4, null).sizing())
        .isEqualTo(org.keyspacestudio.model.sizing.SizingInputs.empty());

    assertThatThrownBy(
            () ->
                ProjectFile.fromJson(
                    json.replace("\"rowsPerPartition\" : 250", "\"rowsPerPartition\" : 0"), null))
        .hasMessageContaining(
            "sizing.tables[0].rowsPerPartition: expected a whole number, at least 1");
    assertThatThrownBy(
            () -> ProjectFile.fromJson(json.replace("\"Sensor\" : 5000", "\"Sensor\" : 1.5"), null))
        .hasMessageContaining("sizing.instances.Sensor: expected a whole number, at least 1");
    assertThatThrownBy(
            () -> ProjectFile.fromJson(json.replace("\"note\" : 300", "\"note\" : -1"), null))
        .hasMessageContaining(
            "sizing.tables[0].columnBytes.note: expected a whole number of bytes");
    assertThatThrownBy(() -> ProjectFile.fromJson(json.replace("\"partitions\" : null,", ""), null))
        .hasMessageContaining("sizing.tables[0]: missing \"partitions\"");
  }
}
