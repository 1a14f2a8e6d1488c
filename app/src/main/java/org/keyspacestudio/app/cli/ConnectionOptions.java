package org.keyspacestudio.app.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.keyspacestudio.app.cluster.ConnectionProfile;
import org.keyspacestudio.app.cluster.ConnectionProfiles;
import org.keyspacestudio.export.cluster.ConnectionSettings;
import picocli.CommandLine.Option;

/**
 * The connection flags shared by {@code pull}, {@code plan} and {@code apply}. Passwords are never
 * given on the command line itself: they come from an environment variable, a file, or a prompt.
 */
final class ConnectionOptions {

  @Option(
      names = "--profile",
      paramLabel = "NAME",
      description = "Start from a saved connection profile; other flags override it")
  String profile;

  @Option(
      names = "--save-profile",
      paramLabel = "NAME",
      description = "Save these settings (never the passwords) as a profile")
  String saveProfile;

  @Option(
      names = "--host",
      split = ",",
      paramLabel = "HOST[:PORT]",
      description = "Contact points (default 127.0.0.1)")
  List<String> hosts;

  @Option(
      names = "--port",
      paramLabel = "PORT",
      description = "Native protocol port (default 9042)")
  Integer port;

  @Option(
      names = "--dc",
      paramLabel = "DATACENTER",
      description = "Local data center (default: the first contact point's)")
  String datacenter;

  @Option(names = "--user", paramLabel = "USER", description = "User name")
  String user;

  @Option(
      names = "--password-env",
      paramLabel = "VAR",
      description = "Read the password from this environment variable")
  String passwordEnv;

  @Option(
      names = "--password-file",
      paramLabel = "FILE",
      description = "Read the password from the first line of this file")
  Path passwordFile;

  @Option(
      names = "--password",
      description = "Ask for the password (not echoed)",
      interactive = true,
      arity = "0")
  char[] password;

  @Option(names = "--tls", description = "Connect with TLS")
  boolean tls;

  @Option(names = "--truststore", paramLabel = "FILE", description = "JKS or PKCS#12 trust store")
  Path trustStore;

  @Option(
      names = "--truststore-password-env",
      paramLabel = "VAR",
      description = "Environment variable holding the trust store's password")
  String trustStorePasswordEnv;

  @Option(
      names = "--keystore",
      paramLabel = "FILE",
      description = "JKS or PKCS#12 key store with a client certificate")
  Path keyStore;

  @Option(
      names = "--keystore-password-env",
      paramLabel = "VAR",
      description = "Environment variable holding the key store's password")
  String keyStorePasswordEnv;

  @Option(
      names = "--no-hostname-check",
      description = "Accept a server certificate that does not name the host")
  boolean noHostnameCheck;

  @Option(
      names = "--connect-timeout",
      paramLabel = "SECONDS",
      description = "Connection timeout (default 5)")
  Integer connectTimeout;

  @Option(
      names = "--request-timeout",
      paramLabel = "SECONDS",
      description = "Timeout per statement (default 30)")
  Integer requestTimeout;

  /**
   * The settings these flags (over the profile, if one is named) describe, with secrets read.
   *
   * @return the settings
   * @throws IllegalArgumentException with a message for the user when a flag is unusable
   */
  ConnectionSettings settings() {
    ConnectionProfile base =
        profile == null
            ? ConnectionProfile.DEFAULT
            : ConnectionProfiles.load()
                .find(profile)
                .orElseThrow(
                    () ->
                        new IllegalArgumentException(
                            "no connection profile named '"
                                + profile
                                + "' in "
                                + ConnectionProfiles.file()));
    ConnectionProfile merged =
        new ConnectionProfile(
            profile == null ? "" : profile,
            hosts != null ? hosts : base.hosts(),
            port != null ? port : base.port(),
            datacenter != null ? datacenter : base.datacenter(),
            user != null ? user : base.user(),
            passwordEnv != null ? passwordEnv : base.passwordEnv(),
            passwordFile != null ? passwordFile.toString() : base.passwordFile(),
            tls || base.tls(),
            trustStore != null ? trustStore.toString() : base.trustStore(),
            trustStorePasswordEnv != null ? trustStorePasswordEnv : base.trustStorePasswordEnv(),
            keyStore != null ? keyStore.toString() : base.keyStore(),
            keyStorePasswordEnv != null ? keyStorePasswordEnv : base.keyStorePasswordEnv(),
            !noHostnameCheck && base.hostnameValidation(),
            connectTimeout != null ? connectTimeout : base.connectTimeoutSeconds(),
            requestTimeout != null ? requestTimeout : base.requestTimeoutSeconds());
    if (saveProfile != null) {
      ConnectionProfiles.save(merged.named(saveProfile));
    }
    String secret = password != null ? new String(password) : secret(merged);
    ConnectionSettings settings =
        new ConnectionSettings(
            merged.hosts(),
            merged.port(),
            merged.datacenter(),
            merged.user(),
            secret,
            null,
            Duration.ofSeconds(merged.connectTimeoutSeconds()),
            Duration.ofSeconds(merged.requestTimeoutSeconds()));
    if (merged.tls()) {
      settings =
          settings.withTls(
              new ConnectionSettings.Tls(
                  merged.trustStore() == null ? null : Path.of(merged.trustStore()),
                  env(merged.trustStorePasswordEnv()),
                  merged.keyStore() == null ? null : Path.of(merged.keyStore()),
                  env(merged.keyStorePasswordEnv()),
                  merged.hostnameValidation()));
    }
    return settings;
  }

  private static String secret(ConnectionProfile profile) {
    if (profile.passwordEnv() != null) {
      String value = System.getenv(profile.passwordEnv());
      if (value == null) {
        throw new IllegalArgumentException(
            "the environment variable " + profile.passwordEnv() + " (the password) is not set");
      }
      return value;
    }
    if (profile.passwordFile() != null) {
      try {
        List<String> lines =
            Files.readAllLines(Path.of(profile.passwordFile()), StandardCharsets.UTF_8);
        return lines.isEmpty() ? "" : lines.get(0);
      } catch (IOException e) {
        throw new IllegalArgumentException(
            "cannot read the password file " + profile.passwordFile() + ": " + e.getMessage());
      }
    }
    return null;
  }

  private static String env(String variable) {
    if (variable == null) {
      return null;
    }
    String value = System.getenv(variable);
    if (value == null) {
      throw new IllegalArgumentException("the environment variable " + variable + " is not set");
    }
    return value;
  }
}
