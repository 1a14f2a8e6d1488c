package org.keyspacestudio.model.project;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.keyspacestudio.model.conceptual.ConceptualRules;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.SourcePosition;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Validator;
import org.keyspacestudio.model.workflow.WorkflowRules;

/**
 * Every check of a project, in one list: the conceptual model ({@link ConceptualRules}), the
 * workflow and its queries ({@link WorkflowRules}), and the schema as Cassandra 5.0 judges it
 * ({@link Validator}), whether each table answers its queries ({@code QuerySupport}) and the
 * script's own SELECTs ({@code ScriptSelects}), its partition size ({@code SizeRules}) and what the
 * application's writes run into ({@code WriteRules}). What the editor's problems pane and {@code
 * kstudio validate} show.
 */
public final class ProjectChecks {

  private ProjectChecks() {}

  /**
   * The problems of a project: conceptual model, workflow, then schema.
   *
   * @param project the project, not null
   * @param positions source positions of schema elements read from CQL (may be empty)
   * @return the problems, never null
   */
  public static List<Problem> validate(Project project, Map<ElementRef, SourcePosition> positions) {
    return new Live().validate(project, positions);
  }

  /**
   * The checks an editor runs after every edit: the same problems as {@link #validate}, with the
   * tables' schema checks, the query support, partition size and write checks computing again only
   * what the edit changed (they remember the last project's results). Not thread-safe: one per
   * editor window.
   */
  public static final class Live {
    private final org.keyspacestudio.model.support.QuerySupport.Memo support =
        new org.keyspacestudio.model.support.QuerySupport.Memo();
    private final org.keyspacestudio.model.sizing.PartitionSizes.Memo sizes =
        new org.keyspacestudio.model.sizing.PartitionSizes.Memo();
    private final Validator.Memo schema = new Validator.Memo();
    private final org.keyspacestudio.model.writes.WriteRules.Memo writes =
        new org.keyspacestudio.model.writes.WriteRules.Memo();

    /** The problems of a project, as {@link ProjectChecks#validate(Project, Map)}. */
    public List<Problem> validate(Project project, Map<ElementRef, SourcePosition> positions) {
      List<Problem> all = new ArrayList<>(ConceptualRules.validate(project.conceptual()));
      all.addAll(WorkflowRules.validate(project.workflow(), project.conceptual()));
      all.addAll(Validator.validate(project.schema(), positions, schema));
      all.addAll(org.keyspacestudio.model.support.QuerySupport.validate(project, support));
      all.addAll(
          org.keyspacestudio.model.support.ScriptSelects.validate(project.schema(), positions));
      all.addAll(org.keyspacestudio.model.dml.ScriptWrites.validate(project.schema(), positions));
      all.addAll(org.keyspacestudio.model.sizing.SizeRules.validate(project, sizes));
      for (Problem p : org.keyspacestudio.model.writes.WriteRules.validate(project, writes)) {
        // A problem on a script's statement gets its line and column here.
        SourcePosition at =
            p.position() == null && p.element() != null ? positions.get(p.element()) : null;
        all.add(at == null ? p : new Problem(p.rule(), p.message(), p.element(), at));
      }
      return List.copyOf(all);
    }
  }

  /** The problems of a project that was not read from CQL. */
  public static List<Problem> validate(Project project) {
    return validate(project, Map.of());
  }
}
