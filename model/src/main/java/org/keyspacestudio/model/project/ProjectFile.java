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
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.IndexTarget;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.OptionValue;
import org.keyspacestudio.model.schema.OtherStatement;
import org.keyspacestudio.model.schema.PrimaryKey;
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
  public static final int FORMAT_VERSION = 8;

  /** The value of the {@code "format"} key that marks a project file. */
  public static final String FORMAT_NAME = "keyspace-studio-project";

  /** Migrations, index {@code i} turning version {@code i + 1} into {@code i + 2}. */
  private static final List<UnaryOperator<ObjectNode>> MIGRATIONS =
      List.of(
          ProjectFile::addDiagram,
          ProjectFile::addQueryFirstModels,
          ProjectFile::addMapping,
          ProjectFile::addSizing,
          ProjectFile::addNamedDiagrams,
          ProjectFile::viewKeysAsKept,
          ProjectFile::addRecoveryNotes);

  /** Version 7 to 8: the notes of the last recovery of the models; an old project has none. */
  private static ObjectNode addRecoveryNotes(ObjectNode v7) {
    v7.set("recovery", recovery(org.keyspacestudio.model.reverse.RecoveryNotes.NONE));
    return v7;
  }

  private static ObjectNode recovery(org.keyspacestudio.model.reverse.RecoveryNotes notes) {
    ObjectNode o = NODES.objectNode();
    if (notes.keyspace() == null) {
      o.putNull("keyspace");
    } else {
      o.put("keyspace", notes.keyspace().asInternal());
    }
    o.put("summary", notes.summary());
    ArrayNode list = o.putArray("notes");
    notes.notes().forEach(list::add);
    return o;
  }

  /** Version 1 to 2: projects get a diagram; an old project has an empty one (all auto-laid). */
  private static ObjectNode addDiagram(ObjectNode v1) {
    ObjectNode diagram = v1.putObject("diagram");
    diagram.put("level", Diagram.Level.PHYSICAL.name());
    diagram.putArray("positions");
    diagram.putArray("arrows");
    return v1;
  }

  /**
   * Version 2 to 3: projects get a conceptual model, a workflow and their diagrams' layouts; an old
   * project has empty ones.
   */
  private static ObjectNode addQueryFirstModels(ObjectNode v2) {
    ObjectNode conceptual = v2.putObject("conceptual");
    conceptual.putArray("entities");
    conceptual.putArray("relationships");
    conceptual.putArray("hierarchies");
    ObjectNode workflow = v2.putObject("workflow");
    workflow.putArray("tasks");
    workflow.putArray("transitions");
    workflow.putArray("queries");
    ObjectNode layouts = v2.putObject("layouts");
    layouts.putArray("conceptual");
    layouts.putArray("workflow");
    return v2;
  }

  /** Version 3 to 4: the mapping from queries to tables; an old project has none. */
  private static ObjectNode addMapping(ObjectNode v3) {
    v3.putObject("mapping").putArray("tables");
    return v3;
  }

  /** Version 5 to 6: diagrams get named diagrams; an old project has none. */
  private static ObjectNode addNamedDiagrams(ObjectNode v5) {
    JsonNode diagram = v5.get("diagram");
    if (diagram instanceof ObjectNode d && !d.has("named")) {
      d.putArray("named");
    }
    return v5;
  }

  /** Version 4 to 5: the figures typed in for partition sizes; an old project has none. */
  private static ObjectNode addSizing(ObjectNode v4) {
    ObjectNode sizing = v4.putObject("sizing");
    sizing.putObject("instances");
    sizing.putArray("tables");
    return v4;
  }

  /**
   * Version 6 to 7: a view's key holds the clustering order its rows are kept in. Up to version 6
   * an all-ascending view key was written without {@code CLUSTERING ORDER BY}, which gives each
   * column its base table's order: such a key now says the base table's order, as the node keeps
   * it. Anything the reader would refuse is left for it to refuse.
   */
  private static ObjectNode viewKeysAsKept(ObjectNode v6) {
    for (JsonNode ks : v6.path("schema").path("keyspaces")) {
      Map<String, Map<String, String>> baseOrders = new HashMap<>();
      for (JsonNode table : ks.path("tables")) {
        Map<String, String> orders = new HashMap<>();
        for (JsonNode c : table.path("primaryKey").path("clustering")) {
          orders.put(c.path("name").asText(), c.path("order").asText());
        }
        baseOrders.putIfAbsent(table.path("name").asText(), orders);
      }
      for (JsonNode view : ks.path("views")) {
        JsonNode clustering = view.path("primaryKey").path("clustering");
        boolean allAscending = true;
        for (JsonNode c : clustering) {
          allAscending &= "ASC".equals(c.path("order").asText());
        }
        Map<String, String> base = baseOrders.get(view.path("baseTable").asText());
        if (!allAscending || base == null) {
          continue;
        }
        for (JsonNode c : clustering) {
          String inBase = base.get(c.path("name").asText());
          if (c instanceof ObjectNode column && "DESC".equals(inBase)) {
            column.put("order", "DESC");
          }
        }
      }
    }
    return v6;
  }

  /**
   * Jackson's default limits on a name's length (50,000 characters) and on nesting would refuse a
   * project we wrote ourselves (a model may hold any text a CQL file had): only the document's own
   * size limits what is read.
   */
  private static final ObjectMapper MAPPER =
      new ObjectMapper(
              com.fasterxml.jackson.core.JsonFactory.builder()
                  .streamReadConstraints(
                      com.fasterxml.jackson.core.StreamReadConstraints.builder()
                          .maxNameLength(Integer.MAX_VALUE)
                          .maxStringLength(Integer.MAX_VALUE)
                          .build())
                  .build())
          .enable(SerializationFeature.INDENT_OUTPUT)
          .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

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
    return fromJson(TextFiles.read(file), file);
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
    root.set("conceptual", ConceptualJson.write(project.conceptual()));
    root.set("workflow", ConceptualJson.write(project.workflow()));
    ObjectNode layouts = root.putObject("layouts");
    layouts.set("conceptual", positions(project.conceptualLayout().positions()));
    layouts.set("workflow", positions(project.workflowLayout().positions()));
    root.set("mapping", mapping(project.mapping()));
    root.set("sizing", sizing(project.sizing()));
    root.set("recovery", recovery(project.recovery()));
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
      return ProjectReader.read(current);
    } catch (ShapeError e) {
      // Positions are those of the file as written: a key a migration added is located at the
      // object that lacked it.
      int[] at = JsonLocator.locate(json, e.pointer);
      throw new ProjectFileException(
          file,
          at[0],
          at[1],
          Shape.readable(e.pointer) + ": " + e.getMessage() + "; the file was not opened",
          e);
    } catch (RuntimeException e) {
      throw new ProjectFileException(
          file, 0, 0, "the project cannot be read: " + e.getMessage(), e);
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
      tables.add(table(table, ksName, comments));
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

  /** A table: name, columns, key, options (with documentation comments when there are any). */
  static ObjectNode table(Table table, CqlIdentifier ksName, Map<ElementRef, String> comments) {
    ObjectNode t = NODES.objectNode();
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
    return t;
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
    node.set("positions", positions(diagram.positions()));
    ArrayNode arrows = node.putArray("arrows");
    for (QueryArrow arrow : diagram.arrows()) {
      ObjectNode a = arrows.addObject();
      a.put("label", arrow.label());
      if (arrow.from() != null) {
        a.set("from", ref(arrow.from()));
      }
      a.set("to", ref(arrow.to()));
    }
    ArrayNode named = node.putArray("named");
    for (var view : diagram.named()) {
      ObjectNode v = named.addObject();
      v.put("name", view.name());
      ArrayNode members = v.putArray("members");
      view.members().forEach(m -> members.add(ref(m)));
      v.set("positions", positions(view.positions()));
    }
    return node;
  }

  private static ObjectNode mapping(org.keyspacestudio.model.mapping.QueryMapping mapping) {
    ObjectNode node = NODES.objectNode();
    ArrayNode tables = node.putArray("tables");
    for (var t : mapping.tables()) {
      ObjectNode o = tables.addObject();
      o.set("table", ref(t.table()));
      ArrayNode queries = o.putArray("queries");
      t.queries().forEach(queries::add);
      ObjectNode sources = o.putObject("sources");
      t.sources().forEach((column, attribute) -> sources.put(column, attribute.toString()));
      if (t.generated() == null) {
        o.putNull("generated");
      } else {
        o.set("generated", table(t.generated(), t.table().keyspace(), Map.of()));
      }
    }
    return node;
  }

  private static ObjectNode sizing(org.keyspacestudio.model.sizing.SizingInputs sizing) {
    ObjectNode node = NODES.objectNode();
    ObjectNode instances = node.putObject("instances");
    sizing.instances().forEach(instances::put);
    ArrayNode tables = node.putArray("tables");
    sizing.tables().stream()
        .sorted(java.util.Comparator.comparing(t -> sortKey(t.table())))
        .forEach(
            t -> {
              ObjectNode o = tables.addObject();
              o.set("table", ref(t.table()));
              putNullable(o, "rowsPerPartition", t.rowsPerPartition());
              putNullable(o, "partitions", t.partitions());
              putNullable(o, "buckets", t.buckets());
              ObjectNode columns = o.putObject("columnBytes");
              t.columnBytes().forEach(columns::put);
            });
    return node;
  }

  private static void putNullable(ObjectNode o, String field, Long value) {
    if (value == null) {
      o.putNull(field);
    } else {
      o.put(field, value);
    }
  }

  /** Positions sorted by element, so that the file's order never depends on a hash map's. */
  private static ArrayNode positions(Map<ElementRef, Point> positions) {
    ArrayNode array = NODES.arrayNode();
    positions.entrySet().stream()
        .sorted(
            java.util.Map.Entry.comparingByKey(
                java.util.Comparator.comparing(ProjectFile::sortKey)))
        .forEach(
            e -> {
              ObjectNode p = array.addObject();
              p.set("element", ref(e.getKey()));
              p.put("x", e.getValue().x());
              p.put("y", e.getValue().y());
            });
    return array;
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
}
