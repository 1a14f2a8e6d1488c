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
