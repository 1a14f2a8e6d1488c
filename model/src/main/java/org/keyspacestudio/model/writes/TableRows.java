package org.keyspacestudio.model.writes;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.mapping.MappedTable;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Table;

/**
 * What a mapped table's rows are, by the attributes its columns hold (the mapping's column sources)
 * and the conceptual model's keys ({@link Owners}): the owner whose instance each row stands for,
 * and the owner each partition stands for.
 *
 * <p>A row stands for one instance of an owner whose key the table's primary key holds and which
 * determines every owner the table holds attributes of (a {@code Comment}'s row can hold its {@code
 * Video}'s title: each Comment is about one Video). When the primary key determines no instance of
 * an owner the table holds, rows of different instances of it have the same key and overwrite each
 * other: the Chebotko method's MR5, which puts the involved entities' keys in the primary key,
 * prevents it.
 *
 * @param table the table
 * @param rowOwner the owner each row stands for, or null when no one owner's instance does (the
 *     rows overwrite each other, or stand for pairs of instances the conceptual model does not
 *     relate)
 * @param partitionOwner the owner each partition stands for (its key holds the owner's key, and the
 *     owner determines what the static columns hold), or null
 * @param held the owners the table holds attributes of, in the model's order
 * @param overwritten the owners of {@code held} whose instances overwrite each other's rows: those
 *     no owner whose key the primary key holds determines; empty for a sound table
 * @param alsoRowOwners the other owners each row could stand for as well, in the model's order:
 *     alike in all {@link #of} weighs (two many-to-many relationships of the same entities, none of
 *     whose own attributes the table holds, neither named by the table), the row owner taken first
 *     in the model's order; empty when the row owner is the one
 */
public record TableRows(
    ElementRef table,
    String rowOwner,
    String partitionOwner,
    List<String> held,
    List<String> overwritten,
    List<String> alsoRowOwners) {

  public TableRows {
    held = List.copyOf(held);
    overwritten = List.copyOf(overwritten);
    alsoRowOwners = List.copyOf(alsoRowOwners);
  }

  /**
   * The rows of a table.
   *
   * @param owners the conceptual model's owners
   * @param ref the table's reference
   * @param table the table
   * @param mapped its mapping entry (the attribute each column holds)
   * @return what its rows and partitions are; with no row owner and nothing overwritten when no
   *     column holds an attribute of the model
   */
  public static TableRows of(Owners owners, ElementRef ref, Table table, MappedTable mapped) {
    Map<String, AttributeRef> sources = mapped.sources();
    Set<AttributeRef> keySources = new LinkedHashSet<>();
    Set<AttributeRef> partitionSources = new LinkedHashSet<>();
    for (CqlIdentifier c : table.primaryKey().allColumns()) {
      AttributeRef a = sources.get(c.asInternal());
      if (a != null && table.column(c).isPresent()) {
        keySources.add(a);
        if (table.primaryKey().isPartitionKey(c)) {
          partitionSources.add(a);
        }
      }
    }
    Set<String> heldSet = new LinkedHashSet<>();
    Set<String> staticOwners = new LinkedHashSet<>();
    for (Column c : table.columns()) {
      AttributeRef a = sources.get(c.name().asInternal());
      if (a != null && owners.isOwner(a.owner())) {
        heldSet.add(a.owner());
        if (c.isStatic() && !table.primaryKey().isKeyColumn(c.name())) {
          staticOwners.add(a.owner());
        }
      }
    }
    List<String> held = new ArrayList<>(heldSet);
    held.sort(Comparator.comparingInt(owners::order));
    List<String> candidates = candidates(owners, keySources);
    List<String> overwritten = new ArrayList<>();
    for (String o : held) {
      if (candidates.stream().noneMatch(c -> owners.determines(c, o))) {
        overwritten.add(o);
      }
    }
    String name = table.name().asInternal();
    String rowOwner = null;
    for (String c : candidates) {
      if (determinesAll(owners, c, held)
          && (rowOwner == null || better(owners, c, rowOwner, heldSet, name))) {
        rowOwner = c;
      }
    }
    List<String> also = new ArrayList<>();
    for (String c : candidates) {
      if (rowOwner != null
          && !c.equals(rowOwner)
          && determinesAll(owners, c, held)
          && compare(owners, c, rowOwner, heldSet, name) == 0) {
        also.add(c);
      }
    }
    String partitionOwner = null;
    for (String c : candidates(owners, partitionSources)) {
      if (determinesAll(owners, c, staticOwners)
          && (rowOwner == null || owners.determines(rowOwner, c))
          && (partitionOwner == null || better(owners, c, partitionOwner, heldSet, name))) {
        partitionOwner = c;
      }
    }
    return new TableRows(ref, rowOwner, partitionOwner, held, overwritten, also);
  }

  private static boolean determinesAll(
      Owners owners, String owner, java.util.Collection<String> others) {
    for (String o : others) {
      if (!owners.determines(owner, o)) {
        return false;
      }
    }
    return true;
  }

  /** The owners with a key the attributes hold, in the model's order. */
  static List<String> candidates(Owners owners, Set<AttributeRef> attributes) {
    Set<String> out = new LinkedHashSet<>();
    for (AttributeRef a : attributes) {
      for (String o : owners.ownersOfKeysHolding(a)) {
        if (!out.contains(o) && owners.keys(o).stream().anyMatch(attributes::containsAll)) {
          out.add(o);
        }
      }
    }
    List<String> list = new ArrayList<>(out);
    list.sort(Comparator.comparingInt(owners::order));
    return list;
  }

  /**
   * Whether {@code a} is the better row owner than {@code b}, both determining what the table
   * holds: by {@link #compare}, then the model's order.
   */
  private static boolean better(
      Owners owners, String a, String b, Set<String> held, String tableName) {
    int c = compare(owners, a, b, held, tableName);
    return c != 0 ? c < 0 : owners.order(a) < owners.order(b);
  }

  /**
   * Which of two owners is the better row owner, negative for {@code a}: one the table holds
   * attributes of, then an entity (over a role, then a relationship), then the larger key, then one
   * the table is named after ({@link #namedAfter}); 0 when they are alike in all of these.
   */
  private static int compare(
      Owners owners, String a, String b, Set<String> held, String tableName) {
    if (held.contains(a) != held.contains(b)) {
      return held.contains(a) ? -1 : 1;
    }
    int ka = rank(owners.kind(a));
    int kb = rank(owners.kind(b));
    if (ka != kb) {
      return Integer.compare(ka, kb);
    }
    int sa = owners.keys(a).isEmpty() ? 0 : owners.keys(a).get(0).size();
    int sb = owners.keys(b).isEmpty() ? 0 : owners.keys(b).get(0).size();
    if (sa != sb) {
      return Integer.compare(sb, sa);
    }
    boolean na = namedAfter(tableName, a);
    boolean nb = namedAfter(tableName, b);
    if (na != nb) {
      return na ? -1 : 1;
    }
    return 0;
  }

  /**
   * Whether a table's name holds an owner's name as a run of whole words, each word singular or
   * plural ({@code video_recommendations_by_user} holds {@code video_recommendation}, {@code
   * likes_by_user} holds {@code likes}; {@code user_videos} does not hold {@code video_rating}).
   * Words are split at underscores and where a lower-case letter meets a capital ({@code
   * VideoRating}); English plurals only.
   */
  static boolean namedAfter(String tableName, String owner) {
    List<String> table = words(tableName);
    List<String> name = words(owner);
    if (name.isEmpty()) {
      return false;
    }
    for (int i = 0; i + name.size() <= table.size(); i++) {
      if (table.subList(i, i + name.size()).equals(name)) {
        return true;
      }
    }
    return false;
  }

  /** The words of a name, lower case and singular. */
  private static List<String> words(String name) {
    List<String> out = new ArrayList<>();
    for (String w :
        name.replaceAll("([a-z0-9])([A-Z])", "$1_$2")
            .toLowerCase(java.util.Locale.ROOT)
            .split("_")) {
      if (!w.isEmpty()) {
        out.add(singular(w));
      }
    }
    return out;
  }

  private static String singular(String w) {
    if (w.length() > 3 && w.endsWith("ies")) {
      return w.substring(0, w.length() - 3) + "y";
    }
    if (w.length() > 4 && (w.endsWith("sses") || w.endsWith("xes") || w.endsWith("ches"))) {
      return w.substring(0, w.length() - 2);
    }
    if (w.length() > 3 && w.endsWith("s") && !w.endsWith("ss")) {
      return w.substring(0, w.length() - 1);
    }
    return w;
  }

  private static int rank(Owners.Kind kind) {
    return switch (kind) {
      case ENTITY -> 0;
      case ROLE -> 1;
      case RELATIONSHIP -> 2;
    };
  }
}
