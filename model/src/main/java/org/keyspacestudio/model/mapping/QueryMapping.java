package org.keyspacestudio.model.mapping;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * Which tables answer which queries, and where their columns come from: the link between the
 * workflow's queries and the schema's tables (issue: trace every table back to a query).
 *
 * @param tables one entry per mapped table, in the order they were mapped
 */
public record QueryMapping(List<MappedTable> tables) {
  public QueryMapping {
    tables = List.copyOf(tables);
  }

  /** No table mapped. */
  public static QueryMapping empty() {
    return new QueryMapping(List.of());
  }

  /** The entry of a table. */
  public Optional<MappedTable> table(ElementRef table) {
    return tables.stream().filter(t -> t.table().equals(table)).findFirst();
  }

  /** The tables that answer a query. */
  public List<MappedTable> tablesOf(String query) {
    return tables.stream().filter(t -> t.queries().contains(query)).toList();
  }

  /** A copy with a table's entry replaced (or added), or removed when {@code entry} is null. */
  public QueryMapping with(ElementRef table, MappedTable entry) {
    List<MappedTable> out = new ArrayList<>();
    boolean done = false;
    for (MappedTable t : tables) {
      if (t.table().equals(table)) {
        if (entry != null) {
          out.add(entry);
        }
        done = true;
      } else {
        out.add(t);
      }
    }
    if (!done && entry != null) {
      out.add(entry);
    }
    return new QueryMapping(out);
  }

  /** A copy with every entry passed through {@code change} (null removes it). */
  public QueryMapping map(UnaryOperator<MappedTable> change) {
    List<MappedTable> out = new ArrayList<>();
    for (MappedTable t : tables) {
      MappedTable changed = change.apply(t);
      if (changed != null) {
        out.add(changed);
      }
    }
    return new QueryMapping(out);
  }
}
