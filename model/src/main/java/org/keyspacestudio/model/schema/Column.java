package org.keyspacestudio.model.schema;

import java.util.Objects;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.type.CqlType;

/**
 * A column as declared in a table: its name, type and whether it is declared {@code STATIC}. Its
 * role in the primary key is given by the table's {@link PrimaryKey}; see {@link Table#kindOf}.
 *
 * @param name the column name
 * @param type the column's CQL type
 * @param isStatic whether the column is declared {@code STATIC}
 */
public record Column(CqlIdentifier name, CqlType type, boolean isStatic) {
  public Column {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
  }

  /** A copy with another type. */
  public Column withType(CqlType newType) {
    return new Column(name, newType, isStatic);
  }
}
