package dev.tollgate.graphqljava;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.admission.RedisBudgetLedger;
import dev.tollgate.registry.catalog.InMemoryRegistry;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.policy.KeyPolicy.OnStoreFailure;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationPricer;
import graphql.ExecutionResult;
import graphql.GraphQL;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.InstantSource;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 25 item 6, Redis down in process: tollgate-redis's real {@link RedisBudgetLedger} pointed
 * at a port where nothing listens, under each value of {@code budget.onStoreFailure}, answered as
 * the gateway answers it (registry-server's {@code GatewayRedisOutageTest}): {@code local} charges
 * 1 / expectedInstances of the budget in this process, {@code deny} refuses with {@code
 * BUDGET_STORE_UNAVAILABLE} and {@code retryAfter}, running nothing.
 */
final class BudgetStoreOutageTest {

  /** Book model: 1 + n × 3 for {@code cargos(first: n)} with its edges and nodes; 16 at n = 5. */
  private static final String PAGE =
      "query Page($n: Int) { cargos(first: $n) { edges { node { trackingId } } } }";

  private static final String KEY = "web-key";
  private static final int EXPECTED_INSTANCES = 4;

  private final CargoGraph cargo = new CargoGraph();
  private final InMemoryRegistry registry = new InMemoryRegistry();
  private final OperationPricer pricer = new OperationPricer(cargo.schema(), CostModel.book());
  private RedisBudgetLedger redis;
  private TollgateGraphQL tollgate;

  @AfterEach
  void close() throws Exception {
    if (tollgate != null) {
      tollgate.close();
    }
    if (redis != null) {
      redis.close();
    }
  }

  @Test
  void redisDown_local_chargesAQuarterOfTheBudgetHere_thenRateLimited() throws Exception {
    DocumentHash page = Registered.publish(registry, pricer, "cargo-web", PAGE, "t");
    GraphQL graphql = graphql(OnStoreFailure.LOCAL);

    ExecutionResult first = graphql.execute(Registered.byId(page, Map.of("n", 5), KEY));

    assertThat(first.getErrors()).isEmpty();
    assertThat(cargo.fetches()).isPositive();
    // 100 / 4 = 25 units here while Redis is away; 25 - 16 = 9
    assertThat(Registered.rateLimit(first))
        .containsEntry("cost", 16L)
        .containsEntry("remaining", 9L);

    int fetched = cargo.fetches();
    ExecutionResult second = graphql.execute(Registered.byId(page, Map.of("n", 5), KEY));

    // 9 units left, 16 asked
    assertThat(Registered.code(second)).isEqualTo("RATE_LIMITED");
    assertThat(second.isDataPresent()).isFalse();
    assertThat(cargo.fetches()).isEqualTo(fetched);
    // both charges went to the local bucket, none to Redis
    assertThat(tollgate.budgetStoreFailures()).isEqualTo(2);
  }

  @Test
  void redisDown_deny_budgetStoreUnavailable_nothingRuns() throws Exception {
    DocumentHash page = Registered.publish(registry, pricer, "cargo-web", PAGE, "t");
    GraphQL graphql = graphql(OnStoreFailure.DENY);

    ExecutionResult result = graphql.execute(Registered.byId(page, Map.of("n", 5), KEY));

    assertThat(result.isDataPresent()).isFalse();
    assertThat(cargo.fetches()).isZero();
    assertThat(result.getErrors())
        .singleElement()
        .satisfies(
            error -> {
              // the store is tried again after 1 s (the probe interval): retry in 1 s
              assertThat(error.getMessage())
                  .isEqualTo(
                      "the budget store is unavailable and this key's budget.onStoreFailure is"
                          + " deny: retry in 1 s");
              assertThat(error.getExtensions())
                  .isEqualTo(Map.of("code", "BUDGET_STORE_UNAVAILABLE", "retryAfter", 1L));
              assertThat(error.getMessage()).doesNotContain("redis://").doesNotContain("127.0.0.1");
            });
    assertThat(tollgate.budgetStoreFailures()).isEqualTo(1);
  }

  private GraphQL graphql(OnStoreFailure onStoreFailure) throws IOException {
    redis = new RedisBudgetLedger("redis://127.0.0.1:" + closedPort(), InstantSource.system());
    KeyPolicy policy =
        KeyPolicy.newPolicy("web")
            .apps(Set.of("cargo-web"))
            .budget(new Budget(100, 0, onStoreFailure))
            .build();
    tollgate =
        TollgateGraphQL.newTollgate(cargo.schema(), registry)
            .key(KEY, policy)
            .ledger(redis)
            .expectedInstances(EXPECTED_INSTANCES)
            .build();
    return GraphQL.newGraphQL(cargo.schema())
        .preparsedDocumentProvider(tollgate.preparsedDocumentProvider())
        .instrumentation(tollgate.instrumentation())
        .build();
  }

  /** A port that was free a moment ago: nothing listens there. */
  private static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
