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

  /** {@code 'TEXT' for "COLUMN" is read as ADDRESS: ...}, an IPv4 form not written in full. */
  private static final Pattern INET_READ_AS =
      Pattern.compile(
          "'(.*)' for \"(.+?)\" is read as ([0-9.]+): (?:the node reads each part|a short IPv4)");

  /**
   * {@code Invalid list literal for COLUMN: value SHOWN is not of type TYPE} (a set's, vector's or
   * map's, a map's key), as ConstantTypes says it of a literal's element.
   */
  private static final Pattern ELEMENT_NOT_OF_TYPE =
      Pattern.compile(
          "Invalid (?:list|set|vector|map) literal for (\\S+): (value|key) (.+) is not of type"
              + " (\\S+)$");

  private static final Pattern UUID_TEXT =
      Pattern.compile(
          "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

  /**
   * For a refused constant: a quoted UUID, number or boolean unquoted, a number, boolean or UUID
   * for a text column quoted; null where there is no one way. An element of a list, set, vector or
   * map literal the element type does not take is rewritten the same way, its column named {@code
   * value(c)} or {@code key(c)}, as a refusal inside a literal names it.
   */
  static Rewrite ofRefusal(String message) {
    Matcher m = INVALID_CONSTANT.matcher(message);
    if (m.find()) {
      return rewrite(m.group(1), m.group(2), m.group(3), m.group(4));
    }
    Matcher e = ELEMENT_NOT_OF_TYPE.matcher(message);
    if (!e.find()) {
      return null;
    }
    String shown = e.group(3);
    String column = e.group(2) + "(" + e.group(1) + ")";
    if (shown.length() >= 2 && shown.startsWith("'") && shown.endsWith("'")) {
      return rewrite("STRING", shown.substring(1, shown.length() - 1), column, e.group(4));
    }
    String kind =
        shown.matches("-?[0-9]+")
            ? "INTEGER"
            : shown.matches("-?[0-9]+\\.[0-9]+([eE][-+]?[0-9]+)?")
                ? "FLOAT"
                : shown.equalsIgnoreCase("true") || shown.equalsIgnoreCase("false")
                    ? "BOOLEAN"
                    : UUID_TEXT.matcher(shown).matches() ? "UUID" : null;
    return kind == null ? null : rewrite(kind, shown, column, e.group(4));
  }

  private static Rewrite rewrite(String kind, String text, String column, String type) {
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
    return new Rewrite(kind, text, column, replacement, label + " (" + shown(column) + ")");
  }

  /**
   * For an IPv4 address not written in full ({@code '127.1'}): the address the node reads, in full
   * ({@code '127.0.0.1'}). For a timestamp the node reads otherwise than written: one without a
   * zone given UTC's offset, which the warning proposes ({@code '2026-01-01 10:30+0000'}); {@code
   * 'now'} read at each run ({@code toTimestamp(now())}); null for another warning.
   */
  static Rewrite ofNote(String message) {
    Matcher inet = INET_READ_AS.matcher(message);
    if (inet.find()) {
      String replacement = "'" + inet.group(3) + "'";
      return new Rewrite(
          "STRING",
          inet.group(1),
          inet.group(2),
          replacement,
          "Write the address in full: " + replacement + " (" + shown(inet.group(2)) + ")");
    }
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
          "Write it in UTC: " + replacement + " (" + shown(column) + ")");
    }
    return new Rewrite(
        "STRING",
        text,
        column,
        "toTimestamp(now())",
        "Read the time at each run: toTimestamp(now()) (" + shown(column) + ")");
  }

  /**
   * {@code Invalid user type literal for RECEIVER: field F is not of type T} and {@code Invalid
   * tuple literal for RECEIVER: component N is not of type T}, as ConstantTypes says them (as
   * {@code UserTypes.Literal} and {@code Tuples.Literal} do): the value is not named, only where it
   * is.
   */
  private static final Pattern PART_NOT_OF_TYPE =
      Pattern.compile(
          "Invalid (?:user type|tuple) literal for (\\S+): (field|component) (\\S+) is not of type"
              + " (.+)$");

  /** One step into a literal from its column's name: {@code .field} or {@code [component]}. */
  private static final Pattern STEP = Pattern.compile("\\.([^.\\[]+)|\\[([0-9]+)]");

  /**
   * A constant found in a statement and how to write it instead.
   *
   * @param target the constant, inside the statement's literal for its column
   * @param rewrite what to write in its place
   */
  record Located(Constant target, Rewrite rewrite) {}

  /**
   * For a user type literal's field, or a tuple literal's component, that its type does not take:
   * that part of the column's literal, and the rewrite {@link #ofRefusal} would give it as a
   * column's constant ({@code {street: 5}} for a text field: "Quote the text: '5' (addr.street)").
   * A part that is itself a literal ({@code {at: {street: 'Main', zip: '42'}}}: "field at is not of
   * type frozen<address>") is judged again against its type, as a column's value would be, and the
   * value inside it that is refused is the one rewritten ("Write 42 without quotes (h.at.zip)").
   * Null when the message is another one, the part is inside a collection (which element is not
   * said), or there is no one way to write it.
   *
   * @param message the refusal
   * @param given each column the statement gives a value, by internal name, with the value
   * @param fields the user types of the statement's keyspace, to judge a part that is a literal;
   *     null to leave such a part without a fix
   */
  static Located ofPart(
      String message,
      java.util.List<java.util.Map.Entry<String, Constant>> given,
      org.keyspacestudio.model.type.ConstantTypes.UserTypes fields) {
    return ofPart(message, given, fields, 0);
  }

  private static Located ofPart(
      String message,
      java.util.List<java.util.Map.Entry<String, Constant>> given,
      org.keyspacestudio.model.type.ConstantTypes.UserTypes fields,
      int depth) {
    Matcher m = PART_NOT_OF_TYPE.matcher(message);
    if (!m.find()) {
      return null;
    }
    String receiver = m.group(1);
    String column = columnOf(receiver);
    if (!receiver.startsWith(column)) {
      // value(c) or key(c): an element of a collection.
      return null;
    }
    String path = receiver.substring(column.length());
    boolean field = m.group(2).equals("field");
    for (java.util.Map.Entry<String, Constant> e : given) {
      if (!e.getKey().equals(column)) {
        continue;
      }
      Constant literal = step(e.getValue(), path);
      Constant part =
          literal == null
              ? null
              : field ? fieldOf(literal, m.group(3)) : componentOf(literal, m.group(3));
      if (part == null) {
        continue;
      }
      String named = receiver + (field ? "." + m.group(3) : "[" + m.group(3) + "]");
      if (!part.items().isEmpty()) {
        return fields == null || depth > 32
            ? null
            : inside(part, named, m.group(4), e, fields, depth);
      }
      Rewrite rewrite = rewrite(part.kind().name(), part.text(), named, m.group(4));
      return rewrite == null ? null : new Located(part, rewrite);
    }
    return null;
  }

  /**
   * A literal part judged against its type: the refused value inside it, found by the refusal's own
   * path (a field or component within, or a constant named by its receiver).
   */
  private static Located inside(
      Constant part,
      String named,
      String typeText,
      java.util.Map.Entry<String, Constant> column,
      org.keyspacestudio.model.type.ConstantTypes.UserTypes fields,
      int depth) {
    org.keyspacestudio.model.type.CqlType type;
    try {
      type = org.keyspacestudio.model.parse.CqlTypeParser.parse(typeText);
    } catch (IllegalArgumentException e) {
      return null;
    }
    String nested = org.keyspacestudio.model.type.ConstantTypes.refusal(part, type, named, fields);
    if (nested == null) {
      return null;
    }
    Located deeper = ofPart(nested, java.util.List.of(column), fields, depth + 1);
    if (deeper != null) {
      return deeper;
    }
    Rewrite leaf = ofRefusal(nested);
    Constant target = leaf == null ? null : within(part, leaf.kind(), leaf.text());
    return target == null ? null : new Located(target, leaf);
  }

  /**
   * The user types of a schema, a type named without a keyspace taken from the first keyspace that
   * has one of that name (a statement's literal names its column's type as the column does): for a
   * write, whose batch may span keyspaces; a SELECT's fixes take its own keyspace's.
   */
  static org.keyspacestudio.model.type.ConstantTypes.UserTypes userTypes(
      org.keyspacestudio.model.schema.Schema schema) {
    return ref -> {
      for (org.keyspacestudio.model.schema.Keyspace ks : schema.keyspaces()) {
        if (ref.keyspace() == null || ref.keyspace().equals(ks.name())) {
          java.util.Map<String, org.keyspacestudio.model.type.CqlType> found =
              ks.userTypeFields().fieldsOf(ref);
          if (found != null) {
            return found;
          }
        }
      }
      return null;
    };
  }

  /** The literal a path of fields and components leads to from a column's, or null. */
  private static Constant step(Constant literal, String path) {
    Matcher s = STEP.matcher(path);
    int at = 0;
    Constant here = literal;
    while (here != null && at < path.length()) {
      if (!s.find(at) || s.start() != at) {
        return null;
      }
      here = s.group(1) != null ? fieldOf(here, s.group(1)) : componentOf(here, s.group(2));
      at = s.end();
    }
    return here;
  }

  private static Constant fieldOf(Constant literal, String field) {
    int i = literal.kind() == Constant.Kind.UDT ? literal.fields().indexOf(field) : -1;
    return i < 0 ? null : literal.items().get(i);
  }

  private static Constant componentOf(Constant literal, String component) {
    if (component.length() > 9) {
      return null;
    }
    int i = Integer.parseInt(component);
    return literal.kind() == Constant.Kind.TUPLE && i < literal.items().size()
        ? literal.items().get(i)
        : null;
  }

  /** {@code value(c)} or {@code key(c)}: a literal's element or key, of column c. */
  private static final Pattern PART = Pattern.compile("(?:value|key)\\((.+)\\)");

  /** A column as a fix's label names it: {@code value(tags)} and {@code key(m)} as "in tags". */
  private static String shown(String column) {
    Matcher m = PART.matcher(column);
    return m.matches() ? "in " + shown(m.group(1)) : column;
  }

  /**
   * The column a message's name of a literal's part belongs to: {@code value(c)}, {@code key(c)},
   * {@code c[0]} (a tuple's component) and {@code c.field} are parts of {@code c}; a column's own
   * name is itself.
   */
  static String columnOf(String named) {
    String base = named;
    while (true) {
      Matcher wrapped = PART.matcher(base);
      if (wrapped.matches()) {
        base = wrapped.group(1);
      } else if (base.matches(".+\\[[0-9]+\\]")) {
        base = base.substring(0, base.lastIndexOf('['));
      } else {
        break;
      }
    }
    return base.indexOf('.') > 0 ? base.substring(0, base.indexOf('.')) : base;
  }

  /** The first constant of that kind and text (any for null) inside a literal, depth first. */
  static Constant within(Constant literal, String kind, String text) {
    for (Constant item : literal.items()) {
      if (item.kind().name().equals(kind) && (text == null || item.text().equals(text))) {
        return item;
      }
      Constant deeper = within(item, kind, text);
      if (deeper != null) {
        return deeper;
      }
    }
    return null;
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
    return applied(statement, constant, rewrite.replacement());
  }

  /** The statement's text with the constant replaced by {@code replacement}. */
  static String applied(String statement, Constant constant, String replacement) {
    return statement.substring(0, constant.start())
        + replacement
        + statement.substring(constant.end());
  }
}
