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
   * counts as answered by a table it was mapped to before (that table stays).
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
            if (!out.mapping().tablesOf(q.id()).isEmpty()) {
              continue;
            }
            Mapper.Result r = Mapping.alternatives(out, q, keyspace);
            if (!r.alternatives().isEmpty()) {
              out = chosen(out, q.id(), r.alternatives().get(0), keyspace);
            }
          }
          return out;
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
    } else {
      Table table = alternative.toTable();
      tableRef = ElementRef.table(keyspace, table.name());
      List<UserType> types = new ArrayList<>(ks.types());
      for (UserType t : alternative.types()) {
        if (ks.type(t.name()).isEmpty()) {
          types.add(t);
        }
      }
      List<Table> tables = new ArrayList<>();
      boolean replaced = false;
      for (Table t : ks.tables()) {
        if (t.name().equals(table.name())) {
          tables.add(table);
          replaced = true;
        } else {
          tables.add(t);
        }
      }
      if (!replaced) {
        tables.add(table);
      }
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
    arrows.add(new QueryArrow(query, Mapping.arrowSource(withTable, query, tableRef), tableRef));
    // Arrows of later queries that come from this one's table now can start here.
    List<QueryArrow> updated = new ArrayList<>();
    for (QueryArrow a : arrows) {
      if (a.from() == null && !a.label().equals(query)) {
        ElementRef from = Mapping.arrowSource(withTable, a.label(), a.to());
        updated.add(from == null ? a : new QueryArrow(a.label(), from, a.to()));
      } else {
        updated.add(a);
      }
    }
    return withTable.withDiagram(p.diagram().withArrows(updated));
  }
}
