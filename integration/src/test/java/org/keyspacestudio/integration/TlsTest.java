package org.keyspacestudio.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.export.cluster.ClusterException;
import org.keyspacestudio.export.cluster.ClusterSession;
import org.keyspacestudio.export.cluster.ConnectionSettings;
import org.keyspacestudio.export.cluster.LocalNode;

/** A node that requires TLS on its native port, with a certificate made for the test. */
class TlsTest {
  private static final String NODE_PASSWORD = "node-secret";
  private static final String TRUST_PASSWORD = "trust-secret";
  private static Path trustStore;
  private static LocalNode node;

  static void keytool(Path dir, String... args) throws Exception {
    Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
    List<String> command = new java.util.ArrayList<>(List.of(keytool.toString()));
    command.addAll(List.of(args));
    Process p =
        new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertThat(p.waitFor()).as(out).isZero();
  }

  @BeforeAll
  static void start() throws Exception {
    Path dir = Files.createTempDirectory("kstudio-tls");
    keytool(
        dir,
        "-genkeypair",
        "-alias",
        "node",
        "-keyalg",
        "RSA",
        "-keysize",
        "2048",
        "-validity",
        "2",
        "-dname",
        "CN=localhost",
        "-ext",
        "SAN=ip:127.0.0.1,dns:localhost",
        "-keystore",
        "node.p12",
        "-storetype",
        "PKCS12",
        "-storepass",
        NODE_PASSWORD,
        "-keypass",
        NODE_PASSWORD);
    keytool(
        dir,
        "-exportcert",
        "-alias",
        "node",
        "-keystore",
        "node.p12",
        "-storepass",
        NODE_PASSWORD,
        "-rfc",
        "-file",
        "node.crt");
    keytool(
        dir,
        "-importcert",
        "-noprompt",
        "-alias",
        "node",
        "-file",
        "node.crt",
        "-keystore",
        "trust.p12",
        "-storetype",
        "PKCS12",
        "-storepass",
        TRUST_PASSWORD);
    trustStore = dir.resolve("trust.p12");
    node =
        TestNode.start(
            "tls", false, new LocalNode.ClientTls(dir.resolve("node.p12"), NODE_PASSWORD));
  }

  @AfterAll
  static void stop() {
    if (node != null) {
      node.stop();
    }
  }

  private static ConnectionSettings plain() {
    return ConnectionSettings.of("127.0.0.1", node.nativePort())
        .withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(30));
  }

  @Test
  void connectsWithTheTrustStoreAndChecksTheHostName() throws Exception {
    try (ClusterSession session =
        ClusterSession.connect(
            plain()
                .withTls(
                    new ConnectionSettings.Tls(trustStore, TRUST_PASSWORD, null, null, true)))) {
      assertThat(session.releaseVersion()).startsWith("5.0");
      assertThat(session.settings().describe()).endsWith("(TLS)");
    }
  }

  @Test
  void anUntrustedCertificateIsATlsFailure() {
    ClusterException e =
        catchThrowableOfType(
            ClusterException.class,
            () ->
                ClusterSession.connect(
                        plain().withTls(new ConnectionSettings.Tls(null, null, null, null, true)))
                    .close());
    assertThat(e.kind()).as(e.getMessage()).isEqualTo(ClusterException.Kind.TLS);
    assertThat(e.getMessage()).contains("trust store");
  }

  @Test
  void aPlainConnectionToATlsNodeSaysTlsMayBeNeeded() {
    ClusterException e =
        catchThrowableOfType(ClusterException.class, () -> ClusterSession.connect(plain()).close());
    assertThat(e.kind()).isEqualTo(ClusterException.Kind.TLS);
    assertThat(e.getMessage()).contains("probably requires TLS").contains("--tls");
  }
}
