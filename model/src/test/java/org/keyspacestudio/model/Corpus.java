package org.keyspacestudio.model;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The shared corpus of real CQL schemas ({@code ../shared/corpus/cql}), read where it lies. Tests
 * that need it are skipped, saying so, when it is absent.
 */
public final class Corpus {

  private Corpus() {}

  /** The corpus folder; skips the calling test when it does not exist. */
  public static Path dir() {
    Path dir = Path.of(System.getProperty("kstudio.corpus", "../../shared/corpus/cql")).normalize();
    assumeTrue(
        Files.isDirectory(dir), "skipped: the shared CQL corpus is not at " + dir.toAbsolutePath());
    return dir;
  }

  /** Every {@code .cql} file of the corpus, by name. */
  public static List<Path> files() {
    try (Stream<Path> files = Files.list(dir())) {
      return files.filter(f -> f.toString().endsWith(".cql")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The canonical rendering Cassandra 5.0.5 made of a corpus file, if there is one. */
  public static Path canonical(Path file) {
    String name = file.getFileName().toString().replaceAll("\\.cql$", ".canonical.cql");
    return file.resolveSibling("canonical").resolve(name);
  }

  /**
   * The MANIFEST verdict of each file: true when Cassandra 5.0.5 parses it and applies it offline
   * with its default configuration.
   */
  public static Map<String, Boolean> validity() {
    try {
      List<String> lines =
          Files.readAllLines(dir().resolve("MANIFEST.tsv"), StandardCharsets.UTF_8);
      String[] header = lines.get(0).split("\t");
      int verdict = -1;
      for (int i = 0; i < header.length; i++) {
        if (header[i].startsWith("valid_for_cassandra")) {
          verdict = i;
        }
      }
      Map<String, Boolean> valid = new TreeMap<>();
      for (String line : lines.subList(1, lines.size())) {
        String[] cells = line.split("\t");
        valid.put(cells[0], cells[verdict].startsWith("YES (parses"));
      }
      return valid;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
