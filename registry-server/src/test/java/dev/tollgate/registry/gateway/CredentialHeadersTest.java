package dev.tollgate.registry.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.document.Sha256;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The digest the response cache keys on, and the Vary that names its headers. */
final class CredentialHeadersTest {

  private final CredentialHeaders headers = new CredentialHeaders(List.of("x-tenant-id"));

  @Test
  void digest_noCredentialHeader_empty() {
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
  void digest_valuesSplitDifferently_differ() {
    assertThat(headers.digest(Map.of("cookie", List.of("a=1", "b=2"))))
        .isNotEqualTo(headers.digest(Map.of("cookie", List.of("a=1b=2"))));
  }

  @Test
  void digest_unlistedHeader_ignored() {
    assertThat(headers.digest(Map.of("x-other", List.of("1")))).isEmpty();
  }

  @Test
  void vary_namesKeyAcceptAndEveryCredentialHeader() {
    assertThat(headers.vary()).isEqualTo("X-API-Key, Accept, Authorization, Cookie, X-Tenant-Id");
    assertThat(new CredentialHeaders(List.of("cookie", "accept")).vary())
        .isEqualTo("X-API-Key, Accept, Authorization, Cookie");
  }
}
