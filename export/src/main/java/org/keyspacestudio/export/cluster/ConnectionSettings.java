package org.keyspacestudio.export.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How to reach a cluster: contact points, port, local data center, credentials and TLS.
 *
 * <p>Holds secrets (passwords) while connecting; saved connection profiles keep everything but the
 * secrets.
 *
 * @param contactPoints host names or addresses, each optionally {@code host:port}; at least one
 * @param port the native protocol port used for contact points without one (usually 9042)
 * @param localDatacenter the data center to send requests to, or {@code null} to use the first
 *     contact point's
 * @param username user name for password authentication, or {@code null} for none
 * @param password its password, or {@code null}
 * @param tls TLS settings, or {@code null} for a plain connection
 * @param connectTimeout how long to wait for each connection, and for the first answer on it
 * @param requestTimeout how long to wait for each statement (DDL can take seconds)
 */
public record ConnectionSettings(
    List<String> contactPoints,
    int port,
    String localDatacenter,
    String username,
    String password,
    Tls tls,
    Duration connectTimeout,
    Duration requestTimeout) {

  /** The native protocol's usual port. */
  public static final int DEFAULT_PORT = 9042;

  /**
   * TLS: whom to trust, and optionally who we are.
   *
   * @param trustStore a JKS or PKCS#12 file with the certificates to trust, or {@code null} for the
   *     Java runtime's default trust
   * @param trustStorePassword its password, or {@code null}
   * @param keyStore a JKS or PKCS#12 file with this client's key, for clusters that require client
   *     certificates, or {@code null}
   * @param keyStorePassword its password, or {@code null}
   * @param hostnameValidation whether the server certificate must name the host connected to
   */
  public record Tls(
      Path trustStore,
      String trustStorePassword,
      Path keyStore,
      String keyStorePassword,
      boolean hostnameValidation) {}

  public ConnectionSettings {
    contactPoints = List.copyOf(contactPoints);
    if (contactPoints.isEmpty()) {
      throw new IllegalArgumentException("at least one contact point is needed");
    }
    if (port <= 0 || port > 65535) {
      throw new IllegalArgumentException("port must be 1 to 65535, not " + port);
    }
    Objects.requireNonNull(connectTimeout, "connectTimeout");
    Objects.requireNonNull(requestTimeout, "requestTimeout");
  }

  /**
   * A plain connection to one host with default timeouts (connect 5 s, statements 30 s).
   *
   * @param host host name or address
   * @param port native protocol port
   * @return the settings
   */
  public static ConnectionSettings of(String host, int port) {
    return new ConnectionSettings(
        List.of(host), port, null, null, null, null, Duration.ofSeconds(5), Duration.ofSeconds(30));
  }

  /** These settings with a user name and password. */
  public ConnectionSettings withCredentials(String user, String secret) {
    return new ConnectionSettings(
        contactPoints, port, localDatacenter, user, secret, tls, connectTimeout, requestTimeout);
  }

  /** These settings with TLS. */
  public ConnectionSettings withTls(Tls newTls) {
    return new ConnectionSettings(
        contactPoints,
        port,
        localDatacenter,
        username,
        password,
        newTls,
        connectTimeout,
        requestTimeout);
  }

  /** These settings with other timeouts. */
  public ConnectionSettings withTimeouts(Duration connect, Duration request) {
    return new ConnectionSettings(
        contactPoints, port, localDatacenter, username, password, tls, connect, request);
  }

  /** A description without secrets, for messages: {@code user@host:port (TLS)}. */
  public String describe() {
    String hosts =
        String.join(
            ",", contactPoints.stream().map(h -> h.contains(":") ? h : h + ":" + port).toList());
    return (username == null ? "" : username + "@") + hosts + (tls == null ? "" : " (TLS)");
  }

  @Override
  public String toString() {
    return "ConnectionSettings[" + describe() + "]";
  }
}
