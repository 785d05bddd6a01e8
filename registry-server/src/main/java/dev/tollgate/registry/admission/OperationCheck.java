package dev.tollgate.registry.admission;

import dev.tollgate.registry.catalog.RegisteredDocument;
import dev.tollgate.registry.catalog.RegisteredOperation;
import dev.tollgate.registry.config.KeyPolicy;
import dev.tollgate.registry.config.KeyPolicy.Limits;
import dev.tollgate.registry.pricing.Measure;
import dev.tollgate.registry.pricing.OperationKind;
import dev.tollgate.registry.pricing.PricedOperation;
import dev.tollgate.registry.upstream.UpstreamRequest;
import org.jspecify.annotations.Nullable;

/**
 * The per-operation checks, in the book's order: introspection and method first, then the price
 * evaluated with the request's variables, then depth and aliases (open mode), then the cost limit.
 * A breached limit refuses or is reported, as the caller's {@link LimitPolicy} says.
 */
final class OperationCheck {

  private OperationCheck() {}

  static AdmittedOperation registered(KeyPolicy policy, RegisteredDocument document, AdmissionRequest request,
      boolean byId) {
    RegisteredOperation operation = document.select(request.operationName());
    boolean open = policy.mode() == KeyPolicy.Mode.OPEN;
    return check(policy, document.text(), operation, document.introspective(), request, open, byId);
  }

  static AdmittedOperation analysed(KeyPolicy policy, AnalysedText analysed, AdmissionRequest request) {
    PricedOperation priced = analysed.analysis().select(request.operationName());
    RegisteredOperation operation =
        new RegisteredOperation(priced.name(), priced.kind(), priced.price(), priced.aliases());
    return check(policy, analysed.text(), operation, analysed.introspective(), request, true, false);
  }

  private static AdmittedOperation check(KeyPolicy policy, String text, RegisteredOperation operation,
      boolean introspective, AdmissionRequest request, boolean checkShape, boolean byId) {
    if (introspective && !policy.introspection()) {
      throw Refusals.introspectionDisabled();
    }
    if (request.transport() == Transport.GET && operation.kind() == OperationKind.MUTATION) {
      throw Refusals.mutationByGet();
    }
    Measure measure = operation.price().evaluate(request.variables());
    RefusedException breach = breach(measure, operation.aliases(), policy.limits(), checkShape);
    String wouldRefuse = LimitPolicy.of(policy).settle(breach);
    String name = request.operationName() != null ? request.operationName() : operation.name();
    return new AdmittedOperation(new UpstreamRequest(text, name, request.variables()), operation.kind(),
        measure.cost(), byId, wouldRefuse);
  }

  /** The refusal of the first limit the operation breaches, in the book's order, or {@code null}. */
  private static @Nullable RefusedException breach(Measure measure, int aliases, Limits limits, boolean checkShape) {
    if (checkShape && measure.depth() > limits.depth()) {
      return Refusals.depth(measure.depth(), limits, measure.cost());
    }
    if (checkShape && aliases > limits.aliases()) {
      return Refusals.aliases(aliases, limits, measure.cost());
    }
    if (measure.cost() > limits.cost()) {
      return Refusals.tooExpensive(measure.cost(), limits.cost());
    }
    return null;
  }
}
