package org.keyspacestudio.app.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.keyspacestudio.model.project.ModelFiles;
import org.keyspacestudio.model.project.ProjectFileException;

/** Loading the files a command names, with the command line's error messages. */
final class Inputs {

  private Inputs() {}

  /**
   * Loads the files, or prints why it cannot to {@code err} and returns null (the command then
   * exits with {@link KstudioCommand#EXIT_USAGE}).
   */
  static ModelFiles.Loaded load(List<Path> files, PrintWriter err) {
    for (Path file : files) {
      String why =
          !Files.exists(file)
              ? "no such file"
              : Files.isDirectory(file)
                  ? "a directory, not a file"
                  : !Files.isRegularFile(file)
                      ? "not a regular file"
                      : !Files.isReadable(file) ? "permission denied" : null;
      if (why != null) {
        err.println("kstudio: " + file + ": " + why);
        return null;
      }
    }
    try {
      return ModelFiles.load(files);
    } catch (NoSuchFileException e) {
      err.println("kstudio: " + e.getFile() + ": no such file");
    } catch (java.nio.file.AccessDeniedException e) {
      err.println("kstudio: " + e.getFile() + ": permission denied");
    } catch (IOException e) {
      err.println("kstudio: " + e.getMessage());
    } catch (ProjectFileException | IllegalArgumentException e) {
      err.println("kstudio: " + e.getMessage());
    }
    return null;
  }

  /** The first file's name, for problems that have no position. */
  static String label(List<Path> files) {
    return files.get(0).toString();
  }

  private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
      new com.fasterxml.jackson.databind.ObjectMapper()
          .enable(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT);

  /** A JSON tree as the commands print it: two-space indented. */
  static String json(com.fasterxml.jackson.databind.JsonNode tree) {
    try {
      return JSON.writeValueAsString(tree);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree always serializes", e);
    }
  }
}
