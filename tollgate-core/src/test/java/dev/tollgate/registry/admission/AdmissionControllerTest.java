package dev.tollgate.registry.admission;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.catalog.InMemoryRegistry;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.policy.KeyPolicy.Mode;
import dev.tollgate.registry.pricing.AnalysedDocument;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.pricing.PricedOperation;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.UnExecutableSchemaGenerator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Decisions without HTTP: the sealed {@link Decision} carries the charge or the refusal and the
 * balance.
 */
final class AdmissionControllerTest {

  private static final String PAGE =
      "query Page($n: Int) { cargos(first: 50) { edges { node { handlingHistory(first: $n) "
          + "{ edges { node { id } } } } } } }";
  private static final KeyPolicy WEB =
      KeyPolicy.newPolicy("web").apps(Set.of("web")).budget(new Budget(1_000, 10)).build();
  private static final KeyPolicy PARTNER =
      KeyPolicy.newPolicy("partner")
          .mode(Mode.OPEN)
          .apps(Set.of("*"))
          .budget(new Budget(1_000, 10))
          .build();

  private final OperationPricer pricer =
      new OperationPricer(
          UnExecutableSchemaGenerator.makeUnExecutableSchema(
              new SchemaParser().parse(resource("/dev/tollgate/registry/demo/cargo.graphqls"))),
          CostModel.book());
  private final InMemoryRegistry registry = new InMemoryRegistry();
  private final Cache<DocumentHash, OpenAnalysis> openCache =
      Caffeine.newBuilder().maximumSize(10).recordStats().build();
  private final DocumentCatalog catalog =
      new DocumentCatalog(
          registry, pricer::restore, Caffeine.newBuilder().maximumSize(10).recordStats().build());
  private final AdmissionController admission =
      controller(new InMemoryBudgetLedger(new FakeClock()));

  @Test
  void admit_registeredId_chargesTheStoredPriceWithVariables() {
    DocumentHash hash = publish(PAGE);

    Decision decision = admission.admit(WEB, byId(hash, Map.of("n", 5)));

    assertThat(decision)
        .isInstanceOfSatisfying(
            Decision.Admitted.class,
            admitted -> {
              assertThat(admitted.cost()).isEqualTo(901);
              assertThat(admitted.budget().remaining()).isEqualTo(99);
              assertThat(admitted.operations())
                  .singleElement()
                  .satisfies(operation -> assertThat(operation.registeredById()).isTrue());
            });
    assertThat(openCache.estimatedSize()).isZero();
  }

  @Test
  void admit_overTheLimit_rejectedWithCostAndUnchargedBalance() {
    DocumentHash hash = publish(PAGE);

    Decision decision = admission.admit(WEB, byId(hash, Map.of("n", 6)));

    assertThat(decision)
        .isInstanceOfSatisfying(
            Decision.Rejected.class,
            rejected -> {
              assertThat(rejected.refusal().code()).isEqualTo("COST_ESTIMATED_TOO_EXPENSIVE");
              assertThat(rejected.cost()).isEqualTo(1051);
              assertThat(rejected.budget().remaining()).isEqualTo(1_000);
            });
  }

  @Test
  void admit_overTheLimit_readsTheBalanceWithoutCharging() {
    RecordingBudgetLedger ledger = new RecordingBudgetLedger(new FakeClock());
    DocumentHash hash = publish(PAGE);

    Decision decision = controller(ledger).admit(WEB, byId(hash, Map.of("n", 6)));

    assertThat(decision)
        .isInstanceOfSatisfying(
            Decision.Rejected.class,
            rejected -> assertThat(rejected.budget().remaining()).isEqualTo(1_000));
    assertThat(ledger.charges()).isEmpty();
  }

  @Test
  void admit_refusedWhileBudgetStoreDown_refusalWithoutBalance() {
    UnavailableBudgetLedger ledger = new UnavailableBudgetLedger();
    DocumentHash hash = publish(PAGE);

    Decision decision = controller(ledger).admit(WEB, byId(hash, Map.of("n", 6)));

    assertThat(decision)
        .isInstanceOfSatisfying(
            Decision.Rejected.class,
            rejected -> {
              assertThat(rejected.refusal().code()).isEqualTo("COST_ESTIMATED_TOO_EXPENSIVE");
              assertThat(rejected.cost()).isEqualTo(1051);
              assertThat(rejected.budget()).isNull();
            });
    // A refusal charges nothing, so it never calls the store.
    assertThat(ledger.calls()).isZero();
  }

  @Test
  void admit_admittedWhileBudgetStoreDenies_rejectedUnavailableWithoutBalance() {
    DocumentHash hash = publish(PAGE);
    AdmissionController down = controller(new UnavailableBudgetLedger());

    Decision decision = down.admit(WEB, byId(hash, Map.of("n", 5)));

    assertThat(decision)
        .isInstanceOfSatisfying(
            Decision.Rejected.class,
            rejected -> {
              assertThat(rejected.refusal().code()).isEqualTo("BUDGET_STORE_UNAVAILABLE");
              assertThat(rejected.budget()).isNull();
            });
  }

  @Test
  void admit_openText_analysedOnceAndCachedByHash() {
    AdmissionRequest request =
        new AdmissionRequest(PAGE, null, null, Map.of("n", 1), Transport.POST);

    admission.admit(PARTNER, request);
    admission.admit(PARTNER, request);

    assertThat(openCache.stats().missCount()).isEqualTo(1);
    assertThat(openCache.stats().hitCount()).isEqualTo(1);
  }

  /* ---- batches ---- */

  @Test
  void admitBatch_disabled_refusedWhole() {
    AdmissionRequest small = text("{ cargos(first: 1) { edges { cursor } } }");

    BatchDecision decision = admission.admitBatch(PARTNER, List.of(small, small));

    assertThat(decision)
        .isInstanceOfSatisfying(
            BatchDecision.Whole.class,
            whole -> {
              assertThat(whole.rejected().refusal().code()).isEqualTo("BATCHING_NOT_SUPPORTED");
              assertThat(whole.rejected().budget().remaining()).isEqualTo(1_000);
            });
  }

  @Test
  void admitBatch_longerThanTheMaximum_refusedWholeWithoutCharging() {
    RecordingBudgetLedger ledger = new RecordingBudgetLedger(new FakeClock());
    AdmissionRequest small = text("{ cargos(first: 1) { edges { cursor } } }");

    BatchDecision decision = batching(ledger, 2).admitBatch(PARTNER, List.of(small, small, small));

    assertThat(decision)
        .isInstanceOfSatisfying(
            BatchDecision.Whole.class,
            whole ->
                assertThat(whole.rejected().refusal().message())
                    .isEqualTo("a batch may hold at most 2 operations, got 3"));
    assertThat(ledger.charges()).isEmpty();
  }

  @Test
  void admitBatch_enabled_eachOperationDecidedAndChargedInOrder() {
    RecordingBudgetLedger ledger = new RecordingBudgetLedger(new FakeClock());
    DocumentHash page = publish(PAGE);

    // PAGE costs 151 + 150n: n = 5 is 901, n = 6 is 1,051 (over the maximum 1,000); the text
    // costs 1 + 1 x (1 + 1) = 3
    BatchDecision decision =
        batching(ledger, 10)
            .admitBatch(
                PARTNER,
                List.of(
                    byId(page, Map.of("n", 5)),
                    byId(page, Map.of("n", 5)),
                    byId(page, Map.of("n", 6)),
                    text("{ cargos(first: 1) { edges { cursor } } }")));

    assertThat(decision).isInstanceOf(BatchDecision.PerOperation.class);
    List<Decision> decisions = ((BatchDecision.PerOperation) decision).decisions();
    assertThat(decisions).hasSize(4);
    // 1,000 - 901 = 99
    assertThat(decisions.get(0))
        .isInstanceOfSatisfying(
            Decision.Admitted.class,
            admitted -> assertThat(admitted.budget().remaining()).isEqualTo(99));
    // 901 > 99
    assertThat(decisions.get(1))
        .isInstanceOfSatisfying(
            Decision.Rejected.class,
            rejected -> assertThat(rejected.refusal().code()).isEqualTo("RATE_LIMITED"));
    assertThat(decisions.get(2))
        .isInstanceOfSatisfying(
            Decision.Rejected.class,
            rejected ->
                assertThat(rejected.refusal().code()).isEqualTo("COST_ESTIMATED_TOO_EXPENSIVE"));
    // 99 - 3 = 96
    assertThat(decisions.get(3))
        .isInstanceOfSatisfying(
            Decision.Admitted.class,
            admitted -> assertThat(admitted.budget().remaining()).isEqualTo(96));
    // the refused charge of 901 was tried and took nothing; the cost refusal was never charged
    assertThat(ledger.charges()).containsExactly(901L, 901L, 3L);
    assertThat(controllerBalance(ledger)).isEqualTo(96);
  }

  @Test
  void admit_onlyQueriesAreResendableUpstream() {
    String mutation =
        "mutation Register { registerHandlingEvent(input: {trackingId: \"T1\", type: LOAD, "
            + "locationCode: \"SEGOT\", completionTime: \"2026-01-01T00:00:00Z\"}) "
            + "{ id } }";

    Decision query = admission.admit(PARTNER, text("{ cargos(first: 1) { edges { cursor } } }"));
    Decision write = admission.admit(PARTNER, text(mutation));

    // a query may be sent again on a fresh connection; a mutation the upstream may have run may not
    assertThat(query)
        .isInstanceOfSatisfying(
            Decision.Admitted.class,
            admitted -> assertThat(admitted.operations().get(0).request().resendable()).isTrue());
    assertThat(write)
        .isInstanceOfSatisfying(
            Decision.Admitted.class,
            admitted -> assertThat(admitted.operations().get(0).request().resendable()).isFalse());
  }

  @Test
  void unknownOperationPolicy_followsModeAndRequireId() {
    assertThat(UnknownOperationPolicy.of(PARTNER)).isEqualTo(UnknownOperationPolicy.ALLOW_ALL);
    assertThat(UnknownOperationPolicy.of(WEB))
        .isEqualTo(UnknownOperationPolicy.ALLOW_IF_IN_SAFELIST);
    assertThat(
            UnknownOperationPolicy.of(
                KeyPolicy.newPolicy("strict")
                    .apps(Set.of("web"))
                    .requireId(true)
                    .budget(new Budget(1, 1))
                    .cacheMaxAgeSeconds(0)
                    .build()))
        .isEqualTo(UnknownOperationPolicy.DENY_ALL);
  }

  private AdmissionController controller(BudgetLedger ledger) {
    return controller(ledger, new AdmissionSettings(false, 10, 1 << 20));
  }

  private AdmissionController batching(BudgetLedger ledger, int maxBatchOperations) {
    return controller(ledger, new AdmissionSettings(true, maxBatchOperations, 1 << 20));
  }

  private AdmissionController controller(BudgetLedger ledger, AdmissionSettings gateway) {
    return new AdmissionController(
        catalog,
        () -> pricer,
        OpenCaches.of(
            openCache, Caffeine.newBuilder().maximumSize(10).<DocumentHash, String>build()),
        ledger,
        gateway);
  }

  private static long controllerBalance(BudgetLedger ledger) {
    return ledger.balance("partner", PARTNER.budget()).remaining();
  }

  private static AdmissionRequest text(String query) {
    return new AdmissionRequest(query, null, null, Map.of(), Transport.POST);
  }

  private DocumentHash publish(String text) {
    AnalysedDocument analysed = pricer.analyse(text, 5000);
    PricedOperation operation = analysed.operations().get(0);
    DocumentHash hash = DocumentHash.of(text);
    registry.publish(
        "web",
        "1",
        new StoredDocument(
            hash,
            text,
            Instant.EPOCH,
            List.of(
                new StoredOperation(
                    operation.name(),
                    operation.kind(),
                    operation.price().serialize(),
                    0,
                    0,
                    operation.aliases(),
                    analysed.tokens(),
                    "t"))));
    catalog.refresh();
    return hash;
  }

  private static AdmissionRequest byId(DocumentHash hash, Map<String, Object> variables) {
    return new AdmissionRequest(null, hash, null, variables, Transport.GET);
  }

  private static String resource(String path) {
    try (InputStream in = AdmissionControllerTest.class.getResourceAsStream(path)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
