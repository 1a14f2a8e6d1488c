package org.keyspacestudio.model.project;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.parse.CqlTypeParser;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.IndexTarget;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.KeyspaceDefinition;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.OptionValue;
import org.keyspacestudio.model.schema.OtherStatement;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Replication;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.schema.UserType;

/**
 * Reads and writes project files: JSON, UTF-8, two-space indented, keys in a fixed order so that a
 * change to the model is a small diff in git. Types are stored as CQL text ({@code
 * "frozen<list<text>>"}), names in their internal (case-sensitive) form.
 *
 * <p>Every file carries {@code "formatVersion"}. Reading migrates an older file step by step to
 * {@link #FORMAT_VERSION} (each step a function from one version's JSON to the next); a newer
 * version is refused with a clear error. Writing goes to a temporary file in the same folder which
 * then replaces the target in one rename, so a crash never leaves half a project.
 */
public final class ProjectFile {

  /** The format this program writes. */
  public static final int FORMAT_VERSION = 2;

  /** The value of the {@code "format"} key that marks a project file. */
  public static final String FORMAT_NAME = "keyspace-studio-project";

  /** Migrations, index {@code i} turning version {@code i + 1} into {@code i + 2}. */
  private static final List<UnaryOperator<ObjectNode>> MIGRATIONS =
      List.of(ProjectFile::addDiagram);

  /** Version 1 to 2: projects get a diagram; an old project has an empty one (all auto-laid). */
  private static ObjectNode addDiagram(ObjectNode v1) {
    ObjectNode diagram = v1.putObject("diagram");
    diagram.put("level", Diagram.Level.PHYSICAL.name());
    diagram.putArray("positions");
    diagram.putArray("arrows");
    return v1;
  }

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private ProjectFile() {}

  /**
   * Reads a project file.
   *
   * @throws IOException if the file cannot be read
   * @throws ProjectFileException if it is not a valid project (with line and column when the JSON
   *     itself is damaged) or comes from a newer version
   */
  public static Project read(Path file) throws IOException, ProjectFileException {
    return fromJson(Files.readString(file, StandardCharsets.UTF_8), file);
  }

  /**
   * Writes a project file atomically: to a temporary file beside it, then renamed over it.
   *
   * @throws IOException if it cannot be written; the previous file is then left as it was
   */
  public static void write(Project project, Path file) throws IOException {
    AtomicFiles.writeString(file, toJson(project));
  }

  /** The project as the JSON text a file holds (ending with a newline). */
  public static String toJson(Project project) {
    ObjectNode root = NODES.objectNode();
    root.put("format", FORMAT_NAME);
    root.put("formatVersion", FORMAT_VERSION);
    root.set("schema", schema(project.schema()));
    root.set("diagram", diagram(project.diagram()));
    try {
      return MAPPER.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree always serializes", e);
    }
  }

  /**
   * Reads a project from JSON text.
   *
   * @param file the file it came from, for messages; may be null
   * @throws ProjectFileException if the text is not a valid project of this or an older version
   */
  public static Project fromJson(String json, Path file) throws ProjectFileException {
    JsonNode tree;
    try {
      tree = MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      throw new ProjectFileException(
          file,
          at == null ? 0 : at.getLineNr(),
          at == null ? 0 : at.getColumnNr(),
          "damaged project file: " + e.getOriginalMessage(),
          e);
    }
    if (!(tree instanceof ObjectNode root) || !FORMAT_NAME.equals(root.path("format").asText())) {
      throw new ProjectFileException(
          file,
          0,
          0,
          "not a Keyspace Studio project (no \"format\": \"" + FORMAT_NAME + "\")",
          null);
    }
    JsonNode versionNode = root.get("formatVersion");
    if (versionNode == null || !versionNode.canConvertToExactIntegral()) {
      throw new ProjectFileException(file, 0, 0, "the project has no formatVersion", null);
    }
    int version = versionNode.asInt();
    if (version > FORMAT_VERSION) {
      throw new ProjectFileException(
          file,
          0,
          0,
          "this project was written by a newer Keyspace Studio (format version "
              + version
              + "; this version reads up to "
              + FORMAT_VERSION
              + "): update Keyspace Studio to open it",
          null);
    }
    if (version < 1) {
      throw new ProjectFileException(file, 0, 0, "invalid formatVersion " + version, null);
    }
    ObjectNode current = root;
    for (int v = version; v < FORMAT_VERSION; v++) {
      current = MIGRATIONS.get(v - 1).apply(current);
      current.put("formatVersion", v + 1);
    }
    try {
      return new Project(readSchema(current.path("schema")), readDiagram(current.path("diagram")));
    } catch (RuntimeException e) {
      throw new ProjectFileException(
          file, 0, 0, "the project's schema cannot be read: " + e.getMessage(), e);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Writing

  private static ObjectNode schema(Schema schema) {
    ObjectNode node = NODES.objectNode();
    ArrayNode keyspaces = node.putArray("keyspaces");
    schema.keyspaces().forEach(k -> keyspaces.add(keyspace(k, schema.comments())));
    ArrayNode others = node.putArray("otherStatements");
    for (OtherStatement s : schema.otherStatements()) {
      ObjectNode o = others.addObject();
      o.put("kind", s.kind());
      o.put("text", s.text());
      o.put("note", s.note());
    }
    return node;
  }

  private static void comment(ObjectNode node, Map<ElementRef, String> comments, ElementRef ref) {
    String text = comments.get(ref);
    if (text != null) {
      node.put("comment", text);
    }
  }

  private static ObjectNode keyspace(Keyspace ks, Map<ElementRef, String> comments) {
    ObjectNode node = NODES.objectNode();
    CqlIdentifier ksName = ks.name();
    node.put("name", ks.name() == null ? null : ks.name().asInternal());
    comment(node, comments, ElementRef.keyspace(ksName));
    if (ks.definition() != null) {
      ObjectNode def = node.putObject("definition");
      ObjectNode replication = def.putObject("replication");
      replication.put("class", ks.definition().replication().strategy());
      ks.definition().replication().options().forEach(replication::put);
      def.put("durableWrites", ks.definition().durableWrites());
    }
    ArrayNode types = node.putArray("types");
    for (UserType type : ks.types()) {
      ObjectNode t = types.addObject();
      t.put("name", type.name().asInternal());
      comment(t, comments, ElementRef.type(ksName, type.name()));
      ArrayNode fields = t.putArray("fields");
      for (UserType.Field f : type.fields()) {
        ObjectNode field = fields.addObject();
        field.put("name", f.name().asInternal());
        field.put("type", f.type().asCql());
        comment(field, comments, ElementRef.field(ksName, type.name(), f.name()));
      }
    }
    ArrayNode tables = node.putArray("tables");
    for (Table table : ks.tables()) {
      ObjectNode t = tables.addObject();
      t.put("name", table.name().asInternal());
      comment(t, comments, ElementRef.table(ksName, table.name()));
      ArrayNode columns = t.putArray("columns");
      for (Column c : table.columns()) {
        ObjectNode column = columns.addObject();
        column.put("name", c.name().asInternal());
        column.put("type", c.type().asCql());
        if (c.isStatic()) {
          column.put("static", true);
        }
        comment(column, comments, ElementRef.column(ksName, table.name(), c.name()));
      }
      t.set("primaryKey", primaryKey(table.primaryKey()));
      t.set("options", options(table.options()));
    }
    ArrayNode indexes = node.putArray("indexes");
    for (SecondaryIndex index : ks.indexes()) {
      ObjectNode i = indexes.addObject();
      i.put("name", index.name() == null ? null : index.name().asInternal());
      comment(i, comments, ElementRef.index(ksName, index.effectiveName()));
      i.put("table", index.table().asInternal());
      ArrayNode targets = i.putArray("targets");
      for (IndexTarget target : index.targets()) {
        ObjectNode tn = targets.addObject();
        tn.put("column", target.column().asInternal());
        tn.put("kind", target.kind().name());
      }
      if (index.using() != null) {
        i.put("using", index.using());
      }
      if (!index.options().isEmpty()) {
        ObjectNode options = i.putObject("options");
        index.options().forEach(options::put);
      }
    }
    ArrayNode views = node.putArray("views");
    for (MaterializedView view : ks.views()) {
      ObjectNode v = views.addObject();
      v.put("name", view.name().asInternal());
      comment(v, comments, ElementRef.view(ksName, view.name()));
      v.put("baseTable", view.baseTable().asInternal());
      ArrayNode selected = v.putArray("selected");
      view.selected().forEach(c -> selected.add(c.asInternal()));
      ArrayNode notNull = v.putArray("notNull");
      view.notNullColumns().forEach(c -> notNull.add(c.asInternal()));
      if (!view.otherRestrictions().isEmpty()) {
        v.put("otherRestrictions", view.otherRestrictions());
      }
      v.set("primaryKey", primaryKey(view.primaryKey()));
      v.set("options", options(view.options()));
    }
    return node;
  }

  private static ObjectNode primaryKey(PrimaryKey key) {
    ObjectNode node = NODES.objectNode();
    ArrayNode partition = node.putArray("partitionKey");
    key.partitionKey().forEach(c -> partition.add(c.asInternal()));
    ArrayNode clustering = node.putArray("clustering");
    for (PrimaryKey.ClusteringColumn c : key.clustering()) {
      ObjectNode cn = clustering.addObject();
      cn.put("name", c.name().asInternal());
      cn.put("order", c.order().name());
    }
    return node;
  }

  private static ObjectNode options(TableOptions options) {
    ObjectNode node = NODES.objectNode();
    if (options.compactStorage()) {
      node.put("compactStorage", true);
    }
    ObjectNode values = node.putObject("values");
    options
        .values()
        .forEach(
            (name, value) -> {
              if (value instanceof OptionValue.Text t) {
                values.putObject(name).put("text", t.value());
              } else if (value instanceof OptionValue.Number n) {
                values.putObject(name).put("number", n.literal());
              } else if (value instanceof OptionValue.Bool b) {
                values.putObject(name).put("boolean", b.value());
              } else if (value instanceof OptionValue.MapValue m) {
                ObjectNode map = values.putObject(name).putObject("map");
                m.entries().forEach(map::put);
              }
            });
    return node;
  }

  private static ObjectNode diagram(Diagram diagram) {
    ObjectNode node = NODES.objectNode();
    node.put("level", diagram.level().name());
    ArrayNode positions = node.putArray("positions");
    diagram.positions().entrySet().stream()
        .sorted(
            java.util.Map.Entry.comparingByKey(
                java.util.Comparator.comparing(ProjectFile::sortKey)))
        .forEach(
            e -> {
              ObjectNode p = positions.addObject();
              p.set("element", ref(e.getKey()));
              p.put("x", e.getValue().x());
              p.put("y", e.getValue().y());
            });
    ArrayNode arrows = node.putArray("arrows");
    for (QueryArrow arrow : diagram.arrows()) {
      ObjectNode a = arrows.addObject();
      a.put("label", arrow.label());
      if (arrow.from() != null) {
        a.set("from", ref(arrow.from()));
      }
      a.set("to", ref(arrow.to()));
    }
    return node;
  }

  private static String sortKey(ElementRef ref) {
    return ref.kind()
        + "\u0000"
        + name(ref.keyspace())
        + "\u0000"
        + name(ref.object())
        + "\u0000"
        + name(ref.member());
  }

  private static String name(CqlIdentifier id) {
    return id == null ? "" : id.asInternal();
  }

  private static ObjectNode ref(ElementRef ref) {
    ObjectNode node = NODES.objectNode();
    node.put("kind", ref.kind().name().toLowerCase(java.util.Locale.ROOT));
    node.put("keyspace", ref.keyspace() == null ? null : ref.keyspace().asInternal());
    if (ref.object() != null) {
      node.put("name", ref.object().asInternal());
    }
    if (ref.member() != null) {
      node.put("member", ref.member().asInternal());
    }
    return node;
  }

  // ---------------------------------------------------------------------------------------------
  // Reading

  private static Diagram readDiagram(JsonNode node) {
    if (node.isMissingNode() || node.isNull()) {
      return Diagram.empty();
    }
    Diagram.Level level = Diagram.Level.valueOf(node.path("level").asText("PHYSICAL"));
    java.util.Map<ElementRef, Point> positions = new java.util.HashMap<>();
    for (JsonNode p : node.path("positions")) {
      positions.put(
          readRef(p.path("element")), new Point(p.path("x").asDouble(), p.path("y").asDouble()));
    }
    List<QueryArrow> arrows = new ArrayList<>();
    for (JsonNode a : node.path("arrows")) {
      arrows.add(
          new QueryArrow(
              text(a, "label"),
              a.has("from") ? readRef(a.get("from")) : null,
              readRef(a.path("to"))));
    }
    return new Diagram(level, positions, arrows);
  }

  private static ElementRef readRef(JsonNode node) {
    return new ElementRef(
        ElementRef.Kind.valueOf(text(node, "kind").toUpperCase(java.util.Locale.ROOT)),
        optionalName(node, "keyspace"),
        optionalName(node, "name"),
        optionalName(node, "member"));
  }

  private static Schema readSchema(JsonNode node) {
    List<Keyspace> keyspaces = new ArrayList<>();
    Map<ElementRef, String> comments = new java.util.HashMap<>();
    for (JsonNode ks : node.path("keyspaces")) {
      keyspaces.add(readKeyspace(ks, comments));
    }
    List<OtherStatement> others = new ArrayList<>();
    for (JsonNode o : node.path("otherStatements")) {
      others.add(new OtherStatement(text(o, "kind"), text(o, "text"), o.path("note").asText("")));
    }
    return new Schema(keyspaces, others, comments);
  }

  private static void readComment(JsonNode node, Map<ElementRef, String> comments, ElementRef ref) {
    if (node.hasNonNull("comment")) {
      comments.put(ref, node.get("comment").asText());
    }
  }

  private static Keyspace readKeyspace(JsonNode node, Map<ElementRef, String> comments) {
    CqlIdentifier name = optionalName(node, "name");
    readComment(node, comments, ElementRef.keyspace(name));
    KeyspaceDefinition definition = null;
    JsonNode def = node.get("definition");
    if (def != null) {
      TreeMap<String, String> options = strings(def.path("replication"));
      String strategy = options.remove("class");
      definition =
          new KeyspaceDefinition(
              new Replication(strategy == null ? "SimpleStrategy" : strategy, options),
              def.path("durableWrites").asBoolean(true));
    }
    List<UserType> types = new ArrayList<>();
    for (JsonNode t : node.path("types")) {
      List<UserType.Field> fields = new ArrayList<>();
      CqlIdentifier typeName = name(t, "name");
      readComment(t, comments, ElementRef.type(name, typeName));
      for (JsonNode f : t.path("fields")) {
        fields.add(new UserType.Field(name(f, "name"), CqlTypeParser.parse(text(f, "type"))));
        readComment(f, comments, ElementRef.field(name, typeName, name(f, "name")));
      }
      types.add(new UserType(typeName, fields));
    }
    List<Table> tables = new ArrayList<>();
    for (JsonNode t : node.path("tables")) {
      List<Column> columns = new ArrayList<>();
      CqlIdentifier tableName = name(t, "name");
      readComment(t, comments, ElementRef.table(name, tableName));
      for (JsonNode c : t.path("columns")) {
        readComment(c, comments, ElementRef.column(name, tableName, name(c, "name")));
        columns.add(
            new Column(
                name(c, "name"),
                CqlTypeParser.parse(text(c, "type")),
                c.path("static").asBoolean(false)));
      }
      tables.add(
          new Table(
              name(t, "name"),
              columns,
              readPrimaryKey(t.path("primaryKey")),
              readOptions(t.path("options"))));
    }
    List<SecondaryIndex> indexes = new ArrayList<>();
    for (JsonNode i : node.path("indexes")) {
      List<IndexTarget> targets = new ArrayList<>();
      for (JsonNode target : i.path("targets")) {
        targets.add(
            new IndexTarget(
                name(target, "column"), IndexTarget.Kind.valueOf(text(target, "kind"))));
      }
      SecondaryIndex index =
          new SecondaryIndex(
              optionalName(i, "name"),
              name(i, "table"),
              targets,
              i.hasNonNull("using") ? i.get("using").asText() : null,
              strings(i.path("options")));
      readComment(i, comments, ElementRef.index(name, index.effectiveName()));
      indexes.add(index);
    }
    List<MaterializedView> views = new ArrayList<>();
    for (JsonNode v : node.path("views")) {
      readComment(v, comments, ElementRef.view(name, name(v, "name")));
      views.add(
          new MaterializedView(
              name(v, "name"),
              name(v, "baseTable"),
              names(v.path("selected")),
              names(v.path("notNull")),
              v.path("otherRestrictions").asText(""),
              readPrimaryKey(v.path("primaryKey")),
              readOptions(v.path("options"))));
    }
    return new Keyspace(name, definition, types, tables, indexes, views);
  }

  private static PrimaryKey readPrimaryKey(JsonNode node) {
    List<PrimaryKey.ClusteringColumn> clustering = new ArrayList<>();
    for (JsonNode c : node.path("clustering")) {
      clustering.add(
          new PrimaryKey.ClusteringColumn(
              name(c, "name"), ClusteringOrder.valueOf(c.path("order").asText("ASC"))));
    }
    return new PrimaryKey(names(node.path("partitionKey")), clustering);
  }

  private static TableOptions readOptions(JsonNode node) {
    TreeMap<String, OptionValue> values = new TreeMap<>();
    Iterator<Map.Entry<String, JsonNode>> fields = node.path("values").fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> e = fields.next();
      JsonNode v = e.getValue();
      OptionValue value;
      if (v.has("text")) {
        value = new OptionValue.Text(v.get("text").asText());
      } else if (v.has("number")) {
        value = new OptionValue.Number(v.get("number").asText());
      } else if (v.has("boolean")) {
        value = new OptionValue.Bool(v.get("boolean").asBoolean());
      } else if (v.has("map")) {
        value = OptionValue.MapValue.of(strings(v.get("map")));
      } else {
        throw new IllegalArgumentException("option '" + e.getKey() + "' has no value");
      }
      values.put(e.getKey(), value);
    }
    return new TableOptions(values, node.path("compactStorage").asBoolean(false));
  }

  private static TreeMap<String, String> strings(JsonNode node) {
    TreeMap<String, String> map = new TreeMap<>();
    node.fields().forEachRemaining(e -> map.put(e.getKey(), e.getValue().asText()));
    return map;
  }

  private static List<CqlIdentifier> names(JsonNode array) {
    List<CqlIdentifier> names = new ArrayList<>();
    array.forEach(n -> names.add(CqlIdentifier.of(n.asText())));
    return names;
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      throw new IllegalArgumentException("missing \"" + field + "\" in " + node);
    }
    return value.asText();
  }

  private static CqlIdentifier name(JsonNode node, String field) {
    return CqlIdentifier.of(text(node, field));
  }

  private static CqlIdentifier optionalName(JsonNode node, String field) {
    return node.hasNonNull(field) ? CqlIdentifier.of(node.get(field).asText()) : null;
  }
}
