package org.keyspacestudio.model.project;

import java.util.Objects;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.schema.Schema;

/**
 * What a Keyspace Studio project file holds: the physical schema and its Chebotko diagram. The
 * conceptual model and the application workflow join them in later format versions.
 *
 * @param schema the physical schema
 * @param diagram where the schema's elements are drawn, and the query arrows
 */
public record Project(Schema schema, Diagram diagram) {
  public Project {
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(diagram, "diagram");
  }

  /** A project for a schema that has no diagram yet (the layout will place everything). */
  public Project(Schema schema) {
    this(schema, Diagram.empty());
  }
}
