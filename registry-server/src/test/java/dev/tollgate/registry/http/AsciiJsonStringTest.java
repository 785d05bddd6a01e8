package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.document.AsciiText;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A JSON string value read from an ASCII body's bytes, as Jackson would decode it. */
final class AsciiJsonStringTest {

  /* ---- plain ---- */

  @Test
  void at_plainString_viewOfTheBytes() {
    // the value's quote is at 9: {"query": is 9 bytes
    AsciiText text = AsciiJsonString.at(bytes("{\"query\":\"{ a b }\",\"x\":1}"), 9);

    assertThat(text).isNotNull();
    assertThat(text.toString()).isEqualTo("{ a b }");
    assertThat(text.length()).isEqualTo(7);
    assertThat(text.subSequence(2, 5).toString()).isEqualTo("a b");
  }

  @Test
  void at_longerThanAWord_endFoundInTheRightByte() {
    // 20 names: the closing quote lies in the fifth 8-byte word, not at its start
    String value = "{" + " a".repeat(20) + " }";

    AsciiText text = AsciiJsonString.at(bytes("{\"query\":\"" + value + "\"}"), 9);

    assertThat(text).hasToString(value);
  }

  @Test
  void at_notAQuote_null() {
    assertThat(AsciiJsonString.at(bytes("{\"query\":\"{ a }\"}"), 8)).isNull();
  }

  @Test
  void at_noClosingQuote_null() {
    assertThat(AsciiJsonString.at(bytes("{\"query\":\"{ a }"), 9)).isNull();
  }

  /* ---- escapes ---- */

  @Test
  void at_escapes_decodedAsJacksonDecodesThem() {
    String json = "{\"query\":\"{\\n  a(s: \\\"x\\\\y\\/\\u0041\\t)\\r\\b\\f}\\n\"}";

    AsciiText text = AsciiJsonString.at(bytes(json), 9);

    assertThat(text).hasToString("{\n  a(s: \"x\\y/A\t)\r\b\f}\n");
  }

  @Test
  void at_escapeAboveAscii_null() {
    assertThat(AsciiJsonString.at(bytes("{\"query\":\"{ a(s: \\\"\\u00e9\\\") }\"}"), 9)).isNull();
  }

  @Test
  void at_malformedEscape_null() {
    assertThat(AsciiJsonString.at(bytes("{\"query\":\"{ \\x }\"}"), 9)).isNull();
    assertThat(AsciiJsonString.at(bytes("{\"query\":\"{ \\u00G1 }\"}"), 9)).isNull();
    assertThat(AsciiJsonString.at(bytes("{\"query\":\"{ \\u00"), 9)).isNull();
  }

  private static byte[] bytes(String json) {
    return json.getBytes(StandardCharsets.US_ASCII);
  }
}
