package org.keyspacestudio.model.parse;

/** Thrown inside the parser to abandon a statement; never leaves the package. */
final class SyntaxError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  final transient Token token;

  SyntaxError(Token token, String message) {
    super(message, null, false, false);
    this.token = token;
  }
}
