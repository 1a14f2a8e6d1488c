package org.keyspacestudio.model.workflow;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.schema.ClusteringOrder;

/**
 * A query's parts as one line of text each, for editing in a table cell or a field: given
 * attributes {@code User.email =, Video.added_date >=}, returned attributes {@code User.user_id,
 * User.password}, ordering {@code Video.added_date DESC, Video.video_id}. Reading and writing are
 * inverse: {@code parseX(format(x))} gives {@code x} back.
 */
public final class QueryText {

  private QueryText() {}

  private static List<String> items(String text) {
    List<String> out = new ArrayList<>();
    for (String part : text.split(",")) {
      if (!part.isBlank()) {
        out.add(part.strip());
      }
    }
    return out;
  }

  /** {@code User.email =, Video.added_date >=}. */
  public static String formatGiven(List<Query.Condition> given) {
    return given.stream().map(Query.Condition::toString).collect(Collectors.joining(", "));
  }

  /**
   * Reads search attributes: {@code Entity.attribute OP}, comma-separated; the operator is one of
   * {@code = IN < <= > >=} and may be left out for {@code =}.
   *
   * @throws IllegalArgumentException naming the item that is not one, and what was expected
   */
  public static List<Query.Condition> parseGiven(String text) {
    List<Query.Condition> out = new ArrayList<>();
    for (String item : items(text)) {
      String ref = item;
      Operator op = Operator.EQ;
      int cut = lastOperatorStart(item);
      if (cut >= 0) {
        ref = item.substring(0, cut).strip();
        op = Operator.parse(item.substring(cut));
      }
      out.add(new Query.Condition(reference(ref, item, GIVEN), op));
    }
    return out;
  }

  /**
   * An item's attribute reference, refused when it holds an operator's character: {@code
   * Sensor.sensor_id ==== >} had been read as the attribute {@code sensor_id ====} compared by
   * {@code >}, and offered as an attribute to add to the conceptual model.
   *
   * @throws IllegalArgumentException naming the item, and what was expected
   */
  private static AttributeRef reference(String ref, String item, String expected) {
    if (ref.chars().anyMatch(c -> c == '<' || c == '>' || c == '=')) {
      throw new IllegalArgumentException("'" + item + "' is not " + expected);
    }
    return AttributeRef.parse(ref);
  }

  private static final String GIVEN =
      "an attribute and an operator (expected Entity.attribute followed by one of =, IN, <, <=, >"
          + " or >=)";

  private static final String REFERENCE =
      "an attribute reference (expected Entity.attribute; comparisons go under Given)";

  /** Where the operator at the end of an item starts, or -1 when it has none. */
  private static int lastOperatorStart(String item) {
    String upper = item.toUpperCase(Locale.ROOT);
    if (upper.matches(".*\\sIN$")) {
      return upper.length() - 2;
    }
    int i = item.length();
    while (i > 0 && "<>=".indexOf(item.charAt(i - 1)) >= 0) {
      i--;
    }
    return i == item.length() ? -1 : i;
  }

  /** {@code User.user_id, User.password}. */
  public static String formatRefs(List<AttributeRef> refs) {
    return refs.stream().map(AttributeRef::toString).collect(Collectors.joining(", "));
  }

  /**
   * Reads attribute references, comma-separated.
   *
   * @throws IllegalArgumentException naming the item that is not {@code Entity.attribute}
   */
  public static List<AttributeRef> parseRefs(String text) {
    return items(text).stream().map(item -> reference(item, item, REFERENCE)).toList();
  }

  /**
   * An ordering in words, as query descriptions say it: {@code added_date descending, video_id}.
   *
   * @param orderBy the ordering attributes, not null; empty gives ""
   */
  public static String describeOrderBy(List<Query.Ordering> orderBy) {
    return String.join(
        ", ",
        orderBy.stream()
            .map(
                o ->
                    o.attribute().attribute()
                        + (o.order() == org.keyspacestudio.model.schema.ClusteringOrder.DESC
                            ? " descending"
                            : ""))
            .toList());
  }

  /** {@code Video.added_date DESC, Video.video_id ASC}. */
  public static String formatOrderBy(List<Query.Ordering> orderBy) {
    return orderBy.stream().map(Query.Ordering::toString).collect(Collectors.joining(", "));
  }

  /**
   * Reads ordering attributes: {@code Entity.attribute [ASC|DESC]}, comma-separated (ASC when left
   * out).
   *
   * @throws IllegalArgumentException naming the item that is not one
   */
  public static List<Query.Ordering> parseOrderBy(String text) {
    List<Query.Ordering> out = new ArrayList<>();
    for (String item : items(text)) {
      String[] words = item.split("\\s+");
      ClusteringOrder order = ClusteringOrder.ASC;
      String ref = item;
      String last = words[words.length - 1].toUpperCase(Locale.ROOT);
      if (words.length > 1 && (last.equals("ASC") || last.equals("DESC"))) {
        order = ClusteringOrder.valueOf(last);
        ref = item.substring(0, item.length() - words[words.length - 1].length()).strip();
      }
      out.add(new Query.Ordering(reference(ref, item, REFERENCE), order));
    }
    return out;
  }

  /** Query ids, comma-separated: {@code Q1, Q2}. */
  public static List<String> parseIds(String text) {
    return items(text);
  }
}
