package org.keyspacestudio.model.validate;

/**
 * A check with a stable id and a severity: the schema rules ({@link Rule}), and the rules of the
 * conceptual model, the workflow, query support and partition size, each kind in its own package.
 * Ids are used in problem lines, JSON output and {@code docs/rules.md}, and never reused.
 */
public interface RuleId {

  /**
   * What every rule says of itself.
   *
   * @param id the stable id, such as {@code KEY-COUNTER} or {@code ER-ENTITY-NO-KEY}
   * @param severity what a problem found by the rule means for the model
   * @param summary one sentence on what the rule checks
   */
  record Info(String id, Severity severity, String summary) {
    public Info {
      java.util.Objects.requireNonNull(id, "id");
      java.util.Objects.requireNonNull(severity, "severity");
      java.util.Objects.requireNonNull(summary, "summary");
    }
  }

  /** The rule's id, severity and summary. */
  Info info();

  /** The stable id, such as {@code KEY-COUNTER} or {@code ER-ENTITY-NO-KEY}. */
  default String id() {
    return info().id();
  }

  /** What a problem found by this rule means for the model. */
  default Severity severity() {
    return info().severity();
  }

  /** One sentence on what the rule checks. */
  default String summary() {
    return info().summary();
  }
}
