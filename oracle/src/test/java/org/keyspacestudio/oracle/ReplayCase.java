package org.keyspacestudio.oracle;

/**
 * Prints one generated case and both verdicts on each statement, to study a mismatch: {@code
 * bench/oracle-case.sh SEED}.
 */
public final class ReplayCase {

  private ReplayCase() {}

  public static void main(String[] args) {
    long seed = Long.parseLong(args[0]);
    MutatedSchemas.Case c = MutatedSchemas.generate(1, seed).get(0);
    System.out.println("-- " + c.label());
    System.out.println(c.script());
    VerdictComparison.Outcome outcome = VerdictComparison.compare(c.label(), c.script(), false);
    System.out.println(outcome.mismatches().isEmpty() ? "no mismatch" : outcome.mismatches());
  }
}
