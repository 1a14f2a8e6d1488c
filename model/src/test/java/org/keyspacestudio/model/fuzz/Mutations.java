package org.keyspacestudio.model.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Mutations of a CQL text, the same for a seed: what hostile or damaged input looks like (bytes cut
 * or repeated, statements truncated, quotes and brackets unbalanced, types nested deep, wide keys,
 * odd white space and line ends, characters from elsewhere).
 */
final class Mutations {

  private static final String[] TOKENS = {
    ";",
    "(",
    ")",
    "<",
    ">",
    ",",
    "'",
    "\"",
    "--",
    "/*",
    "*/",
    "$$",
    "{",
    "}",
    ":",
    "=",
    ".",
    "frozen<",
    "list<",
    "map<",
    "set<",
    "tuple<",
    "vector<float, 3>",
    "PRIMARY KEY",
    "STATIC",
    "WITH",
    "AND",
    "CLUSTERING ORDER BY",
    "DESC",
    "ASC",
    "IF NOT EXISTS",
    "CREATE TABLE",
    "CREATE TYPE",
    "CREATE INDEX",
    "CREATE MATERIALIZED VIEW",
    "ALTER TABLE",
    "DROP",
    "USE",
    "counter",
    "duration",
    "\r",
    "\n",
    "\t",
    "\u00a0",
    "\u2028",
    "é",
    "😀",
    "\u0000",
    "\"\"",
    "''",
    "0",
    "-1",
    "99999999999999999999",
    "1e400",
    "NaN",
    "k",
    "ks.t",
    "\"Quoted Name\"",
    // The SELECTs a script holds, as the checks read them.
    "SELECT * FROM ks.t WHERE k = ? AND",
    "SELECT DISTINCT token(k), k FROM ks.t",
    " LIKE '%a%'",
    " != ",
    " IS NOT NULL",
    " GROUP BY k, abs(",
    " ORDER BY v ANN OF [1, 2, 3] LIMIT ",
    " ALLOW FILTERING",
    "CREATE CUSTOM INDEX ON ks.t (v) USING 'org.apache.cassandra.index.sasi.SASIIndex'",
    " WITH OPTIONS = {'mode': 'SPARSE', 'analyzer_class': '"
  };

  private Mutations() {}

  /** One mutation of {@code text}, picked by {@code random}. */
  static String mutate(String text, Random random) {
    int n = text.length();
    int at = n == 0 ? 0 : random.nextInt(n);
    int len = n == 0 ? 0 : 1 + random.nextInt(Math.min(40, n - at));
    return switch (random.nextInt(12)) {
      case 0 -> text.substring(0, at) + text.substring(Math.min(n, at + len)); // cut
      case 1 ->
          text.substring(0, at)
              + text.substring(at, at + len).repeat(2 + random.nextInt(3))
              + text.substring(at + len); // repeat
      case 2 ->
          text.substring(0, at)
              + TOKENS[random.nextInt(TOKENS.length)]
              + text.substring(at); // insert a token
      case 3 -> text.substring(0, at); // truncated
      case 4 -> swapLines(text, random);
      case 5 ->
          text.substring(0, at)
              + "frozen<list<".repeat(50 + random.nextInt(3000))
              + "int"
              + ">>".repeat(random.nextInt(3000))
              + text.substring(at); // deep (perhaps unbalanced) nesting
      case 6 -> wideTable(random); // many columns, all in the key
      case 7 -> text.replace("\n", random.nextBoolean() ? "\r" : "\r\n"); // line ends
      case 8 -> text.substring(0, at) + (char) random.nextInt(0x3000) + text.substring(at);
      case 9 -> text.replace(";", random.nextBoolean() ? "" : ";;"); // statements run together
      case 10 -> text.substring(0, at) + "/* " + text.substring(at); // unclosed comment
      default -> text.substring(0, at) + "'" + text.substring(at); // unclosed string
    };
  }

  /** Several mutations applied in turn. */
  static String mutateMany(String text, Random random) {
    String out = text;
    int times = 1 + random.nextInt(4);
    for (int i = 0; i < times; i++) {
      out = mutate(out, random);
    }
    return out;
  }

  private static String swapLines(String text, Random random) {
    List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
    if (lines.size() > 1) {
      int a = random.nextInt(lines.size());
      int b = random.nextInt(lines.size());
      String t = lines.get(a);
      lines.set(a, lines.get(b));
      lines.set(b, t);
    }
    return String.join("\n", lines);
  }

  private static String wideTable(Random random) {
    int columns = 100 + random.nextInt(5000);
    StringBuilder cql = new StringBuilder("CREATE TABLE ks.wide (");
    for (int i = 0; i < columns; i++) {
      cql.append("c").append(i).append(" int, ");
    }
    cql.append("PRIMARY KEY ((c0)");
    for (int i = 1; i < columns; i++) {
      cql.append(", c").append(i);
    }
    return cql.append("));\n").toString();
  }
}
