package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.support.IndexedColumns;
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
   * The fix making the table's other indexes on the query's restricted columns storage-attached,
   * when Cassandra would then prepare the query without filtering (through the indexes); empty
   * otherwise, or when no such index exists.
   *
   * @param project the project, not null
   * @param ref the table the query reads, not null
   * @param query the query, not null
   * @param what the query as the label names it ("this SELECT", "Q3"), not null
   */
  static Optional<Fix> storageAttached(
      Project project, ElementRef ref, TableQuery query, String what) {
    Keyspace ks = project.schema().keyspace(ref.keyspace()).orElse(null);
    Table table = ks == null ? null : ks.table(ref.object()).orElse(null);
    if (table == null) {
      return Optional.empty();
    }
    Set<CqlIdentifier> restricted = new TreeSet<>(java.util.Comparator.comparing(Object::toString));
    query.where().forEach(r -> restricted.add(r.column()));
    List<SecondaryIndex> indexes = new ArrayList<>();
    Set<CqlIdentifier> changedColumns =
        new TreeSet<>(java.util.Comparator.comparing(CqlIdentifier::asInternal));
    boolean changed = false;
    for (SecondaryIndex i : ks.indexes()) {
      boolean convert =
          i.table().equals(table.name())
              && !i.isSai()
              && i.targets().size() == 1
              && restricted.contains(i.targets().get(0).column());
      if (convert) {
        indexes.add(new SecondaryIndex(i.name(), i.table(), i.targets(), "sai", new TreeMap<>()));
        changedColumns.add(i.targets().get(0).column());
        changed = true;
      } else {
        indexes.add(i);
      }
    }
    if (!changed) {
      return Optional.empty();
    }
    Keyspace after =
        new Keyspace(ks.name(), ks.definition(), ks.types(), ks.tables(), indexes, ks.views());
    if (!SupportCheck.supported(
            SupportCheck.check(table, IndexedColumns.of(after, table), query, false))
        || SupportCheck.supported(
            SupportCheck.check(table, IndexedColumns.of(ks, table), query, false))
        || errors(after) > errors(ks)) {
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
    Document.Edit edit =
        new Document.Edit(
            label,
            p -> {
              Keyspace now = p.schema().keyspace(ref.keyspace()).orElseThrow();
              List<SecondaryIndex> replaced = new ArrayList<>();
              for (SecondaryIndex i : now.indexes()) {
                boolean convert =
                    i.table().equals(table.name())
                        && !i.isSai()
                        && i.targets().size() == 1
                        && changedColumns.contains(i.targets().get(0).column());
                replaced.add(
                    convert
                        ? new SecondaryIndex(
                            i.name(), i.table(), i.targets(), "sai", new TreeMap<>())
                        : i);
              }
              return p.with(
                  SchemaEdits.withKeyspaceAdded(
                      p.schema(),
                      new Keyspace(
                          now.name(),
                          now.definition(),
                          now.types(),
                          now.tables(),
                          replaced,
                          now.views())),
                  p.diagram());
            });
    return Optional.of(new Fix(label, edit, false));
  }

  /**
   * The fix adding a storage-attached index on each restricted column outside the primary key that
   * no index serves ({@code (c)} for =, a range or CONTAINS, {@code keys(c)} for CONTAINS KEY),
   * when Cassandra would then prepare the query without filtering through the indexes and create
   * them; empty otherwise. Offered after a table keyed for the query, which reads one partition
   * where an index asks every node.
   *
   * @param project the project, not null
   * @param ref the table the query reads, not null
   * @param query the query, not null
   * @param what the query as the label names it ("this SELECT", "Q3"), not null
   */
  static Optional<Fix> newIndexes(Project project, ElementRef ref, TableQuery query, String what) {
    Keyspace ks = project.schema().keyspace(ref.keyspace()).orElse(null);
    Table table = ks == null ? null : ks.table(ref.object()).orElse(null);
    if (table == null) {
      return Optional.empty();
    }
    IndexedColumns now = IndexedColumns.of(ks, table);
    List<SecondaryIndex> added = new ArrayList<>();
    Set<CqlIdentifier> seen = new java.util.HashSet<>();
    for (TableQuery.Restriction r : query.where()) {
      CqlIdentifier c = r.column();
      if (table.primaryKey().isKeyColumn(c)
          || table.column(c).isEmpty()
          || now.serves(c, r.operator())
          || !seen.add(c)) {
        continue;
      }
      added.add(
          new SecondaryIndex(
              null,
              table.name(),
              List.of(
                  new org.keyspacestudio.model.schema.IndexTarget(
                      c,
                      r.operator() == org.keyspacestudio.model.workflow.Operator.CONTAINS_KEY
                          ? org.keyspacestudio.model.schema.IndexTarget.Kind.KEYS
                          : org.keyspacestudio.model.schema.IndexTarget.Kind.SIMPLE)),
              "sai",
              new TreeMap<>()));
    }
    if (added.isEmpty()) {
      return Optional.empty();
    }
    List<SecondaryIndex> indexes = new ArrayList<>(ks.indexes());
    indexes.addAll(added);
    Keyspace after =
        new Keyspace(ks.name(), ks.definition(), ks.types(), ks.tables(), indexes, ks.views());
    if (!SupportCheck.supported(
            SupportCheck.check(table, IndexedColumns.of(after, table), query, false))
        || errors(after) > errors(ks)) {
      return Optional.empty();
    }
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
            + " (every node is asked)";
    Document.Edit edit =
        new Document.Edit(
            label,
            p -> {
              Keyspace k = p.schema().keyspace(ref.keyspace()).orElseThrow();
              List<SecondaryIndex> all = new ArrayList<>(k.indexes());
              all.addAll(added);
              return p.with(
                  SchemaEdits.withKeyspaceAdded(
                      p.schema(),
                      new Keyspace(
                          k.name(), k.definition(), k.types(), k.tables(), all, k.views())),
                  p.diagram());
            });
    return Optional.of(new Fix(label, edit, false));
  }

  private static long errors(Keyspace ks) {
    return org.keyspacestudio.model.validate.Validator.validate(
            new org.keyspacestudio.model.schema.Schema(List.of(ks), List.of()))
        .stream()
        .filter(p -> p.severity() == org.keyspacestudio.model.validate.Severity.ERROR)
        .count();
  }
}
