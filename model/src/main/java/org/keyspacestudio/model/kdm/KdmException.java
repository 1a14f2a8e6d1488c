package org.keyspacestudio.model.kdm;

/**
 * A KDM project file that cannot be read at all: XML that is not well formed, or a document that is
 * not a KDM export. What can be read is read; this is for the rest.
 */
public final class KdmException extends Exception {
  private static final long serialVersionUID = 1L;

  private final int line;
  private final int column;
  private final String reason;

  /**
   * @param source the file, for the message
   * @param line 1-based line, or 0 when unknown
   * @param column 1-based column, or 0 when unknown
   * @param message what is wrong
   */
  public KdmException(String source, int line, int column, String message) {
    super(source + (line > 0 ? ":" + line + ":" + column : "") + ": " + message);
    this.line = line;
    this.column = column;
    this.reason = message;
  }

  /** What is wrong, without the file and position. */
  public String reason() {
    return reason;
  }

  /** 1-based line, or 0. */
  public int line() {
    return line;
  }

  /** 1-based column, or 0. */
  public int column() {
    return column;
  }
}
