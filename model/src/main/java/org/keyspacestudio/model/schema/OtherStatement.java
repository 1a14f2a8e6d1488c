package org.keyspacestudio.model.schema;

import java.util.Objects;

/**
 * A statement the model does not represent (DML, functions, aggregates, triggers, roles,
 * permissions, cqlsh commands), kept verbatim so that an import loses nothing and an export can
 * write it back.
 *
 * @param kind what the statement is, in upper case ({@code INSERT}, {@code CREATE FUNCTION})
 * @param text the statement exactly as written, without the closing semicolon
 * @param note why it is kept aside, for the user
 */
public record OtherStatement(String kind, String text, String note) {
  public OtherStatement {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(note, "note");
  }
}
