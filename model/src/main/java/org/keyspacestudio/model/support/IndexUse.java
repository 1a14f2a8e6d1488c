package org.keyspacestudio.model.support;

import java.util.ArrayList;
import java.util.List;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.schema.Table;

/**
 * What one secondary index serves, which indexes it answers a query with, and the queries that go
 * through it: what a user weighs before changing or dropping an index. Follows {@link
 * IndexedColumns} (Cassandra 5.0's {@code IndexTermType.supports} and index groups).
 */
public final class IndexUse {

  /**
   * A query whose restriction on the indexed column the index serves.
   *
   * @param label {@code Statement 3} for a script's SELECT, the query's id ({@code Q2}) for a
   *     workflow query
   * @param select the SELECT as written (a workflow query's as generated)
   * @param findings what {@link SupportCheck} finds for it on the table
   */
  public record Use(String label, String select, List<SupportCheck.Finding> findings) {

    /** Whether Cassandra prepares it. */
    public boolean supported() {
      return SupportCheck.supported(findings);
    }
  }

  private IndexUse() {}

  /**
   * What the index serves, in words: {@code "status = ? (not IN, not ranges)"}, {@code "total =, <,
   * <=, >, >= (not IN)"}, {@code "tags CONTAINS ?"}, {@code "m CONTAINS KEY ?"}, a SASI index's
   * {@code "name = ?, LIKE 'abc%' or 'abc' (not IN, not ranges)"}; for a target the check does not
   * judge (a map's entries), says so.
   *
   * @param ks the index's keyspace, not null
   * @param index the index, not null
   * @return the sentence, never null
   */
  public static String serves(Keyspace ks, SecondaryIndex index) {
    Table table = ks.table(index.table()).orElse(null);
    if (table == null || index.targets().isEmpty()) {
      return "nothing: its table or column is missing";
    }
    IndexedColumns alone = IndexedColumns.of(only(ks, index), table);
    CqlIdentifier c = index.targets().get(0).column();
    String name = c.asCql();
    var column = table.column(c).orElse(null);
    if (index.isSasi() && column != null) {
      String refusal =
          org.keyspacestudio.model.schema.SasiMode.read(index.options(), table, column).refusal();
      if (refusal != null) {
        return "nothing: Cassandra refuses this SASI index (" + refusal + ")";
      }
    }
    java.util.Set<LikePattern> like = alone.likes().getOrDefault(c, java.util.Set.of());
    boolean equality = alone.equality().contains(c);
    boolean ranges = alone.ranges().contains(c);
    if (!like.isEmpty()) {
      // A SASI index on text: the patterns its mode serves when the query runs.
      List<String> forms = new ArrayList<>();
      for (LikePattern form : LikePattern.values()) {
        if (like.contains(form)) {
          forms.add(form.example());
        }
      }
      return name
          + (equality ? " = ?, " : " ")
          + "LIKE "
          + String.join(" or ", forms)
          + (equality
              ? " (not IN, not ranges)"
              : " (not =: its analyzer splits values into words)");
    }
    if (ranges && equality) {
      return name + " =, <, <=, >, >= (not IN)";
    }
    if (ranges) {
      return name + " <, <=, >, >= (not =: its analyzer splits values into words)";
    }
    if (equality) {
      return name + " = ? (not IN, not ranges)";
    }
    if (alone.values().contains(c)) {
      return name + " CONTAINS ?";
    }
    if (alone.keys().contains(c)) {
      return name + " CONTAINS KEY ?";
    }
    return "nothing the check judges (" + index.targets().get(0).asCql() + ")";
  }

  /**
   * Which indexes this one answers a query with: the table's other storage-attached indexes when it
   * is one, none otherwise ({@code IndexRestrictions.needsFiltering}).
   *
   * @param ks the index's keyspace, not null
   * @param index the index, not null
   * @return the sentence, never null
   */
  public static String answersWith(Keyspace ks, SecondaryIndex index) {
    List<String> others = new ArrayList<>();
    for (SecondaryIndex i : ks.indexesOn(index.table())) {
      if (!i.effectiveName().equals(index.effectiveName()) && !i.targets().isEmpty() && i.isSai()) {
        others.add(i.targets().get(0).column().asCql());
      }
    }
    if (index.isSai()) {
      return others.isEmpty()
          ? "The table's only storage-attached index"
          : "Answers a query together with the table's other storage-attached indexes (on "
              + String.join(", ", others)
              + ")";
    }
    return "Answers a query alone: a query that also restricts a column another index serves is"
        + " filtered unless both indexes are storage-attached (SAI)";
  }

  /**
   * The script's SELECTs and the workflow's queries on the index's table whose restriction on the
   * indexed column the index serves, in that order.
   *
   * @param project the project, not null
   * @param ks the index's keyspace, not null
   * @param index the index, not null
   * @return the uses, never null
   */
  public static List<Use> uses(Project project, Keyspace ks, SecondaryIndex index) {
    List<Use> out = new ArrayList<>();
    Table table = ks.table(index.table()).orElse(null);
    if (table == null || index.targets().isEmpty()) {
      return out;
    }
    ElementRef ref = ElementRef.table(ks.name(), table.name());
    IndexedColumns alone = IndexedColumns.of(only(ks, index), table);
    CqlIdentifier c = index.targets().get(0).column();
    for (ScriptSelects.Checked s : ScriptSelects.check(project.schema())) {
      if (ref.equals(s.target()) && through(alone, c, s.select().query())) {
        out.add(
            new Use(
                "Statement " + s.number(),
                project.schema().otherStatements().get(s.number() - 1).text(),
                s.findings()));
      }
    }
    for (QuerySupport.Answer a : QuerySupport.answers(project)) {
      if (!ref.equals(a.table()) || !a.missing().isEmpty()) {
        continue;
      }
      if (through(alone, c, a.tableQuery())) {
        out.add(new Use(a.query().id(), a.select(), a.findings()));
      }
    }
    return out;
  }

  /** Whether the query restricts the column by a relation the index serves. */
  private static boolean through(IndexedColumns alone, CqlIdentifier c, TableQuery query) {
    for (TableQuery.Restriction r : query.where()) {
      if (r.column().equals(c) && alone.serves(c, r.operator())) {
        return true;
      }
    }
    return false;
  }

  /** The keyspace with this index alone. */
  private static Keyspace only(Keyspace ks, SecondaryIndex index) {
    return ks.withIndexes(List.of(index));
  }
}
