package org.keyspacestudio.model.diagram;

import java.util.Objects;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * A query arrow of a Chebotko diagram: the query {@code label} (Q1, Q2, ...) is answered by the
 * table it points to, either as an entry point of the application workflow or following the
 * workflow from another table. The other notations draw their edges as query arrows too (see {@link
 * DiagramContent}).
 *
 * @param label the query label, such as {@code Q1}
 * @param from the table or view the workflow comes from, or null for an entry arrow
 * @param to the table or view that answers the query
 * @param twin 0, or which of several edges alike in label and ends this one is (1 for the second):
 *     the two ends of a recursive relationship with the same cardinality and no roles are two
 *     lines, not one
 */
public record QueryArrow(String label, ElementRef from, ElementRef to, int twin) {
  public QueryArrow {
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(to, "to");
  }

  /** An arrow with no twin. */
  public QueryArrow(String label, ElementRef from, ElementRef to) {
    this(label, from, to, 0);
  }
}
