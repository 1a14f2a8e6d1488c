package org.keyspacestudio.model.type;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.parse.CqlTypeParser;

/**
 * What a user sees for a constant a column's type does not read: the cases Cassandra 5.0.9 refuses
 * when it prepares the statement (held against its classes by the oracle's WritesOracleTest and
 * SupportOracleTest), and those it takes.
 */
class ConstantTypesTest {

  private static String refusal(Constant.Kind kind, String text, String type) {
    return ConstantTypes.refusal(
        new Constant(kind, text, 0, text.length()), CqlTypeParser.parse(type), "c");
  }

  private static String string(String text, String type) {
    return refusal(Constant.Kind.STRING, text, type);
  }

  @Test
  void aDateIsReadAsCassandraReadsItWithHowToWriteIt() {
    assertThat(string("2026-02-28", "date")).isNull();
    assertThat(string("-0044-03-15", "date")).isNull();
    assertThat(refusal(Constant.Kind.INTEGER, "2147483648", "date")).isNull();
    assertThat(string("2026-02-30", "date"))
        .isEqualTo(
            "Unable to coerce '2026-02-30' to a formatted date (long) for \"c\" of type date (a"
                + " date is written 'yyyy-mm-dd', from '-5877641-06-23' to '5881580-07-11')");
    assertThat(string("2026/02/28", "date")).startsWith("Unable to coerce '2026/02/28'");
    assertThat(string("2026-02-28 10:00", "date")).startsWith("Unable to coerce");
    assertThat(refusal(Constant.Kind.INTEGER, "-1", "date"))
        .startsWith("Unable to make unsigned int (for date) from: '-1'");
    assertThat(refusal(Constant.Kind.INTEGER, "4294967296", "date")).startsWith("Unable to make");
    assertThat(string("+9999999-01-01", "date"))
        .startsWith("Input date +9999999-01-01 is greater than max supported date");
    assertThat(string("", "date")).startsWith("Unable to coerce ''");
  }

  @Test
  void aTimeIsReadAsHoursMinutesSecondsOrNanosecondsOfTheDay() {
    assertThat(string("08:30:00", "time")).isNull();
    assertThat(string("23:59:59.123456789", "time")).isNull();
    assertThat(string(" 1:2:3 ", "time")).isNull();
    assertThat(refusal(Constant.Kind.INTEGER, "86399999999999", "time")).isNull();
    assertThat(string("24:00:00", "time"))
        .isEqualTo(
            "(TimeType) Unable to coerce '24:00:00' to a formatted time (long) for \"c\" of type"
                + " time (a time is written 'hh:mm:ss' with up to 9 digits of a second after a"
                + " '.')");
    assertThat(string("08:30", "time")).startsWith("(TimeType) Unable to coerce");
    assertThat(string("08:30:00.", "time")).startsWith("(TimeType) Unable to coerce");
    assertThat(string("08:30:00.1234567890", "time")).startsWith("(TimeType) Unable to coerce");
    assertThat(refusal(Constant.Kind.INTEGER, "86400000000000", "time"))
        .startsWith("Unable to make long (for time) from: '86400000000000'");
  }

  @Test
  void aTimestampTakesTheDateAndTimePatternsNowAndMilliseconds() {
    for (String ok :
        new String[] {
          "2026-01-01",
          "2026-01-01 10:30",
          "2026-01-01 10:30:15.123",
          "2026-01-01T10:30:15Z",
          "2026-01-01 10:30:15+0100",
          "2026-01-01T10:30:15.5+01:00",
          "2026-01-01 10:30:15 UTC",
          "2026-01-01+0000",
          "now",
          "NOW",
          "",
          "1700000000000"
        }) {
      assertThat(string(ok, "timestamp")).as(ok).isNull();
    }
    assertThat(string("01/02/2026", "timestamp"))
        .isEqualTo(
            "Unable to parse a date/time from '01/02/2026' for \"c\" of type timestamp (a"
                + " timestamp is written 'yyyy-mm-dd hh:mm:ss' with an optional zone such as"
                + " +0000, or as milliseconds since 1970)");
    assertThat(string("2026-13-01", "timestamp")).startsWith("Unable to parse");
    assertThat(string("yesterday", "timestamp")).startsWith("Unable to parse");
    assertThat(refusal(Constant.Kind.INTEGER, "12345678901234567890123", "timestamp"))
        .startsWith("Unable to make long (for date) from: '12345678901234567890123'");
  }

  @Test
  void aTimestampTheNodeReadsOtherwiseThanItSeemsIsNoted() {
    Constant utc = new Constant(Constant.Kind.STRING, "2026-01-01 10:30:15+0000", 0, 0);
    assertThat(ConstantTypes.note(utc, NativeType.TIMESTAMP, "c")).isNull();
    assertThat(
            ConstantTypes.note(
                new Constant(Constant.Kind.STRING, "2026-01-01 10:30", 0, 0),
                NativeType.TIMESTAMP,
                "c"))
        .isEqualTo(
            "'2026-01-01 10:30' for \"c\" names no time zone: the coordinating node reads it in its"
                + " own (its JVM's default), so nodes in different zones take different instants"
                + " (write it with an offset: '2026-01-01 10:30+0000')");
    assertThat(
            ConstantTypes.note(
                new Constant(Constant.Kind.STRING, "2026-01-01", 0, 0), NativeType.TIMESTAMP, "c"))
        .endsWith("(write it with an offset: '2026-01-01 00:00+0000')");
    assertThat(
            ConstantTypes.note(
                new Constant(Constant.Kind.STRING, "2026-02-30 10:00+0000", 0, 0),
                NativeType.TIMESTAMP,
                "c"))
        .startsWith(
            "'2026-02-30 10:00+0000' for \"c\" is read as 2026-02-28T10:00Z: the reading"
                + " moves a day past the month's end");
    assertThat(
            ConstantTypes.note(
                new Constant(Constant.Kind.STRING, "2026-01-01T24:00Z", 0, 0),
                NativeType.TIMESTAMP,
                "c"))
        .startsWith("'2026-01-01T24:00Z' for \"c\" is read as 2026-01-02T00:00Z");
    assertThat(
            ConstantTypes.note(
                new Constant(Constant.Kind.STRING, "now", 0, 0), NativeType.TIMESTAMP, "c"))
        .contains("is the time the node prepares the statement");
    assertThat(
            ConstantTypes.note(
                new Constant(Constant.Kind.STRING, "2026-01-01 10:30", 0, 0), NativeType.TEXT, "c"))
        .isNull();
    assertThat(
            ConstantTypes.note(
                new Constant(Constant.Kind.STRING, "01/02/2026", 0, 0), NativeType.TIMESTAMP, "c"))
        .as("refused, not noted")
        .isNull();
    Constant local = new Constant(Constant.Kind.STRING, "2026-01-01 10:30", 0, 0);
    assertThat(
            ConstantTypes.note(
                new Constant(
                    Constant.Kind.SET,
                    "{...}",
                    0,
                    0,
                    java.util.List.of(utc, local),
                    java.util.List.of()),
                CqlTypeParser.parse("set<timestamp>"),
                "c"))
        .startsWith("'2026-01-01 10:30' for \"value(c)\" names no time zone");
  }

  @Test
  void asciiTakesAsciiCharactersOnly() {
    assertThat(string("plain text ~", "ascii")).isNull();
    assertThat(string("café", "ascii"))
        .isEqualTo(
            "Invalid ASCII character in string literal ('é' at 4) for \"c\" of type ascii (text"
                + " holds any character)");
    assertThat(string("café", "text")).isNull();
  }

  @Test
  void numbersAreReadWithinTheirTypesRange() {
    assertThat(refusal(Constant.Kind.INTEGER, "-128", "tinyint")).isNull();
    assertThat(refusal(Constant.Kind.INTEGER, "128", "tinyint"))
        .isEqualTo(
            "Unable to make byte from '128' for \"c\" of type tinyint (a tinyint is from -128 to"
                + " 127)");
    assertThat(refusal(Constant.Kind.INTEGER, "9223372036854775808", "counter"))
        .startsWith("Unable to make long from '9223372036854775808'");
    assertThat(refusal(Constant.Kind.INTEGER, "99999999999999999999999", "varint")).isNull();
    assertThat(refusal(Constant.Kind.FLOAT, "NaN", "double")).isNull();
    assertThat(refusal(Constant.Kind.FLOAT, "-Infinity", "float")).isNull();
    assertThat(refusal(Constant.Kind.FLOAT, "NaN", "decimal"))
        .isEqualTo(
            "unable to make BigDecimal from 'NaN' for \"c\" of type decimal (a decimal holds no"
                + " NaN or Infinity; double does)");
    assertThat(refusal(Constant.Kind.FLOAT, "1.5e3", "decimal")).isNull();
  }

  @Test
  void aWholeNumberIsNoDurationAndABlobsDigitsComeInPairs() {
    assertThat(refusal(Constant.Kind.INTEGER, "5", "duration"))
        .isEqualTo(
            "Unable to convert '5' to a duration for \"c\" of type duration (a duration is written"
                + " with units from years to nanoseconds, each once and in that order, such as"
                + " 1h30m, or as P1DT2H)");
    assertThat(refusal(Constant.Kind.DURATION, "1h30m", "duration")).isNull();
    assertThat(refusal(Constant.Kind.DURATION, "P0001-02-03T04:05:06", "duration")).isNull();
    assertThat(refusal(Constant.Kind.DURATION, "30m1h", "duration"))
        .startsWith("Invalid duration. The minutes should be after hours");
    assertThat(refusal(Constant.Kind.DURATION, "1h1h", "duration"))
        .startsWith("Invalid duration. The hours are specified multiple times");
    assertThat(refusal(Constant.Kind.DURATION, "3000000000mo", "duration"))
        .startsWith("Invalid duration. The total number of months must be less or equal to");
    assertThat(refusal(Constant.Kind.DURATION, "p1d", "duration"))
        .startsWith("Unable to convert 'p1d' to a duration");
    assertThat(refusal(Constant.Kind.DURATION, "1h", "int"))
        .startsWith("Invalid DURATION constant (1h) for \"c\" of type int");
    assertThat(string("1h", "duration"))
        .isEqualTo(
            "Invalid STRING constant (1h) for \"c\" of type duration (a duration is written"
                + " without quotes, with units: 1h30m)");
    assertThat(refusal(Constant.Kind.HEX, "0xcafe", "blob")).isNull();
    assertThat(refusal(Constant.Kind.HEX, "0x", "blob")).isNull();
    assertThat(refusal(Constant.Kind.HEX, "0xcaf", "blob"))
        .isEqualTo(
            "cannot parse 'caf' as hex bytes (a blob's hexadecimal digits come in pairs: 0x0caf)");
  }

  @Test
  void aTuplesStringIsReadAsItsComponents() {
    assertThat(string("1:abc", "tuple<int, text>")).isNull();
    assertThat(string("@:abc", "tuple<int, text>")).isNull();
    assertThat(string(":abc", "tuple<int, text>")).isNull();
    assertThat(string("1:a\\:b", "tuple<int, text>")).isNull();
    assertThat(string("1:2026-02-30", "tuple<int, date>"))
        .isEqualTo(
            "Unable to coerce '2026-02-30' to a formatted date (long) (component 2 of \"c\": a"
                + " constant for a tuple is read as its components, separated by ':'; write (a,"
                + " b) instead)");
    assertThat(string("1:2:3", "tuple<int, int>"))
        .startsWith(
            "Invalid tuple literal: too many elements. Type tuple<int, int> expects 2 but got 3");
  }

  @Test
  void aLiteralsValuesAreTypedAsItsElementsKeysComponentsAndFields() {
    java.util.Map<String, CqlType> addr = new java.util.LinkedHashMap<>();
    addr.put("street", NativeType.TEXT);
    addr.put("zip", NativeType.INT);
    ConstantTypes.UserTypes types = r -> addr;
    java.util.function.BiFunction<Constant, String, String> judge =
        (c, type) -> ConstantTypes.refusal(c, CqlTypeParser.parse(type), "c", types);
    Constant one = new Constant(Constant.Kind.INTEGER, "1", 0, 0);
    Constant day = new Constant(Constant.Kind.STRING, "2026-02-30", 0, 0);
    Constant nul = new Constant(Constant.Kind.NULL, "null", 0, 0);
    Constant bind = new Constant(Constant.Kind.OTHER, "?", 0, 0);
    assertThat(judge.apply(literal(Constant.Kind.LIST, one, one), "list<int>")).isNull();
    assertThat(judge.apply(literal(Constant.Kind.LIST, day), "list<int>"))
        .isEqualTo("Invalid list literal for c: value '2026-02-30' is not of type int");
    assertThat(judge.apply(literal(Constant.Kind.SET, day), "set<date>"))
        .startsWith("Unable to coerce '2026-02-30' to a formatted date (long) for \"value(c)\"");
    assertThat(judge.apply(literal(Constant.Kind.LIST, nul), "list<int>"))
        .isEqualTo("null is not supported inside collections");
    assertThat(judge.apply(literal(Constant.Kind.SET, bind), "set<int>"))
        .isEqualTo(
            "Invalid set literal for c: bind variables are not supported inside collection"
                + " literals");
    assertThat(judge.apply(literal(Constant.Kind.SET), "map<int, int>")).isNull();
    assertThat(judge.apply(literal(Constant.Kind.MAP, one, day), "map<int, date>"))
        .startsWith("Unable to coerce '2026-02-30'");
    assertThat(judge.apply(literal(Constant.Kind.LIST, one), "vector<float, 2>"))
        .isEqualTo(
            "Invalid vector literal for c of type vector<float, 2>; expected 2 elements, but given"
                + " 1");
    assertThat(judge.apply(literal(Constant.Kind.TUPLE, one, one, one), "tuple<int, int>"))
        .startsWith("Invalid tuple literal for c: too many elements");
    assertThat(judge.apply(literal(Constant.Kind.TUPLE, one, nul), "tuple<int, int>")).isNull();
    assertThat(judge.apply(literal(Constant.Kind.LIST, one), "int"))
        .isEqualTo("Invalid list literal for c of type int");
    Constant street =
        new Constant(
            Constant.Kind.UDT,
            "{street: 1}",
            0,
            0,
            java.util.List.of(one),
            java.util.List.of("street"));
    assertThat(judge.apply(street, "frozen<addr>"))
        .isEqualTo("Invalid user type literal for c: field street is not of type text");
    Constant nope =
        new Constant(
            Constant.Kind.UDT,
            "{nope: 1}",
            0,
            0,
            java.util.List.of(one),
            java.util.List.of("nope"));
    assertThat(judge.apply(nope, "frozen<addr>"))
        .isEqualTo("Unknown field 'nope' in value of user defined type addr (it has street, zip)");
    assertThat(judge.apply(literal(Constant.Kind.TUPLE, one, one), "frozen<addr>"))
        .as("a tuple literal is read as the user type's fields in order")
        .isEqualTo("Invalid tuple literal for c: component 0 is not of type text");
  }

  private static Constant literal(Constant.Kind kind, Constant... items) {
    return new Constant(kind, kind.name(), 0, 0, java.util.List.of(items), java.util.List.of());
  }

  @Test
  void kindsATypeDoesNotTakeAndNullsForCounters() {
    assertThat(string("abc", "uuid"))
        .isEqualTo(
            "Invalid STRING constant (abc) for \"c\" of type uuid (a UUID is written without"
                + " quotes)");
    assertThat(refusal(Constant.Kind.INTEGER, "1", "list<int>")).startsWith("Invalid INTEGER");
    assertThat(refusal(Constant.Kind.NULL, "null", "counter"))
        .isEqualTo("Invalid null value for counter increment/decrement");
    assertThat(refusal(Constant.Kind.NULL, "null", "int")).isNull();
    assertThat(refusal(Constant.Kind.OTHER, "", "int")).isNull();
    assertThat(string("anything", "inet")).isNull();
    assertThat(refusal(Constant.Kind.UUID, "6ab09bec-e68e-48d9-a5f8-97e6fb4c9b47", "timeuuid"))
        .contains("is of version 4, a timeuuid is of version 1");
  }
}
