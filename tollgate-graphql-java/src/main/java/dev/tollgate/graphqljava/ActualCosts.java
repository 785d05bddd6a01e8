package dev.tollgate.graphqljava;

import com.github.benmanes.caffeine.cache.Cache;
import dev.tollgate.registry.admission.AdmittedOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.ActualCostPlan;
import dev.tollgate.registry.pricing.OperationPricer;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The actual cost of an answer, as the gateway measures it: through the operation's {@link
 * ActualCostPlan}, compiled once per document and operation name and then cached.
 */
final class ActualCosts {

  private static final Logger LOG = LoggerFactory.getLogger(ActualCosts.class);

  private final OperationPricer pricer;
  private final Cache<PlanKey, Optional<ActualCostPlan>> plans;

  ActualCosts(OperationPricer pricer, Cache<PlanKey, Optional<ActualCostPlan>> plans) {
    this.pricer = pricer;
    this.plans = plans;
  }

  /** Which plan: a document and the operation name the request ran. */
  record PlanKey(DocumentHash document, @Nullable String operationName) {}

  /**
   * The actual cost of {@code data} as the answer to {@code operation}, or {@code null} when its
   * plan cannot be compiled.
   */
  @Nullable Long of(AdmittedOperation operation, @Nullable Object data) {
    PlanKey key = new PlanKey(operation.document(), operation.request().operationName());
    ActualCostPlan plan = plans.get(key, k -> compile(k, operation.request().query())).orElse(null);
    if (plan == null) {
      return null;
    }
    return plan.measure(data, operation.request().variables()).cost();
  }

  private Optional<ActualCostPlan> compile(PlanKey key, String text) {
    try {
      return Optional.of(pricer.actualPlan(text, key.operationName()));
    } catch (RuntimeException e) {
      LOG.warn("no actual cost for {} {}: {}", key.document(), key.operationName(), e.toString());
      return Optional.empty();
    }
  }
}
