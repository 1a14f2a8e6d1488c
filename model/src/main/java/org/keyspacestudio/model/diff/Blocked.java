package org.keyspacestudio.model.diff;

import java.util.Objects;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * A difference Cassandra cannot apply in place, such as a new primary key or a column's new type. A
 * plan reports it and never attempts it.
 *
 * @param element the table, column, type or field concerned
 * @param what what differs, model against cluster
 * @param wayOut what the user can do instead
 */
public record Blocked(ElementRef element, String what, String wayOut) {
  public Blocked {
    Objects.requireNonNull(element, "element");
    Objects.requireNonNull(what, "what");
    Objects.requireNonNull(wayOut, "wayOut");
  }
}
