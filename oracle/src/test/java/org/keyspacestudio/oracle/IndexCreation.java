package org.keyspacestudio.oracle;

import com.google.common.collect.Lists;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.cassandra.cql3.ColumnIdentifier;
import org.apache.cassandra.cql3.statements.schema.CreateIndexStatement;
import org.apache.cassandra.cql3.statements.schema.IndexTarget;
import org.apache.cassandra.exceptions.InvalidRequestException;
import org.apache.cassandra.schema.IndexMetadata;
import org.apache.cassandra.schema.KeyspaceMetadata;
import org.apache.cassandra.schema.Keyspaces;
import org.apache.cassandra.schema.TableMetadata;

/**
 * {@code CreateIndexStatement.apply} as in Cassandra 5.0.9, run offline. The original opens the
 * live {@code Keyspace} once, only to refuse transiently replicated keyspaces; that needs a running
 * node. This runs the same steps in the same order, calling Cassandra's own code (through
 * reflection for its private methods) for everything but that one check.
 */
final class IndexCreation {

  private IndexCreation() {}

  static Keyspaces apply(CreateIndexStatement statement, Keyspaces schema) {
    try {
      String keyspaceName = statement.keyspace();
      String tableName = (String) field(statement, "tableName");
      String indexName = (String) field(statement, "indexName");
      @SuppressWarnings("unchecked")
      List<IndexTarget.Raw> rawTargets =
          (List<IndexTarget.Raw>) field(statement, "rawIndexTargets");
      Object attrs = field(statement, "attrs");
      boolean ifNotExists = (Boolean) field(statement, "ifNotExists");
      attrs.getClass().getMethod("validate").invoke(attrs);
      boolean isCustom = attrs.getClass().getField("isCustom").getBoolean(attrs);
      String customClass = (String) attrs.getClass().getField("customClass").get(attrs);
      if (isCustom
          && "org.apache.cassandra.index.sasi.SASIIndex".equals(customClass)
          && !org.apache.cassandra.config.DatabaseDescriptor.getSASIIndexesEnabled()) {
        throw new InvalidRequestException(
            "SASI indexes are disabled. Enable in cassandra.yaml to use.");
      }
      KeyspaceMetadata keyspace = schema.getNullable(keyspaceName);
      if (keyspace == null) {
        throw new InvalidRequestException("Keyspace '" + keyspaceName + "' doesn't exist");
      }
      TableMetadata table = keyspace.getTableOrViewNullable(tableName);
      if (table == null) {
        throw new InvalidRequestException("Table '" + tableName + "' doesn't exist");
      }
      if (indexName != null && keyspace.hasIndex(indexName)) {
        if (ifNotExists) {
          return schema;
        }
        throw new InvalidRequestException("Index '" + indexName + "' already exists");
      }
      if (table.isCounter()) {
        throw new InvalidRequestException("Secondary indexes on counter tables are not supported");
      }
      if (table.isView()) {
        throw new InvalidRequestException(
            "Secondary indexes on materialized views are not supported");
      }
      List<IndexTarget> targets =
          Lists.newArrayList(Lists.transform(rawTargets, t -> t.prepare(table)));
      if (targets.isEmpty() && !isCustom) {
        throw new InvalidRequestException(
            "Only CUSTOM indexes can be created without specifying a target column");
      }
      if (targets.size() > 1) {
        if (!isCustom) {
          throw new InvalidRequestException("Only CUSTOM indexes support multiple columns");
        }
        Set<ColumnIdentifier> columns = new HashSet<>();
        for (IndexTarget target : targets) {
          if (!columns.add(target.column)) {
            throw new InvalidRequestException(
                "Duplicate column " + target.column + " in index target list");
          }
        }
      }
      IndexMetadata.Kind kind =
          isCustom ? IndexMetadata.Kind.CUSTOM : IndexMetadata.Kind.COMPOSITES;
      Method validate =
          CreateIndexStatement.class.getDeclaredMethod(
              "validateIndexTarget",
              TableMetadata.class,
              IndexMetadata.Kind.class,
              IndexTarget.class);
      validate.setAccessible(true);
      for (IndexTarget target : targets) {
        validate.invoke(statement, table, kind, target);
      }
      Method generate =
          CreateIndexStatement.class.getDeclaredMethod(
              "generateIndexName", KeyspaceMetadata.class, List.class);
      generate.setAccessible(true);
      String name =
          indexName == null ? (String) generate.invoke(statement, keyspace, targets) : indexName;
      @SuppressWarnings("unchecked")
      Map<String, String> options =
          isCustom
              ? (Map<String, String>) attrs.getClass().getMethod("getOptions").invoke(attrs)
              : Map.of();
      IndexMetadata index = IndexMetadata.fromIndexTargets(targets, name, kind, options);
      for (IndexMetadata existing : table.indexes) {
        if (existing.equalsWithoutName(index)) {
          if (ifNotExists) {
            return schema;
          }
          throw new InvalidRequestException(
              "Index " + index.name + " is a duplicate of existing index " + existing.name);
        }
      }
      TableMetadata newTable = table.withSwapped(table.indexes.with(index));
      newTable.validate();
      return schema.withAddedOrUpdated(keyspace.withSwapped(keyspace.tables.withSwapped(newTable)));
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new IllegalStateException(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Cassandra's CreateIndexStatement changed: " + e, e);
    }
  }

  private static Object field(Object target, String name) throws ReflectiveOperationException {
    Field field = target.getClass().getDeclaredField(name);
    field.setAccessible(true);
    return field.get(target);
  }
}
