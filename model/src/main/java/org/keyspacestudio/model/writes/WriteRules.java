package org.keyspacestudio.model.writes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.validate.Problem;

/**
 * The write checks of a project ({@link WriteRule}) over its write paths ({@link WritePaths}): a
 * mapped table whose rows overwrite each other, denormalized rows no table lists, and logged
 * batches over the node's thresholds.
 */
public final class WriteRules {

  /** Cassandra 5.0's default {@code batch_size_warn_threshold}: 5 KiB. */
  public static final long BATCH_WARN_BYTES = 5 * 1024;

  /** Cassandra 5.0's default {@code batch_size_fail_threshold}: 50 KiB. */
  public static final long BATCH_FAIL_BYTES = 50 * 1024;

  private WriteRules() {}

  /** The problems of a project's writes, table by table, then owner by owner; never null. */
  public static List<Problem> validate(Project project) {
    return validate(project, new Memo());
  }

  /**
   * Remembers the last run's checks of each owner's writes with the tables they read, so that after
   * an edit only the owners whose tables (their definitions, mapping entries, typed-in sizes or
   * types) changed are checked again, and nothing is when only the diagrams or the workflow did.
   * Not thread-safe: one per editor window.
   */
  public static final class Memo {
    private final WritePaths.Memo paths = new WritePaths.Memo();
    private Object instances;
    private Map<String, OwnerChecks> owners = new HashMap<>();
    private Map<Integer, Set<String>> readers = new HashMap<>();
    private Project last;
    private List<Problem> lastProblems = List.of();
  }

  /** One owner's findings and the positions of the tables its writes read. */
  private record OwnerChecks(
      List<Integer> reads,
      Problem batchSize,
      Map<ElementRef, Unreachable> unreachable,
      Set<ElementRef> lowGcGrace) {}

  /** As {@link #validate(Project)}, checking again only the writes an edit changed. */
  public static List<Problem> validate(Project project, Memo memo) {
    if (project.mapping().tables().isEmpty()) {
      memo.owners = new HashMap<>();
      memo.readers = new HashMap<>();
      memo.last = null;
      return List.of();
    }
    Project last = memo.last;
    if (last != null
        && last.schema() == project.schema()
        && last.mapping() == project.mapping()
        && last.sizing() == project.sizing()
        && last.conceptual() == project.conceptual()) {
      // An edit of the diagrams or the workflow alone (a box moved): nothing the writes read.
      return memo.lastProblems;
    }
    WritePaths paths = WritePaths.undescribed(project, memo.paths);
    Set<Integer> changed =
        project.sizing().instances().equals(memo.instances) ? paths.changedSinceLast() : null;
    memo.instances = project.sizing().instances();
    Set<String> again = null;
    if (changed != null) {
      again = new java.util.HashSet<>();
      for (int position : changed) {
        again.addAll(memo.readers.getOrDefault(position, Set.of()));
      }
    }
    Map<String, OwnerChecks> now = new HashMap<>();
    Map<Integer, Set<String>> readers = again == null ? new HashMap<>() : memo.readers;
    List<OwnerChecks> checks = new ArrayList<>();
    for (String owner : paths.writers()) {
      OwnerChecks before = again == null ? null : memo.owners.get(owner);
      OwnerChecks c;
      if (before != null && !again.contains(owner)) {
        c = before;
      } else {
        if (before != null) {
          for (int position : before.reads()) {
            readers.getOrDefault(position, new java.util.HashSet<>()).remove(owner);
          }
        }
        c = check(paths, owner, paths.inputPositions(owner));
        for (int position : c.reads()) {
          readers.computeIfAbsent(position, x -> new java.util.HashSet<>()).add(owner);
        }
      }
      now.put(owner, c);
      checks.add(c);
    }
    memo.owners = now;
    memo.readers = readers;
    memo.last = project;
    memo.lastProblems = assemble(project, paths, checks);
    return memo.lastProblems;
  }

  /** The problems of a project's writes, from write paths made of it. */
  public static List<Problem> validate(Project project, WritePaths paths) {
    List<OwnerChecks> checks = new ArrayList<>();
    for (String owner : paths.writers()) {
      checks.add(check(paths, owner, List.of()));
    }
    return assemble(project, paths, checks);
  }

  private static OwnerChecks check(WritePaths paths, String owner, List<Integer> reads) {
    Map<ElementRef, Unreachable> unreachable = new LinkedHashMap<>();
    Set<ElementRef> lowGcGrace = new LinkedHashSet<>();
    List<String> over = new ArrayList<>();
    boolean refused = false;
    for (Write w : paths.writes(owner)) {
      for (TableWrite t : w.tables()) {
        if (t.rows() != null && t.rows().finder() == null) {
          Unreachable u =
              unreachable.computeIfAbsent(t.table(), x -> new Unreachable(t.rows().owner()));
          if (w.kind() == Write.Kind.UPDATE) {
            u.attributes.add(w.attribute());
          } else if (w.kind() == Write.Kind.DELETE) {
            u.deleted = true;
          }
        }
      }
      if (!batched(w)) {
        continue;
      }
      for (TableWrite t : w.tables()) {
        if (!t.counter() && gcGraceZero(paths, t.table())) {
          lowGcGrace.add(t.table());
        }
      }
      if (w.bytes() > BATCH_WARN_BYTES) {
        over.add(
            w.title()
                + ", about "
                + size(w.bytes())
                + " ("
                + w.statementCount()
                + (w.statementCount() == 1 ? " statement, " : " statements, ")
                + w.tables().size()
                + (w.tables().size() == 1 ? " table)" : " tables)"));
        refused |= w.bytes() > BATCH_FAIL_BYTES;
      }
    }
    Problem batchSize = over.isEmpty() ? null : batchSize(paths, owner, over, refused);
    return new OwnerChecks(reads, batchSize, unreachable, lowGcGrace);
  }

  private static List<Problem> assemble(
      Project project, WritePaths paths, List<OwnerChecks> checks) {
    List<Problem> out = new ArrayList<>();
    for (TableRows rows : paths.rows()) {
      if (!rows.overwritten().isEmpty()) {
        out.add(overwrite(project, paths, rows));
      }
      if (!rows.alsoRowOwners().isEmpty()) {
        out.add(ambiguous(rows));
      }
    }
    out.addAll(ScriptCopies.problems(project, paths));
    List<String> writers = paths.writers();
    Map<ElementRef, Map<String, Unreachable>> unreachable = new LinkedHashMap<>();
    Set<ElementRef> lowGcGrace = new LinkedHashSet<>();
    for (int i = 0; i < checks.size(); i++) {
      OwnerChecks c = checks.get(i);
      if (c.batchSize() != null) {
        out.add(c.batchSize());
      }
      String owner = writers.get(i);
      c.unreachable()
          .forEach(
              (table, u) ->
                  unreachable.computeIfAbsent(table, x -> new LinkedHashMap<>()).put(owner, u));
      lowGcGrace.addAll(c.lowGcGrace());
    }
    // Table by table, in schema order.
    List<ElementRef> order = paths.rows().stream().map(TableRows::table).toList();
    for (ElementRef table : order) {
      Map<String, Unreachable> byOwner = unreachable.get(table);
      if (byOwner != null) {
        byOwner.forEach((owner, u) -> out.add(unreachable(paths, table, owner, u)));
      }
    }
    for (ElementRef table : order) {
      if (lowGcGrace.contains(table)) {
        out.add(
            new Problem(
                WriteRule.BATCH_GC_GRACE,
                table
                    + " has gc_grace_seconds = 0, and a logged batch writes it: the node warns at"
                    + " each one (\"Executing a LOGGED BATCH on table "
                    + table
                    + ", configured with a gc_grace_seconds of 0\"), as its batchlog entries,"
                    + " which expire with that setting, may go before they are replayed. Give the"
                    + " table a gc_grace_seconds above 0 (Cassandra's default is 864000, 10"
                    + " days).",
                table,
                null));
      }
    }
    return List.copyOf(out);
  }

  /** Whether a write goes as a logged batch: more than one statement, or one run many times. */
  static boolean batched(Write w) {
    long plain = 0;
    for (TableWrite t : w.tables()) {
      if (!t.counter()) {
        plain = WriteSizes.plus(plain, WriteSizes.times(t.executions(), t.statements().size()));
      }
    }
    return plain > 1;
  }

  private static final class Unreachable {
    final String rowsOf;
    final Set<AttributeRef> attributes = new LinkedHashSet<>();
    boolean deleted;

    Unreachable(String rowsOf) {
      this.rowsOf = rowsOf;
    }
  }

  private static Problem overwrite(Project project, WritePaths paths, TableRows rows) {
    Table table =
        project
            .schema()
            .keyspace(rows.table().keyspace())
            .flatMap(ks -> ks.table(rows.table().object()))
            .orElseThrow();
    String key =
        String.join(", ", table.primaryKey().allColumns().stream().map(c -> c.asCql()).toList());
    List<String> parts = new ArrayList<>();
    for (String owner : rows.overwritten()) {
      List<AttributeRef> missing = paths.missingKey(rows.table(), owner);
      parts.add(
          "rows of different "
              + owner
              + " instances overwrite each other, the last write kept"
              + (missing.isEmpty()
                  ? ""
                  : " (add "
                      + String.join(", ", missing.stream().map(AttributeRef::toString).toList())
                      + " to the primary key, as the method's MR5 does)"));
    }
    return new Problem(
        WriteRule.OVERWRITE,
        rows.table()
            + ": its primary key ("
            + key
            + ") holds no key of "
            + String.join(" or ", rows.overwritten())
            + ", whose attributes it holds, and nothing in it determines one: "
            + String.join("; ", parts)
            + ".",
        rows.table(),
        null);
  }

  private static Problem ambiguous(TableRows rows) {
    List<String> all = new ArrayList<>();
    all.add(rows.rowOwner());
    all.addAll(rows.alsoRowOwners());
    return new Problem(
        WriteRule.ROWS_AMBIGUOUS,
        rows.table()
            + ": its rows could be those of "
            + String.join(" or ", all)
            + " (keyed alike, and it holds none of their own attributes): the write checks take"
            + " them as rows of "
            + rows.rowOwner()
            + ", so inserting or deleting an instance of "
            + String.join(" or ", rows.alsoRowOwners())
            + " does not write it. Name the table after the one whose rows it lists ("
            + String.join(", ", all.stream().map(o -> namedFor(rows.table(), o)).toList())
            + "), or map one of its columns to an attribute of that one.",
        rows.table(),
        null);
  }

  /**
   * A name for a table whose rows are an owner's, which {@link TableRows#of} reads as named after
   * it: the owner's name, lower case, in place of what the table's name lists before {@code _by_}
   * ({@code videos_by_user} for {@code likes}: {@code likes_by_user}), else before the table's
   * whole name.
   *
   * @param table the table
   * @param owner an entity or relationship name
   */
  public static String namedFor(ElementRef table, String owner) {
    String name = table.object().asInternal();
    int by = name.indexOf("_by_");
    String own = owner.toLowerCase(java.util.Locale.ROOT);
    return by >= 0 ? own + name.substring(by) : own + "_" + name;
  }

  private static Problem unreachable(
      WritePaths paths, ElementRef table, String owner, Unreachable u) {
    String keyHolds =
        paths.rows(table).map(r -> r.table().object().asCql()).orElse(table.object().asCql());
    StringBuilder message = new StringBuilder(table.toString()).append(": ");
    if (!u.attributes.isEmpty()) {
      message
          .append("it keeps ")
          .append(String.join(", ", u.attributes.stream().map(AttributeRef::toString).toList()))
          .append(" in the rows of ")
          .append(u.rowsOf)
          .append(" instances, and no table lists the ")
          .append(plural(u.rowsOf))
          .append(" of a ")
          .append(owner)
          .append(" with what ")
          .append(keyHolds)
          .append("'s key holds: when a ")
          .append(owner)
          .append(u.deleted ? " changes or goes" : " changes")
          .append(", the application cannot find those rows.");
    } else {
      message
          .append("deleting a ")
          .append(owner)
          .append(" must delete its ")
          .append(plural(u.rowsOf))
          .append(" here, and no table lists the ")
          .append(plural(u.rowsOf))
          .append(" of a ")
          .append(owner)
          .append(" with what its key holds: the application cannot find them.");
    }
    message
        .append(" Map a query that finds the ")
        .append(plural(u.rowsOf))
        .append(" of a ")
        .append(owner)
        .append(" by its key (returning what this table's key holds)")
        .append(u.attributes.isEmpty() ? "." : ", or keep those attributes out of this table.");
    return new Problem(WriteRule.UNREACHABLE, message.toString(), table, null);
  }

  private static Problem batchSize(
      WritePaths paths, String owner, List<String> over, boolean refused) {
    ElementRef element =
        paths.owners().kind(owner) == Owners.Kind.RELATIONSHIP
            ? ElementRef.relationship(owner)
            : ElementRef.entity(owner);
    return new Problem(
        WriteRule.BATCH_SIZE,
        "Each write of "
            + article(owner)
            + owner
            + " as one logged batch (every table that holds what changes): "
            + String.join("; ", over)
            + ". A node logs a warning for each batch over batch_size_warn_threshold (5 KiB)"
            + (refused ? " and refuses one over batch_size_fail_threshold (50 KiB)" : "")
            + "; the sizes are Cassandra's count of the data, from the columns' sizes (type in"
            + " yours in Model > Partition Sizes). Send the rows of other instances (for each"
            + " Comment of a Video) in batches of their own, or keep fewer copies of large"
            + " columns.",
        element,
        null);
  }

  private static boolean gcGraceZero(WritePaths paths, ElementRef table) {
    return paths.table(table).map(t -> t.options().gcGraceSeconds().orElse(1) == 0).orElse(false);
  }

  private static String plural(String name) {
    return org.keyspacestudio.model.mapping.Mapper.plural(name);
  }

  private static String article(String name) {
    return !name.isEmpty() && "AEIOaeio".indexOf(name.charAt(0)) >= 0 ? "an " : "a ";
  }

  /**
   * A data size as Cassandra prints its thresholds (1 KiB = 1,024 bytes): {@code 324 bytes}, {@code
   * 5.03 KiB} (two decimals under 10 KiB, so that a size just over 5 KiB does not read "5.0"),
   * {@code 13.0 KiB}.
   */
  public static String size(long bytes) {
    if (bytes < 1024) {
      return bytes + " bytes";
    }
    // Two decimals near the thresholds: 5,149 bytes is 5.03 KiB, not "5.0 KiB" over 5 KiB.
    return String.format(Locale.ROOT, bytes < 10 * 1024 ? "%.2f KiB" : "%.1f KiB", bytes / 1024.0);
  }
}
