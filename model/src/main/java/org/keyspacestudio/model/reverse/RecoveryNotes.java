package org.keyspacestudio.model.reverse;

import java.util.List;
import java.util.Objects;
import org.keyspacestudio.model.cql.CqlIdentifier;

/**
 * What the last recovery of a project's models from its tables ({@link SchemaModels}) said, kept
 * with the project (and saved in its file) until the user clears it: the guesses to check.
 *
 * @param keyspace the keyspace whose tables were read; null for the unnamed one (or when there are
 *     no notes)
 * @param summary what was recovered, in a sentence ("5 entities, 6 relationships and 14 queries
 *     recovered from 14 tables of killrvideo, with 12 guesses to check:"); empty when there are no
 *     notes
 * @param notes the guesses, in the order recovery made them ({@link SchemaModels.Recovered#notes})
 */
public record RecoveryNotes(CqlIdentifier keyspace, String summary, List<String> notes) {

  /** No recovery, or its notes cleared. */
  public static final RecoveryNotes NONE = new RecoveryNotes(null, "", List.of());

  public RecoveryNotes {
    Objects.requireNonNull(summary, "summary");
    notes = List.copyOf(notes);
  }

  /** Whether there is nothing to show: no recovery, or its notes cleared. */
  public boolean isEmpty() {
    return summary.isEmpty() && notes.isEmpty();
  }
}
