package org.keyspacestudio.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * On generated and mutated schemas, every statement gets the verdict Cassandra 5.0.9 gives it:
 * accepted by both, or rejected by Cassandra and by us with the rule its message corresponds to.
 */
class MutatedSchemaOracleTest {

  private static final long SEED = 20261122L;
  private static final int CASES = Integer.getInteger("kstudio.oracle.cases", 2000);

  @Test
  void ourVerdictIsCassandrasOnGeneratedAndMutatedSchemas() {
    List<VerdictComparison.Mismatch> mismatches = new ArrayList<>();
    int statements = 0;
    int rejected = 0;
    int needNode = 0;
    int cascades = 0;
    for (MutatedSchemas.Case c : MutatedSchemas.generate(CASES, SEED)) {
      VerdictComparison.Outcome outcome = VerdictComparison.compare(c.label(), c.script(), false);
      statements += outcome.statements();
      rejected += outcome.rejectedByCassandra();
      needNode += outcome.needNode();
      cascades += outcome.cascades();
      mismatches.addAll(outcome.mismatches());
    }
    System.out.println(
        CASES
            + " generated cases (seed "
            + SEED
            + "): "
            + statements
            + " statements, "
            + rejected
            + " rejected by Cassandra, "
            + cascades
            + " cascades of an earlier rejection skipped, "
            + needNode
            + " not judged offline (Cassandra's check needs a running node), "
            + mismatches.size()
            + " mismatches");
    assertThat(mismatches).as("statements where our verdict is not Cassandra's").isEmpty();
  }
}
