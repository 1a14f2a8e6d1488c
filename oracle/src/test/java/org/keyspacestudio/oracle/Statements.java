package org.keyspacestudio.oracle;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a CQL script into statements at semicolons outside strings, quoted names and comments, as
 * cqlsh does, so that Cassandra's parser (one statement at a time) sees what ours sees.
 */
final class Statements {

  private Statements() {}

  static List<String> split(String text) {
    List<String> statements = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    int i = 0;
    int n = text.length();
    while (i < n) {
      char c = text.charAt(i);
      if ((c == '-' || c == '/') && i + 1 < n && text.charAt(i + 1) == c) {
        while (i < n && text.charAt(i) != '\n') {
          i++;
        }
        continue;
      }
      if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
        int end = text.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
        continue;
      }
      if (c == '\'' || c == '"') {
        int j = i + 1;
        while (j < n) {
          if (text.charAt(j) == c) {
            if (j + 1 < n && text.charAt(j + 1) == c) {
              j += 2;
              continue;
            }
            break;
          }
          j++;
        }
        current.append(text, i, Math.min(n, j + 1));
        i = j + 1;
        continue;
      }
      if (c == '$' && i + 1 < n && text.charAt(i + 1) == '$') {
        int end = text.indexOf("$$", i + 2);
        int stop = end < 0 ? n : end + 2;
        current.append(text, i, stop);
        i = stop;
        continue;
      }
      if (c == ';') {
        if (!current.toString().isBlank()) {
          statements.add(current.toString().strip());
        }
        current.setLength(0);
      } else {
        current.append(c);
      }
      i++;
    }
    if (!current.toString().isBlank()) {
      statements.add(current.toString().strip());
    }
    return statements;
  }
}
