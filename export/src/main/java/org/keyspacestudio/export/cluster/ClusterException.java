package org.keyspacestudio.export.cluster;

/**
 * Talking to a cluster failed. {@link #kind()} says how, so that the user is told which it was: a
 * host that cannot be reached is a different problem from a wrong password or a TLS mismatch.
 */
public class ClusterException extends Exception {
  /** What went wrong. */
  public enum Kind {
    /** No contact point could be reached: refused, unknown host, no route. */
    UNREACHABLE,
    /** The cluster refused the credentials, or wants some and none were given. */
    AUTHENTICATION,
    /** The TLS handshake failed: untrusted certificate, TLS on one side only, bad key store. */
    TLS,
    /** A connection or a statement took longer than allowed. */
    TIMEOUT,
    /** The cluster answered with an error (a rejected statement, for example). */
    REJECTED,
    /** The connection was lost while working. */
    CONNECTION_LOST,
    /** Anything else; the message has the detail. */
    OTHER
  }

  private final Kind kind;

  /**
   * @param kind what went wrong
   * @param message for the user
   * @param cause the driver's exception, or {@code null}
   */
  public ClusterException(Kind kind, String message, Throwable cause) {
    super(message, cause);
    this.kind = kind;
  }

  /** What went wrong. */
  public Kind kind() {
    return kind;
  }
}
