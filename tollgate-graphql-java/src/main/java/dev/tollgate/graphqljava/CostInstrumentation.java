package dev.tollgate.graphqljava;

import dev.tollgate.registry.admission.AdmissionController;
import dev.tollgate.registry.admission.AdmittedOperation;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.admission.Settlement;
import dev.tollgate.registry.answer.Answers;
import dev.tollgate.registry.pricing.ActualCost;
import dev.tollgate.registry.pricing.ActualCostPlan;
import dev.tollgate.registry.pricing.ActualCostPlans;
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
 * extensions.rateLimit} added to the result (to refusals too), and the answer counted for the
 * registry ({@link MeasurementReporter}). An operation that reaches execution without a decision of
 * {@link AdmissionProvider} (the provider is not installed) is aborted, so a half-installed
 * Tollgate admits nothing.
 */
final class CostInstrumentation extends SimplePerformantInstrumentation {

  static final String NOT_INSTALLED =
      "Tollgate's PreparsedDocumentProvider is not installed on this GraphQL instance";

  private final AdmissionController admission;
  private final ActualCostPlans plans;
  private final @Nullable MeasurementReporter reporter;

  /**
   * @param reporter where the answers' measurements are counted; {@code null}: nowhere
   */
  CostInstrumentation(
      AdmissionController admission,
      ActualCostPlans plans,
      @Nullable MeasurementReporter reporter) {
    this.admission = admission;
    this.plans = plans;
    this.reporter = reporter;
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
      AdmittedOperation operation = admitted.operations().get(0);
      ActualCost actual = actual(operation, result.getData());
      if (reporter != null) {
        reporter.answered(operation, actual);
      }
      decision =
          Settlement.settled(
              admission, decided.policy(), admitted, actual == null ? null : actual.cost());
      // the settled balance, for the HTTP layer's headers (TollgateGraphQL.decision)
      new Admission(decided.policy(), decision).putInto(parameters.getGraphQLContext());
    }
    Map<Object, Object> extensions =
        Answers.merged(result.getExtensions(), Answers.extensions(decision));
    return CompletableFuture.completedFuture(result.transform(b -> b.extensions(extensions)));
  }

  /** The actual cost of {@code data} as the answer to {@code operation}; {@code null}: no plan. */
  private @Nullable ActualCost actual(AdmittedOperation operation, @Nullable Object data) {
    ActualCostPlan plan =
        plans.of(
            operation.document(), operation.request().operationName(), operation.request()::query);
    return plan == null ? null : plan.measure(data, operation.request().variables());
  }
}
