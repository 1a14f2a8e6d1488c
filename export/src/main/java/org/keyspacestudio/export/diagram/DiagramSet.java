package org.keyspacestudio.export.diagram;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.DiagramKind;
import org.keyspacestudio.model.diagram.NamedDiagram;
import org.keyspacestudio.model.project.Project;

/**
 * Every diagram of a project, each with a file name, for exporting them all at once (File > Export
 * > All Diagrams, {@code kstudio export-image --all}): the conceptual (ER) model, the workflow, the
 * Chebotko diagram at the logical and the physical level, then the project's own diagrams in their
 * order. Diagrams with nothing in them are left out.
 */
public final class DiagramSet {

  /**
   * One diagram to export.
   *
   * @param fileStem the file name without its ending: {@code conceptual}, {@code workflow}, {@code
   *     logical}, {@code physical}, or the own diagram's name made safe for a file name (lower
   *     case; runs of characters other than letters, digits, dot, dash and underscore become one
   *     dash), with {@code -2}, {@code -3}... when two would be the same; never empty
   * @param title what to call it in messages: "Conceptual diagram", "diagram 'orders'"
   * @param geometry the laid-out diagram, in the look asked for (light by default)
   */
  public record Entry(String fileStem, String title, DiagramGeometry geometry) {}

  private DiagramSet() {}

  /**
   * The project's diagrams that have at least one box, each laid out (boxes without a position are
   * placed by the automatic layout, as in the editor). Laying out a large model takes seconds: call
   * it off the JavaFX thread, and check for a cancel between entries with {@link #of(Project,
   * Diagram.Level, DiagramStyle, java.util.function.BooleanSupplier)}.
   *
   * @param project the project, not null
   * @param level the level the project's own diagrams are drawn at, not null
   * @return the entries in order; empty when every diagram is empty
   */
  public static List<Entry> of(Project project, Diagram.Level level) {
    return of(project, level, DiagramStyle.DEFAULT, () -> false);
  }

  /**
   * {@link #of(Project, Diagram.Level)} in a given look ({@link DiagramStyle#DEFAULT} or {@link
   * DiagramStyle#DARK}), stopping early when {@code cancelled} says so, between two diagrams.
   *
   * @return the entries laid out so far when cancelled
   */
  public static List<Entry> of(
      Project project,
      Diagram.Level level,
      DiagramStyle style,
      java.util.function.BooleanSupplier cancelled) {
    List<Entry> entries = new ArrayList<>();
    // The kinds' names are taken even when their diagram is empty: an own diagram called
    // "physical" never takes physical.png.
    Set<String> taken = new HashSet<>();
    for (DiagramKind kind : DiagramKind.values()) {
      taken.add(kind.name().toLowerCase(Locale.ROOT));
    }
    for (DiagramKind kind : DiagramKind.values()) {
      if (cancelled.getAsBoolean()) {
        return entries;
      }
      DiagramGeometry geometry = DiagramGeometry.of(project, kind, style);
      if (!geometry.boxes().isEmpty()) {
        entries.add(
            new Entry(kind.name().toLowerCase(Locale.ROOT), kind.title() + " diagram", geometry));
      }
    }
    for (NamedDiagram view : project.diagram().named()) {
      if (cancelled.getAsBoolean()) {
        return entries;
      }
      DiagramGeometry geometry = DiagramGeometry.of(project, view, level, style);
      if (!geometry.boxes().isEmpty()) {
        String stem = unique(fileStem(view.name()), taken);
        entries.add(new Entry(stem, "diagram '" + view.name() + "'", geometry));
      }
    }
    return entries;
  }

  /**
   * A diagram's name made safe for a file name: lower case; every run of characters other than
   * letters, digits, dot, dash and underscore (a slash included) becomes one dash; no dash or dot
   * at either end; {@code diagram} when nothing is left.
   */
  static String fileStem(String name) {
    String stem =
        name.toLowerCase(Locale.ROOT)
            .replaceAll("[^\\p{L}\\p{N}._-]+", "-")
            .replaceAll("^[-.]+|[-.]+$", "");
    return stem.isEmpty() ? "diagram" : stem;
  }

  private static String unique(String stem, Set<String> taken) {
    String candidate = stem;
    for (int n = 2; !taken.add(candidate); n++) {
      candidate = stem + "-" + n;
    }
    return candidate;
  }
}
