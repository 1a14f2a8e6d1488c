package org.keyspacestudio.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.keyspacestudio.model.edit.Fix;
import org.keyspacestudio.model.edit.QuickFixes;
import org.keyspacestudio.model.project.ModelFiles;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.writes.TableWrite;
import org.keyspacestudio.model.writes.Write;
import org.keyspacestudio.model.writes.WritePaths;
import org.keyspacestudio.model.writes.WriteRules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kstudio writes PROJECT [--entity NAME] [--format text|cql|json]}. */
@Command(
    name = "writes",
    mixinStandardHelpOptions = true,
    description = {
      "Prints what the application writes to keep a mapped project's tables in step: for each"
          + " entity and relationship, the statements that insert an instance into every table"
          + " holding it, update each of its attributes in every copy (a key column's row deleted"
          + " and inserted again, the rows of other instances that copy it found through the"
          + " table that lists them), and delete it with what goes with it; each write as one"
          + " logged batch, with its size as Cassandra counts it.",
      "Warns of rows that overwrite each other, copies no table lets the application find, and"
          + " batches over batch_size_warn_threshold (5 KiB).",
      "Exit status: 0 no warning, 1 a write warning (WRITE-*), 2 bad usage or no mapped table."
    })
final class WritesCommand implements Callable<Integer> {

  /** Output formats. */
  enum Format {
    text,
    cql,
    json
  }

  @Parameters(index = "0", paramLabel = "PROJECT", description = "A project file")
  List<Path> files;

  @Option(
      names = "--entity",
      paramLabel = "NAME",
      description = "Only the writes of this entity or relationship")
  String entity;

  @Option(
      names = "--format",
      defaultValue = "text",
      description =
          "text (default: each table's statement, what each value holds, notes), cql (the"
              + " batches alone, to paste into the application) or json")
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
    Project project = loaded.project();
    WritePaths paths = WritePaths.of(project);
    List<String> writers = paths.writers();
    if (writers.isEmpty()) {
      err.println(
          "kstudio writes: "
              + Inputs.label(files)
              + " has no table mapped from its queries: map them first (kstudio map, or the"
              + " editor's Model > Map All Queries)");
      return KstudioCommand.EXIT_USAGE;
    }
    if (entity != null) {
      if (!writers.contains(entity)) {
        err.println(
            "kstudio writes: no entity or relationship "
                + entity
                + " that a table holds (they are: "
                + String.join(", ", writers)
                + ")");
        return KstudioCommand.EXIT_USAGE;
      }
      writers = List.of(entity);
    }
    List<Problem> problems = WriteRules.validate(project);
    ArrayNode json = JsonNodeFactory.instance.arrayNode();
    for (String owner : writers) {
      for (Write w : paths.writes(owner)) {
        switch (format) {
          case json -> json.add(json(w));
          case cql -> out.println("-- " + w.title() + System.lineSeparator() + w.cql());
          case text -> text(out, w);
        }
        if (format != Format.json) {
          out.println();
        }
      }
    }
    if (format == Format.json) {
      ObjectNode o = JsonNodeFactory.instance.objectNode();
      o.set("writes", json);
      ArrayNode ps = o.putArray("problems");
      for (Problem p : problems) {
        ObjectNode po = ps.addObject();
        po.put("rule", p.rule().id());
        po.put("severity", p.severity().label());
        po.put("element", p.element() == null ? null : p.element().toString());
        po.put("message", p.message());
        ArrayNode fs = po.putArray("fixes");
        QuickFixes.of(project, p).forEach(f -> fs.add(f.label()));
      }
      out.println(Inputs.json(o));
    } else if (format == Format.text) {
      for (Problem p : problems) {
        out.println(p.format(Inputs.label(files)));
        for (Fix f : QuickFixes.of(project, p)) {
          out.println("  fix: " + f.label());
        }
      }
    }
    out.flush();
    return problems.isEmpty() ? KstudioCommand.EXIT_OK : KstudioCommand.EXIT_ERRORS;
  }

  private static void text(PrintWriter out, Write w) {
    out.printf(
        Locale.ROOT,
        "== %s: %d %s into %d %s, %s as Cassandra counts a batch%n",
        w.title(),
        w.statementCount(),
        w.statementCount() == 1 ? "statement" : "statements",
        w.tables().size(),
        w.tables().size() == 1 ? "table" : "tables",
        WriteRules.size(w.bytes()));
    for (String note : w.notes()) {
      out.println("  note: " + note);
    }
    for (TableWrite t : w.tables()) {
      out.println("  " + t.table() + ": " + t.action().label() + repeat(t));
      for (TableWrite.ColumnValue v : t.values()) {
        out.printf(Locale.ROOT, "      %-24s %s%n", v.column(), v.origin());
      }
      for (String note : t.notes()) {
        out.println("      note: " + note);
      }
    }
    out.println(indent(w.cql()));
  }

  private static String repeat(TableWrite t) {
    StringBuilder out = new StringBuilder();
    for (var a : t.perValueOf()) {
      out.append(", once per value of ").append(a);
    }
    if (t.rows() != null) {
      out.append(", for each ").append(t.rows().owner());
      if (t.rows().count() != null) {
        out.append(" (")
            .append(t.rows().count().value())
            .append(" each: ")
            .append(t.rows().count().why())
            .append(')');
      }
      out.append(
          t.rows().finder() == null
              ? ", which no table lists"
              : ", read from "
                  + t.rows().finder()
                  + (t.rows().finderQuery() == null ? "" : " (" + t.rows().finderQuery() + ")"));
    }
    return out.toString();
  }

  private static String indent(String cql) {
    return "    " + cql.replace("\n", System.lineSeparator() + "    ");
  }

  private static ObjectNode json(Write w) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("write", w.title());
    o.put("kind", w.kind().name().toLowerCase(Locale.ROOT));
    o.put("owner", w.owner());
    o.put("attribute", w.attribute() == null ? null : w.attribute().toString());
    o.put("statements", w.statementCount());
    o.put("bytes", w.bytes());
    o.put("cql", w.cql());
    ArrayNode notes = o.putArray("notes");
    w.notes().forEach(notes::add);
    ArrayNode tables = o.putArray("tables");
    for (TableWrite t : w.tables()) {
      ObjectNode to = tables.addObject();
      to.put("table", t.table().toString());
      to.put("action", t.action().name().toLowerCase(Locale.ROOT));
      ArrayNode statements = to.putArray("statements");
      t.statements().forEach(statements::add);
      to.put("executions", t.executions());
      to.put("bytes", t.bytes());
      ArrayNode perValue = to.putArray("perValueOf");
      t.perValueOf().forEach(a -> perValue.add(a.toString()));
      if (t.rows() != null) {
        ObjectNode rows = to.putObject("rowsOf");
        rows.put("owner", t.rows().owner());
        rows.put("as", t.rows().via());
        rows.put("count", t.rows().count() == null ? null : t.rows().count().value());
        rows.put("finder", t.rows().finder() == null ? null : t.rows().finder().toString());
        rows.put("finderQuery", t.rows().finderQuery());
      }
      ArrayNode values = to.putArray("values");
      for (TableWrite.ColumnValue v : t.values()) {
        ObjectNode vo = values.addObject();
        vo.put("column", v.column());
        vo.put("attribute", v.attribute() == null ? null : v.attribute().toString());
        vo.put("origin", v.origin());
      }
      ArrayNode tn = to.putArray("notes");
      t.notes().forEach(tn::add);
    }
    return o;
  }
}
