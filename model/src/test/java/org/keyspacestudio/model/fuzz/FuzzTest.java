package org.keyspacestudio.model.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.Corpus;

/**
 * The seeded fuzz run in CI: mutated corpus files through import, validation, writing, re-import
 * and the project file, with no crash and no round trip that changes the model. Locally, {@code
 * bench/fuzz.sh 100000} runs many more, with a new seed each time (printed, to replay).
 */
class FuzzTest {

  private static final long SEED = 20261123L;
  private static final int CASES = Integer.getInteger("kstudio.fuzz.cases", 3000);

  @Test
  void mutatedCorpusFilesNeitherCrashNorChangeOnTheWayBack() throws Exception {
    Fuzz.Report report = Fuzz.run(Corpus.files(), CASES, SEED);
    System.out.println(
        "fuzz: "
            + report.cases()
            + " cases (seed "
            + SEED
            + "), "
            + report.clean()
            + " read without errors and round-tripped, slowest "
            + report.slowest()
            + " ms, "
            + report.findings().size()
            + " findings");
    report.findings().stream().limit(20).forEach(f -> System.out.println("  " + f));
    assertThat(report.findings().stream().filter(f -> !f.kind().equals("slow")).toList()).isEmpty();
    assertThat(report.clean()).as("some mutants are still valid schemas").isGreaterThan(50);
  }
}
