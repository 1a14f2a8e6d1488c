package org.keyspacestudio.oracle;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a CQL script into statements at semicolons outside strings, quoted names and comments, as
 * cqlsh does, so that Cassandra's parser (one statement at a time) sees what ours sees.
 */
final class Statements {

  private Statements() {}

  /** A statement's text and where it starts and ends (offset of its ';', or the text's end). */
  record Span(String text, int start, int end) {}

  static List<String> split(String text) {
    return spans(text).stream().map(Span::text).toList();
  }

  private static final java.util.regex.Pattern BATCH =
      java.util.regex.Pattern.compile("(?is)\\s*BEGIN\\s+(UNLOGGED\\s+|COUNTER\\s+)?BATCH\\b");
  private static final java.util.regex.Pattern BATCH_END =
      java.util.regex.Pattern.compile("(?is)\\bAPPLY\\s+BATCH\\s*$");

  static List<Span> spans(String text) {
    List<Span> statements = new ArrayList<>();
    int start = -1;
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
        if (start < 0) {
          start = i;
        }
        current.append(text, i, Math.min(n, j + 1));
        i = j + 1;
        continue;
      }
      if (c == '$' && i + 1 < n && text.charAt(i + 1) == '$') {
        int end = text.indexOf("$$", i + 2);
        int stop = end < 0 ? n : end + 2;
        if (start < 0) {
          start = i;
        }
        current.append(text, i, stop);
        i = stop;
        continue;
      }
      if (c == ';' && BATCH.matcher(current).lookingAt() && !BATCH_END.matcher(current).find()) {
        // cqlsh sends BEGIN BATCH ... APPLY BATCH as one statement, semicolons and all.
        current.append(c);
      } else if (c == ';') {
        if (!current.toString().isBlank()) {
          statements.add(new Span(current.toString().strip(), start, i));
        }
        current.setLength(0);
        start = -1;
      } else {
        if (start < 0 && !Character.isWhitespace(c)) {
          start = i;
        }
        current.append(c);
      }
      i++;
    }
    if (!current.toString().isBlank()) {
      statements.add(new Span(current.toString().strip(), start, n));
    }
    return statements;
  }
}
