package org.keyspacestudio.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.parse.ImportResult;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.OtherStatement;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Severity;
import org.keyspacestudio.model.validate.Validator;
import org.keyspacestudio.model.write.CqlWriter;

/** Every real schema of the shared corpus: import, validation verdict, round trip, meaning. */
class CorpusTest {

  static Stream<Path> corpus() {
    return Corpus.files().stream();
  }

  private static List<Problem> allProblems(ImportResult result) {
    List<Problem> problems = new ArrayList<>(result.problems());
    problems.addAll(Validator.validate(result.schema(), result.positions()));
    return problems;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void validFilesImportWithoutErrorsAndInvalidOnesPointAtEachProblem(Path file) throws IOException {
    ImportResult result = CqlImporter.readFiles(List.of(file));
    List<Problem> errors =
        allProblems(result).stream().filter(p -> p.severity() == Severity.ERROR).toList();
    boolean valid = Corpus.validity().get(file.getFileName().toString());
    if (valid) {
      assertThat(errors).as("errors in a file Cassandra accepts").isEmpty();
      assertThat(result.schema().tableCount()).isPositive();
    } else {
      assertThat(allProblems(result))
          .as(
              "a file Cassandra rejects gets an error, or a warning naming the removed feature or"
                  + " node setting it needs")
          .anyMatch(p -> p.severity() == Severity.ERROR || p.severity() == Severity.WARNING);
      for (Problem p : errors) {
        assertThat(p.position()).as("position of %s", p.message()).isNotNull();
        assertThat(p.position().source()).isEqualTo(file.toString());
        assertThat(p.position().line()).isPositive();
        assertThat(p.position().column()).isPositive();
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void importExportImportGivesTheSameModel(Path file) throws IOException {
    Schema first = CqlImporter.readFiles(List.of(file)).schema();
    String exported = CqlWriter.write(first);
    ImportResult again = CqlImporter.read(exported, "exported.cql");
    assertThat(again.problems())
        .as("reading our own export back")
        .noneMatch(p -> p.rule().id().equals("CQL-SYNTAX"));
    assertThat(again.schema().keyspaces()).isEqualTo(first.keyspaces());
    assertThat(again.schema().comments()).as("documentation comments").isEqualTo(first.comments());
    assertThat(readable(again.schema())).isEqualTo(readable(first));
    String second = CqlWriter.write(again.schema());
    assertThat(CqlWriter.write(CqlImporter.read(second, "second.cql").schema()))
        .as("exporting what was exported changes nothing")
        .isEqualTo(second);
  }

  private static List<OtherStatement> readable(Schema schema) {
    return schema.otherStatements().stream().filter(s -> !s.kind().equals("UNREADABLE")).toList();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void exportMeansWhatCassandraPrintedForTheSameFile(Path file) throws IOException {
    Path canonicalFile = Corpus.canonical(file);
    if (!Files.exists(canonicalFile)) {
      return;
    }
    Schema ours =
        CqlImporter.read(CqlWriter.write(CqlImporter.readFiles(List.of(file)).schema()), "ours")
            .schema();
    Schema cassandras = CqlImporter.readFiles(List.of(canonicalFile)).schema();
    Map<String, Keyspace> expected = SchemaMeaning.byName(cassandras);
    Map<String, Keyspace> actual = SchemaMeaning.byName(ours);
    if (expected.values().stream().allMatch(k -> k.tables().isEmpty() && k.types().isEmpty())) {
      return; // Cassandra applied no table or type of this file: nothing to compare
    }
    for (var e : expected.entrySet()) {
      assertThat(actual).as("keyspace %s", e.getKey()).containsKey(e.getKey());
      SchemaMeaning.assertSameMeaning(e.getValue(), actual.get(e.getKey()));
    }
  }
}
