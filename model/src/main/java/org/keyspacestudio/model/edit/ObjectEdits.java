package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.OptionValue;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;

/**
 * The inspector's edits of table and view options, views and indexes: each one undo step, each
 * leaving every other part of the project as it was. The model may hold what Cassandra would refuse
 * (the validator says so), so none of them checks the value it sets.
 */
public final class ObjectEdits {

  private ObjectEdits() {}

  /**
   * Sets a {@code WITH} option of a table or view, or removes it (back to Cassandra's default).
   *
   * @param owner a table or view
   * @param name the option's name ({@code gc_grace_seconds})
   * @param value its value, or null to remove it
   * @throws IllegalArgumentException for another kind of element
   */
  public static Document.Edit setOption(ElementRef owner, String name, OptionValue value) {
    String what =
        value == null ? "Remove option " + name + " of " + owner : "Set " + name + " of " + owner;
    if (owner.kind() != ElementRef.Kind.TABLE && owner.kind() != ElementRef.Kind.VIEW) {
      throw new IllegalArgumentException(owner + " has no options");
    }
    return QuickFixes.optionsEdit(what, owner, o -> changed(o, name, value));
  }

  private static TableOptions changed(TableOptions options, String name, OptionValue value) {
    Map<String, OptionValue> values = new TreeMap<>(options.values());
    if (value == null) {
      values.remove(name);
    } else {
      values.put(name, value);
    }
    return new TableOptions(new TreeMap<>(values), options.compactStorage());
  }

  /** Replaces a materialized view by what {@code change} makes of it (same name). */
  public static Document.Edit viewEdit(
      ElementRef view,
      String description,
      java.util.function.UnaryOperator<MaterializedView> change) {
    return new Document.Edit(
        description,
        p ->
            keyspaceEdit(
                p,
                view,
                ks -> {
                  List<MaterializedView> views = new ArrayList<>();
                  for (MaterializedView v : ks.views()) {
                    views.add(v.name().equals(view.object()) ? change.apply(v) : v);
                  }
                  return new Keyspace(
                      ks.name(), ks.definition(), ks.types(), ks.tables(), ks.indexes(), views);
                }));
  }

  /**
   * Makes a materialized view a table of the same name that the application writes beside its base
   * table: the view's columns (every base column for {@code SELECT *}, else those it selects and
   * its key's), in the base table's order and with their types, none static; the view's primary
   * key, clustering order and options. The table takes the view's place everywhere: its boxes, the
   * query arrows to and from it, its comment, the queries mapped to it, its sizing.
   *
   * @param view a view of the project whose base table holds every column the view names
   * @return the edit; it leaves the project as it is when the view, its base table or a column the
   *     view names is missing
   */
  public static Document.Edit viewToTable(ElementRef view) {
    return new Document.Edit(
        "Make the view " + view.object().asCql() + " a table",
        p -> {
          Keyspace ks = p.schema().keyspace(view.keyspace()).orElse(null);
          MaterializedView v = ks == null ? null : ks.view(view.object()).orElse(null);
          Table table = v == null ? null : ks.viewAsTable(v);
          if (table == null) {
            return p;
          }
          List<Table> tables = new ArrayList<>(ks.tables());
          tables.add(table);
          List<MaterializedView> views = new ArrayList<>(ks.views());
          views.remove(v);
          Keyspace changed =
              new Keyspace(ks.name(), ks.definition(), ks.types(), tables, ks.indexes(), views);
          return SchemaEdits.inPlaceOf(
              p,
              SchemaEdits.withKeyspaceAdded(p.schema(), changed),
              view,
              ElementRef.table(view.keyspace(), view.object()));
        });
  }

  /** Replaces a secondary index by another (its name may change). */
  public static Document.Edit replaceIndex(ElementRef index, SecondaryIndex changed) {
    return new Document.Edit(
        "Edit index " + index,
        p ->
            keyspaceEdit(
                p,
                index,
                ks -> {
                  List<SecondaryIndex> indexes = new ArrayList<>();
                  for (SecondaryIndex i : ks.indexes()) {
                    indexes.add(i.effectiveName().equals(index.object()) ? changed : i);
                  }
                  return new Keyspace(
                      ks.name(), ks.definition(), ks.types(), ks.tables(), indexes, ks.views());
                }));
  }

  private static Project keyspaceEdit(
      Project p, ElementRef element, java.util.function.UnaryOperator<Keyspace> change) {
    Keyspace ks = p.schema().keyspace(element.keyspace()).orElseThrow();
    return p.with(SchemaEdits.withKeyspaceAdded(p.schema(), change.apply(ks)), p.diagram());
  }
}
