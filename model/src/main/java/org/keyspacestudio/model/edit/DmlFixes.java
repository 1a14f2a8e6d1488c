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
    if (problem.rule() == DmlRule.VALUE) {
      Matcher m = INVALID_CONSTANT.matcher(problem.message());
      if (m.find()) {
        valueFix(out, project, number, s, problem, m.group(1), m.group(2), m.group(3), m.group(4));
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
    if (problem.rule() == DmlRule.VALUE_READ_AS) {
      readAsFix(out, project, number, s, problem);
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

  /** {@code Invalid KIND constant (TEXT) for "COLUMN" of type TYPE}, as ScriptWrites says it. */
  private static final Pattern INVALID_CONSTANT =
      Pattern.compile("Invalid ([A-Z]+) constant \\((.*)\\) for \"(.+?)\" of type (\\S+)");

  /**
   * A constant written the way its column's type takes it, where there is one way: a quoted UUID,
   * number or boolean unquoted, a number, boolean or UUID for a text column quoted.
   */
  private static void valueFix(
      List<Fix> out,
      Project project,
      int number,
      OtherStatement s,
      Problem problem,
      String kind,
      String text,
      String column,
      String type) {
    String replacement = null;
    String label = null;
    boolean textType = type.equals("text") || type.equals("ascii");
    if (kind.equals("STRING") && (type.equals("uuid") || type.equals("timeuuid"))) {
      try {
        java.util.UUID.fromString(text);
        replacement = text;
        label = "Write the UUID " + text + " without quotes";
      } catch (IllegalArgumentException e) {
        return;
      }
    } else if (kind.equals("STRING") && !textType && unquotedNumberOrBoolean(text, type)) {
      replacement = text;
      label = "Write " + text + " without quotes";
    } else if (!kind.equals("STRING") && !kind.equals("HEX") && textType) {
      replacement = "'" + text + "'";
      label = "Quote the text: " + replacement;
    }
    if (replacement == null) {
      return;
    }
    Constant literal = literalOf(s.text(), column, kind, text);
    if (literal == null) {
      return;
    }
    String rewritten =
        s.text().substring(0, literal.start()) + replacement + s.text().substring(literal.end());
    add(out, project, number, s, rewritten, problem, label + " (" + column + ")");
  }

  /** A tuple literal for a user type column, as ScriptWrites says it, with the literal named. */
  private static final Pattern TUPLE_FOR_UDT =
      Pattern.compile(
          "A tuple literal for the user type column (\\S+) is refused .* names: (\\{.*\\})$");

  /** {@code 'TEXT' for "COLUMN" ...}, as ConstantTypes.note says it. */
  private static final Pattern READ_AS =
      Pattern.compile("'(.*)' for \"(.+?)\" (names no time zone|is the time the node prepares)");

  /**
   * A timestamp without a zone given the offset of UTC, which the warning proposes ({@code
   * '2026-01-01 10:30+0000'}); {@code 'now'} read at each write ({@code toTimestamp(now())}).
   */
  private static void readAsFix(
      List<Fix> out, Project project, int number, OtherStatement s, Problem problem) {
    Matcher m = READ_AS.matcher(problem.message());
    if (!m.find()) {
      return;
    }
    String text = m.group(1);
    String column = m.group(2);
    Constant literal = literalOf(s.text(), column, "STRING", text);
    if (literal == null) {
      return;
    }
    String replacement;
    String label;
    if (m.group(3).startsWith("names")) {
      replacement =
          new Constant(
                  Constant.Kind.STRING,
                  text + (text.length() <= 10 ? " 00:00" : "") + "+0000",
                  -1,
                  -1)
              .shown();
      label = "Write it in UTC: " + replacement;
    } else {
      replacement = "toTimestamp(now())";
      label = "Read the time at each write: toTimestamp(now())";
    }
    String rewritten =
        s.text().substring(0, literal.start()) + replacement + s.text().substring(literal.end());
    add(out, project, number, s, rewritten, problem, label + " (" + column + ")");
  }

  /** Whether a string's content is a constant of the (numeric or boolean) type, unquoted. */
  private static boolean unquotedNumberOrBoolean(String text, String type) {
    return switch (type) {
      case "tinyint", "smallint", "int", "bigint", "varint", "counter" -> text.matches("-?[0-9]+");
      case "float", "double", "decimal" -> text.matches("-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?");
      case "boolean" -> text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false");
      default -> false;
    };
  }

  /**
   * The constant of that kind and text (any text for null) given to that column in the statement
   * (or a batch's).
   */
  private static Constant literalOf(String statement, String column, String kind, String text) {
    var read = org.keyspacestudio.model.parse.WriteReader.read(statement);
    List<ScriptWrite> writes =
        read.write() != null
            ? List.of(read.write())
            : read.batch() != null ? read.batch().statements() : List.of();
    for (ScriptWrite w : writes) {
      List<java.util.Map.Entry<String, Constant>> given = new ArrayList<>();
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
      for (var e : given) {
        if (e.getKey().equals(column)
            && e.getValue().kind().name().equals(kind)
            && (text == null || e.getValue().text().equals(text))) {
          return e.getValue();
        }
      }
    }
    return null;
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
