package org.keyspacestudio.model.mapping;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeOwner;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.IsA;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.parse.CqlTypeParser;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ColumnKind;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.support.QueryColumns;
import org.keyspacestudio.model.type.CollectionType;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.type.UserTypeRef;
import org.keyspacestudio.model.workflow.Query;

/**
 * Turns a query into the tables that answer it, by the Chebotko method's mapping rules (Chebotko,
 * Kashlev, Lu 2015; section 1 of {@code shared/notes/chebotko-method.md}):
 *
 * <ul>
 *   <li>MR2: attributes given by equality ({@code =}, {@code IN}) form the partition key; a query
 *       with none gets a synthetic {@code bucket} partition key (and a warning elsewhere);
 *   <li>MR3: attributes given by a range follow as clustering columns;
 *   <li>MR4: ordering attributes follow as clustering columns in the asked order;
 *   <li>MR5: the key attributes of each entity or relationship the query involves are added as
 *       ascending clustering columns, unless one of its keys is already in the primary key, so that
 *       rows never overwrite each other;
 *   <li>then the returned attributes, as static columns when their entity's key is the partition
 *       key (one value per partition), else as regular columns.
 * </ul>
 *
 * Multi-valued attributes become sets (a single value when given by equality: {@code tags} ->
 * {@code tag}); composite attributes frozen user-defined types named {@code <attribute>_type}.
 * Types come from the attributes' type hints; without one, from what the attribute's name says
 * ({@link TypeGuess}: {@code installed_at} a {@code timestamp}), else {@code text}. Names follow
 * the method: {@code videos_by_user}, {@code comments_by_video}, {@code latest_videos}.
 *
 * <p>The alternatives are ranked: an existing table that already answers the query, then all
 * equality attributes in the partition key, then fewer of them in it (the rest as leading
 * clustering columns: bigger partitions), then the added key columns in another order. Each says
 * why it differs.
 */
public final class Mapper {

  /**
   * A column of a generated table.
   *
   * @param name the column's name
   * @param kind partition key, clustering, static or regular
   * @param order the clustering order (clustering columns only), else null
   * @param source the attribute it holds, or null for a synthetic column
   * @param type its CQL type
   */
  public record MappedColumn(
      String name, ColumnKind kind, ClusteringOrder order, AttributeRef source, CqlType type) {}

  /**
   * One way to answer a query.
   *
   * @param table the table's name
   * @param columns its columns in key order
   * @param types user-defined types it needs (for composite attributes)
   * @param why how it differs, for the user
   * @param reuse the existing table it reuses, or null for a new table or view
   * @param viewOf for a new materialized view ({@link ViewAlternatives}), its base table, whose
   *     column names and types the columns carry; else null
   */
  public record Alternative(
      String table,
      List<MappedColumn> columns,
      List<UserType> types,
      String why,
      org.keyspacestudio.model.schema.ElementRef reuse,
      CqlIdentifier viewOf) {
    public Alternative {
      columns = List.copyOf(columns);
      types = List.copyOf(types);
      if (reuse != null && viewOf != null) {
        throw new IllegalArgumentException("an alternative reuses a table or makes a view");
      }
    }

    /** A new table ({@code reuse} null) or the reuse of an existing table or view. */
    public Alternative(
        String table,
        List<MappedColumn> columns,
        List<UserType> types,
        String why,
        org.keyspacestudio.model.schema.ElementRef reuse) {
      this(table, columns, types, why, reuse, null);
    }

    /** Whether this alternative creates a materialized view rather than a table. */
    public boolean createsView() {
      return viewOf != null;
    }

    /**
     * The materialized view this alternative creates: {@code SELECT} of its columns from {@link
     * #viewOf}, each key column restricted {@code IS NOT NULL} (Cassandra refuses a view whose key
     * columns are not: {@code CreateViewStatement}), its key and clustering order.
     *
     * @throws IllegalStateException when it creates no view ({@link #viewOf} null)
     */
    public org.keyspacestudio.model.schema.MaterializedView toView() {
      if (viewOf == null) {
        throw new IllegalStateException(table + " is not a materialized view");
      }
      Table rows = toTable();
      return new org.keyspacestudio.model.schema.MaterializedView(
          rows.name(),
          viewOf,
          rows.columns().stream().map(Column::name).toList(),
          rows.primaryKey().allColumns(),
          "",
          rows.primaryKey(),
          TableOptions.none());
    }

    /** The table this alternative creates (for a view: the table its rows fill). */
    public Table toTable() {
      List<Column> cols = new ArrayList<>();
      List<CqlIdentifier> pk = new ArrayList<>();
      List<PrimaryKey.ClusteringColumn> clustering = new ArrayList<>();
      for (MappedColumn c : columns) {
        CqlIdentifier name = CqlIdentifier.of(c.name());
        cols.add(new Column(name, c.type(), c.kind() == ColumnKind.STATIC));
        if (c.kind() == ColumnKind.PARTITION_KEY) {
          pk.add(name);
        } else if (c.kind() == ColumnKind.CLUSTERING) {
          clustering.add(new PrimaryKey.ClusteringColumn(name, c.order()));
        }
      }
      return new Table(
          CqlIdentifier.of(table), cols, new PrimaryKey(pk, clustering), TableOptions.none());
    }

    /** The attribute each column holds, by column name. */
    public SortedMap<String, AttributeRef> sources() {
      SortedMap<String, AttributeRef> out = new TreeMap<>();
      for (MappedColumn c : columns) {
        if (c.source() != null) {
          out.put(c.name(), c.source());
        }
      }
      return out;
    }
  }

  /**
   * The alternatives for a query, or why there are none.
   *
   * @param alternatives ranked, best first
   * @param problems why the query cannot be mapped (an attribute that does not exist), empty when
   *     it can
   */
  public record Result(List<Alternative> alternatives, List<String> problems) {
    public Result {
      alternatives = List.copyOf(alternatives);
      problems = List.copyOf(problems);
    }
  }

  /** The name of the synthetic partition key column of a query without equality attributes. */
  public static final String BUCKET = "bucket";

  private final ConceptualModel er;

  private Mapper(ConceptualModel er) {
    this.er = er;
  }

  /**
   * The alternatives for a query.
   *
   * @param er the conceptual model the query refers to
   * @param query the query
   * @param existing tables and views that could answer it already (the reuse alternatives): each
   *     with its column sources; may be empty
   * @param taken table and view names already used in the target keyspace (new tables avoid them)
   * @return the ranked alternatives, or the problems that prevent mapping
   */
  public static Result alternatives(
      ConceptualModel er, Query query, List<Reusable> existing, Set<String> taken) {
    return new Mapper(er).map(query, existing, taken);
  }

  /**
   * An existing table (or materialized view) a query might reuse.
   *
   * @param ref the table or view
   * @param table its definition (a view's: the table its rows fill)
   * @param sources the attribute each column holds
   * @param indexed its indexed columns (none for a view)
   */
  public record Reusable(
      org.keyspacestudio.model.schema.ElementRef ref,
      Table table,
      Map<String, AttributeRef> sources,
      Set<CqlIdentifier> indexed) {}

  private Result map(Query q, List<Reusable> existing, Set<String> taken) {
    List<String> problems = new ArrayList<>();
    for (AttributeRef a : q.attributes()) {
      if (er.attribute(a).isEmpty()) {
        problems.add(q.id() + " refers to " + a + ", which the conceptual model lacks");
      }
    }
    if (!problems.isEmpty()) {
      return new Result(List.of(), problems);
    }
    List<Alternative> out = new ArrayList<>();
    for (Reusable r : existing) {
      if (QueryColumns.answers(q, r.table(), r.sources(), r.indexed())) {
        out.add(
            new Alternative(
                r.table().name().asInternal(),
                columnsOf(r.table(), r.sources()),
                List.of(),
                (r.ref().kind() == org.keyspacestudio.model.schema.ElementRef.Kind.VIEW
                        ? "Reuse materialized view "
                        : "Reuse table ")
                    + r.table().name().asCql()
                    + ": its key already answers "
                    + q.id()
                    + " and it has every returned attribute (no new table to keep in step)",
                r.ref()));
      }
    }
    List<AttributeRef> equality = new ArrayList<>();
    List<AttributeRef> ranges = new ArrayList<>();
    for (Query.Condition c : q.given()) {
      List<AttributeRef> into = c.operator().equality() ? equality : ranges;
      if (!equality.contains(c.attribute()) && !into.contains(c.attribute())) {
        into.add(c.attribute());
      }
    }
    ranges.removeAll(equality);
    String name = tableName(q, equality, ranges, taken);
    // A1: the method's table: every equality attribute in the partition key.
    Plan best = plan(q, equality, List.of(), ranges, false);
    out.add(alternative(name, best, whyBest(q, equality, ranges, best)));
    // Fewer equality attributes in the partition key, the rest leading the clustering columns:
    // the first ones, then the last ones.
    for (int k = equality.size() - 1; k >= 1; k--) {
      for (boolean first : new boolean[] {true, false}) {
        List<AttributeRef> partition =
            first ? equality.subList(0, k) : equality.subList(equality.size() - k, equality.size());
        List<AttributeRef> moved = new ArrayList<>(equality);
        moved.removeAll(partition);
        Plan p = plan(q, partition, moved, ranges, false);
        out.add(
            alternative(
                name,
                p,
                "Only "
                    + refs(partition)
                    + " in the partition key; "
                    + refs(moved)
                    + " as leading clustering columns: bigger partitions (more rows together),"
                    + " and the table also answers a query that gives only "
                    + refs(partition)));
      }
    }
    // The key columns added for uniqueness, in the other order.
    if (best.added.size() >= 2) {
      Plan p = plan(q, equality, List.of(), ranges, true);
      out.add(
          alternative(
              name,
              p,
              "The key attributes added so that rows do not overwrite each other (MR5) in the other"
                  + " order: rows sort by "
                  + p.added.get(0)
                  + " before "
                  + p.added.get(1)));
    }
    return new Result(dedupe(out), List.of());
  }

  /**
   * The alternatives without repeats: a new table with the columns of one before it, or with the
   * key and sources of a table it would reuse (a copy of the table in use, offered under the name
   * {@code users_by_email_2}), is left out. Reused tables are all kept.
   */
  private static List<Alternative> dedupe(List<Alternative> in) {
    List<Alternative> out = new ArrayList<>();
    Set<List<MappedColumn>> seen = new java.util.HashSet<>();
    Set<List<Held>> reused = new java.util.HashSet<>();
    for (Alternative a : in) {
      if (a.reuse() != null) {
        reused.add(shape(a));
        out.add(a);
      } else if (!reused.contains(shape(a)) && seen.add(a.columns())) {
        out.add(a);
      }
    }
    return out;
  }

  /** What a column holds and its place in the key, its name and type aside. */
  private record Held(ColumnKind kind, ClusteringOrder order, AttributeRef source) {}

  /** An alternative's columns as {@link Held}, in key order. */
  private static List<Held> shape(Alternative a) {
    return a.columns().stream().map(c -> new Held(c.kind(), c.order(), c.source())).toList();
  }

  private static String refs(List<AttributeRef> refs) {
    return String.join(", ", refs.stream().map(AttributeRef::toString).toList());
  }

  private static String whyBest(
      Query q, List<AttributeRef> equality, List<AttributeRef> ranges, Plan plan) {
    StringBuilder why = new StringBuilder();
    if (equality.isEmpty()) {
      why.append(
          "No attribute is given by equality: a synthetic bucket is the partition key (the"
              + " application picks the bucket; few buckets mean big partitions)");
    } else {
      why.append("One partition per query: ")
          .append(refs(equality))
          .append(" in the partition key (MR2)");
    }
    if (!ranges.isEmpty()) {
      why.append("; ").append(refs(ranges)).append(" as clustering columns for the range (MR3)");
    }
    if (!q.orderBy().isEmpty()) {
      why.append("; ordered by ")
          .append(
              String.join(
                  ", ",
                  q.orderBy().stream().map(o -> o.attribute() + " " + o.order().name()).toList()))
          .append(" (MR4)");
    }
    if (!plan.added.isEmpty()) {
      why.append("; ")
          .append(refs(plan.added))
          .append(" added to the key so that rows do not overwrite each other (MR5)");
    }
    return why.toString();
  }

  // ---------------------------------------------------------------------------------------------
  // The primary key

  /** A table's plan: attributes (null for the bucket) with their role, in key order. */
  private static final class Plan {
    final List<Slot> slots = new ArrayList<>();
    final List<AttributeRef> added = new ArrayList<>();
  }

  private record Slot(AttributeRef attribute, ColumnKind kind, ClusteringOrder order) {}

  private Plan plan(
      Query q,
      List<AttributeRef> partition,
      List<AttributeRef> leading,
      List<AttributeRef> ranges,
      boolean reverseAdded) {
    Plan p = new Plan();
    Set<AttributeRef> inKey = new LinkedHashSet<>();
    if (partition.isEmpty()) {
      p.slots.add(new Slot(null, ColumnKind.PARTITION_KEY, null));
    }
    for (AttributeRef a : partition) {
      p.slots.add(new Slot(a, ColumnKind.PARTITION_KEY, null));
      inKey.add(a);
    }
    Map<AttributeRef, ClusteringOrder> ordering = new LinkedHashMap<>();
    q.orderBy().forEach(o -> ordering.putIfAbsent(o.attribute(), o.order()));
    for (AttributeRef a : leading) {
      if (inKey.add(a)) {
        p.slots.add(
            new Slot(a, ColumnKind.CLUSTERING, ordering.getOrDefault(a, ClusteringOrder.ASC)));
      }
    }
    for (AttributeRef a : ranges) {
      if (inKey.add(a)) {
        p.slots.add(
            new Slot(a, ColumnKind.CLUSTERING, ordering.getOrDefault(a, ClusteringOrder.ASC)));
      }
    }
    for (var e : ordering.entrySet()) {
      if (inKey.add(e.getKey())) {
        p.slots.add(new Slot(e.getKey(), ColumnKind.CLUSTERING, e.getValue()));
      }
    }
    // MR5: the involved entities' and relationships' keys.
    List<AttributeRef> missing = new ArrayList<>();
    for (String owner : owners(q)) {
      List<Key> keys = keysOf(owner);
      if (keys.isEmpty() || keys.stream().anyMatch(k -> inKey.containsAll(k.attributes()))) {
        continue;
      }
      for (AttributeRef a : keys.get(0).attributes()) {
        if (!inKey.contains(a) && !missing.contains(a)) {
          missing.add(a);
        }
      }
    }
    if (reverseAdded) {
      java.util.Collections.reverse(missing);
    }
    for (AttributeRef a : missing) {
      inKey.add(a);
      p.slots.add(new Slot(a, ColumnKind.CLUSTERING, ClusteringOrder.ASC));
      p.added.add(a);
    }
    boolean clustered = p.slots.stream().anyMatch(s -> s.kind() == ColumnKind.CLUSTERING);
    Set<AttributeRef> partitionSet = new LinkedHashSet<>(partition);
    for (AttributeRef a : q.returns()) {
      if (inKey.add(a)) {
        boolean staticColumn =
            clustered
                && !partition.isEmpty()
                && keysOf(a.owner()).stream()
                    .anyMatch(
                        k -> !k.attributes().isEmpty() && partitionSet.containsAll(k.attributes()));
        p.slots.add(new Slot(a, staticColumn ? ColumnKind.STATIC : ColumnKind.REGULAR, null));
      }
    }
    return p;
  }

  /** The entities and relationships a query names attributes of, in order of appearance. */
  private static List<String> owners(Query q) {
    Set<String> owners = new LinkedHashSet<>();
    q.attributes().forEach(a -> owners.add(a.owner()));
    return List.copyOf(owners);
  }

  /**
   * An owner's keys, or its IsA parent's when it has none of its own; a role's are its entity's,
   * seen from that end ({@code follower.user_id}).
   */
  private List<Key> keysOf(String owner) {
    Optional<AttributeOwner> o = er.owner(owner);
    if (o.isEmpty()) {
      String entity = er.roleEntity(owner).map(AttributeOwner::name).orElse(null);
      if (entity == null) {
        return List.of();
      }
      // The entity's own key attributes (or its IsA ancestors') are the role's; an identifying
      // owner's stay that owner's.
      Set<String> lineage = new LinkedHashSet<>();
      for (String e = entity; e != null && lineage.add(e); ) {
        String child = e;
        e =
            er.hierarchies().stream()
                .filter(h -> h.children().contains(child))
                .map(IsA::parent)
                .findFirst()
                .orElse(null);
      }
      List<Key> out = new ArrayList<>();
      for (Key k : keysOf(entity)) {
        out.add(
            new Key(
                k.attributes().stream()
                    .map(
                        a ->
                            lineage.contains(a.owner())
                                ? new AttributeRef(owner, a.attribute())
                                : a)
                    .toList()));
      }
      return out;
    }
    if (!o.get().keys().isEmpty()) {
      return o.get().keys();
    }
    for (IsA h : er.hierarchies()) {
      if (h.children().contains(owner)) {
        return keysOf(h.parent());
      }
    }
    return List.of();
  }

  // ---------------------------------------------------------------------------------------------
  // Columns

  private Alternative alternative(String table, Plan plan, String why) {
    // Column names: the attribute's name, unless two attributes share it (then owner_attribute).
    Map<String, Integer> uses = new HashMap<>();
    for (Slot s : plan.slots) {
      if (s.attribute() != null) {
        uses.merge(columnName(s), 1, Integer::sum);
      }
    }
    List<MappedColumn> columns = new ArrayList<>();
    Map<String, UserType> types = new LinkedHashMap<>();
    Set<String> names = new java.util.HashSet<>();
    for (Slot s : plan.slots) {
      if (s.attribute() == null) {
        columns.add(new MappedColumn(BUCKET, ColumnKind.PARTITION_KEY, null, null, NativeType.INT));
        names.add(BUCKET);
        continue;
      }
      String name = columnName(s);
      if (uses.get(name) > 1 || name.equals(BUCKET)) {
        name = Naming.snake(s.attribute().owner()) + "_" + name;
      }
      String unique = name;
      for (int i = 2; !names.add(unique); i++) {
        unique = name + "_" + i;
      }
      boolean key = s.kind() == ColumnKind.PARTITION_KEY || s.kind() == ColumnKind.CLUSTERING;
      columns.add(
          new MappedColumn(unique, s.kind(), s.order(), s.attribute(), type(s, key, types)));
    }
    return new Alternative(table, columns, List.copyOf(types.values()), why, null);
  }

  /**
   * The name the mapping gives a column holding an attribute: its name in snake_case ({@code added
   * date} {@code added_date}, a composite's part {@code encoding_height}), singular for one value
   * of a multi-valued attribute in the primary key ({@code tags} {@code tag}).
   *
   * @param er the conceptual model, not null
   * @param attribute the attribute, not null
   * @param key whether the column is a primary key column
   */
  public static String columnName(ConceptualModel er, AttributeRef attribute, boolean key) {
    return new Mapper(er)
        .columnName(new Slot(attribute, key ? ColumnKind.CLUSTERING : ColumnKind.REGULAR, null));
  }

  /**
   * The type the mapping gives a column holding an attribute (its type hint, else what its name
   * says, else text; frozen in the primary key; one value of a multi-valued attribute in the key, a
   * set of them outside it).
   *
   * @param er the conceptual model, not null
   * @param attribute the attribute, not null
   * @param key whether the column is a primary key column
   */
  public static CqlType columnType(ConceptualModel er, AttributeRef attribute, boolean key) {
    return new Mapper(er)
        .type(
            new Slot(attribute, key ? ColumnKind.CLUSTERING : ColumnKind.REGULAR, null),
            key,
            new LinkedHashMap<>());
  }

  /** English plural of a word, as table names are made: video videos, category categories. */
  public static String plural(String word) {
    return Naming.plural(word);
  }

  /** The column name of an attribute: snake_case, one value of a multi-valued key attribute. */
  private String columnName(Slot s) {
    AttributeRef a = s.attribute();
    String name = Naming.snake(a.attribute().replace('.', '_'));
    Attribute attribute = er.attribute(a).orElse(null);
    boolean key = s.kind() == ColumnKind.PARTITION_KEY || s.kind() == ColumnKind.CLUSTERING;
    if (attribute != null && attribute.kind() == Attribute.Kind.MULTI_VALUED && key) {
      name = Naming.singular(name);
    }
    return name;
  }

  private CqlType type(Slot s, boolean key, Map<String, UserType> types) {
    Attribute a = er.attribute(s.attribute()).orElse(null);
    if (a == null) {
      return NativeType.TEXT;
    }
    return switch (a.kind()) {
      case MULTI_VALUED -> {
        CqlType element = typeOf(a);
        // Given by equality, each value is a row of its own: the key column holds one value.
        yield key ? element : new CollectionType.SetType(element.freeze(), false);
      }
      case COMPOSITE -> {
        String typeName = Naming.snake(a.name()) + "_type";
        List<UserType.Field> fields = new ArrayList<>();
        for (Attribute part : a.parts()) {
          CqlType t =
              part.kind() == Attribute.Kind.MULTI_VALUED
                  ? new CollectionType.SetType(typeOf(part), true)
                  : typeOf(part);
          fields.add(new UserType.Field(CqlIdentifier.of(Naming.snake(part.name())), t));
        }
        types.putIfAbsent(typeName, new UserType(CqlIdentifier.of(typeName), fields));
        yield new UserTypeRef(null, CqlIdentifier.of(typeName), true);
      }
      default -> {
        CqlType t = typeOf(a);
        yield key ? t.freeze() : t;
      }
    };
  }

  /**
   * The CQL type of an attribute (of one value, for a multi-valued one): its type hint when it has
   * one that reads, else the type its name suggests ({@link TypeGuess#of}), else {@code text}.
   *
   * @param a an attribute or a composite attribute's part, not null
   */
  public static CqlType typeOf(Attribute a) {
    if (a.type() == null || a.type().isBlank()) {
      return TypeGuess.of(a).<CqlType>map(t -> t).orElse(NativeType.TEXT);
    }
    return hint(a.type());
  }

  /** The CQL type a hint names, {@code text} when there is none or it does not read. */
  static CqlType hint(String type) {
    if (type == null || type.isBlank()) {
      return NativeType.TEXT;
    }
    try {
      CqlType t = CqlTypeParser.parse(type);
      return t.anyMatch(x -> x instanceof UserTypeRef) ? NativeType.TEXT : t;
    } catch (IllegalArgumentException e) {
      return NativeType.TEXT;
    }
  }

  static List<MappedColumn> columnsOf(Table t, Map<String, AttributeRef> sources) {
    List<MappedColumn> out = new ArrayList<>();
    for (Column c : t.columnsInKeyOrder()) {
      ColumnKind kind = t.kindOf(c);
      PrimaryKey.ClusteringColumn cc = t.primaryKey().clusteringColumn(c.name());
      out.add(
          new MappedColumn(
              c.name().asInternal(),
              kind,
              cc == null ? null : cc.order(),
              sources.get(c.name().asInternal()),
              c.type()));
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // Names

  /**
   * The method's table name: what the rows are, by what they are found ({@code videos_by_user},
   * {@code temperatures_by_sensor_and_date}); {@code latest_videos} for a query that gives nothing
   * and orders newest first; the plural alone when the rows are found by their own key. When a
   * table has that name already, an entity found by its key is named by the key attribute instead
   * ({@code video_ratings_by_userid}, KillrVideo v3's {@code video_ratings_by_user} being keyed by
   * video); when that is taken too, a number follows ({@code users_by_email_2}).
   */
  private String tableName(
      Query q, List<AttributeRef> equality, List<AttributeRef> ranges, Set<String> taken) {
    String name = tableName(q, equality, ranges, false);
    if (taken.contains(name)) {
      String byAttribute = tableName(q, equality, ranges, true);
      if (!taken.contains(byAttribute)) {
        return byAttribute;
      }
    }
    String unique = name;
    for (int i = 2; taken.contains(unique); i++) {
      unique = Naming.limit(name.substring(0, Math.min(name.length(), 44))) + "_" + i;
    }
    return unique;
  }

  /**
   * The method's name for a query's table, not yet made unique.
   *
   * @param byAttribute whether an entity found by its key is named by the key attribute ({@code
   *     userid}) rather than by the entity ({@code user})
   */
  private String tableName(
      Query q, List<AttributeRef> equality, List<AttributeRef> ranges, boolean byAttribute) {
    String subject = subject(q);
    String rows = Naming.plural(Naming.snake(subject));
    List<String> by = new ArrayList<>();
    for (AttributeRef a : concat(equality, ranges)) {
      String part;
      List<Key> keys = keysOf(a.owner());
      boolean ownKey =
          !keys.isEmpty() && keys.get(0).attributes().size() == 1 && keys.get(0).contains(a);
      if (ownKey && a.owner().equals(subject)) {
        continue;
      }
      if (ownKey && !byAttribute) {
        part = Naming.snake(a.owner());
      } else {
        Attribute attribute = er.attribute(a).orElse(null);
        part = Naming.snake(a.attribute().replace('.', '_'));
        if (attribute != null && attribute.kind() == Attribute.Kind.MULTI_VALUED) {
          part = Naming.singular(part);
        }
      }
      if (!by.contains(part)) {
        by.add(part);
      }
    }
    String name;
    if (by.isEmpty() && equality.isEmpty() && ranges.isEmpty()) {
      boolean newestFirst =
          !q.orderBy().isEmpty() && q.orderBy().get(0).order() == ClusteringOrder.DESC;
      name = newestFirst ? "latest_" + rows : "all_" + rows;
    } else if (by.isEmpty()) {
      name = rows;
    } else {
      name = rows + "_by_" + String.join("_and_", by);
    }
    return Naming.limit(name);
  }

  private static List<AttributeRef> concat(List<AttributeRef> a, List<AttributeRef> b) {
    List<AttributeRef> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  /**
   * What a query's rows are: the owner of its first ordering attribute, else of most returned
   * attributes (the first among equals), else of its first given attribute.
   */
  private static String subject(Query q) {
    if (!q.orderBy().isEmpty()) {
      return q.orderBy().get(0).attribute().owner();
    }
    Map<String, Integer> counts = new LinkedHashMap<>();
    q.returns().forEach(a -> counts.merge(a.owner(), 1, Integer::sum));
    String best = null;
    int most = 0;
    for (var e : counts.entrySet()) {
      if (e.getValue() > most) {
        best = e.getKey();
        most = e.getValue();
      }
    }
    if (best != null) {
      return best;
    }
    return q.given().isEmpty() ? "row" : q.given().get(0).attribute().owner();
  }

  /** Names as the method writes them. */
  static final class Naming {
    private Naming() {}

    /** {@code Added Date} -> {@code added_date}, {@code userId} -> {@code user_id}. */
    static String snake(String text) {
      String s = text.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
      s = s.replaceAll("[^a-z0-9_]+", "_").replaceAll("_+", "_");
      s = s.replaceAll("^_|_$", "");
      if (s.isEmpty()) {
        return "column";
      }
      return Character.isDigit(s.charAt(0)) ? "c_" + s : s;
    }

    /** English plural, well enough for table names: video -> videos, category -> categories. */
    static String plural(String word) {
      if (word.endsWith("s") || word.endsWith("x") || word.endsWith("ch") || word.endsWith("sh")) {
        return word.endsWith("ss") || !word.endsWith("s") ? word + "es" : word;
      }
      if (word.endsWith("y")
          && word.length() > 1
          && "aeiou".indexOf(word.charAt(word.length() - 2)) < 0) {
        return word.substring(0, word.length() - 1) + "ies";
      }
      return word + "s";
    }

    /** tags -> tag, categories -> category. */
    static String singular(String word) {
      if (word.endsWith("ies") && word.length() > 3) {
        return word.substring(0, word.length() - 3) + "y";
      }
      if (word.endsWith("s") && !word.endsWith("ss") && word.length() > 1) {
        return word.substring(0, word.length() - 1);
      }
      return word;
    }

    /** At most 48 characters, Cassandra's limit for a table name. */
    static String limit(String name) {
      return name.length() <= 48 ? name : name.substring(0, 48);
    }
  }
}
