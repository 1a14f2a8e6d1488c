package org.keyspacestudio.model.type;

import java.util.List;
import java.util.Objects;

/** A {@code list}, {@code set} or {@code map}, frozen or not. */
public sealed interface CollectionType extends CqlType
    permits CollectionType.ListType, CollectionType.SetType, CollectionType.MapType {

  /** A copy of this collection that is not frozen. */
  CollectionType unfreeze();

  /** {@code list<element>}, or {@code frozen<list<element>>} when {@code frozen}. */
  record ListType(CqlType element, boolean frozen) implements CollectionType {
    public ListType {
      Objects.requireNonNull(element, "element");
    }

    @Override
    public String asCql() {
      String inner = "list<" + element.asCql() + ">";
      return frozen ? "frozen<" + inner + ">" : inner;
    }

    @Override
    public List<CqlType> children() {
      return List.of(element);
    }

    @Override
    public boolean isFrozen() {
      return frozen;
    }

    @Override
    public CqlType freeze() {
      return new ListType(element, true);
    }

    @Override
    public CollectionType unfreeze() {
      return new ListType(element, false);
    }
  }

  /** {@code set<element>}, or {@code frozen<set<element>>} when {@code frozen}. */
  record SetType(CqlType element, boolean frozen) implements CollectionType {
    public SetType {
      Objects.requireNonNull(element, "element");
    }

    @Override
    public String asCql() {
      String inner = "set<" + element.asCql() + ">";
      return frozen ? "frozen<" + inner + ">" : inner;
    }

    @Override
    public List<CqlType> children() {
      return List.of(element);
    }

    @Override
    public boolean isFrozen() {
      return frozen;
    }

    @Override
    public CqlType freeze() {
      return new SetType(element, true);
    }

    @Override
    public CollectionType unfreeze() {
      return new SetType(element, false);
    }
  }

  /** {@code map<key, value>}, or {@code frozen<map<key, value>>} when {@code frozen}. */
  record MapType(CqlType key, CqlType value, boolean frozen) implements CollectionType {
    public MapType {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(value, "value");
    }

    @Override
    public String asCql() {
      String inner = "map<" + key.asCql() + ", " + value.asCql() + ">";
      return frozen ? "frozen<" + inner + ">" : inner;
    }

    @Override
    public List<CqlType> children() {
      return List.of(key, value);
    }

    @Override
    public boolean isFrozen() {
      return frozen;
    }

    @Override
    public CqlType freeze() {
      return new MapType(key, value, true);
    }

    @Override
    public CollectionType unfreeze() {
      return new MapType(key, value, false);
    }
  }
}
