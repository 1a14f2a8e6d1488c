package org.keyspacestudio.export.doc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.keyspacestudio.export.diagram.DiagramGeometry;
import org.keyspacestudio.export.diagram.DiagramStyle;
import org.keyspacestudio.export.diagram.ImageExport;
import org.keyspacestudio.export.sizing.SizePlot;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.diagram.DiagramKind;
import org.keyspacestudio.model.mapping.MappedTable;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ColumnKind;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.sizing.Figure;
import org.keyspacestudio.model.sizing.PartitionSize;
import org.keyspacestudio.model.sizing.PartitionSizes;
import org.keyspacestudio.model.sizing.SizeRules;
import org.keyspacestudio.model.support.QuerySupport;
import org.keyspacestudio.model.support.ScriptSelects;
import org.keyspacestudio.model.support.SupportCheck;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.QueryText;
import org.keyspacestudio.model.write.CqlWriter;

/**
 * The documentation of a project, for wikis and reviews: the four diagrams, the queries and the
 * tables that answer them, then per table (and materialized view) its columns and keys, the SELECT
 * of each query it answers, its partition size estimate (with the plot when it has clustering
 * columns) and its CQL, then the problems.
 *
 * <p>One Markdown text is written (GitHub's dialect: pipe tables, fenced code); the HTML page is
 * that text rendered by commonmark, with the diagrams inlined as SVG (text stays text) and the
 * plots as PNG data, so the page is one self-contained file. The Markdown links its images, which
 * {@link #markdown} hands to the caller to write beside it. Both are deterministic: the same
 * project gives the same bytes.
 */
public final class DocumentationExport {

  /** Width and height of a plot in the documentation, in pixels. */
  private static final int PLOT_WIDTH = 640;

  private static final int PLOT_HEIGHT = 360;

  /**
   * An image the Markdown links to.
   *
   * @param name its file name ({@code conceptual.svg}, {@code size-ks.table.png})
   * @param bytes its content
   */
  public record Image(String name, byte[] bytes) {}

  /**
   * The documentation as Markdown and the images it links.
   *
   * @param text the Markdown, linking each image as {@code imageFolder/name}
   * @param images the images, in the order they appear
   */
  public record Markdown(String text, List<Image> images) {}

  private DocumentationExport() {}

  /**
   * The documentation as one self-contained HTML page (UTF-8, no external resources).
   *
   * @param project the project, not null
   * @param title the page's title (the project's name)
   * @throws IOException if an image cannot be drawn
   */
  public static String html(Project project, String title) throws IOException {
    Markdown md = markdown(project, title, "images");
    Map<String, Image> byName = new LinkedHashMap<>();
    md.images().forEach(i -> byName.put("images/" + i.name(), i));
    Parser parser = Parser.builder().extensions(List.of(TablesExtension.create())).build();
    String body =
        HtmlRenderer.builder()
            .extensions(List.of(TablesExtension.create()))
            .build()
            .render(parser.parse(md.text()));
    Matcher m = Pattern.compile("<img src=\"([^\"]+)\" alt=\"([^\"]*)\" />").matcher(body);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      Image image = byName.get(m.group(1));
      String replacement;
      if (image == null) {
        replacement = m.group();
      } else if (image.name().endsWith(".svg")) {
        replacement = "<figure>" + inlineSvg(image) + "</figure>";
      } else {
        replacement =
            "<img src=\"data:image/png;base64,"
                + Base64.getEncoder().encodeToString(image.bytes())
                + "\" alt=\""
                + m.group(2)
                + "\" width=\""
                + PLOT_WIDTH
                + "\" />";
      }
      m.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(out);
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
        + escape(title)
        + "</title>\n<style>\n"
        + CSS
        + "</style>\n</head>\n<body>\n"
        + out
        + "</body>\n</html>\n";
  }

  private static final String CSS =
      """
      body { font-family: 'DejaVu Sans', 'Segoe UI', Helvetica, Arial, sans-serif; color: #1d2733;
             max-width: 1100px; margin: 2em auto; padding: 0 1.5em; line-height: 1.45; }
      h1, h2, h3 { color: #12304d; } h2 { border-bottom: 1px solid #d0d5da; padding-bottom: .2em; }
      table { border-collapse: collapse; margin: .6em 0; }
      th, td { border: 1px solid #d0d5da; padding: .25em .6em; text-align: left; vertical-align: top; }
      th { background: #f0f3f6; }
      code, pre { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; font-size: 90%; }
      pre { background: #f6f8fa; border: 1px solid #e1e4e8; padding: .7em; overflow-x: auto; }
      figure { margin: .5em 0; overflow-x: auto; } figure svg { max-width: 100%; height: auto; }
      """;

  private static String inlineSvg(Image image) {
    String svg = new String(image.bytes(), StandardCharsets.UTF_8);
    int start = svg.indexOf("<svg");
    if (start < 0) {
      return "";
    }
    svg = svg.substring(start).strip();
    // A viewBox lets the page scale a wide diagram down to its width.
    int end = svg.indexOf('>');
    String tag = svg.substring(0, end);
    Matcher w = Pattern.compile("width=\"([0-9.]+)\"").matcher(tag);
    Matcher h = Pattern.compile("height=\"([0-9.]+)\"").matcher(tag);
    if (!tag.contains("viewBox") && w.find() && h.find()) {
      svg = "<svg viewBox=\"0 0 " + w.group(1) + " " + h.group(1) + "\"" + svg.substring(4);
    }
    return svg;
  }

  /**
   * The documentation as Markdown, and the images it links as {@code imageFolder/name}.
   *
   * @param project the project, not null
   * @param title the document's title
   * @param imageFolder the folder the images are linked from, relative to the Markdown file
   * @throws IOException if an image cannot be drawn
   */
  public static Markdown markdown(Project project, String title, String imageFolder)
      throws IOException {
    StringBuilder md = new StringBuilder();
    List<Image> images = new ArrayList<>();
    md.append("# ").append(text(title)).append("\n\n");
    md.append(
        "The data model: conceptual model, application workflow and queries, the tables that"
            + " answer them, their partition sizes and CQL. Written by Keyspace Studio.\n\n");
    md.append("- [Diagrams](#diagrams)\n- [Queries](#queries)\n- [Tables](#tables)\n");
    md.append("- [Writes](#writes)\n- [Problems](#problems)\n\n");

    md.append("## Diagrams\n\n");
    int drawn = 0;
    for (DiagramKind kind : DiagramKind.values()) {
      DiagramGeometry geometry = DiagramGeometry.of(project, kind, DiagramStyle.DEFAULT);
      if (geometry.boxes().isEmpty()) {
        continue;
      }
      String name = kind.name().toLowerCase(Locale.ROOT) + ".svg";
      images.add(new Image(name, ImageExport.svg(geometry).getBytes(StandardCharsets.UTF_8)));
      md.append("### ").append(title(kind)).append("\n\n");
      md.append("![").append(title(kind)).append("](").append(imageFolder).append('/');
      md.append(name).append(")\n\n");
      drawn++;
    }
    if (drawn == 0) {
      md.append("The project has nothing to draw yet.\n\n");
    }

    md.append("## Queries\n\n");
    List<Query> queries = project.workflow().queriesInWorkflowOrder();
    if (queries.isEmpty()) {
      md.append("The workflow has no queries.\n\n");
    } else {
      md.append("| Query | Access pattern | Given | Returns | Order | Answered by |\n");
      md.append("|---|---|---|---|---|---|\n");
      for (Query q : queries) {
        List<String> tables = new ArrayList<>();
        for (ElementRef t : QuerySupport.tablesOf(project, q.id())) {
          boolean supported =
              QuerySupport.answer(project, q, t).map(QuerySupport.Answer::supported).orElse(false);
          tables.add(code(t.toString()) + (supported ? " ✓" : " ✗ not supported"));
        }
        md.append("| ")
            .append(cell(q.id()))
            .append(" | ")
            .append(cell(q.description()))
            .append(" | ")
            .append(cell(QueryText.formatGiven(q.given())))
            .append(" | ")
            .append(cell(QueryText.formatRefs(q.returns())))
            .append(" | ")
            .append(cell(QueryText.formatOrderBy(q.orderBy())))
            .append(" | ")
            .append(tables.isEmpty() ? "no table yet" : String.join("<br>", tables))
            .append(" |\n");
      }
      md.append('\n');
    }

    md.append("## Tables\n\n");
    boolean any = false;
    List<ScriptSelects.Checked> selects = ScriptSelects.check(project.schema());
    List<org.keyspacestudio.model.dml.ScriptWrites.Checked> scriptWrites =
        org.keyspacestudio.model.dml.ScriptWrites.check(project.schema());
    for (Keyspace ks : project.schema().keyspaces()) {
      // Each table, then each materialized view: a view answers queries and holds partitions as
      // a table does (its section reads the table its rows fill).
      Map<ElementRef, Table> rows = new java.util.LinkedHashMap<>();
      Map<ElementRef, String> create = new java.util.HashMap<>();
      for (Table t : ks.tables()) {
        ElementRef ref = ElementRef.table(ks.name(), t.name());
        rows.putIfAbsent(ref, t);
        create.putIfAbsent(ref, CqlWriter.createTable(ks.name(), t));
      }
      for (var v : ks.views()) {
        ElementRef ref = ElementRef.view(ks.name(), v.name());
        Table filled = ks.viewAsTable(v);
        if (filled != null) {
          rows.putIfAbsent(ref, filled);
          create.putIfAbsent(
              ref, CqlWriter.createView(ks.name(), v, ks.table(v.baseTable()).orElse(null)));
        }
      }
      for (var e : rows.entrySet()) {
        any = true;
        table(
            md,
            images,
            imageFolder,
            project,
            ks,
            e.getKey(),
            e.getValue(),
            create.get(e.getKey()),
            selects,
            scriptWrites);
      }
    }
    if (!any) {
      md.append("The schema has no tables yet.\n\n");
    }

    writes(md, project);

    md.append("## Problems\n\n");
    List<Problem> problems = ProjectChecks.validate(project);
    if (problems.isEmpty()) {
      md.append("None.\n");
    } else {
      for (Problem p : problems) {
        md.append("- **")
            .append(p.severity().label())
            .append("** `")
            .append(p.rule().id())
            .append("` ")
            .append(text(p.message()))
            .append('\n');
      }
    }
    return new Markdown(md.toString(), images);
  }

  /**
   * What the application writes to keep the tables in step: per entity and relationship, each
   * write's tables, statements and size, and its CQL.
   */
  private static void writes(StringBuilder md, Project project) {
    md.append("## Writes\n\n");
    var paths = org.keyspacestudio.model.writes.WritePaths.of(project);
    if (paths.writers().isEmpty()) {
      md.append("No table is mapped from the queries yet: the writes follow from the mapping.\n\n");
      return;
    }
    md.append(
        "Each query has a table of its own, so an entity is held in several tables: each write"
            + " below must reach every one, as one logged batch. Sizes are Cassandra's count of"
            + " a batch's data, from the columns' sizes.\n\n");
    for (String owner : paths.writers()) {
      md.append("### ").append(text(owner)).append("\n\n");
      for (var w : paths.writes(owner)) {
        md.append("**")
            .append(text(w.title()))
            .append("**: ")
            .append(w.statementCount())
            .append(w.statementCount() == 1 ? " statement into " : " statements into ")
            .append(w.tables().size())
            .append(w.tables().size() == 1 ? " table, " : " tables, ")
            .append(org.keyspacestudio.model.writes.WriteRules.size(w.bytes()))
            .append(".\n\n");
        for (String note : w.notes()) {
          md.append("> ").append(text(note)).append("\n\n");
        }
        for (var t : w.tables()) {
          md.append("- ").append(code(t.table().toString())).append(": ");
          md.append(text(t.action().label()));
          t.perValueOf().forEach(a -> md.append(", once per value of ").append(text(a.toString())));
          if (t.rows() != null) {
            md.append(", for each ").append(text(t.rows().owner()));
            md.append(
                t.rows().finder() == null
                    ? ", which no table lists"
                    : ", read from " + code(t.rows().finder().toString()));
          }
          md.append('\n');
        }
        md.append("\n```sql\n").append(w.cql()).append("\n```\n\n");
      }
    }
  }

  /**
   * One table's section, or a materialized view's ({@code ref} a view, {@code t} the table its rows
   * fill).
   */
  private static void table(
      StringBuilder md,
      List<Image> images,
      String imageFolder,
      Project project,
      Keyspace ks,
      ElementRef ref,
      Table t,
      String create,
      List<ScriptSelects.Checked> selects,
      List<org.keyspacestudio.model.dml.ScriptWrites.Checked> scriptWrites)
      throws IOException {
    MappedTable mapped = project.mapping().table(ref).orElse(null);
    md.append("### ").append(text(ref.toString()));
    if (ref.kind() == ElementRef.Kind.VIEW) {
      ks.view(ref.object())
          .ifPresent(
              v ->
                  md.append(" (materialized view of ")
                      .append(text(ElementRef.table(ks.name(), v.baseTable()).toString()))
                      .append(')'));
    }
    md.append("\n\n");
    String comment = project.schema().comment(ref);
    if (comment != null && !comment.isBlank()) {
      md.append(text(comment)).append("\n\n");
    }
    md.append("| Column | Type | Key | Holds |\n|---|---|---|---|\n");
    for (Column c : t.columnsInKeyOrder()) {
      ColumnKind kind = t.kindOf(c);
      String role =
          switch (kind) {
            case PARTITION_KEY -> "K";
            case CLUSTERING ->
                t.primaryKey().clusteringColumn(c.name()).order() == ClusteringOrder.DESC
                    ? "C↓"
                    : "C↑";
            case STATIC -> "S";
            case REGULAR -> "";
          };
      AttributeRef source = mapped == null ? null : mapped.sources().get(c.name().asInternal());
      md.append("| ")
          .append(code(c.name().asCql()))
          .append(" | ")
          .append(code(c.type().asCql()))
          .append(" | ")
          .append(role)
          .append(" | ")
          .append(
              source != null
                  ? cell(source.toString())
                  : mapped != null && kind == ColumnKind.PARTITION_KEY ? "bucket" : "")
          .append(" |\n");
    }
    md.append('\n');

    boolean first = true;
    for (Query q : project.workflow().queriesInWorkflowOrder()) {
      if (!QuerySupport.tablesOf(project, q.id()).contains(ref)) {
        continue;
      }
      var answer = QuerySupport.answer(project, q, ref);
      if (answer.isEmpty()) {
        continue;
      }
      if (first) {
        md.append("**Queries it answers**\n\n");
        first = false;
      }
      md.append("- ")
          .append(text(q.id()))
          .append(q.description().isBlank() ? "" : ": " + text(q.description()))
          .append(answer.get().supported() ? " ✓" : " ✗ not supported")
          .append("\n\n  ```sql\n  ")
          .append(answer.get().select())
          .append(";\n  ```\n\n");
      for (var f : answer.get().findings()) {
        md.append("  `").append(f.rule().id()).append("` ").append(text(f.message()));
        md.append("\n\n");
      }
    }
    first = true;
    for (ScriptSelects.Checked c : selects) {
      if (!ref.equals(c.target())) {
        continue;
      }
      if (first) {
        md.append("**The script's SELECTs that read it**\n\n");
        first = false;
      }
      boolean supported = SupportCheck.supported(c.findings());
      md.append("- Statement ")
          .append(c.number())
          .append(supported ? " ✓" : " ✗ refused")
          .append("\n\n  ```sql\n  ")
          .append(project.schema().otherStatements().get(c.number() - 1).text())
          .append(";\n  ```\n\n");
      for (var f : c.findings()) {
        md.append("  `").append(f.rule().id()).append("` ").append(text(f.message()));
        md.append("\n\n");
      }
    }
    first = true;
    for (var c : scriptWrites) {
      if (!ref.equals(c.target())) {
        continue;
      }
      if (first) {
        md.append("**The script's writes to it**\n\n");
        first = false;
      }
      md.append("- Statement ")
          .append(c.number())
          .append(c.findings().isEmpty() ? " ✓" : " ✗ refused")
          .append("\n\n  ```sql\n  ")
          .append(
              project.schema().otherStatements().get(c.number() - 1).text().replace("\n", "\n  "))
          .append(";\n  ```\n\n");
      for (var f : c.findings()) {
        md.append("  `").append(f.rule().id()).append("` ").append(text(f.message()));
        md.append("\n\n");
      }
    }

    PartitionSize size =
        PartitionSizes.estimate(project, ref)
            .orElseGet(() -> PartitionSizes.estimate(project, ks, t));
    md.append("**Partition size**\n\n| | estimate | from |\n|---|---|---|\n");
    md.append(figureRow("Rows per partition", size.rowsPerPartition()));
    md.append(figureRow("Partitions", size.partitions()));
    md.append("| Values per partition | ")
        .append(PartitionSizes.number(size.values()))
        .append(" | Nv = Nr × (Nc − Npk − Ns) + Ns |\n");
    md.append("| Bytes per partition | ")
        .append(PartitionSizes.bytes(size.bytes()))
        .append(" | St |\n");
    md.append("| On disk | ")
        .append(PartitionSizes.bytes(size.totalBytes()))
        .append(" | St × partitions × replication factor ")
        .append(size.replicationFactor().value())
        .append(" |\n\n");
    for (Problem p : SizeRules.validate(size)) {
      md.append("> **warning** `").append(p.rule().id()).append("` ").append(text(p.message()));
      md.append("\n\n");
    }
    if (!t.primaryKey().clustering().isEmpty()) {
      String name = "size-" + ref.toString().replaceAll("[^A-Za-z0-9_.-]", "_") + ".png";
      images.add(
          new Image(name, ImageExport.png(SizePlot.painting(size, PLOT_WIDTH, PLOT_HEIGHT), 1)));
      md.append("![Partition size of ")
          .append(text(ref.toString()))
          .append("](")
          .append(imageFolder)
          .append('/')
          .append(name)
          .append(")\n\n");
    }
    md.append("```sql\n").append(create.strip()).append("\n```\n\n");
  }

  private static String figureRow(String what, Figure f) {
    return "| "
        + what
        + " | "
        + PartitionSizes.number(f.value())
        + " | "
        + f.basis().name().toLowerCase(Locale.ROOT)
        + ": "
        + cell(f.why())
        + " |\n";
  }

  private static String title(DiagramKind kind) {
    return switch (kind) {
      case CONCEPTUAL -> "Conceptual model";
      case WORKFLOW -> "Application workflow";
      case LOGICAL -> "Logical Chebotko diagram";
      case PHYSICAL -> "Physical Chebotko diagram";
    };
  }

  /** Text in Markdown with the characters that would start markup escaped. */
  private static String text(String s) {
    return s.replace("\\", "\\\\")
        .replace("*", "\\*")
        .replace("_", "\\_")
        .replace("<", "&lt;")
        .replace("[", "\\[")
        .replace("]", "\\]")
        .replace("`", "\\`");
  }

  /** Text in a table cell: markup escaped, pipes escaped, on one line. */
  private static String cell(String s) {
    return text(s).replace("|", "\\|").replace('\n', ' ');
  }

  /** A code span in a table cell (its text is literal: only pipes are escaped). */
  private static String code(String s) {
    String body = s.replace("|", "\\|").replace('\n', ' ');
    return s.contains("`") ? "`` " + body + " ``" : "`" + body + "`";
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
