package org.keyspacestudio.model.write;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.type.UserTypeRef;

class CqlWriterTest {

  private static UserType type(String name, String uses) {
    return new UserType(
        CqlIdentifier.of(name),
        List.of(
            uses == null
                ? new UserType.Field(CqlIdentifier.of("x"), NativeType.INT)
                : new UserType.Field(
                    CqlIdentifier.of("x"), new UserTypeRef(null, CqlIdentifier.of(uses), true))));
  }

  @Test
  void typesArePrintedAfterTheTypesTheyUse() {
    Keyspace ks =
        new Keyspace(
            CqlIdentifier.of("ks"),
            null,
            List.of(type("a", "b"), type("c", null), type("b", "c")),
            List.of(),
            List.of(),
            List.of());
    assertThat(CqlWriter.typesInDependencyOrder(ks))
        .extracting(t -> t.name().asInternal())
        .containsExactly("c", "b", "a");
    String cql = CqlWriter.write(ks);
    assertThat(cql.indexOf("CREATE TYPE ks.c")).isLessThan(cql.indexOf("CREATE TYPE ks.b"));
    assertThat(cql.indexOf("CREATE TYPE ks.b")).isLessThan(cql.indexOf("CREATE TYPE ks.a"));
  }

  @Test
  void theUnnamedKeyspaceIsPrintedUnqualifiedAndSingleKeysInline() {
    String cql =
        CqlWriter.write(
            CqlImporter.read("CREATE TABLE users (id uuid PRIMARY KEY, name text);", "t").schema());
    assertThat(cql)
        .isEqualTo("CREATE TABLE users (\n    id uuid PRIMARY KEY,\n    name text\n);\n");
  }
}
