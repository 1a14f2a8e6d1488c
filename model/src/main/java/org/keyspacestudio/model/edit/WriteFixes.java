package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.mapping.MappedTable;
import org.keyspacestudio.model.mapping.Mapper;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.writes.TableRows;
import org.keyspacestudio.model.writes.TableWrite;
import org.keyspacestudio.model.writes.WritePaths;
import org.keyspacestudio.model.writes.WriteRule;

/**
 * The fixes of the write checks ({@link WriteRule}), each one undoable edit, none safe:
 *
 * <ul>
 *   <li>{@code WRITE-OVERWRITE}: the key attributes the table's primary key lacks become its last
 *       clustering columns, ascending, as the method's MR5 adds them: a column already holding one
 *       moves into the key (static no more), else a new column, named and typed as the mapping
 *       names and types them, is added and recorded as holding it;
 *   <li>{@code WRITE-ROWS-AMBIGUOUS}: the table renamed after each owner its rows could be ({@code
 *       videos_by_user} to {@code likes_by_user}, or to {@code watches_by_user}), one fix each,
 *       when no table or view of the keyspace has that name;
 *   <li>{@code WRITE-UNREACHABLE}: the query the message asks for (the rows by the key of the
 *       entity at them, returning what the table's key holds), added beside the table's own query
 *       and mapped, when the table answering it then lists those rows;
 *   <li>{@code WRITE-BATCH-GC-GRACE}: {@code gc_grace_seconds} removed from the table, Cassandra's
 *       default (864000 seconds) applying;
 *   <li>{@code WRITE-SCRIPT-COPIES}: the write paths' statements for the tables the script's write
 *       leaves out added to the script after it.
 * </ul>
 */
public final class WriteFixes {

  private WriteFixes() {}

  /**
   * {@code WRITE-SCRIPT-COPIES}: the write paths' statements for the tables the script leaves out,
   * with bind markers, added after the script's statement that makes the write (the application
   * runs them with the same values; one run per row or value where the write paths say so).
   */
  private static List<Fix> scriptCopies(Project project, Problem problem) {
    WritePaths paths = WritePaths.of(project);
    for (org.keyspacestudio.model.writes.ScriptCopies.Missing m :
        org.keyspacestudio.model.writes.ScriptCopies.missing(project, paths)) {
      if (!m.problem().message().equals(problem.message())) {
        continue;
      }
      List<org.keyspacestudio.model.schema.OtherStatement> added = new ArrayList<>();
      for (var tw : m.write().tables()) {
        if (m.missing().contains(tw.table())) {
          for (String statement : tw.statements()) {
            added.add(
                new org.keyspacestudio.model.schema.OtherStatement(
                    statement.strip().split("\\s+", 2)[0].toUpperCase(java.util.Locale.ROOT),
                    statement,
                    "added from the write paths ("
                        + m.write().title()
                        + "), to keep "
                        + tw.table()
                        + " in step"));
          }
        }
      }
      if (added.isEmpty()) {
        return List.of();
      }
      String label =
          "Add the "
              + (added.size() == 1 ? "statement" : added.size() + " statements")
              + " of "
              + m.write().title()
              + " for "
              + String.join(", ", m.missing().stream().map(ElementRef::toString).toList())
              + " after statement "
              + m.statement();
      return List.of(
          new Fix(label, SchemaEdits.insertStatements(m.statement(), added, label), false));
    }
    return List.of();
  }

  /** {@code WRITE-ROWS-AMBIGUOUS}: the table renamed after each owner its rows could be. */
  private static List<Fix> namedAfterRows(Project project, ElementRef table) {
    TableRows rows = WritePaths.of(project).rows(table).orElse(null);
    Keyspace keyspace = project.schema().keyspace(table.keyspace()).orElse(null);
    if (rows == null || keyspace == null || rows.alsoRowOwners().isEmpty()) {
      return List.of();
    }
    List<String> owners = new ArrayList<>();
    owners.add(rows.rowOwner());
    owners.addAll(rows.alsoRowOwners());
    List<Fix> out = new ArrayList<>();
    for (String owner : owners) {
      CqlIdentifier name = freeNameFor(keyspace, table, owner);
      if (name == null) {
        continue;
      }
      out.add(
          new Fix(
              "Rename " + table + " to " + name.asCql() + ": its rows are those of " + owner,
              SchemaEdits.renameTable(table, name),
              false));
    }
    return out;
  }

  /** The fixes for a write problem; empty for another problem or one without a fix. */
  public static List<Fix> of(Project project, Problem problem) {
    if (problem.rule() == WriteRule.SCRIPT_COPIES) {
      return scriptCopies(project, problem);
    }
    if (problem.element() == null || problem.element().kind() != ElementRef.Kind.TABLE) {
      return List.of();
    }
    ElementRef table = problem.element();
    if (problem.rule() == WriteRule.OVERWRITE) {
      WritePaths paths = WritePaths.of(project);
      TableRows rows = paths.rows(table).orElse(null);
      if (rows == null) {
        return List.of();
      }
      List<AttributeRef> missing = new ArrayList<>();
      for (String owner : rows.overwritten()) {
        for (AttributeRef a : paths.missingKey(table, owner)) {
          Attribute attribute = project.conceptual().attribute(a).orElse(null);
          if (attribute == null || attribute.kind() == Attribute.Kind.COMPOSITE) {
            // A composite in a key would need its type made too: left to the user.
            return List.of();
          }
          if (!missing.contains(a)) {
            missing.add(a);
          }
        }
      }
      if (missing.isEmpty()) {
        return List.of();
      }
      return List.of(
          new Fix(
              "Add "
                  + String.join(", ", missing.stream().map(AttributeRef::toString).toList())
                  + " to "
                  + table
                  + "'s primary key (clustering, ascending: MR5), so that each row stands for"
                  + " one "
                  + String.join(" or ", rows.overwritten()),
              addToKey(table, missing),
              false));
    }
    if (problem.rule() == WriteRule.UNREACHABLE) {
      return finderQuery(project, problem);
    }
    if (problem.rule() == WriteRule.ROWS_AMBIGUOUS) {
      return namedAfterRows(project, table);
    }
    if (problem.rule() == WriteRule.BATCH_GC_GRACE) {
      return List.of(
          new Fix(
              "Remove gc_grace_seconds = 0 from "
                  + table
                  + " (Cassandra's default, 864000 seconds, applies)",
              new Document.Edit(
                  "Remove gc_grace_seconds from " + table,
                  p ->
                      withTable(
                          p, table, t -> t.withOptions(t.options().without("gc_grace_seconds")))),
              false));
    }
    return List.of();
  }

  /**
   * {@code WRITE-UNREACHABLE}: the query the message asks for, added and mapped: it finds the rows
   * of the table's instances (Ratings) by the key of the entity at them (User), returning what the
   * table's key holds (and, when that is only other entities' keys, the table's own attributes of
   * those rows, so that the query's table holds their rows). It goes where the table's own query is
   * in the workflow, and is mapped to the first of its first {@value #FINDER_CHOICES} table
   * alternatives whose table then lists those rows, that is after which the problem is gone; none
   * when there is no such alternative, or for a table with a column no attribute holds in its key
   * (a bucket: no table can list its rows).
   */
  private static List<Fix> finderQuery(Project project, Problem problem) {
    // The problems list asks again for each row it shows, each time it lays them out.
    synchronized (FINDER_FIXES) {
      if (finderFixesOf.get() != project) {
        FINDER_FIXES.clear();
        finderFixesOf = new java.lang.ref.WeakReference<>(project);
      }
      List<Fix> known = FINDER_FIXES.get(problem);
      if (known != null) {
        return known;
      }
    }
    List<Fix> fixes = finderQueryOf(project, problem);
    synchronized (FINDER_FIXES) {
      if (finderFixesOf.get() == project) {
        FINDER_FIXES.put(problem, fixes);
      }
    }
    return fixes;
  }

  /**
   * The project {@link #FINDER_FIXES} are of (by identity: projects are immutable values), not kept
   * from the garbage collector.
   */
  private static java.lang.ref.WeakReference<Project> finderFixesOf =
      new java.lang.ref.WeakReference<>(null);

  private static final java.util.Map<Problem, List<Fix>> FINDER_FIXES = new java.util.HashMap<>();

  private static List<Fix> finderQueryOf(Project project, Problem problem) {
    ElementRef table = problem.element();
    MappedTable entry = project.mapping().table(table).orElse(null);
    Table t = table(project, table);
    if (entry == null || t == null) {
      return List.of();
    }
    List<AttributeRef> keySources = new ArrayList<>();
    for (CqlIdentifier c : t.primaryKey().allColumns()) {
      AttributeRef a = entry.sources().get(c.asInternal());
      if (a == null) {
        return List.of();
      }
      if (!keySources.contains(a)) {
        keySources.add(a);
      }
    }
    WritePaths paths = WritePaths.counted(project);
    java.util.Set<String> tried = new java.util.HashSet<>();
    for (String owner : paths.writers()) {
      for (org.keyspacestudio.model.writes.Write w : paths.writes(owner)) {
        for (org.keyspacestudio.model.writes.TableWrite tw : w.tables()) {
          TableWrite.Rows rows = tw.rows();
          if (!tw.table().equals(table)
              || rows == null
              || rows.finder() != null
              || !problem
                  .message()
                  .contains(" the " + Mapper.plural(rows.owner()) + " of a " + owner + " ")
              || !tried.add(rows.via() + " " + rows.owner())) {
            continue;
          }
          Fix fix = finderQuery(project, problem, entry, keySources, rows);
          if (fix != null) {
            return List.of(fix);
          }
        }
      }
    }
    return List.of();
  }

  private static Fix finderQuery(
      Project project,
      Problem problem,
      MappedTable entry,
      List<AttributeRef> keySources,
      TableWrite.Rows rows) {
    // The entity at the rows, or the one playing the role they name (follower: User), whose key
    // the query gives (as the role's: follower.user_id).
    String role = null;
    var via = project.conceptual().entity(rows.via()).orElse(null);
    if (via == null) {
      for (var r : project.conceptual().relationships()) {
        for (var end : r.ends()) {
          if (via == null && end.role().equals(rows.via())) {
            via = project.conceptual().entity(end.entity()).orElse(null);
            role = rows.via();
          }
        }
      }
    }
    if (via == null || via.keys().isEmpty()) {
      return null;
    }
    String at = role == null ? via.name() : role;
    List<AttributeRef> given =
        via.keys().get(0).attributes().stream()
            .map(a -> new AttributeRef(at, a.attribute()))
            .toList();
    // The rows' own attributes first: the mapping names the table after them (ratings_by_user).
    List<AttributeRef> returns = new ArrayList<>();
    keySources.stream()
        .filter(a -> !given.contains(a) && a.owner().equals(rows.owner()))
        .forEach(returns::add);
    keySources.stream()
        .filter(a -> !given.contains(a) && !a.owner().equals(rows.owner()))
        .forEach(returns::add);
    List<List<AttributeRef>> candidates = new ArrayList<>();
    if (returns.stream().anyMatch(a -> a.owner().equals(rows.owner()))) {
      candidates.add(returns);
    } else {
      // Only other entities' keys: their own attributes make the query's rows theirs.
      List<AttributeRef> withOwn = new ArrayList<>();
      entry.sources().values().stream()
          .filter(a -> a.owner().equals(rows.owner()))
          .distinct()
          .forEach(withOwn::add);
      withOwn.addAll(returns);
      candidates.add(withOwn);
    }
    String description = "Find the " + Mapper.plural(rows.owner()) + " of a " + at + " by its key";
    for (List<AttributeRef> r : candidates) {
      if (r.isEmpty()) {
        continue;
      }
      Document.Edit edit = null;
      Project after = project;
      // The first alternative whose table then lists the rows: the query may not say whose rows
      // it finds (two many-to-many relationships of User and Video, neither with an attribute of
      // its own), and a table of the other's may answer it first.
      for (int choice = 0; choice < FINDER_CHOICES && edit == null; choice++) {
        Document.Edit e = finderQueryEdit(entry, description, given, r, choice, rows.owner());
        Project a = e.change().apply(project);
        if (a == project) {
          break;
        }
        if (org.keyspacestudio.model.writes.WriteRules.validate(a).stream()
            .noneMatch(x -> x.message().equals(problem.message()))) {
          edit = e;
          after = a;
        }
      }
      if (edit == null) {
        continue;
      }
      String id = after.workflow().queries().get(after.workflow().queries().size() - 1).id();
      ElementRef answered =
          after.mapping().tablesOf(id).stream().map(MappedTable::table).findFirst().orElse(null);
      return new Fix(
          "Add "
              + id
              + " ("
              + description
              + ") and map it"
              + (answered == null ? "" : " to " + answered.object().asCql())
              + ", so that the application finds the "
              + Mapper.plural(rows.owner())
              + " of a "
              + at
              + " in "
              + entry.table().object().asCql(),
          edit,
          false);
    }
    return null;
  }

  /** How many of a finder query's table alternatives are tried, best first. */
  private static final int FINDER_CHOICES = 3;

  /**
   * Adds a query (the next free id, beside the first query of {@code entry}'s table in the
   * workflow) and maps it to its table alternative {@code choice} (0 for the first, views left
   * out); no change when it has no such alternative.
   */
  private static Document.Edit finderQueryEdit(
      MappedTable entry,
      String description,
      List<AttributeRef> given,
      List<AttributeRef> returns,
      int choice,
      String rowsOwner) {
    return new Document.Edit(
        description,
        p -> {
          var w = p.workflow();
          String id = w.nextQueryId();
          List<org.keyspacestudio.model.workflow.Query.Condition> conditions = new ArrayList<>();
          for (AttributeRef a : given) {
            conditions.add(
                new org.keyspacestudio.model.workflow.Query.Condition(
                    a, org.keyspacestudio.model.workflow.Operator.EQ));
          }
          var q =
              new org.keyspacestudio.model.workflow.Query(
                  id,
                  description,
                  conditions,
                  returns,
                  List.of(),
                  org.keyspacestudio.model.workflow.Query.ResultSize.MANY);
          String beside = entry.queries().isEmpty() ? null : entry.queries().get(0);
          ElementRef on = null;
          for (var t : w.tasks()) {
            if (on == null && beside != null && t.queries().contains(beside)) {
              on = ElementRef.task(t.name());
            }
          }
          for (var t : w.transitions()) {
            if (on == null && beside != null && t.queries().contains(beside)) {
              on = org.keyspacestudio.model.workflow.Workflow.ref(t);
            }
          }
          Project withQuery =
              WorkflowEdits.setQuery(id, q)
                  .change()
                  .apply(WorkflowEdits.addQuery(description, on).change().apply(p));
          var alternatives =
              org.keyspacestudio.model.mapping.Mapping.alternatives(
                      withQuery, q, entry.table().keyspace())
                  .alternatives()
                  .stream()
                  .filter(a -> !a.createsView())
                  .toList();
          if (alternatives.size() <= choice) {
            return p;
          }
          Project out =
              MappingEdits.chosen(
                  withQuery, id, alternatives.get(choice), entry.table().keyspace());
          return namedAfterItsRows(p, out, id, rowsOwner);
        });
  }

  /**
   * The project with the table a finder query made named after the rows it lists, when its rows
   * could be another relationship's as well and the checks took them as that one's ({@code
   * WRITE-ROWS-AMBIGUOUS}: the watches of a Video in a new {@code users_by_video_2}, taken as
   * likes): renamed {@code watches_by_video}, when that name is free. Otherwise as it is.
   */
  private static Project namedAfterItsRows(
      Project before, Project after, String query, String rowsOwner) {
    ElementRef made =
        after.mapping().tablesOf(query).stream().map(MappedTable::table).findFirst().orElse(null);
    if (made == null || before.mapping().table(made).isPresent() || table(before, made) != null) {
      return after;
    }
    TableRows rows = WritePaths.of(after).rows(made).orElse(null);
    if (rows == null
        || rowsOwner.equals(rows.rowOwner())
        || !rows.alsoRowOwners().contains(rowsOwner)) {
      return after;
    }
    Keyspace ks = after.schema().keyspace(made.keyspace()).orElse(null);
    CqlIdentifier name = ks == null ? null : freeNameFor(ks, made, rowsOwner);
    return name == null ? after : SchemaEdits.renameTable(made, name).change().apply(after);
  }

  /**
   * The name for a table whose rows are an owner's ({@code WriteRules.namedFor}), or null when a
   * table or view of the keyspace has it already.
   */
  private static CqlIdentifier freeNameFor(Keyspace keyspace, ElementRef table, String owner) {
    CqlIdentifier name =
        CqlIdentifier.of(org.keyspacestudio.model.writes.WriteRules.namedFor(table, owner));
    return keyspace.table(name).isPresent() || keyspace.view(name).isPresent() ? null : name;
  }

  /**
   * Puts attributes into a mapped table's primary key, as its last clustering columns, ascending: a
   * column holding one moves into the key, else a new one holds it.
   *
   * @param table a mapped table
   * @param attributes the attributes, in order
   */
  static Document.Edit addToKey(ElementRef table, List<AttributeRef> attributes) {
    return new Document.Edit(
        "Add "
            + String.join(", ", attributes.stream().map(AttributeRef::toString).toList())
            + " to the primary key of "
            + table,
        p -> {
          MappedTable entry = p.mapping().table(table).orElse(null);
          Table t = table(p, table);
          if (entry == null || t == null) {
            return p;
          }
          SortedMap<String, AttributeRef> sources = new TreeMap<>(entry.sources());
          List<Column> columns = new ArrayList<>(t.columns());
          List<PrimaryKey.ClusteringColumn> clustering =
              new ArrayList<>(t.primaryKey().clustering());
          for (AttributeRef a : attributes) {
            CqlIdentifier name = null;
            for (var e : sources.entrySet()) {
              CqlIdentifier c = CqlIdentifier.of(e.getKey());
              if (e.getValue().equals(a)
                  && t.column(c).isPresent()
                  && !t.primaryKey().isKeyColumn(c)) {
                name = c;
                break;
              }
            }
            if (name == null) {
              String base = Mapper.columnName(p.conceptual(), a, true);
              String unique = base;
              for (int i = 2;
                  t.column(CqlIdentifier.of(unique)).isPresent() || sources.containsKey(unique);
                  i++) {
                unique = base + "_" + i;
              }
              name = CqlIdentifier.of(unique);
              columns.add(new Column(name, Mapper.columnType(p.conceptual(), a, true), false));
              sources.put(unique, a);
            } else {
              CqlIdentifier existing = name;
              for (int i = 0; i < columns.size(); i++) {
                Column c = columns.get(i);
                if (c.name().equals(existing)) {
                  columns.set(i, new Column(c.name(), c.type().freeze(), false));
                }
              }
            }
            clustering.add(new PrimaryKey.ClusteringColumn(name, ClusteringOrder.ASC));
          }
          Table changed =
              t.withColumns(columns)
                  .withPrimaryKey(new PrimaryKey(t.primaryKey().partitionKey(), clustering));
          Project out = withTable(p, table, x -> changed);
          return out.withMapping(out.mapping().with(table, entry.withSources(sources)));
        });
  }

  private static Table table(Project p, ElementRef ref) {
    return p.schema().keyspace(ref.keyspace()).flatMap(ks -> ks.table(ref.object())).orElse(null);
  }

  private static Project withTable(
      Project p, ElementRef ref, java.util.function.UnaryOperator<Table> change) {
    Keyspace ks = p.schema().keyspace(ref.keyspace()).orElse(null);
    if (ks == null || ks.table(ref.object()).isEmpty()) {
      return p;
    }
    List<Table> tables = new ArrayList<>();
    for (Table x : ks.tables()) {
      tables.add(x.name().equals(ref.object()) ? change.apply(x) : x);
    }
    return p.withSchema(SchemaEdits.withKeyspaceAdded(p.schema(), ks.withTables(tables)));
  }
}
