package org.keyspacestudio.model.schema;

import java.util.Objects;

/**
 * What {@code CREATE KEYSPACE} says of a keyspace.
 *
 * @param replication the replication strategy and options
 * @param durableWrites {@code durable_writes} (Cassandra's default is true)
 */
public record KeyspaceDefinition(Replication replication, boolean durableWrites) {
  public KeyspaceDefinition {
    Objects.requireNonNull(replication, "replication");
  }
}
