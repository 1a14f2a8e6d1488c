package org.keyspacestudio.model.type;

import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code tuple<a, b, ...>}. Tuples are always frozen in Cassandra, so {@code frozen<tuple<...>>}
 * reads as the same type.
 *
 * @param components the component types, at least one
 */
public record TupleType(List<CqlType> components) implements CqlType {
  public TupleType {
    components = List.copyOf(components);
    if (components.isEmpty()) {
      throw new IllegalArgumentException("a tuple needs at least one component");
    }
  }

  @Override
  public String asCql() {
    return components.stream().map(CqlType::asCql).collect(Collectors.joining(", ", "tuple<", ">"));
  }

  @Override
  public List<CqlType> children() {
    return components;
  }
}
