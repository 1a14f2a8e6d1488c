package org.keyspacestudio.model.type;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Whether Cassandra 5.0 takes a constant for a column of a type, as it prepares a statement: {@code
 * Constants.Literal.testAssignment} (which kinds of constant a type takes at all) and then the
 * type's {@code fromString} (whether the text reads as a value of it). Used for the constants a
 * script's writes give columns and its SELECTs compare columns with.
 *
 * <p>Read as Cassandra 5.0.9 reads them: whole numbers within the type's range ({@code
 * Byte.parseByte}... {@code Long.parseLong}); a {@code date} as {@code yyyy-mm-dd} or a day number
 * from 0 to 2<sup>32</sup>-1 ({@code SimpleDateSerializer}); a {@code time} as {@code
 * hh:mm:ss[.fffffffff]} or nanoseconds of the day ({@code TimeSerializer}); a {@code timestamp} as
 * milliseconds, {@code now} or one of {@code TimestampSerializer}'s date and time patterns (zone
 * names as in {@link Locale#US}); an {@code ascii} string without other characters; a {@code
 * decimal} without {@code NaN} or {@code Infinity}; a blob's hexadecimal digits in pairs; a {@code
 * timeuuid} of version 1; a tuple's string read as its components separated by {@code :}. A string
 * for an {@code inet} is not judged: the node looks up what is not an address as a host name.
 */
public final class ConstantTypes {

  private ConstantTypes() {}

  /** The user types a user type literal may be given to, as a keyspace defines them. */
  @FunctionalInterface
  public interface UserTypes {
    /**
     * The type's fields in order, by name (unquoted).
     *
     * @param ref the type as a column names it, not null
     * @return the fields, or null when the type is not known (its literals are then not judged)
     */
    java.util.Map<String, CqlType> fieldsOf(UserTypeRef ref);
  }

  /**
   * Why Cassandra refuses the constant for the column, with how to write it instead where one way
   * is clear; null when it takes it. {@code null} is taken by every type but {@code counter} (a
   * null key is refused only when the statement runs: that is the caller's to say).
   *
   * @param c the constant, not null; {@link Constant.Kind#OTHER} is always taken (not judged)
   * @param type the column's type, not null
   * @param column the column's name as Cassandra shows it in a message (unquoted), not null
   * @return Cassandra's message, or null
   */
  public static String refusal(Constant c, CqlType type, String column) {
    return refusal(c, type, column, ref -> null);
  }

  /**
   * As {@link #refusal(Constant, CqlType, String)}, with the fields of the user types a user type
   * literal may be given to ({@code {street: 'x'}}): a literal's values are typed as their
   * collection's elements, keys and values, their tuple's components or their user type's fields
   * ({@code Lists.Literal}, {@code Vectors.Literal}, {@code Sets.Literal}, {@code Maps.Literal},
   * {@code Tuples.Literal}, {@code UserTypes.Literal}), with no {@code null} and no bind marker
   * inside a list, set or map.
   *
   * @param c the constant, not null
   * @param type the column's type, not null
   * @param column the column's name as Cassandra shows it, not null
   * @param fields the user types, by their fields (a type not known: its literals are then not
   *     judged), not null
   * @return Cassandra's message, or null
   */
  public static String refusal(Constant c, CqlType type, String column, UserTypes fields) {
    switch (c.kind()) {
      case LIST, SET, MAP, TUPLE, UDT -> {
        return literalRefusal(c, type, column, fields);
      }
      default -> {
        // A constant, null or anything else.
      }
    }
    if (c.kind() == Constant.Kind.OTHER) {
      return null;
    }
    if (c.kind() == Constant.Kind.FLOAT) {
      String unparsed = unparsedFloat(c.text());
      if (unparsed != null) {
        return unparsed;
      }
    }
    if (c.kind() == Constant.Kind.NULL) {
      return type == NativeType.COUNTER
          ? "Invalid null value for counter increment/decrement"
          : null;
    }
    boolean assignable;
    if (type instanceof NativeType nt) {
      assignable = assignable(c.kind(), nt);
    } else {
      // A collection, a UDT or a vector takes no constant; a tuple or a custom type any (not a
      // native type: Cassandra 5.0.9 leaves them to their parser, and takes 1 for a tuple).
      assignable =
          !(type instanceof CollectionType
              || type instanceof UserTypeRef
              || type instanceof VectorType);
    }
    if (!assignable) {
      return "Invalid "
          + c.kind().name()
          + " constant ("
          + c.text()
          + ") for \""
          + column
          + "\" of type "
          + type.asCql()
          + hint(c.kind(), type);
    }
    if (c.kind() == Constant.Kind.HEX) {
      // Parsed as a blob whatever the type (Constants.Literal.parsedValue).
      String digits = c.text().substring(2);
      return digits.length() % 2 == 1
          ? "cannot parse '"
              + digits
              + "' as hex bytes (a blob's hexadecimal digits come in pairs: 0x0"
              + digits
              + ")"
          : null;
    }
    if (type instanceof TupleType tuple) {
      return tupleRefusal(c.text(), tuple, column);
    }
    if (!(type instanceof NativeType nt)) {
      return null;
    }
    String why = unreadable(c.text(), nt);
    if (why != null) {
      return why + " for \"" + column + "\" of type " + nt.asCql() + howToWrite(nt);
    }
    if (c.kind() == Constant.Kind.UUID && nt == NativeType.TIMEUUID && c.text().charAt(14) != '1') {
      return "Unsupported UUID for \""
          + column
          + "\" of type timeuuid: "
          + c.text()
          + " is of version "
          + c.text().charAt(14)
          + ", a timeuuid is of version 1 (now() makes one)";
    }
    return null;
  }

  /**
   * What Cassandra makes of a constant it takes where that is not what the statement seems to say,
   * for a warning; null when there is nothing to say (or when it refuses the constant: {@link
   * #refusal}). For a {@code timestamp} given as a string: {@code 'now'}, read when the statement
   * is prepared (a prepared statement keeps that instant); a date and time without a zone, read in
   * the coordinating node's own time zone; a day or hour out of range that the reading moves (the
   * 30th of February becomes the 28th, {@code 24:00} the next day). For an {@code inet} given as a
   * string that is no address written in full: what the node reads depends on what it looks up
   * ({@code InetAddressType.fromString}, {@code InetAddress.getByName}: a host name is looked up in
   * DNS when the statement is read).
   *
   * @param c the constant, not null
   * @param type the column's type, not null
   * @param column the column's name as Cassandra shows it, not null
   * @return the warning's message, or null
   */
  public static String note(Constant c, CqlType type, String column) {
    String inside = noteInside(c, type, column);
    if (inside != null) {
      return inside;
    }
    if (c.kind() == Constant.Kind.STRING
        && type == NativeType.INET
        && refusal(c, type, column) == null) {
      return inetNote(c.text(), column);
    }
    if (c.kind() != Constant.Kind.STRING
        || type != NativeType.TIMESTAMP
        || refusal(c, type, column) != null) {
      return null;
    }
    String text = c.text();
    if (text.equalsIgnoreCase("now")) {
      return "'"
          + text
          + "' for \""
          + column
          + "\" is the time the node prepares the statement, not the time each write runs: a"
          + " prepared statement keeps that instant for every execution (toTimestamp(now()) is"
          + " read each time)";
    }
    TimestampRead r = readTimestamp(text);
    if (r != null) {
      DateTimeFormatter format = r.format();
      ZonedDateTime read = r.read();
      java.time.temporal.TemporalAccessor fields =
          format.parseUnresolved(text, new java.text.ParsePosition(0));
      if (fields != null
          && ((fields.isSupported(ChronoField.DAY_OF_MONTH)
                  && fields.getLong(ChronoField.DAY_OF_MONTH) != read.getDayOfMonth())
              || (fields.isSupported(ChronoField.HOUR_OF_DAY)
                  && fields.getLong(ChronoField.HOUR_OF_DAY) != read.getHour()))) {
        return "'"
            + text
            + "' for \""
            + column
            + "\" is read as "
            + read.toLocalDateTime()
            + (format.getZone() == null ? read.getOffset() : "")
            + ": the reading moves a day past the month's end, or hour 24, to a real time (write"
            + " the time meant)";
      }
      if (format.getZone() != null) {
        return "'"
            + text
            + "' for \""
            + column
            + "\" names no time zone: the coordinating node reads it in its own (its JVM's"
            + " default), so nodes in different zones take different instants (write it with an"
            + " offset: '"
            + text
            + (text.length() <= 10 ? " 00:00" : "")
            + "+0000')";
      }
      return null;
    }
    return null;
  }

  /** An IPv4 address written in full: four decimal parts of 0 to 255, none with a leading 0. */
  private static final Pattern DOTTED_QUAD =
      Pattern.compile(
          "((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\\.){3}"
              + "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])");

  /**
   * Whether the text is meant as an IPv6 address (in brackets, or with a colon after a first
   * character that is a hex digit or a colon), which {@code InetAddress.getByName} reads without a
   * lookup: as the address, or refusing it ("invalid IPv6 address").
   */
  private static boolean ipv6Form(String text) {
    if (text.startsWith("[")) {
      return true;
    }
    char first = text.isEmpty() ? ' ' : text.charAt(0);
    return text.indexOf(':') >= 0 && (Character.digit(first, 16) >= 0 || first == ':');
  }

  /**
   * Whether {@code InetAddressType.fromString} refuses the text without looking anything up: an
   * IPv6 form that is no IPv6 address, or an IPv4 address only {@code inet_aton} reads ({@link
   * #bsdOnlyIpv4}). Only IPv6 forms are given to {@code InetAddress.getByName}, which reads them
   * without a lookup (other text would be a host name, looked up in DNS).
   */
  private static boolean inetLiteralRefused(String text) {
    if (bsdOnlyIpv4(text)) {
      return true;
    }
    if (!ipv6Form(text)) {
      return false;
    }
    try {
      java.net.InetAddress.getByName(text);
      return false;
    } catch (java.net.UnknownHostException | RuntimeException e) {
      return true;
    }
  }

  /**
   * The note on a string for an {@code inet} that is not an address written in full (neither four
   * decimal parts nor an IPv6 address): a short or zero-padded IPv4 form, which the node reads as
   * the address {@link #ipv4Decimal} gives (written in full in the note, for its fix); else a host
   * name, looked up when the statement is read; or null.
   */
  private static String inetNote(String text, String column) {
    if (text.isEmpty() || DOTTED_QUAD.matcher(text).matches() || ipv6Form(text)) {
      return null;
    }
    String address = ipv4Decimal(text);
    if (address != null) {
      return "'"
          + text
          + "' for \""
          + column
          + "\" is read as "
          + address
          + ": "
          + (text.chars().filter(ch -> ch == '.').count() == 3
              ? "the node reads each part as a decimal number, leading zeros and all (not as"
                  + " octal)"
              : "a short IPv4 form, whose last part fills the bytes the others leave")
          + " (write it in full: '"
          + address
          + "')";
    }
    return "'"
        + text
        + "' for \""
        + column
        + "\" is no IP address written in full: the node reads it as InetAddress.getByName does,"
        + " a host name it looks up (DNS) when it reads the statement, storing the address it finds"
        + " then, or refusing the statement if it finds none (write the address itself, such as"
        + " '192.0.2.10')";
  }

  /**
   * The IPv4 address {@code InetAddress.getByName} reads from decimal text without a lookup, in
   * full ({@code 127.0.0.1}), or null when it is no such text. As JDK 17's {@code
   * IPAddressUtil.textToNumericFormatV4}: at most 15 characters, one to four parts of ASCII digits
   * split by dots, each but the last at most 255, the last filling the bytes the others leave
   * ({@code 127.1} is 127.0.0.1, {@code 10} is 0.0.0.10, {@code 1.2.3} is 1.2.0.3); leading zeros
   * are decimal ({@code 010.1.1.1} is 10.1.1.1).
   */
  private static String ipv4Decimal(String text) {
    if (text.isEmpty() || text.length() > 15) {
      return null;
    }
    long[] values = ipv4Parts(text, false);
    return values == null ? null : ipv4(values);
  }

  /**
   * The numbers of one to four parts split by dots, each of ASCII digits: decimal, or with {@code
   * bsd} as {@code inet_aton} reads them ({@code 0x} and hex digits, {@code 0} and octal digits, or
   * decimal); null for other text. A number over 40 bits is given as {@link Long#MAX_VALUE}.
   */
  private static long[] ipv4Parts(String text, boolean bsd) {
    String[] parts = text.split("\\.", -1);
    if (parts.length > 4) {
      return null;
    }
    long[] values = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      String part = parts[i];
      int radix = 10;
      if (bsd && part.length() > 2 && (part.startsWith("0x") || part.startsWith("0X"))) {
        radix = 16;
        part = part.substring(2);
      } else if (bsd && part.length() > 1 && part.startsWith("0")) {
        radix = 8;
        part = part.substring(1);
      }
      int r = radix;
      if (part.isEmpty() || !part.chars().allMatch(ch -> ch < 128 && Character.digit(ch, r) >= 0)) {
        return null;
      }
      java.math.BigInteger value = new java.math.BigInteger(part, radix);
      values[i] = value.bitLength() > 40 ? Long.MAX_VALUE : value.longValue();
    }
    return values;
  }

  /**
   * The address of parts read as numbers, in full; null when a part but the last is over 255 or the
   * last over what the bytes it fills hold.
   */
  private static String ipv4(long[] values) {
    int last = values.length - 1;
    long[] bytes = new long[4];
    for (int i = 0; i < last; i++) {
      if (values[i] > 255) {
        return null;
      }
      bytes[i] = values[i];
    }
    if (values[last] >= 1L << (8 * (4 - last))) {
      return null;
    }
    for (int i = 3; i >= last; i--) {
      bytes[i] = (values[last] >> (8 * (3 - i))) & 0xff;
    }
    return bytes[0] + "." + bytes[1] + "." + bytes[2] + "." + bytes[3];
  }

  /**
   * Whether the text is an IPv4 address only as BSD's {@code inet_aton} reads it (a part in hex,
   * {@code 0x10}, or one that is too long or large in decimal and fits as octal, {@code 0377}),
   * which {@code InetAddress.getByName} refuses without a lookup ("Invalid IP address literal", JDK
   * 17.0.6 and later unless {@code -Djdk.net.allowAmbiguousIPAddressLiterals=true} is given to the
   * node's JVM): a part is {@code 0x} and hex digits, {@code 0} and octal digits, or decimal
   * digits.
   */
  private static boolean bsdOnlyIpv4(String text) {
    if (ipv4Decimal(text) != null) {
      return false;
    }
    long[] values = ipv4Parts(text, true);
    return values != null && ipv4(values) != null;
  }

  /** The first note on a value inside a list, set, map or tuple literal, or null. */
  private static String noteInside(Constant c, CqlType type, String column) {
    List<Constant> items = c.items();
    List<CqlType> receivers = new ArrayList<>();
    switch (c.kind()) {
      case LIST, SET -> {
        CqlType element =
            type instanceof CollectionType.ListType l
                ? l.element()
                : type instanceof CollectionType.SetType st ? st.element() : null;
        items.forEach(i -> receivers.add(element));
      }
      case MAP -> {
        if (type instanceof CollectionType.MapType m) {
          for (int i = 0; i < items.size(); i++) {
            receivers.add(i % 2 == 0 ? m.key() : m.value());
          }
        }
      }
      case TUPLE -> {
        if (type instanceof TupleType t) {
          receivers.addAll(t.components());
        }
      }
      default -> {
        return null;
      }
    }
    for (int i = 0; i < items.size() && i < receivers.size(); i++) {
      if (receivers.get(i) != null) {
        String note = note(items.get(i), receivers.get(i), "value(" + column + ")");
        if (note != null) {
          return note;
        }
      }
    }
    return null;
  }

  /**
   * Why Cassandra refuses a value of an {@code INSERT JSON}'s map for a column of the type, as the
   * type's {@code fromJSONObject} reads what Jackson made of it: a JSON string is read as the
   * type's text ({@code fromString}); a number is taken by the numeric types (an {@code int} wants
   * one that fits an int, a {@code bigint} a long, a {@code timestamp} a long: a small number is an
   * int to Jackson, and refused), a boolean by {@code boolean}; the other types want a string (a
   * blob's starting 0x). Collections, tuples, user types and vectors are read as their types'
   * {@code fromJSONObject} read them; a user type whose fields are not known is not judged.
   *
   * @param parsed the value as Jackson's {@code ObjectMapper} reads it (String, Integer, Long,
   *     BigInteger, Double, Boolean, List, Map), not null
   * @param type the column's type, not null
   * @return Cassandra's message, or null
   */
  public static String jsonRefusal(Object parsed, CqlType type) {
    return jsonRefusal(parsed, type, ref -> null);
  }

  /**
   * As {@link #jsonRefusal(Object, CqlType)}, with the keyspace's user types: a JSON object for a
   * user type is read against its fields ({@code UserType.fromJSONObject}: keys lowercased unless
   * quoted, an unknown one refused, a field left out or null is null).
   *
   * <p>A collection, tuple, user type or vector given as a JSON string is that string decoded as
   * JSON first ({@code JsonUtils.decodeJson}); then a list or set wants a JSON array, no element
   * null; a map a JSON object, each key (a string) read as the key type reads a string, no value
   * null; a tuple an array of exactly its components, null ones allowed; a vector an array of
   * exactly its dimension, none null ({@code ListType}, {@code SetType}, {@code MapType}, {@code
   * TupleType}, {@code VectorType}'s {@code fromJSONObject}, Cassandra 5.0).
   *
   * @param fields the keyspace's user types, not null
   */
  public static String jsonRefusal(Object parsed, CqlType type, UserTypes fields) {
    if (!(type instanceof NativeType nt)) {
      return structuredJsonRefusal(parsed, type, fields);
    }
    String got = "got a " + parsed.getClass().getSimpleName() + ": " + parsed;
    boolean string = parsed instanceof String;
    String text = string ? (String) parsed : null;
    return switch (nt) {
      case INT ->
          string
              ? unreadable(text, nt)
              : parsed instanceof Integer ? null : "Expected an int value, but " + got;
      case BIGINT ->
          string
              ? unreadable(text, nt)
              : parsed instanceof Integer || parsed instanceof Long
                  ? null
                  : "Expected a bigint value, but " + got;
      case SMALLINT, TINYINT ->
          string || parsed instanceof Number
              ? unreadable(String.valueOf(parsed), nt)
              : "Expected a "
                  + (nt == NativeType.SMALLINT ? "short" : "byte")
                  + " value, but "
                  + got;
      case VARINT -> {
        try {
          new BigInteger(parsed.toString());
          yield null;
        } catch (NumberFormatException e) {
          yield "Value '" + parsed + "' is not a valid representation of a varint value";
        }
      }
      case DECIMAL ->
          unreadable(String.valueOf(parsed), nt) == null
              ? null
              : "Value '" + parsed + "' is not a valid representation of a decimal value";
      case DOUBLE, FLOAT ->
          string
              ? unreadable(text, nt)
              : parsed instanceof Number ? null : "Expected a " + nt.asCql() + " value, but " + got;
      case TEXT -> string ? null : "Expected a UTF-8 string, but " + got;
      case ASCII -> string ? unreadable(text, nt) : "Expected an ascii string, but " + got;
      case BOOLEAN ->
          string
              ? unreadable(text, nt)
              : parsed instanceof Boolean ? null : "Expected a boolean value, but " + got;
      case TIMESTAMP ->
          parsed instanceof Long
              ? null
              : string
                  ? unreadable(text, nt)
                  : "Expected a long or a datestring representation of a timestamp value, but "
                      + got;
      case TIMEUUID -> {
        if (!string) {
          yield "Expected a string representation of a timeuuid, but " + got;
        }
        String why = unreadable(text, nt);
        yield why != null
            ? "Unknown timeuuid representation: " + text
            : !text.isEmpty() && text.charAt(14) != '1'
                ? "TimeUUID supports only version 1 UUIDs"
                : null;
      }
      case UUID, DATE, TIME, DURATION, INET ->
          string
              ? unreadable(text, nt)
              : "Expected a string representation of a"
                  + (nt == NativeType.UUID
                      ? " uuid"
                      : nt == NativeType.INET ? "n inet value" : " " + nt.asCql() + " value")
                  + ", but "
                  + got;
      case BLOB -> {
        if (!string || !text.startsWith("0x")) {
          yield "Value '"
              + parsed
              + "' is not a valid blob representation"
              + (string ? ": String representation of blob is missing 0x prefix: " + text : "");
        }
        String digits = text.substring(2);
        yield digits.length() % 2 == 1 || !digits.matches("[0-9A-Fa-f]*")
            ? "Value '" + parsed + "' is not a valid blob representation"
            : null;
      }
      default -> null;
    };
  }

  private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
      new com.fasterxml.jackson.databind.ObjectMapper();

  /** {@code "got a ArrayList: [1, 2]"}, as Cassandra's messages name what Jackson made. */
  private static String got(Object parsed) {
    return "got a " + parsed.getClass().getSimpleName() + ": " + parsed;
  }

  private static String structuredJsonRefusal(Object parsed, CqlType type, UserTypes fields) {
    boolean structured =
        type instanceof CollectionType
            || type instanceof TupleType
            || type instanceof VectorType
            || type instanceof UserTypeRef;
    if (!structured) {
      return null; // A custom type: not judged.
    }
    if (parsed instanceof String text) {
      try {
        parsed = JSON.readValue(text, Object.class);
      } catch (java.io.IOException e) {
        return "Error decoding JSON string: " + e.getMessage();
      }
      if (parsed == null) {
        // "null" decodes to no object: fromJSONObject then fails on it (NullPointerException).
        return "Error decoding JSON string: null is not a " + type.asCql();
      }
    }
    if (type instanceof CollectionType.ListType l) {
      return elementsRefusal(parsed, l.element(), "list", "Expected a list", fields);
    }
    if (type instanceof CollectionType.SetType st) {
      return elementsRefusal(
          parsed, st.element(), "set", "Expected a list (representing a set)", fields);
    }
    if (type instanceof VectorType v) {
      if (!(parsed instanceof List<?> list)) {
        return "Expected a list, but " + got(parsed);
      }
      if (list.size() != v.dimension()) {
        return "List had incorrect size: expected "
            + v.dimension()
            + " but given "
            + list.size()
            + "; "
            + list;
      }
      return elementsRefusal(parsed, v.element(), "list", "Expected a list", fields);
    }
    if (type instanceof CollectionType.MapType m) {
      if (!(parsed instanceof java.util.Map<?, ?> map)) {
        return "Expected a map, but " + got(parsed);
      }
      for (var e : map.entrySet()) {
        if (e.getValue() == null) {
          return "Invalid null value in map";
        }
        String why = jsonRefusal(e.getKey(), m.key(), fields);
        if (why == null) {
          why = jsonRefusal(e.getValue(), m.value(), fields);
        }
        if (why != null) {
          return why;
        }
      }
      return null;
    }
    if (type instanceof TupleType t) {
      if (!(parsed instanceof List<?> list)) {
        return "Expected a list representation of a tuple, but " + got(parsed);
      }
      int n = t.components().size();
      if (list.size() != n) {
        return (list.size() > n ? "Tuple contains extra items" : "Tuple is missing items")
            + " (expected "
            + n
            + "): "
            + list;
      }
      for (int i = 0; i < n; i++) {
        Object item = list.get(i);
        String why = item == null ? null : jsonRefusal(item, t.components().get(i), fields);
        if (why != null) {
          return why;
        }
      }
      return null;
    }
    UserTypeRef u = (UserTypeRef) type;
    java.util.Map<String, CqlType> declared = fields.fieldsOf(u);
    if (declared == null) {
      return null;
    }
    if (!(parsed instanceof java.util.Map<?, ?> map)) {
      return "Expected a map, but " + got(parsed);
    }
    for (var e : map.entrySet()) {
      // JsonUtils.handleCaseSensitivity: a quoted key keeps its case, another is lowercased.
      String key = String.valueOf(e.getKey());
      String name =
          key.length() > 1 && key.startsWith("\"") && key.endsWith("\"")
              ? key.substring(1, key.length() - 1)
              : key.toLowerCase(Locale.US);
      CqlType fieldType = declared.get(name);
      if (fieldType == null) {
        return "Unknown field '"
            + name
            + "' in value of user defined type "
            + u.name().asInternal();
      }
      String why = e.getValue() == null ? null : jsonRefusal(e.getValue(), fieldType, fields);
      if (why != null) {
        return why;
      }
    }
    return null;
  }

  /** A list's, set's or vector's elements: a JSON array, none null, each read as the element. */
  private static String elementsRefusal(
      Object parsed, CqlType element, String kind, String expected, UserTypes fields) {
    if (!(parsed instanceof List<?> list)) {
      return expected + ", but " + got(parsed);
    }
    for (Object item : list) {
      if (item == null) {
        return "Invalid null element in " + kind;
      }
      String why = jsonRefusal(item, element, fields);
      if (why != null) {
        return why;
      }
    }
    return null;
  }

  /**
   * The instant Cassandra reads a string given to a {@code timestamp} column as ({@code
   * TimestampSerializer.dateStringToTimestamp}), a zone-less one in this JVM's default zone.
   *
   * @param text the string without its quotes, not null
   * @return milliseconds since 1970-01-01T00:00Z; empty when Cassandra refuses it, for {@code now}
   *     (the time it is read) and for the empty string (no value)
   */
  public static java.util.OptionalLong timestampMillis(String text) {
    if (text.isEmpty() || text.equalsIgnoreCase("now") || timestamp(text) != null) {
      return java.util.OptionalLong.empty();
    }
    if (WHOLE.matcher(text).matches()) {
      return java.util.OptionalLong.of(Long.parseLong(text));
    }
    return java.util.OptionalLong.of(readTimestamp(text).read().toInstant().toEpochMilli());
  }

  /** Why Cassandra refuses a literal of values for the type, or null. */
  private static String literalRefusal(Constant c, CqlType type, String column, UserTypes fields) {
    List<Constant> items = c.items();
    switch (c.kind()) {
      case LIST -> {
        if (type instanceof VectorType v) {
          if (items.size() != v.dimension()) {
            return "Invalid vector literal for "
                + column
                + " of type "
                + type.asCql()
                + "; expected "
                + v.dimension()
                + " elements, but given "
                + items.size();
          }
          return elements("vector", items, v.element(), column, fields, false);
        }
        if (type instanceof CollectionType.ListType l) {
          return elements("list", items, l.element(), column, fields, true);
        }
        return "Invalid list literal for " + column + " of type " + type.asCql();
      }
      case SET -> {
        if (type instanceof CollectionType.SetType st) {
          return elements("set", items, st.element(), column, fields, true);
        }
        if (type instanceof CollectionType.MapType && items.isEmpty()) {
          return null;
        }
        return "Invalid set literal for " + column + " of type " + type.asCql();
      }
      case MAP -> {
        if (!(type instanceof CollectionType.MapType m)) {
          return "Invalid map literal for " + column + " of type " + type.asCql();
        }
        for (int i = 0; i + 1 < items.size(); i += 2) {
          if (!assignable(items.get(i), m.key(), fields)) {
            return "Invalid map literal for "
                + column
                + ": key "
                + shownInMessage(items.get(i))
                + " is not of type "
                + m.key().asCql();
          }
          if (!assignable(items.get(i + 1), m.value(), fields)) {
            return "Invalid map literal for "
                + column
                + ": value "
                + shownInMessage(items.get(i + 1))
                + " is not of type "
                + m.value().asCql();
          }
        }
        for (int i = 0; i + 1 < items.size(); i += 2) {
          for (int k = 0; k < 2; k++) {
            Constant item = items.get(i + k);
            String nested =
                refusal(
                    item,
                    k == 0 ? m.key() : m.value(),
                    (k == 0 ? "key(" : "value(") + column + ")",
                    fields);
            if (nested != null) {
              return nested;
            }
            if (item.bindMarker()) {
              return "Invalid map literal for "
                  + column
                  + ": bind variables are not supported inside collection literals";
            }
          }
        }
        for (Constant item : items) {
          if (item.kind() == Constant.Kind.NULL) {
            return "null is not supported inside collections";
          }
        }
        return null;
      }
      case TUPLE -> {
        TupleType t = positional(type, fields);
        if (t == null && type instanceof UserTypeRef) {
          return null;
        }
        if (t == null) {
          return "Invalid tuple type literal for " + column + " of type " + type.asCql();
        }
        if (items.size() > t.components().size()) {
          return "Invalid tuple literal for "
              + column
              + ": too many elements. Type "
              + type.asCql()
              + " expects "
              + t.components().size()
              + " but got "
              + items.size();
        }
        for (int i = 0; i < items.size(); i++) {
          if (!assignable(items.get(i), t.components().get(i), fields)) {
            return "Invalid tuple literal for "
                + column
                + ": component "
                + i
                + " is not of type "
                + t.components().get(i).asCql();
          }
        }
        for (int i = 0; i < items.size(); i++) {
          String nested =
              refusal(items.get(i), t.components().get(i), column + "[" + i + "]", fields);
          if (nested != null) {
            return nested;
          }
        }
        return null;
      }
      case UDT -> {
        if (!(type instanceof UserTypeRef ref)) {
          return "Invalid user type literal for " + column + " of type " + type.asCql();
        }
        java.util.Map<String, CqlType> known = fields.fieldsOf(ref);
        if (known == null) {
          return null;
        }
        for (int i = 0; i < items.size(); i++) {
          CqlType field = known.get(c.fields().get(i));
          if (field != null && !assignable(items.get(i), field, fields)) {
            return "Invalid user type literal for "
                + column
                + ": field "
                + c.fields().get(i)
                + " is not of type "
                + field.asCql();
          }
        }
        for (int i = 0; i < items.size(); i++) {
          CqlType field = known.get(c.fields().get(i));
          if (field != null) {
            String nested = refusal(items.get(i), field, column + "." + c.fields().get(i), fields);
            if (nested != null) {
              return nested;
            }
          }
        }
        for (String f : c.fields()) {
          if (!known.containsKey(f)) {
            return "Unknown field '"
                + f
                + "' in value of user defined type "
                + ref.name().asInternal()
                + " (it has "
                + String.join(", ", known.keySet())
                + ")";
          }
        }
        return null;
      }
      default -> {
        return null;
      }
    }
  }

  /**
   * A list's, vector's or set's elements: each of the element type ({@code value X is not of type
   * T}), read as it ({@code value(c)}), no bind marker (but in a vector) and no {@code null}.
   */
  private static String elements(
      String what,
      List<Constant> items,
      CqlType element,
      String column,
      UserTypes fields,
      boolean collection) {
    for (Constant item : items) {
      if (!assignable(item, element, fields)) {
        return "Invalid "
            + what
            + " literal for "
            + column
            + ": value "
            + shownInMessage(item)
            + " is not of type "
            + element.asCql();
      }
    }
    for (Constant item : items) {
      String nested = refusal(item, element, "value(" + column + ")", fields);
      if (nested != null) {
        return nested;
      }
      if (collection && item.bindMarker()) {
        return "Invalid "
            + what
            + " literal for "
            + column
            + ": bind variables are not supported inside collection literals";
      }
    }
    for (Constant item : items) {
      if (item.kind() == Constant.Kind.NULL) {
        return collection
            ? "null is not supported inside collections"
            : "null is not supported inside vectors";
      }
    }
    return null;
  }

  /**
   * The components a tuple literal is read against: a tuple's, or a user type's fields in order (a
   * user type is a tuple to Cassandra, {@code UserType extends TupleType}); null for another type
   * or a user type not known.
   */
  private static TupleType positional(CqlType type, UserTypes fields) {
    if (type instanceof TupleType t) {
      return t;
    }
    if (type instanceof UserTypeRef ref) {
      java.util.Map<String, CqlType> known = fields.fieldsOf(ref);
      return known == null || known.isEmpty() ? null : new TupleType(List.copyOf(known.values()));
    }
    return null;
  }

  /** A value as Cassandra writes it in a message ({@code Term.Raw.getText}). */
  private static String shownInMessage(Constant c) {
    return c.kind() == Constant.Kind.STRING ? "'" + c.text() + "'" : c.text();
  }

  /**
   * {@code testAssignment}: whether the value may be given to the type at all (its kind and shape),
   * before it is read.
   */
  private static boolean assignable(Constant c, CqlType type, UserTypes fields) {
    List<Constant> items = c.items();
    switch (c.kind()) {
      case OTHER -> {
        return true;
      }
      case NULL -> {
        return type != NativeType.COUNTER;
      }
      case LIST -> {
        if (type instanceof VectorType v) {
          return items.size() == v.dimension()
              && items.stream().allMatch(i -> assignable(i, v.element(), fields));
        }
        return type instanceof CollectionType.ListType l
            && items.stream().allMatch(i -> assignable(i, l.element(), fields));
      }
      case SET -> {
        return (type instanceof CollectionType.SetType st
                && items.stream().allMatch(i -> assignable(i, st.element(), fields)))
            || (type instanceof CollectionType.MapType && items.isEmpty());
      }
      case MAP -> {
        if (!(type instanceof CollectionType.MapType m)) {
          return false;
        }
        for (int i = 0; i + 1 < items.size(); i += 2) {
          if (!assignable(items.get(i), m.key(), fields)
              || !assignable(items.get(i + 1), m.value(), fields)) {
            return false;
          }
        }
        return true;
      }
      case TUPLE -> {
        TupleType t = positional(type, fields);
        if (t == null) {
          return type instanceof UserTypeRef;
        }
        if (items.size() > t.components().size()) {
          return false;
        }
        for (int i = 0; i < items.size(); i++) {
          if (!assignable(items.get(i), t.components().get(i), fields)) {
            return false;
          }
        }
        return true;
      }
      case UDT -> {
        if (!(type instanceof UserTypeRef ref)) {
          return false;
        }
        java.util.Map<String, CqlType> known = fields.fieldsOf(ref);
        if (known == null) {
          return true;
        }
        for (int i = 0; i < items.size(); i++) {
          CqlType field = known.get(c.fields().get(i));
          if (field != null && !assignable(items.get(i), field, fields)) {
            return false;
          }
        }
        return true;
      }
      default -> {
        if (type instanceof NativeType nt) {
          return assignable(c.kind(), nt);
        }
        return !(type instanceof CollectionType
            || type instanceof UserTypeRef
            || type instanceof VectorType);
      }
    }
  }

  /**
   * {@code TupleType.fromString}: the text split at each {@code :} not after a backslash, each part
   * read as its component ({@code @} for null, {@code \\:} and {@code \\@} for the characters).
   */
  private static String tupleRefusal(String text, TupleType tuple, String column) {
    List<String> parts = new ArrayList<>();
    if (!text.isEmpty()) {
      int from = 0;
      for (int i = 0; i < text.length(); i++) {
        if (text.charAt(i) == ':' && (i == 0 || text.charAt(i - 1) != '\\')) {
          parts.add(text.substring(from, i));
          from = i + 1;
        }
      }
      parts.add(text.substring(from));
    }
    String written =
        ": a constant for a tuple is read as its components, separated by ':'; write (a, b)"
            + " instead)";
    if (parts.size() > tuple.components().size()) {
      return "Invalid tuple literal: too many elements. Type "
          + tuple.asCql()
          + " expects "
          + tuple.components().size()
          + " but got "
          + parts.size()
          + " (\""
          + column
          + "\""
          + written;
    }
    for (int i = 0; i < parts.size(); i++) {
      String part = parts.get(i);
      if (part.equals("@") || !(tuple.components().get(i) instanceof NativeType nt)) {
        continue;
      }
      part = part.replace("\\:", ":").replace("\\@", "@");
      String why = unreadable(part, nt);
      if (why != null) {
        return why + " (component " + (i + 1) + " of \"" + column + "\"" + written;
      }
    }
    return null;
  }

  /**
   * {@code Constants.Type.FLOAT.getPreferedTypeFor}, run as the statement is parsed, whatever the
   * column: a floating-point constant other than {@code NaN} and {@code Infinity} (written so, with
   * an optional minus sign) must read as a {@code BigDecimal} whose double is finite.
   */
  private static String unparsedFloat(String text) {
    String unsigned = text.startsWith("-") ? text.substring(1) : text;
    if (unsigned.equals("NaN") || unsigned.equals("Infinity")) {
      return null;
    }
    try {
      if (!Double.isInfinite(new BigDecimal(text).doubleValue())) {
        return null;
      }
    } catch (NumberFormatException e) {
      // Not a number the lexer makes.
      return null;
    }
    return "Failed parsing statement: "
        + text
        + " is beyond the range of a double (NumberFormatException; bind such a decimal as a"
        + " value: ?)";
  }

  /**
   * Whether the type is a number as Cassandra's {@code NumberType} is (counters too).
   *
   * @param type any type, not null
   */
  public static boolean numeric(CqlType type) {
    return type == NativeType.TINYINT
        || type == NativeType.SMALLINT
        || type == NativeType.INT
        || type == NativeType.BIGINT
        || type == NativeType.VARINT
        || type == NativeType.FLOAT
        || type == NativeType.DOUBLE
        || type == NativeType.DECIMAL
        || type == NativeType.COUNTER;
  }

  /**
   * Cassandra's message when the type's {@code fromString} refuses the text, or null when it reads
   * it (or this does not judge it: {@code inet}, {@code text}, the UUIDs' form, which the lexer has
   * checked).
   */
  private static String unreadable(String text, NativeType type) {
    if (text.isEmpty() && type != NativeType.DATE && type != NativeType.TIME) {
      // An empty value, which every other fromString takes (a tuple's part; a string otherwise).
      return null;
    }
    try {
      switch (type) {
        case TINYINT -> Byte.parseByte(text);
        case SMALLINT -> Short.parseShort(text);
        case INT -> Integer.parseInt(text);
        case BIGINT, COUNTER -> Long.parseLong(text);
        case VARINT -> new BigInteger(text);
        case FLOAT -> Float.parseFloat(text);
        case DOUBLE -> Double.parseDouble(text);
        case DECIMAL -> new BigDecimal(text);
        case BOOLEAN -> {
          if (!text.equalsIgnoreCase("true") && !text.equalsIgnoreCase("false")) {
            return "Unable to make boolean from '" + text + "'";
          }
        }
        case UUID, TIMEUUID -> {
          // UUIDType.parse: the canonical form only.
          if (!UUID_TEXT.matcher(text).matches()) {
            return "Unable to make UUID from '" + text + "'";
          }
          java.util.UUID.fromString(text);
        }
        case DATE -> {
          return date(text);
        }
        case TIME -> {
          return time(text);
        }
        case TIMESTAMP -> {
          return timestamp(text);
        }
        case ASCII -> {
          for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) > 127) {
              return "Invalid ASCII character in string literal ('"
                  + new String(Character.toChars(text.codePointAt(i)))
                  + "' at "
                  + (i + 1)
                  + ")";
            }
          }
        }
        case DURATION -> {
          return duration(text);
        }
        case INET -> {
          return inetLiteralRefused(text)
              ? "Unable to make inet address from '" + text + "'"
              : null;
        }
        default -> {
          return null;
        }
      }
      return null;
    } catch (IllegalArgumentException | ArithmeticException e) {
      return switch (type) {
        case TINYINT -> "Unable to make byte from '" + text + "'";
        case SMALLINT -> "Unable to make short from '" + text + "'";
        case INT -> "Unable to make int from '" + text + "'";
        case BIGINT, COUNTER -> "Unable to make long from '" + text + "'";
        case DECIMAL -> "unable to make BigDecimal from '" + text + "'";
        case UUID, TIMEUUID -> "Unable to make UUID from '" + text + "'";
        default -> "Unable to make " + type.asCql() + " from '" + text + "'";
      };
    }
  }

  /** What to write instead, after a value the type cannot read. */
  private static String howToWrite(NativeType type) {
    return switch (type) {
      case TINYINT -> " (a tinyint is from -128 to 127)";
      case SMALLINT -> " (a smallint is from -32768 to 32767)";
      case INT -> " (an int is from -2147483648 to 2147483647; bigint or varint hold more)";
      case BIGINT, COUNTER ->
          " (a " + type.asCql() + " is from -9223372036854775808 to 9223372036854775807)";
      case DECIMAL -> " (a decimal holds no NaN or Infinity; double does)";
      case DATE -> " (a date is written 'yyyy-mm-dd', from '-5877641-06-23' to '5881580-07-11')";
      case TIME -> " (a time is written 'hh:mm:ss' with up to 9 digits of a second after a '.')";
      case TIMESTAMP ->
          " (a timestamp is written 'yyyy-mm-dd hh:mm:ss' with an optional zone such as +0000,"
              + " or as milliseconds since 1970)";
      case ASCII -> " (text holds any character)";
      case DURATION ->
          " (a duration is written with units from years to nanoseconds, each once and in that"
              + " order, such as 1h30m, or as P1DT2H)";
      default -> "";
    };
  }

  /** How to write the value instead when its kind does not fit, where one way is clear. */
  private static String hint(Constant.Kind kind, CqlType type) {
    if (kind == Constant.Kind.STRING && (type == NativeType.UUID || type == NativeType.TIMEUUID)) {
      return " (a UUID is written without quotes)";
    }
    if (kind == Constant.Kind.STRING && type == NativeType.BLOB) {
      return " (a blob is written 0x... or textAsBlob('...'))";
    }
    if (kind == Constant.Kind.STRING
        && type instanceof NativeType nt
        && (numeric(nt) || nt == NativeType.BOOLEAN)) {
      return " (a number or boolean is written without quotes)";
    }
    if (kind == Constant.Kind.STRING && type == NativeType.DURATION) {
      return " (a duration is written without quotes, with units: 1h30m)";
    }
    if (kind != Constant.Kind.STRING && (type == NativeType.TEXT || type == NativeType.ASCII)) {
      return " (text is written in single quotes)";
    }
    return "";
  }

  /** {@code Constants.Literal.testAssignment}'s table: which native types take which constant. */
  private static boolean assignable(Constant.Kind kind, NativeType nt) {
    return switch (kind) {
      case STRING ->
          nt == NativeType.ASCII
              || nt == NativeType.TEXT
              || nt == NativeType.INET
              || nt == NativeType.DATE
              || nt == NativeType.TIME
              || nt == NativeType.TIMESTAMP;
      case INTEGER ->
          numeric(nt)
              || nt == NativeType.DATE
              || nt == NativeType.DURATION
              || nt == NativeType.TIME
              || nt == NativeType.TIMESTAMP;
      case DURATION -> nt == NativeType.DURATION;
      case UUID -> nt == NativeType.UUID || nt == NativeType.TIMEUUID;
      case FLOAT -> nt == NativeType.DECIMAL || nt == NativeType.DOUBLE || nt == NativeType.FLOAT;
      case BOOLEAN -> nt == NativeType.BOOLEAN;
        // Cassandra 5.0.9 prefers tinyint for a blob constant (Constants.Type.HEX), and takes it
        // there, its bytes as they are.
      case HEX -> nt == NativeType.BLOB || nt == NativeType.TINYINT;
      default -> true;
    };
  }

  private static final Pattern WHOLE = Pattern.compile("^-?\\d+$");
  private static final Pattern UUID_TEXT =
      Pattern.compile(
          "[A-Fa-f0-9]{8}-[A-Fa-f0-9]{4}-[A-Fa-f0-9]{4}-[A-Fa-f0-9]{4}-[A-Fa-f0-9]{12}");

  // SimpleDateSerializer.dateStringToDays.
  private static final DateTimeFormatter DATE =
      DateTimeFormatter.ISO_LOCAL_DATE
          .withZone(ZoneOffset.UTC)
          .withResolverStyle(ResolverStyle.STRICT);
  private static final long MIN_DATE_MILLIS = TimeUnit.DAYS.toMillis(Integer.MIN_VALUE);
  private static final long MAX_DATE_MILLIS = TimeUnit.DAYS.toMillis(Integer.MAX_VALUE);
  private static final long MAX_DAYS = (1L << 32) - 1;

  private static String date(String text) {
    if (WHOLE.matcher(text).matches()) {
      try {
        long days = Long.parseLong(text);
        if (days >= 0 && days <= MAX_DAYS) {
          return null;
        }
      } catch (NumberFormatException e) {
        // As out of bounds.
      }
      return "Unable to make unsigned int (for date) from: '" + text + "'";
    }
    try {
      LocalDate parsed = DATE.parse(text, LocalDate::from);
      long millis = parsed.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
      if (millis < MIN_DATE_MILLIS) {
        return "Input date " + text + " is less than min supported date";
      }
      if (millis > MAX_DATE_MILLIS) {
        return "Input date " + text + " is greater than max supported date";
      }
      return null;
    } catch (DateTimeException | ArithmeticException e) {
      return "Unable to coerce '" + text + "' to a formatted date (long)";
    }
  }

  // TimeSerializer.timeStringToLong.
  private static String time(String text) {
    if (WHOLE.matcher(text).matches()) {
      try {
        long nanos = Long.parseLong(text);
        if (nanos >= 0 && nanos < TimeUnit.DAYS.toNanos(1)) {
          return null;
        }
      } catch (NumberFormatException e) {
        // As out of bounds.
      }
      return "Unable to make long (for time) from: '" + text + "'";
    }
    try {
      timeStrictly(text);
      return null;
    } catch (IllegalArgumentException e) {
      return "(TimeType) Unable to coerce '" + text + "' to a formatted time (long)";
    }
  }

  /** {@code TimeSerializer.parseTimeStrictly}: {@code hh:mm:ss[.fffffffff]}, each part in range. */
  private static void timeStrictly(String text) {
    String s = text.trim();
    int firstColon = s.indexOf(':');
    int secondColon = s.indexOf(':', firstColon + 1);
    if (!(firstColon > 0 && secondColon > 0 && secondColon < s.length() - 1)) {
      throw new IllegalArgumentException("format");
    }
    int period = s.indexOf('.', secondColon + 1);
    inRange(Integer.parseInt(s.substring(0, firstColon)), 24);
    inRange(Integer.parseInt(s.substring(firstColon + 1, secondColon)), 60);
    if (period > 0 && period < s.length() - 1) {
      inRange(Integer.parseInt(s.substring(secondColon + 1, period)), 60);
      String nanos = s.substring(period + 1);
      if (nanos.length() > 9 || !Character.isDigit(nanos.charAt(0))) {
        throw new IllegalArgumentException("format");
      }
      Integer.parseInt(nanos);
    } else if (period > 0) {
      throw new IllegalArgumentException("format");
    } else {
      inRange(Integer.parseInt(s.substring(secondColon + 1)), 60);
    }
  }

  private static void inRange(int value, int bound) {
    if (value < 0 || value >= bound) {
      throw new IllegalArgumentException("out of bounds");
    }
  }

  // org.apache.cassandra.cql3.Duration.from.
  private static final Pattern DURATION_UNITS =
      Pattern.compile(
          "\\G(\\d+)(y|Y|mo|MO|mO|Mo|w|W|d|D|h|H|s|S|ms|MS|mS|Ms|us|US|uS|Us|µs|µS|ns|NS|nS|Ns|m|M)");
  private static final Pattern DURATION_ISO =
      Pattern.compile("P((\\d+)Y)?((\\d+)M)?((\\d+)D)?(T((\\d+)H)?((\\d+)M)?((\\d+)S)?)?");
  private static final Pattern DURATION_WEEKS = Pattern.compile("P(\\d+)W");
  private static final Pattern DURATION_ALTERNATIVE =
      Pattern.compile("P(\\d{4})-(\\d{2})-(\\d{2})T(\\d{2}):(\\d{2}):(\\d{2})");
  private static final List<String> DURATION_UNIT_NAMES =
      List.of(
          "",
          "years",
          "months",
          "weeks",
          "days",
          "hours",
          "minutes",
          "seconds",
          "milliseconds",
          "microseconds",
          "nanoseconds");

  /** Cassandra's message when {@code Duration.from} refuses the text, or null. */
  private static String duration(String text) {
    String source = text.startsWith("-") ? text.substring(1) : text;
    String unconverted = "Unable to convert '" + text + "' to a duration";
    DurationSum sum = new DurationSum();
    try {
      if (source.startsWith("P")) {
        java.util.regex.Matcher m;
        if (source.endsWith("W")) {
          m = DURATION_WEEKS.matcher(source);
          if (!m.matches()) {
            return unconverted;
          }
          return sum.add(3, Long.parseLong(m.group(1)));
        }
        if (source.contains("-")) {
          m = DURATION_ALTERNATIVE.matcher(source);
          if (!m.matches()) {
            return unconverted;
          }
          int[] units = {1, 2, 4, 5, 6, 7};
          for (int i = 0; i < units.length; i++) {
            String why = sum.add(units[i], Long.parseLong(m.group(i + 1)));
            if (why != null) {
              return why;
            }
          }
          return null;
        }
        m = DURATION_ISO.matcher(source);
        if (!m.matches()) {
          return unconverted;
        }
        int[][] groups = {{1, 2, 1}, {3, 4, 2}, {5, 6, 4}, {8, 9, 5}, {10, 11, 6}, {12, 13, 7}};
        for (int[] g : groups) {
          if (m.group(g[0]) != null && (g[0] < 8 || m.group(7) != null)) {
            String why = sum.add(g[2], Long.parseLong(m.group(g[1])));
            if (why != null) {
              return why;
            }
          }
        }
        return null;
      }
      java.util.regex.Matcher m = DURATION_UNITS.matcher(source);
      if (!m.find()) {
        return unconverted;
      }
      boolean done;
      do {
        String why = sum.add(unitIndex(m.group(2)), Long.parseLong(m.group(1)));
        if (why != null) {
          return why;
        }
        done = m.end() == source.length();
      } while (m.find());
      return done ? null : unconverted;
    } catch (NumberFormatException e) {
      return "For input string: \"" + text + "\" (NumberFormatException: a number too large)";
    }
  }

  private static int unitIndex(String symbol) {
    return switch (symbol.toLowerCase(Locale.ROOT)) {
      case "y" -> 1;
      case "mo" -> 2;
      case "w" -> 3;
      case "d" -> 4;
      case "h" -> 5;
      case "m" -> 6;
      case "s" -> 7;
      case "ms" -> 8;
      case "us", "µs" -> 9;
      default -> 10;
    };
  }

  /** {@code Duration.Builder}: units in order, each once, the totals within their fields. */
  private static final class DurationSum {
    private long months;
    private long days;
    private long nanos;
    private int unit;

    String add(int index, long n) {
      if (index == unit) {
        return "Invalid duration. The "
            + DURATION_UNIT_NAMES.get(index)
            + " are specified multiple times";
      }
      if (index < unit) {
        return "Invalid duration. The "
            + DURATION_UNIT_NAMES.get(unit)
            + " should be after "
            + DURATION_UNIT_NAMES.get(index);
      }
      unit = index;
      long[] per = {
        0, 12, 1, 7, 1, 3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L, 1_000_000L, 1_000L, 1
      };
      String field = index <= 2 ? "months" : index <= 4 ? "days" : "nanoseconds";
      long total = index <= 2 ? months : index <= 4 ? days : nanos;
      long limit =
          index <= 4
              ? (Integer.MAX_VALUE - total) / per[index]
              : (Long.MAX_VALUE - total) / per[index];
      if (n > limit) {
        return "Invalid duration. The total number of "
            + field
            + " must be less or equal to "
            + Integer.MAX_VALUE;
      }
      if (index <= 2) {
        months += n * per[index];
      } else if (index <= 4) {
        days += n * per[index];
      } else {
        nanos += n * per[index];
      }
      return null;
    }
  }

  // TimestampSerializer.dateStringToTimestamp.
  private static final List<DateTimeFormatter> TIMESTAMPS = timestampFormats();

  private static List<DateTimeFormatter> timestampFormats() {
    List<DateTimeFormatter> out = new ArrayList<>();
    String[] dateTimes = {"y-M-d'T'H:m[:s]", "y-M-d H:m[:s]"};
    String[] offsets = {" z", " zzzz", " X", "X", "XXX"};
    for (String dateTime : dateTimes) {
      out.add(
          new DateTimeFormatterBuilder()
              .appendPattern(dateTime)
              .appendFraction(ChronoField.MILLI_OF_SECOND, 0, 9, true)
              .toFormatter(Locale.US)
              .withZone(ZoneId.systemDefault()));
      for (String offset : offsets) {
        out.add(
            new DateTimeFormatterBuilder()
                .appendPattern(dateTime)
                .appendFraction(ChronoField.MILLI_OF_SECOND, 0, 9, true)
                .appendPattern(offset)
                .toFormatter(Locale.US));
      }
    }
    for (String offset : offsets) {
      out.add(
          new DateTimeFormatterBuilder()
              .appendPattern("yyyy-MM-dd")
              .appendPattern(offset)
              .parseDefaulting(ChronoField.NANO_OF_DAY, 0)
              .toFormatter(Locale.US));
    }
    out.add(
        new DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_DATE)
            .parseDefaulting(ChronoField.NANO_OF_DAY, 0)
            .toFormatter(Locale.US)
            .withZone(ZoneId.systemDefault()));
    return List.copyOf(out);
  }

  private static String timestamp(String text) {
    if (text.equalsIgnoreCase("now")) {
      return null;
    }
    if (WHOLE.matcher(text).matches()) {
      try {
        Long.parseLong(text);
        return null;
      } catch (NumberFormatException e) {
        return "Unable to make long (for date) from: '" + text + "'";
      }
    }
    TimestampRead r = readTimestamp(text);
    try {
      if (r != null) {
        r.read().toInstant().toEpochMilli();
        return null;
      }
    } catch (ArithmeticException e) {
      // Cassandra's parse fails the same way: the statement is refused.
    }
    return "Unable to parse a date/time from '" + text + "'";
  }

  /** The first of TimestampSerializer's patterns that reads the text, and what it reads. */
  private record TimestampRead(DateTimeFormatter format, ZonedDateTime read) {}

  /** {@code dateStringToTimestamp}'s patterns tried in order; null when none reads the text. */
  private static TimestampRead readTimestamp(String text) {
    for (DateTimeFormatter format : TIMESTAMPS) {
      try {
        return new TimestampRead(format, ZonedDateTime.parse(text, format));
      } catch (DateTimeException e) {
        // The next pattern.
      }
    }
    return null;
  }
}
