package dev.tollgate.registry.admission;

import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.catalog.RegisteredDocument;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.error.TollgateException;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.Limits;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * What one request names and whether {@code policy} may run it, before any charge: its document by
 * id, alias or text; registered for one of the caller's apps, or analysed as open-mode text ({@link
 * OpenDocuments}); then its limits ({@link OperationCheck}).
 */
final class RequestCheck {

  private final DocumentCatalog catalog;
  private final OpenDocuments open;
  private final AdmissionSettings gateway;

  RequestCheck(DocumentCatalog catalog, OpenDocuments open, AdmissionSettings gateway) {
    this.catalog = catalog;
    this.open = open;
    this.gateway = gateway;
  }

  /**
   * Checks one operation. Admission refuses with values; the pricing engine's refusals (a variable
   * that does not coerce, an operation name the document does not define) arrive as exceptions.
   */
  OperationOutcome checked(KeyPolicy policy, AdmissionRequest request) {
    try {
      return check(policy, request);
    } catch (TollgateException e) {
      return Refused.of(Refusal.of(e));
    }
  }

  /** See {@link AdmissionController#documentOf}. */
  @Nullable DocumentHash documentOf(KeyPolicy policy, AdmissionRequest request) {
    String alias = request.alias();
    if (alias == null) {
      return request.id();
    }
    Map<DocumentHash, TreeSet<String>> targets = AliasTargets.of(catalog, policy, alias);
    return targets.size() == 1 ? targets.keySet().iterator().next() : null;
  }

  private OperationOutcome check(KeyPolicy policy, AdmissionRequest request) {
    if (request.textOverTokens() > 0) {
      // the reader counted the text against this caller's limit and did not keep it
      return Refused.of(Refusals.tooManyTokens(request.textOverTokens()));
    }
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
