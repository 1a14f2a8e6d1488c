package org.keyspacestudio.integration;

import java.nio.file.Path;
import java.time.Duration;
import org.keyspacestudio.export.cluster.ClusterException;
import org.keyspacestudio.export.cluster.ClusterSession;
import org.keyspacestudio.export.cluster.ConnectionSettings;
import org.keyspacestudio.export.cluster.LocalNode;
import org.keyspacestudio.export.cluster.NodeException;

/**
 * The real Cassandra node the integration tests share: started on free ports at first use, once per
 * test run, with password authentication (user and password {@code cassandra}), and stopped when
 * the test JVM exits. The node also stops by itself if the test JVM is killed.
 */
final class TestNode {
  static final String USER = "cassandra";
  static final String PASSWORD = "cassandra";

  private static LocalNode node;

  private TestNode() {}

  static synchronized LocalNode get() {
    if (node == null) {
      node = start("shared", true);
      LocalNode started = node;
      Runtime.getRuntime().addShutdownHook(new Thread(started::close, "stop-test-node"));
    }
    return node;
  }

  /** Starts a node of its own in {@code target/node/NAME}; the caller stops it. */
  static LocalNode start(String name, boolean passwords) {
    return start(name, passwords, null);
  }

  /** Starts a node of its own, with TLS on its native port when {@code tls} is given. */
  static LocalNode start(String name, boolean passwords, LocalNode.ClientTls tls) {
    Path dir = Path.of(System.getProperty("kstudio.node.dir", "target/node")).resolve(name);
    try {
      LocalNode.deleteDirectory(dir);
      long t0 = System.nanoTime();
      LocalNode started =
          LocalNode.start(
              new LocalNode.Settings(
                  dir, 0, 0, LocalNode.defaultClasspathFile(), null, 768, passwords, true, tls),
              System.out::println);
      System.out.printf(
          "node %s ready on port %d in %d ms%n",
          name, started.nativePort(), (System.nanoTime() - t0) / 1_000_000);
      return started;
    } catch (NodeException e) {
      throw new IllegalStateException(e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  static ConnectionSettings settings() {
    return settings(get());
  }

  static ConnectionSettings settings(LocalNode of) {
    return ConnectionSettings.of("127.0.0.1", of.nativePort())
        .withCredentials(USER, PASSWORD)
        .withTimeouts(Duration.ofSeconds(10), Duration.ofSeconds(60));
  }

  /**
   * Connects as the default superuser. Right after a first start the node creates that user a
   * moment after opening its port, so a refusal is retried for a while.
   */
  static ClusterSession connect() throws ClusterException {
    return connect(settings());
  }

  static ClusterSession connect(ConnectionSettings settings) throws ClusterException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (true) {
      try {
        return ClusterSession.connect(settings);
      } catch (ClusterException e) {
        if (e.kind() != ClusterException.Kind.AUTHENTICATION || System.nanoTime() > deadline) {
          throw e;
        }
        try {
          Thread.sleep(250);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }
}
