package org.keyspacestudio.model.diff;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.IndexTarget;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.KeyspaceDefinition;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.OptionValue;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.write.CqlWriter;

/**
 * Compares a keyspace in the model with the same keyspace on a cluster and plans the statements
 * that make the cluster match the model.
 *
 * <p>What Cassandra 5.0 can change in place becomes a statement: new keyspaces, types, tables,
 * indexes and views; fields added to a type; columns added to or dropped from a table; changed
 * options (an option the model does not state is wanted at Cassandra's default, see {@link
 * OptionDefaults}); replication. An index or view whose definition changed is dropped and created
 * again. What Cassandra cannot change (a primary key, a clustering order, a column's type or static
 * flag, a type's field removed or retyped) is reported as {@link Blocked}, with the way out, and
 * never planned. The checks mirror Cassandra's {@code AlterTableStatement} and {@code
 * AlterTypeStatement}.
 */
public final class SchemaDiff {
  private SchemaDiff() {}

  /**
   * Plans the statements that turn {@code live} into {@code desired}.
   *
   * @param desired the keyspace in the model; must be named
   * @param live the same keyspace as the cluster has it (options as reported, defaults may be left
   *     out), or {@code null} when the cluster does not have it
   * @return the plan; empty when the cluster already matches
   * @throws IllegalArgumentException when {@code desired} has no name
   */
  public static Plan plan(Keyspace desired, Keyspace live) {
    if (desired.isUnnamed()) {
      throw new IllegalArgumentException("the keyspace to plan needs a name");
    }
    return new Planner(desired, live).run();
  }

  /**
   * A type as CQL with references to the keyspace's own types unqualified, so that {@code
   * frozen<ks.address>} and {@code frozen<address>} compare equal inside keyspace {@code ks}.
   *
   * @param type the type
   * @param keyspace the keyspace it is used in
   * @return the CQL text
   */
  public static String typeText(CqlType type, CqlIdentifier keyspace) {
    return type.localTo(keyspace).asCql();
  }

  private static final class Planner {
    private final Keyspace desired;
    private final Keyspace live;
    private final CqlIdentifier ks;
    private final List<Change> keyspaceChanges = new ArrayList<>();
    private final List<Change> typeChanges = new ArrayList<>();
    private final List<Change> dropDependents = new ArrayList<>();
    private final List<Change> createTables = new ArrayList<>();
    private final List<Change> alterTables = new ArrayList<>();
    private final List<Change> dropColumns = new ArrayList<>();
    private final List<Change> dropTables = new ArrayList<>();
    private final List<Change> createDependents = new ArrayList<>();
    private final List<Change> dropTypes = new ArrayList<>();
    private final List<Blocked> blocked = new ArrayList<>();

    Planner(Keyspace desired, Keyspace live) {
      this.desired = desired;
      this.live = live;
      this.ks = desired.name();
    }

    Plan run() {
      if (live == null) {
        if (desired.definition() == null) {
          blocked.add(
              new Blocked(
                  ElementRef.keyspace(ks),
                  "keyspace "
                      + ks.asCql()
                      + " is not on the cluster and the model does not say"
                      + " how to replicate it",
                  "give it a replication in the model (CREATE KEYSPACE ... WITH replication), or"
                      + " create it on the cluster first"));
        } else {
          keyspaceChanges.add(
              new Change(
                  CqlWriter.createKeyspace(ks, desired.definition()),
                  ElementRef.keyspace(ks),
                  "create keyspace " + ks.asCql(),
                  false));
        }
      } else if (desired.definition() != null
          && !sameDefinition(desired.definition(), live.definition())) {
        String create = CqlWriter.createKeyspace(ks, desired.definition());
        keyspaceChanges.add(
            new Change(
                "ALTER" + create.substring("CREATE".length()),
                ElementRef.keyspace(ks),
                "change replication of keyspace "
                    + ks.asCql()
                    + " (run a full repair afterwards when replicas were added)",
                false));
      }
      types();
      tables();
      indexes();
      views();
      List<Change> all = new ArrayList<>();
      for (List<Change> bucket :
          List.of(
              keyspaceChanges,
              typeChanges,
              dropDependents,
              createTables,
              alterTables,
              dropColumns,
              dropTables,
              createDependents,
              dropTypes)) {
        all.addAll(bucket);
      }
      return new Plan(ks, all, blocked);
    }

    // ---- types

    private void types() {
      for (UserType type : CqlWriter.typesInDependencyOrder(desired)) {
        Optional<UserType> existing = live == null ? Optional.empty() : live.type(type.name());
        ElementRef ref = ElementRef.type(ks, type.name());
        if (existing.isEmpty()) {
          typeChanges.add(
              new Change(
                  CqlWriter.createType(ks, type),
                  ref,
                  "create type " + type.name().asCql(),
                  false));
          continue;
        }
        UserType now = existing.get();
        for (UserType.Field field : type.fields()) {
          Optional<UserType.Field> old = now.field(field.name());
          ElementRef fieldRef = ElementRef.field(ks, type.name(), field.name());
          if (old.isEmpty()) {
            typeChanges.add(
                new Change(
                    addMember("TYPE", type.name(), field.name(), field.type(), false),
                    fieldRef,
                    "add field " + type.name().asCql() + "." + field.name().asCql(),
                    false));
          } else if (!typeText(old.get().type(), ks).equals(typeText(field.type(), ks))) {
            cannotRetype(
                fieldRef,
                "field " + type.name().asCql() + "." + field.name().asCql(),
                old.get().type(),
                field.type(),
                "add a field with a new name and the new type, and stop using the old one");
          }
        }
        for (UserType.Field old : now.fields()) {
          if (type.field(old.name()).isEmpty()) {
            blocked.add(
                new Blocked(
                    ElementRef.field(ks, type.name(), old.name()),
                    "field "
                        + type.name().asCql()
                        + "."
                        + old.name().asCql()
                        + " is on the cluster but not in the model; Cassandra cannot remove a"
                        + " field from a type",
                    "keep the field in the model, or create a new type without it and move the"
                        + " columns that use the old one"));
          }
        }
      }
      if (live != null) {
        List<UserType> liveOrder = new ArrayList<>(CqlWriter.typesInDependencyOrder(live));
        java.util.Collections.reverse(liveOrder);
        for (UserType type : liveOrder) {
          if (desired.type(type.name()).isEmpty()) {
            dropTypes.add(
                new Change(
                    "DROP TYPE " + qualified(type.name()) + ";",
                    ElementRef.type(ks, type.name()),
                    "drop type " + type.name().asCql(),
                    true));
          }
        }
      }
    }

    // ---- tables

    private void tables() {
      for (Table table : desired.tables()) {
        Optional<Table> existing = live == null ? Optional.empty() : live.table(table.name());
        if (existing.isEmpty()) {
          createTables.add(
              new Change(
                  CqlWriter.createTable(ks, table),
                  ElementRef.table(ks, table.name()),
                  "create table " + table.name().asCql(),
                  false));
        } else {
          alterTable(table, existing.get());
        }
      }
      if (live != null) {
        for (Table table : live.tables()) {
          if (desired.table(table.name()).isEmpty()) {
            dropTables.add(
                new Change(
                    "DROP TABLE " + qualified(table.name()) + ";",
                    ElementRef.table(ks, table.name()),
                    "drop table " + table.name().asCql() + " and all its data",
                    true));
          }
        }
      }
    }

    private void alterTable(Table want, Table have) {
      ElementRef ref = ElementRef.table(ks, want.name());
      String name = want.name().asCql();
      boolean keyChanged = !sameKey(want.primaryKey(), have.primaryKey());
      if (keyChanged) {
        blocked.add(
            new Blocked(
                ref,
                "table "
                    + name
                    + ": the primary key is "
                    + keyText(have.primaryKey())
                    + " on the cluster and "
                    + keyText(want.primaryKey())
                    + " in the model; Cassandra cannot change a primary key or clustering order",
                "create a new table with the new key (a new name), copy the data (DSBulk or"
                    + " Spark), move the application to it, then drop the old table"));
      }
      if (want.options().compactStorage() != have.options().compactStorage()) {
        blocked.add(
            new Blocked(
                ref,
                "table " + name + ": COMPACT STORAGE differs",
                want.options().compactStorage()
                    ? "COMPACT STORAGE cannot be added; remove it from the model"
                    : "run ALTER TABLE "
                        + qualified(want.name())
                        + " DROP COMPACT STORAGE"
                        + " yourself after reading its documentation"));
      }
      for (Column column : want.columns()) {
        Optional<Column> old = have.column(column.name());
        ElementRef columnRef = ElementRef.column(ks, want.name(), column.name());
        if (old.isEmpty()) {
          if (!want.primaryKey().isKeyColumn(column.name())) {
            alterTables.add(
                new Change(
                    addMember(
                        "TABLE", want.name(), column.name(), column.type(), column.isStatic()),
                    columnRef,
                    "add column " + name + "." + column.name().asCql(),
                    false));
          }
          continue;
        }
        String wantType = typeText(column.type(), ks);
        String haveType = typeText(old.get().type(), ks);
        if (!wantType.equals(haveType)) {
          cannotRetype(
              columnRef,
              "column " + name + "." + column.name().asCql(),
              old.get().type(),
              column.type(),
              "add a column with a new name and the new type, copy the values, then drop"
                  + " the old column");
        } else if (column.isStatic() != old.get().isStatic()) {
          blocked.add(
              new Blocked(
                  columnRef,
                  "column "
                      + name
                      + "."
                      + column.name().asCql()
                      + (column.isStatic()
                          ? " is static in the model only"
                          : " is static on the" + " cluster only")
                      + "; Cassandra cannot change whether a column is static",
                  "add a column with a new name, copy the values, then drop the old column"));
        }
      }
      List<CqlIdentifier> keptViews = keptViewsOn(want.name());
      for (Column old : have.columns()) {
        if (want.column(old.name()).isEmpty()
            && !have.primaryKey().isKeyColumn(old.name())
            && !keptViews.isEmpty()) {
          blocked.add(
              new Blocked(
                  ElementRef.column(ks, want.name(), old.name()),
                  "column "
                      + name
                      + "."
                      + old.name().asCql()
                      + " is to be dropped, but the table has materialized views ("
                      + String.join(", ", keptViews.stream().map(CqlIdentifier::asCql).toList())
                      + "); Cassandra cannot drop a column from a table with views",
                  "remove the views from the model and apply, then drop the column and add the"
                      + " views back"));
        } else if (want.column(old.name()).isEmpty()
            && !have.primaryKey().isKeyColumn(old.name())) {
          dropColumns.add(
              new Change(
                  "ALTER TABLE " + qualified(want.name()) + " DROP " + old.name().asCql() + ";",
                  ElementRef.column(ks, want.name(), old.name()),
                  "drop column " + name + "." + old.name().asCql() + " and its values",
                  true));
        }
      }
      optionChange("TABLE", want.name(), ref, want.options(), have.options(), false)
          .ifPresent(alterTables::add);
    }

    /** The views on a table that stay on the cluster through this plan (not dropped). */
    private List<CqlIdentifier> keptViewsOn(CqlIdentifier table) {
      List<CqlIdentifier> kept = new ArrayList<>();
      for (MaterializedView view : live.views()) {
        if (view.baseTable().equals(table)
            && desired.view(view.name()).filter(v -> sameView(v, view)).isPresent()) {
          kept.add(view.name());
        }
      }
      return kept;
    }

    /** {@code ALTER TABLE|MATERIALIZED VIEW ... WITH ...} for the options that differ, if any. */
    private Optional<Change> optionChange(
        String kind,
        CqlIdentifier name,
        ElementRef ref,
        TableOptions want,
        TableOptions have,
        boolean view) {
      Map<String, OptionValue> changed = optionChanges(want, have, view);
      if (changed.isEmpty()) {
        return Optional.empty();
      }
      List<String> clauses = new ArrayList<>();
      changed.forEach((option, value) -> clauses.add(option + " = " + value.asCql()));
      return Optional.of(
          new Change(
              "ALTER "
                  + kind
                  + " "
                  + qualified(name)
                  + " WITH "
                  + String.join(" AND ", clauses)
                  + ";",
              ref,
              "change options of "
                  + (view ? "view " : "table ")
                  + name.asCql()
                  + ": "
                  + String.join(", ", changed.keySet()),
              false));
    }

    /** The options to change and their wanted values, by name; empty when none differ. */
    private static Map<String, OptionValue> optionChanges(
        TableOptions want, TableOptions have, boolean view) {
      Set<String> names = new java.util.TreeSet<>(OptionDefaults.namesWithDefaults());
      names.addAll(want.values().keySet());
      names.remove("id");
      if (view) {
        names.remove("default_time_to_live");
      }
      Map<String, OptionValue> changed = new LinkedHashMap<>();
      for (String option : names) {
        if (!OptionDefaults.namesWithDefaults().contains(option)
            && org.keyspacestudio.model.schema.KnownOption.fromName(option)
                .filter(
                    k -> k.status() == org.keyspacestudio.model.schema.KnownOption.Status.CURRENT)
                .isEmpty()) {
          continue;
        }
        Optional<OptionValue> wanted = OptionDefaults.effective(option, want);
        Optional<OptionValue> actual = OptionDefaults.effective(option, have);
        if (wanted.isEmpty()) {
          continue;
        }
        if (actual.isPresent() && OptionDefaults.satisfies(option, wanted.get(), actual.get())) {
          continue;
        }
        changed.put(option, wanted.get());
      }
      return changed;
    }

    // ---- indexes

    private void indexes() {
      Map<CqlIdentifier, SecondaryIndex> liveByName = new LinkedHashMap<>();
      if (live != null) {
        live.indexes().forEach(i -> liveByName.put(i.effectiveName(), i));
      }
      Set<CqlIdentifier> wantedNames = new LinkedHashSet<>();
      for (SecondaryIndex index : desired.indexes()) {
        CqlIdentifier name = index.effectiveName();
        wantedNames.add(name);
        SecondaryIndex old = liveByName.get(name);
        ElementRef ref = ElementRef.index(ks, name);
        if (old != null && !sameIndex(index, old)) {
          dropDependents.add(
              new Change(
                  "DROP INDEX " + qualified(name) + ";",
                  ref,
                  "drop index " + name.asCql() + " (its definition changed; it is created again)",
                  true));
          old = null;
        }
        if (old == null) {
          createDependents.add(
              new Change(
                  CqlWriter.createIndex(ks, index),
                  ref,
                  "create index " + name.asCql() + " on " + index.table().asCql(),
                  false));
        }
      }
      for (Map.Entry<CqlIdentifier, SecondaryIndex> entry : liveByName.entrySet()) {
        boolean tableDropped = desired.table(entry.getValue().table()).isEmpty();
        if (!wantedNames.contains(entry.getKey()) && !tableDropped) {
          dropDependents.add(
              new Change(
                  "DROP INDEX " + qualified(entry.getKey()) + ";",
                  ElementRef.index(ks, entry.getKey()),
                  "drop index " + entry.getKey().asCql(),
                  true));
        }
      }
    }

    private static boolean sameIndex(SecondaryIndex a, SecondaryIndex b) {
      if (!a.table().equals(b.table()) || a.targets().size() != b.targets().size()) {
        return false;
      }
      for (int i = 0; i < a.targets().size(); i++) {
        IndexTarget x = a.targets().get(i);
        IndexTarget y = b.targets().get(i);
        if (!x.column().equals(y.column()) || targetKind(x) != targetKind(y)) {
          return false;
        }
      }
      if (!indexClass(a.using()).equals(indexClass(b.using()))) {
        return false;
      }
      for (Map.Entry<String, String> option : a.options().entrySet()) {
        String other = b.options().get(option.getKey());
        if (other == null || !other.equalsIgnoreCase(option.getValue())) {
          return false;
        }
      }
      return true;
    }

    /** {@code (col)} on a collection is stored as {@code values(col)}. */
    private static IndexTarget.Kind targetKind(IndexTarget target) {
      return target.kind() == IndexTarget.Kind.VALUES ? IndexTarget.Kind.SIMPLE : target.kind();
    }

    private static String indexClass(String using) {
      if (using == null) {
        return "";
      }
      String name = OptionDefaults.shortClass(using);
      return name.equalsIgnoreCase("sai") ? "StorageAttachedIndex" : name;
    }

    // ---- views

    private void views() {
      for (MaterializedView view : desired.views()) {
        Optional<MaterializedView> existing =
            live == null ? Optional.empty() : live.view(view.name());
        ElementRef ref = ElementRef.view(ks, view.name());
        if (existing.isPresent() && !sameView(view, existing.get())) {
          dropDependents.add(
              new Change(
                  "DROP MATERIALIZED VIEW " + qualified(view.name()) + ";",
                  ref,
                  "drop view "
                      + view.name().asCql()
                      + " (its definition changed; it is created again and rebuilt)",
                  true));
          existing = Optional.empty();
        }
        if (existing.isEmpty()) {
          createDependents.add(
              new Change(
                  CqlWriter.createView(ks, view, desired.table(view.baseTable()).orElse(null)),
                  ref,
                  "create view " + view.name().asCql() + " of " + view.baseTable().asCql(),
                  false));
        } else {
          optionChange(
                  "MATERIALIZED VIEW",
                  view.name(),
                  ref,
                  view.options(),
                  existing.get().options(),
                  true)
              .ifPresent(createDependents::add);
        }
      }
      if (live != null) {
        for (MaterializedView view : live.views()) {
          if (desired.view(view.name()).isEmpty()) {
            dropDependents.add(
                new Change(
                    "DROP MATERIALIZED VIEW " + qualified(view.name()) + ";",
                    ElementRef.view(ks, view.name()),
                    "drop view " + view.name().asCql(),
                    true));
          }
        }
      }
    }

    private boolean sameView(MaterializedView a, MaterializedView b) {
      if (!a.baseTable().equals(b.baseTable()) || !sameKey(a.primaryKey(), b.primaryKey())) {
        return false;
      }
      if (!new LinkedHashSet<>(a.notNullColumns()).equals(new LinkedHashSet<>(b.notNullColumns()))
          || !normalizeWhere(a.otherRestrictions()).equals(normalizeWhere(b.otherRestrictions()))) {
        return false;
      }
      return selectedColumns(a).equals(selectedColumns(b));
    }

    private Set<CqlIdentifier> selectedColumns(MaterializedView view) {
      if (!view.selectsAll()) {
        return new java.util.TreeSet<>(view.selected());
      }
      Set<CqlIdentifier> all = new java.util.TreeSet<>();
      desired.table(view.baseTable()).ifPresent(t -> t.columns().forEach(c -> all.add(c.name())));
      return all;
    }

    private static String normalizeWhere(String where) {
      return where.replaceAll("\\s+", " ").trim().toLowerCase(Locale.ROOT);
    }

    // ---- helpers

    private static boolean sameDefinition(KeyspaceDefinition want, KeyspaceDefinition have) {
      if (have == null) {
        return false;
      }
      if (want.durableWrites() != have.durableWrites()) {
        return false;
      }
      String strategy = OptionDefaults.shortClass(want.replication().strategy());
      if (!strategy.equals(OptionDefaults.shortClass(have.replication().strategy()))) {
        return false;
      }
      Map<String, String> wantOptions = new LinkedHashMap<>(want.replication().options());
      Map<String, String> haveOptions = new LinkedHashMap<>(have.replication().options());
      if (strategy.equals("NetworkTopologyStrategy")
          && wantOptions.containsKey("replication_factor")) {
        // NTS expands the shorthand into one entry per data center.
        String factor = wantOptions.remove("replication_factor");
        for (String dc : List.copyOf(haveOptions.keySet())) {
          if (!wantOptions.containsKey(dc)) {
            wantOptions.put(dc, factor);
          }
        }
      }
      if (!wantOptions.keySet().equals(haveOptions.keySet())) {
        return false;
      }
      for (Map.Entry<String, String> entry : wantOptions.entrySet()) {
        if (!new OptionValue.Text(entry.getValue())
            .sameMeaning(new OptionValue.Text(haveOptions.get(entry.getKey())))) {
          return false;
        }
      }
      return true;
    }

    private static boolean sameKey(PrimaryKey a, PrimaryKey b) {
      return a.partitionKey().equals(b.partitionKey()) && a.clustering().equals(b.clustering());
    }

    private static String keyText(PrimaryKey key) {
      StringBuilder out = new StringBuilder("((");
      out.append(String.join(", ", key.partitionKey().stream().map(CqlIdentifier::asCql).toList()));
      out.append(")");
      for (PrimaryKey.ClusteringColumn c : key.clustering()) {
        out.append(", ").append(c.name().asCql()).append(' ').append(c.order().name());
      }
      return out.append(")").toString();
    }

    /** {@code ALTER TYPE|TABLE ks.owner ADD member type [static];} */
    private String addMember(
        String kind, CqlIdentifier owner, CqlIdentifier member, CqlType type, boolean isStatic) {
      return "ALTER "
          + kind
          + " "
          + qualified(owner)
          + " ADD "
          + member.asCql()
          + " "
          + type.asCql()
          + (isStatic ? " static" : "")
          + ";";
    }

    /** A type change Cassandra refuses, as a {@link Blocked} for the element. */
    private void cannotRetype(
        ElementRef ref, String what, CqlType have, CqlType want, String wayOut) {
      blocked.add(
          new Blocked(
              ref,
              what
                  + " is "
                  + typeText(have, ks)
                  + " on the cluster and "
                  + typeText(want, ks)
                  + " in the model; Cassandra cannot change "
                  + (ref.kind() == ElementRef.Kind.FIELD ? "a field's type" : "a column's type"),
              wayOut));
    }

    private String qualified(CqlIdentifier name) {
      return ks.asCql() + "." + name.asCql();
    }
  }
}
