package org.keyspacestudio.model.mapping;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.support.QueryColumns;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.workflow.Query;

/**
 * The materialized views that could answer a query in place of a new table: a new table the mapping
 * proposes ({@link Mapper}), made instead a view over a mapped table of the keyspace that holds
 * every attribute it needs. Cassandra then writes the view itself whenever its base table changes,
 * so the application writes one table where it would write two.
 *
 * <p>A view is proposed only as Cassandra 5.0 would create it ({@code CreateViewStatement}):
 *
 * <ul>
 *   <li>its base table is no counter table, and it selects no static column;
 *   <li>its key holds every column of the base table's primary key (those the proposed table does
 *       not key by are appended as clustering columns, in the base table's order) and at most one
 *       other column, which is no non-frozen collection or user type, counter or duration;
 *   <li>each key column is restricted {@code IS NOT NULL};
 *   <li>its key is not the base table's own (the base table answers then, as a reuse).
 * </ul>
 *
 * Then the view's rows must answer the query ({@link QueryColumns#answers}, with no index: none is
 * allowed on a view). Views come after every table alternative: they are experimental, each base
 * write reads the base row before it writes, and a node refuses them unless {@code
 * materialized_views_enabled: true} (off by default; the validator's {@code VIEW-DISABLED}).
 */
public final class ViewAlternatives {

  private ViewAlternatives() {}

  /**
   * The views that could answer {@code q}.
   *
   * @param ks the keyspace the new tables would go into, not null
   * @param q the query, not null
   * @param proposed the mapping's alternatives for it, ranked; only new tables ({@code reuse} null)
   *     are turned into views
   * @param mapped the mapping's entries by table, for the attribute each column holds
   * @return the views, in the order of the alternatives they come from and then of the base tables
   *     in the keyspace; a view with the columns of one before it is left out; may be empty
   */
  public static List<Mapper.Alternative> of(
      Keyspace ks,
      Query q,
      List<Mapper.Alternative> proposed,
      Map<ElementRef, MappedTable> mapped) {
    List<Table> bases = new ArrayList<>();
    Set<AttributeRef> needed = new HashSet<>(q.attributes());
    for (Table t : ks.tables()) {
      MappedTable m = mapped.get(ElementRef.table(ks.name(), t.name()));
      if (m != null
          && !t.isCounterTable()
          && !m.sources().isEmpty()
          && m.sources().values().containsAll(needed)) {
        bases.add(t);
      }
    }
    List<Mapper.Alternative> out = new ArrayList<>();
    Set<List<Mapper.MappedColumn>> seen = new HashSet<>();
    for (Mapper.Alternative a : proposed) {
      if (a.reuse() != null || a.createsView()) {
        continue;
      }
      for (Table base : bases) {
        Map<String, AttributeRef> sources =
            mapped.get(ElementRef.table(ks.name(), base.name())).sources();
        Mapper.Alternative view = over(q, a, base, sources);
        if (view != null && seen.add(view.columns())) {
          out.add(view);
        }
      }
    }
    return out;
  }

  /** The proposed table {@code a} as a view over {@code base}, or null when it cannot be one. */
  private static Mapper.Alternative over(
      Query q, Mapper.Alternative a, Table base, Map<String, AttributeRef> sources) {
    Map<AttributeRef, Column> byAttribute = new LinkedHashMap<>();
    for (Column c : base.columns()) {
      AttributeRef s = sources.get(c.name().asInternal());
      if (s != null) {
        byAttribute.putIfAbsent(s, c);
      }
    }
    List<CqlIdentifier> partition = new ArrayList<>();
    List<PrimaryKey.ClusteringColumn> clustering = new ArrayList<>();
    List<CqlIdentifier> others = new ArrayList<>();
    Set<CqlIdentifier> used = new HashSet<>();
    for (Mapper.MappedColumn c : a.columns()) {
      Column column = c.source() == null ? null : byAttribute.get(c.source());
      if (column == null || column.isStatic() || !used.add(column.name())) {
        return null; // A bucket, an attribute the base lacks or keeps static, or one held twice.
      }
      switch (c.kind()) {
        case PARTITION_KEY -> partition.add(column.name());
        case CLUSTERING ->
            clustering.add(new PrimaryKey.ClusteringColumn(column.name(), c.order()));
        default -> others.add(column.name());
      }
    }
    // The base key columns the proposed table does not key by join the key (a regular column of
    // the proposed table among them included), in the base table's order.
    Set<CqlIdentifier> keyed = new HashSet<>(partition);
    clustering.forEach(c -> keyed.add(c.name()));
    List<String> appended = new ArrayList<>();
    for (CqlIdentifier k : base.primaryKey().allColumns()) {
      if (keyed.add(k)) {
        others.remove(k);
        clustering.add(new PrimaryKey.ClusteringColumn(k, orderInBase(base, k)));
        appended.add(k.asCql());
      }
    }
    PrimaryKey key = new PrimaryKey(partition, clustering);
    if (key.equals(base.primaryKey())) {
      return null;
    }
    List<CqlIdentifier> foreign = new ArrayList<>();
    for (CqlIdentifier k : key.allColumns()) {
      if (!base.primaryKey().allColumns().contains(k)) {
        foreign.add(k);
      }
    }
    if (foreign.size() > 1 || (foreign.size() == 1 && !keyable(base, foreign.get(0)))) {
      return null;
    }
    List<Column> columns = new ArrayList<>();
    Set<CqlIdentifier> selected = new HashSet<>(key.allColumns());
    selected.addAll(others);
    Map<String, AttributeRef> viewSources = new LinkedHashMap<>();
    for (Column c : base.columns()) {
      if (selected.contains(c.name())) {
        columns.add(new Column(c.name(), c.type(), false));
        AttributeRef s = sources.get(c.name().asInternal());
        if (s != null) {
          viewSources.put(c.name().asInternal(), s);
        }
      }
    }
    Table rows = new Table(CqlIdentifier.of(a.table()), columns, key, TableOptions.none());
    if (!QueryColumns.answers(q, rows, viewSources, Set.of())) {
      return null;
    }
    return new Mapper.Alternative(
        a.table(),
        Mapper.columnsOf(rows, viewSources),
        List.of(),
        why(base, appended, foreign),
        null,
        base.name());
  }

  private static ClusteringOrder orderInBase(Table base, CqlIdentifier k) {
    PrimaryKey.ClusteringColumn inBase = base.primaryKey().clusteringColumn(k);
    return inBase == null ? ClusteringOrder.ASC : inBase.order();
  }

  /** Whether a regular column of the base may key a view ({@code CreateViewStatement}). */
  private static boolean keyable(Table base, CqlIdentifier name) {
    CqlType type = base.column(name).map(Column::type).orElse(null);
    return type != null
        && !type.isMultiCell()
        && type != NativeType.COUNTER
        && type != NativeType.DURATION;
  }

  private static String why(Table base, List<String> appended, List<CqlIdentifier> foreign) {
    StringBuilder why =
        new StringBuilder("A materialized view over ")
            .append(base.name().asCql())
            .append(", keyed as the table would be: Cassandra keeps it in step with ")
            .append(base.name().asCql())
            .append(", so the application writes one table where it would write two");
    if (!appended.isEmpty()) {
      why.append("; ")
          .append(String.join(", ", appended))
          .append(appended.size() == 1 ? " joins" : " join")
          .append(" its key (a view's key holds its base table's whole primary key)");
    }
    if (!foreign.isEmpty()) {
      why.append("; ")
          .append(foreign.get(0).asCql())
          .append(" is the one column outside that key a view may key by");
    }
    return why.append(
            ". Views are experimental, each write to the base table reads its row first, and a node"
                + " refuses them unless materialized_views_enabled: true (off by default)")
        .toString();
  }
}
