package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.admission.BudgetLedger;
import dev.tollgate.registry.admission.FakeClock;
import dev.tollgate.registry.admission.RedisBudgetLedger;
import dev.tollgate.registry.auth.JwtSettings.OnJwksFailure;
import dev.tollgate.registry.auth.TestTokens;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.pricing.OperationKind;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27, item 2: the token subjects' buckets in Redis ({@code TOLLGATE_TEST_REDIS_URL}), two
 * gateways sharing them: a subject charged on one gateway is charged on the other, and each subject
 * has its own bucket.
 */
final class GatewayJwtRedisTest {

  private static final String REDIS_URL = System.getenv("TOLLGATE_TEST_REDIS_URL");
  private static final String CARGO =
      "query Cargo { cargo(trackingId: \"ABC123\") { id trackingId } }";

  @TempDir Path dir;

  @Test
  void post_twoSubjectsOnTwoGateways_bucketPerSubjectSharedInRedis() {
    assumeTrue(
        REDIS_URL != null,
        "set TOLLGATE_TEST_REDIS_URL (e.g. redis://127.0.0.1:6379) to run the Redis subject test");
    TestTokens tokens = new TestTokens();
    String jwks = tokens.jwksFile(dir).toString();
    String run = UUID.randomUUID().toString();
    FakeClock clock = new FakeClock();
    try (RedisBudgetLedger redis = new RedisBudgetLedger(REDIS_URL, clock);
        GatewayHarness first =
            GatewayHarness.startWith(
                TestTokens.settings(jwks, null, OnJwksFailure.UNAVAILABLE, 1_000),
                new Prefixed(redis, run));
        GatewayHarness second =
            GatewayHarness.startWith(
                TestTokens.settings(jwks, null, OnJwksFailure.UNAVAILABLE, 1_000),
                new Prefixed(redis, run))) {
      DocumentHash cargo = first.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, 50);
      second.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, 50);
      String alice = tokens.rs256("alice", "web", first.clock.instant());
      String bob = tokens.rs256("bob", "web", first.clock.instant());

      HttpResponse<String> aliceOnFirst = post(first, alice, cargo);
      HttpResponse<String> aliceOnSecond = post(second, alice, cargo);
      HttpResponse<String> bobOnSecond = post(second, bob, cargo);

      // alice: 10,000 - 50, then 9,950 - 50 on the other gateway (one bucket in Redis, whose
      // clock does not move); bob: his own, 10,000 - 50
      assertThat(aliceOnFirst.headers().firstValue("X-RateLimit-Remaining")).hasValue("9950");
      assertThat(aliceOnSecond.headers().firstValue("X-RateLimit-Remaining")).hasValue("9900");
      assertThat(bobOnSecond.headers().firstValue("X-RateLimit-Remaining")).hasValue("9950");
    }
  }

  private static HttpResponse<String> post(GatewayHarness gateway, String token, DocumentHash id) {
    return gateway.send(
        gateway
            .request("/graphql", null)
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    GatewayHarness.json(Map.of("documentId", id.hex()))))
            .build());
  }

  /** Keys under a fresh prefix, so runs sharing one Redis never share a bucket. */
  private record Prefixed(BudgetLedger ledger, String prefix) implements BudgetLedger {
    @Override
    public BudgetCharge charge(String key, Budget budget, long cost) {
      return ledger.charge(prefix + key, budget, cost);
    }

    @Override
    public @Nullable BudgetCharge balance(String key, Budget budget) {
      return ledger.balance(prefix + key, budget);
    }

    @Override
    public BudgetCharge refund(String key, Budget budget, long units) {
      return ledger.refund(prefix + key, budget, units);
    }
  }
}
