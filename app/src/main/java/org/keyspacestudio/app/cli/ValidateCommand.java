package org.keyspacestudio.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.keyspacestudio.model.project.ModelFiles;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Severity;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kstudio validate FILE...}: every problem of a CQL script or a project, one a line. */
@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description = {
      "Checks a .cql script (or several, read in order) or a project file: the schema against the"
          + " rules Cassandra 5.0 enforces, and a project's conceptual model, workflow and queries.",
      "Prints one problem a line: path:line:column: severity: RULE-ID message.",
      "Exit status: 0 no errors (warnings allowed), 1 errors, 2 bad usage."
    })
final class ValidateCommand implements Callable<Integer> {

  /** Output formats. */
  enum Format {
    text,
    json
  }

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "A .cql script or a project")
  List<Path> files;

  @Option(
      names = "--format",
      defaultValue = "text",
      description = "text (default) or json (an array of problems, for machines)")
  Format format;

  @Option(
      names = {"-q", "--quiet"},
      description = "Print errors only, no warnings or notes")
  boolean quiet;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    ModelFiles.Loaded loaded = Inputs.load(files, err);
    if (loaded == null) {
      return KstudioCommand.EXIT_USAGE;
    }
    List<Problem> problems =
        loaded.problems().stream().filter(p -> !quiet || p.severity() == Severity.ERROR).toList();
    String label = Inputs.label(files);
    if (format == Format.json) {
      out.println(json(problems, label));
    } else {
      problems.forEach(p -> out.println(p.format(label)));
      long errors = problems.stream().filter(p -> p.severity() == Severity.ERROR).count();
      long warnings = problems.stream().filter(p -> p.severity() == Severity.WARNING).count();
      var conceptual = loaded.project().conceptual();
      var workflow = loaded.project().workflow();
      String models =
          conceptual.isEmpty() && workflow.isEmpty()
              ? ""
              : conceptual.entities().size()
                  + " entities, "
                  + conceptual.relationships().size()
                  + " relationships, "
                  + workflow.queries().size()
                  + " queries, ";
      err.println(
          label
              + ": "
              + models
              + loaded.schema().tableCount()
              + " tables, "
              + errors
              + (errors == 1 ? " error, " : " errors, ")
              + warnings
              + (warnings == 1 ? " warning" : " warnings"));
    }
    boolean hasErrors = loaded.problems().stream().anyMatch(p -> p.severity() == Severity.ERROR);
    return hasErrors ? KstudioCommand.EXIT_ERRORS : KstudioCommand.EXIT_OK;
  }

  static String json(List<Problem> problems, String label) {
    ArrayNode array = JsonNodeFactory.instance.arrayNode();
    for (Problem p : problems) {
      ObjectNode o = array.addObject();
      o.put("file", p.position() != null ? p.position().source() : label);
      if (p.position() != null) {
        o.put("line", p.position().line());
        o.put("column", p.position().column());
      }
      o.put("severity", p.severity().label());
      o.put("rule", p.rule().id());
      o.put("message", p.message());
      if (p.element() != null) {
        o.put("element", p.element().toString());
        o.put("elementKind", p.element().kind().name().toLowerCase(java.util.Locale.ROOT));
      }
    }
    return Inputs.json(array);
  }
}
