package dev.tollgate.registry.schema;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.Limits;
import dev.tollgate.registry.pricing.BrokenPrice;
import dev.tollgate.registry.pricing.CompiledPrice;
import dev.tollgate.registry.pricing.InvalidDocumentException;
import dev.tollgate.registry.pricing.Measure;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.pricing.PricedOperation;
import dev.tollgate.registry.pricing.PricingException;
import dev.tollgate.registry.store.ActiveOperation;
import dev.tollgate.registry.store.SchemaPrice;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reprices active operations under a schema: each distinct document once, on every core (the pricer
 * is pure), then one impact per (version, operation) against its current price, and the prices to
 * store under the schema for the operations registered under another one. Progress is logged every
 * {@value #PROGRESS_EVERY} documents.
 */
final class Repricer {

  private static final Logger LOG = LoggerFactory.getLogger(Repricer.class);
  private static final int PROGRESS_EVERY = 1_000;
  private static final int MAX_TOKENS = Limits.BOOK.tokens();

  /** The impact report, and the prices to store under the schema. */
  record Repricing(ImpactReport report, List<SchemaPrice> prices) {}

  /** One document under the new schema: its operations' prices, or why it does not validate. */
  private record DocumentPrices(@Nullable List<CompiledPrice> prices, List<String> errors) {}

  private final List<KeyPolicy> policies;

  Repricer(List<KeyPolicy> policies) {
    this.policies = List.copyOf(policies);
  }

  /**
   * @param current the pricer of the active schema, to read the current prices back
   */
  Repricing reprice(
      SchemaVersion target, OperationPricer current, List<ActiveOperation> operations) {
    long started = System.nanoTime();
    Map<DocumentHash, String> bodies = new LinkedHashMap<>();
    operations.forEach(operation -> bodies.putIfAbsent(operation.documentId(), operation.body()));
    Map<DocumentHash, DocumentPrices> priced = price(target.pricer(), bodies);
    List<OperationImpact> impacts = new ArrayList<>(operations.size());
    Map<String, SchemaPrice> prices = new LinkedHashMap<>();
    for (ActiveOperation operation : operations) {
      DocumentPrices document = priced.get(operation.documentId());
      CompiledPrice price = document == null ? null : priceOf(document, operation.ordinal());
      impacts.add(impact(operation, price, document, current));
      if (!operation.registeredUnder().equals(target.fingerprint())) {
        prices.putIfAbsent(
            operation.documentId().hex() + "/" + operation.ordinal(),
            stored(target.fingerprint(), operation, price, document));
      }
    }
    if (bodies.size() >= PROGRESS_EVERY) {
      LOG.info(
          "schema {}: repriced {} operations of {} documents in {} ms",
          target.fingerprint(),
          operations.size(),
          bodies.size(),
          (System.nanoTime() - started) / 1_000_000);
    }
    return new Repricing(
        new ImpactReport(target.fingerprint(), impacts), List.copyOf(prices.values()));
  }

  private static Map<DocumentHash, DocumentPrices> price(
      OperationPricer pricer, Map<DocumentHash, String> bodies) {
    Map<DocumentHash, DocumentPrices> priced = new ConcurrentHashMap<>();
    AtomicInteger done = new AtomicInteger();
    int total = bodies.size();
    bodies.entrySet().parallelStream()
        .forEach(
            entry -> {
              priced.put(entry.getKey(), price(pricer, entry.getValue()));
              int count = done.incrementAndGet();
              if (count % PROGRESS_EVERY == 0) {
                LOG.info("repricing: {} of {} documents", count, total);
              }
            });
    return priced;
  }

  private static DocumentPrices price(OperationPricer pricer, String body) {
    try {
      List<CompiledPrice> prices = new ArrayList<>();
      for (PricedOperation operation : pricer.analyse(body, MAX_TOKENS).operations()) {
        prices.add(operation.price());
      }
      return new DocumentPrices(prices, List.of());
    } catch (InvalidDocumentException e) {
      return new DocumentPrices(null, e.errors());
    } catch (PricingException e) {
      return new DocumentPrices(null, List.of(String.valueOf(e.getMessage())));
    }
  }

  private static @Nullable CompiledPrice priceOf(DocumentPrices document, int ordinal) {
    List<CompiledPrice> prices = document.prices();
    return prices == null || ordinal >= prices.size() ? null : prices.get(ordinal);
  }

  private OperationImpact impact(
      ActiveOperation operation,
      @Nullable CompiledPrice price,
      @Nullable DocumentPrices document,
      OperationPricer current) {
    String oldText = text(current, operation.operation().price());
    long oldCost = operation.operation().cost();
    if (price == null) {
      return new OperationImpact(
          operation.app(),
          operation.version(),
          operation.documentId().hex(),
          operation.operation().name(),
          oldText,
          null,
          oldCost,
          null,
          ImpactStatus.BROKEN,
          errors(document));
    }
    long newCost = price.atDefaults().cost();
    return new OperationImpact(
        operation.app(),
        operation.version(),
        operation.documentId().hex(),
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
      @Nullable CompiledPrice price,
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
    Measure defaults = price.atDefaults();
    return new SchemaPrice(
        fingerprint,
        operation.documentId(),
        operation.ordinal(),
        true,
        price.serialize(),
        defaults.cost(),
        defaults.depth());
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
