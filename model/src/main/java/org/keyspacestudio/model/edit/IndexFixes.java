package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.support.IndexedColumns;
import org.keyspacestudio.model.support.ScriptSelect;
import org.keyspacestudio.model.support.SupportCheck;
import org.keyspacestudio.model.support.TableQuery;

/**
 * Index fixes for a query: indexes added where none serves a restriction, and, for a query that
 * indexes serve one by one but not together, its built-in (or SASI, or custom) indexes made
 * storage-attached. Cassandra 5.0 answers a query from one index group, and all the SAI indexes of
 * a table form one group, every other index a group of its own ({@link IndexedColumns}): {@code
 * WHERE status = ? AND total = ?} with a built-in index on each needs {@code ALLOW FILTERING}, with
 * an SAI index on each it does not. Not safe: the indexes are dropped and created again on the
 * cluster, and rebuilt.
 */
final class IndexFixes {

  private IndexFixes() {}

  /**
   * The fix making the table's other indexes on the query's restricted columns (and the column of
   * its ANN ordering) storage-attached, when Cassandra would then prepare the query without
   * filtering (through the indexes); empty otherwise, or when no such index exists.
   *
   * @param project the project, not null
   * @param ref the table the query reads, not null
   * @param query the query, as a SELECT without ALLOW FILTERING, not null
   * @param what the query as the label names it ("this SELECT", "Q3"), not null
   */
  static Optional<Fix> storageAttached(
      Project project, ElementRef ref, ScriptSelect query, String what) {
    Keyspace ks = project.schema().keyspace(ref.keyspace()).orElse(null);
    Table table = ks == null ? null : ks.table(ref.object()).orElse(null);
    if (table == null) {
      return Optional.empty();
    }
    Set<CqlIdentifier> restricted = new java.util.HashSet<>();
    query.query().where().forEach(r -> restricted.add(r.column()));
    query.ann().forEach(o -> restricted.add(o.column()));
    Set<CqlIdentifier> changedColumns =
        new TreeSet<>(java.util.Comparator.comparing(CqlIdentifier::asInternal));
    for (SecondaryIndex i : ks.indexes()) {
      if (builtIn(i, table.name(), restricted)) {
        changedColumns.add(i.targets().get(0).column());
      }
    }
    if (changedColumns.isEmpty()) {
      return Optional.empty();
    }
    UnaryOperator<List<SecondaryIndex>> change =
        indexes ->
            indexes.stream()
                .map(
                    i ->
                        builtIn(i, table.name(), changedColumns)
                            ? new SecondaryIndex(
                                i.name(), i.table(), i.targets(), "sai", new TreeMap<>())
                            : i)
                .toList();
    Keyspace after = withIndexes(ks, change);
    if (!SupportCheck.supported(SupportCheck.check(table, IndexedColumns.of(after, table), query))
        || SupportCheck.supported(SupportCheck.check(table, IndexedColumns.of(ks, table), query))
        || errors(after, table) > errors(ks, table)) {
      // Not served even so, served already, or Cassandra would refuse an SAI index there (a type
      // SAI does not take, an option it does not understand).
      return Optional.empty();
    }
    List<String> names = changedColumns.stream().map(CqlIdentifier::asCql).toList();
    String label =
        "Make the "
            + (names.size() == 1 ? "index on " : "indexes on ")
            + String.join(", ", names)
            + " of "
            + ref.keyspace().asCql()
            + "."
            + ref.object().asCql()
            + " storage-attached (USING 'sai'), so that "
            + what
            + " is served without filtering (the cluster rebuilds "
            + (names.size() == 1 ? "it" : "them")
            + ")";
    return Optional.of(new Fix(label, edit(label, ref.keyspace(), change), false));
  }

  /** Whether the index is a one-column index, not storage-attached, on one of the columns. */
  private static boolean builtIn(
      SecondaryIndex i, CqlIdentifier table, Set<CqlIdentifier> columns) {
    return i.table().equals(table)
        && !i.isSai()
        && i.targets().size() == 1
        && columns.contains(i.targets().get(0).column());
  }

  /** The keyspace with its indexes changed. */
  private static Keyspace withIndexes(Keyspace ks, UnaryOperator<List<SecondaryIndex>> change) {
    return ks.withIndexes(change.apply(ks.indexes()));
  }

  /** An undoable edit changing the keyspace's indexes, as it is when the edit runs. */
  private static Document.Edit edit(
      String label, CqlIdentifier keyspace, UnaryOperator<List<SecondaryIndex>> change) {
    return new Document.Edit(
        label,
        p ->
            p.with(
                SchemaEdits.withKeyspaceAdded(
                    p.schema(), withIndexes(p.schema().keyspace(keyspace).orElseThrow(), change)),
                p.diagram()));
  }

  /**
   * The fix adding a storage-attached index on each restricted column outside the primary key that
   * no index serves ({@code (c)} for =, a range or CONTAINS, {@code keys(c)} for CONTAINS KEY,
   * {@code entries(c)} for a map entry), and on the vector of its ANN ordering when it has no
   * index, when Cassandra would then prepare the query without filtering through the indexes and
   * create them; empty otherwise. Offered after a table keyed for the query, which reads one
   * partition where an index asks every node (unless the query gives the partition key).
   *
   * @param project the project, not null
   * @param ref the table the query reads, not null
   * @param query the query, as a SELECT without ALLOW FILTERING, not null
   * @param what the query as the label names it ("this SELECT", "Q3"), not null
   */
  static Optional<Fix> newIndexes(
      Project project, ElementRef ref, ScriptSelect query, String what) {
    Keyspace ks = project.schema().keyspace(ref.keyspace()).orElse(null);
    Table table = ks == null ? null : ks.table(ref.object()).orElse(null);
    if (table == null) {
      return Optional.empty();
    }
    IndexedColumns now = IndexedColumns.of(ks, table);
    List<SecondaryIndex> added = new ArrayList<>();
    Set<CqlIdentifier> seen = new java.util.HashSet<>();
    for (TableQuery.Restriction r : query.query().where()) {
      CqlIdentifier c = r.column();
      if (table.primaryKey().isKeyColumn(c)
          || table.column(c).isEmpty()
          || now.serves(c, r.operator())
          || !seen.add(c)) {
        continue;
      }
      added.add(
          storageAttached(
              table.name(),
              c,
              switch (r.operator()) {
                case CONTAINS_KEY -> org.keyspacestudio.model.schema.IndexTarget.Kind.KEYS;
                case ENTRY -> org.keyspacestudio.model.schema.IndexTarget.Kind.ENTRIES;
                default -> org.keyspacestudio.model.schema.IndexTarget.Kind.SIMPLE;
              }));
    }
    for (ScriptSelect.AnnOrdering o : query.ann()) {
      if (table.column(o.column()).isPresent()
          && !now.indexed(o.column())
          && seen.add(o.column())) {
        added.add(
            storageAttached(
                table.name(), o.column(), org.keyspacestudio.model.schema.IndexTarget.Kind.SIMPLE));
      }
    }
    if (added.isEmpty()) {
      return Optional.empty();
    }
    UnaryOperator<List<SecondaryIndex>> change =
        indexes -> {
          List<SecondaryIndex> all = new ArrayList<>(indexes);
          all.addAll(added);
          return all;
        };
    Keyspace after = withIndexes(ks, change);
    List<SupportCheck.Finding> served =
        SupportCheck.check(table, IndexedColumns.of(after, table), query);
    if (!SupportCheck.supported(served) || errors(after, table) > errors(ks, table)) {
      return Optional.empty();
    }
    // Through the index within the partition the query gives, or on every node.
    boolean local =
        served.stream()
            .anyMatch(
                f ->
                    f.rule() == org.keyspacestudio.model.support.SupportRule.INDEX
                        && f.message().contains("within the partition"));
    String statements =
        String.join(
            "; ",
            added.stream()
                .map(i -> org.keyspacestudio.model.write.CqlWriter.createIndex(ks.name(), i))
                .map(x -> x.replaceAll(";\\s*$", ""))
                .toList());
    String label =
        "Index "
            + String.join(
                ", ", added.stream().map(i -> i.targets().get(0).column().asCql()).toList())
            + " ("
            + statements
            + "), so that "
            + what
            + " runs through "
            + (added.size() == 1 ? "it" : "them")
            + (local ? " within the partition" : " (every node is asked)");
    return Optional.of(new Fix(label, edit(label, ref.keyspace(), change), false));
  }

  /** SASI's index class, as {@code CREATE CUSTOM INDEX ... USING} names it. */
  static final String SASI = "org.apache.cassandra.index.sasi.SASIIndex";

  /**
   * The fix letting the query's {@code LIKE} relations run ({@code SUPPORT-LIKE}): a SASI index in
   * mode {@code CONTAINS} (which serves every pattern) added on each matched column no index serves
   * by {@code LIKE}, and the SASI index of a column whose mode does not serve the pattern written
   * made mode {@code CONTAINS}, without an analyzer splitting values into words when the pattern is
   * a prefix. Offered when the query then has no {@code SUPPORT-LIKE} problem and Cassandra would
   * create the indexes; empty otherwise (a partition key column, values that are not text).
   *
   * @param project the project, not null
   * @param ref the table the query reads, not null
   * @param query the query, not null
   * @param what the query as the label names it ("this SELECT"), not null
   */
  static Optional<Fix> patternIndexes(
      Project project, ElementRef ref, ScriptSelect query, String what) {
    Keyspace ks = project.schema().keyspace(ref.keyspace()).orElse(null);
    Table table = ks == null ? null : ks.table(ref.object()).orElse(null);
    if (table == null) {
      return Optional.empty();
    }
    IndexedColumns now = IndexedColumns.of(ks, table);
    List<SecondaryIndex> added = new ArrayList<>();
    java.util.Map<SecondaryIndex, SecondaryIndex> changed = new java.util.LinkedHashMap<>();
    Set<CqlIdentifier> seen = new java.util.HashSet<>();
    for (TableQuery.Restriction r : query.query().where()) {
      CqlIdentifier c = r.column();
      if (r.operator() != org.keyspacestudio.model.workflow.Operator.LIKE
          || table.column(c).isEmpty()
          || !seen.add(c)) {
        continue;
      }
      var form = query.likePatterns().get(c);
      if (now.serves(c, r.operator())
          && (form == null
              || form == org.keyspacestudio.model.support.LikePattern.EMPTY
              || now.servesPattern(c, form))) {
        continue;
      }
      SecondaryIndex sasi =
          ks.indexesOn(table.name()).stream()
              .filter(
                  i ->
                      i.isSasi()
                          && i.targets().size() == 1
                          && i.targets().get(0).column().equals(c))
              .findFirst()
              .orElse(null);
      // A clustering column in descending order is read reversed, not as text, unless literal.
      boolean reversed = table.primaryKey().isDescending(c);
      if (sasi == null) {
        TreeMap<String, String> options = new TreeMap<>();
        options.put("mode", "CONTAINS");
        if (reversed) {
          options.put("is_literal", "true");
        }
        added.add(
            new SecondaryIndex(
                null,
                table.name(),
                List.of(
                    new org.keyspacestudio.model.schema.IndexTarget(
                        c, org.keyspacestudio.model.schema.IndexTarget.Kind.SIMPLE)),
                SASI,
                options));
      } else {
        TreeMap<String, String> options = new TreeMap<>(sasi.options());
        options.put("mode", "CONTAINS");
        if (reversed) {
          options.put("is_literal", "true");
        }
        if (form == org.keyspacestudio.model.support.LikePattern.PREFIX) {
          options.remove("analyzer_class");
          options.remove("analyzed");
        }
        changed.put(
            sasi,
            new SecondaryIndex(sasi.name(), sasi.table(), sasi.targets(), sasi.using(), options));
      }
    }
    if (added.isEmpty() && changed.isEmpty()) {
      return Optional.empty();
    }
    UnaryOperator<List<SecondaryIndex>> change =
        indexes -> {
          List<SecondaryIndex> all = new ArrayList<>();
          for (SecondaryIndex i : indexes) {
            all.add(changed.getOrDefault(i, i));
          }
          all.addAll(added);
          return all;
        };
    Keyspace after = withIndexes(ks, change);
    if (SupportCheck.check(table, IndexedColumns.of(after, table), query).stream()
            .anyMatch(f -> f.rule() == org.keyspacestudio.model.support.SupportRule.LIKE)
        || errors(after, table) > errors(ks, table)) {
      return Optional.empty();
    }
    List<String> parts = new ArrayList<>();
    for (SecondaryIndex i : added) {
      parts.add(
          "index "
              + i.targets().get(0).column().asCql()
              + " with SASI ("
              + org.keyspacestudio.model.write.CqlWriter.createIndex(ks.name(), i)
                  .replaceAll(";\\s*$", "")
              + ")");
    }
    for (var e : changed.entrySet()) {
      boolean analyzerDropped =
          (e.getKey().options().containsKey("analyzer_class")
                  || e.getKey().options().containsKey("analyzed"))
              && !e.getValue().options().containsKey("analyzer_class")
              && !e.getValue().options().containsKey("analyzed");
      parts.add(
          "make the SASI index "
              + e.getKey().effectiveName().asCql()
              + " mode CONTAINS"
              + (e.getValue().options().containsKey("is_literal")
                      && !e.getKey().options().containsKey("is_literal")
                  ? ", its values literal text"
                  : "")
              + (analyzerDropped ? ", without its analyzer" : "")
              + " (the cluster rebuilds it)");
    }
    String joined = String.join("; ", parts);
    String label =
        Character.toUpperCase(joined.charAt(0))
            + joined.substring(1)
            + ", so that "
            + what
            + " runs its LIKE (the node needs sasi_indexes_enabled: true)";
    return Optional.of(new Fix(label, edit(label, ref.keyspace(), change), false));
  }

  /** A new storage-attached index, without a name (Cassandra names it), on one target. */
  private static SecondaryIndex storageAttached(
      CqlIdentifier table,
      CqlIdentifier column,
      org.keyspacestudio.model.schema.IndexTarget.Kind kind) {
    return new SecondaryIndex(
        null,
        table,
        List.of(new org.keyspacestudio.model.schema.IndexTarget(column, kind)),
        "sai",
        new TreeMap<>());
  }

  /**
   * The errors Cassandra would find in the table and its indexes (the rest of the keyspace left
   * out, so that a fix costs the same on a large keyspace), and in an index named as another of the
   * keyspace.
   */
  private static long errors(Keyspace ks, Table table) {
    List<SecondaryIndex> own = ks.indexesOn(table.name());
    Keyspace alone =
        new Keyspace(ks.name(), ks.definition(), ks.types(), List.of(table), own, List.of());
    Set<CqlIdentifier> others = new java.util.HashSet<>();
    ks.indexes().stream()
        .filter(i -> !i.table().equals(table.name()))
        .forEach(i -> others.add(i.effectiveName()));
    return org.keyspacestudio.model.validate.Validator.validate(
                new org.keyspacestudio.model.schema.Schema(List.of(alone), List.of()))
            .stream()
            .filter(p -> p.severity() == org.keyspacestudio.model.validate.Severity.ERROR)
            .count()
        + own.stream().filter(i -> others.contains(i.effectiveName())).count();
  }
}
