package org.keyspacestudio.model.parse;

import java.util.List;
import java.util.Map;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.SourcePosition;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Severity;

/**
 * What reading CQL produced: the schema (everything that could be read), where each element was
 * read from, and the problems found while reading (syntax errors, statements that could not be
 * applied, statements kept verbatim). Model rules are checked separately, by {@code Validator}.
 *
 * @param schema the schema built from every statement that could be read
 * @param positions where each keyspace, type, field, table, column, index, view and kept statement
 *     was declared (the last declaration, when redeclared)
 * @param problems the problems in source order
 */
public record ImportResult(
    Schema schema, Map<ElementRef, SourcePosition> positions, List<Problem> problems) {

  public ImportResult {
    positions = Map.copyOf(positions);
    problems = List.copyOf(problems);
  }

  /** Whether any problem is an error. */
  public boolean hasErrors() {
    return problems.stream().anyMatch(p -> p.severity() == Severity.ERROR);
  }
}
