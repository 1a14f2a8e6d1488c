package org.keyspacestudio.app.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.keyspacestudio.export.CqlExport;
import org.keyspacestudio.model.project.ModelFiles;
import org.keyspacestudio.model.write.CqlWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kstudio export-cql FILE [-o OUT.cql] [--queries QUERIES.cql]}. */
@Command(
    name = "export-cql",
    mixinStandardHelpOptions = true,
    description = {
      "Prints the model of a project or .cql script as clean CQL (DESCRIBE-like, deterministic).",
      "Problems are not printed here: run 'validate' for them.",
      "With --queries, also writes the SELECT of every query of the workflow on the tables that"
          + " answer it (bind each ?), the companion the application's code uses.",
      "Exit status: 0 written, 2 bad usage."
    })
final class ExportCqlCommand implements Callable<Integer> {

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "A project or .cql scripts")
  List<Path> files;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "OUT.cql",
      description = "Write to this file (atomically) instead of standard output")
  Path output;

  @Option(
      names = "--queries",
      paramLabel = "QUERIES.cql",
      description = "Also write each query's SELECT to this file (atomically)")
  Path queries;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    ModelFiles.Loaded loaded = Inputs.load(files, err);
    if (loaded == null) {
      return KstudioCommand.EXIT_USAGE;
    }
    if (queries != null) {
      try {
        org.keyspacestudio.model.project.AtomicFiles.writeString(
            queries, org.keyspacestudio.model.support.QuerySupport.queriesCql(loaded.project()));
      } catch (IOException e) {
        err.println("kstudio export-cql: cannot write " + queries + ": " + e.getMessage());
        return KstudioCommand.EXIT_USAGE;
      }
    }
    if (output == null) {
      out.print(CqlWriter.write(loaded.schema()));
      out.flush();
      return KstudioCommand.EXIT_OK;
    }
    try {
      CqlExport.write(loaded.schema(), output);
    } catch (IOException e) {
      err.println("kstudio export-cql: cannot write " + output + ": " + e.getMessage());
      return KstudioCommand.EXIT_USAGE;
    }
    return KstudioCommand.EXIT_OK;
  }
}
