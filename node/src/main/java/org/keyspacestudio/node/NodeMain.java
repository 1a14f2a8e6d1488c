package org.keyspacestudio.node;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Main class of a local Cassandra node's JVM: starts {@code
 * org.apache.cassandra.service.CassandraDaemon} and makes the node stop when the process that
 * started it ends, however it ends (a killed test run, a closed terminal). The stop is a normal JVM
 * exit, so Cassandra's shutdown hook drains the node.
 *
 * <p>Reads the system property {@code kstudio.parent.pid}: the process id to watch. Without it the
 * node runs until it is stopped by a signal. Uses only the JDK, so it runs beside whichever
 * Cassandra version the class path holds.
 */
public final class NodeMain {
  private NodeMain() {}

  /**
   * Starts the node.
   *
   * @param args passed to {@code CassandraDaemon.main}
   * @throws Exception whatever Cassandra's start throws
   */
  public static void main(String[] args) throws Exception {
    String parent = System.getProperty("kstudio.parent.pid");
    if (parent != null) {
      ProcessHandle.of(Long.parseLong(parent))
          .ifPresentOrElse(
              handle -> handle.onExit().thenRun(NodeMain::parentGone), NodeMain::parentGone);
    }
    Method daemonMain =
        Class.forName("org.apache.cassandra.service.CassandraDaemon")
            .getMethod("main", String[].class);
    try {
      daemonMain.invoke(null, (Object) args);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof Exception cause) {
        throw cause;
      }
      throw e;
    }
  }

  private static void parentGone() {
    System.err.println("kstudio: the process that started this node has ended; stopping the node");
    System.exit(0);
  }
}
