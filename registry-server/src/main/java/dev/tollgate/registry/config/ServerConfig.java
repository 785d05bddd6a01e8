package dev.tollgate.registry.config;

import com.fasterxml.jackson.annotation.JacksonInject;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.tollgate.registry.admission.AdmissionSettings;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.CostPreset;
import dev.tollgate.registry.pricing.FragmentSpreads;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The whole configuration, one record per concern. Loaded once ({@link ConfigLoader}) or built by
 * {@link DemoConfig}, validated at start, never changed after.
 *
 * <p>Each record holds its own defaults ({@code DEFAULTS}, or {@code DEFAULT_*} constants) and a
 * package-private {@code fromJson} creator through which {@link ConfigLoader} binds a config file:
 * a key left out (or {@code null}) takes the default. A record that sits at one place in the file
 * names its keys in full in its messages ({@code gateway.refreshMillis}); one that sits at several
 * places (a policy, its limits and budget, an admin token) names them relative to itself, and the
 * loader adds where it was.
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
    Demo demo,
    Registry registry) {

  public ServerConfig {
    adminTokens = List.copyOf(adminTokens);
    keys = Map.copyOf(keys);
  }

  /** With the registry's defaults ({@link Registry#DEFAULTS}). */
  public ServerConfig(
      Http http,
      Store store,
      Schema schema,
      Upstream upstream,
      List<AdminToken> adminTokens,
      Gateway gateway,
      Map<String, KeyPolicy> keys,
      KeyPolicy anonymous,
      Demo demo) {
    this(
        http,
        store,
        schema,
        upstream,
        adminTokens,
        gateway,
        keys,
        anonymous,
        demo,
        Registry.DEFAULTS);
  }

  @JsonCreator
  static ServerConfig fromJson(
      @JsonProperty("http") @Nullable Http http,
      @JsonProperty("store") @Nullable Store store,
      @JsonProperty("schema") @Nullable Schema schema,
      @JsonProperty("upstream") @Nullable Upstream upstream,
      @JsonProperty("adminTokens") @Nullable List<AdminToken> adminTokens,
      @JsonProperty("gateway") @Nullable Gateway gateway,
      @JsonProperty("keys") @Nullable Map<String, KeyPolicy> keys,
      @JsonProperty("anonymous") @Nullable KeyPolicy anonymous,
      @JsonProperty("demo") @Nullable Demo demo,
      @JsonProperty("registry") @Nullable Registry registry,
      @JacksonInject ConfigFile file) {
    return new ServerConfig(
        file.http(orElse(http, Http.DEFAULTS)),
        store != null ? store : file.defaultStore(Store.DEFAULT_POOL_SIZE),
        orElse(schema, Schema.DEFAULTS),
        orElse(upstream, Upstream.DEFAULTS),
        ConfigFile.named(orElse(adminTokens, List.of())),
        orElse(gateway, Gateway.DEFAULTS),
        ConfigFile.named(orElse(keys, Map.of())),
        ConfigFile.anonymous(anonymous),
        orElse(demo, Demo.DEFAULTS),
        orElse(registry, Registry.DEFAULTS));
  }

  /** The policy of the caller presenting {@code apiKey} ({@code null}: the anonymous policy). */
  public Optional<KeyPolicy> policyFor(@Nullable String apiKey) {
    if (apiKey == null) {
      return Optional.of(anonymous);
    }
    return Optional.ofNullable(keys.get(apiKey));
  }

  /** This config with {@code http} in place of its own (a command-line override). */
  public ServerConfig withHttp(Http http) {
    return new ServerConfig(
        http, store, schema, upstream, adminTokens, gateway, keys, anonymous, demo, registry);
  }

  /**
   * @param port 0 picks a free port; {@code maxBodyBytes} bounds every request body (413 above).
   * @param host the address to listen on: {@code 0.0.0.0} every interface (a config file's
   *     default), {@code 127.0.0.1} this machine only (the demo's); checked when the server starts
   */
  public record Http(
      int port,
      long maxBodyBytes,
      int bodyReadTimeoutMillis,
      long minRequestDataRate,
      String host) {
    /** A connection that sends no byte for this long, in a body or between requests, is closed. */
    public static final int DEFAULT_BODY_READ_TIMEOUT_MILLIS = 5_000;

    /** Bytes per second, over the whole request: slower clients are cut off (408). */
    public static final long DEFAULT_MIN_REQUEST_DATA_RATE = 1_024;

    /** Every interface. */
    public static final String DEFAULT_HOST = "0.0.0.0";

    public static final Http DEFAULTS = new Http(8080, 1_000_000);

    public Http {
      require(port >= 0 && port <= 65535, "http.port must be 0..65535: " + port);
      require(maxBodyBytes > 0, "http.maxBodyBytes must be positive: " + maxBodyBytes);
      require(
          bodyReadTimeoutMillis > 0,
          "http.bodyReadTimeoutMillis must be positive: " + bodyReadTimeoutMillis);
      require(
          minRequestDataRate >= 0,
          "http.minRequestDataRate must not be negative: " + minRequestDataRate);
      require(
          !host.isBlank() && host.strip().equals(host),
          "http.host must be an address or host name without spaces: '" + host + "'");
    }

    /** On every interface, with the default body read timeout and minimum data rate. */
    public Http(int port, long maxBodyBytes) {
      this(
          port,
          maxBodyBytes,
          DEFAULT_BODY_READ_TIMEOUT_MILLIS,
          DEFAULT_MIN_REQUEST_DATA_RATE,
          DEFAULT_HOST);
    }

    public Http withPort(int port) {
      return new Http(port, maxBodyBytes, bodyReadTimeoutMillis, minRequestDataRate, host);
    }

    public Http withHost(String host) {
      return new Http(port, maxBodyBytes, bodyReadTimeoutMillis, minRequestDataRate, host);
    }

    @JsonCreator
    static Http fromJson(
        @JsonProperty("port") @Nullable Integer port,
        @JsonProperty("maxBodyBytes") @Nullable Long maxBodyBytes,
        @JsonProperty("bodyReadTimeoutMillis") @Nullable Integer bodyReadTimeoutMillis,
        @JsonProperty("minRequestDataRate") @Nullable Long minRequestDataRate,
        @JsonProperty("host") @Nullable String host) {
      return new Http(
          orElse(port, DEFAULTS.port),
          orElse(maxBodyBytes, DEFAULTS.maxBodyBytes),
          orElse(bodyReadTimeoutMillis, DEFAULTS.bodyReadTimeoutMillis),
          orElse(minRequestDataRate, DEFAULTS.minRequestDataRate),
          orElse(host, DEFAULTS.host));
    }
  }

  /**
   * @param jdbcUrl H2 ({@code jdbc:h2:...}) or PostgreSQL ({@code jdbc:postgresql:...})
   * @param poolSize the most connections the store's pool opens
   */
  public record Store(String jdbcUrl, String user, String password, int poolSize) {
    public static final int DEFAULT_POOL_SIZE = 8;

    public Store {
      require(
          jdbcUrl.startsWith("jdbc:h2:") || jdbcUrl.startsWith("jdbc:postgresql:"),
          "store.jdbcUrl must be a jdbc:h2: or jdbc:postgresql: URL: " + jdbcUrl);
      require(poolSize > 0, "store.poolSize must be positive: " + poolSize);
    }

    /** With the default pool size. */
    public Store(String jdbcUrl, String user, String password) {
      this(jdbcUrl, user, password, DEFAULT_POOL_SIZE);
    }

    /** The embedded H2 file in {@code dataDir}, with the default pool size. */
    public static Store h2In(Path dataDir) {
      return h2In(dataDir, DEFAULT_POOL_SIZE);
    }

    static Store h2In(Path dataDir, int poolSize) {
      String file = dataDir.toAbsolutePath().resolve("registry").toString();
      return new Store(
          "jdbc:h2:file:"
              + file
              + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;WRITE_DELAY=0",
          "sa",
          "",
          poolSize);
    }

    /**
     * Without {@code jdbcUrl}: the H2 file in the data folder ({@code user} and {@code password}
     * unused): {@code --data-dir}, else {@code dataDir} relative to the config file's folder, else
     * {@code tollgate-data} beside the config file.
     */
    @JsonCreator
    static Store fromJson(
        @JsonProperty("jdbcUrl") @Nullable String jdbcUrl,
        @JsonProperty("user") @Nullable String user,
        @JsonProperty("password") @Nullable String password,
        @JsonProperty("poolSize") @Nullable Integer poolSize,
        @JsonProperty("dataDir") @Nullable String dataDir,
        @JacksonInject ConfigFile file) {
      int size = orElse(poolSize, DEFAULT_POOL_SIZE);
      if (jdbcUrl == null) {
        return file.h2Store(dataDir, size);
      }
      require(dataDir == null, "store.dataDir is only for the embedded H2 store (no jdbcUrl)");
      return new Store(jdbcUrl, orElse(user, ""), orElse(password, ""), size);
    }
  }

  /**
   * @param path the SDL file; {@code null} is the bundled cargo demo schema
   * @param fragmentSpreads in a config file, defaults to the model's own ({@link
   *     #defaultFragmentSpreads}): {@code first} for {@code book}, {@code each} for {@code apollo}
   */
  public record Schema(
      @Nullable Path path, CostPreset model, int defaultListSize, FragmentSpreads fragmentSpreads) {
    public static final Schema DEFAULTS =
        new Schema(null, CostPreset.BOOK, 10, FragmentSpreads.FIRST);

    public Schema {
      require(
          defaultListSize >= 0, "schema.defaultListSize must not be negative: " + defaultListSize);
    }

    /**
     * How {@code model} prices a fragment spread several times: {@code first} (the book's numbers
     * depend on it), {@code each} (Apollo Router prices every spread).
     */
    public static FragmentSpreads defaultFragmentSpreads(CostPreset model) {
      return CostModel.of(model).fragmentSpreads();
    }

    /** {@code path} is relative to the config file's directory. */
    @JsonCreator
    static Schema fromJson(
        @JsonProperty("path") @Nullable String path,
        @JsonProperty("model") @Nullable CostPreset model,
        @JsonProperty("defaultListSize") @Nullable Integer defaultListSize,
        @JsonProperty("fragmentSpreads") @Nullable FragmentSpreads fragmentSpreads,
        @JacksonInject ConfigFile file) {
      CostPreset preset = orElse(model, DEFAULTS.model);
      return new Schema(
          path == null ? null : file.base().resolve(path).normalize(),
          preset,
          orElse(defaultListSize, DEFAULTS.defaultListSize),
          orElse(fragmentSpreads, defaultFragmentSpreads(preset)));
    }
  }

  /**
   * The upstream and how it is called ({@code README.md}, "In front of your API").
   *
   * @param url the upstream GraphQL endpoint; {@code null} runs the in-process demo service
   * @param timeoutMillis the deadline of one whole exchange: connecting, the headers and the body
   * @param maxResponseBytes the largest upstream answer read; a larger one is a 502
   * @param maxInFlight the most upstream calls at once; past it a request is refused with 503
   * @param forwardHeaders request headers copied to the upstream call, lower case; never one of
   *     {@link UpstreamHeaders#NEVER_FORWARDED} (nor {@code proxy-*})
   * @param headers static headers added to every upstream call, in their order
   * @param identifyClient whether upstream calls carry {@code X-Tollgate-Client} (the caller's
   *     policy name) and {@code X-Tollgate-Operation} (the operation name)
   * @param returnHeaders upstream response headers copied back to the caller, lower case, beside
   *     {@code Set-Cookie}, which always is
   * @param varyHeaders request headers, besides {@code authorization}, {@code cookie} and the
   *     forwarded ones, that the upstream's answers depend on: the response cache keys on them
   *     (lower-cased) and {@code Vary} names them, forwarded or not
   * @param unkeyedHeaders forwarded headers, lower case, that the response cache does not key on
   *     and {@code Vary} does not name ({@link #cacheKeyHeaders}); never {@code authorization} nor
   *     {@code cookie}, each in {@code forwardHeaders}
   */
  public record Upstream(
      @Nullable String url,
      int timeoutMillis,
      long maxResponseBytes,
      int maxInFlight,
      List<String> forwardHeaders,
      Map<String, String> headers,
      boolean identifyClient,
      List<String> returnHeaders,
      List<String> varyHeaders,
      List<String> unkeyedHeaders) {

    /** 16 MiB. */
    public static final long DEFAULT_MAX_RESPONSE_BYTES = 16L << 20;

    /**
     * About a quarter of the 250 threads of Javalin's Jetty pool, so that a stuck upstream holds at
     * most that many while the others answer refusals, {@code /health} and cached answers.
     */
    public static final int DEFAULT_MAX_IN_FLIGHT = 64;

    public static final List<String> DEFAULT_FORWARD_HEADERS =
        List.of(
            "authorization",
            "cookie",
            "traceparent",
            "tracestate",
            "baggage",
            "x-request-id",
            "accept-language");

    /**
     * The per-request tracing headers: each request's own, so keying on them would make every entry
     * of the response cache a miss. Those of them that are forwarded are unkeyed by default.
     */
    public static final List<String> DEFAULT_UNKEYED_HEADERS =
        List.of("traceparent", "tracestate", "baggage", "x-request-id");

    public static final Upstream DEFAULTS = new Upstream(null, 5_000);

    public Upstream {
      require(timeoutMillis > 0, "upstream.timeoutMillis must be positive: " + timeoutMillis);
      require(
          url == null || url.startsWith("http://") || url.startsWith("https://"),
          "upstream.url must be an http(s) URL: " + url);
      require(
          maxResponseBytes > 0, "upstream.maxResponseBytes must be positive: " + maxResponseBytes);
      require(maxInFlight > 0, "upstream.maxInFlight must be positive: " + maxInFlight);
      forwardHeaders = UpstreamHeaders.names("upstream.forwardHeaders", forwardHeaders);
      headers = UpstreamHeaders.values("upstream.headers", headers);
      returnHeaders = UpstreamHeaders.names("upstream.returnHeaders", returnHeaders);
      List<String> names = new ArrayList<>();
      for (int i = 0; i < varyHeaders.size(); i++) {
        String name = varyHeaders.get(i);
        require(
            UpstreamHeaders.isHeaderName(name),
            "upstream.varyHeaders[" + i + "] must be a header name: " + name);
        names.add(name.toLowerCase(Locale.ROOT));
      }
      varyHeaders = List.copyOf(names);
      unkeyedHeaders = UpstreamHeaders.unkeyed(unkeyedHeaders, forwardHeaders, varyHeaders);
    }

    /** With the default {@code unkeyedHeaders} among {@code forwardHeaders}. */
    public Upstream(
        @Nullable String url,
        int timeoutMillis,
        long maxResponseBytes,
        int maxInFlight,
        List<String> forwardHeaders,
        Map<String, String> headers,
        boolean identifyClient,
        List<String> returnHeaders,
        List<String> varyHeaders) {
      this(
          url,
          timeoutMillis,
          maxResponseBytes,
          maxInFlight,
          forwardHeaders,
          headers,
          identifyClient,
          returnHeaders,
          varyHeaders,
          UpstreamHeaders.defaultUnkeyed(forwardHeaders, varyHeaders));
    }

    /** With the default bounds and header rules. */
    public Upstream(@Nullable String url, int timeoutMillis) {
      this(url, timeoutMillis, List.of());
    }

    /** With the default bounds and header rules, and {@code varyHeaders}. */
    public Upstream(@Nullable String url, int timeoutMillis, List<String> varyHeaders) {
      this(
          url,
          timeoutMillis,
          DEFAULT_MAX_RESPONSE_BYTES,
          DEFAULT_MAX_IN_FLIGHT,
          DEFAULT_FORWARD_HEADERS,
          Map.of(),
          true,
          List.of(),
          varyHeaders);
    }

    @JsonCreator
    static Upstream fromJson(
        @JsonProperty("url") @Nullable String url,
        @JsonProperty("timeoutMillis") @Nullable Integer timeoutMillis,
        @JsonProperty("maxResponseBytes") @Nullable Long maxResponseBytes,
        @JsonProperty("maxInFlight") @Nullable Integer maxInFlight,
        @JsonProperty("forwardHeaders") @Nullable List<String> forwardHeaders,
        @JsonProperty("headers") @Nullable Map<String, String> headers,
        @JsonProperty("identifyClient") @Nullable Boolean identifyClient,
        @JsonProperty("returnHeaders") @Nullable List<String> returnHeaders,
        @JsonProperty("varyHeaders") @Nullable List<String> varyHeaders,
        @JsonProperty("unkeyedHeaders") @Nullable List<String> unkeyedHeaders) {
      List<String> forwarded = orElse(forwardHeaders, DEFAULTS.forwardHeaders);
      List<String> vary = orElse(varyHeaders, DEFAULTS.varyHeaders);
      return new Upstream(
          url,
          orElse(timeoutMillis, DEFAULTS.timeoutMillis),
          orElse(maxResponseBytes, DEFAULTS.maxResponseBytes),
          orElse(maxInFlight, DEFAULTS.maxInFlight),
          forwarded,
          orElse(headers, DEFAULTS.headers),
          orElse(identifyClient, DEFAULTS.identifyClient),
          orElse(returnHeaders, DEFAULTS.returnHeaders),
          vary,
          unkeyedHeaders != null
              ? unkeyedHeaders
              : UpstreamHeaders.defaultUnkeyed(forwarded, vary));
    }

    /**
     * The request headers the response cache keys on and {@code Vary} names, lower case, in this
     * order: {@code authorization} and {@code cookie} (forwarded or not), every other forwarded
     * header but the {@code unkeyedHeaders}, then the {@code varyHeaders}. So whatever the upstream
     * is sent of the caller's headers keys the cache, unless the config says otherwise by name.
     */
    public List<String> cacheKeyHeaders() {
      Set<String> keyed = new LinkedHashSet<>(UpstreamHeaders.ALWAYS_KEYED);
      for (String name : forwardHeaders) {
        if (!unkeyedHeaders.contains(name)) {
          keyed.add(name);
        }
      }
      keyed.addAll(varyHeaders);
      return List.copyOf(keyed);
    }

    /**
     * What the response cache keys on, for the start log and banner: {@code authorization, cookie,
     * accept-language; not on traceparent, tracestate, baggage, x-request-id
     * (upstream.unkeyedHeaders)}.
     */
    public String describeCacheKey() {
      String keyed = String.join(", ", cacheKeyHeaders());
      if (unkeyedHeaders.isEmpty()) {
        return keyed + "; every forwarded header";
      }
      return keyed + "; not on " + String.join(", ", unkeyedHeaders) + " (upstream.unkeyedHeaders)";
    }

    /** This config with other bounds, for tests and benchmarks. */
    public Upstream withBounds(int timeoutMillis, long maxResponseBytes, int maxInFlight) {
      return new Upstream(
          url,
          timeoutMillis,
          maxResponseBytes,
          maxInFlight,
          forwardHeaders,
          headers,
          identifyClient,
          returnHeaders,
          varyHeaders,
          unkeyedHeaders);
    }
  }

  /**
   * A bearer token for the {@code /v1} API, with its scope. The token is never logged.
   *
   * @param name for logs; in a config file it defaults to {@code token<index>}
   */
  public record AdminToken(String name, String token, Scope scope) {
    public static final Scope DEFAULT_SCOPE = Scope.PUBLISH;

    public AdminToken {
      require(!token.isBlank(), "token must not be blank");
    }

    /** The name is left empty when not given: {@link ConfigFile#named} numbers it. */
    @JsonCreator
    static AdminToken fromJson(
        @JsonProperty("name") @Nullable String name,
        @JsonProperty("token") @Nullable String token,
        @JsonProperty("scope") @Nullable Scope scope) {
      if (token == null) {
        throw new ConfigException("token is required");
      }
      return new AdminToken(orElse(name, ""), token, orElse(scope, DEFAULT_SCOPE));
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
   * @param batching whether a JSON array body is accepted (each operation checked, charged and
   *     answered on its own)
   * @param maxBatchOperations the longest batch accepted
   * @param openCacheBytes roughly how many bytes of open-mode analyses and refusals are kept, by
   *     hash (the texts are not: {@code openTextCacheBytes})
   * @param budgetStore where buckets live: in this process, or Redis shared by several gateways
   * @param redisUrl {@code redis://host:port} when {@code budgetStore} is {@code REDIS}
   * @param refreshMillis how often the registry is polled for publications of other gateways
   * @param responseCacheBytes roughly how many bytes of upstream answers to registered GET queries
   *     the gateway keeps, to answer them again without the upstream
   * @param expectedInstances how many gateways share the Redis budget store: while it cannot be
   *     reached, a policy with {@code budget.onStoreFailure: local} gets this share of its budget
   *     in each gateway
   * @param openTextCacheBytes roughly how many bytes of analysed open-mode texts are kept for
   *     requests by hash alone (automatic persisted queries); an evicted one is asked for again
   * @param openMaxTextBytes the longest text (UTF-8 bytes) an open-mode key may send; longer ones
   *     get 413
   * @param actualCost whether each answer's actual cost is measured (and calibration and usage
   *     counted); see README "Measured cost"
   * @param measurementFlushMillis how often the measurement counters are flushed to the store
   */
  public record Gateway(
      boolean batching,
      int maxBatchOperations,
      long openCacheBytes,
      BudgetStore budgetStore,
      @Nullable String redisUrl,
      int refreshMillis,
      long responseCacheBytes,
      int expectedInstances,
      long openTextCacheBytes,
      int openMaxTextBytes,
      boolean actualCost,
      int measurementFlushMillis) {

    /** 64 MiB. */
    public static final long DEFAULT_RESPONSE_CACHE_BYTES = 64L << 20;

    /** 32 MiB. */
    public static final long DEFAULT_OPEN_CACHE_BYTES = 32L << 20;

    /** 16 MiB. */
    public static final long DEFAULT_OPEN_TEXT_CACHE_BYTES = 16L << 20;

    /**
     * 128 KiB, an eighth of the default body limit: twice the book's 6,003-token flood (66 KB), so
     * that a text of the token limit's size is still refused by its tokens.
     */
    public static final int DEFAULT_OPEN_MAX_TEXT_BYTES = 128 << 10;

    public static final int DEFAULT_EXPECTED_INSTANCES = 1;

    /** Measure every answer's actual cost (and calibration and usage) by default. */
    public static final boolean DEFAULT_ACTUAL_COST = true;

    /** Flush the measurement counters to the store every 5 s. */
    public static final int DEFAULT_MEASUREMENT_FLUSH_MILLIS = 5_000;

    public static final Gateway DEFAULTS =
        new Gateway(
            false,
            10,
            DEFAULT_OPEN_CACHE_BYTES,
            BudgetStore.MEMORY,
            null,
            1_000,
            DEFAULT_RESPONSE_CACHE_BYTES,
            DEFAULT_EXPECTED_INSTANCES,
            DEFAULT_OPEN_TEXT_CACHE_BYTES,
            DEFAULT_OPEN_MAX_TEXT_BYTES);

    public Gateway {
      require(
          maxBatchOperations > 0,
          "gateway.maxBatchOperations must be positive: " + maxBatchOperations);
      require(openCacheBytes > 0, "gateway.openCacheBytes must be positive: " + openCacheBytes);
      require(
          budgetStore != BudgetStore.REDIS || redisUrl != null,
          "gateway.redisUrl is required when gateway.budgetStore is redis");
      require(refreshMillis > 0, "gateway.refreshMillis must be positive: " + refreshMillis);
      require(
          responseCacheBytes > 0,
          "gateway.responseCacheBytes must be positive: " + responseCacheBytes);
      require(
          expectedInstances > 0,
          "gateway.expectedInstances must be positive: " + expectedInstances);
      require(
          openTextCacheBytes > 0,
          "gateway.openTextCacheBytes must be positive: " + openTextCacheBytes);
      require(
          openMaxTextBytes > 0, "gateway.openMaxTextBytes must be positive: " + openMaxTextBytes);
      require(
          measurementFlushMillis > 0,
          "gateway.measurementFlushMillis must be positive: " + measurementFlushMillis);
    }

    /** With the open-text bounds, measuring actual cost, flushed every 5 s. */
    public Gateway(
        boolean batching,
        int maxBatchOperations,
        long openCacheBytes,
        BudgetStore budgetStore,
        @Nullable String redisUrl,
        int refreshMillis,
        long responseCacheBytes,
        int expectedInstances,
        long openTextCacheBytes,
        int openMaxTextBytes) {
      this(
          batching,
          maxBatchOperations,
          openCacheBytes,
          budgetStore,
          redisUrl,
          refreshMillis,
          responseCacheBytes,
          expectedInstances,
          openTextCacheBytes,
          openMaxTextBytes,
          DEFAULT_ACTUAL_COST,
          DEFAULT_MEASUREMENT_FLUSH_MILLIS);
    }

    /** With the default open-text bounds, measuring actual cost, flushed every 5 s. */
    public Gateway(
        boolean batching,
        int maxBatchOperations,
        long openCacheBytes,
        BudgetStore budgetStore,
        @Nullable String redisUrl,
        int refreshMillis,
        long responseCacheBytes,
        int expectedInstances) {
      this(
          batching,
          maxBatchOperations,
          openCacheBytes,
          budgetStore,
          redisUrl,
          refreshMillis,
          responseCacheBytes,
          expectedInstances,
          DEFAULT_OPEN_TEXT_CACHE_BYTES,
          DEFAULT_OPEN_MAX_TEXT_BYTES,
          DEFAULT_ACTUAL_COST,
          DEFAULT_MEASUREMENT_FLUSH_MILLIS);
    }

    /** With the default response and text caches, text cap and one expected instance. */
    public Gateway(
        boolean batching,
        int maxBatchOperations,
        long openCacheBytes,
        BudgetStore budgetStore,
        @Nullable String redisUrl,
        int refreshMillis) {
      this(
          batching,
          maxBatchOperations,
          openCacheBytes,
          budgetStore,
          redisUrl,
          refreshMillis,
          DEFAULT_RESPONSE_CACHE_BYTES,
          DEFAULT_EXPECTED_INSTANCES,
          DEFAULT_OPEN_TEXT_CACHE_BYTES,
          DEFAULT_OPEN_MAX_TEXT_BYTES);
    }

    /** What admission reads of these settings. */
    public AdmissionSettings admission() {
      return new AdmissionSettings(batching, maxBatchOperations, openMaxTextBytes);
    }

    @JsonCreator
    static Gateway fromJson(
        @JsonProperty("batching") @Nullable Boolean batching,
        @JsonProperty("maxBatchOperations") @Nullable Integer maxBatchOperations,
        @JsonProperty("openCacheBytes") @Nullable Long openCacheBytes,
        @JsonProperty("budgetStore") @Nullable BudgetStore budgetStore,
        @JsonProperty("redisUrl") @Nullable String redisUrl,
        @JsonProperty("refreshMillis") @Nullable Integer refreshMillis,
        @JsonProperty("responseCacheBytes") @Nullable Long responseCacheBytes,
        @JsonProperty("expectedInstances") @Nullable Integer expectedInstances,
        @JsonProperty("openTextCacheBytes") @Nullable Long openTextCacheBytes,
        @JsonProperty("openMaxTextBytes") @Nullable Integer openMaxTextBytes,
        @JsonProperty("actualCost") @Nullable Boolean actualCost,
        @JsonProperty("measurementFlushMillis") @Nullable Integer measurementFlushMillis) {
      return new Gateway(
          orElse(batching, DEFAULTS.batching),
          orElse(maxBatchOperations, DEFAULTS.maxBatchOperations),
          orElse(openCacheBytes, DEFAULTS.openCacheBytes),
          orElse(budgetStore, DEFAULTS.budgetStore),
          redisUrl,
          orElse(refreshMillis, DEFAULTS.refreshMillis),
          orElse(responseCacheBytes, DEFAULTS.responseCacheBytes),
          orElse(expectedInstances, DEFAULTS.expectedInstances),
          orElse(openTextCacheBytes, DEFAULTS.openTextCacheBytes),
          orElse(openMaxTextBytes, DEFAULTS.openMaxTextBytes),
          orElse(actualCost, DEFAULTS.actualCost),
          orElse(measurementFlushMillis, DEFAULTS.measurementFlushMillis));
    }
  }

  /** Where budget buckets are kept. */
  public enum BudgetStore {
    MEMORY,
    REDIS
  }

  /**
   * Registry-wide settings.
   *
   * @param snapshotVersions a glob ({@code *} any run of characters, {@code ?} one) naming the
   *     versions whose manifest a later publication may replace (recorded in the version's
   *     history); every other version is immutable (409 {@code VERSION_CONFLICT}). Empty: none.
   */
  public record Registry(String snapshotVersions) {
    public static final Registry DEFAULTS = new Registry("*-SNAPSHOT");

    /** Whether {@code version} matches {@link #snapshotVersions}. */
    public boolean isSnapshot(String version) {
      if (snapshotVersions.isEmpty()) {
        return false;
      }
      StringBuilder regex = new StringBuilder();
      for (char c : snapshotVersions.toCharArray()) {
        switch (c) {
          case '*' -> regex.append(".*");
          case '?' -> regex.append('.');
          default -> regex.append(java.util.regex.Pattern.quote(String.valueOf(c)));
        }
      }
      return version.matches(regex.toString());
    }

    @JsonCreator
    static Registry fromJson(@JsonProperty("snapshotVersions") @Nullable String snapshotVersions) {
      return new Registry(orElse(snapshotVersions, DEFAULTS.snapshotVersions));
    }
  }

  /** Demo behaviour of the embedded default. */
  public record Demo(boolean publishDemoManifest) {
    public static final Demo DEFAULTS = new Demo(false);

    @JsonCreator
    static Demo fromJson(
        @JsonProperty("publishDemoManifest") @Nullable Boolean publishDemoManifest) {
      return new Demo(orElse(publishDemoManifest, DEFAULTS.publishDemoManifest));
    }
  }

  static void require(boolean condition, String message) {
    if (!condition) {
      throw new ConfigException(message);
    }
  }

  static <T> T orElse(@Nullable T value, T fallback) {
    return value != null ? value : fallback;
  }
}
