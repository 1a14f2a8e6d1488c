package org.keyspacestudio.model.edit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.support.QuerySupport;
import org.keyspacestudio.model.support.SupportRule;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Severity;

/**
 * Every fix offered for every problem applies: on the mapped KillrVideo example edited at random
 * (seeded, as a user edits tables: roles, types, renames, deletions, indexes, options), each fix of
 * each problem is applied to the project of that moment; none throws, and a key fix leaves its
 * query answered by its table without an error. Prints how many fixes of each rule were applied.
 */
class EveryFixAppliesTest {

  private static final long SEED = 20261126L;
  private static final int STEPS = Integer.getInteger("kstudio.fix.steps", 150);

  /** A column of a random table given a random role, as the inspector's role choice does. */
  private static Document.Edit roleEdit(Project project, Random random) {
    var ks = project.schema().keyspaces().get(0);
    if (ks.tables().isEmpty()) {
      return null;
    }
    var table = ks.tables().get(random.nextInt(ks.tables().size()));
    if (table.columns().isEmpty()) {
      return null;
    }
    var column = table.columns().get(random.nextInt(table.columns().size()));
    var roles = SchemaEdits.Role.values();
    return SchemaEdits.setRole(
        org.keyspacestudio.model.schema.ElementRef.table(ks.name(), table.name()),
        column.name(),
        roles[random.nextInt(roles.length)]);
  }

  @Test
  void everyFixOfEveryProblemAppliesAndAKeyFixAnswersItsQuery() throws Exception {
    Document doc = new Document(ProjectFile.read(Path.of("../examples/killrvideo.kstudio")), null);
    doc.perform(MappingEdits.mapAll(CqlIdentifier.of("killr_video")));
    Random random = new Random(SEED);
    Map<String, Integer> applied = new TreeMap<>();
    List<String> failures = new ArrayList<>();
    for (int step = 0; step < STEPS; step++) {
      Document.Edit edit =
          random.nextBoolean()
              ? roleEdit(doc.project(), random)
              : RandomEdits.of(doc.project(), random);
      if (edit == null) {
        break;
      }
      doc.perform(edit);
      Project project = doc.project();
      for (Problem problem : ProjectChecks.validate(project)) {
        for (Fix fix : QuickFixes.of(project, problem)) {
          Project fixed;
          try {
            fixed = fix.edit().change().apply(project);
            ProjectChecks.validate(fixed);
          } catch (RuntimeException e) {
            failures.add("step " + step + ", " + fix.label() + ": " + e);
            continue;
          }
          applied.merge(problem.rule().id(), 1, Integer::sum);
          if (problem.rule() instanceof SupportRule && fix.label().startsWith("Key ")) {
            String query = fix.label().split(" for ")[1].split(":")[0];
            boolean answered =
                QuerySupport.answer(
                        fixed, fixed.workflow().query(query).orElseThrow(), problem.element())
                    .map(
                        a ->
                            a.missing().isEmpty()
                                && a.findings().stream()
                                    .noneMatch(f -> f.rule().severity() == Severity.ERROR))
                    .orElse(false);
            if (!answered) {
              failures.add("step " + step + ", " + fix.label() + ": the query is still refused");
            }
          }
        }
      }
    }
    System.out.println(
        STEPS
            + " random edits of the mapped KillrVideo example, seed "
            + SEED
            + ": fixes applied, by rule: "
            + applied);
    assertThat(failures).isEmpty();
    assertThat(applied).as("the edits reach the support fixes").containsKey("SUPPORT-ORDER");
  }
}
