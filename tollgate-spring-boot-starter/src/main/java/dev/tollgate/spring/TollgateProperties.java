package dev.tollgate.spring;

import dev.tollgate.registry.policy.KeyPolicy;
import java.util.LinkedHashMap;
import java.util.Map;
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
  private Map<String, PolicyProperties> policies = new LinkedHashMap<>();

  /**
   * The policy (a name under {@code tollgate.policies}) of callers presenting no key; none: a
   * trusted policy of no app, which runs nothing.
   */
  private @Nullable String anonymousPolicy;

  private final RegistryProperties registry = new RegistryProperties();
  private final BudgetProperties budget = new BudgetProperties();
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

  public Map<String, PolicyProperties> getPolicies() {
    return policies;
  }

  public void setPolicies(Map<String, PolicyProperties> policies) {
    this.policies = policies;
  }

  public @Nullable String getAnonymousPolicy() {
    return anonymousPolicy;
  }

  public void setAnonymousPolicy(@Nullable String anonymousPolicy) {
    this.anonymousPolicy = anonymousPolicy;
  }

  public RegistryProperties getRegistry() {
    return registry;
  }

  public BudgetProperties getBudget() {
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
    PolicyProperties policy = policies.get(name);
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
