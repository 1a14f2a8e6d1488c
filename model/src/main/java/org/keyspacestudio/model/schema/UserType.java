package org.keyspacestudio.model.schema;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.type.CqlType;

/**
 * A user-defined type (UDT) and its fields in declaration order.
 *
 * @param name the type name
 * @param fields the fields, in order
 */
public record UserType(CqlIdentifier name, List<Field> fields) {

  /** A field of a user-defined type. */
  public record Field(CqlIdentifier name, CqlType type) {
    public Field {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(type, "type");
    }
  }

  public UserType {
    Objects.requireNonNull(name, "name");
    fields = List.copyOf(fields);
  }

  /** The field of that name, if any. */
  public Optional<Field> field(CqlIdentifier fieldName) {
    return fields.stream().filter(f -> f.name().equals(fieldName)).findFirst();
  }
}
