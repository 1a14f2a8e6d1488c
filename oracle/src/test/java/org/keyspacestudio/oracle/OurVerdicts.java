package org.keyspacestudio.oracle;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.parse.ImportResult;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Rule;
import org.keyspacestudio.model.validate.Severity;
import org.keyspacestudio.model.validate.Validator;

/**
 * Our verdict on each statement of a script: the rules whose errors (and whose warnings that stand
 * for a rejection by a default-configured node) point inside the statement.
 */
final class OurVerdicts {

  /** Warnings that mean "a node with this oracle's configuration rejects it". */
  static final Set<Rule> REJECTING_WARNINGS =
      Set.of(
          Rule.INDEX_SASI_DISABLED,
          Rule.MEMTABLE_CONFIGURATION,
          Rule.COMPACTION_UNSAFE_EXPIRATION,
          Rule.FUNCTION_DISABLED,
          Rule.INDEX_CUSTOM_CLASS,
          Rule.ALTER_DROP_COMPACT_STORAGE,
          Rule.KEYSPACE_UNDEFINED,
          Rule.KEYSPACE_NOT_SPECIFIED);

  private OurVerdicts() {}

  static List<Set<Rule>> of(String script, List<Statements.Span> spans, boolean stubKeyspaces) {
    ImportResult result = CqlImporter.read(script, "case.cql");
    List<Problem> problems = new ArrayList<>(result.problems());
    problems.addAll(Validator.validate(result.schema(), result.positions()));
    int[] lineStarts = lineStarts(script);
    List<Set<Rule>> verdicts = new ArrayList<>();
    spans.forEach(s -> verdicts.add(new LinkedHashSet<>()));
    for (Problem p : problems) {
      boolean stubbed =
          stubKeyspaces
              && (p.rule() == Rule.KEYSPACE_UNDEFINED || p.rule() == Rule.KEYSPACE_NOT_SPECIFIED);
      boolean rejects =
          !stubbed && (p.severity() == Severity.ERROR || REJECTING_WARNINGS.contains(p.rule()));
      if (!rejects || p.position() == null) {
        continue;
      }
      int offset = lineStarts[p.position().line() - 1] + p.position().column() - 1;
      for (int i = 0; i < spans.size(); i++) {
        Statements.Span s = spans.get(i);
        if (offset >= s.start() && offset <= s.end()) {
          verdicts.get(i).add((Rule) p.rule());
          break;
        }
      }
    }
    return verdicts;
  }

  private static int[] lineStarts(String text) {
    List<Integer> starts = new ArrayList<>();
    starts.add(0);
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        starts.add(i + 1);
      }
    }
    return starts.stream().mapToInt(Integer::intValue).toArray();
  }
}
