package org.keyspacestudio.oracle;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.keyspacestudio.model.validate.Rule;

/** Runs a script through Cassandra and through us and lists where the verdicts differ. */
final class VerdictComparison {

  private VerdictComparison() {}

  /** One statement on which we and Cassandra disagree. */
  record Mismatch(String label, int statement, String text, String cassandra, Set<Rule> ours) {
    @Override
    public String toString() {
      return label
          + " #"
          + statement
          + ": "
          + oneLine(text)
          + "\n    Cassandra: "
          + cassandra
          + "\n    ours: "
          + (ours.isEmpty() ? "accepted" : ours);
    }

    private static String oneLine(String s) {
      String line = s.replaceAll("\\s+", " ");
      return line.length() > 160 ? line.substring(0, 157) + "..." : line;
    }
  }

  /** The outcome of comparing one script. */
  record Outcome(
      int statements,
      int cascades,
      int needNode,
      int rejectedByCassandra,
      List<Mismatch> mismatches,
      java.util.Map<Rule, Integer> ourRules,
      java.util.Map<String, Integer> cassandraMessages) {}

  /**
   * A Cassandra message with the names and numbers of one case taken out, so that messages can be
   * counted across cases: {@code Unknown property 'colour'} becomes {@code Unknown property '…'}.
   */
  static String shape(String message) {
    return message
        .replaceAll("'[^']*'", "'…'")
        .replaceAll("\"[^\"]*\"", "\"…\"")
        .replaceAll("\\[[^\\]]*\\]", "[…]")
        .replaceAll("\\b[pcvkt]\\d+\\b", "…")
        .replaceAll("\\b(ix|idx)\\w*", "…")
        .replaceAll("\\b\\d+\\b", "N")
        .replaceAll("(?s)(.{120}).*", "$1…");
  }

  private static final Pattern CREATED =
      Pattern.compile(
          "(?is)^CREATE\\s+(?:TABLE|COLUMNFAMILY|TYPE|MATERIALIZED\\s+VIEW)\\s+"
              + "(?:IF\\s+NOT\\s+EXISTS\\s+)?(?:\\w+\\.)?(\\w+)");

  private static final Pattern MISSING =
      Pattern.compile(
          "(?i)(?:Table|Type|view) '(?:\\w+\\.)?(\\w+)' doesn't exist|Unknown type (?:\\w+\\.)?(\\w+)");

  /**
   * Compares the verdicts on every statement of a script. A statement Cassandra rejects only
   * because it names an object whose own statement Cassandra rejected earlier (a cascade: our model
   * keeps the rejected object, with its problem, so we go on) is counted, not compared.
   */
  static Outcome compare(String label, String script, boolean stubKeyspaces) {
    List<Statements.Span> spans = Statements.spans(script);
    List<CassandraOracle.Verdict> theirs =
        new CassandraOracle(stubKeyspaces)
            .apply(spans.stream().map(Statements.Span::text).toList());
    List<Set<Rule>> ours = OurVerdicts.of(script, spans, stubKeyspaces);
    List<Mismatch> mismatches = new ArrayList<>();
    Set<String> rejectedObjects = new HashSet<>();
    int cascades = 0;
    int rejected = 0;
    int needNode = 0;
    boolean rejectedIndex = false;
    java.util.Map<Rule, Integer> ourRules = new java.util.TreeMap<>();
    java.util.Map<String, Integer> messages = new java.util.TreeMap<>();
    for (int i = 0; i < spans.size(); i++) {
      CassandraOracle.Verdict verdict = theirs.get(i);
      Set<Rule> rules = ours.get(i);
      rules.forEach(r -> ourRules.merge(r, 1, Integer::sum));
      if (!verdict.accepted()) {
        messages.merge(
            verdict.syntaxError() ? "(syntax error)" : shape(verdict.message()), 1, Integer::sum);
      }
      String text = spans.get(i).text();
      if (verdict.needsNode()) {
        // Offline, Cassandra's state now differs from a node's: nothing after it can be judged.
        needNode += spans.size() - i;
        break;
      }
      if (verdict.accepted()
          && rules.equals(Set.of(Rule.ALTER_DROP_DEPENDED_ON))
          && rejectedIndex) {
        // Our model keeps the index Cassandra rejected earlier, so we still see it depend on the
        // column.
        cascades++;
        continue;
      }
      if (!verdict.accepted()) {
        rejected++;
        if (text.matches("(?is)^CREATE\\s+(CUSTOM\\s+)?INDEX.*")) {
          rejectedIndex = true;
        }
        Matcher created = CREATED.matcher(text);
        if (created.find()) {
          rejectedObjects.add(created.group(1).toLowerCase(Locale.ROOT));
        }
        Matcher missing = MISSING.matcher(verdict.message());
        if (missing.find()) {
          String name = missing.group(1) != null ? missing.group(1) : missing.group(2);
          if (rejectedObjects.contains(name.toLowerCase(Locale.ROOT))) {
            cascades++;
            continue;
          }
        }
      }
      boolean agree;
      if (verdict.accepted()) {
        agree = rules.isEmpty();
      } else if (verdict.syntaxError()
          && (rules.contains(Rule.CQL_SYNTAX) || rules.contains(Rule.CQL_CQLSH_COMMAND))) {
        agree = true;
      } else {
        // Cassandra raises some semantic checks while parsing (frozen<int>, duplicate columns).
        Set<Rule> expected = RuleMapping.rulesFor(verdict.message());
        agree = expected.stream().anyMatch(rules::contains);
      }
      if (!agree) {
        String cassandra =
            verdict.accepted()
                ? "accepted"
                : (verdict.syntaxError() ? "syntax error: " : "rejected: ") + verdict.message();
        mismatches.add(new Mismatch(label, i + 1, spans.get(i).text(), cassandra, rules));
      }
    }
    return new Outcome(spans.size(), cascades, needNode, rejected, mismatches, ourRules, messages);
  }
}
