package dev.tollgate.registry.admission;

import com.github.benmanes.caffeine.cache.Cache;
import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.error.TollgateException;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.OperationPricer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The gateway's entry: decides from a caller's policy whether a request runs, and charges its price
 * to the caller's budget. Never calls the upstream; a {@link Decision.Rejected} has charged
 * nothing.
 *
 * <p>A registered id of an allowed app is the hot path: an index lookup, a cached document, the
 * stored price evaluated with the variables, one charge; no parsing. Open-mode text is parsed under
 * the token limit, checked for aliases, validated and priced by the {@link OperationPricer}; the
 * outcome, refusals included, is cached by hash ({@link OpenDocuments}).
 *
 * <p>A breached depth, alias or cost limit refuses, or under a measure-mode policy is only reported
 * ({@link LimitPolicy}, {@link Decision.Admitted#wouldRefuse()}); the budget refuses in both.
 *
 * <p>Refusals are values ({@link Refusal}), not exceptions; a refusal reports the caller's balance
 * as this gateway knows it ({@link BudgetLedger#balance}), without charging it or calling a shared
 * budget store. Only a charge calls the store; when it cannot be reached and the caller's {@code
 * budget.onStoreFailure} is {@code deny}, the request is refused with {@code
 * BUDGET_STORE_UNAVAILABLE} (503).
 */
public final class AdmissionController {

  private final OpenCaches caches;
  private final RequestCheck checks;
  private final BudgetLedger ledger;
  private final AdmissionSettings gateway;

  /**
   * @param pricer what prices open-mode texts, read at each analysis (the active schema's pricer,
   *     which an activation swaps)
   * @param caches the open-mode caches ({@link OpenCaches#weighed})
   */
  public AdmissionController(
      DocumentCatalog catalog,
      Supplier<OperationPricer> pricer,
      OpenCaches caches,
      BudgetLedger ledger,
      AdmissionSettings gateway) {
    this.caches = caches;
    this.checks =
        new RequestCheck(
            catalog, new OpenDocuments(pricer, caches.analyses(), caches.texts()), gateway);
    this.ledger = ledger;
    this.gateway = gateway;
  }

  /** The cache of open-mode outcomes, for its statistics. */
  public Cache<?, ?> openAnalysisCache() {
    return caches.analyses();
  }

  /** The cache of open-mode texts kept for requests by hash, for its statistics. */
  public Cache<?, ?> openTextCache() {
    return caches.texts();
  }

  /**
   * What a reader may refuse of {@code policy}'s query texts while reading them: its token limit
   * when its texts are analysed (open mode), else {@link TextLimit#NONE}. Tokens refuse in both
   * enforcement modes, so the limit is the policy's own.
   */
  public TextLimit textLimit(KeyPolicy policy) {
    if (UnknownOperationPolicy.of(policy) != UnknownOperationPolicy.ALLOW_ALL) {
      return TextLimit.NONE;
    }
    return new TextLimit(policy.limits().tokens(), gateway.openMaxTextBytes());
  }

  /** Decides one request. */
  public Decision admit(KeyPolicy policy, AdmissionRequest request) {
    OperationOutcome outcome = checks.checked(policy, request);
    if (outcome instanceof Refused refused) {
      return reject(policy, refused);
    }
    return charged(policy, (AdmittedOperation) outcome);
  }

  /**
   * Decides a batch: refused as a whole unless batching is enabled and it holds 1 to {@code
   * gateway.maxBatchOperations} operations; else each operation is decided as {@link #admit}
   * decides a single request, in order, so each admitted one is charged its own price and one that
   * the bucket cannot pay any more is refused {@code RATE_LIMITED} while later, cheaper ones may
   * still run.
   */
  public BatchDecision admitBatch(KeyPolicy policy, List<AdmissionRequest> requests) {
    Refusal whole = wholeBatchRefusal(requests.size());
    if (whole != null) {
      return new BatchDecision.Whole(reject(policy, Refused.of(whole)));
    }
    List<Decision> decisions = new ArrayList<>(requests.size());
    for (AdmissionRequest request : requests) {
      decisions.add(admit(policy, request));
    }
    return new BatchDecision.PerOperation(decisions);
  }

  private @Nullable Refusal wholeBatchRefusal(int size) {
    if (!gateway.batching()) {
      return Refusals.batchingDisabled();
    }
    if (size == 0) {
      return Refusals.emptyBatch();
    }
    if (size > gateway.maxBatchOperations()) {
      return Refusals.batchTooLarge(size, gateway.maxBatchOperations());
    }
    return null;
  }

  /**
   * A refusal decided outside admission (bad input), carrying the caller's balance as this gateway
   * knows it; the budget store is not called.
   */
  public Decision.Rejected reject(KeyPolicy policy, TollgateException refusal) {
    return reject(policy, Refused.of(Refusal.of(refusal)));
  }

  /**
   * The balance of {@code policy}'s bucket now, for the operator: read from the budget store (a
   * charge of 0, so a shared store answers with every gateway's charges), else, when the store
   * cannot be reached, as this gateway last saw it; {@code null} when neither knows it.
   */
  public @Nullable BudgetCharge remaining(KeyPolicy policy) {
    try {
      return ledger.charge(policy.name(), policy.budget(), 0);
    } catch (BudgetStoreUnavailableException e) {
      return ledger.balance(policy.name(), policy.budget());
    }
  }

  /**
   * The balance of {@code policy}'s bucket as this gateway knows it, without calling a shared store
   * ({@link BudgetLedger#balance}): what a batch reports once all of its operations were charged;
   * {@code null} when this gateway has not seen the bucket.
   */
  public @Nullable BudgetCharge balance(KeyPolicy policy) {
    return ledger.balance(policy.name(), policy.budget());
  }

  /**
   * Gives back {@code units} charged to a request of {@code policy}: one that did not run (the
   * upstream failed or was busy), or the part of an estimate an answer did not cost (measured
   * cost); never above the bucket's capacity.
   *
   * @return the caller's balance after, or {@code null} when the budget store could not be reached
   *     (the units then stay charged)
   */
  public @Nullable BudgetCharge refund(KeyPolicy policy, long units) {
    try {
      return ledger.refund(policy.name(), policy.budget(), units);
    } catch (BudgetStoreUnavailableException e) {
      return null;
    }
  }

  private Decision.Rejected reject(KeyPolicy policy, Refused refused) {
    return new Decision.Rejected(
        refused.refusal(),
        refused.cost(),
        policy.limits().cost(),
        ledger.balance(policy.name(), policy.budget()));
  }

  private Decision charged(KeyPolicy policy, AdmittedOperation operation) {
    long cost = operation.cost();
    BudgetCharge charge;
    try {
      charge = ledger.charge(policy.name(), policy.budget(), cost);
    } catch (BudgetStoreUnavailableException e) {
      return new Decision.Rejected(Refusal.of(e), cost, policy.limits().cost(), null);
    }
    if (!charge.allowed()) {
      Refusal refusal =
          Explanations.explained(
              policy,
              Refusals.rateLimited(cost, charge),
              operation.price(),
              operation.request().variables());
      return new Decision.Rejected(refusal, cost, policy.limits().cost(), charge);
    }
    return new Decision.Admitted(List.of(operation), cost, policy.limits().cost(), charge);
  }

  /**
   * The SHA-256 id of the document a single request names for {@code policy}: its id, or the one
   * document its alias names in the caller's apps; else {@code null}. No store read.
   */
  public @Nullable DocumentHash documentOf(KeyPolicy policy, AdmissionRequest request) {
    return checks.documentOf(policy, request);
  }
}
