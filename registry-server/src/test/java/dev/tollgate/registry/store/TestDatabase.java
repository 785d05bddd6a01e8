package dev.tollgate.registry.store;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.InstantSource;
import java.util.Locale;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A throwaway database for one test: an H2 file in a temporary folder, or a fresh random schema in
 * the PostgreSQL named by {@code TOLLGATE_TEST_POSTGRES_URL} (dropped on close), so that parallel
 * and repeated runs never see each other's rows. Without that variable, PostgreSQL tests are
 * skipped.
 */
public final class TestDatabase implements AutoCloseable {

  public static final String POSTGRES_URL_VARIABLE = "TOLLGATE_TEST_POSTGRES_URL";

  /** The two databases the store runs on. */
  public enum Kind {
    H2,
    POSTGRES
  }

  private final StoreSettings config;
  private final @Nullable String postgresBaseUrl;
  private final @Nullable String schema;

  private TestDatabase(
      StoreSettings config, @Nullable String postgresBaseUrl, @Nullable String schema) {
    this.config = config;
    this.postgresBaseUrl = postgresBaseUrl;
    this.schema = schema;
  }

  public static TestDatabase create(Kind kind, Path tempDir) {
    return kind == Kind.H2 ? h2(tempDir) : postgres();
  }

  public static TestDatabase h2(Path tempDir) {
    return new TestDatabase(StoreSettings.h2In(tempDir), null, null);
  }

  /** A fresh schema in the test PostgreSQL; skips the test when none is configured. */
  public static TestDatabase postgres() {
    String url = System.getenv(POSTGRES_URL_VARIABLE);
    assumeTrue(
        url != null && !url.isBlank(),
        POSTGRES_URL_VARIABLE + " is not set: PostgreSQL tests skipped");
    String schema =
        "tollgate_test_" + UUID.randomUUID().toString().replace("-", "").toLowerCase(Locale.ROOT);
    execute(url, "CREATE SCHEMA " + schema);
    String separator = url.contains("?") ? "&" : "?";
    return new TestDatabase(
        StoreSettings.of(url + separator + "currentSchema=" + schema, "", ""), url, schema);
  }

  public StoreSettings config() {
    return config;
  }

  public RegistryStore open(InstantSource clock) {
    return RegistryStore.open(config, clock);
  }

  @Override
  public void close() {
    if (postgresBaseUrl != null && schema != null) {
      execute(postgresBaseUrl, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    }
  }

  private static void execute(String url, String sql) {
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException("test database: " + sql + " failed", e);
    }
  }
}
