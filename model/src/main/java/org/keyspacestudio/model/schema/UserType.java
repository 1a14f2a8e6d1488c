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

  /**
   * Whether a type uses the user type {@code target}, directly or through the fields of the user
   * types it uses (Cassandra's {@code AbstractType.referencesUserType}, which sees a UDT's fields).
   *
   * @param types the user types of the keyspace by name; null for one the model lacks
   */
  public static boolean uses(
      CqlType type,
      CqlIdentifier target,
      java.util.function.Function<CqlIdentifier, UserType> types) {
    return uses(type, target, types, new java.util.HashSet<>());
  }

  private static boolean uses(
      CqlType type,
      CqlIdentifier target,
      java.util.function.Function<CqlIdentifier, UserType> types,
      java.util.Set<CqlIdentifier> visited) {
    for (CqlIdentifier used : org.keyspacestudio.model.type.UserTypeRef.referencedBy(type)) {
      if (used.equals(target)) {
        return true;
      }
      UserType next = types.apply(used);
      if (next != null && visited.add(used)) {
        for (Field f : next.fields()) {
          if (uses(f.type(), target, types, visited)) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
