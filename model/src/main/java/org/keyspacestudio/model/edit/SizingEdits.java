package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.mapping.MappedTable;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.sizing.PartitionSize;
import org.keyspacestudio.model.sizing.PartitionSizes;
import org.keyspacestudio.model.sizing.SizeRules;
import org.keyspacestudio.model.sizing.TableSizing;
import org.keyspacestudio.model.type.NativeType;

/**
 * The edits of partition size figures, and the fix for a partition that is too large: a bucket
 * column in its partition key, with as many buckets as it takes to bring each partition to half the
 * tightest limit (room to grow, and for buckets that fill unevenly). Each is one undo step.
 */
public final class SizingEdits {

  /** The name of the bucket column the fix adds (then {@code bucket2}, ... when taken). */
  public static final String BUCKET = "bucket";

  private SizingEdits() {}

  /** Sets (or clears, when {@code count} is null) the expected instances of an entity. */
  public static Document.Edit setInstances(String owner, Long count) {
    return new Document.Edit(
        count == null
            ? "Clear the number of " + owner
            : "Expect " + PartitionSizes.number(count) + " " + owner,
        p -> p.withSizing(p.sizing().withInstances(owner, count)));
  }

  /** Replaces a table's typed-in figures. */
  public static Document.Edit setTable(TableSizing figures) {
    return new Document.Edit(
        "Change the size figures of " + figures.table(),
        p -> p.withSizing(p.sizing().with(figures)));
  }

  /**
   * The fixes for a table whose partitions are too large, empty when it has no size problem, when
   * no number of buckets helps (a single row is too large), or for a materialized view (its key can
   * hold only its base table's columns; the view's VIEW-DISABLED fix makes it a table).
   */
  public static List<Fix> fixes(Project project, ElementRef table) {
    if (table.kind() != ElementRef.Kind.TABLE) {
      // A view's key is its base table's columns: a bucket would be the base table's first.
      return List.of();
    }
    Optional<PartitionSize> size = PartitionSizes.estimate(project, table);
    if (size.isEmpty() || SizeRules.validate(size.get()).isEmpty()) {
      return List.of();
    }
    PartitionSize s = size.get();
    // Half the tightest limit: room to grow, and for uneven buckets.
    long fit = (Math.min(s.rowsAtValueLimit(), s.rowsAtByteLimit()) - 1) / 2;
    if (fit < 1) {
      return List.of();
    }
    long rowsBefore = s.rowsPerPartition().value() * s.buckets();
    long buckets = Math.max(2, (rowsBefore + fit - 1) / fit);
    List<Fix> out = new ArrayList<>();
    Table t = table(project, table);
    CqlIdentifier existing = bucketColumn(project, table, t);
    if (existing != null) {
      out.add(
          new Fix(
              "Use "
                  + PartitionSizes.number(buckets)
                  + " values of "
                  + existing
                  + " (partitions of about "
                  + PartitionSizes.number((rowsBefore + buckets - 1) / buckets)
                  + " rows)",
              new Document.Edit(
                  "Use " + buckets + " buckets in " + table, p -> withBuckets(p, table, buckets)),
              false));
    } else {
      CqlIdentifier name = freeName(t);
      Document.Edit addColumn =
          SchemaEdits.tableEdit(
              table,
              "Add bucket column " + name + " to " + table,
              old -> {
                List<Column> columns = new ArrayList<>(old.columns());
                columns.add(new Column(name, NativeType.INT, false));
                List<CqlIdentifier> partition = new ArrayList<>(old.primaryKey().partitionKey());
                partition.add(name);
                return old.withColumns(columns)
                    .withPrimaryKey(new PrimaryKey(partition, old.primaryKey().clustering()));
              });
      out.add(
          new Fix(
              "Add a bucket column "
                  + name
                  + " to the partition key, "
                  + PartitionSizes.number(buckets)
                  + " buckets (partitions of about "
                  + PartitionSizes.number((rowsBefore + buckets - 1) / buckets)
                  + " rows)",
              new Document.Edit(
                  "Add bucket column " + name + " to " + table,
                  p -> withBuckets(addColumn.change().apply(p), table, buckets)),
              false));
    }
    return out;
  }

  private static Project withBuckets(Project p, ElementRef table, long buckets) {
    return p.withSizing(p.sizing().with(p.sizing().table(table).withBuckets(buckets)));
  }

  private static Table table(Project project, ElementRef ref) {
    return project
        .schema()
        .keyspace(ref.keyspace())
        .flatMap(ks -> ks.table(ref.object()))
        .orElseThrow();
  }

  /**
   * The table's bucket column: a partition key column no attribute holds (in a mapped table), or
   * one named {@code bucket}; null when it has none.
   */
  private static CqlIdentifier bucketColumn(Project project, ElementRef ref, Table t) {
    MappedTable mapped = project.mapping().table(ref).orElse(null);
    for (CqlIdentifier c : t.primaryKey().partitionKey()) {
      boolean synthetic =
          mapped != null
              && !mapped.sources().isEmpty()
              && !mapped.sources().containsKey(c.asInternal());
      if (synthetic || c.asInternal().equals(BUCKET)) {
        return c;
      }
    }
    return null;
  }

  private static CqlIdentifier freeName(Table t) {
    CqlIdentifier name = CqlIdentifier.of(BUCKET);
    for (int i = 2; t.column(name).isPresent(); i++) {
      name = CqlIdentifier.of(BUCKET + i);
    }
    return name;
  }
}
