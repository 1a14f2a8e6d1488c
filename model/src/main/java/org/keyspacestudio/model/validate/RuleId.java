package org.keyspacestudio.model.validate;

/**
 * A check with a stable id and a severity: the schema rules ({@link Rule}), and the rules of the
 * conceptual model, the workflow, query support and partition size, each kind in its own package.
 * Ids are used in problem lines, JSON output and {@code docs/rules.md}, and never reused.
 */
public interface RuleId {

  /** The stable id, such as {@code KEY-COUNTER} or {@code ER-ENTITY-NO-KEY}. */
  String id();

  /** What a problem found by this rule means for the model. */
  Severity severity();

  /** One sentence on what the rule checks. */
  String summary();
}
