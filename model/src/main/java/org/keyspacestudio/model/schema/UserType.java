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

  /**
   * The fields' types by name (unquoted), in declaration order.
   *
   * @return an unmodifiable map, never null
   */
  public java.util.Map<String, org.keyspacestudio.model.type.CqlType> fieldTypes() {
    java.util.Map<String, org.keyspacestudio.model.type.CqlType> out =
        new java.util.LinkedHashMap<>();
    fields.forEach(f -> out.put(f.name().asInternal(), f.type()));
    return java.util.Collections.unmodifiableMap(out);
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
    return reaches(
        type,
        t ->
            t instanceof org.keyspacestudio.model.type.UserTypeRef ref && ref.name().equals(target),
        types);
  }

  /**
   * Whether a type, or a type nested in it or in the fields of the user types it uses, satisfies
   * the test (Cassandra's {@code AbstractType.referencesDuration} and {@code referencesUserType}
   * see a UDT's fields). Each user type is looked into once.
   *
   * @param types the user types of the keyspace by name; null for one the model lacks
   */
  public static boolean reaches(
      CqlType type,
      java.util.function.Predicate<CqlType> test,
      java.util.function.Function<CqlIdentifier, UserType> types) {
    // The types still to look into, on a heap stack: a chain of any length takes no call stack.
    java.util.Deque<CqlType> pending = new java.util.ArrayDeque<>();
    java.util.Set<CqlIdentifier> visited = new java.util.HashSet<>();
    pending.push(type);
    while (!pending.isEmpty()) {
      CqlType next = pending.pop();
      if (next.anyMatch(test)) {
        return true;
      }
      for (CqlIdentifier used : org.keyspacestudio.model.type.UserTypeRef.referencedBy(next)) {
        UserType u = types.apply(used);
        if (u != null && visited.add(used)) {
          for (Field f : u.fields()) {
            pending.push(f.type());
          }
        }
      }
    }
    return false;
  }

  /**
   * The user types that use themselves, directly or through the fields of the types they use: those
   * on a cycle of the graph from each type to the types its fields name (what {@link #uses} finds
   * for one type, found for all at once). Cassandra refuses such a type: {@code ALTER TYPE} checks
   * {@code referencesUserType} before adding a field, and a schema holding one could never have
   * been created.
   *
   * <p>Linear in the types and their references (Tarjan's strongly connected components, kept on a
   * heap stack: a chain of a hundred thousand types takes no call stack), where asking {@link
   * #uses} of each type is quadratic in a chain's length.
   *
   * @param types the keyspace's user types by name, not null; a name a field uses that is not a key
   *     is a type the model lacks, and leads nowhere
   * @return the names of the types on a cycle, in no particular order; empty when none is
   */
  public static java.util.Set<CqlIdentifier> cyclic(java.util.Map<CqlIdentifier, UserType> types) {
    java.util.Map<CqlIdentifier, List<CqlIdentifier>> edges = new java.util.HashMap<>();
    types.forEach(
        (name, type) -> {
          java.util.Set<CqlIdentifier> used = new java.util.LinkedHashSet<>();
          for (Field f : type.fields()) {
            used.addAll(org.keyspacestudio.model.type.UserTypeRef.referencedBy(f.type()));
          }
          used.retainAll(types.keySet());
          edges.put(name, List.copyOf(used));
        });
    java.util.Map<CqlIdentifier, Integer> index = new java.util.HashMap<>();
    java.util.Map<CqlIdentifier, Integer> low = new java.util.HashMap<>();
    java.util.Deque<CqlIdentifier> component = new java.util.ArrayDeque<>();
    java.util.Set<CqlIdentifier> onComponent = new java.util.HashSet<>();
    java.util.Set<CqlIdentifier> cyclic = new java.util.HashSet<>();
    // A frame: a type and how many of its edges were followed.
    java.util.Deque<java.util.Map.Entry<CqlIdentifier, int[]>> frames =
        new java.util.ArrayDeque<>();
    for (CqlIdentifier start : types.keySet()) {
      if (index.containsKey(start)) {
        continue;
      }
      index.put(start, index.size());
      low.put(start, index.get(start));
      component.push(start);
      onComponent.add(start);
      frames.push(java.util.Map.entry(start, new int[1]));
      while (!frames.isEmpty()) {
        CqlIdentifier v = frames.peek().getKey();
        int[] followed = frames.peek().getValue();
        List<CqlIdentifier> out = edges.get(v);
        if (followed[0] < out.size()) {
          CqlIdentifier w = out.get(followed[0]++);
          if (!index.containsKey(w)) {
            index.put(w, index.size());
            low.put(w, index.get(w));
            component.push(w);
            onComponent.add(w);
            frames.push(java.util.Map.entry(w, new int[1]));
          } else if (onComponent.contains(w)) {
            low.put(v, Math.min(low.get(v), index.get(w)));
          }
          continue;
        }
        frames.pop();
        if (low.get(v).equals(index.get(v))) {
          List<CqlIdentifier> members = new java.util.ArrayList<>();
          CqlIdentifier w;
          do {
            w = component.pop();
            onComponent.remove(w);
            members.add(w);
          } while (!w.equals(v));
          if (members.size() > 1 || out.contains(v)) {
            cyclic.addAll(members);
          }
        }
        if (!frames.isEmpty()) {
          CqlIdentifier parent = frames.peek().getKey();
          low.put(parent, Math.min(low.get(parent), low.get(v)));
        }
      }
    }
    return cyclic;
  }
}
