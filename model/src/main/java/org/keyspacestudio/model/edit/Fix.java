package org.keyspacestudio.model.edit;

import java.util.Objects;

/**
 * A fix offered for a problem: what it does, for a menu or a button, and the edit that does it (one
 * undo step).
 *
 * @param label what the fix does, for a user ("Add a bucket column to the partition key (12
 *     buckets)")
 * @param edit the edit
 * @param safe whether it keeps the meaning of the model (so {@code kstudio validate --fix} applies
 *     it without asking): dropping an option Cassandra no longer has, for example; a fix that
 *     changes a key or the data model is offered, never applied unasked
 */
public record Fix(String label, Document.Edit edit, boolean safe) {
  public Fix {
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(edit, "edit");
  }
}
