package org.keyspacestudio.model.reverse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.Cardinality;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.mapping.MappedTable;
import org.keyspacestudio.model.mapping.QueryMapping;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.IndexTarget;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.support.IndexedColumns;
import org.keyspacestudio.model.type.CollectionType;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.type.UserTypeRef;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.QueryText;
import org.keyspacestudio.model.workflow.Task;
import org.keyspacestudio.model.workflow.Transition;
import org.keyspacestudio.model.workflow.Workflow;

/**
 * The conceptual model, the workflow's queries and the mapping recovered from a keyspace's tables:
 * the Chebotko method's mapping (Chebotko, Kashlev, Lu 2015, rules MR1-MR5) read backwards, for a
 * schema that was written or imported without its query-first models. Each table becomes the query
 * its primary key answers (the partition key given by equality, the clustering columns before the
 * last one that identifies an entity as the ordering), and its columns the attributes they hold.
 *
 * <p>What a column holds is read from names, as a person reading the schema would:
 *
 * <ul>
 *   <li>an <em>identifier</em> is a column named {@code ...id} ({@code videoid}, {@code user_id};
 *       not {@code ...uuid}) of a uuid, timeuuid, integer or text type; it holds the key of the
 *       entity it names (Video, User) in every table;
 *   <li>an <em>entity table</em> is keyed by one column and has no clustering column. Keyed by an
 *       identifier, it holds that entity's instances; keyed by another column, it is a lookup of
 *       the entity whose identifier it holds and whose own table holds that column ({@code
 *       user_credentials (email; userid)} beside {@code users (userid; email)}: another key of
 *       User), else the entity the table names ({@code products}: Product);
 *   <li>another table's rows are instances of the entity its last key identifier names, when that
 *       entity is known to have one of each other entity its key identifies (an identifier held
 *       outside a key says so: {@code videos.userid}, a Video has one User); else they are a
 *       many-to-many relationship's, named by the table ({@code video_ratings_by_user}:
 *       video_rating), as are those of a table named after that relationship and keyed by its
 *       entities ({@code comments_by_user} beside {@code comments_by_video}); with no identifier in
 *       the key, they are an entity's named by the table, keyed by the primary key;
 *   <li>a static column holds an attribute of the entity every partition key column identifies,
 *       when each row's instance has one of it ({@code comments_by_video.title}: the Video's); a
 *       relationship's column named like a column of exactly one of its entities' own tables holds
 *       that entity's attribute ({@code comments_by_user.title});
 *   <li>every other column is an attribute of the rows' entity or relationship, the same attribute
 *       wherever the name recurs (a key column {@code tag} is one value of a multi-valued {@code
 *       tags}); a set or list of a native type is multi-valued, a user type (or a set or list of
 *       one) composite, with the type's fields as parts;
 *   <li>an identifier held in rows of another entity makes a one-to-many relationship (one-to-one
 *       when each holds the other's).
 * </ul>
 *
 * <p>A table's materialized views and secondary indexes are access paths the schema's author added:
 * each view answers the query its own primary key does (its rows are its base table's, its columns
 * the attributes they hold there); each index on a value answers a query by that value's attribute
 * on the table ({@code users_email_idx}: Find User by email), through the index. An index on a
 * collection's elements, keys or entries, or a vector's, is noted and left out: a workflow query
 * gives values.
 *
 * <p>The guesses are the user's to correct; {@link Recovered#notes()} lists those a reader would
 * want to check.
 */
public final class SchemaModels {

  private SchemaModels() {}

  /**
   * What was recovered.
   *
   * @param conceptual the entities (with their attributes and keys) and relationships
   * @param workflow a task per entity whose rows the tables hold, reached from a start task and
   *     from the tasks whose queries hold the values its queries give, the queries of those tables
   *     run on those transitions or, after one that holds their values, in the task; one query per
   *     table, {@code Q1}... in table order, then one per view and per index on a value, table by
   *     table, each run after its table's own
   * @param mapping each table (its own query, then its indexes' queries) and view with the queries
   *     it answers and the attribute each column holds
   * @param notes what was guessed that a reader should check, one sentence each
   */
  public record Recovered(
      ConceptualModel conceptual, Workflow workflow, QueryMapping mapping, List<String> notes) {
    public Recovered {
      Objects.requireNonNull(conceptual, "conceptual");
      Objects.requireNonNull(workflow, "workflow");
      Objects.requireNonNull(mapping, "mapping");
      notes = List.copyOf(notes);
    }
  }

  /** The task that the workflow's entry enters, from which every entity's task is reached. */
  public static final String START = "Start";

  /**
   * Recovers the query-first models of a keyspace's tables.
   *
   * @param keyspace the keyspace, not null; a keyspace without tables gives empty models
   * @return the models, never null
   */
  public static Recovered recover(Keyspace keyspace) {
    return new Reading(keyspace).run();
  }

  /** One recovery's state: the owners and attributes found so far, in the order found. */
  private static final class Reading {
    private final Keyspace keyspace;

    /** Entities and the relationships whose instances are rows, by name, in the order found. */
    private final Map<String, Owner> owners = new LinkedHashMap<>();

    /** The entity each identifier column name identifies (by internal name). */
    private final Map<String, String> identifies = new LinkedHashMap<>();

    /** The entity an entity table's rows are, where its key names no identifier. */
    private final Map<Table, String> lookups = new LinkedHashMap<>();

    /** The entity an entity table's rows are, where its key is no identifier elsewhere. */
    private final Map<Table, String> own = new LinkedHashMap<>();

    /** For an entity, the entities one of its instances has one of. */
    private final Map<String, Set<String>> hasOne = new LinkedHashMap<>();

    /** For each owner, the attributes its entity tables hold (read before the other tables). */
    private final Map<String, Set<String>> ownTable = new LinkedHashMap<>();

    private final Map<String, Rel> relationships = new LinkedHashMap<>();

    /**
     * Entity -> the names of the columns the schema shows it holds, known before any table's rows
     * are read: its entity tables' columns, and the static columns of tables whose partition key
     * identifies it alone (video_recommendations_by_video's static added_date: the Video's).
     */
    private final Map<String, Set<String>> held = new LinkedHashMap<>();

    private final List<String> notes = new ArrayList<>();

    Reading(Keyspace keyspace) {
      this.keyspace = keyspace;
    }

    Recovered run() {
      List<Table> tables = keyspace.tables();
      // Identifiers: the key of an entity table, then every column whose name says so.
      for (Table t : tables) {
        if (isEntityTable(t)) {
          Column key = t.column(t.primaryKey().partitionKey().get(0)).orElseThrow();
          identifier(key).ifPresent(e -> identifies.putIfAbsent(key.name().asInternal(), e));
        }
      }
      for (Table t : tables) {
        for (Column c : t.columns()) {
          identifier(c).ifPresent(e -> identifies.putIfAbsent(c.name().asInternal(), e));
        }
      }
      // An entity table keyed by another column: a lookup of an entity whose own table holds that
      // column (user_credentials: email, userid; users holds email), else an entity of its own.
      for (Table t : tables) {
        if (isEntityTable(t)) {
          Column key = t.column(t.primaryKey().partitionKey().get(0)).orElseThrow();
          if (!identifies.containsKey(key.name().asInternal())) {
            String of = lookupOf(t, key);
            if (of != null) {
              lookups.put(t, of);
              notes.add(
                  t.name().asCql()
                      + " is taken as a lookup of "
                      + of
                      + " by "
                      + key.name().asCql()
                      + ", another key of "
                      + of);
            } else if (keyedBy(key.name()) == 1) {
              identifies.put(key.name().asInternal(), entityName(base(t.name().asInternal())));
            } else {
              // Several entity tables keyed by a column of this name (k): each its own entity.
              String e = entityName(base(t.name().asInternal()));
              own.put(t, e);
              Owner o = owners.computeIfAbsent(e, Owner::new);
              if (o.keyAttributes.isEmpty()) {
                o.keyAttributes.add(o.attribute(key.name().asInternal(), key.type(), keyspace));
              }
            }
          }
        }
      }
      for (String e : new LinkedHashSet<>(identifies.values())) {
        owners.computeIfAbsent(e, Owner::new);
      }
      for (var e : identifies.entrySet()) {
        Owner o = owners.get(e.getValue());
        if (o.keyAttributes.isEmpty()) {
          Column c = anyColumn(e.getKey());
          o.keyAttributes.add(o.attribute(e.getKey(), c.type(), keyspace));
        }
      }
      for (Table t : tables) {
        heldColumns(t);
      }
      // What one instance has one of: an identifier outside the key of a table of its rows.
      for (Table t : tables) {
        String last = lastKeyIdentifier(t);
        if (last == null) {
          continue;
        }
        for (Column c : t.columns()) {
          String e = identifies.get(c.name().asInternal());
          if (e != null && !e.equals(last) && !inKey(t, c.name())) {
            hasOne.computeIfAbsent(last, k -> new LinkedHashSet<>()).add(e);
          }
        }
      }
      Map<Table, String> rows = new LinkedHashMap<>();
      for (Table t : tables) {
        rows.put(t, rowOwner(t));
      }
      Map<Table, Map<String, AttributeRef>> sources = new LinkedHashMap<>();
      for (Table t : tables) {
        if (isEntityTable(t)) {
          sources.put(t, columns(t, rows.get(t)));
        }
      }
      for (Owner o : owners.values()) {
        ownTable.put(o.name, Set.copyOf(o.attributes.keySet()));
      }
      for (Table t : tables) {
        String many = manyRows(t, rows.get(t));
        if (many != null) {
          rows.put(t, many);
        }
      }
      for (Table t : tables) {
        String same = sameRelationship(t, rows.get(t));
        if (same != null) {
          notes.add(
              t.name().asCql()
                  + " is named after the many-to-many relationship "
                  + same
                  + " and keyed by its entities: its rows are taken as "
                  + same
                  + "'s, not "
                  + rows.get(t)
                  + "'s");
          rows.put(t, same);
        }
      }
      for (Table t : tables) {
        if (!isEntityTable(t)) {
          sources.put(t, columns(t, rows.get(t)));
        }
      }
      // The query each table answers, in the schema's table order.
      List<Query> queries = new ArrayList<>();
      List<MappedTable> mapped = new ArrayList<>();
      Map<String, List<String>> byOwner = new LinkedHashMap<>();
      int n = 1;
      for (Table t : tables) {
        Map<String, AttributeRef> s = sources.get(t);
        Query q = query("Q" + n++, t, "table", rows.get(t), s);
        queries.add(q);
        mapped.add(
            new MappedTable(
                ElementRef.table(keyspace.name(), t.name()),
                List.of(q.id()),
                new TreeMap<>(s),
                null));
        byOwner.computeIfAbsent(rows.get(t), k -> new ArrayList<>()).add(q.id());
      }
      // The access paths a table's materialized views and secondary indexes add: a query on each
      // view (its rows are the table's), a query by each indexed value on the table; each run
      // after the table's own query.
      List<MappedTable> views = new ArrayList<>();
      for (int i = 0; i < tables.size(); i++) {
        Table t = tables.get(i);
        String owner = rows.get(t);
        List<Query> added = new ArrayList<>();
        for (MaterializedView v : keyspace.viewsOf(t.name())) {
          Table viewRows = keyspace.viewAsTable(v);
          if (viewRows == null) {
            notes.add(
                v.name().asCql()
                    + " names a column "
                    + t.name().asCql()
                    + " lacks: it answers no query until it is mended");
            continue;
          }
          Map<String, AttributeRef> s = new LinkedHashMap<>();
          for (Column c : viewRows.columns()) {
            AttributeRef a = sources.get(t).get(c.name().asInternal());
            if (a != null) {
              s.put(c.name().asInternal(), a);
            }
          }
          Query q = query("Q" + n, viewRows, "view", owner, s);
          // Views keyed alike (cyclist_by_age, cyclist_by_r_age) answer one query.
          Query same =
              added.stream()
                  .filter(
                      x ->
                          x.given().equals(q.given())
                              && x.orderBy().equals(q.orderBy())
                              && x.returns().equals(q.returns()))
                  .findFirst()
                  .orElse(null);
          if (same == null) {
            n++;
            added.add(q);
          } else {
            notes.add(
                v.name().asCql()
                    + " is keyed as another view of "
                    + t.name().asCql()
                    + ": both"
                    + " answer "
                    + same.id());
          }
          views.add(
              new MappedTable(
                  ElementRef.view(keyspace.name(), v.name()),
                  List.of(same == null ? q.id() : same.id()),
                  new TreeMap<>(s),
                  null));
        }
        List<Query> byIndex = indexQueries(t, owner, sources.get(t), queries.get(i), n);
        n += byIndex.size();
        MappedTable m = mapped.get(i);
        List<String> answered = new ArrayList<>(m.queries());
        byIndex.forEach(q -> answered.add(q.id()));
        mapped.set(i, m.withQueries(answered));
        added.addAll(byIndex);
        queries.addAll(added);
        List<String> runs = byOwner.get(owner);
        int after = runs.indexOf(queries.get(i).id()) + 1;
        runs.addAll(after, added.stream().map(Query::id).toList());
      }
      mapped.addAll(views);
      List<Task> tasks = new ArrayList<>();
      List<Transition> transitions = new ArrayList<>();
      if (!byOwner.isEmpty()) {
        Map<String, String> tableOf = new LinkedHashMap<>();
        for (MappedTable m : mapped) {
          m.queries().forEach(q -> tableOf.putIfAbsent(q, m.table().object().asCql()));
        }
        Workflow navigated = navigation(byOwner, queries, tableOf);
        tasks.addAll(navigated.tasks());
        transitions.addAll(navigated.transitions());
      }
      List<Entity> entities = new ArrayList<>();
      List<Relationship> rels = new ArrayList<>();
      for (Owner o : owners.values()) {
        if (o.ends == null) {
          entities.add(new Entity(o.name, o.weak, List.copyOf(o.attributes.values()), o.keys()));
        }
      }
      for (Rel r : relationships.values()) {
        rels.add(r.relationship());
      }
      for (Owner o : owners.values()) {
        if (o.ends != null) {
          List<Relationship.End> ends = new ArrayList<>();
          for (int i = 0; i < o.ends.size(); i++) {
            ends.add(
                new Relationship.End(o.ends.get(i), i == 0 ? Cardinality.M : Cardinality.N, ""));
          }
          rels.add(
              new Relationship(
                  o.name, false, ends, List.copyOf(o.attributes.values()), List.of(o.key())));
        }
      }
      return new Recovered(
          new ConceptualModel(entities, rels, List.of()),
          new Workflow(tasks, transitions, queries),
          new QueryMapping(mapped),
          notes);
    }

    /**
     * The entities' tasks and the transitions into them, following the values the application
     * passes on. A query that gives attributes by equality runs on the way into its task from the
     * task of the entity (or relationship) the first of them belongs to, when a query of that task
     * holds (gives or returns) them all ({@code Show User} to {@code Show Video} runs Q4, the
     * Videos of a User, which gives {@code User.user_id}). Else one that no other query holds the
     * values of, or that gives none by equality, runs on the way from the start task (the latest
     * videos, by a bucket). Else it stays in its task when a query run on the way into it or listed
     * before it there holds them ({@code videos} by {@code video_id} after {@code latest_videos}),
     * or runs on the way from the first other task with a query that does, else from the start
     * task. Each transition between two entities' tasks is noted.
     *
     * @param byOwner each owner's queries, in order, its task named {@code Show} and the owner
     * @param tableOf the table or view answering each query, as CQL, named in the notes
     * @return the tasks (the start task first), then the transitions (the entry first)
     */
    private Workflow navigation(
        Map<String, List<String>> byOwner, List<Query> queries, Map<String, String> tableOf) {
      Map<String, String> names = taskNames(byOwner.keySet());
      Map<String, Query> byId = new LinkedHashMap<>();
      queries.forEach(q -> byId.putIfAbsent(q.id(), q));
      // Which queries hold each attribute, in task order: the first holding all a query gives is
      // found among those of its first attribute.
      Map<AttributeRef, List<String>> holding = new LinkedHashMap<>();
      Map<String, String> taskOf = new LinkedHashMap<>();
      Map<String, Set<AttributeRef>> held = new LinkedHashMap<>();
      for (var e : byOwner.entrySet()) {
        for (String id : e.getValue()) {
          Query q = byId.get(id);
          if (q == null || taskOf.containsKey(id)) {
            continue;
          }
          taskOf.put(id, names.get(e.getKey()));
          Set<AttributeRef> h = new LinkedHashSet<>(q.returns());
          q.given().forEach(c -> h.add(c.attribute()));
          held.put(id, h);
          h.forEach(a -> holding.computeIfAbsent(a, k -> new ArrayList<>()).add(id));
        }
      }
      // The task each query runs on the way from (none: in its task), and what it gives.
      Map<String, String> leaves = new LinkedHashMap<>();
      Map<String, List<AttributeRef>> gives = new LinkedHashMap<>();
      Map<String, List<String>> inTasks = new LinkedHashMap<>();
      for (var e : byOwner.entrySet()) {
        String task = names.get(e.getKey());
        List<String> runs = e.getValue();
        for (String id : runs) {
          Query q = byId.get(id);
          List<AttributeRef> given = new ArrayList<>();
          if (q != null) {
            q.given().stream()
                .filter(c -> c.operator().equality())
                .forEach(c -> given.add(c.attribute()));
          }
          gives.put(id, given);
          String ownerTask =
              given.isEmpty()
                  ? task
                  : names.getOrDefault(given.get(0).owner(), "Show " + given.get(0).owner());
          if (!ownerTask.equals(task) && holder(holding, held, taskOf, given, ownerTask) != null) {
            leaves.put(id, ownerTask);
          } else if (given.isEmpty()
              || holding.get(given.get(0)).stream()
                  .noneMatch(o -> !o.equals(id) && held.get(o).containsAll(given))) {
            leaves.put(id, START);
          }
        }
        Set<String> inTask = new LinkedHashSet<>();
        for (String id : runs) {
          if (leaves.containsKey(id)) {
            continue;
          }
          List<AttributeRef> given = gives.get(id);
          boolean before = false;
          for (String other : runs) {
            boolean ran = leaves.containsKey(other) || inTask.contains(other);
            before |=
                ran && !other.equals(id) && held.getOrDefault(other, Set.of()).containsAll(given);
          }
          if (before) {
            inTask.add(id);
            continue;
          }
          String from = null;
          for (String other : holding.get(given.get(0))) {
            if (!taskOf.get(other).equals(task) && held.get(other).containsAll(given)) {
              from = taskOf.get(other);
              break;
            }
          }
          // Held only by queries of its task that run after it: the task starts with it.
          leaves.put(id, from == null ? START : from);
        }
        inTasks.put(task, List.copyOf(inTask));
      }
      reachable(byOwner, names, leaves);
      List<Task> tasks = new ArrayList<>(List.of(Task.named(START)));
      List<Transition> transitions =
          new ArrayList<>(List.of(new Transition(null, START, List.of())));
      for (var e : byOwner.entrySet()) {
        String task = names.get(e.getKey());
        List<String> runs = e.getValue();
        tasks.add(new Task(task, inTasks.get(task)));
        // The transitions into the task, by the task they leave (the start task's first).
        Map<String, List<String>> into = new LinkedHashMap<>();
        if (runs.stream().anyMatch(id -> START.equals(leaves.get(id)))) {
          into.put(START, new ArrayList<>());
        }
        for (String id : runs) {
          if (leaves.containsKey(id) && taskOf.get(id).equals(task)) {
            into.computeIfAbsent(leaves.get(id), k -> new ArrayList<>()).add(id);
          }
        }
        if (into.isEmpty()) {
          into.put(START, new ArrayList<>());
        }
        for (var t : into.entrySet()) {
          transitions.add(new Transition(t.getKey(), task, t.getValue()));
          if (!t.getKey().equals(START)) {
            String first = t.getValue().get(0);
            notes.add(
                task
                    + " follows "
                    + t.getKey()
                    + ": "
                    + first
                    + (tableOf.containsKey(first) ? " (" + tableOf.get(first) + ")" : "")
                    + " gives "
                    + String.join(
                        ", ", gives.get(first).stream().map(AttributeRef::toString).toList())
                    + ", which "
                    + t.getKey()
                    + "'s queries return");
          }
        }
      }
      return new Workflow(tasks, transitions, queries);
    }

    /**
     * Makes every task reachable from the start task: while one is not (two tasks that only follow
     * each other, such as a User's and an Order's), the first of them in task order runs its first
     * query run on the way into it on the way from the start task instead.
     */
    private static void reachable(
        Map<String, List<String>> byOwner, Map<String, String> names, Map<String, String> leaves) {
      while (true) {
        Map<String, List<String>> next = new LinkedHashMap<>();
        for (var e : byOwner.entrySet()) {
          for (String id : e.getValue()) {
            String from = leaves.get(id);
            if (from != null) {
              next.computeIfAbsent(from, k -> new ArrayList<>()).add(names.get(e.getKey()));
            }
          }
        }
        Set<String> reached = new LinkedHashSet<>(List.of(START));
        java.util.ArrayDeque<String> open = new java.util.ArrayDeque<>(List.of(START));
        while (!open.isEmpty()) {
          for (String t : next.getOrDefault(open.pop(), List.of())) {
            if (reached.add(t)) {
              open.push(t);
            }
          }
        }
        String first = null;
        for (var e : byOwner.entrySet()) {
          if (first == null && !reached.contains(names.get(e.getKey()))) {
            first = e.getValue().stream().filter(leaves::containsKey).findFirst().orElse(null);
            if (first == null) {
              // A task whose queries all run in it: reached from the start task as it is.
              continue;
            }
          }
        }
        if (first == null) {
          return;
        }
        leaves.put(first, START);
      }
    }

    /** The first query of a task that holds every given attribute, or null. */
    private static String holder(
        Map<AttributeRef, List<String>> holding,
        Map<String, Set<AttributeRef>> held,
        Map<String, String> taskOf,
        List<AttributeRef> given,
        String task) {
      for (String other : holding.getOrDefault(given.get(0), List.of())) {
        if (taskOf.get(other).equals(task) && held.get(other).containsAll(given)) {
          return other;
        }
      }
      return null;
    }

    /**
     * Adds to {@link #held} what a table shows an entity holds: an entity table's columns (its own
     * entity's, or the entity it is a lookup of), a table's static columns when its partition key
     * identifies one entity alone; identifiers are left out (they are other entities' keys).
     */
    private void heldColumns(Table t) {
      String entity = null;
      boolean all = isEntityTable(t);
      if (all) {
        Column key = t.column(t.primaryKey().partitionKey().get(0)).orElseThrow();
        entity =
            lookups.containsKey(t)
                ? lookups.get(t)
                : own.containsKey(t) ? own.get(t) : identifies.get(key.name().asInternal());
      } else {
        for (CqlIdentifier k : t.primaryKey().partitionKey()) {
          String e = identifies.get(k.asInternal());
          if (e == null || (entity != null && !entity.equals(e))) {
            return;
          }
          entity = e;
        }
      }
      if (entity == null) {
        return;
      }
      for (Column c : t.columns()) {
        String name = c.name().asInternal();
        if (!identifies.containsKey(name) && (all || (c.isStatic() && !inKey(t, c.name())))) {
          held.computeIfAbsent(entity, e -> new LinkedHashSet<>()).add(name);
        }
      }
    }

    /** How many entity tables are keyed by a column of this name. */
    private long keyedBy(CqlIdentifier column) {
      return keyspace.tables().stream()
          .filter(t -> isEntityTable(t) && t.primaryKey().partitionKey().get(0).equals(column))
          .count();
    }

    private Column anyColumn(String name) {
      for (Table t : keyspace.tables()) {
        Column c = t.column(CqlIdentifier.of(name)).orElse(null);
        if (c != null) {
          return c;
        }
      }
      throw new IllegalStateException(name);
    }

    /** The entity whose entity table holds a lookup table's key and whose identifier it holds. */
    private String lookupOf(Table t, Column key) {
      for (Column c : t.columns()) {
        String e = identifies.get(c.name().asInternal());
        if (e == null) {
          continue;
        }
        for (Table other : keyspace.tables()) {
          if (other != t
              && isEntityTable(other)
              && c.name().equals(other.primaryKey().partitionKey().get(0))
              && other.column(key.name()).isPresent()) {
            return e;
          }
        }
      }
      return null;
    }

    private static boolean inKey(Table t, CqlIdentifier column) {
      return t.primaryKey().partitionKey().contains(column)
          || t.primaryKey().clustering().stream().anyMatch(cc -> cc.name().equals(column));
    }

    /** The primary key's columns in order, those the table declares (an invalid key names more). */
    private static List<CqlIdentifier> keyColumns(Table t) {
      List<CqlIdentifier> out = new ArrayList<>(t.primaryKey().partitionKey());
      t.primaryKey().clustering().forEach(cc -> out.add(cc.name()));
      out.removeIf(k -> t.column(k).isEmpty());
      return out;
    }

    /** The entity of the last column of a table's primary key that names an identifier, or null. */
    private String lastKeyIdentifier(Table t) {
      if (lookups.containsKey(t)) {
        return lookups.get(t);
      }
      if (own.containsKey(t)) {
        return own.get(t);
      }
      String last = null;
      for (CqlIdentifier k : keyColumns(t)) {
        String e = identifies.get(k.asInternal());
        if (e != null) {
          last = e;
        }
      }
      return last;
    }

    /**
     * Whose instances a table's rows are: an entity's, or a many-to-many relationship's when its
     * key identifies entities none of which the last one has one of; made when needed.
     */
    private String rowOwner(Table t) {
      List<CqlIdentifier> keyColumns = keyColumns(t);
      String last = lastKeyIdentifier(t);
      if (last != null) {
        List<String> ends = identified(keyColumns);
        ends.remove(last);
        Set<String> one = hasOne.getOrDefault(last, Set.of());
        if (one.containsAll(ends)) {
          return last;
        }
        if (entityName(base(t.name().asInternal())).equals(last)) {
          // Named after its rows (comments_by_user, youtube_videos): a Comment found by its
          // user, each of the key's other entities having many.
          notes.add(
              t.name().asCql()
                  + " is named after "
                  + last
                  + ": its rows are taken as "
                  + last
                  + "s, each having one "
                  + String.join(" and one ", ends));
          hasOne.computeIfAbsent(last, k -> new LinkedHashSet<>()).addAll(ends);
          return last;
        }
        ends.add(last);
        String name = snake(entityName(base(t.name().asInternal())));
        if (!owners.containsKey(name)) {
          Owner o = new Owner(name);
          o.ends = ends;
          owners.put(name, o);
          // A key column one of the entities holds orders the rows by that attribute
          // (user_videos by the Video's added_date): not part of the relationship's key.
          Map<CqlIdentifier, String> ordering = new LinkedHashMap<>();
          for (CqlIdentifier k : keyColumns) {
            String end =
                identifies.containsKey(k.asInternal()) ? null : endHolding(o, k.asInternal());
            if (end != null) {
              ordering.put(k, end);
            }
          }
          List<CqlIdentifier> relationshipKey = new ArrayList<>(keyColumns);
          relationshipKey.removeAll(ordering.keySet());
          keyed(o, t, relationshipKey);
          notes.add(
              t.name().asCql()
                  + " is keyed by "
                  + String.join(" and ", ends)
                  + ", neither known to have one of the other: its rows are taken as the"
                  + " many-to-many relationship "
                  + name
                  + (ordering.isEmpty()
                      ? ""
                      : ", ordered by "
                          + String.join(
                              ", ", ordering.keySet().stream().map(CqlIdentifier::asCql).toList())
                          + " of "
                          + String.join(" and ", new LinkedHashSet<>(ordering.values()))));
        }
        return name;
      }
      String name = entityName(base(t.name().asInternal()));
      if (!owners.containsKey(name)) {
        Owner o = new Owner(name);
        owners.put(name, o);
        for (CqlIdentifier k : keyColumns) {
          Column c = t.column(k).orElseThrow();
          o.keyAttributes.add(o.attribute(k.asInternal(), c.type(), keyspace));
        }
        notes.add(
            t.name().asCql()
                + " names no identifier in its key: its rows are taken as "
                + name
                + ", keyed by "
                + String.join(", ", keyColumns.stream().map(CqlIdentifier::asCql).toList()));
      }
      return name;
    }

    /** The entities key columns identify, in key order, each once; a list the caller may change. */
    private List<String> identified(List<CqlIdentifier> keyColumns) {
      List<String> out = new ArrayList<>();
      for (CqlIdentifier k : keyColumns) {
        String e = identifies.get(k.asInternal());
        if (e != null && !out.contains(e)) {
          out.add(e);
        }
      }
      return out;
    }

    /**
     * Gives an owner made for a table's rows its key: each identifier column the key of the entity
     * it names, each other key column an attribute of its own.
     */
    private void keyed(Owner o, Table t, List<CqlIdentifier> keyColumns) {
      for (CqlIdentifier k : keyColumns) {
        String e = identifies.get(k.asInternal());
        if (e != null) {
          o.foreignKey.add(new AttributeRef(e, owners.get(e).keyAttributes.get(0)));
        } else {
          o.keyAttributes.add(
              o.attribute(k.asInternal(), t.column(k).orElseThrow().type(), keyspace));
        }
      }
    }

    /**
     * What a table's rows are when it was taken as an entity's but holds several per instance: its
     * key goes on after the entity's identifier with columns that are none of the entity's own (its
     * own table's, or values of its multi-valued attributes). With no other entity in the key they
     * are a weak entity's named by the table ({@code actors_by_video} (video_id, actor_name,
     * character_name): Actor, identified by its Video), with others a many-to-many relationship's
     * ({@code video_interactions_by_user_video} (user_id, video_id, event_timestamp)); made and
     * noted here. Null when the rows stay the entity's, or the table's name is taken.
     */
    private String manyRows(Table t, String rowOwner) {
      Owner row = owners.get(rowOwner);
      if (row == null || row.ends != null || isEntityTable(t) || lookups.containsKey(t)) {
        return null;
      }
      List<CqlIdentifier> keyColumns = keyColumns(t);
      int last = -1;
      for (int i = 0; i < keyColumns.size(); i++) {
        String e = identifies.get(keyColumns.get(i).asInternal());
        if (e != null && e.equals(rowOwner)) {
          last = i;
        }
      }
      if (last < 0) {
        return null;
      }
      Set<String> own = ownTable.getOrDefault(rowOwner, Set.of());
      List<CqlIdentifier> after = new ArrayList<>();
      for (CqlIdentifier k : keyColumns.subList(last + 1, keyColumns.size())) {
        String name = k.asInternal();
        if (identifies.containsKey(name)) {
          return null;
        }
        String held = row.holding(name, true);
        if (own.contains(name) || (held != null && !held.equals(name))) {
          return null;
        }
        after.add(k);
      }
      String entity = entityName(base(t.name().asInternal()));
      if (after.isEmpty() || entity.equals(rowOwner)) {
        return null;
      }
      List<String> ends = identified(keyColumns);
      String name = ends.size() == 1 ? entity : snake(entity);
      if (owners.containsKey(name)
          || relationships.containsKey(snake(rowOwner) + "_" + snake(entity))) {
        return null;
      }
      Owner o = new Owner(name);
      keyed(o, t, keyColumns);
      String by = String.join(", ", after.stream().map(CqlIdentifier::asCql).toList());
      if (ends.size() == 1) {
        o.weak = true;
        String rel = snake(rowOwner) + "_" + snake(name);
        relationships.put(rel, new Rel(rel, rowOwner, name, false, true));
        notes.add(
            t.name().asCql()
                + " has several rows per "
                + rowOwner
                + " (its key goes on with "
                + by
                + "): its rows are taken as the weak entity "
                + name
                + ", identified by its "
                + rowOwner
                + " through "
                + rel);
      } else {
        o.ends = ends;
        notes.add(
            t.name().asCql()
                + " has several rows per "
                + String.join(" and ", ends)
                + " (its key goes on with "
                + by
                + "): its rows are taken as the many-to-many relationship "
                + name);
      }
      owners.put(name, o);
      return name;
    }

    /**
     * The many-to-many relationship a table taken as an entity's rows is named after ({@code
     * comments_by_user} beside {@code comments_by_video}'s comment rows), when its key identifies
     * the relationship's entities and holds its other key attributes; else null.
     */
    private String sameRelationship(Table t, String rowOwner) {
      Owner row = owners.get(rowOwner);
      if (row == null || row.ends != null || isEntityTable(t)) {
        return null;
      }
      String name = snake(entityName(base(t.name().asInternal())));
      Owner r = owners.get(name);
      if (r == null || r.ends == null) {
        return null;
      }
      Set<String> identified = new LinkedHashSet<>();
      Set<String> others = new LinkedHashSet<>();
      for (CqlIdentifier k : keyColumns(t)) {
        String e = identifies.get(k.asInternal());
        if (e != null) {
          identified.add(e);
        } else if (!r.keyAttributes.contains(k.asInternal())
            && endHolding(r, k.asInternal()) == null) {
          return null;
        } else {
          others.add(k.asInternal());
        }
      }
      // Its key holds the relationship's (an entity's attribute may order the rows: a Video's
      // added_date in video_recommendations).
      return identified.equals(new LinkedHashSet<>(r.ends)) && others.containsAll(r.keyAttributes)
          ? name
          : null;
    }

    /**
     * The entity at a relationship's rows that holds a column of this name (its own table's, or a
     * static column of a table partitioned by its identifier: {@link #held}), when exactly one of
     * its entities does and the relationship has no such attribute ({@code comments_by_user.title}:
     * the Video's, as the mapping copies it); else null.
     */
    private String endHolding(Owner row, String column) {
      if (row.ends == null || row.attributes.containsKey(column)) {
        return null;
      }
      String found = null;
      for (String e : row.ends) {
        if (ownTable.getOrDefault(e, Set.of()).contains(column)
            || held.getOrDefault(e, Set.of()).contains(column)) {
          if (found != null) {
            return null;
          }
          found = e;
        }
      }
      return found;
    }

    /** The attribute each column of a table holds, relationships added for its identifiers. */
    private Map<String, AttributeRef> columns(Table t, String rowOwner) {
      Map<String, AttributeRef> out = new LinkedHashMap<>();
      Owner row = owners.get(rowOwner);
      String partition = partitionEntity(t, rowOwner);
      List<String> statics = new ArrayList<>();
      List<String> copied = new ArrayList<>();
      Set<String> copiedFrom = new LinkedHashSet<>();
      for (Column c : t.columns()) {
        String name = c.name().asInternal();
        String entity = identifies.get(name);
        if (entity != null) {
          Owner o = owners.get(entity);
          out.put(name, new AttributeRef(entity, o.keyAttributes.get(0)));
          if (partition != null && c.isStatic() && !inKey(t, c.name())) {
            // One per partition: the partition's entity has one of it (a Video's authorid).
            if (!entity.equals(partition)) {
              relate(t, partition, entity);
            }
          } else if (!entity.equals(rowOwner) && row.ends == null) {
            relate(t, rowOwner, entity);
          }
          continue;
        }
        boolean key = inKey(t, c.name());
        if (partition != null && c.isStatic() && !key) {
          // A static column holds one value per partition: an attribute of the entity the
          // partition key identifies (comments_by_video.title: the Video's), as the mapping puts
          // it there.
          Owner o = owners.get(partition);
          String held = o.holding(name, false);
          out.put(
              name,
              new AttributeRef(
                  partition, held != null ? held : o.attribute(name, c.type(), keyspace)));
          statics.add(c.name().asCql());
          continue;
        }
        String end = key && row.keyAttributes.contains(name) ? null : endHolding(row, name);
        if (end != null) {
          // The entity's (known from another table, which may be read after this one).
          owners.get(end).attribute(name, c.type(), keyspace);
          out.put(name, new AttributeRef(end, name));
          copied.add(c.name().asCql());
          copiedFrom.add(end);
          continue;
        }
        String held = row.holding(name, key);
        if (held == null) {
          held = row.attribute(name, c.type(), keyspace);
        } else if (!held.equals(name)) {
          notes.add(
              t.name().asCql()
                  + "."
                  + c.name().asCql()
                  + " is taken as one value of "
                  + rowOwner
                  + "."
                  + held);
        }
        if (lookups.containsKey(t) && key && !row.alternateKeys.contains(held)) {
          row.alternateKeys.add(held);
        }
        out.put(name, new AttributeRef(rowOwner, held));
      }
      if (!copied.isEmpty()) {
        notes.add(
            t.name().asCql()
                + " holds "
                + String.join(", ", copied)
                + " in rows of "
                + rowOwner
                + ": taken as "
                + String.join(" and ", copiedFrom)
                + "'s, which has "
                + (copied.size() == 1 ? "an attribute" : "attributes")
                + " of that name");
      }
      if (!statics.isEmpty()) {
        notes.add(
            t.name().asCql()
                + (statics.size() == 1
                    ? " holds " + statics.get(0) + " as a static column"
                    : " holds " + String.join(", ", statics) + " as static columns")
                + ": taken as "
                + partition
                + "'s, one per partition, its key being the partition key");
      }
      return out;
    }

    /**
     * The entity a table's partitions stand for, where they hold rows of another owner: every
     * partition key column identifies it, and each of the rows' instances has one of it (a
     * relationship's end, or an entity known to have one); null otherwise.
     */
    private String partitionEntity(Table t, String rowOwner) {
      String entity = null;
      for (CqlIdentifier k : t.primaryKey().partitionKey()) {
        String e = identifies.get(k.asInternal());
        if (e == null || (entity != null && !entity.equals(e))) {
          return null;
        }
        entity = e;
      }
      if (entity == null || entity.equals(rowOwner)) {
        return null;
      }
      Owner row = owners.get(rowOwner);
      boolean one =
          row.ends != null
              ? row.ends.contains(entity)
              : hasOne.getOrDefault(rowOwner, Set.of()).contains(entity);
      return one ? entity : null;
    }

    /** Joins the row's entity to another it has one of: a one-to-many relationship. */
    private void relate(Table t, String rowOwner, String other) {
      String name = snake(other) + "_" + snake(rowOwner);
      String reverse = snake(rowOwner) + "_" + snake(other);
      Rel back = relationships.get(reverse);
      if (back != null && back.one().equals(rowOwner) && !back.oneToOne()) {
        // Each has one of the other (videos holds its job, a job's table its video): 1:1.
        relationships.put(reverse, new Rel(reverse, rowOwner, other, true, false));
        notes.add(holds(t, other, rowOwner) + reverse + " is taken as 1:1");
        return;
      }
      if (relationships.containsKey(name) || back != null || owners.containsKey(name)) {
        return;
      }
      relationships.put(name, new Rel(name, other, rowOwner, false, false));
      notes.add(
          holds(t, other, rowOwner)
              + "taken as the relationship "
              + name
              + " (1:n, "
              + article(rowOwner)
              + " "
              + rowOwner
              + " has one "
              + other
              + ")");
    }

    /** "videos holds User's identifier in rows of Video: ". */
    private static String holds(Table t, String other, String rowOwner) {
      return t.name().asCql() + " holds " + other + "'s identifier in rows of " + rowOwner + ": ";
    }

    /**
     * The query a table's (or a view's) primary key answers: its partition key by =, the clustering
     * columns before the last identifier as the ordering, every other column returned.
     *
     * @param kind "table" or "view", for the description
     */
    private Query query(
        String id, Table t, String kind, String rowOwner, Map<String, AttributeRef> sources) {
      PrimaryKey pk = t.primaryKey();
      List<Query.Condition> given = new ArrayList<>();
      Set<AttributeRef> used = new LinkedHashSet<>();
      for (CqlIdentifier k : pk.partitionKey()) {
        AttributeRef a = sources.get(k.asInternal());
        if (a != null && used.add(a)) {
          given.add(new Query.Condition(a, Operator.EQ));
        }
      }
      // Ordering: the clustering columns before the last one naming an identifier (which the
      // mapping adds for uniqueness, MR4), or all of them when none does.
      int last = pk.clustering().size();
      for (int i = pk.clustering().size() - 1; i >= 0; i--) {
        if (identifies.containsKey(pk.clustering().get(i).name().asInternal())) {
          last = i;
          break;
        }
      }
      List<Query.Ordering> orderBy = new ArrayList<>();
      for (int i = 0; i < last; i++) {
        PrimaryKey.ClusteringColumn cc = pk.clustering().get(i);
        AttributeRef a = sources.get(cc.name().asInternal());
        if (a != null && used.add(a)) {
          orderBy.add(new Query.Ordering(a, cc.order()));
        }
      }
      // A set: a table of 4,000 columns looked each one up in the list.
      Set<AttributeRef> returns = new LinkedHashSet<>();
      for (Column c : t.columnsInKeyOrder()) {
        AttributeRef a = sources.get(c.name().asInternal());
        boolean givenAttr = given.stream().anyMatch(g -> g.attribute().equals(a));
        if (!givenAttr) {
          returns.add(a);
        }
      }
      Query.ResultSize size =
          pk.clustering().isEmpty() ? Query.ResultSize.ROW : Query.ResultSize.PARTITION;
      return new Query(
          id,
          describe(t, kind, rowOwner, given, orderBy),
          given,
          new ArrayList<>(returns),
          orderBy,
          size);
    }

    /**
     * The queries a table's secondary indexes serve: for each index on one value (a column of a
     * native, frozen or user type, or a frozen collection whole), the rows' entity found by that
     * value's attribute, returning what the table's own query gives and returns; an index on a
     * collection's elements, keys or entries, or on a vector, is noted, not made a query (a
     * workflow query gives a value by = or a range). Numbered from {@code next}.
     */
    private List<Query> indexQueries(
        Table t, String rowOwner, Map<String, AttributeRef> sources, Query own, int next) {
      List<Query> out = new ArrayList<>();
      IndexedColumns served = IndexedColumns.of(keyspace, t);
      Set<AttributeRef> taken = new LinkedHashSet<>();
      if (own.given().size() == 1) {
        taken.add(own.given().get(0).attribute());
      }
      for (SecondaryIndex index : keyspace.indexesOn(t.name())) {
        if (index.targets().size() != 1) {
          continue;
        }
        IndexTarget target = index.targets().get(0);
        CqlIdentifier column = target.column();
        AttributeRef a = sources.get(column.asInternal());
        String on =
            index.effectiveName().asCql() + " on " + t.name().asCql() + " (" + target.asCql() + ")";
        if (a == null || t.primaryKey().partitionKey().equals(List.of(column))) {
          continue;
        }
        if (served.vectors().contains(column)) {
          notes.add(on + " serves a vector search (ORDER BY ... ANN OF), not made a query");
          continue;
        }
        if (!served.equality().contains(column)) {
          if (served.values().contains(column)
              || served.keys().contains(column)
              || served.entries().contains(column)) {
            notes.add(
                on
                    + " searches a collection's elements, keys or entries: not made a query (a"
                    + " workflow query gives a value)");
          }
          continue;
        }
        if (!taken.add(a)) {
          continue;
        }
        List<Query.Condition> given = List.of(new Query.Condition(a, Operator.EQ));
        // A set: 800 indexes on a table of 800 columns looked each column up in the list.
        Set<AttributeRef> returns = new LinkedHashSet<>();
        for (Column c : t.columnsInKeyOrder()) {
          AttributeRef r = sources.get(c.name().asInternal());
          if (r != null && !r.equals(a)) {
            returns.add(r);
          }
        }
        Query q =
            new Query(
                "Q" + (next + out.size()),
                "Find "
                    + rowOwner
                    + " by "
                    + a.attribute()
                    + " (index "
                    + index.effectiveName().asCql()
                    + " on table "
                    + t.name().asCql()
                    + ")",
                given,
                List.copyOf(returns),
                List.of(),
                Query.ResultSize.MANY);
        out.add(q);
        notes.add(
            on
                + " is taken as "
                + q.id()
                + ", "
                + rowOwner
                + "s found by "
                + a.attribute()
                + (served.ranges().contains(column) ? " (the index serves ranges too)" : ""));
      }
      return out;
    }

    private static String describe(
        Table t,
        String kind,
        String rowOwner,
        List<Query.Condition> given,
        List<Query.Ordering> orderBy) {
      StringBuilder out = new StringBuilder("Find ").append(rowOwner);
      if (!given.isEmpty()) {
        out.append(" by ")
            .append(
                String.join(" and ", given.stream().map(g -> g.attribute().attribute()).toList()));
      }
      if (!orderBy.isEmpty()) {
        out.append(", ordered by ").append(QueryText.describeOrderBy(orderBy));
      }
      return out.append(" (")
          .append(kind)
          .append(' ')
          .append(t.name().asCql())
          .append(')')
          .toString();
    }
  }

  /**
   * An entity, or a relationship whose instances are rows, being recovered: its attributes by name,
   * in the order found, and its key.
   */
  private static final class Owner {
    final String name;
    final Map<String, Attribute> attributes = new LinkedHashMap<>();
    final List<String> keyAttributes = new ArrayList<>();
    final List<String> alternateKeys = new ArrayList<>();

    /** A relationship's key attributes that are its entities' ({@code Video.videoid}). */
    final List<AttributeRef> foreignKey = new ArrayList<>();

    /** A relationship's entities, or null for an entity. */
    List<String> ends;

    /** Whether an entity is weak: identified by the entity its key's {@link #foreignKey} is. */
    boolean weak;

    Owner(String name) {
      this.name = name;
    }

    Key key() {
      List<AttributeRef> refs = new ArrayList<>(foreignKey);
      keyAttributes.forEach(a -> refs.add(new AttributeRef(name, a)));
      return new Key(refs);
    }

    List<Key> keys() {
      List<Key> out = new ArrayList<>();
      out.add(key());
      if (!alternateKeys.isEmpty()) {
        out.add(new Key(alternateKeys.stream().map(a -> new AttributeRef(name, a)).toList()));
      }
      return out;
    }

    /** The attribute a column of this name holds, or null: itself, or one value of its plural. */
    String holding(String column, boolean key) {
      if (attributes.containsKey(column)) {
        return column;
      }
      if (key) {
        for (String plural : List.of(column + "s", column + "es", ies(column))) {
          Attribute a = attributes.get(plural);
          if (a != null && a.kind() == Attribute.Kind.MULTI_VALUED) {
            return plural;
          }
        }
      }
      return null;
    }

    /** Adds (or finds) the attribute a column holds, typed after the column; returns its name. */
    String attribute(String column, CqlType type, Keyspace keyspace) {
      attributes.computeIfAbsent(column, c -> attributeOf(c, type, keyspace));
      return column;
    }
  }

  /**
   * "a" or "an" before a name, by its first letter: an Order, an Event, a Video; a User (a U is
   * mostly read "you" in the names schemas use: User, Unit).
   */
  static String article(String name) {
    return !name.isEmpty() && "AEIOaeio".indexOf(name.charAt(0)) >= 0 ? "an" : "a";
  }

  private static String ies(String column) {
    return column.endsWith("y") ? column.substring(0, column.length() - 1) + "ies" : column + "s";
  }

  /**
   * How deep user types are taken apart into composite attributes' parts: one nested deeper is an
   * attribute of no type (a chain of 800 types each holding the last overflowed the call stack).
   */
  static final int COMPOSITE_DEPTH = 8;

  /**
   * How many parts, at all depths, one column's composite attribute is given at most: a type whose
   * fields would take it past that is an attribute of no type (100 types each holding the last
   * twice made 2^100 parts, and recovering ran out of memory).
   */
  static final int COMPOSITE_PARTS = 256;

  /** The attribute a column of this type holds: the inverse of the mapping's column types. */
  static Attribute attributeOf(String name, CqlType type, Keyspace keyspace) {
    return attributeOf(
        name, type, keyspace, new java.util.HashSet<>(), new int[] {COMPOSITE_PARTS});
  }

  /**
   * As {@link #attributeOf(String, CqlType, Keyspace)}, {@code within} the user types being taken
   * apart: a type that holds itself, directly or through others (Cassandra refuses it, the
   * validator says so), is not taken apart again, and has no attribute type there; nor is one
   * {@link #COMPOSITE_DEPTH} types deep, or whose fields would take the parts given past {@code
   * parts[0]}, what is left of {@link #COMPOSITE_PARTS}.
   */
  private static Attribute attributeOf(
      String name,
      CqlType type,
      Keyspace keyspace,
      java.util.Set<CqlIdentifier> within,
      int[] parts) {
    if (type instanceof CollectionType.SetType s && s.element() instanceof NativeType) {
      return Attribute.multiValued(name, s.element().asCql());
    }
    if (type instanceof CollectionType.ListType l && l.element() instanceof NativeType) {
      return Attribute.multiValued(name, l.element().asCql());
    }
    CqlType element = type;
    if (type instanceof CollectionType.SetType s) {
      element = s.element();
    } else if (type instanceof CollectionType.ListType l) {
      element = l.element();
    }
    if (element instanceof UserTypeRef u) {
      UserType ut = keyspace.type(u.name()).orElse(null);
      if (ut != null
          && !ut.fields().isEmpty()
          && within.size() < COMPOSITE_DEPTH
          && ut.fields().size() <= parts[0]
          && within.add(u.name())) {
        parts[0] -= ut.fields().size();
        List<Attribute> taken = new ArrayList<>();
        for (UserType.Field f : ut.fields()) {
          taken.add(attributeOf(f.name().asInternal(), f.type(), keyspace, within, parts));
        }
        within.remove(u.name());
        return Attribute.simple(name, null).withKind(Attribute.Kind.COMPOSITE).withParts(taken);
      }
    }
    // A type holding a user type elsewhere (a map's value, a tuple's part) has no attribute type:
    // the conceptual model types values of native types only.
    return Attribute.simple(name, type.anyMatch(t -> t instanceof UserTypeRef) ? "" : type.asCql());
  }

  /**
   * A one-to-many relationship being recovered (a {@code many} has one {@code one}), or one-to-one
   * when each has one of the other.
   */
  private record Rel(String name, String one, String many, boolean oneToOne, boolean identifying) {
    Relationship relationship() {
      List<Relationship.End> ends =
          List.of(
              new Relationship.End(one, Cardinality.ONE, ""),
              new Relationship.End(many, oneToOne ? Cardinality.ONE : Cardinality.N, ""));
      return new Relationship(name, identifying, ends, List.of(), List.of());
    }
  }

  /** Whether a table holds one entity's instances: one key column, no clustering column. */
  static boolean isEntityTable(Table t) {
    return t.primaryKey().partitionKey().size() == 1
        && t.primaryKey().clustering().isEmpty()
        && t.column(t.primaryKey().partitionKey().get(0)).isPresent();
  }

  /** The entity an identifier column names, when it is one ({@code videoid}: Video). */
  private static java.util.Optional<String> identifier(Column c) {
    String base = identifierName(c.name().asInternal());
    return base == null || !identifierType(c.type())
        ? java.util.Optional.empty()
        : java.util.Optional.of(entityName(base));
  }

  /** {@code video_id}, {@code videoid}, {@code videoId}: {@code video}; else null. */
  static String identifierName(String column) {
    String lower = column.toLowerCase(Locale.ROOT);
    if (!lower.endsWith("id") || lower.length() <= 2 || lower.endsWith("uuid")) {
      // ts_uuid, event_uuid: a time or a value, named by its type, not an entity's identifier.
      return null;
    }
    String base = column.substring(0, column.length() - 2);
    if (base.endsWith("_")) {
      base = base.substring(0, base.length() - 1);
    }
    // "paid", "valid": flags, which the types an identifier takes leave out.
    if (base.isEmpty()) {
      return null;
    }
    return base;
  }

  private static boolean identifierType(CqlType type) {
    return type == NativeType.UUID
        || type == NativeType.TIMEUUID
        || type == NativeType.INT
        || type == NativeType.BIGINT
        || type == NativeType.VARINT
        || type == NativeType.TEXT
        || type == NativeType.ASCII;
  }

  /** A table's subject: the part before {@code _by_}, singular ({@code videos_by_tag}: video). */
  static String base(String table) {
    int by = table.indexOf("_by_");
    String subject = by > 0 ? table.substring(0, by) : table;
    return singular(subject);
  }

  /** The entity name of a snake_case word: {@code user_credentials} UserCredential. */
  static String entityName(String snake) {
    StringBuilder out = new StringBuilder();
    String[] words = snake.split("_");
    for (int i = 0; i < words.length; i++) {
      String w = i == words.length - 1 ? singular(words[i]) : words[i];
      if (!w.isEmpty()) {
        out.append(Character.toUpperCase(w.charAt(0))).append(w.substring(1));
      }
    }
    return out.length() == 0 ? "Row" : out.toString();
  }

  private static String singular(String word) {
    if (word.endsWith("ies") && word.length() > 3) {
      return word.substring(0, word.length() - 3) + "y";
    }
    if (word.endsWith("ses") || word.endsWith("xes")) {
      return word.substring(0, word.length() - 2);
    }
    if (word.endsWith("s") && !word.endsWith("ss") && word.length() > 1) {
      return word.substring(0, word.length() - 1);
    }
    return word;
  }

  private static String snake(String entity) {
    return entity.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
  }

  /**
   * Each owner's task name: {@code Show} and the owner's name in words, each capitalized (the
   * relationship {@code video_rating}: {@code Show Video Rating}; the entity {@code
   * UserCredential}: {@code Show User Credential}). An owner whose words are another's keeps its
   * name as it is ({@code Show video_rating} beside an entity {@code VideoRating}), followed by a
   * number when that too is taken.
   *
   * @param owners the entities' and relationships' names, in task order
   * @return each owner's task name, in the same order, all distinct
   */
  static Map<String, String> taskNames(Set<String> owners) {
    Map<String, String> names = new LinkedHashMap<>();
    Set<String> taken = new java.util.HashSet<>();
    for (String owner : owners) {
      String name = "Show " + words(owner);
      if (!taken.add(name)) {
        name = "Show " + owner;
        for (int i = 2; !taken.add(name); i++) {
          name = "Show " + owner + " " + i;
        }
      }
      names.put(owner, name);
    }
    return names;
  }

  /** {@code video_rating} and {@code VideoRating}: {@code Video Rating}. */
  private static String words(String name) {
    StringBuilder out = new StringBuilder();
    for (String w : name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").split("_")) {
      if (!w.isEmpty()) {
        out.append(out.length() == 0 ? "" : " ")
            .append(Character.toUpperCase(w.charAt(0)))
            .append(w.substring(1));
      }
    }
    return out.length() == 0 ? name : out.toString();
  }
}
