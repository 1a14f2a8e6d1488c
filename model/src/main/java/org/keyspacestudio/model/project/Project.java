package org.keyspacestudio.model.project;

import java.util.Objects;
import org.keyspacestudio.model.schema.Schema;

/**
 * What a Keyspace Studio project file holds. For now the physical schema; the diagram layout, the
 * conceptual model and the application workflow join it in later format versions.
 *
 * @param schema the physical schema
 */
public record Project(Schema schema) {
  public Project {
    Objects.requireNonNull(schema, "schema");
  }
}
