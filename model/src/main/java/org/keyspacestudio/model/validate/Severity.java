package org.keyspacestudio.model.validate;

import java.util.Locale;

/** How much a problem matters. */
public enum Severity {
  /** Cassandra 5.0 would reject the schema: it cannot be applied as it is. */
  ERROR,
  /** Cassandra accepts it only with non-default settings, or it is a removed feature or a risk. */
  WARNING,
  /** Worth knowing, nothing to fix: for example a statement kept verbatim. */
  INFO;

  /** Lower-case name, as printed in problem lines. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
