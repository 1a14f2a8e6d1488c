package org.keyspacestudio.model.diagram;

import java.util.ArrayList;
import java.util.List;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.Task;
import org.keyspacestudio.model.workflow.Transition;
import org.keyspacestudio.model.workflow.Workflow;

/**
 * The application workflow as the Chebotko method draws it: a rounded box per task (with the
 * queries it runs by itself as rows), an arrow per transition labelled with the queries it runs,
 * and an entry arrow into the first task.
 */
public final class WorkflowNotation {

  /** Longest description shown on a task's query row, in characters. */
  static final int DESCRIPTION_LENGTH = 40;

  private WorkflowNotation() {}

  /** The boxes and arrows of a workflow. */
  public static DiagramContent content(Workflow workflow) {
    List<Box> boxes = new ArrayList<>();
    for (Task task : workflow.tasks()) {
      ElementRef ref = ElementRef.task(task.name());
      List<Box.Row> rows = new ArrayList<>();
      for (String id : task.queries()) {
        String description = workflow.query(id).map(Query::description).orElse("");
        rows.add(new Box.Row(ElementRef.query(id), id, shortened(description), "", false));
      }
      boxes.add(new Box(ref, Box.Kind.TASK, task.name(), rows));
    }
    List<QueryArrow> edges = new ArrayList<>();
    for (Transition t : workflow.transitions()) {
      edges.add(
          new QueryArrow(
              String.join(", ", t.queries()),
              t.from() == null ? null : ElementRef.task(t.from()),
              ElementRef.task(t.to())));
    }
    return new DiagramContent(boxes, edges);
  }

  static String shortened(String text) {
    return text.length() <= DESCRIPTION_LENGTH
        ? text
        : text.substring(0, DESCRIPTION_LENGTH - 1).stripTrailing() + "…";
  }
}
