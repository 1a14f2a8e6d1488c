package org.keyspacestudio.model.project;

import java.util.Objects;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.DiagramKind;
import org.keyspacestudio.model.diagram.Layout;
import org.keyspacestudio.model.mapping.QueryMapping;
import org.keyspacestudio.model.reverse.RecoveryNotes;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.sizing.SizingInputs;
import org.keyspacestudio.model.workflow.Workflow;

/**
 * What a Keyspace Studio project file holds: the conceptual model and the application workflow (the
 * query-first half), the physical schema and its Chebotko diagram, and where the boxes of each
 * diagram are drawn.
 *
 * <p>Edits change a project through the {@code with...} methods, which keep every other part: never
 * build a new project from some of its parts, or the others are lost.
 *
 * @param schema the physical schema
 * @param diagram the Chebotko diagram: where tables, views and UDTs are drawn, and the query arrows
 * @param conceptual the conceptual (ER) model
 * @param workflow the application workflow and its queries
 * @param conceptualLayout where the conceptual diagram's boxes are drawn
 * @param workflowLayout where the workflow diagram's boxes are drawn
 * @param mapping which tables answer which queries, and where their columns come from
 * @param sizing the figures typed in for partition size estimates
 * @param recovery the notes of the last recovery of the models from the tables, until cleared
 */
public record Project(
    Schema schema,
    Diagram diagram,
    ConceptualModel conceptual,
    Workflow workflow,
    Layout conceptualLayout,
    Layout workflowLayout,
    QueryMapping mapping,
    SizingInputs sizing,
    RecoveryNotes recovery) {

  public Project {
    Objects.requireNonNull(recovery, "recovery");
    Objects.requireNonNull(mapping, "mapping");
    Objects.requireNonNull(sizing, "sizing");
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(diagram, "diagram");
    Objects.requireNonNull(conceptual, "conceptual");
    Objects.requireNonNull(workflow, "workflow");
    Objects.requireNonNull(conceptualLayout, "conceptualLayout");
    Objects.requireNonNull(workflowLayout, "workflowLayout");
  }

  /** A project with no notes of a recovery. */
  public Project(
      Schema schema,
      Diagram diagram,
      ConceptualModel conceptual,
      Workflow workflow,
      Layout conceptualLayout,
      Layout workflowLayout,
      QueryMapping mapping,
      SizingInputs sizing) {
    this(
        schema,
        diagram,
        conceptual,
        workflow,
        conceptualLayout,
        workflowLayout,
        mapping,
        sizing,
        RecoveryNotes.NONE);
  }

  /** A project with no mapping from queries to tables yet. */
  public Project(
      Schema schema,
      Diagram diagram,
      ConceptualModel conceptual,
      Workflow workflow,
      Layout conceptualLayout,
      Layout workflowLayout) {
    this(
        schema,
        diagram,
        conceptual,
        workflow,
        conceptualLayout,
        workflowLayout,
        QueryMapping.empty(),
        SizingInputs.empty());
  }

  /** A project with a schema and its diagram, and no conceptual model or workflow yet. */
  public Project(Schema schema, Diagram diagram) {
    this(
        schema, diagram, ConceptualModel.empty(), Workflow.empty(), Layout.empty(), Layout.empty());
  }

  /** A project for a schema that has no diagram yet (the layout will place everything). */
  public Project(Schema schema) {
    this(schema, Diagram.empty());
  }

  /** An empty project. */
  public static Project empty() {
    return new Project(Schema.empty());
  }

  /** A copy with another schema. */
  public Project withSchema(Schema newSchema) {
    return new Project(
        newSchema,
        diagram,
        conceptual,
        workflow,
        conceptualLayout,
        workflowLayout,
        mapping,
        sizing,
        recovery);
  }

  /** A copy with another Chebotko diagram. */
  public Project withDiagram(Diagram newDiagram) {
    return new Project(
        schema,
        newDiagram,
        conceptual,
        workflow,
        conceptualLayout,
        workflowLayout,
        mapping,
        sizing,
        recovery);
  }

  /** A copy with another schema and Chebotko diagram. */
  public Project with(Schema newSchema, Diagram newDiagram) {
    return new Project(
        newSchema,
        newDiagram,
        conceptual,
        workflow,
        conceptualLayout,
        workflowLayout,
        mapping,
        sizing,
        recovery);
  }

  /** A copy with another conceptual model. */
  public Project withConceptual(ConceptualModel newConceptual) {
    return new Project(
        schema,
        diagram,
        newConceptual,
        workflow,
        conceptualLayout,
        workflowLayout,
        mapping,
        sizing,
        recovery);
  }

  /** A copy with another workflow. */
  public Project withWorkflow(Workflow newWorkflow) {
    return new Project(
        schema,
        diagram,
        conceptual,
        newWorkflow,
        conceptualLayout,
        workflowLayout,
        mapping,
        sizing,
        recovery);
  }

  /** A copy with another conceptual diagram layout. */
  public Project withConceptualLayout(Layout layout) {
    return new Project(
        schema, diagram, conceptual, workflow, layout, workflowLayout, mapping, sizing, recovery);
  }

  /** A copy with another workflow diagram layout. */
  public Project withWorkflowLayout(Layout layout) {
    return new Project(
        schema, diagram, conceptual, workflow, conceptualLayout, layout, mapping, sizing, recovery);
  }

  /** A copy with another mapping from queries to tables. */
  public Project withMapping(QueryMapping newMapping) {
    return new Project(
        schema,
        diagram,
        conceptual,
        workflow,
        conceptualLayout,
        workflowLayout,
        newMapping,
        sizing,
        recovery);
  }

  /** A copy with other typed-in sizing figures. */
  public Project withSizing(SizingInputs newSizing) {
    return new Project(
        schema,
        diagram,
        conceptual,
        workflow,
        conceptualLayout,
        workflowLayout,
        mapping,
        newSizing,
        recovery);
  }

  /** A copy with other notes of a recovery ({@link RecoveryNotes#NONE} to clear them). */
  public Project withRecovery(RecoveryNotes newRecovery) {
    return new Project(
        schema,
        diagram,
        conceptual,
        workflow,
        conceptualLayout,
        workflowLayout,
        mapping,
        sizing,
        newRecovery);
  }

  /**
   * The layout of a conceptual or workflow diagram.
   *
   * @throws IllegalArgumentException for a Chebotko diagram (its positions are in {@link #diagram})
   */
  public Layout layout(DiagramKind kind) {
    return switch (kind) {
      case CONCEPTUAL -> conceptualLayout;
      case WORKFLOW -> workflowLayout;
      default -> throw new IllegalArgumentException(kind + " has no separate layout");
    };
  }

  /** A copy with a conceptual or workflow diagram's layout replaced. */
  public Project withLayout(DiagramKind kind, Layout layout) {
    return switch (kind) {
      case CONCEPTUAL -> withConceptualLayout(layout);
      case WORKFLOW -> withWorkflowLayout(layout);
      default -> throw new IllegalArgumentException(kind + " has no separate layout");
    };
  }
}
