package org.keyspacestudio.export;

import java.io.IOException;
import java.nio.file.Path;
import org.keyspacestudio.model.project.AtomicFiles;
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
    AtomicFiles.writeString(file, CqlWriter.write(schema));
  }
}
