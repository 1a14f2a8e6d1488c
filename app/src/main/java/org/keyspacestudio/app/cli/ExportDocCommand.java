package org.keyspacestudio.app.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.keyspacestudio.app.Counts;
import org.keyspacestudio.export.doc.DocumentationExport;
import org.keyspacestudio.model.project.AtomicFiles;
import org.keyspacestudio.model.project.ModelFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kstudio export-doc PROJECT -o model.html [--format html|markdown]}. */
@Command(
    name = "export-doc",
    mixinStandardHelpOptions = true,
    description = {
      "Writes the model's documentation: the four diagrams, the queries and the tables that answer"
          + " them, then per table its columns and keys, the SELECT of each query, its partition"
          + " size estimate and its CQL, then the problems.",
      "HTML is one self-contained page (diagrams inline as SVG). Markdown (GitHub's dialect)"
          + " links its images, written to a folder beside it: model.md gets model-images/.",
      "Exit status: 0 written, 2 bad usage or a file that cannot be read or written."
    })
final class ExportDocCommand implements Callable<Integer> {

  /** Output formats. */
  enum Format {
    html,
    markdown
  }

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "A project or .cql scripts")
  List<Path> files;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "OUT",
      description = "The file to write (.html or .md); without it, HTML goes to standard output")
  Path output;

  @Option(
      names = {"-f", "--format"},
      description = "html or markdown (default: from the output's name, else html)")
  Format format;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    ModelFiles.Loaded loaded = Inputs.load(files, err);
    if (loaded == null) {
      return KstudioCommand.EXIT_USAGE;
    }
    Format chosen = format;
    if (chosen == null) {
      String name = output == null ? "" : output.getFileName().toString().toLowerCase(Locale.ROOT);
      chosen = name.endsWith(".md") || name.endsWith(".markdown") ? Format.markdown : Format.html;
    }
    String title = files.get(0).getFileName().toString().replaceFirst("\\.[^.]+$", "");
    try {
      if (chosen == Format.html) {
        String html = DocumentationExport.html(loaded.project(), title);
        if (output == null) {
          out.print(html);
          out.flush();
        } else {
          AtomicFiles.writeString(output, html);
          err.println("wrote " + output);
        }
        return KstudioCommand.EXIT_OK;
      }
      if (output == null) {
        err.println(
            "kstudio export-doc: Markdown needs -o FILE.md (its images are written beside it)");
        return KstudioCommand.EXIT_USAGE;
      }
      String base = output.getFileName().toString().replaceFirst("\\.[^.]+$", "");
      String folder = base + "-images";
      DocumentationExport.Markdown md =
          DocumentationExport.markdown(loaded.project(), title, folder);
      Path parent = output.toAbsolutePath().getParent();
      Path images = parent.resolve(folder);
      Files.createDirectories(images);
      for (DocumentationExport.Image image : md.images()) {
        AtomicFiles.write(images.resolve(image.name()), image.bytes());
      }
      AtomicFiles.writeString(output, md.text());
      err.println(
          "wrote "
              + output
              + " and "
              + Counts.of(md.images().size(), "image", "images")
              + " in "
              + images);
      return KstudioCommand.EXIT_OK;
    } catch (IOException e) {
      err.println("kstudio export-doc: cannot write " + output + ": " + e.getMessage());
      return KstudioCommand.EXIT_USAGE;
    }
  }
}
