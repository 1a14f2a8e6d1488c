package org.keyspacestudio.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.cassandra.config.DatabaseDescriptor;
import org.apache.cassandra.cql3.CQLStatement;
import org.apache.cassandra.cql3.QueryProcessor;
import org.apache.cassandra.cql3.statements.schema.AlterSchemaStatement;
import org.apache.cassandra.cql3.statements.schema.AlterTableStatement;
import org.apache.cassandra.cql3.statements.schema.CreateFunctionStatement;
import org.apache.cassandra.cql3.statements.schema.CreateIndexStatement;
import org.apache.cassandra.cql3.statements.schema.CreateKeyspaceStatement;
import org.apache.cassandra.dht.Murmur3Partitioner;
import org.apache.cassandra.exceptions.SyntaxException;
import org.apache.cassandra.schema.KeyspaceMetadata;
import org.apache.cassandra.schema.KeyspaceParams;
import org.apache.cassandra.schema.Keyspaces;
import org.apache.cassandra.schema.SchemaTransformation;
import org.apache.cassandra.service.ClientState;

/**
 * Applies CQL statements with Apache Cassandra 5.0's own classes, offline: each statement is parsed
 * by Cassandra's parser, prepared, validated and applied to an in-memory schema ({@code
 * Keyspaces}), exactly as a node's schema code would, and the verdict (accepted, or the exception's
 * message) is recorded. Statements that do not change the schema (DML, roles) are only parsed.
 *
 * <p>The node configuration is Cassandra's default except materialized views, which are enabled (so
 * that the view rules themselves are compared, not the switch): user-defined functions and SASI
 * stay disabled, as on a new node.
 */
final class CassandraOracle {

  /** Cassandra's verdict on one statement. */
  record Verdict(boolean accepted, boolean syntaxError, String message) {
    /** Cassandra's check needs a running node (its live keyspace); no verdict offline. */
    boolean needsNode() {
      return !accepted && message.startsWith(NEEDS_NODE);
    }
  }

  static final String NEEDS_NODE = "needs a running node: ";

  private static final Pattern USE =
      Pattern.compile("(?is)^USE\\s+(\"(?:[^\"]|\"\")+\"|\\w+)\\s*$");

  static {
    DatabaseDescriptor.clientInitialization();
    DatabaseDescriptor.setPartitionerUnsafe(Murmur3Partitioner.instance);
    DatabaseDescriptor.setMaterializedViewsEnabled(true);
  }

  private Keyspaces schema = Keyspaces.none();
  private String keyspace;
  private final boolean stubKeyspaces;

  /**
   * @param stubKeyspaces when true, as for the corpus' canonical files: statements without a
   *     keyspace go to {@code default_ks}, a keyspace a statement needs but nobody created is
   *     created as a stub, and a {@code NetworkTopologyStrategy} keyspace (which offline has no
   *     data centers to check against) is created as a stub
   */
  CassandraOracle(boolean stubKeyspaces) {
    this.stubKeyspaces = stubKeyspaces;
    if (stubKeyspaces) {
      keyspace = "default_ks";
    }
  }

  /** Applies each statement in turn and returns one verdict a statement. */
  /**
   * Makes the schema applied so far Cassandra's offline schema, for a write to be prepared against
   * it, and gives the client state of the script's {@code USE} (or none).
   */
  ClientState installed() {
    Keyspaces current = schema;
    org.apache.cassandra.schema.Schema.instance.transform(k -> current);
    return keyspace == null
        ? ClientState.forInternalCalls()
        : ClientState.forInternalCalls(keyspace);
  }

  List<Verdict> apply(List<String> statements) {
    List<Verdict> verdicts = new ArrayList<>(statements.size());
    for (String statement : statements) {
      verdicts.add(apply(statement));
    }
    return verdicts;
  }

  Verdict apply(String statement) {
    Matcher use = USE.matcher(statement);
    if (use.matches()) {
      String name = use.group(1);
      keyspace =
          name.startsWith("\"")
              ? name.substring(1, name.length() - 1).replace("\"\"", "\"")
              : name.toLowerCase(Locale.ROOT);
      return new Verdict(true, false, "");
    }
    CQLStatement.Raw raw;
    try {
      raw = QueryProcessor.parseStatement(statement);
    } catch (SyntaxException e) {
      return new Verdict(false, true, e.getMessage());
    } catch (RuntimeException e) {
      return new Verdict(false, true, e.getClass().getSimpleName() + ": " + e.getMessage());
    }
    boolean schemaStatement =
        raw.getClass().getName().startsWith("org.apache.cassandra.cql3.statements.schema.")
            && (!FUNCTIONS.matcher(raw.getClass().getName()).find()
                || raw instanceof CreateFunctionStatement.Raw);
    if (!schemaStatement) {
      // DML, roles, aggregates, triggers and dropping functions are outside the model: only their
      // syntax is compared (preparing DML would look up the node's live schema). CREATE FUNCTION is
      // judged: with the default configuration the node refuses it
      // (user_defined_functions_enabled).
      return new Verdict(true, false, "");
    }
    try {
      ClientState state =
          keyspace == null
              ? ClientState.forInternalCalls()
              : ClientState.forInternalCalls(keyspace);
      CQLStatement prepared = raw.prepare(state);
      if (!(prepared instanceof SchemaTransformation transformation)) {
        return new Verdict(true, false, "");
      }
      if (stubKeyspaces
          && !(prepared instanceof CreateKeyspaceStatement)
          && prepared instanceof AlterSchemaStatement alter
          && !schema.containsKeyspace(alter.keyspace())) {
        schema = schema.withAddedOrUpdated(stub(alter.keyspace()));
      }
      prepared.validate(state);
      if (prepared instanceof CreateIndexStatement index) {
        schema = IndexCreation.apply(index, schema);
      } else if (ColumnDrop.handles(prepared)) {
        schema = ColumnDrop.apply((AlterTableStatement) prepared, schema);
      } else {
        Keyspaces next = transformation.apply(schema);
        // A node validates the new schema before it takes it (names, among others).
        next.validate();
        schema = next;
      }
      return new Verdict(true, false, "");
    } catch (AssertionError e) {
      if (String.valueOf(e.getMessage()).startsWith("Initialized")) {
        return new Verdict(false, false, NEEDS_NODE + e.getMessage());
      }
      throw e;
    } catch (SyntaxException e) {
      // Cassandra reports some semantic problems (unknown properties) as syntax exceptions.
      return new Verdict(false, false, e.getMessage());
    } catch (RuntimeException e) {
      String message = e.getMessage() == null ? e.toString() : e.getMessage();
      if (stubKeyspaces
          && message.contains("Configuration for at least one datacenter must be present")) {
        String name = raw instanceof CreateKeyspaceStatement.Raw ? keyspaceOf(statement) : null;
        if (name != null && !schema.containsKeyspace(name)) {
          schema = schema.withAddedOrUpdated(stub(name));
        }
        return new Verdict(true, false, "");
      }
      return new Verdict(false, false, message);
    }
  }

  private static final Pattern FUNCTIONS = Pattern.compile("Function|Aggregate|Trigger");

  private static KeyspaceMetadata stub(String name) {
    return KeyspaceMetadata.create(name, KeyspaceParams.simple(1));
  }

  private static final Pattern CREATE_KEYSPACE =
      Pattern.compile("(?is)^CREATE\\s+(?:KEYSPACE|SCHEMA)\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?(\\w+)");

  private static String keyspaceOf(String statement) {
    Matcher m = CREATE_KEYSPACE.matcher(statement);
    return m.find() ? m.group(1).toLowerCase(Locale.ROOT) : null;
  }
}
