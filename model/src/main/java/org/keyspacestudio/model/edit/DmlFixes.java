package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.dml.DmlRule;
import org.keyspacestudio.model.dml.ScriptWrite;
import org.keyspacestudio.model.dml.ScriptWrites;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.OtherStatement;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.validate.Problem;

/**
 * Fixes for the problems of a script's writes ({@link ScriptWrites}), each one undoable edit of the
 * statement's text, offered only when the statement rewritten no longer has the problem: a batch of
 * counter updates made a {@code COUNTER} batch, a table name mistyped replaced by the nearest one
 * the schema defines. Neither is safe (the script is the application's code: what it runs changes),
 * so {@code validate --fix} leaves them.
 */
public final class DmlFixes {

  private DmlFixes() {}

  /** {@code BEGIN [UNLOGGED] BATCH} at a batch's start. */
  private static final Pattern BATCH_START =
      Pattern.compile("(?is)^(\\s*BEGIN\\s+)(UNLOGGED\\s+)?(BATCH\\b)");

  /**
   * The fixes of one problem on a script's write.
   *
   * @param project the project, not null
   * @param problem a problem of a {@link DmlRule}, on a statement
   * @return the fixes, none when there is no one way to fix it
   */
  public static List<Fix> of(Project project, Problem problem) {
    int number;
    try {
      number = Integer.parseInt(problem.element().object().asInternal());
    } catch (NumberFormatException e) {
      return List.of();
    }
    Schema schema = project.schema();
    if (number < 1 || number > schema.otherStatements().size()) {
      return List.of();
    }
    OtherStatement s = schema.otherStatements().get(number - 1);
    List<Fix> out = new ArrayList<>();
    if (problem.rule() == DmlRule.BATCH
        && problem.message().contains("Cannot include a counter statement in a logged batch")) {
      Matcher m = BATCH_START.matcher(s.text());
      if (m.find()) {
        String text = m.replaceFirst(m.group(1) + "COUNTER " + m.group(3));
        add(
            out,
            project,
            number,
            s,
            text,
            problem,
            "Make it a counter batch (BEGIN COUNTER BATCH)");
      }
    }
    if (problem.rule() == DmlRule.UNKNOWN_TABLE) {
      ScriptWrites.Checked c = ScriptWrites.check(schema, number);
      ScriptWrite w = c == null ? null : c.write();
      if (w != null) {
        CqlIdentifier best = nearest(schema, w);
        if (best != null) {
          String name = (w.keyspace() == null ? "" : w.keyspace().asCql() + ".") + best.asCql();
          String text =
              s.text().substring(0, w.tableStart()) + name + s.text().substring(w.tableEnd());
          add(out, project, number, s, text, problem, "Write " + name + " instead");
        }
      }
    }
    return out;
  }

  /** Adds the fix when the statement rewritten no longer has the problem. */
  private static void add(
      List<Fix> out,
      Project project,
      int number,
      OtherStatement before,
      String text,
      Problem problem,
      String label) {
    var edit = SchemaEdits.setStatementText(number, before, text);
    Schema after = edit.change().apply(project).schema();
    ScriptWrites.Checked c = ScriptWrites.check(after, number);
    if (c == null || c.findings().stream().anyMatch(f -> f.message().equals(problem.message()))) {
      return;
    }
    out.add(new Fix(label, new Document.Edit(label, edit.change()), false));
  }

  /** The table (or view) whose name is nearest the one the write names, within a typo or two. */
  private static CqlIdentifier nearest(Schema schema, ScriptWrite w) {
    String wanted = w.table().asInternal();
    CqlIdentifier best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (Keyspace ks : schema.keyspaces()) {
      if (w.keyspace() != null && !w.keyspace().equals(ks.name())) {
        continue;
      }
      for (var t : ks.tables()) {
        int d = SchemaFixes.nameDistance(wanted, t.name().asInternal());
        if (d < bestDistance) {
          best = t.name();
          bestDistance = d;
        }
      }
    }
    return best == null || bestDistance > SchemaFixes.typos(wanted) ? null : best;
  }
}
