package org.keyspacestudio.model.project;

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
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.RandomEdits;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.parse.ImportResult;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.SourcePosition;
import org.keyspacestudio.model.validate.Problem;

/**
 * The live checks, which keep each unchanged table's problems, say after every edit what checking
 * from scratch says, on every real schema of the corpus (with its source positions): 80 seeded
 * random edits of tables, columns, keys, types, indexes and options, then undoing them all.
 */
class LiveChecksCorpusTest {

  static Stream<Path> corpus() {
    return Corpus.files().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void afterEveryEditTheLiveChecksSayWhatCheckingFromScratchSays(Path file) throws IOException {
    ImportResult read = CqlImporter.readFiles(List.of(file));
    Map<ElementRef, SourcePosition> positions = read.positions();
    Document doc = new Document(new Project(read.schema()), null);
    ProjectChecks.Live live = new ProjectChecks.Live();
    assertThat(live.validate(doc.project(), positions))
        .isEqualTo(ProjectChecks.validate(doc.project(), positions));
    Random random = new Random(file.getFileName().toString().hashCode());
    int performed = 0;
    int changedVerdicts = 0;
    List<Problem> before = ProjectChecks.validate(doc.project(), positions);
    for (int i = 0; i < 80; i++) {
      Document.Edit edit = RandomEdits.of(doc.project(), random);
      if (edit == null || !doc.perform(edit)) {
        continue;
      }
      performed++;
      List<Problem> scratch = ProjectChecks.validate(doc.project(), positions);
      assertThat(live.validate(doc.project(), positions))
          .as("after edit %d: %s", i, edit.description())
          .isEqualTo(scratch);
      changedVerdicts += scratch.equals(before) ? 0 : 1;
      before = scratch;
    }
    while (doc.undo()) {
      assertThat(live.validate(doc.project(), positions))
          .as("after an undo")
          .isEqualTo(ProjectChecks.validate(doc.project(), positions));
    }
    if (!doc.project().schema().keyspaces().stream().allMatch(k -> k.tables().isEmpty())) {
      assertThat(performed).as("edits performed").isGreaterThan(15);
      assertThat(changedVerdicts).as("edits that changed what the checks say").isPositive();
    }
  }
}
