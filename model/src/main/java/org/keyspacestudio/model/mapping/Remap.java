package org.keyspacestudio.model.mapping;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.workflow.Query;

/**
 * Mapping again after the conceptual model or the queries changed: what the mapping would make now,
 * table by table, against what it made before ({@link MappedTable#generated()}) and what the table
 * is now (the user's edits). A three-way comparison:
 *
 * <ul>
 *   <li>a table whose queries are all gone is <em>removed</em>;
 *   <li>a query no table answers gets its first alternative, <em>added</em>;
 *   <li>a table the mapping would make differently is <em>changed</em>: when the user did not edit
 *       it, it becomes the new one; when the user did, the models' changes are merged into the
 *       user's table column by column (a column the models added is added, one they dropped is
 *       dropped unless the user changed it, a type the models changed is changed unless the user
 *       changed it, the key follows the models unless the user changed the key), or, when the user
 *       chooses to discard their edits, the table becomes the new one;
 *   <li>anything else is unchanged, user edits included.
 * </ul>
 *
 * Tables keep their names (other tables, arrows and code refer to them).
 */
public final class Remap {

  /** What happens to a table. */
  public enum Kind {
    ADDED,
    REMOVED,
    CHANGED,
    UNCHANGED
  }

  /**
   * What mapping again does to one table.
   *
   * @param kind added, removed, changed or unchanged
   * @param table the table
   * @param queries the queries it answers (after)
   * @param before the table now, null when added
   * @param generated what the mapping makes now (with the table's name), null when removed
   * @param merged the models' changes merged into the user's table: what applying with the user's
   *     edits kept gives; null when removed; equal to {@code generated} when the user did not edit
   *     the table
   * @param userEdited whether the table differs from what the mapping made before
   * @param alternative the alternative behind an added table, else null
   * @param details what changes, for the user, one line each
   */
  public record Change(
      Kind kind,
      ElementRef table,
      List<String> queries,
      Table before,
      Table generated,
      Table merged,
      boolean userEdited,
      Mapper.Alternative alternative,
      List<String> details) {
    public Change {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(table, "table");
      queries = List.copyOf(queries);
      details = List.copyOf(details);
    }
  }

  /**
   * What mapping again would do.
   *
   * @param keyspace where added tables go
   * @param changes one per mapped table and per query no table answers, in mapping order
   */
  public record Plan(CqlIdentifier keyspace, List<Change> changes) {
    public Plan {
      changes = List.copyOf(changes);
    }

    /** The changes that change something (every kind but unchanged). */
    public List<Change> effective() {
      return changes.stream().filter(c -> c.kind() != Kind.UNCHANGED).toList();
    }
  }

  private Remap() {}

  /**
   * What mapping again would do to a project.
   *
   * @param project the project
   * @param keyspace where added tables go
   */
  public static Plan plan(Project project, CqlIdentifier keyspace) {
    List<Change> changes = new ArrayList<>();
    Set<String> answered = new HashSet<>();
    Map<String, Query> queries = new LinkedHashMap<>();
    project.workflow().queriesInWorkflowOrder().forEach(q -> queries.put(q.id(), q));
    for (MappedTable m : project.mapping().tables()) {
      Table now = table(project, m.table());
      if (now == null) {
        continue;
      }
      List<String> still = m.queries().stream().filter(queries::containsKey).toList();
      answered.addAll(still);
      if (m.generated() == null) {
        continue; // Made by hand: nothing to compare with.
      }
      if (still.isEmpty()) {
        changes.add(
            new Change(
                Kind.REMOVED,
                m.table(),
                List.of(),
                now,
                null,
                null,
                !now.equals(m.generated()),
                null,
                List.of(
                    m.queries().isEmpty()
                        ? "answers no query any more"
                        : "answers no query any more ("
                            + String.join(", ", m.queries())
                            + (m.queries().size() == 1 ? " is" : " are")
                            + " gone)")));
        continue;
      }
      Mapper.Alternative fresh = fresh(project, m, queries.get(still.get(0)), now);
      if (fresh == null) {
        changes.add(
            new Change(
                Kind.UNCHANGED,
                m.table(),
                still,
                now,
                now,
                now,
                !now.equals(m.generated()),
                null,
                List.of(still.get(0) + " cannot be mapped now: see its problems")));
        continue;
      }
      Table generated = renamed(fresh.toTable(), now.name());
      Table baseline = renamed(m.generated(), now.name());
      boolean edited = !now.equals(baseline);
      if (sameShape(generated, baseline) || sameShape(generated, now)) {
        // Nothing the models changed, or the user already made the table what they make now.
        changes.add(
            new Change(
                Kind.UNCHANGED, m.table(), still, now, generated, now, edited, fresh, List.of()));
        continue;
      }
      Table merged = edited ? merge(now, baseline, generated) : generated;
      List<String> details = describe(baseline, generated);
      if (edited) {
        details = new ArrayList<>(details);
        details.add(
            sameShape(merged, generated)
                ? "your edits to it are covered by the change"
                : "your edits to it are kept (or discarded, if you choose)");
      }
      changes.add(
          new Change(
              Kind.CHANGED, m.table(), still, now, generated, merged, edited, fresh, details));
    }
    for (Query q : queries.values()) {
      if (answered.contains(q.id())
          || project.diagram().arrows().stream().anyMatch(a -> a.label().equals(q.id()))) {
        continue;
      }
      Mapper.Result r = Mapping.alternatives(project, q, keyspace);
      if (r.alternatives().isEmpty()) {
        continue;
      }
      Mapper.Alternative first = r.alternatives().get(0);
      ElementRef ref =
          first.reuse() != null
              ? first.reuse()
              : ElementRef.table(keyspace, CqlIdentifier.of(first.table()));
      changes.add(
          new Change(
              Kind.ADDED,
              ref,
              List.of(q.id()),
              null,
              first.reuse() != null ? null : first.toTable(),
              first.reuse() != null ? null : first.toTable(),
              false,
              first,
              List.of(
                  first.reuse() != null
                      ? q.id() + " is answered by the existing table " + first.table()
                      : "new, for " + q.id() + ": " + first.why())));
    }
    return new Plan(keyspace, changes);
  }

  /**
   * The alternative the mapping makes now for a mapped table's first query: the one of the same
   * name as before, else the best; null when the query cannot be mapped.
   */
  private static Mapper.Alternative fresh(Project project, MappedTable m, Query q, Table now) {
    Set<String> taken = new HashSet<>();
    Keyspace ks = project.schema().keyspace(m.table().keyspace()).orElse(null);
    if (ks != null) {
      ks.tables().forEach(t -> taken.add(t.name().asInternal()));
    }
    taken.remove(now.name().asInternal());
    taken.remove(m.generated().name().asInternal());
    Mapper.Result r = Mapper.alternatives(project.conceptual(), q, List.of(), taken);
    if (r.alternatives().isEmpty()) {
      return null;
    }
    for (Mapper.Alternative a : r.alternatives()) {
      if (a.table().equals(m.generated().name().asInternal())) {
        return a;
      }
    }
    return r.alternatives().get(0);
  }

  private static Table table(Project project, ElementRef ref) {
    return project
        .schema()
        .keyspace(ref.keyspace())
        .flatMap(k -> k.table(ref.object()))
        .orElse(null);
  }

  private static Table renamed(Table t, CqlIdentifier name) {
    return new Table(name, t.columns(), t.primaryKey(), t.options());
  }

  /** Same columns (names, types, static flags, in order) and the same key; options aside. */
  private static boolean sameShape(Table a, Table b) {
    return a.columns().equals(b.columns()) && a.primaryKey().equals(b.primaryKey());
  }

  /** The models' changes from {@code base} to {@code fresh} applied to the user's {@code mine}. */
  static Table merge(Table mine, Table base, Table fresh) {
    Map<CqlIdentifier, Column> baseColumns = columns(base);
    Map<CqlIdentifier, Column> freshColumns = columns(fresh);
    List<Column> out = new ArrayList<>();
    for (Column c : mine.columns()) {
      Column was = baseColumns.get(c.name());
      Column now = freshColumns.get(c.name());
      if (was != null && now == null && was.equals(c)) {
        continue; // The models dropped it and the user did not touch it.
      }
      if (was != null && now != null && !was.equals(now) && was.equals(c)) {
        out.add(now); // The models changed it, the user did not.
      } else {
        out.add(c);
      }
    }
    Set<CqlIdentifier> have = new HashSet<>();
    out.forEach(c -> have.add(c.name()));
    for (Column c : fresh.columns()) {
      if (!baseColumns.containsKey(c.name()) && have.add(c.name())) {
        out.add(c); // The models added it.
      }
    }
    PrimaryKey key = mine.primaryKey();
    if (mine.primaryKey().equals(base.primaryKey())
        && fresh.primaryKey().allColumns().stream().allMatch(have::contains)) {
      key = fresh.primaryKey();
    }
    return new Table(mine.name(), out, key, mine.options());
  }

  private static Map<CqlIdentifier, Column> columns(Table t) {
    Map<CqlIdentifier, Column> out = new LinkedHashMap<>();
    t.columns().forEach(c -> out.putIfAbsent(c.name(), c));
    return out;
  }

  /** What changes from one table to the other, one line each. */
  static List<String> describe(Table from, Table to) {
    List<String> out = new ArrayList<>();
    Map<CqlIdentifier, Column> a = columns(from);
    Map<CqlIdentifier, Column> b = columns(to);
    for (Column c : to.columns()) {
      Column was = a.get(c.name());
      if (was == null) {
        out.add("+ column " + c.name().asCql() + " " + c.type().asCql());
      } else if (!was.type().equals(c.type())) {
        out.add(
            "~ column " + c.name().asCql() + ": " + was.type().asCql() + " -> " + c.type().asCql());
      } else if (was.isStatic() != c.isStatic()) {
        out.add(
            "~ column "
                + c.name().asCql()
                + (c.isStatic() ? ": now static" : ": no longer static"));
      }
    }
    for (Column c : from.columns()) {
      if (!b.containsKey(c.name())) {
        out.add("- column " + c.name().asCql());
      }
    }
    if (!from.primaryKey().equals(to.primaryKey())) {
      out.add("~ key: " + key(from.primaryKey()) + " -> " + key(to.primaryKey()));
    }
    return out;
  }

  private static String key(PrimaryKey k) {
    StringBuilder s = new StringBuilder("((");
    s.append(String.join(", ", k.partitionKey().stream().map(CqlIdentifier::asCql).toList()));
    s.append(")");
    for (PrimaryKey.ClusteringColumn c : k.clustering()) {
      s.append(", ").append(c.name().asCql()).append(" ").append(c.order());
    }
    return s.append(")").toString();
  }

  /**
   * The column sources of a table after a change: the fresh alternative's where it has the column,
   * the old ones for the rest (the user's own columns keep theirs).
   */
  public static SortedMap<String, AttributeRef> sources(
      Table result, Map<String, AttributeRef> old, Mapper.Alternative fresh) {
    SortedMap<String, AttributeRef> out = new TreeMap<>();
    Map<String, AttributeRef> now = fresh == null ? Map.of() : fresh.sources();
    for (Column c : result.columns()) {
      String name = c.name().asInternal();
      AttributeRef source = now.containsKey(name) ? now.get(name) : old.get(name);
      if (source != null) {
        out.put(name, source);
      }
    }
    return out;
  }

  /** The UDTs an alternative needs that a keyspace lacks (none for a null alternative). */
  public static List<UserType> missingTypes(Keyspace ks, Mapper.Alternative alternative) {
    List<UserType> out = new ArrayList<>();
    if (alternative != null) {
      for (UserType t : alternative.types()) {
        if (ks.type(t.name()).isEmpty()) {
          out.add(t);
        }
      }
    }
    return out;
  }
}
