package org.keyspacestudio.model.cql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.write.CqlWriter;

class CqlIdentifierTest {

  @Test
  void unquotedNamesFoldToLowerCaseAndQuotedNamesKeepTheirCase() {
    assertThat(CqlIdentifier.fromCql("UserId").asInternal()).isEqualTo("userid");
    assertThat(CqlIdentifier.fromCql("\"UserId\"").asInternal()).isEqualTo("UserId");
    assertThat(CqlIdentifier.fromCql("\"say \"\"hi\"\"\"").asInternal()).isEqualTo("say \"hi\"");
  }

  @Test
  void foldingIgnoresTheDefaultLocale() {
    java.util.Locale previous = java.util.Locale.getDefault();
    try {
      java.util.Locale.setDefault(java.util.Locale.forLanguageTag("tr"));
      assertThat(CqlIdentifier.fromCql("ID").asInternal()).isEqualTo("id");
    } finally {
      java.util.Locale.setDefault(previous);
    }
  }

  @Test
  void printingQuotesExactlyTheNamesThatNeedIt() {
    assertThat(CqlIdentifier.of("user_id").asCql()).isEqualTo("user_id");
    assertThat(CqlIdentifier.of("userId").asCql()).isEqualTo("\"userId\"");
    assertThat(CqlIdentifier.of("from").asCql()).isEqualTo("\"from\"");
    assertThat(CqlIdentifier.of("1st").asCql()).isEqualTo("\"1st\"");
    assertThat(CqlIdentifier.of("my col").asCql()).isEqualTo("\"my col\"");
    assertThat(CqlIdentifier.of("say \"hi\"").asCql()).isEqualTo("\"say \"\"hi\"\"\"");
    // Non-reserved keywords are valid unquoted names.
    assertThat(CqlIdentifier.of("type").asCql()).isEqualTo("type");
    assertThat(CqlIdentifier.of("key").asCql()).isEqualTo("key");
  }

  @Test
  void mixedCaseAndReservedNamesSurviveARoundTripThroughCql() {
    String cql =
        "CREATE TABLE ks.\"UserEvents\" (\"userId\" uuid, \"from\" text, \"Évé\" int,"
            + " PRIMARY KEY (\"userId\", \"from\"));";
    Table table = CqlImporter.read(cql, "t").schema().keyspaces().get(0).tables().get(0);
    assertThat(table.name().asInternal()).isEqualTo("UserEvents");
    assertThat(table.primaryKey().partitionKey()).containsExactly(CqlIdentifier.of("userId"));
    String printed = CqlWriter.write(CqlImporter.read(cql, "t").schema());
    assertThat(printed)
        .contains("CREATE TABLE ks.\"UserEvents\"")
        .contains("\"userId\" uuid")
        .contains("\"from\" text")
        .contains("\"Évé\" int")
        .contains("PRIMARY KEY (\"userId\", \"from\")");
    assertThat(CqlImporter.read(printed, "again").schema())
        .isEqualTo(CqlImporter.read(cql, "t").schema());
  }
}
