package org.keyspacestudio.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.keyspacestudio.app.Counts;
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
      "Prints one problem a line: path:line:column: severity: RULE-ID message, each followed by"
          + " its fixes, indented: '  fix: what it does' (' [safe]' on those --fix applies).",
      "With --fix -o OUT, applies the safe fixes (drop an option Cassandra 5.0 no longer has,"
          + " DateTieredCompactionStrategy to TimeWindowCompactionStrategy) and writes the result"
          + " to OUT (.cql, else a project), listing each fix; the input is never changed.",
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
      description =
          "text (default) or json (an array of problems, for machines, each with its fixes)")
  Format format;

  @Option(
      names = {"-q", "--quiet"},
      description = "Print errors only, no warnings or notes")
  boolean quiet;

  @Option(names = "--fix", description = "Apply the safe fixes and write the result to -o OUT")
  boolean fix;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "OUT",
      description = "With --fix: where the fixed model goes (.cql, else a project file)")
  Path output;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    ModelFiles.Loaded loaded = Inputs.load(files, err);
    if (loaded == null) {
      return KstudioCommand.EXIT_USAGE;
    }
    if (fix) {
      return fix(loaded, out, err);
    }
    List<Problem> problems =
        loaded.problems().stream().filter(p -> !quiet || p.severity() == Severity.ERROR).toList();
    String label = Inputs.label(files);
    org.keyspacestudio.model.project.Project project = loaded.project();
    if (format == Format.json) {
      out.println(json(problems, label, project));
    } else {
      for (Problem p : problems) {
        out.println(p.format(label));
        for (var f : org.keyspacestudio.model.edit.QuickFixes.of(project, p)) {
          out.println("  fix: " + f.label() + (f.safe() ? " [safe]" : ""));
        }
      }
      long errors = problems.stream().filter(p -> p.severity() == Severity.ERROR).count();
      long warnings = problems.stream().filter(p -> p.severity() == Severity.WARNING).count();
      var conceptual = loaded.project().conceptual();
      var workflow = loaded.project().workflow();
      String models =
          conceptual.isEmpty() && workflow.isEmpty()
              ? ""
              : Counts.of(conceptual.entities().size(), "entity", "entities")
                  + ", "
                  + Counts.of(conceptual.relationships().size(), "relationship", "relationships")
                  + ", "
                  + Counts.of(workflow.queries().size(), "query", "queries")
                  + ", ";
      err.println(
          label
              + ": "
              + models
              + Counts.of(loaded.schema().tableCount(), "table", "tables")
              + ", "
              + Counts.of(errors, "error", "errors")
              + ", "
              + Counts.of(warnings, "warning", "warnings"));
    }
    boolean hasErrors = loaded.problems().stream().anyMatch(p -> p.severity() == Severity.ERROR);
    return hasErrors ? KstudioCommand.EXIT_ERRORS : KstudioCommand.EXIT_OK;
  }

  private Integer fix(ModelFiles.Loaded loaded, PrintWriter out, PrintWriter err) {
    if (output == null) {
      err.println(
          "kstudio validate: --fix writes the fixed model elsewhere: add -o OUT (.cql or"
              + " .kstudio); the input is never changed");
      return KstudioCommand.EXIT_USAGE;
    }
    org.keyspacestudio.model.project.Project project = loaded.project();
    var applied = org.keyspacestudio.model.edit.QuickFixes.applySafe(project);
    org.keyspacestudio.model.project.Project fixed = applied.edit().change().apply(project);
    try {
      if (output.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".cql")) {
        org.keyspacestudio.export.CqlExport.write(fixed.schema(), output);
      } else {
        org.keyspacestudio.model.project.ProjectFile.write(fixed, output);
      }
    } catch (java.io.IOException e) {
      err.println("kstudio validate: cannot write " + output + ": " + e.getMessage());
      return KstudioCommand.EXIT_USAGE;
    }
    applied.labels().forEach(l -> out.println("fixed: " + l));
    List<Problem> left = org.keyspacestudio.model.project.ProjectChecks.validate(fixed);
    for (Problem p : left) {
      if (!quiet || p.severity() == Severity.ERROR) {
        out.println(p.format(output.toString()));
        for (var f : org.keyspacestudio.model.edit.QuickFixes.of(fixed, p)) {
          out.println("  fix: " + f.label());
        }
      }
    }
    long errors = left.stream().filter(p -> p.severity() == Severity.ERROR).count();
    err.println(
        "wrote "
            + output
            + ": "
            + applied.labels().size()
            + (applied.labels().size() == 1 ? " fix, " : " fixes, ")
            + errors
            + (errors == 1 ? " error left" : " errors left"));
    return errors > 0 ? KstudioCommand.EXIT_ERRORS : KstudioCommand.EXIT_OK;
  }

  /**
   * The problems as a JSON array: file, line and column when known, severity, rule, message, the
   * element and its kind when there is one, and the fixes ({@code label}, {@code safe}) offered.
   */
  static String json(
      List<Problem> problems, String label, org.keyspacestudio.model.project.Project project) {
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
      ArrayNode fixes = o.putArray("fixes");
      for (var f : org.keyspacestudio.model.edit.QuickFixes.of(project, p)) {
        fixes.addObject().put("label", f.label()).put("safe", f.safe());
      }
    }
    return Inputs.json(array);
  }
}
