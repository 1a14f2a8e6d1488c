package org.keyspacestudio.app.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.keyspacestudio.app.cluster.ClusterPlans;
import org.keyspacestudio.export.cluster.ClusterException;
import org.keyspacestudio.export.cluster.ClusterSession;
import org.keyspacestudio.model.diff.Plan;
import org.keyspacestudio.model.project.ModelFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code kstudio plan PROJECT [connection]}: what apply would run, without running it. */
@Command(
    name = "plan",
    mixinStandardHelpOptions = true,
    description = {
      "Compares the model with the cluster and prints the statements that would make the cluster"
          + " match it. Runs nothing.",
      "Exit status: 0 a plan (possibly empty) that apply can run, 1 changes that cannot be made"
          + " in place, 2 bad usage or no connection, 3 with --fail-on-changes: the cluster"
          + " differs from the model (for CI drift checks)."
    })
final class PlanCommand implements Callable<Integer> {
  @Mixin ModelTarget model;

  @Option(
      names = "--format",
      defaultValue = "text",
      description = "text (default) or json (keyspaces, statements, blocked changes, for machines)")
  ValidateCommand.Format format;

  @Option(
      names = "--fail-on-changes",
      description = "Exit with 3 when the plan is not empty (the cluster has drifted)")
  boolean failOnChanges;

  /** Exit status of {@code --fail-on-changes} when the cluster differs from the model. */
  static final int EXIT_CHANGES = 3;

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
      if (format == ValidateCommand.Format.json) {
        out.println(ClusterPlans.json(plans));
      } else {
        out.print(ClusterPlans.describe(plans));
      }
      out.flush();
      if (plans.stream().anyMatch(p -> !p.blocked().isEmpty())) {
        return KstudioCommand.EXIT_ERRORS;
      }
      boolean changes = plans.stream().anyMatch(p -> !p.isEmpty());
      return failOnChanges && changes ? EXIT_CHANGES : KstudioCommand.EXIT_OK;
    } catch (ClusterException | IllegalArgumentException e) {
      err.println("kstudio plan: " + e.getMessage());
      return KstudioCommand.EXIT_USAGE;
    }
  }
}
