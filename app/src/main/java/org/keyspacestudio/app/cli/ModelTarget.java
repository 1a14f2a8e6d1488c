package org.keyspacestudio.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.keyspacestudio.app.cluster.ClusterPlans;
import org.keyspacestudio.export.cluster.ClusterException;
import org.keyspacestudio.export.cluster.ClusterSession;
import org.keyspacestudio.model.diff.Plan;
import org.keyspacestudio.model.project.ModelFiles;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The model that {@code plan} and {@code apply} compare with the cluster, and which keyspaces. */
final class ModelTarget {
  @Parameters(index = "0", paramLabel = "PROJECT", description = "A project file or .cql script")
  Path file;

  @Option(
      names = "--keyspace",
      paramLabel = "KS",
      description = "Only this keyspace; also the name for tables the model has without a keyspace")
  String keyspace;

  /**
   * Loads the model, or prints why not and returns null.
   *
   * @param err where to say what went wrong
   * @return the loaded model, or null
   */
  ModelFiles.Loaded load(PrintWriter err) {
    return Inputs.load(List.of(file), err);
  }

  /**
   * Plans each chosen keyspace of the model against the cluster.
   *
   * @param loaded the model
   * @param session an open session
   * @return one plan per keyspace
   * @throws ClusterException when the cluster's schema cannot be read
   * @throws IllegalArgumentException when the model has no such keyspace
   */
  List<Plan> plans(ModelFiles.Loaded loaded, ClusterSession session) throws ClusterException {
    return ClusterPlans.plan(session, ClusterPlans.keyspaces(loaded.schema(), keyspace, keyspace));
  }
}
