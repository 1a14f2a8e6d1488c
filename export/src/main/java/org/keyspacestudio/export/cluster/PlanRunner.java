package org.keyspacestudio.export.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.keyspacestudio.model.diff.Change;
import org.keyspacestudio.model.diff.Plan;

/**
 * Runs a {@link Plan} on a cluster, statement by statement, waiting for schema agreement after
 * each, and stops at the first failure.
 *
 * <p>A plan with changes Cassandra cannot make in place is not started. A plan with {@code DROP}
 * statements starts only when drops are allowed. Running the same model again after a failure plans
 * from the live state, so it continues where the failed run stopped.
 */
public final class PlanRunner {
  private PlanRunner() {}

  /** What happened to one statement. */
  public enum Status {
    /** It ran and the nodes agree on the schema. */
    DONE,
    /** It ran, but the nodes did not agree on the schema in time. */
    DONE_WITHOUT_AGREEMENT,
    /** The cluster rejected it, or the connection failed while it ran. */
    FAILED,
    /** It was not run: an earlier statement failed, or the user stopped the run before it. */
    NOT_RUN;

    /** Whether the statement ran (with or without schema agreement). */
    public boolean ran() {
      return this == DONE || this == DONE_WITHOUT_AGREEMENT;
    }
  }

  /**
   * The outcome of one statement.
   *
   * @param change the statement
   * @param status what happened
   * @param took how long it took, including the wait for agreement ({@link Duration#ZERO} if not
   *     run)
   * @param error the failure for {@link Status#FAILED}, else {@code null}
   */
  public record StepResult(Change change, Status status, Duration took, ClusterException error) {
    public StepResult {
      Objects.requireNonNull(change, "change");
      Objects.requireNonNull(status, "status");
      Objects.requireNonNull(took, "took");
    }
  }

  /**
   * The outcome of a whole plan.
   *
   * @param steps one result per statement of the plan, in order
   * @param refusal why nothing was run (blocked changes, drops not allowed), or {@code null}
   */
  public record Result(List<StepResult> steps, String refusal) {
    public Result {
      steps = List.copyOf(steps);
    }

    /** Whether every statement ran. */
    public boolean complete() {
      return refusal == null && steps.stream().allMatch(s -> s.status().ran());
    }

    /** The statements that ran. */
    public long ran() {
      return steps.stream().filter(s -> s.status().ran()).count();
    }

    /** The failed statement's result, if one failed. */
    public java.util.Optional<StepResult> failure() {
      return steps.stream().filter(s -> s.status() == Status.FAILED).findFirst();
    }
  }

  /** Told about each statement as it starts and ends; called on the thread that runs the plan. */
  public interface Listener {
    /**
     * @param index the statement's number, from 1
     * @param total the number of statements
     * @param change the statement
     */
    default void starting(int index, int total, Change change) {}

    /**
     * @param index the statement's number, from 1
     * @param total the number of statements
     * @param result what happened
     */
    default void finished(int index, int total, StepResult result) {}

    /**
     * Asked before each statement: true stops the run there (the statement under way always
     * finishes; a DDL statement cannot be taken back half-way), and the rest are {@link
     * Status#NOT_RUN}.
     */
    default boolean stopRequested() {
      return false;
    }
  }

  /**
   * Runs the plan.
   *
   * @param session an open session
   * @param plan the statements to run
   * @param allowDrop whether {@code DROP} statements may run
   * @param listener told about each statement
   * @return what ran and what did not; never throws for a failed statement
   */
  public static Result run(
      ClusterSession session, Plan plan, boolean allowDrop, Listener listener) {
    if (!plan.blocked().isEmpty()) {
      return new Result(
          notRun(plan.changes()),
          plan.blocked().size()
              + " change(s) cannot be made in place; nothing was run. See the plan for the way"
              + " out.");
    }
    if (!allowDrop && !plan.drops().isEmpty()) {
      return new Result(
          notRun(plan.changes()),
          "the plan drops "
              + plan.drops().size()
              + " thing(s) ("
              + String.join(", ", plan.drops().stream().map(Change::summary).toList())
              + "); nothing was run. Allow drops to run it.");
    }
    List<StepResult> results = new ArrayList<>();
    int total = plan.changes().size();
    boolean failed = false;
    boolean stopped = false;
    session.setSchemaMetadataEnabled(false);
    try {
      for (int i = 0; i < total; i++) {
        Change change = plan.changes().get(i);
        stopped = stopped || (!failed && listener.stopRequested());
        if (failed || stopped) {
          results.add(new StepResult(change, Status.NOT_RUN, Duration.ZERO, null));
          continue;
        }
        listener.starting(i + 1, total, change);
        long start = System.nanoTime();
        StepResult result;
        try {
          boolean agreed = session.execute(change.cql());
          result =
              new StepResult(
                  change,
                  agreed ? Status.DONE : Status.DONE_WITHOUT_AGREEMENT,
                  Duration.ofNanos(System.nanoTime() - start),
                  null);
        } catch (ClusterException e) {
          result =
              new StepResult(change, Status.FAILED, Duration.ofNanos(System.nanoTime() - start), e);
          failed = true;
        }
        results.add(result);
        listener.finished(i + 1, total, result);
      }
    } finally {
      try {
        session.setSchemaMetadataEnabled(true);
      } catch (RuntimeException e) {
        // The connection may be gone; the results say so already.
      }
    }
    return new Result(results, null);
  }

  private static List<StepResult> notRun(List<Change> changes) {
    return changes.stream()
        .map(c -> new StepResult(c, Status.NOT_RUN, Duration.ZERO, null))
        .toList();
  }
}
