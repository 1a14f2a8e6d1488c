package org.keyspacestudio.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.keyspacestudio.export.diagram.ImageExport;
import org.keyspacestudio.export.sizing.SizePlot;
import org.keyspacestudio.model.edit.Fix;
import org.keyspacestudio.model.edit.SizingEdits;
import org.keyspacestudio.model.project.ModelFiles;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.sizing.Figure;
import org.keyspacestudio.model.sizing.PartitionSize;
import org.keyspacestudio.model.sizing.PartitionSizes;
import org.keyspacestudio.model.sizing.SizeRules;
import org.keyspacestudio.model.validate.Problem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kstudio size PROJECT [--format text|json] [--table KS.T] [--plot OUT.png]}. */
@Command(
    name = "size",
    mixinStandardHelpOptions = true,
    description = {
      "Estimates each table's partitions: rows and values per partition, bytes per partition and"
          + " the table on disk with its replicas, by the formulas of Cassandra's data modeling"
          + " guide. Figures come from what is typed in (the editor's Partition Sizes), else from"
          + " the conceptual model (keys, relationships, instance counts), else are assumed (marked"
          + " *).",
      "Warns at over 100,000 values or 100 MB per partition, with the fix.",
      "Exit status: 0 every partition within the guidance, 1 a partition over it, 2 bad usage."
    })
final class SizeCommand implements Callable<Integer> {

  /** Output formats. */
  enum Format {
    text,
    json
  }

  @Parameters(index = "0", paramLabel = "PROJECT", description = "A project file (or .cql files)")
  List<Path> files;

  @Option(names = "--format", defaultValue = "text", description = "text (default) or json")
  Format format;

  @Option(
      names = "--table",
      paramLabel = "KEYSPACE.TABLE",
      description = "Only this table or materialized view")
  String table;

  @Option(
      names = "--plot",
      paramLabel = "OUT.png",
      description =
          "Write the table's plot of partition size against rows per partition (.png, .svg or"
              + " .pdf); with more than one table, name it with --table")
  Path plot;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    ModelFiles.Loaded loaded = Inputs.load(files, err);
    if (loaded == null) {
      return KstudioCommand.EXIT_USAGE;
    }
    Project project = loaded.project();
    List<PartitionSize> sizes = PartitionSizes.all(project);
    if (table != null) {
      sizes = sizes.stream().filter(s -> s.table().toString().equals(table)).toList();
      if (sizes.isEmpty()) {
        err.println(
            "kstudio size: no table "
                + table
                + " (tables: "
                + String.join(
                    ", ",
                    PartitionSizes.all(project).stream().map(s -> s.table().toString()).toList())
                + ")");
        return KstudioCommand.EXIT_USAGE;
      }
    }
    if (sizes.isEmpty()) {
      err.println("kstudio size: " + Inputs.label(files) + " has no tables");
      return KstudioCommand.EXIT_USAGE;
    }
    if (plot != null) {
      ImageExport.Format imageFormat = ImageExport.Format.ofFileName(plot.toString());
      if (imageFormat == null) {
        err.println("kstudio size: --plot " + plot + ": the name must end in .png, .svg or .pdf");
        return KstudioCommand.EXIT_USAGE;
      }
      if (sizes.size() > 1) {
        err.println("kstudio size: --plot draws one table: name it with --table KEYSPACE.TABLE");
        return KstudioCommand.EXIT_USAGE;
      }
      try {
        ImageExport.write(
            SizePlot.painting(sizes.get(0), SizePlot.WIDTH, SizePlot.HEIGHT), imageFormat, 1, plot);
      } catch (IOException e) {
        err.println("kstudio size: cannot write " + plot + ": " + e.getMessage());
        return KstudioCommand.EXIT_USAGE;
      }
    }
    boolean over = false;
    ArrayNode json = JsonNodeFactory.instance.arrayNode();
    if (format == Format.text) {
      out.printf(
          Locale.ROOT,
          "%-36s %12s %12s %12s %10s %12s%n",
          "TABLE",
          "ROWS/PART",
          "PARTITIONS",
          "VALUES/PART",
          "PARTITION",
          "ON DISK");
    }
    StringBuilder notes = new StringBuilder();
    for (PartitionSize s : sizes) {
      List<Problem> problems = SizeRules.validate(s);
      over |= !problems.isEmpty();
      List<Fix> fixes = problems.isEmpty() ? List.of() : SizingEdits.fixes(project, s.table());
      if (format == Format.json) {
        json.add(json(s, problems, fixes));
        continue;
      }
      out.printf(
          Locale.ROOT,
          "%-36s %12s %12s %12s %10s %12s%s%n",
          s.table(),
          figure(s.rowsPerPartition()),
          figure(s.partitions()),
          PartitionSizes.number(s.values()),
          PartitionSizes.bytes(s.bytes()),
          PartitionSizes.bytes(s.totalBytes()),
          problems.isEmpty()
              ? ""
              : "  " + String.join(" ", problems.stream().map(p -> p.rule().id()).toList()));
      for (Problem p : problems) {
        notes.append("warning: ").append(p.rule().id()).append(' ').append(p.message());
        notes.append(System.lineSeparator());
      }
      for (Fix f : fixes) {
        notes.append("  fix: ").append(f.label()).append(System.lineSeparator());
      }
    }
    if (format == Format.json) {
      out.println(Inputs.json(json));
    } else {
      out.println();
      out.println(
          "ROWS/PART and PARTITIONS marked * are assumed: type in yours (or the entities'"
              + " instances) in the editor's Partition Sizes (Ctrl+Shift+P). ON DISK counts every"
              + " replica.");
      out.print(notes);
    }
    out.flush();
    return over ? KstudioCommand.EXIT_ERRORS : KstudioCommand.EXIT_OK;
  }

  private static String figure(Figure f) {
    return PartitionSizes.number(f.value()) + (f.basis() == Figure.Basis.ASSUMED ? "*" : "");
  }

  private static ObjectNode figureJson(Figure f) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("value", f.value());
    o.put("basis", f.basis().name().toLowerCase(Locale.ROOT));
    o.put("why", f.why());
    return o;
  }

  static ObjectNode json(PartitionSize s, List<Problem> problems, List<Fix> fixes) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("table", s.table().toString());
    o.set("rowsPerPartition", figureJson(s.rowsPerPartition()));
    o.set("partitions", figureJson(s.partitions()));
    o.put("buckets", s.buckets());
    o.set("replicationFactor", figureJson(s.replicationFactor()));
    o.put("valuesPerPartition", s.values());
    o.put("bytesPerPartition", s.bytes());
    o.put("bytesOnDisk", Math.round(s.totalBytes()));
    o.put("rowsAtValueLimit", s.rowsAtValueLimit());
    o.put("rowsAtByteLimit", s.rowsAtByteLimit());
    ArrayNode columns = o.putArray("columns");
    for (PartitionSize.ColumnSize c : s.columns()) {
      ObjectNode col = columns.addObject();
      col.put("name", c.name());
      col.put("kind", c.kind().name().toLowerCase(Locale.ROOT));
      col.put("type", c.type());
      col.put("bytes", c.bytes());
      col.put("basis", c.basis().name().toLowerCase(Locale.ROOT));
    }
    ArrayNode ps = o.putArray("problems");
    for (Problem p : problems) {
      ObjectNode po = ps.addObject();
      po.put("rule", p.rule().id());
      po.put("severity", p.severity().label());
      po.put("message", p.message());
    }
    ArrayNode fs = o.putArray("fixes");
    fixes.forEach(f -> fs.add(f.label()));
    return o;
  }
}
