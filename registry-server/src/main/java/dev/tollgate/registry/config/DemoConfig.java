package dev.tollgate.registry.config;

import dev.tollgate.registry.config.KeyPolicy.Budget;
import dev.tollgate.registry.config.KeyPolicy.Mode;
import dev.tollgate.registry.pricing.CostPreset;
import dev.tollgate.registry.pricing.FragmentSpreads;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The embedded default: H2 in the data dir, the bundled cargo schema and demo upstream, the demo
 * manifest published as app {@code cargo-web}, and fixed demo credentials (README).
 */
public final class DemoConfig {

  public static final String ADMIN_TOKEN = "admin-demo";
  public static final String TRUSTED_KEY = "web-demo";
  public static final String OPEN_KEY = "partner-demo";
  public static final String DEMO_APP = "cargo-web";

  private DemoConfig() {}

  public static ServerConfig create(int port, Path dataDir) {
    KeyPolicy web = KeyPolicy.newPolicy("web-demo").apps(Set.of(DEMO_APP)).requireId(true).build();
    KeyPolicy partner = KeyPolicy.newPolicy("partner-demo").mode(Mode.OPEN).apps(Set.of("*"))
        .budget(new Budget(5_000, 50)).introspection(true).build();
    KeyPolicy anonymous = KeyPolicy.newPolicy(KeyPolicy.ANONYMOUS).apps(Set.of(DEMO_APP))
        .budget(new Budget(1_000, 10)).build();
    return new ServerConfig(
        new ServerConfig.Http(port, 1_000_000),
        ServerConfig.Store.h2In(dataDir),
        new ServerConfig.Schema(null, CostPreset.BOOK, 10, FragmentSpreads.FIRST),
        new ServerConfig.Upstream(null, 5_000),
        List.of(new ServerConfig.AdminToken("admin-demo", ADMIN_TOKEN, ServerConfig.Scope.ADMIN)),
        defaultGateway(),
        Map.of(TRUSTED_KEY, web, OPEN_KEY, partner),
        anonymous,
        new ServerConfig.Demo(true));
  }

  static ServerConfig.Gateway defaultGateway() {
    return new ServerConfig.Gateway(false, 10, 10_000, ServerConfig.BudgetStore.MEMORY, null, 1_000,
        ServerConfig.Gateway.DEFAULT_RESPONSE_CACHE_BYTES);
  }
}
