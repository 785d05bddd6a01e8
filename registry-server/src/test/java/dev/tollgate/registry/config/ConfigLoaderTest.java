package dev.tollgate.registry.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.calibration.CalibrationSettings;
import dev.tollgate.registry.gateway.BudgetSettings;
import dev.tollgate.registry.gateway.CatalogSettings;
import dev.tollgate.registry.gateway.GatewaySettings;
import dev.tollgate.registry.http.AdminToken;
import dev.tollgate.registry.http.HttpSettings;
import dev.tollgate.registry.limit.Limit;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Mode;
import dev.tollgate.registry.policy.Limits;
import dev.tollgate.registry.pricing.CostPreset;
import dev.tollgate.registry.pricing.FragmentSpreads;
import dev.tollgate.registry.store.StoreSettings;
import dev.tollgate.registry.upstream.UpstreamSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

final class ConfigLoaderTest {

  private static final Path DATA = Path.of("/tmp/tollgate-test-data");
  private static final Path BASE = Path.of("/etc/tollgate");

  @Test
  void parse_emptyObject_takesDefaults() {
    ServerConfig config = ConfigLoader.parse("{}", -1, DATA, BASE);

    assertThat(config.http().port()).isEqualTo(8080);
    assertThat(config.store().jdbcUrl()).startsWith("jdbc:h2:file:" + DATA.toAbsolutePath());
    assertThat(config.schema().path()).isNull();
    assertThat(config.schema().model()).isEqualTo(CostPreset.BOOK);
    assertThat(config.upstream().url()).isNull();
    assertThat(config.anonymous().mode()).isEqualTo(Mode.TRUSTED);
    assertThat(config.anonymous().limits()).isEqualTo(Limits.BOOK);
    assertThat(config.keys()).isEmpty();
    assertThat(config.demo().publishDemoManifest()).isFalse();
  }

  @Test
  void parse_fullConfig_readsEveryConcern() {
    String json =
        """
        {
          "http": {"port": 9000, "maxBodyBytes": 2048},
          "store": {"jdbcUrl": "jdbc:postgresql://db/tollgate", "user": "tg", "password": "pw"},
          "schema": {"path": "schema.graphqls", "model": "apollo", "defaultListSize": 20, "fragmentSpreads": "each"},
          "upstream": {"url": "http://api:4000/graphql", "timeoutMillis": 2500},
          "adminTokens": [{"name": "ci", "token": "s3cret", "scope": "publish"}],
          "gateway": {"batching": true, "maxBatchOperations": 5, "budgetStore": "redis", "redisUrl": "redis://r:6379"},
          "keys": {
            "k1": {"name": "partner", "mode": "open", "apps": ["*"], "introspection": true,
                   "limits": {"cost": 5000}, "budget": {"capacity": 100, "refillPerSecond": 2.5}}
          },
          "anonymous": {"mode": "trusted", "apps": ["web"], "requireId": true}
        }
        """;

    ServerConfig config = ConfigLoader.parse(json, -1, DATA, BASE);

    assertThat(config.http())
        .isEqualTo(HttpSettings.DEFAULTS.withPort(9000).withMaxBodyBytes(2048));
    assertThat(config.store().user()).isEqualTo("tg");
    assertThat(config.schema().path()).isEqualTo(BASE.resolve("schema.graphqls"));
    assertThat(config.schema().model()).isEqualTo(CostPreset.APOLLO);
    assertThat(config.upstream().timeoutMillis()).isEqualTo(2500);
    assertThat(config.adminTokens())
        .singleElement()
        .satisfies(t -> assertThat(t.scope()).isEqualTo(AdminToken.Scope.PUBLISH));
    assertThat(config.budget().budgetStore()).isEqualTo(BudgetSettings.Store.REDIS);
    KeyPolicy partner = config.policyFor("k1").orElseThrow();
    assertThat(partner.name()).isEqualTo("partner");
    assertThat(partner.mode()).isEqualTo(Mode.OPEN);
    assertThat(partner.mayRun("anything")).isTrue();
    // limits not given keep the book's defaults; cost is overridden
    assertThat(partner.limits()).isEqualTo(Limits.BOOK.with(Limit.COST, 5000));
    assertThat(partner.budget()).isEqualTo(new KeyPolicy.Budget(100, 2.5));
    assertThat(config.policyFor(null).orElseThrow().requireId()).isTrue();
    assertThat(config.policyFor("unknown")).isEmpty();
  }

  @Test
  void parse_enforcement_readOrDefaultedToEnforce() {
    String json =
        "{\"keys\": {\"k1\": {\"enforcement\": \"measure\"}, \"k2\": {\"name\": \"other\"}}}";

    ServerConfig config = ConfigLoader.parse(json, -1, DATA, BASE);

    assertThat(config.policyFor("k1").orElseThrow().enforcement())
        .isEqualTo(KeyPolicy.Enforcement.MEASURE);
    assertThat(config.policyFor("k2").orElseThrow().enforcement())
        .isEqualTo(KeyPolicy.Enforcement.ENFORCE);
    assertThat(config.anonymous().enforcement()).isEqualTo(KeyPolicy.Enforcement.ENFORCE);
  }

  @Test
  void parse_unknownEnforcement_refusedNamingTheKey() {
    String json = "{\"anonymous\": {\"enforcement\": \"observe\"}}";

    assertThatThrownBy(() -> ConfigLoader.parse(json, -1, DATA, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessage("anonymous.enforcement must be one of [enforce, measure]: observe");
  }

  @Test
  void parse_portOverride_winsOverFile() {
    ServerConfig config = ConfigLoader.parse("{\"http\": {\"port\": 9000}}", 7000, DATA, BASE);

    assertThat(config.http().port()).isEqualTo(7000);
  }

  @Test
  void parse_httpHost_readAndKeptUnderAPortOverride() {
    ServerConfig config =
        ConfigLoader.parse("{\"http\": {\"host\": \"127.0.0.1\"}}", 7000, DATA, BASE);

    assertThat(config.http().host()).isEqualTo("127.0.0.1");
    assertThat(config.http().port()).isEqualTo(7000);
  }

  @Test
  void parse_httpHostNotAString_refusedNamingTheKey() {
    assertThatThrownBy(() -> ConfigLoader.parse("{\"http\": {\"host\": 127}}", -1, DATA, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("http.host");
  }

  @Test
  void parse_storeDataDir_relativeToTheConfigFolder() {
    ServerConfig config =
        ConfigLoader.parse("{\"store\": {\"dataDir\": \"data\"}}", -1, null, BASE);

    assertThat(config.store().jdbcUrl())
        .startsWith("jdbc:h2:file:" + BASE.resolve("data").resolve("registry") + ";");
  }

  @Test
  void parse_noDataDir_theStoreIsBesideTheConfigFile() {
    ServerConfig config = ConfigLoader.parse("{}", -1, null, BASE);

    assertThat(config.store().jdbcUrl())
        .startsWith("jdbc:h2:file:" + BASE.resolve("tollgate-data").resolve("registry") + ";");
  }

  @Test
  void parse_dataDirFlag_winsOverStoreDataDir() {
    ServerConfig config =
        ConfigLoader.parse("{\"store\": {\"dataDir\": \"data\"}}", -1, DATA, BASE);

    assertThat(config.store().jdbcUrl())
        .startsWith("jdbc:h2:file:" + DATA.resolve("registry") + ";");
  }

  @Test
  void parse_dataDirWithJdbcUrl_refused() {
    String json = "{\"store\": {\"jdbcUrl\": \"jdbc:postgresql://db/t\", \"dataDir\": \"data\"}}";

    assertThatThrownBy(() -> ConfigLoader.parse(json, -1, null, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessage("store.dataDir is only for the embedded H2 store (no jdbcUrl)");
  }

  @Test
  void parse_registrySnapshotVersions_defaultAndGlob() {
    ServerConfig defaults = ConfigLoader.parse("{}", -1, DATA, BASE);
    ServerConfig dev =
        ConfigLoader.parse("{\"registry\": {\"snapshotVersions\": \"dev-*\"}}", -1, DATA, BASE);
    ServerConfig none =
        ConfigLoader.parse("{\"registry\": {\"snapshotVersions\": \"\"}}", -1, DATA, BASE);

    assertThat(defaults.registry().isSnapshot("1.2.0-SNAPSHOT")).isTrue();
    assertThat(defaults.registry().isSnapshot("1.2.0")).isFalse();
    assertThat(dev.registry().isSnapshot("dev-42")).isTrue();
    assertThat(dev.registry().isSnapshot("1.2.0-SNAPSHOT")).isFalse();
    assertThat(none.registry().isSnapshot("1.2.0-SNAPSHOT")).isFalse();
  }

  @Test
  void parse_unknownKey_namesIt() {
    assertThatThrownBy(
            () -> ConfigLoader.parse("{\"gateway\": {\"batchin\": true}}", -1, DATA, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessage("unknown config key: gateway.batchin");
  }

  @Test
  void parse_unknownKeyInPolicyLimits_namesIt() {
    String json = "{\"keys\": {\"k\": {\"limits\": {\"dept\": 3}}}}";

    assertThatThrownBy(() -> ConfigLoader.parse(json, -1, DATA, BASE))
        .hasMessage("unknown config key: keys.k.limits.dept");
  }

  @Test
  void parse_unknownKeyInAdminToken_namesItWithTheIndex() {
    String json =
        "{\"adminTokens\": [{\"token\": \"a\"}, {\"token\": \"b\", \"scop\": \"admin\"}]}";

    assertThatThrownBy(() -> ConfigLoader.parse(json, -1, DATA, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessage("unknown config key: adminTokens[1].scop");
  }

  @Test
  void parse_unknownTopLevelKey_namesIt() {
    assertThatThrownBy(() -> ConfigLoader.parse("{\"gateways\": {}}", -1, DATA, BASE))
        .hasMessage("unknown config key: gateways");
  }

  @Test
  void parse_nameInAnonymous_refusedAsUnknown() {
    assertThatThrownBy(
            () -> ConfigLoader.parse("{\"anonymous\": {\"name\": \"guest\"}}", -1, DATA, BASE))
        .hasMessage("unknown config key: anonymous.name");
  }

  @Test
  void parse_policiesSection_policiesWithoutAKey_namedByTheirMember() {
    String json =
        "{\"keys\": {\"k\": {\"name\": \"web\"}},"
            + " \"policies\": {\"gold\": {\"mode\": \"open\", \"limits\": {\"cost\": 7}}}}";

    ServerConfig config = ConfigLoader.parse(json, -1, DATA, BASE);

    assertThat(config.keylessPolicies()).containsOnlyKeys("gold");
    assertThat(config.keylessPolicies().get("gold").name()).isEqualTo("gold");
    assertThat(config.keys()).containsOnlyKeys("k"); // no key for gold
    assertThat(config.policies())
        .extracting(policy -> policy.name())
        .containsExactly("web", "gold", "anonymous");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "{\"policies\": {\"gold\": {\"name\": \"silver\"}}}"
            + "|policies.gold.name must be left out: the policy is called gold",
        "{\"keys\": {\"k\": {\"name\": \"web\"}}, \"policies\": {\"web\": {}}}"
            + "|policies.web must have a name of its own: web is taken",
        "{\"policies\": {\"anonymous\": {}}}"
            + "|policies.anonymous must have a name of its own: anonymous is taken",
        "{\"policies\": {\"gold\": {\"limits\": {\"depth\": 0}}}}"
            + "|policies.gold.limits.depth must be positive: 0",
      })
  void parse_badPolicy_refusedNamingIt(String json, String message) {
    assertThatThrownBy(() -> ConfigLoader.parse(json, -1, DATA, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessage(message);
  }

  @Test
  void parse_duplicateKey_refusedNamingIt() {
    String json = "{\"gateway\": {\"batching\": true, \"batching\": false}}";

    assertThatThrownBy(() -> ConfigLoader.parse(json, -1, DATA, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessage("duplicate config key: gateway.batching");
  }

  @Test
  void parse_duplicateNestedKey_refusedNamingItsPath() {
    String json = "{\"keys\": {\"k\": {\"limits\": {\"cost\": 1, \"cost\": 2}}}}";

    assertThatThrownBy(() -> ConfigLoader.parse(json, -1, DATA, BASE))
        .hasMessage("duplicate config key: keys.k.limits.cost");
  }

  @Test
  void parse_duplicateSection_refusedNamingIt() {
    assertThatThrownBy(() -> ConfigLoader.parse("{\"http\": {}, \"http\": {}}", -1, DATA, BASE))
        .hasMessage("duplicate config key: http");
  }

  @Test
  void parse_negativeLimit_namesTheKeyPath() {
    String json = "{\"keys\": {\"k\": {\"limits\": {\"depth\": -1}}}}";

    assertThatThrownBy(() -> ConfigLoader.parse(json, -1, DATA, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessage("keys.k.limits.depth must be positive: -1");
  }

  @Test
  void parse_everyLimitOfTheTable_boundByItsKey() {
    StringBuilder limits = new StringBuilder();
    for (Limit limit : Limit.all()) {
      limits.append(limits.isEmpty() ? "" : ", ").append('"').append(limit.key()).append("\": ");
      limits.append(3 + limit.ordinal());
    }
    String json = "{\"keys\": {\"k\": {\"limits\": {" + limits + "}}}}";

    Limits bound = ConfigLoader.parse(json, -1, DATA, BASE).keys().get("k").limits();

    for (Limit limit : Limit.all()) {
      assertThat(bound.get(limit)).as(limit.key()).isEqualTo(3 + limit.ordinal());
    }
  }

  @Test
  void parse_limitOfTheWrongType_namesTheKeyAndType() {
    String json = "{\"keys\": {\"k\": {\"limits\": {\"depth\": \"10\"}}}}";

    assertThatThrownBy(() -> ConfigLoader.parse(json, -1, DATA, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessage("keys.k.limits.depth must be an integer: \"10\"");
  }

  @Test
  void parse_negativeBudget_namesTheKeyPath() {
    assertThatThrownBy(
            () ->
                ConfigLoader.parse(
                    "{\"anonymous\": {\"budget\": {\"capacity\": 0}}}", -1, DATA, BASE))
        .hasMessage("anonymous.budget.capacity must be positive: 0");
  }

  @Test
  void parse_negativeCacheMaxAge_namesTheKeyPath() {
    assertThatThrownBy(
            () ->
                ConfigLoader.parse(
                    "{\"keys\": {\"k\": {\"cacheMaxAgeSeconds\": -5}}}", -1, DATA, BASE))
        .hasMessage("keys.k.cacheMaxAgeSeconds must not be negative: -5");
  }

  @Test
  void parse_unknownPolicyMode_namesTheKeyAndValue() {
    assertThatThrownBy(
            () -> ConfigLoader.parse("{\"keys\": {\"k\": {\"mode\": \"closed\"}}}", -1, DATA, BASE))
        .hasMessage("keys.k.mode must be one of [trusted, open]: closed");
  }

  @Test
  void parse_adminTokenWithoutToken_refused() {
    assertThatThrownBy(
            () -> ConfigLoader.parse("{\"adminTokens\": [{\"name\": \"ci\"}]}", -1, DATA, BASE))
        .hasMessage("adminTokens[0].token is required");
  }

  @Test
  void parse_unnamedEntries_namedByPlace() {
    String json = "{\"adminTokens\": [{\"token\": \"a\"}], \"keys\": {\"k\": {}}}";

    ServerConfig config = ConfigLoader.parse(json, -1, DATA, BASE);

    assertThat(config.adminTokens()).extracting(AdminToken::name).containsExactly("token0");
    assertThat(config.policyFor("k").orElseThrow().name()).isEqualTo("key0");
    assertThat(config.anonymous().name()).isEqualTo("anonymous");
  }

  @Test
  void parse_valuesOfAnotherJsonType_refusedNamingKeyAndValue() {
    assertThatThrownBy(() -> ConfigLoader.parse("{\"gateway\": {\"batching\": 1}}", -1, DATA, BASE))
        .hasMessage("gateway.batching must be true or false: 1");
    assertThatThrownBy(() -> ConfigLoader.parse("{\"upstream\": {\"url\": 80}}", -1, DATA, BASE))
        .hasMessage("upstream.url must be a string: 80");
    assertThatThrownBy(
            () -> ConfigLoader.parse("{\"gateway\": {\"refreshMillis\": 1.5}}", -1, DATA, BASE))
        .hasMessage("gateway.refreshMillis must be an integer: 1.5");
    assertThatThrownBy(
            () -> ConfigLoader.parse("{\"anonymous\": {\"apps\": \"web\"}}", -1, DATA, BASE))
        .hasMessage("anonymous.apps must be an array");
    assertThatThrownBy(() -> ConfigLoader.parse("{\"http\": 80}", -1, DATA, BASE))
        .hasMessage("http must be an object");
  }

  @Test
  void parse_nullValue_takesTheDefault() {
    ServerConfig config =
        ConfigLoader.parse(
            "{\"gateway\": {\"redisUrl\": null, \"refreshMillis\": null}}", -1, DATA, BASE);

    assertThat(List.of(config.gateway(), config.budget(), config.catalog(), config.calibration()))
        .isEqualTo(
            List.of(
                GatewaySettings.DEFAULTS,
                BudgetSettings.DEFAULTS,
                CatalogSettings.DEFAULTS,
                CalibrationSettings.DEFAULTS));
  }

  @Test
  void parse_documentCacheBytes_readDefaultedOrRefusedWhenNotPositive() {
    ServerConfig given =
        ConfigLoader.parse("{\"gateway\": {\"documentCacheBytes\": 1048576}}", -1, DATA, BASE);
    ServerConfig defaulted = ConfigLoader.parse("{}", -1, DATA, BASE);

    assertThat(given.catalog().documentCacheBytes()).isEqualTo(1_048_576);
    assertThat(defaulted.catalog().documentCacheBytes()).isEqualTo(128L << 20);
    assertThatThrownBy(
            () -> ConfigLoader.parse("{\"gateway\": {\"documentCacheBytes\": 0}}", -1, DATA, BASE))
        .hasMessage("gateway.documentCacheBytes must be positive: 0");
  }

  @Test
  void parse_poolSize_readOrDefaulted() {
    ServerConfig given = ConfigLoader.parse("{\"store\": {\"poolSize\": 3}}", -1, DATA, BASE);
    ServerConfig defaulted = ConfigLoader.parse("{}", -1, DATA, BASE);

    assertThat(given.store().poolSize()).isEqualTo(3);
    assertThat(given.store().jdbcUrl()).startsWith("jdbc:h2:file:");
    assertThat(defaulted.store().poolSize())
        .isEqualTo(StoreSettings.DEFAULT_POOL_SIZE)
        .isEqualTo(8);
  }

  @Test
  void parse_poolSizeZero_refused() {
    assertThatThrownBy(() -> ConfigLoader.parse("{\"store\": {\"poolSize\": 0}}", -1, DATA, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessage("store.poolSize must be positive: 0");
  }

  @Test
  void parse_textAfterTheObject_refused() {
    assertThatThrownBy(() -> ConfigLoader.parse("{} {}", -1, DATA, BASE))
        .hasMessageStartingWith("config is not valid JSON at line 1, column ");
  }

  @Test
  void parse_intOutOfRange_namesTheKey() {
    assertThatThrownBy(
            () -> ConfigLoader.parse("{\"http\": {\"port\": 99999999999}}", -1, DATA, BASE))
        .hasMessageStartingWith("http.port is invalid: ");
  }

  @Test
  void parse_notAnObject_saysSo() {
    assertThatThrownBy(() -> ConfigLoader.parse("[]", -1, DATA, BASE))
        .hasMessage("config must be an object");
  }

  @Test
  void parse_badEnum_listsChoices() {
    assertThatThrownBy(
            () -> ConfigLoader.parse("{\"schema\": {\"model\": \"ibm\"}}", -1, DATA, BASE))
        .hasMessage("schema.model must be one of [book, apollo]: ibm");
  }

  @Test
  void parse_wrongType_namesKey() {
    assertThatThrownBy(() -> ConfigLoader.parse("{\"http\": {\"port\": \"80\"}}", -1, DATA, BASE))
        .hasMessage("http.port must be an integer: \"80\"");
  }

  /* ---- upstream ---- */

  @Test
  void parse_upstreamLeftOut_defaultBoundsAndHeaderRules() {
    UpstreamSettings upstream = ConfigLoader.parse("{}", -1, DATA, BASE).upstream();

    assertThat(upstream.timeoutMillis()).isEqualTo(5_000);
    assertThat(upstream.maxResponseBytes()).isEqualTo(16L * 1024 * 1024);
    assertThat(upstream.maxInFlight()).isEqualTo(64);
    assertThat(upstream.forwardHeaders())
        .containsExactly(
            "authorization",
            "cookie",
            "traceparent",
            "tracestate",
            "baggage",
            "x-request-id",
            "accept-language");
    assertThat(upstream.headers()).isEmpty();
    assertThat(upstream.identifyClient()).isTrue();
    assertThat(upstream.returnHeaders()).isEmpty();
  }

  @Test
  void parse_upstreamKeys_read() {
    String json =
        """
        {"upstream": {"url": "http://api:4000/graphql", "maxResponseBytes": 1024, "maxInFlight": 3,
                      "forwardHeaders": ["Authorization", "X-Tenant", "authorization"],
                      "headers": {"X-Internal-Secret": "s3cret"}, "identifyClient": false,
                      "returnHeaders": ["X-Upstream-Trace"]}}
        """;

    UpstreamSettings upstream = ConfigLoader.parse(json, -1, DATA, BASE).upstream();

    assertThat(upstream.maxResponseBytes()).isEqualTo(1024);
    assertThat(upstream.maxInFlight()).isEqualTo(3);
    // lower case, each once
    assertThat(upstream.forwardHeaders()).containsExactly("authorization", "x-tenant");
    assertThat(upstream.headers()).containsExactly(Map.entry("X-Internal-Secret", "s3cret"));
    assertThat(upstream.identifyClient()).isFalse();
    assertThat(upstream.returnHeaders()).containsExactly("x-upstream-trace");
  }

  @Test
  void parse_forwardHeadersNamingANeverForwardedHeader_refusedNamingTheKey() {
    for (String name :
        List.of(
            "X-API-Key",
            "connection",
            "Keep-Alive",
            "te",
            "trailer",
            "Transfer-Encoding",
            "upgrade",
            "Proxy-Authorization",
            "host",
            "Content-Length",
            "content-encoding")) {
      assertThatThrownBy(
              () ->
                  ConfigLoader.parse(
                      "{\"upstream\": {\"forwardHeaders\": [\"" + name + "\"]}}", -1, DATA, BASE))
          .as(name)
          .hasMessageStartingWith("upstream.forwardHeaders must not name " + name + ": ");
    }
  }

  @Test
  void parse_staticOrReturnedHopByHopHeader_refusedNamingTheKey() {
    assertThatThrownBy(
            () ->
                ConfigLoader.parse(
                    "{\"upstream\": {\"headers\": {\"Host\": \"x\"}}}", -1, DATA, BASE))
        .hasMessageStartingWith("upstream.headers must not name Host: ");
    assertThatThrownBy(
            () ->
                ConfigLoader.parse(
                    "{\"upstream\": {\"returnHeaders\": [\"transfer-encoding\"]}}", -1, DATA, BASE))
        .hasMessageStartingWith("upstream.returnHeaders must not name transfer-encoding: ");
  }

  @Test
  void parse_staticApiKeyHeader_allowed() {
    UpstreamSettings upstream =
        ConfigLoader.parse(
                "{\"upstream\": {\"headers\": {\"X-API-Key\": \"the upstream's own\"}}}",
                -1,
                DATA,
                BASE)
            .upstream();

    assertThat(upstream.headers()).containsEntry("X-API-Key", "the upstream's own");
  }

  @Test
  void parse_badUpstreamValues_refusedNamingTheKey() {
    assertThatThrownBy(
            () -> ConfigLoader.parse("{\"upstream\": {\"maxResponseBytes\": 0}}", -1, DATA, BASE))
        .hasMessage("upstream.maxResponseBytes must be positive: 0");
    assertThatThrownBy(
            () -> ConfigLoader.parse("{\"upstream\": {\"maxInFlight\": -1}}", -1, DATA, BASE))
        .hasMessage("upstream.maxInFlight must be positive: -1");
    assertThatThrownBy(
            () ->
                ConfigLoader.parse(
                    "{\"upstream\": {\"forwardHeaders\": [\"a b\"]}}", -1, DATA, BASE))
        .hasMessage("upstream.forwardHeaders has a name that is not an HTTP header name: a b");
    assertThatThrownBy(
            () ->
                ConfigLoader.parse(
                    "{\"upstream\": {\"headers\": {\"X-A\": \"line\\nbreak\"}}}", -1, DATA, BASE))
        .hasMessage("upstream.headers.X-A must be a header value without control characters");
  }

  @Test
  void parse_redisWithoutUrl_refused() {
    assertThatThrownBy(
            () -> ConfigLoader.parse("{\"gateway\": {\"budgetStore\": \"redis\"}}", -1, DATA, BASE))
        .hasMessage("gateway.redisUrl is required when gateway.budgetStore is redis");
  }

  /* ---- fragment spreads follow the model ---- */

  @Test
  void parse_apolloWithoutFragmentSpreads_each() {
    ServerConfig config =
        ConfigLoader.parse("{\"schema\": {\"model\": \"apollo\"}}", -1, DATA, BASE);

    assertThat(config.schema().fragmentSpreads()).isEqualTo(FragmentSpreads.EACH);
  }

  @Test
  void parse_bookWithoutFragmentSpreads_first() {
    ServerConfig config = ConfigLoader.parse("{\"schema\": {\"model\": \"book\"}}", -1, DATA, BASE);

    assertThat(config.schema().fragmentSpreads()).isEqualTo(FragmentSpreads.FIRST);
    assertThat(ConfigLoader.parse("{}", -1, DATA, BASE).schema().fragmentSpreads())
        .isEqualTo(FragmentSpreads.FIRST);
  }

  @Test
  void parse_apolloWithFragmentSpreadsFirst_keepsTheOption() {
    ServerConfig config =
        ConfigLoader.parse(
            "{\"schema\": {\"model\": \"apollo\", \"fragmentSpreads\": \"first\"}}",
            -1,
            DATA,
            BASE);

    assertThat(config.schema().fragmentSpreads()).isEqualTo(FragmentSpreads.FIRST);
  }

  /* ---- reliability bounds (issue 10) ---- */

  @Test
  void parse_reliabilityBounds_readOrDefaulted() {
    ServerConfig config =
        ConfigLoader.parse(
            """
            {"http": {"bodyReadTimeoutMillis": 2000, "minRequestDataRate": 512},
             "gateway": {"openCacheBytes": 1000, "openTextCacheBytes": 2000, "openMaxTextBytes": 3000},
             "keys": {"k": {"limits": {"fragments": 7}}}}
            """,
            -1,
            DATA,
            BASE);
    ServerConfig defaults = ConfigLoader.parse("{}", -1, DATA, BASE);

    assertThat(config.http().bodyReadTimeoutMillis()).isEqualTo(2_000);
    assertThat(config.http().minRequestDataRate()).isEqualTo(512);
    assertThat(config.gateway().openCacheBytes()).isEqualTo(1_000);
    assertThat(config.gateway().openTextCacheBytes()).isEqualTo(2_000);
    assertThat(config.gateway().openMaxTextBytes()).isEqualTo(3_000);
    assertThat(config.keys().get("k").limits().get(Limit.FRAGMENTS)).isEqualTo(7);
    assertThat(defaults.http().bodyReadTimeoutMillis()).isEqualTo(5_000);
    assertThat(defaults.http().minRequestDataRate()).isEqualTo(1_024);
    assertThat(defaults.gateway().openCacheBytes()).isEqualTo(32L << 20);
    assertThat(defaults.gateway().openTextCacheBytes()).isEqualTo(16L << 20);
    assertThat(defaults.gateway().openMaxTextBytes()).isEqualTo(128 << 10);
    assertThat(defaults.anonymous().limits().get(Limit.FRAGMENTS)).isEqualTo(100);
  }

  @Test
  void parse_reliabilityBoundsOutOfRange_nameTheKey() {
    assertThatThrownBy(
            () -> ConfigLoader.parse("{\"http\": {\"bodyReadTimeoutMillis\": 0}}", -1, DATA, BASE))
        .hasMessage("http.bodyReadTimeoutMillis must be positive: 0");
    assertThatThrownBy(
            () -> ConfigLoader.parse("{\"http\": {\"minRequestDataRate\": -1}}", -1, DATA, BASE))
        .hasMessage("http.minRequestDataRate must not be negative: -1");
    assertThatThrownBy(
            () -> ConfigLoader.parse("{\"gateway\": {\"openMaxTextBytes\": 0}}", -1, DATA, BASE))
        .hasMessage("gateway.openMaxTextBytes must be positive: 0");
    assertThatThrownBy(
            () ->
                ConfigLoader.parse(
                    "{\"keys\": {\"k\": {\"limits\": {\"fragments\": -1}}}}", -1, DATA, BASE))
        .hasMessage("keys.k.limits.fragments must not be negative: -1");
    assertThatThrownBy(
            () -> ConfigLoader.parse("{\"gateway\": {\"openCacheSize\": 10}}", -1, DATA, BASE))
        .hasMessage("unknown config key: gateway.openCacheSize");
  }

  /* ---- Redis outage policy ---- */

  @Test
  void parse_onStoreFailureAndExpectedInstances_read() {
    ServerConfig config =
        ConfigLoader.parse(
            """
            {"gateway": {"budgetStore": "redis", "redisUrl": "redis://r:6379", "expectedInstances": 3},
             "keys": {"k": {"budget": {"capacity": 90, "onStoreFailure": "deny"}}},
             "anonymous": {"budget": {"onStoreFailure": "local"}}}
            """,
            -1,
            DATA,
            BASE);

    assertThat(config.budget().expectedInstances()).isEqualTo(3);
    assertThat(config.keys().get("k").budget())
        .isEqualTo(new KeyPolicy.Budget(90, 100, KeyPolicy.OnStoreFailure.DENY));
    assertThat(config.anonymous().budget().onStoreFailure())
        .isEqualTo(KeyPolicy.OnStoreFailure.LOCAL);
  }

  @Test
  void parse_redisCluster_readWithItsNodes() {
    ServerConfig config =
        ConfigLoader.parse(
            """
            {"gateway": {"budgetStore": "redis", "redisCluster": true,
                         "redisUrl": "redis://r1:7000,redis://r2:7000"}}
            """,
            -1,
            DATA,
            BASE);

    assertThat(config.budget().redisCluster()).isTrue();
    assertThat(config.budget().redisUrl()).isEqualTo("redis://r1:7000,redis://r2:7000");
  }

  @Test
  void parse_redisClusterLeftOut_false() {
    ServerConfig config =
        ConfigLoader.parse(
            "{\"gateway\": {\"budgetStore\": \"redis\", \"redisUrl\": \"redis://r:6379\"}}",
            -1,
            DATA,
            BASE);

    assertThat(config.budget().redisCluster()).isFalse();
  }

  @Test
  void parse_onStoreFailureAndExpectedInstancesLeftOut_localAndOne() {
    ServerConfig config =
        ConfigLoader.parse("{\"keys\": {\"k\": {\"budget\": {}}}}", -1, DATA, BASE);

    assertThat(config.budget().expectedInstances()).isEqualTo(1);
    assertThat(config.keys().get("k").budget().onStoreFailure())
        .isEqualTo(KeyPolicy.OnStoreFailure.LOCAL);
    assertThat(config.anonymous().budget().onStoreFailure())
        .isEqualTo(KeyPolicy.OnStoreFailure.LOCAL);
  }

  @Test
  void parse_unknownOnStoreFailure_namesTheKeyPathAndValue() {
    assertThatThrownBy(
            () ->
                ConfigLoader.parse(
                    "{\"keys\": {\"k\": {\"budget\": {\"onStoreFailure\": \"allow\"}}}}",
                    -1,
                    DATA,
                    BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessage("keys.k.budget.onStoreFailure must be one of [local, deny]: allow");
  }

  @Test
  void parse_expectedInstancesZero_namesTheKey() {
    assertThatThrownBy(
            () -> ConfigLoader.parse("{\"gateway\": {\"expectedInstances\": 0}}", -1, DATA, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessage("gateway.expectedInstances must be positive: 0");
  }

  /* ---- measured cost ---- */

  @Test
  void parse_refundAndMeasurement_readOrDefaulted() {
    ServerConfig given =
        ConfigLoader.parse(
            """
            {"gateway": {"actualCost": false, "measurementFlushMillis": 250},
             "keys": {"k": {"budget": {"capacity": 90, "refund": true}}}}
            """,
            -1,
            DATA,
            BASE);
    ServerConfig defaulted = ConfigLoader.parse("{\"keys\": {\"k\": {}}}", -1, DATA, BASE);

    assertThat(given.calibration().actualCost()).isFalse();
    assertThat(given.calibration().measurementFlushMillis()).isEqualTo(250);
    assertThat(given.keys().get("k").budget())
        .isEqualTo(new KeyPolicy.Budget(90, 100, KeyPolicy.OnStoreFailure.LOCAL, true));
    assertThat(defaulted.calibration().actualCost()).isTrue();
    assertThat(defaulted.calibration().measurementFlushMillis()).isEqualTo(5_000);
    assertThat(defaulted.keys().get("k").budget().refund()).isFalse();
  }

  @Test
  void parse_measurementFlushMillisZero_namesTheKey() {
    assertThatThrownBy(
            () ->
                ConfigLoader.parse(
                    "{\"gateway\": {\"measurementFlushMillis\": 0}}", -1, DATA, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessage("gateway.measurementFlushMillis must be positive: 0");
  }

  @Test
  void parse_refundNotABoolean_namesTheKeyPath() {
    assertThatThrownBy(
            () ->
                ConfigLoader.parse(
                    "{\"keys\": {\"k\": {\"budget\": {\"refund\": \"yes\"}}}}", -1, DATA, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("keys.k.budget.refund");
  }

  @Test
  void parse_responseCacheBytes_readOrDefaulted() {
    ServerConfig given =
        ConfigLoader.parse("{\"gateway\": {\"responseCacheBytes\": 1048576}}", -1, DATA, BASE);
    ServerConfig defaulted = ConfigLoader.parse("{}", -1, DATA, BASE);

    assertThat(given.gateway().responseCacheBytes()).isEqualTo(1_048_576);
    assertThat(defaulted.gateway().responseCacheBytes()).isEqualTo(64L * 1024 * 1024);
  }

  @Test
  void parse_responseCacheBytesZero_refused() {
    assertThatThrownBy(
            () -> ConfigLoader.parse("{\"gateway\": {\"responseCacheBytes\": 0}}", -1, DATA, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessage("gateway.responseCacheBytes must be positive: 0");
  }

  @Test
  void parse_policyNamedAsItsKey_refused() {
    // a policy's name is public (GET /v1/price-list); its key is a credential
    String json = "{\"keys\": {\"s3cret-key\": {\"name\": \"s3cret-key\"}}}";

    assertThatThrownBy(() -> ConfigLoader.parse(json, -1, DATA, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "keys.s3cret-key.name must not be the key itself: policy names are public"
                + " (GET /v1/price-list)");
  }

  @Test
  void parse_upstreamVaryHeaders_lowerCasedDefaultEmpty() {
    ServerConfig config =
        ConfigLoader.parse(
            "{\"upstream\": {\"varyHeaders\": [\"X-Tenant\", \"Accept-Language\"]}}",
            -1,
            DATA,
            BASE);

    assertThat(config.upstream().varyHeaders()).containsExactly("x-tenant", "accept-language");
    assertThat(ConfigLoader.parse("{}", -1, DATA, BASE).upstream().varyHeaders()).isEmpty();
  }

  @Test
  void parse_upstreamVaryHeaderNotAName_refusedWithItsPath() {
    String json = "{\"upstream\": {\"varyHeaders\": [\"x-tenant\", \"bad header\"]}}";

    assertThatThrownBy(() -> ConfigLoader.parse(json, -1, DATA, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessage("upstream.varyHeaders[1] must be a header name: bad header");
  }

  @Test
  void parse_upstreamVaryHeadersNotAList_refused() {
    String json = "{\"upstream\": {\"varyHeaders\": \"x-tenant\"}}";

    assertThatThrownBy(() -> ConfigLoader.parse(json, -1, DATA, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("upstream.varyHeaders");
  }

  @Test
  void parse_unkeyedHeadersLeftOut_theForwardedTracingHeaders() {
    UpstreamSettings defaults = ConfigLoader.parse("{}", -1, DATA, BASE).upstream();
    // forwarding fewer headers still loads: the default is what of it is forwarded
    UpstreamSettings fewer =
        ConfigLoader.parse(
                "{\"upstream\": {\"forwardHeaders\": [\"Authorization\", \"X-Request-Id\"]}}",
                -1,
                DATA,
                BASE)
            .upstream();

    assertThat(defaults.unkeyedHeaders())
        .containsExactly("traceparent", "tracestate", "baggage", "x-request-id");
    assertThat(defaults.cacheKeyHeaders())
        .containsExactly("authorization", "cookie", "accept-language");
    assertThat(fewer.unkeyedHeaders()).containsExactly("x-request-id");
    assertThat(fewer.cacheKeyHeaders()).containsExactly("authorization", "cookie");
  }

  @Test
  void parse_unkeyedHeaders_lowerCasedAndLeftOutOfTheKey() {
    String json =
        """
        {"upstream": {"forwardHeaders": ["authorization", "x-user", "Accept-Language"],
                      "unkeyedHeaders": ["ACCEPT-LANGUAGE", "accept-language"]}}
        """;

    UpstreamSettings upstream = ConfigLoader.parse(json, -1, DATA, BASE).upstream();

    assertThat(upstream.unkeyedHeaders()).containsExactly("accept-language");
    assertThat(upstream.cacheKeyHeaders()).containsExactly("authorization", "cookie", "x-user");
    assertThat(upstream.describeCacheKey())
        .isEqualTo(
            "authorization, cookie, x-user; not on accept-language (upstream.unkeyedHeaders)");
  }

  @Test
  void parse_unkeyedHeadersEmpty_everyForwardedHeaderKeys() {
    UpstreamSettings upstream =
        ConfigLoader.parse("{\"upstream\": {\"unkeyedHeaders\": []}}", -1, DATA, BASE).upstream();

    assertThat(upstream.cacheKeyHeaders())
        .containsExactly(
            "authorization",
            "cookie",
            "traceparent",
            "tracestate",
            "baggage",
            "x-request-id",
            "accept-language");
    assertThat(upstream.describeCacheKey()).endsWith("; every forwarded header");
  }

  @Test
  void parse_unkeyedHeaderNotForwarded_refusedNamingItsPath() {
    String json = "{\"upstream\": {\"unkeyedHeaders\": [\"traceparent\", \"x-foo\"]}}";

    assertThatThrownBy(() -> ConfigLoader.parse(json, -1, DATA, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "upstream.unkeyedHeaders[1] names x-foo, which is not in upstream.forwardHeaders");
  }

  @Test
  void parse_unkeyedCredential_refused() {
    for (String name : List.of("Authorization", "cookie")) {
      String json = "{\"upstream\": {\"unkeyedHeaders\": [\"" + name + "\"]}}";

      assertThatThrownBy(() -> ConfigLoader.parse(json, -1, DATA, BASE))
          .isInstanceOf(ConfigException.class)
          .hasMessage(
              "upstream.unkeyedHeaders[0] names "
                  + name
                  + ": the response cache always keys on the credentials authorization and"
                  + " cookie");
    }
  }

  @Test
  void parse_unkeyedHeaderNotAName_refused() {
    String json = "{\"upstream\": {\"unkeyedHeaders\": [\"bad header\"]}}";

    assertThatThrownBy(() -> ConfigLoader.parse(json, -1, DATA, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessage("upstream.unkeyedHeaders[0] must be a header name: bad header");
  }

  @Test
  void parse_unkeyedHeaderAlsoAVaryHeader_refused_andLeftOutOfTheDefault() {
    String json =
        """
        {"upstream": {"varyHeaders": ["x-request-id"], "unkeyedHeaders": ["x-request-id"]}}
        """;
    UpstreamSettings byDefault =
        ConfigLoader.parse("{\"upstream\": {\"varyHeaders\": [\"X-Request-Id\"]}}", -1, DATA, BASE)
            .upstream();

    assertThatThrownBy(() -> ConfigLoader.parse(json, -1, DATA, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "upstream.unkeyedHeaders[0] names x-request-id, which upstream.varyHeaders keys the"
                + " response cache on");
    assertThat(byDefault.unkeyedHeaders()).containsExactly("traceparent", "tracestate", "baggage");
    // forwarded and keyed, so in forwardHeaders' order
    assertThat(byDefault.cacheKeyHeaders())
        .containsExactly("authorization", "cookie", "x-request-id", "accept-language");
  }

  @Test
  void parse_twoKeysWithOneName_refused() {
    // budgets are kept per policy name, so a shared name would mean a shared bucket
    String json = "{\"keys\": {\"k1\": {\"name\": \"web\"}, \"k2\": {\"name\": \"web\"}}}";

    assertThatThrownBy(() -> ConfigLoader.parse(json, -1, DATA, BASE))
        .hasMessage("keys.k2.name must be unique: web");
  }

  @Test
  void parse_notJson_saysSo() {
    assertThatThrownBy(() -> ConfigLoader.parse("{port: 1", -1, DATA, BASE))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("config is not valid JSON");
  }

  @Test
  void parse_notJson_namesLineAndColumn() {
    assertThatThrownBy(() -> ConfigLoader.parse("{\n  \"http\": {\"port\": 1,}\n}", -1, DATA, BASE))
        .hasMessageStartingWith("config is not valid JSON at line 2, column ");
  }

  @Test
  void parse_otherJdbcUrl_refused() {
    assertThatThrownBy(
            () ->
                ConfigLoader.parse(
                    "{\"store\": {\"jdbcUrl\": \"jdbc:mysql://x\"}}", -1, DATA, BASE))
        .hasMessageContaining("store.jdbcUrl must be a jdbc:h2: or jdbc:postgresql: URL");
  }

  @Test
  void parse_readmeExample_isAccepted() throws Exception {
    String readme = Files.readString(Path.of("../README.md"));
    String section = readme.substring(readme.indexOf("## Configuration"));
    String example =
        section.substring(
            section.indexOf("```json") + "```json".length(), section.indexOf("```\n", 10));

    ServerConfig config = ConfigLoader.parse(example, -1, DATA, BASE);

    assertThat(config.store().poolSize()).isEqualTo(StoreSettings.DEFAULT_POOL_SIZE);
    assertThat(config.policyFor("<api key>").orElseThrow().limits()).isEqualTo(Limits.BOOK);
  }

  @Test
  void adminToken_toString_hidesToken() {
    AdminToken token = new AdminToken("ci", "s3cret", AdminToken.Scope.ADMIN);

    assertThat(token.toString()).doesNotContain("s3cret").contains("ci");
  }

  @Test
  void parse_emptyObject_matchesTheDemoWhereTheDemoKeepsDefaults() {
    ServerConfig file = ConfigLoader.parse("{}", -1, DATA, BASE);
    ServerConfig demo = DemoConfig.create(file.http().port(), DATA);

    // but where it listens: a file's server every interface, the demo this machine only
    assertThat(file.http().host()).isEqualTo("0.0.0.0");
    assertThat(demo.http()).isEqualTo(file.http().withHost("127.0.0.1"));
    assertThat(demo.store()).isEqualTo(file.store());
    assertThat(demo.schema()).isEqualTo(file.schema());
    assertThat(demo.upstream()).isEqualTo(file.upstream());
    assertThat(demo.gateway()).isEqualTo(file.gateway());
    assertThat(demo.anonymous().limits()).isEqualTo(file.anonymous().limits());
  }

  @Test
  void keyPolicy_newPolicy_startsFromTheFileDefaults() {
    ServerConfig file = ConfigLoader.parse("{}", -1, DATA, BASE);

    assertThat(KeyPolicy.newPolicy(KeyPolicy.ANONYMOUS).build()).isEqualTo(file.anonymous());
  }

  @Test
  void keyPolicy_transform_changesOnlyWhatItSets() {
    KeyPolicy policy = KeyPolicy.newPolicy("web").apps(Set.of("web")).requireId(true).build();

    KeyPolicy measured = policy.transform(p -> p.enforcement(KeyPolicy.Enforcement.MEASURE));

    assertThat(measured)
        .isEqualTo(
            new KeyPolicy(
                "web",
                Mode.TRUSTED,
                Set.of("web"),
                true,
                Limits.BOOK,
                KeyPolicy.Enforcement.MEASURE,
                KeyPolicy.Budget.DEFAULT,
                false,
                60));
  }

  @Test
  void demo_create_hasDocumentedCredentials() {
    ServerConfig demo = DemoConfig.create(8080, DATA);

    assertThat(demo.adminTokens()).extracting(AdminToken::token).containsExactly("admin-demo");
    assertThat(demo.policyFor("web-demo").orElseThrow().mode()).isEqualTo(Mode.TRUSTED);
    assertThat(demo.policyFor("web-demo").orElseThrow().mayRun("cargo-web")).isTrue();
    assertThat(demo.policyFor("partner-demo").orElseThrow().mode()).isEqualTo(Mode.OPEN);
    // named apart from their keys: names are public, keys are credentials
    assertThat(demo.policyFor("web-demo").orElseThrow().name()).isEqualTo("web");
    assertThat(demo.policyFor("partner-demo").orElseThrow().name()).isEqualTo("partner");
    assertThat(
            List.of(
                demo.anonymous(),
                demo.policyFor("web-demo").orElseThrow(),
                demo.policyFor("partner-demo").orElseThrow()))
        .extracting(KeyPolicy::enforcement)
        .containsOnly(KeyPolicy.Enforcement.ENFORCE);
    assertThat(demo.demo().publishDemoManifest()).isTrue();
  }
}
