package org.keyspacestudio.app.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.keyspacestudio.app.cluster.ClusterPlans;
import org.keyspacestudio.export.cluster.ClusterException;
import org.keyspacestudio.export.cluster.ClusterSession;
import org.keyspacestudio.export.cluster.PlanRunner;
import org.keyspacestudio.model.diff.Change;
import org.keyspacestudio.model.diff.Plan;
import org.keyspacestudio.model.project.ModelFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code kstudio apply PROJECT [--allow-drop] [connection]}. */
@Command(
    name = "apply",
    mixinStandardHelpOptions = true,
    description = {
      "Makes the cluster match the model: plans as 'plan' does, then runs the statements one by"
          + " one, waiting for schema agreement after each, and stops at the first failure.",
      "A plan with DROP statements runs only with --allow-drop. The model file is never written.",
      "Exit status: 0 the cluster matches the model, 1 a statement failed or the plan was refused,"
          + " 2 bad usage or no connection."
    })
final class ApplyCommand implements Callable<Integer> {
  @Mixin ModelTarget model;

  @Option(names = "--allow-drop", description = "Allow DROP statements (tables, columns, ...)")
  boolean allowDrop;

  @Mixin ConnectionOptions connection;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    ModelFiles.Loaded loaded = model.load(err);
    if (loaded == null) {
      return KstudioCommand.EXIT_USAGE;
    }
    try (ClusterSession session = ClusterSession.connect(connection.settings())) {
      List<Plan> plans = model.plans(loaded, session);
      boolean ok = true;
      for (Plan plan : plans) {
        if (plan.isEmpty()) {
          out.println("keyspace " + plan.keyspace().asCql() + ": up to date, nothing to do");
          continue;
        }
        out.println(
            "keyspace " + plan.keyspace().asCql() + ": " + plan.changes().size() + " statement(s)");
        out.flush();
        PlanRunner.Result result = PlanRunner.run(session, plan, allowDrop, new Printer(out));
        if (result.refusal() != null) {
          out.print(ClusterPlans.describe(List.of(plan)));
          err.println("kstudio apply: " + result.refusal());
          if (!plan.drops().isEmpty() && plan.blocked().isEmpty()) {
            err.println("  DROP statements remove data. Check the plan, then add --allow-drop.");
          }
          ok = false;
          break;
        }
        if (!result.complete()) {
          PlanRunner.StepResult failed = result.failure().orElseThrow();
          long notRun =
              result.steps().stream().filter(s -> s.status() == PlanRunner.Status.NOT_RUN).count();
          err.println(
              "kstudio apply: stopped at statement "
                  + (result.steps().indexOf(failed) + 1)
                  + " of "
                  + result.steps().size()
                  + ": "
                  + failed.error().getMessage());
          err.println(
              "  "
                  + result.ran()
                  + " statement(s) ran, 1 failed, "
                  + notRun
                  + " not run. Fix the cause and run apply again: it plans from what the"
                  + " cluster has now.");
          ok = false;
          break;
        }
        out.println(
            "keyspace " + plan.keyspace().asCql() + ": done, " + result.ran() + " statement(s)");
      }
      out.flush();
      return ok ? KstudioCommand.EXIT_OK : KstudioCommand.EXIT_ERRORS;
    } catch (ClusterException | IllegalArgumentException e) {
      err.println("kstudio apply: " + e.getMessage());
      return KstudioCommand.EXIT_USAGE;
    }
  }

  /** One line per statement: number, outcome, time, summary. */
  private record Printer(PrintWriter out) implements PlanRunner.Listener {
    @Override
    public void finished(int index, int total, PlanRunner.StepResult result) {
      Change change = result.change();
      String status =
          switch (result.status()) {
            case DONE -> "ok";
            case DONE_WITHOUT_AGREEMENT -> "ok, but the nodes did not agree on the schema in time";
            case FAILED -> "FAILED";
            case NOT_RUN -> "not run";
          };
      out.printf(
          "[%d/%d] %s (%d ms) %s%n",
          index, total, status, result.took().toMillis(), change.summary());
      if (result.status() == PlanRunner.Status.FAILED) {
        out.println("      " + change.cql().replace("\n", "\n      "));
      }
      out.flush();
    }
  }
}
