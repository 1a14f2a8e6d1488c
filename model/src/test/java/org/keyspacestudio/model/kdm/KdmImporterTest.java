package org.keyspacestudio.model.kdm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.Cardinality;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.project.ModelFiles;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.project.ProjectFileException;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.workflow.Query;

/**
 * A KDM export of a sensor network (3 entities, 2 relationships, 4 queries, 3 generated tables),
 * written after {@code shared/notes/kdm-format.md}: what is read, and what is reported skipped.
 */
class KdmImporterTest {

  @TempDir Path dir;

  private static Path sample() throws Exception {
    return Path.of(KdmImporterTest.class.getResource("/kdm/sensor-network.xml").toURI());
  }

  @Test
  void theErModelIsReadWithItsKindsKeysCardinalitiesAndPositions() throws Exception {
    KdmImporter.Result result = KdmImporter.read(sample());
    var er = result.project().conceptual();
    assertThat(er.entities())
        .extracting(Entity::name)
        .containsExactly("Network", "Sensor", "Temperature");
    Entity network = er.entity("Network").orElseThrow();
    assertThat(network.attributes())
        .extracting(Attribute::name)
        .containsExactly("name", "description", "number of sensors");
    assertThat(network.keys())
        .as("from the underlined attribute")
        .containsExactly(Key.of(AttributeRef.parse("Network.name")));
    assertThat(er.entity("Sensor").get().attribute("characteristics").get().kind())
        .isEqualTo(Attribute.Kind.MULTI_VALUED);
    Entity temperature = er.entity("Temperature").orElseThrow();
    assertThat(temperature.weak()).isTrue();
    assertThat(temperature.keys())
        .as("from KEYS_JSON: the owner's key and the partial key")
        .containsExactly(
            Key.of(AttributeRef.parse("Sensor.id"), AttributeRef.parse("Temperature.timestamp")));
    Relationship has = er.relationship("has").orElseThrow();
    assertThat(has.identifying()).isFalse();
    assertThat(has.ends())
        .containsExactly(
            new Relationship.End("Network", Cardinality.ONE, ""),
            new Relationship.End("Sensor", Cardinality.N, ""));
    assertThat(er.relationship("records").get().identifying()).isTrue();
    assertThat(result.project().conceptualLayout().position(ElementRef.entity("Sensor")))
        .isEqualTo(new Point(440, 120));
    assertThat(
            result
                .project()
                .conceptualLayout()
                .position(ElementRef.attribute("Network", "number of sensors")))
        .isEqualTo(new Point(20, 200));
  }

  @Test
  void accessPatternsBecomeQueries() throws Exception {
    var queries = KdmImporter.read(sample()).project().workflow().queries();
    assertThat(queries).extracting(Query::id).containsExactly("Q1", "Q2", "Q3", "Q4");
    Query q2 = queries.get(1);
    assertThat(q2.description()).startsWith("Find raw measurements for a particular sensor");
    assertThat(q2.given())
        .containsExactly(
            new Query.Condition(AttributeRef.parse("Sensor.id"), Operator.EQ),
            new Query.Condition(AttributeRef.parse("Temperature.timestamp"), Operator.GT));
    assertThat(q2.orderBy())
        .containsExactly(
            new Query.Ordering(AttributeRef.parse("Temperature.timestamp"), ClusteringOrder.DESC));
    assertThat(queries.get(0).given().get(0).attribute())
        .as("the attribute inside nested DIVs")
        .isEqualTo(AttributeRef.parse("Network.name"));
    assertThat(queries.get(2).size()).isEqualTo(Query.ResultSize.MANY);
  }

  @Test
  void theChosenTablesBecomeTheLogicalModelWithTheirQueryArrows() throws Exception {
    Project project = KdmImporter.read(sample()).project();
    var ks = project.schema().keyspaces().get(0);
    assertThat(ks.name()).isEqualTo(CqlIdentifier.of("sensor_network"));
    assertThat(ks.tables())
        .extracting(t -> t.name().asInternal())
        .containsExactly("sensors_by_network", "temperatures_by_sensor", "networks");
    Table temps = ks.table(CqlIdentifier.of("temperatures_by_sensor")).orElseThrow();
    assertThat(temps.primaryKey().partitionKey()).containsExactly(CqlIdentifier.of("id"));
    assertThat(temps.primaryKey().clustering())
        .extracting(c -> c.name().asInternal() + " " + c.order())
        .containsExactly("timestamp DESC");
    Table sensors = ks.table(CqlIdentifier.of("sensors_by_network")).orElseThrow();
    assertThat(sensors.column(CqlIdentifier.of("characteristics")).get().type().asCql())
        .isEqualTo("set<text>");
    assertThat(project.diagram().arrows())
        .extracting(a -> a.label() + " -> " + a.to().object().asInternal())
        .containsExactly(
            "Q1 -> sensors_by_network", "Q2 -> temperatures_by_sensor", "Q3 -> networks");
  }

  @Test
  void whatIsSkippedOrGuessedIsSaid() throws Exception {
    List<String> notes = KdmImporter.read(sample()).notes();
    assertThat(notes)
        .anyMatch(n -> n.contains("Skipped the text 'Sensor network (KDM sample)'"))
        .anyMatch(n -> n.contains("Skipped line 32"))
        .anyMatch(
            n ->
                n.contains("Q2: Temperature.timestamp is searched by a range ('range'), read as >"))
        .anyMatch(n -> n.contains("Q1: 1 other table(s) KDM proposed were not imported"))
        .anyMatch(n -> n.contains("columns are text"))
        .anyMatch(n -> n.contains("no application workflow"));
  }

  @Test
  void theImportLoadsThroughModelFilesSavesAndReportsUnknownAttributes() throws Exception {
    ModelFiles.Loaded loaded = ModelFiles.load(List.of(sample()));
    assertThat(loaded.readProblems()).allMatch(p -> p.rule() == KdmRule.IMPORT_NOTE);
    assertThat(loaded.validationProblems())
        .anyMatch(
            p ->
                p.rule().id().equals("QUERY-ATTRIBUTE-UNKNOWN")
                    && p.message().contains("Network.region"));
    Path saved = dir.resolve("sensors.kstudio");
    ProjectFile.write(loaded.project(), saved);
    assertThat(ProjectFile.read(saved)).isEqualTo(loaded.project());
  }

  @Test
  void aFileThatIsNotWellFormedOrNotKdmSaysWhereAndWhy() throws Exception {
    Path broken = dir.resolve("broken.xml");
    Files.writeString(broken, "<KDMPROJECT>\n  <ERMODEL>\n    <mxCell id='2'\n</KDMPROJECT>");
    assertThatThrownBy(() -> ModelFiles.load(List.of(broken)))
        .isInstanceOf(ProjectFileException.class)
        .hasMessageStartingWith(broken + ":4:")
        .hasMessageContaining("not well-formed XML");
    Path other = dir.resolve("pom.xml");
    Files.writeString(other, "<project/>");
    assertThatThrownBy(() -> ModelFiles.load(List.of(other)))
        .hasMessageContaining("not a KDM project: the document is <project>");
    Path doctype = dir.resolve("evil.xml");
    Files.writeString(
        doctype,
        "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
            + "<KDMPROJECT>&e;</KDMPROJECT>");
    assertThatThrownBy(() -> ModelFiles.load(List.of(doctype)))
        .as("no DTDs, no external entities")
        .isInstanceOf(ProjectFileException.class);
  }
}
