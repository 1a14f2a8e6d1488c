package org.keyspacestudio.model.workflow;

import java.util.List;
import java.util.Objects;

/**
 * A task (step) of the application workflow: a rounded box, such as "Log in" or "Show video".
 *
 * @param name the name, unique among tasks, not null
 * @param queries ids of queries the task runs by itself (besides those on its transitions)
 */
public record Task(String name, List<String> queries) {
  public Task {
    Objects.requireNonNull(name, "name");
    queries = List.copyOf(queries);
  }

  /** A task without queries. */
  public static Task named(String name) {
    return new Task(name, List.of());
  }

  /** A copy with another name. */
  public Task withName(String newName) {
    return new Task(newName, queries);
  }

  /** A copy running other queries. */
  public Task withQueries(List<String> newQueries) {
    return new Task(name, newQueries);
  }
}
