package org.keyspacestudio.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.cassandra.cql3.ColumnSpecification;
import org.apache.cassandra.cql3.QueryOptions;
import org.apache.cassandra.cql3.QueryProcessor;
import org.apache.cassandra.cql3.statements.BatchStatement;
import org.apache.cassandra.db.ConsistencyLevel;
import org.apache.cassandra.db.IMutation;
import org.apache.cassandra.db.marshal.AbstractType;
import org.apache.cassandra.db.marshal.AsciiType;
import org.apache.cassandra.db.marshal.BooleanType;
import org.apache.cassandra.db.marshal.ByteType;
import org.apache.cassandra.db.marshal.BytesType;
import org.apache.cassandra.db.marshal.DoubleType;
import org.apache.cassandra.db.marshal.FloatType;
import org.apache.cassandra.db.marshal.Int32Type;
import org.apache.cassandra.db.marshal.ListType;
import org.apache.cassandra.db.marshal.LongType;
import org.apache.cassandra.db.marshal.MapType;
import org.apache.cassandra.db.marshal.SetType;
import org.apache.cassandra.db.marshal.ShortType;
import org.apache.cassandra.db.marshal.SimpleDateType;
import org.apache.cassandra.db.marshal.TimeUUIDType;
import org.apache.cassandra.db.marshal.TimestampType;
import org.apache.cassandra.db.marshal.TupleType;
import org.apache.cassandra.db.marshal.UTF8Type;
import org.apache.cassandra.db.marshal.UUIDType;
import org.apache.cassandra.service.ClientState;
import org.apache.cassandra.transport.Dispatcher;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.writes.Owners;
import org.keyspacestudio.model.writes.TableWrite;
import org.keyspacestudio.model.writes.Write;
import org.keyspacestudio.model.writes.WritePaths;

/**
 * Every write path of the generated query-first projects ({@link GeneratedProjects}) is CQL that
 * Cassandra 5.0.9 prepares on the mapped schema: each statement alone, and each write's whole text
 * (its logged and counter batches); and the data size the write is counted as ({@code
 * Write.bytes()}, what {@code batch_size_warn_threshold} is compared with) is Cassandra's own
 * count, {@code IMutation.dataSize} of the batch's mutations, for values of the sizes the estimate
 * assumes (20-byte text, 100-byte blobs, five elements a collection), each statement run as many
 * times as the write path says. Prints how many projects, writes, statements and sizes were held.
 */
class WritePathsOracleTest {

  private static final long SEED = Long.getLong("kstudio.writes.seed", 20261201L);
  private static final int PROJECTS = Integer.getInteger("kstudio.writes.cases", 300);

  /** Writes whose statements run more often than this are prepared, not sized. */
  private static final long MAX_EXECUTIONS = 200;

  static {
    new CassandraOracle(false);
    // What a node's configuration sets and client mode leaves unset: the mutation size limit,
    // which Cassandra's mutations read when first used (half the 32 MiB commit log segment).
    if (org.apache.cassandra.config.DatabaseDescriptor.getRawConfig().max_mutation_size == null) {
      org.apache.cassandra.config.DatabaseDescriptor.getRawConfig().max_mutation_size =
          new org.apache.cassandra.config.DataStorageSpec.IntKibibytesBound("16MiB");
    }
  }

  @Test
  void theKillrVideoExamplesWritesAreCqlCassandraPreparesAndCountsAsWeDo() throws Exception {
    org.keyspacestudio.model.edit.Document doc =
        new org.keyspacestudio.model.edit.Document(
            org.keyspacestudio.model.project.ProjectFile.read(
                java.nio.file.Path.of("../examples/killrvideo.kstudio")),
            null);
    doc.perform(
        org.keyspacestudio.model.edit.MappingEdits.mapAll(
            org.keyspacestudio.model.cql.CqlIdentifier.of("killr_video")));
    Project p = doc.project();
    installSchema(p);
    WritePaths paths = WritePaths.of(p);
    int writes = 0;
    for (String owner : paths.writers()) {
      for (Write w : paths.writes(owner)) {
        writes++;
        assertThat(prepare(w.cql())).as(w.title() + ":\n" + w.cql()).isNull();
        if (sizable(w)) {
          assertThat(dataSize(paths.owners(), owner, w)).as(w.title()).isEqualTo(w.bytes());
        }
      }
    }
    assertThat(writes).isEqualTo(25);
  }

  @Test
  void aCounterTablesWritesAreIncrementsCassandraPreparesApartFromTheLoggedBatch() {
    var model =
        new org.keyspacestudio.model.conceptual.ConceptualModel(
            List.of(
                new org.keyspacestudio.model.conceptual.Entity(
                    "Video",
                    false,
                    List.of(
                        org.keyspacestudio.model.conceptual.Attribute.simple("video_id", "uuid"),
                        org.keyspacestudio.model.conceptual.Attribute.simple("title", "text"),
                        org.keyspacestudio.model.conceptual.Attribute.simple("views", "counter")),
                    List.of(
                        org.keyspacestudio.model.conceptual.Key.of(
                            new AttributeRef("Video", "video_id"))))),
            List.of(),
            List.of());
    Project p =
        new Project(org.keyspacestudio.model.schema.Schema.empty())
            .withConceptual(model)
            .withWorkflow(
                new org.keyspacestudio.model.workflow.Workflow(
                    List.of(),
                    List.of(),
                    List.of(
                        new org.keyspacestudio.model.workflow.Query(
                            "Q1",
                            "",
                            org.keyspacestudio.model.workflow.QueryText.parseGiven(
                                "Video.video_id ="),
                            org.keyspacestudio.model.workflow.QueryText.parseRefs("Video.title"),
                            List.of(),
                            org.keyspacestudio.model.workflow.Query.ResultSize.ROW),
                        new org.keyspacestudio.model.workflow.Query(
                            "Q2",
                            "",
                            org.keyspacestudio.model.workflow.QueryText.parseGiven("Video.title ="),
                            org.keyspacestudio.model.workflow.QueryText.parseRefs("Video.views"),
                            List.of(),
                            org.keyspacestudio.model.workflow.Query.ResultSize.PARTITION))));
    org.keyspacestudio.model.edit.Document doc =
        new org.keyspacestudio.model.edit.Document(p, null);
    doc.perform(
        org.keyspacestudio.model.edit.MappingEdits.mapAll(
            org.keyspacestudio.model.cql.CqlIdentifier.of("app")));
    installSchema(doc.project());
    WritePaths paths = WritePaths.of(doc.project());
    int counters = 0;
    for (Write w : paths.writes("Video")) {
      assertThat(prepare(w.cql())).as(w.title() + ":\n" + w.cql()).isNull();
      counters += (int) w.tables().stream().filter(TableWrite::counter).count();
    }
    // Insert, the title's update (the count moved to the new title's row), the views' update,
    // delete.
    assertThat(counters).isEqualTo(4);
  }

  @Test
  void everyWriteIsCqlCassandraPreparesAndItsSizeIsCassandrasCount() {
    int projects = 0;
    int tables = 0;
    int writes = 0;
    int statements = 0;
    int sized = 0;
    int batchesOver = 0;
    Map<String, Integer> actions = new TreeMap<>();
    List<String> failures = new ArrayList<>();
    for (Project p : GeneratedProjects.generate(PROJECTS, SEED)) {
      if (p.mapping().tables().isEmpty()) {
        continue;
      }
      projects++;
      tables += p.mapping().tables().size();
      installSchema(p);
      WritePaths paths = WritePaths.of(p);
      for (String owner : paths.writers()) {
        for (Write w : paths.writes(owner)) {
          writes++;
          for (TableWrite t : w.tables()) {
            actions.merge(t.action().name(), 1, Integer::sum);
            for (String s : t.statements()) {
              statements++;
              String refused = prepare(s);
              if (refused != null) {
                failures.add(w.title() + ": " + s + "\n    " + refused + "\n    " + cql(p));
              }
            }
          }
          String refused = prepare(w.cql());
          if (refused != null) {
            failures.add(w.title() + ", whole:\n" + w.cql() + "\n    " + refused);
            continue;
          }
          if (sizable(w)) {
            long cassandra = dataSize(paths.owners(), owner, w);
            if (cassandra < 0) {
              // Runs that would need more distinct values than the type has (booleans).
              continue;
            }
            sized++;
            if (cassandra > 5 * 1024) {
              batchesOver++;
            }
            if (cassandra != w.bytes()) {
              failures.add(
                  w.title()
                      + ": we count "
                      + w.bytes()
                      + " bytes, Cassandra "
                      + cassandra
                      + "\n"
                      + w.cql());
            }
          }
        }
      }
    }
    System.out.printf(
        "write paths: %d projects, %d mapped tables, %d writes, %d statements prepared by"
            + " Cassandra 5.0.9 (%s), %d writes sized as Cassandra counts them (%d over 5 KiB),"
            + " %d mismatches%n",
        projects, tables, writes, statements, actions, sized, batchesOver, failures.size());
    assertThat(failures).as("writes Cassandra refuses or counts otherwise").isEmpty();
    assertThat(projects).isGreaterThan(PROJECTS * 3 / 4);
    assertThat(sized).isGreaterThan(writes / 2);
  }

  private static String cql(Project p) {
    return String.join(";\n", GeneratedProjects.statements(p));
  }

  /** The mapped schema into Cassandra's offline schema. */
  private static void installSchema(Project p) {
    SelectOracle.install(GeneratedProjects.statements(p));
  }

  /** Null when Cassandra prepares the statement (or batch), else its message. */
  private static String prepare(String cql) {
    try {
      for (String one : split(cql)) {
        QueryProcessor.parseStatement(one).prepare(ClientState.forInternalCalls());
      }
      return null;
    } catch (RuntimeException e) {
      return e.getMessage() == null ? e.toString() : e.getMessage();
    }
  }

  /** A write's text is a batch, a counter batch after it, or one statement: each on its own. */
  private static List<String> split(String cql) {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String line : cql.split("\n")) {
      current.append(line).append('\n');
      if (line.equals("APPLY BATCH;")
          || (!line.startsWith(" ") && line.endsWith(";") && !line.startsWith("BEGIN"))) {
        out.add(current.toString().strip().replaceAll(";$", ""));
        current.setLength(0);
      }
    }
    if (!current.toString().isBlank()) {
      out.add(current.toString().strip());
    }
    return out;
  }

  /** Sized: no counters (their cells are counter contexts), and not too many runs. */
  private static boolean sizable(Write w) {
    for (TableWrite t : w.tables()) {
      if (t.counter() || t.executions() > MAX_EXECUTIONS) {
        return false;
      }
    }
    return true;
  }

  /**
   * Cassandra's count of a write's data: its statements in one logged batch, each run as many times
   * as the write path says, with values the estimate's sizes; the runs of a statement differ where
   * they write other rows (other values of a multi-valued attribute, other instances' rows), and
   * agree on the writing instance's own attributes.
   */
  private static long dataSize(Owners owners, String owner, Write w) {
    StringBuilder batch = new StringBuilder("BEGIN BATCH\n");
    List<Run> runs = new ArrayList<>();
    for (TableWrite t : w.tables()) {
      for (long k = 0; k < t.executions(); k++) {
        for (int s = 0; s < t.statements().size(); s++) {
          batch.append(t.statements().get(s)).append(";\n");
          runs.add(new Run(t, (int) k, s));
        }
      }
    }
    batch.append("APPLY BATCH");
    BatchStatement prepared =
        (BatchStatement)
            QueryProcessor.parseStatement(batch.toString()).prepare(ClientState.forInternalCalls());
    List<ColumnSpecification> markers = prepared.getBindVariables();
    List<ByteBuffer> values = new ArrayList<>();
    int marker = 0;
    for (int i = 0; i < runs.size(); i++) {
      Run run = runs.get(i);
      // A batch's statements share its markers: count each one's in its text.
      String text = run.write().statements().get(run.statement());
      int count = (int) text.chars().filter(c -> c == '?').count();
      Map<String, AttributeRef> byColumn = new LinkedHashMap<>();
      for (TableWrite.ColumnValue v : run.write().values()) {
        byColumn.put(v.column(), v.attribute());
      }
      for (int m = 0; m < count; m++) {
        ColumnSpecification spec = markers.get(marker++);
        String column = spec.name.toString();
        AttributeRef source = byColumn.get(column);
        boolean moved = moved(owner, w, run.write(), source);
        boolean varies = moved || varies(owners, owner, run.write(), source);
        // A move deletes the row under the old value and inserts it under the new one.
        int index = !varies ? 0 : moved ? 2 * run.k() + run.statement() + 1 : run.k() + 1;
        if (varies && index > 1 && spec.type.unwrap() instanceof BooleanType) {
          // A third boolean would be one of the first two: the runs would share rows or
          // partitions the write path counts apart. Not comparable.
          return -1;
        }
        values.add(value(spec.type, index));
      }
    }
    QueryOptions options = QueryOptions.forInternalCalls(ConsistencyLevel.ONE, values);
    List<? extends IMutation> mutations =
        prepared.getMutations(
            ClientState.forInternalCalls(),
            org.apache.cassandra.cql3.BatchQueryOptions.withoutPerStatementVariables(options),
            false,
            1_000_000L,
            1_000L,
            Dispatcher.RequestTime.forImmediateExecution());
    long size = 0;
    for (IMutation m : mutations) {
      for (var update : m.getPartitionUpdates()) {
        size += update.dataSize();
      }
    }
    return size;
  }

  private record Run(TableWrite write, int k, int statement) {}

  /** Whether a column is the key column a move changes: it holds the attribute updated. */
  private static boolean moved(String owner, Write w, TableWrite t, AttributeRef source) {
    return t.action() == TableWrite.Action.MOVE_ROW
        && source != null
        && w.attribute() != null
        && source.topLevel().equals(w.attribute().attribute())
        && (source.owner().equals(owner) || isRoleOf(source.owner(), owner));
  }

  private static boolean isRoleOf(String name, String owner) {
    return ROLES.getOrDefault(name, "").equals(owner);
  }

  /** The roles of the generated projects' recursive relationship. */
  private static final Map<String, String> ROLES = Map.of("follower", "E0", "followee", "E0");

  /**
   * Whether a column's value differs between the runs of a table write: it holds a value of a
   * repeated multi-valued attribute, or is no attribute of the writing instance as it is at other
   * instances' rows (a follows row's followee, for the follower written).
   */
  private static boolean varies(Owners owners, String owner, TableWrite t, AttributeRef source) {
    if (source == null) {
      return t.rows() != null;
    }
    if (t.perValueOf().contains(source)) {
      return true;
    }
    if (t.rows() == null) {
      return false;
    }
    String o = source.owner();
    return !o.equals(t.rows().via())
        && !(o.equals(owner) && owners.entityOf(o) != null && t.rows().via().equals(owner));
  }

  /** A value of the estimate's size for the type, distinct for each index. */
  private static ByteBuffer value(AbstractType<?> type, int index) {
    return type.decomposeUntyped(java(type, index));
  }

  private static Object java(AbstractType<?> type, int index) {
    AbstractType<?> t = type.unwrap();
    if (t instanceof UTF8Type || t instanceof AsciiType) {
      String s = "v" + index;
      return s + "x".repeat(20 - s.length());
    }
    if (t instanceof BytesType) {
      ByteBuffer b = ByteBuffer.allocate(100);
      b.putInt(0, index);
      return b;
    }
    if (t instanceof Int32Type) {
      return index;
    }
    if (t instanceof LongType) {
      return (long) index;
    }
    if (t instanceof ShortType) {
      return (short) index;
    }
    if (t instanceof ByteType) {
      return (byte) index;
    }
    if (t instanceof BooleanType) {
      return index % 2 == 1;
    }
    if (t instanceof DoubleType) {
      return (double) index;
    }
    if (t instanceof FloatType) {
      return (float) index;
    }
    if (t instanceof TimestampType) {
      return new java.util.Date(1_700_000_000_000L + index);
    }
    if (t instanceof SimpleDateType) {
      return Integer.MIN_VALUE + 20_000 + index;
    }
    if (t instanceof TimeUUIDType) {
      return org.apache.cassandra.utils.TimeUUID.atUnixMicrosWithLsb(
          1_700_000_000_000_000L + index, 7);
    }
    if (t instanceof UUIDType) {
      return new java.util.UUID(7, index);
    }
    if (t instanceof SetType<?> set) {
      LinkedHashSet<Object> out = new LinkedHashSet<>();
      for (int i = 0; i < 5; i++) {
        out.add(java(set.getElementsType(), index * 5 + i));
      }
      return out;
    }
    if (t instanceof ListType<?> list) {
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        out.add(java(list.getElementsType(), index * 5 + i));
      }
      return out;
    }
    if (t instanceof MapType<?, ?> map) {
      Map<Object, Object> out = new LinkedHashMap<>();
      for (int i = 0; i < 5; i++) {
        out.put(java(map.getKeysType(), index * 5 + i), java(map.getValuesType(), index * 5 + i));
      }
      return out;
    }
    if (t instanceof TupleType tuple) {
      // UDTs are tuples too: each field a value of its own type.
      ByteBuffer[] parts = new ByteBuffer[tuple.size()];
      for (int i = 0; i < parts.length; i++) {
        parts[i] = value(tuple.type(i), index);
      }
      return TupleType.buildValue(parts);
    }
    throw new IllegalArgumentException("no generated value for " + t.asCQL3Type());
  }
}
