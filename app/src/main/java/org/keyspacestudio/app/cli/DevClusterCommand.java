package org.keyspacestudio.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.keyspacestudio.export.cluster.LocalNode;
import org.keyspacestudio.export.cluster.NodeException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code kstudio dev-cluster [--port N] [--reset]}: a real local Cassandra node. */
@Command(
    name = "dev-cluster",
    mixinStandardHelpOptions = true,
    description = {
      "Starts a real single-node Apache Cassandra 5.0 on 127.0.0.1 in its own JVM (Java 11 or 17),"
          + " prints when it is ready, and stops it cleanly on Ctrl-C.",
      "Its data stays in the directory between runs; --reset starts from nothing."
    })
final class DevClusterCommand implements Callable<Integer> {
  @Option(names = "--port", paramLabel = "N", description = "Native (CQL) port (default 9042)")
  int port = 9042;

  @Option(names = "--reset", description = "Delete the node's data first")
  boolean reset;

  @Option(
      names = "--dir",
      paramLabel = "DIR",
      description =
          "Where the node keeps its files (default ~/.local/share/keyspace-studio/dev-cluster)")
  Path directory;

  @Option(names = "--java", paramLabel = "PATH", description = "The java executable to run it")
  Path java;

  @Option(names = "--heap", paramLabel = "MB", description = "Maximum heap in MiB (default 512)")
  int heap = 512;

  @Option(names = "--auth", description = "Require a password (user cassandra, password cassandra)")
  boolean auth;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Path dir = directory != null ? directory : LocalNode.defaultDirectory();
    LocalNode node;
    try {
      if (reset) {
        LocalNode.deleteDirectory(dir);
        out.println("deleted " + dir);
      }
      // The storage port follows the native port, so that two nodes on other ports can coexist.
      int storagePort = port == 9042 ? 7000 : 0;
      long start = System.nanoTime();
      node =
          LocalNode.start(
              new LocalNode.Settings(
                  dir,
                  port,
                  storagePort,
                  LocalNode.defaultClasspathFile(),
                  java,
                  heap,
                  auth,
                  false,
                  null),
              line -> {
                out.println(line);
                out.flush();
              });
      out.printf(
          "Cassandra is ready on 127.0.0.1:%d (%.1f s). Log: %s%n",
          node.nativePort(), (System.nanoTime() - start) / 1e9, node.logFile());
      out.println(
          "Try: kstudio apply MODEL --port "
              + node.nativePort()
              + (auth ? " --user cassandra --password" : "")
              + "    Stop: Ctrl-C");
      out.flush();
    } catch (NodeException e) {
      err.println("kstudio dev-cluster: " + e.getMessage());
      return KstudioCommand.EXIT_USAGE;
    }
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  out.println("stopping Cassandra...");
                  out.flush();
                  node.close();
                  out.println("stopped");
                  out.flush();
                  stopped.countDown();
                },
                "stop-dev-cluster"));
    while (node.isAlive()) {
      Thread.sleep(500);
    }
    if (stopped.getCount() > 0) {
      err.println("kstudio dev-cluster: the node stopped by itself. The end of its log:");
      err.println(node.logTail(20));
      return KstudioCommand.EXIT_ERRORS;
    }
    return KstudioCommand.EXIT_OK;
  }
}
