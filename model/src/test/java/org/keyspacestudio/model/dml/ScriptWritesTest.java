package org.keyspacestudio.model.dml;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.parse.ImportResult;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.validate.Problem;

class ScriptWritesTest {

  private static final String SCHEMA =
      """
      CREATE KEYSPACE app WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
      CREATE TYPE app.address (street text, city text);
      CREATE TABLE app.videos_by_user (
        user_id uuid, added_date timestamp, video_id uuid, title text, owner text static,
        tags set<text>, frozen_tags frozen<set<text>>, ratings list<int>, meta map<text, text>,
        home address, work frozen<address>, views int,
        PRIMARY KEY ((user_id), added_date, video_id));
      CREATE TABLE app.video_stats (video_id uuid PRIMARY KEY, views counter, likes counter);
      CREATE MATERIALIZED VIEW app.videos_by_title AS SELECT * FROM app.videos_by_user
        WHERE title IS NOT NULL AND user_id IS NOT NULL AND added_date IS NOT NULL
        AND video_id IS NOT NULL PRIMARY KEY (title, user_id, added_date, video_id);
      """;

  /** The problems of the script's one write, its first line after the schema. */
  private static List<String> problems(String write) {
    ImportResult r = CqlImporter.read(SCHEMA + write + ";\n", "app.cql");
    List<Problem> all = ProjectChecks.validate(new Project(r.schema()), r.positions());
    return all.stream()
        .filter(p -> p.rule() instanceof DmlRule)
        .map(p -> p.rule().id() + " " + p.message())
        .toList();
  }

  /**
   * The project with each problem's one fix applied in turn (each problem having exactly one), the
   * fixes' labels added to {@code labels}.
   */
  private static Project eachOnlyFixApplied(
      Project project, List<Problem> problems, List<String> labels) {
    Project fixed = project;
    for (Problem p : problems) {
      List<org.keyspacestudio.model.edit.Fix> fixes =
          org.keyspacestudio.model.edit.QuickFixes.of(fixed, p);
      assertThat(fixes).as(p.message()).hasSize(1);
      labels.add(fixes.get(0).label());
      fixed = fixes.get(0).edit().change().apply(fixed);
    }
    return fixed;
  }

  @Test
  void theWritesCassandraTakesHaveNoProblem() {
    for (String ok :
        List.of(
            "INSERT INTO app.videos_by_user (user_id, added_date, video_id, title) VALUES (?, ?, ?,"
                + " ?) USING TTL 86400",
            "INSERT INTO app.videos_by_user (user_id, owner) VALUES (?, 'ann')",
            "INSERT INTO app.videos_by_user JSON ?",
            "UPDATE app.videos_by_user SET title = ?, tags = tags + {'cats'}, ratings = [1] +"
                + " ratings, meta['k'] = 'v', home.city = ? WHERE user_id = ? AND added_date IN"
                + " (?, ?) AND video_id = ?",
            "UPDATE app.videos_by_user SET owner = ? WHERE user_id = ?",
            "UPDATE app.videos_by_user SET views = views + 1 WHERE user_id = ? AND added_date = ?"
                + " AND video_id = ? IF title = 'a'",
            "UPDATE app.video_stats SET views = views + 1, likes = likes - 1 WHERE video_id = ?",
            "DELETE FROM app.videos_by_user WHERE user_id = ? AND added_date > ?",
            "DELETE tags['cats'], home.city, title FROM app.videos_by_user WHERE user_id = ? AND"
                + " added_date = ? AND video_id = ?",
            "DELETE owner FROM app.videos_by_user WHERE user_id = ? IF owner = 'ann'",
            "BEGIN BATCH INSERT INTO app.videos_by_user (user_id, added_date, video_id) VALUES (?,"
                + " ?, ?); UPDATE app.videos_by_user SET owner = ? WHERE user_id = ?; APPLY BATCH",
            "BEGIN COUNTER BATCH UPDATE app.video_stats SET views = views + 1 WHERE video_id = ?"
                + " APPLY BATCH")) {
      assertThat(problems(ok)).as(ok).isEmpty();
    }
  }

  @Test
  void anInsertMissingAClusteringColumnIsRefusedWithTheColumnsNamed() {
    assertThat(problems("INSERT INTO app.videos_by_user (user_id, title) VALUES (?, ?)"))
        .containsExactly(
            "DML-KEY INSERT into app.videos_by_user: Some clustering keys are missing: added_date,"
                + " video_id (an INSERT gives every primary key column a value)");
  }

  @Test
  void eachRuleFindsWhatCassandraRefuses() {
    assertThat(problems("UPDATE app.videos_by_user SET title = ? WHERE user_id = ?"))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith("DML-KEY UPDATE of app.videos_by_user: Some clustering keys are missing:");
    assertThat(problems("UPDATE app.videos_by_user SET video_id = ? WHERE user_id = ?"))
        .anyMatch(p -> p.startsWith("DML-COLUMN") && p.contains("PRIMARY KEY part video_id"));
    assertThat(problems("UPDATE app.video_stats SET views = 3 WHERE video_id = ?"))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith("DML-COUNTER")
        .contains("Cannot set the value of counter column views");
    assertThat(problems("INSERT INTO app.video_stats (video_id, views) VALUES (?, 1)"))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .contains("INSERT statements are not allowed on counter tables, use UPDATE instead");
    assertThat(
            problems(
                "UPDATE app.videos_by_user SET views = views + 1 WHERE user_id = ? AND added_date"
                    + " = ? AND video_id = ?"))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith("DML-OPERATION")
        .contains("for non counter column views");
    assertThat(
            problems(
                "UPDATE app.videos_by_user SET work.city = ? WHERE user_id = ? AND added_date = ?"
                    + " AND video_id = ?"))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .contains("for frozen UDT column work");
    assertThat(
            problems("DELETE title FROM app.videos_by_user WHERE user_id = ? AND added_date > ?"))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .contains("Range deletions are not supported for specific columns");
    assertThat(problems("DELETE FROM app.videos_by_user WHERE user_id = ? AND video_id = ?"))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .contains(
            "PRIMARY KEY column \"video_id\" cannot be restricted as preceding column"
                + " \"added_date\" is not restricted");
    assertThat(problems("UPDATE app.videos_by_title SET views = 1 WHERE title = ?"))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith("DML-VIEW")
        .contains("base table videos_by_user");
    assertThat(
            problems(
                "UPDATE app.videos_by_user USING TIMESTAMP 1 SET title = ? WHERE user_id = ? AND"
                    + " added_date = ? AND video_id = ? IF EXISTS"))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith("DML-CONDITION")
        .contains("Cannot provide custom timestamp for conditional updates");
    assertThat(
            problems(
                "BEGIN BATCH UPDATE app.video_stats SET views = views + 1 WHERE video_id = ?;"
                    + " APPLY BATCH"))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .isEqualTo(
            "DML-BATCH BATCH: Cannot include a counter statement in a logged batch (write BEGIN"
                + " COUNTER BATCH)");
    assertThat(problems("DELETE FROM app.nowhere WHERE k = ?"))
        .containsExactly(
            "DML-UNKNOWN-TABLE DELETE from app.nowhere: table app.nowhere does not exist in the"
                + " schema");
  }

  @Test
  void theImportNoteSaysWhetherAWriteIsChecked() {
    ImportResult r =
        CqlImporter.read(
            SCHEMA
                + "INSERT INTO app.video_stats (video_id) VALUES (?);\n"
                + "UPDATE app.videos_by_user SET title = ? WHERE (added_date, video_id) = (?, ?)"
                + " AND user_id = ?;\n",
            "app.cql");
    assertThat(r.problems())
        .map(Problem::message)
        .contains(
            "INSERT statement kept verbatim and checked against the schema as Cassandra 5.0"
                + " prepares it",
            "UPDATE statement kept verbatim, not checked against the schema: relations on a"
                + " tuple of columns are not checked");
  }

  @Test
  void aLoggedBatchOfCountersAndAMistypedTableAreFixedByOneUndoableEdit() {
    ImportResult r =
        CqlImporter.read(
            SCHEMA
                + "BEGIN BATCH UPDATE app.video_stats SET views = views + 1 WHERE video_id = ?"
                + " APPLY BATCH;\n"
                + "DELETE FROM app.video_stat WHERE video_id = ?;\n",
            "app.cql");
    Project project = new Project(r.schema());
    List<Problem> problems =
        ProjectChecks.validate(project, r.positions()).stream()
            .filter(p -> p.rule() instanceof DmlRule)
            .toList();
    assertThat(problems).hasSize(2);
    Project fixed = project;
    for (Problem p : problems) {
      List<org.keyspacestudio.model.edit.Fix> fixes =
          org.keyspacestudio.model.edit.QuickFixes.of(fixed, p);
      assertThat(fixes).as(p.message()).hasSize(1);
      fixed = fixes.get(0).edit().change().apply(fixed);
    }
    assertThat(fixed.schema().otherStatements())
        .extracting(org.keyspacestudio.model.schema.OtherStatement::text)
        .contains(
            "BEGIN COUNTER BATCH UPDATE app.video_stats SET views = views + 1 WHERE video_id = ?"
                + " APPLY BATCH",
            "DELETE FROM app.video_stats WHERE video_id = ?");
    assertThat(ScriptWrites.validate(fixed.schema(), java.util.Map.of())).isEmpty();
  }

  @Test
  void renamingATableOrAColumnRewritesTheWritesThatNameIt() {
    ImportResult r =
        CqlImporter.read(
            SCHEMA
                + "UPDATE app.video_stats SET views = views + 1 WHERE video_id = ?;\n"
                + "BEGIN UNLOGGED BATCH UPDATE app.video_stats SET views = views + 1 WHERE video_id"
                + " = ?; INSERT INTO app.videos_by_user (user_id, added_date, video_id, views)"
                + " VALUES (?, ?, ?, ?); APPLY BATCH;\n",
            "app.cql");
    Project p = new Project(r.schema());
    var stats =
        org.keyspacestudio.model.schema.ElementRef.table(
            org.keyspacestudio.model.cql.CqlIdentifier.of("app"),
            org.keyspacestudio.model.cql.CqlIdentifier.of("video_stats"));
    p =
        org.keyspacestudio.model.edit.SchemaEdits.renameTable(
                stats, org.keyspacestudio.model.cql.CqlIdentifier.of("stats_by_video"))
            .change()
            .apply(p);
    var renamed =
        org.keyspacestudio.model.schema.ElementRef.table(
            org.keyspacestudio.model.cql.CqlIdentifier.of("app"),
            org.keyspacestudio.model.cql.CqlIdentifier.of("stats_by_video"));
    p =
        org.keyspacestudio.model.edit.SchemaEdits.renameColumn(
                renamed,
                org.keyspacestudio.model.cql.CqlIdentifier.of("views"),
                org.keyspacestudio.model.cql.CqlIdentifier.of("plays"))
            .change()
            .apply(p);
    assertThat(p.schema().otherStatements())
        .extracting(org.keyspacestudio.model.schema.OtherStatement::text)
        .containsExactly(
            "UPDATE app.stats_by_video SET plays = plays + 1 WHERE video_id = ?",
            "BEGIN UNLOGGED BATCH UPDATE app.stats_by_video SET views = views + 1 WHERE video_id"
                + " = ?; INSERT INTO app.videos_by_user (user_id, added_date, video_id, views)"
                + " VALUES (?, ?, ?, ?); APPLY BATCH");
  }

  @Test
  void aConstantTheColumnsTypeDoesNotTakeIsRefusedWithHowToWriteIt() {
    assertThat(
            problems(
                "INSERT INTO app.videos_by_user (user_id, added_date, video_id, title, views)"
                    + " VALUES ('6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47', '2026-01-01+0000',"
                    + " 6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47, 42, 99999999999)"))
        .containsExactlyInAnyOrder(
            "DML-VALUE INSERT into app.videos_by_user: Invalid STRING constant"
                + " (6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47) for \"user_id\" of type uuid (a UUID is"
                + " written without quotes)",
            "DML-VALUE INSERT into app.videos_by_user: Invalid INTEGER constant (42) for \"title\""
                + " of type text (text is written in single quotes)",
            "DML-VALUE INSERT into app.videos_by_user: Unable to make int from '99999999999' for"
                + " \"views\" of type int (an int is from -2147483648 to 2147483647; bigint or"
                + " varint hold more)");
    assertThat(problems("UPDATE app.video_stats SET views = views + null WHERE video_id = ?"))
        .containsExactly(
            "DML-VALUE UPDATE of app.video_stats: Invalid null value for counter"
                + " increment/decrement");
    assertThat(
            problems(
                "UPDATE app.videos_by_user SET tags = 'cats' WHERE user_id = ? AND added_date = ?"
                    + " AND video_id = ?"))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .contains("Invalid STRING constant (cats) for \"tags\" of type set<text>");
  }

  @Test
  void datesTimesAndConditionsAreReadAsCassandraReadsThem() {
    assertThat(
            problems(
                "UPDATE app.videos_by_user SET views = 2 WHERE user_id = ? AND added_date ="
                    + " '2026-13-01 10:00' AND video_id = ? IF views > 1.5e400"))
        .containsExactlyInAnyOrder(
            "DML-VALUE UPDATE of app.videos_by_user: Unable to parse a date/time from '2026-13-01"
                + " 10:00' for \"added_date\" of type timestamp (a timestamp is written 'yyyy-mm-dd"
                + " hh:mm:ss' with an optional zone such as +0000, or as milliseconds since 1970)",
            "DML-VALUE UPDATE of app.videos_by_user: Failed parsing statement: 1.5e400 is beyond"
                + " the range of a double (NumberFormatException; bind such a decimal as a value:"
                + " ?)");
    assertThat(
            problems(
                "UPDATE app.videos_by_user SET views = 2 WHERE user_id = ? AND added_date ="
                    + " '2026-02-28 10:00:00.5+0100' AND video_id = ? IF views > 1"))
        .isEmpty();
  }

  @Test
  void aTimestampTheNodeReadsInItsOwnZoneIsWarnedAndWrittenInUtcByItsFix() {
    String uuid = "6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47";
    ImportResult r =
        CqlImporter.read(
            SCHEMA
                + "INSERT INTO app.videos_by_user (user_id, added_date, video_id) VALUES ("
                + uuid
                + ", '2026-01-01 10:30', "
                + uuid
                + ");\nUPDATE app.videos_by_user SET views = 1 WHERE user_id = ? AND added_date ="
                + " 'now' AND video_id = ?;\n",
            "app.cql");
    Project project = new Project(r.schema());
    List<Problem> warnings =
        ProjectChecks.validate(project, r.positions()).stream()
            .filter(p -> p.rule() == DmlRule.VALUE_READ_AS)
            .toList();
    assertThat(warnings)
        .extracting(Problem::severity)
        .containsExactly(
            org.keyspacestudio.model.validate.Severity.WARNING,
            org.keyspacestudio.model.validate.Severity.WARNING);
    assertThat(ScriptWrites.check(r.schema(), 1).refused()).isFalse();
    List<String> labels = new java.util.ArrayList<>();
    Project fixed = eachOnlyFixApplied(project, warnings, labels);
    assertThat(labels)
        .containsExactly(
            "Write it in UTC: '2026-01-01 10:30+0000' (added_date)",
            "Read the time at each run: toTimestamp(now()) (added_date)");
    assertThat(fixed.schema().otherStatements())
        .extracting(org.keyspacestudio.model.schema.OtherStatement::text)
        .containsExactly(
            "INSERT INTO app.videos_by_user (user_id, added_date, video_id) VALUES ("
                + uuid
                + ", '2026-01-01 10:30+0000', "
                + uuid
                + ")",
            "UPDATE app.videos_by_user SET views = 1 WHERE user_id = ? AND added_date ="
                + " toTimestamp(now()) AND video_id = ?");
    assertThat(ScriptWrites.validate(fixed.schema(), java.util.Map.of())).isEmpty();
  }

  @Test
  void aTupleLiteralForAUserTypeIsRefusedWhenItRunsAndWrittenWithItsFieldNamesByItsFix() {
    String write =
        "UPDATE app.videos_by_user SET work = ('1 Main St', upper('paris')) WHERE user_id = ? AND"
            + " added_date = ? AND video_id = ?";
    ImportResult r = CqlImporter.read(SCHEMA + write + ";\n", "app.cql");
    Project project = new Project(r.schema());
    Problem problem =
        ProjectChecks.validate(project, r.positions()).stream()
            .filter(p -> p.rule() == DmlRule.VALUE)
            .findFirst()
            .orElseThrow();
    assertThat(problem.message())
        .isEqualTo(
            "UPDATE of app.videos_by_user: A tuple literal for the user type column work is"
                + " refused when the write runs (Cassandra 5.0.9 prepares it, then fails:"
                + " ClassCastException, Tuples$Value to UserTypes$Value); write it with the field"
                + " names: {street: '1 Main St', city: upper('paris')}");
    List<org.keyspacestudio.model.edit.Fix> fixes =
        org.keyspacestudio.model.edit.QuickFixes.of(project, problem);
    assertThat(fixes)
        .extracting(org.keyspacestudio.model.edit.Fix::label)
        .containsExactly(
            "Write it with the field names: {street: '1 Main St', city: upper('paris')} (work)");
    Project fixed = fixes.get(0).edit().change().apply(project);
    assertThat(fixed.schema().otherStatements().get(0).text())
        .isEqualTo(
            "UPDATE app.videos_by_user SET work = {street: '1 Main St', city: upper('paris')} WHERE"
                + " user_id = ? AND added_date = ? AND video_id = ?");
    assertThat(ScriptWrites.validate(fixed.schema(), java.util.Map.of())).isEmpty();
    assertThat(
            problems(
                "UPDATE app.videos_by_user SET views = 1 WHERE user_id = ? AND added_date = ? AND"
                    + " video_id = ? IF work = ('1 Main St', 'Paris')"))
        .as("an IF compares with a tuple literal as the node does")
        .isEmpty();
  }

  @Test
  void anInsertJsonsMapIsReadAsCassandraReadsItsKeysAndValues() {
    assertThat(
            problems(
                "INSERT INTO app.video_stats JSON '{\"video_id\": \"6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47\"}'"))
        .as("counters are refused before the map is read")
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith("DML-COUNTER");
    assertThat(
            problems(
                "INSERT INTO app.videos_by_user JSON '{\"user_id\":"
                    + " \"6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47\", \"added_date\": 5, \"video_id\":"
                    + " \"6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47\", \"Views\": \"7\", \"rating\": 1}'"))
        .containsExactly(
            "DML-VALUE INSERT into app.videos_by_user: Error decoding JSON value for added_date:"
                + " Expected a long or a datestring representation of a timestamp value, but got a"
                + " Integer: 5",
            "DML-COLUMN INSERT into app.videos_by_user: JSON values map contains unrecognized"
                + " column: rating (it has user_id, added_date, video_id, title, owner, tags,"
                + " frozen_tags, ratings, meta, home, work, views)");
    assertThat(problems("INSERT INTO app.videos_by_user JSON '{\"title\": \"x\"'"))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith(
            "DML-VALUE INSERT into app.videos_by_user: Could not decode JSON string as a map:");
    assertThat(problems("INSERT INTO app.videos_by_user JSON '{\"title\": \"x\"}' DEFAULT UNSET"))
        .hasSize(3)
        .allMatch(
            p -> p.contains("(refused when it runs: the JSON map leaves out the primary key"));
    assertThat(problems("INSERT INTO app.videos_by_user JSON ?")).isEmpty();
  }

  @Test
  void anInsertJsonsCollectionsAndUserTypesAreReadAsTheirTypesReadJson() {
    String key =
        "\"user_id\": \"6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47\", \"added_date\": 1700000000000,"
            + " \"video_id\": \"6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47\", ";
    assertThat(
            problems(
                "INSERT INTO app.videos_by_user JSON '{"
                    + key
                    + "\"tags\": [\"cats\"], \"ratings\": \"[1, 2]\", \"meta\": {\"k\": \"v\"},"
                    + " \"home\": {\"Street\": \"1 Main St\", \"city\": null}}'"))
        .as("arrays, objects, a list given as a JSON string, a field's case folded, a null field")
        .isEmpty();
    assertThat(
            problems(
                "INSERT INTO app.videos_by_user JSON '{" + key + "\"tags\": [\"cats\", null]}'"))
        .containsExactly(
            "DML-VALUE INSERT into app.videos_by_user: Error decoding JSON value for tags: Invalid"
                + " null element in set");
    assertThat(
            problems("INSERT INTO app.videos_by_user JSON '{" + key + "\"ratings\": [1, \"x\"]}'"))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith(
            "DML-VALUE INSERT into app.videos_by_user: Error decoding JSON value for ratings:");
    assertThat(
            problems(
                "INSERT INTO app.videos_by_user JSON '{"
                    + key
                    + "\"work\": {\"street\": \"a\", \"zip\": 75001}}'"))
        .containsExactly(
            "DML-VALUE INSERT into app.videos_by_user: Error decoding JSON value for work: Unknown"
                + " field 'zip' in value of user defined type address");
    assertThat(problems("INSERT INTO app.videos_by_user JSON '{" + key + "\"meta\": [\"k\"]}'"))
        .containsExactly(
            "DML-VALUE INSERT into app.videos_by_user: Error decoding JSON value for meta: Expected"
                + " a map, but got a ArrayList: [k]");
  }

  @Test
  void aValueInsideALiteralHasTheFixItsColumnWouldHaveAndItIsAppliedInPlace() {
    ImportResult r =
        CqlImporter.read(
            "CREATE KEYSPACE app WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};\n"
                + "CREATE TABLE app.t (k int PRIMARY KEY, ratings list<int>,"
                + " seen map<text, timestamp>, ids set<uuid>);\n"
                + "UPDATE app.t SET ratings = [5, '6'] WHERE k = 1;\n"
                + "UPDATE app.t SET ids = {'6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47'} WHERE k = 1;\n"
                + "UPDATE app.t SET seen = {'home': '2026-01-01 10:30'} WHERE k = 1;\n",
            "app.cql");
    Project project = new Project(r.schema());
    List<Problem> problems =
        ProjectChecks.validate(project, r.positions()).stream()
            .filter(p -> p.rule() == DmlRule.VALUE || p.rule() == DmlRule.VALUE_READ_AS)
            .toList();
    assertThat(problems).hasSize(3);
    List<String> labels = new java.util.ArrayList<>();
    Project fixed = eachOnlyFixApplied(project, problems, labels);
    assertThat(labels)
        .containsExactly(
            "Write 6 without quotes (in ratings)",
            "Write the UUID 6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47 without quotes (in ids)",
            "Write it in UTC: '2026-01-01 10:30+0000' (in seen)");
    assertThat(fixed.schema().otherStatements())
        .extracting(org.keyspacestudio.model.schema.OtherStatement::text)
        .containsExactly(
            "UPDATE app.t SET ratings = [5, 6] WHERE k = 1",
            "UPDATE app.t SET ids = {6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47} WHERE k = 1",
            "UPDATE app.t SET seen = {'home': '2026-01-01 10:30+0000'} WHERE k = 1");
    assertThat(ScriptWrites.validate(fixed.schema(), java.util.Map.of())).isEmpty();
  }

  @Test
  void aUserTypesFieldOrATuplesComponentOfAnotherTypeIsFoundAndFixedInPlace() {
    ImportResult r =
        CqlImporter.read(
            "CREATE KEYSPACE app WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};\n"
                + "CREATE TYPE app.address (street text, zip int);\n"
                + "CREATE TYPE app.home (at frozen<address>, since int);\n"
                + "CREATE TABLE app.t (k int PRIMARY KEY, addr frozen<address>,"
                + " pair frozen<tuple<int, text>>, h frozen<home>);\n"
                + "INSERT INTO app.t (k, addr) VALUES (1, {street: 5, zip: 75001});\n"
                + "INSERT INTO app.t (k, pair) VALUES (1, ('7', 'x'));\n"
                + "UPDATE app.t SET h = {at: {street: 'Main', zip: '42'}, since: 2020} WHERE k = 1;\n",
            "app.cql");
    Project project = new Project(r.schema());
    List<Problem> problems =
        ProjectChecks.validate(project, r.positions()).stream()
            .filter(p -> p.rule() == DmlRule.VALUE)
            .toList();
    assertThat(problems)
        .extracting(Problem::message)
        .containsExactly(
            "INSERT into app.t: Invalid user type literal for addr: field street is not of type"
                + " text",
            "INSERT into app.t: Invalid tuple literal for pair: component 0 is not of type int",
            // As UserTypes.Literal says it: the field whose literal its type does not take.
            "UPDATE of app.t: Invalid user type literal for h: field at is not of type"
                + " frozen<address>");
    List<String> labels = new java.util.ArrayList<>();
    Project fixed = eachOnlyFixApplied(project, problems, labels);
    assertThat(labels)
        .containsExactly(
            "Quote the text: '5' (addr.street)",
            "Write 7 without quotes (pair[0])",
            // Judged again against its type, the literal in field at names its own refused value.
            "Write 42 without quotes (h.at.zip)");
    assertThat(fixed.schema().otherStatements())
        .extracting(org.keyspacestudio.model.schema.OtherStatement::text)
        .containsExactly(
            "INSERT INTO app.t (k, addr) VALUES (1, {street: '5', zip: 75001})",
            "INSERT INTO app.t (k, pair) VALUES (1, (7, 'x'))",
            "UPDATE app.t SET h = {at: {street: 'Main', zip: 42}, since: 2020} WHERE k = 1");
    assertThat(ScriptWrites.validate(fixed.schema(), java.util.Map.of())).isEmpty();
  }

  @Test
  void anInetGivenAHostNameIsAWarningAndABrokenIpv6AddressAnError() {
    ImportResult r =
        CqlImporter.read(
            "CREATE KEYSPACE app WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};\n"
                + "CREATE TABLE app.logins (k int PRIMARY KEY, addr inet);\n"
                + "INSERT INTO app.logins (k, addr) VALUES (1, '192.0.2.10');\n"
                + "INSERT INTO app.logins (k, addr) VALUES (2, '2001:db8::1');\n"
                + "INSERT INTO app.logins (k, addr) VALUES (3, '');\n"
                + "INSERT INTO app.logins (k, addr) VALUES (4, 'db1.example.com');\n"
                + "INSERT INTO app.logins (k, addr) VALUES (5, '2001:db8::1::2');\n",
            "app.cql");
    List<String> lines =
        ProjectChecks.validate(new Project(r.schema()), r.positions()).stream()
            .filter(p -> p.rule() instanceof DmlRule)
            .map(p -> p.format("app.cql"))
            .toList();
    assertThat(lines)
        .containsExactly(
            "app.cql:6:1: warning: DML-VALUE-READ-AS INSERT into app.logins: 'db1.example.com' for"
                + " \"addr\" is no IP address written in full: the node reads it as"
                + " InetAddress.getByName does, a host name it looks up (DNS) when it reads the"
                + " statement, storing the address it finds then, or refusing the statement if it"
                + " finds none (write the address itself, such as '192.0.2.10')",
            "app.cql:7:1: error: DML-VALUE INSERT into app.logins: Unable to make inet address"
                + " from '2001:db8::1::2' for \"addr\" of type inet");
  }

  @Test
  void anIpv4AddressNotWrittenInFullIsReadAsTheNodeReadsItAndItsFixWritesItInFull() {
    ImportResult r =
        CqlImporter.read(
            "CREATE KEYSPACE app WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};\n"
                + "CREATE TABLE app.logins (k int PRIMARY KEY, addr inet);\n"
                + "INSERT INTO app.logins (k, addr) VALUES (1, '127.1');\n"
                + "INSERT INTO app.logins (k, addr) VALUES (2, '10');\n"
                + "INSERT INTO app.logins (k, addr) VALUES (3, '1.2.65535');\n"
                + "INSERT INTO app.logins (k, addr) VALUES (4, '010.1.1.1');\n"
                + "INSERT INTO app.logins (k, addr) VALUES (5, '0x7f.1');\n"
                + "INSERT INTO app.logins (k, addr) VALUES (6, '0377.0.0.1');\n"
                + "INSERT INTO app.logins (k, addr) VALUES (7, '1.2.65536');\n",
            "app.cql");
    Project project = new Project(r.schema());
    List<Problem> problems =
        ProjectChecks.validate(project, r.positions()).stream()
            .filter(p -> p.rule() instanceof DmlRule)
            .toList();
    assertThat(problems)
        .extracting(p -> p.format("app.cql"))
        .containsExactly(
            "app.cql:3:1: warning: DML-VALUE-READ-AS INSERT into app.logins: '127.1' for \"addr\""
                + " is read as 127.0.0.1: a short IPv4 form, whose last part fills the bytes the"
                + " others leave (write it in full: '127.0.0.1')",
            "app.cql:4:1: warning: DML-VALUE-READ-AS INSERT into app.logins: '10' for \"addr\" is"
                + " read as 0.0.0.10: a short IPv4 form, whose last part fills the bytes the"
                + " others leave (write it in full: '0.0.0.10')",
            "app.cql:5:1: warning: DML-VALUE-READ-AS INSERT into app.logins: '1.2.65535' for"
                + " \"addr\" is read as 1.2.255.255: a short IPv4 form, whose last part fills the"
                + " bytes the others leave (write it in full: '1.2.255.255')",
            "app.cql:6:1: warning: DML-VALUE-READ-AS INSERT into app.logins: '010.1.1.1' for"
                + " \"addr\" is read as 10.1.1.1: the node reads each part as a decimal number,"
                + " leading zeros and all (not as octal) (write it in full: '10.1.1.1')",
            "app.cql:7:1: error: DML-VALUE INSERT into app.logins: Unable to make inet address"
                + " from '0x7f.1' for \"addr\" of type inet",
            "app.cql:8:1: error: DML-VALUE INSERT into app.logins: Unable to make inet address"
                + " from '0377.0.0.1' for \"addr\" of type inet",
            "app.cql:9:1: warning: DML-VALUE-READ-AS INSERT into app.logins: '1.2.65536' for"
                + " \"addr\" is no IP address written in full: the node reads it as"
                + " InetAddress.getByName does, a host name it looks up (DNS) when it reads the"
                + " statement, storing the address it finds then, or refusing the statement if it"
                + " finds none (write the address itself, such as '192.0.2.10')");
    List<String> labels = new java.util.ArrayList<>();
    Project fixed =
        eachOnlyFixApplied(
            project,
            problems.stream().filter(p -> p.message().contains(" is read as ")).toList(),
            labels);
    assertThat(labels)
        .containsExactly(
            "Write the address in full: '127.0.0.1' (addr)",
            "Write the address in full: '0.0.0.10' (addr)",
            "Write the address in full: '1.2.255.255' (addr)",
            "Write the address in full: '10.1.1.1' (addr)");
    assertThat(fixed.schema().otherStatements())
        .extracting(org.keyspacestudio.model.schema.OtherStatement::text)
        .startsWith(
            "INSERT INTO app.logins (k, addr) VALUES (1, '127.0.0.1')",
            "INSERT INTO app.logins (k, addr) VALUES (2, '0.0.0.10')",
            "INSERT INTO app.logins (k, addr) VALUES (3, '1.2.255.255')",
            "INSERT INTO app.logins (k, addr) VALUES (4, '10.1.1.1')");
  }

  @Test
  void aConditionalBatchWhoseConstantsNameTwoPartitionsIsRefusedWhenItRuns() {
    String a = "6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47";
    String b = "50554d6e-29bb-11e5-b345-feff819cdc9f";
    String batch =
        "BEGIN BATCH INSERT INTO app.videos_by_user (user_id, added_date, video_id, title) VALUES"
            + " (%s, 0, %s, 'a') IF NOT EXISTS; UPDATE app.videos_by_user SET title = 'b' WHERE"
            + " user_id = %s AND added_date = 0 AND video_id = %s; APPLY BATCH";
    assertThat(problems(String.format(batch, a, a, b, a)))
        .containsExactly(
            "DML-BATCH BATCH: Batch with conditions cannot span multiple partitions (refused when"
                + " it runs: its statements write the partitions ("
                + a
                + ") and ("
                + b
                + "))");
    assertThat(problems(String.format(batch, a, a, a.toUpperCase(java.util.Locale.ROOT), a)))
        .as("the same partition, its UUID written in capitals")
        .isEmpty();
    assertThat(problems(String.format(batch, a, a, "?", a)))
        .as("a bind marker's value decides")
        .isEmpty();
  }

  @Test
  void aConstantWrittenAsAnotherTypeIsFixedByOneUndoableEdit() {
    String uuid = "6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47";
    ImportResult r =
        CqlImporter.read(
            SCHEMA
                + "INSERT INTO app.videos_by_user (user_id, added_date, video_id, title, views)"
                + " VALUES ('"
                + uuid
                + "', '2026-01-01+0000', "
                + uuid
                + ", 42, '7');\n",
            "app.cql");
    Project project = new Project(r.schema());
    List<Problem> problems =
        ProjectChecks.validate(project, r.positions()).stream()
            .filter(p -> p.rule() == DmlRule.VALUE)
            .toList();
    assertThat(problems).hasSize(3);
    List<String> labels = new java.util.ArrayList<>();
    Project fixed = project;
    for (Problem p : problems) {
      Problem now =
          ProjectChecks.validate(fixed, java.util.Map.of()).stream()
              .filter(q -> q.message().equals(p.message()))
              .findFirst()
              .orElseThrow();
      List<org.keyspacestudio.model.edit.Fix> fixes =
          org.keyspacestudio.model.edit.QuickFixes.of(fixed, now);
      assertThat(fixes).as(p.message()).hasSize(1);
      labels.add(fixes.get(0).label());
      fixed = fixes.get(0).edit().change().apply(fixed);
    }
    assertThat(labels)
        .containsExactlyInAnyOrder(
            "Write the UUID " + uuid + " without quotes (user_id)",
            "Quote the text: '42' (title)",
            "Write 7 without quotes (views)");
    assertThat(fixed.schema().otherStatements().get(0).text())
        .isEqualTo(
            "INSERT INTO app.videos_by_user (user_id, added_date, video_id, title, views) VALUES ("
                + uuid
                + ", '2026-01-01+0000', "
                + uuid
                + ", '42', 7)");
    assertThat(ScriptWrites.validate(fixed.schema(), java.util.Map.of())).isEmpty();
  }

  @Test
  void aWriteNamingNoKeyspaceWritesTheScriptsUseKeyspace() {
    ImportResult r =
        CqlImporter.read(
            SCHEMA
                + "CREATE KEYSPACE other WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};\n"
                + "CREATE TABLE other.video_stats (video_id uuid, day date, views counter,"
                + " PRIMARY KEY (video_id, day));\n"
                + "USE other;\n"
                + "UPDATE video_stats SET views = views + 1 WHERE video_id = ?;\n"
                + "USE app;\n"
                + "UPDATE video_stats SET views = views + 1 WHERE video_id = ?;\n",
            "app.cql");
    List<ScriptWrites.Checked> checked = ScriptWrites.check(r.schema());
    assertThat(checked).hasSize(2);
    assertThat(checked.get(0).target().toString()).isEqualTo("other.video_stats");
    assertThat(checked.get(0).findings())
        .singleElement()
        .extracting(ScriptWrites.Finding::message)
        .asString()
        .contains("Some clustering keys are missing: day");
    assertThat(checked.get(1).target().toString()).isEqualTo("app.video_stats");
    assertThat(checked.get(1).findings()).isEmpty();
  }
}
