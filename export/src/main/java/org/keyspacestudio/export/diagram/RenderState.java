package org.keyspacestudio.export.diagram;

import java.util.Set;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * What the editor adds to a drawing: the selection, the elements with problems, the grid. An export
 * draws {@link #PLAIN}.
 *
 * @param selected selected boxes, outlined
 * @param problems elements with problems: boxes get a coloured border, rows a coloured mark (red
 *     for an error, amber for warnings only; see {@code warnings})
 * @param grid whether to draw the snapping grid
 * @param selectedEdges selected edges (a workflow transition, say), drawn in the selection colour
 * @param warnings those of {@code problems} that have warnings and no error: Cassandra would accept
 *     their statements, so they are marked amber, not red
 */
public record RenderState(
    Set<ElementRef> selected,
    Set<ElementRef> problems,
    boolean grid,
    Set<org.keyspacestudio.model.diagram.QueryArrow> selectedEdges,
    Set<ElementRef> warnings) {

  /** Nothing selected, no problems shown, no grid: what exports draw. */
  public static final RenderState PLAIN = new RenderState(Set.of(), Set.of(), false);

  public RenderState {
    selected = Set.copyOf(selected);
    problems = Set.copyOf(problems);
    selectedEdges = Set.copyOf(selectedEdges);
    warnings = Set.copyOf(warnings);
  }

  /** A state with no edge selected, every problem an error. */
  public RenderState(Set<ElementRef> selected, Set<ElementRef> problems, boolean grid) {
    this(selected, problems, grid, Set.of(), Set.of());
  }

  /**
   * The colour that marks an element's problem in this style: red for an error, amber for warnings
   * only.
   */
  java.awt.Color problemColour(ElementRef element, DiagramStyle style) {
    return warnings.contains(element) ? style.warning : style.problem;
  }

  /** The fill of the row of a column with a problem, as {@link #problemColour}. */
  java.awt.Color problemFill(ElementRef element, DiagramStyle style) {
    return warnings.contains(element) ? style.warningFill : style.problemFill;
  }
}
