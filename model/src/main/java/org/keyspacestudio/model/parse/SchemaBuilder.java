package org.keyspacestudio.model.parse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.KeyspaceDefinition;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.OtherStatement;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.schema.SourcePosition;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.validate.Problem;

/**
 * The schema as statements build it up, one statement at a time, as a node applies them. Mutable,
 * single-threaded; {@link #build()} gives the immutable {@link Schema}.
 */
final class SchemaBuilder {

  /** One keyspace under construction; maps keep creation order. */
  static final class KeyspaceState {
    final CqlIdentifier name;
    KeyspaceDefinition definition;
    final LinkedHashMap<CqlIdentifier, UserType> types = new LinkedHashMap<>();
    final LinkedHashMap<CqlIdentifier, Table> tables = new LinkedHashMap<>();
    final LinkedHashMap<CqlIdentifier, SecondaryIndex> indexes = new LinkedHashMap<>();
    final LinkedHashMap<CqlIdentifier, MaterializedView> views = new LinkedHashMap<>();

    /** Columns dropped by ALTER TABLE, by table: a node remembers them to check a re-add. */
    final Map<CqlIdentifier, Map<CqlIdentifier, Column>> droppedColumns = new HashMap<>();

    KeyspaceState(CqlIdentifier name) {
      this.name = name;
    }

    Keyspace build() {
      return new Keyspace(
          name,
          definition,
          new ArrayList<>(types.values()),
          new ArrayList<>(tables.values()),
          new ArrayList<>(indexes.values()),
          new ArrayList<>(views.values()));
    }
  }

  private final LinkedHashMap<CqlIdentifier, KeyspaceState> keyspaces = new LinkedHashMap<>();
  private final List<OtherStatement> others = new ArrayList<>();
  final Map<ElementRef, SourcePosition> positions = new HashMap<>();
  final List<Problem> problems = new ArrayList<>();
  final Map<ElementRef, String> comments = new HashMap<>();

  /** The keyspace of that name (null: unnamed), created empty and undefined when missing. */
  KeyspaceState keyspace(CqlIdentifier name) {
    return keyspaces.computeIfAbsent(name, KeyspaceState::new);
  }

  /** The keyspace of that name, or null when no statement has mentioned it. */
  KeyspaceState existingKeyspace(CqlIdentifier name) {
    return keyspaces.get(name);
  }

  /**
   * Forgets a keyspace and everything in it, documentation comments included: a statement that
   * later creates an object in it makes an undefined keyspace, which the writer does not write, and
   * its comment would not survive a round trip.
   */
  void dropKeyspace(CqlIdentifier name) {
    keyspaces.remove(name);
    comments.keySet().removeIf(ref -> java.util.Objects.equals(ref.keyspace(), name));
  }

  /** Keeps a statement verbatim; returns its 1-based number among kept statements. */
  int keep(OtherStatement statement) {
    others.add(statement);
    return others.size();
  }

  Schema build() {
    List<Keyspace> built = new ArrayList<>(keyspaces.size());
    keyspaces.values().forEach(k -> built.add(k.build()));
    Schema schema = new Schema(built, others);
    Map<ElementRef, String> kept = new HashMap<>();
    comments.forEach(
        (ref, text) -> {
          if (schema.contains(ref)) {
            kept.put(ref, text);
          }
        });
    return new Schema(built, others, kept);
  }
}
