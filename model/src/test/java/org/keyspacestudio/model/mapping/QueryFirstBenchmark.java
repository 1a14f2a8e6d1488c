package org.keyspacestudio.model.mapping;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Supplier;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.Cardinality;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.MappingEdits;
import org.keyspacestudio.model.edit.SchemaEdits;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.sizing.SizeRules;
import org.keyspacestudio.model.support.QuerySupport;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.Task;
import org.keyspacestudio.model.workflow.Transition;
import org.keyspacestudio.model.workflow.Workflow;

/**
 * Prints what the query-first half costs on large models: the mapping of 200 queries over a
 * 200-entity model (target: under 100 ms), and, on a model mapped to 1,000 tables, the checks the
 * editor runs after every edit: query support (target: under 5 ms), partition sizes, and every
 * check together. Medians and 95th percentiles of warm runs. Run with {@code bench/query-first.sh}.
 */
public final class QueryFirstBenchmark {

  private QueryFirstBenchmark() {}

  /**
   * {@code n} entities of 4 to 8 attributes (a key {@code id}, a timestamp, text, some
   * multi-valued), each but the first the n side of a 1:n relationship to an earlier one; one query
   * per entity: the first by its key, every other "the children of a parent, newest first" (the
   * parent's key by =, ordered by the child's timestamp), a fifth of them with a range on it.
   */
  static Project generated(int n, long seed) {
    Random random = new Random(seed);
    List<Entity> entities = new ArrayList<>();
    List<Relationship> relationships = new ArrayList<>();
    List<Query> queries = new ArrayList<>();
    List<Task> tasks = new ArrayList<>();
    List<Transition> transitions = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String name = "E" + i;
      List<Attribute> attributes = new ArrayList<>();
      attributes.add(Attribute.simple("id", "uuid"));
      attributes.add(Attribute.simple("created", "timestamp"));
      int more = 2 + random.nextInt(5);
      for (int a = 0; a < more; a++) {
        attributes.add(
            random.nextInt(6) == 0
                ? Attribute.multiValued("tags" + a, "text")
                : Attribute.simple("a" + a, random.nextBoolean() ? "text" : "int"));
      }
      entities.add(
          new Entity(name, false, attributes, List.of(Key.of(new AttributeRef(name, "id")))));
      String id = "Q" + (i + 1);
      Query q;
      if (i == 0) {
        q =
            new Query(
                id,
                "Find E0 by id",
                List.of(new Query.Condition(new AttributeRef(name, "id"), Operator.EQ)),
                List.of(new AttributeRef(name, "a0")),
                List.of(),
                Query.ResultSize.ROW);
      } else {
        String parent = "E" + random.nextInt(i);
        relationships.add(
            new Relationship(
                "r" + i,
                false,
                List.of(
                    new Relationship.End(parent, Cardinality.ONE, ""),
                    new Relationship.End(name, Cardinality.N, "")),
                List.of(),
                List.of()));
        List<Query.Condition> given = new ArrayList<>();
        given.add(new Query.Condition(new AttributeRef(parent, "id"), Operator.EQ));
        if (random.nextInt(5) == 0) {
          given.add(new Query.Condition(new AttributeRef(name, "created"), Operator.GE));
        }
        q =
            new Query(
                id,
                "Find the " + name + " of an " + parent + ", newest first",
                given,
                List.of(new AttributeRef(name, "id"), new AttributeRef(name, "a0")),
                List.of(
                    new Query.Ordering(new AttributeRef(name, "created"), ClusteringOrder.DESC)),
                Query.ResultSize.PARTITION);
      }
      queries.add(q);
      tasks.add(Task.named("T" + i));
      transitions.add(new Transition(i == 0 ? null : "T" + (i - 1) / 3, "T" + i, List.of(id)));
    }
    return new Project(Schema.empty())
        .withConceptual(new ConceptualModel(entities, relationships, List.of()))
        .withWorkflow(new Workflow(tasks, transitions, queries));
  }

  private static double[] time(int warmUp, int runs, Runnable r) {
    for (int i = 0; i < warmUp; i++) {
      r.run();
    }
    double[] ms = new double[runs];
    for (int i = 0; i < runs; i++) {
      long t0 = System.nanoTime();
      r.run();
      ms[i] = (System.nanoTime() - t0) / 1e6;
    }
    java.util.Arrays.sort(ms);
    return ms;
  }

  private static String stats(double[] ms) {
    return String.format(
        Locale.ROOT,
        "median %7.2f ms, p95 %7.2f ms",
        ms[ms.length / 2],
        ms[(int) Math.ceil(ms.length * 0.95) - 1]);
  }

  private static Project mapped(Project p) {
    Document doc = new Document(p, null);
    doc.perform(MappingEdits.mapAll(CqlIdentifier.of("bench")));
    return doc.project();
  }

  public static void main(String[] args) {
    int entities = args.length > 0 ? Integer.parseInt(args[0]) : 200;
    int tables = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
    Project model = generated(entities, 42);
    Supplier<Project> mapAll = () -> mapped(model);
    double[] first = time(0, 1, mapAll::get);
    Project mapped = mapAll.get();
    System.out.printf(
        Locale.ROOT,
        "mapping %d queries over %d entities (%d relationships) -> %d tables: first %.1f ms;"
            + " warm %s%n",
        model.workflow().queries().size(),
        entities,
        model.conceptual().relationships().size(),
        mapped.schema().tableCount(),
        first[0],
        stats(time(5, 21, mapAll::get)));
    System.out.printf(
        Locale.ROOT,
        "  alternatives of every query (what the inspector and kstudio map show): %s%n",
        stats(
            time(
                5,
                21,
                () -> {
                  for (Query q : model.workflow().queries()) {
                    Mapping.alternatives(model, q, CqlIdentifier.of("bench"));
                  }
                })));

    Project big = mapped(generated(tables, 7));
    for (int n = tables + tables / 5; big.schema().tableCount() < tables; n += tables / 10) {
      big = mapped(generated(n, 7));
    }
    System.out.printf(
        Locale.ROOT,
        "checks after an edit, %d tables answering %d queries:%n",
        big.schema().tableCount(),
        big.workflow().queries().size());
    // The edit: a column renamed and renamed back, alternately, in one of the tables.
    ElementRef table = big.mapping().tables().get(tables / 2).table();
    Document doc = new Document(big, null);
    String column =
        big.schema()
            .keyspace(table.keyspace())
            .orElseThrow()
            .table(table.object())
            .orElseThrow()
            .columns()
            .get(2)
            .name()
            .asInternal();
    Runnable edit = renamingBackAndForth(doc, table, column);
    QuerySupport.Memo supportMemo = new QuerySupport.Memo();
    org.keyspacestudio.model.sizing.PartitionSizes.Memo sizesMemo =
        new org.keyspacestudio.model.sizing.PartitionSizes.Memo();
    ProjectChecks.Live live = new ProjectChecks.Live();
    org.keyspacestudio.model.validate.Validator.Memo schemaMemo =
        new org.keyspacestudio.model.validate.Validator.Memo();
    afterEdits(
        "  schema checks (Validator), live:      ",
        edit,
        () ->
            org.keyspacestudio.model.validate.Validator.validate(
                doc.project().schema(), java.util.Map.of(), schemaMemo));
    afterEdits(
        "  query support (SUPPORT-*), live:      ",
        edit,
        () -> QuerySupport.validate(doc.project(), supportMemo));
    afterEdits(
        "  partition sizes (SIZE-*), live:       ",
        edit,
        () -> SizeRules.validate(doc.project(), sizesMemo));
    org.keyspacestudio.model.writes.WriteRules.Memo writesMemo =
        new org.keyspacestudio.model.writes.WriteRules.Memo();
    afterEdits(
        "  writes (WRITE-*), live:               ",
        edit,
        () -> org.keyspacestudio.model.writes.WriteRules.validate(doc.project(), writesMemo));
    afterEdits(
        "  conceptual model (ER-*):              ",
        edit,
        () ->
            org.keyspacestudio.model.conceptual.ConceptualRules.validate(
                doc.project().conceptual()));
    afterEdits(
        "  workflow and queries (WF-*, QUERY-*): ",
        edit,
        () ->
            org.keyspacestudio.model.workflow.WorkflowRules.validate(
                doc.project().workflow(), doc.project().conceptual()));
    afterEdits(
        "  every check (ProjectChecks.Live):     ",
        edit,
        () -> live.validate(doc.project(), java.util.Map.of()));
    System.out.printf(
        Locale.ROOT,
        "  query support, from scratch:          %s%n",
        stats(time(5, 21, () -> QuerySupport.validate(doc.project()))));
    System.out.printf(
        Locale.ROOT,
        "  partition sizes, from scratch:        %s%n",
        stats(time(5, 21, () -> SizeRules.validate(doc.project()))));
    System.out.printf(
        Locale.ROOT,
        "  writes, from scratch:                 %s%n",
        stats(
            time(5, 21, () -> org.keyspacestudio.model.writes.WriteRules.validate(doc.project()))));
    System.out.printf(
        Locale.ROOT,
        "  schema checks, from scratch:          %s%n",
        stats(
            time(
                5,
                21,
                () ->
                    org.keyspacestudio.model.validate.Validator.validate(doc.project().schema()))));
    System.out.printf(
        Locale.ROOT,
        "  every check, from scratch (validate): %s%n",
        stats(time(5, 21, () -> ProjectChecks.validate(doc.project()))));
    System.out.printf(
        Locale.ROOT, "  the edit alone:              %s%n", stats(time(20, 101, edit)));

    // The same project with each query's SELECT kept as a script's SELECT (ScriptSelects).
    List<org.keyspacestudio.model.schema.OtherStatement> selects = new java.util.ArrayList<>();
    for (QuerySupport.Answer a : QuerySupport.answers(doc.project())) {
      selects.add(new org.keyspacestudio.model.schema.OtherStatement("SELECT", a.select(), ""));
    }
    var withSelects =
        doc.project()
            .withSchema(
                new org.keyspacestudio.model.schema.Schema(
                    doc.project().schema().keyspaces(),
                    selects,
                    doc.project().schema().comments()));
    Document scripted = new Document(withSelects, null);
    Runnable scriptedEdit = renamingBackAndForth(scripted, table, column);
    System.out.printf(
        Locale.ROOT, "the same with the %d SELECTs kept as a script's:%n", selects.size());
    afterEdits(
        "  script SELECTs (ScriptSelects):       ",
        scriptedEdit,
        () ->
            org.keyspacestudio.model.support.ScriptSelects.validate(
                scripted.project().schema(), java.util.Map.of()));
    System.out.printf(
        Locale.ROOT,
        "  script SELECTs, from scratch:         %s%n",
        stats(
            time(
                5,
                21,
                () ->
                    org.keyspacestudio.model.support.ScriptSelects.validate(
                        scripted.project().schema(), java.util.Map.of()))));
    System.out.printf(
        Locale.ROOT,
        "  the edit alone (SELECTs rewritten):   %s%n",
        stats(time(20, 101, scriptedEdit)));

    // A SELECT the schema refuses (a column outside the key, no index): its fixes, which the
    // Problems tab computes for each row it shows (a keyed table, an SAI index, ALLOW FILTERING).
    var ks = scripted.project().schema().keyspaces().get(0);
    var refusedOn =
        ks.tables().stream()
            .filter(t -> t.columns().stream().anyMatch(c -> !t.primaryKey().isKeyColumn(c.name())))
            .findFirst()
            .orElseThrow();
    var regular =
        refusedOn.columns().stream()
            .filter(c -> !refusedOn.primaryKey().isKeyColumn(c.name()))
            .findFirst()
            .orElseThrow();
    List<org.keyspacestudio.model.schema.OtherStatement> withRefused =
        new java.util.ArrayList<>(selects);
    withRefused.add(
        new org.keyspacestudio.model.schema.OtherStatement(
            "SELECT",
            "SELECT * FROM "
                + ks.name().asCql()
                + "."
                + refusedOn.name().asCql()
                + " WHERE "
                + regular.name().asCql()
                + " = ?",
            ""));
    var refusedProject =
        scripted
            .project()
            .withSchema(
                new org.keyspacestudio.model.schema.Schema(
                    scripted.project().schema().keyspaces(),
                    withRefused,
                    scripted.project().schema().comments()));
    var problem =
        org.keyspacestudio.model.support.ScriptSelects.validate(
                refusedProject.schema(), java.util.Map.of())
            .stream()
            .filter(
                x -> x.element().object().asInternal().equals(String.valueOf(withRefused.size())))
            .findFirst()
            .orElseThrow();
    int[] count = {0};
    System.out.printf(
        Locale.ROOT,
        "  fixes of one refused SELECT:          %s (%d fixes)%n",
        stats(
            time(
                5,
                41,
                () ->
                    count[0] =
                        org.keyspacestudio.model.edit.QuickFixes.of(refusedProject, problem)
                            .size())),
        count[0]);
  }

  /** An edit: the column renamed and renamed back, alternately, in the table. */
  private static Runnable renamingBackAndForth(Document doc, ElementRef table, String column) {
    int[] edits = {0};
    return () -> {
      boolean back = edits[0]++ % 2 == 1;
      doc.perform(
          SchemaEdits.renameColumn(
              table,
              CqlIdentifier.of(back ? column + "_x" : column),
              CqlIdentifier.of(back ? column : column + "_x")));
    };
  }

  /** Prints the figures of {@code check} run after each of 101 edits (20 more to warm up). */
  private static void afterEdits(String label, Runnable edit, Runnable check) {
    System.out.printf(
        Locale.ROOT,
        "%s%s%n",
        label,
        stats(
            time(
                20,
                101,
                () -> {
                  edit.run();
                  check.run();
                })));
  }
}
