package org.keyspacestudio.model.workflow;

import java.util.List;
import java.util.Objects;

/**
 * A transition of the application workflow: an arrow from one task to the next, labelled with the
 * queries it runs. The entry transition has no source: it marks where the workflow starts.
 *
 * @param from the task it leaves, or null for the entry transition
 * @param to the task it enters, not null
 * @param queries ids of the queries it runs ({@code Q1}...), in order
 */
public record Transition(String from, String to, List<String> queries) {
  public Transition {
    Objects.requireNonNull(to, "to");
    queries = List.copyOf(queries);
  }

  /** Whether it is the entry transition. */
  public boolean isEntry() {
    return from == null;
  }

  /** A copy running other queries. */
  public Transition withQueries(List<String> newQueries) {
    return new Transition(from, to, newQueries);
  }

  /** A copy with tasks renamed. */
  public Transition withTasks(String newFrom, String newTo) {
    return new Transition(newFrom, newTo, queries);
  }
}
