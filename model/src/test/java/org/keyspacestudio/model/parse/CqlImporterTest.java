package org.keyspacestudio.model.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.OtherStatement;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.type.CollectionType;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.type.TupleType;
import org.keyspacestudio.model.type.UserTypeRef;
import org.keyspacestudio.model.type.VectorType;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Rule;

class CqlImporterTest {

  private static Keyspace only(ImportResult result) {
    assertThat(result.schema().keyspaces()).hasSize(1);
    return result.schema().keyspaces().get(0);
  }

  @Test
  void sqlColumnConstraintsAreRefusedWithTheReason() {
    ImportResult result =
        CqlImporter.read(
            "CREATE TABLE ks.a (k int PRIMARY KEY,\n  created timestamp DEFAULT currentTimestamp());\n"
                + "CREATE TABLE ks.b (k int PRIMARY KEY, name text NOT NULL);\n"
                + "CREATE TABLE ks.c (id int AUTO_INCREMENT PRIMARY KEY);\n"
                + "CREATE TABLE ks.d (k int PRIMARY KEY, v text);\n",
            "sql.cql");
    assertThat(result.problems().stream().filter(p -> p.rule() == Rule.CQL_SYNTAX))
        .extracting(p -> p.format("sql.cql"))
        .containsExactly(
            "sql.cql:2:21: error: CQL-SYNTAX found 'DEFAULT' after the type of column created: CQL"
                + " has no column defaults: each INSERT gives the value (a timestamp:"
                + " toTimestamp(now())) (a column is a name, a type, and STATIC or PRIMARY KEY)",
            "sql.cql:3:49: error: CQL-SYNTAX found 'NOT' after the type of column name: Cassandra"
                + " 5.0 has no NOT NULL: only the primary key's columns must have a value (a column is a name,"
                + " a type, and STATIC or PRIMARY KEY)",
            "sql.cql:4:27: error: CQL-SYNTAX found 'AUTO_INCREMENT' after the type of column id:"
                + " CQL has no auto-increment: use a uuid or timeuuid column (uuid(), now()) (a"
                + " column is a name, a type, and STATIC or PRIMARY KEY)");
    // Reading goes on: the table after them is read.
    assertThat(result.schema().tableCount()).isEqualTo(1);
  }

  @Test
  void aFunctionWithoutItsNullInputClauseIsRefusedWithWhatGoesFirst() {
    ImportResult result =
        CqlImporter.read(
            "CREATE FUNCTION ks.avg(a int, b int)\nRETURNS FLOAT\nLANGUAGE java AS 'return 1.0f;';\n"
                + "CREATE FUNCTION ks.two(a int) LANGUAGE java AS 'return 2;';\n",
            "f.cql");
    assertThat(result.problems().stream().filter(p -> p.rule() == Rule.CQL_SYNTAX))
        .extracting(p -> p.format("f.cql"))
        .containsExactly(
            "f.cql:2:9: error: CQL-SYNTAX found 'FLOAT' where NULL was expected: a function says"
                + " what it does on null input before its return type (CALLED ON NULL INPUT or"
                + " RETURNS NULL ON NULL INPUT, then RETURNS FLOAT)",
            "f.cql:4:31: error: CQL-SYNTAX found 'LANGUAGE' where CALLED ON NULL INPUT or RETURNS"
                + " NULL ON NULL INPUT was expected");
  }

  @Test
  void aSyntaxErrorSaysWhereWhatWasFoundAndWhatWasExpectedAndReadingGoesOn() {
    ImportResult result =
        CqlImporter.read(
            "CREATE TABLE ks.a (k int PRIMARY KEY);\n"
                + "CREATE TABLE ks.b (\n  k int PRIMARY KEY\n  v text\n);\n"
                + "CREATE TABLE ks.c (k int PRIMARY KEY);\n",
            "file.cql");
    List<Problem> syntax =
        result.problems().stream().filter(p -> p.rule() == Rule.CQL_SYNTAX).toList();
    assertThat(syntax).hasSize(1);
    assertThat(syntax.get(0).format("file.cql"))
        .isEqualTo("file.cql:4:3: error: CQL-SYNTAX found 'v' where ')' was expected");
    assertThat(only(result).tables())
        .extracting(t -> t.name().asInternal())
        .containsExactly("a", "c");
    OtherStatement kept = result.schema().otherStatements().get(0);
    assertThat(kept.kind()).isEqualTo("UNREADABLE");
    assertThat(kept.text()).startsWith("CREATE TABLE ks.b (").endsWith("v text\n)");
  }

  @Test
  void positionsCountLinesAcrossCrlfAndCommentsOfEveryKind() {
    String cql =
        "-- dash comment\r\n// slash comment\r\n/* block\r\n comment */\r\n"
            + "CREATE TABLE ks.t (\r\n  k int PRIMARY KEY, -- trailing\r\n  \"Größe\" text\r\n);";
    ImportResult result = CqlImporter.read(cql, "crlf.cql");
    assertThat(result.problems()).isEmpty();
    CqlIdentifier ks = CqlIdentifier.of("ks");
    CqlIdentifier t = CqlIdentifier.of("t");
    assertThat(result.positions().get(ElementRef.table(ks, t)).toString())
        .isEqualTo("crlf.cql:5:14");
    assertThat(result.positions().get(ElementRef.column(ks, t, CqlIdentifier.of("Größe"))).line())
        .isEqualTo(7);
    assertThat(only(result).tables().get(0).column(CqlIdentifier.of("Größe"))).isPresent();
  }

  @Test
  void aHashLineIsAnErrorOnItsOwnAndTheNextStatementIsStillRead() {
    ImportResult result =
        CqlImporter.read("# a shell comment\nCREATE TABLE ks.t (k int PRIMARY KEY);", "h.cql");
    assertThat(result.problems())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.rule()).isEqualTo(Rule.CQL_SYNTAX);
              assertThat(p.position().line()).isEqualTo(1);
              assertThat(p.message()).contains("'#' does not start a comment");
            });
    assertThat(only(result).tables()).hasSize(1);
  }

  @Test
  void statementsTheModelDoesNotRepresentAreKeptVerbatim() {
    String batch =
        "BEGIN BATCH\n  INSERT INTO ks.t (k) VALUES (1);\n  INSERT INTO ks.t (k) VALUES (2);\n"
            + "APPLY BATCH";
    String function =
        "CREATE FUNCTION ks.f(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE java"
            + " AS $$ return x; $$";
    ImportResult result =
        CqlImporter.read(
            "CREATE TABLE ks.t (k int PRIMARY KEY);\n"
                + batch
                + ";\n"
                + function
                + ";\n"
                + "SELECT * FROM ks.t WHERE k = 'it''s; fine';\n",
            "o.cql");
    assertThat(result.schema().otherStatements())
        .extracting(OtherStatement::kind, OtherStatement::text)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("BEGIN", batch),
            org.assertj.core.groups.Tuple.tuple("CREATE FUNCTION", function),
            org.assertj.core.groups.Tuple.tuple(
                "SELECT", "SELECT * FROM ks.t WHERE k = 'it''s; fine'"));
    assertThat(result.problems()).allMatch(p -> p.rule() == Rule.CQL_NOT_MODELLED);
  }

  @Test
  void typesNestToAnyDepth() {
    Table t =
        only(CqlImporter.read(
                "CREATE TABLE ks.t (k int PRIMARY KEY, a map<text, frozen<list<frozen<set<"
                    + "tuple<int, frozen<other.addr>>>>>>>, v VECTOR <FLOAT, 5>, s VARCHAR);",
                "t"))
            .tables()
            .get(0);
    assertThat(t.column(CqlIdentifier.of("a")).get().type().asCql())
        .isEqualTo("map<text, frozen<list<frozen<set<tuple<int, frozen<other.addr>>>>>>>");
    var map = (CollectionType.MapType) t.column(CqlIdentifier.of("a")).get().type();
    var list = (CollectionType.ListType) map.value();
    var set = (CollectionType.SetType) list.element();
    var tuple = (TupleType) set.element();
    assertThat(tuple.components().get(1))
        .isEqualTo(new UserTypeRef(CqlIdentifier.of("other"), CqlIdentifier.of("addr"), true));
    assertThat(t.column(CqlIdentifier.of("v")).get().type())
        .isEqualTo(new VectorType(NativeType.FLOAT, 5));
    assertThat(t.column(CqlIdentifier.of("s")).get().type()).isEqualTo(NativeType.TEXT);
  }

  @Test
  void aTypeCanBeReadOnItsOwn() {
    assertThat(CqlTypeParser.parse(" frozen<map<text, list<int>>> ").asCql())
        .isEqualTo("frozen<map<text, list<int>>>");
    assertThatThrownBy(() -> CqlTypeParser.parse("map<text>"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("column 9")
        .hasMessageContaining("','");
    assertThatThrownBy(() -> CqlTypeParser.parse("frozen<int>"))
        .hasMessageContaining("frozen<> is only allowed");
  }

  @Test
  void useSetsTheKeyspaceUntilTheEndOfItsSource() {
    ImportResult result =
        CqlImporter.read(
            List.of(
                new CqlImporter.Source("a.cql", "USE ks; CREATE TABLE t (k int PRIMARY KEY);"),
                new CqlImporter.Source("b.cql", "CREATE TABLE u (k int PRIMARY KEY);")));
    assertThat(result.schema().keyspace(CqlIdentifier.of("ks")).get().tables()).hasSize(1);
    assertThat(result.schema().keyspace(null).get().tables()).hasSize(1);
  }

  @Test
  void alterAndDropChangeTheModelAsANodeWould() {
    ImportResult result =
        CqlImporter.read(
            "CREATE TABLE ks.t (k int PRIMARY KEY, a text, b text);\n"
                + "ALTER TABLE ks.t ADD (c int, d set<text>);\n"
                + "ALTER TABLE ks.t DROP a;\n"
                + "ALTER TABLE ks.t RENAME k TO id;\n"
                + "ALTER TABLE ks.t WITH comment = 'x';\n"
                + "CREATE TABLE ks.gone (k int PRIMARY KEY);\n"
                + "DROP TABLE ks.gone;\n",
            "alter.cql");
    assertThat(result.problems()).isEmpty();
    Table t = only(result).tables().get(0);
    assertThat(t.columns())
        .extracting(c -> c.name().asInternal())
        .containsExactly("id", "b", "c", "d");
    assertThat(t.primaryKey().partitionKey()).containsExactly(CqlIdentifier.of("id"));
    assertThat(t.options().comment()).contains("x");
    assertThat(only(result).tables()).hasSize(1);
  }

  @Test
  void commentsAboveOrAfterAnElementDocumentIt() {
    ImportResult result =
        CqlImporter.read(
            "-- File header, separated by a blank line: documents nothing.\n\n"
                + "-- Users by id.\n-- Q1: find a user.\n"
                + "CREATE TABLE ks.users (\n"
                + "  id uuid PRIMARY KEY, // the user's id\n"
                + "  /* shown in the UI */\n"
                + "  name text,\n"
                + "  email text\n"
                + ");\n",
            "c.cql");
    CqlIdentifier ks = CqlIdentifier.of("ks");
    CqlIdentifier users = CqlIdentifier.of("users");
    var schema = result.schema();
    assertThat(schema.comment(ElementRef.table(ks, users)))
        .isEqualTo("Users by id.\nQ1: find a user.");
    assertThat(schema.comment(ElementRef.column(ks, users, CqlIdentifier.of("id"))))
        .isEqualTo("the user's id");
    assertThat(schema.comment(ElementRef.column(ks, users, CqlIdentifier.of("name"))))
        .isEqualTo("shown in the UI");
    assertThat(schema.comment(ElementRef.column(ks, users, CqlIdentifier.of("email")))).isNull();
    assertThat(schema.comments()).hasSize(3);
  }

  @Test
  void typesNestedBeyondTheLimitAreASyntaxErrorAtTheirPositionNotACrash() {
    String deep = "frozen<list<".repeat(30_000) + "int" + ">>".repeat(30_000);
    ImportResult result =
        CqlImporter.read(
            "CREATE TABLE ks.t (k int PRIMARY KEY, v "
                + deep
                + ");\n"
                + "CREATE TABLE ks.u (k int PRIMARY KEY, v frozen<list<frozen<set<int>>>>);",
            "deep.cql");
    assertThat(result.problems())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.rule()).isEqualTo(Rule.CQL_SYNTAX);
              assertThat(p.message()).contains("nested deeper than 64 levels");
              assertThat(p.position().line()).isEqualTo(1);
            });
    assertThat(result.schema().tableCount()).as("the next statement is read").isEqualTo(1);
    // 64 levels are fine, and every stage handles them.
    String ok = "frozen<list<".repeat(31) + "int" + ">>".repeat(31);
    ImportResult fine =
        CqlImporter.read("CREATE TABLE ks.t (k int PRIMARY KEY, v " + ok + ");", "ok.cql");
    assertThat(fine.problems()).isEmpty();
    String written = org.keyspacestudio.model.write.CqlWriter.write(fine.schema());
    assertThat(CqlImporter.read(written, "again.cql").schema()).isEqualTo(fine.schema());
    assertThatThrownBy(() -> CqlTypeParser.parse(deep))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("nested deeper than 64 levels");
  }

  @Test
  void anEmptyQuotedNameAsAnOptionValueIsASyntaxErrorAndReadingGoesOn() {
    ImportResult result =
        CqlImporter.read(
            "CREATE TABLE ks.t (k int PRIMARY KEY) WITH comment = \"\";\n"
                + "CREATE TABLE ks.u (k int PRIMARY KEY) WITH comment = 'fine';",
            "c.cql");
    assertThat(result.problems())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.rule()).isEqualTo(Rule.CQL_SYNTAX);
              assertThat(p.message()).contains("empty quoted name");
              assertThat(p.position().column()).isEqualTo(54);
            });
    assertThat(result.schema().tableCount()).isEqualTo(1);
  }

  @Test
  void aLineCommentEndsAtACarriageReturnAsInCassandrasLexer() {
    ImportResult result =
        CqlImporter.read("-- first\rCREATE TABLE ks.t (k int PRIMARY KEY);", "cr.cql");
    assertThat(result.schema().tableCount()).isEqualTo(1);
    // A bare carriage return inside a comment kept on an element survives writing and reading.
    ImportResult commented =
        CqlImporter.read(
            "/* orders\rby day */\nCREATE TABLE ks.t (k int PRIMARY KEY);", "block.cql");
    String written = org.keyspacestudio.model.write.CqlWriter.write(commented.schema());
    assertThat(CqlImporter.read(written, "again.cql").schema()).isEqualTo(commented.schema());
  }

  @Test
  void anUnclosedCommentInAStatementKeptVerbatimIsASyntaxError() {
    ImportResult result =
        CqlImporter.read(
            "CREATE TABLE ks.t (k int PRIMARY KEY);\n"
                + "INSERT INTO ks.t (k) VALUES (1) /* unclosed;\n"
                + "INSERT INTO ks.t (k) VALUES (2);",
            "dml.cql");
    assertThat(result.problems())
        .filteredOn(p -> p.rule() == Rule.CQL_SYNTAX)
        .singleElement()
        .satisfies(p -> assertThat(p.position().line()).isEqualTo(2));
  }

  private static List<Problem> allProblems(ImportResult result) {
    List<Problem> all = new java.util.ArrayList<>(result.problems());
    all.addAll(
        org.keyspacestudio.model.validate.Validator.validate(result.schema(), result.positions()));
    return all;
  }

  @Test
  void anAlterCassandraRefusesLeavesTheTypeAsItWas() {
    // Found by the extended oracle: the cycle was reported at the CREATE TYPE, and kept.
    ImportResult result =
        CqlImporter.read(
            "CREATE TYPE ks.a1 (x int);\n"
                + "CREATE TYPE ks.a2 (a frozen<a1>);\n"
                + "ALTER TYPE ks.a1 ADD b frozen<a2>;\n",
            "cycle.cql");
    assertThat(allProblems(result))
        .filteredOn(p -> p.severity() == org.keyspacestudio.model.validate.Severity.ERROR)
        .extracting(Problem::rule, p -> p.position().line())
        .containsExactly(org.assertj.core.groups.Tuple.tuple(Rule.UDT_CYCLE, 3));
    assertThat(only(result).type(CqlIdentifier.of("a1")).orElseThrow().fields()).hasSize(1);
  }

  @Test
  void aTableTheScriptDropsLaterIsStillCheckedWhereItIsCreated() {
    ImportResult result =
        CqlImporter.read(
            "CREATE TABLE ks.t (k int PRIMARY KEY, n counter, v text);\n"
                + "CREATE INDEX ON ks.t (v);\n"
                + "DROP TABLE ks.t;\n",
            "dropped.cql");
    assertThat(only(result).tables()).isEmpty();
    assertThat(allProblems(result))
        .extracting(Problem::rule, p -> p.position().line())
        .contains(
            org.assertj.core.groups.Tuple.tuple(Rule.COUNTER_MIXED, 1),
            org.assertj.core.groups.Tuple.tuple(Rule.INDEX_COUNTER_TABLE, 2));
  }

  @Test
  void aDropOfWhatAViewOrATableStillUsesIsRefusedAndChangesNothing() {
    ImportResult result =
        CqlImporter.read(
            "CREATE TYPE ks.addr (street text);\n"
                + "CREATE TABLE ks.t (k int PRIMARY KEY, a frozen<addr>, v int);\n"
                + "CREATE MATERIALIZED VIEW ks.mv AS SELECT * FROM ks.t"
                + " WHERE v IS NOT NULL AND k IS NOT NULL PRIMARY KEY (v, k);\n"
                + "DROP TYPE ks.addr;\n"
                + "DROP TABLE ks.t;\n",
            "in-use.cql");
    assertThat(result.problems())
        .extracting(Problem::rule, p -> p.position().line())
        .contains(
            org.assertj.core.groups.Tuple.tuple(Rule.UDT_IN_USE, 4),
            org.assertj.core.groups.Tuple.tuple(Rule.ALTER_DROP_DEPENDED_ON, 5));
    assertThat(only(result).types()).hasSize(1);
    assertThat(only(result).tables()).hasSize(1);
  }

  @Test
  void aDroppedKeyspaceTakesItsCommentsWithItAndTheWrittenScriptReadsBackTheSame() {
    // Found by bench/fuzz.sh 30000 2426: the keyspace's comment outlived DROP KEYSPACE, the table
    // created after it made the keyspace again (undefined, so not written), and the comment was
    // lost on the way back.
    var result =
        CqlImporter.read(
            "-- the videos\n"
                + "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};\n"
                + "-- kept\n"
                + "CREATE TABLE ks.gone (k int PRIMARY KEY);\n"
                + "DROP KEYSPACE ks;\n"
                + "-- after\n"
                + "CREATE TABLE ks.users (id int PRIMARY KEY);\n",
            "d.cql");
    var schema = result.schema();
    assertThat(schema.comments())
        .containsOnlyKeys(ElementRef.table(CqlIdentifier.of("ks"), CqlIdentifier.of("users")));
    String written = org.keyspacestudio.model.write.CqlWriter.write(schema);
    assertThat(CqlImporter.read(written, "again.cql").schema()).isEqualTo(schema);
  }

  @Test
  void aFunctionThatNamesNoKeyspaceWithoutUseIsRefusedAsCassandraRefusesIt() {
    String function =
        "CREATE FUNCTION best (input double) RETURNS NULL ON NULL INPUT RETURNS text"
            + " LANGUAGE java AS 'return \"x\";';\n";
    assertThat(CqlImporter.read(function, "f.cql").problems())
        .extracting(p -> p.rule().id())
        .contains("KEYSPACE-NOT-SPECIFIED");
    String used =
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\nUSE ks;\n";
    assertThat(CqlImporter.read(used + function, "f.cql").problems())
        .extracting(p -> p.rule().id())
        .doesNotContain("KEYSPACE-NOT-SPECIFIED");
  }
}
