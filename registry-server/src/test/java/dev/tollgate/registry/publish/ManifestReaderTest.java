package dev.tollgate.registry.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.error.TollgateException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

final class ManifestReaderTest {

  /* ---- read ---- */

  @Test
  void read_apolloManifest_entriesInOrder() {
    List<ManifestEntry> entries =
        read(
            """
        {"format":"apollo-persisted-query-manifest","version":1,"operations":[
          {"id":"x","name":"A","type":"query","body":"query A { a }"},
          {"id":"y","name":"B","type":"query","body":"query B { b }"}]}""");

    assertThat(entries)
        .containsExactly(
            new ManifestEntry("x", "A", "query A { a }"),
            new ManifestEntry("y", "B", "query B { b }"));
  }

  @Test
  void read_map_entriesInOrder() {
    assertThat(read("{\"k1\":\"query A { a }\",\"k2\":\"query B { b }\"}"))
        .containsExactly(
            new ManifestEntry("k1", null, "query A { a }"),
            new ManifestEntry("k2", null, "query B { b }"));
  }

  @Test
  void read_notJson_malformedJson() {
    assertCode("{\"a\":", "MALFORMED_JSON");
    assertCode("", "MALFORMED_JSON");
    assertCode("{} {}", "MALFORMED_JSON");
    assertCode("{\"a\":\"x\",\"a\":\"y\"}", "MALFORMED_JSON");
  }

  @Test
  void read_notAnObject_malformedManifest() {
    assertCode("[1,2]", "MALFORMED_MANIFEST");
    assertCode("{\"k\":1}", "MALFORMED_MANIFEST");
    assertCode(
        "{\"format\":\"apollo-persisted-query-manifest\",\"version\":1,\"operations\":[{\"id\":\"x\"}]}",
        "MALFORMED_MANIFEST");
  }

  @Test
  void read_unknownFormatOrVersion_refused() {
    assertCode(
        "{\"format\":\"relay\",\"version\":1,\"operations\":[]}", "UNSUPPORTED_MANIFEST_FORMAT");
    assertCode("{\"operations\":[]}", "UNSUPPORTED_MANIFEST_FORMAT");
    assertCode(
        "{\"format\":\"apollo-persisted-query-manifest\",\"version\":2,\"operations\":[]}",
        "UNSUPPORTED_MANIFEST_VERSION");
  }

  @Test
  void read_empty_emptyManifest() {
    assertCode("{}", "EMPTY_MANIFEST");
    assertCode(
        "{\"format\":\"apollo-persisted-query-manifest\",\"version\":1,\"operations\":[]}",
        "EMPTY_MANIFEST");
  }

  /* ---- distinct ---- */

  @Test
  void distinct_hashIdOfOtherBody_namesEveryMismatch() {
    String wrong = DocumentHash.of("other").hex();
    String wrongPrefixed = "sha256:" + DocumentHash.of("another").hex();
    List<ManifestEntry> entries =
        List.of(
            new ManifestEntry(wrong, null, "query A { a }"),
            new ManifestEntry(wrongPrefixed, null, "query B { b }"));

    assertThatThrownBy(() -> ManifestDocument.distinct(entries))
        .isInstanceOfSatisfying(
            TollgateException.class,
            e -> {
              assertThat(e.code()).isEqualTo("DOCUMENT_ID_MISMATCH");
              assertThat(e.extensions().get("ids")).isEqualTo(List.of(wrong, wrongPrefixed));
            })
        .hasMessageContaining(wrong);
  }

  @Test
  void distinct_labelsAndDuplicates_oneDocumentPerBody() {
    String body = "query A { a }";
    List<ManifestEntry> entries =
        List.of(
            new ManifestEntry("relay-1", null, body),
            new ManifestEntry(
                DocumentHash.of(body).hex().toUpperCase(java.util.Locale.ROOT), null, body),
            new ManifestEntry(null, null, "query B { b }"));

    List<ManifestDocument> documents = ManifestDocument.distinct(entries);

    assertThat(documents)
        .extracting(ManifestDocument::hash)
        .containsExactly(DocumentHash.of(body), DocumentHash.of("query B { b }"));
    assertThat(documents.get(0).clientId()).isEqualTo("relay-1");
  }

  private static List<ManifestEntry> read(String json) {
    return ManifestReader.read(json.getBytes(StandardCharsets.UTF_8));
  }

  private static void assertCode(String json, String code) {
    assertThatThrownBy(() -> read(json))
        .isInstanceOfSatisfying(TollgateException.class, e -> assertThat(e.code()).isEqualTo(code));
  }
}
