package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.parse.CqlTypeParser;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.OptionValue;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.type.CqlType;

/**
 * Seeded random edits of a schema, as a user makes them in the editor (types valid and not, roles,
 * renames, deletions, indexes, options, UDTs): for the tests that compare what is computed again
 * after each edit with what is computed from scratch.
 */
public final class RandomEdits {

  private static final List<String> TYPES =
      List.of(
          "text",
          "int",
          "counter",
          "list<int>",
          "frozen<list<int>>",
          "map<text, list<int>>",
          "set<duration>",
          "vector<float, 3>",
          "tuple<int, text>",
          "no_such_type",
          "frozen<no_such_type>",
          "timestmp",
          "list<string>");

  /** Option names: known ones, and misspellings of them (OPTION-UNKNOWN). */
  private static final List<String> OPTIONS =
      List.of("default_time_to_live", "gc_grace_seconds", "gc_grace", "defaulttimetolive");

  private RandomEdits() {}

  /**
   * An edit of a random table, column, type, index or option of a project's schema.
   *
   * @return the edit, or null when the schema has no table to edit
   */
  public static Document.Edit of(Project project, Random random) {
    List<Keyspace> keyspaces =
        project.schema().keyspaces().stream().filter(k -> !k.tables().isEmpty()).toList();
    if (keyspaces.isEmpty()) {
      return null;
    }
    Keyspace ks = keyspaces.get(random.nextInt(keyspaces.size()));
    Table table = ks.tables().get(random.nextInt(ks.tables().size()));
    ElementRef ref = ElementRef.table(ks.name(), table.name());
    List<Column> columns = table.columns();
    Column column = columns.isEmpty() ? null : columns.get(random.nextInt(columns.size()));
    CqlType type = CqlTypeParser.parse(TYPES.get(random.nextInt(TYPES.size())));
    List<UserType> types = new ArrayList<>(ks.types());
    int kind = random.nextInt(12);
    if (column == null && kind < 6) {
      kind = 6;
    }
    return switch (kind) {
      case 0 -> SchemaEdits.setColumnType(ref, column.name(), type);
      case 1 ->
          SchemaEdits.setRole(
              ref,
              column.name(),
              SchemaEdits.Role.values()[random.nextInt(SchemaEdits.Role.values().length)]);
      case 2 -> SchemaEdits.renameColumn(ref, column.name(), CqlIdentifier.of("c" + i(random)));
      case 3 -> SchemaEdits.deleteColumn(ref, column.name());
      case 4 -> SchemaEdits.setIndexed(ref, column.name(), random.nextBoolean());
      case 5 -> SchemaEdits.moveColumn(ref, column.name(), random.nextBoolean() ? 1 : -1);
      case 6 -> SchemaEdits.addColumn(ref, CqlIdentifier.of("n" + i(random)), type);
      case 7 -> SchemaEdits.renameTable(ref, CqlIdentifier.of("t" + i(random)));
      case 8 ->
          ObjectEdits.setOption(
              ref,
              OPTIONS.get(random.nextInt(OPTIONS.size())),
              new OptionValue.Number(random.nextBoolean() ? "86400" : "-1"));
      case 9 ->
          random.nextInt(4) == 0 ? Edits.delete(Set.of(ref)) : SchemaEdits.setComment(ref, "x");
      case 10 ->
          types.isEmpty()
              ? SchemaEdits.addType(
                  ks.name(), "udt", new org.keyspacestudio.model.diagram.Point(0, 0))
              : SchemaEdits.addField(
                  ElementRef.type(ks.name(), types.get(random.nextInt(types.size())).name()),
                  CqlIdentifier.of("f" + i(random)),
                  type);
      default ->
          types.isEmpty()
              ? SchemaEdits.addColumn(
                  ref, CqlIdentifier.of("u" + i(random)), CqlTypeParser.parse("udt"))
              : random.nextBoolean()
                  ? SchemaEdits.renameType(
                      ElementRef.type(ks.name(), types.get(0).name()),
                      CqlIdentifier.of("r" + i(random)))
                  : SchemaEdits.addColumn(
                      ref,
                      CqlIdentifier.of("u" + i(random)),
                      CqlTypeParser.parse(types.get(0).name().asCql()));
    };
  }

  private static int i(Random random) {
    return random.nextInt(1000);
  }
}
