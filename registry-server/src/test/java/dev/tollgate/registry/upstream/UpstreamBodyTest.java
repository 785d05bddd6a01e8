package dev.tollgate.registry.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link UpstreamBody}: one streaming pass finds {@code data}, {@code errors} and where {@code
 * extensions} sits; our extensions are written into the upstream's bytes, which stay as they were
 * around them.
 */
final class UpstreamBodyTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectReader READER = UpstreamAnswers.reader(JSON);
  private static final byte[] OURS = bytes("{\"cost\":{\"estimated\":3}}");

  /* ---- read ---- */

  @Test
  void read_dataAndErrors_foundInOnePass() {
    UpstreamBody body = read("{\"data\":{\"a\":[1,2]},\"errors\":[{\"message\":\"x\"}]}");

    assertThat(body.data()).isEqualTo(Map.of("a", List.of(1, 2)));
    assertThat(body.hasErrors()).isTrue();
    assertThat(body.dataOrErrors()).isTrue();
    assertThat(body.spliceable()).isTrue();
  }

  @Test
  void read_errorsNull_noErrors() {
    UpstreamBody body = read("{\"data\":null,\"errors\":null}");

    assertThat(body.data()).isNull();
    assertThat(body.hasErrors()).isFalse();
    assertThat(body.dataOrErrors()).isTrue();
  }

  @Test
  void read_neitherDataNorErrors_notAGraphqlResponse() {
    assertThat(read("{\"other\":1}").dataOrErrors()).isFalse();
  }

  @Test
  void read_notJsonOrNotAnObjectOrCutShort_null() {
    assertThat(UpstreamBody.read(READER, bytes("<html>"))).isNull();
    assertThat(UpstreamBody.read(READER, bytes("[1,2]"))).isNull();
    assertThat(UpstreamBody.read(READER, bytes("{\"data\":{\"a\":"))).isNull();
    assertThat(UpstreamBody.read(READER, bytes("{\"data\":{\"a\":1}"))).isNull();
  }

  /* ---- withExtensions ---- */

  @Test
  void withExtensions_none_addedAsTheLastMemberKeepingTheBytes() {
    UpstreamBody body = read("{ \"data\" : {\"n\": 1.50} }\n");

    assertThat(text(body.withExtensions(OURS)))
        .isEqualTo("{ \"data\" : {\"n\": 1.50} ,\"extensions\":{\"cost\":{\"estimated\":3}}}\n");
    assertThat(body.extensions()).isNull();
  }

  @Test
  void withExtensions_theirsFirst_replacedInPlace() {
    UpstreamBody body = read("{\"extensions\":{\"trace\":{\"ms\":2}},\"data\":{\"n\":1}}");

    assertThat(body.extensions()).isEqualTo(Map.of("trace", Map.of("ms", 2)));
    assertThat(text(body.withExtensions(OURS)))
        .isEqualTo("{\"extensions\":{\"cost\":{\"estimated\":3}},\"data\":{\"n\":1}}");
  }

  @Test
  void withExtensions_theirsNull_replacedInPlace() {
    UpstreamBody body = read("{\"data\":{\"n\":1},\"extensions\":null}");

    assertThat(body.extensions()).isNull();
    assertThat(text(body.withExtensions(OURS)))
        .isEqualTo("{\"data\":{\"n\":1},\"extensions\":{\"cost\":{\"estimated\":3}}}");
  }

  @Test
  void withExtensions_errorsOnly_addedAfterThem() {
    UpstreamBody body = read("{\"errors\":[{\"message\":\"}\"}]}");

    assertThat(text(body.withExtensions(OURS)))
        .isEqualTo(
            "{\"errors\":[{\"message\":\"}\"}],\"extensions\":{\"cost\":{\"estimated\":3}}}");
  }

  @Test
  void withExtensions_repeatedOrNotAnObject_notSpliceableButReadWhole() {
    UpstreamBody repeated = read("{\"data\":{\"n\":1},\"extensions\":{},\"extensions\":{\"a\":1}}");
    UpstreamBody string = read("{\"data\":{\"n\":1},\"extensions\":\"x\"}");

    assertThat(repeated.spliceable()).isFalse();
    assertThat(repeated.extensions()).isEqualTo(Map.of("a", 1));
    assertThat(string.spliceable()).isFalse();
    assertThat(string.extensions()).isNull();
    assertThatThrownBy(() -> string.withExtensions(OURS)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void of_map_notSpliceable() {
    UpstreamBody body = UpstreamBody.of(Map.of("data", Map.of("n", 1)));

    assertThat(body.spliceable()).isFalse();
    assertThat(body.data()).isEqualTo(Map.of("n", 1));
    assertThat(body.asMap()).containsOnlyKeys("data");
  }

  private static UpstreamBody read(String json) {
    UpstreamBody body = UpstreamBody.read(READER, bytes(json));
    assertThat(body).as(json).isNotNull();
    return body;
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
