package org.keyspacestudio.model.writes;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.schema.OtherStatement;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.validate.Problem;

/**
 * The script's writes against the write paths, on the mapped KillrVideo example: a script that
 * makes a write in some of the tables it must reach is warned of the others.
 */
class ScriptCopiesTest {

  private static Project withScript(Project p, String... statements) {
    List<OtherStatement> all = new ArrayList<>(p.schema().otherStatements());
    for (String s : statements) {
      all.add(new OtherStatement(s.split(" ", 2)[0], s, "kept verbatim"));
    }
    return p.withSchema(new Schema(p.schema().keyspaces(), all, p.schema().comments()));
  }

  private static List<String> copies(Project p) {
    return ProjectChecks.validate(p, Map.of()).stream()
        .filter(x -> x.rule() == WriteRule.SCRIPT_COPIES)
        .map(Problem::message)
        .toList();
  }

  @Test
  void aTitleSetInOneTableIsSaidToLeaveItsCopies() throws Exception {
    Project mapped = KillrVideoWritesTest.mapped();
    WritePaths paths = WritePaths.of(mapped);
    Write update = paths.update("Video", "title");
    assertThat(update.tables().size()).isGreaterThan(2);
    String first = update.tables().get(0).table().toString();
    Project p =
        withScript(
            mapped,
            "UPDATE "
                + first
                + " SET title = ? WHERE "
                + String.join(
                    " AND ",
                    update.tables().get(0).values().stream()
                        .filter(v -> !v.column().equals("title"))
                        .map(v -> v.column() + " = ?")
                        .toList()));
    List<String> problems = copies(p);
    assertThat(problems).hasSize(1);
    assertThat(problems.get(0))
        .startsWith("The script sets Video.title in " + first + " (statement ")
        .contains(update.tables().get(1).table().toString())
        .contains("(Update Video.title writes " + update.tables().size() + " tables)")
        .contains("no statement of the script sets it there, so those copies go out of step");
  }

  @Test
  void aScriptThatWritesEveryCopyOrNoneIsNotWarned() throws Exception {
    Project mapped = KillrVideoWritesTest.mapped();
    assertThat(copies(mapped)).isEmpty();
    WritePaths paths = WritePaths.of(mapped);
    Write update = paths.update("Video", "title");
    List<String> all = new ArrayList<>();
    for (TableWrite tw : update.tables()) {
      all.addAll(tw.statements());
    }
    assertThat(copies(withScript(mapped, all.toArray(String[]::new)))).isEmpty();
  }

  @Test
  void theFixAddsTheWritePathsStatementsForTheTablesLeftOut() throws Exception {
    Project mapped = KillrVideoWritesTest.mapped();
    Write update = WritePaths.of(mapped).update("Video", "title");
    Project p = withScript(mapped, update.tables().get(0).statements().get(0));
    Problem problem =
        ProjectChecks.validate(p, Map.of()).stream()
            .filter(x -> x.rule() == WriteRule.SCRIPT_COPIES)
            .findFirst()
            .orElseThrow();
    var fixes = org.keyspacestudio.model.edit.QuickFixes.of(p, problem);
    assertThat(fixes).hasSize(1);
    assertThat(fixes.get(0).label())
        .startsWith(
            "Add the " + (update.tables().size() - 1) + " statements of Update Video.title");
    Project fixed = fixes.get(0).edit().change().apply(p);
    assertThat(copies(fixed)).isEmpty();
    assertThat(
            ProjectChecks.validate(fixed, Map.of()).stream()
                .filter(x -> x.rule().id().startsWith("DML-")))
        .isEmpty();
    int before = mapped.schema().otherStatements().size();
    assertThat(fixed.schema().otherStatements()).hasSize(before + update.tables().size());
  }
}
