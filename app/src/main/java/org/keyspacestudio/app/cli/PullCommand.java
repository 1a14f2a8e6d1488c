package org.keyspacestudio.app.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.keyspacestudio.app.Counts;
import org.keyspacestudio.export.cluster.ClusterException;
import org.keyspacestudio.export.cluster.ClusterSession;
import org.keyspacestudio.export.cluster.SchemaPuller;
import org.keyspacestudio.export.diagram.DiagramGeometry;
import org.keyspacestudio.export.diagram.DiagramStyle;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.Schema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code kstudio pull --keyspace KS [connection] -o PROJECT}. */
@Command(
    name = "pull",
    mixinStandardHelpOptions = true,
    description = {
      "Reads a keyspace from a cluster into a project file with a laid-out diagram.",
      "Exit status: 0 written, 1 no such keyspace, 2 bad usage or no connection."
    })
final class PullCommand implements Callable<Integer> {
  @Option(names = "--keyspace", required = true, paramLabel = "KS", description = "The keyspace")
  String keyspace;

  @Option(
      names = {"-o", "--output"},
      required = true,
      paramLabel = "PROJECT",
      description = "The project file to write (replaced atomically if it exists)")
  Path output;

  @Mixin ConnectionOptions connection;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    try (ClusterSession session = ClusterSession.connect(connection.settings())) {
      Optional<Keyspace> pulled = SchemaPuller.pull(session, CqlIdentifier.fromCql(keyspace));
      if (pulled.isEmpty()) {
        err.println(
            "kstudio pull: "
                + session.settings().describe()
                + " has no keyspace "
                + keyspace
                + "; it has: "
                + String.join(", ", session.keyspaceNames()));
        return KstudioCommand.EXIT_ERRORS;
      }
      Schema schema = new Schema(List.of(pulled.get()), List.of());
      Map<ElementRef, Point> placed =
          DiagramGeometry.of(schema, Diagram.empty(), DiagramStyle.DEFAULT).autoPlaced();
      ProjectFile.write(new Project(schema, Diagram.empty().withPositions(placed)), output);
      err.println(
          "wrote "
              + output
              + ": keyspace "
              + keyspace
              + " from "
              + session.settings().describe()
              + ", "
              + Counts.of(pulled.get().tables().size(), "table", "tables")
              + ", "
              + Counts.of(pulled.get().types().size(), "type", "types")
              + ", "
              + Counts.of(pulled.get().indexes().size(), "index", "indexes")
              + ", "
              + Counts.of(pulled.get().views().size(), "view", "views"));
      return KstudioCommand.EXIT_OK;
    } catch (ClusterException e) {
      err.println("kstudio pull: " + e.getMessage());
      return KstudioCommand.EXIT_USAGE;
    } catch (IllegalArgumentException e) {
      err.println("kstudio pull: " + e.getMessage());
      return KstudioCommand.EXIT_USAGE;
    } catch (IOException e) {
      err.println("kstudio pull: cannot write " + output + ": " + e.getMessage());
      return KstudioCommand.EXIT_USAGE;
    }
  }
}
