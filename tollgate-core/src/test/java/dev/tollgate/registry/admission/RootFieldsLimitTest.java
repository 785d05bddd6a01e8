package dev.tollgate.registry.admission;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.catalog.InMemoryRegistry;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.limit.Limit;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.policy.KeyPolicy.Enforcement;
import dev.tollgate.registry.policy.KeyPolicy.Mode;
import dev.tollgate.registry.policy.Limits;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationPricer;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.UnExecutableSchemaGenerator;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The root-field limit, added as one entry of the {@link Limit} table: open mode refuses a document
 * over it with the table's code and message, in each enforcement mode as the table says, and its
 * default refuses nothing.
 */
final class RootFieldsLimitTest {

  private static final String SCHEMA =
      """
      type Query { a: Int, b: Int, item: Item, items: [Item] }
      type Item { id: ID }
      """;

  /** Five root fields: a, b, then two through a spread and one through an inline fragment. */
  private static final String WIDE =
      """
      query Wide { a b ...More ... on Query { item { id } } }
      fragment More on Query { items { id } __typename }
      """;

  private final OperationPricer pricer =
      new OperationPricer(
          UnExecutableSchemaGenerator.makeUnExecutableSchema(new SchemaParser().parse(SCHEMA)),
          CostModel.book());
  private final AdmissionController admission =
      new AdmissionController(
          new DocumentCatalog(
              new InMemoryRegistry(),
              pricer::restore,
              Caffeine.newBuilder().maximumSize(10).build()),
          () -> pricer,
          OpenCaches.of(
              Caffeine.newBuilder().maximumSize(10).<DocumentHash, OpenAnalysis>build(),
              Caffeine.newBuilder().maximumSize(10).<DocumentHash, String>build()),
          new InMemoryBudgetLedger(new FakeClock()),
          new AdmissionSettings(false, 10, 128 << 10));

  @Test
  void admit_overTheRootFieldLimit_refusedWithTheTablesCodeAndMessage() {
    Decision decision = admit(policy(4, Enforcement.ENFORCE));

    Refusal refusal = ((Decision.Rejected) decision).refusal();
    assertThat(refusal.code()).isEqualTo(Limit.ROOT_FIELDS.code().code());
    assertThat(refusal.code()).isEqualTo("MAX_ROOT_FIELDS_EXCEEDED");
    assertThat(refusal.message()).isEqualTo("5 root fields found. Allowed: 4");
  }

  @Test
  void admit_atTheRootFieldLimit_admitted() {
    assertThat(admit(policy(5, Enforcement.ENFORCE))).isInstanceOf(Decision.Admitted.class);
  }

  @Test
  void admit_refusedFactsCached_decideOnlyForLimitsTheyBreach() {
    Decision strict = admit(policy(4, Enforcement.ENFORCE));
    Decision generous = admit(policy(5, Enforcement.ENFORCE));
    Decision stricter = admit(policy(3, Enforcement.ENFORCE));

    assertThat(strict).isInstanceOf(Decision.Rejected.class);
    assertThat(generous).isInstanceOf(Decision.Admitted.class);
    assertThat(((Decision.Rejected) stricter).refusal().message())
        .isEqualTo("5 root fields found. Allowed: 3");
  }

  @Test
  void admit_measureMode_asTheTableSays() {
    Decision decision = admit(policy(4, Enforcement.MEASURE));

    // the table: measure mode does not relax it, so it refuses there too
    assertThat(Limit.ROOT_FIELDS.measureRelaxes()).isFalse();
    assertThat(decision).isInstanceOf(Decision.Rejected.class);
    assertThat(((Decision.Rejected) decision).refusal().message())
        .isEqualTo("5 root fields found. Allowed: 4");
  }

  @Test
  void admit_defaultLimits_noRootFieldBound() {
    KeyPolicy policy = policy(4, Enforcement.ENFORCE).transform(p -> p.limits(Limits.BOOK));

    assertThat(Limits.BOOK.get(Limit.ROOT_FIELDS)).isEqualTo(Integer.MAX_VALUE);
    assertThat(admit(policy)).isInstanceOf(Decision.Admitted.class);
  }

  private Decision admit(KeyPolicy policy) {
    return admission.admit(
        policy, new AdmissionRequest(WIDE, null, null, Map.of(), Transport.POST));
  }

  private static KeyPolicy policy(int rootFields, Enforcement enforcement) {
    return KeyPolicy.newPolicy("open")
        .mode(Mode.OPEN)
        .apps(Set.of("*"))
        .limits(Limits.BOOK.with(Limit.ROOT_FIELDS, rootFields))
        .enforcement(enforcement)
        .budget(new Budget(100_000, 10))
        .build();
  }
}
