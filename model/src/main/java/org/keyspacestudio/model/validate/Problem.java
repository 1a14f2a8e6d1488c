package org.keyspacestudio.model.validate;

import java.util.Objects;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.SourcePosition;

/**
 * One thing wrong with (or worth knowing about) a schema or a CQL source.
 *
 * @param rule the rule that found it
 * @param message what is wrong, for a user, naming the elements involved
 * @param element the element it concerns, or null when it concerns no element (a syntax error)
 * @param position where in the source, or null when the element was not read from a source
 */
public record Problem(RuleId rule, String message, ElementRef element, SourcePosition position) {

  public Problem {
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(message, "message");
  }

  /** The rule's severity. */
  public Severity severity() {
    return rule.severity();
  }

  /** A copy that points at a source position. */
  public Problem at(SourcePosition newPosition) {
    return new Problem(rule, message, element, newPosition);
  }

  /**
   * The problem as one line, {@code path:line:column: severity: RULE-ID message}; without a
   * position, {@code fallbackSource: severity: ...}.
   */
  public String format(String fallbackSource) {
    String where = position != null ? position.toString() : fallbackSource;
    return where + ": " + severity().label() + ": " + rule.id() + " " + message;
  }
}
