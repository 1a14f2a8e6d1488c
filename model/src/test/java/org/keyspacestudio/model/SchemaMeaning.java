package org.keyspacestudio.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.KnownOption;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.OptionValue;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.type.CollectionType;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.type.TupleType;
import org.keyspacestudio.model.type.UserTypeRef;
import org.keyspacestudio.model.type.VectorType;

/**
 * Compares two schemas by meaning, the way Cassandra would see them: column order among regular
 * columns, keyspace qualification of same-keyspace types, class-name spelling and number spelling
 * do not matter; names, types, keys, clustering order and option values do.
 */
final class SchemaMeaning {

  private SchemaMeaning() {}

  /** Keyspaces by name; the unnamed keyspace as {@code default_ks}, as the canonical files say. */
  static Map<String, Keyspace> byName(Schema schema) {
    Map<String, Keyspace> map = new LinkedHashMap<>();
    for (Keyspace k : schema.keyspaces()) {
      map.put(k.name() == null ? "default_ks" : k.name().asInternal(), k);
    }
    return map;
  }

  /** Asserts that everything in {@code expected} is in {@code actual} with the same meaning. */
  static void assertSameMeaning(Keyspace expected, Keyspace actual) {
    // Keyspace definitions are not compared: the canonical files were made offline with stub
    // keyspaces (NetworkTopologyStrategy shows as SimpleStrategy, durable_writes as true).
    for (UserType type : expected.types()) {
      UserType ours = actual.type(type.name()).orElse(null);
      assertThat(ours).as("type %s", type.name()).isNotNull();
      assertThat(fields(ours)).as("fields of %s", type.name()).isEqualTo(fields(type));
    }
    for (Table table : expected.tables()) {
      Table ours = actual.table(table.name()).orElse(null);
      assertThat(ours).as("table %s", table.name()).isNotNull();
      assertThat(columns(ours)).as("columns of %s", table.name()).isEqualTo(columns(table));
      assertThat(ours.primaryKey()).as("key of %s", table.name()).isEqualTo(table.primaryKey());
      ours.options()
          .values()
          .forEach(
              (name, value) -> {
                if (KnownOption.fromName(name)
                    .map(o -> o.status() == KnownOption.Status.CURRENT)
                    .orElse(false)) {
                  OptionValue theirs = table.options().values().get(name);
                  assertThat(theirs).as("option %s of %s", name, table.name()).isNotNull();
                  if (value instanceof OptionValue.MapValue map
                      && theirs instanceof OptionValue.MapValue theirMap) {
                    // Cassandra adds the defaults of a map's sub-options: ours must be a subset.
                    map.entries()
                        .forEach(
                            (k, v) ->
                                assertThat(shortClass(theirMap.entries().get(k)))
                                    .as("%s.%s of %s", name, k, table.name())
                                    .isEqualTo(shortClass(v)));
                  } else {
                    assertThat(normalize(value))
                        .as("option %s of %s", name, table.name())
                        .isEqualTo(normalize(theirs));
                  }
                }
              });
    }
    for (MaterializedView view : expected.views()) {
      MaterializedView ours = actual.view(view.name()).orElse(null);
      assertThat(ours).as("view %s", view.name()).isNotNull();
      assertThat(ours.baseTable()).isEqualTo(view.baseTable());
      assertThat(ours.primaryKey()).isEqualTo(view.primaryKey());
      assertThat(Set.copyOf(ours.notNullColumns())).isEqualTo(Set.copyOf(view.notNullColumns()));
    }
  }

  private static Map<String, String> fields(UserType type) {
    Map<String, String> map = new LinkedHashMap<>();
    type.fields().forEach(f -> map.put(f.name().asInternal(), unqualified(f.type()).asCql()));
    return map;
  }

  private static Map<String, String> columns(Table table) {
    Map<String, String> map = new HashMap<>();
    for (Column c : table.columns()) {
      map.put(
          c.name().asInternal(), unqualified(c.type()).asCql() + (c.isStatic() ? " static" : ""));
    }
    return map;
  }

  /** The type with keyspace qualifiers removed from UDT references. */
  static CqlType unqualified(CqlType type) {
    if (type instanceof UserTypeRef ref) {
      return ref.unqualified();
    }
    if (type instanceof CollectionType.ListType l) {
      return new CollectionType.ListType(unqualified(l.element()), l.frozen());
    }
    if (type instanceof CollectionType.SetType s) {
      return new CollectionType.SetType(unqualified(s.element()), s.frozen());
    }
    if (type instanceof CollectionType.MapType m) {
      return new CollectionType.MapType(unqualified(m.key()), unqualified(m.value()), m.frozen());
    }
    if (type instanceof TupleType t) {
      return new TupleType(t.components().stream().map(SchemaMeaning::unqualified).toList());
    }
    if (type instanceof VectorType v) {
      return new VectorType(unqualified(v.element()), v.dimension());
    }
    return type;
  }

  /** An option value with Cassandra's own spelling differences removed. */
  static String normalize(OptionValue value) {
    if (value instanceof OptionValue.MapValue map) {
      TreeMap<String, String> entries = new TreeMap<>();
      map.entries().forEach((k, v) -> entries.put(k, shortClass(v)));
      return OptionValue.MapValue.of(entries).normalized();
    }
    String text = value.normalized();
    return text.replaceAll("(?i)percentile$", "p");
  }

  private static String shortClass(String value) {
    if (value == null) {
      return null;
    }
    return value.startsWith("org.apache.cassandra.")
        ? value.substring(value.lastIndexOf('.') + 1)
        : value;
  }

  static String describe(Map<String, String> map) {
    return map.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(", "));
  }
}
