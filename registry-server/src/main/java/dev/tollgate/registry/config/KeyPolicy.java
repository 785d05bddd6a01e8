package dev.tollgate.registry.config;

import java.util.Set;

/**
 * What one caller (an API key, or {@code anonymous}) may do at the gateway.
 *
 * @param name the key's name for logs and metrics (never the key itself)
 * @param mode trusted: only registered documents; open: any document, fully analysed
 * @param apps the apps whose registered documents this caller may run ({@code *}: any)
 * @param requireId in trusted mode, refuse text even when its hash is registered
 * @param introspection whether {@code __schema}/{@code __type} may be queried
 * @param cacheMaxAgeSeconds {@code Cache-Control: max-age} of a registered query fetched by GET
 */
public record KeyPolicy(
    String name,
    Mode mode,
    Set<String> apps,
    boolean requireId,
    Limits limits,
    Budget budget,
    boolean introspection,
    int cacheMaxAgeSeconds) {

  public KeyPolicy {
    apps = Set.copyOf(apps);
    ServerConfig.require(cacheMaxAgeSeconds >= 0, "policy " + name + ": cacheMaxAgeSeconds must not be negative");
  }

  public boolean mayRun(String app) {
    return apps.contains("*") || apps.contains(app);
  }

  /** Trusted: registered documents only. Open: any document, analysed in full. */
  public enum Mode {
    TRUSTED,
    OPEN
  }

  /** Per-operation limits; defaults from the book: tokens 5000, depth 15, aliases 20, cost 1000. */
  public record Limits(int tokens, int depth, int aliases, long cost) {
    public static final Limits BOOK = new Limits(5000, 15, 20, 1000);

    public Limits {
      ServerConfig.require(tokens > 0 && depth > 0 && aliases >= 0 && cost >= 0,
          "limits must be positive: tokens " + tokens + ", depth " + depth + ", aliases " + aliases + ", cost " + cost);
    }
  }

  /** A token bucket: {@code capacity} units, refilled at {@code refillPerSecond}. */
  public record Budget(long capacity, double refillPerSecond) {
    public Budget {
      ServerConfig.require(capacity > 0, "budget.capacity must be positive: " + capacity);
      ServerConfig.require(refillPerSecond >= 0, "budget.refillPerSecond must not be negative: " + refillPerSecond);
    }
  }
}
