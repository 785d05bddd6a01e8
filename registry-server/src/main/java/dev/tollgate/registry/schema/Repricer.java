package dev.tollgate.registry.schema;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.BrokenPrice;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.store.ActiveDocument;
import dev.tollgate.registry.store.ActiveOperation;
import dev.tollgate.registry.store.RegistryStore;
import dev.tollgate.registry.store.SchemaPrice;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reprices active operations under a schema: each distinct document once, streamed from the store
 * and priced on every core ({@link StreamedPricing}; the pricer is pure), then one impact per
 * (version, operation) against its current price, and the prices to store under the schema for the
 * operations registered under another one.
 */
final class Repricer {

  private static final Logger LOG = LoggerFactory.getLogger(Repricer.class);
  private static final int LOG_FROM = 1_000;

  /** The impact report, and the prices to store under the schema. */
  record Repricing(ImpactReport report, List<SchemaPrice> prices) {}

  private final List<KeyPolicy> policies;

  Repricer(List<KeyPolicy> policies) {
    this.policies = List.copyOf(policies);
  }

  /**
   * @param current the pricer of the active schema, to read the current prices back
   * @param documents the texts of (at least) the documents of {@code operations}, each once
   */
  Repricing reprice(
      SchemaVersion target,
      OperationPricer current,
      List<ActiveOperation> operations,
      Iterable<ActiveDocument> documents) {
    long started = System.nanoTime();
    Set<DocumentHash> wanted = new HashSet<>();
    operations.forEach(operation -> wanted.add(operation.documentId()));
    Map<DocumentHash, DocumentPrices> priced =
        StreamedPricing.price(target.pricer(), wanted, documents);
    return report(target, current, operations, priced, true, started);
  }

  /**
   * Reprices every active operation of {@code store}, its documents priced while the operations are
   * read ({@link OverlappedRead}).
   *
   * @param withPrices false when the prices are not to be stored (a dry run): the repricing's
   *     prices are then empty, and the million objects they would take are never built
   */
  Repricing repriceActive(
      SchemaVersion target, OperationPricer current, RegistryStore store, boolean withPrices) {
    long started = System.nanoTime();
    OverlappedRead.Priced read = OverlappedRead.read(store, target.pricer());
    return report(target, current, read.operations(), read.prices(), withPrices, started);
  }

  private Repricing report(
      SchemaVersion target,
      OperationPricer current,
      List<ActiveOperation> operations,
      Map<DocumentHash, DocumentPrices> priced,
      boolean withPrices,
      long started) {
    ImpactRows impacts = new ImpactRows(operations.size());
    Map<PriceKey, SchemaPrice> prices = new LinkedHashMap<>();
    Map<String, String> oldTexts = new HashMap<>();
    for (ActiveOperation operation : operations) {
      DocumentPrices document = priced.get(operation.documentId());
      DocumentPrices.Price price = document == null ? null : document.price(operation.ordinal());
      String oldText =
          oldTexts.computeIfAbsent(
              operation.operation().price(), serialized -> text(current, serialized));
      append(impacts, operation, oldText, price, document);
      if (withPrices && !operation.registeredUnder().equals(target.fingerprint())) {
        prices.computeIfAbsent(
            new PriceKey(operation.documentId(), operation.ordinal()),
            key -> stored(target.fingerprint(), operation, price, document));
      }
    }
    if (priced.size() >= LOG_FROM) {
      LOG.info(
          "schema {}: repriced {} operations of {} documents in {} ms",
          target.fingerprint(),
          operations.size(),
          priced.size(),
          (System.nanoTime() - started) / 1_000_000);
    }
    return new Repricing(
        new ImpactReport(target.fingerprint(), impacts), List.copyOf(prices.values()));
  }

  private void append(
      ImpactRows impacts,
      ActiveOperation operation,
      String oldText,
      DocumentPrices.@Nullable Price price,
      @Nullable DocumentPrices document) {
    long oldCost = operation.operation().cost();
    if (price == null) {
      impacts.append(
          operation.app(),
          operation.version(),
          operation.documentId(),
          operation.operation().name(),
          oldText,
          null,
          oldCost,
          0,
          ImpactStatus.BROKEN,
          errors(document));
      return;
    }
    long newCost = price.cost();
    impacts.append(
        operation.app(),
        operation.version(),
        operation.documentId(),
        operation.operation().name(),
        oldText,
        price.costText(),
        oldCost,
        newCost,
        status(operation.app(), oldCost, newCost),
        List.of());
  }

  private ImpactStatus status(String app, long oldCost, long newCost) {
    if (overLimit(app, newCost)) {
      return ImpactStatus.OVER_LIMIT;
    }
    if (newCost == oldCost) {
      return ImpactStatus.UNCHANGED;
    }
    return newCost < oldCost ? ImpactStatus.CHEAPER : ImpactStatus.DEARER;
  }

  /** Over the cost limit of every policy that may run {@code app}; false when none may. */
  private boolean overLimit(String app, long cost) {
    boolean anyPolicy = false;
    for (KeyPolicy policy : policies) {
      if (!policy.mayRun(app)) {
        continue;
      }
      anyPolicy = true;
      if (cost <= policy.limits().cost()) {
        return false;
      }
    }
    return anyPolicy;
  }

  private static SchemaPrice stored(
      String fingerprint,
      ActiveOperation operation,
      DocumentPrices.@Nullable Price price,
      @Nullable DocumentPrices document) {
    if (price == null) {
      return new SchemaPrice(
          fingerprint,
          operation.documentId(),
          operation.ordinal(),
          false,
          new BrokenPrice(errors(document)).serialize(),
          0,
          0);
    }
    return new SchemaPrice(
        fingerprint,
        operation.documentId(),
        operation.ordinal(),
        true,
        price.serialized(),
        price.cost(),
        price.depth());
  }

  private static List<String> errors(@Nullable DocumentPrices document) {
    if (document == null || document.errors().isEmpty()) {
      return List.of("the document no longer defines this operation");
    }
    return document.errors();
  }

  /** The current price as text; a price this pricer cannot read back is shown as stored. */
  private static String text(OperationPricer current, String serialized) {
    try {
      return current.costText(serialized);
    } catch (IllegalArgumentException e) {
      return serialized;
    }
  }
}
