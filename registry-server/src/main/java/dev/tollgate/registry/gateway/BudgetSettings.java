package dev.tollgate.registry.gateway;

import org.jspecify.annotations.Nullable;

/**
 * Where the gateway keeps its budget buckets, from the {@code gateway} section.
 *
 * @param budgetStore where buckets live: in this process, or Redis shared by several gateways
 * @param redisUrl {@code redis://host:port} when {@code budgetStore} is {@code REDIS}; with {@code
 *     redisCluster}, one or more nodes of the cluster, comma-separated
 * @param redisCluster whether {@code redisUrl} names nodes of a Redis Cluster
 * @param expectedInstances how many gateways share the Redis budget store: while it cannot be
 *     reached, a policy with {@code budget.onStoreFailure: local} gets this share of its budget in
 *     each gateway
 */
public record BudgetSettings(
    Store budgetStore, @Nullable String redisUrl, boolean redisCluster, int expectedInstances) {

  /** In this process, as for one gateway. */
  public static final BudgetSettings DEFAULTS = new BudgetSettings(Store.MEMORY, null, false, 1);

  public BudgetSettings {
    GatewaySettings.require(
        budgetStore != Store.REDIS || redisUrl != null,
        "gateway.redisUrl is required when gateway.budgetStore is redis");
    GatewaySettings.require(
        expectedInstances > 0, "gateway.expectedInstances must be positive: " + expectedInstances);
  }

  /** Buckets in the Redis at {@code redisUrl}, shared by {@code expectedInstances} gateways. */
  public static BudgetSettings redis(String redisUrl, int expectedInstances) {
    return new BudgetSettings(Store.REDIS, redisUrl, false, expectedInstances);
  }

  /** Where budget buckets are kept. */
  public enum Store {
    MEMORY,
    REDIS
  }
}
