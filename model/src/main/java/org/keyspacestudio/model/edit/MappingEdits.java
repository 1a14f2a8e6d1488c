package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.List;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.mapping.MappedTable;
import org.keyspacestudio.model.mapping.Mapper;
import org.keyspacestudio.model.mapping.Mapping;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.KeyspaceDefinition;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.Replication;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.workflow.Query;

/**
 * The edits of the mapping from queries to tables: choosing an alternative for a query (a new table
 * with its UDTs, its query arrow following the workflow, and the record of which query it answers
 * and where its columns come from), or mapping every query not mapped yet. Each is one undo step.
 */
public final class MappingEdits {

  private MappingEdits() {}

  /**
   * Makes an alternative the table that answers a query: adds the table (or reuses the existing
   * one), the UDTs it needs, the query arrow into it, and its mapping entry; the query no longer
   * counts as answered by a table it was mapped to before (that table stays). An alternative that
   * {@linkplain Mapper.Alternative#createsView creates a view} adds the view over its base table;
   * nothing changes when the base table is gone or a table already has the view's name.
   *
   * @param query the query's id
   * @param alternative the chosen alternative
   * @param keyspace where a new table goes (created, SimpleStrategy with one replica, when missing)
   */
  public static Document.Edit choose(
      String query, Mapper.Alternative alternative, CqlIdentifier keyspace) {
    return new Document.Edit(
        "Map " + query + " to " + alternative.table(),
        p -> chosen(p, query, alternative, keyspace));
  }

  /** Maps every query that no table answers yet to its first alternative, as one edit. */
  public static Document.Edit mapAll(CqlIdentifier keyspace) {
    return new Document.Edit(
        "Map every query",
        p -> {
          Project out = p;
          for (Query q : p.workflow().queriesInWorkflowOrder()) {
            out = mappedFirst(out, q, keyspace);
          }
          return out;
        });
  }

  /**
   * Maps again ({@link org.keyspacestudio.model.mapping.Remap}): removes the tables whose queries
   * are gone, maps the queries no table answers, and replaces each changed table by the models'
   * changes merged into the user's edits ({@code keepUserEdits}) or by what the mapping makes now;
   * one undo step.
   *
   * @param plan the plan, as shown to the user
   * @param keepUserEdits true to keep the user's edits to changed tables
   */
  public static Document.Edit remap(
      org.keyspacestudio.model.mapping.Remap.Plan plan, boolean keepUserEdits) {
    return new Document.Edit(
        "Map again",
        p -> {
          Project out = p;
          for (var c : plan.effective()) {
            switch (c.kind()) {
              case ADDED -> {
                Query q = out.workflow().query(c.queries().get(0)).orElse(null);
                if (q != null) {
                  out = mappedFirst(out, q, plan.keyspace());
                }
              }
              case REMOVED -> out = Edits.delete(java.util.Set.of(c.table())).change().apply(out);
              case CHANGED -> {
                if (c.table().kind() == ElementRef.Kind.VIEW) {
                  out = followed(out, c.table(), plan.keyspace());
                } else {
                  out = replaced(out, c, keepUserEdits ? c.merged() : c.generated());
                  out = viewsFollowed(out, c.table(), plan.keyspace());
                }
              }
              case UNCHANGED -> {
                // Nothing to do.
              }
            }
          }
          return out;
        });
  }

  /** The project with a query no table answers mapped to its first alternative, if it has one. */
  private static Project mappedFirst(Project p, Query q, CqlIdentifier keyspace) {
    if (!p.mapping().tablesOf(q.id()).isEmpty()) {
      return p;
    }
    Mapper.Result r = Mapping.alternatives(p, q, keyspace);
    return r.alternatives().isEmpty() ? p : chosen(p, q.id(), r.alternatives().get(0), keyspace);
  }

  /** Each view the mapping made over a table follows it ({@link #followed}). */
  private static Project viewsFollowed(Project p, ElementRef table, CqlIdentifier keyspace) {
    Keyspace ks = p.schema().keyspace(table.keyspace()).orElse(null);
    if (ks == null) {
      return p;
    }
    Project out = p;
    for (MaterializedView v : ks.viewsOf(table.object())) {
      ElementRef ref = ElementRef.view(ks.name(), v.name());
      if (p.mapping().table(ref).map(m -> m.generated() != null).orElse(false)) {
        out = followed(out, ref, keyspace);
      }
    }
    return out;
  }

  /**
   * A view the mapping made, made again for its first query over its base table as it is now
   * ({@link org.keyspacestudio.model.mapping.Remap#followingView}), its name and options kept;
   * unchanged when it already is that view. When no view over the base table can answer the query
   * any more, the view goes and its queries are mapped to their first alternatives.
   */
  private static Project followed(Project p, ElementRef ref, CqlIdentifier keyspace) {
    Keyspace ks = p.schema().keyspace(ref.keyspace()).orElse(null);
    MaterializedView now = ks == null ? null : ks.view(ref.object()).orElse(null);
    MappedTable entry = p.mapping().table(ref).orElse(null);
    Query q =
        entry == null
            ? null
            : entry.queries().stream()
                .map(id -> p.workflow().query(id).orElse(null))
                .filter(java.util.Objects::nonNull)
                .findFirst()
                .orElse(null);
    if (now == null || q == null) {
      return p;
    }
    Mapper.Alternative fresh = org.keyspacestudio.model.mapping.Remap.followingView(p, entry, q);
    if (fresh == null) {
      Project out = Edits.delete(java.util.Set.of(ref)).change().apply(p);
      for (String id : entry.queries()) {
        Query x = out.workflow().query(id).orElse(null);
        if (x != null) {
          out = mappedFirst(out, x, keyspace);
        }
      }
      return out;
    }
    MaterializedView made = fresh.toView();
    made =
        new MaterializedView(
            made.name(),
            made.baseTable(),
            made.selected(),
            made.notNullColumns(),
            made.otherRestrictions(),
            made.primaryKey(),
            now.options());
    Table rows = ks.viewAsTable(now);
    Table freshRows = fresh.toTable();
    if (rows != null && org.keyspacestudio.model.mapping.Remap.sameViewShape(rows, freshRows)) {
      return p;
    }
    Keyspace changed = ks.withViews(replacedOrAdded(ks.views(), made, MaterializedView::name));
    return p.withSchema(SchemaEdits.withKeyspaceAdded(p.schema(), changed))
        .withMapping(
            p.mapping()
                .with(ref, new MappedTable(ref, entry.queries(), fresh.sources(), freshRows)));
  }

  private static Project replaced(
      Project p, org.keyspacestudio.model.mapping.Remap.Change c, Table result) {
    Keyspace ks = p.schema().keyspace(c.table().keyspace()).orElse(null);
    MappedTable entry = p.mapping().table(c.table()).orElse(null);
    if (ks == null || entry == null || ks.table(c.table().object()).isEmpty()) {
      return p;
    }
    List<Table> tables = new ArrayList<>();
    for (Table t : ks.tables()) {
      tables.add(t.name().equals(c.table().object()) ? result : t);
    }
    List<UserType> types = new ArrayList<>(ks.types());
    types.addAll(org.keyspacestudio.model.mapping.Remap.missingTypes(ks, c.alternative()));
    Keyspace changed =
        new Keyspace(ks.name(), ks.definition(), types, tables, ks.indexes(), ks.views());
    MappedTable updated =
        new MappedTable(
            c.table(),
            c.queries(),
            org.keyspacestudio.model.mapping.Remap.sources(
                result, entry.sources(), c.alternative()),
            c.generated());
    return p.withSchema(SchemaEdits.withKeyspaceAdded(p.schema(), changed))
        .withMapping(p.mapping().with(c.table(), updated));
  }

  /**
   * The fix for a table that lacks columns a query needs: each missing attribute becomes a regular
   * column, named and typed as the mapping would (its type hint), and recorded as holding that
   * attribute; one undo step. Attributes the conceptual model lacks are left out.
   *
   * @param table the table
   * @param queryId the query
   * @param missing the attributes no column holds
   */
  public static Document.Edit addMissingColumns(
      ElementRef table,
      String queryId,
      List<org.keyspacestudio.model.conceptual.AttributeRef> missing) {
    return new Document.Edit(
        "Add the columns " + queryId + " needs to " + table,
        p -> {
          Query q = p.workflow().query(queryId).orElse(null);
          Keyspace ks = p.schema().keyspace(table.keyspace()).orElse(null);
          Table t = ks == null ? null : ks.table(table.object()).orElse(null);
          if (q == null || t == null) {
            return p;
          }
          Mapper.Result r = Mapper.alternatives(p.conceptual(), q, List.of(), java.util.Set.of());
          if (r.alternatives().isEmpty()) {
            return p;
          }
          List<org.keyspacestudio.model.schema.Column> columns = new ArrayList<>(t.columns());
          var sources =
              new java.util.TreeMap<String, org.keyspacestudio.model.conceptual.AttributeRef>(
                  p.mapping()
                      .table(table)
                      .<java.util.Map<String, org.keyspacestudio.model.conceptual.AttributeRef>>map(
                          MappedTable::sources)
                      .orElse(java.util.Map.of()));
          for (var a : missing) {
            for (Mapper.MappedColumn c : r.alternatives().get(0).columns()) {
              if (!a.equals(c.source())) {
                continue;
              }
              String name = c.name();
              for (int i = 2;
                  t.column(CqlIdentifier.of(name)).isPresent() || sources.containsKey(name);
                  i++) {
                name = c.name() + "_" + i;
              }
              columns.add(
                  new org.keyspacestudio.model.schema.Column(
                      CqlIdentifier.of(name), c.type(), false));
              sources.put(name, a);
              break;
            }
          }
          List<Table> tables = new ArrayList<>();
          for (Table x : ks.tables()) {
            tables.add(x == t ? t.withColumns(columns) : x);
          }
          Project out =
              p.withSchema(SchemaEdits.withKeyspaceAdded(p.schema(), ks.withTables(tables)));
          MappedTable entry = p.mapping().table(table).orElse(null);
          return entry == null
              ? out
              : out.withMapping(p.mapping().with(table, entry.withSources(sources)));
        });
  }

  static Project chosen(
      Project p, String query, Mapper.Alternative alternative, CqlIdentifier keyspace) {
    Schema schema = p.schema();
    Keyspace ks =
        schema
            .keyspace(keyspace)
            .orElse(
                new Keyspace(
                    keyspace,
                    new KeyspaceDefinition(Replication.simple(1), true),
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of()));
    ElementRef tableRef;
    var mapping =
        p.mapping()
            .map(m -> m.withQueries(m.queries().stream().filter(x -> !x.equals(query)).toList()));
    if (alternative.reuse() != null) {
      tableRef = alternative.reuse();
      MappedTable entry = mapping.table(tableRef).orElse(null);
      if (entry == null) {
        return p;
      }
      List<String> queries = new ArrayList<>(entry.queries());
      queries.add(query);
      mapping = mapping.with(tableRef, entry.withQueries(queries));
    } else if (alternative.createsView()) {
      MaterializedView view = alternative.toView();
      if (ks.table(view.baseTable()).isEmpty() || ks.table(view.name()).isPresent()) {
        return p;
      }
      tableRef = ElementRef.view(keyspace, view.name());
      schema =
          SchemaEdits.withKeyspaceAdded(
              schema, ks.withViews(replacedOrAdded(ks.views(), view, MaterializedView::name)));
      // Its rows as the mapping made them: mapping again makes the view follow its base table and
      // its query.
      mapping =
          mapping.with(
              tableRef,
              new MappedTable(
                  tableRef, List.of(query), alternative.sources(), alternative.toTable()));
    } else {
      Table table = alternative.toTable();
      tableRef = ElementRef.table(keyspace, table.name());
      List<UserType> types = new ArrayList<>(ks.types());
      for (UserType t : alternative.types()) {
        if (ks.type(t.name()).isEmpty()) {
          types.add(t);
        }
      }
      List<Table> tables = replacedOrAdded(ks.tables(), table, Table::name);
      ks = new Keyspace(ks.name(), ks.definition(), types, tables, ks.indexes(), ks.views());
      schema = SchemaEdits.withKeyspaceAdded(schema, ks);
      mapping =
          mapping.with(
              tableRef, new MappedTable(tableRef, List.of(query), alternative.sources(), table));
    }
    Project withTable = p.withSchema(schema).withMapping(mapping);
    List<QueryArrow> arrows = new ArrayList<>();
    for (QueryArrow a : p.diagram().arrows()) {
      if (!a.label().equals(query)) {
        arrows.add(a);
      }
    }
    Mapping.ArrowSources sources = new Mapping.ArrowSources(withTable);
    arrows.add(new QueryArrow(query, sources.of(query, tableRef), tableRef));
    // Arrows of later queries that come from this one's table now can start here.
    List<QueryArrow> updated = new ArrayList<>();
    for (QueryArrow a : arrows) {
      if (a.from() == null && !a.label().equals(query)) {
        ElementRef from = sources.of(a.label(), a.to());
        updated.add(from == null ? a : new QueryArrow(a.label(), from, a.to()));
      } else {
        updated.add(a);
      }
    }
    return withTable.withDiagram(p.diagram().withArrows(updated));
  }

  /** The list with {@code item} in place of the element of its name, or at the end. */
  private static <T> List<T> replacedOrAdded(
      List<T> list, T item, java.util.function.Function<T, CqlIdentifier> name) {
    List<T> out = new ArrayList<>();
    boolean replaced = false;
    for (T x : list) {
      if (name.apply(x).equals(name.apply(item))) {
        out.add(item);
        replaced = true;
      } else {
        out.add(x);
      }
    }
    if (!replaced) {
      out.add(item);
    }
    return out;
  }
}
