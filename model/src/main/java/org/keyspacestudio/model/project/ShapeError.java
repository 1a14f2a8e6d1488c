package org.keyspacestudio.model.project;

/**
 * A project file whose JSON is well formed but not the shape a project has: a missing key, a value
 * of the wrong kind, an unknown name. Carries the JSON Pointer of the offending value, so that the
 * reader can say where it is ({@link JsonLocator}).
 */
final class ShapeError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The JSON Pointer of the value ({@code /schema/keyspaces/0/tables}). */
  final String pointer;

  ShapeError(String pointer, String message) {
    super(message);
    this.pointer = pointer;
  }

  ShapeError(String pointer, String message, Throwable cause) {
    super(message, cause);
    this.pointer = pointer;
  }
}
