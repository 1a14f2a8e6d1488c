package org.keyspacestudio.app.cluster;

import java.util.List;

/**
 * A saved way to connect to a cluster. Holds where to find secrets (an environment variable or a
 * file), never a secret itself.
 *
 * @param name the profile's name
 * @param hosts contact points, {@code host} or {@code host:port}
 * @param port native protocol port
 * @param datacenter local data center, or {@code null}
 * @param user user name, or {@code null}
 * @param passwordEnv environment variable with the password, or {@code null}
 * @param passwordFile file whose first line is the password, or {@code null}
 * @param tls whether to use TLS
 * @param trustStore trust store path, or {@code null}
 * @param trustStorePasswordEnv environment variable with its password, or {@code null}
 * @param keyStore key store path, or {@code null}
 * @param keyStorePasswordEnv environment variable with its password, or {@code null}
 * @param hostnameValidation whether the server certificate must name the host
 * @param connectTimeoutSeconds connection timeout, seconds
 * @param requestTimeoutSeconds statement timeout, seconds
 */
public record ConnectionProfile(
    String name,
    List<String> hosts,
    int port,
    String datacenter,
    String user,
    String passwordEnv,
    String passwordFile,
    boolean tls,
    String trustStore,
    String trustStorePasswordEnv,
    String keyStore,
    String keyStorePasswordEnv,
    boolean hostnameValidation,
    int connectTimeoutSeconds,
    int requestTimeoutSeconds) {

  /** A local node on the usual port, no credentials, no TLS. */
  public static final ConnectionProfile DEFAULT =
      new ConnectionProfile(
          "",
          List.of("127.0.0.1"),
          9042,
          null,
          null,
          null,
          null,
          false,
          null,
          null,
          null,
          null,
          true,
          5,
          30);

  public ConnectionProfile {
    hosts = List.copyOf(hosts);
  }

  /** This profile under another name. */
  public ConnectionProfile named(String newName) {
    return new ConnectionProfile(
        newName,
        hosts,
        port,
        datacenter,
        user,
        passwordEnv,
        passwordFile,
        tls,
        trustStore,
        trustStorePasswordEnv,
        keyStore,
        keyStorePasswordEnv,
        hostnameValidation,
        connectTimeoutSeconds,
        requestTimeoutSeconds);
  }
}
