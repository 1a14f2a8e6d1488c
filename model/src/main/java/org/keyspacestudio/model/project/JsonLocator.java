package org.keyspacestudio.model.project;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * Finds where in a JSON text a value is, by its JSON Pointer: the reader works on a tree, which has
 * no positions, so an error found there is located by reading the text once more as a stream.
 */
final class JsonLocator {

  private static final JsonFactory FACTORY = new JsonFactory();

  private JsonLocator() {}

  /**
   * The 1-based line and column where the value at {@code pointer} starts (for a missing key, where
   * the object that lacks it starts), or {@code {0, 0}} when it cannot be found.
   *
   * @param json the whole text, well formed
   * @param pointer a JSON Pointer ({@code ""} for the root)
   */
  static int[] locate(String json, String pointer) {
    try (JsonParser parser = FACTORY.createParser(json)) {
      JsonToken token;
      while ((token = parser.nextToken()) != null) {
        if (token == JsonToken.FIELD_NAME) {
          continue;
        }
        String at = parser.getParsingContext().pathAsPointer().toString();
        if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
          // The context of a container's start token is the container itself; its pointer is the
          // parent's.
          at =
              parser.getParsingContext().getParent() == null
                  ? ""
                  : parser.getParsingContext().getParent().pathAsPointer().toString();
        }
        if (at.equals(pointer)) {
          JsonLocation l = parser.currentTokenLocation();
          return new int[] {l.getLineNr(), l.getColumnNr()};
        }
      }
    } catch (IOException e) {
      // The text was read as a tree before, so it is well formed; nothing to locate otherwise.
    }
    return new int[] {0, 0};
  }
}
