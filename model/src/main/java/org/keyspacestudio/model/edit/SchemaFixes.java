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
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.type.NativeType;
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
 *   <li>a SASI index ({@code INDEX-SASI-DISABLED}: off on a default node, and experimental): made a
 *       storage-attached index, Cassandra 5.0's own, without SASI's options (not safe: SAI matches
 *       {@code =} and ranges, not SASI's {@code LIKE}); offered only when SAI takes the column;
 *   <li>a table mixing counters with other columns ({@code COUNTER-MIXED}): the counters moved to a
 *       new table keyed as it is, or made {@code bigint} (neither safe: the data's shape or its
 *       updates change).
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
    if (!(problem.rule() instanceof Rule rule) || problem.element() == null) {
      return List.of();
    }
    ElementRef element = problem.element();
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
      case INDEX_SASI_DISABLED -> saiInstead(project, element);
      case COUNTER_MIXED ->
          element.kind() == ElementRef.Kind.TABLE ? countersApart(project, element) : List.of();
      default -> List.of();
    };
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

  /** A SASI index made a storage-attached index, when that adds no error to its keyspace. */
  private static List<Fix> saiInstead(Project project, ElementRef element) {
    if (element.kind() != ElementRef.Kind.INDEX) {
      return List.of();
    }
    Keyspace ks = project.schema().keyspace(element.keyspace()).orElse(null);
    SecondaryIndex index =
        ks == null
            ? null
            : ks.indexes().stream()
                .filter(i -> i.effectiveName().equals(element.object()))
                .findFirst()
                .orElse(null);
    if (index == null || !index.isSasi() || !namedOnce(project, element)) {
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
            + (index.options().isEmpty() ? "" : ", without its SASI options");
    Document.Edit edit = new Document.Edit(label, ObjectEdits.replaceIndex(element, sai).change());
    Project after = edit.change().apply(project);
    Keyspace changed = after.schema().keyspace(element.keyspace()).orElse(null);
    if (changed == null
        || SupportEdits.errorsAround(changed, index.table())
            > SupportEdits.errorsAround(ks, index.table())) {
      return List.of();
    }
    return List.of(new Fix(label, edit, false));
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
