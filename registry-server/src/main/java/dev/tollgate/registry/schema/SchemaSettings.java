package dev.tollgate.registry.schema;

import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.CostPreset;
import dev.tollgate.registry.pricing.FragmentSpreads;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * The {@code schema} section: the SDL the gateway prices against, and its cost model.
 *
 * @param path the SDL file; {@code null} is the bundled cargo demo schema
 * @param fragmentSpreads in a config file, defaults to the model's own ({@link
 *     #defaultFragmentSpreads}): {@code first} for {@code book}, {@code each} for {@code apollo}
 */
public record SchemaSettings(
    @Nullable Path path, CostPreset model, int defaultListSize, FragmentSpreads fragmentSpreads) {

  public static final SchemaSettings DEFAULTS =
      new SchemaSettings(null, CostPreset.BOOK, 10, FragmentSpreads.FIRST);

  public SchemaSettings {
    if (defaultListSize < 0) {
      throw new IllegalArgumentException(
          "schema.defaultListSize must not be negative: " + defaultListSize);
    }
  }

  /**
   * How {@code model} prices a fragment spread several times: {@code first} (the book's numbers
   * depend on it), {@code each} (Apollo Router prices every spread).
   */
  public static FragmentSpreads defaultFragmentSpreads(CostPreset model) {
    return CostModel.of(model).fragmentSpreads();
  }

  /** The cost model these settings price with. */
  public CostModel costModel() {
    return CostModel.of(model)
        .withDefaultListSize(defaultListSize)
        .withFragmentSpreads(fragmentSpreads);
  }
}
