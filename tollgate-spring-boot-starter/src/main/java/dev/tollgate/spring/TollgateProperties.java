package dev.tollgate.spring;

import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code tollgate.*} properties: the policies by name, the API keys mapped to them, the
 * registry to follow, the budget store and the cache sizes.
 *
 * <pre>
 * tollgate.keys.web-demo=web
 * tollgate.policies.web.apps=cargo-web
 * tollgate.policies.web.require-id=true
 * tollgate.registry.url=http://127.0.0.1:8080
 * </pre>
 */
@ConfigurationProperties("tollgate")
public class TollgateProperties {

  /** Whether Tollgate admits the application's GraphQL requests at all. */
  private boolean enabled = true;

  /** API key to the name of its policy under {@code tollgate.policies}. */
  private Map<String, String> keys = new LinkedHashMap<>();

  /** Policies by name (names are public, keys are not). */
  private Map<String, Policy> policies = new LinkedHashMap<>();

  /**
   * The policy (a name under {@code tollgate.policies}) of callers presenting no key; none: a
   * trusted policy of no app, which runs nothing.
   */
  private @Nullable String anonymousPolicy;

  private final Registry registry = new Registry();
  private final BudgetStore budget = new BudgetStore();
  private final Cache cache = new Cache();

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  public Map<String, String> getKeys() {
    return keys;
  }

  public void setKeys(Map<String, String> keys) {
    this.keys = keys;
  }

  public Map<String, Policy> getPolicies() {
    return policies;
  }

  public void setPolicies(Map<String, Policy> policies) {
    this.policies = policies;
  }

  public @Nullable String getAnonymousPolicy() {
    return anonymousPolicy;
  }

  public void setAnonymousPolicy(@Nullable String anonymousPolicy) {
    this.anonymousPolicy = anonymousPolicy;
  }

  public Registry getRegistry() {
    return registry;
  }

  public BudgetStore getBudget() {
    return budget;
  }

  public Cache getCache() {
    return cache;
  }

  /**
   * The {@link KeyPolicy} named {@code name}.
   *
   * @throws TollgateConfigurationException when {@code tollgate.policies} has none of that name
   */
  KeyPolicy policy(String name, String usedBy) {
    Policy policy = policies.get(name);
    if (policy == null) {
      throw new TollgateConfigurationException(
          "tollgate: "
              + usedBy
              + " names policy '"
              + name
              + "', which tollgate.policies does not define");
    }
    return policy.toKeyPolicy(name);
  }

  /** One policy, as the gateway's config file spells it; unset fields keep the core's defaults. */
  public static class Policy {
    /** {@code TRUSTED} (registered documents only) or {@code OPEN} (text, fully analysed). */
    private KeyPolicy.Mode mode = KeyPolicy.Mode.TRUSTED;

    /** The apps whose documents this policy may run; {@code *} for every app. */
    private Set<String> apps = new LinkedHashSet<>();

    /** Whether a request must name a document id (text alone is refused). */
    private boolean requireId;

    /** Whether introspection queries are admitted. */
    private boolean introspection;

    /** The token bucket; unset: the core's default budget. */
    private @Nullable Long budgetCapacity;

    private double budgetRefillPerSecond = Budget.DEFAULT.refillPerSecond();

    /** Whether estimated minus actual cost is given back after each answer. */
    private boolean budgetRefund;

    KeyPolicy toKeyPolicy(String name) {
      KeyPolicy.Builder builder =
          KeyPolicy.newPolicy(name)
              .mode(mode)
              .apps(Set.copyOf(apps))
              .requireId(requireId)
              .introspection(introspection);
      Long capacity = budgetCapacity;
      Budget budget =
          capacity == null
              ? Budget.DEFAULT
              : new Budget(capacity, budgetRefillPerSecond, Budget.DEFAULT.onStoreFailure());
      return builder.budget(budget.withRefund(budgetRefund)).build();
    }

    public KeyPolicy.Mode getMode() {
      return mode;
    }

    public void setMode(KeyPolicy.Mode mode) {
      this.mode = mode;
    }

    public Set<String> getApps() {
      return apps;
    }

    public void setApps(Set<String> apps) {
      this.apps = apps;
    }

    public boolean isRequireId() {
      return requireId;
    }

    public void setRequireId(boolean requireId) {
      this.requireId = requireId;
    }

    public boolean isIntrospection() {
      return introspection;
    }

    public void setIntrospection(boolean introspection) {
      this.introspection = introspection;
    }

    public @Nullable Long getBudgetCapacity() {
      return budgetCapacity;
    }

    public void setBudgetCapacity(@Nullable Long budgetCapacity) {
      this.budgetCapacity = budgetCapacity;
    }

    public double getBudgetRefillPerSecond() {
      return budgetRefillPerSecond;
    }

    public void setBudgetRefillPerSecond(double budgetRefillPerSecond) {
      this.budgetRefillPerSecond = budgetRefillPerSecond;
    }

    public boolean isBudgetRefund() {
      return budgetRefund;
    }

    public void setBudgetRefund(boolean budgetRefund) {
      this.budgetRefund = budgetRefund;
    }
  }

  /** The running registry this instance follows (snapshot and change feed over HTTP). */
  public static class Registry {
    /** The registry's base URL, e.g. {@code http://127.0.0.1:8080}. */
    private @Nullable String url;

    /** A registry token with the read scope. */
    private @Nullable String token;

    /** Where the last snapshot is kept, to start from when the registry cannot be reached. */
    private @Nullable Path snapshotFile;

    /** Refuse to start, rather than start from the snapshot file, when the registry is down. */
    private boolean failClosed;

    /**
     * How often the catalog looks for a newer snapshot (a field read: the change feed fetches it);
     * with the feed's answer at once, a publication or retirement takes effect within about this.
     */
    private long refreshMillis = 100;

    public long getRefreshMillis() {
      return refreshMillis;
    }

    public void setRefreshMillis(long refreshMillis) {
      this.refreshMillis = refreshMillis;
    }

    public @Nullable String getUrl() {
      return url;
    }

    public void setUrl(@Nullable String url) {
      this.url = url;
    }

    public @Nullable String getToken() {
      return token;
    }

    public void setToken(@Nullable String token) {
      this.token = token;
    }

    public @Nullable Path getSnapshotFile() {
      return snapshotFile;
    }

    public void setSnapshotFile(@Nullable Path snapshotFile) {
      this.snapshotFile = snapshotFile;
    }

    public boolean isFailClosed() {
      return failClosed;
    }

    public void setFailClosed(boolean failClosed) {
      this.failClosed = failClosed;
    }
  }

  /** Where budgets are charged. */
  public static class BudgetStore {
    /**
     * {@code memory} (token buckets in this process) or {@code redis}: the application's {@code
     * BudgetLedger} bean (tollgate-redis's {@code RedisBudgetLedger}, to share budgets with
     * gateways), which must then exist. A {@code BudgetLedger} bean is used whenever there is one.
     */
    private String store = "memory";

    public String getStore() {
      return store;
    }

    public void setStore(String store) {
      this.store = store;
    }
  }

  /** Cache sizes. */
  public static class Cache {
    /**
     * Registered documents kept with restored prices, parsed documents and actual-cost plans
     * (each).
     */
    private int documents = 10_000;

    public int getDocuments() {
      return documents;
    }

    public void setDocuments(int documents) {
      this.documents = documents;
    }
  }
}
