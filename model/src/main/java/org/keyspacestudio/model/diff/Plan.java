package org.keyspacestudio.model.diff;

import java.util.List;
import java.util.Objects;
import org.keyspacestudio.model.cql.CqlIdentifier;

/**
 * What it takes to bring one keyspace on a cluster to the model: statements in the order they must
 * run, and the differences that no statement can make.
 *
 * <p>Order: keyspace, then types (a type before the types and tables that use it), views and
 * indexes that must go, tables (new ones, then added columns, changed options, dropped columns),
 * dropped tables, new indexes and views, dropped types.
 *
 * @param keyspace the keyspace compared
 * @param changes the statements, in order
 * @param blocked what cannot be applied in place
 */
public record Plan(CqlIdentifier keyspace, List<Change> changes, List<Blocked> blocked) {
  public Plan {
    Objects.requireNonNull(keyspace, "keyspace");
    changes = List.copyOf(changes);
    blocked = List.copyOf(blocked);
  }

  /** Whether the cluster already matches the model. */
  public boolean isEmpty() {
    return changes.isEmpty() && blocked.isEmpty();
  }

  /** The statements that drop something. */
  public List<Change> drops() {
    return changes.stream().filter(Change::drop).toList();
  }
}
