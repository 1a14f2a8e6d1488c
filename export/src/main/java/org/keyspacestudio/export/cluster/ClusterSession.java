package org.keyspacestudio.export.cluster;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.NoNodeAvailableException;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import com.datastax.oss.driver.api.core.ssl.ProgrammaticSslEngineFactory;
import com.datastax.oss.driver.internal.core.loadbalancing.DcInferringLoadBalancingPolicy;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

/**
 * A connection to a cluster through the Apache Cassandra Java driver 4.x: reads schema metadata and
 * runs schema statements.
 *
 * <p>The driver is configured for schema work: its schema-refresh debounce window is 10 ms instead
 * of 1 s (with the default, every DDL statement waits about 1.1 s for the window to close), and a
 * statement may take {@link ConnectionSettings#requestTimeout()} instead of 2 s. Failures become
 * {@link ClusterException}s whose kind says which it was.
 *
 * <p>Not thread-safe for {@link #setSchemaMetadataEnabled}; everything else may be called from any
 * thread.
 */
public final class ClusterSession implements AutoCloseable {
  /** The driver's schema-refresh debounce window used here (the driver's default is 1 s). */
  public static final Duration SCHEMA_WINDOW = Duration.ofMillis(10);

  private final CqlSession session;
  private final ConnectionSettings settings;

  /** Whether our own statements may have changed the schema since the metadata was read. */
  private volatile boolean schemaMayBeStale;

  private ClusterSession(CqlSession session, ConnectionSettings settings) {
    this.session = session;
    this.settings = settings;
  }

  /**
   * Connects.
   *
   * @param settings where and how
   * @return an open session; close it
   * @throws ClusterException of kind UNREACHABLE, AUTHENTICATION, TLS or TIMEOUT (or OTHER), with a
   *     message that names the host and says what to check
   */
  public static ClusterSession connect(ConnectionSettings settings) throws ClusterException {
    return connect(settings, false);
  }

  /**
   * Connects with the driver's default schema settings (1 s debounce window), for comparisons.
   *
   * @param settings where and how
   * @return an open session
   * @throws ClusterException as {@link #connect(ConnectionSettings)}
   */
  public static ClusterSession connectWithDriverDefaults(ConnectionSettings settings)
      throws ClusterException {
    return connect(settings, true);
  }

  private static ClusterSession connect(ConnectionSettings settings, boolean driverDefaults)
      throws ClusterException {
    ProgrammaticDriverConfigLoaderBuilder config =
        DriverConfigLoader.programmaticBuilder()
            .withDuration(DefaultDriverOption.CONNECTION_CONNECT_TIMEOUT, settings.connectTimeout())
            .withDuration(
                DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, settings.connectTimeout())
            .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, settings.connectTimeout())
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, settings.requestTimeout())
            .withDuration(
                DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, settings.requestTimeout())
            .withDuration(
                DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, settings.requestTimeout())
            .withBoolean(DefaultDriverOption.RECONNECT_ON_INIT, false)
            // Closing waits for netty's quiet period (2 s by default) before its threads end:
            // every command-line run paid it. Nothing is in flight when we close.
            .withInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD, 0)
            .withInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD, 0);
    if (!driverDefaults) {
      config = config.withDuration(DefaultDriverOption.METADATA_SCHEMA_WINDOW, SCHEMA_WINDOW);
    }
    if (settings.localDatacenter() == null) {
      config =
          config.withClass(
              DefaultDriverOption.LOAD_BALANCING_POLICY_CLASS,
              DcInferringLoadBalancingPolicy.class);
    }
    CqlSessionBuilder builder = CqlSession.builder().withConfigLoader(config.build());
    for (String contactPoint : settings.contactPoints()) {
      builder.addContactPoint(address(contactPoint, settings.port()));
    }
    if (settings.localDatacenter() != null) {
      builder.withLocalDatacenter(settings.localDatacenter());
    }
    if (settings.username() != null) {
      builder.withAuthCredentials(
          settings.username(), settings.password() == null ? "" : settings.password());
    }
    if (settings.tls() != null) {
      builder.withSslEngineFactory(
          new ProgrammaticSslEngineFactory(
              sslContext(settings.tls()), null, settings.tls().hostnameValidation()));
    }
    try {
      return new ClusterSession(builder.build(), settings);
    } catch (RuntimeException e) {
      throw classify(e, settings);
    }
  }

  private static InetSocketAddress address(String contactPoint, int defaultPort)
      throws ClusterException {
    String host = contactPoint;
    int port = defaultPort;
    int colon = contactPoint.lastIndexOf(':');
    if (colon > 0 && contactPoint.indexOf(':') == colon) {
      host = contactPoint.substring(0, colon);
      try {
        port = Integer.parseInt(contactPoint.substring(colon + 1));
      } catch (NumberFormatException e) {
        throw new ClusterException(
            ClusterException.Kind.OTHER, "Not a port number in '" + contactPoint + "'", e);
      }
    }
    InetSocketAddress address = new InetSocketAddress(host, port);
    if (address.isUnresolved()) {
      throw new ClusterException(
          ClusterException.Kind.UNREACHABLE,
          "Cannot reach " + host + ": the host name is unknown (check its spelling and your DNS).",
          new UnknownHostException(host));
    }
    return address;
  }

  private static SSLContext sslContext(ConnectionSettings.Tls tls) throws ClusterException {
    try {
      TrustManagerFactory trust =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trust.init(
          tls.trustStore() == null ? null : load(tls.trustStore(), tls.trustStorePassword()));
      KeyManagerFactory keys = null;
      if (tls.keyStore() != null) {
        keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        char[] password =
            tls.keyStorePassword() == null ? new char[0] : tls.keyStorePassword().toCharArray();
        keys.init(load(tls.keyStore(), tls.keyStorePassword()), password);
      }
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(keys == null ? null : keys.getKeyManagers(), trust.getTrustManagers(), null);
      return context;
    } catch (GeneralSecurityException | IOException e) {
      throw new ClusterException(
          ClusterException.Kind.TLS, "TLS setup failed: " + e.getMessage(), e);
    }
  }

  private static KeyStore load(Path file, String password)
      throws IOException, GeneralSecurityException {
    if (!Files.isReadable(file)) {
      throw new IOException("cannot read the key store " + file);
    }
    try (InputStream in = Files.newInputStream(file)) {
      // PKCS#12 keystores also read JKS files on Java 9+ (keystore.type.compat).
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(in, password == null ? null : password.toCharArray());
      return store;
    }
  }

  /** The settings this session was opened with. */
  public ConnectionSettings settings() {
    return settings;
  }

  /** The Cassandra release of the node the driver talks to, such as {@code 5.0.9}. */
  public String releaseVersion() {
    var row = session.execute("SELECT release_version FROM system.local").one();
    return row == null ? "unknown" : row.getString(0);
  }

  /** The names of the user keyspaces (system keyspaces left out), sorted, in CQL form. */
  public List<String> keyspaceNames() {
    List<String> names = new ArrayList<>();
    for (var name : session.getMetadata().getKeyspaces().keySet()) {
      String internal = name.asInternal();
      if (!SYSTEM_KEYSPACES.contains(internal)) {
        names.add(name.asCql(true));
      }
    }
    names.sort(String::compareTo);
    return names;
  }

  private static final List<String> SYSTEM_KEYSPACES =
      List.of(
          "system",
          "system_auth",
          "system_distributed",
          "system_schema",
          "system_traces",
          "system_views",
          "system_virtual_schema",
          "system_cluster_metadata");

  /**
   * The driver's metadata of one keyspace, as the last schema refresh saw it.
   *
   * @param internalName the keyspace name as stored (case-sensitive, unquoted)
   * @return the metadata, or empty if the keyspace does not exist
   */
  public Optional<KeyspaceMetadata> keyspaceMetadata(String internalName) {
    return session
        .getMetadata()
        .getKeyspace(com.datastax.oss.driver.api.core.CqlIdentifier.fromInternal(internalName));
  }

  /**
   * Runs a query with positional values and returns all its rows.
   *
   * @param cql the query
   * @param values its bound values
   * @return the rows, all fetched
   * @throws ClusterException as {@link #execute}
   */
  public List<com.datastax.oss.driver.api.core.cql.Row> query(String cql, Object... values)
      throws ClusterException {
    try {
      return session
          .execute(SimpleStatement.newInstance(cql, values).setTimeout(settings.requestTimeout()))
          .all();
    } catch (RuntimeException e) {
      throw classify(e, settings);
    }
  }

  /**
   * Runs one statement and waits for the cluster's nodes to agree on the schema.
   *
   * @param cql the statement, with or without a final semicolon
   * @return whether the nodes agreed on the schema within the request timeout
   * @throws ClusterException REJECTED (the server's message), TIMEOUT (the statement may or may not
   *     have run), CONNECTION_LOST, or OTHER
   */
  public boolean execute(String cql) throws ClusterException {
    schemaMayBeStale = true;
    try {
      ResultSet result =
          session.execute(SimpleStatement.newInstance(cql).setTimeout(settings.requestTimeout()));
      if (result.getExecutionInfo().isSchemaInAgreement()) {
        return true;
      }
      return awaitSchemaAgreement();
    } catch (RuntimeException e) {
      throw classify(e, settings);
    }
  }

  /**
   * Prepares a statement on the cluster without running it: the node checks it against its schema
   * (for a SELECT, every restriction and the ordering), as a program using the query would.
   *
   * @param cql the statement, with {@code ?} markers
   * @throws ClusterException REJECTED with the server's message when the node refuses it, or
   *     another kind when the cluster cannot be asked
   */
  public void prepare(String cql) throws ClusterException {
    try {
      session.prepare(SimpleStatement.newInstance(cql).setTimeout(settings.requestTimeout()));
    } catch (RuntimeException e) {
      throw classify(e, settings);
    }
  }

  /**
   * Asks the nodes whether they agree on the schema until they do or the request timeout passes.
   *
   * @return whether they agreed
   * @throws ClusterException when the question itself fails
   */
  public boolean awaitSchemaAgreement() throws ClusterException {
    long deadline = System.nanoTime() + settings.requestTimeout().toNanos();
    try {
      while (true) {
        boolean agreed =
            session
                .checkSchemaAgreementAsync()
                .toCompletableFuture()
                .get(settings.requestTimeout().toMillis(), TimeUnit.MILLISECONDS);
        if (agreed) {
          return true;
        }
        if (System.nanoTime() > deadline) {
          return false;
        }
        Thread.sleep(200);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (ExecutionException e) {
      throw classify(
          e.getCause() instanceof RuntimeException r ? r : new RuntimeException(e), settings);
    } catch (TimeoutException e) {
      return false;
    }
  }

  /**
   * Turns the driver's schema metadata on or off. Off while a plan runs saves a metadata refresh
   * per statement; turning it on again refreshes once.
   *
   * @param enabled whether to keep schema metadata up to date
   */
  public void setSchemaMetadataEnabled(boolean enabled) {
    schemaMayBeStale = true;
    session.setSchemaMetadataEnabled(enabled);
  }

  /**
   * Reads the schema metadata again now, and waits for it.
   *
   * @throws ClusterException when the refresh fails
   */
  public void refreshSchema() throws ClusterException {
    try {
      session
          .refreshSchemaAsync()
          .toCompletableFuture()
          .get(settings.requestTimeout().toMillis(), TimeUnit.MILLISECONDS);
      schemaMayBeStale = false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ClusterException(ClusterException.Kind.OTHER, "Interrupted", e);
    } catch (ExecutionException e) {
      throw classify(
          e.getCause() instanceof RuntimeException r ? r : new RuntimeException(e), settings);
    } catch (TimeoutException e) {
      throw new ClusterException(
          ClusterException.Kind.TIMEOUT,
          "Reading the schema from "
              + settings.describe()
              + " took longer than "
              + settings.requestTimeout().toSeconds()
              + " s.",
          e);
    }
  }

  /**
   * Reads the schema metadata again if statements run through this session may have changed it
   * since it was last read (changes made by others reach the driver as events and are applied by
   * it).
   *
   * @throws ClusterException when the refresh fails
   */
  public void refreshSchemaIfStale() throws ClusterException {
    if (schemaMayBeStale) {
      refreshSchema();
    }
  }

  @Override
  public void close() {
    session.close();
  }

  /** Turns a driver exception into a message that says which failure it was. */
  static ClusterException classify(RuntimeException e, ConnectionSettings settings) {
    String where = settings.describe();
    if (e instanceof QueryValidationException rejected) {
      return new ClusterException(
          ClusterException.Kind.REJECTED, "The cluster rejected it: " + rejected.getMessage(), e);
    }
    List<Throwable> causes = new ArrayList<>();
    collect(e, causes);
    if (e instanceof AllNodesFailedException all) {
      all.getAllErrors().values().forEach(list -> list.forEach(t -> collect(t, causes)));
    }
    if (causes.stream().anyMatch(t -> t instanceof AuthenticationException)) {
      boolean noCredentials = settings.username() == null;
      return new ClusterException(
          ClusterException.Kind.AUTHENTICATION,
          noCredentials
              ? "The cluster at " + where + " requires a user name and password (--user)."
              : "The cluster at " + where + " refused the user name or password.",
          e);
    }
    if (causes.stream().anyMatch(t -> t instanceof SSLException)) {
      Throwable ssl = causes.stream().filter(t -> t instanceof SSLException).findFirst().get();
      return new ClusterException(
          ClusterException.Kind.TLS,
          "The TLS handshake with "
              + where
              + " failed: "
              + ssl.getMessage()
              + (settings.tls() == null
                  ? ""
                  : ". Check that the node has client encryption on, and that the trust store"
                      + " holds its certificate."),
          e);
    }
    boolean closedWhileOpening =
        causes.stream()
                .anyMatch(
                    t ->
                        t
                            instanceof
                            com.datastax.oss.driver.api.core.connection.ConnectionInitException)
            && causes.stream().anyMatch(t -> t instanceof ClosedConnectionException);
    if (closedWhileOpening && settings.tls() == null) {
      return new ClusterException(
          ClusterException.Kind.TLS,
          "The node at "
              + where
              + " closed the connection while it was being set up: it probably requires TLS"
              + " (client_encryption_options). Connect with TLS (--tls, and --truststore for"
              + " a private certificate).",
          e);
    }
    boolean timedOut =
        e instanceof DriverTimeoutException
            || causes.stream()
                .anyMatch(
                    t ->
                        t instanceof DriverTimeoutException
                            || t instanceof java.util.concurrent.TimeoutException
                            || t.getClass().getSimpleName().contains("Timeout"));
    boolean connectionTrouble =
        causes.stream()
            .anyMatch(
                t ->
                    t instanceof ConnectException
                        || t instanceof NoRouteToHostException
                        || t instanceof UnknownHostException
                        || t.getClass().getSimpleName().equals("AnnotatedConnectException"));
    if (connectionTrouble && !timedOut) {
      return new ClusterException(
          ClusterException.Kind.UNREACHABLE,
          "Cannot reach "
              + where
              + ": the connection was refused (is Cassandra running there,"
              + " on that port?).",
          e);
    }
    if (timedOut) {
      return new ClusterException(
          ClusterException.Kind.TIMEOUT,
          "No answer from "
              + where
              + " in time (connect "
              + settings.connectTimeout().toSeconds()
              + " s, statements "
              + settings.requestTimeout().toSeconds()
              + " s). If this was a statement, it may or"
              + " may not have run.",
          e);
    }
    if (e instanceof NoNodeAvailableException
        || e instanceof AllNodesFailedException
        || causes.stream().anyMatch(t -> t instanceof ClosedConnectionException)) {
      return new ClusterException(
          ClusterException.Kind.CONNECTION_LOST,
          "The connection to " + where + " was lost: " + e.getMessage(),
          e);
    }
    return new ClusterException(
        ClusterException.Kind.OTHER, "Talking to " + where + " failed: " + e.getMessage(), e);
  }

  private static void collect(Throwable t, List<Throwable> into) {
    for (Throwable c = t; c != null && !into.contains(c); c = c.getCause()) {
      into.add(c);
      // Netty reports a refused connection as suppressed by the closed channel's exception.
      for (Throwable suppressed : c.getSuppressed()) {
        collect(suppressed, into);
      }
    }
  }
}
