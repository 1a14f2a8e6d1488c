package org.keyspacestudio.model.type;

import java.util.List;
import java.util.Objects;

/**
 * {@code vector<element, dimension>} (Cassandra 5.0). Vectors are always frozen.
 *
 * @param element the element type
 * @param dimension the number of elements as written; Cassandra requires it to be positive, which
 *     validation checks (so that a model being edited can hold any number)
 */
public record VectorType(CqlType element, int dimension) implements CqlType {
  public VectorType {
    Objects.requireNonNull(element, "element");
  }

  @Override
  public String asCql() {
    return "vector<" + element.asCql() + ", " + dimension + ">";
  }

  @Override
  public List<CqlType> children() {
    return List.of(element);
  }
}
