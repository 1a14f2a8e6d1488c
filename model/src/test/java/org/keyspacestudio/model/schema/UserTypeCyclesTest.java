package org.keyspacestudio.model.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.type.CollectionType;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.type.UserTypeRef;

/**
 * The types that use themselves ({@link UserType#cyclic}), found for a whole keyspace at once: the
 * same as asking {@link UserType#uses} of each type, and on a chain of any length.
 */
class UserTypeCyclesTest {

  private static CqlIdentifier id(int i) {
    return CqlIdentifier.of("u" + i);
  }

  private static CqlType ref(int i, Random random) {
    CqlType t = new UserTypeRef(null, id(i), true);
    return random.nextInt(3) == 0 ? new CollectionType.ListType(t, true) : t;
  }

  @Test
  void theTypesOnACycleAreThoseThatUseThemselvesOneByOne() {
    Random random = new Random(11);
    for (int graph = 0; graph < 2_000; graph++) {
      int n = 1 + random.nextInt(8);
      Map<CqlIdentifier, UserType> types = new LinkedHashMap<>();
      for (int i = 0; i < n; i++) {
        List<UserType.Field> fields = new ArrayList<>();
        fields.add(new UserType.Field(CqlIdentifier.of("x"), NativeType.INT));
        for (int f = random.nextInt(3); f > 0; f--) {
          // Now and then a type the keyspace lacks (u8 and u9 never exist).
          fields.add(
              new UserType.Field(CqlIdentifier.of("f" + f), ref(random.nextInt(n + 2), random)));
        }
        types.put(id(i), new UserType(id(i), fields));
      }
      Set<CqlIdentifier> oneByOne =
          types.values().stream()
              .filter(
                  t ->
                      t.fields().stream()
                          .anyMatch(f -> UserType.uses(f.type(), t.name(), types::get)))
              .map(UserType::name)
              .collect(Collectors.toSet());
      assertThat(UserType.cyclic(types)).as("graph %d: %s", graph, types).isEqualTo(oneByOne);
    }
  }

  @Test
  void aChainOfAHundredThousandTypesClosedAtItsEndIsOneCycleAndTakesNoCallStack() {
    int n = 100_000;
    Map<CqlIdentifier, UserType> types = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      // u0 uses u1, which uses u2 ... u99999 uses u50000: the cycle is the chain's second half.
      int next = i + 1 < n ? i + 1 : n / 2;
      types.put(
          id(i),
          new UserType(
              id(i),
              List.of(
                  new UserType.Field(
                      CqlIdentifier.of("a"), new UserTypeRef(null, id(next), true)))));
    }
    Set<CqlIdentifier> cyclic = UserType.cyclic(types);
    assertThat(cyclic).hasSize(n / 2).contains(id(n / 2), id(n - 1)).doesNotContain(id(n / 2 - 1));
  }

  @Test
  void whetherTheLastOfAHundredThousandTypesUsesTheFirstIsAnsweredWithoutRunningOutOfStack() {
    // What ALTER TYPE asks before adding a field (Cassandra's referencesUserType).
    int n = 100_000;
    Map<CqlIdentifier, UserType> types = new LinkedHashMap<>();
    types.put(
        id(0),
        new UserType(id(0), List.of(new UserType.Field(CqlIdentifier.of("a"), NativeType.INT))));
    for (int i = 1; i < n; i++) {
      types.put(
          id(i),
          new UserType(
              id(i),
              List.of(
                  new UserType.Field(
                      CqlIdentifier.of("a"), new UserTypeRef(null, id(i - 1), true)))));
    }
    CqlType last = new UserTypeRef(null, id(n - 1), true);
    assertThat(UserType.uses(last, id(0), types::get)).isTrue();
    assertThat(UserType.uses(last, CqlIdentifier.of("other"), types::get)).isFalse();
  }
}
