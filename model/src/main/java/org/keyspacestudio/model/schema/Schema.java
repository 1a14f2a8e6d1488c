package org.keyspacestudio.model.schema;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.keyspacestudio.model.cql.CqlIdentifier;

/**
 * A whole physical schema: keyspaces (with their types, tables, indexes and views), the statements
 * kept verbatim because the model does not represent them, and the documentation comments written
 * with the elements. Immutable.
 *
 * @param keyspaces the keyspaces, in the order they were first mentioned
 * @param otherStatements statements kept verbatim, in source order
 * @param comments documentation of elements (keyspace, type, field, table, column, index, view):
 *     the comment lines written just above an element's statement or definition, or after it on its
 *     line, without the comment markers; lines separated by {@code \n}
 */
public record Schema(
    List<Keyspace> keyspaces,
    List<OtherStatement> otherStatements,
    Map<ElementRef, String> comments) {

  public Schema {
    keyspaces = List.copyOf(keyspaces);
    otherStatements = List.copyOf(otherStatements);
    comments = Map.copyOf(comments);
  }

  /** A schema without comments. */
  public Schema(List<Keyspace> keyspaces, List<OtherStatement> otherStatements) {
    this(keyspaces, otherStatements, Map.of());
  }

  /** A schema with nothing in it. */
  public static Schema empty() {
    return new Schema(List.of(), List.of());
  }

  /** The documentation comment of an element, or null. */
  public String comment(ElementRef element) {
    return comments.get(element);
  }

  /** The keyspace of that name (null for the unnamed keyspace), if present. */
  public Optional<Keyspace> keyspace(CqlIdentifier name) {
    return keyspaces.stream().filter(k -> k.hasName(name)).findFirst();
  }

  /** Whether the element a reference points at is in this schema. */
  public boolean contains(ElementRef ref) {
    Optional<Keyspace> keyspace = keyspace(ref.keyspace());
    if (keyspace.isEmpty()) {
      return false;
    }
    Keyspace ks = keyspace.get();
    return switch (ref.kind()) {
      case KEYSPACE -> true;
      case TYPE -> ks.type(ref.object()).isPresent();
      case FIELD -> ks.type(ref.object()).flatMap(t -> t.field(ref.member())).isPresent();
      case TABLE -> ks.table(ref.object()).isPresent();
      case COLUMN -> ks.table(ref.object()).flatMap(t -> t.column(ref.member())).isPresent();
      case INDEX -> ks.indexes().stream().anyMatch(i -> i.effectiveName().equals(ref.object()));
      case VIEW -> ks.view(ref.object()).isPresent();
      case OPTION ->
          ks.table(ref.object())
              .map(Table::options)
              .or(() -> ks.view(ref.object()).map(MaterializedView::options))
              .map(o -> o.values().containsKey(ref.member().asInternal()))
              .orElse(false);
        // Statements are not elements of a keyspace; entities, relationships and tasks belong to
        // the conceptual and workflow diagrams, not to the schema.
      case STATEMENT, ENTITY, RELATIONSHIP, TASK, ATTRIBUTE, ISA, QUERY, TRANSITION -> false;
    };
  }

  /** The number of tables in all keyspaces. */
  public int tableCount() {
    return keyspaces.stream().mapToInt(k -> k.tables().size()).sum();
  }
}
