package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.admission.AdmissionRequest;
import dev.tollgate.registry.admission.TextLimit;
import dev.tollgate.registry.admission.Transport;
import dev.tollgate.registry.http.GatewayRequestReader.ParsedRequest;
import java.io.ByteArrayInputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The streaming reader on its own: what a body becomes, and what a text over the caller's token
 * limit does not become (a String).
 */
final class GatewayRequestReaderTest {

  /** The book's token limit, with the default open-mode size cap (128 KiB). */
  private static final TextLimit OPEN = new TextLimit(5000, 131_072);

  private final GatewayRequestReader reader = new GatewayRequestReader(1_000_000, false);

  /* ---- the token limit ---- */

  @Test
  void readPost_textOverTheLimit_notKept() {
    // "{", 10,000 names, "}" and the end of file: 10,003 tokens > 5,000, in 20,003 chars (counted:
    // over 16 KiB)
    String flood = "{" + " a".repeat(10_000) + " }";

    AdmissionRequest request = single(post("{\"query\":\"" + flood + "\"}", OPEN));

    assertThat(request.query()).isNull();
    assertThat(request.textOverTokens()).isEqualTo(5000);
  }

  @Test
  void readPost_textAtTheLimit_kept() {
    // "{", 4,997 names, "}" and the end of file: exactly 5,000 tokens
    String text = "{" + " a".repeat(4997) + " }";

    AdmissionRequest request = single(post("{\"query\":\"" + text + "\"}", OPEN));

    assertThat(request.query()).isEqualTo(text);
    assertThat(request.textOverTokens()).isZero();
  }

  @Test
  void readPost_escapedTextOverTheLimit_countedAsDecoded() {
    // the same flood written with JSON escapes ("\n" between names): 10,003 tokens as decoded
    String flood = "{" + "\\na".repeat(10_000) + "\\n}";

    AdmissionRequest request = single(post("{\"query\":\"" + flood + "\"}", OPEN));

    assertThat(request.textOverTokens()).isEqualTo(5000);
  }

  @Test
  void readPost_floodUnder16KiB_leftToTheHashAndItsCachedRefusal() {
    // 6,003 tokens in 12,003 chars: over the limit, but shorter than 16 KiB
    String flood = "{" + " a".repeat(6000) + " }";

    AdmissionRequest request = single(post("{\"query\":\"" + flood + "\"}", OPEN));

    assertThat(request.query()).isEqualTo(flood);
  }

  @Test
  void readPost_noLimit_floodKeptForAdmission() {
    String flood = "{" + " a".repeat(10_000) + " }";

    AdmissionRequest request = single(post("{\"query\":\"" + flood + "\"}", TextLimit.NONE));

    assertThat(request.query()).isEqualTo(flood);
    assertThat(request.textOverTokens()).isZero();
  }

  @Test
  void readPost_floodOverTheSizeCap_keptForItsSizeRefusal() {
    // 10,003 tokens in 20,003 bytes, over a 10,000-byte cap: admission refuses it as too large
    String flood = "{" + " a".repeat(10_000) + " }";

    AdmissionRequest request =
        single(post("{\"query\":\"" + flood + "\"}", new TextLimit(5000, 10_000)));

    assertThat(request.query()).isEqualTo(flood);
  }

  @Test
  void readPost_batchWithOneFlood_onlyThatElementCut() {
    String flood = "{" + " a".repeat(10_000) + " }";

    ParsedRequest parsed =
        post("[{\"query\":\"{ a }\"},{\"query\":\"" + flood + "\"},{\"documentId\":\"x1\"}]", OPEN);

    assertThat(parsed.batch()).isTrue();
    assertThat(parsed.operations())
        .extracting(AdmissionRequest::textOverTokens)
        .containsExactly(0, 5000, 0);
    assertThat(parsed.operations().get(0).query()).isEqualTo("{ a }");
    assertThat(parsed.operations().get(2).alias()).isEqualTo("x1");
  }

  @Test
  void readGet_floodParameter_notKept() {
    String flood = "{" + " a".repeat(10_000) + " }";

    ParsedRequest parsed = reader.readGet(Map.of("query", List.of(flood)), OPEN);

    assertThat(single(parsed).query()).isNull();
    assertThat(single(parsed).textOverTokens()).isEqualTo(5000);
  }

  /* ---- the fields ---- */

  @Test
  void readPost_variables_boundAsJacksonBindsObject() {
    // 2^31 is a Long, 2^63 a BigInteger; 1.5 a Double; objects keep their order
    String body =
        "{\"query\":\"{ a }\",\"variables\":{\"i\":1,\"l\":2147483648,\"b\":9223372036854775808,"
            + "\"d\":1.5,\"s\":\"x\",\"t\":true,\"n\":null,\"o\":{\"z\":1,\"y\":[1,\"2\"]}}}";

    Map<String, Object> variables = single(post(body, OPEN)).variables();

    Map<String, Object> nested = new LinkedHashMap<>();
    nested.put("z", 1);
    nested.put("y", List.of(1, "2"));
    Map<String, Object> expected = new LinkedHashMap<>();
    expected.put("i", 1);
    expected.put("l", 2147483648L);
    expected.put("b", new BigInteger("9223372036854775808"));
    expected.put("d", 1.5);
    expected.put("s", "x");
    expected.put("t", true);
    expected.put("n", null);
    expected.put("o", nested);
    assertThat(variables).containsExactlyEntriesOf(expected);
    List<Object> keys = List.copyOf(((Map<?, ?>) variables.get("o")).keySet());
    assertThat(keys).containsExactly("z", "y");
  }

  @Test
  void readPost_unknownFieldsSkipped_persistedHashRead() {
    String hash = "a".repeat(64);
    String body =
        "{\"other\":{\"query\":[1,{\"x\":2}]},\"operationName\":\"Q\",\"extensions\":"
            + "{\"persistedQuery\":{\"version\":1,\"sha256Hash\":\""
            + hash
            + "\"},\"more\":[true]}}";

    AdmissionRequest request = single(post(body, OPEN));

    assertThat(request.id()).isNotNull();
    assertThat(request.id().hex()).isEqualTo(hash);
    assertThat(request.operationName()).isEqualTo("Q");
    assertThat(request.query()).isNull();
  }

  @Test
  void readPost_duplicateField_notValidJson() {
    assertThatThrownBy(() -> post("{\"query\":\"{ a }\",\"query\":\"{ b }\"}", OPEN))
        .isInstanceOf(GatewayRequestException.class)
        .hasMessageStartingWith("request body is not valid JSON: Duplicate field 'query'");
  }

  @Test
  void readPost_wrongTypeBeforeMalformedTail_malformedWins() {
    // the tree reader failed on the JSON before looking at any field: so does this one
    assertThatThrownBy(() -> post("{\"query\":42,\"variables\":{", OPEN))
        .isInstanceOf(GatewayRequestException.class)
        .hasMessageStartingWith("request body is not valid JSON");
  }

  @Test
  void readPost_rawLineBreakInQuery_notValidJsonThoughReadFromTheBytes() {
    // the text is read from the body's bytes before Jackson decodes it; Jackson still checks it
    assertThatThrownBy(() -> post("{\"query\":\"{ a\n }\"}", OPEN))
        .isInstanceOf(GatewayRequestException.class)
        .hasMessageStartingWith("request body is not valid JSON: Illegal unquoted character");
  }

  @Test
  void readPost_escapedTextWithinTheLimit_keptAsDecoded() {
    // "{", 4,997 names each after a "\n" escape, "}" and the end of file: 5,000 tokens, within the
    // limit, in 1 + 7 * 4,997 + 2 = 34,982 decoded chars (over 16 KiB: counted on the bytes)
    String json = "{" + "\\nabcdef".repeat(4997) + "\\n}";

    AdmissionRequest request = single(post("{\"query\":\"" + json + "\"}", OPEN));

    assertThat(request.query()).hasSize(34_982).isEqualTo(json.replace("\\n", "\n"));
    assertThat(request.textOverTokens()).isZero();
  }

  @Test
  void readPost_secondValue_trailingToken() {
    assertThatThrownBy(() -> post("{\"query\":\"{ a }\"} {}", OPEN))
        .isInstanceOf(GatewayRequestException.class)
        .hasMessage(
            "request body is not valid JSON: Trailing token (of type START_OBJECT) found after"
                + " value");
  }

  private ParsedRequest post(String body, TextLimit limit) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    return reader.readPost(
        "application/json", bytes.length, new ByteArrayInputStream(bytes), Transport.POST, limit);
  }

  private static AdmissionRequest single(ParsedRequest parsed) {
    assertThat(parsed.operations()).hasSize(1);
    return parsed.operations().get(0);
  }
}
