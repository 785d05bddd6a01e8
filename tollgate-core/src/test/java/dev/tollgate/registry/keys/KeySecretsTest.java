package dev.tollgate.registry.keys;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The secrets' comparison: equal only for the same characters, whatever the lengths. */
final class KeySecretsTest {

  @Test
  void same_sameCharacters_true() {
    assertThat(KeySecrets.same("tg_abc_123", new String("tg_abc_123".toCharArray()))).isTrue();
    assertThat(KeySecrets.same("", "")).isTrue();
  }

  @Test
  void same_differingAnywhereOrInLengthOrNull_false() {
    assertThat(KeySecrets.same("tg_abc_123", "xg_abc_123")).isFalse();
    assertThat(KeySecrets.same("tg_abc_123", "tg_abc_124")).isFalse();
    assertThat(KeySecrets.same("tg_abc_123", "tg_abc_1234")).isFalse();
    assertThat(KeySecrets.same(null, "tg_abc_123")).isFalse();
  }
}
