package org.keyspacestudio.model.sizing;

import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.keyspacestudio.model.conceptual.AttributeOwner;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.Cardinality;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.mapping.MappedTable;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ColumnKind;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.Replication;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.type.CqlType;

/**
 * Estimates each table's partition size ({@link PartitionSize}) from what the project knows.
 *
 * <p>Each input figure is, in this order: typed in by the user ({@link SizingInputs}); derived from
 * the conceptual model; or assumed. Derivation uses the mapping's column sources (which attribute
 * each column holds) and the typed-in instance counts of entities and relationships:
 *
 * <ul>
 *   <li>partitions: when the partition key holds exactly a key of an entity or relationship {@code
 *       E}, one partition per instance of {@code E}; when it holds only bucket columns, one; when
 *       it holds other attributes ({@code country}), as many as the values they take, typed in
 *       (else assumed);
 *   <li>rows per partition: the instances of the owners whose keys the primary key holds, related
 *       to {@code E}: through a 1:n relationship the n side's instances, through an m:n
 *       relationship the relationship's own, divided by the partitions;
 *   <li>a table without clustering columns has one row per partition.
 * </ul>
 *
 * <p>Then bucket columns (typed-in {@code buckets}) multiply the partitions and divide the rows.
 * The replication factor is the keyspace's ({@code replication_factor}, or the sum of the data
 * centers' factors).
 *
 * <p>A materialized view's partitions are estimated as a table's: the node keeps them as it keeps a
 * table's, so a view keyed by a value few rows differ in (a country, a status) holds large
 * partitions however its base table is keyed. Its rows are the table its rows fill ({@link
 * Keyspace#viewAsTable}); a view whose base table or a named column is missing is not estimated.
 */
public final class PartitionSizes {

  /** Rows per partition assumed for a table with clustering columns when nothing tells: 100. */
  public static final long ASSUMED_ROWS = 100;

  /** Partitions assumed when nothing tells: 1,000. */
  public static final long ASSUMED_PARTITIONS = 1_000;

  private PartitionSizes() {}

  /** Every table of the project, then every materialized view, keyspace by keyspace. */
  public static List<PartitionSize> all(Project project) {
    return all(project, new Memo());
  }

  /**
   * Remembers the last estimates, so that the next call computes only the tables whose inputs
   * changed (the table, its mapping entry, its typed-in figures, its keyspace's types and
   * replication, the conceptual model, the instance counts): after one edit, the live check reads
   * the rest from here. Not thread-safe: one per editor window.
   */
  public static final class Memo {
    private Map<ElementRef, Remembered> last = new HashMap<>();

    /** Each view's rows, as last read. */
    private final org.keyspacestudio.model.schema.ViewRows views =
        new org.keyspacestudio.model.schema.ViewRows();

    private Object conceptual;
    private Object instances;
    // SizeRules' problems of each estimate of the last run.
    java.util.Map<PartitionSize, List<org.keyspacestudio.model.validate.Problem>> problems =
        java.util.Map.of();
  }

  /** One estimate and the inputs it was made from, compared by identity (or equality: figures). */
  private record Remembered(
      Table table,
      MappedTable mapped,
      TableSizing typed,
      Object types,
      Object definition,
      PartitionSize size) {
    boolean sameInputs(Remembered o) {
      return table == o.table
          && mapped == o.mapped
          && typed.equals(o.typed)
          && types == o.types
          && definition == o.definition;
    }
  }

  /**
   * Every table of the project, then every materialized view, keyspace by keyspace, reusing what
   * {@code memo} remembers.
   */
  public static List<PartitionSize> all(Project project, Memo memo) {
    Context context = new Context(project);
    // The conceptual model and the instance counts feed every derivation: when either changed,
    // every table is estimated again.
    boolean sameModel =
        project.conceptual().equals(memo.conceptual)
            && project.sizing().instances().equals(memo.instances);
    memo.conceptual = project.conceptual();
    memo.instances = project.sizing().instances();
    Map<ElementRef, Remembered> now = new HashMap<>();
    List<PartitionSize> out = new ArrayList<>();
    for (Keyspace ks : project.schema().keyspaces()) {
      java.util.function.Function<CqlType, ColumnSizes.Estimate> sizes = ColumnSizes.in(ks);
      Map<ElementRef, Table> rows = new java.util.LinkedHashMap<>();
      for (Table t : ks.tables()) {
        rows.putIfAbsent(ElementRef.table(ks.name(), t.name()), t);
      }
      for (var v : ks.views()) {
        Table read = memo.views.rows(ks, v);
        if (read != null) {
          rows.putIfAbsent(ElementRef.view(ks.name(), v.name()), read);
        }
      }
      for (var e : rows.entrySet()) {
        ElementRef ref = e.getKey();
        Table t = e.getValue();
        Remembered inputs =
            new Remembered(
                t, context.mapped.get(ref), context.typed(ref), ks.types(), ks.definition(), null);
        Remembered before = sameModel ? memo.last.get(ref) : null;
        PartitionSize size =
            before != null && before.sameInputs(inputs)
                ? before.size()
                : estimate(context, ks, ref, t, sizes);
        now.put(
            ref,
            new Remembered(
                inputs.table(),
                inputs.mapped(),
                inputs.typed(),
                inputs.types(),
                inputs.definition(),
                size));
        out.add(size);
      }
    }
    memo.last = now;
    memo.views.done();
    return out;
  }

  /**
   * The estimate of one table or materialized view, or empty when the schema has no such table or
   * view (or the view's base table or a column it names is missing).
   */
  public static Optional<PartitionSize> estimate(Project project, ElementRef table) {
    return project
        .schema()
        .keyspace(table.keyspace())
        .flatMap(
            ks -> {
              Table rows = ks.rowsOf(table);
              return rows == null
                  ? Optional.empty()
                  : Optional.of(
                      estimate(new Context(project), ks, table, rows, ColumnSizes.in(ks)));
            });
  }

  /** The estimate of a table of a keyspace. */
  public static PartitionSize estimate(Project project, Keyspace keyspace, Table table) {
    return estimate(
        new Context(project),
        keyspace,
        ElementRef.table(keyspace.name(), table.name()),
        table,
        ColumnSizes.in(keyspace));
  }

  /**
   * What estimates look up, indexed once per project: mapping entries and typed-in figures by
   * table, the keys of each entity and relationship, the owner of each key, the relationships of
   * each entity.
   */
  private static final class Context {
    final Project project;
    final Map<ElementRef, MappedTable> mapped = new HashMap<>();
    final Map<ElementRef, TableSizing> typed = new HashMap<>();
    private Map<String, List<Set<AttributeRef>>> keys;
    private Map<Set<AttributeRef>, String> ownerOfKey;
    private Map<String, Integer> order;
    private Map<String, List<Relationship>> relationshipsOf;
    private Set<String> relationshipNames;

    /** The entity each relationship end's role stands for ({@code follower}: User). */
    private Map<String, String> roleEntity;

    /** Whose instances an owner counts: a role's entity's, else its own. */
    String counted(String owner) {
      return roleEntity.getOrDefault(owner, owner);
    }

    Context(Project project) {
      this.project = project;
      project.mapping().tables().forEach(m -> mapped.putIfAbsent(m.table(), m));
      project.sizing().tables().forEach(t -> typed.putIfAbsent(t.table(), t));
    }

    TableSizing typed(ElementRef ref) {
      TableSizing t = typed.get(ref);
      return t != null ? t : TableSizing.none(ref);
    }

    /** Built on first use: only a mapped table's derivation needs the conceptual model. */
    private void indexModel() {
      if (keys != null) {
        return;
      }
      keys = new HashMap<>();
      ownerOfKey = new HashMap<>();
      order = new HashMap<>();
      relationshipsOf = new HashMap<>();
      relationshipNames = new HashSet<>();
      for (AttributeOwner owner : owners(project.conceptual())) {
        order.putIfAbsent(owner.name(), order.size());
        for (Key k : owner.keys()) {
          Set<AttributeRef> attributes = Set.copyOf(k.attributes());
          if (attributes.isEmpty()) {
            continue;
          }
          keys.computeIfAbsent(owner.name(), x -> new ArrayList<>()).add(attributes);
          ownerOfKey.putIfAbsent(attributes, owner.name());
        }
      }
      roleEntity = new HashMap<>();
      for (Relationship r : project.conceptual().relationships()) {
        relationshipNames.add(r.name());
        for (Relationship.End e : r.ends()) {
          List<Relationship> list =
              relationshipsOf.computeIfAbsent(e.entity(), x -> new ArrayList<>());
          if (!list.contains(r)) {
            list.add(r);
          }
        }
      }
      // A role (follower.user_id in a query) holds its entity's key, seen from its end.
      for (Relationship r : project.conceptual().relationships()) {
        for (Relationship.End e : r.ends()) {
          String role = e.role();
          if (role.isBlank()
              || !project
                  .conceptual()
                  .roleEntity(role)
                  .map(x -> x.name())
                  .orElse("")
                  .equals(e.entity())
              || roleEntity.containsKey(role)) {
            continue;
          }
          roleEntity.put(role, e.entity());
          order.putIfAbsent(role, order.getOrDefault(e.entity(), order.size()));
          relationshipsOf.computeIfAbsent(role, x -> new ArrayList<>()).add(r);
          for (Set<AttributeRef> key : keys.getOrDefault(e.entity(), List.of())) {
            Set<AttributeRef> seen = new HashSet<>();
            for (AttributeRef a : key) {
              seen.add(a.owner().equals(e.entity()) ? a.withOwner(role) : a);
            }
            keys.computeIfAbsent(role, x -> new ArrayList<>()).add(Set.copyOf(seen));
            ownerOfKey.putIfAbsent(Set.copyOf(seen), role);
          }
        }
      }
    }
  }

  private static PartitionSize estimate(
      Context context,
      Keyspace keyspace,
      ElementRef ref,
      Table table,
      java.util.function.Function<CqlType, ColumnSizes.Estimate> sizes) {
    TableSizing typed = context.typed(ref);
    List<PartitionSize.ColumnSize> columns = new ArrayList<>();
    for (Column c : table.columnsInKeyOrder()) {
      Integer bytes = typed.columnBytes().get(c.name().asInternal());
      ColumnKind kind = table.kindOf(c);
      if (bytes != null) {
        columns.add(
            new PartitionSize.ColumnSize(
                c.name().asInternal(), kind, c.type().asCql(), bytes, Figure.Basis.TYPED));
      } else {
        ColumnSizes.Estimate e = sizes.apply(c.type());
        columns.add(
            new PartitionSize.ColumnSize(
                c.name().asInternal(),
                kind,
                c.type().asCql(),
                e.bytes(),
                e.exact() ? Figure.Basis.DERIVED : Figure.Basis.ASSUMED));
      }
    }
    MappedTable mapped = context.mapped.get(ref);
    Derived derived = derive(context, table, mapped);
    Figure partitions =
        typed.partitions() != null
            ? new Figure(typed.partitions(), Figure.Basis.TYPED, "typed in")
            : derived.partitions != null
                ? derived.partitions
                : new Figure(
                    ASSUMED_PARTITIONS,
                    Figure.Basis.ASSUMED,
                    derived.unknown != null
                        ? "assumed: type in the number of partitions, or the instances of "
                            + derived.unknown
                        : "assumed: type in the number of partitions");
    Figure rows;
    if (typed.rowsPerPartition() != null) {
      rows = new Figure(typed.rowsPerPartition(), Figure.Basis.TYPED, "typed in");
    } else if (table.primaryKey().clustering().isEmpty()) {
      rows = new Figure(1, Figure.Basis.DERIVED, "no clustering columns: one row per partition");
    } else if (derived.rows != null && partitions.basis() != Figure.Basis.ASSUMED) {
      long perPartition = ceilDiv(derived.rows.value(), partitions.value());
      rows =
          new Figure(
              perPartition,
              Figure.Basis.DERIVED,
              derived.rows.why()
                  + " / "
                  + number(partitions.value())
                  + (partitions.value() == 1 ? " partition" : " partitions"));
    } else if (derived.rows != null) {
      // Spread over an assumed number of partitions, the rows would warn of partitions no one
      // knows are large: assumed as a table's, with what would tell them.
      rows =
          new Figure(
              ASSUMED_ROWS,
              Figure.Basis.ASSUMED,
              "assumed: type in the number of partitions (the values its partition key takes),"
                  + " over which "
                  + derived.rows.why()
                  + " are spread");
    } else {
      rows =
          new Figure(
              ASSUMED_ROWS,
              Figure.Basis.ASSUMED,
              derived.unknown != null
                  ? "assumed: type in the rows per partition, or the instances of "
                      + derived.unknown
                  : "assumed: type in the rows per partition");
    }
    long buckets = typed.buckets() == null ? 1 : typed.buckets();
    if (buckets > 1) {
      partitions =
          new Figure(
              partitions.value() * buckets,
              partitions.basis(),
              partitions.why() + ", × " + number(buckets) + " buckets");
      rows =
          new Figure(
              ceilDiv(rows.value(), buckets),
              rows.basis(),
              rows.why() + ", / " + number(buckets) + " buckets");
    }
    return new PartitionSize(ref, columns, rows, partitions, buckets, replicationFactor(keyspace));
  }

  /** Total rows and partitions as the conceptual model tells them, each null when it does not. */
  private record Derived(Figure rows, Figure partitions, String unknown) {}

  private static Derived derive(Context context, Table table, MappedTable mapped) {
    if (mapped == null || mapped.sources().isEmpty()) {
      return new Derived(null, null, null);
    }
    context.indexModel();
    SizingInputs inputs = context.project.sizing();
    Set<AttributeRef> partitionSources = new HashSet<>();
    for (CqlIdentifier c : table.primaryKey().partitionKey()) {
      AttributeRef source = mapped.sources().get(c.asInternal());
      if (source != null) {
        partitionSources.add(source);
      }
    }
    Set<AttributeRef> keySources = new HashSet<>();
    for (CqlIdentifier c : table.primaryKey().allColumns()) {
      AttributeRef source = mapped.sources().get(c.asInternal());
      if (source != null) {
        keySources.add(source);
      }
    }
    // The owners whose key the primary key holds (and of which the table holds an attribute: a
    // key made only of other owners' attributes is held by chance).
    Set<String> held = new HashSet<>();
    mapped.sources().values().forEach(a -> held.add(a.owner()));
    List<String> heldInOrder = new ArrayList<>(held);
    heldInOrder.removeIf(o -> !context.order.containsKey(o));
    heldInOrder.sort(java.util.Comparator.comparingInt(context.order::get));
    Set<String> covered = new LinkedHashSet<>();
    for (String owner : heldInOrder) {
      for (Set<AttributeRef> key : context.keys.getOrDefault(owner, List.of())) {
        if (keySources.containsAll(key)) {
          covered.add(owner);
        }
      }
    }
    String partitionOwner = context.ownerOfKey.get(partitionSources);
    Figure partitions = null;
    if (partitionSources.isEmpty()) {
      partitions = new Figure(1, Figure.Basis.DERIVED, "bucket columns only: one partition");
    } else if (partitionOwner != null) {
      String countedOwner = context.counted(partitionOwner);
      Optional<Long> n = inputs.instances(countedOwner);
      if (n.isPresent()) {
        partitions =
            new Figure(
                n.get(),
                Figure.Basis.DERIVED,
                "one per " + partitionOwner + " (" + number(n.get()) + " " + countedOwner + ")");
      } else {
        return new Derived(null, null, countedOwner);
      }
    }
    // With no owner's key in the partition key (users_by_country), the partitions are the values
    // the attributes take, which only the user knows; the rows are every instance of the owners
    // the primary key does key, spread over them.
    // Rows: the owners related to the partition's owner, on its many side.
    long rows = partitionOwner == null ? 0 : partitions.value();
    String why =
        partitionOwner == null ? null : number(rows) + " " + context.counted(partitionOwner);
    for (String other : covered) {
      if (other.equals(partitionOwner)) {
        continue;
      }
      String countOf = rowOwner(context, partitionOwner, other);
      if (countOf == null) {
        continue;
      }
      countOf = context.counted(countOf);
      Optional<Long> n = inputs.instances(countOf);
      if (n.isEmpty()) {
        return new Derived(null, partitions, countOf);
      }
      if (n.get() > rows) {
        rows = n.get();
        why = number(n.get()) + " " + countOf;
      }
    }
    if (why == null) {
      return new Derived(null, partitions, null);
    }
    return new Derived(new Figure(rows, Figure.Basis.DERIVED, why), partitions, null);
  }

  /**
   * Whose instances count the rows when a partition of {@code partitionOwner} holds rows keyed by
   * {@code other}: {@code other} when a 1:n relationship makes it the many side (or there is no
   * partition owner), the relationship itself when it is m:n or {@code other} is it, null when
   * {@code other} adds no rows (the 1 side).
   */
  private static String rowOwner(Context context, String partitionOwner, String other) {
    if (partitionOwner == null) {
      return other;
    }
    if (context.relationshipNames.contains(other)) {
      return other;
    }
    for (Relationship r : context.relationshipsOf.getOrDefault(partitionOwner, List.of())) {
      Cardinality mine = end(r, partitionOwner);
      Cardinality theirs = end(r, other);
      if (mine == null || theirs == null) {
        continue;
      }
      if (!theirs.many()) {
        return null;
      }
      return mine.many() ? r.name() : other;
    }
    // Not related directly: count the other owner's instances.
    return other;
  }

  /** The cardinality of the end of {@code r} with that role, else of that entity's end. */
  private static Cardinality end(Relationship r, String entity) {
    for (Relationship.End e : r.ends()) {
      if (e.role().equals(entity)) {
        return e.cardinality();
      }
    }
    for (Relationship.End e : r.ends()) {
      if (e.entity().equals(entity)) {
        return e.cardinality();
      }
    }
    return null;
  }

  private static List<AttributeOwner> owners(ConceptualModel model) {
    List<AttributeOwner> out = new ArrayList<>();
    for (Entity e : model.entities()) {
      out.add(e);
    }
    out.addAll(model.relationships());
    return out;
  }

  /**
   * The keyspace's replication factor: {@code replication_factor} of SimpleStrategy (its full
   * replicas for a transient {@code "3/1"}), the sum of the data centers' factors of
   * NetworkTopologyStrategy, 1 for LocalStrategy; assumed 1 when the keyspace is not defined.
   */
  static Figure replicationFactor(Keyspace keyspace) {
    if (keyspace.definition() == null) {
      return new Figure(1, Figure.Basis.ASSUMED, "assumed: the keyspace is not defined");
    }
    Replication r = keyspace.definition().replication();
    long sum = 0;
    for (Map.Entry<String, String> e : r.options().entrySet()) {
      if (r.strategy().equals("SimpleStrategy") && !e.getKey().equals("replication_factor")) {
        continue;
      }
      String value = e.getValue().strip();
      int slash = value.indexOf('/');
      try {
        sum += Long.parseLong(slash < 0 ? value : value.substring(0, slash).strip());
      } catch (NumberFormatException ex) {
        // Not a factor (another option of a custom strategy).
      }
    }
    if (sum < 1) {
      return new Figure(
          1, Figure.Basis.ASSUMED, "assumed: " + r.strategy() + " names no replication factor");
    }
    return new Figure(sum, Figure.Basis.DERIVED, r.strategy());
  }

  private static long ceilDiv(long a, long b) {
    return Math.max(1, (a + b - 1) / b);
  }

  /** A count for people: {@code 1,000,000}. */
  public static String number(long n) {
    return NumberFormat.getIntegerInstance(Locale.ROOT).format(n);
  }

  /** Bytes for people: {@code 512 B}, {@code 12.3 kB}, {@code 104.9 MB}, {@code 2.1 TB} (SI). */
  public static String bytes(double n) {
    String[] units = {"B", "kB", "MB", "GB", "TB", "PB", "EB"};
    int u = 0;
    double v = n;
    while (v >= 1000 && u < units.length - 1) {
      v /= 1000;
      u++;
    }
    return u == 0
        ? String.format(Locale.ROOT, "%d B", Math.round(v))
        : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }
}
