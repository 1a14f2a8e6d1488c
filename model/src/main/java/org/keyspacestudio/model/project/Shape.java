package org.keyspacestudio.model.project;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;

/**
 * Strict access to a project file's JSON tree: every value is checked for the kind the format says,
 * and anything else is a {@link ShapeError} naming the value's JSON Pointer and what was expected.
 * Nothing is guessed: a missing array is not an empty one.
 */
final class Shape {

  private Shape() {}

  static String child(String pointer, String field) {
    return pointer + "/" + field.replace("~", "~0").replace("/", "~1");
  }

  static String child(String pointer, int index) {
    return pointer + "/" + index;
  }

  private static String kind(JsonNode node) {
    if (node == null || node.isMissingNode()) {
      return "nothing";
    }
    return switch (node.getNodeType()) {
      case ARRAY -> "an array";
      case OBJECT -> "an object";
      case STRING -> "a string";
      case NUMBER -> "a number";
      case BOOLEAN -> "a boolean";
      case NULL -> "null";
      default -> node.getNodeType().name().toLowerCase(Locale.ROOT);
    };
  }

  static ShapeError expected(String pointer, String what, JsonNode found) {
    return new ShapeError(pointer, "expected " + what + ", found " + kind(found));
  }

  static ObjectNode object(JsonNode node, String pointer) {
    if (node instanceof ObjectNode o) {
      return o;
    }
    throw expected(pointer, "an object", node);
  }

  private static JsonNode required(ObjectNode o, String field, String pointer) {
    JsonNode value = o.get(field);
    if (value == null) {
      throw new ShapeError(pointer, "missing \"" + field + "\"");
    }
    return value;
  }

  static ObjectNode object(ObjectNode o, String field, String pointer) {
    return object(required(o, field, pointer), child(pointer, field));
  }

  /** An optional object: null when the key is absent or null. */
  static ObjectNode optionalObject(ObjectNode o, String field, String pointer) {
    JsonNode value = o.get(field);
    return value == null || value.isNull() ? null : object(value, child(pointer, field));
  }

  static ArrayNode array(ObjectNode o, String field, String pointer) {
    JsonNode value = required(o, field, pointer);
    if (value instanceof ArrayNode a) {
      return a;
    }
    throw expected(child(pointer, field), "an array", value);
  }

  /** An optional array: empty when the key is absent. */
  static ArrayNode optionalArray(ObjectNode o, String field, String pointer) {
    return o.has(field)
        ? array(o, field, pointer)
        : com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
  }

  /** A required string. */
  static String string(ObjectNode o, String field, String pointer) {
    JsonNode value = required(o, field, pointer);
    if (value.isTextual()) {
      return value.asText();
    }
    throw expected(child(pointer, field), "a string", value);
  }

  /**
   * A name of the conceptual model or the workflow: a string, not empty (an element is found by its
   * name, and an empty one names nothing).
   */
  static String name(ObjectNode o, String field, String pointer) {
    String value = string(o, field, pointer);
    if (value.isEmpty()) {
      throw new ShapeError(child(pointer, field), "expected a name, found an empty string");
    }
    return value;
  }

  /** A name ({@link #name}) as an element of an array. */
  static String name(JsonNode element, String pointer) {
    String value = string(element, pointer);
    if (value.isEmpty()) {
      throw new ShapeError(pointer, "expected a name, found an empty string");
    }
    return value;
  }

  /** A name or null ({@link #name}), the key itself required. */
  static String nullableName(ObjectNode o, String field, String pointer) {
    String value = nullableString(o, field, pointer);
    if (value != null && value.isEmpty()) {
      throw new ShapeError(child(pointer, field), "expected a name or null, found an empty string");
    }
    return value;
  }

  /** A string or null, the key itself required. */
  static String nullableString(ObjectNode o, String field, String pointer) {
    JsonNode value = required(o, field, pointer);
    if (value.isNull()) {
      return null;
    }
    if (value.isTextual()) {
      return value.asText();
    }
    throw expected(child(pointer, field), "a string or null", value);
  }

  /** An optional string: {@code otherwise} when the key is absent or null. */
  static String optionalString(ObjectNode o, String field, String pointer, String otherwise) {
    JsonNode value = o.get(field);
    if (value == null || value.isNull()) {
      return otherwise;
    }
    if (value.isTextual()) {
      return value.asText();
    }
    throw expected(child(pointer, field), "a string", value);
  }

  /** An optional boolean: {@code otherwise} when the key is absent. */
  static boolean bool(ObjectNode o, String field, String pointer, boolean otherwise) {
    JsonNode value = o.get(field);
    if (value == null) {
      return otherwise;
    }
    if (value.isBoolean()) {
      return value.asBoolean();
    }
    throw expected(child(pointer, field), "true or false", value);
  }

  /** A required finite number. */
  static double number(ObjectNode o, String field, String pointer) {
    JsonNode value = required(o, field, pointer);
    if (value.isNumber() && Double.isFinite(value.asDouble())) {
      return value.asDouble();
    }
    throw expected(child(pointer, field), "a number", value);
  }

  /** A string element of an array. */
  static String string(JsonNode element, String pointer) {
    if (element != null && element.isTextual()) {
      return element.asText();
    }
    throw expected(pointer, "a string", element);
  }

  /** Each element of a required array field, read by {@code read} with its pointer. */
  static <T> List<T> each(
      ObjectNode o, String field, String pointer, BiFunction<JsonNode, String, T> read) {
    return each(array(o, field, pointer), child(pointer, field), read);
  }

  /**
   * Each entry of a required object field used as a map, passed to {@code read} with its key, value
   * and pointer.
   */
  static void entries(
      ObjectNode o,
      String field,
      String pointer,
      java.util.function.BiConsumer<java.util.Map.Entry<String, JsonNode>, String> read) {
    ObjectNode map = object(o, field, pointer);
    String at = child(pointer, field);
    map.fields().forEachRemaining(e -> read.accept(e, child(at, e.getKey())));
  }

  static <T> List<T> each(ArrayNode array, String pointer, BiFunction<JsonNode, String, T> read) {
    List<T> out = new ArrayList<>(array.size());
    for (int i = 0; i < array.size(); i++) {
      out.add(read.apply(array.get(i), child(pointer, i)));
    }
    return out;
  }

  /** An enum constant by its name in the file, or a {@link ShapeError} listing the allowed ones. */
  static <E extends Enum<E>> E constant(
      Class<E> type, String text, String pointer, java.util.function.Function<E, String> nameOf) {
    List<String> allowed = new ArrayList<>();
    for (E e : type.getEnumConstants()) {
      if (nameOf.apply(e).equals(text)) {
        return e;
      }
      allowed.add(nameOf.apply(e));
    }
    throw new ShapeError(
        pointer,
        "unknown value \"" + text + "\" (expected one of " + String.join(", ", allowed) + ")");
  }

  /**
   * A JSON Pointer as a readable path: {@code /schema/keyspaces/0/name} as {@code
   * schema.keyspaces[0].name}.
   */
  static String readable(String pointer) {
    if (pointer.isEmpty()) {
      return "the project";
    }
    StringBuilder out = new StringBuilder();
    for (String part : pointer.substring(1).split("/", -1)) {
      String name = part.replace("~1", "/").replace("~0", "~");
      if (!name.isEmpty() && name.chars().allMatch(Character::isDigit)) {
        out.append('[').append(name).append(']');
      } else {
        out.append(out.length() == 0 ? "" : ".").append(name);
      }
    }
    return out.toString();
  }
}
