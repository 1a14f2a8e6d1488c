package org.keyspacestudio.oracle;

import java.lang.reflect.Field;
import java.util.List;
import java.util.Set;
import org.apache.cassandra.cql3.ColumnIdentifier;
import org.apache.cassandra.cql3.statements.schema.AlterTableStatement;
import org.apache.cassandra.exceptions.InvalidRequestException;
import org.apache.cassandra.index.TargetParser;
import org.apache.cassandra.schema.ColumnMetadata;
import org.apache.cassandra.schema.IndexMetadata;
import org.apache.cassandra.schema.KeyspaceMetadata;
import org.apache.cassandra.schema.Keyspaces;
import org.apache.cassandra.schema.TableMetadata;
import org.apache.cassandra.service.ClientState;

/**
 * {@code ALTER TABLE ... DROP} as Cassandra 5.0.9's {@code AlterTableStatement.DropColumns} applies
 * it, run offline. The original asks the live table's index manager which indexes depend on the
 * column; the same answer comes from the table's index metadata through Cassandra's own {@code
 * TargetParser}. Every other step and message is Cassandra's.
 */
final class ColumnDrop {

  private ColumnDrop() {}

  static boolean handles(Object statement) {
    return statement.getClass().getName().endsWith("AlterTableStatement$DropColumns");
  }

  static Keyspaces apply(AlterTableStatement statement, Keyspaces schema) {
    try {
      String keyspaceName = statement.keyspace();
      String tableName = (String) field(statement, AlterTableStatement.class, "tableName");
      boolean ifExists = (Boolean) field(statement, AlterTableStatement.class, "ifExists");
      @SuppressWarnings("unchecked")
      Set<ColumnIdentifier> removed =
          (Set<ColumnIdentifier>) field(statement, statement.getClass(), "removedColumns");
      boolean ifColumnExists = (Boolean) field(statement, statement.getClass(), "ifColumnExists");
      Long timestamp = (Long) field(statement, statement.getClass(), "timestamp");

      KeyspaceMetadata keyspace = schema.getNullable(keyspaceName);
      TableMetadata table = keyspace == null ? null : keyspace.getTableOrViewNullable(tableName);
      if (table == null) {
        if (!ifExists) {
          throw new InvalidRequestException(
              String.format("Table '%s.%s' doesn't exist", keyspaceName, tableName));
        }
        return schema;
      }
      if (table.isView()) {
        throw new InvalidRequestException(
            "Cannot use ALTER TABLE on a materialized view; use ALTER MATERIALIZED VIEW instead");
      }
      TableMetadata.Builder builder = table.unbuild();
      for (ColumnIdentifier column : removed) {
        ColumnMetadata current = table.getColumn(column);
        if (current == null) {
          if (!ifColumnExists) {
            throw new InvalidRequestException(
                String.format("Column %s was not found in table '%s'", column, table));
          }
          continue;
        }
        if (current.isPrimaryKeyColumn()) {
          throw new InvalidRequestException("Cannot drop PRIMARY KEY column " + column);
        }
        if (current.type.isUDT() && current.type.isMultiCell()) {
          throw new InvalidRequestException(
              String.format(
                  "Cannot drop non-frozen column %s of user type %s",
                  column, current.type.asCQL3Type()));
        }
        List<String> dependents =
            table.indexes.stream()
                .filter(i -> dependsOn(table, i, current))
                .map(i -> i.name)
                .toList();
        if (!dependents.isEmpty()) {
          throw new InvalidRequestException(
              String.format(
                  "Cannot drop column %s because it has dependent secondary indexes (%s)",
                  current, String.join(", ", dependents)));
        }
        if (keyspace.views.forTable(table.id).iterator().hasNext()) {
          throw new InvalidRequestException(
              String.format(
                  "Cannot drop column %s on base table %s with materialized views",
                  current, table.name));
        }
        builder.removeRegularOrStaticColumn(column);
        builder.recordColumnDrop(
            current, timestamp == null ? ClientState.getTimestamp() : timestamp);
      }
      return schema.withAddedOrUpdated(
          keyspace.withSwapped(keyspace.tables.withSwapped(builder.build())));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Cassandra's AlterTableStatement changed: " + e, e);
    }
  }

  private static boolean dependsOn(
      TableMetadata table, IndexMetadata index, ColumnMetadata column) {
    var target = TargetParser.parse(table, index);
    return target != null && target.left.name.equals(column.name);
  }

  private static Object field(Object target, Class<?> owner, String name)
      throws ReflectiveOperationException {
    Field field = owner.getDeclaredField(name);
    field.setAccessible(true);
    return field.get(target);
  }
}
