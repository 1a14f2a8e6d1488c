package org.keyspacestudio.model.reverse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.Corpus;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.ReverseEdits;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;

/**
 * The notes of a recovery are the project's: saved in its file, gone with an undone recovery,
 * cleared undoably; an older file has none, and a damaged list is refused.
 */
class RecoveryNotesTest {

  private static final CqlIdentifier KILLRVIDEO = CqlIdentifier.of("killr_video");

  private static Document recovered() throws Exception {
    Path f =
        Corpus.dir()
            .resolve("datastax-training__killrvideo-sample-schema__physical_killrvideo.cql");
    Project tables = new Project(CqlImporter.read(Files.readString(f), f.toString()).schema());
    Document d = new Document(tables, null);
    d.perform(ReverseEdits.recover(KILLRVIDEO));
    return d;
  }

  @Test
  void aRecoveryKeepsItsNotesInTheProjectAndItsFileUntilUndoneOrCleared() throws Exception {
    Document d = recovered();
    Project p = d.project();
    SchemaModels.Recovered models =
        SchemaModels.recover(p.schema().keyspace(KILLRVIDEO).orElseThrow());
    RecoveryNotes notes = p.recovery();
    assertThat(notes.keyspace()).isEqualTo(KILLRVIDEO);
    assertThat(notes.notes()).isNotEmpty().isEqualTo(models.notes());
    assertThat(notes.summary())
        .isEqualTo(
            models.conceptual().entities().size()
                + " entities, "
                + models.conceptual().relationships().size()
                + " relationships and "
                + models.workflow().queries().size()
                + " queries recovered from "
                + p.schema().keyspace(KILLRVIDEO).orElseThrow().tables().size()
                + " tables of killr_video, with "
                + models.notes().size()
                + " guesses to check:");

    // Saved and read back as they were.
    String json = ProjectFile.toJson(p);
    assertThat(json).contains("\"recovery\" : {").contains(notes.notes().get(0));
    assertThat(ProjectFile.fromJson(json, null).recovery()).isEqualTo(notes);

    // Cleared, undoably; the recovery undone takes them with it.
    d.perform(ReverseEdits.clearNotes());
    assertThat(d.project().recovery()).isEqualTo(RecoveryNotes.NONE);
    assertThat(d.project().conceptual()).isEqualTo(p.conceptual());
    d.undo();
    assertThat(d.project().recovery()).isEqualTo(notes);
    d.undo();
    assertThat(d.project().recovery().isEmpty()).isTrue();
    assertThat(d.project().conceptual().entities()).isEmpty();
  }

  @Test
  void aVersionSevenFileHasNoNotesAndADamagedListIsRefused() throws Exception {
    Project p = recovered().project();
    String json = ProjectFile.toJson(p);
    String v7 =
        json.replace("\"formatVersion\" : " + ProjectFile.FORMAT_VERSION, "\"formatVersion\" : 7")
            .replaceAll("(?s),\\s*\"recovery\" : \\{.*\\}\\s*\\}\\s*$", "\n}\n");
    assertThat(v7).doesNotContain("\"recovery\"");
    Project old = ProjectFile.fromJson(v7, null);
    assertThat(old.recovery()).isEqualTo(RecoveryNotes.NONE);
    assertThat(old.conceptual()).isEqualTo(p.conceptual());

    String damaged = json.replaceFirst("\"notes\" : \\[ \"", "\"notes\" : [ 7, \"");
    assertThatThrownBy(() -> ProjectFile.fromJson(damaged, null))
        .hasMessageContaining("recovery.notes[0]: expected a string");
  }
}
