package dev.tollgate.registry.pricing;

import dev.tollgate.registry.document.Sha256;
import java.util.Locale;

/**
 * The fingerprint of a schema as the registry publishes it: SHA-256 hex of the SDL text followed by
 * a line naming the cost model's settings (preset, default list size, fragment spreads), which
 * together decide every price. The registry names its active schema by it (the snapshot's {@code
 * schemaFingerprint}); an application following the registry computes its own the same way to
 * compare them.
 */
public final class SchemaFingerprint {

  private SchemaFingerprint() {}

  /** The fingerprint of {@code sdl} priced under {@code model}. */
  public static String of(String sdl, CostModel model) {
    String settings =
        "\n#tollgate model="
            + name(model.preset())
            + " defaultListSize="
            + model.defaultListSize()
            + " fragmentSpreads="
            + name(model.fragmentSpreads());
    return Sha256.hex(sdl + settings);
  }

  private static String name(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT);
  }
}
