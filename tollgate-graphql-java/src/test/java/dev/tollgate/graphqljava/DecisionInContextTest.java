package dev.tollgate.graphqljava;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.catalog.InMemoryRegistry;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.pricing.AnalysedDocument;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationPricer;
import graphql.ExecutionInput;
import graphql.GraphQL;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link TollgateGraphQL#decision}: what an HTTP layer reads from the execution's {@code
 * GraphQLContext} for the answer's headers (the core's {@code answer.Headers}).
 */
final class DecisionInContextTest {

  /** Book model: cargos(first: n) is 1 + 3n, 16 at n = 5; 3 cargos answered: 1 + 3 × 3 = 10. */
  private static final String PAGE =
      "query Page($n: Int) { cargos(first: $n) { edges { node { trackingId } } } }";

  private static final KeyPolicy WEB =
      KeyPolicy.newPolicy("web").apps(Set.of("cargo-web")).budget(new Budget(1_000, 10)).build();

  private final CargoGraph cargo = new CargoGraph();
  private final InMemoryRegistry registry = new InMemoryRegistry();

  @Test
  void admitted_theSettledDecision_withTheBalanceAfterTheCharge() {
    publish(PAGE);
    ExecutionInput input = input("web-key", PAGE, Map.of("n", 5));

    graphql().execute(input);

    Decision decision = TollgateGraphQL.decision(input.getGraphQLContext());
    assertThat(decision).isInstanceOf(Decision.Admitted.class);
    // measured once answered: actual 10; 1,000 - 16 = 984 left
    assertThat(((Decision.Admitted) decision).actual()).isEqualTo(10);
    assertThat(decision.budget()).isNotNull();
    assertThat(decision.budget().remaining()).isEqualTo(984);
    assertThat(decision.budget().limit()).isEqualTo(1_000);
  }

  @Test
  void refused_theRefusalWithTheBalance() {
    ExecutionInput input = input("web-key", "{ cargos { edges { cursor } } }", Map.of());

    graphql().execute(input);

    Decision decision = TollgateGraphQL.decision(input.getGraphQLContext());
    assertThat(decision).isInstanceOf(Decision.Rejected.class);
    assertThat(((Decision.Rejected) decision).refusal().errorCode())
        .isEqualTo(ErrorCode.QUERY_NOT_IN_SAFELIST);
    // nothing charged: the bucket is full
    assertThat(decision.budget()).isNotNull();
    assertThat(decision.budget().remaining()).isEqualTo(1_000);
    assertThat(cargo.fetches()).isZero();
  }

  @Test
  void unknownKey_nothingDecided() {
    ExecutionInput input = input("stolen", PAGE, Map.of());

    graphql().execute(input);

    assertThat(TollgateGraphQL.decision(input.getGraphQLContext())).isNull();
  }

  private GraphQL graphql() {
    TollgateGraphQL tollgate =
        TollgateGraphQL.newTollgate(cargo.schema(), registry).key("web-key", WEB).build();
    return GraphQL.newGraphQL(cargo.schema())
        .preparsedDocumentProvider(tollgate.preparsedDocumentProvider())
        .instrumentation(tollgate.instrumentation())
        .build();
  }

  private static ExecutionInput input(String apiKey, String query, Map<String, Object> variables) {
    Map<Object, Object> context = new HashMap<>();
    context.put(CallerResolver.API_KEY, apiKey);
    return ExecutionInput.newExecutionInput(query)
        .variables(variables)
        .graphQLContext(context)
        .build();
  }

  private void publish(String text) {
    OperationPricer pricer = new OperationPricer(cargo.schema(), CostModel.book());
    AnalysedDocument analysed = pricer.analyse(text, 5000);
    List<StoredOperation> operations = new ArrayList<>();
    analysed
        .operations()
        .forEach(
            operation -> operations.add(StoredOperation.of(operation, analysed.tokens(), "t")));
    registry.publish(
        "cargo-web",
        "1",
        new StoredDocument(DocumentHash.of(text), text, Instant.EPOCH, operations));
  }
}
