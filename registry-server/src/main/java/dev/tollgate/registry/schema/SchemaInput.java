package dev.tollgate.registry.schema;

import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.CostPreset;
import dev.tollgate.registry.pricing.FragmentSpreads;
import dev.tollgate.registry.pricing.SchemaFingerprint;
import dev.tollgate.registry.store.StoredSchema;
import java.time.Instant;
import java.util.Locale;

/**
 * A schema as it is published: its SDL (the price list is its {@code @cost}/{@code @listSize}) and
 * the cost model's settings, which together decide every price; the fingerprint covers all four.
 */
public record SchemaInput(
    String sdl, CostPreset model, int defaultListSize, FragmentSpreads fragmentSpreads) {

  public SchemaInput {
    if (defaultListSize < 0) {
      throw new IllegalArgumentException(
          "defaultListSize must not be negative: " + defaultListSize);
    }
  }

  /**
   * SHA-256 hex of the SDL text followed by a line naming the model settings ({@link
   * SchemaFingerprint}, in the core, so an in-process application computes the same).
   */
  public String fingerprint() {
    return SchemaFingerprint.of(sdl, costModel());
  }

  public CostModel costModel() {
    return CostModel.of(model)
        .withDefaultListSize(defaultListSize)
        .withFragmentSpreads(fragmentSpreads);
  }

  static SchemaInput of(StoredSchema stored) {
    return new SchemaInput(
        stored.sdl(),
        CostPreset.valueOf(stored.model().toUpperCase(Locale.ROOT)),
        stored.defaultListSize(),
        FragmentSpreads.valueOf(stored.fragmentSpreads().toUpperCase(Locale.ROOT)));
  }

  StoredSchema stored(String publishedBy, Instant at) {
    return new StoredSchema(
        fingerprint(), sdl, name(model), defaultListSize, name(fragmentSpreads), publishedBy, at);
  }

  static String name(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT);
  }
}
