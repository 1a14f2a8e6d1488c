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

  /** The same reference without an explicit keyspace. */
  public UserTypeRef unqualified() {
    return new UserTypeRef(null, name, frozen);
  }
}
