package org.keyspacestudio.model.writes;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.keyspacestudio.model.conceptual.AttributeRef;

/**
 * One write of the application, as the conceptual model sees it (a new Video, a Video's title
 * changed, a Video deleted), and what it must write to every table that holds what it changes, to
 * keep the denormalized tables in step.
 *
 * @param kind insert, update or delete
 * @param owner the entity or relationship written
 * @param attribute the attribute changed, for an update; null otherwise
 * @param tables what it writes to each table, in schema order
 * @param notes what else the user should know of it (what an instance identifies, which goes with
 *     it); may be empty
 */
public record Write(
    Kind kind, String owner, AttributeRef attribute, List<TableWrite> tables, List<String> notes) {

  /** What a write does to an instance. */
  public enum Kind {
    INSERT,
    UPDATE,
    DELETE
  }

  public Write {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(owner, "owner");
    tables = List.copyOf(tables);
    notes = List.copyOf(notes);
  }

  /** For a user: {@code Insert a Video}, {@code Update Video.title}, {@code Delete a Video}. */
  public String title() {
    return switch (kind) {
      case INSERT -> "Insert " + article(owner) + owner;
      case UPDATE -> "Update " + attribute;
      case DELETE -> "Delete " + article(owner) + owner;
    };
  }

  /** How many statements run for one write (each table's, times its executions). */
  public long statementCount() {
    long n = 0;
    for (TableWrite t : tables) {
      n = WriteSizes.plus(n, WriteSizes.times(t.executions(), t.statements().size()));
    }
    return n;
  }

  /** The data Cassandra counts the write's statements as, together, in bytes. */
  public long bytes() {
    long n = 0;
    for (TableWrite t : tables) {
      n = WriteSizes.plus(n, t.bytes());
    }
    return n;
  }

  /**
   * The write as CQL to run: one statement alone; else a logged batch, so that the denormalized
   * tables change together or not at all (Cassandra replays a logged batch's statements until all
   * apply), and the writes to counter tables in a counter batch of their own (Cassandra refuses
   * counters in a logged batch, and counters with other statements). A statement run once per value
   * or per row says so in a comment after it.
   *
   * @return the CQL, each statement ending with {@code ;}, lines separated by {@code \n}
   */
  public String cql() {
    List<TableWrite> plain = new ArrayList<>();
    List<TableWrite> counters = new ArrayList<>();
    for (TableWrite t : tables) {
      (t.counter() ? counters : plain).add(t);
    }
    StringBuilder out = new StringBuilder();
    for (List<TableWrite> group : List.of(plain, counters)) {
      if (group.isEmpty()) {
        continue;
      }
      boolean alone =
          group.size() == 1
              && group.get(0).statements().size() == 1
              && group.get(0).executions() == 1
              && group.get(0).perValueOf().isEmpty()
              && group.get(0).rows() == null;
      if (out.length() > 0) {
        out.append('\n');
      }
      if (alone) {
        out.append(group.get(0).statements().get(0)).append(';');
        continue;
      }
      out.append(group == counters ? "BEGIN COUNTER BATCH\n" : "BEGIN BATCH\n");
      for (TableWrite t : group) {
        String repeat = repeat(t);
        for (String s : t.statements()) {
          out.append("  ").append(s).append(';');
          if (!repeat.isEmpty()) {
            out.append("  -- ").append(repeat);
          }
          out.append('\n');
        }
      }
      out.append("APPLY BATCH;");
    }
    return out.toString();
  }

  /** How often a table write's statements run, for the comment after them; empty for once. */
  String repeat(TableWrite t) {
    List<String> parts = new ArrayList<>();
    for (AttributeRef a : t.perValueOf()) {
      parts.add(
          (t.action() == TableWrite.Action.MOVE_ROW
              ? "per value of " + a + " removed or added"
              : "once per value of " + a));
    }
    if (t.rows() != null) {
      parts.add("for each " + t.rows().owner() + " of the " + owner);
    }
    return String.join(", ", parts);
  }

  private static String article(String name) {
    // "a User", "a Unit": a U sounds like "you" more often than not.
    return !name.isEmpty() && "AEIOaeio".indexOf(name.charAt(0)) >= 0 ? "an " : "a ";
  }
}
