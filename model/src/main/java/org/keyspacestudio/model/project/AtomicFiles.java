package org.keyspacestudio.model.project;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/** Writing a whole file so that readers see the old content or the new, never half of it. */
public final class AtomicFiles {

  private AtomicFiles() {}

  /**
   * Writes {@code text} (UTF-8) to a temporary file in the target's folder, then renames it over
   * the target. The target keeps its permissions; a new file gets {@code rw-r--r--}.
   *
   * @throws IOException if the file cannot be written; the target is then left as it was
   */
  public static void writeString(Path file, String text) throws IOException {
    write(file, text.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Writes bytes atomically, as {@link #writeString}.
   *
   * @throws IOException if the file cannot be written; the target is then left as it was
   */
  public static void write(Path file, byte[] bytes) throws IOException {
    Path target = file.toAbsolutePath();
    Path dir = target.getParent();
    Files.createDirectories(dir);
    removeStaleTemporaries(dir, target.getFileName().toString());
    Path temp;
    try {
      temp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
    } catch (java.nio.file.AccessDeniedException e) {
      throw new java.nio.file.AccessDeniedException(
          target.toString(), null, "permission denied (its folder is not writable)");
    }
    try {
      try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
        channel.force(true);
      }
      if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
        Files.setPosixFilePermissions(
            temp,
            Files.exists(target)
                ? Files.getPosixFilePermissions(target)
                : PosixFilePermissions.fromString("rw-r--r--"));
      }
      if (Files.exists(target) && !Files.isWritable(target)) {
        throw new java.nio.file.AccessDeniedException(
            target.toString(), null, "permission denied (the file is read-only)");
      }
      try {
        Files.move(
            temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
      }
      forceDirectory(dir);
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /**
   * Removes what an earlier write of the same file left behind when its process died between
   * writing the temporary file and renaming it ({@code .NAME.<random>.tmp}, older than a minute, so
   * that a write in progress elsewhere is left alone).
   */
  static void removeStaleTemporaries(Path dir, String name) {
    String prefix = "." + name + ".";
    long minuteAgo = System.currentTimeMillis() - 60_000;
    try (DirectoryStream<Path> stale =
        Files.newDirectoryStream(dir, "." + globSafe(name) + ".*.tmp")) {
      for (Path p : stale) {
        String n = p.getFileName().toString();
        if (n.startsWith(prefix)
            && n.endsWith(".tmp")
            && Files.getLastModifiedTime(p).toMillis() < minuteAgo) {
          Files.deleteIfExists(p);
        }
      }
    } catch (IOException | java.nio.file.DirectoryIteratorException e) {
      // Leftovers stay: they never hide the file itself.
    }
  }

  private static String globSafe(String name) {
    return name.replaceAll("([\\[\\]{}*?\\\\])", "\\\\$1");
  }

  /** Makes the rename itself durable (a directory can be forced on Linux; elsewhere, skipped). */
  private static void forceDirectory(Path dir) {
    try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException | UnsupportedOperationException e) {
      // Not every platform lets a directory be opened: the rename is still atomic.
    }
  }
}
