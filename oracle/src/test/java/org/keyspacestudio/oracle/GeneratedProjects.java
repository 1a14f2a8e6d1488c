package org.keyspacestudio.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.Cardinality;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.IsA;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.MappingEdits;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.sizing.SizingInputs;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.Workflow;
import org.keyspacestudio.model.write.CqlWriter;

/**
 * Seeded random query-first projects, mapped: two to six entities (keys of several types, simple,
 * multi-valued and composite attributes with type hints, collections among them), related 1:n, m:n
 * with attributes of their own, as weak entities through identifying relationships, by a recursive
 * relationship with roles, or as IsA children; queries of every shape the mapping serves (by key,
 * the children of a parent newest first, by an attribute, by one value of a multi-valued one,
 * across an m:n relationship, by a role, none by equality), and instance counts. For the oracle
 * tests that hold what is derived from the mapped tables (their write paths) against Cassandra's
 * own classes.
 */
final class GeneratedProjects {

  private GeneratedProjects() {}

  /** Key types; each has a fixed or assumed size the write size model knows exactly. */
  private static final List<String> KEY_TYPES =
      List.of("uuid", "int", "text", "timeuuid", "bigint");

  /** Types of other attributes. */
  private static final List<String> TYPES =
      List.of(
          "text",
          "int",
          "bigint",
          "timestamp",
          "boolean",
          "double",
          "float",
          "blob",
          "date",
          "smallint",
          "ascii",
          "uuid",
          "map<int, text>",
          "list<int>",
          "frozen<set<text>>",
          "tuple<int, text>");

  /** {@code count} projects, each mapped into keyspace {@code gen}. */
  static List<Project> generate(int count, long seed) {
    Random r = new Random(seed);
    List<Project> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(mapped(one(r)));
    }
    return out;
  }

  /**
   * A project's schema as statements: keyspaces, their types in dependency order, tables, then
   * views, as {@code SelectOracle.install} takes them.
   */
  static List<String> statements(Project p) {
    List<String> out = new ArrayList<>();
    for (var ks : p.schema().keyspaces()) {
      if (ks.definition() != null) {
        out.add(CqlWriter.createKeyspace(ks.name(), ks.definition()));
      }
      CqlWriter.typesInDependencyOrder(ks)
          .forEach(t -> out.add(CqlWriter.createType(ks.name(), t)));
      ks.tables().forEach(t -> out.add(CqlWriter.createTable(ks.name(), t)));
      for (var v : ks.views()) {
        out.add(CqlWriter.createView(ks.name(), v, ks.table(v.baseTable()).orElse(null)));
      }
    }
    return out;
  }

  private static Project mapped(Project p) {
    Document doc = new Document(p, null);
    doc.perform(MappingEdits.mapAll(CqlIdentifier.of("gen")));
    return doc.project();
  }

  private static Project one(Random r) {
    int n = 2 + r.nextInt(5);
    List<Entity> entities = new ArrayList<>();
    List<Relationship> relationships = new ArrayList<>();
    List<IsA> hierarchies = new ArrayList<>();
    List<Query> queries = new ArrayList<>();
    SizingInputs sizing = SizingInputs.empty();
    for (int i = 0; i < n; i++) {
      String name = "E" + i;
      List<Attribute> attributes = new ArrayList<>();
      String id = "e" + i + "_id";
      attributes.add(Attribute.simple(id, KEY_TYPES.get(r.nextInt(KEY_TYPES.size()))));
      int more = 1 + r.nextInt(4);
      for (int a = 0; a < more; a++) {
        int kind = r.nextInt(10);
        if (kind == 0) {
          attributes.add(Attribute.multiValued("tags" + a, r.nextBoolean() ? "text" : "int"));
        } else if (kind == 1) {
          attributes.add(
              new Attribute(
                  "shape" + a,
                  Attribute.Kind.COMPOSITE,
                  "",
                  List.of(Attribute.simple("width", "int"), Attribute.simple("label", "text"))));
        } else {
          attributes.add(Attribute.simple("a" + a, TYPES.get(r.nextInt(TYPES.size()))));
        }
      }
      attributes.add(Attribute.simple("created", r.nextBoolean() ? "timestamp" : "timeuuid"));
      String parent = i == 0 ? null : "E" + r.nextInt(i);
      Entity parentEntity =
          parent == null ? null : entities.get(Integer.parseInt(parent.substring(1)));
      boolean weak = parentEntity != null && !parentEntity.keys().isEmpty() && r.nextInt(5) == 0;
      Key key;
      if (weak) {
        List<AttributeRef> parts = new ArrayList<>(parentEntity.keys().get(0).attributes());
        parts.add(new AttributeRef(name, "created"));
        key = new Key(parts);
      } else {
        key = Key.of(new AttributeRef(name, id));
      }
      if (weak) {
        // The weak entity's own id is not its key: drop it, keep its created as the partial key.
        attributes.remove(0);
      }
      boolean child = i > 0 && !weak && r.nextInt(7) == 0;
      entities.add(new Entity(name, weak, attributes, child ? List.of() : List.of(key)));
      if (child) {
        hierarchies.add(new IsA("kinds" + i, parent, List.of(name), true));
      } else if (parent != null) {
        boolean many = !weak && r.nextInt(4) == 0;
        relationships.add(
            new Relationship(
                "r" + i,
                weak,
                List.of(
                    new Relationship.End(parent, many ? Cardinality.M : Cardinality.ONE, ""),
                    new Relationship.End(name, Cardinality.N, "")),
                many ? List.of(Attribute.simple("since", "timestamp")) : List.of(),
                List.of()));
      }
      if (r.nextInt(4) != 0) {
        sizing = sizing.withInstances(name, (long) (10 + r.nextInt(100_000)) * (i + 1));
      }
    }
    if (r.nextInt(4) == 0) {
      relationships.add(
          new Relationship(
              "follows",
              false,
              List.of(
                  new Relationship.End("E0", Cardinality.N, "follower"),
                  new Relationship.End("E0", Cardinality.N, "followee")),
              List.of(Attribute.simple("since", "timestamp")),
              List.of()));
      sizing = sizing.withInstances("follows", 1L + r.nextInt(1_000_000));
    }
    ConceptualModel model = new ConceptualModel(entities, relationships, hierarchies);
    int q = 2 + r.nextInt(5);
    for (int k = 0; k < q; k++) {
      Query query = query(r, model, "Q" + (k + 1));
      if (query != null) {
        queries.add(query);
      }
    }
    return new Project(Schema.empty())
        .withConceptual(model)
        .withWorkflow(new Workflow(List.of(), List.of(), queries))
        .withSizing(sizing);
  }

  private static Query query(Random r, ConceptualModel model, String id) {
    List<Entity> entities = model.entities();
    Entity e = entities.get(r.nextInt(entities.size()));
    List<AttributeRef> own = new ArrayList<>();
    for (Attribute a : e.attributes()) {
      own.add(new AttributeRef(e.name(), a.name()));
    }
    List<AttributeRef> returns = new ArrayList<>();
    for (AttributeRef a : own) {
      if (r.nextInt(3) != 0) {
        returns.add(a);
      }
    }
    if (returns.isEmpty()) {
      returns.add(own.get(own.size() - 1));
    }
    AttributeRef created = new AttributeRef(e.name(), "created");
    switch (r.nextInt(7)) {
      case 0 -> {
        // By its key.
        if (e.keys().isEmpty()) {
          return null;
        }
        List<Query.Condition> given = new ArrayList<>();
        for (AttributeRef k : e.keys().get(0).attributes()) {
          given.add(new Query.Condition(k, Operator.EQ));
        }
        return new Query(id, "", given, returns, List.of(), Query.ResultSize.ROW);
      }
      case 1 -> {
        // The children of its parent, newest first, with some of the parent's attributes.
        for (Relationship rel : model.relationships()) {
          if (rel.ends().size() == 2 && rel.ends().get(1).entity().equals(e.name())) {
            Entity parent = model.entity(rel.ends().get(0).entity()).orElse(null);
            if (parent == null || parent.keys().isEmpty() || parent.equals(e)) {
              continue;
            }
            List<AttributeRef> withParent = new ArrayList<>(returns);
            withParent.add(new AttributeRef(parent.name(), parent.attributes().get(1).name()));
            for (Attribute a : rel.attributes()) {
              withParent.add(new AttributeRef(rel.name(), a.name()));
            }
            return new Query(
                id,
                "",
                List.of(new Query.Condition(parent.keys().get(0).attributes().get(0), Operator.EQ)),
                withParent,
                List.of(new Query.Ordering(created, ClusteringOrder.DESC)),
                Query.ResultSize.PARTITION);
          }
        }
        return null;
      }
      case 2 -> {
        // By one of its simple attributes.
        Attribute a = e.attributes().get(r.nextInt(e.attributes().size()));
        if (a.kind() != Attribute.Kind.SIMPLE || a.type().contains("<")) {
          return null;
        }
        return new Query(
            id,
            "",
            List.of(new Query.Condition(new AttributeRef(e.name(), a.name()), Operator.EQ)),
            returns,
            List.of(),
            Query.ResultSize.PARTITION);
      }
      case 3 -> {
        // By one value of a multi-valued attribute.
        for (Attribute a : e.attributes()) {
          if (a.kind() == Attribute.Kind.MULTI_VALUED) {
            return new Query(
                id,
                "",
                List.of(new Query.Condition(new AttributeRef(e.name(), a.name()), Operator.EQ)),
                returns,
                List.of(new Query.Ordering(created, ClusteringOrder.DESC)),
                Query.ResultSize.PARTITION);
          }
        }
        return null;
      }
      case 4 -> {
        // None by equality: the latest.
        return new Query(
            id,
            "",
            List.of(),
            returns,
            List.of(new Query.Ordering(created, ClusteringOrder.DESC)),
            Query.ResultSize.MANY);
      }
      case 5 -> {
        // The followers of a followee, with their names.
        if (model.relationship("follows").isEmpty()) {
          return null;
        }
        Entity e0 = entities.get(0);
        return new Query(
            id,
            "",
            List.of(new Query.Condition(new AttributeRef("followee", "e0_id"), Operator.EQ)),
            List.of(
                new AttributeRef("follower", "e0_id"),
                new AttributeRef("follower", e0.attributes().get(1).name()),
                new AttributeRef("follows", "since")),
            List.of(),
            Query.ResultSize.PARTITION);
      }
      default -> {
        // A range on its created, given its key's first attribute.
        if (e.keys().isEmpty()) {
          return null;
        }
        return new Query(
            id,
            "",
            List.of(
                new Query.Condition(e.keys().get(0).attributes().get(0), Operator.EQ),
                new Query.Condition(created, Operator.GE)),
            returns,
            List.of(),
            Query.ResultSize.PARTITION);
      }
    }
  }
}
