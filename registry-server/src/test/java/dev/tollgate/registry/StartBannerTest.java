package dev.tollgate.registry;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The banner's first line: where the server listens, and who can reach it. */
final class StartBannerTest {

  @Test
  void where_loopback_thisMachineOnly() {
    assertThat(StartBanner.where("127.0.0.1", 8080))
        .isEqualTo("http://127.0.0.1:8080 (this machine only)");
    assertThat(StartBanner.where("localhost", 8080))
        .isEqualTo("http://localhost:8080 (this machine only)");
    assertThat(StartBanner.where("::1", 8080)).isEqualTo("http://[::1]:8080 (this machine only)");
  }

  @Test
  void where_anyAddress_allInterfaces() {
    assertThat(StartBanner.where("0.0.0.0", 8080))
        .isEqualTo("http://0.0.0.0:8080 (all interfaces)");
    assertThat(StartBanner.where("::", 8080)).isEqualTo("http://[::]:8080 (all interfaces)");
  }

  @Test
  void where_oneAddress_asItIs() {
    // TEST-NET-3 (RFC 5737): a literal, so nothing is looked up
    assertThat(StartBanner.where("203.0.113.7", 9000)).isEqualTo("http://203.0.113.7:9000");
  }
}
