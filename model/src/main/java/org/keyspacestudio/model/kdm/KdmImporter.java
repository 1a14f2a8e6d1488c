package org.keyspacestudio.model.kdm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.Cardinality;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.Layout;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.type.CollectionType;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.Workflow;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Reads a project file exported by KDM (Kashlev Data Modeler) into a project: the ER model drawn
 * with mxGraph (entities, weak entities, relationships, identifying relationships, attributes, key
 * and multi-valued attributes, cardinalities, positions), the keys ({@code KEYS_JSON}), the access
 * patterns as queries, and the tables KDM generated (the chosen alternative of each query, with the
 * query's arrow into it). The format is described in {@code shared/notes/kdm-format.md}; there is
 * no published schema, so the reader is liberal and says what it skipped.
 *
 * <p>What a KDM file does not hold is said too: column types (KDM's logical model has none; the
 * columns are {@code text}), a keyspace (the tables go into one named after the file), a workflow
 * (the queries have no tasks).
 */
public final class KdmImporter {

  /**
   * What an import gives.
   *
   * @param project the project read
   * @param notes what was skipped or guessed, one sentence each, for the user
   */
  public record Result(Project project, List<String> notes) {
    public Result {
      notes = List.copyOf(notes);
    }
  }

  private final List<String> notes = new ArrayList<>();
  private final String source;

  private KdmImporter(String source) {
    this.source = source;
  }

  /** Whether a file looks like a KDM project: an XML file (by its {@code .xml} ending). */
  public static boolean isKdm(Path file) {
    return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".xml");
  }

  /**
   * Reads a KDM project file.
   *
   * @throws IOException if the file cannot be read
   * @throws KdmException if it is not well-formed XML (with line and column) or not a KDM project
   */
  public static Result read(Path file) throws IOException, KdmException {
    String text = Files.readString(file);
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return read(text, file.toString(), dot > 0 ? name.substring(0, dot) : name);
  }

  /**
   * Reads a KDM project from its text.
   *
   * @param text the XML text
   * @param source where it came from, for messages
   * @param keyspace the name the keyspace of the generated tables gets (made a valid CQL name)
   * @throws KdmException if it is not well-formed XML or not a KDM project
   */
  public static Result read(String text, String source, String keyspace) throws KdmException {
    KdmImporter importer = new KdmImporter(source);
    Element root = importer.parse(text);
    return importer.project(root, keyspaceName(keyspace));
  }

  private static String keyspaceName(String base) {
    String name = base.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
    if (name.isEmpty() || !Character.isLetter(name.charAt(0))) {
      name = "kdm_" + name;
    }
    return name.length() > 48 ? name.substring(0, 48) : name;
  }

  private Element parse(String text) throws KdmException {
    Document doc;
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      // Data, not a program: no DTDs, no external entities.
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      factory.setExpandEntityReferences(false);
      DocumentBuilder builder = factory.newDocumentBuilder();
      builder.setErrorHandler(null);
      doc = builder.parse(new InputSource(new StringReader(text)));
    } catch (SAXParseException e) {
      throw new KdmException(
          source, e.getLineNumber(), e.getColumnNumber(), "not well-formed XML: " + e.getMessage());
    } catch (SAXException | IOException | ParserConfigurationException e) {
      throw new KdmException(source, 0, 0, "cannot read the XML: " + e.getMessage());
    }
    Element root = doc.getDocumentElement();
    if (!root.getTagName().equalsIgnoreCase("KDMPROJECT")) {
      throw new KdmException(
          source,
          0,
          0,
          "not a KDM project: the document is <"
              + root.getTagName()
              + ">, a KDM export is <KDMPROJECT> (File > Export Project in KDM)");
    }
    return root;
  }

  // ---------------------------------------------------------------------------------------------
  // Small DOM helpers

  private static List<Element> children(Element parent) {
    List<Element> out = new ArrayList<>();
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e) {
        out.add(e);
      }
    }
    return out;
  }

  private static List<Element> children(Element parent, String tag) {
    return children(parent).stream().filter(e -> e.getTagName().equalsIgnoreCase(tag)).toList();
  }

  private static Optional<Element> child(Element parent, String tag) {
    return children(parent, tag).stream().findFirst();
  }

  /** The text of an element, HTML left over from KDM's editor removed, spaces folded, trimmed. */
  private static String text(Element e) {
    return clean(e.getTextContent());
  }

  private static String clean(String text) {
    String noTags = text.replaceAll("<[^>]*>", " ");
    String decoded =
        noTags
            .replace("&nbsp;", " ")
            .replace("&amp;", "&")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace('\u00a0', ' ');
    return decoded.replaceAll("\\s+", " ").strip();
  }

  // ---------------------------------------------------------------------------------------------
  // The project

  private Result project(Element root, String keyspace) {
    Map<String, Point> positions = new LinkedHashMap<>();
    ConceptualModel er = ConceptualModel.empty();
    Optional<Element> erModel = child(root, "ERMODEL");
    Layout layout = Layout.empty();
    if (erModel.isPresent()) {
      ErReader reader = new ErReader();
      er = reader.read(erModel.get());
      layout = new Layout(reader.positions);
      positions.putAll(Map.of());
    } else {
      notes.add("The file has no ER model (ERMODEL): the conceptual model is empty.");
    }
    List<Query> queries = new ArrayList<>();
    child(root, "ACCESS_PATTERNS").ifPresent(ap -> queries.addAll(accessPatterns(ap)));
    Workflow workflow = new Workflow(List.of(), List.of(), queries);
    if (!queries.isEmpty()) {
      notes.add(
          "KDM files hold no application workflow: the "
              + queries.size()
              + " queries are on no task yet; draw the workflow and put them on its transitions.");
    }
    Schema schema = Schema.empty();
    Diagram diagram = Diagram.empty();
    Optional<Element> logical = child(root, "LOGICAL_MODEL");
    if (logical.isPresent()) {
      List<Table> tables = new ArrayList<>();
      List<QueryArrow> arrows = new ArrayList<>();
      logicalModel(logical.get(), keyspace, tables, arrows);
      if (!tables.isEmpty()) {
        CqlIdentifier ks = CqlIdentifier.of(keyspace);
        schema =
            new Schema(
                List.of(new Keyspace(ks, null, List.of(), tables, List.of(), List.of())),
                List.of());
        diagram = new Diagram(Diagram.Level.LOGICAL, Map.of(), arrows);
        notes.add(
            "KDM's logical model has no column types: the "
                + tables.size()
                + " tables' columns are text; set their types in the physical diagram.");
        notes.add(
            "KDM projects name no keyspace: the tables are in keyspace "
                + keyspace
                + ", which has no replication yet.");
      }
    }
    Project project = new Project(schema, diagram, er, workflow, layout, Layout.empty());
    return new Result(project, notes);
  }

  /** Reads the mxGraph cells of the ER model and its keys. */
  private final class ErReader {
    private final Map<ElementRef, Point> positions = new HashMap<>();

    private enum Kind {
      ENTITY,
      WEAK,
      RELATIONSHIP,
      IDENTIFYING,
      ATTRIBUTE,
      KEY_ATTRIBUTE,
      MULTI_VALUED
    }

    private record Vertex(String id, Kind kind, String name, Point at) {}

    ConceptualModel read(Element er) {
      Map<String, Vertex> vertices = new LinkedHashMap<>();
      List<Element> edges = new ArrayList<>();
      List<Element> cells = new ArrayList<>();
      collectCells(er, cells);
      for (Element cell : cells) {
        String id = cell.getAttribute("id");
        if (id.equals("0") || id.equals("1")) {
          continue;
        }
        if ("1".equals(cell.getAttribute("edge"))) {
          edges.add(cell);
        } else if ("1".equals(cell.getAttribute("vertex"))) {
          vertex(cell).ifPresent(v -> vertices.put(v.id, v));
        }
      }
      // Attributes attach to an entity or relationship (either direction), or to a composite
      // attribute; relationships join entities with a cardinality.
      Map<String, List<String>> attributesOf = new LinkedHashMap<>();
      Map<String, List<String>> partsOf = new LinkedHashMap<>();
      Map<String, List<Relationship.End>> ends = new LinkedHashMap<>();
      for (Element edge : edges) {
        Vertex a = vertices.get(edge.getAttribute("source"));
        Vertex b = vertices.get(edge.getAttribute("target"));
        if (a == null || b == null) {
          notes.add(
              "Skipped line "
                  + edge.getAttribute("id")
                  + " of the ER model: one of its ends is not an entity, relationship or"
                  + " attribute.");
          continue;
        }
        boolean aAttr = isAttribute(a.kind);
        boolean bAttr = isAttribute(b.kind);
        if (aAttr && bAttr) {
          partsOf.computeIfAbsent(a.id, k -> new ArrayList<>()).add(b.id);
          partsOf.computeIfAbsent(b.id, k -> new ArrayList<>()).add(a.id);
        } else if (aAttr || bAttr) {
          Vertex owner = aAttr ? b : a;
          Vertex attribute = aAttr ? a : b;
          attributesOf.computeIfAbsent(owner.id, k -> new ArrayList<>()).add(attribute.id);
        } else {
          Vertex rel = isRelationship(a.kind) ? a : isRelationship(b.kind) ? b : null;
          Vertex entity = rel == a ? b : a;
          if (rel == null || isRelationship(entity.kind)) {
            notes.add(
                "Skipped line between "
                    + a.name
                    + " and "
                    + b.name
                    + ": ER lines join an entity and a relationship.");
            continue;
          }
          String value = clean(edge.getAttribute("value"));
          Cardinality cardinality;
          try {
            cardinality = Cardinality.parse(value.isEmpty() ? "n" : value);
          } catch (IllegalArgumentException e) {
            notes.add(
                "The cardinality '"
                    + value
                    + "' between "
                    + rel.name
                    + " and "
                    + entity.name
                    + " is not 1, n or m: read as n.");
            cardinality = Cardinality.N;
          }
          ends.computeIfAbsent(rel.id, k -> new ArrayList<>())
              .add(new Relationship.End(entity.name, cardinality, ""));
        }
      }
      Map<String, List<Key>> keys = keysJson(er);
      List<Entity> entities = new ArrayList<>();
      List<Relationship> relationships = new ArrayList<>();
      Set<String> attached = new java.util.HashSet<>();
      for (Vertex v : vertices.values()) {
        if (isAttribute(v.kind)) {
          continue;
        }
        List<Attribute> attributes = new ArrayList<>();
        List<AttributeRef> underlined = new ArrayList<>();
        for (String attrId : attributesOf.getOrDefault(v.id, List.of())) {
          Vertex a = vertices.get(attrId);
          attached.add(attrId);
          List<Attribute> parts = new ArrayList<>();
          for (String partId : partsOf.getOrDefault(attrId, List.of())) {
            Vertex part = vertices.get(partId);
            if (!attributesOf.getOrDefault(v.id, List.of()).contains(partId)) {
              attached.add(partId);
              parts.add(Attribute.simple(part.name, ""));
              positions.put(ElementRef.attribute(v.name, a.name + "." + part.name), part.at);
            }
          }
          Attribute.Kind kind =
              !parts.isEmpty()
                  ? Attribute.Kind.COMPOSITE
                  : a.kind == Kind.MULTI_VALUED
                      ? Attribute.Kind.MULTI_VALUED
                      : Attribute.Kind.SIMPLE;
          attributes.add(new Attribute(a.name, kind, "", parts));
          positions.put(ElementRef.attribute(v.name, a.name), a.at);
          if (a.kind == Kind.KEY_ATTRIBUTE) {
            underlined.add(new AttributeRef(v.name, a.name));
          }
        }
        List<Key> ownKeys = keys.get(v.name);
        if (ownKeys == null) {
          ownKeys = underlined.isEmpty() ? List.of() : List.of(new Key(underlined));
        }
        switch (v.kind) {
          case ENTITY, WEAK -> {
            entities.add(new Entity(v.name, v.kind == Kind.WEAK, attributes, ownKeys));
            positions.put(ElementRef.entity(v.name), v.at);
          }
          default -> {
            relationships.add(
                new Relationship(
                    v.name,
                    v.kind == Kind.IDENTIFYING,
                    ends.getOrDefault(v.id, List.of()),
                    attributes,
                    ownKeys));
            positions.put(ElementRef.relationship(v.name), v.at);
          }
        }
      }
      for (Vertex v : vertices.values()) {
        if (isAttribute(v.kind) && !attached.contains(v.id)) {
          notes.add(
              "Skipped attribute '" + v.name + "': it is joined to no entity or relationship.");
        }
      }
      return new ConceptualModel(entities, relationships, List.of());
    }

    private static void collectCells(Element e, List<Element> into) {
      for (Element c : children(e)) {
        if (c.getTagName().equals("mxCell")) {
          into.add(c);
        } else {
          collectCells(c, into);
        }
      }
    }

    private static boolean isAttribute(Kind k) {
      return k == Kind.ATTRIBUTE || k == Kind.KEY_ATTRIBUTE || k == Kind.MULTI_VALUED;
    }

    private static boolean isRelationship(Kind k) {
      return k == Kind.RELATIONSHIP || k == Kind.IDENTIFYING;
    }

    private Optional<Vertex> vertex(Element cell) {
      Map<String, String> style = style(cell.getAttribute("style"));
      String name = clean(cell.getAttribute("value"));
      if (style.containsKey("text")) {
        notes.add("Skipped the text '" + name + "': free text is not part of the model.");
        return Optional.empty();
      }
      if (name.isEmpty()) {
        notes.add("Skipped shape " + cell.getAttribute("id") + ": it has no name.");
        return Optional.empty();
      }
      String shape = style.getOrDefault("shape", "");
      Kind kind;
      if (style.containsKey("ellipse")
          || shape.equals("ellipse")
          || shape.equals("doubleEllipse")) {
        kind =
            shape.equals("doubleEllipse")
                ? Kind.MULTI_VALUED
                : "4".equals(style.get("fontStyle")) || cell.getAttribute("value").contains("<u>")
                    ? Kind.KEY_ATTRIBUTE
                    : Kind.ATTRIBUTE;
      } else {
        kind =
            switch (shape) {
              case "cube" -> Kind.WEAK;
              case "card" -> Kind.RELATIONSHIP;
              case "note" -> Kind.IDENTIFYING;
              case "" -> Kind.ENTITY;
              default -> null;
            };
        if (kind == null) {
          notes.add("Skipped '" + name + "': its shape (" + shape + ") is not one of KDM's.");
          return Optional.empty();
        }
      }
      Point at = new Point(0, 0);
      Optional<Element> geometry = child(cell, "mxGeometry");
      if (geometry.isPresent()) {
        at =
            new Point(
                number(geometry.get().getAttribute("x")), number(geometry.get().getAttribute("y")));
      }
      return Optional.of(new Vertex(cell.getAttribute("id"), kind, name.replace(".", " "), at));
    }

    private static double number(String text) {
      try {
        double v = Double.parseDouble(text);
        return Double.isFinite(v) ? Math.round(v) : 0;
      } catch (NumberFormatException e) {
        return 0;
      }
    }

    private static Map<String, String> style(String style) {
      Map<String, String> map = new HashMap<>();
      for (String part : style.split(";")) {
        if (part.isBlank()) {
          continue;
        }
        int eq = part.indexOf('=');
        if (eq < 0) {
          map.put(part.strip(), "");
        } else {
          map.put(part.substring(0, eq).strip(), part.substring(eq + 1).strip());
        }
      }
      return map;
    }

    private Map<String, List<Key>> keysJson(Element er) {
      Map<String, List<Key>> keys = new HashMap<>();
      Optional<Element> json = child(er, "KEYS_JSON");
      if (json.isEmpty() || json.get().getTextContent().isBlank()) {
        return keys;
      }
      JsonNode tree;
      try {
        tree = new ObjectMapper().readTree(json.get().getTextContent());
      } catch (IOException e) {
        notes.add("Skipped KEYS_JSON: it is not JSON (" + e.getMessage() + ").");
        return keys;
      }
      tree.fields()
          .forEachRemaining(
              entry -> {
                List<Key> list = new ArrayList<>();
                for (JsonNode k : entry.getValue()) {
                  List<AttributeRef> refs = new ArrayList<>();
                  for (String ref : k.asText().split(",")) {
                    try {
                      refs.add(AttributeRef.parse(ref));
                    } catch (IllegalArgumentException e) {
                      notes.add(
                          "Skipped '" + ref.strip() + "' in the key of " + entry.getKey() + ".");
                    }
                  }
                  if (!refs.isEmpty()) {
                    list.add(new Key(refs));
                  }
                }
                keys.put(entry.getKey(), list);
              });
      return keys;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Access patterns

  private List<Query> accessPatterns(Element ap) {
    List<Query> queries = new ArrayList<>();
    for (Element q : children(ap)) {
      String id = q.getTagName();
      List<Query.Condition> given = new ArrayList<>();
      for (Element gr : children(q, "GR")) {
        Optional<AttributeRef> ref = attribute(gr, id);
        if (ref.isEmpty()) {
          continue;
        }
        String vrs = child(gr, "VRS").map(KdmImporter::text).orElse("value");
        Operator op;
        if (vrs.equalsIgnoreCase("value") || vrs.equals("=")) {
          op = Operator.EQ;
        } else {
          try {
            op = Operator.parse(vrs);
          } catch (IllegalArgumentException e) {
            op = Operator.GT;
            notes.add(
                id
                    + ": "
                    + ref.get()
                    + " is searched by a range ('"
                    + vrs
                    + "'), read as >; change the operator if it is <, <= or >=.");
          }
        }
        given.add(new Query.Condition(ref.get(), op));
      }
      List<AttributeRef> returns = new ArrayList<>();
      List<Query.Ordering> orderBy = new ArrayList<>();
      for (Element fr : children(q, "FR")) {
        Optional<AttributeRef> ref = attribute(fr, id);
        if (ref.isEmpty()) {
          continue;
        }
        returns.add(ref.get());
        Optional<String> order = child(fr, "ORDERBY").map(KdmImporter::text);
        if (order.isPresent() && !order.get().isEmpty()) {
          orderBy.add(
              new Query.Ordering(
                  ref.get(),
                  order.get().equalsIgnoreCase("DESC")
                      ? ClusteringOrder.DESC
                      : ClusteringOrder.ASC));
        }
      }
      String description = child(q, "DESCR").map(KdmImporter::text).orElse("");
      boolean equality = given.stream().anyMatch(c -> c.operator().equality());
      queries.add(
          new Query(
              id,
              description,
              given,
              returns,
              orderBy,
              equality ? Query.ResultSize.PARTITION : Query.ResultSize.MANY));
    }
    return queries;
  }

  private Optional<AttributeRef> attribute(Element part, String query) {
    Optional<String> text = child(part, "ATTRIBUTE").map(KdmImporter::text);
    if (text.isEmpty() || text.get().isEmpty()) {
      notes.add(query + ": skipped a " + part.getTagName() + " without an attribute.");
      return Optional.empty();
    }
    try {
      return Optional.of(AttributeRef.parse(text.get()));
    } catch (IllegalArgumentException e) {
      notes.add(query + ": skipped '" + text.get() + "': not Entity.attribute.");
      return Optional.empty();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Logical model

  private void logicalModel(
      Element logical, String keyspace, List<Table> tables, List<QueryArrow> arrows) {
    List<Element> perQuery =
        children(logical).stream()
            .filter(e -> !e.getTagName().equalsIgnoreCase("LOGICAL_CONFIGEL"))
            .toList();
    Map<String, String> chosen = chosen(logical, perQuery);
    CqlIdentifier ks = CqlIdentifier.of(keyspace);
    Set<String> names = new java.util.HashSet<>();
    for (Element q : perQuery) {
      List<Element> alternatives = children(q, "tbl");
      if (alternatives.isEmpty()) {
        continue;
      }
      Element pick = alternatives.get(0);
      String want = chosen.get(q.getTagName());
      for (Element t : alternatives) {
        if (tableName(t).equals(want)) {
          pick = t;
        }
      }
      if (alternatives.size() > 1) {
        notes.add(
            q.getTagName()
                + ": "
                + (alternatives.size() - 1)
                + " other table(s) KDM proposed were not imported; Model > Map All Queries proposes"
                + " alternatives for every query again.");
      }
      Table table = table(pick, q.getTagName());
      if (table == null) {
        continue;
      }
      if (!names.add(table.name().asInternal())) {
        notes.add(
            q.getTagName()
                + ": table "
                + table.name().asInternal()
                + " answers an earlier query too; it is imported once.");
      } else {
        tables.add(table);
      }
      arrows.add(new QueryArrow(q.getTagName(), null, ElementRef.table(ks, table.name())));
    }
  }

  private static String tableName(Element tbl) {
    List<Element> kids = children(tbl);
    return kids.isEmpty() || kids.get(0).getTagName().equalsIgnoreCase("columns")
        ? ""
        : kids.get(0).getTagName();
  }

  /** The chosen table name of each query, from LOGICAL_CONFIGEL (by name or position). */
  private Map<String, String> chosen(Element logical, List<Element> perQuery) {
    Map<String, String> chosen = new HashMap<>();
    Optional<Element> config = child(logical, "LOGICAL_CONFIGEL");
    if (config.isEmpty() || config.get().getTextContent().isBlank()) {
      return chosen;
    }
    try {
      JsonNode tree = new ObjectMapper().readTree(config.get().getTextContent());
      for (int i = 0; i < perQuery.size(); i++) {
        String id = perQuery.get(i).getTagName();
        JsonNode pick =
            tree.isArray()
                ? tree.get(i)
                : tree.has(id) ? tree.get(id) : tree.get(Integer.toString(i));
        if (pick != null && pick.isTextual()) {
          chosen.put(id, pick.asText());
        }
      }
    } catch (IOException e) {
      notes.add("LOGICAL_CONFIGEL is not JSON: the first table of each query was taken.");
    }
    return chosen;
  }

  private Table table(Element tbl, String query) {
    String name = tableName(tbl);
    if (name.isEmpty()) {
      notes.add(query + ": skipped a table without a name.");
      return null;
    }
    Optional<Element> columnsElement = child(tbl, "columns");
    if (columnsElement.isEmpty()) {
      notes.add(query + ": skipped table " + name + ": it has no columns.");
      return null;
    }
    List<Column> columns = new ArrayList<>();
    List<CqlIdentifier> partition = new ArrayList<>();
    List<PrimaryKey.ClusteringColumn> clustering = new ArrayList<>();
    for (Element c : children(columnsElement.get())) {
      CqlIdentifier column = CqlIdentifier.of(c.getTagName());
      if (columns.stream().anyMatch(x -> x.name().equals(column))) {
        notes.add(query + ": table " + name + " names column " + column + " twice; kept once.");
        continue;
      }
      boolean collection = child(c, "COLL").isPresent();
      CqlType type =
          collection ? new CollectionType.SetType(NativeType.TEXT, false) : NativeType.TEXT;
      columns.add(new Column(column, type, false));
      if (child(c, "K").isPresent()) {
        partition.add(column);
      } else {
        Optional<Element> order = child(c, "C");
        if (order.isPresent()) {
          clustering.add(
              new PrimaryKey.ClusteringColumn(
                  column,
                  text(order.get()).toUpperCase(Locale.ROOT).contains("DESC")
                      ? ClusteringOrder.DESC
                      : ClusteringOrder.ASC));
        }
      }
    }
    return new Table(
        CqlIdentifier.of(name),
        columns,
        new PrimaryKey(partition, clustering),
        TableOptions.none());
  }
}
