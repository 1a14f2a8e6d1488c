package org.keyspacestudio.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.apache.cassandra.cql3.functions.FunctionFactory;
import org.apache.cassandra.cql3.functions.NativeFunction;
import org.apache.cassandra.cql3.functions.NativeFunctions;
import org.apache.cassandra.cql3.functions.ScalarFunction;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.support.NativeScalarFunctions;

/**
 * Our list of Cassandra's native scalar functions, and of those monotonic whatever their arguments,
 * is Cassandra 5.0.9's own ({@code NativeFunctions}: its functions and function factories, without
 * aggregates and the arithmetic operators {@code _add}...).
 */
class NativeFunctionsOracleTest {

  @Test
  void theNativeScalarFunctionsAreCassandras() {
    new CassandraOracle(false);
    Set<String> scalar = new TreeSet<>();
    Set<String> monotonic = new TreeSet<>();
    for (NativeFunction f : NativeFunctions.instance.getFunctions()) {
      String name = f.name().name.toLowerCase(Locale.ROOT);
      if (f.isAggregate() || name.startsWith("_")) {
        continue;
      }
      scalar.add(name);
      if (f instanceof ScalarFunction s && s.isMonotonic()) {
        monotonic.add(name);
      }
    }
    for (FunctionFactory f : NativeFunctions.instance.getFactories()) {
      String name = f.name().name.toLowerCase(Locale.ROOT);
      // min and max are aggregates made by a factory.
      if (!name.equals("min") && !name.equals("max")) {
        scalar.add(name);
      }
    }
    System.out.println(scalar.size() + " native scalar functions, monotonic: " + monotonic);
    assertThat(new TreeSet<>(NativeScalarFunctions.names())).isEqualTo(scalar);
    for (String name : scalar) {
      assertThat(NativeScalarFunctions.isMonotonic(name))
          .as(name)
          .isEqualTo(monotonic.contains(name));
    }
  }
}
