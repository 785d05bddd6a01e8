package dev.tollgate.registry.schema;

import dev.tollgate.registry.policy.Limits;
import dev.tollgate.registry.pricing.CompiledPrice;
import dev.tollgate.registry.pricing.InvalidDocumentException;
import dev.tollgate.registry.pricing.Measure;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.pricing.PricedOperation;
import dev.tollgate.registry.pricing.PricingException;
import dev.tollgate.registry.store.StringPool;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One document under a new schema: each operation's price, or why the document does not validate.
 * Holds only what the impact report and the stored prices read (text and numbers), so that a
 * registry's worth of them stays small while its impacts are built.
 *
 * @param prices null when the document does not validate
 */
record DocumentPrices(@Nullable List<Price> prices, List<String> errors) {

  /** The token limit of a repriced document: the largest any policy registers ({@code BOOK}). */
  static final int MAX_TOKENS = Limits.BOOK.tokens();

  /** One operation's price, as stored and as shown. */
  record Price(String serialized, String costText, long cost, int depth) {}

  /** Prices {@code body} with {@code pricer}: each operation's price, or the document's errors. */
  static DocumentPrices of(OperationPricer pricer, String body, int maxTokens) {
    return of(pricer, body, maxTokens, new StringPool(0));
  }

  /**
   * {@link #of(OperationPricer, String, int)}, each price's texts taken from {@code texts}: a
   * million documents' prices repeat by shape.
   */
  static DocumentPrices of(OperationPricer pricer, String body, int maxTokens, StringPool texts) {
    try {
      List<Price> prices = new ArrayList<>();
      for (PricedOperation operation : pricer.reprice(body, maxTokens).operations()) {
        CompiledPrice price = operation.price();
        Measure defaults = price.atDefaults();
        prices.add(
            new Price(
                texts.share(price.serialize()),
                texts.share(price.costText()),
                defaults.cost(),
                defaults.depth()));
      }
      return new DocumentPrices(List.copyOf(prices), List.of());
    } catch (InvalidDocumentException e) {
      return new DocumentPrices(null, e.errors());
    } catch (PricingException e) {
      return new DocumentPrices(null, List.of(String.valueOf(e.getMessage())));
    }
  }

  /** The {@code ordinal}-th operation's price; null when broken or not defined. */
  @Nullable Price price(int ordinal) {
    return prices == null || ordinal >= prices.size() ? null : prices.get(ordinal);
  }
}
