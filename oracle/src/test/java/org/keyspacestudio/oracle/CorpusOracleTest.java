package org.keyspacestudio.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** On every statement of the real corpus, our verdict is Cassandra 5.0.9's verdict. */
class CorpusOracleTest {

  @Test
  void everyStatementOfTheCorpusGetsCassandrasVerdict() throws Exception {
    Path dir = Path.of(System.getProperty("kstudio.corpus", "../../shared/corpus/cql"));
    assumeTrue(Files.isDirectory(dir), "skipped: the shared CQL corpus is not at " + dir);
    List<VerdictComparison.Mismatch> mismatches = new ArrayList<>();
    int statements = 0;
    int cascades = 0;
    try (var files = Files.list(dir)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".cql")).sorted().toList()) {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        VerdictComparison.Outcome outcome =
            VerdictComparison.compare(file.getFileName().toString(), text, true);
        statements += outcome.statements();
        cascades += outcome.cascades();
        mismatches.addAll(outcome.mismatches());
      }
    }
    System.out.println(
        "corpus: "
            + statements
            + " statements compared with Cassandra 5.0.9, "
            + cascades
            + " cascades of an earlier rejection skipped, "
            + mismatches.size()
            + " mismatches");
    assertThat(mismatches).as("statements where our verdict is not Cassandra's").isEmpty();
  }
}
