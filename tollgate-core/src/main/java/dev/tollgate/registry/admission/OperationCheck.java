package dev.tollgate.registry.admission;

import dev.tollgate.registry.catalog.RegisteredDocument;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.limit.Facts;
import dev.tollgate.registry.limit.Limit;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.Limits;
import dev.tollgate.registry.pricing.Measure;
import dev.tollgate.registry.pricing.OperationKind;
import dev.tollgate.registry.pricing.PricedOperation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The per-operation checks, in the book's order: introspection (of analysed text only: a registered
 * document was reviewed when it was published, so only its cost and the budget apply) and method
 * first, then the price evaluated with the request's variables, then the limits of the {@link
 * Limit} table checked at admission: depth and aliases (open mode), then the cost limit. A breached
 * limit refuses or is reported, as the caller's {@link LimitPolicy} says. Refusals are values; only
 * the pricing engine's (a variable that does not coerce, an unknown operation name) arrive as
 * exceptions.
 */
final class OperationCheck {

  private OperationCheck() {}

  static OperationOutcome registered(
      KeyPolicy policy, RegisteredDocument document, AdmissionRequest request, boolean byId) {
    PricedOperation operation = document.select(request.operationName());
    boolean open = policy.mode() == KeyPolicy.Mode.OPEN;
    Subject subject = new Subject(document, null, document.hash(), true, document.introspective());
    return check(policy, subject, operation, request, open, byId);
  }

  static OperationOutcome analysed(
      KeyPolicy policy, AnalysedText analysed, AdmissionRequest request, DocumentHash hash) {
    PricedOperation operation = analysed.analysis().select(request.operationName());
    Subject subject = new Subject(null, analysed.text(), hash, false, analysed.introspective());
    return check(policy, subject, operation, request, true, false);
  }

  /**
   * The document an operation comes from: a registered document, whose text is unpacked only when
   * the upstream request is sent, or an analysed text.
   */
  private record Subject(
      @Nullable RegisteredDocument document,
      @Nullable String text,
      DocumentHash hash,
      boolean registered,
      boolean introspective) {

    UpstreamRequest request(
        @Nullable String name, Map<String, @Nullable Object> variables, boolean resendable) {
      return document != null
          ? UpstreamRequest.of(document, name, variables, resendable)
          : new UpstreamRequest(Objects.requireNonNull(text), name, variables, resendable);
    }
  }

  private static OperationOutcome check(
      KeyPolicy policy,
      Subject subject,
      PricedOperation operation,
      AdmissionRequest request,
      boolean checkShape,
      boolean byId) {
    if (subject.introspective() && !subject.registered() && !policy.introspection()) {
      return Refused.of(Refusals.introspectionDisabled());
    }
    if (request.transport().safe() && operation.kind() == OperationKind.MUTATION) {
      return Refused.of(Refusals.mutationByGet());
    }
    Measure measure = operation.price().evaluate(request.variables());
    Refused breach = breach(measure, operation.aliases(), policy.limits(), checkShape);
    if (breach != null && LimitPolicy.of(policy).refusesBreaches()) {
      return Explanations.explained(policy, breach, operation.price(), request.variables());
    }
    String wouldRefuse = breach == null ? null : breach.refusal().code();
    String name = request.operationName() != null ? request.operationName() : operation.name();
    return new AdmittedOperation(
        subject.request(
            name,
            declared(operation, request.variables()),
            operation.kind() != OperationKind.MUTATION),
        operation.kind(),
        measure.cost(),
        byId,
        wouldRefuse,
        subject.hash(),
        subject.registered(),
        operation.price());
  }

  /** The variables the operation declares, in the request's order; the others are dropped. */
  private static Map<String, @Nullable Object> declared(
      PricedOperation operation, Map<String, @Nullable Object> variables) {
    List<String> names = operation.price().variableNames();
    if (allDeclared(names, variables)) {
      return variables;
    }
    Map<String, @Nullable Object> declared = new LinkedHashMap<>();
    for (Map.Entry<String, @Nullable Object> variable : variables.entrySet()) {
      if (names.contains(variable.getKey())) {
        declared.put(variable.getKey(), variable.getValue());
      }
    }
    return declared;
  }

  /** Whether every variable sent is declared: counted without an iterator, on every request. */
  private static boolean allDeclared(List<String> names, Map<String, @Nullable Object> variables) {
    int declared = 0;
    for (int i = 0; i < names.size(); i++) {
      if (variables.containsKey(names.get(i))) {
        declared++;
      }
    }
    return declared == variables.size();
  }

  /**
   * The refusal of the first limit the operation breaches, in table order (the book's: depth,
   * aliases, cost), or {@code null}: the limits checked at admission ({@link Limit.Phase#OPERATION}
   * and {@link Limit.Phase#PRICE}), of a reviewed document only those it is held to.
   */
  private static @Nullable Refused breach(
      Measure measure, int aliases, Limits limits, boolean checkShape) {
    OperationFacts facts = new OperationFacts(measure, aliases);
    List<Limit> table = Limit.all();
    for (int i = 0; i < table.size(); i++) {
      Limit limit = table.get(i);
      if (limit.phase().compareTo(Limit.Phase.OPERATION) < 0
          || !(checkShape || limit.bindsReviewed())) {
        continue;
      }
      long max = limits.get(limit);
      if (limit.breachedBy(facts, max)) {
        return new Refused(Refusals.breach(limit, limit.fact(facts), max), measure.cost());
      }
    }
    return null;
  }

  /** What admission knows of an operation: its static facts and its price with the variables. */
  private record OperationFacts(Measure measure, int operationAliases) implements Facts {
    @Override
    public long aliases() {
      return operationAliases;
    }

    @Override
    public long depth() {
      return measure.depth();
    }

    @Override
    public long cost() {
      return measure.cost();
    }
  }
}
