package org.keyspacestudio.export.diagram;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.NamedDiagram;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.ElementRef;

/** Every diagram of a project at once, as File > Export > All Diagrams writes them. */
class DiagramSetTest {

  /**
   * The example's conceptual model and workflow (it has no tables yet) with the KillrVideo tables
   * of the corpus.
   */
  private static Project example() throws Exception {
    Project tables =
        org.keyspacestudio.model.project.ModelFiles.load(
                List.of(
                    org.keyspacestudio.model.Corpus.dir()
                        .resolve(
                            "datastax-training__killrvideo-sample-schema__killrvideo-schema.cql")))
            .project();
    return ProjectFile.read(Path.of("../examples/killrvideo.kstudio")).withSchema(tables.schema());
  }

  private static Project withOwnDiagrams(Project project, String... names) {
    List<ElementRef> tables =
        project.schema().keyspaces().stream()
            .flatMap(k -> k.tables().stream().map(t -> ElementRef.table(k.name(), t.name())))
            .limit(2)
            .toList();
    List<NamedDiagram> named =
        java.util.Arrays.stream(names)
            .map(
                n ->
                    n.equals("(empty)")
                        ? NamedDiagram.empty(n)
                        : NamedDiagram.empty(n).withAdded(tables, Map.of()))
            .toList();
    return project.withDiagram(project.diagram().withNamed(named));
  }

  @Test
  void theFourDiagramsComeFirstThenTheOwnOnesWithFileNamesThatNeverClash() throws Exception {
    Project project =
        withOwnDiagrams(example(), "Orders & Users", "orders-users", "Physical", "(empty)", "…");

    List<DiagramSet.Entry> entries = DiagramSet.of(project, Diagram.Level.PHYSICAL);

    assertThat(entries)
        .extracting(DiagramSet.Entry::fileStem)
        .containsExactly(
            "conceptual",
            "workflow",
            "logical",
            "physical",
            "orders-users",
            "orders-users-2",
            "physical-2",
            "diagram");
    assertThat(entries.get(4).title()).isEqualTo("diagram 'Orders & Users'");
    assertThat(entries.get(4).geometry().boxes()).hasSize(2);
    assertThat(entries).allSatisfy(e -> assertThat(e.geometry().boxes()).isNotEmpty());
  }

  @Test
  void emptyDiagramsAreLeftOutAndACancelStopsBetweenTwo() throws Exception {
    Project tablesOnly = new Project(example().schema());
    assertThat(DiagramSet.of(tablesOnly, Diagram.Level.LOGICAL))
        .extracting(DiagramSet.Entry::fileStem)
        .containsExactly("logical", "physical");

    AtomicInteger asked = new AtomicInteger();
    List<DiagramSet.Entry> some =
        DiagramSet.of(
            example(),
            Diagram.Level.PHYSICAL,
            DiagramStyle.DEFAULT,
            () -> asked.incrementAndGet() > 2);
    assertThat(some)
        .extracting(DiagramSet.Entry::fileStem)
        .containsExactly("conceptual", "workflow");
  }

  @Test
  void aNameIsMadeSafeForAFileName() {
    assertThat(DiagramSet.fileStem("Orders by User (v2)")).isEqualTo("orders-by-user-v2");
    assertThat(DiagramSet.fileStem("../../etc/passwd")).isEqualTo("etc-passwd");
    assertThat(DiagramSet.fileStem("Überblick")).isEqualTo("überblick");
    assertThat(DiagramSet.fileStem("***")).isEqualTo("diagram");
  }
}
