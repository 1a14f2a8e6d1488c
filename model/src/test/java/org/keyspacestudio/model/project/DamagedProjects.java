package org.keyspacestudio.model.project;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import org.keyspacestudio.model.Corpus;
import org.keyspacestudio.model.edit.ReverseEdits;
import org.keyspacestudio.model.parse.CqlImporter;

/**
 * Damaged project files for fuzz tests: real projects (every corpus schema with its models
 * recovered, and the example project), each damaged once as an editor, a merge or a broken disk
 * damages JSON: a member removed, a value of another type, a string changed, a number out of range,
 * an element doubled or removed, an older format version, the text cut short.
 */
public final class DamagedProjects {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private DamagedProjects() {}

  /**
   * A damaged project file.
   *
   * @param json its text
   * @param how what was done to it
   */
  public record Damaged(String json, String how) {}

  /** The project files damaged: the example project, then each corpus schema's, as saved. */
  public static List<String> originals() throws Exception {
    List<String> out = new ArrayList<>();
    out.add(ProjectFile.toJson(ProjectFile.read(Path.of("../examples/killrvideo.kstudio"))));
    for (Path file : Corpus.files()) {
      Project p = new Project(CqlImporter.readFiles(List.of(file)).schema());
      var withTables =
          p.schema().keyspaces().stream().filter(k -> !k.tables().isEmpty()).findFirst();
      if (withTables.isPresent() && ReverseEdits.refusal(p, withTables.get().name()) == null) {
        p = ReverseEdits.recover(withTables.get().name()).change().apply(p);
      }
      out.add(ProjectFile.toJson(p));
    }
    return out;
  }

  /** One damage to a project file's text, chosen by {@code r}. */
  public static Damaged damage(Random r, String original) throws Exception {
    if (r.nextInt(10) == 0) {
      int cut = r.nextInt(original.length());
      return new Damaged(original.substring(0, cut), "cut at " + cut);
    }
    ObjectNode root = (ObjectNode) JSON.readTree(original);
    if (r.nextInt(4) == 0) {
      // An older version: the migrations run over whatever the file holds.
      root.put("formatVersion", 1 + r.nextInt(ProjectFile.FORMAT_VERSION));
    }
    List<JsonNode> containers = new ArrayList<>();
    collect(root, containers);
    String how = mutate(r, containers.get(r.nextInt(containers.size())));
    return new Damaged(JSON.writeValueAsString(root), how);
  }

  /** Every object and array of the tree, depth first. */
  private static void collect(JsonNode node, List<JsonNode> out) {
    if (node.isContainerNode()) {
      out.add(node);
      for (JsonNode child : node) {
        collect(child, out);
      }
    }
  }

  /** One damage to a member of an object or an element of an array; what was done. */
  private static String mutate(Random r, JsonNode container) {
    if (container instanceof ObjectNode o) {
      List<String> names = new ArrayList<>();
      o.fieldNames().forEachRemaining(names::add);
      if (names.isEmpty()) {
        o.put("x", 1);
        return "member added to an empty object";
      }
      String name = names.get(r.nextInt(names.size()));
      if (r.nextInt(4) == 0) {
        o.remove(name);
        return "member " + name + " removed";
      }
      o.set(name, replacement(r, o.get(name)));
      return "member " + name + " replaced by " + o.get(name);
    }
    ArrayNode a = (ArrayNode) container;
    if (a.isEmpty()) {
      a.add(replacement(r, NODES.nullNode()));
      return "element added to an empty array";
    }
    int i = r.nextInt(a.size());
    switch (r.nextInt(3)) {
      case 0 -> {
        a.remove(i);
        return "element " + i + " removed";
      }
      case 1 -> {
        a.insert(i, a.get(i).deepCopy());
        return "element " + i + " doubled";
      }
      default -> {
        a.set(i, replacement(r, a.get(i)));
        return "element " + i + " replaced by " + a.get(i);
      }
    }
  }

  /** A value of another type, or the same type with another content. */
  private static JsonNode replacement(Random r, JsonNode was) {
    return switch (r.nextInt(12)) {
      case 0 -> NODES.nullNode();
      case 1 -> NODES.booleanNode(r.nextBoolean());
      case 2 -> NODES.numberNode(-1);
      case 3 -> NODES.numberNode(Long.MAX_VALUE);
      case 4 -> NODES.numberNode(Double.NaN);
      case 5 -> NODES.textNode("");
      case 6 -> NODES.textNode("frozen<list<");
      case 7 -> NODES.textNode(was.isTextual() ? was.asText() + "\"x" : "ASC");
      case 8 -> NODES.objectNode();
      case 9 -> NODES.arrayNode();
      case 10 -> NODES.numberNode(1e300);
      default -> {
        if (was.isTextual() && was.asText().length() > 1) {
          String t = was.asText();
          int at = r.nextInt(t.length());
          yield NODES.textNode(t.substring(0, at) + t.substring(at + 1));
        }
        Iterator<JsonNode> children = was.elements();
        yield children.hasNext() ? children.next().deepCopy() : NODES.textNode("table");
      }
    };
  }
}
