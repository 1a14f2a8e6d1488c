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
          "(?is)^CREATE\\s+(?:TABLE|COLUMNFAMILY|TYPE|MATERIALIZED\\s+VIEW|KEYSPACE"
              + "|(?:CUSTOM\\s+)?INDEX)\\s+"
              + "(?:IF\\s+NOT\\s+EXISTS\\s+)?(?:\\w+\\.)?(\\w+|\"(?:[^\"]|\"\")+\")");

  private static final Pattern MISSING =
      Pattern.compile(
          "(?i)(?:Base table|Table|Type|view|Keyspace|Index) '(?:\\w+\\.)?([^'.]+)' doesn't exist"
              + "|Unknown type (?:\\w+\\.)?(\\w+)");

  private static final Pattern DROPPED =
      Pattern.compile(
          "(?is)^DROP\\s+(?:TABLE|TYPE|INDEX|MATERIALIZED\\s+VIEW)\\s+(?:IF\\s+EXISTS\\s+)?"
              + "(?:\\w+\\.)?(\\w+|\"(?:[^\"]|\"\")+\")");

  /** Whether a statement names an object (a whole word; quoted names as written). */
  private static boolean mentions(String text, String name) {
    return Pattern.compile("(?i)(?<![\\w\"])" + Pattern.quote(name) + "(?![\\w\"])")
        .matcher(text)
        .find();
  }

  /** Rules that refuse a DROP because something still depends on what it drops. */
  private static final Set<Rule> DEPENDENCY_RULES =
      Set.of(Rule.UDT_IN_USE, Rule.ALTER_DROP_DEPENDED_ON);

  private static final Pattern IF_NOT_EXISTS =
      Pattern.compile(
          "(?is)^CREATE\\s+\\w+(?:\\s+\\w+)?\\s+IF\\s+NOT\\s+EXISTS\\s+(?:\\w+\\.)?"
              + "(\\w+|\"(?:[^\"]|\"\")+\")");

  /** A name as Cassandra's messages print it: quotes removed, unquoted ones in lower case. */
  private static String internal(String name) {
    return name.startsWith("\"")
        ? name.substring(1, name.length() - 1).replace("\"\"", "\"")
        : name.toLowerCase(Locale.ROOT);
  }

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
    Set<String> diverged = new HashSet<>();
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
      if (!rules.isEmpty() && DEPENDENCY_RULES.containsAll(rules) && !rejectedObjects.isEmpty()) {
        // What is dropped is used by an object Cassandra rejected and our model keeps: from here
        // on, Cassandra has dropped it and we have not.
        Matcher dropped = DROPPED.matcher(text);
        if (dropped.find()) {
          diverged.add(internal(dropped.group(1)));
        }
        cascades++;
        continue;
      }
      Matcher createdAgain = CREATED.matcher(text);
      if (verdict.accepted()
          && rules.equals(Set.of(Rule.SCHEMA_DUPLICATE))
          && createdAgain.find()
          && (rejectedObjects.contains(internal(createdAgain.group(1)))
              || diverged.contains(internal(createdAgain.group(1))))) {
        // Created again after Cassandra rejected (or dropped) the first: our model keeps the
        // first, so from here on the two differ.
        diverged.add(internal(createdAgain.group(1)));
        cascades++;
        continue;
      }
      if (!verdict.accepted()
          && rules.equals(Set.of(Rule.SCHEMA_DUPLICATE))
          && createdAgain.reset().find()
          && rejectedObjects.contains(internal(createdAgain.group(1)))) {
        // Created again after Cassandra rejected the first, and Cassandra rejects this one too
        // (for the same reason, checked before the name): our model keeps the first, with its
        // problem, so the name is taken for us and not for Cassandra.
        cascades++;
        rejected++;
        continue;
      }
      Matcher again = IF_NOT_EXISTS.matcher(text);
      boolean againFound = again.find();
      if (verdict.accepted()
          && rules.isEmpty()
          && againFound
          && rejectedObjects.contains(internal(again.group(1)))) {
        // Cassandra creates it now; our model kept the one it rejected: from here on they differ.
        diverged.add(internal(again.group(1)));
      }
      if (!verdict.accepted()
          && rules.isEmpty()
          && againFound
          && rejectedObjects.contains(internal(again.group(1)))) {
        // IF NOT EXISTS of an object Cassandra rejected before and our model keeps: we skip it.
        cascades++;
        rejected++;
        continue;
      }
      if (!verdict.accepted()) {
        rejected++;
        if (text.matches("(?is)^CREATE\\s+(CUSTOM\\s+)?INDEX.*")) {
          rejectedIndex = true;
        }
        Matcher created = CREATED.matcher(text);
        if (created.find()) {
          rejectedObjects.add(internal(created.group(1)));
        }
        Matcher missing = MISSING.matcher(verdict.message());
        if (missing.find()) {
          String name = missing.group(1) != null ? missing.group(1) : missing.group(2);
          if (rejectedObjects.contains(name) || rejectedObjects.contains(internal(name))) {
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
      if (!agree && diverged.stream().anyMatch(name -> mentions(text, name))) {
        // About an object that is not the same in Cassandra's schema and in our model.
        cascades++;
        continue;
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
