package dev.tollgate.registry.pricelist;

import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.Limits;
import dev.tollgate.registry.pricing.CostDirectives.Price;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.SchemaPrices;
import graphql.schema.GraphQLSchema;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a request costs and what each caller may spend, read once from the schema and the config.
 * The schema's entries come from {@link SchemaPrices}, the reader pricing itself uses.
 *
 * @param prices the schema's price entries, ordered by coordinate
 * @param policies each policy by its name (the keys themselves are never listed)
 */
public record PriceList(
    String model,
    int defaultListSize,
    String fragmentSpreads,
    List<Price> prices,
    Map<String, PolicyLimits> policies) {

  public PriceList {
    prices = List.copyOf(prices);
    policies = java.util.Collections.unmodifiableMap(new TreeMap<>(policies));
  }

  /**
   * Reads the price list of {@code schema} under {@code model}, with the limits of {@code
   * policies}.
   */
  public static PriceList of(
      GraphQLSchema schema, CostModel model, Collection<KeyPolicy> policies) {
    Map<String, PolicyLimits> byName = new TreeMap<>();
    for (KeyPolicy policy : policies) {
      byName.put(
          policy.name(),
          new PolicyLimits(
              policy.mode().name().toLowerCase(java.util.Locale.ROOT),
              policy.limits(),
              policy.budget()));
    }
    return new PriceList(
        model.preset().name().toLowerCase(java.util.Locale.ROOT),
        model.defaultListSize(),
        model.fragmentSpreads().name().toLowerCase(java.util.Locale.ROOT),
        SchemaPrices.of(schema),
        byName);
  }

  /**
   * A policy's mode, per-operation limits and budget.
   *
   * @param limits the policy's value of every entry of the {@link
   *     dev.tollgate.registry.limit.Limit} table ({@link Limits#byKey()} lists them all)
   */
  public record PolicyLimits(String mode, Limits limits, KeyPolicy.Budget budget) {}
}
