package dev.tollgate.graphqljava;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.admission.FakeClock;
import dev.tollgate.registry.admission.InMemoryBudgetLedger;
import dev.tollgate.registry.catalog.InMemoryRegistry;
import dev.tollgate.registry.catalog.RegistryReader;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.limit.Limit;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.policy.KeyPolicy.Mode;
import dev.tollgate.registry.policy.Limits;
import dev.tollgate.registry.pricing.AnalysedDocument;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationPricer;
import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.execution.instrumentation.ChainedInstrumentation;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimpleInstrumentationContext;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationExecutionParameters;
import graphql.language.Document;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The gateway's admission contract, in process: a real graphql-java over the demo cargo schema, its
 * data fetchers counting their calls, documents priced through the core into an in-memory registry.
 */
final class TollgateGraphQLTest {

  /**
   * Book model (docs/cost-model.md): {@code trackingId} 1, {@code node} 2, {@code edges} 3, {@code
   * cargos(first: n)} 1 + n × 3; so 16 at n = 5, the stored price the gateway charges. The answer
   * holds 3 cargos, so its actual cost is 1 + 3 × 3 = 10.
   */
  private static final String PAGE =
      "query Page($n: Int) { cargos(first: $n) { edges { node { trackingId } } } }";

  private static final String TRACK =
      "query Track($id: String!) { cargo(trackingId: $id) { trackingId origin { code } } }";

  private static final String WEB_KEY = "web-key";
  private static final String PARTNER_KEY = "partner-key";
  private static final KeyPolicy WEB =
      KeyPolicy.newPolicy("web").apps(Set.of("cargo-web")).budget(new Budget(1_000, 10)).build();

  private final CargoGraph cargo = new CargoGraph();
  private final OperationPricer pricer = new OperationPricer(cargo.schema(), CostModel.book());
  private final InMemoryRegistry registry = new InMemoryRegistry();
  private final AtomicInteger parses = new AtomicInteger();

  /* ---- registered documents ---- */

  @Test
  void execute_registeredId_runsAndReportsTheGatewaysPrice() {
    DocumentHash page = publish(PAGE);
    GraphQL graphql = graphql(tollgate(WEB));

    ExecutionResult result = graphql.execute(byApqId(page, Map.of("n", 5), WEB_KEY));

    assertThat(result.getErrors()).isEmpty();
    assertThat(edges(result)).hasSize(CargoGraph.CARGOS);
    long price =
        pricer.analyse(PAGE, 5000).operations().get(0).price().evaluate(Map.of("n", 5)).cost();
    assertThat(price).isEqualTo(16);
    assertThat(result.getExtensions())
        .containsEntry("cost", Map.of("estimated", 16L, "max", 1000L, "actual", 10L))
        .containsEntry("rateLimit", Map.of("cost", 16L, "remaining", 984L, "resetIn", 2L));
  }

  @Test
  void execute_documentIdInContext_runs() {
    DocumentHash track = publish(TRACK);
    GraphQL graphql = graphql(tollgate(WEB));

    ExecutionResult result =
        graphql.execute(
            input(Map.of("id", "T1"), WEB_KEY)
                .transform(b -> b.graphQLContext(Map.of("documentId", "sha256:" + track.hex()))));

    assertThat(result.getErrors()).isEmpty();
    assertThat(result.<Map<String, Object>>getData()).containsKey("cargo");
    assertThat(cargo.fetches()).isPositive();
  }

  @Test
  void execute_customIdInExtensions_runsTheDocumentItNames() {
    DocumentHash track = publish(TRACK);
    RegistryReader aliased = new AliasedRegistry(Map.of("track-v1", Map.of("cargo-web", track)));
    GraphQL graphql =
        graphql(TollgateGraphQL.newTollgate(cargo.schema(), aliased).key(WEB_KEY, WEB).build());

    ExecutionResult result =
        graphql.execute(
            input(Map.of("id", "T1"), WEB_KEY)
                .transform(b -> b.extensions(Map.of("documentId", "track-v1"))));

    assertThat(result.getErrors()).isEmpty();
    assertThat(result.<Map<String, Object>>getData()).containsKey("cargo");
  }

  @Test
  void execute_openModeText_analysedAndRun() {
    KeyPolicy partner = KeyPolicy.newPolicy("partner").mode(Mode.OPEN).apps(Set.of("*")).build();
    GraphQL graphql =
        graphql(
            TollgateGraphQL.newTollgate(cargo.schema(), registry)
                .key(PARTNER_KEY, partner)
                .build());

    ExecutionResult result =
        graphql.execute(input(Map.of("n", 5), PARTNER_KEY).transform(b -> b.query(PAGE)));

    assertThat(result.getErrors()).isEmpty();
    assertThat(edges(result)).hasSize(CargoGraph.CARGOS);
    assertThat(result.getExtensions())
        .containsEntry("cost", Map.of("estimated", 16L, "max", 1000L, "actual", 10L));
  }

  @Test
  void execute_registeredDocument_parsedOnceForManyRequests() {
    DocumentHash page = publish(PAGE);
    TollgateGraphQL tollgate = tollgate(WEB);
    GraphQL graphql = graphql(tollgate);

    for (int i = 0; i < 5; i++) {
      assertThat(graphql.execute(byApqId(page, Map.of("n", i + 1), WEB_KEY)).getErrors()).isEmpty();
    }

    assertThat(parses).hasValue(1);
    assertThat(tollgate.documentCache().stats().missCount()).isEqualTo(1);
    assertThat(tollgate.documentCache().stats().hitCount()).isEqualTo(4);
  }

  @Test
  void execute_refundingPolicy_givesBackWhatTheAnswerDidNotCost() {
    DocumentHash page = publish(PAGE);
    KeyPolicy refunding = WEB.transform(p -> p.budget(new Budget(1_000, 10).withRefund(true)));
    GraphQL graphql = graphql(tollgate(refunding));

    ExecutionResult result = graphql.execute(byApqId(page, Map.of("n", 5), WEB_KEY));

    // estimated 16, actual 10: 6 back, so 1000 - 16 + 6
    assertThat(result.getExtensions())
        .containsEntry(
            "rateLimit", Map.of("cost", 16L, "remaining", 990L, "resetIn", 1L, "refunded", 6L));
  }

  /* ---- refusals: the gateway's codes and messages, no data fetcher ---- */

  @Test
  void execute_unknownId_refusedNotInList_noFetcherRuns() {
    publish(PAGE);
    GraphQL graphql = graphql(tollgate(WEB));
    DocumentHash unknown = DocumentHash.of("{ cargos { edges { cursor } } }");

    ExecutionResult result = graphql.execute(byApqId(unknown, Map.of(), WEB_KEY));

    assertThat(result.toSpecification())
        .isEqualTo(
            Map.of(
                "errors",
                List.of(
                    Map.of(
                        "message",
                        "Persisted query " + unknown + " not found in the persisted query list",
                        "extensions",
                        Map.of("code", "PERSISTED_QUERY_NOT_IN_LIST"))),
                "extensions",
                Map.of("rateLimit", Map.of("cost", 0L, "remaining", 1000L, "resetIn", 0L))));
    assertThat(cargo.fetches()).isZero();
    assertThat(parses).hasValue(0);
  }

  @Test
  void execute_textInTrustedMode_refusedNotInSafelist_noFetcherRuns() {
    GraphQL graphql = graphql(tollgate(WEB));

    ExecutionResult result =
        graphql.execute(input(Map.of("n", 2), WEB_KEY).transform(b -> b.query(PAGE)));

    assertRefused(
        result,
        "QUERY_NOT_IN_SAFELIST",
        "Query was not in the safelist: only registered documents may run with this key");
    assertThat(cargo.fetches()).isZero();
  }

  @Test
  void execute_overBudget_refusedRateLimited_noFetcherRuns() {
    DocumentHash page = publish(PAGE);
    KeyPolicy small = WEB.transform(p -> p.budget(new Budget(20, 1)));
    GraphQL graphql = graphql(tollgate(small));
    assertThat(graphql.execute(byApqId(page, Map.of("n", 5), WEB_KEY)).getErrors()).isEmpty();
    int fetched = cargo.fetches();

    ExecutionResult result = graphql.execute(byApqId(page, Map.of("n", 5), WEB_KEY));

    // 20 - 16 = 4 left; 16 needs 12 more units at 1 a second, 16 to fill the bucket
    assertThat(result.toSpecification())
        .isEqualTo(
            Map.of(
                "errors",
                List.of(
                    Map.of(
                        "message",
                        "Rate limit exceeded: this request costs 16, 4 remaining; retry in 12 s",
                        "extensions",
                        Map.of(
                            "code",
                            "RATE_LIMITED",
                            "retryAfter",
                            12L,
                            // a trusted policy explains a budget refusal in summary (issue 26)
                            "cost",
                            Map.of(
                                "estimated",
                                16L,
                                "terms",
                                List.of(
                                    Map.of(
                                        "coordinate",
                                        "Query.cargos",
                                        "text",
                                        "Query.cargos: 16",
                                        "cost",
                                        16L)))))),
                "extensions",
                Map.of(
                    "cost", Map.of("estimated", 16L, "max", 1000L),
                    "rateLimit", Map.of("cost", 0L, "remaining", 4L, "resetIn", 16L))));
    assertThat(cargo.fetches()).isEqualTo(fetched);
  }

  @Test
  void execute_openModeOverDepthLimit_refusedMaxDepth_noFetcherRuns() {
    KeyPolicy partner =
        KeyPolicy.newPolicy("partner")
            .mode(Mode.OPEN)
            .apps(Set.of("*"))
            .limits(Limits.BOOK.with(Limit.DEPTH, 2))
            .build();
    GraphQL graphql =
        graphql(
            TollgateGraphQL.newTollgate(cargo.schema(), registry)
                .key(PARTNER_KEY, partner)
                .build());

    ExecutionResult result =
        graphql.execute(input(Map.of("id", "T1"), PARTNER_KEY).transform(b -> b.query(TRACK)));

    assertThat(result.getErrors())
        .singleElement()
        .satisfies(
            error -> {
              assertThat(error.getExtensions()).containsEntry("code", "MAX_DEPTH_EXCEEDED");
              assertThat(error.getMessage()).isEqualTo("maximum query depth exceeded 3 > 2");
            });
    assertThat(cargo.fetches()).isZero();
  }

  @Test
  void execute_unknownKey_refusedUnauthenticated_noFetcherRuns() {
    DocumentHash page = publish(PAGE);
    GraphQL graphql = graphql(tollgate(WEB));

    ExecutionResult result = graphql.execute(byApqId(page, Map.of(), "stolen"));

    assertThat(result.toSpecification())
        .isEqualTo(
            Map.of(
                "errors",
                List.of(
                    Map.of(
                        "message",
                        "unknown API key",
                        "extensions",
                        Map.of("code", "UNAUTHENTICATED")))));
    assertThat(cargo.fetches()).isZero();
  }

  @Test
  void execute_persistedQueryVersion2_refusedVersionNotSupported() {
    DocumentHash page = publish(PAGE);
    GraphQL graphql = graphql(tollgate(WEB));

    ExecutionResult result =
        graphql.execute(
            input(Map.of(), WEB_KEY)
                .transform(
                    b ->
                        b.extensions(
                            Map.of(
                                "persistedQuery",
                                Map.of("version", 2, "sha256Hash", page.hex())))));

    assertRefused(
        result,
        "PERSISTED_QUERY_VERSION_NOT_SUPPORTED",
        "Unsupported persisted query version: only version 1 is supported");
    assertThat(cargo.fetches()).isZero();
  }

  @Test
  void execute_withoutTheProvider_abortsBeforeAnyFetcher() {
    TollgateGraphQL tollgate = tollgate(WEB);
    GraphQL graphql =
        GraphQL.newGraphQL(cargo.schema()).instrumentation(tollgate.instrumentation()).build();

    ExecutionResult result =
        graphql.execute(input(Map.of("n", 1), WEB_KEY).transform(b -> b.query(PAGE)));

    assertThat(result.getErrors())
        .singleElement()
        .satisfies(
            error -> assertThat(error.getMessage()).contains(CostInstrumentation.NOT_INSTALLED));
    assertThat(cargo.fetches()).isZero();
  }

  /* ---- helpers ---- */

  private TollgateGraphQL tollgate(KeyPolicy web) {
    return TollgateGraphQL.newTollgate(cargo.schema(), registry)
        .key(WEB_KEY, web)
        .ledger(new InMemoryBudgetLedger(new FakeClock()))
        .build();
  }

  /** Both hooks, and a count of graphql-java's parses. */
  private GraphQL graphql(TollgateGraphQL tollgate) {
    return GraphQL.newGraphQL(cargo.schema())
        .preparsedDocumentProvider(tollgate.preparsedDocumentProvider())
        .instrumentation(
            new ChainedInstrumentation(List.of(tollgate.instrumentation(), new ParseCounter())))
        .build();
  }

  private final class ParseCounter extends SimplePerformantInstrumentation {
    @Override
    public InstrumentationContext<Document> beginParse(
        InstrumentationExecutionParameters parameters, InstrumentationState state) {
      parses.incrementAndGet();
      return SimpleInstrumentationContext.noOp();
    }
  }

  /** The in-memory registry, with custom document ids of its active versions. */
  private final class AliasedRegistry implements RegistryReader {
    private final Map<String, Map<String, DocumentHash>> aliases;

    AliasedRegistry(Map<String, Map<String, DocumentHash>> aliases) {
      this.aliases = aliases;
    }

    @Override
    public Optional<StoredDocument> findDocument(DocumentHash hash) {
      return registry.findDocument(hash);
    }

    @Override
    public Map<DocumentHash, Set<String>> activeDocumentApps() {
      return registry.activeDocumentApps();
    }

    @Override
    public Map<String, Map<String, DocumentHash>> activeAliases() {
      return aliases;
    }

    @Override
    public long latestChangeId() {
      return registry.latestChangeId();
    }
  }

  private DocumentHash publish(String text) {
    AnalysedDocument analysed = pricer.analyse(text, 5000);
    List<StoredOperation> operations = new ArrayList<>();
    analysed
        .operations()
        .forEach(
            operation -> operations.add(StoredOperation.of(operation, analysed.tokens(), "t")));
    DocumentHash hash = DocumentHash.of(text);
    registry.publish("cargo-web", "1", new StoredDocument(hash, text, Instant.EPOCH, operations));
    return hash;
  }

  private static ExecutionInput input(Map<String, Object> variables, String apiKey) {
    Map<Object, Object> context = new HashMap<>();
    context.put(CallerResolver.API_KEY, apiKey);
    return ExecutionInput.newExecutionInput(ExecutionInput.PERSISTED_QUERY_MARKER)
        .variables(variables)
        .graphQLContext(context)
        .build();
  }

  private static ExecutionInput byApqId(
      DocumentHash id, Map<String, Object> variables, String apiKey) {
    Map<String, Object> persisted = new LinkedHashMap<>();
    persisted.put("version", 1);
    persisted.put("sha256Hash", id.hex());
    return input(variables, apiKey)
        .transform(b -> b.extensions(Map.of("persistedQuery", persisted)));
  }

  @SuppressWarnings("unchecked")
  private static List<Object> edges(ExecutionResult result) {
    Map<String, Object> data = result.getData();
    return (List<Object>) ((Map<String, Object>) data.get("cargos")).get("edges");
  }

  private static void assertRefused(ExecutionResult result, String code, String message) {
    assertThat(result.isDataPresent()).isFalse();
    assertThat(result.getErrors())
        .singleElement()
        .satisfies(
            error -> {
              assertThat(error.getMessage()).isEqualTo(message);
              assertThat(error.getExtensions()).isEqualTo(Map.of("code", code));
            });
  }
}
