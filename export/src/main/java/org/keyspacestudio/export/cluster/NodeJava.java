package org.keyspacestudio.export.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds a Java runtime a Cassandra 5.0 node can run on: Java 11 or 17. Cassandra 5.0 refuses
 * anything else (it installs a SecurityManager, which Java 24 removed).
 *
 * <p>Looks, in order, at the explicitly configured executable, {@code $KSTUDIO_NODE_JAVA}, {@code
 * $JAVA_HOME/bin/java}, the JVM running this program, {@code java} on the {@code PATH}, and the
 * JDKs under {@code /usr/lib/jvm}. The packaged app's own runtime is trimmed and is skipped: it
 * lacks modules Cassandra needs.
 */
public final class NodeJava {
  /** The Java feature versions Cassandra 5.0 supports. */
  public static final Set<Integer> SUPPORTED = Set.of(11, 17);

  private static final Pattern VERSION =
      Pattern.compile("java\\.specification\\.version = (\\d+)(?:\\.(\\d+))?");

  private NodeJava() {}

  /**
   * Finds a suitable {@code java} executable.
   *
   * @param configured an executable the user named ({@code --java}), or {@code null}
   * @return the path of a Java 11 or 17 executable
   * @throws NodeException naming every candidate tried and its version when none fits, or when
   *     {@code configured} is given and does not fit
   */
  public static Path find(Path configured) throws NodeException {
    List<String> tried = new ArrayList<>();
    for (Path candidate : candidates(configured)) {
      Optional<Integer> version = featureVersion(candidate);
      if (version.isPresent() && SUPPORTED.contains(version.get()) && hasFullRuntime(candidate)) {
        return candidate;
      }
      tried.add(candidate + " (" + version.map(v -> "Java " + v).orElse("does not run") + ")");
      if (configured != null) {
        break;
      }
    }
    throw new NodeException(
        "Cassandra 5.0 needs Java 11 or 17 to run the local node, and none was found.\n"
            + (tried.isEmpty() ? "  No java executable was found.\n" : "  Tried: " + tried + "\n")
            + "  Install one (Debian: apt-get install openjdk-17-jre-headless), or name it with"
            + " --java PATH or KSTUDIO_NODE_JAVA.");
  }

  private static Set<Path> candidates(Path configured) {
    Set<Path> found = new LinkedHashSet<>();
    if (configured != null) {
      found.add(configured);
      return found;
    }
    String env = System.getenv("KSTUDIO_NODE_JAVA");
    if (env != null && !env.isBlank()) {
      found.add(Path.of(env));
    }
    String javaHome = System.getenv("JAVA_HOME");
    if (javaHome != null && !javaHome.isBlank()) {
      found.add(Path.of(javaHome, "bin", "java"));
    }
    ProcessHandle.current().info().command().map(Path::of).ifPresent(found::add);
    String path = System.getenv("PATH");
    if (path != null) {
      for (String dir : path.split(java.io.File.pathSeparator)) {
        Path java = Path.of(dir, "java");
        if (Files.isExecutable(java)) {
          found.add(java);
          break;
        }
      }
    }
    Path jvms = Path.of("/usr/lib/jvm");
    if (Files.isDirectory(jvms)) {
      try (var dirs = Files.list(jvms)) {
        dirs.sorted()
            .map(dir -> dir.resolve("bin/java"))
            .filter(Files::isExecutable)
            .forEach(found::add);
      } catch (IOException e) {
        // An unreadable directory is one place less to look.
      }
    }
    found.removeIf(p -> !Files.isExecutable(p));
    return found;
  }

  /** Whether the runtime has the modules Cassandra needs (a jlinked app runtime does not). */
  private static boolean hasFullRuntime(Path java) {
    Path home = java.getParent() == null ? null : java.getParent().getParent();
    if (home == null) {
      return true;
    }
    Path release = home.resolve("release");
    if (!Files.isReadable(release)) {
      return true;
    }
    try {
      String text = Files.readString(release, StandardCharsets.UTF_8);
      Matcher modules = Pattern.compile("MODULES=\"([^\"]*)\"").matcher(text);
      return !modules.find()
          || (modules.group(1).contains("java.management")
              && modules.group(1).contains("jdk.unsupported")
              && modules.group(1).contains("java.rmi"));
    } catch (IOException e) {
      return true;
    }
  }

  /**
   * The feature version (11, 17, 21...) of a {@code java} executable, read from its own settings.
   *
   * @param java path of the executable
   * @return the version, or empty when it does not run within 10 s or prints none
   */
  public static Optional<Integer> featureVersion(Path java) {
    try {
      Process process =
          new ProcessBuilder(java.toString(), "-XshowSettings:properties", "-version")
              .redirectErrorStream(true)
              .start();
      byte[] output = process.getInputStream().readAllBytes();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return Optional.empty();
      }
      Matcher m = VERSION.matcher(new String(output, StandardCharsets.UTF_8));
      if (!m.find()) {
        return Optional.empty();
      }
      int major = Integer.parseInt(m.group(1));
      return Optional.of(major == 1 && m.group(2) != null ? Integer.parseInt(m.group(2)) : major);
    } catch (IOException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }
}
