package org.keyspacestudio.model.schema;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.keyspacestudio.model.cql.CqlIdentifier;

/**
 * The schema's tables and views by name, each with its keyspace, for the statements a script keeps
 * beside the schema (its SELECTs and writes): built once per check, so that resolving a statement
 * costs a lookup, not a scan of every table (1,000 SELECTs on 1,000 tables had taken 12 ms).
 *
 * <p>A statement naming no keyspace reads the keyspace of the script's last {@code USE} before it
 * (the importer keeps the {@code USE}), else the only table or view of that name; one found in
 * several keyspaces is not resolved rather than resolved against the wrong one.
 */
public final class ScriptNames {

  private final Map<CqlIdentifier, List<Keyspace>> byName = new HashMap<>();
  private final Map<CqlIdentifier, Map<CqlIdentifier, Object>> byKeyspace = new HashMap<>();
  private final Map<CqlIdentifier, Keyspace> keyspaces = new HashMap<>();

  /**
   * What a statement's table name resolves to.
   *
   * @param keyspace the keyspace found, or null
   * @param table the table found, or null
   * @param view the view found, or null
   * @param used the keyspace of the script's {@code USE} the name was read in (it names none), or
   *     null
   */
  public record Found(Keyspace keyspace, Table table, MaterializedView view, CqlIdentifier used) {
    /** Whether neither a table nor a view of that name was found. */
    public boolean missing() {
      return table == null && view == null;
    }
  }

  /**
   * Indexes the schema's tables and views.
   *
   * @param schema the schema, not null
   */
  public ScriptNames(Schema schema) {
    for (Keyspace ks : schema.keyspaces()) {
      if (ks.name() != null) {
        keyspaces.putIfAbsent(ks.name(), ks);
      }
      Map<CqlIdentifier, Object> objects =
          byKeyspace.computeIfAbsent(ks.name(), k -> new HashMap<>());
      for (Table t : ks.tables()) {
        objects.putIfAbsent(t.name(), t);
        byName.computeIfAbsent(t.name(), k -> new ArrayList<>()).add(ks);
      }
      for (MaterializedView v : ks.views()) {
        objects.putIfAbsent(v.name(), v);
        byName.computeIfAbsent(v.name(), k -> new ArrayList<>()).add(ks);
      }
    }
  }

  /**
   * Resolves a statement's table name.
   *
   * @param keyspace the keyspace the statement names, or null
   * @param name the table or view it names, not null
   * @param use the keyspace of the script's last {@code USE} before it, or null
   * @return what was found (possibly nothing), or null when the name, naming no keyspace, is found
   *     in several keyspaces and no {@code USE} says which
   */
  public Found find(CqlIdentifier keyspace, CqlIdentifier name, CqlIdentifier use) {
    Keyspace ks;
    CqlIdentifier used = keyspace == null ? use : null;
    if (used != null) {
      ks = keyspaces.get(used);
    } else if (keyspace == null) {
      List<Keyspace> candidates = byName.getOrDefault(name, List.of());
      if (candidates.stream().distinct().count() > 1) {
        return null;
      }
      ks = candidates.isEmpty() ? null : candidates.get(0);
    } else {
      ks = keyspaces.get(keyspace);
    }
    Object found = ks == null ? null : byKeyspace.getOrDefault(ks.name(), Map.of()).get(name);
    return new Found(
        ks,
        found instanceof Table t ? t : null,
        found instanceof MaterializedView v ? v : null,
        used);
  }

  /** What {@link #eachKept} calls back with, for each kept statement of the kinds asked for. */
  @FunctionalInterface
  public interface Visitor {
    /**
     * One kept statement.
     *
     * @param names the schema's names, made once per walk on the first statement visited
     * @param number the statement's 1-based number among the kept statements
     * @param statement the statement
     * @param use the keyspace of the script's last {@code USE} before it, or null
     */
    void visit(ScriptNames names, int number, OtherStatement statement, CqlIdentifier use);
  }

  /**
   * Walks the schema's kept statements in order, keeping track of the script's {@code USE}, and
   * calls back for those of the kinds asked for (a {@code USE} itself never).
   *
   * @param schema the schema, not null
   * @param kinds which statements to visit, by {@link OtherStatement#kind()}
   * @param visitor called for each
   */
  public static void eachKept(
      Schema schema, java.util.function.Predicate<String> kinds, Visitor visitor) {
    List<OtherStatement> others = schema.otherStatements();
    ScriptNames names = null;
    CqlIdentifier use = null;
    for (int i = 0; i < others.size(); i++) {
      OtherStatement s = others.get(i);
      CqlIdentifier used = useOf(s);
      if (used != null) {
        use = used;
        continue;
      }
      if (!kinds.test(s.kind())) {
        continue;
      }
      if (names == null) {
        names = new ScriptNames(schema);
      }
      visitor.visit(names, i + 1, s, use);
    }
  }

  /**
   * The keyspace a kept {@code USE} statement names, or null for another statement.
   *
   * @param s a kept statement, not null
   */
  public static CqlIdentifier useOf(OtherStatement s) {
    if (!s.kind().equals("USE")) {
      return null;
    }
    String t = s.text().strip();
    if (t.length() < 4) {
      return null;
    }
    t = t.substring(3).strip();
    if (t.endsWith(";")) {
      t = t.substring(0, t.length() - 1).strip();
    }
    if (t.isEmpty()) {
      return null;
    }
    return t.startsWith("\"")
        ? CqlIdentifier.fromCql(t)
        : CqlIdentifier.of(t.toLowerCase(Locale.ROOT));
  }
}
