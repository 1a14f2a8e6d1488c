package org.keyspacestudio.model.validate;

/**
 * Every check Keyspace Studio makes, with a stable id (used in problem lines, JSON output and
 * documentation; never reused) and a severity.
 *
 * <p>Unless noted, each rule mirrors a check Cassandra 5.0 makes when it applies a statement, and
 * its message follows the server's own ({@code cql3/statements/schema/*Statement.java}, {@code
 * CQL3Type.java}, {@code TableParams.java}); see {@code docs/rules.md} and section 3 of the
 * Chebotko method notes.
 */
public enum Rule implements RuleId {
  // Reading CQL.
  CQL_SYNTAX("CQL-SYNTAX", Severity.ERROR, "The text is not valid CQL."),
  CQL_CQLSH_COMMAND(
      "CQL-CQLSH-COMMAND",
      Severity.ERROR,
      "A cqlsh command (SOURCE, COPY, CONSISTENCY, ...) is not CQL; Cassandra's parser rejects it."),
  CQL_NOT_MODELLED(
      "CQL-NOT-MODELLED",
      Severity.INFO,
      "A statement the model does not represent (DML, functions, roles, ...) is kept verbatim."),

  // Objects and references.
  SCHEMA_DUPLICATE(
      "SCHEMA-DUPLICATE", Severity.ERROR, "An object is created twice without IF NOT EXISTS."),
  SCHEMA_MISSING(
      "SCHEMA-MISSING",
      Severity.ERROR,
      "A statement refers to a table, type or view that does not exist."),
  KEYSPACE_UNDEFINED(
      "KEYSPACE-UNDEFINED",
      Severity.WARNING,
      "Objects use a keyspace whose CREATE KEYSPACE is not part of the model."),
  KEYSPACE_NOT_SPECIFIED(
      "KEYSPACE-NOT-SPECIFIED",
      Severity.WARNING,
      "Objects name no keyspace and no USE is in effect; Cassandra needs one."),
  NAME_INVALID(
      "NAME-INVALID",
      Severity.ERROR,
      "Keyspace, table and view names are [A-Za-z0-9_]+ of at most 48 characters."),

  // Primary key.
  KEY_MISSING(
      "KEY-MISSING", Severity.ERROR, "A table needs exactly one PRIMARY KEY with a partition key."),
  KEY_UNKNOWN_COLUMN(
      "KEY-UNKNOWN-COLUMN", Severity.ERROR, "The primary key names a column the table lacks."),
  KEY_DUPLICATE_COLUMN(
      "KEY-DUPLICATE-COLUMN", Severity.ERROR, "The primary key names a column twice."),
  KEY_NON_FROZEN(
      "KEY-NON-FROZEN",
      Severity.ERROR,
      "A primary key column cannot be a non-frozen collection or UDT."),
  KEY_COUNTER("KEY-COUNTER", Severity.ERROR, "A primary key column cannot be a counter."),
  KEY_DURATION("KEY-DURATION", Severity.ERROR, "A primary key column cannot be a duration."),
  COLUMN_DUPLICATE("COLUMN-DUPLICATE", Severity.ERROR, "A column is declared twice."),

  // Clustering order.
  CLUSTERING_ORDER_NOT_CLUSTERING(
      "CLUSTERING-ORDER-NOT-CLUSTERING",
      Severity.ERROR,
      "CLUSTERING ORDER BY names a column that is not a clustering column."),
  CLUSTERING_ORDER_SEQUENCE(
      "CLUSTERING-ORDER-SEQUENCE",
      Severity.ERROR,
      "CLUSTERING ORDER BY must list the clustering columns in key order, without gaps or repeats."),

  // Static columns.
  STATIC_NO_CLUSTERING(
      "STATIC-NO-CLUSTERING",
      Severity.ERROR,
      "Static columns are allowed only in a table with clustering columns."),
  STATIC_IN_KEY("STATIC-IN-KEY", Severity.ERROR, "A static column cannot be part of the key."),

  // Counters.
  COUNTER_MIXED(
      "COUNTER-MIXED", Severity.ERROR, "A table cannot mix counter and non-counter columns."),
  COUNTER_TTL("COUNTER-TTL", Severity.ERROR, "A counter table cannot have a default_time_to_live."),
  COUNTER_NESTED(
      "COUNTER-NESTED",
      Severity.ERROR,
      "Counters are not allowed inside collections, tuples, vectors or UDTs."),

  // Types.
  TYPE_NESTED_NON_FROZEN(
      "TYPE-NESTED-NON-FROZEN",
      Severity.ERROR,
      "Collections and UDTs inside a collection must be frozen."),
  TYPE_DURATION_SET_OR_KEY(
      "TYPE-DURATION-SET-OR-KEY",
      Severity.ERROR,
      "Durations are not allowed inside sets or as map keys."),
  TYPE_FROZEN_INVALID(
      "TYPE-FROZEN-INVALID",
      Severity.ERROR,
      "frozen<> is only allowed on collections, tuples and user-defined types."),
  TYPE_UNKNOWN(
      "TYPE-UNKNOWN", Severity.ERROR, "A column or field uses a type that is not defined."),
  TYPE_OTHER_KEYSPACE(
      "TYPE-OTHER-KEYSPACE",
      Severity.ERROR,
      "A user-defined type can be used only in the keyspace that defines it."),
  TYPE_UDT_NESTED_COLLECTION(
      "TYPE-UDT-NESTED-COLLECTION",
      Severity.ERROR,
      "A non-frozen UDT column cannot have non-frozen collection fields."),
  UDT_COUNTER("UDT-COUNTER", Severity.ERROR, "A user-defined type cannot contain counters."),
  UDT_NON_FROZEN_UDT(
      "UDT-NON-FROZEN-UDT",
      Severity.ERROR,
      "A user-defined type cannot contain non-frozen user-defined types."),
  UDT_DUPLICATE_FIELD("UDT-DUPLICATE-FIELD", Severity.ERROR, "A field name repeats in a UDT."),
  UDT_CYCLE("UDT-CYCLE", Severity.ERROR, "A user-defined type contains itself."),
  UDT_IN_USE(
      "UDT-IN-USE",
      Severity.ERROR,
      "A type still used by a table or another type cannot be dropped, and one used in a"
          + " partition key cannot gain fields."),
  UDT_FIELD_UNKNOWN(
      "UDT-FIELD-UNKNOWN", Severity.ERROR, "ALTER TYPE ... RENAME names a field the type lacks."),
  VECTOR_DIMENSION("VECTOR-DIMENSION", Severity.ERROR, "A vector's dimension must be positive."),

  // Secondary indexes.
  INDEX_UNKNOWN_COLUMN(
      "INDEX-UNKNOWN-COLUMN", Severity.ERROR, "An index names a column the table lacks."),
  INDEX_ONLY_PARTITION_KEY(
      "INDEX-ONLY-PARTITION-KEY",
      Severity.ERROR,
      "No secondary index on the only partition key column."),
  INDEX_COUNTER_TABLE(
      "INDEX-COUNTER-TABLE", Severity.ERROR, "No secondary index on a counter table."),
  INDEX_ON_VIEW("INDEX-ON-VIEW", Severity.ERROR, "No secondary index on a materialized view."),
  INDEX_DURATION("INDEX-DURATION", Severity.ERROR, "No secondary index on a duration column."),
  INDEX_NON_FROZEN_UDT(
      "INDEX-NON-FROZEN-UDT", Severity.ERROR, "No secondary index on a non-frozen UDT column."),
  INDEX_TARGET_KIND(
      "INDEX-TARGET-KIND",
      Severity.ERROR,
      "full() only on frozen collections (which need it); keys()/entries() only on non-frozen"
          + " maps; values() only on non-frozen collections."),
  INDEX_DUPLICATE("INDEX-DUPLICATE", Severity.ERROR, "Two indexes have the same name or target."),
  INDEX_SAI_TYPE(
      "INDEX-SAI-TYPE",
      Severity.ERROR,
      "A storage-attached index (SAI) takes only its supported types (not blob, duration or"
          + " counter, unless frozen), float vectors, and one index per column and target."),
  INDEX_CUSTOM_CLASS(
      "INDEX-CUSTOM-CLASS",
      Severity.WARNING,
      "A custom index class that Cassandra does not ship (it has SAI and SASI): the node needs it on"
          + " its class path."),
  INDEX_SASI_DISABLED(
      "INDEX-SASI-DISABLED",
      Severity.WARNING,
      "SASI indexes need sasi_indexes_enabled: true on the node (off by default)."),
  INDEX_SASI_OPTIONS(
      "INDEX-SASI-OPTIONS",
      Severity.ERROR,
      "A SASI index takes no partition key column and no non-frozen collection; its mode is"
          + " PREFIX, CONTAINS or SPARSE (SPARSE only on values that are not literal, without an"
          + " analyzer); its analyzer_class is one Cassandra ships, on text or ascii values but"
          + " NoOpAnalyzer."),

  // Materialized views.
  VIEW_BASE_KEY(
      "VIEW-BASE-KEY",
      Severity.ERROR,
      "A view's key must contain every base key column plus at most one other column."),
  VIEW_NOT_NULL(
      "VIEW-NOT-NULL", Severity.ERROR, "Every view key column must be restricted IS NOT NULL."),
  VIEW_STATIC("VIEW-STATIC", Severity.ERROR, "A view cannot select static columns."),
  VIEW_ON_VIEW("VIEW-ON-VIEW", Severity.ERROR, "A view cannot be built on another view."),
  VIEW_COUNTER_TABLE("VIEW-COUNTER-TABLE", Severity.ERROR, "No view on a counter table."),
  VIEW_TTL("VIEW-TTL", Severity.ERROR, "A view cannot have a default_time_to_live."),
  VIEW_CLUSTERING_ORDER(
      "VIEW-CLUSTERING-ORDER",
      Severity.ERROR,
      "A view's CLUSTERING ORDER BY, when given, must list every clustering column of the view, in"
          + " key order (views are stricter than tables here)."),
  VIEW_GC_GRACE_ZERO(
      "VIEW-GC-GRACE-ZERO",
      Severity.ERROR,
      "A view's base table cannot have gc_grace_seconds = 0."),
  VIEW_UNKNOWN_COLUMN(
      "VIEW-UNKNOWN-COLUMN", Severity.ERROR, "A view names a column its base table lacks."),
  VIEW_DISABLED(
      "VIEW-DISABLED",
      Severity.WARNING,
      "Materialized views need materialized_views_enabled: true on the node (off by default)."),

  // Changing existing tables.
  ALTER_KEY_COLUMN(
      "ALTER-KEY-COLUMN",
      Severity.ERROR,
      "Primary key columns cannot be added, dropped or renamed"
          + " by ALTER TABLE ... ADD/DROP; a key change is a new table."),
  ALTER_TYPE("ALTER-TYPE", Severity.ERROR, "A column's type cannot be altered."),
  ALTER_COLUMN_EXISTS(
      "ALTER-COLUMN-EXISTS", Severity.ERROR, "ALTER TABLE ADD names a column that exists."),
  ALTER_COLUMN_UNKNOWN(
      "ALTER-COLUMN-UNKNOWN",
      Severity.ERROR,
      "ALTER TABLE DROP names a column that does not exist."),
  ALTER_READD_INCOMPATIBLE(
      "ALTER-READD-INCOMPATIBLE",
      Severity.ERROR,
      "A dropped column can be re-added only with a compatible type and the same kind, and never"
          + " to a counter table."),
  ALTER_DROP_NON_FROZEN_UDT(
      "ALTER-DROP-NON-FROZEN-UDT",
      Severity.ERROR,
      "A non-frozen UDT column cannot be dropped (Cassandra cannot record its type as dropped)."),
  ALTER_DROP_COMPACT_STORAGE(
      "ALTER-DROP-COMPACT-STORAGE",
      Severity.WARNING,
      "ALTER TABLE ... DROP COMPACT STORAGE needs drop_compact_storage_enabled: true on the node"
          + " (off by default)."),
  ALTER_DROP_DEPENDED_ON(
      "ALTER-DROP-DEPENDED-ON",
      Severity.ERROR,
      "A column with dependent indexes, or of a table with views, cannot be dropped."),

  // Functions (kept verbatim, but Cassandra's verdict on them is known).
  FUNCTION_DISABLED(
      "FUNCTION-DISABLED",
      Severity.WARNING,
      "User-defined functions need user_defined_functions_enabled: true on the node (off by"
          + " default)."),
  FUNCTION_LANGUAGE(
      "FUNCTION-LANGUAGE",
      Severity.ERROR,
      "Cassandra 5.0 runs user-defined functions written in Java only (JavaScript was removed)."),
  FUNCTION_DIRECTIVES(
      "FUNCTION-DIRECTIVES",
      Severity.ERROR,
      "CREATE FUNCTION cannot have both OR REPLACE and IF NOT EXISTS."),

  // Options.
  OPTION_UNKNOWN("OPTION-UNKNOWN", Severity.ERROR, "Cassandra 5.0 does not know this option."),
  OPTION_REMOVED(
      "OPTION-REMOVED",
      Severity.ERROR,
      "An option or feature removed in Cassandra 4.0/5.0 (read_repair_chance,"
          + " DateTieredCompactionStrategy, CQL2-era options); Cassandra 5.0 rejects it."),
  COMPACT_STORAGE(
      "COMPACT-STORAGE",
      Severity.WARNING,
      "COMPACT STORAGE is deprecated: Cassandra 5.0 creates such tables only while the"
          + " compact_tables_enabled guardrail allows it (on by default)."),
  COMPACT_STORAGE_SHAPE(
      "COMPACT-STORAGE-SHAPE",
      Severity.ERROR,
      "A COMPACT STORAGE table has no static columns and no non-frozen collections or UDTs, and"
          + " exactly one regular column when it has clustering columns, at least one otherwise."),
  COMPACTION_UNSAFE_EXPIRATION(
      "COMPACTION-UNSAFE-EXPIRATION",
      Severity.WARNING,
      "TimeWindowCompactionStrategy's unsafe_aggressive_sstable_expiration needs the node started"
          + " with -Dcassandra.allow_unsafe_aggressive_sstable_expiration=true (off by default)."),
  MEMTABLE_CONFIGURATION(
      "MEMTABLE-CONFIGURATION",
      Severity.WARNING,
      "A memtable other than 'default' names a configuration the node's cassandra.yaml must define"
          + " under memtable.configurations; a node without it refuses the table."),
  OPTION_INVALID(
      "OPTION-INVALID",
      Severity.ERROR,
      "An option has a value of the wrong kind, or a replication strategy lacks its settings.");

  private final Info info;

  Rule(String id, Severity severity, String summary) {
    this.info = new Info(id, severity, summary);
  }

  @Override
  public Info info() {
    return info;
  }
}
