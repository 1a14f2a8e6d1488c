package org.keyspacestudio.app.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.keyspacestudio.app.Counts;
import org.keyspacestudio.model.project.ModelFiles;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.validate.Severity;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kstudio import FILE.cql... -o PROJECT.kstudio}, or a KDM project ({@code .xml}). */
@Command(
    name = "import",
    mixinStandardHelpOptions = true,
    description = {
      "Reads .cql scripts (in order, into one model), or a KDM project file (.xml: its ER model,"
          + " keys, access patterns and generated tables), and saves them as a project file.",
      "Problems are printed as by 'validate'; everything that could be read is saved, even when"
          + " there are errors.",
      "Exit status: 0 no errors, 1 saved but the model has errors, 2 bad usage."
    })
final class ImportCommand implements Callable<Integer> {

  @Parameters(
      arity = "1..*",
      paramLabel = "FILE",
      description = "CQL scripts, or one KDM project (.xml)")
  List<Path> files;

  @Option(
      names = {"-o", "--output"},
      required = true,
      paramLabel = "PROJECT.json",
      description = "The project file to write (replaced atomically if it exists)")
  Path output;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (files.stream().anyMatch(ModelFiles::isProject)) {
      err.println("kstudio import: give .cql scripts; " + files.get(0) + " is a project file");
      return KstudioCommand.EXIT_USAGE;
    }
    ModelFiles.Loaded loaded = Inputs.load(files, err);
    if (loaded == null) {
      return KstudioCommand.EXIT_USAGE;
    }
    loaded.problems().stream()
        .filter(
            p ->
                p.severity() != Severity.INFO
                    || p.rule() == org.keyspacestudio.model.kdm.KdmRule.IMPORT_NOTE)
        .forEach(p -> out.println(p.format(Inputs.label(files))));
    try {
      ProjectFile.write(loaded.project(), output);
    } catch (IOException e) {
      err.println("kstudio import: cannot write " + output + ": " + e.getMessage());
      return KstudioCommand.EXIT_USAGE;
    }
    var er = loaded.project().conceptual();
    String models =
        er.isEmpty() && loaded.project().workflow().isEmpty()
            ? ""
            : Counts.of(er.entities().size(), "entity", "entities")
                + ", "
                + Counts.of(er.relationships().size(), "relationship", "relationships")
                + ", "
                + Counts.of(loaded.project().workflow().queries().size(), "query", "queries")
                + ", ";
    err.println(
        "wrote "
            + output
            + ": "
            + models
            + Counts.of(loaded.schema().keyspaces().size(), "keyspace", "keyspaces")
            + ", "
            + Counts.of(loaded.schema().tableCount(), "table", "tables")
            + ", "
            + Counts.of(loaded.schema().otherStatements().size(), "statement", "statements")
            + " kept verbatim");
    boolean errors = loaded.problems().stream().anyMatch(p -> p.severity() == Severity.ERROR);
    return errors ? KstudioCommand.EXIT_ERRORS : KstudioCommand.EXIT_OK;
  }
}
