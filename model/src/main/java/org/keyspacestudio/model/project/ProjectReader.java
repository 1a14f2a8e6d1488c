package org.keyspacestudio.model.project;

import static org.keyspacestudio.model.project.Shape.array;
import static org.keyspacestudio.model.project.Shape.bool;
import static org.keyspacestudio.model.project.Shape.child;
import static org.keyspacestudio.model.project.Shape.constant;
import static org.keyspacestudio.model.project.Shape.each;
import static org.keyspacestudio.model.project.Shape.nullableString;
import static org.keyspacestudio.model.project.Shape.number;
import static org.keyspacestudio.model.project.Shape.object;
import static org.keyspacestudio.model.project.Shape.optionalObject;
import static org.keyspacestudio.model.project.Shape.optionalString;
import static org.keyspacestudio.model.project.Shape.string;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.Layout;
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
import org.keyspacestudio.model.type.CqlType;

/**
 * Reads a project (current format version, after migrations) from its JSON tree, strictly: every
 * key the format has is required with the kind of value it has, and a damaged file is refused as a
 * whole with a {@link ShapeError} that points at the value, never read in part. A project read half
 * would be saved over the original and lose what was left out.
 */
final class ProjectReader {

  private ProjectReader() {}

  static Project read(ObjectNode root) {
    Schema schema = readSchema(object(root, "schema", ""), "/schema");
    Diagram diagram = readDiagram(object(root, "diagram", ""), "/diagram");
    var conceptual = ConceptualJson.readConceptual(object(root, "conceptual", ""), "/conceptual");
    var workflow = ConceptualJson.readWorkflow(object(root, "workflow", ""), "/workflow");
    ObjectNode layouts = object(root, "layouts", "");
    return new Project(
        schema,
        diagram,
        conceptual,
        workflow,
        new Layout(positions(array(layouts, "conceptual", "/layouts"), "/layouts/conceptual")),
        new Layout(positions(array(layouts, "workflow", "/layouts"), "/layouts/workflow")),
        readMapping(object(root, "mapping", ""), "/mapping"),
        readSizing(object(root, "sizing", ""), "/sizing"),
        readRecovery(object(root, "recovery", ""), "/recovery"));
  }

  private static org.keyspacestudio.model.reverse.RecoveryNotes readRecovery(
      ObjectNode node, String p) {
    CqlIdentifier keyspace = nullableName(node, "keyspace", p);
    String summary = Shape.string(node, "summary", p);
    List<String> notes = each(node, "notes", p, (n, at) -> Shape.string(n, at));
    return new org.keyspacestudio.model.reverse.RecoveryNotes(keyspace, summary, notes);
  }

  private static org.keyspacestudio.model.sizing.SizingInputs readSizing(
      ObjectNode node, String p) {
    java.util.TreeMap<String, Long> instances = new java.util.TreeMap<>();
    Shape.entries(
        node, "instances", p, (e, at) -> instances.put(e.getKey(), count(e.getValue(), at, 1)));
    List<org.keyspacestudio.model.sizing.TableSizing> tables =
        each(
            node,
            "tables",
            p,
            (n, at) -> {
              ObjectNode o = object(n, at);
              ElementRef table = readRef(object(o, "table", at), child(at, "table"));
              java.util.TreeMap<String, Integer> bytes = new java.util.TreeMap<>();
              Shape.entries(
                  o,
                  "columnBytes",
                  at,
                  (e, bAt) -> bytes.put(e.getKey(), (int) count(e.getValue(), bAt, 0)));
              return new org.keyspacestudio.model.sizing.TableSizing(
                  table,
                  nullableCount(o, "rowsPerPartition", at),
                  nullableCount(o, "partitions", at),
                  nullableCount(o, "buckets", at),
                  bytes);
            });
    return new org.keyspacestudio.model.sizing.SizingInputs(instances, tables);
  }

  /** A whole number of at least {@code min} (at most {@code Integer.MAX_VALUE} when min is 0). */
  private static long count(com.fasterxml.jackson.databind.JsonNode value, String at, long min) {
    if (value == null
        || !value.isIntegralNumber()
        || !value.canConvertToLong()
        || value.asLong() < min
        || min == 0 && value.asLong() > Integer.MAX_VALUE) {
      throw Shape.expected(
          at,
          min == 0 ? "a whole number of bytes, 0 or more" : "a whole number, at least " + min,
          value);
    }
    return value.asLong();
  }

  private static Long nullableCount(ObjectNode o, String field, String p) {
    if (!o.has(field)) {
      throw new ShapeError(p, "missing \"" + field + "\"");
    }
    com.fasterxml.jackson.databind.JsonNode value = o.get(field);
    return value.isNull() ? null : count(value, child(p, field), 1);
  }

  private static CqlIdentifier name(ObjectNode o, String field, String p) {
    String text = string(o, field, p);
    if (text.isEmpty()) {
      throw new ShapeError(child(p, field), "a name cannot be empty");
    }
    return CqlIdentifier.of(text);
  }

  private static CqlIdentifier nullableName(ObjectNode o, String field, String p) {
    String text = nullableString(o, field, p);
    if (text != null && text.isEmpty()) {
      throw new ShapeError(child(p, field), "a name cannot be empty");
    }
    return text == null ? null : CqlIdentifier.of(text);
  }

  private static CqlIdentifier optionalName(ObjectNode o, String field, String p) {
    String text = optionalString(o, field, p, null);
    if (text != null && text.isEmpty()) {
      throw new ShapeError(child(p, field), "a name cannot be empty");
    }
    return text == null ? null : CqlIdentifier.of(text);
  }

  private static CqlIdentifier nameElement(JsonNode n, String p) {
    String text = string(n, p);
    if (text.isEmpty()) {
      throw new ShapeError(p, "a name cannot be empty");
    }
    return CqlIdentifier.of(text);
  }

  private static CqlType type(ObjectNode o, String field, String p) {
    String text = string(o, field, p);
    try {
      return CqlTypeParser.parse(text);
    } catch (IllegalArgumentException e) {
      throw new ShapeError(
          child(p, field), "\"" + text + "\" is not a CQL type: " + e.getMessage(), e);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Diagrams

  private static Diagram readDiagram(ObjectNode node, String p) {
    Diagram.Level level =
        constant(Diagram.Level.class, string(node, "level", p), child(p, "level"), Enum::name);
    Map<ElementRef, Point> positions =
        positions(array(node, "positions", p), child(p, "positions"));
    List<QueryArrow> arrows =
        each(
            node,
            "arrows",
            p,
            (n, at) -> {
              ObjectNode a = object(n, at);
              ObjectNode from = optionalObject(a, "from", at);
              return new QueryArrow(
                  string(a, "label", at),
                  from == null ? null : readRef(from, child(at, "from")),
                  readRef(object(a, "to", at), child(at, "to")));
            });
    List<org.keyspacestudio.model.diagram.NamedDiagram> named =
        each(
            node,
            "named",
            p,
            (n, at) -> {
              ObjectNode v = object(n, at);
              String name = string(v, "name", at);
              if (name.isBlank()) {
                throw new ShapeError(child(at, "name"), "a diagram's name cannot be blank");
              }
              return new org.keyspacestudio.model.diagram.NamedDiagram(
                  name,
                  each(v, "members", at, (m, mAt) -> readRef(object(m, mAt), mAt)),
                  positions(array(v, "positions", at), child(at, "positions")));
            });
    java.util.Set<String> names = new java.util.HashSet<>();
    for (int i = 0; i < named.size(); i++) {
      if (!names.add(named.get(i).name())) {
        throw new ShapeError(
            child(child(p, "named"), i), "two diagrams are named '" + named.get(i).name() + "'");
      }
    }
    return new Diagram(level, positions, arrows, named);
  }

  private static Map<ElementRef, Point> positions(ArrayNode array, String p) {
    Map<ElementRef, Point> positions = new HashMap<>();
    each(
        array,
        p,
        (n, at) -> {
          ObjectNode o = object(n, at);
          ElementRef ref = readRef(object(o, "element", at), child(at, "element"));
          if (positions.put(ref, new Point(coordinate(o, "x", at), coordinate(o, "y", at)))
              != null) {
            throw new ShapeError(at, "a second position for " + ref);
          }
          return ref;
        });
    return positions;
  }

  /** A position's coordinate: a number within {@link Point#LIMIT} of the origin. */
  private static double coordinate(ObjectNode o, String field, String at) {
    double v = number(o, field, at);
    if (Math.abs(v) > Point.LIMIT) {
      throw new ShapeError(
          child(at, field),
          String.format(
                  java.util.Locale.ROOT,
                  "expected a position within %,.0f pixels of the origin, found ",
                  Point.LIMIT)
              + o.get(field));
    }
    return v;
  }

  private static ElementRef readRef(ObjectNode node, String p) {
    String kindText = string(node, "kind", p);
    ElementRef.Kind kind =
        constant(
            ElementRef.Kind.class,
            kindText,
            child(p, "kind"),
            k -> k.name().toLowerCase(Locale.ROOT));
    return new ElementRef(
        kind,
        optionalName(node, "keyspace", p),
        optionalName(node, "name", p),
        optionalName(node, "member", p));
  }

  // ---------------------------------------------------------------------------------------------
  // Schema

  private static Schema readSchema(ObjectNode node, String p) {
    Map<ElementRef, String> comments = new HashMap<>();
    List<Keyspace> keyspaces =
        each(node, "keyspaces", p, (n, at) -> readKeyspace(object(n, at), at, comments));
    List<OtherStatement> others =
        each(
            node,
            "otherStatements",
            p,
            (n, at) -> {
              ObjectNode o = object(n, at);
              return new OtherStatement(
                  string(o, "kind", at), string(o, "text", at), optionalString(o, "note", at, ""));
            });
    return new Schema(keyspaces, others, comments);
  }

  private static void comment(
      ObjectNode node, String p, Map<ElementRef, String> comments, ElementRef ref) {
    String text = optionalString(node, "comment", p, null);
    if (text != null) {
      comments.put(ref, text);
    }
  }

  private static Keyspace readKeyspace(
      ObjectNode node, String p, Map<ElementRef, String> comments) {
    CqlIdentifier ks = nullableName(node, "name", p);
    comment(node, p, comments, ElementRef.keyspace(ks));
    KeyspaceDefinition definition = null;
    ObjectNode def = optionalObject(node, "definition", p);
    if (def != null && ks == null) {
      // The unnamed keyspace holds what a script names without a keyspace: it is never created.
      throw new ShapeError(
          child(p, "definition"),
          "a keyspace without a name has no definition (expected a \"name\" or no"
              + " \"definition\")");
    }
    if (def != null) {
      String defAt = child(p, "definition");
      TreeMap<String, String> options =
          strings(object(def, "replication", defAt), child(defAt, "replication"));
      String strategy = options.remove("class");
      if (strategy == null) {
        throw new ShapeError(child(defAt, "replication"), "missing \"class\"");
      }
      definition =
          new KeyspaceDefinition(
              new Replication(strategy, options), bool(def, "durableWrites", defAt, true));
    }
    List<UserType> types =
        each(
            node,
            "types",
            p,
            (n, at) -> {
              ObjectNode t = object(n, at);
              CqlIdentifier typeName = name(t, "name", at);
              comment(t, at, comments, ElementRef.type(ks, typeName));
              List<UserType.Field> fields =
                  each(
                      t,
                      "fields",
                      at,
                      (f, fAt) -> {
                        ObjectNode field = object(f, fAt);
                        CqlIdentifier fieldName = name(field, "name", fAt);
                        comment(field, fAt, comments, ElementRef.field(ks, typeName, fieldName));
                        return new UserType.Field(fieldName, type(field, "type", fAt));
                      });
              return new UserType(typeName, fields);
            });
    List<Table> tables =
        each(node, "tables", p, (n, at) -> readTable(object(n, at), at, ks, comments));
    List<SecondaryIndex> indexes =
        each(
            node,
            "indexes",
            p,
            (n, at) -> {
              ObjectNode i = object(n, at);
              List<IndexTarget> targets =
                  each(
                      i,
                      "targets",
                      at,
                      (t, tAt) -> {
                        ObjectNode target = object(t, tAt);
                        return new IndexTarget(
                            name(target, "column", tAt),
                            constant(
                                IndexTarget.Kind.class,
                                string(target, "kind", tAt),
                                child(tAt, "kind"),
                                Enum::name));
                      });
              // No target is what "CREATE CUSTOM INDEX ON t ()" reads as: kept, and validated.
              ObjectNode options = optionalObject(i, "options", at);
              SecondaryIndex index =
                  new SecondaryIndex(
                      nullableName(i, "name", at),
                      name(i, "table", at),
                      targets,
                      optionalString(i, "using", at, null),
                      options == null ? new TreeMap<>() : strings(options, child(at, "options")));
              comment(i, at, comments, ElementRef.index(ks, index.effectiveName()));
              return index;
            });
    List<MaterializedView> views =
        each(
            node,
            "views",
            p,
            (n, at) -> {
              ObjectNode v = object(n, at);
              CqlIdentifier viewName = name(v, "name", at);
              comment(v, at, comments, ElementRef.view(ks, viewName));
              return new MaterializedView(
                  viewName,
                  name(v, "baseTable", at),
                  each(v, "selected", at, ProjectReader::nameElement),
                  each(v, "notNull", at, ProjectReader::nameElement),
                  optionalString(v, "otherRestrictions", at, ""),
                  readPrimaryKey(object(v, "primaryKey", at), child(at, "primaryKey")),
                  readOptions(object(v, "options", at), child(at, "options")));
            });
    return new Keyspace(ks, definition, types, tables, indexes, views);
  }

  private static Table readTable(
      ObjectNode t, String at, CqlIdentifier ks, Map<ElementRef, String> comments) {
    CqlIdentifier tableName = name(t, "name", at);
    comment(t, at, comments, ElementRef.table(ks, tableName));
    List<Column> columns =
        each(
            t,
            "columns",
            at,
            (c, cAt) -> {
              ObjectNode column = object(c, cAt);
              CqlIdentifier columnName = name(column, "name", cAt);
              comment(column, cAt, comments, ElementRef.column(ks, tableName, columnName));
              return new Column(
                  columnName, type(column, "type", cAt), bool(column, "static", cAt, false));
            });
    return new Table(
        tableName,
        columns,
        readPrimaryKey(object(t, "primaryKey", at), child(at, "primaryKey")),
        readOptions(object(t, "options", at), child(at, "options")));
  }

  private static org.keyspacestudio.model.mapping.QueryMapping readMapping(
      ObjectNode node, String p) {
    List<org.keyspacestudio.model.mapping.MappedTable> tables =
        each(
            node,
            "tables",
            p,
            (n, at) -> {
              ObjectNode o = object(n, at);
              ElementRef table = readRef(object(o, "table", at), child(at, "table"));
              java.util.TreeMap<String, org.keyspacestudio.model.conceptual.AttributeRef> sources =
                  new java.util.TreeMap<>();
              Shape.entries(
                  o,
                  "sources",
                  at,
                  (e, sAt) -> {
                    try {
                      sources.put(
                          e.getKey(),
                          org.keyspacestudio.model.conceptual.AttributeRef.parse(
                              string(e.getValue(), sAt)));
                    } catch (IllegalArgumentException ex) {
                      throw new ShapeError(sAt, ex.getMessage());
                    }
                  });
              ObjectNode generated = optionalObject(o, "generated", at);
              return new org.keyspacestudio.model.mapping.MappedTable(
                  table,
                  each(o, "queries", at, Shape::string),
                  sources,
                  generated == null
                      ? null
                      : readTable(
                          generated, child(at, "generated"), table.keyspace(), new HashMap<>()));
            });
    return new org.keyspacestudio.model.mapping.QueryMapping(tables);
  }

  private static PrimaryKey readPrimaryKey(ObjectNode node, String p) {
    List<CqlIdentifier> partition = each(node, "partitionKey", p, ProjectReader::nameElement);
    List<PrimaryKey.ClusteringColumn> clustering =
        each(
            node,
            "clustering",
            p,
            (n, at) -> {
              ObjectNode c = object(n, at);
              return new PrimaryKey.ClusteringColumn(
                  name(c, "name", at),
                  constant(
                      ClusteringOrder.class,
                      optionalString(c, "order", at, "ASC"),
                      child(at, "order"),
                      Enum::name));
            });
    return new PrimaryKey(partition, clustering);
  }

  private static TableOptions readOptions(ObjectNode node, String p) {
    TreeMap<String, OptionValue> values = new TreeMap<>();
    ObjectNode valuesNode = object(node, "values", p);
    String valuesAt = child(p, "values");
    Iterator<Map.Entry<String, JsonNode>> fields = valuesNode.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> e = fields.next();
      String at = child(valuesAt, e.getKey());
      ObjectNode v = object(e.getValue(), at);
      OptionValue value;
      if (v.has("text")) {
        value = new OptionValue.Text(string(v, "text", at));
      } else if (v.has("number")) {
        String literal = string(v, "number", at);
        if (!literal.matches("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?")) {
          throw new ShapeError(child(at, "number"), "\"" + literal + "\" is not a number");
        }
        value = new OptionValue.Number(literal);
      } else if (v.has("boolean")) {
        value = new OptionValue.Bool(bool(v, "boolean", at, false));
      } else if (v.has("map")) {
        value = OptionValue.MapValue.of(strings(object(v, "map", at), child(at, "map")));
      } else {
        throw new ShapeError(at, "expected \"text\", \"number\", \"boolean\" or \"map\"");
      }
      values.put(e.getKey(), value);
    }
    return new TableOptions(values, bool(node, "compactStorage", p, false));
  }

  private static TreeMap<String, String> strings(ObjectNode node, String p) {
    TreeMap<String, String> map = new TreeMap<>();
    Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> e = fields.next();
      JsonNode value = e.getValue();
      if (!value.isValueNode() || value.isNull()) {
        throw Shape.expected(child(p, e.getKey()), "a string", value);
      }
      map.put(e.getKey(), value.asText());
    }
    return map;
  }
}
