package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.limit.Limit;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.Limits;
import dev.tollgate.registry.pricelist.PriceList;
import dev.tollgate.registry.pricing.CostModel;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.UnExecutableSchemaGenerator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * Every entry of the {@link Limit} table is listed, with the policy's own value, wherever a
 * policy's limits are shown: {@code /v1/price-list} and the operator API ({@code /v1/policies}). A
 * limit added to the table and left out of either fails here.
 */
final class LimitListingTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Each limit at a value of its own, none at its default. */
  private static final KeyPolicy POLICY = KeyPolicy.newPolicy("partner").limits(distinct()).build();

  @Test
  void priceList_everyLimitOfTheTable_withThePolicysValue() {
    PriceList list =
        PriceList.of(
            UnExecutableSchemaGenerator.makeUnExecutableSchema(
                new SchemaParser().parse("type Query { a: Int }")),
            CostModel.book(),
            List.of(POLICY));

    JsonNode limits =
        JSON.valueToTree(PriceListBodies.PriceListBody.of(list)).at("/policies/partner/limits");

    assertEveryLimit(limits);
  }

  @Test
  void operatorPolicies_everyLimitOfTheTable_withThePolicysValue() {
    Map<KeyPolicy, @Nullable BudgetCharge> balances = new HashMap<>();
    balances.put(POLICY, null);

    JsonNode limits =
        JSON.valueToTree(OperatorBodies.PoliciesBody.of(balances)).at("/policies/0/limits");

    assertEveryLimit(limits);
  }

  private static void assertEveryLimit(JsonNode limits) {
    List<String> keys = new ArrayList<>();
    limits.fieldNames().forEachRemaining(keys::add);
    assertThat(keys).containsExactlyElementsOf(Limit.all().stream().map(Limit::key).toList());
    for (Limit limit : Limit.all()) {
      assertThat(limits.path(limit.key()).asLong()).as(limit.key()).isEqualTo(value(limit));
    }
  }

  private static Limits distinct() {
    Limits limits = Limits.BOOK;
    for (Limit limit : Limit.all()) {
      limits = limits.with(limit, value(limit));
    }
    return limits;
  }

  private static long value(Limit limit) {
    return 7 + limit.ordinal();
  }
}
