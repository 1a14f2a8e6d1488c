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

  /** Fixed in CI; {@code -Dkstudio.oracle.seed=N -Dkstudio.oracle.cases=100000} runs more. */
  private static final long SEED = Long.getLong("kstudio.oracle.seed", 20261122L);

  private static final int CASES = Integer.getInteger("kstudio.oracle.cases", 10_000);

  @Test
  void ourVerdictIsCassandrasOnGeneratedAndMutatedSchemas() {
    List<VerdictComparison.Mismatch> mismatches = new ArrayList<>();
    int statements = 0;
    int rejected = 0;
    int needNode = 0;
    int cascades = 0;
    java.util.Map<org.keyspacestudio.model.validate.Rule, Integer> rules =
        new java.util.TreeMap<>();
    java.util.Map<String, Integer> messages = new java.util.TreeMap<>();
    for (MutatedSchemas.Case c : MutatedSchemas.generate(CASES, SEED)) {
      VerdictComparison.Outcome outcome = VerdictComparison.compare(c.label(), c.script(), false);
      statements += outcome.statements();
      rejected += outcome.rejectedByCassandra();
      needNode += outcome.needNode();
      cascades += outcome.cascades();
      mismatches.addAll(outcome.mismatches());
      outcome.ourRules().forEach((r, n) -> rules.merge(r, n, Integer::sum));
      outcome.cassandraMessages().forEach((m, n) -> messages.merge(m, n, Integer::sum));
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
    // Coverage: how often each of our schema rules and each of Cassandra's messages was reached. A
    // rule no case reaches is a gap in the generator.
    System.out.println("rule coverage (statements where the rule rejects):");
    List<org.keyspacestudio.model.validate.Rule> unreached = new ArrayList<>();
    List<org.keyspacestudio.model.validate.Rule> notVerdicts = new ArrayList<>();
    for (var rule : org.keyspacestudio.model.validate.Rule.values()) {
      int n = rules.getOrDefault(rule, 0);
      boolean verdict =
          rule.severity() == org.keyspacestudio.model.validate.Severity.ERROR
              || OurVerdicts.REJECTING_WARNINGS.contains(rule);
      if (!verdict) {
        // Accepted by this oracle's node (views enabled, compact tables allowed) or only
        // informative: never a rejection to compare.
        notVerdicts.add(rule);
      } else if (n == 0) {
        unreached.add(rule);
      }
      System.out.printf(java.util.Locale.ROOT, "  %6d  %s%n", n, rule.id());
    }
    System.out.println("Cassandra's messages (" + messages.size() + " distinct):");
    messages.forEach((m, n) -> System.out.printf(java.util.Locale.ROOT, "  %6d  %s%n", n, m));
    System.out.println(
        "rules no generated case reaches: "
            + (unreached.isEmpty()
                ? "none"
                : String.join(", ", unreached.stream().map(r -> r.id()).toList())));
    System.out.println(
        "rules that are no rejection on this oracle's node: "
            + String.join(", ", notVerdicts.stream().map(r -> r.id()).toList()));
    assertThat(mismatches).as("statements where our verdict is not Cassandra's").isEmpty();
    assertThat(unreached).as("rules no generated case reaches (gaps in the generator)").isEmpty();
  }
}
