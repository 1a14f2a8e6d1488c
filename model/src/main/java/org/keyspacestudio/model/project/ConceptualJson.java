package org.keyspacestudio.model.project;

import static org.keyspacestudio.model.project.Shape.array;
import static org.keyspacestudio.model.project.Shape.bool;
import static org.keyspacestudio.model.project.Shape.child;
import static org.keyspacestudio.model.project.Shape.constant;
import static org.keyspacestudio.model.project.Shape.each;
import static org.keyspacestudio.model.project.Shape.name;
import static org.keyspacestudio.model.project.Shape.nullableName;
import static org.keyspacestudio.model.project.Shape.object;
import static org.keyspacestudio.model.project.Shape.optionalString;
import static org.keyspacestudio.model.project.Shape.string;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.Cardinality;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.IsA;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.Task;
import org.keyspacestudio.model.workflow.Transition;
import org.keyspacestudio.model.workflow.Workflow;

/**
 * The conceptual model and the workflow in a project file (format version 3): every key written, in
 * a fixed order, in model order, so that an edit is a small diff. Attribute references are written
 * as {@code "Entity.attribute"}.
 */
final class ConceptualJson {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private ConceptualJson() {}

  // ---------------------------------------------------------------------------------------------
  // Writing

  static ObjectNode write(ConceptualModel model) {
    ObjectNode node = NODES.objectNode();
    ArrayNode entities = node.putArray("entities");
    for (Entity e : model.entities()) {
      ObjectNode o = entities.addObject();
      o.put("name", e.name());
      o.put("weak", e.weak());
      o.set("attributes", attributes(e.attributes()));
      o.set("keys", keys(e.keys()));
    }
    ArrayNode relationships = node.putArray("relationships");
    for (Relationship r : model.relationships()) {
      ObjectNode o = relationships.addObject();
      o.put("name", r.name());
      o.put("identifying", r.identifying());
      ArrayNode ends = o.putArray("ends");
      for (Relationship.End end : r.ends()) {
        ObjectNode e = ends.addObject();
        e.put("entity", end.entity());
        e.put("cardinality", end.cardinality().symbol());
        e.put("role", end.role());
      }
      o.set("attributes", attributes(r.attributes()));
      o.set("keys", keys(r.keys()));
    }
    ArrayNode hierarchies = node.putArray("hierarchies");
    for (IsA h : model.hierarchies()) {
      ObjectNode o = hierarchies.addObject();
      o.put("name", h.name());
      o.put("parent", h.parent());
      ArrayNode children = o.putArray("children");
      h.children().forEach(children::add);
      o.put("disjoint", h.disjoint());
    }
    return node;
  }

  private static ArrayNode attributes(List<Attribute> attributes) {
    ArrayNode array = NODES.arrayNode();
    for (Attribute a : attributes) {
      ObjectNode o = array.addObject();
      o.put("name", a.name());
      o.put("kind", kindName(a.kind()));
      o.put("type", a.type());
      if (a.kind() == Attribute.Kind.COMPOSITE) {
        o.set("parts", attributes(a.parts()));
      }
    }
    return array;
  }

  private static String kindName(Attribute.Kind kind) {
    return kind.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  private static ArrayNode keys(List<Key> keys) {
    ArrayNode array = NODES.arrayNode();
    for (Key key : keys) {
      ArrayNode k = array.addArray();
      key.attributes().forEach(a -> k.add(a.toString()));
    }
    return array;
  }

  static ObjectNode write(Workflow workflow) {
    ObjectNode node = NODES.objectNode();
    ArrayNode tasks = node.putArray("tasks");
    for (Task t : workflow.tasks()) {
      ObjectNode o = tasks.addObject();
      o.put("name", t.name());
      ArrayNode queries = o.putArray("queries");
      t.queries().forEach(queries::add);
    }
    ArrayNode transitions = node.putArray("transitions");
    for (Transition t : workflow.transitions()) {
      ObjectNode o = transitions.addObject();
      o.put("from", t.from());
      o.put("to", t.to());
      ArrayNode queries = o.putArray("queries");
      t.queries().forEach(queries::add);
    }
    ArrayNode queries = node.putArray("queries");
    for (Query q : workflow.queries()) {
      ObjectNode o = queries.addObject();
      o.put("id", q.id());
      o.put("description", q.description());
      ArrayNode given = o.putArray("given");
      for (Query.Condition c : q.given()) {
        ObjectNode g = given.addObject();
        g.put("attribute", c.attribute().toString());
        g.put("operator", c.operator().symbol());
      }
      ArrayNode returns = o.putArray("returns");
      q.returns().forEach(a -> returns.add(a.toString()));
      ArrayNode orderBy = o.putArray("orderBy");
      for (Query.Ordering ordering : q.orderBy()) {
        ObjectNode g = orderBy.addObject();
        g.put("attribute", ordering.attribute().toString());
        g.put("order", ordering.order().name());
      }
      o.put("size", q.size().name());
    }
    return node;
  }

  // ---------------------------------------------------------------------------------------------
  // Reading

  static ConceptualModel readConceptual(ObjectNode node, String p) {
    List<Entity> entities =
        each(
            node,
            "entities",
            p,
            (n, at) -> {
              ObjectNode o = object(n, at);
              return new Entity(
                  name(o, "name", at), bool(o, "weak", at, false), attributes(o, at), keys(o, at));
            });
    List<Relationship> relationships =
        each(
            node,
            "relationships",
            p,
            (n, at) -> {
              ObjectNode o = object(n, at);
              List<Relationship.End> ends =
                  each(
                      o,
                      "ends",
                      at,
                      (e, endAt) -> {
                        ObjectNode end = object(e, endAt);
                        String cardinality = string(end, "cardinality", endAt);
                        try {
                          return new Relationship.End(
                              name(end, "entity", endAt),
                              Cardinality.parse(cardinality),
                              optionalString(end, "role", endAt, ""));
                        } catch (IllegalArgumentException ex) {
                          throw new ShapeError(child(endAt, "cardinality"), ex.getMessage());
                        }
                      });
              return new Relationship(
                  name(o, "name", at),
                  bool(o, "identifying", at, false),
                  ends,
                  attributes(o, at),
                  keys(o, at));
            });
    List<IsA> hierarchies =
        each(
            node,
            "hierarchies",
            p,
            (n, at) -> {
              ObjectNode o = object(n, at);
              return new IsA(
                  name(o, "name", at),
                  name(o, "parent", at),
                  each(o, "children", at, Shape::name),
                  bool(o, "disjoint", at, true));
            });
    return new ConceptualModel(entities, relationships, hierarchies);
  }

  private static List<Attribute> attributes(ObjectNode owner, String p) {
    return attributeList(array(owner, "attributes", p), child(p, "attributes"));
  }

  private static List<Attribute> attributeList(ArrayNode array, String p) {
    return each(
        array,
        p,
        (n, at) -> {
          ObjectNode o = object(n, at);
          Attribute.Kind kind =
              constant(
                  Attribute.Kind.class,
                  string(o, "kind", at),
                  child(at, "kind"),
                  ConceptualJson::kindName);
          List<Attribute> parts =
              kind == Attribute.Kind.COMPOSITE
                  ? attributeList(array(o, "parts", at), child(at, "parts"))
                  : List.of();
          return new Attribute(name(o, "name", at), kind, optionalString(o, "type", at, ""), parts);
        });
  }

  private static List<Key> keys(ObjectNode owner, String p) {
    return each(
        owner,
        "keys",
        p,
        (n, at) -> {
          if (!(n instanceof ArrayNode key)) {
            throw Shape.expected(at, "an array of \"Entity.attribute\" strings", n);
          }
          return new Key(each(key, at, ConceptualJson::attributeRef));
        });
  }

  private static AttributeRef attributeRef(JsonNode n, String at) {
    try {
      return AttributeRef.parse(string(n, at));
    } catch (IllegalArgumentException e) {
      throw new ShapeError(at, e.getMessage());
    }
  }

  static Workflow readWorkflow(ObjectNode node, String p) {
    List<Task> tasks =
        each(
            node,
            "tasks",
            p,
            (n, at) -> {
              ObjectNode o = object(n, at);
              return new Task(name(o, "name", at), each(o, "queries", at, Shape::name));
            });
    List<Transition> transitions =
        each(
            node,
            "transitions",
            p,
            (n, at) -> {
              ObjectNode o = object(n, at);
              return new Transition(
                  nullableName(o, "from", at),
                  name(o, "to", at),
                  each(o, "queries", at, Shape::name));
            });
    List<Query> queries =
        each(
            node,
            "queries",
            p,
            (n, at) -> {
              ObjectNode o = object(n, at);
              List<Query.Condition> given =
                  each(
                      o,
                      "given",
                      at,
                      (g, gAt) -> {
                        ObjectNode c = object(g, gAt);
                        Operator op =
                            constant(
                                Operator.class,
                                string(c, "operator", gAt),
                                child(gAt, "operator"),
                                Operator::symbol);
                        return new Query.Condition(
                            attributeRef(c.get("attribute"), child(gAt, "attribute")), op);
                      });
              List<Query.Ordering> orderBy =
                  each(
                      o,
                      "orderBy",
                      at,
                      (g, gAt) -> {
                        ObjectNode c = object(g, gAt);
                        ClusteringOrder order =
                            constant(
                                ClusteringOrder.class,
                                string(c, "order", gAt),
                                child(gAt, "order"),
                                Enum::name);
                        return new Query.Ordering(
                            attributeRef(c.get("attribute"), child(gAt, "attribute")), order);
                      });
              return new Query(
                  name(o, "id", at),
                  optionalString(o, "description", at, ""),
                  given,
                  each(o, "returns", at, ConceptualJson::attributeRef),
                  orderBy,
                  constant(
                      Query.ResultSize.class,
                      string(o, "size", at),
                      child(at, "size"),
                      Enum::name));
            });
    return new Workflow(tasks, transitions, queries);
  }
}
