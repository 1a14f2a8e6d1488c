package org.keyspacestudio.model.support;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.IndexTarget;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.type.NativeType;

/**
 * The columns of one table that secondary indexes serve, as {@link SupportCheck} needs them: which
 * relation each index answers, and which indexes answer together.
 *
 * <p>Cassandra 5.0 serves a query without filtering only when one <em>index group</em> answers
 * every restriction it hands to the indexes ({@code IndexRestrictions.needsFiltering}). All the
 * storage-attached (SAI) indexes of a table form one group; every other index (the built-in {@code
 * CassandraIndex}, SASI, a custom class) is a group of its own. So {@code WHERE a = ? AND b = ?}
 * with an SAI index on each prepares, and with a built-in index on each needs {@code ALLOW
 * FILTERING}.
 *
 * @param equality the columns an index serves by {@code =} (key columns included), not null
 * @param ranges those of {@code equality} whose index also serves {@code <}, {@code <=}, {@code >},
 *     {@code >=}, not null
 * @param grouped those of {@code equality} whose index is storage-attached: they answer together;
 *     every other column's index answers alone, not null
 */
public record IndexedColumns(
    Set<CqlIdentifier> equality, Set<CqlIdentifier> ranges, Set<CqlIdentifier> grouped) {

  private static final IndexedColumns NONE = new IndexedColumns(Set.of(), Set.of(), Set.of());

  /** The native types a storage-attached index serves by {@code =} only. */
  private static final Set<NativeType> SAI_EQUALITY_ONLY =
      EnumSet.of(
          NativeType.TEXT,
          NativeType.ASCII,
          NativeType.BOOLEAN,
          NativeType.UUID,
          NativeType.COUNTER,
          NativeType.DURATION);

  public IndexedColumns {
    equality = Set.copyOf(equality);
    ranges = Set.copyOf(ranges);
    grouped = Set.copyOf(grouped);
    if (!equality.containsAll(ranges) || !equality.containsAll(grouped)) {
      throw new IllegalArgumentException(
          "ranges " + ranges + " and grouped " + grouped + " must be among " + equality);
    }
  }

  /** No index. */
  public static IndexedColumns none() {
    return NONE;
  }

  /**
   * Built-in secondary indexes on the given columns: each serves {@code =} and answers alone.
   *
   * @param columns the indexed columns, not null
   */
  public static IndexedColumns separate(Set<CqlIdentifier> columns) {
    return columns.isEmpty() ? NONE : new IndexedColumns(columns, Set.of(), Set.of());
  }

  /**
   * What the keyspace's indexes on a table serve. An index on a column's value ({@code (c)}, {@code
   * values(c)} of a column that is no collection, {@code full(c)}) serves {@code =}; a
   * storage-attached one also serves ranges on an ordered type: Cassandra 5.0's {@code
   * IndexTermType.supports}, ranges on any native type but {@code text}, {@code varchar}, {@code
   * ascii}, {@code boolean}, {@code uuid}, {@code counter}, {@code duration}. No index serves
   * {@code IN}. SASI indexes (off by default in 5.0) are taken as serving {@code =} only. Indexes
   * on a collection's keys, values or entries serve {@code CONTAINS}, which the check does not
   * judge, and are left out.
   *
   * @param ks the table's keyspace, not null
   * @param t the table, not null
   * @return the indexed columns, {@link #none()} when there is no index
   */
  public static IndexedColumns of(Keyspace ks, Table t) {
    Set<CqlIdentifier> equality = new HashSet<>();
    Set<CqlIdentifier> ranges = new HashSet<>();
    Set<CqlIdentifier> grouped = new HashSet<>();
    for (SecondaryIndex i : ks.indexesOn(t.name())) {
      for (IndexTarget target : i.targets()) {
        var column = t.column(target.column()).orElse(null);
        if (column == null) {
          continue;
        }
        boolean collection =
            column.type() instanceof org.keyspacestudio.model.type.CollectionType c
                && !c.isFrozen();
        boolean value =
            target.kind() == IndexTarget.Kind.FULL
                || ((target.kind() == IndexTarget.Kind.SIMPLE
                        || target.kind() == IndexTarget.Kind.VALUES)
                    && !collection);
        if (!value) {
          continue;
        }
        equality.add(column.name());
        if (i.isSai()) {
          grouped.add(column.name());
          if (column.type() instanceof NativeType n && !SAI_EQUALITY_ONLY.contains(n)) {
            ranges.add(column.name());
          }
        }
      }
    }
    return equality.isEmpty() ? NONE : new IndexedColumns(equality, ranges, grouped);
  }

  /** Whether there is no index. */
  public boolean isEmpty() {
    return equality.isEmpty();
  }

  /**
   * Whether an index serves a restriction on the column: {@code =} by any index on it, a range
   * ({@code <}, {@code <=}, {@code >}, {@code >=}, one bound or two) by one serving ranges, {@code
   * IN} by none.
   *
   * @param column the column, not null
   * @param range whether it is restricted by a range (else by {@code =})
   */
  public boolean serves(CqlIdentifier column, boolean range) {
    Objects.requireNonNull(column, "column");
    return range ? ranges.contains(column) : equality.contains(column);
  }
}
