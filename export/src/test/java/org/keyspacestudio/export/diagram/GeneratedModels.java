package org.keyspacestudio.export.diagram;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
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
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.KeyspaceDefinition;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Replication;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.Task;
import org.keyspacestudio.model.workflow.Transition;
import org.keyspacestudio.model.workflow.Workflow;

/**
 * Large models for benchmarks, the same for a seed: a conceptual model of many entities and
 * relationships, a workflow of many tasks, and a Chebotko diagram of many tables joined by query
 * arrows (each table answering a query that follows from an earlier one's).
 */
public final class GeneratedModels {

  private GeneratedModels() {}

  /**
   * {@code entities} entities of 3 to 7 attributes (a key, some multi-valued, some composite), each
   * joined to an earlier one by a 1:n relationship, and a quarter more relationships between random
   * pairs; a workflow of one task per entity, joined in a tree, one query per task; and {@code
   * tables} tables of 10 columns joined by query arrows in a tree of fan-out 3.
   */
  public static Project project(int entities, int tables, long seed) {
    Random random = new Random(seed);
    List<Entity> es = new ArrayList<>();
    List<Relationship> rs = new ArrayList<>();
    for (int i = 0; i < entities; i++) {
      String name = "Entity" + i;
      List<Attribute> attributes = new ArrayList<>();
      attributes.add(Attribute.simple("id", "uuid"));
      int more = 2 + random.nextInt(5);
      for (int a = 0; a < more; a++) {
        int kind = random.nextInt(10);
        attributes.add(
            kind == 0
                ? Attribute.multiValued("tags" + a, "text")
                : kind == 1
                    ? new Attribute(
                        "address" + a,
                        Attribute.Kind.COMPOSITE,
                        "",
                        List.of(Attribute.simple("city", "text"), Attribute.simple("zip", "text")))
                    : Attribute.simple("attribute" + a, "text"));
      }
      es.add(new Entity(name, false, attributes, List.of(Key.of(new AttributeRef(name, "id")))));
      if (i > 0) {
        rs.add(relationship("r" + i, "Entity" + random.nextInt(i), name));
      }
    }
    for (int i = 0; i < entities / 4; i++) {
      int a = random.nextInt(entities);
      int b = random.nextInt(entities);
      if (a != b) {
        rs.add(relationship("x" + i, "Entity" + a, "Entity" + b));
      }
    }
    List<Task> tasks = new ArrayList<>();
    List<Transition> transitions = new ArrayList<>();
    List<Query> queries = new ArrayList<>();
    for (int i = 0; i < entities; i++) {
      String id = "Q" + (i + 1);
      tasks.add(Task.named("Task " + i));
      transitions.add(
          new Transition(i == 0 ? null : "Task " + (i - 1) / 3, "Task " + i, List.of(id)));
      queries.add(
          new Query(
              id,
              "Find Entity" + i + " by id",
              List.of(
                  new Query.Condition(
                      new AttributeRef("Entity" + i, "id"),
                      org.keyspacestudio.model.workflow.Operator.EQ)),
              List.of(new AttributeRef("Entity" + i, "attribute1")),
              List.of(),
              Query.ResultSize.ROW));
    }
    CqlIdentifier ks = CqlIdentifier.of("bench");
    List<Table> ts = new ArrayList<>();
    List<QueryArrow> arrows = new ArrayList<>();
    for (int i = 0; i < tables; i++) {
      List<Column> columns = new ArrayList<>();
      for (int c = 0; c < 10; c++) {
        columns.add(
            new Column(
                CqlIdentifier.of("column_" + c),
                c % 3 == 0 ? NativeType.UUID : NativeType.TEXT,
                false));
      }
      ts.add(
          new Table(
              CqlIdentifier.of("table_" + i),
              columns,
              new PrimaryKey(
                  List.of(CqlIdentifier.of("column_0")),
                  List.of(
                      new PrimaryKey.ClusteringColumn(
                          CqlIdentifier.of("column_1"), ClusteringOrder.DESC))),
              TableOptions.none()));
      ElementRef to = ElementRef.table(ks, CqlIdentifier.of("table_" + i));
      arrows.add(
          new QueryArrow(
              "Q" + (i + 1),
              i == 0 ? null : ElementRef.table(ks, CqlIdentifier.of("table_" + (i - 1) / 3)),
              to));
    }
    Schema schema =
        new Schema(
            List.of(
                new Keyspace(
                    ks,
                    new KeyspaceDefinition(Replication.simple(3), true),
                    List.of(),
                    ts,
                    List.of(),
                    List.of())),
            List.of());
    return new Project(
        schema,
        new Diagram(Diagram.Level.PHYSICAL, java.util.Map.of(), arrows),
        new ConceptualModel(es, rs, List.of()),
        new Workflow(tasks, transitions, queries),
        Layout.empty(),
        Layout.empty());
  }

  private static Relationship relationship(String name, String from, String to) {
    return new Relationship(
        name,
        false,
        List.of(
            new Relationship.End(from, Cardinality.ONE, ""),
            new Relationship.End(to, Cardinality.N, "")),
        List.of(),
        List.of());
  }
}
