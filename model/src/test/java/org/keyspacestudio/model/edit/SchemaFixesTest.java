package org.keyspacestudio.model.edit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Rule;

/**
 * Schema problems with a known way out offer it ({@link SchemaFixes}): a static column without
 * clustering columns, a counter table's TTL, indexes Cassandra refuses, a SASI index; the safe ones
 * are what {@code kstudio validate --fix} applies.
 */
class SchemaFixesTest {

  private static final String KEYSPACE =
      "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\n";

  private static Project read(String cql) {
    return new Project(CqlImporter.read(KEYSPACE + cql, "fixes.cql").schema());
  }

  private static Problem problem(Project p, Rule rule) {
    return ProjectChecks.validate(p).stream()
        .filter(x -> x.rule() == rule)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + rule.info().id()));
  }

  private static boolean has(Project p, Rule rule) {
    return ProjectChecks.validate(p).stream().anyMatch(x -> x.rule() == rule);
  }

  /** The only fix of the problem: its label and safety; applied, the problem is gone. */
  private static Project applyOnly(Project p, Rule rule, String label, boolean safe) {
    List<Fix> fixes = QuickFixes.of(p, problem(p, rule));
    assertThat(fixes).extracting(Fix::label).containsExactly(label);
    assertThat(fixes.get(0).safe()).isEqualTo(safe);
    Project fixed = fixes.get(0).edit().change().apply(p);
    assertThat(has(fixed, rule)).as("%s after the fix", rule.info().id()).isFalse();
    return fixed;
  }

  @Test
  void aStaticColumnWithoutClusteringColumnsIsMadeRegular() {
    Project p = read("CREATE TABLE ks.t (k int PRIMARY KEY, s int static, v int);");
    Project fixed =
        applyOnly(
            p,
            Rule.STATIC_NO_CLUSTERING,
            "Make s a regular column of t (no clustering column: one row per partition)",
            true);
    assertThat(
            fixed.schema().keyspaces().get(0).tables().get(0).column(CqlIdentifier.of("s")).get())
        .matches(c -> !c.isStatic());
  }

  @Test
  void aCounterTablesTimeToLiveIsRemoved() {
    Project p =
        read("CREATE TABLE ks.c (k int PRIMARY KEY, n counter) WITH default_time_to_live = 60;");
    applyOnly(
        p, Rule.COUNTER_TTL, "Remove default_time_to_live from c (counters cannot expire)", true);
  }

  @Test
  void indexesCassandraRefusesAreDeleted() {
    Project p =
        read(
            "CREATE TABLE ks.u (id uuid PRIMARY KEY, name text, email text);\n"
                + "CREATE INDEX u_id ON ks.u (id);\n"
                + "CREATE INDEX u_email ON ks.u (email);\n"
                + "CREATE INDEX u_email2 ON ks.u (email);");
    Project fixed =
        applyOnly(
            p,
            Rule.INDEX_ONLY_PARTITION_KEY,
            "Delete the index u_id (the partition key finds the partition)",
            true);
    fixed = applyOnly(fixed, Rule.INDEX_DUPLICATE, "Delete the duplicate index u_email2", false);
    assertThat(fixed.schema().keyspaces().get(0).indexes())
        .extracting(i -> i.effectiveName().asInternal())
        .containsExactly("u_email");
  }

  @Test
  void aMaterializedViewBecomesATableTheApplicationWritesInItsPlace() {
    Project p =
        read(
            "CREATE TABLE ks.users (id uuid PRIMARY KEY, email text, name text, bio text);\n"
                + "CREATE MATERIALIZED VIEW ks.users_by_email AS SELECT id, email, name FROM ks.users"
                + " WHERE email IS NOT NULL AND id IS NOT NULL PRIMARY KEY (email, id)"
                + " WITH CLUSTERING ORDER BY (id DESC) AND comment = 'log in';");
    var users = org.keyspacestudio.model.schema.ElementRef.table(KS, CqlIdentifier.of("users"));
    var view =
        org.keyspacestudio.model.schema.ElementRef.view(KS, CqlIdentifier.of("users_by_email"));
    var table =
        org.keyspacestudio.model.schema.ElementRef.table(KS, CqlIdentifier.of("users_by_email"));
    p = Edits.addArrow("Q1", users, view).change().apply(p);
    p =
        Edits.moveBoxes(java.util.Map.of(view, new org.keyspacestudio.model.diagram.Point(300, 40)))
            .change()
            .apply(p);
    // A view Cassandra takes as written (with materialized_views_enabled): only the warning.
    assertThat(ProjectChecks.validate(p))
        .extracting(Problem::rule)
        .containsExactly(Rule.VIEW_DISABLED);
    Project fixed =
        applyOnly(
            p,
            Rule.VIEW_DISABLED,
            "Make the view users_by_email a table the application writes with users",
            false);
    var ks = fixed.schema().keyspaces().get(0);
    assertThat(ks.views()).isEmpty();
    // The base table's order, the view's key and clustering order and options, no IS NOT NULL.
    assertThat(
            org.keyspacestudio.model.write.CqlWriter.createTable(
                KS, ks.table(table.object()).orElseThrow()))
        .isEqualTo(
            "CREATE TABLE ks.users_by_email (\n"
                + "    id uuid,\n"
                + "    email text,\n"
                + "    name text,\n"
                + "    PRIMARY KEY (email, id)\n"
                + ") WITH CLUSTERING ORDER BY (id DESC)\n"
                + "    AND comment = 'log in';");
    assertThat(ProjectChecks.validate(fixed)).isEmpty();
    // In the view's place: its box, the query arrow into it.
    assertThat(fixed.diagram().positions()).containsKey(table).doesNotContainKey(view);
    assertThat(fixed.diagram().positions().get(table))
        .isEqualTo(new org.keyspacestudio.model.diagram.Point(300, 40));
    assertThat(fixed.diagram().arrows()).extracting(a -> a.to()).containsExactly(table);

    // A view over a column its base table lacks: no table can be made of it.
    Project broken =
        read(
            "CREATE TABLE ks.users (id uuid PRIMARY KEY, email text);\n"
                + "CREATE MATERIALIZED VIEW ks.by_name AS SELECT name FROM ks.users"
                + " WHERE name IS NOT NULL AND id IS NOT NULL PRIMARY KEY (name, id);");
    assertThat(QuickFixes.of(broken, problem(broken, Rule.VIEW_DISABLED))).isEmpty();
    // SELECT * and a filter: every column, and the label says what the application filters.
    Project all =
        read(
            "CREATE TABLE ks.users (id uuid PRIMARY KEY, email text, kind text);\n"
                + "CREATE MATERIALIZED VIEW ks.admins AS SELECT * FROM ks.users"
                + " WHERE kind = 'admin' AND email IS NOT NULL AND id IS NOT NULL"
                + " PRIMARY KEY (email, id);");
    Project tables =
        applyOnly(
            all,
            Rule.VIEW_DISABLED,
            "Make the view admins a table the application writes with users (and filters: kind ="
                + " 'admin')",
            false);
    assertThat(
            tables
                .schema()
                .keyspaces()
                .get(0)
                .table(CqlIdentifier.of("admins"))
                .orElseThrow()
                .columns())
        .hasSize(3);
  }

  private static final CqlIdentifier KS = CqlIdentifier.of("ks");

  @Test
  void anIndexOfAClassCassandraDoesNotShipBecomesAStorageAttachedIndex() {
    Project p =
        read(
            "CREATE TABLE ks.u (id uuid PRIMARY KEY, name text);\n"
                + "CREATE CUSTOM INDEX u_lucene ON ks.u (name) USING"
                + " 'com.stratio.cassandra.lucene.Index' WITH OPTIONS = {'refresh_seconds': '1'};");
    Project fixed =
        applyOnly(
            p,
            Rule.INDEX_CUSTOM_CLASS,
            "Make u_lucene a storage-attached index (SAI), not com.stratio.cassandra.lucene.Index,"
                + " without its options",
            false);
    assertThat(fixed.schema().keyspaces().get(0).indexes().get(0).isSai()).isTrue();
    assertThat(ProjectChecks.validate(fixed)).isEmpty();
  }

  @Test
  void unsafeAggressiveExpirationIsRemovedFromTheCompaction() {
    Project p =
        read(
            "CREATE TABLE ks.events (k int, at timestamp, PRIMARY KEY (k, at)) WITH compaction ="
                + " {'class': 'TimeWindowCompactionStrategy', 'compaction_window_unit': 'DAYS',"
                + " 'unsafe_aggressive_sstable_expiration': 'true'};");
    Project fixed =
        applyOnly(
            p,
            Rule.COMPACTION_UNSAFE_EXPIRATION,
            "Remove unsafe_aggressive_sstable_expiration from compaction of events (the node"
                + " refuses it unless started to allow it)",
            false);
    assertThat(
            org.keyspacestudio.model.write.CqlWriter.createTable(
                KS, fixed.schema().keyspaces().get(0).tables().get(0)))
        .contains(
            "compaction = {'class': 'TimeWindowCompactionStrategy', 'compaction_window_unit':"
                + " 'DAYS'}");
    assertThat(ProjectChecks.validate(fixed)).isEmpty();
  }

  @Test
  void aSasiIndexBecomesAStorageAttachedIndexWhereSaiTakesTheColumn() {
    Project p =
        read(
            "CREATE TABLE ks.u (id uuid PRIMARY KEY, name text, flags duration);\n"
                + "CREATE CUSTOM INDEX u_name ON ks.u (name) USING"
                + " 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode': 'CONTAINS'};");
    Project fixed =
        applyOnly(
            p,
            Rule.INDEX_SASI_DISABLED,
            "Make u_name a storage-attached index (SAI), without its SASI options",
            false);
    SecondaryIndex index = fixed.schema().keyspaces().get(0).indexes().get(0);
    assertThat(index.isSai()).isTrue();
    assertThat(index.options()).isEmpty();
  }

  @Test
  void aSasiIndexTheNodeRefusesBecomesStorageAttachedOnlyWhereThatRemovesTheError() {
    // SASIIndex.validateOptions: no partition key column; SAI takes one of a composite key.
    Project p =
        read(
            "CREATE TABLE ks.u (a text, b text, v int, PRIMARY KEY ((a, b)));\n"
                + "CREATE CUSTOM INDEX u_a ON ks.u (a) USING"
                + " 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode': 'SPARSE'};");
    Problem problem = problem(p, Rule.INDEX_SASI_OPTIONS);
    assertThat(problem.severity()).isEqualTo(org.keyspacestudio.model.validate.Severity.ERROR);
    assertThat(problem.message()).isEqualTo("partition key columns are not yet supported by SASI");
    Project fixed =
        applyOnly(
            p,
            Rule.INDEX_SASI_OPTIONS,
            "Make u_a a storage-attached index (SAI), without its SASI options",
            false);
    assertThat(fixed.schema().keyspaces().get(0).indexes().get(0).isSai()).isTrue();
    assertThat(ProjectChecks.validate(fixed))
        .noneMatch(x -> x.severity() == org.keyspacestudio.model.validate.Severity.ERROR);
    // On the only partition key column, SAI is refused too: no fix trades one error for another.
    Project only =
        read(
            "CREATE TABLE ks.w (a text PRIMARY KEY, v int);\n"
                + "CREATE CUSTOM INDEX w_a ON ks.w (a) USING"
                + " 'org.apache.cassandra.index.sasi.SASIIndex';");
    assertThat(QuickFixes.of(only, problem(only, Rule.INDEX_SASI_OPTIONS))).isEmpty();
  }

  @Test
  void aRegularIndexWithOptionsIsRefusedAndBecomesSaiOrLosesTheOptions() {
    // As the inspector leaves an SAI index switched to "Regular (2i)": the node refuses it
    // ("Cannot specify options for a non-CUSTOM index"); the editor had shown no error.
    Project p =
        read(
            "CREATE TABLE ks.u (id uuid PRIMARY KEY, name text, tags frozen<set<text>>);\n"
                + "CREATE INDEX u_name ON ks.u (name) WITH OPTIONS = {'case_sensitive': 'false'};\n"
                + "CREATE INDEX u_tags ON ks.u (full(tags)) WITH OPTIONS = {'mode': 'CONTAINS'};");
    Problem problem = problem(p, Rule.OPTION_INVALID);
    assertThat(problem.severity()).isEqualTo(org.keyspacestudio.model.validate.Severity.ERROR);
    assertThat(problem.message()).isEqualTo("Cannot specify options for a non-CUSTOM index");
    List<Fix> fixes = QuickFixes.of(p, problem);
    assertThat(fixes)
        .extracting(Fix::label)
        .containsExactly(
            "Make u_name a storage-attached index (SAI)",
            "Remove the options of u_name (a regular index takes none)");
    Project sai = fixes.get(0).edit().change().apply(p);
    SecondaryIndex index = sai.schema().keyspaces().get(0).indexes().get(0);
    assertThat(index.isSai()).isTrue();
    assertThat(index.options()).containsEntry("case_sensitive", "false");
    Project plain = fixes.get(1).edit().change().apply(p);
    assertThat(plain.schema().keyspaces().get(0).indexes().get(0).options()).isEmpty();
    // As an SAI index, u_tags keeps a SASI option SAI does not understand: only the removal.
    Problem tags =
        org.keyspacestudio.model.validate.Validator.validate(p.schema()).stream()
            .filter(
                x ->
                    x.rule() == Rule.OPTION_INVALID
                        && x.element().object().asInternal().equals("u_tags"))
            .findFirst()
            .orElseThrow();
    assertThat(QuickFixes.of(p, tags))
        .extracting(Fix::label)
        .containsExactly("Remove the options of u_tags (a regular index takes none)");
  }

  @Test
  void optionsAStorageAttachedIndexDoesNotUnderstandAreRemovedAndTheOthersKept() {
    // Left from a SASI index: the node refuses it ("Properties specified [mode] are not
    // understood by StorageAttachedIndex"); the editor had shown no error.
    Project p =
        read(
            "CREATE TABLE ks.u (id uuid PRIMARY KEY, name text);\n"
                + "CREATE INDEX u_name ON ks.u (name) USING 'sai' WITH OPTIONS = {'mode':"
                + " 'CONTAINS', 'case_sensitive': 'false', 'analyzed': 'true'};");
    assertThat(problem(p, Rule.OPTION_INVALID).message())
        .isEqualTo(
            "Properties specified [analyzed, mode] are not understood by StorageAttachedIndex");
    Project fixed =
        applyOnly(
            p,
            Rule.OPTION_INVALID,
            "Remove analyzed, mode from u_name (StorageAttachedIndex does not understand them)",
            true);
    assertThat(fixed.schema().keyspaces().get(0).indexes().get(0).options())
        .containsExactly(java.util.Map.entry("case_sensitive", "false"));
  }

  @Test
  void theSafeOnesAreWhatValidateFixApplies() {
    Project p =
        read(
            "CREATE TABLE ks.t (k int PRIMARY KEY, s int static, v int);\n"
                + "CREATE TABLE ks.c (k int PRIMARY KEY, n counter) WITH default_time_to_live ="
                + " 60;\n"
                + "CREATE INDEX t_k ON ks.t (k);");
    var applied = QuickFixes.applySafe(p);
    Project fixed = applied.edit().change().apply(p);
    assertThat(applied.labels()).hasSize(3);
    assertThat(has(fixed, Rule.STATIC_NO_CLUSTERING)).isFalse();
    assertThat(has(fixed, Rule.COUNTER_TTL)).isFalse();
    assertThat(has(fixed, Rule.INDEX_ONLY_PARTITION_KEY)).isFalse();
  }

  @Test
  void countersMixedWithOtherColumnsMoveToATableOfTheirOwnOrBecomeBigints() {
    Project p =
        read(
            "CREATE TABLE ks.video_stats (video_id uuid, day date, title text, views counter,"
                + " likes counter, PRIMARY KEY (video_id, day)) WITH CLUSTERING ORDER BY (day"
                + " DESC);");
    List<Fix> fixes = QuickFixes.of(p, problem(p, Rule.COUNTER_MIXED));
    assertThat(fixes)
        .extracting(Fix::label)
        .containsExactly(
            "Move the counters views, likes to a new table video_stats_counters keyed as"
                + " video_stats",
            "Make views, likes bigint (set by value, no longer incremented)");
    assertThat(fixes).noneMatch(Fix::safe);

    Project moved = fixes.get(0).edit().change().apply(p);
    assertThat(ProjectChecks.validate(moved))
        .noneMatch(x -> x.rule().severity() == org.keyspacestudio.model.validate.Severity.ERROR);
    var ks = moved.schema().keyspaces().get(0);
    assertThat(
            org.keyspacestudio.model.write.CqlWriter.createTable(
                ks.name(), ks.table(CqlIdentifier.of("video_stats_counters")).orElseThrow()))
        .contains("views counter")
        .contains("PRIMARY KEY (video_id, day)")
        .contains("CLUSTERING ORDER BY (day DESC)");
    assertThat(ks.table(CqlIdentifier.of("video_stats")).orElseThrow().columns())
        .extracting(c -> c.name().asInternal())
        .containsExactly("video_id", "day", "title");

    Project typed = fixes.get(1).edit().change().apply(p);
    assertThat(has(typed, Rule.COUNTER_MIXED)).isFalse();
    assertThat(typed.schema().keyspaces().get(0).tables().get(0).column(CqlIdentifier.of("likes")))
        .hasValueSatisfying(
            c -> assertThat(c.type()).isEqualTo(org.keyspacestudio.model.type.NativeType.BIGINT));
  }

  @Test
  void anOptionValueTheNodeRefusesIsRemovedForCassandrasDefault() {
    Project p =
        read(
            "CREATE TABLE ks.t (k int PRIMARY KEY) WITH read_repair = 'SOMETIMES'"
                + " AND memtable = 'trie';");
    Project fixed =
        applyOnly(
            p,
            Rule.OPTION_INVALID,
            "Remove read_repair = 'SOMETIMES' from t (Cassandra's default 'BLOCKING' applies)",
            false);
    fixed =
        applyOnly(
            fixed,
            Rule.MEMTABLE_CONFIGURATION,
            "Remove memtable = 'trie' from t (Cassandra's default 'default' applies)",
            false);
    assertThat(fixed.schema().keyspaces().get(0).tables().get(0).options().values()).isEmpty();
  }

  private static List<String> labels(Project p, Rule rule) {
    return QuickFixes.of(p, problem(p, rule)).stream().map(Fix::label).toList();
  }

  private static Project apply(Project p, Rule rule, String label) {
    Fix fix =
        QuickFixes.of(p, problem(p, rule)).stream()
            .filter(f -> f.label().equals(label))
            .findFirst()
            .orElseThrow();
    assertThat(fix.safe()).isFalse();
    Project fixed = fix.edit().change().apply(p);
    assertThat(count(fixed, rule))
        .as("%s after %s", rule.info().id(), label)
        .isLessThan(count(p, rule));
    return fixed;
  }

  private static long count(Project p, Rule rule) {
    return ProjectChecks.validate(p).stream().filter(x -> x.rule() == rule).count();
  }

  @Test
  void aTypeNamingNoTypeBecomesTheTypeMeantOrIsDefined() {
    Project p =
        read(
            "CREATE TYPE ks.address (street text, city text);\n"
                + "CREATE TABLE ks.users (id uuid PRIMARY KEY, email string,"
                + " home frozen<adress>, seen list<timestmp>);");
    // Another language's name: the CQL type it stands for.
    Project typed =
        apply(p, Rule.TYPE_UNKNOWN, "Change the type of users.email from string to text");
    assertThat(labels(p, Rule.TYPE_UNKNOWN))
        .containsExactly(
            "Change the type of users.email from string to text",
            "Define the type string in ks (a field value text to fill in)");
    // A typo of the keyspace's own type: that type, still frozen.
    assertThat(labels(typed, Rule.TYPE_UNKNOWN))
        .containsExactly(
            "Change the type of users.home from frozen<adress> to frozen<address>",
            "Define the type adress in ks (a field value text to fill in)");
    typed =
        apply(
            typed,
            Rule.TYPE_UNKNOWN,
            "Change the type of users.home from frozen<adress> to frozen<address>");
    // A typo of a native type, inside a collection.
    typed =
        apply(
            typed,
            Rule.TYPE_UNKNOWN,
            "Change the type of users.seen from list<timestmp> to list<timestamp>");
    assertThat(ProjectChecks.validate(typed)).isEmpty();

    // A name near nothing: only its definition, which then stands.
    Project q = read("CREATE TABLE ks.t (k int PRIMARY KEY, v frozen<geo_point>);");
    assertThat(labels(q, Rule.TYPE_UNKNOWN))
        .containsExactly("Define the type geo_point in ks (a field value text to fill in)");
    Project defined =
        apply(
            q,
            Rule.TYPE_UNKNOWN,
            "Define the type geo_point in ks (a field value text to fill in)");
    assertThat(ProjectChecks.validate(defined)).isEmpty();

    // Defined for a collection: frozen there, as Cassandra wants a user type in a collection.
    Project c = read("CREATE TABLE ks.t2 (k int PRIMARY KEY, seen list<moment>);");
    Project madeFrozen =
        apply(
            c,
            Rule.TYPE_UNKNOWN,
            "Define the type moment in ks (a field value text to fill in) and make t2.seen"
                + " list<frozen<moment>>");
    assertThat(ProjectChecks.validate(madeFrozen)).isEmpty();

    // A field of a type, too.
    Project f = read("CREATE TYPE ks.place (name text, at timestmp);");
    apply(f, Rule.TYPE_UNKNOWN, "Change the type of the field place.at from timestmp to timestamp");
  }

  @Test
  void aKeyNamingAColumnTheTableLacksTakesTheColumnMeantOrGetsIt() {
    Project p = read("CREATE TABLE ks.users (user_id uuid, name text, PRIMARY KEY (usr_id));");
    assertThat(labels(p, Rule.KEY_UNKNOWN_COLUMN))
        .containsExactly(
            "Key users by user_id instead of usr_id",
            "Add the column usr_id text (to type) to users");
    Project keyed = apply(p, Rule.KEY_UNKNOWN_COLUMN, "Key users by user_id instead of usr_id");
    assertThat(ProjectChecks.validate(keyed)).isEmpty();
    assertThat(
            ProjectChecks.validate(
                apply(p, Rule.KEY_UNKNOWN_COLUMN, "Add the column usr_id text (to type) to users")))
        .isEmpty();

    // A clustering column: its order kept; or taken out, a partition key column being left.
    Project e =
        read(
            "CREATE TABLE ks.events (day date, created timestamp, what text,"
                + " PRIMARY KEY (day, craeted)) WITH CLUSTERING ORDER BY (craeted DESC);");
    assertThat(labels(e, Rule.KEY_UNKNOWN_COLUMN))
        .containsExactly(
            "Key events by created instead of craeted",
            "Add the column craeted text (to type) to events",
            "Take craeted out of the primary key of events");
    Project fixed = apply(e, Rule.KEY_UNKNOWN_COLUMN, "Key events by created instead of craeted");
    assertThat(fixed.schema().keyspaces().get(0).tables().get(0).primaryKey().clustering())
        .extracting(c -> c.name().asInternal() + " " + c.order())
        .containsExactly("created DESC");
  }

  @Test
  void anIndexOnAColumnTheTableLacksIndexesTheColumnMeantOrGoes() {
    Project p =
        read(
            "CREATE TABLE ks.users (id uuid PRIMARY KEY, email text, name text);\n"
                + "CREATE INDEX users_by_email ON ks.users (emial);\n"
                + "CREATE INDEX ON ks.users (nickname);");
    List<Problem> unknown =
        ProjectChecks.validate(p).stream()
            .filter(x -> x.rule() == Rule.INDEX_UNKNOWN_COLUMN)
            .toList();
    assertThat(unknown).hasSize(2);
    assertThat(QuickFixes.of(p, unknown.get(0)))
        .extracting(Fix::label)
        .containsExactly(
            "Index users.email instead of emial (users_by_email)",
            "Delete the index users_by_email (its column does not exist)");
    assertThat(QuickFixes.of(p, unknown.get(1)))
        .extracting(Fix::label)
        .containsExactly("Delete the index users_nickname_idx (its column does not exist)");
    Project fixed =
        apply(p, Rule.INDEX_UNKNOWN_COLUMN, "Index users.email instead of emial (users_by_email)");
    assertThat(fixed.schema().keyspaces().get(0).indexes().get(0).targets().get(0).column())
        .isEqualTo(CqlIdentifier.of("email"));
    assertThat(fixed.schema().keyspaces().get(0).indexes().get(0).name())
        .isEqualTo(CqlIdentifier.of("users_by_email"));
  }

  @Test
  void aTablesKeyMistakesAreMended() {
    // No primary key: a column made the partition key, ids first, a counter never.
    Project p = read("CREATE TABLE ks.t (name text, n counter, user_id uuid);");
    assertThat(labels(p, Rule.KEY_MISSING))
        .containsExactly("Make user_id the partition key of t", "Make name the partition key of t");
    assertThat(
            ProjectChecks.validate(
                apply(p, Rule.KEY_MISSING, "Make user_id the partition key of t")))
        .extracting(x -> x.rule())
        .doesNotContain(Rule.KEY_MISSING);

    Project s = read("CREATE TABLE ks.s (k int, c int static, v int, PRIMARY KEY (k, c));");
    applyOnly(s, Rule.STATIC_IN_KEY, "Make c of s not static (a key column)", true);

    Project c = read("CREATE TABLE ks.c (k counter PRIMARY KEY, n counter);");
    assertThat(labels(c, Rule.KEY_COUNTER))
        .containsExactly("Make the key column k of c bigint (a counter keys nothing)");

    Project d = read("CREATE TABLE ks.d (k int PRIMARY KEY, v int, v text);");
    Project once =
        apply(d, Rule.COLUMN_DUPLICATE, "Remove the second declaration of v (text) from d");
    assertThat(ProjectChecks.validate(once)).isEmpty();

    Project k = read("CREATE TABLE ks.k (a int, b int, v int, PRIMARY KEY ((a, a), b));");
    assertThat(
            ProjectChecks.validate(
                apply(k, Rule.KEY_DUPLICATE_COLUMN, "Name a once in the primary key of k")))
        .isEmpty();
  }

  @Test
  void aKeyspaceUsedButNeverCreatedIsDefined() {
    Project p =
        new Project(
            CqlImporter.read("CREATE TABLE shop.orders (id uuid PRIMARY KEY);", "orders.cql")
                .schema());
    Project defined =
        apply(
            p,
            Rule.KEYSPACE_UNDEFINED,
            "Define the keyspace shop (SimpleStrategy, replication_factor 1: a development node's;"
                + " set the replication for a cluster)");
    assertThat(defined.schema().keyspaces().get(0).definition().replication().options())
        .containsEntry("replication_factor", "1");
    assertThat(ProjectChecks.validate(defined)).isEmpty();

    // Given the preference for new keyspaces, the fix defines it so and says how.
    var nts =
        new org.keyspacestudio.model.schema.KeyspaceDefinition(
            new org.keyspacestudio.model.schema.Replication(
                "NetworkTopologyStrategy", new java.util.TreeMap<>(java.util.Map.of("dc1", "3"))),
            false);
    Problem undefined =
        ProjectChecks.validate(p).stream()
            .filter(x -> x.rule() == Rule.KEYSPACE_UNDEFINED)
            .findFirst()
            .orElseThrow();
    var fixes = QuickFixes.of(p, undefined, nts);
    assertThat(fixes)
        .extracting(Fix::label)
        .containsExactly(
            "Define the keyspace shop as new keyspaces are (NetworkTopologyStrategy, dc1 3,"
                + " durable_writes false)");
    Project preferred = fixes.get(0).edit().change().apply(p);
    assertThat(preferred.schema().keyspaces().get(0).definition()).isEqualTo(nts);
    assertThat(ProjectChecks.validate(preferred)).isEmpty();
  }

  @Test
  void objectsThatNameNoKeyspaceArePutInOneWithTheirPlacesAndComments() {
    String script =
        "CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TABLE shop.users (id uuid PRIMARY KEY);\n"
            + "CREATE KEYSPACE other WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TYPE address (street text);\n"
            + "-- Who buys.\n"
            + "CREATE TABLE users (id uuid PRIMARY KEY, name text, home frozen<address>);\n"
            + "CREATE INDEX users_name ON users (name);\n";
    Project p = new Project(CqlImporter.read(script, "mixed.cql").schema());
    org.keyspacestudio.model.schema.ElementRef unqualified =
        org.keyspacestudio.model.schema.ElementRef.table(null, CqlIdentifier.of("users"));
    p =
        p.withDiagram(
            p.diagram()
                .withPositions(
                    java.util.Map.of(
                        unqualified, new org.keyspacestudio.model.diagram.Point(300, 40))));
    // shop has a users table already: not offered.
    assertThat(labels(p, Rule.KEYSPACE_NOT_SPECIFIED))
        .containsExactly(
            "Put the 1 table, 1 type, 1 index that name no keyspace in other",
            "Put the 1 table, 1 type, 1 index that name no keyspace in a new keyspace app");
    Project moved =
        apply(
            p,
            Rule.KEYSPACE_NOT_SPECIFIED,
            "Put the 1 table, 1 type, 1 index that name no keyspace in other");
    assertThat(ProjectChecks.validate(moved)).isEmpty();
    org.keyspacestudio.model.schema.ElementRef inOther =
        org.keyspacestudio.model.schema.ElementRef.table(
            CqlIdentifier.of("other"), CqlIdentifier.of("users"));
    assertThat(moved.schema().keyspace(null)).isEmpty();
    assertThat(moved.diagram().positions())
        .containsEntry(inOther, new org.keyspacestudio.model.diagram.Point(300, 40))
        .doesNotContainKey(unqualified);
    assertThat(moved.schema().comment(inOther)).isEqualTo("Who buys.");
    Project fresh =
        apply(
            p,
            Rule.KEYSPACE_NOT_SPECIFIED,
            "Put the 1 table, 1 type, 1 index that name no keyspace in a new keyspace app");
    assertThat(ProjectChecks.validate(fresh)).isEmpty();
  }

  @Test
  void aViewNamingColumnsItsBaseLacksTakesTheColumnsMeant() {
    Project p =
        read(
            "CREATE TABLE ks.videos (video_id uuid, added timestamp, title text,"
                + " PRIMARY KEY (video_id, added));\n"
                + "CREATE MATERIALIZED VIEW ks.by_title AS SELECT title, added FROM ks.videos"
                + " WHERE title IS NOT NULL AND vidoe_id IS NOT NULL AND added IS NOT NULL"
                + " PRIMARY KEY (title, vidoe_id, added);");
    Project fixed =
        apply(
            p,
            Rule.VIEW_UNKNOWN_COLUMN,
            "In the view by_title: video_id instead of vidoe_id; select video_id");
    assertThat(ProjectChecks.validate(fixed))
        .extracting(x -> x.rule())
        .doesNotContain(Rule.VIEW_UNKNOWN_COLUMN);
  }

  @Test
  void aViewsTimeToLiveIsRemoved() {
    Project p =
        read(
            "CREATE TABLE ks.t (k int, c int, v int, PRIMARY KEY (k, c));\n"
                + "CREATE MATERIALIZED VIEW ks.by_c AS SELECT * FROM ks.t WHERE c IS NOT NULL AND"
                + " k IS NOT NULL PRIMARY KEY (c, k) WITH default_time_to_live = 60;");
    applyOnly(
        p,
        Rule.VIEW_TTL,
        "Remove default_time_to_live from the view by_c (its rows expire with the base table's)",
        true);
  }

  @Test
  void anOptionCassandraDoesNotKnowIsRenamedToTheOneMeantOrRemoved() {
    Project p =
        read(
            "CREATE TABLE ks.t (k int PRIMARY KEY, v int) WITH comments = 'users'"
                + " AND gc_grace = 3600 AND colour = 'red';");
    assertThat(
            ProjectChecks.validate(p).stream()
                .filter(x -> x.rule() == Rule.OPTION_UNKNOWN)
                .map(x -> x.element().member().asInternal()))
        .containsExactlyInAnyOrder("comments", "gc_grace", "colour");
    Project fixed = p;
    for (String name : List.of("comments", "gc_grace", "colour")) {
      Problem unknown =
          ProjectChecks.validate(fixed).stream()
              .filter(x -> x.rule() == Rule.OPTION_UNKNOWN)
              .filter(x -> x.element().member().asInternal().equals(name))
              .findFirst()
              .orElseThrow();
      List<Fix> fixes = QuickFixes.of(fixed, unknown);
      assertThat(fixes).allMatch(x -> !x.safe());
      fixed = fixes.get(0).edit().change().apply(fixed);
      if (name.equals("comments")) {
        assertThat(fixes)
            .extracting(Fix::label)
            .containsExactly(
                "Rename the option comments of t to comment (keeping its value 'users')",
                "Remove the option comments from t (Cassandra 5.0 knows no such option)");
      } else if (name.equals("gc_grace")) {
        assertThat(fixes.get(0).label())
            .isEqualTo(
                "Rename the option gc_grace of t to gc_grace_seconds (keeping its value 3600)");
      } else {
        assertThat(fixes)
            .extracting(Fix::label)
            .containsExactly(
                "Remove the option colour from t (Cassandra 5.0 knows no such option)");
      }
    }
    assertThat(ProjectChecks.validate(fixed)).isEmpty();
    assertThat(fixed.schema().keyspaces().get(0).tables().get(0).options().values())
        .containsOnlyKeys("comment", "gc_grace_seconds");

    // A value the option it is near cannot take: only the removal (the rename would add an error).
    Project bad = read("CREATE TABLE ks.u (k int PRIMARY KEY) WITH gc_grace = 'soon';");
    assertThat(labels(bad, Rule.OPTION_UNKNOWN))
        .containsExactly("Remove the option gc_grace from u (Cassandra 5.0 knows no such option)");
  }
}
