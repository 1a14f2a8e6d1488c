package org.keyspacestudio.model.diagram;

import java.util.List;

/**
 * What a notation draws for a model: its boxes, in layout order, and the edges between them (query
 * arrows, transitions, or the plain lines of an ER diagram), as {@link QueryArrow}s whose label is
 * the edge's text (a query id, a cardinality, or empty).
 *
 * @param boxes the boxes
 * @param edges the edges between them
 */
public record DiagramContent(List<Box> boxes, List<QueryArrow> edges) {
  public DiagramContent {
    boxes = List.copyOf(boxes);
    edges = List.copyOf(edges);
  }
}
