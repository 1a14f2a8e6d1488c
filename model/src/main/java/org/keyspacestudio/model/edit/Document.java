package org.keyspacestudio.model.edit;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.keyspacestudio.model.project.Project;

/**
 * The project being edited, its file, and its history: every change is an {@link Edit}, one user
 * gesture one step, undone and redone by swapping immutable {@link Project} values (they share all
 * unchanged parts, so a step costs only what it changed). Loading a file is not undoable.
 *
 * <p>Single-threaded: the editor calls it on its UI thread. Listeners run after every change.
 */
public final class Document {

  /** A change to a project, with the text the Undo menu shows for it. */
  public record Edit(String description, UnaryOperator<Project> change) {
    public Edit {
      Objects.requireNonNull(description, "description");
      Objects.requireNonNull(change, "change");
    }

    /**
     * Several edits as one undo step: each applied to what the one before made, in order.
     *
     * @param description the step's name (Edit > Undo <i>description</i>)
     * @param edits the edits, not null; none gives an edit that changes nothing
     */
    public static Edit all(String description, List<Edit> edits) {
      List<Edit> steps = List.copyOf(edits);
      return new Edit(
          description,
          p -> {
            Project out = p;
            for (Edit e : steps) {
              out = e.change().apply(out);
            }
            return out;
          });
    }
  }

  private record Step(String description, Project before, Project after) {}

  private Project project;
  private Path file;
  private final Deque<Step> undo = new ArrayDeque<>();
  private final Deque<Step> redo = new ArrayDeque<>();
  private long revision;
  private long savedRevision;
  private final List<Runnable> listeners = new ArrayList<>();
  private org.keyspacestudio.model.schema.KeyspaceDefinition newKeyspaces;

  /**
   * A document.
   *
   * @param project the project, not null
   * @param file where it is saved, or null for a new, unsaved project
   */
  public Document(Project project, Path file) {
    this.project = Objects.requireNonNull(project, "project");
    this.file = file;
  }

  /** The current project. */
  public Project project() {
    return project;
  }

  /** The file the project is saved in, or null when it was never saved. */
  public Path file() {
    return file;
  }

  /**
   * Applies an edit as one undoable step. An edit that changes nothing adds no step.
   *
   * @return whether the project changed
   */
  public boolean perform(Edit edit) {
    Project after = edit.change().apply(project);
    if (newKeyspaces != null) {
      after = SchemaEdits.defineNewKeyspaces(project, after, newKeyspaces);
    }
    if (after.equals(project)) {
      return false;
    }
    undo.push(new Step(edit.description(), project, after));
    redo.clear();
    project = after;
    revision++;
    fire();
    return true;
  }

  /**
   * How every keyspace an edit creates is defined (the editor's preference for new keyspaces), in
   * the same undo step: a keyspace is created when a table, type or pasted object goes to one the
   * model does not have, or when a mapped query's table does. Keyspaces read from files keep their
   * own definition.
   *
   * @param definition the definition, or null to keep the edits' own ({@code SimpleStrategy},
   *     replication factor 1)
   */
  public void defineNewKeyspacesAs(org.keyspacestudio.model.schema.KeyspaceDefinition definition) {
    this.newKeyspaces = definition;
  }

  /**
   * How keyspaces an edit creates are defined (see {@link #defineNewKeyspacesAs}), or null for the
   * edits' own definition.
   */
  public org.keyspacestudio.model.schema.KeyspaceDefinition newKeyspaces() {
    return newKeyspaces;
  }

  /** Undoes the last step; returns false when there is none. */
  public boolean undo() {
    Step step = undo.poll();
    if (step == null) {
      return false;
    }
    redo.push(step);
    project = step.before();
    revision--;
    fire();
    return true;
  }

  /** Redoes the last undone step; returns false when there is none. */
  public boolean redo() {
    Step step = redo.poll();
    if (step == null) {
      return false;
    }
    undo.push(step);
    project = step.after();
    revision++;
    fire();
    return true;
  }

  /** What Undo would undo, or null. */
  public String undoDescription() {
    return undo.isEmpty() ? null : undo.peek().description();
  }

  /** What Redo would redo, or null. */
  public String redoDescription() {
    return redo.isEmpty() ? null : redo.peek().description();
  }

  /** Whether the project differs from what was last saved (or loaded). */
  public boolean isDirty() {
    return revision != savedRevision;
  }

  /** Records that the project was saved to {@code savedTo}. */
  public void markSaved(Path savedTo) {
    file = savedTo;
    savedRevision = revision;
    fire();
  }

  /**
   * Replaces the project without an undo step (for layout placed at load time): the document stays
   * clean.
   */
  public void replaceQuietly(Project replacement) {
    project = Objects.requireNonNull(replacement, "replacement");
    fire();
  }

  /**
   * Makes the last step end at {@code replacement}: the project as the last edit left it plus what
   * was placed right after it (where the table a fix made goes), so that redo comes back to the
   * same place; undo still goes back to before the edit. Without a step, as {@link
   * #replaceQuietly}.
   *
   * @param replacement the project now, not null
   */
  public void amendLastStep(Project replacement) {
    Objects.requireNonNull(replacement, "replacement");
    Step last = undo.poll();
    if (last != null) {
      undo.push(new Step(last.description(), last.before(), replacement));
    }
    project = replacement;
    fire();
  }

  /** Runs {@code listener} after every change. */
  public void addListener(Runnable listener) {
    listeners.add(listener);
  }

  private void fire() {
    for (Runnable listener : List.copyOf(listeners)) {
      listener.run();
    }
  }
}
