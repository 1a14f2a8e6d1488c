package org.keyspacestudio.model.schema;

import java.util.Collections;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A keyspace's replication: the strategy and its options.
 *
 * @param strategy the strategy class; Cassandra's own strategies by their short name ({@code
 *     SimpleStrategy}, {@code NetworkTopologyStrategy}, {@code LocalStrategy}, {@code
 *     EverywhereStrategy}), any other class by its full name
 * @param options the other entries of the replication map, such as {@code replication_factor} or a
 *     data center's factor, as strings
 */
public record Replication(String strategy, SortedMap<String, String> options) {

  private static final String CASSANDRA_PACKAGE = "org.apache.cassandra.locator.";

  public Replication {
    Objects.requireNonNull(strategy, "strategy");
    if (strategy.startsWith(CASSANDRA_PACKAGE)) {
      strategy = strategy.substring(CASSANDRA_PACKAGE.length());
    }
    options = Collections.unmodifiableSortedMap(new TreeMap<>(options));
  }

  /** {@code SimpleStrategy} with the given replication factor. */
  public static Replication simple(int replicationFactor) {
    TreeMap<String, String> options = new TreeMap<>();
    options.put("replication_factor", Integer.toString(replicationFactor));
    return new Replication("SimpleStrategy", options);
  }
}
