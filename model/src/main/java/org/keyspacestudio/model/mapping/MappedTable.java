package org.keyspacestudio.model.mapping;

import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Table;

/**
 * What ties a table of the schema to the query-first models: the queries it answers, the attribute
 * each column holds, and the table as the mapping made it (so that mapping again can tell the
 * user's edits from the models' changes).
 *
 * @param table the table
 * @param queries the ids of the queries it answers, in order
 * @param sources the attribute each column holds, by the column's internal name; a column without
 *     one (a bucket) is synthetic
 * @param generated the table as the mapping produced it, or null when the user made it by hand
 */
public record MappedTable(
    ElementRef table,
    List<String> queries,
    SortedMap<String, AttributeRef> sources,
    Table generated) {

  public MappedTable {
    Objects.requireNonNull(table, "table");
    queries = List.copyOf(queries);
    sources = Collections.unmodifiableSortedMap(new TreeMap<>(sources));
  }

  /** A copy answering other queries. */
  public MappedTable withQueries(List<String> newQueries) {
    return new MappedTable(table, newQueries, sources, generated);
  }

  /** A copy for a renamed or moved table. */
  public MappedTable withTable(ElementRef newTable) {
    return new MappedTable(newTable, queries, sources, generated);
  }

  /** A copy with other column sources. */
  public MappedTable withSources(SortedMap<String, AttributeRef> newSources) {
    return new MappedTable(table, queries, newSources, generated);
  }
}
