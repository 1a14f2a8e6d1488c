package org.keyspacestudio.app.ui;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.keyspacestudio.model.project.AtomicFiles;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.project.ProjectFileException;

/**
 * Crash recovery: while a project has unsaved changes, a copy of it is written, at most every
 * {@value #DELAY_SECONDS} seconds, to a file of this process in the recovery folder ({@code
 * recovery-PID.kstudio}, with {@code recovery-PID.origin} naming the project's own file). Saving,
 * or a project without changes, removes it; so does closing the window (the user was asked about
 * the changes). A file whose process is gone was left by a crash (or a killed editor): the next
 * start offers to restore it.
 *
 * <p>The folder is {@code $XDG_DATA_HOME/keyspace-studio/recovery} ({@code
 * ~/.local/share/keyspace-studio/recovery} by default), or the one the {@code kstudio.recoveryDir}
 * system property names (tests use their own). Writes happen on a background thread (projects are
 * immutable values); {@link #changed} and {@link #discard} may be called from any one thread (the
 * editor's JavaFX thread).
 */
final class Recovery {

  /** Seconds from a change to its copy: the most work a crash can lose. */
  static final int DELAY_SECONDS = 3;

  private static final String PREFIX = "recovery-";

  /** A project a crashed editor left: its copy, its own file (null if never saved), when. */
  record LeftBehind(Path copy, Path original, Instant savedAt) {

    /** The name to tell the user: the project's file name, or "an untitled project". */
    String name() {
      return original == null ? "an untitled project" : original.getFileName().toString();
    }

    /** Reads the copy. */
    Project read() throws IOException, ProjectFileException {
      return ProjectFile.read(copy);
    }

    /** Removes the copy and its origin. */
    void remove() {
      deleteQuietly(copy);
      deleteQuietly(origin(copy));
    }
  }

  private final Path dir;
  private final Path copy;
  private final ScheduledExecutorService writer =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "kstudio-recovery");
            t.setDaemon(true);
            return t;
          });

  /** What the next write writes: the project and its file, or null to remove the copy. */
  private volatile Pending pending;

  /** Whether a write is scheduled and has not yet read {@link #pending}. */
  private final java.util.concurrent.atomic.AtomicBoolean scheduled =
      new java.util.concurrent.atomic.AtomicBoolean();

  private record Pending(Project project, Path original) {}

  /** Recovery for this process, in {@link #folder()}. */
  Recovery() {
    this(folder());
  }

  Recovery(Path dir) {
    this.dir = dir;
    this.copy = dir.resolve(PREFIX + ProcessHandle.current().pid() + ".kstudio");
  }

  /** The recovery folder: the {@code kstudio.recoveryDir} property's, else the user's. */
  static Path folder() {
    String set = System.getProperty("kstudio.recoveryDir");
    if (set != null && !set.isBlank()) {
      return Path.of(set);
    }
    return org.keyspacestudio.model.project.UserDirectories.data().resolve("recovery");
  }

  /** This process's copy (for tests). */
  Path copy() {
    return copy;
  }

  /**
   * After every change of the document: keeps a copy of {@code project} while {@code dirty},
   * removes it otherwise.
   *
   * @param project the project now, not null
   * @param original the project's own file, or null
   * @param dirty whether it has unsaved changes
   */
  void changed(Project project, Path original, boolean dirty) {
    pending = dirty ? new Pending(project, original) : null;
    if (!dirty) {
      writer.execute(this::removeOwn);
      return;
    }
    if (scheduled.compareAndSet(false, true)) {
      writer.schedule(this::write, DELAY_SECONDS, TimeUnit.SECONDS);
    }
  }

  /** The window closed as the user chose: no copy is kept. */
  void discard() {
    pending = null;
    writer.execute(this::removeOwn);
  }

  /** Waits until what was asked so far is written or removed (for tests), at most 10 seconds. */
  void flush() throws InterruptedException {
    try {
      writer.schedule(() -> {}, DELAY_SECONDS, TimeUnit.SECONDS).get(10, TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException(e);
    }
  }

  private void write() {
    // Before reading: a change after this point schedules its own write.
    scheduled.set(false);
    Pending now = pending;
    if (now == null) {
      return;
    }
    try {
      AtomicFiles.writeString(
          origin(copy), now.original() == null ? "" : now.original().toAbsolutePath().toString());
      ProjectFile.write(now.project(), copy);
    } catch (IOException | RuntimeException e) {
      // A copy that cannot be written is not the user's work lost: the editor still holds it.
      System.err.println("kstudio: cannot write the recovery copy " + copy + ": " + e);
    }
  }

  private void removeOwn() {
    if (pending == null) {
      deleteQuietly(copy);
      deleteQuietly(origin(copy));
    }
  }

  /**
   * The copies left by editors no longer running, newest first; none when the folder does not
   * exist.
   */
  List<LeftBehind> leftBehind() {
    List<LeftBehind> found = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return found;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, PREFIX + "*.kstudio")) {
      for (Path file : files) {
        String name = file.getFileName().toString();
        String pid = name.substring(PREFIX.length(), name.length() - ".kstudio".length());
        if (!pid.matches("\\d{1,18}") || running(Long.parseLong(pid))) {
          continue;
        }
        Path original = null;
        try {
          String text = Files.readString(origin(file), StandardCharsets.UTF_8).strip();
          original = text.isEmpty() ? null : Path.of(text);
        } catch (IOException | java.nio.file.InvalidPathException e) {
          // No origin: restored as an untitled project.
        }
        found.add(new LeftBehind(file, original, Files.getLastModifiedTime(file).toInstant()));
      }
    } catch (IOException e) {
      return found;
    }
    found.sort(Comparator.comparing(LeftBehind::savedAt).reversed());
    return found;
  }

  private static boolean running(long pid) {
    return pid == ProcessHandle.current().pid()
        || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  private static Path origin(Path copy) {
    String name = copy.getFileName().toString();
    return copy.resolveSibling(name.substring(0, name.length() - ".kstudio".length()) + ".origin");
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // Left for the next start to offer or remove.
    }
  }
}
