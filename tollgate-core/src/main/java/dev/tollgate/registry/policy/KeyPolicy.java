package dev.tollgate.registry.policy;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Set;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * What one caller (an API key, or {@code anonymous}) may do at the gateway. Built with {@link
 * #newPolicy(String)}, which starts from the defaults a config file gets.
 *
 * @param name the key's name for logs and metrics (never the key itself)
 * @param mode trusted: only registered documents; open: any document, fully analysed
 * @param apps the apps whose registered documents this caller may run ({@code *}: any)
 * @param requireId in trusted mode, refuse text even when its hash is registered
 * @param limits the per-operation limits, one value for each entry of the {@link
 *     dev.tollgate.registry.limit.Limit} table
 * @param enforcement what a breached per-operation limit does, for the limits measure mode relaxes
 *     ({@link dev.tollgate.registry.limit.Limit#measureRelaxes()}): refuse, or only report what
 *     refusing would have been ({@link Enforcement})
 * @param introspection whether {@code __schema}/{@code __type} may be queried
 * @param cacheMaxAgeSeconds {@code Cache-Control: max-age} of a registered query fetched by GET
 * @param explain how much a cost or budget refusal explains of the price ({@code
 *     extensions.cost.terms}); {@code null}: by mode ({@link #explanation()})
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
    int cacheMaxAgeSeconds,
    @Nullable Explain explain) {

  /** The name of the policy of callers presenting no key. */
  public static final String ANONYMOUS = "anonymous";

  public KeyPolicy {
    apps = Set.copyOf(apps);
    require(
        cacheMaxAgeSeconds >= 0, "cacheMaxAgeSeconds must not be negative: " + cacheMaxAgeSeconds);
  }

  /** With the explanation by mode. */
  public KeyPolicy(
      String name,
      Mode mode,
      Set<String> apps,
      boolean requireId,
      Limits limits,
      Enforcement enforcement,
      Budget budget,
      boolean introspection,
      int cacheMaxAgeSeconds) {
    this(
        name,
        mode,
        apps,
        requireId,
        limits,
        enforcement,
        budget,
        introspection,
        cacheMaxAgeSeconds,
        null);
  }

  /**
   * How much a refusal explains: as set, else {@code full} in open mode, {@code summary} in
   * trusted.
   */
  public Explain explanation() {
    if (explain != null) {
      return explain;
    }
    return mode == Mode.OPEN ? Explain.FULL : Explain.SUMMARY;
  }

  /** A policy called {@code name} with every other setting at its default. */
  public static Builder newPolicy(String name) {
    return new Builder(name);
  }

  /** This policy with what {@code change} sets on a builder started from it. */
  public KeyPolicy transform(Consumer<Builder> change) {
    Builder builder =
        newPolicy(name)
            .mode(mode)
            .apps(apps)
            .requireId(requireId)
            .limits(limits)
            .enforcement(enforcement)
            .budget(budget)
            .introspection(introspection)
            .cacheMaxAgeSeconds(cacheMaxAgeSeconds)
            .explain(explain);
    change.accept(builder);
    return builder.build();
  }

  public boolean mayRun(String app) {
    return apps.contains("*") || apps.contains(app);
  }

  /** The name is left empty when not given: the config file names it after its place. */
  @JsonCreator
  static KeyPolicy fromJson(
      @JsonProperty("name") @Nullable String name,
      @JsonProperty("mode") @Nullable Mode mode,
      @JsonProperty("apps") @Nullable Set<String> apps,
      @JsonProperty("requireId") @Nullable Boolean requireId,
      @JsonProperty("limits") @Nullable Limits limits,
      @JsonProperty("enforcement") @Nullable Enforcement enforcement,
      @JsonProperty("budget") @Nullable Budget budget,
      @JsonProperty("introspection") @Nullable Boolean introspection,
      @JsonProperty("cacheMaxAgeSeconds") @Nullable Integer cacheMaxAgeSeconds,
      @JsonProperty("explain") @Nullable Explain explain) {
    Builder policy = newPolicy(orElse(name, ""));
    policy
        .mode(orElse(mode, policy.mode))
        .apps(orElse(apps, policy.apps))
        .requireId(orElse(requireId, policy.requireId))
        .limits(orElse(limits, policy.limits))
        .enforcement(orElse(enforcement, policy.enforcement))
        .budget(orElse(budget, policy.budget))
        .introspection(orElse(introspection, policy.introspection))
        .cacheMaxAgeSeconds(orElse(cacheMaxAgeSeconds, policy.cacheMaxAgeSeconds))
        .explain(explain);
    return policy.build();
  }

  /**
   * What a {@code COST_ESTIMATED_TOO_EXPENSIVE} or {@code RATE_LIMITED} refusal says of the price,
   * in {@code extensions.cost}: {@code FULL} the formula, the variables' values and the three most
   * costly terms with their arithmetic; {@code SUMMARY} the three terms' coordinates and costs;
   * {@code OFF} nothing more than the estimate.
   */
  public enum Explain {
    FULL,
    SUMMARY,
    OFF
  }

  /** Trusted: registered documents only. Open: any document, analysed in full. */
  public enum Mode {
    TRUSTED,
    OPEN
  }

  /**
   * What the per-operation limits do. {@code ENFORCE} refuses an operation over a limit. For the
   * limits measure mode relaxes (depth, aliases and cost; {@link
   * dev.tollgate.registry.limit.Limit#measureRelaxes()}), {@code MEASURE} admits it, prices and
   * charges it as usual, and reports the code enforcing would have refused with; for choosing
   * limits from real traffic before enforcing them (Apollo Router's demand-control {@code measure}
   * mode). The other limits (the token limit: a document over it is never parsed; the bounds
   * checked before validation), the budget, trusted-mode membership and bad input refuse in both.
   */
  public enum Enforcement {
    ENFORCE,
    MEASURE
  }

  /**
   * A token bucket: {@code capacity} units, refilled at {@code refillPerSecond}.
   *
   * @param onStoreFailure what a charge does while the shared budget store (Redis) cannot be
   *     reached; unused with the in-memory store
   * @param refund whether an answer that cost less than its estimate gets the difference back
   *     (estimated − actual, reported as {@code extensions.rateLimit.refunded})
   */
  public record Budget(
      long capacity, double refillPerSecond, OnStoreFailure onStoreFailure, boolean refund) {
    public static final OnStoreFailure DEFAULT_ON_STORE_FAILURE = OnStoreFailure.LOCAL;
    public static final boolean DEFAULT_REFUND = false;
    public static final Budget DEFAULT = new Budget(10_000, 100);

    public Budget {
      require(capacity > 0, "capacity must be positive: " + capacity);
      require(refillPerSecond >= 0, "refillPerSecond must not be negative: " + refillPerSecond);
    }

    /** With the default {@code onStoreFailure} ({@code local}) and no refunds. */
    public Budget(long capacity, double refillPerSecond) {
      this(capacity, refillPerSecond, DEFAULT_ON_STORE_FAILURE);
    }

    /** With no refunds. */
    public Budget(long capacity, double refillPerSecond, OnStoreFailure onStoreFailure) {
      this(capacity, refillPerSecond, onStoreFailure, DEFAULT_REFUND);
    }

    /** This budget with refunds on or off. */
    public Budget withRefund(boolean refund) {
      return new Budget(capacity, refillPerSecond, onStoreFailure, refund);
    }

    @JsonCreator
    static Budget fromJson(
        @JsonProperty("capacity") @Nullable Long capacity,
        @JsonProperty("refillPerSecond") @Nullable Double refillPerSecond,
        @JsonProperty("onStoreFailure") @Nullable OnStoreFailure onStoreFailure,
        @JsonProperty("refund") @Nullable Boolean refund) {
      return new Budget(
          orElse(capacity, DEFAULT.capacity),
          orElse(refillPerSecond, DEFAULT.refillPerSecond),
          orElse(onStoreFailure, DEFAULT_ON_STORE_FAILURE),
          orElse(refund, DEFAULT_REFUND));
    }
  }

  /**
   * What a charge does while the shared budget store cannot be reached. {@code LOCAL}: charges an
   * in-process bucket holding this gateway's share of the budget (capacity and refill divided by
   * {@code gateway.expectedInstances}). {@code DENY}: refuses with 503 {@code
   * BUDGET_STORE_UNAVAILABLE} and {@code Retry-After}.
   */
  public enum OnStoreFailure {
    LOCAL,
    DENY
  }

  /** Sets what differs from the defaults; {@link #build()} validates. */
  public static final class Builder {
    private String name;
    private Mode mode = Mode.TRUSTED;
    private Set<String> apps = Set.of();
    private boolean requireId;
    private Limits limits = Limits.BOOK;
    private Enforcement enforcement = Enforcement.ENFORCE;
    private Budget budget = Budget.DEFAULT;
    private boolean introspection;
    private int cacheMaxAgeSeconds = 60;
    private @Nullable Explain explain;

    private Builder(String name) {
      this.name = name;
    }

    public Builder name(String name) {
      this.name = name;
      return this;
    }

    public Builder mode(Mode mode) {
      this.mode = mode;
      return this;
    }

    public Builder apps(Set<String> apps) {
      this.apps = apps;
      return this;
    }

    public Builder requireId(boolean requireId) {
      this.requireId = requireId;
      return this;
    }

    public Builder limits(Limits limits) {
      this.limits = limits;
      return this;
    }

    public Builder enforcement(Enforcement enforcement) {
      this.enforcement = enforcement;
      return this;
    }

    public Builder budget(Budget budget) {
      this.budget = budget;
      return this;
    }

    public Builder introspection(boolean introspection) {
      this.introspection = introspection;
      return this;
    }

    public Builder cacheMaxAgeSeconds(int cacheMaxAgeSeconds) {
      this.cacheMaxAgeSeconds = cacheMaxAgeSeconds;
      return this;
    }

    /** {@code null}: by mode. */
    public Builder explain(@Nullable Explain explain) {
      this.explain = explain;
      return this;
    }

    /**
     * @throws InvalidPolicyException when a setting is out of range
     */
    public KeyPolicy build() {
      return new KeyPolicy(
          name,
          mode,
          apps,
          requireId,
          limits,
          enforcement,
          budget,
          introspection,
          cacheMaxAgeSeconds,
          explain);
    }
  }

  private static void require(boolean condition, String message) {
    if (!condition) {
      throw new InvalidPolicyException(message);
    }
  }

  private static <T> T orElse(@Nullable T value, T fallback) {
    return value != null ? value : fallback;
  }
}
