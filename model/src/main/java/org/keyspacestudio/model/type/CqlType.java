package org.keyspacestudio.model.type;

import java.util.List;

/**
 * A CQL data type: a native type, a collection, a tuple, a user-defined type reference, a vector or
 * a custom type. Values are immutable and compare by structure.
 *
 * <p>{@link #asCql()} prints the type as CQL, the way Cassandra's {@code CQL3Type.toString()} does:
 * lower case names, {@code frozen<...>} where the type is frozen, {@code ", "} between parameters.
 */
public sealed interface CqlType
    permits NativeType, CollectionType, TupleType, UserTypeRef, VectorType, CustomType {

  /** The type as CQL, for example {@code frozen<map<text, list<int>>>}. */
  String asCql();

  /**
   * The types this one is made of, in order (element, key and value, components); empty if none.
   */
  default List<CqlType> children() {
    return List.of();
  }

  /**
   * True when values of this type are stored as one cell: every native, tuple, vector and custom
   * type, and collections and UDTs written {@code frozen<...>}.
   */
  default boolean isFrozen() {
    return true;
  }

  /** True for a non-frozen collection or UDT (a value made of several cells). */
  default boolean isMultiCell() {
    return !isFrozen();
  }

  /** This type wrapped in {@code frozen<...>}; the type itself where that changes nothing. */
  default CqlType freeze() {
    return this;
  }

  /**
   * This type with every user-defined type reference in it, at any depth, replaced by what {@code
   * change} returns for it; the rest of the structure (frozenness, order) kept.
   *
   * @param change maps one reference to its replacement, a reference or any other type (return the
   *     reference to keep it)
   * @return the new type, or this one when nothing changed
   */
  default CqlType mapUserTypes(
      java.util.function.Function<? super UserTypeRef, ? extends CqlType> change) {
    if (this instanceof UserTypeRef ref) {
      return change.apply(ref);
    }
    if (this instanceof CollectionType.ListType list) {
      return new CollectionType.ListType(list.element().mapUserTypes(change), list.frozen());
    }
    if (this instanceof CollectionType.SetType set) {
      return new CollectionType.SetType(set.element().mapUserTypes(change), set.frozen());
    }
    if (this instanceof CollectionType.MapType map) {
      return new CollectionType.MapType(
          map.key().mapUserTypes(change), map.value().mapUserTypes(change), map.frozen());
    }
    if (this instanceof TupleType tuple) {
      return new TupleType(tuple.components().stream().map(c -> c.mapUserTypes(change)).toList());
    }
    if (this instanceof VectorType vector) {
      return new VectorType(vector.element().mapUserTypes(change), vector.dimension());
    }
    return this;
  }

  /**
   * This type with references to the given keyspace's own types unqualified: inside keyspace {@code
   * ks}, {@code frozen<ks.address>} becomes {@code frozen<address>}, as people write it.
   *
   * @param keyspace the keyspace the type is used in
   * @return the type; this one when nothing refers to that keyspace
   */
  default CqlType localTo(org.keyspacestudio.model.cql.CqlIdentifier keyspace) {
    return mapUserTypes(
        ref ->
            keyspace.equals(ref.keyspace())
                ? new UserTypeRef(null, ref.name(), ref.frozen())
                : ref);
  }

  /** True when this type or any type nested in it satisfies the test. */
  default boolean anyMatch(java.util.function.Predicate<CqlType> test) {
    if (test.test(this)) {
      return true;
    }
    for (CqlType child : children()) {
      if (child.anyMatch(test)) {
        return true;
      }
    }
    return false;
  }
}
