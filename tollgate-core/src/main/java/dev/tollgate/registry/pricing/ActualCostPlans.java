package dev.tollgate.registry.pricing;

import com.github.benmanes.caffeine.cache.Cache;
import dev.tollgate.registry.document.DocumentHash;
import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link ActualCostPlan}s of admitted operations, compiled once per document and operation name
 * and then cached; a plan that cannot be compiled is remembered as none (logged once), so its
 * answers go unmeasured.
 */
public final class ActualCostPlans {

  private static final Logger LOG = LoggerFactory.getLogger(ActualCostPlans.class);

  private final Supplier<OperationPricer> pricer;
  private final Cache<Key, Optional<ActualCostPlan>> plans;

  /**
   * @param pricer the pricer to compile with, read at each compilation (an activation swaps it)
   * @param plans a bounded cache, built by the caller
   */
  public ActualCostPlans(
      Supplier<OperationPricer> pricer, Cache<Key, Optional<ActualCostPlan>> plans) {
    this.pricer = pricer;
    this.plans = plans;
  }

  /** Which plan: a document and the operation name the request ran. */
  public record Key(DocumentHash document, @Nullable String operationName) {}

  /**
   * The plan of the operation {@code operationName} of {@code document}, whose text {@code text}
   * gives (asked only to compile: a registered document's text is unpacked on demand); {@code null}
   * when it cannot be compiled.
   */
  public @Nullable ActualCostPlan of(
      DocumentHash document, @Nullable String operationName, Supplier<String> text) {
    return plans.get(new Key(document, operationName), k -> compile(k, text.get())).orElse(null);
  }

  /** Drops every compiled plan (another schema is active). */
  public void clear() {
    plans.invalidateAll();
  }

  private Optional<ActualCostPlan> compile(Key key, String text) {
    try {
      return Optional.of(pricer.get().actualPlan(text, key.operationName()));
    } catch (RuntimeException e) {
      LOG.warn("no actual cost for {} {}: {}", key.document(), key.operationName(), e.toString());
      return Optional.empty();
    }
  }
}
