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
import picocli.CommandLine.Spec;

/** {@code kstudio plan PROJECT [connection]}: what apply would run, without running it. */
@Command(
    name = "plan",
    mixinStandardHelpOptions = true,
    description = {
      "Compares the model with the cluster and prints the statements that would make the cluster"
          + " match it. Runs nothing.",
      "Exit status: 0 a plan (possibly empty) that apply can run, 1 changes that cannot be made"
          + " in place, 2 bad usage or no connection."
    })
final class PlanCommand implements Callable<Integer> {
  @Mixin ModelTarget model;

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
      out.print(ClusterPlans.describe(plans));
      out.flush();
      return plans.stream().anyMatch(p -> !p.blocked().isEmpty())
          ? KstudioCommand.EXIT_ERRORS
          : KstudioCommand.EXIT_OK;
    } catch (ClusterException | IllegalArgumentException e) {
      err.println("kstudio plan: " + e.getMessage());
      return KstudioCommand.EXIT_USAGE;
    }
  }
}
