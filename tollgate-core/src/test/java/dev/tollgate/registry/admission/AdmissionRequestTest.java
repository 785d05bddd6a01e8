package dev.tollgate.registry.admission;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

final class AdmissionRequestTest {

  @Test
  void variables_readOnlyViewKept_otherMapsCopied() {
    Map<String, @Nullable Object> mutable = new LinkedHashMap<>(Map.of("n", 3));
    Map<String, @Nullable Object> view = Collections.unmodifiableMap(new LinkedHashMap<>(mutable));

    AdmissionRequest copied = new AdmissionRequest("{ a }", null, null, mutable, Transport.POST);
    AdmissionRequest kept = new AdmissionRequest("{ a }", null, null, view, Transport.POST);
    mutable.put("m", 4);

    assertThat(copied.variables()).containsExactly(Map.entry("n", 3));
    assertThat(kept.variables()).isSameAs(view);
  }
}
