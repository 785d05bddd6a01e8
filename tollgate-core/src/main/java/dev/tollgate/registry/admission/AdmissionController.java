package dev.tollgate.registry.admission;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.catalog.RegisteredDocument;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.error.TollgateException;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Limits;
import dev.tollgate.registry.pricing.OperationPricer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
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

  private final DocumentCatalog catalog;
  private final Cache<DocumentHash, OpenAnalysis> openAnalyses;
  private final Cache<DocumentHash, String> openTexts;
  private final OpenDocuments open;
  private final BudgetLedger ledger;
  private final AdmissionSettings gateway;

  /**
   * @param openAnalyses the bounds of the cache of open-mode outcomes by hash, refusals included,
   *     set by the wiring: {@code maximumWeight(gateway.openCacheBytes())} (weighed here, in
   *     bytes), with {@code recordStats()}
   * @param openTexts the bounds of the cache of analysed open-mode texts, for requests by hash
   *     alone: {@code maximumWeight(gateway.openTextCacheBytes())} (weighed here)
   */
  public AdmissionController(
      DocumentCatalog catalog,
      OperationPricer pricer,
      Caffeine<Object, Object> openAnalyses,
      Caffeine<Object, Object> openTexts,
      BudgetLedger ledger,
      AdmissionSettings gateway) {
    this(catalog, () -> pricer, openAnalyses, openTexts, ledger, gateway);
  }

  /**
   * As the other constructor, pricing open-mode texts with what {@code pricer} supplies at each
   * analysis (the active schema's pricer, which an activation swaps).
   */
  public AdmissionController(
      DocumentCatalog catalog,
      Supplier<OperationPricer> pricer,
      Caffeine<Object, Object> openAnalyses,
      Caffeine<Object, Object> openTexts,
      BudgetLedger ledger,
      AdmissionSettings gateway) {
    this(
        catalog,
        pricer,
        openAnalyses.weigher(OpenWeights::analysis).<DocumentHash, OpenAnalysis>build(),
        openTexts.weigher(OpenWeights::text).<DocumentHash, String>build(),
        ledger,
        gateway);
  }

  AdmissionController(
      DocumentCatalog catalog,
      OperationPricer pricer,
      Cache<DocumentHash, OpenAnalysis> openAnalyses,
      Cache<DocumentHash, String> openTexts,
      BudgetLedger ledger,
      AdmissionSettings gateway) {
    this(catalog, () -> pricer, openAnalyses, openTexts, ledger, gateway);
  }

  private AdmissionController(
      DocumentCatalog catalog,
      Supplier<OperationPricer> pricer,
      Cache<DocumentHash, OpenAnalysis> openAnalyses,
      Cache<DocumentHash, String> openTexts,
      BudgetLedger ledger,
      AdmissionSettings gateway) {
    this.catalog = catalog;
    this.openAnalyses = openAnalyses;
    this.openTexts = openTexts;
    this.open = new OpenDocuments(pricer, openAnalyses, openTexts);
    this.ledger = ledger;
    this.gateway = gateway;
  }

  /** The cache of open-mode outcomes, for its statistics. */
  public Cache<?, ?> openAnalysisCache() {
    return openAnalyses;
  }

  /** The cache of open-mode texts kept for requests by hash, for its statistics. */
  public Cache<?, ?> openTextCache() {
    return openTexts;
  }

  /** Decides one request. */
  public Decision admit(KeyPolicy policy, AdmissionRequest request) {
    OperationOutcome outcome = checked(policy, request);
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
      return new Decision.Rejected(
          Refusals.rateLimited(cost, charge), cost, policy.limits().cost(), charge);
    }
    return new Decision.Admitted(List.of(operation), cost, policy.limits().cost(), charge);
  }

  /**
   * Checks one operation. Admission refuses with values; the pricing engine's refusals (a variable
   * that does not coerce, an operation name the document does not define) arrive as exceptions.
   */
  private OperationOutcome checked(KeyPolicy policy, AdmissionRequest request) {
    try {
      return check(policy, request);
    } catch (TollgateException e) {
      return Refused.of(Refusal.of(e));
    }
  }

  private OperationOutcome check(KeyPolicy policy, AdmissionRequest request) {
    if (request.alias() != null) {
      return byAlias(policy, request, request.alias());
    }
    String text = request.query();
    if (text == null) {
      return byId(policy, request);
    }
    if (policy.mode() == KeyPolicy.Mode.OPEN) {
      Refusal bounds = OpenTextBounds.refusal(text, gateway.openMaxTextBytes());
      if (bounds != null) {
        return Refused.of(bounds);
      }
    }
    DocumentHash hash = DocumentHash.of(text);
    if (request.id() != null && !request.id().equals(hash)) {
      return Refused.of(Refusals.hashMismatch());
    }
    UnknownOperationPolicy unknown = UnknownOperationPolicy.of(policy);
    if (unknown == UnknownOperationPolicy.DENY_ALL && request.id() == null) {
      return Refused.of(Refusals.idRequired());
    }
    Optional<RegisteredDocument> registered = allowedDocument(policy, hash);
    if (registered.isPresent()) {
      return OperationCheck.registered(policy, registered.get(), request, false);
    }
    return switch (unknown) {
      case ALLOW_ALL ->
          analysed(
              policy,
              open.analyse(analysisLimits(policy), hash, text, request.operationName()),
              request,
              hash);
      case ALLOW_IF_IN_SAFELIST ->
          Refused.of(request.id() == null ? Refusals.notInSafelist() : Refusals.notInList(hash));
      case DENY_ALL -> Refused.of(Refusals.notInList(hash));
    };
  }

  private OperationOutcome byId(KeyPolicy policy, AdmissionRequest request) {
    DocumentHash id = request.id();
    if (id == null) {
      return Refused.of(Refusals.noDocument());
    }
    Optional<RegisteredDocument> registered = allowedDocument(policy, id);
    if (registered.isPresent()) {
      return OperationCheck.registered(policy, registered.get(), request, true);
    }
    if (policy.mode() == KeyPolicy.Mode.TRUSTED) {
      return Refused.of(Refusals.notInList(id));
    }
    return analysed(
        policy, open.cached(analysisLimits(policy), id, request.operationName()), request, id);
  }

  /**
   * A custom document id, resolved within the caller's apps and then checked as its SHA-256 id. An
   * unknown alias is not in the list (trusted), an APQ miss (open, without text), or ignored (open,
   * with text: the text is analysed as sent).
   */
  private OperationOutcome byAlias(KeyPolicy policy, AdmissionRequest request, String alias) {
    Map<DocumentHash, TreeSet<String>> targets = AliasTargets.of(catalog, policy, alias);
    if (targets.size() > 1) {
      return Refused.of(Refusals.aliasAmbiguous(alias, targets));
    }
    if (targets.size() == 1) {
      return check(policy, request.resolvedTo(targets.keySet().iterator().next()));
    }
    if (policy.mode() == KeyPolicy.Mode.TRUSTED) {
      return Refused.of(Refusals.notInList(alias));
    }
    if (request.query() == null) {
      return Refused.of(Refusals.persistedQueryNotFound());
    }
    return check(policy, request.resolvedTo(null));
  }

  /**
   * The SHA-256 id of the document a single request names for {@code policy}: its id, or the one
   * document its alias names in the caller's apps; else {@code null}. No store read.
   */
  public @Nullable DocumentHash documentOf(KeyPolicy policy, AdmissionRequest request) {
    String alias = request.alias();
    if (alias == null) {
      return request.id();
    }
    Map<DocumentHash, TreeSet<String>> targets = AliasTargets.of(catalog, policy, alias);
    return targets.size() == 1 ? targets.keySet().iterator().next() : null;
  }

  /**
   * An open-mode verdict as the outcome of the operation; undecided without the text is an APQ
   * miss.
   */
  private static OperationOutcome analysed(
      KeyPolicy policy, OpenVerdict verdict, AdmissionRequest request, DocumentHash hash) {
    if (verdict instanceof AnalysedText analysed) {
      return OperationCheck.analysed(policy, analysed, request, hash);
    }
    if (verdict instanceof Refused refused) {
      return refused;
    }
    return Refused.of(Refusals.persistedQueryNotFound());
  }

  private static Limits analysisLimits(KeyPolicy policy) {
    return LimitPolicy.of(policy).beforeValidation(policy.limits());
  }

  /**
   * The active document {@code hash} when one of its apps is the caller's; no store read otherwise.
   */
  private Optional<RegisteredDocument> allowedDocument(KeyPolicy policy, DocumentHash hash) {
    for (String app : catalog.appsOf(hash)) {
      if (policy.mayRun(app)) {
        return catalog.findActive(hash);
      }
    }
    return Optional.empty();
  }
}
