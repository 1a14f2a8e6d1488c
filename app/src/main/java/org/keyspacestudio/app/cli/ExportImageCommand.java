package org.keyspacestudio.app.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.keyspacestudio.export.diagram.DiagramGeometry;
import org.keyspacestudio.export.diagram.DiagramSet;
import org.keyspacestudio.export.diagram.DiagramStyle;
import org.keyspacestudio.export.diagram.ImageExport;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.DiagramKind;
import org.keyspacestudio.model.project.ModelFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kstudio export-image FILE [--diagram conceptual|workflow|logical|physical|NAME] --format
 * png|svg|pdf -o OUT}, or {@code --all -o FOLDER} for every diagram of the project, one file each.
 */
@Command(
    name = "export-image",
    mixinStandardHelpOptions = true,
    description = {
      "Draws a diagram of a project or .cql script as PNG, SVG or PDF, headless: the conceptual"
          + " (ER) model, the workflow, or the Chebotko diagram at the logical or physical level.",
      "A project is drawn as laid out in the editor; what has no place yet is laid out"
          + " automatically.",
      "With --all, every diagram that has something in it goes into the folder OUT, one file"
          + " each, named after the diagram (conceptual.svg, workflow.svg, logical.svg,"
          + " physical.svg, then the project's own diagrams, e.g. orders-by-user.svg); each"
          + " file written is listed.",
      "Exit status: 0 written, 2 bad usage."
    })
final class ExportImageCommand implements Callable<Integer> {

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "A project or .cql scripts")
  List<Path> files;

  @Option(
      names = {"-o", "--output"},
      required = true,
      paramLabel = "OUT",
      description = "The image file to write (replaced atomically); with --all, the folder")
  Path output;

  /** The look of the image: the editor's light or dark theme. */
  enum Theme {
    LIGHT,
    DARK
  }

  @Option(
      names = "--theme",
      paramLabel = "THEME",
      defaultValue = "light",
      description = "light or dark: the look of the image, as the editor's themes (default light)")
  Theme theme;

  @Option(
      names = "--all",
      description =
          "Every diagram of the project, one file each in the folder OUT (made if missing);"
              + " the format comes from --format, else PNG")
  boolean all;

  @Option(
      names = {"-f", "--format"},
      paramLabel = "FORMAT",
      description = "png, svg or pdf (default: from the output's file name)")
  ImageExport.Format format;

  @Option(
      names = "--scale",
      defaultValue = "1",
      description = "PNG pixels per diagram pixel, e.g. 2 for high-density screens (default 1)")
  double scale;

  @Option(
      names = "--level",
      paramLabel = "LEVEL",
      description = "logical (no types) or physical (default: the project's, else physical)")
  Diagram.Level level;

  @Option(
      names = {"-d", "--diagram"},
      paramLabel = "DIAGRAM",
      description =
          "conceptual, workflow, logical or physical, or the name of one of the project's own"
              + " diagrams (drawn at --level, else the project's level; default: the Chebotko"
              + " diagram at the project's level)")
  String diagram;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    if (all && diagram != null) {
      err.println("kstudio export-image: give --diagram or --all, not both");
      return KstudioCommand.EXIT_USAGE;
    }
    ImageExport.Format chosen =
        format != null
            ? format
            : all
                ? ImageExport.Format.PNG
                : ImageExport.Format.ofFileName(output.getFileName().toString());
    if (chosen == null) {
      err.println("kstudio export-image: give --format png|svg|pdf or an output ending in one");
      return KstudioCommand.EXIT_USAGE;
    }
    if (!(scale > 0 && scale <= 8)) {
      err.println("kstudio export-image: --scale must be above 0 and at most 8");
      return KstudioCommand.EXIT_USAGE;
    }
    ModelFiles.Loaded loaded = Inputs.load(files, err);
    if (loaded == null) {
      return KstudioCommand.EXIT_USAGE;
    }
    var named = diagram == null ? null : loaded.project().diagram().named(diagram).orElse(null);
    DiagramKind kind = null;
    if (diagram != null && named == null) {
      try {
        kind = DiagramKind.parse(diagram);
      } catch (IllegalArgumentException e) {
        err.println(
            "kstudio export-image: "
                + e.getMessage()
                + (loaded.project().diagram().named().isEmpty()
                    ? ""
                    : ", or one of the project's diagrams: "
                        + String.join(
                            ", ",
                            loaded.project().diagram().named().stream()
                                .map(d -> "'" + d.name() + "'")
                                .toList())));
        return KstudioCommand.EXIT_USAGE;
      }
      if (level != null) {
        err.println("kstudio export-image: give --diagram or --level, not both");
        return KstudioCommand.EXIT_USAGE;
      }
    }
    Diagram.Level chosenLevel = level != null ? level : loaded.diagram().level();
    if (all) {
      return writeAll(loaded, chosen, chosenLevel, err);
    }
    if (kind == null && named == null) {
      kind = chosenLevel == Diagram.Level.LOGICAL ? DiagramKind.LOGICAL : DiagramKind.PHYSICAL;
    }
    DiagramGeometry geometry =
        named != null
            ? DiagramGeometry.of(loaded.project(), named, chosenLevel, look())
            : DiagramGeometry.of(loaded.project(), kind, look());
    if (geometry.boxes().isEmpty()) {
      err.println(
          "kstudio export-image: warning: the "
              + (named != null
                  ? "diagram '" + named.name() + "'"
                  : kind.title().toLowerCase(java.util.Locale.ROOT) + " diagram")
              + " of "
              + Inputs.label(files)
              + " is empty");
    }
    try {
      ImageExport.write(geometry, chosen, scale, output);
    } catch (IOException e) {
      err.println("kstudio export-image: cannot write " + output + ": " + e.getMessage());
      return KstudioCommand.EXIT_USAGE;
    }
    return KstudioCommand.EXIT_OK;
  }

  private DiagramStyle look() {
    return theme == Theme.DARK ? DiagramStyle.DARK : DiagramStyle.DEFAULT;
  }

  /** {@code --all}: every diagram with something in it, one file each in the folder. */
  private int writeAll(
      ModelFiles.Loaded loaded,
      ImageExport.Format chosen,
      Diagram.Level chosenLevel,
      PrintWriter err) {
    if (Files.exists(output) && !Files.isDirectory(output)) {
      err.println("kstudio export-image: --all writes into a folder; " + output + " is a file");
      return KstudioCommand.EXIT_USAGE;
    }
    List<DiagramSet.Entry> entries =
        DiagramSet.of(loaded.project(), chosenLevel, look(), () -> false);
    if (entries.isEmpty()) {
      err.println(
          "kstudio export-image: warning: every diagram of " + Inputs.label(files) + " is empty");
      return KstudioCommand.EXIT_OK;
    }
    try {
      Files.createDirectories(output);
    } catch (IOException e) {
      err.println("kstudio export-image: cannot make the folder " + output + ": " + e.getMessage());
      return KstudioCommand.EXIT_USAGE;
    }
    PrintWriter out = spec.commandLine().getOut();
    for (DiagramSet.Entry entry : entries) {
      Path target = output.resolve(entry.fileStem() + chosen.ending());
      try {
        ImageExport.write(entry.geometry(), chosen, scale, target);
      } catch (IOException e) {
        err.println("kstudio export-image: cannot write " + target + ": " + e.getMessage());
        return KstudioCommand.EXIT_USAGE;
      }
      out.println("wrote " + target + " (" + entry.title() + ")");
    }
    out.flush();
    return KstudioCommand.EXIT_OK;
  }
}
