package dev.tollgate.registry.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

final class DocumentIdsTest {

  @Test
  void isValid_printableAsciiUpTo200_true() {
    assertThat(DocumentIds.isValid("a")).isTrue();
    assertThat(DocumentIds.isValid(" ~")).isTrue(); // 0x20 and 0x7e, the two ends
    assertThat(DocumentIds.isValid("x".repeat(200))).isTrue();
  }

  @Test
  void isValid_emptyTooLongControlOrNonAscii_false() {
    assertThat(DocumentIds.isValid("")).isFalse();
    assertThat(DocumentIds.isValid("x".repeat(201))).isFalse();
    assertThat(DocumentIds.isValid("tab\there")).isFalse();
    assertThat(DocumentIds.isValid("del\u007f")).isFalse();
    assertThat(DocumentIds.isValid("caf\u00e9")).isFalse();
  }

  @Test
  void requireCustom_nonAscii_invalidDocumentIdNamingItEscaped() {
    assertThatThrownBy(() -> DocumentIds.requireCustom("caf\u00e9"))
        .isInstanceOfSatisfying(
            InvalidDocumentIdException.class,
            e -> {
              assertThat(e.code()).isEqualTo("INVALID_DOCUMENT_ID");
              assertThat(e.extensions()).containsEntry("id", "caf\\u00e9");
            })
        .hasMessage(
            "document id must be 1 to 200 printable ASCII characters, got 4 characters: caf\\u00e9");
  }

  @Test
  void printable_longId_abbreviatedTo80() {
    assertThat(DocumentIds.printable("y".repeat(300))).isEqualTo("y".repeat(77) + "...");
  }
}
