package org.keyspacestudio.model.schema;

import java.util.Objects;

/**
 * Where something was read from: a file (or another named source) and a 1-based line and column.
 * Columns count UTF-16 characters from the start of the line; a tab counts as one.
 *
 * @param source the file name or source label, as given to the parser; never null
 * @param line 1-based line
 * @param column 1-based column
 */
public record SourcePosition(String source, int line, int column) {
  public SourcePosition {
    Objects.requireNonNull(source, "source");
  }

  /** {@code source:line:column}, the form compilers and editors understand. */
  @Override
  public String toString() {
    return source + ":" + line + ":" + column;
  }
}
