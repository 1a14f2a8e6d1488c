package org.keyspacestudio.oracle;

import java.util.Random;

/** Generates large, valid CQL schemas for benchmarks: seeded, so every run reads the same text. */
public final class GeneratedSchema {

  private static final String[] TYPES = {
    "int",
    "bigint",
    "text",
    "uuid",
    "timeuuid",
    "timestamp",
    "boolean",
    "double",
    "decimal",
    "set<text>",
    "list<frozen<address>>",
    "map<text, int>",
    "frozen<tuple<int, text>>",
    "vector<float, 8>"
  };

  private GeneratedSchema() {}

  /**
   * A keyspace with one UDT and {@code tables} tables of {@code columns} columns each (a composite
   * partition key, two clustering columns, a static column, options).
   */
  public static String cql(int tables, int columns, long seed) {
    Random random = new Random(seed);
    StringBuilder out = new StringBuilder(tables * columns * 40);
    out.append("CREATE KEYSPACE bench WITH replication = {'class': 'NetworkTopologyStrategy',")
        .append(" 'dc1': 3} AND durable_writes = true;\n\n");
    out.append("CREATE TYPE bench.address (street text, city text, zip text);\n\n");
    for (int t = 0; t < tables; t++) {
      out.append("CREATE TABLE IF NOT EXISTS bench.table_").append(t).append(" (\n");
      out.append("    tenant_id uuid,\n    bucket int,\n    event_time timestamp,\n");
      out.append("    event_id timeuuid,\n    owner text static,\n");
      for (int c = 5; c < columns; c++) {
        out.append("    col_").append(c).append(' ').append(TYPES[random.nextInt(TYPES.length)]);
        out.append(",\n");
      }
      out.append("    PRIMARY KEY ((tenant_id, bucket), event_time, event_id)\n");
      out.append(") WITH CLUSTERING ORDER BY (event_time DESC, event_id ASC)\n");
      out.append("    AND comment = 'table ").append(t).append("'\n");
      out.append("    AND compaction = {'class': 'TimeWindowCompactionStrategy',")
          .append(" 'compaction_window_unit': 'DAYS', 'compaction_window_size': 1}\n");
      out.append("    AND default_time_to_live = 2592000;\n\n");
    }
    return out.toString();
  }
}
