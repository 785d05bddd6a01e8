package dev.tollgate.registry.http;

import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricelist.PriceList;
import dev.tollgate.registry.pricing.CostDirectives;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The wire records of {@code /v1/price-list}: the prices of the schema and the policies' limits.
 */
final class PriceListBodies {

  private PriceListBodies() {}

  record PriceListBody(
      String model,
      int defaultListSize,
      String fragmentSpreads,
      List<PriceBody> prices,
      Map<String, PolicyBody> policies) {
    static PriceListBody of(PriceList list) {
      List<PriceBody> prices = new ArrayList<>();
      for (CostDirectives.Price price : list.prices()) {
        CostDirectives.ListSize size = price.listSize();
        prices.add(
            new PriceBody(
                price.coordinate(),
                price.weight(),
                size == null
                    ? null
                    : new ListSizeBody(
                        size.assumedSize(),
                        size.slicingArguments(),
                        size.sizedFields(),
                        size.requireOneSlicingArgument())));
      }
      Map<String, PolicyBody> policies = new LinkedHashMap<>();
      list.policies()
          .forEach(
              (name, policy) ->
                  policies.put(
                      name,
                      new PolicyBody(
                          policy.mode(), policy.limits().byKey(), BudgetBody.of(policy.budget()))));
      return new PriceListBody(
          list.model(), list.defaultListSize(), list.fragmentSpreads(), prices, policies);
    }
  }

  record PriceBody(String coordinate, @Nullable Long cost, @Nullable ListSizeBody listSize) {}

  record ListSizeBody(
      @Nullable Integer assumedSize,
      List<String> slicingArguments,
      List<String> sizedFields,
      boolean requireOneSlicingArgument) {}

  /**
   * @param limits every entry of the {@link dev.tollgate.registry.limit.Limit} table by its config
   *     key, in table order
   */
  record PolicyBody(String mode, Map<String, Long> limits, BudgetBody budget) {}

  /** A policy's budget, as the price list and the operator API show it. */
  record BudgetBody(long capacity, double refillPerSecond, String onStoreFailure) {
    static BudgetBody of(KeyPolicy.Budget budget) {
      return new BudgetBody(
          budget.capacity(),
          budget.refillPerSecond(),
          budget.onStoreFailure().name().toLowerCase(Locale.ROOT));
    }
  }
}
