package org.keyspacestudio.app;

/** How the editor and the command line write a count of things: "1 table", "2 tables". */
public final class Counts {
  private Counts() {}

  /**
   * A count and its noun.
   *
   * @param n how many, zero or more
   * @param one the noun for one ("table", "query")
   * @param many the noun for none or several ("tables", "queries")
   * @return {@code n} then a space then {@code one} when {@code n} is 1, else {@code many}
   */
  public static String of(long n, String one, String many) {
    return n + " " + (n == 1 ? one : many);
  }
}
