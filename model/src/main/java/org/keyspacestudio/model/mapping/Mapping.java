package org.keyspacestudio.model.mapping;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.Transition;
import org.keyspacestudio.model.workflow.Workflow;

/** Mapping a project's queries: which keyspace, which alternatives, which arrows. */
public final class Mapping {

  private Mapping() {}

  /**
   * The keyspace new tables go into: the one named, else the project's only named keyspace (or its
   * first), else {@code app}.
   */
  public static CqlIdentifier keyspace(Project project, String named) {
    if (named != null && !named.isBlank()) {
      return CqlIdentifier.fromCql(named);
    }
    return project.schema().keyspaces().stream()
        .map(Keyspace::name)
        .filter(java.util.Objects::nonNull)
        .findFirst()
        .orElse(CqlIdentifier.of("app"));
  }

  /** The alternatives for one query of the project, new tables going into {@code keyspace}. */
  public static Mapper.Result alternatives(Project project, Query query, CqlIdentifier keyspace) {
    Optional<Keyspace> ks = project.schema().keyspace(keyspace);
    List<Mapper.Reusable> reusable = new ArrayList<>();
    Set<String> taken = new HashSet<>();
    if (ks.isPresent()) {
      java.util.Map<ElementRef, MappedTable> byTable = new java.util.HashMap<>();
      project.mapping().tables().forEach(m -> byTable.putIfAbsent(m.table(), m));
      for (Table t : ks.get().tables()) {
        taken.add(t.name().asInternal());
        ElementRef ref = ElementRef.table(keyspace, t.name());
        MappedTable mapped = byTable.get(ref);
        if (mapped != null && !mapped.sources().isEmpty()) {
          reusable.add(
              new Mapper.Reusable(
                  ref,
                  t,
                  mapped.sources(),
                  org.keyspacestudio.model.support.IndexedColumns.of(ks.get(), t).equality()));
        }
      }
      // A mapped materialized view answers as its rows do, with no index (none is allowed on one).
      for (var v : ks.get().views()) {
        taken.add(v.name().asInternal());
        ElementRef ref = ElementRef.view(keyspace, v.name());
        MappedTable mapped = byTable.get(ref);
        Table rows = ks.get().viewAsTable(v);
        if (mapped != null && !mapped.sources().isEmpty() && rows != null) {
          reusable.add(new Mapper.Reusable(ref, rows, mapped.sources(), Set.of()));
        }
      }
    }
    return Mapper.alternatives(project.conceptual(), query, reusable, taken);
  }

  /**
   * Where a query's arrow comes from in the logical diagram, following the workflow: the table of a
   * query that runs before it, or null for an entry arrow. Before a query on a transition run those
   * on the transitions into the task it leaves, then those of that task; before a query of a task,
   * those on the transitions into it, then those of the tasks they leave.
   */
  public static ElementRef arrowSource(Project project, String queryId, ElementRef target) {
    Workflow w = project.workflow();
    for (Transition t : w.transitions()) {
      if (!t.queries().contains(queryId) || t.from() == null) {
        continue;
      }
      List<String> before = new ArrayList<>();
      for (Transition in : w.transitions()) {
        if (in.to().equals(t.from())) {
          before.addAll(in.queries());
        }
      }
      w.task(t.from()).ifPresent(task -> before.addAll(task.queries()));
      for (String q : before) {
        for (MappedTable m : project.mapping().tablesOf(q)) {
          if (!m.table().equals(target)) {
            return m.table();
          }
        }
      }
    }
    for (var task : w.tasks()) {
      if (task.queries().contains(queryId)) {
        List<String> before = new ArrayList<>();
        List<String> previousTasks = new ArrayList<>();
        for (Transition in : w.transitions()) {
          if (in.to().equals(task.name())) {
            before.addAll(in.queries());
            if (in.from() != null && !in.from().equals(task.name())) {
              w.task(in.from()).ifPresent(t -> previousTasks.addAll(t.queries()));
            }
          }
        }
        before.addAll(previousTasks);
        for (String q : before) {
          for (MappedTable m : project.mapping().tablesOf(q)) {
            if (!m.table().equals(target)) {
              return m.table();
            }
          }
        }
      }
    }
    return null;
  }
}
