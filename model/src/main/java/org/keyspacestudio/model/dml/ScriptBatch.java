package org.keyspacestudio.model.dml;

import java.util.List;
import java.util.Objects;

/**
 * A {@code BEGIN [UNLOGGED | COUNTER] BATCH ... APPLY BATCH} of a script, as read by {@link
 * org.keyspacestudio.model.parse.WriteReader}.
 *
 * @param type the batch's type
 * @param timestamp whether the batch says {@code USING TIMESTAMP}
 * @param ttl whether the batch says {@code USING TTL} (Cassandra refuses it)
 * @param statements its statements in order, at least one
 */
public record ScriptBatch(Type type, boolean timestamp, boolean ttl, List<ScriptWrite> statements) {

  public ScriptBatch {
    Objects.requireNonNull(type, "type");
    statements = List.copyOf(statements);
  }

  /** The batch's type, as Cassandra's {@code BatchStatement.Type}. */
  public enum Type {
    LOGGED,
    UNLOGGED,
    COUNTER
  }
}
