package org.keyspacestudio.model.sizing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.type.TupleType;
import org.keyspacestudio.model.type.UserTypeRef;

/**
 * The size of a value of a type whose user types use other user types: many times over, in long
 * chains, or themselves (files a mutation or a hostile author made; real schemas nest a few).
 */
class ColumnSizesTest {

  private static CqlIdentifier id(int i) {
    return CqlIdentifier.of("u" + i);
  }

  private static CqlType ref(int i) {
    return new UserTypeRef(null, id(i), true);
  }

  private static UserType.Field field(String name, CqlType type) {
    return new UserType.Field(CqlIdentifier.of(name), type);
  }

  /** u0 (a int); each next type holds the last twice: u_n is 4 * 2^n bytes. */
  private static Keyspace doubling(int n) {
    List<UserType> types = new ArrayList<>();
    types.add(new UserType(id(0), List.of(field("a", NativeType.INT))));
    for (int i = 1; i <= n; i++) {
      types.add(new UserType(id(i), List.of(field("a", ref(i - 1)), field("b", ref(i - 1)))));
    }
    return new Keyspace(CqlIdentifier.of("ks"), null, types, List.of(), List.of(), List.of());
  }

  @Test
  void aTypeHoldingTheLastTwiceSixtyTimesOverIsSizedOnceEach() {
    // Sized by expanding every use, u60 took 2^60 steps: the editor's live checks never returned.
    assertThat(ColumnSizes.of(ref(10), doubling(60)))
        .isEqualTo(new ColumnSizes.Estimate(4L << 10, true));
    assertThat(ColumnSizes.of(ref(60), doubling(60)))
        .isEqualTo(new ColumnSizes.Estimate(4L << 60, true));
  }

  @Test
  void aSizeTooLargeForALongIsTheLargestLong() {
    Keyspace ks = doubling(200);
    assertThat(ColumnSizes.of(ref(61), ks).bytes()).isEqualTo(Long.MAX_VALUE);
    assertThat(ColumnSizes.of(ref(200), ks).bytes()).isEqualTo(Long.MAX_VALUE);
    // Added to other components, still the largest, never negative.
    assertThat(ColumnSizes.of(new TupleType(List.of(ref(200), NativeType.BIGINT)), ks).bytes())
        .isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void aChainOfAHundredThousandTypesIsSizedWithoutRunningOutOfStack() {
    int n = 100_000;
    List<UserType> types = new ArrayList<>();
    types.add(new UserType(id(0), List.of(field("a", NativeType.INT))));
    for (int i = 1; i <= n; i++) {
      types.add(
          new UserType(id(i), List.of(field("a", ref(i - 1)), field("b", NativeType.BIGINT))));
    }
    Keyspace ks =
        new Keyspace(CqlIdentifier.of("ks"), null, types, List.of(), List.of(), List.of());
    assertThat(ColumnSizes.of(ref(n), ks)).isEqualTo(new ColumnSizes.Estimate(4 + 8L * n, true));
  }

  @Test
  void aTypeThatUsesItselfHasNoSizeAndTheTypesUsingItAnAssumedOne() {
    // u1 and u2 use each other (UDT-CYCLE, an error); u3 uses u1 and holds an int.
    List<UserType> types =
        List.of(
            new UserType(id(1), List.of(field("a", ref(2)), field("n", NativeType.INT))),
            new UserType(id(2), List.of(field("a", ref(1)))),
            new UserType(id(3), List.of(field("a", ref(1)), field("n", NativeType.INT))));
    Keyspace ks =
        new Keyspace(CqlIdentifier.of("ks"), null, types, List.of(), List.of(), List.of());
    assertThat(ColumnSizes.of(ref(1), ks))
        .isEqualTo(new ColumnSizes.Estimate(ColumnSizes.UNKNOWN_BYTES, false));
    assertThat(ColumnSizes.of(ref(3), ks))
        .isEqualTo(new ColumnSizes.Estimate(ColumnSizes.UNKNOWN_BYTES + 4, false));
  }
}
