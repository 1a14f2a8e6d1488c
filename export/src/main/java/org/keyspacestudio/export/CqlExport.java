package org.keyspacestudio.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.write.CqlWriter;

/** Writes a schema to a {@code .cql} file, as {@link CqlWriter} prints it. */
public final class CqlExport {

  private CqlExport() {}

  /**
   * Writes the schema's CQL (UTF-8) atomically: to a temporary file beside {@code file}, then
   * renamed over it, so a failed export leaves the previous file as it was.
   *
   * @throws IOException if the file cannot be written
   */
  public static void write(Schema schema, Path file) throws IOException {
    Path target = file.toAbsolutePath();
    Files.createDirectories(target.getParent());
    Path temp = Files.createTempFile(target.getParent(), "." + target.getFileName() + ".", ".tmp");
    try {
      Files.writeString(temp, CqlWriter.write(schema), StandardCharsets.UTF_8);
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
