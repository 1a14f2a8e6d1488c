package org.keyspacestudio.model.project;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
    Path temp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
    try {
      Files.write(temp, bytes);
      if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
        Files.setPosixFilePermissions(
            temp,
            Files.exists(target)
                ? Files.getPosixFilePermissions(target)
                : PosixFilePermissions.fromString("rw-r--r--"));
      }
      try {
        Files.move(
            temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temp);
    }
  }
}
