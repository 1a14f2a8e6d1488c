package org.keyspacestudio.model.conceptual;

import java.util.List;
import java.util.Objects;

/**
 * An IsA (generalisation) hierarchy: the children are kinds of the parent and inherit its
 * attributes and keys. Drawn as a triangle between the parent and its children.
 *
 * @param name the hierarchy's name, unique among hierarchies, not null
 * @param parent the parent entity's name
 * @param children the child entities' names
 * @param disjoint whether an instance belongs to at most one child (disjoint) or may belong to
 *     several (overlapping)
 */
public record IsA(String name, String parent, List<String> children, boolean disjoint) {
  public IsA {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(parent, "parent");
    children = List.copyOf(children);
  }

  /** A copy with another parent. */
  public IsA withParent(String newParent) {
    return new IsA(name, newParent, children, disjoint);
  }

  /** A copy with other children. */
  public IsA withChildren(List<String> newChildren) {
    return new IsA(name, parent, newChildren, disjoint);
  }

  /** A copy that is disjoint or overlapping. */
  public IsA withDisjoint(boolean newDisjoint) {
    return new IsA(name, parent, children, newDisjoint);
  }
}
