package org.keyspacestudio.model.writes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.keyspacestudio.model.dml.ScriptWrite;
import org.keyspacestudio.model.dml.ScriptWrites;
import org.keyspacestudio.model.mapping.MappedTable;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.validate.Problem;

/**
 * Whether the script's writes (an application's INSERT, UPDATE and DELETE statements kept beside a
 * mapped schema) reach every copy the write paths say a write must reach ({@link WritePaths}): a
 * script that inserts a Video into some of the tables holding Videos but not the others, or sets a
 * title in one table and leaves its copies, keeps the denormalized tables out of step. Cassandra
 * takes each statement, so these are warnings ({@link WriteRule#SCRIPT_COPIES}); only writes the
 * script makes in part are judged (a script that never writes a Video says nothing of them).
 */
public final class ScriptCopies {

  private ScriptCopies() {}

  /**
   * A write of the model the script makes in part.
   *
   * @param statement the number of the script's first statement making it
   * @param write the write, as the write paths have it
   * @param missing the tables it must reach that no statement of the script writes, in order
   * @param problem the problem saying so
   */
  public record Missing(int statement, Write write, List<ElementRef> missing, Problem problem) {}

  /** What the script's statements do to one table. */
  private static final class Touch {
    Integer inserted;
    Integer deleted;
    final Map<String, Integer> columns = new HashMap<>();
  }

  /**
   * The problems, each on the first statement of the script that makes the write in part.
   *
   * @param project the project, not null
   * @param paths its write paths, not null
   * @return the problems (without positions: the caller has them), never null
   */
  static List<Problem> problems(Project project, WritePaths paths) {
    List<Problem> out = new ArrayList<>();
    for (Missing m : missing(project, paths)) {
      out.add(m.problem());
    }
    return out;
  }

  /**
   * The writes of the model the script makes in part.
   *
   * @param project the project, not null
   * @param paths its write paths, not null
   * @return them, in the owners' order, never null
   */
  public static List<Missing> missing(Project project, WritePaths paths) {
    List<ScriptWrites.Statement> statements = ScriptWrites.statements(project.schema());
    if (statements.isEmpty()) {
      return List.of();
    }
    Map<ElementRef, Touch> touched = new HashMap<>();
    for (ScriptWrites.Statement s : statements) {
      if (s.target() == null || paths.rows(s.target()).isEmpty()) {
        continue;
      }
      Touch t = touched.computeIfAbsent(s.target(), k -> new Touch());
      ScriptWrite w = s.write();
      switch (w.kind()) {
        case INSERT -> {
          if (t.inserted == null) {
            t.inserted = s.number();
          }
          w.changes().forEach(c -> t.columns.putIfAbsent(c.column().asInternal(), s.number()));
        }
        case UPDATE ->
            w.changes().forEach(c -> t.columns.putIfAbsent(c.column().asInternal(), s.number()));
        case DELETE -> {
          if (w.changes().isEmpty() && t.deleted == null) {
            t.deleted = s.number();
          }
        }
        default -> throw new IllegalStateException(w.kind().name());
      }
    }
    if (touched.isEmpty()) {
      return List.of();
    }
    Set<String> relevant = new HashSet<>();
    for (ElementRef table : touched.keySet()) {
      paths.rows(table).ifPresent(r -> relevant.addAll(r.held()));
    }
    List<Missing> out = new ArrayList<>();
    for (String owner : paths.writers()) {
      if (!relevant.contains(owner)) {
        continue;
      }
      Write insert = paths.insert(owner);
      partly(out, insert, touched, t -> t.inserted, "inserts", "inserts it");
      for (String attribute : paths.updatable(owner)) {
        Write update = paths.update(owner, attribute);
        Map<ElementRef, Integer> by = new HashMap<>();
        for (TableWrite tw : update.tables()) {
          Touch t = touched.get(tw.table());
          if (t == null) {
            continue;
          }
          for (String column : columnsHolding(project, paths, tw.table(), owner, attribute)) {
            Integer n = t.columns.get(column);
            if (n != null) {
              by.merge(tw.table(), n, Math::min);
            }
          }
        }
        report(out, update, by, "sets " + owner + "." + attribute + " in", "sets it");
      }
      Write delete = paths.delete(owner);
      partly(out, delete, touched, t -> t.deleted, "deletes", "deletes it");
    }
    return out;
  }

  /** The columns of a mapped table holding an owner's attribute (through a role too). */
  private static List<String> columnsHolding(
      Project project, WritePaths paths, ElementRef table, String owner, String attribute) {
    MappedTable entry = project.mapping().table(table).orElse(null);
    List<String> out = new ArrayList<>();
    if (entry == null) {
      return out;
    }
    Owners owners = paths.owners();
    entry
        .sources()
        .forEach(
            (column, a) -> {
              String o =
                  owners.kind(a.owner()) == Owners.Kind.ROLE
                      ? owners.entityOf(a.owner())
                      : a.owner();
              if (owner.equals(o) && a.topLevel().equals(attribute)) {
                out.add(column);
              }
            });
    return out;
  }

  private static void partly(
      List<Missing> out,
      Write write,
      Map<ElementRef, Touch> touched,
      java.util.function.Function<Touch, Integer> by,
      String does,
      String verb) {
    Map<ElementRef, Integer> numbers = new HashMap<>();
    for (TableWrite tw : write.tables()) {
      Touch t = touched.get(tw.table());
      Integer n = t == null ? null : by.apply(t);
      if (n != null) {
        numbers.put(tw.table(), n);
      }
    }
    report(out, write, numbers, does + " " + article(write.owner()) + write.owner() + " in", verb);
  }

  /** A problem when the script makes the write in some of its tables and not in the others. */
  private static void report(
      List<Missing> out, Write write, Map<ElementRef, Integer> numbers, String does, String verb) {
    Set<ElementRef> all = new LinkedHashSet<>();
    write.tables().forEach(t -> all.add(t.table()));
    if (numbers.isEmpty() || numbers.size() == all.size()) {
      return;
    }
    List<String> done = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    List<ElementRef> left = new ArrayList<>();
    int first = Integer.MAX_VALUE;
    for (ElementRef t : all) {
      Integer n = numbers.get(t);
      if (n != null) {
        done.add(t + " (statement " + n + ")");
        first = Math.min(first, n);
      } else {
        missing.add(t.toString());
        left.add(t);
      }
    }
    Problem problem =
        new Problem(
            WriteRule.SCRIPT_COPIES,
            "The script "
                + does
                + " "
                + String.join(", ", done)
                + " but not in "
                + String.join(", ", missing)
                + ", which "
                + (missing.size() == 1 ? "holds" : "hold")
                + " it too ("
                + write.title()
                + " writes "
                + all.size()
                + " tables): no statement of the script "
                + verb
                + " there, so "
                + (missing.size() == 1 ? "that copy goes" : "those copies go")
                + " out of step. Model > Write Paths has the statements.",
            ElementRef.statement(first),
            null);
    out.add(new Missing(first, write, left, problem));
  }

  private static String article(String name) {
    return name.isEmpty() || "AEIOUaeiou".indexOf(name.charAt(0)) < 0 ? "a " : "an ";
  }
}
