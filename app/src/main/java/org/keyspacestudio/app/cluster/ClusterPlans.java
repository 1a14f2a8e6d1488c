package org.keyspacestudio.app.cluster;

import java.util.ArrayList;
import java.util.List;
import org.keyspacestudio.export.cluster.ClusterException;
import org.keyspacestudio.export.cluster.ClusterSession;
import org.keyspacestudio.export.cluster.SchemaPuller;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diff.Blocked;
import org.keyspacestudio.model.diff.Change;
import org.keyspacestudio.model.diff.Plan;
import org.keyspacestudio.model.diff.SchemaDiff;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.Schema;

/** Plans for a whole model against a cluster, and their text: shared by the CLI and the editor. */
public final class ClusterPlans {
  private ClusterPlans() {}

  /**
   * The keyspaces of a model that a plan covers.
   *
   * @param schema the model
   * @param only a keyspace to limit to, or {@code null} for every named keyspace with content
   * @param unnamedAs the name to give the model's unnamed keyspace (tables without a keyspace), or
   *     {@code null} to leave it out
   * @return the keyspaces, named
   * @throws IllegalArgumentException when {@code only} is not in the model, or nothing is left
   */
  public static List<Keyspace> keyspaces(Schema schema, String only, String unnamedAs) {
    List<Keyspace> result = new ArrayList<>();
    for (Keyspace ks : schema.keyspaces()) {
      Keyspace named = ks;
      if (ks.isUnnamed()) {
        if (unnamedAs == null || ks.tables().isEmpty() && ks.types().isEmpty()) {
          continue;
        }
        named =
            new Keyspace(
                CqlIdentifier.fromCql(unnamedAs),
                ks.definition(),
                ks.types(),
                ks.tables(),
                ks.indexes(),
                ks.views());
      }
      if (only == null || named.name().equals(CqlIdentifier.fromCql(only))) {
        result.add(named);
      }
    }
    if (result.isEmpty()) {
      throw new IllegalArgumentException(
          only != null
              ? "the model has no keyspace " + only
              : "the model has no named keyspace (give tables without one a keyspace with"
                  + " --keyspace)");
    }
    return result;
  }

  /**
   * Plans each keyspace against the cluster's current schema.
   *
   * @param session an open session
   * @param keyspaces the keyspaces wanted
   * @return one plan per keyspace, in order
   * @throws ClusterException when reading the cluster's schema fails
   */
  public static List<Plan> plan(ClusterSession session, List<Keyspace> keyspaces)
      throws ClusterException {
    List<Plan> plans = new ArrayList<>();
    for (Keyspace desired : keyspaces) {
      Keyspace live = SchemaPuller.pull(session, desired.name()).orElse(null);
      plans.add(SchemaDiff.plan(desired, live));
    }
    return plans;
  }

  /**
   * The plans as JSON, for machines: {@code [{"keyspace", "statements": [{"cql", "summary", "drop",
   * "element"}], "blocked": [{"element", "what", "wayOut"}]}]}.
   *
   * @param plans the plans
   * @return the JSON text
   */
  public static String json(List<Plan> plans) {
    com.fasterxml.jackson.databind.node.ArrayNode array =
        com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
    for (Plan plan : plans) {
      var o = array.addObject();
      o.put("keyspace", plan.keyspace().asInternal());
      var statements = o.putArray("statements");
      for (Change change : plan.changes()) {
        var c = statements.addObject();
        c.put("cql", change.cql());
        c.put("summary", change.summary());
        c.put("drop", change.drop());
        c.put("element", change.element().toString());
      }
      var blocked = o.putArray("blocked");
      for (Blocked b : plan.blocked()) {
        var c = blocked.addObject();
        c.put("element", b.element().toString());
        c.put("what", b.what());
        c.put("wayOut", b.wayOut());
      }
    }
    return array.toPrettyString();
  }

  /** The plans as text: numbered statements, drops marked, then what cannot be done in place. */
  public static String describe(List<Plan> plans) {
    StringBuilder out = new StringBuilder();
    for (Plan plan : plans) {
      int drops = plan.drops().size();
      out.append("keyspace ")
          .append(plan.keyspace().asCql())
          .append(": ")
          .append(
              plan.isEmpty()
                  ? "up to date, nothing to do"
                  : plan.changes().size()
                      + " statement(s)"
                      + (drops > 0 ? ", " + drops + " DROP(s)" : "")
                      + (plan.blocked().isEmpty()
                          ? ""
                          : ", "
                              + plan.blocked().size()
                              + " change(s) that cannot be made in place"))
          .append('\n');
      int n = 1;
      for (Change change : plan.changes()) {
        out.append(String.format("%3d. ", n++))
            .append(change.drop() ? "[DROP] " : "")
            .append("-- ")
            .append(change.summary())
            .append('\n');
        for (String line : change.cql().split("\n")) {
          out.append("     ").append(line).append('\n');
        }
      }
      for (Blocked blocked : plan.blocked()) {
        out.append("  cannot be made in place: ").append(blocked.what()).append('\n');
        out.append("    way out: ").append(blocked.wayOut()).append('\n');
      }
    }
    return out.toString();
  }
}
