package org.keyspacestudio.export.diagram;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.keyspacestudio.model.Corpus;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.DiagramKind;
import org.keyspacestudio.model.diagram.NamedDiagram;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.RandomEdits;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * A diagram's geometry made again after an edit, reusing the boxes and sizes of the tables the edit
 * did not change, is the geometry made from scratch: every box (its rows, markers, size and place)
 * and every arrow, on every real schema of the corpus, after each of 80 seeded random edits and
 * each undo, at both levels and in a named diagram holding every other table.
 */
class GeometryMemoTest {

  static Stream<Path> corpus() {
    return Corpus.files().stream();
  }

  private record Memos(
      DiagramGeometry.Memo physical, DiagramGeometry.Memo logical, DiagramGeometry.Memo named) {}

  private static void assertSameGeometry(
      Project project, NamedDiagram half, Memos memos, String after) {
    for (DiagramKind kind : List.of(DiagramKind.PHYSICAL, DiagramKind.LOGICAL)) {
      DiagramGeometry.Memo memo = kind == DiagramKind.PHYSICAL ? memos.physical() : memos.logical();
      assertSame(
          DiagramGeometry.of(project, kind, DiagramStyle.DEFAULT, memo),
          DiagramGeometry.of(project, kind, DiagramStyle.DEFAULT),
          kind + " after " + after);
    }
    assertSame(
        DiagramGeometry.of(
            project, half, Diagram.Level.PHYSICAL, DiagramStyle.DEFAULT, memos.named),
        DiagramGeometry.of(project, half, Diagram.Level.PHYSICAL, DiagramStyle.DEFAULT),
        "the named diagram after " + after);
  }

  private static void assertSame(DiagramGeometry live, DiagramGeometry scratch, String what) {
    assertThat(List.copyOf(live.boxes())).as(what).isEqualTo(List.copyOf(scratch.boxes()));
    assertThat(live.autoPlaced()).as(what).isEqualTo(scratch.autoPlaced());
    assertThat(live.arrows()).as(what).isEqualTo(scratch.arrows());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void afterEveryEditTheGeometryIsTheOneMadeFromScratch(Path file) throws IOException {
    Project start = new Project(CqlImporter.readFiles(List.of(file)).schema());
    List<ElementRef> tables =
        start.schema().keyspaces().stream()
            .flatMap(k -> k.tables().stream().map(t -> ElementRef.table(k.name(), t.name())))
            .toList();
    List<ElementRef> everyOther =
        java.util.stream.IntStream.range(0, tables.size())
            .filter(i -> i % 2 == 0)
            .mapToObj(tables::get)
            .toList();
    NamedDiagram half = NamedDiagram.empty("half").withAdded(everyOther, Map.of());
    Document doc = new Document(start, null);
    Memos memos =
        new Memos(
            new DiagramGeometry.Memo(), new DiagramGeometry.Memo(), new DiagramGeometry.Memo());
    assertSameGeometry(doc.project(), half, memos, "opening");
    Random random = new Random(file.getFileName().toString().hashCode() * 31L);
    int changed = 0;
    List<BoxGeometry> before =
        List.copyOf(DiagramGeometry.of(start, DiagramKind.PHYSICAL, DiagramStyle.DEFAULT).boxes());
    for (int i = 0; i < 80; i++) {
      Document.Edit edit = RandomEdits.of(doc.project(), random);
      if (edit == null || !doc.perform(edit)) {
        continue;
      }
      assertSameGeometry(doc.project(), half, memos, "edit " + i + ": " + edit.description());
      List<BoxGeometry> now =
          List.copyOf(
              DiagramGeometry.of(doc.project(), DiagramKind.PHYSICAL, DiagramStyle.DEFAULT)
                  .boxes());
      changed += now.equals(before) ? 0 : 1;
      before = now;
    }
    while (doc.undo()) {
      assertSameGeometry(doc.project(), half, memos, "an undo");
    }
    if (!tables.isEmpty()) {
      assertThat(changed).as("edits that changed the diagram").isGreaterThan(10);
    }
  }
}
