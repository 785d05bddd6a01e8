package dev.tollgate.registry.pricing;

/**
 * How prices are computed: the preset, the list size assumed when a list field has none, how often
 * a fragment is priced, and the per-field clamp (docs/cost-model.md).
 *
 * @param preset {@code book} (the default) or {@code apollo}
 * @param defaultListSize the page assumed when no slicing argument and no {@code assumedSize} is
 *     given
 * @param fragmentSpreads {@code first}: a fragment is priced at its first live spread only (the
 *     book); {@code each}: every spread is priced
 * @param fieldCostClamp each field's cost is clamped at this (book: 429,496); sums above it are not
 */
public record CostModel(
    CostPreset preset, int defaultListSize, FragmentSpreads fragmentSpreads, long fieldCostClamp) {

  public static final long BOOK_FIELD_CLAMP = Integer.MAX_VALUE / 5000;

  public CostModel {
    if (defaultListSize < 0) {
      throw new IllegalArgumentException(
          "default list size must not be negative: " + defaultListSize);
    }
    if (fieldCostClamp <= 0) {
      throw new IllegalArgumentException("field cost clamp must be positive: " + fieldCostClamp);
    }
  }

  /** The book's model: base 1 per field, default page 10, fragments priced at first spread. */
  public static CostModel book() {
    return new CostModel(CostPreset.BOOK, 10, FragmentSpreads.FIRST, BOOK_FIELD_CLAMP);
  }

  /** Apollo Router's demand control: global list size 10, every spread priced. */
  public static CostModel apollo() {
    return new CostModel(CostPreset.APOLLO, 10, FragmentSpreads.EACH, Long.MAX_VALUE);
  }

  public static CostModel of(CostPreset preset) {
    return preset == CostPreset.BOOK ? book() : apollo();
  }

  public CostModel withFragmentSpreads(FragmentSpreads spreads) {
    return new CostModel(preset, defaultListSize, spreads, fieldCostClamp);
  }

  public CostModel withDefaultListSize(int size) {
    return new CostModel(preset, size, fragmentSpreads, fieldCostClamp);
  }
}
