package org.keyspacestudio.model.support;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.IndexTarget;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.SasiMode;
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
 * @param ranges the columns an index serves by {@code <}, {@code <=}, {@code >}, {@code >=}: those
 *     of {@code equality} whose index serves ranges too, and a SASI index's whose analyzer splits
 *     values into words (ranges, no {@code =}), not null
 * @param values the collection columns an index on their values serves by {@code CONTAINS}, not
 *     null
 * @param keys the map columns an index on their keys serves by {@code CONTAINS KEY}, not null
 * @param grouped the indexed columns whose index is storage-attached: they answer together; every
 *     other column's index answers alone, not null
 * @param vectors those of {@code equality} that are vectors: Cassandra refuses a restriction on one
 *     outside the primary key ("Vector indexes only support ANN queries"), and a storage-attached
 *     index on one (in {@code grouped}) serves {@code ORDER BY v ANN OF ?}, not null
 * @param entries the map columns an index on their entries serves by {@code m[key] = value}, not
 *     null
 * @param likes the columns an index serves by {@code LIKE} (a SASI index on literal values), each
 *     with the pattern forms its mode serves when the query runs, not null
 */
public record IndexedColumns(
    Set<CqlIdentifier> equality,
    Set<CqlIdentifier> ranges,
    Set<CqlIdentifier> values,
    Set<CqlIdentifier> keys,
    Set<CqlIdentifier> grouped,
    Set<CqlIdentifier> vectors,
    Set<CqlIdentifier> entries,
    Map<CqlIdentifier, Set<LikePattern>> likes) {

  private static final IndexedColumns NONE =
      new IndexedColumns(
          Set.of(), Set.of(), Set.of(), Set.of(), Set.of(), Set.of(), Set.of(), Map.of());

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
    values = Set.copyOf(values);
    keys = Set.copyOf(keys);
    grouped = Set.copyOf(grouped);
    vectors = Set.copyOf(vectors);
    entries = Set.copyOf(entries);
    Map<CqlIdentifier, Set<LikePattern>> copied = new java.util.HashMap<>();
    likes.forEach((c, forms) -> copied.put(c, Set.copyOf(forms)));
    likes = Map.copyOf(copied);
    if (!equality.containsAll(vectors)) {
      throw new IllegalArgumentException("vectors " + vectors + " must be among " + equality);
    }
    for (CqlIdentifier c : grouped) {
      if (!equality.contains(c)
          && !ranges.contains(c)
          && !values.contains(c)
          && !keys.contains(c)
          && !entries.contains(c)
          && !likes.containsKey(c)) {
        throw new IllegalArgumentException("grouped " + c + " has no index");
      }
    }
  }

  /**
   * Indexes serving no {@code LIKE}.
   *
   * @param equality the columns an index serves by {@code =}, not null
   * @param ranges those whose index also serves ranges, not null
   * @param values the collections an index on their values serves, not null
   * @param keys the maps an index on their keys serves, not null
   * @param grouped those whose index is storage-attached, not null
   * @param vectors those of {@code equality} that are vectors, not null
   * @param entries the maps an index on their entries serves, not null
   */
  public IndexedColumns(
      Set<CqlIdentifier> equality,
      Set<CqlIdentifier> ranges,
      Set<CqlIdentifier> values,
      Set<CqlIdentifier> keys,
      Set<CqlIdentifier> grouped,
      Set<CqlIdentifier> vectors,
      Set<CqlIdentifier> entries) {
    this(equality, ranges, values, keys, grouped, vectors, entries, Map.of());
  }

  /**
   * Indexes on no vector.
   *
   * @param equality the columns an index serves by {@code =}, not null
   * @param ranges those whose index also serves ranges, not null
   * @param values the collections an index on their values serves, not null
   * @param keys the maps an index on their keys serves, not null
   * @param grouped those whose index is storage-attached, not null
   */
  public IndexedColumns(
      Set<CqlIdentifier> equality,
      Set<CqlIdentifier> ranges,
      Set<CqlIdentifier> values,
      Set<CqlIdentifier> keys,
      Set<CqlIdentifier> grouped) {
    this(equality, ranges, values, keys, grouped, Set.of(), Set.of());
  }

  /**
   * Indexes on columns' values only, as the oracle and tests describe them.
   *
   * @param equality the columns an index serves by {@code =}, not null
   * @param ranges those whose index also serves ranges, not null
   * @param grouped those whose index is storage-attached, not null
   */
  public IndexedColumns(
      Set<CqlIdentifier> equality, Set<CqlIdentifier> ranges, Set<CqlIdentifier> grouped) {
    this(equality, ranges, Set.of(), Set.of(), grouped);
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
   * {@code IN}. An index on the values of a non-frozen collection ({@code (c)} or {@code
   * values(c)}) serves {@code CONTAINS}, one on a map's keys {@code CONTAINS KEY}; one on a map's
   * entries serves {@code c[key] = v}. A SASI index serves as {@code SASIIndex.supportsExpression}
   * says, by its options ({@link SasiMode}): {@code =} unless its analyzer splits values into
   * words, ranges on values that are not literal outside mode {@code CONTAINS}, {@code LIKE} on
   * literal values ({@link #patterns}).
   *
   * @param ks the table's keyspace, not null
   * @param t the table, not null
   * @return the indexed columns, {@link #none()} when there is no index
   */
  public static IndexedColumns of(Keyspace ks, Table t) {
    Set<CqlIdentifier> equality = new HashSet<>();
    Set<CqlIdentifier> ranges = new HashSet<>();
    Set<CqlIdentifier> values = new HashSet<>();
    Set<CqlIdentifier> keys = new HashSet<>();
    Set<CqlIdentifier> grouped = new HashSet<>();
    Set<CqlIdentifier> vectors = new HashSet<>();
    Set<CqlIdentifier> entries = new HashSet<>();
    Map<CqlIdentifier, Set<LikePattern>> likes = new HashMap<>();
    for (SecondaryIndex i : ks.indexesOn(t.name())) {
      for (IndexTarget target : i.targets()) {
        var column = t.column(target.column()).orElse(null);
        if (column == null) {
          continue;
        }
        boolean collection =
            column.type() instanceof org.keyspacestudio.model.type.CollectionType c
                && !c.isFrozen();
        IndexTarget.Kind kind = target.kind();
        Set<CqlIdentifier> into;
        if (kind == IndexTarget.Kind.FULL
            || (!collection
                && (kind == IndexTarget.Kind.SIMPLE || kind == IndexTarget.Kind.VALUES))) {
          into = equality;
        } else if (collection
            && (kind == IndexTarget.Kind.SIMPLE || kind == IndexTarget.Kind.VALUES)) {
          into = values;
        } else if (collection && kind == IndexTarget.Kind.KEYS) {
          into = keys;
        } else if (collection && kind == IndexTarget.Kind.ENTRIES) {
          into = entries;
        } else {
          continue;
        }
        if (i.isSasi()) {
          // SASI indexes no collection's elements; a partition key column or options the node
          // refuses make no index (SASIIndex.validateOptions).
          SasiMode sasi = SasiMode.read(i.options(), t, column).mode();
          if (into != equality || sasi == null) {
            continue;
          }
          if (sasi.equality()) {
            equality.add(column.name());
          }
          if (sasi.ranges()) {
            ranges.add(column.name());
          }
          Set<LikePattern> forms = patterns(sasi);
          if (!forms.isEmpty()) {
            likes.computeIfAbsent(column.name(), c -> EnumSet.noneOf(LikePattern.class));
            likes.get(column.name()).addAll(forms);
          }
          continue;
        }
        into.add(column.name());
        if (into == equality && column.type() instanceof org.keyspacestudio.model.type.VectorType) {
          vectors.add(column.name());
        }
        if (i.isSai()) {
          grouped.add(column.name());
          if (into == equality
              && column.type() instanceof NativeType n
              && !SAI_EQUALITY_ONLY.contains(n)) {
            ranges.add(column.name());
          }
        }
      }
    }
    IndexedColumns indexed =
        new IndexedColumns(equality, ranges, values, keys, grouped, vectors, entries, likes);
    return indexed.isEmpty() ? NONE : indexed;
  }

  /**
   * The {@code LIKE} forms a SASI index serves when the query runs ({@code ColumnIndex.supports},
   * {@code OnDiskIndexBuilder.Mode}): none on values that are not literal; else whole values, and
   * prefixes in mode {@code PREFIX}, every form in mode {@code CONTAINS} but prefixes when its
   * analyzer splits values into words.
   */
  static Set<LikePattern> patterns(SasiMode sasi) {
    Set<LikePattern> patterns = EnumSet.noneOf(LikePattern.class);
    if (!sasi.literal()) {
      return patterns;
    }
    patterns.add(LikePattern.MATCHES);
    if (sasi.mode() == SasiMode.Mode.CONTAINS) {
      patterns.add(LikePattern.CONTAINS);
      patterns.add(LikePattern.SUFFIX);
      if (!sasi.tokenized()) {
        patterns.add(LikePattern.PREFIX);
      }
    } else {
      patterns.add(LikePattern.PREFIX);
    }
    return patterns;
  }

  /** Whether there is no index. */
  public boolean isEmpty() {
    return equality.isEmpty()
        && ranges.isEmpty()
        && values.isEmpty()
        && keys.isEmpty()
        && entries.isEmpty()
        && likes.isEmpty();
  }

  /**
   * Whether an index on the column serves a restriction by the operator: {@code =} any index on its
   * value, a range ({@code <}, {@code <=}, {@code >}, {@code >=}, one bound or two) one serving
   * ranges, {@code CONTAINS} one on a collection's values, {@code CONTAINS KEY} one on a map's
   * keys, a map entry ({@code m[key] = value}) one on a map's entries, {@code LIKE} a SASI index on
   * literal values (whatever the pattern: its form is judged by {@link #servesPattern}), {@code IN}
   * none.
   *
   * @param column the column, not null
   * @param op the operator, not null
   */
  public boolean serves(CqlIdentifier column, org.keyspacestudio.model.workflow.Operator op) {
    Objects.requireNonNull(column, "column");
    return switch (op) {
      case EQ -> equality.contains(column);
      case IN -> false;
      case LT, LE, GT, GE -> ranges.contains(column);
      case CONTAINS -> values.contains(column);
      case CONTAINS_KEY -> keys.contains(column);
      case ENTRY -> entries.contains(column);
      case LIKE -> likes.containsKey(column);
      case NEQ, IS_NOT_NULL -> false;
    };
  }

  /**
   * Whether an index on the column serves {@code LIKE} with a pattern of the form when the query
   * runs ({@code LikeRestriction.addToRowFilter}: "... is only supported on properly indexed
   * columns"); never an empty pattern.
   *
   * @param column the column, not null
   * @param form the pattern's form, not null
   */
  public boolean servesPattern(CqlIdentifier column, LikePattern form) {
    Objects.requireNonNull(form, "form");
    return likes.getOrDefault(column, Set.of()).contains(form);
  }

  /**
   * Whether a storage-attached index on the column serves {@code ORDER BY column ANN OF ?} ({@code
   * IndexTermType.supports}: a vector; the check wants one of floats).
   *
   * @param column the column, not null
   */
  public boolean servesAnn(CqlIdentifier column) {
    return vectors.contains(column) && grouped.contains(column);
  }

  /**
   * Whether the column has any index this describes (one on a map's entries is not described).
   *
   * @param column the column, not null
   */
  public boolean indexed(CqlIdentifier column) {
    return equality.contains(column)
        || ranges.contains(column)
        || values.contains(column)
        || keys.contains(column)
        || entries.contains(column)
        || likes.containsKey(column);
  }
}
