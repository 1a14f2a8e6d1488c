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
    // The project as it is once the tables changed, with the user's edits kept: what the views
    // over them are judged against.
    Project after = project;
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
      List<String> needed = still.isEmpty() ? viewsAnswering(project, m.table(), queries) : null;
      if (needed != null && !needed.isEmpty()) {
        changes.add(
            new Change(
                Kind.UNCHANGED,
                m.table(),
                List.of(),
                now,
                now,
                now,
                !now.equals(m.generated()),
                null,
                List.of(
                    "answers no query any more, but is kept: "
                        + String.join("; ", needed)
                        + " (a view's rows come from its base table)")));
        continue;
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
      after = withTable(after, m, merged, sources(merged, m.sources(), fresh));
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
    Set<String> freed = new HashSet<>();
    for (MappedTable m : project.mapping().tables()) {
      Change c = viewChange(project, after, m, queries);
      if (c == null) {
        continue;
      }
      changes.add(c);
      if (c.kind() == Kind.REMOVED) {
        freed.addAll(m.queries().stream().filter(queries::containsKey).toList());
      } else {
        answered.addAll(c.queries());
      }
    }
    for (Query q : queries.values()) {
      if (answered.contains(q.id())
          || (!freed.contains(q.id())
              && project.diagram().arrows().stream().anyMatch(a -> a.label().equals(q.id())))) {
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
   * What mapping again does to a materialized view the mapping made ({@link
   * MappedTable#generated()} holds the rows it had then): removed when its queries are gone, or
   * when no view over its base table can answer its first query any more (the query then gets a
   * table of its own); changed when the view the mapping makes now over the base table, as it is
   * after the tables changed, has other columns or another key; else unchanged. Null for anything
   * but such a view.
   */
  private static Change viewChange(
      Project project, Project after, MappedTable m, Map<String, Query> queries) {
    if (m.table().kind() != ElementRef.Kind.VIEW || m.generated() == null) {
      return null;
    }
    Keyspace ks = project.schema().keyspace(m.table().keyspace()).orElse(null);
    var view = ks == null ? null : ks.view(m.table().object()).orElse(null);
    Table now = view == null ? null : ks.viewAsTable(view);
    if (now == null) {
      return null; // Gone, or its base table is: the validator says so.
    }
    List<String> still = m.queries().stream().filter(queries::containsKey).toList();
    boolean edited = !sameViewShape(now, renamed(m.generated(), now.name()));
    Mapper.Alternative fresh =
        still.isEmpty() ? null : followingView(after, m, queries.get(still.get(0)));
    if (fresh == null) {
      return new Change(
          Kind.REMOVED,
          m.table(),
          List.of(),
          now,
          null,
          null,
          edited,
          null,
          List.of(
              still.isEmpty()
                  ? "answers no query any more"
                  : "no view over "
                      + view.baseTable().asCql()
                      + " can answer "
                      + still.get(0)
                      + " now: "
                      + String.join(", ", still)
                      + (still.size() == 1 ? " gets" : " get")
                      + " a table of its own"));
    }
    Table generated = fresh.toTable();
    if (sameViewShape(generated, renamed(m.generated(), now.name()))
        || sameViewShape(generated, now)) {
      return new Change(
          Kind.UNCHANGED, m.table(), still, now, generated, generated, edited, fresh, List.of());
    }
    List<String> details = new ArrayList<>(describe(now, generated));
    details.add(0, "follows " + view.baseTable().asCql() + " and " + still.get(0));
    if (edited) {
      details.add("your edits to it are replaced: a view holds what its query needs");
    }
    return new Change(
        Kind.CHANGED, m.table(), still, now, generated, generated, edited, fresh, details);
  }

  /**
   * The view the mapping makes now for a query over a mapped view's base table, named as the view
   * is: the first of {@link ViewAlternatives} over that table, or null when none can answer the
   * query (the base table lost a column the query needs, or no longer keeps it as a view could).
   *
   * @param project the project as it is, not null
   * @param view the view's mapping entry, not null
   * @param q the query it answers, not null
   * @return the alternative, its table (and its view) named as the view, or null
   */
  public static Mapper.Alternative followingView(Project project, MappedTable view, Query q) {
    Keyspace ks = project.schema().keyspace(view.table().keyspace()).orElse(null);
    var v = ks == null ? null : ks.view(view.table().object()).orElse(null);
    if (v == null) {
      return null;
    }
    Set<String> taken = new HashSet<>();
    ks.tables().forEach(t -> taken.add(t.name().asInternal()));
    ks.views().forEach(x -> taken.add(x.name().asInternal()));
    taken.remove(v.name().asInternal());
    Mapper.Result r = Mapper.alternatives(project.conceptual(), q, List.of(), taken);
    Map<ElementRef, MappedTable> byTable = new java.util.HashMap<>();
    project.mapping().tables().forEach(x -> byTable.putIfAbsent(x.table(), x));
    for (Mapper.Alternative a : ViewAlternatives.of(ks, q, r.alternatives(), byTable)) {
      if (a.viewOf().equals(v.baseTable())) {
        return new Mapper.Alternative(
            v.name().asInternal(), a.columns(), a.types(), a.why(), null, a.viewOf());
      }
    }
    return null;
  }

  /**
   * The views over a table that answer queries still in the workflow, one line each ({@code "the
   * view v over it answers Q10"}); empty when there are none.
   */
  private static List<String> viewsAnswering(
      Project project, ElementRef table, Map<String, Query> queries) {
    Keyspace ks = project.schema().keyspace(table.keyspace()).orElse(null);
    List<String> out = new ArrayList<>();
    if (ks == null) {
      return out;
    }
    for (var v : ks.viewsOf(table.object())) {
      project
          .mapping()
          .table(ElementRef.view(ks.name(), v.name()))
          .map(x -> x.queries().stream().filter(queries::containsKey).toList())
          .filter(live -> !live.isEmpty())
          .ifPresent(
              live ->
                  out.add(
                      "the view "
                          + v.name().asCql()
                          + " over it answers "
                          + String.join(", ", live)));
    }
    return out;
  }

  /** The project with a mapped table replaced, and the attributes its columns hold. */
  private static Project withTable(
      Project p, MappedTable m, Table table, SortedMap<String, AttributeRef> sources) {
    Keyspace ks = p.schema().keyspace(m.table().keyspace()).orElse(null);
    if (ks == null) {
      return p;
    }
    List<Table> tables = new ArrayList<>();
    ks.tables().forEach(t -> tables.add(t.name().equals(table.name()) ? table : t));
    List<Keyspace> keyspaces = new ArrayList<>();
    p.schema()
        .keyspaces()
        .forEach(k -> keyspaces.add(k.name().equals(ks.name()) ? ks.withTables(tables) : k));
    return p.withSchema(
            new org.keyspacestudio.model.schema.Schema(
                keyspaces, p.schema().otherStatements(), p.schema().comments()))
        .withMapping(p.mapping().with(m.table(), m.withSources(sources)));
  }

  /**
   * Whether two tables a view's rows fill are the same: the same columns (as a set: a view's come
   * in its base table's order) and the same key; options aside.
   */
  public static boolean sameViewShape(Table a, Table b) {
    return new HashSet<>(a.columns()).equals(new HashSet<>(b.columns()))
        && a.primaryKey().equals(b.primaryKey());
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
