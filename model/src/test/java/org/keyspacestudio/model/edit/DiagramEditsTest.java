package org.keyspacestudio.model.edit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.ElementRef;

class DiagramEditsTest {

  private static final ElementRef USERS = ElementRef.table(CqlIdentifier.of("ks"), id("users"));
  private static final ElementRef VIDEOS = ElementRef.table(CqlIdentifier.of("ks"), id("videos"));

  private static CqlIdentifier id(String name) {
    return CqlIdentifier.of(name);
  }

  private static Document document() {
    return new Document(
        new Project(
            CqlImporter.read(
                    "CREATE TABLE ks.users (id int PRIMARY KEY, name text);\n"
                        + "CREATE TABLE ks.videos (id int PRIMARY KEY, title text);\n",
                    "t.cql")
                .schema()),
        null);
  }

  @Test
  void aTableRemovedFromADiagramStaysInTheModelAndInTheOtherDiagrams() {
    Document doc = document();
    doc.perform(DiagramEdits.create("Users", List.of()));
    doc.perform(
        DiagramEdits.add("Users", List.of(USERS, VIDEOS), Map.of(USERS, new Point(40, 60))));
    assertThat(DiagramEdits.named(doc.project(), "Users").members()).containsExactly(USERS, VIDEOS);
    assertThat(DiagramEdits.named(doc.project(), "Users").positions())
        .containsEntry(USERS, new Point(40, 60));

    doc.perform(DiagramEdits.remove("Users", List.of(VIDEOS)));
    assertThat(DiagramEdits.named(doc.project(), "Users").members()).containsExactly(USERS);
    assertThat(doc.project().schema().keyspaces().get(0).tables()).hasSize(2);

    doc.undo();
    assertThat(DiagramEdits.named(doc.project(), "Users").members()).containsExactly(USERS, VIDEOS);
  }

  @Test
  void deletingATableFromTheModelRemovesItFromEveryDiagram() {
    Document doc = document();
    doc.perform(DiagramEdits.create("A", List.of(USERS, VIDEOS)));
    doc.perform(DiagramEdits.create("B", List.of(VIDEOS)));
    doc.perform(Edits.delete(java.util.Set.of(VIDEOS)));
    assertThat(DiagramEdits.named(doc.project(), "A").members()).containsExactly(USERS);
    assertThat(DiagramEdits.named(doc.project(), "B").members()).isEmpty();
  }

  @Test
  void renamingATableCarriesThroughItsDiagrams() {
    Document doc = document();
    doc.perform(DiagramEdits.create("A", List.of(USERS)));
    doc.perform(DiagramEdits.move("A", Map.of(USERS, new Point(10, 20))));
    doc.perform(SchemaEdits.renameTable(USERS, id("people")));
    ElementRef people = ElementRef.table(CqlIdentifier.of("ks"), id("people"));
    assertThat(DiagramEdits.named(doc.project(), "A").members()).containsExactly(people);
    assertThat(DiagramEdits.named(doc.project(), "A").positions())
        .containsEntry(people, new Point(10, 20));
  }

  @Test
  void namesAreUniqueAndSurviveSaveAndLoad() throws Exception {
    Document doc = document();
    doc.perform(DiagramEdits.create("Users", List.of(USERS)));
    doc.perform(
        DiagramEdits.create(DiagramEdits.freeName(doc.project().diagram(), "Users"), List.of()));
    assertThat(doc.project().diagram().named())
        .extracting(d -> d.name())
        .containsExactly("Users", "Users 2");
    assertThatThrownBy(() -> doc.perform(DiagramEdits.rename("Users 2", "Users")))
        .isInstanceOf(IllegalArgumentException.class);
    doc.perform(DiagramEdits.move("Users", Map.of(USERS, new Point(7, 8))));
    Project back = ProjectFile.fromJson(ProjectFile.toJson(doc.project()), null);
    assertThat(back).isEqualTo(doc.project());
    doc.perform(DiagramEdits.delete("Users"));
    assertThat(doc.project().diagram().named())
        .extracting(d -> d.name())
        .containsExactly("Users 2");
  }

  @Test
  void aViewShowsOnlyTheArrowsBetweenItsMembers() {
    Document doc = document();
    doc.perform(Edits.addArrow("Q1", null, USERS));
    doc.perform(Edits.addArrow("Q2", USERS, VIDEOS));
    doc.perform(DiagramEdits.create("A", List.of(USERS)));
    var view = doc.project().diagram().view(DiagramEdits.named(doc.project(), "A"));
    assertThat(view.arrows()).extracting(a -> a.label()).containsExactly("Q1");
  }

  @Test
  void aVersionFiveFileWithoutNamedDiagramsIsMigratedToNone() throws Exception {
    Document doc = document();
    doc.perform(Edits.moveBoxes(Map.of(USERS, new Point(5, 6))));
    String now = ProjectFile.toJson(doc.project());
    assertThat(now)
        .contains("\"formatVersion\" : " + ProjectFile.FORMAT_VERSION)
        .contains("\"named\" : [ ]");
    String v5 =
        now.replace("\"formatVersion\" : " + ProjectFile.FORMAT_VERSION, "\"formatVersion\" : 5")
            .replaceAll(",\\s*\"named\" : \\[ \\]", "");
    assertThat(v5).doesNotContain("\"named\"");
    Project read = ProjectFile.fromJson(v5, null);
    assertThat(read.diagram().named()).isEmpty();
    assertThat(read).isEqualTo(doc.project());
  }
}
