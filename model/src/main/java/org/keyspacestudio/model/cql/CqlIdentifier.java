package org.keyspacestudio.model.cql;

import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * The name of a CQL element (keyspace, table, column, type, field, index, view), following CQL's
 * case rules.
 *
 * <p>Unquoted names fold to lower case ({@link Locale#ROOT}); double-quoted names keep their case
 * and may contain any character, with {@code ""} standing for one {@code "}. Two identifiers are
 * equal when their internal (case-sensitive) forms are equal. {@link #asCql()} quotes exactly the
 * names that need it, as Cassandra's {@code ColumnIdentifier.maybeQuote} does: reserved words,
 * names that are not all lower-case letters, digits and underscores, and names starting with a
 * digit.
 */
public final class CqlIdentifier implements Comparable<CqlIdentifier> {

  /**
   * The words Cassandra 5.0 reserves ({@code cql3/reserved_keywords.txt}); as names they must be
   * quoted.
   */
  public static final Set<String> RESERVED_WORDS =
      Set.of(
          "add",
          "allow",
          "alter",
          "and",
          "apply",
          "asc",
          "authorize",
          "batch",
          "begin",
          "by",
          "columnfamily",
          "create",
          "delete",
          "desc",
          "describe",
          "drop",
          "entries",
          "execute",
          "from",
          "full",
          "grant",
          "if",
          "in",
          "index",
          "infinity",
          "insert",
          "into",
          "is",
          "keyspace",
          "limit",
          "materialized",
          "modify",
          "nan",
          "norecursive",
          "not",
          "null",
          "of",
          "on",
          "or",
          "order",
          "primary",
          "rename",
          "revoke",
          "schema",
          "select",
          "set",
          "table",
          "to",
          "token",
          "truncate",
          "unlogged",
          "update",
          "use",
          "using",
          "view",
          "where",
          "with");

  private final String internal;

  private CqlIdentifier(String internal) {
    this.internal = internal;
  }

  /**
   * An identifier from its internal, case-sensitive form (as stored in Cassandra's schema tables).
   *
   * @param internal the exact name, not empty
   * @throws IllegalArgumentException if {@code internal} is empty
   * @throws NullPointerException if {@code internal} is null
   */
  public static CqlIdentifier of(String internal) {
    Objects.requireNonNull(internal, "internal");
    if (internal.isEmpty()) {
      throw new IllegalArgumentException("an identifier cannot be empty");
    }
    return new CqlIdentifier(internal);
  }

  /**
   * An identifier as written in CQL: {@code "Quoted"} keeps case (and unescapes {@code ""}),
   * anything else folds to lower case.
   *
   * @param cql the name as it appears in a statement, not empty
   * @throws IllegalArgumentException if {@code cql} is empty or is an unterminated quoted name
   */
  public static CqlIdentifier fromCql(String cql) {
    Objects.requireNonNull(cql, "cql");
    if (cql.length() >= 2 && cql.charAt(0) == '"' && cql.charAt(cql.length() - 1) == '"') {
      return of(cql.substring(1, cql.length() - 1).replace("\"\"", "\""));
    }
    if (cql.startsWith("\"")) {
      throw new IllegalArgumentException("unterminated quoted identifier: " + cql);
    }
    return of(cql.toLowerCase(Locale.ROOT));
  }

  /** The internal, case-sensitive name; never null or empty. */
  public String asInternal() {
    return internal;
  }

  /** True when {@link #asCql()} must put the name in double quotes. */
  public boolean needsQuotes() {
    if (RESERVED_WORDS.contains(internal)) {
      return true;
    }
    char first = internal.charAt(0);
    if (!(first >= 'a' && first <= 'z')) {
      return true;
    }
    for (int i = 1; i < internal.length(); i++) {
      char c = internal.charAt(i);
      if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) {
        return true;
      }
    }
    return false;
  }

  /** The name as it must be written in CQL: quoted (with {@code "} doubled) only when needed. */
  public String asCql() {
    return needsQuotes() ? '"' + internal.replace("\"", "\"\"") + '"' : internal;
  }

  @Override
  public int compareTo(CqlIdentifier other) {
    return internal.compareTo(other.internal);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof CqlIdentifier id && id.internal.equals(internal);
  }

  @Override
  public int hashCode() {
    return internal.hashCode();
  }

  /** The CQL form, as {@link #asCql()}. */
  @Override
  public String toString() {
    return asCql();
  }
}
