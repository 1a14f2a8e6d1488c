package org.keyspacestudio.model.writes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeOwner;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.mapping.MappedTable;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.sizing.Figure;
import org.keyspacestudio.model.sizing.PartitionSizes;
import org.keyspacestudio.model.sizing.TableSizing;
import org.keyspacestudio.model.type.NativeType;

/**
 * What the application writes to keep a query-first model's tables in step: the Chebotko method
 * maps each query to a table of its own, so one instance of an entity is held in several tables (a
 * Video in {@code videos}, {@code latest_videos}, {@code videos_by_user}, a row per tag in {@code
 * videos_by_tag}), and each write of it must reach every one. From the mapping's column sources
 * (which attribute each column holds) and the conceptual model's keys and cardinalities ({@link
 * Owners}, {@link TableRows}), for each entity and relationship:
 *
 * <ul>
 *   <li>inserting an instance: an INSERT into each table whose rows stand for it, once per value of
 *       a multi-valued attribute the key holds, each column's value named by where it comes from
 *       (its own attribute, or an attribute of an instance it determines: "its User (uploads)");
 *       and an INSERT of the static columns of each table whose partitions stand for it;
 *   <li>updating one of its attributes (not one of its primary key): an UPDATE of each table that
 *       holds it; a DELETE and an INSERT where a primary key column holds it (Cassandra cannot
 *       change a key column); once per row of another owner that holds it (a Comment's row holding
 *       its Video's title), those rows read from a table that lists them by the instance's key;
 *   <li>deleting an instance: a DELETE of its rows and of the static columns of its partitions, or
 *       of its whole partitions where every row in them is of what it identifies (its weak
 *       entities' and its relationships' instances), whose other rows go too.
 * </ul>
 *
 * Each write's statements go in one logged batch (counters in a counter batch), and Cassandra's
 * count of their data ({@link WriteSizes}) is given. Views are written by the node from their base
 * table: only tables are written. Made once per project value; not thread-safe.
 */
public final class WritePaths {

  /** A mapped table with what its writes need. */
  private record Mapped(
      int position,
      ElementRef ref,
      Keyspace keyspace,
      Table table,
      MappedTable entry,
      TableRows rows,
      WriteSizes sizes,
      TableSizing typed,
      Map<String, AttributeRef> sources,
      String rowOwner) {

    /** The size typed in for a column's values, or null. */
    Integer typedBytes(Column c) {
      return typed == null ? null : typed.columnBytes().get(c.name().asInternal());
    }
  }

  private final Project project;
  private final boolean described;
  private final Owners owners;
  private final List<Mapped> mapped = new ArrayList<>();
  private final Map<ElementRef, Mapped> byRef = new HashMap<>();
  private final Index index;

  /** The positions of the tables whose inputs changed since the memo's last paths, or null. */
  private final Set<Integer> changed;

  /** The relationships with an end at an entity, in the model's order. */
  private final Map<String, List<String>> relationshipsAt = new HashMap<>();

  private List<TableRows> rows;

  /**
   * By table position and owner, the columns holding each of the owner's top-level attributes, by
   * the owner's name they hold it under: made once per table and owner (an entity of 4,000
   * attributes in a table of 4,000 columns had each attribute's update read every column).
   */
  private final Map<Integer, Map<String, Map<String, Map<String, List<Column>>>>> holding =
      new HashMap<>();

  /**
   * Where tables stand, by their positions among the mapped tables: whose rows and partitions they
   * are, whose attributes they hold; and the owners that write.
   *
   * @param byRowOwner the tables whose rows stand for an entity or relationship (or a role of it)
   * @param byExactRowOwner the tables whose rows stand for exactly this owner (a role apart)
   * @param byPartitionOwner the tables whose partitions, not rows, stand for one
   * @param byHeld the tables holding attributes of one (or of a role of it)
   * @param writers the entities and relationships that write, in the model's order
   */
  private record Index(
      Map<String, List<Integer>> byRowOwner,
      Map<String, List<Integer>> byExactRowOwner,
      Map<String, List<Integer>> byPartitionOwner,
      Map<String, List<Integer>> byHeld,
      List<String> writers) {}

  /** What places a table in the {@link Index}: reused with its rows. */
  private record Signature(String row, String rowCanon, String partitionCanon, List<String> held) {}

  /**
   * Remembers what the last write paths were made from, so that the next ones, after an edit, reuse
   * the conceptual model's owners when it did not change, each table's rows when neither the table
   * nor its mapping entry did, and the index of tables when no table changed its place in it. Not
   * thread-safe: one per editor window.
   */
  public static final class Memo {
    private Object conceptual;
    private Owners owners;
    private Map<ElementRef, Remembered> rows = new HashMap<>();
    private List<ElementRef> refs = List.of();
    private List<Signature> signatures = List.of();
    private Index index;
    private Object mapping;
    private Map<ElementRef, MappedTable> entries;
  }

  /** A table's rows, sources and place, and what they were worked out from. */
  private record Remembered(
      Table table,
      MappedTable entry,
      TableRows rows,
      Map<String, AttributeRef> sources,
      Signature signature,
      TableSizing typed,
      Object types) {}

  private WritePaths(Project project, Memo memo, boolean described) {
    this.project = project;
    this.described = described;
    boolean sameModel = memo.owners != null && memo.conceptual == project.conceptual();
    this.owners = sameModel ? memo.owners : Owners.of(project.conceptual());
    Map<ElementRef, Remembered> before = sameModel ? memo.rows : Map.of();
    Map<ElementRef, Remembered> now = new HashMap<>();
    Map<ElementRef, TableSizing> typedSizes = new HashMap<>();
    project.sizing().tables().forEach(x -> typedSizes.putIfAbsent(x.table(), x));
    Map<ElementRef, MappedTable> entries;
    if (memo.mapping == project.mapping() && memo.entries != null) {
      entries = memo.entries;
    } else {
      entries = new HashMap<>();
      for (MappedTable m : project.mapping().tables()) {
        entries.putIfAbsent(m.table(), m);
      }
      memo.mapping = project.mapping();
      memo.entries = entries;
    }
    List<ElementRef> refs = new ArrayList<>();
    List<Signature> signatures = new ArrayList<>();
    Set<Integer> changedNow = new java.util.HashSet<>();
    for (Keyspace ks : project.schema().keyspaces()) {
      WriteSizes sizes = null;
      for (Table t : ks.tables()) {
        ElementRef ref = ElementRef.table(ks.name(), t.name());
        MappedTable entry = entries.get(ref);
        if (entry == null || entry.sources().isEmpty()) {
          continue;
        }
        if (sizes == null) {
          sizes = new WriteSizes(ks);
        }
        // Null when nothing is typed in for the table (most tables).
        TableSizing typed = typedSizes.get(ref);
        Remembered last = before.get(ref);
        boolean same = last != null && last.table() == t && last.entry() == entry;
        if (!same || !java.util.Objects.equals(last.typed(), typed) || last.types() != ks.types()) {
          changedNow.add(mapped.size());
        }
        if (same) {
          last =
              new Remembered(
                  t, entry, last.rows(), last.sources(), last.signature(), typed, ks.types());
        } else {
          Map<String, AttributeRef> sources = new LinkedHashMap<>();
          for (Column c : t.columns()) {
            AttributeRef a = entry.sources().get(c.name().asInternal());
            if (a != null && owners.isOwner(a.owner())) {
              sources.put(c.name().asInternal(), a);
            }
          }
          TableRows rows = TableRows.of(owners, ref, t, entry);
          last =
              new Remembered(t, entry, rows, sources, signature(rows, sources), typed, ks.types());
        }
        now.put(ref, last);
        refs.add(ref);
        signatures.add(last.signature());
        Mapped m =
            new Mapped(
                mapped.size(),
                ref,
                ks,
                t,
                entry,
                last.rows(),
                sizes,
                typed,
                last.sources(),
                last.signature().row());
        mapped.add(m);
        byRef.put(ref, m);
      }
    }
    boolean sameIndex =
        sameModel
            && memo.index != null
            && refs.equals(memo.refs)
            && signatures.equals(memo.signatures);
    this.index = sameIndex ? memo.index : index(signatures);
    this.changed = sameIndex ? Set.copyOf(changedNow) : null;
    memo.conceptual = project.conceptual();
    memo.owners = owners;
    memo.rows = now;
    memo.refs = refs;
    memo.signatures = signatures;
    memo.index = index;
    for (var r : project.conceptual().relationships()) {
      for (var end : r.ends()) {
        List<String> list = relationshipsAt.computeIfAbsent(end.entity(), x -> new ArrayList<>());
        if (!list.contains(r.name())) {
          list.add(r.name());
        }
      }
    }
  }

  private Signature signature(TableRows rows, Map<String, AttributeRef> sources) {
    Set<String> held = new LinkedHashSet<>();
    sources.values().forEach(a -> held.add(canon(a.owner())));
    String row = writtenAs(rows);
    return new Signature(
        row,
        row == null ? null : canon(row),
        rows.partitionOwner() == null ? null : canon(rows.partitionOwner()),
        List.copyOf(held));
  }

  /**
   * Whose write a table's row is: its row owner; when the primary key identifies none, the owner
   * whose instances overwrite each other there and that determines what else the table holds (the
   * Video, in a table of videos keyed by their tag alone): its writes write the table too, each
   * overwriting the last.
   */
  private String writtenAs(TableRows rows) {
    if (rows.rowOwner() != null || rows.overwritten().isEmpty()) {
      return rows.rowOwner();
    }
    for (String o : rows.overwritten()) {
      if (rows.held().stream().allMatch(h -> owners.determines(o, h))) {
        return o;
      }
    }
    return rows.overwritten().get(rows.overwritten().size() - 1);
  }

  private Index index(List<Signature> signatures) {
    Map<String, List<Integer>> byRowOwner = new HashMap<>();
    Map<String, List<Integer>> byExactRowOwner = new HashMap<>();
    Map<String, List<Integer>> byPartitionOwner = new HashMap<>();
    Map<String, List<Integer>> byHeld = new HashMap<>();
    for (int i = 0; i < signatures.size(); i++) {
      Signature sig = signatures.get(i);
      if (sig.row() != null) {
        byRowOwner.computeIfAbsent(sig.rowCanon(), x -> new ArrayList<>()).add(i);
        byExactRowOwner.computeIfAbsent(sig.row(), x -> new ArrayList<>()).add(i);
      }
      if (sig.partitionCanon() != null && !sig.partitionCanon().equals(sig.rowCanon())) {
        byPartitionOwner.computeIfAbsent(sig.partitionCanon(), x -> new ArrayList<>()).add(i);
      }
      for (String o : sig.held()) {
        byHeld.computeIfAbsent(o, x -> new ArrayList<>()).add(i);
      }
    }
    List<String> writers = new ArrayList<>();
    for (String o : owners.all()) {
      if (owners.kind(o) != Owners.Kind.ROLE
          && (byHeld.containsKey(o) || byRowOwner.containsKey(o))) {
        writers.add(o);
      }
    }
    return new Index(byRowOwner, byExactRowOwner, byPartitionOwner, byHeld, List.copyOf(writers));
  }

  private List<Mapped> at(List<Integer> positions) {
    if (positions == null) {
      return List.of();
    }
    List<Mapped> out = new ArrayList<>(positions.size());
    for (int i : positions) {
      out.add(mapped.get(i));
    }
    return out;
  }

  private List<Mapped> ownRowTables(String owner) {
    return at(index.byRowOwner().get(owner));
  }

  private List<Mapped> partitionTables(String owner) {
    return at(index.byPartitionOwner().get(owner));
  }

  private List<Mapped> heldTables(String owner) {
    return at(index.byHeld().get(owner));
  }

  private List<Mapped> exactRowTables(String owner) {
    return at(index.byExactRowOwner().get(owner));
  }

  /** Tables in schema order, each once. */
  private static List<Mapped> inOrder(List<Mapped> a, List<Mapped> b) {
    java.util.TreeMap<Integer, Mapped> out = new java.util.TreeMap<>();
    a.forEach(m -> out.put(m.position(), m));
    b.forEach(m -> out.put(m.position(), m));
    return new ArrayList<>(out.values());
  }

  /** The write paths of a project. */
  public static WritePaths of(Project project) {
    return new WritePaths(project, new Memo(), true);
  }

  /** The write paths of a project, reusing what {@code memo} remembers of the last ones. */
  public static WritePaths of(Project project, Memo memo) {
    return new WritePaths(project, memo, true);
  }

  /**
   * The write paths of a project for counting and checking them ({@link WriteRules}, the editor's
   * marks): the same writes, tables, runs, sizes and rows of other owners, without their words (no
   * CQL, no column values, no notes: each statement an empty text), which cost most of the time.
   */
  public static WritePaths counted(Project project) {
    return new WritePaths(project, new Memo(), false);
  }

  /** As {@link #counted(Project)}, reusing what {@code memo} remembers of the last ones. */
  static WritePaths undescribed(Project project, Memo memo) {
    return new WritePaths(project, memo, false);
  }

  /**
   * The positions, among the mapped tables, of the tables an owner's writes read: its own rows and
   * partitions, the tables that hold its attributes, the rows of what goes with it, and the tables
   * that may list another owner's rows there. An edit of none of them leaves its writes as they
   * were.
   *
   * @param owner an entity or relationship
   * @return the positions, ascending
   */
  List<Integer> inputPositions(String owner) {
    Set<Integer> read = new java.util.TreeSet<>();
    Map<String, List<Integer>> rowsOf = index.byRowOwner();
    read.addAll(rowsOf.getOrDefault(owner, List.of()));
    read.addAll(index.byPartitionOwner().getOrDefault(owner, List.of()));
    List<Integer> others = new ArrayList<>(index.byHeld().getOrDefault(owner, List.of()));
    read.addAll(others);
    for (String other : goesWith(owner)) {
      List<Integer> theirs = rowsOf.getOrDefault(other, List.of());
      read.addAll(theirs);
      others.addAll(theirs);
    }
    Set<String> rowOwners = new LinkedHashSet<>();
    for (int i : others) {
      String row = mapped.get(i).rowOwner();
      if (row != null) {
        rowOwners.add(row);
      }
    }
    for (String row : rowOwners) {
      read.addAll(index.byExactRowOwner().getOrDefault(row, List.of()));
    }
    return List.copyOf(read);
  }

  /**
   * The positions of the tables whose inputs (the table, its mapping entry, its typed-in sizes, its
   * keyspace's types) changed since the memo's last write paths, when none moved in the index and
   * the conceptual model is the same; null when anything else changed.
   */
  Set<Integer> changedSinceLast() {
    return changed;
  }

  /** The conceptual model's owners. */
  public Owners owners() {
    return owners;
  }

  /** What the rows of each mapped table stand for, in schema order. */
  public List<TableRows> rows() {
    if (rows == null) {
      rows = mapped.stream().map(Mapped::rows).toList();
    }
    return rows;
  }

  /** A mapped table's definition; empty for a table the mapping did not make. */
  public Optional<Table> table(ElementRef table) {
    return Optional.ofNullable(byRef.get(table)).map(Mapped::table);
  }

  /** What the rows of a mapped table stand for; empty for a table the mapping did not make. */
  public Optional<TableRows> rows(ElementRef table) {
    return Optional.ofNullable(byRef.get(table)).map(Mapped::rows);
  }

  /**
   * The entities and relationships some mapped table holds (their rows, partitions or attributes),
   * in the model's order: what has write paths.
   */
  public List<String> writers() {
    return index.writers();
  }

  /**
   * Every write of an owner: its insert, the update of each attribute a table holds (not of its
   * primary key), its delete; those that write nothing are left out.
   *
   * @param owner an entity or relationship
   */
  public List<Write> writes(String owner) {
    List<Write> out = new ArrayList<>();
    out.add(insert(owner));
    for (String attribute : updatable(owner)) {
      out.add(update(owner, attribute));
    }
    out.add(delete(owner));
    out.removeIf(w -> w.tables().isEmpty());
    return out;
  }

  /**
   * The attributes of an owner whose update writes a table: those some table holds, in the owner's
   * order, without the primary key's (they identify the instance: changing one is a delete and an
   * insert).
   */
  public List<String> updatable(String owner) {
    Set<String> held = new LinkedHashSet<>();
    for (Mapped m : heldTables(owner)) {
      for (AttributeRef a : m.sources().values()) {
        if (canon(a.owner()).equals(owner)) {
          held.add(a.topLevel());
        }
      }
    }
    Set<String> primary = primaryKeyAttributes(owner);
    List<String> out = new ArrayList<>();
    AttributeOwner o = project.conceptual().owner(owner).orElse(null);
    if (o != null) {
      for (Attribute a : o.attributes()) {
        if (held.contains(a.name()) && !primary.contains(a.name())) {
          out.add(a.name());
        }
      }
    }
    return out;
  }

  /**
   * The attributes of an owner's primary key a table's primary key lacks: what MR5 adds so that
   * each row stands for one of its instances.
   *
   * @param table a mapped table
   * @param owner an owner whose attributes it holds
   * @return in the key's order; empty for a table the mapping did not make, or one whose key has
   *     them all
   */
  public List<AttributeRef> missingKey(ElementRef table, String owner) {
    Mapped m = byRef.get(table);
    List<Set<AttributeRef>> keys = owners.keys(owner);
    if (m == null || keys.isEmpty()) {
      return List.of();
    }
    Set<AttributeRef> inKey = new LinkedHashSet<>();
    for (Column c : keyColumns(m.table())) {
      AttributeRef a = m.sources().get(c.name().asInternal());
      if (a != null) {
        inKey.add(a);
      }
    }
    List<AttributeRef> out = new ArrayList<>();
    for (AttributeRef a : declaredOrder(owner, keys.get(0))) {
      if (!inKey.contains(a)) {
        out.add(a);
      }
    }
    return out;
  }

  /** A key's attributes in the order the model declares them (a key is kept as a set). */
  private List<AttributeRef> declaredOrder(String owner, Set<AttributeRef> key) {
    List<AttributeRef> out = new ArrayList<>();
    var declared = project.conceptual().owner(owner).map(AttributeOwner::keys).orElse(List.of());
    for (var k : declared) {
      if (Set.copyOf(k.attributes()).equals(key)) {
        out.addAll(k.attributes());
        return out;
      }
    }
    out.addAll(key);
    out.sort(java.util.Comparator.naturalOrder());
    return out;
  }

  /**
   * A note per table written that has materialized views: the node writes them itself, reading the
   * base row before each write to find the view rows to change (Cassandra's {@code ViewManager}),
   * so the application writes nothing more, and the write costs a read per view's base table.
   */
  private void viewNotes(List<TableWrite> written, List<String> notes) {
    if (!described) {
      return;
    }
    Set<ElementRef> seen = new java.util.HashSet<>();
    for (TableWrite tw : written) {
      Mapped m = byRef.get(tw.table());
      if (m == null || !seen.add(tw.table())) {
        continue;
      }
      List<String> views = new ArrayList<>();
      for (var v : m.keyspace().viewsOf(m.table().name())) {
        views.add(v.name().asCql());
      }
      if (!views.isEmpty()) {
        notes.add(
            "The node writes "
                + String.join(" and ", views)
                + (views.size() == 1 ? ", a materialized view" : ", materialized views")
                + " of "
                + m.ref().object().asCql()
                + ", itself: the application writes nothing more, and each write to "
                + m.ref().object().asCql()
                + " reads its row first to find the view rows to change.");
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Insert

  /** What inserting an instance of an entity or relationship writes. */
  public Write insert(String owner) {
    List<TableWrite> out = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (Mapped m : inOrder(ownRowTables(owner), partitionTables(owner))) {
      TableRows rows = m.rows();
      if (ownRows(m, owner)) {
        out.add(insertRow(m, owner));
        if (!rows.overwritten().isEmpty()) {
          if (described) {
            notes.add(overwriteNote(m));
          }
        }
      } else if (ownPartitions(m, owner) && !staticColumns(m).isEmpty()) {
        out.add(insertPartition(m, owner));
      }
    }
    viewNotes(out, notes);
    return new Write(Write.Kind.INSERT, owner, null, out, notes);
  }

  private TableWrite insertRow(Mapped m, String owner) {
    Table t = m.table();
    String rowOwner = m.rowOwner();
    boolean withStatics = canon(m.rows().partitionOwner()).equals(owner);
    List<Column> columns = new ArrayList<>();
    for (Column c : t.columnsInKeyOrder()) {
      boolean key = t.primaryKey().isKeyColumn(c.name());
      if (!key && c.isStatic() && !withStatics) {
        continue;
      }
      columns.add(c);
    }
    List<TableWrite.ColumnValue> values = valuesOf(m, columns, rowOwner);
    List<AttributeRef> perValue = multiValuedKeys(m, owner);
    List<String> notes = new ArrayList<>();
    String statement;
    boolean counter = t.isCounterTable();
    if (counter) {
      List<Column> set = columns.stream().filter(c -> !isKey(t, c)).toList();
      statement = update(m, set, keyColumns(t), true);
      values = reorderForUpdate(values, set);
    } else {
      statement = insert(m, columns);
    }
    syntheticNotes(m, notes);
    long executions = executionsOf(perValue, null);
    long one = rowBytes(m, columns);
    return new TableWrite(
        m.ref(),
        counter ? TableWrite.Action.UPDATE_ROW : TableWrite.Action.INSERT_ROW,
        List.of(statement),
        values,
        perValue,
        null,
        executions,
        repeated(one, executions, samePartition(m, perValue, null, owner)),
        counter,
        notes);
  }

  private TableWrite insertPartition(Mapped m, String owner) {
    List<Column> columns = new ArrayList<>(partitionKeyColumns(m.table()));
    List<Column> statics = staticColumns(m);
    columns.addAll(statics);
    List<TableWrite.ColumnValue> values = valuesOf(m, columns, m.rows().partitionOwner());
    String statement = insert(m, columns);
    List<String> notes = new ArrayList<>();
    if (described) {
      notes.add(
          "Until the partition holds a "
              + (m.rowOwner() == null ? "row" : canon(m.rowOwner()) + "'s row")
              + ", a SELECT of it that restricts no clustering column returns one row of these"
              + " static columns, the others null.");
    }
    syntheticNotes(m, notes);
    long bytes = WriteSizes.plus(WriteSizes.PARTITION, cells(m, statics));
    return new TableWrite(
        m.ref(),
        TableWrite.Action.INSERT_PARTITION,
        List.of(statement),
        values,
        List.of(),
        null,
        1,
        bytes,
        false,
        notes);
  }

  // ---------------------------------------------------------------------------------------------
  // Update

  /**
   * What changing one attribute of an instance writes (a composite attribute with its parts).
   *
   * @param owner an entity or relationship
   * @param attribute the name of one of its top-level attributes
   */
  public Write update(String owner, String attribute) {
    List<TableWrite> out = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (Mapped m : heldTables(owner)) {
      // By the owner's name the columns hold it under: the entity, or each of its roles (the
      // follower's name and the followee's are in different rows).
      Map<String, List<Column>> changed = holding(m, owner).getOrDefault(attribute, Map.of());
      if (changed.isEmpty()) {
        continue;
      }
      changed.forEach((via, columns) -> out.add(updateTable(m, owner, via, columns)));
      if (m.rowOwner() == null) {
        if (described) {
          notes.add(overwriteNote(m));
        }
      }
    }
    viewNotes(out, notes);
    return new Write(Write.Kind.UPDATE, owner, new AttributeRef(owner, attribute), out, notes);
  }

  /**
   * The columns of a table holding each top-level attribute of an owner, in column order, by the
   * owner's name they hold it under (the entity, or each of its roles).
   */
  private Map<String, Map<String, List<Column>>> holding(Mapped m, String owner) {
    return holding
        .computeIfAbsent(m.position(), k -> new HashMap<>())
        .computeIfAbsent(
            owner,
            o -> {
              Map<String, Map<String, List<Column>>> out = new HashMap<>();
              for (Column c : m.table().columns()) {
                AttributeRef a = m.sources().get(c.name().asInternal());
                if (a != null && canon(a.owner()).equals(o)) {
                  out.computeIfAbsent(a.topLevel(), x -> new LinkedHashMap<>())
                      .computeIfAbsent(a.owner(), x -> new ArrayList<>())
                      .add(c);
                }
              }
              return out;
            });
  }

  private TableWrite updateTable(Mapped m, String owner, String via, List<Column> changed) {
    Table t = m.table();
    boolean moves = changed.stream().anyMatch(c -> isKey(t, c));
    boolean staticOnly = changed.stream().allMatch(c -> c.isStatic() && !isKey(t, c));
    String rowOwner = m.rowOwner();
    String partitionOwner = m.rows().partitionOwner();
    // Whose rows (or partitions) the statement runs for: the owner's own, or another's.
    String runsFor = staticOnly && partitionOwner != null ? partitionOwner : rowOwner;
    boolean own = runsFor != null && canon(runsFor).equals(owner);
    TableWrite.Rows rows = own || runsFor == null ? null : rowsOf(m, owner, via, runsFor);
    List<AttributeRef> perValue = own ? multiValuedKeys(m, owner) : List.of();
    List<String> notes = new ArrayList<>();
    if (own) {
      neededKeys(m, owner, staticOnly, notes);
    } else if (rows != null && rows.finder() == null) {
      if (described) {
        notes.add(unreachableNote(m, owner, rows.owner()));
      }
    }
    syntheticNotes(m, notes);
    List<TableWrite.ColumnValue> values = new ArrayList<>();
    List<String> statements;
    TableWrite.Action action;
    long one;
    if (moves) {
      action = TableWrite.Action.MOVE_ROW;
      List<Column> all = new ArrayList<>(t.columnsInKeyOrder());
      all.removeIf(
          c ->
              c.isStatic()
                  && !isKey(t, c)
                  && !canon(partitionOwner).equals(canon(runsFor == null ? "" : runsFor)));
      // A counter table takes no INSERT: its counts are added again under the new key.
      List<Column> counts = all.stream().filter(c -> t.isCounterTable() && !isKey(t, c)).toList();
      statements =
          List.of(
              delete(m, keyColumns(t)),
              counts.isEmpty() ? insert(m, all) : update(m, counts, keyColumns(t), true));
      List<Column> bound = new ArrayList<>(counts);
      all.stream().filter(c -> !counts.contains(c)).forEach(bound::add);
      for (Column c : bound) {
        if (described) {
          values.add(
              new TableWrite.ColumnValue(
                  c.name().asCql(),
                  source(m, c),
                  counts.contains(c)
                      ? "the row's " + c.name().asCql() + " as it was (read before): added again"
                      : !changed.contains(c)
                          ? "the row's " + c.name().asCql() + ", as it was (read before)"
                          : isMultiValued(source(m, c))
                              ? "each value of "
                                  + source(m, c)
                                  + " added (the rows of the values removed are deleted)"
                              : "the new " + describeAttribute(source(m, c))));
        }
      }
      if (described) {
        notes.add(
            "A primary key column holds "
                + describeAttribute(source(m, changed.get(0)))
                + ": Cassandra cannot change it, so the row is deleted under its old key and"
                + " inserted again under the new one, with its other columns.");
      }
      boolean samePartition =
          changed.stream().noneMatch(c -> t.primaryKey().isPartitionKey(c.name()));
      long deleteRow =
          t.primaryKey().clustering().isEmpty()
              ? WriteSizes.PARTITION
              : WriteSizes.plus(WriteSizes.PARTITION, rowOverhead(m));
      long insertRow = rowBytes(m, all);
      one =
          samePartition
              ? WriteSizes.plus(deleteRow, insertRow - WriteSizes.PARTITION)
              : WriteSizes.plus(deleteRow, insertRow);
    } else {
      action = staticOnly ? TableWrite.Action.UPDATE_PARTITION : TableWrite.Action.UPDATE_ROW;
      List<Column> keys = staticOnly ? partitionKeyColumns(t) : keyColumns(t);
      statements = List.of(update(m, changed, keys, t.isCounterTable()));
      for (Column c : changed) {
        if (described) {
          values.add(
              new TableWrite.ColumnValue(
                  c.name().asCql(), source(m, c), "the new " + describeAttribute(source(m, c))));
        }
      }
      for (Column c : keys) {
        if (described) {
          values.add(
              new TableWrite.ColumnValue(
                  c.name().asCql(),
                  source(m, c),
                  own ? origin(m, c, runsFor) : fromRows(m, c, rows)));
        }
      }
      one =
          staticOnly
              ? WriteSizes.plus(WriteSizes.PARTITION, cells(m, changed))
              : WriteSizes.plus(
                  WriteSizes.plus(WriteSizes.PARTITION, rowOverhead(m)), cells(m, changed));
    }
    long executions = executionsOf(perValue, rows);
    return new TableWrite(
        m.ref(),
        action,
        statements,
        values,
        perValue,
        rows,
        executions,
        repeated(one, executions, samePartition(m, perValue, rows, owner) && !moves),
        t.isCounterTable(),
        notes);
  }

  // ---------------------------------------------------------------------------------------------
  // Delete

  /**
   * What deleting an instance writes: its rows, its partitions' static columns (or the whole
   * partitions, where every row in them goes with it), and the rows of what goes with it (the weak
   * entities it identifies, the relationship instances it takes part in).
   */
  public Write delete(String owner) {
    List<TableWrite> out = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    List<String> goes = goesWith(owner);
    Set<ElementRef> done = new java.util.HashSet<>();
    Set<ElementRef> partitionsDeleted = new java.util.HashSet<>();
    for (Mapped m : inOrder(ownRowTables(owner), partitionTables(owner))) {
      if (ownRows(m, owner)) {
        out.add(deleteRow(m, owner, null));
        done.add(m.ref());
      } else if (ownPartitions(m, owner)) {
        String rowOwner = m.rowOwner();
        boolean allGo = rowOwner != null && goes.contains(canon(rowOwner));
        if (allGo || !staticColumns(m).isEmpty()) {
          out.add(deletePartition(m, owner, allGo));
          done.add(m.ref());
          if (allGo) {
            partitionsDeleted.add(m.ref());
          }
        }
      }
    }
    for (String other : goes) {
      for (Mapped m : ownRowTables(other)) {
        for (String via : participations(owner, other)) {
          // Its rows in partitions that stand for it went with those partitions; the others (a
          // follower's rows, in the partitions of those it follows) go one by one.
          boolean gone =
              partitionsDeleted.contains(m.ref()) && via.equals(m.rows().partitionOwner());
          if (!gone) {
            out.add(deleteRow(m, owner, rowsOf(m, owner, via, m.rowOwner())));
          }
        }
        done.add(m.ref());
      }
    }
    for (Mapped m : partitionTables(owner)) {
      if (!done.contains(m.ref()) && m.rowOwner() != null && !goes.contains(canon(m.rowOwner()))) {
        if (described) {
          notes.add(
              m.ref().object().asCql()
                  + " still lists the "
                  + owner
                  + "'s "
                  + canon(m.rowOwner())
                  + " rows under its key: delete that partition too if they should go"
                  + " with it.");
        }
      }
    }
    if (!goes.isEmpty()) {
      if (described) {
        notes.add(
            "Its "
                + String.join(" and ", goes)
                + (goes.size() == 1 ? " goes" : " go")
                + " with it: "
                + (goes.size() == 1 ? "it cannot" : "they cannot")
                + " exist without it.");
      }
    }
    List<TableWrite> ordered = new ArrayList<>(out);
    ordered.sort(java.util.Comparator.comparingInt(tw -> byRef.get(tw.table()).position()));
    viewNotes(ordered, notes);
    return new Write(Write.Kind.DELETE, owner, null, ordered, notes);
  }

  private TableWrite deleteRow(Mapped m, String owner, TableWrite.Rows rows) {
    Table t = m.table();
    List<Column> keys = keyColumns(t);
    List<TableWrite.ColumnValue> values = new ArrayList<>();
    for (Column c : keys) {
      if (described) {
        values.add(
            new TableWrite.ColumnValue(
                c.name().asCql(),
                source(m, c),
                rows == null ? origin(m, c, m.rowOwner()) : fromRows(m, c, rows)));
      }
    }
    List<AttributeRef> perValue = rows == null ? multiValuedKeys(m, owner) : List.of();
    List<String> notes = new ArrayList<>();
    if (rows == null) {
      neededKeys(m, owner, false, notes);
    } else if (rows.finder() == null) {
      if (described) {
        notes.add(unreachableNote(m, owner, rows.owner()));
      }
    }
    syntheticNotes(m, notes);
    long executions = executionsOf(perValue, rows);
    // Without clustering columns the row is the partition: Cassandra deletes the partition.
    long one =
        t.primaryKey().clustering().isEmpty()
            ? WriteSizes.PARTITION
            : WriteSizes.plus(WriteSizes.PARTITION, rowOverhead(m));
    return new TableWrite(
        m.ref(),
        TableWrite.Action.DELETE_ROW,
        List.of(delete(m, keys)),
        values,
        perValue,
        rows,
        executions,
        repeated(one, executions, samePartition(m, perValue, rows, owner)),
        t.isCounterTable(),
        notes);
  }

  private TableWrite deletePartition(Mapped m, String owner, boolean whole) {
    Table t = m.table();
    List<Column> keys = partitionKeyColumns(t);
    List<Column> statics = staticColumns(m);
    List<TableWrite.ColumnValue> values = valuesOf(m, keys, m.rows().partitionOwner());
    String statement = whole ? delete(m, keys) : deleteColumns(m, statics, keys);
    List<String> notes = new ArrayList<>();
    if (whole) {
      if (described) {
        notes.add(
            "Every row of the partition is of what goes with the "
                + owner
                + " ("
                + canon(m.rowOwner())
                + "): one partition deletion removes them all.");
      }
    }
    syntheticNotes(m, notes);
    long bytes = WriteSizes.PARTITION;
    if (!whole) {
      for (Column c : statics) {
        bytes = WriteSizes.plus(bytes, m.sizes().deletedCell(c.type()));
      }
    }
    return new TableWrite(
        m.ref(),
        whole ? TableWrite.Action.DELETE_PARTITION : TableWrite.Action.DELETE_STATICS,
        List.of(statement),
        values,
        List.of(),
        null,
        1,
        bytes,
        t.isCounterTable(),
        notes);
  }

  /**
   * How an instance of {@code owner} is at the instances of what goes with it: as itself (a weak
   * entity's owner), or at each end of a relationship, by the end's role when it has one.
   */
  private List<String> participations(String owner, String other) {
    var r = project.conceptual().relationship(other).orElse(null);
    if (r == null) {
      return List.of(owner);
    }
    List<String> out = new ArrayList<>();
    for (var end : r.ends()) {
      if (end.entity().equals(owner)) {
        String role = end.role();
        String via = !role.isBlank() && owners.kind(role) == Owners.Kind.ROLE ? role : owner;
        if (!out.contains(via)) {
          out.add(via);
        }
      }
    }
    return out.isEmpty() ? List.of(owner) : out;
  }

  /**
   * What cannot exist without an instance of the owner: the weak entities it identifies, and the
   * relationships with an end at it (for an entity) whose instances some table's rows stand for.
   */
  private List<String> goesWith(String owner) {
    List<String> out = new ArrayList<>(owners.dependents(owner));
    if (owners.kind(owner) == Owners.Kind.ENTITY) {
      for (String r : relationshipsAt.getOrDefault(owner, List.of())) {
        if (!ownRowTables(r).isEmpty() && !out.contains(r)) {
          out.add(r);
        }
      }
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // What the statements hold

  /**
   * The rows of {@code other} in a table, per instance of {@code owner}, and where to find them.
   */
  /**
   * The rows of {@code other} in a table, per instance of {@code owner}, who is at them as {@code
   * via} (itself, or one of its roles), and the table that lists them: one whose partitions stand
   * for {@code via} (the table itself, when its own do).
   */
  private TableWrite.Rows rowsOf(Mapped m, String owner, String via, String other) {
    Figure count = countPer(canon(other), owner);
    Mapped finder = null;
    Set<AttributeRef> keySources = new LinkedHashSet<>();
    boolean synthetic = false;
    for (Column c : keyColumns(m.table())) {
      AttributeRef a = m.sources().get(c.name().asInternal());
      if (a == null) {
        synthetic = true;
      } else {
        keySources.add(a);
      }
    }
    if (via.equals(m.rows().partitionOwner())) {
      finder = m;
    } else if (!synthetic) {
      for (Mapped f : exactRowTables(other)) {
        if (via.equals(f.rows().partitionOwner()) && f.sources().values().containsAll(keySources)) {
          finder = f;
          break;
        }
      }
    }
    String query =
        finder == null || finder.entry().queries().isEmpty()
            ? null
            : finder.entry().queries().get(0);
    return new TableWrite.Rows(other, via, count, finder == null ? null : finder.ref(), query);
  }

  /** How many instances of {@code other} one of {@code owner} has, from the typed-in counts. */
  private Figure countPer(String other, String owner) {
    Optional<Long> many = project.sizing().instances(other);
    Optional<Long> one = project.sizing().instances(owner);
    if (many.isEmpty() || one.isEmpty() || one.get() < 1) {
      return null;
    }
    long n = Math.max(1, (many.get() + one.get() - 1) / one.get());
    return new Figure(
        n,
        Figure.Basis.DERIVED,
        PartitionSizes.number(many.get())
            + " "
            + other
            + " / "
            + PartitionSizes.number(one.get())
            + " "
            + owner);
  }

  /** What each of the columns holds, writing a row or partition of {@code rowOwner}. */
  private List<TableWrite.ColumnValue> valuesOf(Mapped m, List<Column> columns, String rowOwner) {
    List<TableWrite.ColumnValue> out = new ArrayList<>();
    if (described) {
      for (Column c : columns) {
        out.add(new TableWrite.ColumnValue(c.name().asCql(), source(m, c), origin(m, c, rowOwner)));
      }
    }
    return out;
  }

  /**
   * Where the application takes a column's value from, writing a row or partition of {@code
   * rowOwner}.
   */
  private String origin(Mapped m, Column c, String rowOwner) {
    AttributeRef a = m.sources().get(c.name().asInternal());
    if (a == null) {
      return m.table().primaryKey().isPartitionKey(c.name())
          ? "the bucket: the application computes it (no attribute holds it)"
          : "no attribute holds it: the application's own value";
    }
    Attribute attribute = project.conceptual().attribute(a).orElse(null);
    boolean multi = attribute != null && attribute.kind() == Attribute.Kind.MULTI_VALUED;
    String whose = a.owner();
    if (rowOwner == null || whose.equals(rowOwner)) {
      String what = "the " + whose + "'s " + a.attribute();
      if (multi && isKey(m.table(), c)) {
        return "one of " + what + " (a row per value)";
      }
      return rowOwner == null ? what + " (no one instance: the rows overwrite each other)" : what;
    }
    String path = owners.describe(rowOwner, whose);
    if (path == null) {
      return a + " (no one value: the " + rowOwner + " does not determine a " + whose + ")";
    }
    return a.attribute() + " of " + (path.isEmpty() ? "the " + whose : path);
  }

  /** Where the key value of another owner's row comes from: the table that lists them. */
  private String fromRows(Mapped m, Column c, TableWrite.Rows rows) {
    AttributeRef a = m.sources().get(c.name().asInternal());
    if (a != null && rows != null && a.owner().equals(rows.via())) {
      // The writing instance's own: the same in each of those rows.
      return "the " + a.owner() + "'s " + a.attribute();
    }
    String what = a == null ? c.name().asCql() : a.toString();
    if (rows == null || rows.finder() == null) {
      return what + " of each " + (rows == null ? "row" : rows.owner()) + ": no table lists them";
    }
    return what + " of each " + rows.owner() + ", read from " + rows.finder().object().asCql();
  }

  /** Notes on the key values an update or delete of the owner's own rows needs. */
  private void neededKeys(Mapped m, String owner, boolean partitionOnly, List<String> notes) {
    if (!described) {
      return;
    }
    List<Set<AttributeRef>> ownerKeys = owners.keys(owner);
    Set<AttributeRef> identity = ownerKeys.isEmpty() ? Set.of() : ownerKeys.get(0);
    List<Column> keys = partitionOnly ? partitionKeyColumns(m.table()) : keyColumns(m.table());
    for (Column c : keys) {
      AttributeRef a = m.sources().get(c.name().asInternal());
      if (a == null) {
        continue;
      }
      if (identity.contains(a)) {
        // Part of what identifies the instance: the application has it.
        continue;
      }
      Mapped from = readableBy(owner, a, m);
      String what =
          canon(a.owner()).equals(owner)
              ? (isMultiValued(a) ? "each of the " + owner + "'s " + a.attribute() : a.toString())
              : a
                  + " of "
                  + Optional.ofNullable(owners.describe(owner, a.owner())).orElse(a.owner());
      if (described) {
        notes.add(
            from == null
                ? "To find the row it needs "
                    + what
                    + ", which no table read by the "
                    + owner
                    + "'s key holds: the application must know it."
                : "To find the row it needs "
                    + what
                    + ": read it from "
                    + from.ref().object().asCql()
                    + ".");
      }
    }
  }

  /** A table read by the owner's key, whose rows are the owner's, holding the attribute. */
  private Mapped readableBy(String owner, AttributeRef attribute, Mapped except) {
    for (Mapped f : ownRowTables(owner)) {
      if (f == except || !f.sources().containsValue(attribute)) {
        continue;
      }
      if (canon(f.rows().partitionOwner()).equals(owner)) {
        return f;
      }
    }
    return null;
  }

  private void syntheticNotes(Mapped m, List<String> notes) {
    if (!described) {
      return;
    }
    for (CqlIdentifier k : m.table().primaryKey().partitionKey()) {
      if (!m.sources().containsKey(k.asInternal()) && m.table().column(k).isPresent()) {
        if (described) {
          notes.add(
              k.asCql()
                  + " is a bucket no attribute holds: the application computes it, the same way"
                  + " for each write and read of a row.");
        }
      }
    }
  }

  private String overwriteNote(Mapped m) {
    List<String> over = m.rows().overwritten();
    return m.ref().object().asCql()
        + "'s primary key identifies no one "
        + (over.isEmpty() ? "instance" : String.join(" or ", over))
        + ": rows of different instances overwrite each other (WRITE-OVERWRITE).";
  }

  private String unreachableNote(Mapped m, String owner, String other) {
    return "No table lists the "
        + other
        + " rows of a "
        + owner
        + " with what "
        + m.ref().object().asCql()
        + "'s key holds: the application cannot find them (WRITE-UNREACHABLE).";
  }

  // ---------------------------------------------------------------------------------------------
  // Sizes

  /** One row written with the given columns: its overhead, clustering values and cells. */
  private long rowBytes(Mapped m, List<Column> columns) {
    return WriteSizes.plus(
        WriteSizes.plus(WriteSizes.PARTITION, rowOverhead(m)), cells(m, columns));
  }

  /** A row's own bytes: liveness, deletion and clustering values. */
  private long rowOverhead(Mapped m) {
    long bytes = WriteSizes.ROW;
    for (var cc : m.table().primaryKey().clustering()) {
      Column c = m.table().column(cc.name()).orElse(null);
      if (c != null) {
        bytes = WriteSizes.plus(bytes, m.sizes().keyValue(c.type(), m.typedBytes(c)));
      }
    }
    return bytes;
  }

  private long cells(Mapped m, List<Column> columns) {
    long bytes = 0;
    for (Column c : columns) {
      if (!isKey(m.table(), c)) {
        bytes = WriteSizes.plus(bytes, m.sizes().cell(c.type(), m.typedBytes(c)));
      }
    }
    return bytes;
  }

  /** {@code executions} runs of a statement of {@code one} bytes, sharing one partition or not. */
  private static long repeated(long one, long executions, boolean samePartition) {
    if (!samePartition || executions == 1) {
      return WriteSizes.times(one, executions);
    }
    return WriteSizes.plus(
        WriteSizes.PARTITION, WriteSizes.times(one - WriteSizes.PARTITION, executions));
  }

  /**
   * Whether a statement's runs for one write go to one partition: runs per value of multi-valued
   * attributes only clustering columns hold, or per row of partitions that stand for the owner.
   */
  private boolean samePartition(
      Mapped m, List<AttributeRef> perValue, TableWrite.Rows rows, String owner) {
    if (rows != null) {
      // Other instances' rows share a partition when it stands for the writing one, as it is at
      // them (the followee's partition holds the rows of those who follow it, not of those it
      // follows).
      return perValue.isEmpty() && rows.via().equals(m.rows().partitionOwner());
    }
    for (CqlIdentifier k : m.table().primaryKey().partitionKey()) {
      AttributeRef a = m.sources().get(k.asInternal());
      if (a != null && perValue.contains(a)) {
        return false;
      }
    }
    return true;
  }

  private static long executionsOf(List<AttributeRef> perValue, TableWrite.Rows rows) {
    long n = 1;
    for (int i = 0; i < perValue.size(); i++) {
      n = WriteSizes.times(n, org.keyspacestudio.model.sizing.ColumnSizes.COLLECTION_ELEMENTS);
    }
    if (rows != null && rows.count() != null) {
      n = WriteSizes.times(n, rows.count().value());
    }
    return n;
  }

  // ---------------------------------------------------------------------------------------------
  // Small things

  private boolean ownRows(Mapped m, String owner) {
    return m.rowOwner() != null && canon(m.rowOwner()).equals(owner);
  }

  private boolean ownPartitions(Mapped m, String owner) {
    return m.rows().partitionOwner() != null
        && canon(m.rows().partitionOwner()).equals(owner)
        && !ownRows(m, owner);
  }

  /** The static columns that hold attributes of what the partition stands for. */
  private List<Column> staticColumns(Mapped m) {
    List<Column> out = new ArrayList<>();
    for (Column c : m.table().columns()) {
      if (c.isStatic() && !isKey(m.table(), c) && m.sources().containsKey(c.name().asInternal())) {
        out.add(c);
      }
    }
    return out;
  }

  /** The multi-valued attributes of the owner the table's key holds, in key order. */
  private List<AttributeRef> multiValuedKeys(Mapped m, String owner) {
    List<AttributeRef> out = new ArrayList<>();
    for (Column c : keyColumns(m.table())) {
      AttributeRef a = m.sources().get(c.name().asInternal());
      if (a != null && canon(a.owner()).equals(owner) && isMultiValued(a) && !out.contains(a)) {
        out.add(a);
      }
    }
    return out;
  }

  private boolean isMultiValued(AttributeRef a) {
    return project
        .conceptual()
        .attribute(a)
        .map(x -> x.kind() == Attribute.Kind.MULTI_VALUED)
        .orElse(false);
  }

  /** The attribute names of an owner's primary key (its first), those of other owners left out. */
  private Set<String> primaryKeyAttributes(String owner) {
    Set<String> out = new LinkedHashSet<>();
    List<Set<AttributeRef>> keys = owners.keys(owner);
    if (!keys.isEmpty()) {
      for (AttributeRef a : keys.get(0)) {
        if (canon(a.owner()).equals(owner)) {
          out.add(a.attribute());
        }
      }
    }
    return out;
  }

  private String describeAttribute(AttributeRef a) {
    return a == null ? "value" : a.toString();
  }

  private AttributeRef source(Mapped m, Column c) {
    return m.sources().get(c.name().asInternal());
  }

  /** What the owner name stands for among writers: a role's entity, else the name; "" for null. */
  private String canon(String owner) {
    if (owner == null) {
      return "";
    }
    return owners.kind(owner) == Owners.Kind.ROLE ? owners.entityOf(owner) : owner;
  }

  private static boolean isKey(Table t, Column c) {
    return t.primaryKey().isKeyColumn(c.name());
  }

  private static List<Column> partitionKeyColumns(Table t) {
    List<Column> out = new ArrayList<>();
    for (CqlIdentifier k : t.primaryKey().partitionKey()) {
      t.column(k).ifPresent(out::add);
    }
    return out;
  }

  private static List<Column> keyColumns(Table t) {
    List<Column> out = new ArrayList<>();
    for (CqlIdentifier k : t.primaryKey().allColumns()) {
      t.column(k).ifPresent(out::add);
    }
    return out;
  }

  private static String name(Mapped m) {
    CqlIdentifier ks = m.keyspace().name();
    return (ks == null ? "" : ks.asCql() + ".") + m.table().name().asCql();
  }

  private static String where(List<Column> keys) {
    return String.join(" AND ", keys.stream().map(c -> c.name().asCql() + " = ?").toList());
  }

  /** {@code INSERT INTO ks.t (a, b) VALUES (?, ?)}; empty when the write is not described. */
  private String insert(Mapped m, List<Column> columns) {
    if (!described) {
      return "";
    }
    return "INSERT INTO "
        + name(m)
        + " ("
        + String.join(", ", columns.stream().map(c -> c.name().asCql()).toList())
        + ") VALUES ("
        + String.join(", ", columns.stream().map(c -> "?").toList())
        + ")";
  }

  /** {@code DELETE FROM ks.t WHERE k = ?}; empty when the write is not described. */
  private String delete(Mapped m, List<Column> keys) {
    return described ? "DELETE FROM " + name(m) + " WHERE " + where(keys) : "";
  }

  /** {@code DELETE s1, s2 FROM ks.t WHERE k = ?}; empty when the write is not described. */
  private String deleteColumns(Mapped m, List<Column> columns, List<Column> keys) {
    if (!described) {
      return "";
    }
    return "DELETE "
        + String.join(", ", columns.stream().map(c -> c.name().asCql()).toList())
        + " FROM "
        + name(m)
        + " WHERE "
        + where(keys);
  }

  /** {@code UPDATE ks.t SET a = ? WHERE k = ?}; empty when the write is not described. */
  private String update(Mapped m, List<Column> set, List<Column> keys, boolean counter) {
    if (!described) {
      return "";
    }
    List<String> assignments = new ArrayList<>();
    for (Column c : set) {
      String n = c.name().asCql();
      assignments.add(
          counter && c.type() == NativeType.COUNTER ? n + " = " + n + " + ?" : n + " = ?");
    }
    return "UPDATE " + name(m) + " SET " + String.join(", ", assignments) + " WHERE " + where(keys);
  }

  /** A counter row's values in the UPDATE's marker order: the counters, then the key. */
  private static List<TableWrite.ColumnValue> reorderForUpdate(
      List<TableWrite.ColumnValue> values, List<Column> set) {
    List<TableWrite.ColumnValue> out = new ArrayList<>();
    Set<String> setNames = new LinkedHashSet<>();
    set.forEach(c -> setNames.add(c.name().asCql()));
    for (TableWrite.ColumnValue v : values) {
      if (setNames.contains(v.column())) {
        // A counter is incremented, never set.
        out.add(
            new TableWrite.ColumnValue(
                v.column(), v.attribute(), "how much " + v.column() + " changes by (a counter)"));
      }
    }
    for (TableWrite.ColumnValue v : values) {
      if (!setNames.contains(v.column())) {
        out.add(v);
      }
    }
    return out;
  }
}
