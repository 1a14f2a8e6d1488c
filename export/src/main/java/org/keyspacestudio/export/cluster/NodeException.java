package org.keyspacestudio.export.cluster;

/**
 * A local Cassandra node could not be started or stopped. The message is written for the user: it
 * says what went wrong and, where there is one, what to do about it.
 */
public class NodeException extends Exception {
  /**
   * @param message what went wrong, for the user
   */
  public NodeException(String message) {
    super(message);
  }

  /**
   * @param message what went wrong, for the user
   * @param cause the underlying failure
   */
  public NodeException(String message, Throwable cause) {
    super(message, cause);
  }
}
