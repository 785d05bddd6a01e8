package dev.tollgate.registry.admission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.error.ErrorCode;
import org.junit.jupiter.api.Test;

final class OpenTextBoundsTest {

  private static final int MAX_BYTES = 128 * 1024;

  @Test
  void refusal_longComment_tooLargeWithItsByteCount() {
    // 'é' is two UTF-8 bytes
    String text = "{ a } #" + "é".repeat(70_000);

    Refusal refusal = OpenTextBounds.refusal(text, MAX_BYTES);

    assertThat(refusal).isNotNull();
    assertThat(refusal.errorCode()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    // 7 ASCII bytes + 70,000 × 2
    assertThat(refusal.message()).endsWith("got 140007");
  }

  @Test
  void refusal_multiByteTextUnderTheCap_accepted() {
    // 60,000 × 2 + 7 = 120,007 bytes: more chars than a third of the cap, fewer bytes than it
    String text = "{ a } #" + "é".repeat(60_000);

    assertThat(OpenTextBounds.refusal(text, MAX_BYTES)).isNull();
  }

  @Test
  void refusal_asciiOneByteOverTheCap_refusedWithItsLength() {
    String text = "#" + "x".repeat(MAX_BYTES); // 131,073 bytes, one over the cap

    Refusal refusal = OpenTextBounds.refusal(text, MAX_BYTES);

    assertThat(refusal).isNotNull();
    assertThat(refusal.message()).endsWith("got 131073");
  }
}
