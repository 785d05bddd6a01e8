package dev.tollgate.registry.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.document.Sha256;
import dev.tollgate.registry.upstream.UpstreamSettings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The digest the response cache keys on, and the Vary that names its headers. */
final class CacheKeyHeadersTest {

  private final CacheKeyHeaders headers =
      new CacheKeyHeaders(List.of("authorization", "cookie", "x-tenant-id"));

  @Test
  void digest_noKeyedHeader_empty() {
    assertThat(headers.digest(Map.of("accept", List.of("*/*"), "x-api-key", List.of("k"))))
        .isEmpty();
  }

  @Test
  void digest_sameCredentials_same() {
    assertThat(headers.digest(Map.of("authorization", List.of("Bearer alice"))))
        .isEqualTo(headers.digest(Map.of("authorization", List.of("Bearer alice"))))
        .hasSize(64);
  }

  @Test
  void digest_lengthPrefixedInput_isTheSha256OfIt() {
    // "authorization" (13 chars), one value, "Bearer alice" (12 chars)
    assertThat(headers.digest(Map.of("authorization", List.of("Bearer alice"))))
        .isEqualTo(Sha256.hex("13:authorization1:12:Bearer alice"));
  }

  @Test
  void digest_otherValueOrOtherHeader_differs() {
    String alice = headers.digest(Map.of("authorization", List.of("Bearer alice")));

    assertThat(headers.digest(Map.of("authorization", List.of("Bearer bob")))).isNotEqualTo(alice);
    assertThat(headers.digest(Map.of("cookie", List.of("Bearer alice")))).isNotEqualTo(alice);
    assertThat(
            headers.digest(
                Map.of("authorization", List.of("Bearer alice"), "x-tenant-id", List.of("1"))))
        .isNotEqualTo(alice);
    assertThat(headers.digest(Map.of("authorization", List.of("Bearer alice", "x"))))
        .isNotEqualTo(alice);
  }

  @Test
  void digest_repeatedThenAlternated_eachInputItsOwnSha256() {
    // the thread remembers its last input: the same credential again, then another of the same
    // length, then the first once more, must each get the SHA-256 of their own input
    Map<String, List<String>> alice = Map.of("authorization", List.of("Bearer alice"));
    Map<String, List<String>> carol = Map.of("authorization", List.of("Bearer carol"));
    String aliceDigest = Sha256.hex("13:authorization1:12:Bearer alice");
    String carolDigest = Sha256.hex("13:authorization1:12:Bearer carol");

    assertThat(headers.digest(alice)).isEqualTo(aliceDigest);
    assertThat(headers.digest(alice)).isEqualTo(aliceDigest);
    assertThat(headers.digest(carol)).isEqualTo(carolDigest);
    assertThat(headers.digest(Map.of())).isEmpty();
    assertThat(headers.digest(alice)).isEqualTo(aliceDigest);
  }

  @Test
  void digest_sameValuesThroughAnotherListOfNames_itsOwnSha256() {
    // the thread's last values were remembered by `headers`; another instance keying on cookie
    // alone must not take that digest for the same map
    Map<String, List<String>> both =
        Map.of("authorization", List.of("Bearer alice"), "cookie", List.of("a=1"));
    CacheKeyHeaders cookieOnly = new CacheKeyHeaders(List.of("cookie"));

    String first = headers.digest(both);

    // "cookie" (6 chars), one value, "a=1" (3 chars)
    assertThat(cookieOnly.digest(both))
        .isEqualTo(Sha256.hex("6:cookie1:3:a=1"))
        .isNotEqualTo(first);
    assertThat(headers.digest(both)).isEqualTo(first);
  }

  @Test
  void digest_valuesSplitDifferently_differ() {
    assertThat(headers.digest(Map.of("cookie", List.of("a=1", "b=2"))))
        .isNotEqualTo(headers.digest(Map.of("cookie", List.of("a=1b=2"))));
  }

  @Test
  void digest_unlistedHeader_ignored() {
    assertThat(headers.digest(Map.of("x-other", List.of("1")))).isEmpty();
  }

  @Test
  void vary_namesKeyAcceptAndEveryKeyedHeader() {
    assertThat(headers.vary()).isEqualTo("X-API-Key, Accept, Authorization, Cookie, X-Tenant-Id");
    assertThat(new CacheKeyHeaders(List.of("authorization", "cookie", "accept")).vary())
        .isEqualTo("X-API-Key, Accept, Authorization, Cookie");
  }

  @Test
  void of_defaultUpstream_keysOnAcceptLanguageNotOnTracing() {
    CacheKeyHeaders defaults = CacheKeyHeaders.of(UpstreamSettings.DEFAULTS);

    assertThat(defaults.names()).containsExactly("authorization", "cookie", "accept-language");
    assertThat(defaults.vary())
        .isEqualTo("X-API-Key, Accept, Authorization, Cookie, Accept-Language");
    assertThat(defaults.digest(Map.of("x-request-id", List.of("r-1"), "traceparent", List.of("t"))))
        .isEmpty();
    assertThat(defaults.digest(Map.of("accept-language", List.of("fr")))).hasSize(64);
  }

  @Test
  void of_forwardedCustomHeaderWithoutVaryEntry_keyedAndNamedBeforeTheVaryHeaders() {
    UpstreamSettings upstream =
        UpstreamSettings.DEFAULTS
            .withTimeoutMillis(1_000)
            .withHeaderRules(
                List.of("x-user", "traceparent"), Map.of(), true, List.of(), List.of("x-tenant"));

    CacheKeyHeaders keyed = CacheKeyHeaders.of(upstream);

    // authorization and cookie always, then the forwarded x-user (traceparent is unkeyed by
    // default), then varyHeaders
    assertThat(keyed.names()).containsExactly("authorization", "cookie", "x-user", "x-tenant");
    assertThat(keyed.vary())
        .isEqualTo("X-API-Key, Accept, Authorization, Cookie, X-User, X-Tenant");
  }
}
