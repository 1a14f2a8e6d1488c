package org.keyspacestudio.model.workflow;

import org.keyspacestudio.model.validate.RuleId;
import org.keyspacestudio.model.validate.Severity;

/**
 * The checks of the application workflow and its queries (access patterns). As for the conceptual
 * model, severity speaks of the mapping to tables: an <em>error</em> leaves a query or a transition
 * unusable as it is; a <em>warning</em> is usable but probably not what was meant.
 */
public enum WorkflowRule implements RuleId {
  TASK_NAME_INVALID(
      "WF-TASK-NAME-INVALID",
      Severity.ERROR,
      "A task name is not empty and has no surrounding spaces."),
  TASK_DUPLICATE("WF-TASK-DUPLICATE", Severity.ERROR, "Two tasks have the same name."),
  NO_ENTRY(
      "WF-NO-ENTRY",
      Severity.WARNING,
      "A workflow with tasks has an entry transition: where the application starts."),
  TRANSITION_UNKNOWN_TASK(
      "WF-TRANSITION-UNKNOWN-TASK",
      Severity.ERROR,
      "A transition leaves or enters a task that does not exist."),
  TASK_UNREACHABLE(
      "WF-TASK-UNREACHABLE",
      Severity.WARNING,
      "A task cannot be reached from the entry: the data its queries need may never be known."),
  QUERY_ID_INVALID(
      "WF-QUERY-ID-INVALID",
      Severity.ERROR,
      "A query id is not empty, has no spaces and no comma (Q1, Q2, ...)."),
  QUERY_DUPLICATE("WF-QUERY-DUPLICATE", Severity.ERROR, "Two queries have the same id."),
  QUERY_UNKNOWN(
      "WF-QUERY-UNKNOWN",
      Severity.ERROR,
      "A transition or task runs a query id that the workflow does not define."),
  QUERY_UNUSED(
      "WF-QUERY-UNUSED",
      Severity.WARNING,
      "A query is run by no transition and no task: the workflow does not say when it runs."),
  QUERY_ATTRIBUTE_UNKNOWN(
      "QUERY-ATTRIBUTE-UNKNOWN",
      Severity.ERROR,
      "A query refers to an attribute (Entity.attribute) that the conceptual model lacks."),
  QUERY_END_AMBIGUOUS(
      "QUERY-END-AMBIGUOUS",
      Severity.WARNING,
      "A query names an entity that a recursive relationship it uses joins more than once (follows"
          + " joins User as follower and followee): say which end, by its role (follower.user_id)."),
  QUERY_NO_RETURNS(
      "QUERY-NO-RETURNS", Severity.WARNING, "A query returns no attribute: say what it finds."),
  QUERY_NO_EQUALITY(
      "QUERY-NO-EQUALITY",
      Severity.WARNING,
      "A query gives no attribute by equality (= or IN): its table has no natural partition key,"
          + " so mapping adds a bucket column and the whole table may sit in few partitions."),
  QUERY_ORDER_REPEATED(
      "QUERY-ORDER-REPEATED",
      Severity.ERROR,
      "A query orders by the same attribute twice, or by an attribute it gives by equality.");

  private final Info info;

  WorkflowRule(String id, Severity severity, String summary) {
    this.info = new Info(id, severity, summary);
  }

  @Override
  public Info info() {
    return info;
  }
}
