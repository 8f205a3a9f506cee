package wos.neo4j;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.BoltConnectorInternalSettings;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.harness.Neo4j;
import org.neo4j.harness.Neo4jBuilders;

/**
 * Starts a throwaway Neo4j Community server for the test suites: Bolt on 127.0.0.1 and a
 * free port, authentication on (user neo4j, the password from NEO4J_TEST_PASSWORD), usage
 * reporting off, HTTP off, APOC core from the plugin folder named by NEO4J_TEST_PLUGINS, and
 * data in a new temporary folder that is removed when the server stops.
 *
 * <p>Prints one line, {@code bolt://127.0.0.1:<port>}, when the server answers. Stops when
 * its standard input ends (the parent process closed it or went away) or on SIGTERM.
 */
public final class TestServer {
  private TestServer() {}

  public static void main(String[] args) throws Exception {
    String password = System.getenv("NEO4J_TEST_PASSWORD");
    if (password == null || password.length() < 8) {
      System.err.println("NEO4J_TEST_PASSWORD must hold at least 8 characters");
      System.exit(2);
    }
    Path work = Files.createTempDirectory("neo4j-test-");
    Path logs = work.resolve("logs");
    var builder =
        Neo4jBuilders.newInProcessBuilder(work)
            .withDisabledServer()
            .withConfig(BoltConnector.enabled, true)
            .withConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", 0))
            .withConfig(BoltConnector.advertised_address, new SocketAddress("127.0.0.1", 0))
            .withConfig(GraphDatabaseSettings.auth_enabled, true)
            .withConfig(GraphDatabaseSettings.udc_enabled, false)
            .withConfig(GraphDatabaseSettings.logs_directory, logs)
            // A runaway test query fails instead of holding the server.
            .withConfig(GraphDatabaseSettings.transaction_timeout, Duration.ofMinutes(2))
            // Throwaway data: stop at once rather than wait for transactions or connections.
            .withConfig(GraphDatabaseSettings.shutdown_transaction_end_timeout, Duration.ZERO)
            .withConfig(BoltConnectorInternalSettings.thread_pool_shutdown_wait_time, Duration.ZERO)
            .withConfig(BoltConnectorInternalSettings.connection_shutdown_wait_time, Duration.ZERO);
    String plugins = System.getenv("NEO4J_TEST_PLUGINS");
    if (plugins != null && !plugins.isEmpty()) {
      builder =
          builder
              .withConfig(GraphDatabaseSettings.plugin_dir, Paths.get(plugins).toAbsolutePath())
              .withConfig(GraphDatabaseSettings.procedure_unrestricted, List.of("apoc.*"));
    }
    Neo4j neo4j;
    try {
      neo4j = builder.build();
    } catch (RuntimeException failed) {
      removeTree(work);
      throw failed;
    }
    Thread stopper = new Thread(() -> stop(neo4j, work));
    Runtime.getRuntime().addShutdownHook(stopper);
    neo4j
        .databaseManagementService()
        .database("system")
        .executeTransactionally(
            "ALTER USER neo4j SET PASSWORD $password CHANGE NOT REQUIRED",
            Map.of("password", password));
    System.out.println("bolt://127.0.0.1:" + neo4j.boltURI().getPort());
    System.out.flush();
    awaitEndOfInput(System.in);
    Runtime.getRuntime().removeShutdownHook(stopper);
    stop(neo4j, work);
    System.exit(0);
  }

  private static synchronized void stop(Neo4j neo4j, Path work) {
    long started = System.nanoTime();
    try {
      neo4j.close();
    } finally {
      removeTree(work);
    }
    System.err.printf("neo4j stopped in %d ms%n", (System.nanoTime() - started) / 1_000_000);
  }

  /** Returns when the stream ends: the parent closed our standard input or exited. */
  private static void awaitEndOfInput(InputStream in) {
    byte[] buffer = new byte[256];
    try {
      while (in.read(buffer) >= 0) {
        // Whatever arrives is ignored; only the end counts.
      }
    } catch (IOException ended) {
      // A broken pipe is an end too.
    }
  }

  private static void removeTree(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException ignored) {
      // Best effort: the folder is under the system's temporary directory.
    }
  }
}
