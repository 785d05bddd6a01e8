package dev.tollgate.registry.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

final class VersionRefTest {

  @ParameterizedTest
  @ValueSource(strings = {".", "..", "..."})
  void new_appOnlyDots_invalidAppName(String name) {
    assertThatThrownBy(() -> new VersionRef(name, "1"))
        .isInstanceOfSatisfying(
            TollgateException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_APP_NAME))
        .hasMessage("app name must not be only dots: " + name);
  }

  @ParameterizedTest
  @ValueSource(strings = {".", "..", "..."})
  void new_versionOnlyDots_invalidVersionName(String name) {
    assertThatThrownBy(() -> new VersionRef("web", name))
        .isInstanceOfSatisfying(
            TollgateException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_VERSION_NAME))
        .hasMessage("version name must not be only dots: " + name);
  }

  @ParameterizedTest
  @ValueSource(strings = {".web", "1.2.3", "..x", "-", "_."})
  void new_dotsWithOtherCharacters_accepted(String name) {
    assertThat(new VersionRef(name, name).app()).isEqualTo(name);
  }
}
