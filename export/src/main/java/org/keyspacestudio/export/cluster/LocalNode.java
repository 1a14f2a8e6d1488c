package org.keyspacestudio.export.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A real single-node Apache Cassandra 5.0 on 127.0.0.1, in its own JVM: what {@code kstudio
 * dev-cluster}, the editor's "Start local Cassandra" and the integration tests run.
 *
 * <p>The node's JVM runs {@code org.keyspacestudio.node.NodeMain} on the class path the {@code
 * node} module's build wrote (Cassandra and its own netty, guava and logback, never on this
 * program's class path). It watches this process and stops when it ends, so no node outlives a
 * killed program or test run. All of its files (configuration, data, commit log, log, temporary
 * files) live under one directory.
 *
 * <p>Ready means the native protocol port accepts connections (about 5 to 10 s on two cores).
 */
public final class LocalNode implements AutoCloseable {
  /** How long {@link #start} waits for the native port before giving up. */
  public static final Duration START_TIMEOUT = Duration.ofMinutes(3);

  /** What to start; see {@link LocalNode#start}. */
  public record Settings(
      Path directory,
      int nativePort,
      int storagePort,
      Path classpathFile,
      Path java,
      int heapMegabytes,
      boolean passwordAuthentication,
      boolean forTests,
      ClientTls clientTls) {
    /**
     * @param directory where the node keeps everything; created if missing
     * @param nativePort CQL port on 127.0.0.1; 0 picks a free one
     * @param storagePort internode port on 127.0.0.1; 0 picks a free one
     * @param classpathFile the node module's {@code target/cassandra.classpath}; its sibling {@code
     *     classes} directory holds {@code NodeMain}
     * @param java a Java 11 or 17 executable, or {@code null} to look for one ({@link NodeJava})
     * @param heapMegabytes the node's maximum heap, in MiB
     * @param passwordAuthentication whether to require a password (user {@code cassandra}, password
     *     {@code cassandra})
     * @param forTests start faster and keep less: system tables unsynced, no schema flushes
     * @param clientTls TLS on the native port, or {@code null} for plain connections
     */
    public Settings {
      if (nativePort < 0 || storagePort < 0 || nativePort > 65535 || storagePort > 65535) {
        throw new IllegalArgumentException("ports are 0 (any free one) to 65535");
      }
      if (heapMegabytes < 128) {
        throw new IllegalArgumentException("the node needs at least 128 MiB of heap");
      }
    }
  }

  /**
   * TLS for client connections: the node's key store (its certificate and private key).
   *
   * @param keyStore a PKCS#12 file
   * @param password its password
   */
  public record ClientTls(Path keyStore, String password) {
    public ClientTls {
      java.util.Objects.requireNonNull(keyStore, "keyStore");
      java.util.Objects.requireNonNull(password, "password");
    }
  }

  private final Process process;
  private final int nativePort;
  private final Path directory;
  private final Path log;

  private LocalNode(Process process, int nativePort, Path directory, Path log) {
    this.process = process;
    this.nativePort = nativePort;
    this.directory = directory;
    this.log = log;
  }

  /**
   * The class path file of the node module, found from {@code -Dkstudio.node.classpath} or {@code
   * $KSTUDIO_NODE_CLASSPATH}.
   *
   * @return the file
   * @throws NodeException when neither names an existing file, saying how to get one
   */
  public static Path defaultClasspathFile() throws NodeException {
    String named = System.getProperty("kstudio.node.classpath");
    if (named == null || named.isBlank()) {
      named = System.getenv("KSTUDIO_NODE_CLASSPATH");
    }
    if (named != null && !named.isBlank() && Files.isRegularFile(Path.of(named))) {
      return Path.of(named);
    }
    throw new NodeException(
        "The local node needs Apache Cassandra's jars, which are not part of this program.\n"
            + "  From a source checkout, ./kstudio dev-cluster fetches them with Maven (about 75 MB,"
            + " once).\n"
            + "  Otherwise build them with 'mvn -pl node install' and set KSTUDIO_NODE_CLASSPATH to"
            + " node/target/cassandra.classpath.");
  }

  /**
   * The default place for the developer node's files: {@code $XDG_DATA_HOME/keyspace-studio/
   * dev-cluster}, or {@code ~/.local/share/keyspace-studio/dev-cluster}.
   *
   * @return the directory (not created)
   */
  public static Path defaultDirectory() {
    return org.keyspacestudio.model.project.UserDirectories.data().resolve("dev-cluster");
  }

  /**
   * Starts a node and waits until it accepts CQL connections.
   *
   * @param settings what to start
   * @param progress receives short progress lines for the user (never {@code null})
   * @return the running node
   * @throws NodeException when a port is taken, no suitable Java is found, the node's jars are
   *     missing, or the node exits or does not open its port in {@link #START_TIMEOUT}; the message
   *     quotes the end of the node's log
   * @throws InterruptedException when interrupted while waiting; the node is stopped
   */
  public static LocalNode start(Settings settings, Consumer<String> progress)
      throws NodeException, InterruptedException {
    Path classpathFile = settings.classpathFile();
    if (classpathFile == null || !Files.isRegularFile(classpathFile)) {
      throw new NodeException("Cassandra's class path file is missing: " + classpathFile);
    }
    String classpath;
    try {
      classpath =
          classpathFile.toAbsolutePath().getParent().resolve("classes")
              + java.io.File.pathSeparator
              + Files.readString(classpathFile, StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new NodeException("Cannot read " + classpathFile + ": " + e.getMessage(), e);
    }
    Path java = NodeJava.find(settings.java());
    int nativePort = portOrFree(settings.nativePort(), "native (CQL)");
    int storagePort = portOrFree(settings.storagePort(), "storage");
    Path dir = settings.directory().toAbsolutePath();
    Path logFile = dir.resolve("logs").resolve("node.log");
    try {
      for (String sub :
          List.of("conf", "data", "commitlog", "saved_caches", "hints", "cdc_raw", "logs", "tmp")) {
        Files.createDirectories(dir.resolve(sub));
      }
      Files.writeString(
          dir.resolve("conf/cassandra.yaml"), yaml(dir, nativePort, storagePort, settings));
      Files.writeString(dir.resolve("conf/logback.xml"), LOGBACK);
    } catch (IOException e) {
      throw new NodeException("Cannot write the node's files under " + dir + ": " + e, e);
    }

    List<String> command = new ArrayList<>();
    command.add(java.toString());
    command.add("-Xms" + Math.min(256, settings.heapMegabytes()) + "m");
    command.add("-Xmx" + settings.heapMegabytes() + "m");
    command.add("-XX:+UseSerialGC");
    command.add("-Xss512k");
    command.addAll(JVM17_OPTIONS);
    command.add("-Dcassandra.config=" + dir.resolve("conf/cassandra.yaml").toUri());
    command.add("-Dlogback.configurationFile=" + dir.resolve("conf/logback.xml").toUri());
    command.add("-Dcassandra-foreground=yes");
    command.add("-Dcassandra.storagedir=" + dir.resolve("data"));
    command.add("-Dcassandra.logdir=" + dir.resolve("logs"));
    command.add("-Djava.io.tmpdir=" + dir.resolve("tmp"));
    command.add("-Djna.tmpdir=" + dir.resolve("tmp"));
    command.add("-Dcassandra.skip_wait_for_gossip_to_settle=0");
    command.add("-Dcassandra.superuser_setup_delay_ms=0");
    command.add("-Dcassandra.ring_delay_ms=0");
    command.add("-Dkstudio.parent.pid=" + ProcessHandle.current().pid());
    if (settings.forTests()) {
      command.add("-Dcassandra.unsafesystem=true");
      command.add("-Dcassandra.test.flush_local_schema_changes=false");
      command.add("-Dcassandra.shutdown_announce_in_ms=0");
    }
    command.add("-cp");
    command.add(classpath);
    command.add("org.keyspacestudio.node.NodeMain");

    progress.accept(
        "Starting Apache Cassandra on 127.0.0.1:" + nativePort + " (files in " + dir + ")");
    Process process;
    try {
      process =
          new ProcessBuilder(command)
              .directory(dir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
              .start();
    } catch (IOException e) {
      throw new NodeException("Cannot start " + java + ": " + e.getMessage(), e);
    }
    LocalNode node = new LocalNode(process, nativePort, dir, logFile);
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    try {
      while (!accepts(nativePort)) {
        if (!process.isAlive()) {
          throw new NodeException(
              "The Cassandra node stopped while starting (exit code "
                  + process.exitValue()
                  + "). The end of its log, "
                  + logFile
                  + ":\n"
                  + node.logTail(25));
        }
        if (System.nanoTime() > deadline) {
          node.close();
          throw new NodeException(
              "The Cassandra node did not open port "
                  + nativePort
                  + " within "
                  + START_TIMEOUT.toMinutes()
                  + " minutes. The end of its log, "
                  + logFile
                  + ":\n"
                  + node.logTail(25));
        }
        Thread.sleep(100);
      }
    } catch (InterruptedException | RuntimeException e) {
      node.close();
      throw e;
    }
    return node;
  }

  /** The CQL port on 127.0.0.1. */
  public int nativePort() {
    return nativePort;
  }

  /** The directory holding the node's files. */
  public Path directory() {
    return directory;
  }

  /** The node's log file (its standard output and error). */
  public Path logFile() {
    return log;
  }

  /** Whether the node's JVM is still running. */
  public boolean isAlive() {
    return process.isAlive();
  }

  /** The process id of the node's JVM. */
  public long pid() {
    return process.pid();
  }

  /**
   * Kills the node's JVM at once (SIGKILL), as a crash would: for tests of what happens when a node
   * goes away.
   *
   * @throws InterruptedException when interrupted while waiting for the process to end
   */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }

  /**
   * Stops the node the clean way (SIGTERM: Cassandra drains and exits, about 3 s), or forcibly
   * after 60 s. Returns when the JVM has ended. Calling it again does nothing.
   */
  @Override
  public void close() {
    stop();
  }

  /** Same as {@link #close()}: stops the node the clean way and waits for it. */
  public void stop() {
    if (!process.isAlive()) {
      return;
    }
    process.destroy();
    try {
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Deletes a node directory with everything in it: {@code dev-cluster --reset}.
   *
   * @param directory the node's directory; nothing happens if it does not exist
   * @throws NodeException when a file cannot be deleted
   */
  public static void deleteDirectory(Path directory) throws NodeException {
    if (!Files.exists(directory)) {
      return;
    }
    try (Stream<Path> files = Files.walk(directory)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    } catch (IOException | UncheckedIOException e) {
      throw new NodeException("Cannot delete " + directory + ": " + e.getMessage(), e);
    }
  }

  /** The last lines of the node's log, for error messages. */
  public String logTail(int lines) {
    try {
      List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "(the log cannot be read: " + e.getMessage() + ")";
    }
  }

  private static boolean accepts(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static int portOrFree(int port, String what) throws NodeException {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new NodeException(
          "The "
              + what
              + " port "
              + port
              + " on 127.0.0.1 is taken (is another Cassandra running?). Choose another with"
              + " --port.",
          e);
    }
  }

  private static String yaml(Path dir, int nativePort, int storagePort, Settings settings) {
    String auth =
        settings.passwordAuthentication()
            ? "authenticator: PasswordAuthenticator\nauthorizer: CassandraAuthorizer\n"
            : "authenticator: AllowAllAuthenticator\nauthorizer: AllowAllAuthorizer\n";
    return """
        # Written by Keyspace Studio at every start; edits are overwritten.
        cluster_name: 'Keyspace Studio local node'
        num_tokens: 1
        partitioner: org.apache.cassandra.dht.Murmur3Partitioner
        endpoint_snitch: SimpleSnitch
        storage_compatibility_mode: NONE
        listen_address: 127.0.0.1
        rpc_address: 127.0.0.1
        storage_port: %d
        native_transport_port: %d
        start_native_transport: true
        seed_provider:
          - class_name: org.apache.cassandra.locator.SimpleSeedProvider
            parameters:
              - seeds: "127.0.0.1:%d"
        commitlog_sync: periodic
        commitlog_sync_period: 10000ms
        data_file_directories:
          - %s
        commitlog_directory: %s
        saved_caches_directory: %s
        hints_directory: %s
        cdc_raw_directory: %s
        materialized_views_enabled: true
        sasi_indexes_enabled: true
        auto_snapshot: false
        %s%s"""
        .formatted(
            storagePort,
            nativePort,
            storagePort,
            dir.resolve("data"),
            dir.resolve("commitlog"),
            dir.resolve("saved_caches"),
            dir.resolve("hints"),
            dir.resolve("cdc_raw"),
            auth,
            settings.clientTls() == null
                ? ""
                : """
                client_encryption_options:
                  enabled: true
                  optional: false
                  keystore: %s
                  keystore_password: %s
                  store_type: PKCS12
                """
                    .formatted(
                        settings.clientTls().keyStore().toAbsolutePath(),
                        settings.clientTls().password()));
  }

  private static final String LOGBACK =
      """
      <configuration>
        <appender name="OUT" class="ch.qos.logback.core.ConsoleAppender">
          <encoder><pattern>%d{HH:mm:ss.SSS} %-5level [%thread] %logger{0} - %msg%n</pattern></encoder>
        </appender>
        <root level="INFO"><appender-ref ref="OUT"/></root>
      </configuration>
      """;

  /** From Cassandra 5.0's {@code conf/jvm17-server.options}: what its classes need on Java 17. */
  private static final List<String> JVM17_OPTIONS =
      List.of(
          "-Djdk.attach.allowAttachSelf=true",
          "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
          "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED",
          "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
          "--add-exports=java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED",
          "--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED",
          "--add-exports=java.rmi/sun.rmi.server=ALL-UNNAMED",
          "--add-exports=java.sql/java.sql=ALL-UNNAMED",
          "--add-opens=java.base/java.lang.module=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.loader=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.reflect=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.math=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.module=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.util.jar=ALL-UNNAMED",
          "--add-opens=jdk.management/com.sun.management.internal=ALL-UNNAMED",
          "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
          "--add-opens=java.base/java.io=ALL-UNNAMED",
          "--add-opens=java.base/java.nio=ALL-UNNAMED",
          "--add-opens=java.base/java.lang=ALL-UNNAMED",
          "--add-opens=java.base/java.util=ALL-UNNAMED",
          "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
          "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
          "--add-opens=java.base/java.net=ALL-UNNAMED");
}
