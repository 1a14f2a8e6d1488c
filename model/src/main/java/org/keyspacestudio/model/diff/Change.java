package org.keyspacestudio.model.diff;

import java.util.Objects;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * One statement of a {@link Plan}.
 *
 * @param cql the statement, ending with {@code ;}
 * @param element what it creates, changes or drops
 * @param summary one line for people, such as {@code add column videos.tags}
 * @param drop whether it is a {@code DROP} (data or an index goes away): such statements run only
 *     when the user allows drops
 */
public record Change(String cql, ElementRef element, String summary, boolean drop) {
  public Change {
    Objects.requireNonNull(cql, "cql");
    Objects.requireNonNull(element, "element");
    Objects.requireNonNull(summary, "summary");
  }
}
