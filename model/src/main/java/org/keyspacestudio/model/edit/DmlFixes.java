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
import org.keyspacestudio.model.schema.OtherStatement;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.type.Constant;
import org.keyspacestudio.model.validate.Problem;

/**
 * Fixes for the problems of a script's writes ({@link ScriptWrites}), each one undoable edit of the
 * statement's text, offered only when the statement rewritten no longer has the problem: a batch of
 * counter updates made a {@code COUNTER} batch, a table name mistyped replaced by the nearest one
 * the schema defines, a constant written as its column's type takes it (a quoted UUID, number or
 * boolean unquoted; a number for a text column quoted). Neither is safe (the script is the
 * application's code: what it runs changes), so {@code validate --fix} leaves them.
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
    int number = problem.element().statementNumber();
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
    if (problem.rule() == DmlRule.VALUE || problem.rule() == DmlRule.VALUE_READ_AS) {
      ConstantFixes.Rewrite rewrite =
          problem.rule() == DmlRule.VALUE
              ? ConstantFixes.ofRefusal(problem.message())
              : ConstantFixes.ofNote(problem.message());
      Constant literal =
          rewrite == null
              ? null
              : literalOf(s.text(), rewrite.column(), rewrite.kind(), rewrite.text());
      if (literal != null) {
        add(
            out,
            project,
            number,
            s,
            ConstantFixes.applied(s.text(), literal, rewrite),
            problem,
            rewrite.label());
      } else if (problem.rule() == DmlRule.VALUE) {
        ConstantFixes.Located part =
            ConstantFixes.ofPart(
                problem.message(), given(s.text()), ConstantFixes.userTypes(schema));
        if (part != null) {
          add(
              out,
              project,
              number,
              s,
              ConstantFixes.applied(s.text(), part.target(), part.rewrite()),
              problem,
              part.rewrite().label());
        }
      }
    }
    if (problem.rule() == DmlRule.VALUE) {
      Matcher m = TUPLE_FOR_UDT.matcher(problem.message());
      if (m.find()) {
        Constant tuple = literalOf(s.text(), m.group(1), "TUPLE", null);
        if (tuple != null) {
          String rewritten =
              s.text().substring(0, tuple.start()) + m.group(2) + s.text().substring(tuple.end());
          add(
              out,
              project,
              number,
              s,
              rewritten,
              problem,
              "Write it with the field names: " + m.group(2) + " (" + m.group(1) + ")");
        }
      }
    }
    if (problem.rule() == DmlRule.UNKNOWN_TABLE) {
      ScriptWrites.Checked c = ScriptWrites.check(schema, number);
      ScriptWrite w = c == null ? null : c.write();
      if (w != null) {
        // A view is not offered: Cassandra refuses writes to one (DML-VIEW).
        CqlIdentifier best =
            SchemaFixes.nearestTable(schema, w.keyspace(), w.table().asInternal(), false);
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

  /** A tuple literal for a user type column, as ScriptWrites says it, with the literal named. */
  private static final Pattern TUPLE_FOR_UDT =
      Pattern.compile(
          "A tuple literal for the user type column (\\S+) is refused .* names: (\\{.*\\})$");

  /**
   * The constant of that kind and text (any text for null) given to that column in the statement
   * (or a batch's): the value given to it, or one inside the literal given to it when the column is
   * named as a message names a literal's part ({@code value(c)}, {@code key(c)}, {@code c[0]},
   * {@code c.field}).
   */
  private static Constant literalOf(String statement, String column, String kind, String text) {
    String name = ConstantFixes.columnOf(column);
    boolean inside = !name.equals(column);
    for (var e : given(statement)) {
      if (!e.getKey().equals(name)) {
        continue;
      }
      Constant found = inside ? ConstantFixes.within(e.getValue(), kind, text) : e.getValue();
      if (found != null
          && found.kind().name().equals(kind)
          && (text == null || found.text().equals(text))) {
        return found;
      }
    }
    return null;
  }

  /**
   * Each value a write gives a column (its changes, then its WHERE clause's and its conditions'),
   * with the column's internal name, in the order written; every statement of a batch.
   */
  private static List<java.util.Map.Entry<String, Constant>> given(String statement) {
    var read = org.keyspacestudio.model.parse.WriteReader.read(statement);
    List<ScriptWrite> writes =
        read.write() != null
            ? List.of(read.write())
            : read.batch() != null ? read.batch().statements() : List.of();
    List<java.util.Map.Entry<String, Constant>> given = new ArrayList<>();
    for (ScriptWrite w : writes) {
      for (int i = 0; i < w.changes().size(); i++) {
        var ch = w.changes().get(i);
        given.add(
            java.util.Map.entry(
                ch.column().asInternal(),
                i < w.literals().size() ? w.literals().get(i) : ch.value()));
      }
      for (var r : w.where()) {
        for (var v : r.values()) {
          given.add(java.util.Map.entry(r.column().asInternal(), v));
        }
      }
      for (var c : w.conditions()) {
        for (var v : c.values()) {
          given.add(java.util.Map.entry(c.column().asInternal(), v));
        }
      }
    }
    return given;
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
}
