package org.keyspacestudio.model.type;

import java.util.Objects;
import org.keyspacestudio.model.cql.CqlIdentifier;

/**
 * A reference to a user-defined type by name, frozen or not.
 *
 * @param keyspace the keyspace the reference names explicitly ({@code ks.address}), or null when
 *     the reference is unqualified and means the keyspace of the element that uses it
 * @param name the type's name
 * @param frozen whether the reference is written {@code frozen<...>}
 */
public record UserTypeRef(CqlIdentifier keyspace, CqlIdentifier name, boolean frozen)
    implements CqlType {
  public UserTypeRef {
    Objects.requireNonNull(name, "name");
  }

  @Override
  public String asCql() {
    String inner = keyspace == null ? name.asCql() : keyspace.asCql() + "." + name.asCql();
    return frozen ? "frozen<" + inner + ">" : inner;
  }

  @Override
  public boolean isFrozen() {
    return frozen;
  }

  @Override
  public CqlType freeze() {
    return new UserTypeRef(keyspace, name, true);
  }

  /** The names of the user-defined types a type refers to, at any depth, in order of appearance. */
  public static java.util.Set<CqlIdentifier> referencedBy(CqlType type) {
    java.util.Set<CqlIdentifier> names = new java.util.LinkedHashSet<>();
    type.anyMatch(
        t -> {
          if (t instanceof UserTypeRef ref) {
            names.add(ref.name());
          }
          return false;
        });
    return names;
  }

  /** The same reference without an explicit keyspace. */
  public UserTypeRef unqualified() {
    return new UserTypeRef(null, name, frozen);
  }
}
