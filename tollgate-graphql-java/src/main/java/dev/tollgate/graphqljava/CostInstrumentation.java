package dev.tollgate.graphqljava;

import dev.tollgate.registry.admission.AdmissionController;
import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.policy.KeyPolicy;
import graphql.ExecutionResult;
import graphql.execution.AbortExecutionException;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationExecuteOperationParameters;
import graphql.execution.instrumentation.parameters.InstrumentationExecutionParameters;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * After execution, what the gateway does once the upstream answered: the answer's actual cost,
 * estimated − actual given back under a refunding policy, and {@code extensions.cost} and {@code
 * extensions.rateLimit} added to the result (to refusals too). An operation that reaches execution
 * without a decision of {@link AdmissionProvider} (the provider is not installed) is aborted, so a
 * half-installed Tollgate admits nothing.
 */
final class CostInstrumentation extends SimplePerformantInstrumentation {

  static final String NOT_INSTALLED =
      "Tollgate's PreparsedDocumentProvider is not installed on this GraphQL instance";

  private final AdmissionController admission;
  private final ActualCosts costs;

  CostInstrumentation(AdmissionController admission, ActualCosts costs) {
    this.admission = admission;
    this.costs = costs;
  }

  @Override
  public @Nullable InstrumentationContext<ExecutionResult> beginExecuteOperation(
      InstrumentationExecuteOperationParameters parameters, InstrumentationState state) {
    Admission decided = Admission.in(parameters.getExecutionContext().getGraphQLContext());
    if (decided == null || !(decided.decision() instanceof Decision.Admitted)) {
      throw new AbortExecutionException(NOT_INSTALLED);
    }
    return super.beginExecuteOperation(parameters, state);
  }

  @Override
  public CompletableFuture<ExecutionResult> instrumentExecutionResult(
      ExecutionResult result,
      InstrumentationExecutionParameters parameters,
      InstrumentationState state) {
    Admission decided = Admission.in(parameters.getGraphQLContext());
    if (decided == null) {
      return CompletableFuture.completedFuture(result);
    }
    Decision decision = decided.decision();
    if (decision instanceof Decision.Admitted admitted) {
      Long actual = costs.of(admitted.operations().get(0), result.getData());
      decision = settled(decided.policy(), admitted, actual);
    }
    Map<Object, Object> ours = CostExtensions.of(decision);
    Map<Object, Object> extensions = CostExtensions.merged(result.getExtensions(), ours);
    return CompletableFuture.completedFuture(result.transform(b -> b.extensions(extensions)));
  }

  /**
   * {@code admitted} once answered at {@code actual}: under a refunding policy, estimated − actual
   * is credited back ({@code extensions.rateLimit.refunded}; 0 when the store could not take it),
   * and the balance reported is the one after the refund. The gateway's {@code
   * UpstreamForwarder.settled}, copied until it moves to the core.
   */
  private Decision.Admitted settled(
      KeyPolicy policy, Decision.Admitted admitted, @Nullable Long actual) {
    if (actual == null) {
      return admitted;
    }
    if (!policy.budget().refund()) {
      return admitted.settled(actual, null, admitted.budget());
    }
    long units = Math.max(0, admitted.cost() - actual);
    BudgetCharge after = units == 0 ? null : admission.refund(policy, units);
    if (after == null) {
      return admitted.settled(actual, 0L, admitted.budget());
    }
    BudgetCharge charged = admitted.budget();
    return admitted.settled(
        actual,
        units,
        new BudgetCharge(
            true, charged.charged(), after.remaining(), after.resetInSeconds(), 0, after.limit()));
  }
}
