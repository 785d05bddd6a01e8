package dev.tollgate.registry.config;

import dev.tollgate.registry.pricing.CostPreset;
import dev.tollgate.registry.pricing.FragmentSpreads;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The whole configuration, one record per concern. Loaded once ({@link ConfigLoader}) or built by
 * {@link DemoConfig}, validated at start, never changed after.
 */
public record ServerConfig(
    Http http,
    Store store,
    Schema schema,
    Upstream upstream,
    List<AdminToken> adminTokens,
    Gateway gateway,
    Map<String, KeyPolicy> keys,
    KeyPolicy anonymous,
    Demo demo) {

  public ServerConfig {
    adminTokens = List.copyOf(adminTokens);
    keys = Map.copyOf(keys);
  }

  /** The policy of the caller presenting {@code apiKey} ({@code null}: the anonymous policy). */
  public Optional<KeyPolicy> policyFor(@Nullable String apiKey) {
    if (apiKey == null) {
      return Optional.of(anonymous);
    }
    return Optional.ofNullable(keys.get(apiKey));
  }

  /** @param port 0 picks a free port; {@code maxBodyBytes} bounds every request body (413 above). */
  public record Http(int port, long maxBodyBytes) {
    public Http {
      require(port >= 0 && port <= 65535, "http.port must be 0..65535: " + port);
      require(maxBodyBytes > 0, "http.maxBodyBytes must be positive: " + maxBodyBytes);
    }
  }

  /** @param jdbcUrl H2 ({@code jdbc:h2:...}) or PostgreSQL ({@code jdbc:postgresql:...}) */
  public record Store(String jdbcUrl, String user, String password) {
    public Store {
      require(jdbcUrl.startsWith("jdbc:h2:") || jdbcUrl.startsWith("jdbc:postgresql:"),
          "store.jdbcUrl must be a jdbc:h2: or jdbc:postgresql: URL: " + jdbcUrl);
    }

    public static Store h2In(Path dataDir) {
      String file = dataDir.toAbsolutePath().resolve("registry").toString();
      return new Store("jdbc:h2:file:" + file + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;WRITE_DELAY=0",
          "sa", "");
    }
  }

  /** @param path the SDL file; {@code null} is the bundled cargo demo schema */
  public record Schema(@Nullable Path path, CostPreset model, int defaultListSize, FragmentSpreads fragmentSpreads) {
    public Schema {
      require(defaultListSize >= 0, "schema.defaultListSize must not be negative: " + defaultListSize);
    }
  }

  /** @param url the upstream GraphQL endpoint; {@code null} runs the in-process demo service */
  public record Upstream(@Nullable String url, int timeoutMillis) {
    public Upstream {
      require(timeoutMillis > 0, "upstream.timeoutMillis must be positive: " + timeoutMillis);
      require(url == null || url.startsWith("http://") || url.startsWith("https://"),
          "upstream.url must be an http(s) URL: " + url);
    }
  }

  /** A bearer token for the {@code /v1} API, with its scope. The token is never logged. */
  public record AdminToken(String name, String token, Scope scope) {
    public AdminToken {
      require(!token.isBlank(), "admin token " + name + " must not be blank");
    }

    @Override
    public String toString() {
      return "AdminToken[name=" + name + ", scope=" + scope + "]";
    }
  }

  /** What an admin token may do: publish manifests, or also retire versions. */
  public enum Scope {
    PUBLISH,
    ADMIN
  }

  /**
   * Gateway-wide settings.
   *
   * @param batching whether a JSON array body is accepted (each operation priced, the sum charged)
   * @param maxBatchOperations the longest batch accepted
   * @param openCacheSize how many open-mode analyses are kept, by hash
   * @param budgetStore where buckets live: in this process, or Redis shared by several gateways
   * @param redisUrl {@code redis://host:port} when {@code budgetStore} is {@code REDIS}
   * @param refreshMillis how often the registry is polled for publications of other gateways
   * @param responseCacheBytes roughly how many bytes of upstream answers to registered GET queries the
   *     gateway keeps, to answer them again without the upstream
   */
  public record Gateway(
      boolean batching,
      int maxBatchOperations,
      int openCacheSize,
      BudgetStore budgetStore,
      @Nullable String redisUrl,
      int refreshMillis,
      long responseCacheBytes) {

    /** 64 MiB. */
    public static final long DEFAULT_RESPONSE_CACHE_BYTES = 64L << 20;

    public Gateway {
      require(maxBatchOperations > 0, "gateway.maxBatchOperations must be positive: " + maxBatchOperations);
      require(openCacheSize > 0, "gateway.openCacheSize must be positive: " + openCacheSize);
      require(budgetStore != BudgetStore.REDIS || redisUrl != null,
          "gateway.redisUrl is required when gateway.budgetStore is redis");
      require(refreshMillis > 0, "gateway.refreshMillis must be positive: " + refreshMillis);
      require(responseCacheBytes > 0, "gateway.responseCacheBytes must be positive: " + responseCacheBytes);
    }

    /** With the default response cache size. */
    public Gateway(boolean batching, int maxBatchOperations, int openCacheSize, BudgetStore budgetStore,
        @Nullable String redisUrl, int refreshMillis) {
      this(batching, maxBatchOperations, openCacheSize, budgetStore, redisUrl, refreshMillis,
          DEFAULT_RESPONSE_CACHE_BYTES);
    }
  }

  /** Where budget buckets are kept. */
  public enum BudgetStore {
    MEMORY,
    REDIS
  }

  /** Demo behaviour of the embedded default. */
  public record Demo(boolean publishDemoManifest) {}

  static void require(boolean condition, String message) {
    if (!condition) {
      throw new ConfigException(message);
    }
  }
}
