package dev.tollgate.spring;

import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.policy.KeyPolicy.OnStoreFailure;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * One policy under {@code tollgate.policies.<name>}, as the gateway's config file spells it; unset
 * fields keep the core's defaults.
 */
public class PolicyProperties {
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

  /**
   * What a charge does while the shared budget store (Redis) cannot be reached, as the gateway's
   * {@code budget.onStoreFailure}: {@code local} (an in-process bucket of 1/{@code
   * tollgate.budget.expected-instances} of the budget) or {@code deny} ({@code
   * BUDGET_STORE_UNAVAILABLE}, nothing runs).
   */
  private String onStoreFailure = "local";

  /**
   * The core's policy {@code name} of these properties.
   *
   * @throws TollgateConfigurationException with one line when {@code on-store-failure} is neither
   *     {@code local} nor {@code deny}
   */
  public KeyPolicy toKeyPolicy(String name) {
    KeyPolicy.Builder builder =
        KeyPolicy.newPolicy(name)
            .mode(mode)
            .apps(Set.copyOf(apps))
            .requireId(requireId)
            .introspection(introspection);
    Long capacity = budgetCapacity;
    Budget budget =
        capacity == null
            ? new Budget(
                Budget.DEFAULT.capacity(), Budget.DEFAULT.refillPerSecond(), onStoreFailure(name))
            : new Budget(capacity, budgetRefillPerSecond, onStoreFailure(name));
    return builder.budget(budget.withRefund(budgetRefund)).build();
  }

  private OnStoreFailure onStoreFailure(String name) {
    return switch (onStoreFailure.trim().toLowerCase(Locale.ROOT)) {
      case "local" -> OnStoreFailure.LOCAL;
      case "deny" -> OnStoreFailure.DENY;
      default ->
          throw new TollgateConfigurationException(
              "tollgate: tollgate.policies."
                  + name
                  + ".on-store-failure must be local or deny: "
                  + onStoreFailure);
    };
  }

  public String getOnStoreFailure() {
    return onStoreFailure;
  }

  public void setOnStoreFailure(String onStoreFailure) {
    this.onStoreFailure = onStoreFailure;
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
