package org.keyspacestudio.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The generated cases' reach over the rest of the schema grammar, after the base keyspace, types
 * and table {@code t} of {@link MutatedSchemas}: quoted and reserved identifiers and names too long
 * or invalid, objects created twice and dropped when missing, other keyspaces and their options,
 * types used across keyspaces and altered, every kind of index and view statement, ALTER TABLE in
 * all its forms, tables without a key, functions, DML and cqlsh commands, and damaged syntax.
 */
final class Grammar {

  private Grammar() {}

  private static String pick(Random r, String... values) {
    return values[r.nextInt(values.length)];
  }

  /**
   * Appends the statements of one mutation (18 to 26; other numbers add nothing).
   *
   * @param regular the regular and static columns of {@code t}, not empty for mutations 18 on
   * @param partition its partition key columns
   * @param clustering its clustering columns
   */
  static void more(
      Random r,
      int mutation,
      List<String> out,
      List<String> regular,
      List<String> partition,
      List<String> clustering) {
    if (mutation < 18) {
      return;
    }
    String v = regular.get(r.nextInt(regular.size()));
    switch (mutation) {
      case 18 -> names(r, out);
      case 19 -> twiceAndMissing(r, out, v);
      case 20 -> keyspaces(r, out);
      case 21 -> types(r, out);
      case 22 -> indexes(r, out, v, partition, clustering);
      case 23 -> views(r, out, partition, clustering, v);
      case 24 -> alterTable(r, out, v, partition, clustering);
      case 25 -> keys(r, out);
      case 26 -> outsideTheModel(r, out);
      default -> {}
    }
  }

  private static void names(Random r, List<String> out) {
    String table =
        pick(
            r,
            "\"Orders\"",
            "\"select\"",
            "\"with space\"",
            "\"" + "t".repeat(48) + "\"",
            "t" + "x".repeat(48),
            "t" + "x".repeat(221),
            "t" + "x".repeat(222),
            "\"\"\"quoted\"\"\"",
            "\"Ünïcode\"",
            "\"key\"",
            "\"TOKEN\"");
    String column =
        pick(
            r,
            "\"Weird Column\"",
            "\"select\"",
            "\"from\"",
            "\"KEY\"",
            "key",
            "ttl",
            "writetime",
            "\"\"",
            "\"a\"\"b\"",
            "select",
            "\"CamelCase\"");
    out.add("CREATE TABLE " + table + " (" + column + " int PRIMARY KEY, v text);");
    if (r.nextBoolean()) {
      out.add("CREATE INDEX ON " + table + " (v);");
    }
    if (r.nextBoolean()) {
      out.add("ALTER TABLE " + table + " ADD " + pick(r, "\"Other\"", "other", "\"\"") + " int;");
    }
    if (r.nextInt(3) == 0) {
      out.add(
          "CREATE KEYSPACE "
              + pick(r, "\"MyKs\"", "\"my-ks\"", "k" + "s".repeat(48), "\"ks2\"")
              + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};");
    }
    if (r.nextInt(3) == 0) {
      out.add(
          "CREATE TYPE " + pick(r, "\"Point\"", "\"int\"", "\"frozen\"", "\"text\"") + " (x int);");
    }
  }

  private static void twiceAndMissing(Random r, List<String> out, String v) {
    int n = 1 + r.nextInt(3);
    for (int i = 0; i < n; i++) {
      String ifNotExists = r.nextBoolean() ? "IF NOT EXISTS " : "";
      String ifExists = r.nextBoolean() ? "IF EXISTS " : "";
      out.add(
          switch (r.nextInt(12)) {
            case 0 -> "CREATE TABLE " + ifNotExists + "t (k int PRIMARY KEY);";
            case 1 -> "CREATE TYPE " + ifNotExists + "addr (street text);";
            case 2 -> "CREATE INDEX " + ifNotExists + "ix_v ON t (" + v + ");";
            case 3 ->
                "CREATE KEYSPACE "
                    + ifNotExists
                    + "ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};";
            case 4 -> "DROP TABLE " + ifExists + pick(r, "t", "nope", "ks.t", "other.t") + ";";
            case 5 -> "DROP TYPE " + ifExists + pick(r, "addr", "tags", "nope") + ";";
            case 6 -> "DROP INDEX " + ifExists + pick(r, "ix_v", "nope", "t_" + v + "_idx") + ";";
            case 7 -> "DROP MATERIALIZED VIEW " + ifExists + pick(r, "mv", "nope") + ";";
            case 8 -> "DROP KEYSPACE " + ifExists + pick(r, "nope", "other") + ";";
            case 9 -> "ALTER TABLE " + pick(r, "nope", "ks.nope") + " ADD x int;";
            case 10 -> "ALTER TYPE " + pick(r, "nope", "addr") + " ADD extra int;";
            default -> "CREATE TABLE " + ifNotExists + "t2 (k int PRIMARY KEY, a frozen<addr>);";
          });
    }
  }

  private static void keyspaces(Random r, List<String> out) {
    String replication =
        pick(
            r,
            "{'class': 'SimpleStrategy', 'replication_factor': 3}",
            "{'class': 'SimpleStrategy', 'replication_factor': '2'}",
            "{'class': 'SimpleStrategy'}",
            "{'class': 'SimpleStrategy', 'replication_factor': 'two'}",
            "{'class': 'SimpleStrategy', 'replication_factor': -1}",
            "{'class': 'org.apache.cassandra.locator.SimpleStrategy', 'replication_factor': 1}",
            "{'class': 'NoSuchStrategy', 'replication_factor': 1}",
            "{'replication_factor': 1}");
    String options =
        pick(r, "", " AND durable_writes = false", " AND durable_writes = true", " AND colour = 1");
    out.add("CREATE KEYSPACE other WITH replication = " + replication + options + ";");
    switch (r.nextInt(5)) {
      case 0 -> out.add("CREATE TABLE other.t (k int PRIMARY KEY, v text);");
      case 1 -> out.add("CREATE TABLE elsewhere.t (k int PRIMARY KEY, v text);");
      case 2 -> out.add("ALTER KEYSPACE ks WITH durable_writes = false;");
      case 3 ->
          out.add(
              "ALTER KEYSPACE "
                  + pick(r, "ks", "nope")
                  + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2};");
      default -> {
        out.add("USE other;");
        out.add("CREATE TABLE t (k int PRIMARY KEY, a frozen<addr>);");
      }
    }
  }

  private static void types(Random r, List<String> out) {
    switch (r.nextInt(6)) {
      case 0 -> {
        out.add(
            "CREATE KEYSPACE ks2 WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1};");
        out.add("CREATE TYPE ks2.point (x int, y int);");
        out.add(
            "CREATE TABLE "
                + pick(r, "t2", "ks2.t2")
                + " (k int PRIMARY KEY, p frozen<"
                + pick(r, "ks2.point", "point", "ks.addr")
                + ">);");
      }
      case 1 ->
          out.add(
              "ALTER TYPE addr "
                  + pick(
                      r,
                      "ADD country text",
                      "ADD zip text",
                      "ADD IF NOT EXISTS zip text",
                      "RENAME zip TO postcode",
                      "RENAME zip TO street",
                      "RENAME nope TO other",
                      "RENAME IF EXISTS nope TO other",
                      "ADD self frozen<addr>",
                      "ADD tags frozen<tags>",
                      "ADD n counter",
                      "ALTER zip TYPE bigint")
                  + ";");
      case 2 -> {
        out.add("CREATE TYPE a1 (x int);");
        out.add("CREATE TYPE a2 (a frozen<a1>);");
        out.add(
            "ALTER TYPE a1 ADD b " + pick(r, "frozen<a2>", "frozen<a1>", "list<frozen<a2>>") + ";");
      }
      case 3 ->
          out.add(
              "CREATE TYPE IF NOT EXISTS "
                  + pick(r, "u", "ks.u")
                  + " (a "
                  + pick(
                      r,
                      "frozen<map<text, frozen<addr>>>",
                      "tuple<int, text>",
                      "vector<float, 2>",
                      "list<frozen<tags>>",
                      "duration",
                      "set<duration>",
                      "frozen<u>")
                  + ");");
      case 4 -> out.add("DROP TYPE " + pick(r, "addr", "tags", "IF EXISTS addr") + ";");
      default -> out.add("CREATE TYPE empty ();");
    }
  }

  private static void indexes(
      Random r, List<String> out, String v, List<String> partition, List<String> clustering) {
    String column =
        pick(
            r,
            v,
            partition.get(0),
            clustering.isEmpty() ? v : clustering.get(0),
            "nope",
            "\"V0\"",
            "v0");
    String target =
        pick(r, "", "", "keys", "values", "entries", "full").isEmpty()
            ? column
            : pick(r, "keys", "values", "entries", "full") + "(" + column + ")";
    String name = pick(r, "", "ix ", "IF NOT EXISTS ix ", "\"Quoted Ix\" ", "ks.ix ");
    String table = pick(r, "t", "t", "ks.t", "nope", "mv", "ct");
    if (table.equals("mv")) {
      out.add(
          "CREATE MATERIALIZED VIEW mv AS SELECT * FROM t WHERE "
              + String.join(" IS NOT NULL AND ", partition)
              + " IS NOT NULL"
              + clustering.stream()
                  .map(c -> " AND " + c + " IS NOT NULL")
                  .reduce("", String::concat)
              + " PRIMARY KEY ("
              + String.join(", ", partition)
              + clustering.stream().map(c -> ", " + c).reduce("", String::concat)
              + ");");
    } else if (table.equals("ct")) {
      out.add("CREATE TABLE ct (k int PRIMARY KEY, n counter);");
      target = pick(r, "n", "k");
    }
    String using =
        pick(
            r,
            "",
            "",
            " USING 'sai'",
            " USING 'SAI'",
            " USING 'StorageAttachedIndex' WITH OPTIONS = {'case_sensitive': 'false'}",
            " USING 'sai' WITH OPTIONS = {'similarity_function': 'cosine'}",
            " WITH OPTIONS = {'case_sensitive': 'false'}",
            " USING 'sai' WITH OPTIONS = {'mode': 'CONTAINS', 'ascii': 'true'}",
            " USING 'legacy_local_table'");
    boolean custom = r.nextInt(4) == 0;
    if (custom) {
      using =
          pick(
              r,
              " USING 'org.apache.cassandra.index.sasi.SASIIndex'",
              " USING 'org.apache.cassandra.index.sai.StorageAttachedIndex'",
              " USING 'com.example.NoSuchIndex'",
              " USING 'legacy_local_table'",
              "");
    }
    out.add(
        "CREATE "
            + (custom ? "CUSTOM " : "")
            + "INDEX "
            + name
            + "ON "
            + table
            + " ("
            + (r.nextInt(10) == 0 ? "" : target)
            + ")"
            + using
            + ";");
  }

  private static void views(
      Random r, List<String> out, List<String> partition, List<String> clustering, String v) {
    List<String> key = new ArrayList<>(partition);
    key.addAll(clustering);
    String where =
        String.join(" IS NOT NULL AND ", key)
            + " IS NOT NULL"
            + (r.nextBoolean() ? " AND " + v + " IS NOT NULL" : "");
    String primaryKey = "(" + v + ", " + String.join(", ", key) + ")";
    String base = pick(r, "t", "ks.t", "nope", "mv", "ct");
    if (base.equals("mv")) {
      out.add(
          "CREATE MATERIALIZED VIEW mv AS SELECT * FROM t WHERE "
              + where
              + " PRIMARY KEY "
              + primaryKey
              + ";");
    } else if (base.equals("ct")) {
      out.add("CREATE TABLE ct (k int PRIMARY KEY, n counter);");
      where = "k IS NOT NULL AND n IS NOT NULL";
      primaryKey = "(" + pick(r, "k", "n, k") + ")";
    }
    String select = pick(r, "*", String.join(", ", key), String.join(", ", key) + ", nope");
    out.add(
        "CREATE MATERIALIZED VIEW "
            + pick(r, "mv2", "IF NOT EXISTS mv2", "ks.mv2", "\"Mv 2\"")
            + " AS SELECT "
            + (base.equals("ct") ? "*" : select)
            + " FROM "
            + base
            + " WHERE "
            + where
            + (r.nextInt(6) == 0 ? " AND nope IS NOT NULL" : "")
            + " PRIMARY KEY "
            + primaryKey
            + pick(r, "", "", " WITH comment = 'view'", " WITH gc_grace_seconds = 100")
            + ";");
    if (r.nextInt(3) == 0) {
      out.add(
          pick(
              r,
              "ALTER MATERIALIZED VIEW mv2 WITH comment = 'changed';",
              "ALTER MATERIALIZED VIEW mv2 WITH default_time_to_live = 10;",
              "ALTER MATERIALIZED VIEW nope WITH comment = 'x';",
              "DROP MATERIALIZED VIEW mv2;",
              "DROP TABLE t;"));
    }
  }

  private static void alterTable(
      Random r, List<String> out, String v, List<String> partition, List<String> clustering) {
    String key = clustering.isEmpty() ? partition.get(0) : clustering.get(0);
    out.add(
        "ALTER TABLE t "
            + pick(
                r,
                "DROP nope",
                "DROP IF EXISTS nope",
                "DROP (" + v + ", nope)",
                "DROP " + v + " USING TIMESTAMP 1000",
                "ADD (a int, b text)",
                "ADD (a int, a text)",
                "ADD IF NOT EXISTS " + v + " text",
                "ADD a int static",
                "RENAME " + key + " TO renamed",
                "RENAME " + v + " TO renamed",
                "RENAME nope TO renamed",
                "RENAME " + key + " TO " + v,
                "WITH comment = 'a' AND gc_grace_seconds = 5",
                "WITH CLUSTERING ORDER BY (" + key + " DESC)",
                "WITH ID = 5a1c395e-b41f-11e5-9f22-ba0be0483c18",
                "DROP COMPACT STORAGE",
                "ALTER " + v + " TYPE text")
            + ";");
  }

  private static void keys(Random r, List<String> out) {
    out.add(
        pick(
            r,
            "CREATE TABLE t2 (k int, v int);",
            "CREATE TABLE t2 (k int PRIMARY KEY, v int PRIMARY KEY);",
            "CREATE TABLE t2 (k int PRIMARY KEY, v int, PRIMARY KEY (v));",
            "CREATE TABLE t2 (k int, v int, PRIMARY KEY ());",
            "CREATE TABLE t2 (k int, v int, PRIMARY KEY ((k), v, v));",
            "CREATE TABLE t2 (k int, v int, PRIMARY KEY ((k, v)));",
            "CREATE TABLE t2 (k int, c int, v int static, PRIMARY KEY (k, c))"
                + " WITH CLUSTERING ORDER BY (c DESC);",
            "CREATE TABLE t2 (k int, PRIMARY KEY (k));",
            "CREATE TABLE t2 (PRIMARY KEY (k));",
            "CREATE TABLE t2 (k int PRIMARY KEY) WITH COMPACT STORAGE;",
            "CREATE TABLE t2 (k int PRIMARY KEY, v int) WITH COMPACT STORAGE;",
            "CREATE TABLE t2 (k int, c int, v int, w int, PRIMARY KEY (k, c)) WITH COMPACT STORAGE;",
            "CREATE TABLE t2 (k int, c int, v int, PRIMARY KEY (k, c)) WITH COMPACT STORAGE;",
            "CREATE TABLE t2 (k int, c int, PRIMARY KEY (k, c)) WITH COMPACT STORAGE;",
            "CREATE TABLE t2 (k int, c int, s int static, v int, PRIMARY KEY (k, c))"
                + " WITH COMPACT STORAGE;",
            "CREATE TABLE t2 (k int PRIMARY KEY, l list<int>) WITH COMPACT STORAGE;"));
  }

  private static void outsideTheModel(Random r, List<String> out) {
    String function = "FUNCTION f(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE ";
    out.add(
        pick(
            r,
            "CREATE " + function + "java AS 'return x;';",
            "CREATE OR REPLACE " + function + "java AS $$ return x; $$;",
            "CREATE " + function + "javascript AS 'x';",
            "CREATE OR REPLACE FUNCTION IF NOT EXISTS f(x int) RETURNS NULL ON NULL INPUT"
                + " RETURNS int LANGUAGE java AS 'return x;';",
            "CREATE FUNCTION IF NOT EXISTS ks.f(x int) RETURNS NULL ON NULL INPUT RETURNS int"
                + " LANGUAGE java AS 'return x;';",
            "INSERT INTO t (p0) VALUES (1);",
            "UPDATE t SET v0 = 'x' WHERE p0 = 1;",
            "SELECT * FROM t;",
            "DELETE FROM t WHERE p0 = 1;",
            "TRUNCATE t;",
            "CREATE ROLE IF NOT EXISTS app WITH PASSWORD = 'secret' AND LOGIN = true;",
            "GRANT SELECT ON KEYSPACE ks TO app;",
            "CONSISTENCY QUORUM;",
            "COPY t TO 'file.csv';",
            "SOURCE 'other.cql';",
            "DESCRIBE KEYSPACES;",
            "BEGIN BATCH INSERT INTO t (p0) VALUES (1); APPLY BATCH;"));
  }

  /**
   * Damages the syntax of one statement after the first: a lost token, a typo, a character CQL does
   * not have. (Not an open quote at the end: Cassandra 5.0.9's parser then fails to quote the
   * statement in its error and logs a StringIndexOutOfBoundsException.)
   */
  static void damage(Random r, List<String> statements) {
    int i = 1 + r.nextInt(statements.size() - 1);
    String s = statements.get(i);
    String damaged =
        switch (r.nextInt(6)) {
          case 0 -> s.replaceFirst("\\)", "");
          case 1 -> s.replaceFirst("(?i)CREATE", "CRATE");
          case 2 -> s.replaceFirst("(?i) (TABLE|TYPE|KEYSPACE|INDEX) ", " $1 $1 ");
          case 3 -> s.replaceFirst(",", ",,");
          case 4 -> s.replaceFirst(" ", " ` ");
          default -> s.replaceFirst("\\(", "(( ");
        };
    statements.set(i, damaged);
  }
}
