package org.keyspacestudio.model.edit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;

class DocumentTest {

  private static final ElementRef T =
      ElementRef.table(CqlIdentifier.of("ks"), CqlIdentifier.of("t"));

  private static Document document() {
    return new Document(
        new Project(CqlImporter.read("CREATE TABLE ks.t (k int PRIMARY KEY);", "t").schema()),
        null);
  }

  @Test
  void aMoveIsOneStepThatUndoAndRedoWalkThrough() {
    Document doc = document();
    AtomicInteger changes = new AtomicInteger();
    doc.addListener(changes::incrementAndGet);
    assertThat(doc.perform(Edits.moveBoxes(Map.of(T, new Point(100, 40))))).isTrue();
    assertThat(doc.project().diagram().position(T)).isEqualTo(new Point(100, 40));
    assertThat(doc.isDirty()).isTrue();
    assertThat(doc.undoDescription()).isEqualTo("Move ks.t");

    assertThat(doc.undo()).isTrue();
    assertThat(doc.project().diagram().position(T)).isNull();
    assertThat(doc.isDirty()).as("back where it was saved").isFalse();
    assertThat(doc.redo()).isTrue();
    assertThat(doc.project().diagram().position(T)).isEqualTo(new Point(100, 40));
    assertThat(changes.get()).isEqualTo(3);
  }

  @Test
  void anEditThatChangesNothingAddsNoStepAndANewEditClearsRedo() {
    Document doc = document();
    doc.perform(Edits.level(Diagram.Level.PHYSICAL));
    assertThat(doc.undoDescription()).isNull();
    doc.perform(Edits.level(Diagram.Level.LOGICAL));
    doc.undo();
    assertThat(doc.redoDescription()).isEqualTo("Show logical model");
    doc.perform(Edits.moveBoxes(Map.of(T, new Point(1, 1))));
    assertThat(doc.redoDescription()).isNull();
  }

  @Test
  void savingMakesTheDocumentCleanUntilTheNextEdit() {
    Document doc = document();
    doc.perform(Edits.moveBoxes(Map.of(T, new Point(5, 5))));
    doc.markSaved(Path.of("model.json"));
    assertThat(doc.isDirty()).isFalse();
    assertThat(doc.file()).isEqualTo(Path.of("model.json"));
    doc.undo();
    assertThat(doc.isDirty()).as("undoing past the save changes the saved project").isTrue();
  }

  @Test
  void deletingATableTakesItsIndexesViewsPositionAndArrowsAndUndoBringsThemBack() {
    var schema =
        CqlImporter.read(
                "CREATE TABLE ks.t (k int, c int, v text, PRIMARY KEY (k, c));"
                    + " CREATE INDEX ON ks.t (v);"
                    + " CREATE MATERIALIZED VIEW ks.mv AS SELECT * FROM ks.t WHERE c IS NOT NULL"
                    + " AND k IS NOT NULL PRIMARY KEY (c, k);"
                    + " CREATE TABLE ks.u (k int PRIMARY KEY);",
                "d")
            .schema();
    ElementRef u = ElementRef.table(CqlIdentifier.of("ks"), CqlIdentifier.of("u"));
    var diagram =
        new Diagram(
            Diagram.Level.PHYSICAL,
            Map.of(T, new Point(0, 0), u, new Point(300, 0)),
            java.util.List.of(
                new org.keyspacestudio.model.diagram.QueryArrow("Q1", null, T),
                new org.keyspacestudio.model.diagram.QueryArrow("Q2", T, u)));
    Document doc = new Document(new Project(schema, diagram), null);
    Project before = doc.project();
    doc.perform(Edits.delete(java.util.Set.of(T)));
    var ks = doc.project().schema().keyspaces().get(0);
    assertThat(ks.tables()).extracting(t -> t.name().asInternal()).containsExactly("u");
    assertThat(ks.indexes()).isEmpty();
    assertThat(ks.views()).isEmpty();
    assertThat(doc.project().diagram().positions()).containsOnlyKeys(u);
    // Q1 went with T; u still answers Q2, which now enters it.
    assertThat(doc.project().diagram().arrows())
        .containsExactly(new org.keyspacestudio.model.diagram.QueryArrow("Q2", null, u));
    doc.undo();
    assertThat(doc.project()).isEqualTo(before);
  }

  @Test
  void whatIsPlacedRightAfterAnEditIsPartOfItsStep() {
    Document doc = document();
    Project before = doc.project();
    doc.perform(Edits.addArrow("Q1", null, T));
    Project placed =
        doc.project()
            .withDiagram(doc.project().diagram().withPositions(Map.of(T, new Point(640, 80))));
    doc.amendLastStep(placed);
    assertThat(doc.project()).isSameAs(placed);
    assertThat(doc.undoDescription()).isEqualTo("Add query arrow Q1");
    doc.undo();
    assertThat(doc.project()).isEqualTo(before);
    // Redo comes back with the place, not the edit's project before it.
    doc.redo();
    assertThat(doc.project()).isSameAs(placed);
  }

  @Test
  void queryArrowsAreAddedRelabelledAndDeletedAsSteps() {
    Document doc = document();
    assertThat(Edits.nextQueryLabel(doc.project().diagram())).isEqualTo("Q1");
    doc.perform(Edits.addArrow("Q1", null, T));
    doc.perform(Edits.addArrow(Edits.nextQueryLabel(doc.project().diagram()), T, T));
    assertThat(doc.project().diagram().arrows())
        .extracting(org.keyspacestudio.model.diagram.QueryArrow::label)
        .containsExactly("Q1", "Q2");
    doc.perform(Edits.relabelArrow(1, "Q7: videos of a user"));
    assertThat(Edits.nextQueryLabel(doc.project().diagram())).isEqualTo("Q8");
    doc.perform(Edits.deleteArrow(0));
    assertThat(doc.project().diagram().arrows()).hasSize(1);
    doc.undo();
    assertThat(doc.project().diagram().arrows()).hasSize(2);
  }

  @Test
  void keyspacesAnEditCreatesGetTheChosenReplicationInTheSameStep() {
    java.util.TreeMap<String, String> dcs = new java.util.TreeMap<>();
    dcs.put("dc1", "3");
    dcs.put("dc2", "2");
    var chosen =
        new org.keyspacestudio.model.schema.KeyspaceDefinition(
            new org.keyspacestudio.model.schema.Replication("NetworkTopologyStrategy", dcs), true);
    Document doc =
        new Document(
            new Project(
                CqlImporter.read(
                        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
                            + " 'replication_factor': 1};\nCREATE TABLE ks.t (k int PRIMARY KEY);",
                        "t")
                    .schema()),
            null);
    doc.defineNewKeyspacesAs(chosen);
    var before = doc.project().schema().keyspace(CqlIdentifier.of("ks")).orElseThrow().definition();

    doc.perform(SchemaEdits.addTable(CqlIdentifier.of("shop"), "orders", new Point(0, 0)));
    assertThat(doc.project().schema().keyspace(CqlIdentifier.of("shop")).orElseThrow().definition())
        .isEqualTo(chosen);
    doc.perform(SchemaEdits.addTable(CqlIdentifier.of("ks"), "more", new Point(0, 0)));
    assertThat(doc.project().schema().keyspace(CqlIdentifier.of("ks")).orElseThrow().definition())
        .as("a keyspace the model had keeps its replication")
        .isEqualTo(before);

    doc.undo();
    doc.undo();
    assertThat(doc.project().schema().keyspace(CqlIdentifier.of("shop")))
        .as("one undo step took the keyspace and its table")
        .isEmpty();
  }

  @Test
  void aTableAnEntityAndATaskDeletedTogetherAreOneUndoStep() {
    Document doc = document();
    doc.perform(ConceptualEdits.addEntity("Video", false, new Point(0, 0)));
    doc.perform(WorkflowEdits.addTask("Watch", new Point(0, 0)));
    Project before = doc.project();
    ElementRef entity = ElementRef.entity(before.conceptual().entities().get(0).name());
    ElementRef task = ElementRef.task(before.workflow().tasks().get(0).name());

    doc.perform(
        Document.Edit.all(
            "Delete 3 elements",
            java.util.List.of(
                Edits.delete(java.util.Set.of(T)),
                ConceptualEdits.delete(java.util.Set.of(entity)),
                WorkflowEdits.delete(java.util.Set.of(task)))));
    assertThat(doc.project().schema().keyspace(CqlIdentifier.of("ks")).orElseThrow().tables())
        .isEmpty();
    assertThat(doc.project().conceptual().entities()).isEmpty();
    assertThat(doc.project().workflow().tasks()).isEmpty();
    assertThat(doc.undoDescription()).isEqualTo("Delete 3 elements");

    doc.undo();
    assertThat(doc.project()).isEqualTo(before);
  }
}
