package org.keyspacestudio.model.diagram;

import java.util.Objects;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * A query arrow of a Chebotko diagram: the query {@code label} (Q1, Q2, ...) is answered by the
 * table it points to, either as an entry point of the application workflow or following the
 * workflow from another table.
 *
 * @param label the query label, such as {@code Q1}
 * @param from the table or view the workflow comes from, or null for an entry arrow
 * @param to the table or view that answers the query
 */
public record QueryArrow(String label, ElementRef from, ElementRef to) {
  public QueryArrow {
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(to, "to");
  }
}
