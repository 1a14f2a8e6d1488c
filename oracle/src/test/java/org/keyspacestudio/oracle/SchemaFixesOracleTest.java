package org.keyspacestudio.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.edit.Fix;
import org.keyspacestudio.model.edit.QuickFixes;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Rule;
import org.keyspacestudio.model.validate.Validator;
import org.keyspacestudio.model.write.CqlWriter;

/**
 * Every fix of every schema problem of the generated and mutated schemas, applied alone: the fixed
 * schema, written as CQL, gets Cassandra 5.0.9's verdict on every statement from us too (0
 * mismatches), and the problem fixed is gone or fewer on its element. The schemas are those of
 * {@link MutatedSchemaOracleTest}, which reach every rule; the fixes are those the editor offers.
 */
class SchemaFixesOracleTest {

  /** Fixed in CI; {@code -Dkstudio.fixes.cases=N} runs more. */
  private static final long SEED = Long.getLong("kstudio.oracle.seed", 20261122L);

  private static final int CASES = Integer.getInteger("kstudio.fixes.cases", 5_000);

  /** At most this many problems of a case have their fixes tried (the first, in report order). */
  private static final int PROBLEMS_PER_CASE = 6;

  @Test
  void eachFixLeavesASchemaCassandraJudgesAsWeDoAndLessensItsProblem() {
    List<VerdictComparison.Mismatch> mismatches = new ArrayList<>();
    List<String> stays = new ArrayList<>();
    Map<String, Integer> applied = new TreeMap<>();
    int schemas = 0;
    for (MutatedSchemas.Case c : MutatedSchemas.generate(CASES, SEED)) {
      Project project = new Project(CqlImporter.read(c.script(), c.label()).schema());
      List<Problem> problems =
          Validator.validate(project.schema()).stream()
              .filter(p -> p.element() != null)
              .limit(PROBLEMS_PER_CASE)
              .toList();
      if (problems.isEmpty()) {
        continue;
      }
      schemas++;
      List<Problem> all = Validator.validate(project.schema());
      for (Problem problem : problems) {
        for (Fix fix : QuickFixes.of(project, problem)) {
          Project fixed = fix.edit().change().apply(project);
          String label = c.label() + " after '" + fix.label() + "'";
          mismatches.addAll(
              VerdictComparison.compare(label, CqlWriter.write(fixed.schema()), false)
                  .mismatches());
          if (count(Validator.validate(fixed.schema()), problem) >= count(all, problem)) {
            stays.add(label + ": " + problem.message());
          }
          applied.merge(problem.rule().id(), 1, Integer::sum);
        }
      }
    }
    System.out.println(
        CASES
            + " generated cases (seed "
            + SEED
            + "), "
            + schemas
            + " with problems: fixes applied, by rule: "
            + applied
            + "; "
            + mismatches.size()
            + " verdict mismatches after them, "
            + stays.size()
            + " problems a fix left as they were");
    assertThat(mismatches).as("statements where our verdict is not Cassandra's").isEmpty();
    assertThat(stays).as("fixes that leave their problem").isEmpty();
    assertThat(applied)
        .containsKeys(
            Rule.TYPE_UNKNOWN.id(),
            Rule.OPTION_UNKNOWN.id(),
            Rule.KEY_UNKNOWN_COLUMN.id(),
            Rule.INDEX_UNKNOWN_COLUMN.id(),
            Rule.KEY_MISSING.id(),
            Rule.STATIC_IN_KEY.id(),
            Rule.KEY_COUNTER.id(),
            Rule.VIEW_TTL.id(),
            Rule.VIEW_UNKNOWN_COLUMN.id());
  }

  /** How many of the problems are of that rule on that element. */
  private static long count(List<Problem> problems, Problem problem) {
    return problems.stream()
        .filter(p -> p.rule() == problem.rule() && Objects.equals(p.element(), problem.element()))
        .count();
  }
}
