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
import org.keyspacestudio.app.Counts;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.MappingEdits;
import org.keyspacestudio.model.mapping.Mapper;
import org.keyspacestudio.model.mapping.Mapping;
import org.keyspacestudio.model.project.ModelFiles;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.ColumnKind;
import org.keyspacestudio.model.workflow.Query;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kstudio map PROJECT [--format text|json] [-o OUT.kstudio]}. */
@Command(
    name = "map",
    mixinStandardHelpOptions = true,
    description = {
      "Maps each query of a project to the tables that answer it (the Chebotko method's mapping"
          + " rules MR1-MR5) and prints, per query, its alternatives, best first, with why each"
          + " differs.",
      "With -o, writes the project with the first alternative of each query not mapped yet"
          + " chosen: its table, UDTs and query arrow.",
      "With --again, prints what mapping again would change after the models changed: tables"
          + " added (queries no table answers), removed (their queries are gone) and changed"
          + " (column by column); with -o it writes the project with those changes, keeping your"
          + " edits to tables (--discard-edits: replacing them).",
      "With --from-schema, recovers the query-first models of a schema that has none (an"
          + " imported .cql file): an entity or relationship per kind of row, a query per table"
          + " (its partition key given, its clustering columns the ordering), the mapping from"
          + " each query to its table; prints them with what was guessed, and with -o writes"
          + " the project, whose checks then include whether each table answers its query and"
          + " what the application must write.",
      "Exit status: 0 every query mapped, 1 a query cannot be mapped (it names a missing"
          + " attribute), 2 bad usage."
    })
final class MapCommand implements Callable<Integer> {

  /** Output formats. */
  enum Format {
    text,
    json
  }

  @Parameters(index = "0", paramLabel = "PROJECT", description = "A project file")
  Path file;

  @Option(names = "--format", defaultValue = "text", description = "text (default) or json")
  Format format;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "OUT.kstudio",
      description = "Write the project with every query mapped to its first alternative")
  Path output;

  @Option(
      names = "--keyspace",
      paramLabel = "KS",
      description = "The keyspace for new tables (default: the project's first, else app)")
  String keyspace;

  @Option(
      names = "--again",
      description = "Show (and with -o apply) what mapping again changes in mapped tables")
  boolean again;

  @Option(
      names = "--discard-edits",
      description = "With --again: changed tables become what the mapping makes now")
  boolean discardEdits;

  @Option(
      names = "--from-schema",
      description = "Recover the conceptual model, queries and mapping from the tables")
  boolean fromSchema;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    ModelFiles.Loaded loaded = Inputs.load(List.of(file), err);
    if (loaded == null) {
      return KstudioCommand.EXIT_USAGE;
    }
    Project project = loaded.project();
    if (fromSchema) {
      return fromSchema(project, out, err);
    }
    if (project.workflow().queries().isEmpty()) {
      err.println("kstudio map: " + file + " has no queries: draw the workflow and its queries");
      return KstudioCommand.EXIT_USAGE;
    }
    CqlIdentifier ks;
    try {
      ks = Mapping.keyspace(project, keyspace);
    } catch (IllegalArgumentException e) {
      err.println("kstudio map: --keyspace " + keyspace + ": " + e.getMessage());
      return KstudioCommand.EXIT_USAGE;
    }
    if (again) {
      return again(project, ks, out, err);
    }
    boolean unmappable = false;
    ArrayNode json = JsonNodeFactory.instance.arrayNode();
    for (Query q : project.workflow().queriesInWorkflowOrder()) {
      Mapper.Result r = Mapping.alternatives(project, q, ks);
      unmappable |= r.alternatives().isEmpty();
      if (format == Format.json) {
        json.add(json(q, r));
      } else {
        text(out, q, r);
      }
    }
    if (format == Format.json) {
      out.println(Inputs.json(json));
    }
    if (output != null) {
      Document doc = new Document(project, null);
      doc.perform(MappingEdits.mapAll(ks));
      try {
        ProjectFile.write(doc.project(), output);
      } catch (IOException e) {
        err.println("kstudio map: cannot write " + output + ": " + e.getMessage());
        return KstudioCommand.EXIT_USAGE;
      }
      err.println(
          "wrote "
              + output
              + ": "
              + Counts.of(doc.project().schema().tableCount(), "table answers", "tables answer")
              + " "
              + doc.project().workflow().queries().stream()
                  .filter(q -> !doc.project().mapping().tablesOf(q.id()).isEmpty())
                  .count()
              + " of "
              + Counts.of(project.workflow().queries().size(), "query", "queries"));
    }
    return unmappable ? KstudioCommand.EXIT_ERRORS : KstudioCommand.EXIT_OK;
  }

  private Integer fromSchema(Project project, PrintWriter out, PrintWriter err) {
    CqlIdentifier ks;
    try {
      ks =
          keyspace == null
              ? org.keyspacestudio.model.edit.ReverseEdits.keyspaceOf(project)
              : Mapping.keyspace(project, keyspace);
    } catch (IllegalArgumentException e) {
      err.println("kstudio map: --keyspace " + keyspace + ": " + e.getMessage());
      return KstudioCommand.EXIT_USAGE;
    }
    String refusal = org.keyspacestudio.model.edit.ReverseEdits.refusal(project, ks);
    if (refusal != null) {
      err.println("kstudio map: " + file + ": " + refusal);
      return KstudioCommand.EXIT_USAGE;
    }
    org.keyspacestudio.model.edit.ReverseEdits.Recovery recovery =
        org.keyspacestudio.model.edit.ReverseEdits.recovered(project, ks);
    org.keyspacestudio.model.reverse.SchemaModels.Recovered r = recovery.models();
    if (format == Format.json) {
      ObjectNode o = JsonNodeFactory.instance.objectNode();
      ArrayNode entities = o.putArray("entities");
      r.conceptual().entities().forEach(e -> entities.add(e.name()));
      ArrayNode relationships = o.putArray("relationships");
      r.conceptual().relationships().forEach(e -> relationships.add(e.name()));
      ArrayNode queries = o.putArray("queries");
      for (Query q : r.workflow().queries()) {
        ObjectNode qn = queries.addObject();
        qn.put("id", q.id());
        qn.put("description", q.description());
        qn.put("table", r.mapping().tablesOf(q.id()).get(0).table().toString());
      }
      ArrayNode notes = o.putArray("notes");
      r.notes().forEach(notes::add);
      out.println(Inputs.json(o));
    } else {
      for (var e : r.conceptual().entities()) {
        out.println(
            "entity "
                + e.name()
                + " ("
                + String.join(", ", e.attributes().stream().map(a -> a.name()).toList())
                + "), key "
                + String.join(" / ", e.keys().stream().map(Object::toString).toList()));
      }
      for (var rel : r.conceptual().relationships()) {
        out.println(
            "relationship "
                + rel.name()
                + " "
                + String.join(
                    " - ",
                    rel.ends().stream()
                        .map(end -> end.entity() + " " + end.cardinality().symbol())
                        .toList()));
      }
      for (Query q : r.workflow().queries()) {
        out.println(q.id() + ": " + q.description());
      }
      r.notes().forEach(n -> out.println("note: " + n));
      out.println(
          Counts.of(r.conceptual().entities().size(), "entity", "entities")
              + ", "
              + Counts.of(r.conceptual().relationships().size(), "relationship", "relationships")
              + ", "
              + Counts.of(r.workflow().queries().size(), "query", "queries")
              + (output == null ? "; write them with -o OUT.kstudio" : ""));
    }
    if (output != null) {
      return write(recovery.project(), err);
    }
    return KstudioCommand.EXIT_OK;
  }

  private Integer again(Project project, CqlIdentifier ks, PrintWriter out, PrintWriter err) {
    org.keyspacestudio.model.mapping.Remap.Plan plan =
        org.keyspacestudio.model.mapping.Remap.plan(project, ks);
    if (format == Format.json) {
      ArrayNode json = JsonNodeFactory.instance.arrayNode();
      for (var c : plan.changes()) {
        ObjectNode o = json.addObject();
        o.put("kind", c.kind().name().toLowerCase(Locale.ROOT));
        o.put("table", c.table().toString());
        o.put("view", c.table().kind() == org.keyspacestudio.model.schema.ElementRef.Kind.VIEW);
        ArrayNode qs = o.putArray("queries");
        c.queries().forEach(qs::add);
        o.put("userEdited", c.userEdited());
        ArrayNode details = o.putArray("details");
        c.details().forEach(details::add);
      }
      out.println(Inputs.json(json));
    } else {
      long unchanged = plan.changes().size() - plan.effective().size();
      for (var c : plan.effective()) {
        String mark =
            switch (c.kind()) {
              case ADDED -> "+ ";
              case REMOVED -> "- ";
              default -> "~ ";
            };
        out.println(
            mark
                + (c.table().kind() == org.keyspacestudio.model.schema.ElementRef.Kind.VIEW
                    ? "view "
                    : "")
                + c.table()
                + (c.queries().isEmpty() ? "" : " (" + String.join(", ", c.queries()) + ")"));
        c.details().forEach(d -> out.println("    " + d));
      }
      out.println(
          plan.effective().isEmpty()
              ? "Mapping again changes nothing ("
                  + Counts.of(unchanged, "table", "tables")
                  + " unchanged)."
              : Counts.of(plan.effective().size(), "table changes", "tables change")
                  + ", "
                  + unchanged
                  + " unchanged"
                  + (output == null ? "; write them with -o OUT.kstudio" : ""));
    }
    if (output != null) {
      return write(project, MappingEdits.remap(plan, !discardEdits), err);
    }
    return KstudioCommand.EXIT_OK;
  }

  /** Writes the project, the edit made, to {@code -o}; "wrote OUT" on standard error. */
  private Integer write(Project project, Document.Edit edit, PrintWriter err) {
    Document doc = new Document(project, null);
    doc.perform(edit);
    return write(doc.project(), err);
  }

  private Integer write(Project project, PrintWriter err) {
    try {
      ProjectFile.write(project, output);
    } catch (IOException e) {
      err.println("kstudio map: cannot write " + output + ": " + e.getMessage());
      return KstudioCommand.EXIT_USAGE;
    }
    err.println("wrote " + output);
    return KstudioCommand.EXIT_OK;
  }

  private static String kind(ColumnKind kind) {
    return kind.name().toLowerCase(Locale.ROOT);
  }

  static ObjectNode json(Query q, Mapper.Result r) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("query", q.id());
    o.put("description", q.description());
    ArrayNode alternatives = o.putArray("alternatives");
    for (Mapper.Alternative a : r.alternatives()) {
      ObjectNode alt = alternatives.addObject();
      alt.put("table", a.table());
      ArrayNode columns = alt.putArray("columns");
      for (Mapper.MappedColumn c : a.columns()) {
        ObjectNode col = columns.addObject();
        col.put("name", c.name());
        col.put("kind", kind(c.kind()));
        if (c.kind() == ColumnKind.CLUSTERING) {
          col.put("order", c.order().name());
        }
        if (c.source() == null) {
          col.putNull("source");
        } else {
          col.put("source", c.source().toString());
        }
        col.put("type", c.type().asCql());
      }
      alt.put("why", a.why());
      if (a.reuse() != null) {
        alt.put("reuses", a.reuse().toString());
      }
      if (a.createsView()) {
        alt.put("view_of", a.viewOf().asInternal());
      }
    }
    if (!r.problems().isEmpty()) {
      ArrayNode problems = o.putArray("problems");
      r.problems().forEach(problems::add);
    }
    return o;
  }

  private static String marker(Mapper.MappedColumn c) {
    return switch (c.kind()) {
      case PARTITION_KEY -> " K";
      case CLUSTERING ->
          c.order() == org.keyspacestudio.model.schema.ClusteringOrder.DESC ? " C↓" : " C↑";
      case STATIC -> " S";
      case REGULAR -> "";
    };
  }

  private static void text(PrintWriter out, Query q, Mapper.Result r) {
    out.println(q.id() + "  " + q.description());
    if (r.alternatives().isEmpty()) {
      r.problems().forEach(p -> out.println("  cannot be mapped: " + p));
    }
    int n = 1;
    for (Mapper.Alternative a : r.alternatives()) {
      StringBuilder columns = new StringBuilder();
      for (Mapper.MappedColumn c : a.columns()) {
        columns.append(columns.length() == 0 ? "" : ", ").append(c.name()).append(marker(c));
      }
      out.println(
          "  "
              + n++
              + ". "
              + a.table()
              + (a.createsView() ? " [view over " + a.viewOf().asCql() + "]" : "")
              + " ("
              + columns
              + ")");
      out.println("     " + a.why());
    }
    out.println();
  }
}
