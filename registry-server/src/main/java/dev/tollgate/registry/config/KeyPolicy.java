package dev.tollgate.registry.config;

import java.util.Set;

/**
 * What one caller (an API key, or {@code anonymous}) may do at the gateway.
 *
 * @param name the key's name for logs and metrics (never the key itself)
 * @param mode trusted: only registered documents; open: any document, fully analysed
 * @param apps the apps whose registered documents this caller may run ({@code *}: any)
 * @param requireId in trusted mode, refuse text even when its hash is registered
 * @param enforcement what a breached per-operation limit (depth, aliases, cost) does: refuse, or
 *     only report what refusing would have been ({@link Enforcement})
 * @param introspection whether {@code __schema}/{@code __type} may be queried
 * @param cacheMaxAgeSeconds {@code Cache-Control: max-age} of a registered query fetched by GET
 */
public record KeyPolicy(
    String name,
    Mode mode,
    Set<String> apps,
    boolean requireId,
    Limits limits,
    Enforcement enforcement,
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

  /**
   * What the per-operation limits do. {@code ENFORCE} refuses an operation over its depth, aliases
   * or cost limit. {@code MEASURE} admits it, prices and charges it as usual, and reports the code
   * enforcing would have refused with; for choosing limits from real traffic before enforcing them
   * (Apollo Router's demand-control {@code measure} mode). The token limit (a document over it is
   * never parsed), the budget, trusted-mode membership and bad input refuse in both.
   */
  public enum Enforcement {
    ENFORCE,
    MEASURE
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
