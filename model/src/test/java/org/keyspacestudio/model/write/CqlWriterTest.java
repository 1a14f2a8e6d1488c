package org.keyspacestudio.model.write;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.type.UserTypeRef;

class CqlWriterTest {

  private static UserType type(String name, String uses) {
    return new UserType(
        CqlIdentifier.of(name),
        List.of(
            uses == null
                ? new UserType.Field(CqlIdentifier.of("x"), NativeType.INT)
                : new UserType.Field(
                    CqlIdentifier.of("x"), new UserTypeRef(null, CqlIdentifier.of(uses), true))));
  }

  @Test
  void theBuiltInIndexsAliasIsWrittenWithoutCustomAndCustomWithItIsAnError() {
    String cql =
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor':"
            + " 1};\n"
            + "CREATE TABLE ks.t (k int PRIMARY KEY, v int, w int);\n"
            + "CREATE INDEX t_v ON ks.t (v) USING 'legacy_local_table';\n";
    var read = CqlImporter.read(cql, "t.cql");
    assertThat(read.problems()).isEmpty();
    // Cassandra 5.0 refuses CREATE CUSTOM INDEX ... USING 'legacy_local_table' (no such class).
    assertThat(CqlWriter.write(read.schema()))
        .contains("CREATE INDEX t_v ON ks.t (v) USING 'legacy_local_table';");
    var custom =
        CqlImporter.read(
            cql + "CREATE CUSTOM INDEX t_w ON ks.t (w) USING 'legacy_local_table';\n", "t.cql");
    assertThat(custom.problems())
        .extracting(p -> p.rule().id() + " " + p.position().line() + " " + p.severity().label())
        .containsExactly("OPTION-INVALID 4 error");
  }

  @Test
  void typesArePrintedAfterTheTypesTheyUse() {
    Keyspace ks =
        new Keyspace(
            CqlIdentifier.of("ks"),
            null,
            List.of(type("a", "b"), type("c", null), type("b", "c")),
            List.of(),
            List.of(),
            List.of());
    assertThat(CqlWriter.typesInDependencyOrder(ks))
        .extracting(t -> t.name().asInternal())
        .containsExactly("c", "b", "a");
    String cql = CqlWriter.write(ks);
    assertThat(cql.indexOf("CREATE TYPE ks.c")).isLessThan(cql.indexOf("CREATE TYPE ks.b"));
    assertThat(cql.indexOf("CREATE TYPE ks.b")).isLessThan(cql.indexOf("CREATE TYPE ks.a"));
  }

  @Test
  void theUnnamedKeyspaceIsPrintedUnqualifiedAndSingleKeysInline() {
    String cql =
        CqlWriter.write(
            CqlImporter.read("CREATE TABLE users (id uuid PRIMARY KEY, name text);", "t").schema());
    assertThat(cql)
        .isEqualTo("CREATE TABLE users (\n    id uuid PRIMARY KEY,\n    name text\n);\n");
  }

  private static org.keyspacestudio.model.schema.Schema roundTrip(
      org.keyspacestudio.model.schema.Schema schema) {
    return CqlImporter.read(CqlWriter.write(schema), "written").schema();
  }

  @Test
  void aDuplicateKeyColumnIsWrittenWithAPrimaryKeyClauseAndReadsBackEqual() {
    var schema = CqlImporter.read("CREATE TABLE t (k int PRIMARY KEY, k text);", "dup").schema();
    String cql = CqlWriter.write(schema);
    assertThat(cql).containsOnlyOnce("PRIMARY KEY").contains("PRIMARY KEY (k)");
    assertThat(roundTrip(schema)).isEqualTo(schema);
  }

  @Test
  void indexesAndViewsDeclaredInAnotherOrderThanTheirTablesReadBackEqual() {
    var schema =
        CqlImporter.read(
                "CREATE TABLE ks.a (k int PRIMARY KEY, v int);\n"
                    + "CREATE TABLE ks.b (k int PRIMARY KEY, v int);\n"
                    + "CREATE INDEX b_v ON ks.b (v);\n"
                    + "CREATE INDEX a_v ON ks.a (v);\n"
                    + "CREATE MATERIALIZED VIEW ks.b_by_v AS SELECT * FROM ks.b"
                    + " WHERE v IS NOT NULL AND k IS NOT NULL PRIMARY KEY (v, k);\n"
                    + "CREATE MATERIALIZED VIEW ks.a_by_v AS SELECT * FROM ks.a"
                    + " WHERE v IS NOT NULL AND k IS NOT NULL PRIMARY KEY (v, k);\n",
                "order")
            .schema();
    Keyspace ks = schema.keyspaces().get(0);
    assertThat(ks.indexes()).extracting(i -> i.name().asInternal()).containsExactly("a_v", "b_v");
    assertThat(ks.views())
        .extracting(v -> v.name().asInternal())
        .containsExactly("a_by_v", "b_by_v");
    assertThat(roundTrip(schema)).isEqualTo(schema);
  }

  @Test
  void aStatementLeftUnfinishedAtTheEndOfAFileIsWrittenAsACommentWithoutASemicolon() {
    var schema =
        CqlImporter.read("CREATE TABLE ks.t (k int PRIMARY KEY);\nCREATE TABLE ks.u (k int", "cut")
            .schema();
    String cql = CqlWriter.write(schema);
    // Kept verbatim, but as a comment: as a statement it would make the whole script fail.
    assertThat(cql).contains("\n-- CREATE TABLE ks.u (k int\n").doesNotContain("(k int;");
    var again = CqlImporter.read(cql, "written");
    assertThat(again.problems()).isEmpty();
    assertThat(again.schema().keyspaces()).isEqualTo(schema.keyspaces());
  }
}
