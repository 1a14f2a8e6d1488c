package org.keyspacestudio.model.sizing;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.keyspacestudio.model.schema.ElementRef;

/**
 * The figures a partition size estimate starts from, as the user typed them in: how many instances
 * of each entity (or relationship) the application expects, and per table what the conceptual model
 * cannot tell.
 *
 * @param instances expected instances by entity or relationship name, each at least 1
 * @param tables the tables with typed-in figures, one entry each, none empty
 */
public record SizingInputs(SortedMap<String, Long> instances, List<TableSizing> tables) {

  public SizingInputs {
    instances = Collections.unmodifiableSortedMap(new TreeMap<>(instances));
    instances.forEach(
        (owner, count) -> {
          if (count == null || count < 1) {
            throw new IllegalArgumentException(
                "the number of " + owner + " must be at least 1, not " + count);
          }
        });
    tables = tables.stream().filter(t -> !t.isEmpty()).toList();
  }

  /** Nothing typed in. */
  public static SizingInputs empty() {
    return new SizingInputs(new TreeMap<>(), List.of());
  }

  /** The expected instances of an entity or relationship, if typed in. */
  public Optional<Long> instances(String owner) {
    return Optional.ofNullable(instances.get(owner));
  }

  /** What is typed in for a table (an empty entry when nothing is). */
  public TableSizing table(ElementRef table) {
    return tables.stream()
        .filter(t -> t.table().equals(table))
        .findFirst()
        .orElse(TableSizing.none(table));
  }

  /** A copy with an owner's instances set, or cleared when {@code count} is null. */
  public SizingInputs withInstances(String owner, Long count) {
    TreeMap<String, Long> copy = new TreeMap<>(instances);
    if (count == null) {
      copy.remove(owner);
    } else {
      copy.put(owner, count);
    }
    return new SizingInputs(copy, tables);
  }

  /** A copy with an owner's instances moved to its new name. */
  public SizingInputs withOwnerRenamed(String owner, String newName) {
    if (!instances.containsKey(owner)) {
      return this;
    }
    TreeMap<String, Long> copy = new TreeMap<>(instances);
    copy.put(newName, copy.remove(owner));
    return new SizingInputs(copy, tables);
  }

  /** A copy with a table's entry replaced (an empty entry removes it). */
  public SizingInputs with(TableSizing entry) {
    List<TableSizing> out = new ArrayList<>();
    boolean done = false;
    for (TableSizing t : tables) {
      if (t.table().equals(entry.table())) {
        out.add(entry);
        done = true;
      } else {
        out.add(t);
      }
    }
    if (!done) {
      out.add(entry);
    }
    return new SizingInputs(instances, out);
  }

  /** A copy with every table entry passed through {@code change} (null removes it). */
  public SizingInputs mapTables(UnaryOperator<TableSizing> change) {
    List<TableSizing> out = new ArrayList<>();
    boolean same = true;
    for (TableSizing t : tables) {
      TableSizing changed = change.apply(t);
      same &= changed == t;
      if (changed != null) {
        out.add(changed);
      }
    }
    return same ? this : new SizingInputs(instances, out);
  }
}
