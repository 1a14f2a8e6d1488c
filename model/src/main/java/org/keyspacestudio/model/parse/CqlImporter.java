package org.keyspacestudio.model.parse;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Reads CQL scripts into a {@link org.keyspacestudio.model.schema.Schema}, statement by statement,
 * as a Cassandra node would apply them.
 *
 * <p>Reading never stops at the first problem: a statement with a syntax error is reported ({@code
 * file:line:column}, what was found, what was expected) and kept verbatim, and reading goes on with
 * the next statement. Statements the model does not represent are kept verbatim too. Model rules
 * (keys, types, indexes, views) are not checked here: run {@code Validator} on the result.
 */
public final class CqlImporter {

  /** A named CQL text. */
  public record Source(String name, String text) {
    public Source {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(text, "text");
    }
  }

  private CqlImporter() {}

  /**
   * Reads one CQL text.
   *
   * @param cql the script; may be empty
   * @param sourceName the name used in positions and messages, usually the file path
   * @return the schema, positions and reading problems; never null
   */
  public static ImportResult read(String cql, String sourceName) {
    return read(List.of(new Source(sourceName, cql)));
  }

  /**
   * Reads several CQL texts into one schema, in order, as if run one after another; a {@code USE}
   * holds until the end of its own source.
   */
  public static ImportResult read(List<Source> sources) {
    SchemaBuilder builder = new SchemaBuilder();
    for (Source source : sources) {
      new StatementParser(source.text(), source.name(), builder).parseAll();
    }
    return new ImportResult(builder.build(), builder.positions, builder.problems);
  }

  /**
   * Reads CQL files (UTF-8; a byte order mark is skipped) into one schema, in order.
   *
   * @throws IOException if a file cannot be read
   */
  public static ImportResult readFiles(List<Path> files) throws IOException {
    List<Source> sources = new java.util.ArrayList<>(files.size());
    for (Path file : files) {
      sources.add(
          new Source(file.toString(), org.keyspacestudio.model.project.TextFiles.read(file)));
    }
    return read(sources);
  }
}
