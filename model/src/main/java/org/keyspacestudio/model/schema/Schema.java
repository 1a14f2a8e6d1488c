package org.keyspacestudio.model.schema;

import java.util.List;
import java.util.Optional;
import org.keyspacestudio.model.cql.CqlIdentifier;

/**
 * A whole physical schema: keyspaces (with their types, tables, indexes and views) and the
 * statements kept verbatim because the model does not represent them. Immutable.
 *
 * @param keyspaces the keyspaces, in the order they were first mentioned
 * @param otherStatements statements kept verbatim, in source order
 */
public record Schema(List<Keyspace> keyspaces, List<OtherStatement> otherStatements) {

  public Schema {
    keyspaces = List.copyOf(keyspaces);
    otherStatements = List.copyOf(otherStatements);
  }

  /** A schema with nothing in it. */
  public static Schema empty() {
    return new Schema(List.of(), List.of());
  }

  /** The keyspace of that name (null for the unnamed keyspace), if present. */
  public Optional<Keyspace> keyspace(CqlIdentifier name) {
    return keyspaces.stream().filter(k -> k.hasName(name)).findFirst();
  }

  /** The number of tables in all keyspaces. */
  public int tableCount() {
    return keyspaces.stream().mapToInt(k -> k.tables().size()).sum();
  }
}
