package org.keyspacestudio.export.diagram;

import java.util.Set;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * What the editor adds to a drawing: the selection, the elements with problems, the grid. An export
 * draws {@link #PLAIN}.
 *
 * @param selected selected boxes, outlined
 * @param problems elements with problems: boxes get a red border, rows a red mark
 * @param grid whether to draw the snapping grid
 * @param selectedEdges selected edges (a workflow transition, say), drawn in the selection colour
 */
public record RenderState(
    Set<ElementRef> selected,
    Set<ElementRef> problems,
    boolean grid,
    Set<org.keyspacestudio.model.diagram.QueryArrow> selectedEdges) {

  /** Nothing selected, no problems shown, no grid: what exports draw. */
  public static final RenderState PLAIN = new RenderState(Set.of(), Set.of(), false);

  public RenderState {
    selected = Set.copyOf(selected);
    problems = Set.copyOf(problems);
    selectedEdges = Set.copyOf(selectedEdges);
  }

  /** A state with no edge selected. */
  public RenderState(Set<ElementRef> selected, Set<ElementRef> problems, boolean grid) {
    this(selected, problems, grid, Set.of());
  }
}
