package org.keyspacestudio.model.type;

import java.util.Objects;

/**
 * A custom type given by the class name of its Cassandra marshaller, written as a string literal:
 * {@code 'org.apache.cassandra.db.marshal.DynamicCompositeType(...)'}.
 *
 * @param className the class name (and parameters) exactly as written between the quotes
 */
public record CustomType(String className) implements CqlType {
  public CustomType {
    Objects.requireNonNull(className, "className");
  }

  @Override
  public String asCql() {
    return "'" + className.replace("'", "''") + "'";
  }
}
