package dev.tollgate.registry.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.admission.AdmittedOperation;
import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.admission.UpstreamRequest;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * A cached body, spliced with each request's extensions, is byte for byte what GatewayBodies
 * serialises.
 */
final class CachedResponseTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /* ---- body ---- */

  @Test
  void body_plainData_sameBytesAsWholeSerialisation() {
    Map<String, @Nullable Object> upstream =
        body(Map.of("cargo", Map.of("id", "c-1", "legs", List.of(1, 2))), null);

    assertSameAsWhole(upstream, admitted(3, 1000, 9997));
  }

  @Test
  void body_upstreamExtensionsAndAwkwardText_sameBytesAsWholeSerialisation() {
    Map<String, @Nullable Object> data = new LinkedHashMap<>();
    data.put("note", "control \u0001\u0002 chars, quotes \" and unicode é ✓ 𝄞");
    data.put("empty", null);
    Map<String, @Nullable Object> theirs = new LinkedHashMap<>();
    theirs.put("cost", "theirs");
    theirs.put("tracing", Map.of("ms", 4));
    theirs.put("rateLimit", List.of());

    assertSameAsWhole(body(data, theirs), admitted(12, 5000, 0));
  }

  @Test
  void body_laterRequest_carriesItsOwnCostAndRateLimit() {
    Map<String, @Nullable Object> upstream = body(Map.of("cargo", Map.of("id", "c-1")), null);
    CachedResponse cached = CachedResponse.of(JSON, upstream, admitted(3, 1000, 9997), 0);

    Decision.Admitted later = admitted(3, 2000, 123_456_789_012L);

    assertThat(new String(cached.body(later), StandardCharsets.UTF_8))
        .isEqualTo(new String(whole(upstream, later), StandardCharsets.UTF_8));
  }

  @Test
  void body_measureModeBreach_sameBytesAsWholeSerialisation() {
    Map<String, @Nullable Object> upstream = body(Map.of("cargo", Map.of("id", "c-1")), null);

    assertSameAsWhole(upstream, admitted(1_051, 1000, 8_949, "COST_ESTIMATED_TOO_EXPENSIVE"));
  }

  /* ---- etag ---- */

  @Test
  void etag_sameAsHashOfBodyWithoutRateLimit() {
    Map<String, @Nullable Object> upstream =
        body(Map.of("cargo", Map.of("id", "c-1")), Map.of("upstream", "x"));
    Decision.Admitted admitted = admitted(3, 1000, 9997);

    CachedResponse cached = CachedResponse.of(JSON, upstream, admitted, 0);

    assertThat(cached.etag(admitted)).isEqualTo(wholeEtag(upstream, admitted));
    assertThat(cached.etag(admitted(3, 1000, 5))).isEqualTo(cached.etag(admitted));
  }

  @Test
  void etag_otherCostLimit_hashOfItsOwnBody() {
    Map<String, @Nullable Object> upstream = body(Map.of("cargo", Map.of("id", "c-1")), null);
    CachedResponse cached = CachedResponse.of(JSON, upstream, admitted(3, 1000, 9997), 0);

    Decision.Admitted other = admitted(3, 5000, 9997);

    assertThat(cached.etag(other))
        .isEqualTo(wholeEtag(upstream, other))
        .isNotEqualTo(cached.etag(admitted(3, 1000, 1)));
  }

  @Test
  void etag_laterRequestWithABreach_hashOfItsOwnBody() {
    Map<String, @Nullable Object> upstream = body(Map.of("cargo", Map.of("id", "c-1")), null);
    CachedResponse cached = CachedResponse.of(JSON, upstream, admitted(3, 1000, 9997), 0);

    Decision.Admitted measured = admitted(3, 1000, 9997, "MAX_DEPTH_EXCEEDED");

    assertThat(cached.etag(measured))
        .isEqualTo(wholeEtag(upstream, measured))
        .isNotEqualTo(cached.etag(admitted(3, 1000, 1)));
    assertThat(new String(cached.body(measured), StandardCharsets.UTF_8))
        .isEqualTo(new String(whole(upstream, measured), StandardCharsets.UTF_8));
  }

  private static void assertSameAsWhole(
      Map<String, @Nullable Object> upstream, Decision.Admitted admitted) {
    CachedResponse cached = CachedResponse.of(JSON, upstream, admitted, 0);

    assertThat(Arrays.equals(cached.body(admitted), whole(upstream, admitted)))
        .as(
            "%s%nvs%n%s",
            new String(cached.body(admitted), StandardCharsets.UTF_8),
            new String(whole(upstream, admitted), StandardCharsets.UTF_8))
        .isTrue();
    assertThat(cached.etag(admitted)).isEqualTo(wholeEtag(upstream, admitted));
  }

  private static byte[] whole(Map<String, @Nullable Object> upstream, Decision.Admitted admitted) {
    return bytes(GatewayBodies.result(upstream, admitted));
  }

  private static String wholeEtag(
      Map<String, @Nullable Object> upstream, Decision.Admitted admitted) {
    return GatewayHeaders.etag(
        bytes(GatewayBodies.withoutRateLimit(GatewayBodies.result(upstream, admitted))));
  }

  private static Map<String, @Nullable Object> body(
      Map<String, @Nullable Object> data, @Nullable Map<String, @Nullable Object> extensions) {
    Map<String, @Nullable Object> body = new LinkedHashMap<>();
    body.put("data", data);
    if (extensions != null) {
      body.put("extensions", extensions);
    }
    return body;
  }

  private static Decision.Admitted admitted(long cost, long maxCost, long remaining) {
    return admitted(cost, maxCost, remaining, null);
  }

  private static Decision.Admitted admitted(
      long cost, long maxCost, long remaining, @Nullable String wouldRefuse) {
    AdmittedOperation operation =
        new AdmittedOperation(
            new UpstreamRequest("{ cargo { id } }", null, Map.of()),
            OperationKind.QUERY,
            cost,
            true,
            wouldRefuse,
            DocumentHash.of("{ cargo { id } }"),
            true);
    return new Decision.Admitted(
        List.of(operation), cost, maxCost, new BudgetCharge(true, cost, remaining, 42, 0, 10_000));
  }

  private static byte[] bytes(Object value) {
    try {
      return JSON.writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      throw new AssertionError(e);
    }
  }
}
