package org.keyspacestudio.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.export.cluster.ClusterException;
import org.keyspacestudio.export.cluster.ClusterSession;
import org.keyspacestudio.export.cluster.ConnectionSettings;

/** Each way a connection fails gets a message that says which it was. */
class ConnectErrorsTest {

  private static ClusterException failure(ConnectionSettings settings) {
    return catchThrowableOfType(
        ClusterException.class, () -> ClusterSession.connect(settings).close());
  }

  @Test
  void wrongPasswordAndMissingCredentialsAreAuthenticationFailures() throws Exception {
    TestNode.connect().close(); // the node and its default user are ready
    ClusterException wrong = failure(TestNode.settings().withCredentials("cassandra", "nope"));
    assertThat(wrong.kind()).isEqualTo(ClusterException.Kind.AUTHENTICATION);
    assertThat(wrong.getMessage()).contains("refused the user name or password");

    ClusterException none = failure(TestNode.settings().withCredentials(null, null));
    assertThat(none.kind()).isEqualTo(ClusterException.Kind.AUTHENTICATION);
    assertThat(none.getMessage()).contains("requires a user name and password");
  }

  @Test
  void aClosedPortIsUnreachable() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    ClusterException e = failure(ConnectionSettings.of("127.0.0.1", port));
    assertThat(e.kind()).isEqualTo(ClusterException.Kind.UNREACHABLE);
    assertThat(e.getMessage()).contains("127.0.0.1:" + port).contains("refused");
  }

  @Test
  void anUnknownHostIsUnreachable() {
    ClusterException e = failure(ConnectionSettings.of("no-such-host.invalid", 9042));
    assertThat(e.kind()).isEqualTo(ClusterException.Kind.UNREACHABLE);
    assertThat(e.getMessage()).contains("unknown");
  }

  @Test
  void aServerThatNeverAnswersIsATimeout() throws Exception {
    List<Socket> accepted = new ArrayList<>();
    try (ServerSocket silent = new ServerSocket()) {
      silent.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      Thread acceptor =
          new Thread(
              () -> {
                try {
                  while (true) {
                    accepted.add(silent.accept());
                  }
                } catch (java.io.IOException closed) {
                  // the test is over
                }
              });
      acceptor.setDaemon(true);
      acceptor.start();
      ClusterException e =
          failure(
              ConnectionSettings.of("127.0.0.1", silent.getLocalPort())
                  .withTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(2)));
      assertThat(e.kind()).isEqualTo(ClusterException.Kind.TIMEOUT);
      assertThat(e.getMessage()).contains("No answer");
    }
    for (Socket s : accepted) {
      s.close();
    }
  }

  @Test
  void tlsToANodeWithoutTlsIsATlsFailure() throws Exception {
    TestNode.connect().close();
    ClusterException e =
        failure(
            TestNode.settings()
                .withTls(new ConnectionSettings.Tls(null, null, null, null, false))
                .withTimeouts(Duration.ofSeconds(3), Duration.ofSeconds(3)));
    assertThat(e.kind()).as(e.getMessage()).isEqualTo(ClusterException.Kind.TLS);
    assertThat(e.getMessage()).contains("TLS");
  }
}
