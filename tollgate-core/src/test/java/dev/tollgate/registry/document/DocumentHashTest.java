package dev.tollgate.registry.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

final class DocumentHashTest {

  // SHA-256 test vectors (FIPS 180-2): "" and "abc"
  private static final String EMPTY =
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
  private static final String ABC =
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

  @Test
  void of_knownTexts_giveTheirSha256() {
    assertThat(DocumentHash.of("").hex()).isEqualTo(EMPTY);
    assertThat(DocumentHash.of("abc").hex()).isEqualTo(ABC);
  }

  @Test
  void of_nonAsciiText_hashesUtf8Bytes() {
    // "é" is two UTF-8 bytes (c3 a9); its hash differs from the Latin-1 byte e9's
    // SHA-256 of the bytes c3 a9
    assertThat(DocumentHash.of("\u00e9").hex())
        .isEqualTo(Sha256.hex(new byte[] {(byte) 0xc3, (byte) 0xa9}));
  }

  @Test
  void parse_bareAndPrefixed_giveOneHash() {
    assertThat(DocumentHash.parse(ABC)).isEqualTo(DocumentHash.parse("sha256:" + ABC));
    assertThat(DocumentHash.parse("sha256:" + ABC).prefixed()).isEqualTo("sha256:" + ABC);
  }

  @Test
  void parse_upperCase_normalisedToLower() {
    assertThat(DocumentHash.parse(ABC.toUpperCase()).hex()).isEqualTo(ABC);
  }

  @Test
  void parse_wrongLength_namesTheId() {
    assertThatThrownBy(() -> DocumentHash.parse(ABC.substring(1)))
        .isInstanceOf(InvalidDocumentIdException.class)
        .hasMessageContaining(ABC.substring(1));
  }

  @Test
  void parse_nonHexDigit_refused() {
    String bad = ABC.substring(0, 63) + "g";

    assertThatThrownBy(() -> DocumentHash.parse("sha256:" + bad))
        .isInstanceOf(InvalidDocumentIdException.class);
    assertThat(DocumentHash.looksLikeHash(bad)).isFalse();
    assertThat(DocumentHash.looksLikeHash("sha256:" + ABC)).isTrue();
  }

  @Test
  void constructor_upperCase_refused() {
    assertThatThrownBy(() -> new DocumentHash(ABC.toUpperCase()))
        .isInstanceOf(InvalidDocumentIdException.class);
  }
}
