package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.List;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.mapping.MappedTable;
import org.keyspacestudio.model.mapping.Mapping;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.reverse.SchemaModels;
import org.keyspacestudio.model.schema.Keyspace;

/**
 * The edit that gives a schema without query-first models the models its tables imply ({@link
 * SchemaModels}): the conceptual model, the workflow with a query per table, the mapping from those
 * queries to the tables, and a query arrow to each table. One undo step.
 */
public final class ReverseEdits {

  private ReverseEdits() {}

  /**
   * The keyspace to recover models from when none is named: the first that has tables (named or
   * not), else the first; null when that is the unnamed keyspace or there is none.
   *
   * @param project the project, not null
   */
  public static CqlIdentifier keyspaceOf(Project project) {
    return project.schema().keyspaces().stream()
        .filter(k -> !k.tables().isEmpty())
        .findFirst()
        .or(() -> project.schema().keyspaces().stream().findFirst())
        .map(Keyspace::name)
        .orElse(null);
  }

  /**
   * The script's SELECTs on the recovered tables, each a query of the workflow ({@link
   * SelectQueries#addToWorkflow}) run by the task of its table's own query: what the application
   * reads, where a table's primary key says only what it can answer. A SELECT no query can take (an
   * aggregate, a search of a collection, one that only repeats its table's query) is left as it is.
   */
  private static Project withScriptSelects(Project p, CqlIdentifier keyspace) {
    Project out = p;
    int statements = p.schema().otherStatements().size();
    for (int n = 1; n <= statements; n++) {
      org.keyspacestudio.model.support.ScriptSelects.Checked checked =
          org.keyspacestudio.model.support.ScriptSelects.check(out.schema(), n);
      if (checked == null
          || checked.target() == null
          || !java.util.Objects.equals(checked.target().keyspace(), keyspace)) {
        continue;
      }
      Fix add = SelectQueries.addToWorkflow(out, checked).orElse(null);
      MappedTable table = out.mapping().table(checked.target()).orElse(null);
      if (add == null || table == null || table.queries().isEmpty()) {
        continue;
      }
      String own = table.queries().get(0);
      if (repeats(out.workflow().query(own).orElseThrow(), SelectQueries.queryOf(out, checked))) {
        continue;
      }
      Project added = add.edit().change().apply(out);
      List<org.keyspacestudio.model.workflow.Query> queries = added.workflow().queries();
      String id = queries.get(queries.size() - 1).id();
      List<org.keyspacestudio.model.workflow.Task> tasks = new ArrayList<>();
      for (org.keyspacestudio.model.workflow.Task t : added.workflow().tasks()) {
        if (t.queries().contains(own)) {
          List<String> runs = new ArrayList<>(t.queries());
          runs.add(id);
          t = t.withQueries(runs);
        }
        tasks.add(t);
      }
      out = added.withWorkflow(added.workflow().withTasks(tasks));
    }
    return out;
  }

  /**
   * Whether a SELECT's query only repeats its table's own: the same given and ordering, returning
   * nothing but what that query gives or returns ({@code SELECT *} by the partition key).
   */
  private static boolean repeats(
      org.keyspacestudio.model.workflow.Query own,
      java.util.Optional<org.keyspacestudio.model.workflow.Query> select) {
    if (select.isEmpty()) {
      return true;
    }
    org.keyspacestudio.model.workflow.Query q = select.get();
    java.util.Set<org.keyspacestudio.model.conceptual.AttributeRef> known =
        new java.util.HashSet<>(own.attributes());
    return q.given().equals(own.given())
        && q.orderBy().equals(own.orderBy())
        && known.containsAll(q.returns());
  }

  private static String label(CqlIdentifier keyspace) {
    return keyspace == null ? "(unnamed)" : keyspace.asCql();
  }

  /**
   * Why the project cannot take recovered models, or null when it can: it has a conceptual model, a
   * workflow or a mapping already (recovering would replace what the user drew), or the keyspace is
   * missing or holds no table.
   *
   * @param project the project, not null
   * @param keyspace the keyspace whose tables are read; null for the unnamed keyspace (a script's
   *     tables named without one)
   */
  public static String refusal(Project project, CqlIdentifier keyspace) {
    Keyspace ks = project.schema().keyspace(keyspace).orElse(null);
    if (ks == null) {
      return "There is no keyspace " + label(keyspace) + ".";
    }
    if (ks.tables().isEmpty()) {
      return "Keyspace " + label(keyspace) + " has no table to recover models from.";
    }
    if (!project.conceptual().entities().isEmpty()
        || !project.conceptual().relationships().isEmpty()
        || !project.workflow().queries().isEmpty()
        || !project.workflow().tasks().isEmpty()
        || !project.mapping().tables().isEmpty()) {
      return "The project has a conceptual model or a workflow already; recovering would replace"
          + " them. Map its queries instead (Map all queries).";
    }
    return null;
  }

  /**
   * The edit recovering the models of a keyspace's tables; it changes nothing when {@link #refusal}
   * gives a reason.
   *
   * @param keyspace the keyspace whose tables are read; null for the unnamed keyspace
   */
  public static Document.Edit recover(CqlIdentifier keyspace) {
    return new Document.Edit(
        "Recover the conceptual model and queries of " + label(keyspace),
        p -> {
          if (refusal(p, keyspace) != null) {
            return p;
          }
          SchemaModels.Recovered r = SchemaModels.recover(p.schema().keyspace(keyspace).get());
          Project out =
              p.withConceptual(r.conceptual()).withWorkflow(r.workflow()).withMapping(r.mapping());
          List<QueryArrow> arrows = new ArrayList<>(out.diagram().arrows());
          for (MappedTable m : r.mapping().tables()) {
            for (String q : m.queries()) {
              arrows.add(new QueryArrow(q, Mapping.arrowSource(out, q, m.table()), m.table()));
            }
          }
          return withScriptSelects(out.withDiagram(out.diagram().withArrows(arrows)), keyspace);
        });
  }
}
