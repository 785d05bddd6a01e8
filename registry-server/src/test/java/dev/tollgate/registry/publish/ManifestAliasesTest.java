package dev.tollgate.registry.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.error.TollgateException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class ManifestAliasesTest {

  private static final String A = "query A { a }";
  private static final String B = "query B { b }";

  @Test
  void of_customAndHashIds_onlyCustomIdsSorted() {
    List<ManifestEntry> entries =
        List.of(
            new ManifestEntry("zz-relay", null, A),
            new ManifestEntry(DocumentHash.of(B).prefixed(), null, B),
            new ManifestEntry("aa-relay", null, B),
            new ManifestEntry(null, null, A));

    Map<String, DocumentHash> aliases = ManifestAliases.of(entries);

    assertThat(aliases.keySet()).containsExactly("aa-relay", "zz-relay");
    assertThat(aliases).containsEntry("zz-relay", DocumentHash.of(A));
    assertThat(aliases).containsEntry("aa-relay", DocumentHash.of(B));
  }

  @Test
  void of_sameIdSameBodyTwice_oneAlias() {
    assertThat(
            ManifestAliases.of(
                List.of(new ManifestEntry("x", null, A), new ManifestEntry("x", null, A))))
        .isEqualTo(Map.of("x", DocumentHash.of(A)));
  }

  @Test
  void of_sameIdTwoBodies_aliasConflictNamingBoth() {
    List<ManifestEntry> entries =
        List.of(new ManifestEntry("x", "A", A), new ManifestEntry("x", "B", B));

    assertThatThrownBy(() -> ManifestAliases.of(entries))
        .isInstanceOfSatisfying(
            TollgateException.class,
            e -> {
              assertThat(e.code()).isEqualTo("ALIAS_CONFLICT");
              assertThat(e.errorCode().status()).isEqualTo(409);
              assertThat(e.extensions().get("ids"))
                  .isEqualTo(List.of(DocumentHash.of(A).hex(), DocumentHash.of(B).hex()));
            })
        .hasMessageContaining("custom document id x");
  }

  @Test
  void of_invalidIds_invalidDocumentIdListingEach() {
    List<ManifestEntry> entries =
        List.of(new ManifestEntry("", null, A), new ManifestEntry("line\nbreak", null, B));

    assertThatThrownBy(() -> ManifestAliases.of(entries))
        .isInstanceOfSatisfying(
            TollgateException.class,
            e -> {
              assertThat(e.code()).isEqualTo("INVALID_DOCUMENT_ID");
              assertThat(e.extensions().get("ids")).isEqualTo(List.of("", "line\\u000abreak"));
            })
        .hasMessageStartingWith("2 id(s) are not 1 to 200 printable ASCII characters");
  }

  @Test
  void fingerprint_withoutCustomIds_unchangedAndWithThemDifferent() {
    List<ManifestDocument> documents =
        ManifestDocument.distinct(List.of(new ManifestEntry(null, null, A)));

    assertThat(ManifestFingerprint.of(documents, Map.of()))
        .isEqualTo(ManifestFingerprint.of(documents));
    assertThat(ManifestFingerprint.of(documents, Map.of("x", DocumentHash.of(A))))
        .isNotEqualTo(ManifestFingerprint.of(documents))
        .isNotEqualTo(ManifestFingerprint.of(documents, Map.of("y", DocumentHash.of(A))));
  }
}
