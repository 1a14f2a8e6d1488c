package org.keyspacestudio.model.project;

import java.nio.file.Path;

/**
 * A project file that cannot be read: damaged JSON, a structure that is not a project, or a format
 * version newer than this program understands. The file is left untouched.
 */
public final class ProjectFileException extends Exception {
  private static final long serialVersionUID = 1L;

  private final transient Path file;
  private final int line;
  private final int column;

  /**
   * @param file the file
   * @param line 1-based line of the problem, or 0 when unknown
   * @param column 1-based column of the problem, or 0 when unknown
   * @param message what is wrong
   */
  public ProjectFileException(Path file, int line, int column, String message, Throwable cause) {
    super(
        (file == null ? "project" : file.toString())
            + (line > 0 ? ":" + line + ":" + column : "")
            + ": "
            + message,
        cause);
    this.file = file;
    this.line = line;
    this.column = column;
  }

  /** The file, or null when reading from a string. */
  public Path file() {
    return file;
  }

  /** 1-based line, or 0 when unknown. */
  public int line() {
    return line;
  }

  /** 1-based column, or 0 when unknown. */
  public int column() {
    return column;
  }
}
