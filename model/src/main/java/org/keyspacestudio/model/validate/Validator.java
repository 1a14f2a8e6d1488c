package org.keyspacestudio.model.validate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.IndexTarget;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.KnownOption;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.OptionValue;
import org.keyspacestudio.model.schema.Replication;
import org.keyspacestudio.model.schema.SasiMode;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.schema.SourcePosition;
import org.keyspacestudio.model.schema.SubOptions;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.type.CollectionType;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.type.TupleType;
import org.keyspacestudio.model.type.UserTypeRef;
import org.keyspacestudio.model.type.VectorType;

/**
 * Checks a schema against the rules Cassandra 5.0 enforces when it applies the schema (section 3 of
 * the Chebotko method notes), and reports every problem with its {@link Rule}, the element it
 * concerns and, when known, the source position of that element.
 *
 * <p>Validation is a pure function of the schema: it never throws on a schema, however broken, and
 * reports each problem once. Problems come in schema order (keyspace by keyspace: keyspace, types,
 * tables, indexes, views).
 */
public final class Validator {

  private static final Pattern NAME = Pattern.compile("\\w+");

  // Compiled once: every edit in the editor checks every table's options.
  private static final Pattern REPLICA_COUNT = Pattern.compile("\\d+(/\\d+)?");
  private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?");
  private static final Pattern DIGITS = Pattern.compile("\\d+");

  /** Cassandra's {@code SchemaConstants.NAME_LENGTH}: the longest keyspace name. */
  public static final int MAX_NAME_LENGTH = 48;

  /**
   * Cassandra 5.0's {@code SchemaConstants.TABLE_NAME_LENGTH}: the longest table or view name (a
   * file name of 255 characters less the table id and a dash).
   */
  public static final int MAX_TABLE_NAME_LENGTH = 222;

  private final Map<ElementRef, SourcePosition> positions;

  /**
   * The names of the types of the keyspace being checked (set by {@code types}, before its tables).
   */
  private Set<CqlIdentifier> typeNames = Set.of();

  private final List<Problem> problems = new ArrayList<>();

  /** The last run's tables, when they may be reused (same positions), else null. */
  private final Memo memo;

  /**
   * This run's tables, for a memo; null when none was given (the importer checks each statement).
   */
  private final Map<Table, Remembered> remembered;

  private Validator(Map<ElementRef, SourcePosition> positions, Memo memo, boolean remember) {
    this.positions = positions;
    this.memo = memo;
    this.remembered = remember ? new java.util.IdentityHashMap<>() : null;
  }

  /**
   * What the last run found on each table, for {@link #validate(Schema, Map, Memo)}: an editor
   * checks after every edit, and an edit changes one table of many. Not thread-safe: one per editor
   * window.
   */
  public static final class Memo {
    private Map<Table, Remembered> last = Map.of();
    private Map<ElementRef, SourcePosition> positions;
  }

  /**
   * One table's problems and what they were found from. A table's checks read the table (a value:
   * the same instance is the same table), its keyspace's name and its keyspace's types; nothing
   * else in the schema.
   */
  private record Remembered(CqlIdentifier keyspace, List<UserType> types, List<Problem> problems) {}

  /** The problems of a schema that was not read from a source (no positions). */
  public static List<Problem> validate(Schema schema) {
    return validate(schema, Map.of());
  }

  /**
   * The problems of a schema.
   *
   * @param schema the schema to check
   * @param positions where elements were read from (from an import); problems on an element without
   *     a position take the position of its nearest parent that has one
   * @return the problems, never null
   */
  public static List<Problem> validate(Schema schema, Map<ElementRef, SourcePosition> positions) {
    return validate(schema, positions, null);
  }

  /**
   * The problems of a schema, as {@link #validate(Schema, Map)} finds them, checking again only the
   * tables that changed since the last run with the same memo: a table whose instance, keyspace
   * name and keyspace types (the list, by identity) are those of the last run keeps its problems.
   * Indexes, views, types and keyspaces, which read other elements, are checked every time.
   *
   * @param schema the schema to check, not null
   * @param positions where elements were read from, not null; a different map than last time clears
   *     the memo (problems carry positions)
   * @param memo what the last run found, updated to this run; null checks everything
   * @return the problems, in the order {@link #validate(Schema, Map)} gives them, never null
   */
  public static List<Problem> validate(
      Schema schema, Map<ElementRef, SourcePosition> positions, Memo memo) {
    Validator v =
        new Validator(
            positions, memo != null && memo.positions == positions ? memo : null, memo != null);
    for (Keyspace keyspace : schema.keyspaces()) {
      v.keyspace(keyspace);
    }
    v.functions(schema.otherStatements());
    if (memo != null) {
      memo.last = v.remembered;
      memo.positions = positions;
    }
    return List.copyOf(v.problems);
  }

  private void keyspace(Keyspace ks) {
    CqlIdentifier name = ks.name();
    ElementRef ref = ElementRef.keyspace(name);
    boolean hasObjects =
        !ks.types().isEmpty()
            || !ks.tables().isEmpty()
            || !ks.indexes().isEmpty()
            || !ks.views().isEmpty();
    if (name == null) {
      // Each statement is refused (QualifiedStatement), so each object says so where it is made.
      String fix = ": USE a keyspace, or qualify names as keyspace.name";
      for (UserType type : ks.types()) {
        report(
            Rule.KEYSPACE_NOT_SPECIFIED,
            "No keyspace has been specified for type " + type.name().asCql() + fix,
            ElementRef.type(null, type.name()));
      }
      for (Table table : ks.tables()) {
        report(
            Rule.KEYSPACE_NOT_SPECIFIED,
            "No keyspace has been specified for table " + table.name().asCql() + fix,
            ElementRef.table(null, table.name()));
      }
      for (SecondaryIndex index : ks.indexes()) {
        report(
            Rule.KEYSPACE_NOT_SPECIFIED,
            "No keyspace has been specified for index " + index.effectiveName().asCql() + fix,
            ElementRef.index(null, index.effectiveName()));
      }
      for (MaterializedView view : ks.views()) {
        report(
            Rule.KEYSPACE_NOT_SPECIFIED,
            "No keyspace has been specified for view " + view.name().asCql() + fix,
            ElementRef.view(null, view.name()));
      }
    } else {
      checkName("Keyspace", name, ref);
      if (ks.definition() == null && hasObjects) {
        report(
            Rule.KEYSPACE_UNDEFINED,
            "Keyspace '" + name.asInternal() + "' is used but not defined in this model",
            ref);
      }
    }
    if (ks.definition() != null) {
      replication(ks.definition().replication(), ref);
    }
    types(ks);
    for (Table table : ks.tables()) {
      Remembered last = memo == null ? null : memo.last.get(table);
      if (last != null
          && java.util.Objects.equals(last.keyspace(), ks.name())
          && last.types() == ks.types()) {
        problems.addAll(last.problems());
        remembered.put(table, last);
        continue;
      }
      int from = problems.size();
      table(ks, table);
      if (remembered != null) {
        remembered.put(
            table,
            new Remembered(
                ks.name(), ks.types(), List.copyOf(problems.subList(from, problems.size()))));
      }
    }
    Set<String> seenIndexTargets = new HashSet<>();
    for (SecondaryIndex index : ks.indexes()) {
      index(ks, index, seenIndexTargets);
    }
    for (MaterializedView view : ks.views()) {
      view(ks, view);
    }
  }

  private void replication(Replication replication, ElementRef ref) {
    String strategy = replication.strategy();
    SortedMap<String, String> options = replication.options();
    if (strategy.equals("SimpleStrategy")) {
      // Without replication_factor, Cassandra 5.0 takes the node's default_keyspace_rf.
      options.keySet().stream()
          .filter(k -> !k.equals("replication_factor"))
          .forEach(
              k ->
                  report(
                      Rule.OPTION_INVALID,
                      "Unrecognized strategy option {" + k + "} passed to SimpleStrategy",
                      ref));
    }
    if (strategy.equals("SimpleStrategy") || strategy.equals("NetworkTopologyStrategy")) {
      options.forEach(
          (k, v) -> {
            if (!REPLICA_COUNT.matcher(v).matches()) {
              report(
                  Rule.OPTION_INVALID,
                  "Replication factor must be a non-negative integer (or n/transient); found '"
                      + v
                      + "' for "
                      + k,
                  ref);
            }
          });
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Types

  private void types(Keyspace ks) {
    Map<CqlIdentifier, UserType> byName = new LinkedHashMap<>();
    ks.types().forEach(t -> byName.putIfAbsent(t.name(), t));
    typeNames = byName.keySet();
    Set<CqlIdentifier> cyclic = UserType.cyclic(byName);
    for (UserType type : ks.types()) {
      ElementRef typeRef = ElementRef.type(ks.name(), type.name());
      Set<CqlIdentifier> seen = new HashSet<>();
      for (UserType.Field field : type.fields()) {
        ElementRef ref = ElementRef.field(ks.name(), type.name(), field.name());
        if (!seen.add(field.name())) {
          report(
              Rule.UDT_DUPLICATE_FIELD,
              "Duplicate field name " + field.name().asCql() + " in type " + type.name().asCql(),
              ref);
        }
        CqlType t = field.type();
        if (t.anyMatch(x -> x == NativeType.COUNTER)) {
          report(Rule.UDT_COUNTER, "A user type cannot contain counters", ref);
        } else {
          nestedTypeChecks(t, ref);
        }
        if (t instanceof UserTypeRef udt && !udt.frozen()) {
          report(
              Rule.UDT_NON_FROZEN_UDT,
              "A user type cannot contain non-frozen UDTs (field "
                  + field.name().asCql()
                  + " is "
                  + t.asCql()
                  + "; write frozen<"
                  + t.asCql()
                  + ">)",
              ref);
        }
        resolveTypes(ks, t, ref);
      }
      // A second type of the same name is not in the graph: asked alone (rare, itself an error).
      boolean usesItself =
          byName.get(type.name()) == type
              ? cyclic.contains(type.name())
              : type.fields().stream()
                  .anyMatch(f -> UserType.uses(f.type(), type.name(), byName::get));
      if (usesItself) {
        report(
            Rule.UDT_CYCLE,
            "Type " + type.name().asCql() + " refers to itself (directly or through other types)",
            typeRef);
      }
    }
  }

  /** Unknown UDTs and UDTs of another keyspace, at any depth. */
  private void resolveTypes(Keyspace ks, CqlType type, ElementRef ref) {
    type.anyMatch(
        t -> {
          if (t instanceof UserTypeRef udt) {
            if (udt.keyspace() != null && !udt.keyspace().equals(ks.name())) {
              report(
                  Rule.TYPE_OTHER_KEYSPACE,
                  "Statement on keyspace "
                      + keyspaceLabel(ks.name())
                      + " cannot refer to a user type in keyspace "
                      + udt.keyspace().asInternal()
                      + "; user types can only be used in the keyspace they are defined in",
                  ref);
            } else if (!typeNames.contains(udt.name())) {
              report(
                  Rule.TYPE_UNKNOWN,
                  "Unknown type " + keyspaceLabel(ks.name()) + "." + udt.name().asInternal(),
                  ref);
            }
          }
          return false;
        });
  }

  private static String keyspaceLabel(CqlIdentifier ks) {
    return ks == null ? "(unnamed)" : ks.asInternal();
  }

  /**
   * The checks Cassandra's {@code CQL3Type.Raw} makes on nested types: frozen inner collections and
   * UDTs, no durations in sets or as map keys, no counters inside, positive vector dimensions.
   */
  private void nestedTypeChecks(CqlType type, ElementRef ref) {
    if (type instanceof CollectionType collection) {
      for (CqlType child : collection.children()) {
        if (child.isMultiCell()) {
          boolean udt = child instanceof UserTypeRef;
          report(
              Rule.TYPE_NESTED_NON_FROZEN,
              (udt
                      ? "Non-frozen UDTs are not allowed inside collections: "
                      : "Non-frozen collections are not allowed inside collections: ")
                  + type.asCql(),
              ref);
        }
        if (child == NativeType.COUNTER) {
          report(
              Rule.COUNTER_NESTED,
              "Counters are not allowed inside collections: " + type.asCql(),
              ref);
        }
      }
      if (collection instanceof CollectionType.SetType set
          && set.element() == NativeType.DURATION) {
        report(
            Rule.TYPE_DURATION_SET_OR_KEY,
            "Durations are not allowed inside sets: " + type.asCql(),
            ref);
      }
      if (collection instanceof CollectionType.MapType map && map.key() == NativeType.DURATION) {
        report(
            Rule.TYPE_DURATION_SET_OR_KEY,
            "Durations are not allowed as map keys: " + type.asCql(),
            ref);
      }
    }
    if (type instanceof TupleType tuple && tuple.components().contains(NativeType.COUNTER)) {
      report(Rule.COUNTER_NESTED, "Counters are not allowed inside tuples", ref);
    }
    if (type instanceof VectorType vector) {
      if (vector.dimension() <= 0) {
        report(
            Rule.VECTOR_DIMENSION,
            "vectors may only have positive dimensions; given " + vector.dimension(),
            ref);
      }
      if (vector.element() == NativeType.COUNTER) {
        report(Rule.COUNTER_NESTED, "Counters are not allowed inside vectors", ref);
      }
    }
    for (CqlType child : type.children()) {
      nestedTypeChecks(child, ref);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Tables

  /** {@code CreateTableStatement.validateCompactTable}, in its order. */
  private void compactShape(Table table, ElementRef ref) {
    List<Column> regular =
        table.columns().stream().filter(c -> !table.primaryKey().isKeyColumn(c.name())).toList();
    String message = null;
    if (table.columns().stream()
        .anyMatch(
            c ->
                (c.type() instanceof CollectionType || c.type() instanceof UserTypeRef)
                    && !c.type().isFrozen())) {
      message = "Non-frozen collections and UDTs are not supported with COMPACT STORAGE";
    } else if (regular.stream().anyMatch(Column::isStatic)) {
      message = "Static columns are not supported in COMPACT STORAGE tables";
    } else if (!table.primaryKey().clustering().isEmpty() && regular.size() > 1) {
      message =
          "COMPACT STORAGE with composite PRIMARY KEY allows no more than one column not part of"
              + " the PRIMARY KEY (got: "
              + String.join(", ", regular.stream().map(c -> c.name().asCql()).toList())
              + ")";
    } else if (regular.isEmpty() && table.primaryKey().clustering().isEmpty()) {
      message = "No definition found that is not part of the PRIMARY KEY";
    }
    if (message != null) {
      report(Rule.COMPACT_STORAGE_SHAPE, message, ref);
    }
  }

  private void table(Keyspace ks, Table table) {
    ElementRef tableRef = ElementRef.table(ks.name(), table.name());
    checkName("Table", table.name(), tableRef);
    if (table.options().compactStorage()) {
      compactShape(table, tableRef);
    }
    Set<CqlIdentifier> declared = new HashSet<>();
    for (Column column : table.columns()) {
      if (!declared.add(column.name())) {
        report(
            Rule.COLUMN_DUPLICATE,
            "Duplicate column '"
                + column.name().asInternal()
                + "' declaration for table '"
                + table.name().asInternal()
                + "'",
            column(ks, table, column.name()));
      }
    }
    var key = table.primaryKey();
    if (key.partitionKey().isEmpty()) {
      report(
          Rule.KEY_MISSING,
          "No PRIMARY KEY specifed for table '"
              + table.name().asInternal()
              + "' (exactly one required)",
          tableRef);
    }
    Set<CqlIdentifier> keySeen = new HashSet<>();
    for (CqlIdentifier keyColumn : key.allColumns()) {
      if (!keySeen.add(keyColumn)) {
        report(
            Rule.KEY_DUPLICATE_COLUMN,
            "Duplicate column '"
                + keyColumn.asInternal()
                + "' in PRIMARY KEY clause for table '"
                + table.name().asInternal()
                + "'",
            column(ks, table, keyColumn));
        continue;
      }
      Optional<Column> column = table.column(keyColumn);
      if (column.isEmpty()) {
        report(
            Rule.KEY_UNKNOWN_COLUMN,
            "Unknown column '"
                + keyColumn.asInternal()
                + "' referenced in PRIMARY KEY for table '"
                + table.name().asInternal()
                + "'",
            tableRef);
        continue;
      }
      keyColumnChecks(ks, table, column.get());
    }
    boolean hasClustering = !key.clustering().isEmpty();
    boolean hasCounter = false;
    boolean hasNonCounter = false;
    for (Column column : table.columns()) {
      ElementRef ref = column(ks, table, column.name());
      boolean isKey = key.isKeyColumn(column.name());
      if (column.isStatic() && !isKey && !hasClustering) {
        report(
            Rule.STATIC_NO_CLUSTERING,
            "Static column "
                + column.name().asCql()
                + " is only useful (and thus allowed) if the table has at least one clustering"
                + " column",
            ref);
      }
      if (!isKey) {
        if (column.type() == NativeType.COUNTER) {
          hasCounter = true;
        } else {
          hasNonCounter = true;
        }
      }
      nestedTypeChecks(column.type(), ref);
      resolveTypes(ks, column.type(), ref);
      if (column.type() instanceof UserTypeRef udt && !udt.frozen()) {
        ks.type(udt.name())
            .filter(t -> t.fields().stream().anyMatch(f -> f.type().isMultiCell()))
            .ifPresent(
                t ->
                    report(
                        Rule.TYPE_UDT_NESTED_COLLECTION,
                        "Non-frozen UDTs with nested non-frozen collections are not supported"
                            + " (column "
                            + column.name().asCql()
                            + " of type "
                            + udt.asCql()
                            + ")",
                        ref));
      }
    }
    if (hasCounter && hasNonCounter) {
      report(
          Rule.COUNTER_MIXED,
          "Cannot mix counter and non counter columns in the same table",
          tableRef);
    }
    if (hasCounter && table.options().defaultTimeToLive().orElse(0) > 0) {
      report(
          Rule.COUNTER_TTL,
          "Cannot set default_time_to_live on a table with counters",
          option(tableRef, KnownOption.DEFAULT_TIME_TO_LIVE.cqlName()));
    }
    options(table.options(), tableRef);
  }

  private void keyColumnChecks(Keyspace ks, Table table, Column column) {
    ElementRef ref = column(ks, table, column.name());
    CqlType type = column.type();
    if (column.isStatic()) {
      report(
          Rule.STATIC_IN_KEY,
          "Static column '" + column.name().asInternal() + "' cannot be part of the PRIMARY KEY",
          ref);
    }
    keyTypeChecks(column, ref);
  }

  /**
   * The type rules of a primary key column ({@code CreateTableStatement}, {@code
   * CreateViewStatement}).
   */
  private void keyTypeChecks(Column column, ElementRef ref) {
    CqlType type = column.type();
    if (type.isMultiCell()) {
      String what = type instanceof UserTypeRef ? "user-defined type" : "collection type";
      report(
          Rule.KEY_NON_FROZEN,
          "Invalid non-frozen "
              + what
              + " "
              + type.asCql()
              + " for PRIMARY KEY column '"
              + column.name().asInternal()
              + "'",
          ref);
    }
    if (type == NativeType.COUNTER) {
      report(
          Rule.KEY_COUNTER,
          "counter type is not supported for PRIMARY KEY column '"
              + column.name().asInternal()
              + "'",
          ref);
    }
    if (type.anyMatch(t -> t == NativeType.DURATION)) {
      report(
          Rule.KEY_DURATION,
          "duration type is not supported for PRIMARY KEY column '"
              + column.name().asInternal()
              + "'",
          ref);
    }
  }

  private void options(TableOptions options, ElementRef owner) {
    if (options.compactStorage()) {
      report(
          Rule.COMPACT_STORAGE,
          "COMPACT STORAGE is deprecated; Cassandra 5.0 creates the table while the"
              + " compact_tables_enabled guardrail allows it (on by default)",
          option(owner, "compact storage"));
    }
    options
        .values()
        .forEach(
            (name, value) -> {
              ElementRef ref = option(owner, name);
              Optional<KnownOption> known = KnownOption.fromName(name);
              if (known.isEmpty()) {
                report(Rule.OPTION_UNKNOWN, "Unknown property '" + name + "'", ref);
                return;
              }
              if (known.get().status() == KnownOption.Status.REMOVED) {
                report(
                    Rule.OPTION_REMOVED,
                    "Option '"
                        + name
                        + "' was "
                        + known.get().removal()
                        + "; Cassandra 5.0 rejects it as an unknown property",
                    ref);
                return;
              }
              optionValue(known.get(), value, ref);
            });
  }

  private void optionValue(KnownOption option, OptionValue value, ElementRef ref) {
    switch (option) {
      case COMPACTION -> {
        if (!(value instanceof OptionValue.MapValue map)) {
          report(Rule.OPTION_INVALID, "Option 'compaction' must be a map", ref);
          return;
        }
        String cls = map.entries().get("class");
        Optional<SubOptions.Strategy> strategy =
            cls == null ? Optional.empty() : SubOptions.Strategy.of(cls);
        if (cls == null) {
          report(
              Rule.OPTION_INVALID, "Missing sub-option 'class' for the 'compaction' option.", ref);
        } else if (cls.endsWith("DateTieredCompactionStrategy")) {
          report(
              Rule.OPTION_REMOVED,
              "DateTieredCompactionStrategy was removed in Cassandra 5.0 (use"
                  + " TimeWindowCompactionStrategy); Cassandra 5.0 cannot find the class",
              ref);
        } else if (strategy.isEmpty()) {
          report(
              Rule.OPTION_INVALID,
              "Unable to find compaction strategy class '"
                  + cls
                  + "' (Cassandra 5.0 has "
                  + String.join(
                      ", ",
                      java.util.Arrays.stream(SubOptions.Strategy.values())
                          .map(SubOptions.Strategy::className)
                          .sorted()
                          .toList())
                  + ")",
              ref);
        } else {
          compactionSubOptions(strategy.get(), map.entries(), ref);
        }
      }
      case COMPRESSION -> {
        if (!(value instanceof OptionValue.MapValue map)) {
          report(Rule.OPTION_INVALID, "Option 'compression' must be a map", ref);
          return;
        }
        var entries = map.entries();
        boolean disabled = "false".equalsIgnoreCase(entries.getOrDefault("enabled", "true"));
        if (!entries.containsKey("class") && !disabled) {
          report(
              Rule.OPTION_INVALID,
              "Missing sub-option 'class' for the 'compression' option."
                  + (entries.containsKey("sstable_compression")
                      ? " ('sstable_compression' is the pre-3.0 name of 'class')"
                      : ""),
              ref);
        } else {
          compressionSubOptions(entries, disabled, ref);
        }
      }
      case CACHING -> {
        if (!(value instanceof OptionValue.MapValue map)) {
          report(Rule.OPTION_INVALID, "Option 'caching' must be a map", ref);
          return;
        }
        caching(map.entries(), ref);
      }
      case EXTENSIONS -> {
        if (!(value instanceof OptionValue.MapValue)) {
          report(Rule.OPTION_INVALID, "Option 'extensions' must be a map", ref);
        }
      }
      case SPECULATIVE_RETRY, ADDITIONAL_WRITE_POLICY -> {
        String text = value instanceof OptionValue.Text t ? t.value() : value.asCql();
        String why = speculativeRetry(text.trim());
        if (why != null) {
          report(
              Rule.OPTION_INVALID,
              "Invalid value " + text + " for option '" + option.cqlName() + "': " + why,
              ref);
        }
      }
      case CDC, INCREMENTAL_BACKUPS, ALLOW_AUTO_SNAPSHOT -> {
        String text = plain(value);
        if (!BOOLEAN_WORDS.contains(text.toLowerCase(java.util.Locale.ROOT))) {
          // TableAttributes.getBoolean.
          report(
              Rule.OPTION_INVALID,
              "Invalid boolean value "
                  + text
                  + " for '"
                  + option.cqlName()
                  + "': true, yes or 1, false, no or 0",
              ref);
        }
      }
      case READ_REPAIR -> {
        String text = plain(value);
        if (!(value instanceof OptionValue.Text)
            || !(text.equalsIgnoreCase("BLOCKING") || text.equalsIgnoreCase("NONE"))) {
          // ReadRepairStrategy.fromString: "No enum constant ...".
          report(
              Rule.OPTION_INVALID,
              "Invalid value " + value.asCql() + " for 'read_repair': 'BLOCKING' or 'NONE'",
              ref);
        }
      }
      case MEMTABLE -> {
        String text = plain(value);
        if (!text.equals("default")) {
          // MemtableParams.get: only 'default' exists without memtable.configurations.
          report(
              Rule.MEMTABLE_CONFIGURATION,
              "Memtable configuration \""
                  + text
                  + "\" must be defined in the node's cassandra.yaml (memtable.configurations);"
                  + " only 'default' exists on every node, and the stock cassandra.yaml of 5.0"
                  + " defines 'skiplist' and 'trie' too",
              ref);
        }
      }
      case BLOOM_FILTER_FP_CHANCE,
          CRC_CHECK_CHANCE,
          DEFAULT_TIME_TO_LIVE,
          GC_GRACE_SECONDS,
          MAX_INDEX_INTERVAL,
          MIN_INDEX_INTERVAL,
          MEMTABLE_FLUSH_PERIOD_IN_MS -> {
        String text =
            value instanceof OptionValue.Number n
                ? n.literal()
                : value instanceof OptionValue.Text t ? t.value() : null;
        if (text == null || !NUMBER.matcher(text.trim()).matches()) {
          report(
              Rule.OPTION_INVALID,
              "Option '" + option.cqlName() + "' must be a number, found " + value.asCql(),
              ref);
        } else {
          java.math.BigDecimal number;
          try {
            number = new java.math.BigDecimal(text.trim());
          } catch (NumberFormatException e) { // an exponent beyond an int: 91e4004608000
            report(
                Rule.OPTION_INVALID,
                "Option '" + option.cqlName() + "' is out of range: " + text.trim(),
                ref);
            return;
          }
          numericRange(option, number, text.trim(), ref);
        }
      }
      default -> {}
    }
  }

  /** The spellings of a boolean table option ({@code TableAttributes.getBoolean}). */
  private static final Set<String> BOOLEAN_WORDS = Set.of("true", "yes", "1", "false", "no", "0");

  /** An option's value as the node reads it: a text's content, else its CQL. */
  private static String plain(OptionValue value) {
    return value instanceof OptionValue.Text t ? t.value() : value.asCql();
  }

  /** A percentile ({@code 99p}, {@code 99.9PERCENTILE}) or a time ({@code 50ms}). */
  private static final Pattern RETRY_VALUE =
      Pattern.compile("(?i)(\\d+(?:\\.\\d+)?)(p|percentile|ms)");

  private static final Pattern RETRY_HYBRID =
      Pattern.compile("(?i)(min|max)\\s*\\(\\s*([^,()]+?)\\s*,\\s*([^,()]+?)\\s*\\)");

  /**
   * Why {@code SpeculativeRetryPolicy.fromString} refuses a value, or null when it takes it: {@code
   * ALWAYS}, {@code NEVER}, {@code NONE}, a percentile between 0 and 100 (both excluded), a time in
   * milliseconds, or MIN/MAX of a percentile and a time.
   */
  static String speculativeRetry(String text) {
    String usage =
        "ALWAYS, NEVER, NONE, a percentile such as '99p', a time such as '50ms', or MIN(...)/MAX(...)"
            + " of a percentile and a time";
    if (text.equalsIgnoreCase("always")
        || text.equalsIgnoreCase("never")
        || text.equalsIgnoreCase("none")) {
      return null;
    }
    Matcher hybrid = RETRY_HYBRID.matcher(text);
    if (hybrid.matches()) {
      Matcher a = RETRY_VALUE.matcher(hybrid.group(2));
      Matcher b = RETRY_VALUE.matcher(hybrid.group(3));
      if (!a.matches() || !b.matches()) {
        return usage;
      }
      boolean aTime = a.group(2).equalsIgnoreCase("ms");
      if (aTime == b.group(2).equalsIgnoreCase("ms")) {
        return "MIN()/MAX() arguments should be of different types, but both are "
            + (aTime ? "times" : "percentiles");
      }
      String p = percentileRange(aTime ? b : a);
      return p;
    }
    Matcher simple = RETRY_VALUE.matcher(text);
    if (!simple.matches()) {
      return usage;
    }
    return simple.group(2).equalsIgnoreCase("ms") ? null : percentileRange(simple);
  }

  private static String percentileRange(Matcher percentile) {
    double p = Double.parseDouble(percentile.group(1));
    return p > 0 && p < 100 ? null : "a percentile must be between 0 and 100 (both excluded)";
  }

  /**
   * The sub-options of a compaction strategy Cassandra 5.0 ships: only those it understands ({@code
   * AbstractCompactionStrategy.validateOptions}: "Properties specified [...] are not understood by
   * ..."), {@code enabled} a boolean, the thresholds integers from 2 with the minimum not above the
   * maximum ({@code CompactionParams}), a time window in whole minutes, hours or days ({@code
   * TimeWindowCompactionStrategyOptions}), a positive leveled sstable size and fan-out ({@code
   * LeveledCompactionStrategy}).
   */
  private void compactionSubOptions(
      SubOptions.Strategy strategy, Map<String, String> entries, ElementRef ref) {
    java.util.SortedSet<String> unknown = strategy.notUnderstood(entries);
    if (!unknown.isEmpty()) {
      report(
          Rule.OPTION_INVALID,
          "Properties specified "
              + unknown
              + " are not understood by "
              + strategy.className()
              + closest(unknown, strategy.subOptions().keySet()),
          ref);
    }
    String enabled = entries.get("enabled");
    if (enabled != null
        && !enabled.equalsIgnoreCase("true")
        && !enabled.equalsIgnoreCase("false")) {
      report(
          Rule.OPTION_INVALID, "enabled should either be 'true' or 'false', not " + enabled, ref);
    }
    if (strategy.hasThresholds()) {
      Integer min = thresholdValue(entries, "min_threshold", 4, ref);
      Integer max = thresholdValue(entries, "max_threshold", 32, ref);
      if (min != null && min < 2) {
        report(
            Rule.OPTION_INVALID,
            "Min compaction threshold cannot be less than 2 (got " + min + "; min_threshold)",
            ref);
      } else if (min != null && max != null && min > max) {
        report(
            Rule.OPTION_INVALID,
            "Min compaction threshold (got "
                + min
                + ") cannot be greater than max compaction threshold (got "
                + max
                + "; min_threshold, max_threshold)",
            ref);
      }
    }
    if (strategy == SubOptions.Strategy.TIME_WINDOW) {
      String unit = entries.get("compaction_window_unit");
      if (unit != null && !SubOptions.WINDOW_UNITS.contains(unit)) {
        report(
            Rule.OPTION_INVALID,
            unit
                + " is not valid for compaction_window_unit (one of "
                + String.join(", ", SubOptions.WINDOW_UNITS)
                + ", in capitals)",
            ref);
      }
      positiveInt(entries, "compaction_window_size", ref);
    }
    if (strategy == SubOptions.Strategy.LEVELED) {
      positiveInt(entries, "sstable_size_in_mb", ref);
      positiveInt(entries, "fanout_size", ref);
    }
    compactionValues(strategy, entries, ref);
  }

  /**
   * The values of the other sub-options, parsed as Cassandra 5.0.9 parses them (the JDK's own
   * number parsing, so the same strings pass): tombstone settings and logging for every strategy;
   * sstable sizes and buckets for the size-tiered family; the timestamp resolution and expiry check
   * of time-window compaction; shard count, growth, overlap method, scaling parameters and sizes
   * with units of the unified one.
   */
  private void compactionValues(
      SubOptions.Strategy strategy, Map<String, String> entries, ElementRef ref) {
    Double tombstones = number(entries, "tombstone_threshold", Double::parseDouble, ref);
    if (tombstones != null && tombstones < 0) {
      report(
          Rule.OPTION_INVALID,
          "tombstone_threshold must be greater than 0, but was "
              + entries.get("tombstone_threshold"),
          ref);
    }
    atLeast(entries, "tombstone_compaction_interval", 0, ref);
    for (String flag :
        List.of(
            "unchecked_tombstone_compaction", "log_all", "unsafe_aggressive_sstable_expiration")) {
      String v = entries.get(flag);
      if (v != null && !v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
        report(
            Rule.OPTION_INVALID,
            "'" + flag + "' should be either 'true' or 'false', not " + v,
            ref);
      }
    }
    oneOf(entries, "provide_overlapping_tombstones", SubOptions.OVERLAPPING_TOMBSTONES, true, ref);
    if (strategy.hasThresholds()) {
      atLeast(entries, "min_sstable_size", 0, ref);
      Double low = number(entries, "bucket_low", Double::parseDouble, ref);
      Double high = number(entries, "bucket_high", Double::parseDouble, ref);
      double lowValue = low == null ? 0.5 : low;
      double highValue = high == null ? 1.5 : high;
      if ((low != null || !entries.containsKey("bucket_low"))
          && (high != null || !entries.containsKey("bucket_high"))
          && highValue <= lowValue) {
        report(
            Rule.OPTION_INVALID,
            "bucket_high value ("
                + highValue
                + ") is less than or equal to the bucket_low value ("
                + lowValue
                + ")",
            ref);
      }
    }
    if (strategy == SubOptions.Strategy.TIME_WINDOW) {
      oneOf(entries, "timestamp_resolution", SubOptions.TIMESTAMP_RESOLUTIONS, false, ref);
      atLeast(entries, "expired_sstable_check_frequency_seconds", 0, ref);
      if ("true".equalsIgnoreCase(entries.get("unsafe_aggressive_sstable_expiration"))) {
        report(
            Rule.COMPACTION_UNSAFE_EXPIRATION,
            "unsafe_aggressive_sstable_expiration is requested: the node must be started with"
                + " -Dcassandra.allow_unsafe_aggressive_sstable_expiration=true",
            ref);
      }
    }
    if (strategy == SubOptions.Strategy.UNIFIED) {
      atLeast(entries, "expired_sstable_check_frequency_seconds", 1, ref);
      atLeast(entries, "base_shard_count", 1, ref);
      Double growth = number(entries, "sstable_growth", Double::parseDouble, ref);
      if (growth != null && (growth < 0 || growth > 1)) {
        report(
            Rule.OPTION_INVALID,
            "sstable_growth " + entries.get("sstable_growth") + " must be between 0 and 1",
            ref);
      }
      oneOf(entries, "overlap_inclusion_method", SubOptions.OVERLAP_INCLUSION, true, ref);
      number(entries, "max_sstables_to_compact", Integer::parseInt, ref);
      size(entries, "target_sstable_size", MIB, ref);
      size(entries, "flush_size_override", MIB, ref);
      size(entries, "min_sstable_size", 0, ref);
      String scaling = entries.get("scaling_parameters");
      if (scaling != null) {
        for (String part : scaling.split(",", -1)) {
          if (!SCALING_PARAMETER.matcher(part.strip()).matches()) {
            report(
                Rule.OPTION_INVALID,
                "Scaling parameter " + part.strip() + " must match N|L[0-9]+|T[0-9]+|[+-]?[0-9]+",
                ref);
          }
        }
      }
    }
  }

  private static final double MIB = 1024 * 1024;

  /**
   * A size as {@code UnifiedCompactionStrategy} reads it ({@code FBUtilities.parseHumanReadable}):
   * a number (decimals and exponents allowed), spaces, a case-sensitive prefix (m, K, M, G, T, P,
   * E; with {@code i}, powers of 1024) and {@code B}. Probed on 5.0.9: {@code 1 GiB}, {@code 1GB},
   * {@code 1e3MiB} pass; {@code 1gB}, {@code 1kB}, {@code 1G}, a space before or after do not.
   */
  private static final Pattern SIZE =
      Pattern.compile("([+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?) *([mKMGTPE]?)(i?)B");

  /** A UCS size sub-option, when given, reads as a size and is at least {@code min} bytes. */
  private void size(Map<String, String> entries, String name, double min, ElementRef ref) {
    String v = entries.get(name);
    if (v == null) {
      return;
    }
    java.util.regex.Matcher m = SIZE.matcher(v);
    if (!m.matches() || (m.group(2).equals("m") && !m.group(3).isEmpty())) {
      report(
          Rule.OPTION_INVALID,
          name
              + " "
              + v
              + " is not a valid size in bytes (a number and a unit such as B, KiB, MiB, GiB, MB,"
              + " GB)",
          ref);
      return;
    }
    int power = "mKMGTPE".indexOf(m.group(2).isEmpty() ? "_" : m.group(2));
    double base = m.group(3).isEmpty() ? 1000 : 1024;
    double bytes =
        Double.parseDouble(m.group(1))
            * (m.group(2).isEmpty() ? 1 : m.group(2).equals("m") ? 1e-3 : Math.pow(base, power));
    if (bytes < min) {
      report(
          Rule.OPTION_INVALID,
          name
              + " "
              + v
              + (min > 0
                  ? " is not acceptable, size must be at least 1MiB"
                  : " must be greater than or equal to 0"),
          ref);
    }
  }

  /** {@code UnifiedCompactionStrategy}'s scaling parameter: none, levelled, tiered or a number. */
  private static final Pattern SCALING_PARAMETER = Pattern.compile("N|L[0-9]+|T[0-9]+|[+-]?[0-9]+");

  /** A sub-option parsed as Cassandra parses it, or null (reported) when it does not parse. */
  private <T> T number(
      Map<String, String> entries,
      String name,
      java.util.function.Function<String, T> parse,
      ElementRef ref) {
    String v = entries.get(name);
    if (v == null) {
      return null;
    }
    try {
      return parse.apply(v);
    } catch (NumberFormatException e) {
      report(Rule.OPTION_INVALID, v + " is not a number for " + name, ref);
      return null;
    }
  }

  /** A whole-number sub-option, when given, parses (as a long) and is at least {@code min}. */
  private void atLeast(Map<String, String> entries, String name, long min, ElementRef ref) {
    Long v = number(entries, name, Long::parseLong, ref);
    if (v != null && v < min) {
      report(
          Rule.OPTION_INVALID,
          name + " must be " + (min == 0 ? "non negative" : "positive") + ", but was " + v,
          ref);
    }
  }

  /** A sub-option, when given, is one of {@code values} (ignoring case when so told). */
  private void oneOf(
      Map<String, String> entries,
      String name,
      List<String> values,
      boolean ignoreCase,
      ElementRef ref) {
    String v = entries.get(name);
    if (v != null
        && values.stream().noneMatch(x -> ignoreCase ? x.equalsIgnoreCase(v) : x.equals(v))) {
      report(
          Rule.OPTION_INVALID,
          "Invalid value " + v + " for '" + name + "': one of " + String.join(", ", values),
          ref);
    }
  }

  /**
   * " (did you mean x?)" when a name not understood is a misspelling of one that is (at most two
   * letters apart), else nothing.
   */
  private static String closest(java.util.Collection<String> unknown, java.util.Set<String> known) {
    for (String u : unknown) {
      for (String k : known) {
        if (distance(u, k, 2) <= 2) {
          return " (did you mean " + k + "?)";
        }
      }
    }
    return "";
  }

  /**
   * The edit distance between two names, as a typo makes it: insertions, deletions, substitutions
   * and swaps of two neighbouring characters ({@code emial} is one edit from {@code email}; the
   * optimal string alignment distance, Levenshtein's with transpositions). How far a sub-option not
   * understood is from one that is here, an unknown entity, column, type or option from one there.
   *
   * <p>Only near names matter to its callers, so it stops as soon as the distance is over {@code
   * limit}: names whose lengths differ by more are not compared at all, and a row of the table
   * whose every cell is over it ends the comparison (no later row is smaller). A name of a million
   * characters is then compared with a short one in time proportional to the short one's length
   * times {@code limit}, not to their product.
   *
   * @param a a name, not null
   * @param b another, not null
   * @param limit the largest distance of interest, 0 or more
   * @return the number of single edits from one to the other (0 for equal names) when at most
   *     {@code limit}, else {@code limit + 1}
   * @throws IllegalArgumentException when {@code limit} is negative
   */
  public static int distance(String a, String b, int limit) {
    if (limit < 0) {
      throw new IllegalArgumentException("limit " + limit + " is negative");
    }
    int over = limit == Integer.MAX_VALUE ? limit : limit + 1;
    if (Math.abs(a.length() - b.length()) > limit) {
      return over;
    }
    int[] before = new int[b.length() + 1];
    int[] previous = new int[b.length() + 1];
    int[] row = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      row[0] = i;
      int smallest = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int d = Math.min(Math.min(previous[j] + 1, row[j - 1] + 1), previous[j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d = Math.min(d, before[j - 2] + 1);
        }
        row[j] = d;
        smallest = Math.min(smallest, d);
      }
      if (smallest > limit) {
        return over;
      }
      int[] spare = before;
      before = previous;
      previous = row;
      row = spare;
    }
    return Math.min(previous[b.length()], over);
  }

  /**
   * A threshold sub-option as an integer: its default when absent, null (reported) when it is not
   * an integer.
   */
  private Integer thresholdValue(
      Map<String, String> entries, String name, int fallback, ElementRef ref) {
    String v = entries.get(name);
    if (v == null) {
      return fallback;
    }
    Integer n = integer(v); // as Cassandra: " 4" is not an integer
    if (n == null) {
      report(
          Rule.OPTION_INVALID,
          "Invalid value " + v + " for '" + name + "' compaction sub-option - must be an integer",
          ref);
    }
    return n;
  }

  /** An integer sub-option, when given, is one (base 10) and at least 1. */
  private void positiveInt(Map<String, String> entries, String name, ElementRef ref) {
    String v = entries.get(name);
    if (v == null) {
      return;
    }
    Integer n = integer(v);
    if (n == null) {
      report(Rule.OPTION_INVALID, v + " is not a parsable int (base10) for " + name, ref);
    } else if (n < 1) {
      report(Rule.OPTION_INVALID, name + " must be at least 1, but was " + n, ref);
    }
  }

  /**
   * The sub-options of {@code compression} ({@code CompressionParams.fromMap}): nothing beside
   * {@code enabled = false}; a compressor Cassandra 5.0 ships; only the options it understands; a
   * chunk length that is a power of 2.
   */
  private void compressionSubOptions(
      Map<String, String> entries, boolean disabled, ElementRef ref) {
    if (disabled) {
      if (entries.size() > 1) {
        report(
            Rule.OPTION_INVALID,
            "If the 'enabled' option is set to false no other options must be specified",
            ref);
      }
      return;
    }
    String cls = entries.get("class");
    Optional<SubOptions.Compressor> compressor = SubOptions.Compressor.of(cls);
    if (compressor.isEmpty()) {
      report(
          Rule.OPTION_INVALID,
          "Could not create Compression for type "
              + (cls.contains(".") ? cls : SubOptions.COMPRESSION_PACKAGE + cls)
              + " (Cassandra 5.0 has "
              + String.join(
                  ", ",
                  java.util.Arrays.stream(SubOptions.Compressor.values())
                      .map(SubOptions.Compressor::className)
                      .toList())
              + ")",
          ref);
      return;
    }
    java.util.SortedSet<String> unknown = compressor.get().notUnderstood(entries);
    if (!unknown.isEmpty()) {
      report(
          Rule.OPTION_INVALID,
          "Unknown compression options "
              + String.join(", ", unknown)
              + (unknown.contains("crc_check_chance")
                  ? " (crc_check_chance is a table option since Cassandra 3.0)"
                  : ""),
          ref);
    }
    compressionValues(compressor.get(), entries, ref);
  }

  /**
   * The values of compression options as {@code CompressionParams} and the compressors read them
   * (probed on 5.0.9): a chunk length in KiB, a power of 2 up to 1,048,576; a minimum ratio of 0 or
   * at least 1; Zstd's level from -131072 to 22; LZ4's type {@code fast} or {@code high} and its
   * high level from 1 to 17. Integers as {@code Integer.parseInt} reads them: no spaces, no
   * decimals.
   */
  private void compressionValues(
      SubOptions.Compressor compressor, Map<String, String> entries, ElementRef ref) {
    String chunk = entries.get("chunk_length_in_kb");
    if (chunk != null) {
      Integer kb = integer(chunk);
      if (kb == null) {
        report(Rule.OPTION_INVALID, "Invalid value for chunk_length_in_kb: " + chunk, ref);
      } else if (kb <= 0) {
        report(Rule.OPTION_INVALID, "Invalid negative or null chunk_length_in_kb: " + kb, ref);
      } else if (kb > 1_048_576) {
        report(Rule.OPTION_INVALID, "Value of chunk_length_in_kb is too large (" + kb + ")", ref);
      } else if (Integer.bitCount(kb) != 1) {
        report(Rule.OPTION_INVALID, "chunk_length_in_kb must be a power of 2", ref);
      }
    }
    Double ratio = number(entries, "min_compress_ratio", Double::parseDouble, ref);
    if (ratio != null && ratio < 0) {
      report(Rule.OPTION_INVALID, "Invalid negative min_compress_ratio: " + ratio, ref);
    } else if (ratio != null && ratio > 0 && ratio < 1) {
      report(
          Rule.OPTION_INVALID,
          "min_compress_ratio can either be 0 or greater than or equal to 1 (got " + ratio + ")",
          ref);
    }
    if (compressor == SubOptions.Compressor.ZSTD) {
      intBetween(entries, "compression_level", -131_072, 22, ref);
    }
    if (compressor == SubOptions.Compressor.LZ4) {
      String type = entries.get("lz4_compressor_type");
      if (type != null && !SubOptions.choices("lz4_compressor_type").contains(type)) {
        report(
            Rule.OPTION_INVALID,
            "Invalid compressor type '" + type + "' for 'lz4_compressor_type': fast or high",
            ref);
      }
      intBetween(entries, "lz4_high_compressor_level", 1, 17, ref);
    }
  }

  /** {@code Integer.parseInt}, or null when the text is no integer. */
  private static Integer integer(String text) {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** An integer option, when given, is an integer from {@code min} to {@code max}. */
  private void intBetween(
      Map<String, String> entries, String name, int min, int max, ElementRef ref) {
    String v = entries.get(name);
    if (v == null) {
      return;
    }
    Integer n = integer(v);
    if (n == null || n < min || n > max) {
      report(
          Rule.OPTION_INVALID,
          "Invalid value " + v + " for '" + name + "': an integer from " + min + " to " + max,
          ref);
    }
  }

  /** {@code CachingParams.fromMap}: keys ALL or NONE; rows_per_partition ALL, NONE or a count. */
  private void caching(Map<String, String> entries, ElementRef ref) {
    entries.forEach(
        (key, v) -> {
          switch (key) {
            case "keys" -> {
              if (!v.equalsIgnoreCase("ALL") && !v.equalsIgnoreCase("NONE")) {
                report(
                    Rule.OPTION_INVALID,
                    "Invalid value '"
                        + v
                        + "' for caching sub-option 'keys': only 'ALL' and 'NONE' are allowed",
                    ref);
              }
            }
            case "rows_per_partition" -> {
              if (!v.equalsIgnoreCase("ALL")
                  && !v.equalsIgnoreCase("NONE")
                  && !DIGITS.matcher(v).matches()) {
                report(
                    Rule.OPTION_INVALID,
                    "Invalid value '"
                        + v
                        + "' for caching sub-option 'rows_per_partition': only 'ALL', 'NONE', and"
                        + " integer values are allowed",
                    ref);
              }
            }
            default ->
                report(
                    Rule.OPTION_INVALID,
                    "Invalid caching sub-options {"
                        + key
                        + "}: only 'keys' and 'rows_per_partition' are allowed",
                    ref);
          }
        });
  }

  /** The lowest false-positive chance a bloom filter reaches (excluded). */
  private static final java.math.BigDecimal MIN_FP_CHANCE = new java.math.BigDecimal("6.71E-5");

  /** Maximum TTL in seconds (Cassandra's {@code Attributes.MAX_TTL}, 20 years). */
  private static final long MAX_TTL = 630_720_000L;

  /** The ranges {@code TableParams.validate()} enforces. */
  private void numericRange(
      KnownOption option, java.math.BigDecimal value, String written, ElementRef ref) {
    String name = option.cqlName();
    String problem = null;
    switch (option) {
      case BLOOM_FILTER_FP_CHANCE -> {
        // BloomCalculations.minSupportedBloomFilterFpChance(): 20 buckets per element, 14 hashes.
        if (value.compareTo(MIN_FP_CHANCE) <= 0 || value.compareTo(java.math.BigDecimal.ONE) > 0) {
          problem = name + " must be larger than 6.71E-5 and less than or equal to 1.0";
        }
      }
      case CRC_CHECK_CHANCE -> {
        if (value.signum() < 0 || value.compareTo(java.math.BigDecimal.ONE) > 0) {
          problem = name + " must be larger than or equal to 0 and smaller than or equal to 1.0";
        }
      }
      case DEFAULT_TIME_TO_LIVE -> {
        if (value.signum() < 0) {
          problem = name + " must be greater than or equal to 0";
        } else if (value.compareTo(java.math.BigDecimal.valueOf(MAX_TTL)) > 0) {
          problem = name + " must be less than or equal to " + MAX_TTL;
        }
      }
      case MIN_INDEX_INTERVAL -> {
        if (value.compareTo(java.math.BigDecimal.ONE) < 0) {
          problem = name + " must be greater than or equal to 1";
        }
      }
      default -> {
        if (value.signum() < 0) {
          problem = name + " must be greater than or equal to 0";
        }
      }
    }
    if (problem != null) {
      // As written: toPlainString of 1e999999999 would be a billion digits.
      report(Rule.OPTION_INVALID, problem + " (got " + written + ")", ref);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Indexes

  private void index(Keyspace ks, SecondaryIndex index, Set<String> seenTargets) {
    ElementRef ref = ElementRef.index(ks.name(), index.effectiveName());
    if (index.using() == null && !index.options().isEmpty()) {
      // IndexAttributes.validate, the first step of CreateIndexStatement.apply. An index edited to
      // a regular one in the inspector kept its options: no error, and the node refused it.
      report(Rule.OPTION_INVALID, "Cannot specify options for a non-CUSTOM index", ref);
    }
    List<String> notSai = notSaiOptions(index);
    if (!notSai.isEmpty()) {
      report(
          Rule.OPTION_INVALID,
          "Properties specified " + notSai + " are not understood by StorageAttachedIndex",
          ref);
    }
    if (index.isSasi()) {
      // CreateIndexStatement.validate: before the table is even looked up.
      report(
          Rule.INDEX_SASI_DISABLED,
          "SASI indexes are disabled by default; the node needs sasi_indexes_enabled: true",
          ref);
    }
    Optional<Table> table = ks.table(index.table());
    if (table.isEmpty()) {
      if (ks.view(index.table()).isPresent()) {
        report(
            Rule.INDEX_ON_VIEW, "Secondary indexes are not supported on materialized views", ref);
      } else {
        report(
            Rule.SCHEMA_MISSING, "Table '" + index.table().asInternal() + "' doesn't exist", ref);
      }
      return;
    }
    Table t = table.get();
    if (t.isCounterTable()) {
      report(
          Rule.INDEX_COUNTER_TABLE, "Secondary indexes on counter tables are not supported", ref);
    }
    if (index.isCustom() && !index.isSai() && !index.isSasi() && !index.isLegacyLocalTable()) {
      report(
          Rule.INDEX_CUSTOM_CLASS,
          "Index class '"
              + index.using()
              + "' is not part of Cassandra 5.0: the node needs it on its class path",
          ref);
    }
    if ((index.isSai() || index.isSasi()) && index.targets().isEmpty()) {
      report(
          Rule.INDEX_TARGET_KIND,
          "Failed to retrieve target column for: "
              + index.effectiveName().asInternal()
              + " (an SAI or SASI index indexes one column)",
          ref);
    }
    if (index.name() != null && !NAME.matcher(index.name().asInternal()).matches()) {
      // IndexMetadata.validate: index names are word characters only (no length limit).
      report(
          Rule.NAME_INVALID,
          "Illegal index name "
              + index.name().asInternal()
              + ": index names contain alphanumeric or underscore characters only",
          ref);
    }
    if (!index.isCustom() || index.isLegacyLocalTable()) {
      if (index.targets().isEmpty()) {
        report(
            Rule.INDEX_TARGET_KIND,
            "Only CUSTOM indexes can be created without specifying a target column",
            ref);
      } else if (index.targets().size() > 1) {
        report(Rule.INDEX_TARGET_KIND, "Only CUSTOM indexes support multiple columns", ref);
      }
    }
    for (IndexTarget target : index.targets()) {
      Optional<Column> column = t.column(target.column());
      if (column.isEmpty()) {
        report(
            Rule.INDEX_UNKNOWN_COLUMN,
            "Column '" + target.column().asInternal() + "' doesn't exist",
            ref);
        continue;
      }
      indexTarget(t, column.get(), target, ref);
      if (index.isSai()) {
        saiTarget(ks, index, column.get(), target, ref);
      }
      if (index.isSasi()) {
        // SASIIndex.validateOptions (when the node enables SASI).
        String refusal = SasiMode.read(index.options(), t, column.get()).refusal();
        if (refusal != null) {
          report(Rule.INDEX_SASI_OPTIONS, refusal, ref);
        }
      }
      String signature =
          index.table()
              + "/"
              + target.asCql()
              + "/"
              + String.valueOf(index.using()).toLowerCase(Locale.ROOT);
      if (index.targets().size() == 1 && !seenTargets.add(signature)) {
        report(
            Rule.INDEX_DUPLICATE,
            "Index "
                + index.effectiveName().asCql()
                + " is a duplicate of an existing index on "
                + target.asCql(),
            ref);
      }
    }
  }

  /** Native types a storage-attached index takes ({@code StorageAttachedIndex.SUPPORTED_TYPES}). */
  private static final Set<NativeType> SAI_TYPES =
      Set.of(
          NativeType.ASCII,
          NativeType.BIGINT,
          NativeType.DATE,
          NativeType.DOUBLE,
          NativeType.FLOAT,
          NativeType.INT,
          NativeType.SMALLINT,
          NativeType.TEXT,
          NativeType.TIME,
          NativeType.TIMESTAMP,
          NativeType.TIMEUUID,
          NativeType.TINYINT,
          NativeType.UUID,
          NativeType.INET,
          NativeType.VARINT,
          NativeType.DECIMAL,
          NativeType.BOOLEAN);

  private static final Set<String> VECTOR_OPTIONS =
      Set.of("similarity_function", "source_model", "optimize_for");

  private static Table table(Keyspace ks, SecondaryIndex index) {
    return ks.table(index.table()).orElseThrow();
  }

  /**
   * The options of an SAI index that {@code StorageAttachedIndex.validateOptions} (5.0.9) does not
   * understand, names compared exactly, sorted; empty for another kind of index. The node refuses
   * the index with them ("Properties specified [mode] are not understood by StorageAttachedIndex").
   *
   * @param index an index, not null
   * @return the option names, never null
   */
  public static List<String> notSaiOptions(SecondaryIndex index) {
    if (!index.isSai()) {
      return List.of();
    }
    return index.options().keySet().stream()
        .filter(k -> !SAI_OPTIONS.contains(k))
        .sorted()
        .toList();
  }

  /** {@code StorageAttachedIndex.VALID_OPTIONS} in Cassandra 5.0.9. */
  private static final Set<String> SAI_OPTIONS =
      Set.of(
          "target",
          "class_name",
          "maximum_node_connections",
          "construction_beam_width",
          "similarity_function",
          "optimize_for",
          "case_sensitive",
          "normalize",
          "ascii");

  private static final Set<String> ANALYZER_OPTIONS =
      Set.of("case_sensitive", "normalize", "ascii", "index_analyzer", "query_analyzer");

  /** {@code StorageAttachedIndex.validateOptions}: what an SAI index can index. */
  private void saiTarget(
      Keyspace ks, SecondaryIndex index, Column column, IndexTarget target, ElementRef ref) {
    CqlType type = column.type();
    List<CqlType> terms = new ArrayList<>();
    if (type instanceof CollectionType collection && !type.isFrozen()) {
      switch (target.kind()) {
        case KEYS -> terms.add(collection.children().get(0));
        case ENTRIES -> terms.addAll(collection.children());
        default -> terms.add(collection.children().get(collection.children().size() - 1));
      }
    } else {
      terms.add(type);
    }
    for (CqlType term : terms) {
      boolean supported = term instanceof NativeType n ? SAI_TYPES.contains(n) : term.isFrozen();
      if (!supported) {
        report(Rule.INDEX_SAI_TYPE, "Unsupported type: " + term.asCql(), ref);
      }
    }
    if (type instanceof VectorType vector && vector.element() != NativeType.FLOAT) {
      report(
          Rule.INDEX_SAI_TYPE,
          "SAI ANN indexes are only allowed on vector columns with float elements",
          ref);
    }
    if (!(type instanceof VectorType)
        && index.options().keySet().stream().anyMatch(VECTOR_OPTIONS::contains)) {
      report(Rule.INDEX_SAI_TYPE, "CQL type " + type.asCql() + " cannot have vector options", ref);
    }
    boolean analyzed = index.options().keySet().stream().anyMatch(ANALYZER_OPTIONS::contains);
    if (analyzed && table(ks, index).primaryKey().isKeyColumn(column.name())) {
      report(
          Rule.INDEX_SAI_TYPE,
          "Analysis options are not supported on primary key columns, but found " + index.options(),
          ref);
    } else if (analyzed) {
      // AbstractAnalyzer.fromOptions: only text is analyzed (case_sensitive, normalize, ...).
      for (CqlType term : terms) {
        if (term != NativeType.TEXT && term != NativeType.ASCII) {
          report(
              Rule.INDEX_SAI_TYPE,
              "CQL type "
                  + term.asCql()
                  + " cannot be analyzed: case_sensitive, normalize, ascii and the analyzers are"
                  + " for text columns",
              ref);
        }
      }
    }
    long sameTarget =
        ks.indexesOn(index.table()).stream()
            .filter(SecondaryIndex::isSai)
            .filter(i -> i.targets().stream().anyMatch(t -> sameSaiTarget(t, target, type)))
            .count();
    if (sameTarget > 1
        && ks.indexesOn(index.table()).stream()
            .filter(SecondaryIndex::isSai)
            .filter(i -> i.targets().stream().anyMatch(t -> sameSaiTarget(t, target, type)))
            .findFirst()
            .map(i -> i != index)
            .orElse(false)) {
      report(
          Rule.INDEX_SAI_TYPE,
          "Cannot create more than one storage-attached index on the same column: "
              + column.name().asCql(),
          ref);
    }
  }

  /**
   * Whether two targets index the same thing for SAI (a plain target on a collection means values).
   */
  private static boolean sameSaiTarget(IndexTarget a, IndexTarget b, CqlType type) {
    if (!a.column().equals(b.column())) {
      return false;
    }
    return saiKind(a, type) == saiKind(b, type);
  }

  private static IndexTarget.Kind saiKind(IndexTarget target, CqlType type) {
    if (target.kind() == IndexTarget.Kind.SIMPLE
        && type instanceof CollectionType
        && !type.isFrozen()) {
      return IndexTarget.Kind.VALUES;
    }
    return target.kind() == IndexTarget.Kind.SIMPLE
            && type.isFrozen()
            && type instanceof CollectionType
        ? IndexTarget.Kind.FULL
        : target.kind();
  }

  private void indexTarget(Table table, Column column, IndexTarget target, ElementRef ref) {
    CqlType type = column.type();
    String name = column.name().asCql();
    if (table.primaryKey().partitionKey().size() == 1
        && table.primaryKey().isPartitionKey(column.name())) {
      report(
          Rule.INDEX_ONLY_PARTITION_KEY,
          "Cannot create secondary index on the only partition key column " + name,
          ref);
    }
    if (type == NativeType.DURATION) {
      report(Rule.INDEX_DURATION, "Secondary indexes are not supported on duration columns", ref);
    }
    if (type instanceof UserTypeRef && type.isMultiCell()) {
      report(
          Rule.INDEX_NON_FROZEN_UDT, "Secondary indexes are not supported on non-frozen UDTs", ref);
    }
    boolean collection = type instanceof CollectionType;
    boolean map = type instanceof CollectionType.MapType;
    String kind = target.kind().name().toLowerCase(Locale.ROOT);
    switch (target.kind()) {
      case FULL -> {
        if (!collection || !type.isFrozen()) {
          report(
              Rule.INDEX_TARGET_KIND,
              "full() indexes can only be created on frozen collections",
              ref);
        }
      }
      case KEYS, ENTRIES, VALUES -> {
        if (!collection) {
          report(
              Rule.INDEX_TARGET_KIND,
              "Cannot create " + kind + "() index on non-collection column " + name,
              ref);
        } else if (type.isFrozen()) {
          report(
              Rule.INDEX_TARGET_KIND,
              "Cannot create "
                  + kind
                  + "() index on frozen column "
                  + name
                  + ". Frozen collections only support full() indexes",
              ref);
        } else if (!map && target.kind() != IndexTarget.Kind.VALUES) {
          report(
              Rule.INDEX_TARGET_KIND,
              "Cannot create index on " + kind + " of column " + name + " with non-map type",
              ref);
        }
      }
      case SIMPLE -> {
        if (collection && type.isFrozen()) {
          report(
              Rule.INDEX_TARGET_KIND,
              "Cannot create values() index on frozen column "
                  + name
                  + ". Frozen collections only support full() indexes",
              ref);
        }
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Functions: kept verbatim, but whether the node runs CREATE FUNCTION is a node setting.

  private void functions(List<org.keyspacestudio.model.schema.OtherStatement> statements) {
    for (int i = 0; i < statements.size(); i++) {
      if (statements.get(i).kind().equals("CREATE FUNCTION")) {
        report(
            Rule.FUNCTION_DISABLED,
            "User-defined functions are disabled by default; the node needs"
                + " user_defined_functions_enabled: true",
            ElementRef.statement(i + 1));
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Views

  private void view(Keyspace ks, MaterializedView view) {
    ElementRef ref = ElementRef.view(ks.name(), view.name());
    checkName("Materialized view", view.name(), ref);
    report(
        Rule.VIEW_DISABLED,
        "Materialized views are disabled by default; the node needs materialized_views_enabled:"
            + " true",
        ref);
    Optional<Table> base = ks.table(view.baseTable());
    if (base.isEmpty()) {
      if (ks.view(view.baseTable()).isPresent()) {
        report(
            Rule.VIEW_ON_VIEW,
            "Materialized views cannot be created against other materialized views",
            ref);
      } else {
        report(
            Rule.SCHEMA_MISSING,
            "Table '" + view.baseTable().asInternal() + "' doesn't exist",
            ref);
      }
      return;
    }
    Table table = base.get();
    if (table.isCounterTable()) {
      report(
          Rule.VIEW_COUNTER_TABLE, "Materialized views are not supported on counter tables", ref);
    }
    for (CqlIdentifier restricted : view.notNullColumns()) {
      if (table.column(restricted).isEmpty()) {
        report(
            Rule.VIEW_UNKNOWN_COLUMN,
            "Undefined column name "
                + restricted.asCql()
                + " in table "
                + table.name().asCql()
                + " (in the view's WHERE clause)",
            ref);
      }
    }
    for (CqlIdentifier selected : view.selected()) {
      Optional<Column> column = table.column(selected);
      if (column.isEmpty()) {
        report(Rule.VIEW_UNKNOWN_COLUMN, "Undefined column name " + selected.asCql(), ref);
      } else if (column.get().isStatic()) {
        report(
            Rule.VIEW_STATIC,
            "Cannot include static column '"
                + selected.asInternal()
                + "' in materialized view '"
                + view.name().asInternal()
                + "'",
            ref);
      }
    }
    if (view.selectsAll()) {
      table.columns().stream()
          .filter(Column::isStatic)
          .forEach(
              c ->
                  report(
                      Rule.VIEW_STATIC,
                      "Cannot include static column '"
                          + c.name().asInternal()
                          + "' in materialized view '"
                          + view.name().asInternal()
                          + "'",
                      ref));
    }
    List<CqlIdentifier> viewKey = view.primaryKey().allColumns();
    List<CqlIdentifier> baseKey = table.primaryKey().allColumns();
    List<String> nonBaseKey = new ArrayList<>();
    for (CqlIdentifier column : viewKey) {
      Optional<Column> baseColumn = table.column(column);
      if (baseColumn.isEmpty()) {
        report(Rule.VIEW_UNKNOWN_COLUMN, "Undefined column name " + column.asCql(), ref);
      } else if (!view.selectsAll() && !view.selected().contains(column)) {
        // CreateViewStatement: a key column must be one the view selects.
        report(
            Rule.VIEW_UNKNOWN_COLUMN,
            "Unknown column '"
                + column.asInternal()
                + "' referenced in PRIMARY KEY for materialized view '"
                + view.name().asInternal()
                + "': add it to the SELECT list",
            ref);
      } else if (!baseKey.contains(column)) {
        nonBaseKey.add(column.asCql());
        keyTypeChecks(baseColumn.get(), ref);
      }
      if (!view.notNullColumns().contains(column)) {
        report(
            Rule.VIEW_NOT_NULL,
            "Primary key columns "
                + column.asCql()
                + " must be restricted with 'IS NOT NULL' or otherwise",
            ref);
      }
    }
    if (nonBaseKey.size() > 1) {
      report(
          Rule.VIEW_BASE_KEY,
          "Cannot include more than one non-primary key column in materialized view primary key"
              + " (got "
              + String.join(", ", nonBaseKey)
              + ")",
          ref);
    }
    List<String> missing =
        baseKey.stream().filter(c -> !viewKey.contains(c)).map(CqlIdentifier::asCql).toList();
    if (!missing.isEmpty()) {
      report(
          Rule.VIEW_BASE_KEY,
          "Cannot create materialized view "
              + view.name().asCql()
              + " without primary key columns "
              + String.join(", ", missing)
              + " from base "
              + table.name().asCql(),
          ref);
    }
    if (view.options().defaultTimeToLive().orElse(0) != 0) {
      report(
          Rule.VIEW_TTL,
          "Cannot set default_time_to_live for a materialized view. Data in a materialized view"
              + " always expire at the same time than the corresponding data in the parent table.",
          option(ref, KnownOption.DEFAULT_TIME_TO_LIVE.cqlName()));
    }
    if (table.options().gcGraceSeconds().orElse(1) == 0) {
      report(
          Rule.VIEW_GC_GRACE_ZERO,
          "Cannot create materialized view '"
              + view.name().asInternal()
              + "' for base table '"
              + table.name().asInternal()
              + "' with gc_grace_seconds of 0, since this value is"
              + " used to TTL undelivered updates",
          ref);
    }
    options(view.options(), ref);
  }

  // ---------------------------------------------------------------------------------------------

  /** {@code KeyspaceMetadata.validateKeyspaceName}, {@code TableMetadata.validate}. */
  private void checkName(String what, CqlIdentifier name, ElementRef ref) {
    String internal = name.asInternal();
    int limit = what.equals("Keyspace") ? MAX_NAME_LENGTH : MAX_TABLE_NAME_LENGTH;
    if (!NAME.matcher(internal).matches()) {
      report(
          Rule.NAME_INVALID,
          what
              + " name must not be empty and must contain alphanumeric or underscore characters"
              + " only (got \""
              + internal
              + "\")",
          ref);
    } else if (internal.length() > limit) {
      report(
          Rule.NAME_INVALID,
          what
              + " name must not be more than "
              + limit
              + " characters long (got "
              + internal.length()
              + " characters for \""
              + internal
              + "\")",
          ref);
    }
  }

  private static ElementRef column(Keyspace ks, Table table, CqlIdentifier column) {
    return ElementRef.column(ks.name(), table.name(), column);
  }

  private static ElementRef option(ElementRef owner, String name) {
    return ElementRef.option(owner, name);
  }

  private void report(Rule rule, String message, ElementRef element) {
    problems.add(new Problem(rule, message, element, positionOf(element)));
  }

  private SourcePosition positionOf(ElementRef element) {
    ElementRef current = element;
    while (true) {
      SourcePosition position = positions.get(current);
      if (position != null) {
        return position;
      }
      ElementRef parent = current.parent();
      if (parent.equals(current)) {
        return null;
      }
      current = parent;
    }
  }
}
