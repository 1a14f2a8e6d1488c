package org.keyspacestudio.oracle;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Seeded random schemas, each a valid base (keyspace, UDTs, one table) followed by statements that
 * may break one rule: the cases on which our verdicts are compared with Cassandra's. The same seed
 * always gives the same cases, so a failing case can be replayed by its label.
 */
final class MutatedSchemas {

  /** One case: a label (seed and mutation) and its script. */
  record Case(String label, String script) {}

  private static final String[] KEY_TYPES = {
    "int",
    "text",
    "uuid",
    "timeuuid",
    "bigint",
    "date",
    "frozen<list<int>>",
    "frozen<addr>",
    "tuple<int, text>",
    "frozen<set<text>>",
    "frozen<map<text, int>>",
    "inet",
    "blob"
  };
  private static final String[] REGULAR_TYPES = {
    "text",
    "int",
    "list<text>",
    "set<int>",
    "map<text, int>",
    "frozen<addr>",
    "addr",
    "vector<float, 3>",
    "duration",
    "blob",
    "list<frozen<addr>>",
    "map<text, frozen<list<int>>>",
    "frozen<list<int>>",
    "tags",
    "frozen<tags>",
    "boolean",
    "decimal"
  };
  private static final String[] BAD_TYPES = {
    "list<list<int>>",
    "set<set<int>>",
    "map<text, list<int>>",
    "list<addr>",
    "set<duration>",
    "map<duration, int>",
    "list<counter>",
    "frozen<int>",
    "vector<float, 0>",
    "vector<float, -2>",
    "tuple<int, counter>",
    "frozen<nope>",
    "set<frozen<addr>>",
    "map<frozen<addr>, duration>",
    "vector<text, 4>",
    "frozen<tuple<int, frozen<list<int>>>>",
    "list<frozen<list<counter>>>"
  };
  private static final String[] KEY_BAD_TYPES = {
    "list<int>",
    "set<text>",
    "map<int, text>",
    "addr",
    "counter",
    "duration",
    "frozen<list<duration>>",
    "vector<float, 2>",
    "tags"
  };
  private static final String[] INDEX_KINDS = {"", "keys", "values", "entries", "full"};

  private MutatedSchemas() {}

  static List<Case> generate(int count, long seed) {
    List<Case> cases = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      Random random = new Random(seed + i);
      cases.add(one(random, "seed " + (seed + i)));
    }
    return cases;
  }

  private static String pick(Random r, String[] values) {
    return values[r.nextInt(values.length)];
  }

  /** A generated table: its columns (name, type, static) and key. */
  private static final class TableShape {
    final List<String[]> columns = new ArrayList<>();
    final List<String> partition = new ArrayList<>();
    final List<String> clustering = new ArrayList<>();
    final List<String> orders = new ArrayList<>();
    final List<String> options = new ArrayList<>();
    List<String> orderClause;

    String cql(String name) {
      StringBuilder out = new StringBuilder("CREATE TABLE " + name + " (");
      for (String[] c : columns) {
        out.append(c[0])
            .append(' ')
            .append(c[1])
            .append(c[2].isEmpty() ? "" : " " + c[2])
            .append(", ");
      }
      out.append("PRIMARY KEY (");
      out.append(
          partition.size() == 1 ? partition.get(0) : "(" + String.join(", ", partition) + ")");
      for (String c : clustering) {
        out.append(", ").append(c);
      }
      out.append("))");
      List<String> with = new ArrayList<>();
      List<String> order = orderClause;
      if (order == null && orders.contains("DESC")) {
        order = new ArrayList<>();
        for (int i = 0; i < clustering.size(); i++) {
          order.add(clustering.get(i) + " " + (i < orders.size() ? orders.get(i) : "ASC"));
        }
      }
      if (order != null && !order.isEmpty()) {
        with.add("CLUSTERING ORDER BY (" + String.join(", ", order) + ")");
      }
      with.addAll(options);
      if (!with.isEmpty()) {
        out.append(" WITH ").append(String.join(" AND ", with));
      }
      return out.append(';').toString();
    }

    List<String> regular() {
      List<String> names = new ArrayList<>();
      for (String[] c : columns) {
        if (!partition.contains(c[0]) && !clustering.contains(c[0])) {
          names.add(c[0]);
        }
      }
      return names;
    }

    String typeOf(String column) {
      return columns.stream()
          .filter(c -> c[0].equals(column))
          .findFirst()
          .map(c -> c[1])
          .orElse("?");
    }
  }

  private static TableShape table(Random r) {
    TableShape t = new TableShape();
    int pk = 1 + r.nextInt(2);
    int ck = r.nextInt(3);
    int regular = 1 + r.nextInt(4);
    for (int i = 0; i < pk; i++) {
      t.columns.add(new String[] {"p" + i, pick(r, KEY_TYPES), ""});
      t.partition.add("p" + i);
    }
    for (int i = 0; i < ck; i++) {
      t.columns.add(new String[] {"c" + i, pick(r, KEY_TYPES), ""});
      t.clustering.add("c" + i);
      t.orders.add(r.nextBoolean() ? "ASC" : "DESC");
    }
    for (int i = 0; i < regular; i++) {
      boolean isStatic = ck > 0 && r.nextInt(5) == 0;
      t.columns.add(new String[] {"v" + i, pick(r, REGULAR_TYPES), isStatic ? "static" : ""});
    }
    if (r.nextInt(3) == 0) {
      t.options.add("comment = 'generated'");
    }
    if (r.nextInt(4) == 0) {
      t.options.add("gc_grace_seconds = " + r.nextInt(3) * 100);
    }
    if (r.nextInt(4) == 0) {
      t.options.add("compaction = {'class': 'LeveledCompactionStrategy'}");
    }
    return t;
  }

  private static Case one(Random r, String seedLabel) {
    List<String> statements = new ArrayList<>();
    statements.add(
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};");
    statements.add("USE ks;");
    statements.add("CREATE TYPE addr (street text, zip int);");
    statements.add("CREATE TYPE tags (labels set<text>);");
    TableShape t = table(r);
    int mutation = r.nextInt(MUTATIONS);
    String label = seedLabel + ", mutation " + mutation;
    if (mutation == 16) {
      // No USE: every unqualified statement lacks a keyspace.
      statements.remove("USE ks;");
    } else if (mutation == 17) {
      int n = 1 + r.nextInt(3);
      for (int i = 0; i < n; i++) {
        t.options.add(pick(r, TABLE_OPTIONS));
      }
    }
    switch (mutation) {
      case 0 -> {} // the base table as generated
      case 1 -> t.columns.get(0)[1] = pick(r, KEY_BAD_TYPES);
      case 2 -> {
        String[] column = t.columns.get(r.nextInt(t.partition.size() + t.clustering.size()));
        column[2] = "static";
      }
      case 3 -> {
        t.clustering.clear();
        t.orders.clear();
        t.columns.removeIf(c -> c[0].startsWith("c"));
        t.columns.add(new String[] {"s", "int", "static"});
      }
      case 4 -> {
        if (r.nextBoolean()) {
          t.columns.add(new String[] {"n", "counter", ""});
        } else {
          t.columns.removeIf(c -> c[0].startsWith("v"));
          t.columns.add(new String[] {"n", "counter", ""});
          t.columns.add(
              new String[] {
                "m", "counter", r.nextInt(3) == 0 && !t.clustering.isEmpty() ? "static" : ""
              });
          if (r.nextBoolean()) {
            t.options.add("default_time_to_live = " + r.nextInt(2) * 60);
          }
        }
      }
      case 5 -> {
        List<String> order = new ArrayList<>();
        for (int i = 0; i < t.clustering.size(); i++) {
          order.add(t.clustering.get(i) + " " + (i < t.orders.size() ? t.orders.get(i) : "ASC"));
        }
        switch (r.nextInt(4)) {
          case 0 -> order.add(0, t.regular().get(0) + " DESC");
          case 1 -> Collections.reverse(order);
          case 2 -> {
            if (!order.isEmpty()) {
              order.remove(0);
            }
          }
          default -> order.add(t.partition.get(0) + " ASC");
        }
        t.orderClause = order;
      }
      case 6 -> t.columns.get(t.columns.size() - 1)[1] = pick(r, BAD_TYPES);
      case 7 -> {
        switch (r.nextInt(4)) {
          case 0 -> t.partition.add("nope");
          case 1 -> t.clustering.add(t.partition.get(0));
          case 2 -> t.columns.add(new String[] {t.columns.get(0)[0], "text", ""});
          default -> {
            t.clustering.add(t.regular().get(0));
            t.orders.add("ASC");
          }
        }
      }
      case 8 -> {
        String[] fields = {
          "a counter",
          "a addr",
          "a int, a text",
          "a frozen<addr>, b list<int>",
          "a frozen<u3>",
          "a tags",
          "a frozen<tags>, b map<text, frozen<addr>>"
        };
        statements.add("CREATE TYPE u2 (" + pick(r, fields) + ");");
      }
      default -> {}
    }
    statements.add(t.cql("t"));
    switch (mutation) {
      case 9, 10 -> {
        String column = t.columns.get(r.nextInt(t.columns.size()))[0];
        String kind = pick(r, INDEX_KINDS);
        String target = kind.isEmpty() ? column : kind + "(" + column + ")";
        String using = r.nextInt(4) == 0 ? " USING 'sai'" : "";
        statements.add("CREATE INDEX ON t (" + target + ")" + using + ";");
        if (r.nextBoolean()) {
          statements.add("CREATE INDEX idx2 ON t (" + target + ")" + using + ";");
        }
      }
      case 11 ->
          statements.add(
              "CREATE CUSTOM INDEX ON t ("
                  + t.regular().get(0)
                  + ") USING 'org.apache.cassandra.index.sasi.SASIIndex';");
      case 12, 13 -> statements.add(view(r, t));
      case 14 -> {
        List<String> all = new ArrayList<>();
        t.columns.forEach(c -> all.add(c[0]));
        String column = all.get(r.nextInt(all.size()));
        switch (r.nextInt(6)) {
          case 0 -> statements.add("ALTER TABLE t DROP " + column + ";");
          case 5 -> {
            String regular = t.regular().get(r.nextInt(t.regular().size()));
            String[] readd = {
              "int",
              "bigint",
              "text",
              "ascii",
              "blob",
              "varint",
              "uuid",
              "timeuuid",
              "timestamp",
              "list<text>",
              "frozen<list<text>>",
              "set<int>",
              t.typeOf(regular)
            };
            statements.add("ALTER TABLE t DROP " + regular + ";");
            statements.add(
                "ALTER TABLE t ADD "
                    + regular
                    + " "
                    + pick(r, readd)
                    + (r.nextInt(4) == 0 ? " static" : "")
                    + ";");
          }
          case 1 -> statements.add("ALTER TABLE t ADD " + column + " text;");
          case 2 -> statements.add("ALTER TABLE t ADD extra " + pick(r, REGULAR_TYPES) + ";");
          case 3 -> statements.add("ALTER TABLE t ALTER " + column + " TYPE blob;");
          default -> {
            statements.add("CREATE INDEX ix ON t (" + t.regular().get(0) + ");");
            statements.add("ALTER TABLE t DROP " + t.regular().get(0) + ";");
          }
        }
      }
      case 15 -> {
        String[] options = {
          "colour = 'blue'",
          "read_repair_chance = 0.1",
          "compaction = {'min_threshold': '4'}",
          "compaction = {'class': 'DateTieredCompactionStrategy'}",
          "compression = {'sstable_compression': 'LZ4Compressor'}",
          "compression = {'enabled': 'false'}",
          "compression = {'class': 'SnappyCompressor', 'chunk_length_in_kb': '3'}",
          "compaction = {'class': 'LeveledCompactionStrategy', 'bucket_low': '0.4'}",
          "compaction = {'class': 'UnifiedCompactionStrategy', 'max_threshold': '8'}",
          "gc_grace_seconds = 'ten'",
          "default_time_to_live = -1",
          "speculative_retry = '99p'",
          "bloom_filter_fp_chance = 0.1"
        };
        statements.add("ALTER TABLE t WITH " + pick(r, options) + ";");
      }
      default -> Grammar.more(r, mutation, statements, t.regular(), t.partition, t.clustering);
    }
    if (mutation == 27) {
      Grammar.damage(r, statements);
    }
    return new Case(label, String.join("\n", statements) + "\n");
  }

  /** How many kinds of mutation {@link #one} picks from. */
  static final int MUTATIONS = 28;

  /** Table options: valid ones of every kind, wrong values, removed and misspelled names. */
  private static final String[] TABLE_OPTIONS = {
    "comment = 'it''s'",
    "gc_grace_seconds = 3600",
    "default_time_to_live = 86400",
    "bloom_filter_fp_chance = 0.01",
    "bloom_filter_fp_chance = 2",
    "crc_check_chance = 0.5",
    "crc_check_chance = 1.5",
    "caching = {'keys': 'ALL', 'rows_per_partition': 'NONE'}",
    "caching = {'keys': 'SOME'}",
    "compaction = {'class': 'SizeTieredCompactionStrategy', 'min_threshold': '4'}",
    "compaction = {'class': 'TimeWindowCompactionStrategy', 'compaction_window_unit': 'DAYS',"
        + " 'compaction_window_size': '1'}",
    "compaction = {'class': 'UnifiedCompactionStrategy'}",
    "compaction = {'class': 'UnifiedCompactionStrategy', 'scaling_parameters': 'T4',"
        + " 'min_threshold': '4'}",
    "compaction = {'class': 'LeveledCompactionStrategy', 'sstable_size_in_mb': '160',"
        + " 'fanout_size': '10', 'tombstone_threshold': '0.2'}",
    "compaction = {'class': 'LeveledCompactionStrategy', 'compaction_window_unit': 'DAYS'}",
    "compaction = {'class': 'SizeTieredCompactionStrategy', 'sstable_size_in_mb': '160'}",
    "compaction = {'class': 'SizeTieredCompactionStrategy', 'min_threshold': '1'}",
    "compaction = {'class': 'SizeTieredCompactionStrategy', 'min_threshold': '40'}",
    "compaction = {'class': 'SizeTieredCompactionStrategy', 'max_threshold': 'many'}",
    "compaction = {'class': 'SizeTieredCompactionStrategy', 'enabled': 'maybe'}",
    "compaction = {'class': 'SizeTieredCompactionStrategy', 'enabled': 'false',"
        + " 'bucket_high': '2'}",
    "compaction = {'class': 'TimeWindowCompactionStrategy', 'compaction_window_unit': 'WEEKS'}",
    "compaction = {'class': 'TimeWindowCompactionStrategy', 'compaction_window_unit': 'days'}",
    "compaction = {'class': 'TimeWindowCompactionStrategy', 'compaction_window_size': '0'}",
    "compaction = {'class': 'TimeWindowCompactionStrategy', 'compaction_window_size': '6',"
        + " 'compaction_window_unit': 'HOURS', 'min_threshold': '2'}",
    "compaction = {'class': 'LeveledCompactionStrategy', 'fanout_size': '0'}",
    "compaction = {'class': 'SizeTieredCompactionStrategy', 'tombstone_threshold': '-0.5'}",
    "compaction = {'class': 'SizeTieredCompactionStrategy', 'tombstone_threshold': '1e-3',"
        + " 'tombstone_compaction_interval': '0', 'log_all': 'TRUE'}",
    "compaction = {'class': 'LeveledCompactionStrategy', 'tombstone_compaction_interval': '-5'}",
    "compaction = {'class': 'TimeWindowCompactionStrategy', 'unchecked_tombstone_compaction':"
        + " 'maybe'}",
    "compaction = {'class': 'UnifiedCompactionStrategy', 'provide_overlapping_tombstones':"
        + " 'cell'}",
    "compaction = {'class': 'SizeTieredCompactionStrategy', 'provide_overlapping_tombstones':"
        + " 'SOME'}",
    "compaction = {'class': 'SizeTieredCompactionStrategy', 'bucket_high': '0.4'}",
    "compaction = {'class': 'SizeTieredCompactionStrategy', 'bucket_low': 'x'}",
    "compaction = {'class': 'LeveledCompactionStrategy', 'min_sstable_size': '-1'}",
    "compaction = {'class': 'TimeWindowCompactionStrategy', 'timestamp_resolution': 'SECONDS'}",
    "compaction = {'class': 'TimeWindowCompactionStrategy', 'timestamp_resolution': 'MINUTES'}",
    "compaction = {'class': 'TimeWindowCompactionStrategy',"
        + " 'expired_sstable_check_frequency_seconds': '-1'}",
    "compaction = {'class': 'UnifiedCompactionStrategy',"
        + " 'expired_sstable_check_frequency_seconds': '0'}",
    "compaction = {'class': 'UnifiedCompactionStrategy', 'base_shard_count': '0'}",
    "compaction = {'class': 'UnifiedCompactionStrategy', 'sstable_growth': '1.5'}",
    "compaction = {'class': 'UnifiedCompactionStrategy', 'overlap_inclusion_method': 'single'}",
    "compaction = {'class': 'UnifiedCompactionStrategy', 'overlap_inclusion_method': 'ALL'}",
    "compaction = {'class': 'UnifiedCompactionStrategy', 'scaling_parameters': 'T4, L10, N'}",
    "compaction = {'class': 'UnifiedCompactionStrategy', 'scaling_parameters': 't4'}",
    "compaction = {'class': 'TimeWindowCompactionStrategy',"
        + " 'unsafe_aggressive_sstable_expiration': 'true'}",
    "compaction = {'class': 'TimeWindowCompactionStrategy',"
        + " 'unsafe_aggressive_sstable_expiration': 'false'}",
    "compaction = {'class': 'TimeWindowCompactionStrategy',"
        + " 'unsafe_aggressive_sstable_expiration': 'maybe'}",
    "compaction = {'class': 'UnifiedCompactionStrategy',"
        + " 'unsafe_aggressive_sstable_expiration': 'true'}",
    "compaction = {'class': 'UnifiedCompactionStrategy',"
        + " 'unsafe_aggressive_sstable_expiration': 'maybe'}",
    "compaction = {'class': 'UnifiedCompactionStrategy', 'target_sstable_size': '1 GiB',"
        + " 'min_sstable_size': '0B', 'flush_size_override': '2 MiB'}",
    "compaction = {'class': 'UnifiedCompactionStrategy', 'target_sstable_size': '1e3MiB'}",
    "compaction = {'class': 'UnifiedCompactionStrategy', 'target_sstable_size': '1GB'}",
    "compaction = {'class': 'UnifiedCompactionStrategy', 'target_sstable_size': '1000KB'}",
    "compaction = {'class': 'UnifiedCompactionStrategy', 'target_sstable_size': '1gib'}",
    "compaction = {'class': 'UnifiedCompactionStrategy', 'target_sstable_size': '1kB'}",
    "compaction = {'class': 'UnifiedCompactionStrategy', 'target_sstable_size': '1048575B'}",
    "compaction = {'class': 'UnifiedCompactionStrategy', 'flush_size_override': '1mib'}",
    "compaction = {'class': 'UnifiedCompactionStrategy', 'min_sstable_size': '5'}",
    "compaction = {'class': 'UnifiedCompactionStrategy', 'min_sstable_size': '-1B'}",
    "compaction = {'class': 'UnifiedCompactionStrategy', 'min_sstable_size': '1KiB'}",
    "compaction = {'class': 'TimeWindowCompactionStrategy', 'min_threshold': ' 4'}",
    "compaction = {'class': 'NoSuchStrategy'}",
    "compaction = {'class': 'DateTieredCompactionStrategy', 'base_time_seconds': '60'}",
    "compression = {'class': 'LZ4Compressor', 'chunk_length_in_kb': '64'}",
    "compression = {'class': 'ZstdCompressor'}",
    "compression = {'enabled': 'false'}",
    "compression = {'sstable_compression': 'SnappyCompressor'}",
    "compression = {'class': 'LZ4Compressor', 'crc_check_chance': '1.0'}",
    "compression = {'class': 'LZ4Compressor', 'chunk_length_in_kb': '48'}",
    "compression = {'class': 'ZstdCompressor', 'compression_level': '5'}",
    "compression = {'class': 'LZ4Compressor', 'compression_level': '5'}",
    "compression = {'class': 'BrotliCompressor'}",
    "compression = {'enabled': 'false', 'chunk_length_in_kb': '16'}",
    "compression = {'class': 'org.apache.cassandra.io.compress.DeflateCompressor',"
        + " 'min_compress_ratio': '1.1'}",
    "compression = {'class': 'ZstdCompressor', 'compression_level': '-5'}",
    "compression = {'class': 'ZstdCompressor', 'compression_level': '23'}",
    "compression = {'class': 'ZstdCompressor', 'compression_level': '3.5'}",
    "compression = {'class': 'LZ4Compressor', 'lz4_compressor_type': 'high',"
        + " 'lz4_high_compressor_level': '17'}",
    "compression = {'class': 'LZ4Compressor', 'lz4_compressor_type': 'FAST'}",
    "compression = {'class': 'LZ4Compressor', 'lz4_high_compressor_level': '0'}",
    "compression = {'class': 'LZ4Compressor', 'min_compress_ratio': '0.5'}",
    "compression = {'class': 'LZ4Compressor', 'min_compress_ratio': '-1'}",
    "compression = {'class': 'LZ4Compressor', 'min_compress_ratio': 'x'}",
    "compression = {'class': 'LZ4Compressor', 'chunk_length_in_kb': ' 64'}",
    "compression = {'class': 'LZ4Compressor', 'chunk_length_in_kb': '0'}",
    "compression = {'class': 'LZ4Compressor', 'chunk_length_in_kb': '2097152'}",
    "compression = {'class': 'LZ4Compressor', 'chunk_length_in_kb': '1048576'}",
    "speculative_retry = 'ALWAYS'",
    "speculative_retry = '95PERCENTILE'",
    "speculative_retry = 'sometimes'",
    "additional_write_policy = '99p'",
    "additional_write_policy = '101p'",
    "speculative_retry = '0p'",
    "speculative_retry = 'MIN(99p,50ms)'",
    "speculative_retry = 'max(10ms, 99.5PERCENTILE)'",
    "speculative_retry = 'MIN(99p,95p)'",
    "speculative_retry = 'MAX(ALWAYS,50ms)'",
    "read_repair = 'SOMETIMES'",
    "read_repair = 'none'",
    "read_repair = 1",
    "cdc = 'Yes'",
    "cdc = 'maybe'",
    "incremental_backups = 2",
    "allow_auto_snapshot = 0",
    "bloom_filter_fp_chance = 0.00005",
    "bloom_filter_fp_chance = 0.0000672",
    "memtable = 'default'",
    "memtable = 'DEFAULT'",
    "memtable = 'trie'",
    "read_repair = 'NONE'",
    "read_repair = 'BLOCKING'",
    "read_repair_chance = 0",
    "dclocal_read_repair_chance = 0.1",
    "memtable_flush_period_in_ms = 60000",
    "min_index_interval = 128",
    "max_index_interval = 2048",
    "cdc = true",
    "gc_grace_second = 10",
    "comments = 'misspelled'",
    "default_time_to_live = 'a day'",
    "COMPACT STORAGE",
    "index_interval = 128",
    "populate_io_cache_on_flush = true"
  };

  private static String view(Random r, TableShape t) {
    List<String> key = new ArrayList<>(t.partition);
    key.addAll(t.clustering);
    Collections.shuffle(key, r);
    List<String> regular = t.regular();
    int extra = r.nextInt(3);
    for (int i = 0; i < extra && i < regular.size(); i++) {
      key.add(r.nextInt(key.size() + 1), regular.get(i));
    }
    if (r.nextInt(5) == 0 && key.size() > 1) {
      key.remove(r.nextInt(key.size()));
    }
    List<String> notNull = new ArrayList<>(key);
    if (r.nextInt(5) == 0 && !notNull.isEmpty()) {
      notNull.remove(r.nextInt(notNull.size()));
    }
    String select = "*";
    if (r.nextBoolean()) {
      List<String> columns = new ArrayList<>();
      t.columns.forEach(c -> columns.add(c[0]));
      select = String.join(", ", columns);
    }
    StringBuilder out = new StringBuilder("CREATE MATERIALIZED VIEW mv AS SELECT ");
    out.append(select).append(" FROM t");
    if (!notNull.isEmpty()) {
      out.append(" WHERE ");
      List<String> restrictions = new ArrayList<>();
      notNull.forEach(c -> restrictions.add(c + " IS NOT NULL"));
      out.append(String.join(" AND ", restrictions));
    }
    out.append(" PRIMARY KEY (").append(String.join(", ", key)).append(")");
    List<String> with = new ArrayList<>();
    if (r.nextInt(3) == 0 && key.size() > 1) {
      // A clustering order over some, all or other columns, in key order or not: views accept only
      // exactly their clustering columns, in order.
      List<String> order = new ArrayList<>(key.subList(1, key.size()));
      if (r.nextBoolean() && order.size() > 1) {
        order.remove(r.nextInt(order.size()));
      }
      if (r.nextInt(4) == 0 && order.size() > 1) {
        java.util.Collections.swap(order, 0, order.size() - 1);
      }
      if (r.nextInt(6) == 0) {
        order.add(key.get(0));
      }
      List<String> terms = new ArrayList<>();
      order.forEach(c -> terms.add(c + (r.nextBoolean() ? " DESC" : " ASC")));
      with.add("CLUSTERING ORDER BY (" + String.join(", ", terms) + ")");
    }
    if (r.nextInt(4) == 0) {
      with.add("default_time_to_live = " + r.nextInt(2) * 30);
    }
    if (!with.isEmpty()) {
      out.append(" WITH ").append(String.join(" AND ", with));
    }
    return out.append(';').toString();
  }
}
