package org.keyspacestudio.model.writes;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.RandomEdits;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.validate.Problem;

/**
 * The live write checks, which check again only the owners whose tables an edit changed, say after
 * every edit what checking from scratch says: on the mapped KillrVideo example, 300 seeded random
 * edits of its tables (roles, types, renames, deletions, options), of the instance counts and of
 * typed-in column sizes, then undoing them all.
 */
class LiveWriteChecksTest {

  private static Document.Edit sizingEdit(Project p, Random random) {
    List<String> owners = List.of("User", "Video", "Comment", "Rating");
    String owner = owners.get(random.nextInt(owners.size()));
    long count = 1 + random.nextInt(10_000_000);
    if (random.nextBoolean() || p.mapping().tables().isEmpty()) {
      return new Document.Edit(
          "instances", x -> x.withSizing(x.sizing().withInstances(owner, count)));
    }
    var entry = p.mapping().tables().get(random.nextInt(p.mapping().tables().size()));
    var sources = List.copyOf(entry.sources().keySet());
    String column = sources.get(random.nextInt(sources.size()));
    int bytes = random.nextInt(20_000);
    return new Document.Edit(
        "column size",
        x -> {
          var typed = x.sizing().table(entry.table());
          var columns = new java.util.TreeMap<>(typed.columnBytes());
          columns.put(column, bytes);
          return x.withSizing(
              x.sizing()
                  .with(
                      new org.keyspacestudio.model.sizing.TableSizing(
                          entry.table(),
                          typed.rowsPerPartition(),
                          typed.partitions(),
                          typed.buckets(),
                          columns)));
        });
  }

  @Test
  void afterEveryEditTheLiveWriteChecksSayWhatCheckingFromScratchSays() throws Exception {
    Document doc = new Document(KillrVideoWritesTest.mapped(), null);
    WriteRules.Memo memo = new WriteRules.Memo();
    assertThat(WriteRules.validate(doc.project(), memo))
        .isEqualTo(WriteRules.validate(doc.project()));
    Random random = new Random(20261201L);
    int performed = 0;
    int changed = 0;
    List<Problem> before = WriteRules.validate(doc.project());
    for (int i = 0; i < 300; i++) {
      Document.Edit edit =
          random.nextInt(4) == 0
              ? sizingEdit(doc.project(), random)
              : RandomEdits.of(doc.project(), random);
      if (edit == null || !doc.perform(edit)) {
        continue;
      }
      performed++;
      List<Problem> scratch = WriteRules.validate(doc.project());
      assertThat(WriteRules.validate(doc.project(), memo))
          .as("after edit %d: %s", i, edit.description())
          .isEqualTo(scratch);
      changed += scratch.equals(before) ? 0 : 1;
      before = scratch;
    }
    while (doc.undo()) {
      assertThat(WriteRules.validate(doc.project(), memo))
          .as("after an undo")
          .isEqualTo(WriteRules.validate(doc.project()));
    }
    assertThat(performed).as("edits performed").isGreaterThan(150);
    assertThat(changed).as("edits that changed what the checks say").isGreaterThan(10);
  }
}
