package org.keyspacestudio.model.edit;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.keyspacestudio.model.type.Constant;

/**
 * How to write a constant the way its column's type takes it, from what the checks say of it (the
 * messages of {@link org.keyspacestudio.model.type.ConstantTypes}): used by the fixes of a script's
 * writes ({@link DmlFixes}) and SELECTs ({@link SelectFixes}), which find the constant in their
 * statement by its column, kind and text.
 */
final class ConstantFixes {

  private ConstantFixes() {}

  /**
   * A constant to replace and what to write instead.
   *
   * @param kind the constant's {@link Constant.Kind} name
   * @param text the constant's text as the message gives it (a string without its quotes)
   * @param column the column it is given to, as the message names it
   * @param replacement the CQL to write in its place
   * @param label the fix's label
   */
  record Rewrite(String kind, String text, String column, String replacement, String label) {}

  /** {@code Invalid KIND constant (TEXT) for "COLUMN" of type TYPE}, as ConstantTypes says it. */
  private static final Pattern INVALID_CONSTANT =
      Pattern.compile("Invalid ([A-Z]+) constant \\((.*)\\) for \"(.+?)\" of type (\\S+)");

  /** {@code 'TEXT' for "COLUMN" ...}, as ConstantTypes.note says it. */
  private static final Pattern READ_AS =
      Pattern.compile("'(.*)' for \"(.+?)\" (names no time zone|is the time the node prepares)");

  /**
   * For a refused constant: a quoted UUID, number or boolean unquoted, a number, boolean or UUID
   * for a text column quoted; null where there is no one way.
   */
  static Rewrite ofRefusal(String message) {
    Matcher m = INVALID_CONSTANT.matcher(message);
    if (!m.find()) {
      return null;
    }
    String kind = m.group(1);
    String text = m.group(2);
    String column = m.group(3);
    String type = m.group(4);
    boolean textType = type.equals("text") || type.equals("ascii");
    String replacement;
    String label;
    if (kind.equals("STRING") && (type.equals("uuid") || type.equals("timeuuid"))) {
      try {
        java.util.UUID.fromString(text);
      } catch (IllegalArgumentException e) {
        return null;
      }
      replacement = text;
      label = "Write the UUID " + text + " without quotes";
    } else if (kind.equals("STRING") && !textType && unquotedNumberOrBoolean(text, type)) {
      replacement = text;
      label = "Write " + text + " without quotes";
    } else if (!kind.equals("STRING") && !kind.equals("HEX") && textType) {
      replacement = "'" + text + "'";
      label = "Quote the text: " + replacement;
    } else {
      return null;
    }
    return new Rewrite(kind, text, column, replacement, label + " (" + column + ")");
  }

  /**
   * For a timestamp the node reads otherwise than written: one without a zone given UTC's offset,
   * which the warning proposes ({@code '2026-01-01 10:30+0000'}); {@code 'now'} read at each run
   * ({@code toTimestamp(now())}); null for another warning.
   */
  static Rewrite ofNote(String message) {
    Matcher m = READ_AS.matcher(message);
    if (!m.find()) {
      return null;
    }
    String text = m.group(1);
    String column = m.group(2);
    if (m.group(3).startsWith("names")) {
      String replacement =
          new Constant(
                  Constant.Kind.STRING,
                  text + (text.length() <= 10 ? " 00:00" : "") + "+0000",
                  -1,
                  -1)
              .shown();
      return new Rewrite(
          "STRING",
          text,
          column,
          replacement,
          "Write it in UTC: " + replacement + " (" + column + ")");
    }
    return new Rewrite(
        "STRING",
        text,
        column,
        "toTimestamp(now())",
        "Read the time at each run: toTimestamp(now()) (" + column + ")");
  }

  /** Whether a string's content is a constant of the (numeric or boolean) type, unquoted. */
  private static boolean unquotedNumberOrBoolean(String text, String type) {
    return switch (type) {
      case "tinyint", "smallint", "int", "bigint", "varint", "counter" -> text.matches("-?[0-9]+");
      case "float", "double", "decimal" -> text.matches("-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?");
      case "boolean" -> text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false");
      default -> false;
    };
  }

  /** The statement's text with the constant replaced. */
  static String applied(String statement, Constant constant, Rewrite rewrite) {
    return statement.substring(0, constant.start())
        + rewrite.replacement()
        + statement.substring(constant.end());
  }
}
