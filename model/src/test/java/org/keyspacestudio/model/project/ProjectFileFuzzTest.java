package org.keyspacestudio.model.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A damaged project file is refused with a {@link ProjectFileException}, never read with another
 * exception or half-read: seeded damage to real project files ({@link DamagedProjects}). What is
 * read is checked, sized, its writes counted and its queries mapped as any project's, and saved and
 * read back the same (a save writes what was read).
 */
class ProjectFileFuzzTest {

  private static final long SEED = 20261202L;
  private static final int CASES = Integer.getInteger("kstudio.fuzz.cases", 3000);

  @Test
  void aDamagedProjectFileIsRefusedOrReadWholeNeverCrashes() throws Exception {
    List<String> projects = DamagedProjects.originals();
    Random r = new Random(SEED);
    Map<String, Integer> outcomes = new TreeMap<>();
    List<String> crashes = new ArrayList<>();
    int read = 0;
    for (int i = 0; i < CASES; i++) {
      DamagedProjects.Damaged d =
          DamagedProjects.damage(r, projects.get(r.nextInt(projects.size())));
      String mutated = d.json();
      String how = d.how();
      try {
        Project p = ProjectFile.fromJson(mutated, null);
        read++;
        // What is read whole is a project like any other: its checks run on it, its partitions
        // are sized, its writes listed and counted, its queries mapped.
        ProjectChecks.validate(p);
        org.keyspacestudio.model.sizing.PartitionSizes.all(p);
        org.keyspacestudio.model.write.CqlWriter.write(p.schema());
        org.keyspacestudio.model.writes.WritePaths.counted(p);
        var ks = org.keyspacestudio.model.mapping.Mapping.keyspace(p, null);
        for (var query : p.workflow().queries()) {
          org.keyspacestudio.model.mapping.Mapping.alternatives(p, query, ks);
        }
        String saved = ProjectFile.toJson(p);
        Project again = ProjectFile.fromJson(saved, null);
        if (!again.equals(p)) {
          crashes.add("case " + i + " (" + how + "): read, saved and read back differs");
        }
        outcomes.merge("read", 1, Integer::sum);
      } catch (ProjectFileException e) {
        outcomes.merge("refused", 1, Integer::sum);
      } catch (RuntimeException | StackOverflowError e) {
        crashes.add(
            "case "
                + i
                + " ("
                + how
                + "): "
                + e
                + " at "
                + java.util.Arrays.toString(java.util.Arrays.copyOf(e.getStackTrace(), 6)));
      }
    }
    System.out.println(
        CASES
            + " damaged project files (seed "
            + SEED
            + "): "
            + outcomes
            + ", "
            + crashes.size()
            + " crashes");
    crashes.stream().limit(20).forEach(c -> System.out.println("  CRASH " + c));
    assertThat(read).as("some damage leaves a readable project").isPositive();
    assertThat(crashes).isEmpty();
  }
}
