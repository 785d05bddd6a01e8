package dev.tollgate.registry.admission;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tollgate.registry.TollgateException;
import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.catalog.RegisteredDocument;
import dev.tollgate.registry.config.KeyPolicy;
import dev.tollgate.registry.config.KeyPolicy.Limits;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationPricer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The gateway's entry: decides from a caller's policy whether a request runs, and charges its
 * price to the caller's budget. Never calls the upstream; a {@link Decision.Rejected} has charged
 * nothing.
 *
 * <p>A registered id of an allowed app is the hot path: an index lookup, a cached document, the
 * stored price evaluated with the variables, one charge; no parsing. Open-mode text is parsed under
 * the token limit, checked for aliases, validated and priced by the {@link OperationPricer}; the
 * outcome, refusals included, is cached by hash ({@link OpenDocuments}).
 *
 * <p>A breached depth, alias or cost limit refuses, or under a measure-mode policy is only reported
 * ({@link LimitPolicy}, {@link Decision.Admitted#wouldRefuse()}); the budget refuses in both.
 */
public final class AdmissionController {

  private final DocumentCatalog catalog;
  private final Cache<DocumentHash, OpenAnalysis> openAnalyses;
  private final OpenDocuments open;
  private final BudgetLedger ledger;
  private final ServerConfig.Gateway gateway;

  /**
   * @param openAnalyses the bounds of the cache of open-mode outcomes by hash, refusals included, set
   *     by the wiring: {@code maximumSize(gateway.openCacheSize())}, with {@code recordStats()}
   */
  public AdmissionController(DocumentCatalog catalog, OperationPricer pricer,
      Caffeine<Object, Object> openAnalyses, BudgetLedger ledger, ServerConfig.Gateway gateway) {
    this(catalog, pricer, openAnalyses.<DocumentHash, OpenAnalysis>build(), ledger, gateway);
  }

  AdmissionController(DocumentCatalog catalog, OperationPricer pricer,
      Cache<DocumentHash, OpenAnalysis> openAnalyses, BudgetLedger ledger, ServerConfig.Gateway gateway) {
    this.catalog = catalog;
    this.openAnalyses = openAnalyses;
    this.open = new OpenDocuments(pricer, openAnalyses);
    this.ledger = ledger;
    this.gateway = gateway;
  }

  /** The cache of open-mode outcomes, for its statistics. */
  public Cache<?, ?> openAnalysisCache() {
    return openAnalyses;
  }

  /** Decides one request. */
  public Decision admit(KeyPolicy policy, AdmissionRequest request) {
    return decide(policy, List.of(request));
  }

  /** Decides a batch: refused unless batching is enabled; every operation priced, the sum charged once. */
  public Decision admitBatch(KeyPolicy policy, List<AdmissionRequest> requests) {
    if (!gateway.batching()) {
      return reject(policy, Refusals.batchingDisabled());
    }
    if (requests.isEmpty()) {
      return reject(policy, Refusals.emptyBatch());
    }
    if (requests.size() > gateway.maxBatchOperations()) {
      return reject(policy, Refusals.batchTooLarge(requests.size(), gateway.maxBatchOperations()));
    }
    return decide(policy, requests);
  }

  /** The caller's balance without charging, for responses refused before admission (bad input). */
  public BudgetCharge balance(KeyPolicy policy) {
    return ledger.charge(policy.name(), policy.budget(), 0);
  }

  /** A refusal decided outside admission (bad input), carrying the caller's balance. */
  public Decision reject(KeyPolicy policy, TollgateException refusal) {
    Long cost = refusal instanceof RefusedException refused ? refused.cost() : null;
    return new Decision.Rejected(Refusal.of(refusal), cost, policy.limits().cost(), balance(policy));
  }

  private Decision decide(KeyPolicy policy, List<AdmissionRequest> requests) {
    List<AdmittedOperation> operations = new ArrayList<>(requests.size());
    long total = 0;
    try {
      for (AdmissionRequest request : requests) {
        AdmittedOperation operation = price(policy, request);
        operations.add(operation);
        total += operation.cost();
      }
    } catch (TollgateException e) {
      return reject(policy, e);
    }
    BudgetCharge charge = ledger.charge(policy.name(), policy.budget(), total);
    if (!charge.allowed()) {
      return new Decision.Rejected(Refusal.of(Refusals.rateLimited(total, charge)), total,
          policy.limits().cost(), charge);
    }
    return new Decision.Admitted(operations, total, policy.limits().cost(), charge);
  }

  private AdmittedOperation price(KeyPolicy policy, AdmissionRequest request) {
    String text = request.query();
    if (text == null) {
      return byId(policy, request);
    }
    DocumentHash hash = DocumentHash.of(text);
    if (request.id() != null && !request.id().equals(hash)) {
      throw Refusals.hashMismatch();
    }
    Optional<RegisteredDocument> registered = allowedDocument(policy, hash);
    return switch (UnknownOperationPolicy.of(policy)) {
      case ALLOW_ALL -> registered.isPresent()
          ? OperationCheck.registered(policy, registered.get(), request, false)
          : OperationCheck.analysed(policy,
              open.analyse(analysisLimits(policy), hash, text, request.operationName()), request);
      case ALLOW_IF_IN_SAFELIST -> OperationCheck.registered(policy,
          registered.orElseThrow(() -> request.id() == null ? Refusals.notInSafelist() : Refusals.notInList(hash)),
          request, false);
      case DENY_ALL -> {
        if (request.id() == null) {
          throw Refusals.idRequired();
        }
        yield OperationCheck.registered(policy, registered.orElseThrow(() -> Refusals.notInList(hash)), request, false);
      }
    };
  }

  private AdmittedOperation byId(KeyPolicy policy, AdmissionRequest request) {
    DocumentHash id = request.id();
    if (id == null) {
      throw Refusals.noDocument();
    }
    Optional<RegisteredDocument> registered = allowedDocument(policy, id);
    if (registered.isPresent()) {
      return OperationCheck.registered(policy, registered.get(), request, true);
    }
    if (policy.mode() == KeyPolicy.Mode.TRUSTED) {
      throw Refusals.notInList(id);
    }
    AnalysedText cached = open.cached(analysisLimits(policy), id, request.operationName());
    if (cached == null) {
      throw Refusals.persistedQueryNotFound();
    }
    return OperationCheck.analysed(policy, cached, request);
  }

  private static Limits analysisLimits(KeyPolicy policy) {
    return LimitPolicy.of(policy).beforeValidation(policy.limits());
  }

  /** The active document {@code hash} when one of its apps is the caller's; no store read otherwise. */
  private Optional<RegisteredDocument> allowedDocument(KeyPolicy policy, DocumentHash hash) {
    for (String app : catalog.appsOf(hash)) {
      if (policy.mayRun(app)) {
        return catalog.findActive(hash);
      }
    }
    return Optional.empty();
  }
}
