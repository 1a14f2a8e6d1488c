package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.ConceptualRule;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.mapping.TypeGuess;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.OptionValue;
import org.keyspacestudio.model.schema.SubOptions;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.sizing.SizeRule;
import org.keyspacestudio.model.support.QuerySupport;
import org.keyspacestudio.model.support.SupportRule;
import org.keyspacestudio.model.type.CollectionType;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Rule;
import org.keyspacestudio.model.workflow.WorkflowRule;

/**
 * The fixes offered for a problem (the editor's quick fixes, Ctrl+., and {@code kstudio validate
 * --fix}, which applies the safe ones):
 *
 * <ul>
 *   <li>an option Cassandra 5.0 no longer has ({@code OPTION-REMOVED}): drop it (safe: the node
 *       ignores nothing, it refuses the statement); DateTieredCompactionStrategy becomes
 *       TimeWindowCompactionStrategy with the window DTCS's {@code max_window_size_seconds} gave
 *       (safe);
 *   <li>a deprecated {@code COMPACT STORAGE} ({@code COMPACT-STORAGE}): dropped (not safe: the
 *       table's columns change meaning);
 *   <li>a partition too large ({@code SIZE-*}): a bucket column (not safe: the key changes);
 *   <li>an entity with no key ({@code ER-ENTITY-NO-KEY}): one of its attributes made the key, or a
 *       new {@code <entity>_id} key attribute (not safe);
 *   <li>a relationship with fewer than two ends ({@code ER-RELATIONSHIP-ENDS}): another entity
 *       joined to it (not safe);
 *   <li>a query referring to attributes the conceptual model lacks ({@code
 *       QUERY-ATTRIBUTE-UNKNOWN}): the attributes added, and their entities when there is none of
 *       that name (not safe: the conceptual model changes);
 *   <li>a table without a column a query needs ({@code SUPPORT-ATTRIBUTE-MISSING}): the columns, as
 *       the mapping would make them (not safe: the table changes);
 *   <li>the other problems of the workflow and the conceptual model: see {@link WorkflowFixes} and
 *       {@link ConceptualFixes} (none safe); static columns without clustering, a counter table's
 *       TTL, indexes the node refuses, SASI indexes: see {@link SchemaFixes};
 *   <li>a table whose key does not serve its query (the other {@code SUPPORT-*} rules): the table
 *       keyed again for it, or the query mapped to another table; a query no table answers ({@code
 *       SUPPORT-NO-TABLE}): mapped ({@link SupportEdits}; not safe: keys and tables change); a
 *       script's SELECT the schema does not serve: read from a table keyed for it, or with ALLOW
 *       FILTERING, or from the table meant ({@link SelectFixes}; not safe);
 *   <li>a collection or UDT used in a key, inside a collection, or a UDT inside a UDT, not frozen
 *       ({@code KEY-NON-FROZEN}, {@code TYPE-NESTED-NON-FROZEN}, {@code UDT-NON-FROZEN-UDT}):
 *       frozen (safe);
 *   <li>a view's key column without {@code IS NOT NULL} ({@code VIEW-NOT-NULL}): every one added
 *       (safe);
 *   <li>compaction or compression sub-options the strategy or compressor does not understand
 *       ({@code OPTION-INVALID}): dropped, a {@code crc_check_chance} moved to the table (safe); a
 *       compression map naming its compressor {@code sstable_compression} (Cassandra 2.x), which
 *       Cassandra 5.0 refuses as missing its {@code class}: renamed (safe).
 * </ul>
 */
public final class QuickFixes {

  /** DTCS's sub-options that TWCS also takes (Cassandra's {@code TimeWindowCompactionStrategy}). */
  private static final List<String> SHARED_COMPACTION_OPTIONS =
      List.of(
          "min_threshold",
          "max_threshold",
          "enabled",
          "tombstone_threshold",
          "tombstone_compaction_interval",
          "unchecked_tombstone_compaction",
          "log_all",
          "only_purge_repaired_tombstones",
          "timestamp_resolution");

  private QuickFixes() {}

  /** The fixes for a problem of a project, best first; empty when there is none. */
  public static List<Fix> of(Project project, Problem problem) {
    return of(project, problem, null);
  }

  /**
   * The fixes for a problem of a project, best first, a keyspace a fix defines defined as {@code
   * newKeyspaces} (the editor's preference for new keyspaces).
   *
   * @param project the project, not null
   * @param problem a problem, not null
   * @param newKeyspaces how a keyspace a fix defines is defined; null for {@code SimpleStrategy}
   *     with one replica
   * @return the fixes; empty when there is none
   */
  public static List<Fix> of(
      Project project,
      Problem problem,
      org.keyspacestudio.model.schema.KeyspaceDefinition newKeyspaces) {
    if (problem.element() == null) {
      return List.of();
    }
    if (ConceptualRenames.namesake(project, problem.element())
        && problem.rule() != ConceptualRule.NAME_DUPLICATE
        && problem.rule() != ConceptualRule.ATTRIBUTE_DUPLICATE
        && problem.rule() != WorkflowRule.TASK_DUPLICATE
        && problem.rule() != WorkflowRule.QUERY_DUPLICATE) {
      // An edit by name reaches the first of two namesakes only: their rename comes first.
      return List.of();
    }
    if ((problem.rule() == Rule.OPTION_REMOVED || problem.rule() == Rule.COMPACT_STORAGE)
        && problem.element().kind() == ElementRef.Kind.OPTION) {
      return optionFixes(project, problem.element());
    }
    if (problem.rule() == Rule.KEY_NON_FROZEN
        || problem.rule() == Rule.TYPE_NESTED_NON_FROZEN
        || problem.rule() == Rule.UDT_NON_FROZEN_UDT) {
      return freezeFixes(project, problem);
    }
    if ((problem.rule() == Rule.OPTION_INVALID || problem.rule() == Rule.MEMTABLE_CONFIGURATION)
        && problem.element().kind() == ElementRef.Kind.OPTION) {
      List<Fix> sub = subOptionFixes(project, problem.element());
      return sub.isEmpty() ? defaultFixes(project, problem.element()) : sub;
    }
    if (problem.rule() == Rule.VIEW_NOT_NULL && problem.element().kind() == ElementRef.Kind.VIEW) {
      return notNullFixes(project, problem.element());
    }
    if (problem.rule() instanceof SizeRule) {
      return SizingEdits.fixes(project, problem.element());
    }
    if (problem.rule() instanceof org.keyspacestudio.model.dml.DmlRule
        && problem.element().kind() == ElementRef.Kind.STATEMENT) {
      return DmlFixes.of(project, problem);
    }
    if (problem.rule() instanceof org.keyspacestudio.model.writes.WriteRule) {
      return WriteFixes.of(project, problem);
    }
    if (problem.rule() == ConceptualRule.ENTITY_NO_KEY
        && problem.element().kind() == ElementRef.Kind.ENTITY) {
      return keyFixes(project, problem.element().object().asInternal());
    }
    if (problem.rule() == ConceptualRule.RELATIONSHIP_ENDS
        && problem.element().kind() == ElementRef.Kind.RELATIONSHIP) {
      return endFixes(project, problem.element().object().asInternal());
    }
    if (problem.rule() == WorkflowRule.QUERY_ATTRIBUTE_UNKNOWN
        && problem.element().kind() == ElementRef.Kind.QUERY) {
      return unknownAttributes(project, problem.element().object().asInternal());
    }
    if (problem.rule() == SupportRule.ATTRIBUTE_MISSING
        && problem.element().kind() == ElementRef.Kind.TABLE) {
      List<Fix> out = new ArrayList<>();
      for (QuerySupport.Answer a : QuerySupport.answers(project)) {
        if (a.table().equals(problem.element()) && !a.missing().isEmpty()) {
          out.add(
              new Fix(
                  "Add the columns " + a.query().id() + " needs to " + a.table(),
                  MappingEdits.addMissingColumns(a.table(), a.query().id(), a.missing()),
                  false));
        }
      }
      return out;
    }
    if (problem.rule() instanceof SupportRule
        && problem.element().kind() == ElementRef.Kind.STATEMENT) {
      return SelectFixes.of(project, problem);
    }
    if (problem.rule() instanceof SupportRule) {
      return SupportEdits.fixes(project, problem);
    }
    if (problem.rule() instanceof WorkflowRule) {
      return WorkflowFixes.of(project, problem);
    }
    if (problem.rule() instanceof ConceptualRule) {
      return ConceptualFixes.of(project, problem);
    }
    if (problem.rule() instanceof Rule) {
      return SchemaFixes.of(project, problem, newKeyspaces);
    }
    return List.of();
  }

  /** At most this many attributes are offered as an entity's key. */
  private static final int KEY_CHOICES = 4;

  /**
   * Fixes for an entity with no key ({@code ER-ENTITY-NO-KEY}), none safe (which attributes
   * identify an instance is the modeler's call): its single-valued attributes whose names say they
   * identify ({@code id}, {@code *_id}, {@code userId}, {@code *_uuid}: those {@link TypeGuess}
   * types {@code uuid}) each made the key; when it has none, first a new key attribute {@code
   * <entity>_id} of type {@code uuid}, then its other single-valued attributes each made the key;
   * at most {@link #KEY_CHOICES} in all. A weak entity gets none: its key also takes its owner's
   * (ER-WEAK-KEY-OWNER).
   */
  private static List<Fix> keyFixes(Project project, String entityName) {
    var entity = project.conceptual().entity(entityName).orElse(null);
    if (entity == null || entity.weak()) {
      return List.of();
    }
    List<String> ids = new ArrayList<>();
    List<String> others = new ArrayList<>();
    for (var a : entity.attributes()) {
      if (a.kind() == Attribute.Kind.MULTI_VALUED) {
        continue;
      }
      boolean id = TypeGuess.of(a).filter(t -> t == NativeType.UUID).isPresent();
      (id ? ids : others).add(a.name());
    }
    List<Fix> out = new ArrayList<>();
    if (ids.isEmpty()) {
      // Sensor (installed_at, location): none of them tells one sensor from another.
      String base =
          entityName
              .strip()
              .toLowerCase(java.util.Locale.ROOT)
              .replaceAll("[^a-z0-9]+", "_")
              .replaceAll("^_+|_+$", "");
      String name = base.isEmpty() || Character.isDigit(base.charAt(0)) ? "id" : base + "_id";
      if (entity.attribute(name).isEmpty()) {
        out.add(
            new Fix(
                "Add the key attribute " + name + " (uuid) to " + entityName,
                ConceptualEdits.addKeyAttribute(entityName, name, "uuid"),
                false));
      }
    }
    List<String> candidates = new ArrayList<>(ids);
    candidates.addAll(others);
    for (String name : candidates) {
      if (out.size() == KEY_CHOICES) {
        break;
      }
      out.add(
          new Fix(
              "Make " + name + " the key of " + entityName,
              ConceptualEdits.setKey(entityName, name, true),
              false));
    }
    return out;
  }

  /**
   * Fixes for a relationship with fewer than two ends ({@code ER-RELATIONSHIP-ENDS}), as Insert >
   * Relationship makes it with one entity selected: each entity it does not join yet made an end
   * (cardinality n, as a drag from the entity onto the relationship makes it), at most {@link
   * #KEY_CHOICES}, in the model's order. Not safe: which entities take part is the modeler's call.
   */
  private static List<Fix> endFixes(Project project, String relationshipName) {
    var relationship = project.conceptual().relationship(relationshipName).orElse(null);
    if (relationship == null || relationship.ends().size() >= 2) {
      return List.of();
    }
    java.util.Set<String> joined = new java.util.HashSet<>();
    relationship.ends().forEach(e -> joined.add(e.entity()));
    List<Fix> out = new ArrayList<>();
    for (var entity : project.conceptual().entities()) {
      if (out.size() < KEY_CHOICES && !joined.contains(entity.name())) {
        out.add(
            new Fix(
                "Join " + entity.name() + " to " + relationshipName,
                ConceptualEdits.connect(
                    ElementRef.relationship(relationshipName),
                    ElementRef.entity(entity.name()),
                    null),
                false));
      }
    }
    return out;
  }

  /**
   * The fix for a query referring to attributes the conceptual model lacks ({@code
   * QUERY-ATTRIBUTE-UNKNOWN}): one fix adding every one {@link ConceptualEdits#missing} finds (each
   * problem of the query offers the same fix). Not safe: it changes the conceptual model, whose new
   * attributes the user then gives types.
   *
   * @param project the project
   * @param queryId the query's id
   * @return the fix, or empty when there is no such query or nothing it can add
   */
  public static List<Fix> unknownAttributes(Project project, String queryId) {
    var query = project.workflow().query(queryId).orElse(null);
    if (query == null) {
      return List.of();
    }
    ConceptualEdits.Referenced missing =
        ConceptualEdits.missing(project.conceptual(), query.attributes());
    if (missing.attributes().isEmpty()) {
      return List.of();
    }
    String what = String.join(", ", missing.attributes().stream().map(Object::toString).toList());
    String label =
        "Add "
            + what
            + " to the conceptual model"
            + (missing.newEntities().isEmpty()
                ? ""
                : " (new "
                    + (missing.newEntities().size() == 1 ? "entity " : "entities ")
                    + String.join(", ", missing.newEntities())
                    + ")");
    return List.of(
        new Fix(
            label,
            ConceptualEdits.addReferenced("Add what " + queryId + " refers to", query.attributes()),
            false));
  }

  /**
   * Applies every safe fix of a project's problems, again until none is left (a fix can reveal
   * another), as one edit.
   *
   * @return the edit, and the labels of the fixes it applies (empty when there is none)
   */
  public static Applied applySafe(Project project) {
    List<String> labels = new ArrayList<>();
    Project out = project;
    for (int round = 0; round < 10; round++) {
      Map<String, Fix> fixes = new LinkedHashMap<>();
      for (Problem p : ProjectChecks.validate(out)) {
        for (Fix f : of(out, p)) {
          if (f.safe()) {
            fixes.putIfAbsent(f.label(), f);
          }
        }
      }
      if (fixes.isEmpty()) {
        break;
      }
      for (Fix f : fixes.values()) {
        out = f.edit().change().apply(out);
        labels.add(f.label());
      }
    }
    Project result = out;
    return new Applied(
        new Document.Edit(
            "Apply " + labels.size() + (labels.size() == 1 ? " safe fix" : " safe fixes"),
            p -> result),
        labels);
  }

  /**
   * The safe fixes applied to a project.
   *
   * @param edit the edit that applies them (from the project they were found on)
   * @param labels what each fix did, in order
   */
  public record Applied(Document.Edit edit, List<String> labels) {
    public Applied {
      labels = List.copyOf(labels);
    }
  }

  /**
   * Freezes what Cassandra wants frozen: a key column's collection or UDT ({@code KEY-NON-FROZEN},
   * {@code CreateTableStatement}), a collection or UDT inside a collection ({@code
   * TYPE-NESTED-NON-FROZEN}, {@code CQL3Type.Raw}), a UDT inside a UDT ({@code UDT-NON-FROZEN-UDT},
   * {@code CreateTypeStatement}). Safe: the node refuses the statement otherwise, and a frozen
   * value holds the same data (written and read whole).
   */
  private static List<Fix> freezeFixes(Project project, Problem problem) {
    ElementRef e = problem.element();
    Optional<Keyspace> ks = project.schema().keyspace(e.keyspace());
    if (ks.isEmpty() || e.member() == null) {
      return List.of();
    }
    if (e.kind() == ElementRef.Kind.COLUMN) {
      Optional<Column> column = ks.get().table(e.object()).flatMap(t -> t.column(e.member()));
      if (column.isEmpty()) {
        return List.of();
      }
      ElementRef table = ElementRef.table(e.keyspace(), e.object());
      return freezeFix(
          problem,
          column.get().type(),
          e.member().asCql() + " of " + table,
          frozen -> SchemaEdits.setColumnType(table, e.member(), frozen));
    }
    if (e.kind() == ElementRef.Kind.FIELD) {
      Optional<UserType.Field> field =
          ks.get()
              .type(e.object())
              .flatMap(
                  t -> t.fields().stream().filter(f -> f.name().equals(e.member())).findFirst());
      if (field.isEmpty()) {
        return List.of();
      }
      ElementRef udt = ElementRef.type(e.keyspace(), e.object());
      return freezeFix(
          problem,
          field.get().type(),
          "field " + e.member().asCql() + " of " + udt,
          frozen -> SchemaEdits.setFieldType(udt, e.member(), frozen));
    }
    return List.of();
  }

  /**
   * The fix giving {@code what} its type frozen: whole for a key column or a UDT inside a UDT,
   * inside for a collection; none when that changes nothing.
   */
  private static List<Fix> freezeFix(
      Problem problem,
      CqlType type,
      String what,
      java.util.function.Function<CqlType, Document.Edit> retype) {
    CqlType frozen =
        problem.rule() == Rule.TYPE_NESTED_NON_FROZEN ? freezeInner(type) : type.freeze();
    if (frozen.equals(type)) {
      return List.of();
    }
    return List.of(new Fix("Make " + what + " " + frozen.asCql(), retype.apply(frozen), true));
  }

  /**
   * A collection whose elements (keys, values) that are themselves non-frozen collections or UDTs
   * are frozen, as Cassandra requires; any other type as it is.
   */
  static CqlType freezeInner(CqlType type) {
    if (type instanceof CollectionType.ListType list) {
      return new CollectionType.ListType(frozenPart(list.element()), list.frozen());
    }
    if (type instanceof CollectionType.SetType set) {
      return new CollectionType.SetType(frozenPart(set.element()), set.frozen());
    }
    if (type instanceof CollectionType.MapType map) {
      return new CollectionType.MapType(
          frozenPart(map.key()), frozenPart(map.value()), map.frozen());
    }
    return type;
  }

  private static CqlType frozenPart(CqlType part) {
    return part.isMultiCell() ? part.freeze() : freezeInner(part);
  }

  /**
   * Restricts every primary key column of a view that lacks it with {@code IS NOT NULL} ({@code
   * VIEW-NOT-NULL}, {@code CreateViewStatement}). Safe: a row with a null key column could not be
   * in the view anyway, and the node refuses the view otherwise.
   */
  private static List<Fix> notNullFixes(Project project, ElementRef view) {
    Optional<MaterializedView> found =
        project.schema().keyspace(view.keyspace()).flatMap(k -> k.view(view.object()));
    if (found.isEmpty()) {
      return List.of();
    }
    List<CqlIdentifier> missing = missingNotNull(found.get());
    if (missing.isEmpty()) {
      return List.of();
    }
    String names = String.join(", ", missing.stream().map(CqlIdentifier::asCql).toList());
    return List.of(
        new Fix(
            "Add " + names + " IS NOT NULL to the view " + view,
            ObjectEdits.viewEdit(
                view,
                "Add " + names + " IS NOT NULL to " + view,
                v -> {
                  List<CqlIdentifier> notNull = new ArrayList<>(v.notNullColumns());
                  notNull.addAll(missingNotNull(v));
                  return new MaterializedView(
                      v.name(),
                      v.baseTable(),
                      v.selected(),
                      notNull,
                      v.otherRestrictions(),
                      v.primaryKey(),
                      v.options());
                }),
            true));
  }

  /** A view's primary key columns not restricted with {@code IS NOT NULL}, in key order. */
  private static List<CqlIdentifier> missingNotNull(MaterializedView view) {
    List<CqlIdentifier> missing = new ArrayList<>();
    for (CqlIdentifier column : view.primaryKey().allColumns()) {
      if (!view.notNullColumns().contains(column)) {
        missing.add(column);
      }
    }
    return missing;
  }

  /**
   * Drops the sub-options of {@code compaction} or {@code compression} that the strategy or
   * compressor does not understand ("Properties specified [...] are not understood by ...",
   * "Unknown compression options ..."); a {@code crc_check_chance} inside {@code compression}
   * (where Cassandra 2.x had it) becomes the table option, unless the table sets that already.
   * Safe: the node refuses the statement otherwise, and it would use none of them.
   */
  /**
   * An option whose single value the node refuses ({@code read_repair = 'SOMETIMES'}, {@code
   * speculative_retry = '100p'}, a memtable the node may lack): removed, so that Cassandra's
   * default applies (not safe: the value was someone's intent). None for a map value, whose entries
   * have their own fixes.
   */
  private static List<Fix> defaultFixes(Project project, ElementRef option) {
    String name = option.member().asInternal();
    ElementRef owner = ElementRef.table(option.keyspace(), option.object());
    Optional<TableOptions> current = options(project, owner);
    OptionValue value = current.flatMap(o -> o.get(name)).orElse(null);
    if (value == null || value instanceof OptionValue.MapValue) {
      return List.of();
    }
    String label =
        "Remove "
            + name
            + " = "
            + value.asCql()
            + " from "
            + owner.object().asCql()
            + org.keyspacestudio.model.diff.OptionDefaults.defaultOf(name, current.get())
                .map(d -> " (Cassandra's default " + d.asCql() + " applies)")
                .orElse("");
    return List.of(new Fix(label, optionsEdit(label, owner, o -> o.without(name)), false));
  }

  private static List<Fix> subOptionFixes(Project project, ElementRef option) {
    String name = option.member().asInternal();
    ElementRef owner = ElementRef.table(option.keyspace(), option.object());
    Optional<TableOptions> current = options(project, owner);
    if (current.isEmpty()
        || !(current.get().get(name).orElse(null) instanceof OptionValue.MapValue map)) {
      return List.of();
    }
    Map<String, String> entries = map.entries();
    if (name.equals("compression")
        && !entries.containsKey("class")
        && entries.containsKey("sstable_compression")) {
      // Cassandra 2.x's name of the compressor ("Missing sub-option 'class'").
      TreeMap<String, String> renamed = new TreeMap<>(entries);
      renamed.put("class", renamed.remove("sstable_compression"));
      String label = "Rename sstable_compression to class in compression of " + owner;
      return List.of(
          new Fix(
              label,
              optionsEdit(label, owner, o -> o.with(name, OptionValue.MapValue.of(renamed))),
              true));
    }
    String cls = entries.getOrDefault("class", "");
    java.util.SortedSet<String> unknown =
        switch (name) {
          case "compaction" ->
              SubOptions.Strategy.of(cls)
                  .map(s -> s.notUnderstood(entries))
                  .orElse(new java.util.TreeSet<>());
          case "compression" ->
              SubOptions.Compressor.of(cls)
                  .map(c -> c.notUnderstood(entries))
                  .orElse(new java.util.TreeSet<>());
          default -> new java.util.TreeSet<>();
        };
    if (unknown.isEmpty()) {
      return List.of();
    }
    String where = owner.toString();
    TreeMap<String, String> kept = new TreeMap<>(entries);
    kept.keySet().removeAll(unknown);
    String crc = entries.get("crc_check_chance");
    boolean moveCrc =
        name.equals("compression")
            && crc != null
            && crc.strip().matches("\\d+(\\.\\d+)?")
            && current.get().get("crc_check_chance").isEmpty();
    String label =
        "Remove "
            + String.join(", ", unknown)
            + " from "
            + name
            + " of "
            + where
            + (moveCrc ? " (crc_check_chance becomes the table's option)" : "");
    return List.of(
        new Fix(
            label,
            optionsEdit(
                label,
                owner,
                o -> {
                  TableOptions out = o.with(name, OptionValue.MapValue.of(kept));
                  return moveCrc
                      ? out.with("crc_check_chance", new OptionValue.Number(crc.strip()))
                      : out;
                }),
            true));
  }

  private static List<Fix> optionFixes(Project project, ElementRef option) {
    String name = option.member().asInternal();
    ElementRef owner = ElementRef.table(option.keyspace(), option.object());
    Optional<TableOptions> current = options(project, owner);
    if (current.isEmpty()) {
      return List.of();
    }
    String where = owner.toString();
    if (name.equals("compact storage")) {
      return List.of(
          new Fix(
              "Remove WITH COMPACT STORAGE from " + where,
              optionsEdit(
                  "Remove COMPACT STORAGE from " + where,
                  owner,
                  o -> new TableOptions(o.values(), false)),
              false));
    }
    Optional<OptionValue> value = current.get().get(name);
    if (value.isEmpty()) {
      return List.of();
    }
    if (name.equals("compaction") && value.get() instanceof OptionValue.MapValue map) {
      String cls = map.entries().getOrDefault("class", "");
      if (cls.endsWith("DateTieredCompactionStrategy")) {
        TreeMap<String, String> twcs = twcs(map.entries());
        return List.of(
            new Fix(
                "Replace DateTieredCompactionStrategy by TimeWindowCompactionStrategy (windows of "
                    + window(twcs)
                    + ") in "
                    + where,
                optionsEdit(
                    "Use TimeWindowCompactionStrategy in " + where,
                    owner,
                    o -> o.with("compaction", OptionValue.MapValue.of(twcs))),
                true));
      }
      return List.of();
    }
    return List.of(
        new Fix(
            "Remove the option " + name + " from " + where,
            optionsEdit("Remove " + name + " from " + where, owner, o -> without(o, name)),
            true));
  }

  /**
   * TWCS sub-options for DTCS ones: the window is DTCS's {@code max_window_size_seconds} (one day
   * by default) in the largest whole unit; the sub-options both strategies take are kept.
   */
  static TreeMap<String, String> twcs(Map<String, String> dtcs) {
    TreeMap<String, String> out = new TreeMap<>();
    out.put("class", "org.apache.cassandra.db.compaction.TimeWindowCompactionStrategy");
    long seconds = 86_400;
    try {
      seconds =
          Math.max(
              60, (long) Double.parseDouble(dtcs.getOrDefault("max_window_size_seconds", "86400")));
    } catch (NumberFormatException e) {
      // Keep the default window.
    }
    if (seconds % 86_400 == 0) {
      out.put("compaction_window_unit", "DAYS");
      out.put("compaction_window_size", Long.toString(seconds / 86_400));
    } else if (seconds % 3_600 == 0) {
      out.put("compaction_window_unit", "HOURS");
      out.put("compaction_window_size", Long.toString(seconds / 3_600));
    } else {
      out.put("compaction_window_unit", "MINUTES");
      out.put("compaction_window_size", Long.toString((seconds + 59) / 60));
    }
    for (String shared : SHARED_COMPACTION_OPTIONS) {
      if (dtcs.containsKey(shared)) {
        out.put(shared, dtcs.get(shared));
      }
    }
    return out;
  }

  /** A TWCS window for people: {@code 1 hour}, {@code 2 days}. */
  private static String window(Map<String, String> twcs) {
    String size = twcs.get("compaction_window_size");
    String unit = twcs.get("compaction_window_unit").toLowerCase(java.util.Locale.ROOT);
    return size + " " + (size.equals("1") ? unit.substring(0, unit.length() - 1) : unit);
  }

  private static TableOptions without(TableOptions o, String name) {
    TreeMap<String, OptionValue> values = new TreeMap<>(o.values());
    values.remove(name);
    return new TableOptions(values, o.compactStorage());
  }

  private static Optional<TableOptions> options(Project project, ElementRef owner) {
    Optional<Keyspace> ks = project.schema().keyspace(owner.keyspace());
    if (ks.isEmpty()) {
      return Optional.empty();
    }
    Optional<Table> t = ks.get().table(owner.object());
    if (t.isPresent()) {
      return Optional.of(t.get().options());
    }
    return ks.get().view(owner.object()).map(MaterializedView::options);
  }

  /** An edit of a table's or a view's options. */
  /** Changes the options of a table or view (the element {@code owner}), as one edit. */
  static Document.Edit optionsEdit(
      String description, ElementRef owner, UnaryOperator<TableOptions> change) {
    return new Document.Edit(
        description,
        p -> {
          Keyspace ks = p.schema().keyspace(owner.keyspace()).orElse(null);
          if (ks == null) {
            return p;
          }
          List<Table> tables = new ArrayList<>();
          for (Table t : ks.tables()) {
            tables.add(
                t.name().equals(owner.object()) ? t.withOptions(change.apply(t.options())) : t);
          }
          List<MaterializedView> views = new ArrayList<>();
          for (MaterializedView v : ks.views()) {
            views.add(
                v.name().equals(owner.object())
                    ? new MaterializedView(
                        v.name(),
                        v.baseTable(),
                        v.selected(),
                        v.notNullColumns(),
                        v.otherRestrictions(),
                        v.primaryKey(),
                        change.apply(v.options()))
                    : v);
          }
          Keyspace changed =
              new Keyspace(ks.name(), ks.definition(), ks.types(), tables, ks.indexes(), views);
          return p.withSchema(SchemaEdits.withKeyspaceAdded(p.schema(), changed));
        });
  }
}
