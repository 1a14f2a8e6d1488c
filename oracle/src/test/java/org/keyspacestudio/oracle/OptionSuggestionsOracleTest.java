package org.keyspacestudio.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.schema.KnownOption;
import org.keyspacestudio.model.schema.OptionSuggestions;
import org.keyspacestudio.model.validate.Severity;
import org.keyspacestudio.model.validate.Validator;

/**
 * Every value the inspector's completion offers for a table option ({@link OptionSuggestions}):
 * Cassandra 5.0.9 creates a table with it, and we report no error on it either.
 */
class OptionSuggestionsOracleTest {

  @Test
  void cassandraCreatesATableWithEveryValueOffered() {
    List<String> statements = new ArrayList<>();
    statements.add(
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor':"
            + " 1}");
    int n = 0;
    for (String option : OptionSuggestions.options()) {
      assertThat(KnownOption.fromName(option))
          .as(option)
          .hasValueSatisfying(o -> assertThat(o.status()).isEqualTo(KnownOption.Status.CURRENT));
      for (String value : OptionSuggestions.of(option).keySet()) {
        statements.add(
            "CREATE TABLE ks.t"
                + n++
                + " (k int PRIMARY KEY, v int) WITH "
                + option
                + " = "
                + value);
      }
    }
    List<CassandraOracle.Verdict> verdicts = new CassandraOracle(true).apply(statements);
    List<String> refused = new ArrayList<>();
    for (int i = 0; i < statements.size(); i++) {
      if (!verdicts.get(i).accepted()) {
        refused.add(statements.get(i) + " -> " + verdicts.get(i).message());
      }
    }
    var read = CqlImporter.read(String.join(";\n", statements) + ";\n", "suggestions.cql");
    List<String> ours = new ArrayList<>();
    read.problems().forEach(p -> ours.add(p.message()));
    Validator.validate(read.schema(), read.positions()).stream()
        .filter(p -> p.rule().severity() == Severity.ERROR)
        .forEach(p -> ours.add(p.message()));
    System.out.println(
        "option suggestions: "
            + (statements.size() - 1)
            + " values of "
            + OptionSuggestions.options().size()
            + " options; Cassandra refuses "
            + refused.size()
            + ", we report "
            + ours.size()
            + " errors");
    assertThat(refused).isEmpty();
    assertThat(ours).isEmpty();
    assertThat(read.schema().keyspaces().get(0).tables()).hasSize(n);
  }
}
