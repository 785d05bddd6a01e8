package dev.tollgate.registry.admission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.config.KeyPolicy.Limits;
import dev.tollgate.registry.error.ErrorCode;
import org.junit.jupiter.api.Test;

final class OpenTextBoundsTest {

  private static final int MAX_BYTES = 128 * 1024;

  @Test
  void refusal_bookFlood_tooManyTokensBeforeHashing() {
    // the book's flood: 6,002 name tokens against the book's limit of 5,000
    String flood = "query { " + "__typename ".repeat(6_000) + "}";

    Refusal refusal = OpenTextBounds.refusal(flood, Limits.BOOK, MAX_BYTES);

    assertThat(refusal).isNotNull();
    assertThat(refusal.errorCode()).isEqualTo(ErrorCode.MAX_TOKENS_EXCEEDED);
    assertThat(refusal.message()).contains("5000 tokens");
  }

  @Test
  void refusal_atTheLimit_left_toTheAnalysis() {
    // "{ a a ... }": 2 braces + 4,997 names + end of file = 5,000 tokens, exactly the limit
    String text = "{" + " a".repeat(4_997) + " }";

    assertThat(OpenTextBounds.refusal(text, Limits.BOOK, MAX_BYTES)).isNull();
  }

  @Test
  void refusal_longComment_tooLargeWithItsByteCount() {
    // one comment is one ignored token: only the size refuses it; 'é' is two UTF-8 bytes
    String text = "{ a } #" + "é".repeat(70_000);

    Refusal refusal = OpenTextBounds.refusal(text, Limits.BOOK, MAX_BYTES);

    assertThat(refusal).isNotNull();
    assertThat(refusal.errorCode()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    // 7 ASCII bytes + 70,000 × 2
    assertThat(refusal.message()).endsWith("got 140007");
  }

  @Test
  void refusal_multiByteTextUnderTheCap_accepted() {
    // 60,000 × 2 + 7 = 120,007 bytes: more chars than a third of the cap, fewer bytes than it
    String text = "{ a } #" + "é".repeat(60_000);

    assertThat(OpenTextBounds.refusal(text, Limits.BOOK, MAX_BYTES)).isNull();
  }
}
