package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.KnownOption;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.OptionValue;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.type.UserTypeRef;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Rule;

/**
 * More fixes for the schema's problems ({@link Rule}; options, frozen types and views have theirs
 * in {@link QuickFixes}), each one undo step:
 *
 * <ul>
 *   <li>a static column in a table without clustering columns ({@code STATIC-NO-CLUSTERING}): made
 *       regular (safe: with one row per partition, a regular column holds what the static would);
 *   <li>a {@code default_time_to_live} on a counter table ({@code COUNTER-TTL}): removed (safe: the
 *       node refuses the table with it, and counters cannot expire);
 *   <li>an index the node refuses on its table ({@code INDEX-ONLY-PARTITION-KEY}, {@code
 *       INDEX-COUNTER-TABLE}, {@code INDEX-DURATION}): deleted (safe: the node never makes it; the
 *       partition key already finds a partition); a second index on the same target ({@code
 *       INDEX-DUPLICATE}): deleted (not safe: the name others may use);
 *   <li>a SASI index ({@code INDEX-SASI-DISABLED}: off on a default node, and experimental; {@code
 *       INDEX-SASI-OPTIONS}: a column or options SASI refuses): made a storage-attached index,
 *       Cassandra 5.0's own, without SASI's options (not safe: SAI matches {@code =} and ranges,
 *       not SASI's {@code LIKE}); offered only when SAI takes the column and no SELECT of the
 *       script is then refused (a {@code LIKE} through it);
 *   <li>a table mixing counters with other columns ({@code COUNTER-MIXED}): the counters moved to a
 *       new table keyed as it is, or made {@code bigint} (neither safe: the data's shape or its
 *       updates change);
 *   <li>a type naming no type of its keyspace ({@code TYPE-UNKNOWN}): the keyspace's type or the
 *       native type meant ({@code adress} → {@code address}, {@code string} → {@code text}, {@code
 *       timestmp} → {@code timestamp}), or the type defined (frozen where it must be);
 *   <li>an index on a column its table lacks ({@code INDEX-UNKNOWN-COLUMN}): the column of the
 *       nearest name indexed instead, or the index deleted;
 *   <li>a primary key naming a column the table lacks ({@code KEY-UNKNOWN-COLUMN}): the column of
 *       the nearest name in its place, the column added, or the name taken out of the key;
 *   <li>a table without a primary key ({@code KEY-MISSING}): a column, ids first, made the
 *       partition key; a static key column ({@code STATIC-IN-KEY}) made not static (safe); a
 *       counter key column ({@code KEY-COUNTER}) made {@code bigint}; a column declared twice
 *       ({@code COLUMN-DUPLICATE}) or named twice in the key ({@code KEY-DUPLICATE-COLUMN}) once
 *       only; a view's {@code default_time_to_live} ({@code VIEW-TTL}) removed (safe);
 *   <li>a view naming columns its base table lacks ({@code VIEW-UNKNOWN-COLUMN}): the base columns
 *       of the nearest names instead, and its key columns selected;
 *   <li>a keyspace used but never created ({@code KEYSPACE-UNDEFINED}): defined with {@code
 *       SimpleStrategy} and one replica (not safe); objects that name no keyspace ({@code
 *       KEYSPACE-NOT-SPECIFIED}): all put in one of the model's keyspaces or a new one (not safe);
 *   <li>an option Cassandra does not know ({@code OPTION-UNKNOWN}): renamed to the option meant
 *       ({@code comments} → {@code comment}, {@code gc_grace} → {@code gc_grace_seconds}), or
 *       removed (neither safe).
 * </ul>
 */
public final class SchemaFixes {

  private SchemaFixes() {}

  /**
   * The fixes for a problem of the schema, best first.
   *
   * @param project the project, not null
   * @param problem a problem, not null
   * @return the fixes; empty for a problem of another rule, or one the project no longer has
   */
  public static List<Fix> of(Project project, Problem problem) {
    return of(project, problem, null);
  }

  /**
   * The fixes for a problem of the schema, best first, a keyspace they define defined as {@code
   * newKeyspaces} (the editor's preference for new keyspaces, see {@link
   * Document#defineNewKeyspacesAs}).
   *
   * @param project the project, not null
   * @param problem a problem, not null
   * @param newKeyspaces how a keyspace a fix defines is defined; null for {@code SimpleStrategy}
   *     with one replica, a development node's
   * @return the fixes; empty for a problem of another rule, or one the project no longer has
   */
  public static List<Fix> of(
      Project project,
      Problem problem,
      org.keyspacestudio.model.schema.KeyspaceDefinition newKeyspaces) {
    if (!(problem.rule() instanceof Rule rule) || problem.element() == null) {
      return List.of();
    }
    ElementRef element = problem.element();
    if (rule == Rule.KEYSPACE_UNDEFINED) {
      return keyspaceUndefined(project, element, newKeyspaces);
    }
    if (rule == Rule.KEYSPACE_NOT_SPECIFIED) {
      // A statement kept verbatim (a function) is not moved: its problem has no fix.
      return element.keyspace() == null && element.kind() != ElementRef.Kind.STATEMENT
          ? keyspaceNotSpecified(project)
          : List.of();
    }
    if (!project.schema().contains(element)) {
      return List.of();
    }
    return switch (rule) {
      case STATIC_NO_CLUSTERING ->
          element.kind() == ElementRef.Kind.COLUMN
              ? List.of(
                  new Fix(
                      "Make "
                          + element.member().asCql()
                          + " a regular column of "
                          + element.object().asCql()
                          + " (no clustering column: one row per partition)",
                      SchemaEdits.setRole(
                          ElementRef.table(element.keyspace(), element.object()),
                          element.member(),
                          SchemaEdits.Role.REGULAR),
                      true))
              : List.of();
      case COUNTER_TTL ->
          element.kind() == ElementRef.Kind.OPTION
              ? List.of(
                  new Fix(
                      "Remove default_time_to_live from "
                          + element.object().asCql()
                          + " (counters cannot expire)",
                      ObjectEdits.setOption(
                          ElementRef.table(element.keyspace(), element.object()),
                          KnownOption.DEFAULT_TIME_TO_LIVE.cqlName(),
                          null),
                      true))
              : List.of();
      case INDEX_ONLY_PARTITION_KEY, INDEX_COUNTER_TABLE, INDEX_DURATION ->
          element.kind() == ElementRef.Kind.INDEX
              ? List.of(
                  new Fix(
                      "Delete the index "
                          + element.object().asCql()
                          + (rule == Rule.INDEX_ONLY_PARTITION_KEY
                              ? " (the partition key finds the partition)"
                              : " (Cassandra refuses it)"),
                      Edits.delete(Set.of(element)),
                      true))
              : List.of();
      case INDEX_DUPLICATE ->
          element.kind() == ElementRef.Kind.INDEX && namedOnce(project, element)
              ? List.of(
                  new Fix(
                      "Delete the duplicate index " + element.object().asCql(),
                      Edits.delete(Set.of(element)),
                      false))
              : List.of();
      case INDEX_SASI_DISABLED, INDEX_CUSTOM_CLASS -> saiInstead(project, element, false);
      case INDEX_SASI_OPTIONS -> saiInstead(project, element, true);
      case COMPACTION_UNSAFE_EXPIRATION ->
          element.kind() == ElementRef.Kind.OPTION ? withoutUnsafeExpiration(element) : List.of();
      case VIEW_DISABLED -> viewAsTable(project, element);
      case OPTION_INVALID ->
          element.kind() == ElementRef.Kind.INDEX
              ? refusedIndexOptions(project, element)
              : List.of();
      case COUNTER_MIXED ->
          element.kind() == ElementRef.Kind.TABLE ? countersApart(project, element) : List.of();
      case TYPE_UNKNOWN -> unknownType(project, element);
      case INDEX_UNKNOWN_COLUMN -> unknownIndexColumn(project, element);
      case VIEW_UNKNOWN_COLUMN ->
          element.kind() == ElementRef.Kind.VIEW ? unknownViewColumns(project, element) : List.of();
      case KEY_MISSING ->
          element.kind() == ElementRef.Kind.TABLE ? keyMissing(project, element) : List.of();
      case STATIC_IN_KEY, KEY_COUNTER, COLUMN_DUPLICATE, KEY_DUPLICATE_COLUMN ->
          element.kind() == ElementRef.Kind.COLUMN
              ? columnFixes(project, rule, element)
              : List.of();
      case VIEW_TTL ->
          element.kind() == ElementRef.Kind.OPTION
              ? List.of(
                  new Fix(
                      "Remove default_time_to_live from the view "
                          + element.object().asCql()
                          + " (its rows expire with the base table's)",
                      QuickFixes.optionsEdit(
                          "Remove default_time_to_live from " + element.object().asCql(),
                          ElementRef.view(element.keyspace(), element.object()),
                          o -> o.without(KnownOption.DEFAULT_TIME_TO_LIVE.cqlName())),
                      true))
              : List.of();
      case KEY_UNKNOWN_COLUMN ->
          element.kind() == ElementRef.Kind.TABLE ? unknownKeyColumn(project, problem) : List.of();
      case OPTION_UNKNOWN ->
          element.kind() == ElementRef.Kind.OPTION ? unknownOption(project, element) : List.of();
      default -> List.of();
    };
  }

  /**
   * A table without a primary key ({@code KEY-MISSING}): one of its columns made the partition key,
   * those named {@code id} or {@code *_id} first, at most {@value WorkflowFixes#CHOICES}, each when
   * it lessens the errors around the table (a counter, a duration or a non-frozen collection makes
   * no key). Not safe: the key is the data model's first decision.
   */
  private static List<Fix> keyMissing(Project project, ElementRef element) {
    Keyspace ks = project.schema().keyspace(element.keyspace()).orElse(null);
    Table t = ks == null ? null : ks.table(element.object()).orElse(null);
    if (t == null || !t.primaryKey().partitionKey().isEmpty()) {
      return List.of();
    }
    List<Column> candidates =
        new ArrayList<>(
            t.columns().stream()
                .filter(
                    c ->
                        c.type() != NativeType.COUNTER
                            && !c.type().isMultiCell()
                            && !c.type().anyMatch(x -> x == NativeType.DURATION))
                .toList());
    candidates.sort(
        java.util.Comparator.comparingInt(
            c -> {
              String n = c.name().asInternal().toLowerCase(java.util.Locale.ROOT);
              return n.equals("id") || n.endsWith("_id") ? 0 : 1;
            }));
    long before = SupportEdits.errorsAround(ks, t.name());
    List<Fix> out = new ArrayList<>();
    for (Column c : candidates) {
      if (out.size() >= WorkflowFixes.CHOICES) {
        break;
      }
      Table keyed =
          t.withColumns(
                  t.columns().stream()
                      .map(x -> x.equals(c) ? new Column(x.name(), x.type(), false) : x)
                      .toList())
              .withPrimaryKey(new PrimaryKey(List.of(c.name()), List.of()));
      offer(
          out,
          ks,
          t,
          keyed,
          before,
          "Make " + c.name().asCql() + " the partition key of " + t.name().asCql(),
          element);
    }
    return out;
  }

  /**
   * A column's own mistakes, fixed on the table: a static column in the key ({@code STATIC-IN-KEY},
   * made not static: safe, a key column is one per row anyway); a counter in the key ({@code
   * KEY-COUNTER}, made {@code bigint}); a column declared twice ({@code COLUMN-DUPLICATE}, the
   * second declaration removed); a column named twice in the key ({@code KEY-DUPLICATE-COLUMN}, its
   * second place removed). Each when it lessens the errors around the table.
   */
  private static List<Fix> columnFixes(Project project, Rule rule, ElementRef element) {
    Keyspace ks = project.schema().keyspace(element.keyspace()).orElse(null);
    Table t = ks == null ? null : ks.table(element.object()).orElse(null);
    if (t == null || t.column(element.member()).isEmpty()) {
      return List.of();
    }
    CqlIdentifier name = element.member();
    String column = name.asCql();
    String table = t.name().asCql();
    Table after;
    String label;
    boolean safe = false;
    switch (rule) {
      case STATIC_IN_KEY -> {
        after =
            t.withColumns(
                t.columns().stream()
                    .map(c -> c.name().equals(name) ? new Column(c.name(), c.type(), false) : c)
                    .toList());
        label = "Make " + column + " of " + table + " not static (a key column)";
        safe = true;
      }
      case KEY_COUNTER -> {
        after =
            t.withColumns(
                t.columns().stream()
                    .map(c -> c.name().equals(name) ? c.withType(NativeType.BIGINT) : c)
                    .toList());
        label =
            "Make the key column " + column + " of " + table + " bigint (a counter keys nothing)";
      }
      case COLUMN_DUPLICATE -> {
        List<Column> columns = new ArrayList<>();
        boolean seen = false;
        Column dropped = null;
        for (Column c : t.columns()) {
          if (c.name().equals(name)) {
            if (seen) {
              dropped = c;
              continue;
            }
            seen = true;
          }
          columns.add(c);
        }
        if (dropped == null) {
          return List.of();
        }
        after = t.withColumns(columns);
        label =
            "Remove the second declaration of "
                + column
                + " ("
                + dropped.type().asCql()
                + ") from "
                + table;
      }
      case KEY_DUPLICATE_COLUMN -> {
        PrimaryKey key = t.primaryKey();
        List<CqlIdentifier> partition = new ArrayList<>();
        List<PrimaryKey.ClusteringColumn> clustering = new ArrayList<>();
        java.util.Set<CqlIdentifier> seen = new java.util.HashSet<>();
        for (CqlIdentifier c : key.partitionKey()) {
          if (seen.add(c)) {
            partition.add(c);
          }
        }
        for (PrimaryKey.ClusteringColumn c : key.clustering()) {
          if (seen.add(c.name())) {
            clustering.add(c);
          }
        }
        after = t.withPrimaryKey(new PrimaryKey(partition, clustering));
        label = "Name " + column + " once in the primary key of " + table;
      }
      default -> {
        return List.of();
      }
    }
    List<Fix> out = new ArrayList<>();
    offer(out, ks, t, after, SupportEdits.errorsAround(ks, t.name()), label, element);
    boolean safeFix = safe;
    return out.stream().map(f -> new Fix(f.label(), f.edit(), safeFix)).toList();
  }

  /**
   * A keyspace used but never created ({@code KEYSPACE-UNDEFINED}): defined with {@code
   * SimpleStrategy} and one replica, as a development node has it (the inspector's replication form
   * sets it for a cluster). Not safe: replication is the operator's decision.
   */
  private static List<Fix> keyspaceUndefined(
      Project project,
      ElementRef element,
      org.keyspacestudio.model.schema.KeyspaceDefinition newKeyspaces) {
    if (element.kind() != ElementRef.Kind.KEYSPACE || element.keyspace() == null) {
      return List.of();
    }
    Keyspace ks = project.schema().keyspace(element.keyspace()).orElse(null);
    if (ks == null || ks.definition() != null) {
      return List.of();
    }
    var development =
        new org.keyspacestudio.model.schema.KeyspaceDefinition(
            org.keyspacestudio.model.schema.Replication.simple(1), true);
    boolean preferred = newKeyspaces != null && !newKeyspaces.equals(development);
    var definition = preferred ? newKeyspaces : development;
    String label =
        preferred
            ? "Define the keyspace "
                + ks.name().asCql()
                + " as new keyspaces are ("
                + replicationInWords(newKeyspaces)
                + ")"
            : "Define the keyspace "
                + ks.name().asCql()
                + " (SimpleStrategy, replication_factor 1: a development node's; set the"
                + " replication for a cluster)";
    return List.of(new Fix(label, SchemaEdits.defineKeyspace(ks.name(), definition), false));
  }

  /**
   * A keyspace definition in words: its strategy and its options ({@code NetworkTopologyStrategy,
   * dc1 3, dc2 3}), and {@code durable_writes false} when so.
   */
  static String replicationInWords(org.keyspacestudio.model.schema.KeyspaceDefinition definition) {
    StringBuilder out = new StringBuilder(definition.replication().strategy());
    definition
        .replication()
        .options()
        .forEach((k, v) -> out.append(", ").append(k).append(' ').append(v));
    if (!definition.durableWrites()) {
      out.append(", durable_writes false");
    }
    return out.toString();
  }

  /**
   * Objects that name no keyspace, read from a script without {@code USE} ({@code
   * KEYSPACE-NOT-SPECIFIED}): all of them put in one of the model's keyspaces (at most {@value
   * WorkflowFixes#CHOICES}, those with no object of the same name), or in a new keyspace {@code
   * app} (numbered when taken). Not safe: which keyspace is the modeler's choice.
   */
  private static List<Fix> keyspaceNotSpecified(Project project) {
    Keyspace unnamed = project.schema().keyspace(null).orElse(null);
    if (unnamed == null) {
      return List.of();
    }
    String what =
        String.join(
            ", ",
            java.util.stream.Stream.of(
                    count(unnamed.tables().size(), "table", "tables"),
                    count(unnamed.types().size(), "type", "types"),
                    count(unnamed.indexes().size(), "index", "indexes"),
                    count(unnamed.views().size(), "view", "views"))
                .filter(x -> !x.isEmpty())
                .toList());
    List<Fix> out = new ArrayList<>();
    for (Keyspace ks : project.schema().keyspaces()) {
      if (ks.name() != null
          && out.size() < WorkflowFixes.CHOICES
          && SchemaEdits.canMove(unnamed, ks)) {
        String label = "Put the " + what + " that name no keyspace in " + ks.name().asCql();
        out.add(
            new Fix(
                label,
                new Document.Edit(label, SchemaEdits.moveUnnamedInto(ks.name()).change()),
                false));
      }
    }
    String base = "app";
    String name = base;
    for (int n = 2; project.schema().keyspace(CqlIdentifier.of(name)).isPresent(); n++) {
      name = base + n;
    }
    String label = "Put the " + what + " that name no keyspace in a new keyspace " + name;
    out.add(
        new Fix(
            label,
            new Document.Edit(label, SchemaEdits.moveUnnamedInto(CqlIdentifier.of(name)).change()),
            false));
    return out;
  }

  /** "1 table", "2 tables", or "" for none. */
  private static String count(int n, String one, String many) {
    return n == 0 ? "" : n + " " + (n == 1 ? one : many);
  }

  /** The column a {@code KEY-UNKNOWN-COLUMN} message names. */
  private static final java.util.regex.Pattern UNKNOWN_KEY_COLUMN =
      java.util.regex.Pattern.compile("^Unknown column '(.*)' referenced in PRIMARY KEY");

  /**
   * A primary key naming a column the table lacks ({@code KEY-UNKNOWN-COLUMN}), for the column the
   * problem names: the table's column of the nearest name in its place ({@code usr_id} → {@code
   * user_id}, one or two typos, not a key column already), the column added as {@code text} (to
   * type), or the name taken out of the key when a partition key column is left. Each offered when
   * it lessens the errors around the table; none safe.
   */
  private static List<Fix> unknownKeyColumn(Project project, Problem problem) {
    ElementRef element = problem.element();
    Keyspace ks = project.schema().keyspace(element.keyspace()).orElse(null);
    Table t = ks == null ? null : ks.table(element.object()).orElse(null);
    java.util.regex.Matcher m = UNKNOWN_KEY_COLUMN.matcher(problem.message());
    if (t == null || !m.find()) {
      return List.of();
    }
    CqlIdentifier missing = CqlIdentifier.of(m.group(1));
    PrimaryKey key = t.primaryKey();
    if (t.column(missing).isPresent() || !key.isKeyColumn(missing)) {
      return List.of();
    }
    String table = t.name().asCql();
    List<Fix> out = new ArrayList<>();
    Column near = nearestColumn(t, missing, c -> !key.isKeyColumn(c.name()));
    long before = SupportEdits.errorsAround(ks, t.name());
    if (near != null) {
      CqlIdentifier instead = near.name();
      PrimaryKey renamed =
          new PrimaryKey(
              key.partitionKey().stream().map(c -> c.equals(missing) ? instead : c).toList(),
              key.clustering().stream()
                  .map(
                      c ->
                          c.name().equals(missing)
                              ? new PrimaryKey.ClusteringColumn(instead, c.order())
                              : c)
                  .toList());
      offer(
          out,
          ks,
          t,
          t.withPrimaryKey(renamed),
          before,
          "Key " + table + " by " + instead.asCql() + " instead of " + missing.asCql(),
          element);
    }
    List<Column> columns = new ArrayList<>(t.columns());
    columns.add(new Column(missing, NativeType.TEXT, false));
    offer(
        out,
        ks,
        t,
        t.withColumns(columns),
        before,
        "Add the column " + missing.asCql() + " text (to type) to " + table,
        element);
    if (!key.partitionKey().equals(List.of(missing))) {
      PrimaryKey without =
          new PrimaryKey(
              key.partitionKey().stream().filter(c -> !c.equals(missing)).toList(),
              key.clustering().stream().filter(c -> !c.name().equals(missing)).toList());
      offer(
          out,
          ks,
          t,
          t.withPrimaryKey(without),
          before,
          "Take " + missing.asCql() + " out of the primary key of " + table,
          element);
    }
    return out;
  }

  /** Adds the fix replacing the table when that lessens the errors around it. */
  private static void offer(
      List<Fix> out,
      Keyspace ks,
      Table before,
      Table after,
      long errorsBefore,
      String label,
      ElementRef element) {
    if (SupportEdits.errorsAround(replaced(ks, before, after, null), before.name())
        < errorsBefore) {
      out.add(new Fix(label, tableEdit(label, element, before, after, null), false));
    }
  }

  /**
   * A column's or a type field's type naming a type its keyspace does not define ({@code
   * TYPE-UNKNOWN}), for each such name: the keyspace's type of the nearest name ({@code adress} →
   * {@code address}, its frozenness kept), the CQL type it stands for (another language's name,
   * {@code string} → {@code text}, or one typo away, {@code timestmp} → {@code timestamp}; each
   * offered when it lessens the errors around the table), or the type defined in the keyspace with
   * one field {@code value text} to fill in. None is safe: the modeler meant one of them.
   */
  private static List<Fix> unknownType(Project project, ElementRef element) {
    Keyspace ks = project.schema().keyspace(element.keyspace()).orElse(null);
    if (ks == null || element.member() == null) {
      return List.of();
    }
    CqlType type;
    String where;
    if (element.kind() == ElementRef.Kind.COLUMN) {
      Table t = ks.table(element.object()).orElse(null);
      Column c = t == null ? null : t.column(element.member()).orElse(null);
      if (c == null) {
        return List.of();
      }
      type = c.type();
      where = t.name().asCql() + "." + c.name().asCql();
    } else if (element.kind() == ElementRef.Kind.FIELD) {
      UserType u = ks.type(element.object()).orElse(null);
      UserType.Field f = u == null ? null : u.field(element.member()).orElse(null);
      if (f == null) {
        return List.of();
      }
      type = f.type();
      where = "the field " + u.name().asCql() + "." + f.name().asCql();
    } else {
      return List.of();
    }
    java.util.Set<CqlIdentifier> unknown = new java.util.LinkedHashSet<>();
    type.anyMatch(
        x -> {
          if (x instanceof UserTypeRef r
              && (r.keyspace() == null || r.keyspace().equals(ks.name()))
              && ks.type(r.name()).isEmpty()) {
            unknown.add(r.name());
          }
          return false;
        });
    List<Fix> out = new ArrayList<>();
    long before = typeErrors(ks, element);
    for (CqlIdentifier name : unknown) {
      List<java.util.function.Function<UserTypeRef, CqlType>> instead = new ArrayList<>();
      nearestType(ks, name).ifPresent(u -> instead.add(r -> new UserTypeRef(null, u, r.frozen())));
      nativeFor(name.asInternal()).ifPresent(n -> instead.add(r -> n));
      for (var replace : instead) {
        CqlType changed = type.mapUserTypes(r -> r.name().equals(name) ? replace.apply(r) : r);
        Document.Edit edit = typeEdit(ks.name(), element, changed);
        Keyspace after = edit.change().apply(project).schema().keyspace(ks.name()).orElse(ks);
        if (typeErrors(after, element) < before) {
          String label =
              "Change the type of " + where + " from " + type.asCql() + " to " + changed.asCql();
          out.add(new Fix(label, new Document.Edit(label, edit.change()), false));
        }
      }
      // A defined type is a user type: frozen where Cassandra wants it so (in a collection, a
      // tuple, another type's field, a key), as written elsewhere.
      boolean inKey =
          element.kind() == ElementRef.Kind.COLUMN
              && ks.table(element.object())
                  .map(t -> t.primaryKey().isKeyColumn(element.member()))
                  .orElse(false);
      CqlType frozen =
          type instanceof UserTypeRef top
              ? (inKey || element.kind() == ElementRef.Kind.FIELD ? top.freeze() : top)
              : type.mapUserTypes(r -> r.name().equals(name) ? r.freeze() : r);
      String label =
          "Define the type "
              + name.asCql()
              + " in "
              + ks.name().asCql()
              + " (a field value text to fill in)"
              + (frozen.equals(type) ? "" : " and make " + where + " " + frozen.asCql());
      List<Document.Edit> steps = new ArrayList<>();
      steps.add(defineType(label, ks.name(), name));
      if (!frozen.equals(type)) {
        steps.add(typeEdit(ks.name(), element, frozen));
      }
      out.add(new Fix(label, Document.Edit.all(label, steps), false));
    }
    return out;
  }

  /** The type of a column or of a type's field set. */
  private static Document.Edit typeEdit(CqlIdentifier keyspace, ElementRef element, CqlType type) {
    return element.kind() == ElementRef.Kind.COLUMN
        ? SchemaEdits.setColumnType(
            ElementRef.table(keyspace, element.object()), element.member(), type)
        : SchemaEdits.setFieldType(
            ElementRef.type(keyspace, element.object()), element.member(), type);
  }

  /**
   * The errors a type change is judged by: those around the table (its indexes, views and the
   * keyspace's types) for a column, those of the keyspace's types for a field.
   */
  private static long typeErrors(Keyspace ks, ElementRef element) {
    if (element.kind() == ElementRef.Kind.COLUMN) {
      return SupportEdits.errorsAround(ks, element.object());
    }
    return org.keyspacestudio.model.validate.Validator.validate(
            new org.keyspacestudio.model.schema.Schema(
                List.of(
                    new Keyspace(
                        ks.name(), ks.definition(), ks.types(), List.of(), List.of(), List.of())),
                List.of()))
        .stream()
        .filter(x -> x.rule().severity() == org.keyspacestudio.model.validate.Severity.ERROR)
        .count();
  }

  /**
   * The current option a misspelt name most likely means: the one of the nearest name (one typo in
   * a name of four to six letters, two in a longer one), the one the name begins ({@code gc_grace}
   * for {@code gc_grace_seconds}, four letters at least), or the one written without its
   * underscores ({@code gcgraceseconds}).
   */
  private static java.util.Optional<KnownOption> nearestOption(String name) {
    String lower = name.toLowerCase(java.util.Locale.ROOT);
    KnownOption best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (KnownOption option : KnownOption.values()) {
      if (option.status() != KnownOption.Status.CURRENT || option == KnownOption.ID) {
        continue;
      }
      String known = option.cqlName();
      int d =
          known.replace("_", "").equals(lower.replace("_", ""))
                  || (lower.length() >= 4 && known.startsWith(lower))
              ? 0
              : nameDistance(lower, known);
      if (d < bestDistance) {
        best = option;
        bestDistance = d;
      }
    }
    return bestDistance <= typos(lower) ? java.util.Optional.of(best) : java.util.Optional.empty();
  }

  /** The keyspace's type whose name is nearest (case, or one or two typos), if any. */
  private static java.util.Optional<CqlIdentifier> nearestType(Keyspace ks, CqlIdentifier name) {
    CqlIdentifier best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (UserType u : ks.types()) {
      int d = nameDistance(name.asInternal(), u.name().asInternal());
      if (d < bestDistance) {
        best = u.name();
        bestDistance = d;
      }
    }
    return bestDistance <= typos(name.asInternal())
        ? java.util.Optional.of(best)
        : java.util.Optional.empty();
  }

  /**
   * The native type a name stands for: another language's name ({@code string}, {@code long},
   * {@code datetime}), or a native type's name or such a name one or two typos away ({@code
   * timestmp}, {@code strng}).
   *
   * @param name one word, not null
   * @return the type, or empty when none is near enough
   */
  static java.util.Optional<NativeType> nativeFor(String name) {
    String lower = name.toLowerCase(java.util.Locale.ROOT);
    java.util.Map<String, String> candidates = new java.util.LinkedHashMap<>();
    for (NativeType n : NativeType.values()) {
      candidates.put(n.asCql(), n.asCql());
    }
    candidates.putAll(ConceptualFixes.synonyms());
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (var c : candidates.entrySet()) {
      int d = nameDistance(lower, c.getKey());
      if (d < bestDistance) {
        best = c.getValue();
        bestDistance = d;
      }
    }
    return bestDistance <= typos(lower) ? NativeType.fromName(best) : java.util.Optional.empty();
  }

  /**
   * The edit distance of two names, case aside (0 for {@code Address} and {@code address}), or 3
   * when it is over the two typos {@link #typos} allows at most.
   */
  /**
   * The table (or view, when {@code views}) whose name is nearest {@code wanted}, within the typos
   * its length allows ({@link #typos}): what a statement naming a missing table most likely meant.
   *
   * @param schema the schema
   * @param keyspace the keyspace to look in, or null for every one
   * @param wanted the name as the statement has it (internal form)
   * @param views whether views are candidates too
   * @return the name, or null when none is near enough
   */
  static CqlIdentifier nearestTable(
      Schema schema, CqlIdentifier keyspace, String wanted, boolean views) {
    CqlIdentifier best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (Keyspace ks : schema.keyspaces()) {
      if (keyspace != null && !keyspace.equals(ks.name())) {
        continue;
      }
      List<CqlIdentifier> names = new ArrayList<>();
      ks.tables().forEach(t -> names.add(t.name()));
      if (views) {
        ks.views().forEach(v -> names.add(v.name()));
      }
      for (CqlIdentifier n : names) {
        int d = nameDistance(wanted, n.asInternal());
        if (d < bestDistance) {
          best = n;
          bestDistance = d;
        }
      }
    }
    return best == null || bestDistance > typos(wanted) ? null : best;
  }

  static int nameDistance(String a, String b) {
    return org.keyspacestudio.model.validate.Validator.distance(
        a.toLowerCase(java.util.Locale.ROOT), b.toLowerCase(java.util.Locale.ROOT), 2);
  }

  /** How many typos a name of this length may hold and still be taken for another: 1, or 2. */
  static int typos(String name) {
    return name.length() < 4 ? 0 : name.length() < 7 ? 1 : 2;
  }

  /** A user-defined type of that name added to the keyspace, with one field {@code value text}. */
  private static Document.Edit defineType(
      String label, CqlIdentifier keyspace, CqlIdentifier name) {
    return new Document.Edit(
        label,
        p -> {
          Keyspace now = p.schema().keyspace(keyspace).orElse(null);
          if (now == null || now.type(name).isPresent()) {
            return p;
          }
          List<UserType> types = new ArrayList<>(now.types());
          types.add(
              new UserType(
                  name, List.of(new UserType.Field(CqlIdentifier.of("value"), NativeType.TEXT))));
          return p.withSchema(
              SchemaEdits.withKeyspaceAdded(
                  p.schema(),
                  new Keyspace(
                      now.name(),
                      now.definition(),
                      types,
                      now.tables(),
                      now.indexes(),
                      now.views())));
        });
  }

  /**
   * An option Cassandra 5.0 does not know ({@code OPTION-UNKNOWN}): renamed to the known option of
   * the nearest name, keeping its value ({@code comments} → {@code comment}, {@code gc_grace} →
   * {@code gc_grace_seconds}), when that lessens the errors around the table; or removed. Neither
   * safe: the value may have been meant for another option.
   */
  private static List<Fix> unknownOption(Project project, ElementRef element) {
    Keyspace ks = project.schema().keyspace(element.keyspace()).orElse(null);
    if (ks == null || element.member() == null) {
      return List.of();
    }
    ElementRef owner = ElementRef.table(ks.name(), element.object());
    Table table = ks.table(element.object()).orElse(null);
    org.keyspacestudio.model.schema.MaterializedView view =
        table != null ? null : ks.view(element.object()).orElse(null);
    TableOptions options = table != null ? table.options() : view != null ? view.options() : null;
    String name = element.member().asInternal();
    if (options == null || !options.values().containsKey(name)) {
      return List.of();
    }
    OptionValue value = options.values().get(name);
    CqlIdentifier around = table != null ? table.name() : view.baseTable();
    List<Fix> out = new ArrayList<>();
    nearestOption(name)
        .filter(k -> !options.values().containsKey(k.cqlName()))
        .ifPresent(
            k -> {
              String label =
                  "Rename the option "
                      + name
                      + " of "
                      + element.object().asCql()
                      + " to "
                      + k.cqlName()
                      + " (keeping its value "
                      + value.asCql()
                      + ")";
              Document.Edit edit =
                  QuickFixes.optionsEdit(
                      label, owner, o -> o.without(name).with(k.cqlName(), value));
              Keyspace after = edit.change().apply(project).schema().keyspace(ks.name()).orElse(ks);
              if (SupportEdits.errorsAround(after, around)
                  < SupportEdits.errorsAround(ks, around)) {
                out.add(new Fix(label, edit, false));
              }
            });
    String label =
        "Remove the option "
            + name
            + " from "
            + element.object().asCql()
            + " (Cassandra 5.0 knows no such option)";
    out.add(new Fix(label, QuickFixes.optionsEdit(label, owner, o -> o.without(name)), false));
    return out;
  }

  /**
   * A table mixing counters with other columns: its counters moved to a table of their own keyed as
   * it is ({@code video_stats} → {@code video_stats_counters}), as Cassandra's documentation has
   * it, or made {@code bigint} (set by value, no longer incremented). Each offered only when it
   * adds no error around the table.
   */
  private static List<Fix> countersApart(Project project, ElementRef element) {
    Keyspace ks = project.schema().keyspace(element.keyspace()).orElse(null);
    Table t = ks == null ? null : ks.table(element.object()).orElse(null);
    if (t == null) {
      return List.of();
    }
    PrimaryKey key = t.primaryKey();
    List<Column> counters =
        t.columns().stream()
            .filter(c -> !key.isKeyColumn(c.name()) && c.type() == NativeType.COUNTER)
            .toList();
    if (counters.isEmpty()) {
      return List.of();
    }
    String names = String.join(", ", counters.stream().map(c -> c.name().asCql()).toList());
    List<Fix> out = new ArrayList<>();
    CqlIdentifier apartName = SchemaEdits.unique(ks, t.name().asInternal() + "_counters");
    List<Column> apartColumns = new ArrayList<>();
    t.columnsInKeyOrder().stream()
        .filter(c -> key.isKeyColumn(c.name()))
        .map(c -> new Column(c.name(), c.type(), false))
        .forEach(apartColumns::add);
    apartColumns.addAll(counters);
    Table apart = new Table(apartName, apartColumns, key, TableOptions.none());
    Table without = t.withColumns(t.columns().stream().filter(c -> !counters.contains(c)).toList());
    String moveLabel =
        "Move the counter"
            + (counters.size() > 1 ? "s " : " ")
            + names
            + " to a new table "
            + apartName.asCql()
            + " keyed as "
            + t.name().asCql();
    Keyspace moved = replaced(ks, t, without, apart);
    if (SupportEdits.errorsAround(moved, t.name()) + SupportEdits.errorsAround(moved, apartName)
        < SupportEdits.errorsAround(ks, t.name())) {
      out.add(new Fix(moveLabel, tableEdit(moveLabel, element, t, without, apart), false));
    }
    Table bigints =
        t.withColumns(
            t.columns().stream()
                .map(c -> counters.contains(c) ? c.withType(NativeType.BIGINT) : c)
                .toList());
    String typeLabel = "Make " + names + " bigint (set by value, no longer incremented)";
    if (SupportEdits.errorsAround(replaced(ks, t, bigints, null), t.name())
        < SupportEdits.errorsAround(ks, t.name())) {
      out.add(new Fix(typeLabel, tableEdit(typeLabel, element, t, bigints, null), false));
    }
    return out;
  }

  /** The keyspace with a table replaced, and another added when not null. */
  private static Keyspace replaced(Keyspace ks, Table before, Table after, Table added) {
    List<Table> tables = new ArrayList<>();
    for (Table x : ks.tables()) {
      tables.add(x.equals(before) ? after : x);
    }
    if (added != null) {
      tables.add(added);
    }
    return ks.withTables(tables);
  }

  /** The table replaced (and another added), when the table is still as the fix found it. */
  private static Document.Edit tableEdit(
      String label, ElementRef element, Table before, Table after, Table added) {
    return new Document.Edit(
        label,
        p -> {
          Keyspace now = p.schema().keyspace(element.keyspace()).orElse(null);
          if (now == null
              || !now.table(element.object()).map(before::equals).orElse(false)
              || (added != null && now.table(added.name()).isPresent())) {
            return p;
          }
          return p.withSchema(
              SchemaEdits.withKeyspaceAdded(p.schema(), replaced(now, before, after, added)));
        });
  }

  /**
   * An index's options Cassandra refuses ({@code OPTION-INVALID}). Those an SAI index does not
   * understand ("Properties specified [mode] are not understood by StorageAttachedIndex"): removed
   * (safe: the node refuses the index with them, and the others keep their meaning). A regular
   * index's ("Cannot specify options for a non-CUSTOM index"): the index made a storage-attached
   * one keeping them, when that lessens the errors around its table ({@code case_sensitive} and
   * {@code similarity_function} are SAI's); or its options removed. Neither of those two safe:
   * which one was meant is the modeler's call.
   */
  private static List<Fix> refusedIndexOptions(Project project, ElementRef element) {
    Keyspace ks = project.schema().keyspace(element.keyspace()).orElse(null);
    SecondaryIndex index = ks == null ? null : indexNamed(ks, element.object());
    if (index == null || index.options().isEmpty() || !namedOnce(project, element)) {
      return List.of();
    }
    List<String> notSai = org.keyspacestudio.model.validate.Validator.notSaiOptions(index);
    if (!notSai.isEmpty()) {
      java.util.TreeMap<String, String> kept = new java.util.TreeMap<>(index.options());
      kept.keySet().removeAll(notSai);
      String label =
          "Remove "
              + String.join(", ", notSai)
              + " from "
              + element.object().asCql()
              + " (StorageAttachedIndex does not understand "
              + (notSai.size() == 1 ? "it)" : "them)");
      return List.of(
          new Fix(
              label,
              new Document.Edit(
                  label,
                  ObjectEdits.replaceIndex(
                          element,
                          new SecondaryIndex(
                              index.name(), index.table(), index.targets(), index.using(), kept))
                      .change()),
              true));
    }
    if (index.using() != null) {
      return List.of();
    }
    CqlIdentifier name = index.name() == null ? index.effectiveName() : index.name();
    List<Fix> out = new ArrayList<>();
    String saiLabel = "Make " + element.object().asCql() + " a storage-attached index (SAI)";
    Document.Edit sai =
        new Document.Edit(
            saiLabel,
            ObjectEdits.replaceIndex(
                    element,
                    new SecondaryIndex(
                        name,
                        index.table(),
                        index.targets(),
                        "StorageAttachedIndex",
                        index.options()))
                .change());
    Keyspace afterSai = sai.change().apply(project).schema().keyspace(ks.name()).orElse(null);
    if (afterSai != null
        && SupportEdits.errorsAround(afterSai, index.table())
            < SupportEdits.errorsAround(ks, index.table())) {
      out.add(new Fix(saiLabel, sai, false));
    }
    String removeLabel =
        "Remove the options of " + element.object().asCql() + " (a regular index takes none)";
    out.add(
        new Fix(
            removeLabel,
            new Document.Edit(
                removeLabel,
                ObjectEdits.replaceIndex(
                        element,
                        new SecondaryIndex(
                            index.name(),
                            index.table(),
                            index.targets(),
                            null,
                            new java.util.TreeMap<>()))
                    .change()),
            false));
    return out;
  }

  /** How many of the script's SELECTs on the table Cassandra refuses. */
  private static long refusedSelects(Project project, CqlIdentifier keyspace, CqlIdentifier table) {
    ElementRef ref = ElementRef.table(keyspace, table);
    return org.keyspacestudio.model.support.ScriptSelects.check(project.schema()).stream()
        .filter(
            c ->
                ref.equals(c.target())
                    && !org.keyspacestudio.model.support.SupportCheck.supported(c.findings()))
        .count();
  }

  /**
   * A SASI index made a storage-attached index, when that adds no error to its keyspace (and, for
   * an index the node refuses, {@code refused}, leaves none on it).
   */
  private static List<Fix> saiInstead(Project project, ElementRef element, boolean refused) {
    if (element.kind() != ElementRef.Kind.INDEX) {
      return List.of();
    }
    Keyspace ks = project.schema().keyspace(element.keyspace()).orElse(null);
    SecondaryIndex index = ks == null ? null : indexNamed(ks, element.object());
    if (index == null
        || !index.isCustom()
        || index.isSai()
        || index.isLegacyLocalTable()
        || !namedOnce(project, element)) {
      return List.of();
    }
    SecondaryIndex sai =
        new SecondaryIndex(
            index.name() == null ? index.effectiveName() : index.name(),
            index.table(),
            index.targets(),
            "StorageAttachedIndex",
            new java.util.TreeMap<>());
    String label =
        "Make "
            + element.object().asCql()
            + " a storage-attached index (SAI)"
            + (index.isSasi()
                ? index.options().isEmpty() ? "" : ", without its SASI options"
                : ", not "
                    + index.using()
                    + (index.options().isEmpty() ? "" : ", without its options"));
    Document.Edit edit = new Document.Edit(label, ObjectEdits.replaceIndex(element, sai).change());
    Project after = edit.change().apply(project);
    Keyspace changed = after.schema().keyspace(element.keyspace()).orElse(null);
    List<org.keyspacestudio.model.validate.Problem> before =
        SupportEdits.errorsAroundList(ks, index.table());
    // The index's own errors, for one the node refuses: the storage-attached one must have none.
    long own = refused ? before.stream().filter(p -> element.equals(p.element())).count() : 0;
    if (changed == null
        || SupportEdits.errorsAround(changed, index.table()) > before.size() - own
        || refusedSelects(after, element.keyspace(), index.table())
            > refusedSelects(project, element.keyspace(), index.table())) {
      // Cassandra would refuse the storage-attached index, or a SELECT of the script that runs
      // through the SASI index (a LIKE) would then be refused.
      return List.of();
    }
    return List.of(new Fix(label, edit, false));
  }

  /**
   * TimeWindowCompactionStrategy asked to drop whole SSTables without checking for overlaps ({@code
   * COMPACTION-UNSAFE-EXPIRATION}), which a node refuses unless started with {@code
   * -Dcassandra.allow_unsafe_aggressive_sstable_expiration=true} ({@code
   * TimeWindowCompactionStrategyOptions.validateOptions}): the sub-option removed. Not safe: the
   * table then expires its data as TWCS does by default, later than asked.
   */
  private static List<Fix> withoutUnsafeExpiration(ElementRef option) {
    String label =
        "Remove unsafe_aggressive_sstable_expiration from compaction of "
            + option.object().asCql()
            + " (the node refuses it unless started to allow it)";
    ElementRef owner = ElementRef.table(option.keyspace(), option.object());
    return List.of(
        new Fix(
            label,
            QuickFixes.optionsEdit(
                label,
                owner,
                o ->
                    o.get(option.member().asInternal()).orElse(null)
                            instanceof OptionValue.MapValue map
                        ? o.with(
                            option.member().asInternal(),
                            OptionValue.MapValue.of(
                                without(map.entries(), "unsafe_aggressive_sstable_expiration")))
                        : o),
            false));
  }

  /** A copy of a map option's entries without one of them. */
  private static java.util.SortedMap<String, String> without(
      java.util.SortedMap<String, String> entries, String key) {
    java.util.SortedMap<String, String> out = new java.util.TreeMap<>(entries);
    out.remove(key);
    return out;
  }

  /**
   * A materialized view, which a Cassandra 5.0 node refuses unless {@code
   * materialized_views_enabled} ({@code VIEW-DISABLED}): a table of its name, key and columns that
   * the application writes with its base table ({@link ObjectEdits#viewToTable}), as the DataStax
   * and Apache guidance on views (experimental since 3.11.2) advises. Offered when Cassandra would
   * take the table as it stands (no error around it); not safe: the node no longer fills it.
   */
  private static List<Fix> viewAsTable(Project project, ElementRef element) {
    if (element.kind() != ElementRef.Kind.VIEW) {
      return List.of();
    }
    Keyspace ks = project.schema().keyspace(element.keyspace()).orElse(null);
    MaterializedView view = ks == null ? null : ks.view(element.object()).orElse(null);
    if (view == null || ks.viewAsTable(view) == null) {
      return List.of();
    }
    String label =
        "Make the view "
            + element.object().asCql()
            + " a table the application writes with "
            + view.baseTable().asCql()
            + (view.otherRestrictions().isBlank()
                ? ""
                : " (and filters: " + view.otherRestrictions().strip() + ")");
    Document.Edit edit = new Document.Edit(label, ObjectEdits.viewToTable(element).change());
    Keyspace changed =
        edit.change().apply(project).schema().keyspace(element.keyspace()).orElse(null);
    if (changed == null || SupportEdits.errorsAround(changed, view.name()) > 0) {
      return List.of();
    }
    return List.of(new Fix(label, edit, false));
  }

  /**
   * An index on a column its table lacks ({@code INDEX-UNKNOWN-COLUMN}): the index on the table's
   * column of the nearest name instead ({@code emial} → {@code email}; its name kept), when that
   * lessens the errors around the table; or the index deleted. Neither safe: the index was meant
   * for a column.
   */
  private static List<Fix> unknownIndexColumn(Project project, ElementRef element) {
    if (element.kind() != ElementRef.Kind.INDEX || !namedOnce(project, element)) {
      return List.of();
    }
    Keyspace ks = project.schema().keyspace(element.keyspace()).orElse(null);
    SecondaryIndex index = ks == null ? null : indexNamed(ks, element.object());
    Table t = index == null ? null : ks.table(index.table()).orElse(null);
    if (t == null) {
      return List.of();
    }
    List<Fix> out = new ArrayList<>();
    List<org.keyspacestudio.model.schema.IndexTarget> targets = new ArrayList<>();
    List<String> moved = new ArrayList<>();
    for (var target : index.targets()) {
      if (t.column(target.column()).isPresent()) {
        targets.add(target);
        continue;
      }
      Column near = nearestColumn(t, target.column(), c -> true);
      if (near == null) {
        targets = null;
        break;
      }
      targets.add(new org.keyspacestudio.model.schema.IndexTarget(near.name(), target.kind()));
      moved.add(near.name().asCql() + " instead of " + target.column().asCql());
    }
    if (targets != null && !moved.isEmpty()) {
      SecondaryIndex retargeted =
          new SecondaryIndex(
              index.effectiveName(), index.table(), targets, index.using(), index.options());
      String label =
          "Index "
              + t.name().asCql()
              + "."
              + String.join(", ", moved)
              + " ("
              + element.object().asCql()
              + ")";
      Document.Edit edit =
          new Document.Edit(label, ObjectEdits.replaceIndex(element, retargeted).change());
      Keyspace changed = edit.change().apply(project).schema().keyspace(ks.name()).orElse(ks);
      if (SupportEdits.errorsAround(changed, t.name()) < SupportEdits.errorsAround(ks, t.name())) {
        out.add(new Fix(label, edit, false));
      }
    }
    out.add(
        new Fix(
            "Delete the index " + element.object().asCql() + " (its column does not exist)",
            Edits.delete(Set.of(element)),
            false));
    return out;
  }

  /**
   * A view naming columns its base table lacks, or a key column it does not select ({@code
   * VIEW-UNKNOWN-COLUMN}): each such name replaced, wherever the view has it (selected, IS NOT
   * NULL, key), by the base table's column of the nearest name ({@code vidoe_id} → {@code
   * video_id}), and each key column the view does not select added to what it selects; offered when
   * that lessens the errors around the base table. Not safe: the view's shape is the modeler's.
   */
  private static List<Fix> unknownViewColumns(Project project, ElementRef element) {
    Keyspace ks = project.schema().keyspace(element.keyspace()).orElse(null);
    var view = ks == null ? null : ks.view(element.object()).orElse(null);
    Table base = view == null ? null : ks.table(view.baseTable()).orElse(null);
    if (base == null) {
      return List.of();
    }
    java.util.Map<CqlIdentifier, CqlIdentifier> instead = new java.util.LinkedHashMap<>();
    java.util.Set<CqlIdentifier> named = new java.util.LinkedHashSet<>(view.selected());
    named.addAll(view.notNullColumns());
    named.addAll(view.primaryKey().allColumns());
    for (CqlIdentifier name : named) {
      if (base.column(name).isEmpty()) {
        Column near = nearestColumn(base, name, c -> !named.contains(c.name()));
        if (near != null) {
          instead.put(name, near.name());
        }
      }
    }
    java.util.function.UnaryOperator<CqlIdentifier> swap = c -> instead.getOrDefault(c, c);
    PrimaryKey key =
        new PrimaryKey(
            view.primaryKey().partitionKey().stream().map(swap).toList(),
            view.primaryKey().clustering().stream()
                .map(c -> new PrimaryKey.ClusteringColumn(swap.apply(c.name()), c.order()))
                .toList());
    List<CqlIdentifier> selected = new ArrayList<>(view.selected().stream().map(swap).toList());
    List<String> added = new ArrayList<>();
    if (!view.selectsAll()) {
      for (CqlIdentifier c : key.allColumns()) {
        if (!selected.contains(c) && base.column(c).isPresent()) {
          selected.add(c);
          added.add(c.asCql());
        }
      }
    }
    if (instead.isEmpty() && added.isEmpty()) {
      return List.of();
    }
    var changed =
        new org.keyspacestudio.model.schema.MaterializedView(
            view.name(),
            view.baseTable(),
            selected,
            view.notNullColumns().stream().map(swap).toList(),
            view.otherRestrictions(),
            key,
            view.options());
    List<String> parts = new ArrayList<>();
    instead.forEach((from, to) -> parts.add(to.asCql() + " instead of " + from.asCql()));
    if (!added.isEmpty()) {
      parts.add("select " + String.join(", ", added));
    }
    String label = "In the view " + view.name().asCql() + ": " + String.join("; ", parts);
    Keyspace after =
        new Keyspace(
            ks.name(),
            ks.definition(),
            ks.types(),
            ks.tables(),
            ks.indexes(),
            ks.views().stream().map(v -> v.equals(view) ? changed : v).toList());
    if (SupportEdits.errorsAround(after, base.name())
        >= SupportEdits.errorsAround(ks, base.name())) {
      return List.of();
    }
    return List.of(
        new Fix(
            label, ObjectEdits.viewEdit(element, label, v -> v.equals(view) ? changed : v), false));
  }

  /** The keyspace's index of that (effective) name, or null. */
  private static SecondaryIndex indexNamed(Keyspace ks, CqlIdentifier name) {
    return ks.indexes().stream()
        .filter(i -> i.effectiveName().equals(name))
        .findFirst()
        .orElse(null);
  }

  /**
   * The table's column whose name is nearest to {@code name} among those {@code eligible} takes,
   * within the typos a name of that length may hold; null when none is near enough.
   */
  private static Column nearestColumn(
      Table t, CqlIdentifier name, java.util.function.Predicate<Column> eligible) {
    Column near = null;
    int nearest = Integer.MAX_VALUE;
    for (Column c : t.columns()) {
      int d = nameDistance(name.asInternal(), c.name().asInternal());
      if (eligible.test(c) && d < nearest) {
        near = c;
        nearest = d;
      }
    }
    return nearest <= typos(name.asInternal()) ? near : null;
  }

  /** Whether one index of the keyspace has that name (a deletion by name takes that one only). */
  private static boolean namedOnce(Project project, ElementRef index) {
    return project
            .schema()
            .keyspace(index.keyspace())
            .map(
                ks ->
                    ks.indexes().stream()
                        .filter(i -> i.effectiveName().equals(index.object()))
                        .count())
            .orElse(0L)
        == 1;
  }
}
