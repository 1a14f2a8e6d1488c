package org.keyspacestudio.export.cluster;

import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.schema.IndexMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.ViewMetadata;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diff.OptionDefaults;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.parse.ImportResult;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.KnownOption;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.OptionValue;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.validate.Severity;
import org.keyspacestudio.model.write.CqlWriter;

/**
 * Reads one keyspace from a cluster into the model (reverse engineering).
 *
 * <p>The structure (keyspace, types, tables with their keys and clustering order, indexes including
 * SAI and SASI, materialized views) comes from the driver's schema metadata, printed as CQL and
 * read back by our own parser, so a pulled keyspace is exactly what importing the same CQL would
 * give. Options come from {@code system_schema.tables} and {@code system_schema.views} (the
 * driver's metadata leaves some out, such as {@code cdc} and {@code memtable}); options equal to
 * Cassandra's defaults ({@link OptionDefaults}) are left out, so the pulled CQL shows what someone
 * chose.
 */
public final class SchemaPuller {
  private SchemaPuller() {}

  /** Columns of {@code system_schema.tables} and {@code views} that are not table options. */
  private static final Set<String> NOT_OPTIONS =
      Set.of(
          "keyspace_name",
          "table_name",
          "view_name",
          "id",
          "flags",
          "base_table_id",
          "base_table_name",
          "include_all_columns",
          "where_clause");

  /**
   * Reads a keyspace as the cluster has it now (the schema metadata is read again first if this
   * session's own statements may have changed it).
   *
   * @param session an open session
   * @param keyspace the keyspace's name
   * @return the keyspace, or empty when the cluster has no such keyspace
   * @throws ClusterException when reading fails, or when our parser cannot read what the driver
   *     printed (a bug: the message quotes the statement)
   */
  public static Optional<Keyspace> pull(ClusterSession session, CqlIdentifier keyspace)
      throws ClusterException {
    session.refreshSchemaIfStale();
    Optional<KeyspaceMetadata> found = session.keyspaceMetadata(keyspace.asInternal());
    if (found.isEmpty()) {
      return Optional.empty();
    }
    KeyspaceMetadata metadata = found.get();
    String cql = describe(metadata);
    ImportResult read = CqlImporter.read(cql, "cluster " + session.settings().describe());
    var errors = read.problems().stream().filter(p -> p.severity() == Severity.ERROR).toList();
    Optional<Keyspace> parsed = read.schema().keyspace(keyspace);
    if (parsed.isEmpty()
        || read.problems().stream()
            .anyMatch(p -> p.rule() == org.keyspacestudio.model.validate.Rule.CQL_SYNTAX)) {
      throw new ClusterException(
          ClusterException.Kind.OTHER,
          "Cannot read keyspace "
              + keyspace.asCql()
              + " as the cluster describes it: "
              + errors.stream().map(Object::toString).collect(Collectors.joining("; "))
              + "\n"
              + cql,
          null);
    }
    Keyspace ks = withLocalTypeNames(parsed.get());
    Map<CqlIdentifier, TableOptions> tableOptions =
        options(
            session,
            "SELECT * FROM system_schema.tables WHERE keyspace_name = ?",
            keyspace,
            "table_name");
    Map<CqlIdentifier, TableOptions> viewOptions =
        options(
            session,
            "SELECT * FROM system_schema.views WHERE keyspace_name = ?",
            keyspace,
            "view_name");
    List<Table> tables =
        ks.tables().stream()
            .map(
                t ->
                    t.withOptions(
                        OptionDefaults.withoutDefaults(
                            tableOptions.getOrDefault(t.name(), t.options()))))
            .toList();
    List<MaterializedView> views =
        ks.views().stream()
            .map(
                v ->
                    new MaterializedView(
                        v.name(),
                        v.baseTable(),
                        v.selected(),
                        v.notNullColumns(),
                        v.otherRestrictions(),
                        keptKey(metadata, v),
                        OptionDefaults.withoutDefaults(
                            withoutViewOnly(viewOptions.getOrDefault(v.name(), v.options())))))
            .toList();
    // The driver lists types by name; the model keeps them in the order they can be created.
    return Optional.of(
        new Keyspace(
            ks.name(),
            ks.definition(),
            CqlWriter.typesInDependencyOrder(ks),
            tables,
            ks.indexes(),
            views));
  }

  /**
   * A view's key in the clustering order the cluster keeps its rows in. The driver's {@code
   * ViewMetadata.describe} writes no {@code CLUSTERING ORDER BY}, which read back gives each column
   * its base table's order: a view that declared another order is read from the metadata's.
   */
  private static PrimaryKey keptKey(KeyspaceMetadata metadata, MaterializedView parsed) {
    Optional<ViewMetadata> view =
        metadata.getView(
            com.datastax.oss.driver.api.core.CqlIdentifier.fromInternal(
                parsed.name().asInternal()));
    if (view.isEmpty()) {
      return parsed.primaryKey();
    }
    List<PrimaryKey.ClusteringColumn> clustering = new java.util.ArrayList<>();
    view.get()
        .getClusteringColumns()
        .forEach(
            (column, order) ->
                clustering.add(
                    new PrimaryKey.ClusteringColumn(
                        CqlIdentifier.of(column.getName().asInternal()),
                        order
                                == com.datastax.oss.driver.api.core.metadata.schema.ClusteringOrder
                                    .DESC
                            ? ClusteringOrder.DESC
                            : ClusteringOrder.ASC)));
    PrimaryKey kept = new PrimaryKey(parsed.primaryKey().partitionKey(), clustering);
    return kept.allColumns().equals(parsed.primaryKey().allColumns()) ? kept : parsed.primaryKey();
  }

  /**
   * The keyspace with references to its own types unqualified ({@code frozen<address>}, not {@code
   * frozen<ks.address>}, which is how the driver prints them), as people write them.
   */
  private static Keyspace withLocalTypeNames(Keyspace ks) {
    return ks.withTypesMapped(type -> type.localTo(ks.name()));
  }

  /** Views have no {@code default_time_to_live} of their own. */
  private static TableOptions withoutViewOnly(TableOptions options) {
    SortedMap<String, OptionValue> values = new TreeMap<>(options.values());
    values.remove("default_time_to_live");
    return new TableOptions(values, options.compactStorage());
  }

  /**
   * The keyspace as CQL statements, from the driver's metadata: keyspace, types, tables, indexes,
   * views. Each statement ends with {@code ;} (the driver leaves it off custom indexes).
   */
  static String describe(KeyspaceMetadata metadata) {
    StringBuilder out = new StringBuilder();
    statement(out, metadata.describe(false));
    for (UserDefinedType type : metadata.getUserDefinedTypes().values()) {
      statement(out, type.describe(false));
    }
    for (TableMetadata table : metadata.getTables().values()) {
      statement(out, table.describe(false));
      for (IndexMetadata index : table.getIndexes().values()) {
        statement(out, index.describe(false));
      }
    }
    for (ViewMetadata view : metadata.getViews().values()) {
      statement(out, view.describe(false));
    }
    return out.toString();
  }

  private static void statement(StringBuilder out, String cql) {
    String text = cql.strip();
    out.append(text);
    if (!text.endsWith(";")) {
      out.append(';');
    }
    out.append("\n\n");
  }

  private static Map<CqlIdentifier, TableOptions> options(
      ClusterSession session, String query, CqlIdentifier keyspace, String nameColumn)
      throws ClusterException {
    Map<CqlIdentifier, TableOptions> result = new HashMap<>();
    for (Row row : session.query(query, keyspace.asInternal())) {
      SortedMap<String, OptionValue> values = new TreeMap<>();
      for (ColumnDefinition column : row.getColumnDefinitions()) {
        String name = column.getName().asInternal();
        if (NOT_OPTIONS.contains(name) || isRemovedOption(name)) {
          continue;
        }
        Object value = row.getObject(name);
        toOption(value).ifPresent(v -> values.put(name, v));
      }
      result.put(CqlIdentifier.of(row.getString(nameColumn)), new TableOptions(values, false));
    }
    return result;
  }

  /**
   * Cassandra 5.0 still has columns for options it no longer accepts ({@code read_repair_chance},
   * {@code dclocal_read_repair_chance}); they are not part of the table's definition.
   */
  private static boolean isRemovedOption(String name) {
    return KnownOption.fromName(name)
        .filter(o -> o.status() == KnownOption.Status.REMOVED)
        .isPresent();
  }

  private static Optional<OptionValue> toOption(Object value) {
    if (value == null) {
      return Optional.empty();
    }
    if (value instanceof Boolean b) {
      return Optional.of(new OptionValue.Bool(b));
    }
    if (value instanceof Number n) {
      return Optional.of(new OptionValue.Number(n.toString()));
    }
    if (value instanceof String s) {
      return Optional.of(new OptionValue.Text(s));
    }
    if (value instanceof Map<?, ?> map) {
      SortedMap<String, String> entries = new TreeMap<>();
      map.forEach((k, v) -> entries.put(String.valueOf(k), text(v)));
      return Optional.of(new OptionValue.MapValue(entries));
    }
    return Optional.of(new OptionValue.Text(text(value)));
  }

  private static String text(Object value) {
    if (value instanceof ByteBuffer bytes) {
      ByteBuffer copy = bytes.duplicate();
      byte[] raw = new byte[copy.remaining()];
      copy.get(raw);
      return "0x" + HexFormat.of().formatHex(raw);
    }
    return String.valueOf(value);
  }
}
