package org.keyspacestudio.model.write;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.schema.Schema;

/**
 * The writer's output for each {@code golden/NAME.input.cql} must equal {@code
 * golden/NAME.expected.cql} byte for byte. After an intended change to the output, regenerate with
 * {@code mvn test -pl model -Dtest=CqlWriterGoldenTest -Dkstudio.golden.update=true} and review the
 * diff.
 */
class CqlWriterGoldenTest {

  private static final Path DIR = Path.of("src/test/resources/golden");

  static Stream<String> goldenFiles() throws IOException {
    try (Stream<Path> files = Files.list(DIR)) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".input.cql"))
          .map(n -> n.substring(0, n.length() - ".input.cql".length()))
          .sorted()
          .toList()
          .stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("goldenFiles")
  void outputMatchesTheGoldenFile(String name) throws IOException {
    String input = Files.readString(DIR.resolve(name + ".input.cql"), StandardCharsets.UTF_8);
    Schema schema = CqlImporter.read(input, name + ".input.cql").schema();
    String actual = CqlWriter.write(schema);
    Path expectedFile = DIR.resolve(name + ".expected.cql");
    if (Boolean.getBoolean("kstudio.golden.update") || !Files.exists(expectedFile)) {
      Files.writeString(expectedFile, actual, StandardCharsets.UTF_8);
    }
    assertThat(actual).isEqualTo(Files.readString(expectedFile, StandardCharsets.UTF_8));
    assertThat(CqlImporter.read(actual, "again").schema().keyspaces())
        .as("reading the output back gives the same model")
        .isEqualTo(schema.keyspaces());
  }
}
