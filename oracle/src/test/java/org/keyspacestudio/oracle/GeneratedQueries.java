package org.keyspacestudio.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.support.IndexedColumns;
import org.keyspacestudio.model.support.TableQuery;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.workflow.Operator;

/**
 * Random tables and the queries a modeller might run on them, for one seed: partition keys of one
 * to three columns, up to three clustering columns in either order, regular and static columns,
 * sometimes an index; queries giving columns by every operator (the key mostly by =), sometimes two
 * bounds on one column, ordering by any columns in any direction.
 */
final class GeneratedQueries {

  /**
   * A table, what its indexes serve, and a query on it. An index is storage-attached (SAI) or built
   * in, at random; an SAI index on {@code v0} or {@code v2}, or on a clustering column, also serves
   * ranges (they are all {@code int}s). A set {@code l0} and a map {@code m0} may have an index on
   * their values or keys (the map also on its entries), and be searched by CONTAINS, CONTAINS KEY
   * or an entry ({@code m0[?] = ?}). A {@code vector<float, 3>} {@code e0} may have an index,
   * mostly storage-attached, and is seldom restricted.
   */
  record Case(Table table, IndexedColumns indexes, TableQuery query) {

    /** The columns an index serves by {@code =}. */
    java.util.Set<CqlIdentifier> indexed() {
      return indexes.equality();
    }

    /** Those whose index also serves ranges. */
    java.util.Set<CqlIdentifier> ranged() {
      return indexes.ranges();
    }
  }

  private static final Operator[] RANGES = {Operator.LT, Operator.LE, Operator.GT, Operator.GE};

  private GeneratedQueries() {}

  static List<Case> generate(int count, long seed) {
    Random r = new Random(seed);
    List<Case> cases = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Table table = table(r, i);
      cases.add(query(r, table));
    }
    return cases;
  }

  /**
   * The cases with a {@code text} column {@code x0} added to about a third of the tables (a regular
   * column, the last clustering column or a static one), mostly matched by {@code LIKE ?}: indexed
   * by SASI (serving {@code LIKE}, and {@code =} unless its analyzer splits values into words), by
   * SAI or a built-in index (neither serves {@code LIKE}), or not at all. Drawn from a random of
   * their own, so the cases' other parts are those of {@link #generate}.
   */
  static List<Case> withText(List<Case> cases, long seed) {
    Random r = new Random(seed * 31 + 7);
    List<Case> out = new ArrayList<>();
    for (Case c : cases) {
      if (r.nextInt(3) != 0) {
        out.add(c);
        continue;
      }
      CqlIdentifier x = CqlIdentifier.of("x0");
      Table t = c.table();
      int place = r.nextInt(10);
      List<PrimaryKey.ClusteringColumn> clustering = new ArrayList<>(t.primaryKey().clustering());
      boolean isStatic = false;
      if (place < 3) {
        clustering.add(
            new PrimaryKey.ClusteringColumn(
                x, r.nextBoolean() ? ClusteringOrder.ASC : ClusteringOrder.DESC));
      } else if (place == 3 && !clustering.isEmpty()) {
        isStatic = true;
      }
      List<Column> columns = new ArrayList<>(t.columns());
      columns.add(new Column(x, NativeType.TEXT, isStatic));
      Table table =
          new Table(
              t.name(),
              columns,
              new PrimaryKey(t.primaryKey().partitionKey(), clustering),
              t.options());
      IndexedColumns i = c.indexes();
      java.util.Set<CqlIdentifier> equality = new java.util.HashSet<>(i.equality());
      java.util.Set<CqlIdentifier> grouped = new java.util.HashSet<>(i.grouped());
      java.util.Map<CqlIdentifier, java.util.Set<org.keyspacestudio.model.support.LikePattern>>
          likes = new java.util.HashMap<>();
      int index = r.nextInt(10);
      if (index < 4) {
        // SASI, mode PREFIX or CONTAINS, not splitting into words (the patterns do not matter to
        // a bind marker).
        likes.put(x, java.util.EnumSet.of(org.keyspacestudio.model.support.LikePattern.MATCHES));
        equality.add(x);
      } else if (index == 4) {
        // SASI splitting into words: LIKE, no =.
        likes.put(x, java.util.EnumSet.of(org.keyspacestudio.model.support.LikePattern.CONTAINS));
      } else if (index < 7) {
        equality.add(x);
        grouped.add(x);
      } else if (index == 7) {
        equality.add(x);
      }
      List<TableQuery.Restriction> where = new ArrayList<>(c.query().where());
      int shape = r.nextInt(20);
      List<Operator> ops =
          shape < 14
              ? List.of(Operator.LIKE)
              : shape < 16
                  ? List.of(Operator.EQ)
                  : shape == 16
                      ? List.of(Operator.LIKE, Operator.EQ)
                      : shape == 17
                          ? List.of(Operator.LIKE, Operator.LIKE)
                          : shape == 18 ? List.of(RANGES[r.nextInt(4)]) : List.of();
      for (Operator op : ops) {
        where.add(r.nextInt(where.size() + 1), new TableQuery.Restriction(x, op));
      }
      out.add(
          new Case(
              table,
              new IndexedColumns(
                  equality,
                  i.ranges(),
                  i.values(),
                  i.keys(),
                  grouped,
                  i.vectors(),
                  i.entries(),
                  likes),
              new TableQuery(where, c.query().orderBy(), c.query().returned())));
    }
    return out;
  }

  /**
   * The cases with {@code !=} or {@code IS NOT NULL} on one of their columns in about one in thirty
   * (Cassandra refuses both in a SELECT), drawn from a random of their own.
   */
  static List<Case> withRefusedRelations(List<Case> cases, long seed) {
    Random r = new Random(seed * 37 + 11);
    List<Case> out = new ArrayList<>();
    for (Case c : cases) {
      if (r.nextInt(30) != 0) {
        out.add(c);
        continue;
      }
      List<TableQuery.Restriction> where = new ArrayList<>(c.query().where());
      List<Column> columns = c.table().columns();
      where.add(
          r.nextInt(where.size() + 1),
          new TableQuery.Restriction(
              columns.get(r.nextInt(columns.size())).name(),
              r.nextBoolean() ? Operator.NEQ : Operator.IS_NOT_NULL));
      out.add(
          new Case(
              c.table(),
              c.indexes(),
              new TableQuery(where, c.query().orderBy(), c.query().returned())));
    }
    return out;
  }

  private static Table table(Random r, int n) {
    List<Column> columns = new ArrayList<>();
    List<CqlIdentifier> pk = new ArrayList<>();
    List<PrimaryKey.ClusteringColumn> clustering = new ArrayList<>();
    int pks = 1 + (r.nextInt(4) == 0 ? 1 + r.nextInt(2) : 0);
    int cs = r.nextInt(4);
    int regular = 1 + r.nextInt(3);
    boolean withStatic = cs > 0 && r.nextInt(3) == 0;
    for (int i = 0; i < pks; i++) {
      CqlIdentifier c = CqlIdentifier.of("p" + i);
      pk.add(c);
      columns.add(new Column(c, NativeType.INT, false));
    }
    // The last clustering column is a timestamp in a third of the tables (GROUP BY floor(...)).
    boolean time = r.nextInt(3) == 0;
    for (int i = 0; i < cs; i++) {
      CqlIdentifier c = CqlIdentifier.of("c" + i);
      clustering.add(
          new PrimaryKey.ClusteringColumn(
              c, r.nextBoolean() ? ClusteringOrder.ASC : ClusteringOrder.DESC));
      columns.add(
          new Column(c, time && i == cs - 1 ? NativeType.TIMESTAMP : NativeType.INT, false));
    }
    for (int i = 0; i < regular; i++) {
      columns.add(new Column(CqlIdentifier.of("v" + i), NativeType.INT, false));
    }
    if (withStatic) {
      columns.add(new Column(CqlIdentifier.of("s0"), NativeType.INT, true));
    }
    if (r.nextInt(3) == 0) {
      columns.add(
          new Column(
              CqlIdentifier.of("l0"),
              new org.keyspacestudio.model.type.CollectionType.SetType(NativeType.INT, false),
              false));
    }
    if (r.nextInt(3) == 0) {
      columns.add(
          new Column(
              CqlIdentifier.of("e0"),
              new org.keyspacestudio.model.type.VectorType(NativeType.FLOAT, 3),
              false));
    }
    if (r.nextInt(4) == 0) {
      columns.add(
          new Column(
              CqlIdentifier.of("m0"),
              new org.keyspacestudio.model.type.CollectionType.MapType(
                  NativeType.INT, NativeType.INT, false),
              false));
    }
    return new Table(
        CqlIdentifier.of("t" + n), columns, new PrimaryKey(pk, clustering), TableOptions.none());
  }

  /** A random query on a given table (no index). */
  static Case queryOn(Random r, Table table) {
    Case c = query(r, table);
    return new Case(table, IndexedColumns.none(), c.query());
  }

  private static Case query(Random r, Table table) {
    List<TableQuery.Restriction> where = new ArrayList<>();
    java.util.Set<CqlIdentifier> indexed = new java.util.HashSet<>();
    java.util.Set<CqlIdentifier> ranged = new java.util.HashSet<>();
    java.util.Set<CqlIdentifier> grouped = new java.util.HashSet<>();
    java.util.Set<CqlIdentifier> values = new java.util.HashSet<>();
    java.util.Set<CqlIdentifier> keys = new java.util.HashSet<>();
    java.util.Set<CqlIdentifier> vectors = new java.util.HashSet<>();
    java.util.Set<CqlIdentifier> entries = new java.util.HashSet<>();
    for (Column c : table.columns()) {
      if (c.type() instanceof org.keyspacestudio.model.type.VectorType) {
        // Mostly an SAI index (serving ANN OF), sometimes a built-in one, sometimes none; seldom
        // restricted, which Cassandra refuses when it has an index.
        if (r.nextInt(8) > 0) {
          indexed.add(c.name());
          vectors.add(c.name());
          if (r.nextInt(6) > 0) {
            grouped.add(c.name());
          }
        }
        if (r.nextInt(12) == 0) {
          where.add(new TableQuery.Restriction(c.name(), Operator.EQ));
        }
        continue;
      }
      if (c.type() instanceof org.keyspacestudio.model.type.CollectionType) {
        // A set or map: an index on its values or keys, searched by CONTAINS (KEY), sometimes
        // restricted as Cassandra refuses (=, a range).
        boolean map = c.type() instanceof org.keyspacestudio.model.type.CollectionType.MapType;
        int index = r.nextInt(6);
        if (index == 0 || (index == 1 && map) || (index == 2 && map)) {
          (index == 0 ? values : index == 1 ? keys : entries).add(c.name());
          if (r.nextBoolean()) {
            grouped.add(c.name());
          }
        }
        if (r.nextInt(100) < 45) {
          int pick = r.nextInt(12);
          Operator op =
              pick < 5
                  ? Operator.CONTAINS
                  : pick < 8
                      ? (map ? Operator.CONTAINS_KEY : Operator.CONTAINS)
                      : pick == 8
                          ? Operator.EQ
                          : pick == 9
                              ? RANGES[r.nextInt(4)]
                              // A map entry (m[key] = value); of a set, Cassandra refuses it.
                              : pick == 10 && !map ? Operator.CONTAINS : Operator.ENTRY;
          where.add(new TableQuery.Restriction(c.name(), op));
          if (op.contains() && r.nextInt(3) == 0) {
            // Searched twice: two values, or a map's value and key.
            where.add(
                new TableQuery.Restriction(
                    c.name(), map && r.nextBoolean() ? Operator.CONTAINS_KEY : Operator.CONTAINS));
          }
        }
        continue;
      }
      boolean pk = table.primaryKey().isPartitionKey(c.name());
      boolean clustering = table.primaryKey().clusteringColumn(c.name()) != null;
      boolean index =
          (!pk && !clustering && !c.isStatic() && r.nextInt(6) == 0)
              || (clustering && r.nextInt(8) == 0)
              // Cassandra refuses an index on the only partition key column.
              || (pk && table.primaryKey().partitionKey().size() > 1 && r.nextInt(8) == 0);
      if (index) {
        indexed.add(c.name());
        String name = c.name().asInternal();
        boolean sai = name.equals("v0") || name.equals("v2") || r.nextBoolean();
        if (sai) {
          grouped.add(c.name());
          if (name.equals("v0") || name.equals("v2") || (clustering && r.nextBoolean())) {
            ranged.add(c.name());
          }
        }
      }
      int chance = pk ? 90 : clustering ? 55 : index ? 50 : 20;
      if (r.nextInt(100) >= chance) {
        continue;
      }
      int pick = r.nextInt(100);
      Operator op =
          pick < (pk ? 80 : 45)
              ? Operator.EQ
              : pick < (pk ? 90 : 60) ? Operator.IN : RANGES[r.nextInt(4)];
      if (!pk && !clustering && r.nextInt(50) == 0) {
        // CONTAINS on a column that is no collection: Cassandra refuses it.
        op = Operator.CONTAINS;
      }
      where.add(new TableQuery.Restriction(c.name(), op));
      if (op.range() && r.nextInt(4) == 0) {
        // Two bounds on one column, sometimes on the same side.
        where.add(new TableQuery.Restriction(c.name(), RANGES[r.nextInt(4)]));
      }
    }
    List<TableQuery.Order> order = new ArrayList<>();
    if (r.nextInt(3) == 0) {
      List<Column> candidates = new ArrayList<>(table.columns());
      int n = 1 + r.nextInt(Math.min(3, candidates.size()));
      for (int i = 0; i < n; i++) {
        Column c =
            r.nextInt(5) == 0
                ? candidates.get(r.nextInt(candidates.size()))
                : table.primaryKey().clustering().isEmpty()
                    ? candidates.get(r.nextInt(candidates.size()))
                    : table
                        .column(
                            table
                                .primaryKey()
                                .clustering()
                                .get(r.nextInt(table.primaryKey().clustering().size()))
                                .name())
                        .get();
        if (order.stream().noneMatch(o -> o.column().equals(c.name()))) {
          order.add(
              new TableQuery.Order(
                  c.name(), r.nextBoolean() ? ClusteringOrder.ASC : ClusteringOrder.DESC));
        }
      }
    }
    List<CqlIdentifier> returned = new ArrayList<>();
    for (Column c : table.columns()) {
      if (r.nextInt(3) == 0) {
        returned.add(c.name());
      }
    }
    return new Case(
        table,
        new IndexedColumns(indexed, ranged, values, keys, grouped, vectors, entries),
        new TableQuery(where, order, returned));
  }
}
