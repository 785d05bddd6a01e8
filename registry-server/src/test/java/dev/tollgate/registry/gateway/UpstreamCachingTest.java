package dev.tollgate.registry.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What an upstream's response headers allow the gateway's cache. */
final class UpstreamCachingTest {

  private static final List<String> KEYED = List.of("authorization", "cookie", "x-tenant");

  @Test
  void of_noHeaders_anyAge() {
    assertThat(UpstreamCaching.of(Map.of(), KEYED)).isEqualTo(UpstreamCaching.ANY);
    assertThat(UpstreamCaching.ANY.maxAge(60)).isEqualTo(60);
  }

  @Test
  void of_setCookie_never() {
    assertThat(
            UpstreamCaching.of(
                Map.of(
                    "set-cookie",
                    List.of("session=abc; HttpOnly"),
                    "cache-control",
                    List.of("max-age=60")),
                KEYED))
        .isEqualTo(UpstreamCaching.NEVER);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"private", "no-store", "no-cache", "max-age=60, PRIVATE", "public, no-store"})
  void of_privateOrNoStore_never(String cacheControl) {
    assertThat(UpstreamCaching.of(Map.of("Cache-Control", List.of(cacheControl)), KEYED))
        .isEqualTo(UpstreamCaching.NEVER);
  }

  @Test
  void of_maxAge_theShorterWins() {
    UpstreamCaching caching =
        UpstreamCaching.of(Map.of("Cache-Control", List.of("public, max-age=10")), KEYED);

    assertThat(caching.cacheable()).isTrue();
    assertThat(caching.maxAge(60)).isEqualTo(10);
    assertThat(caching.maxAge(4)).isEqualTo(4);
  }

  @Test
  void of_sharedMaxAge_overridesMaxAge() {
    assertThat(
            UpstreamCaching.of(Map.of("cache-control", List.of("max-age=30, s-maxage=7")), KEYED)
                .maxAge(60))
        .isEqualTo(7);
  }

  @Test
  void of_malformedMaxAge_zero() {
    assertThat(
            UpstreamCaching.of(Map.of("cache-control", List.of("max-age=soon")), KEYED).maxAge(60))
        .isZero();
  }

  @Test
  void of_varyOnKeyedHeader_cacheable() {
    assertThat(
            UpstreamCaching.of(Map.of("Vary", List.of("Authorization, X-Tenant", "Accept")), KEYED)
                .cacheable())
        .isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"*", "Accept-Language", "authorization, x-user"})
  void of_varyOnUnkeyedHeader_never(String vary) {
    assertThat(UpstreamCaching.of(Map.of("Vary", List.of(vary)), KEYED))
        .isEqualTo(UpstreamCaching.NEVER);
  }
}
