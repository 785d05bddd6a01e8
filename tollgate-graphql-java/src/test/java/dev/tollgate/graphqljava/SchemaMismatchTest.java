package dev.tollgate.graphqljava;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.catalog.InMemoryRegistry;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.pricing.SchemaFingerprint;
import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.UnExecutableSchemaGenerator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 25 item 6, a document whose price no longer fits the schema: the registry priced it against
 * its active schema, which has a field the application's schema lacks ({@code Cargo.weight}). The
 * document is refused with {@code OPERATION_INVALID_FOR_SCHEMA}, nothing runs, nothing is charged,
 * and one log line names the document and the two fingerprints.
 */
final class SchemaMismatchTest {

  private static final String REGISTRY_SDL =
      CargoGraph.sdl() + "\nextend type Cargo { weight: Int }\n";

  private static final String WEIGHT =
      "query Weight($id: String!) { cargo(trackingId: $id) { trackingId weight } }";
  private static final String TRACK =
      "query Track($id: String!) { cargo(trackingId: $id) { trackingId } }";

  private static final String KEY = "web-key";
  private static final KeyPolicy WEB =
      KeyPolicy.newPolicy("web").apps(Set.of("cargo-web")).budget(new Budget(1_000, 0)).build();

  private final CargoGraph cargo = new CargoGraph();
  private final InMemoryRegistry registry = new InMemoryRegistry();
  private final OperationPricer registryPricer =
      new OperationPricer(
          UnExecutableSchemaGenerator.makeUnExecutableSchema(
              new SchemaParser().parse(REGISTRY_SDL)),
          CostModel.book());
  private final String registryFingerprint = SchemaFingerprint.of(REGISTRY_SDL, CostModel.book());
  private final String appFingerprint = SchemaFingerprint.of(CargoGraph.sdl(), CostModel.book());
  private TollgateGraphQL tollgate;

  @AfterEach
  void close() {
    if (tollgate != null) {
      tollgate.close();
    }
  }

  @Test
  void fieldTheAppLacks_refusedBeforeAnyCharge_nothingRuns_oneLogLine() throws Exception {
    DocumentHash weight =
        Registered.publish(registry, registryPricer, "cargo-web", WEIGHT, registryFingerprint);
    DocumentHash track =
        Registered.publish(registry, registryPricer, "cargo-web", TRACK, registryFingerprint);
    GraphQL graphql = graphql();
    ExecutionResult[] refused = new ExecutionResult[2];

    String log =
        StdErr.during(
            () -> {
              refused[0] = graphql.execute(Registered.byId(weight, Map.of("id", "T1"), KEY));
              refused[1] = graphql.execute(Registered.byId(weight, Map.of("id", "T1"), KEY));
            });

    for (ExecutionResult result : refused) {
      assertThat(result.isDataPresent()).isFalse();
      assertThat(result.getErrors())
          .singleElement()
          .satisfies(
              error -> {
                assertThat(error.getMessage())
                    .startsWith(
                        "this registered document does not validate against the application's"
                            + " schema: ")
                    .contains("weight");
                assertThat(error.getExtensions())
                    .containsEntry("code", "OPERATION_INVALID_FOR_SCHEMA")
                    .containsKey("errors");
              });
    }
    assertThat(cargo.fetches()).isZero();
    // one line for the two refusals: the verdict is kept by hash
    List<String> lines = log.lines().filter(line -> line.contains(weight.hex())).toList();
    assertThat(lines)
        .singleElement()
        .satisfies(
            line ->
                assertThat(line)
                    .contains("WARN")
                    .contains(appFingerprint)
                    .contains(registryFingerprint));

    // Nothing was charged: the next admitted request finds the whole budget. Book model:
    // cargo 1 + trackingId 0 = 1, so 1000 - 1 = 999.
    ExecutionResult admitted = graphql.execute(Registered.byId(track, Map.of("id", "T1"), KEY));
    assertThat(admitted.getErrors()).isEmpty();
    assertThat(Registered.rateLimit(admitted)).containsEntry("remaining", 1_000L - cost(TRACK));
  }

  @Test
  void sameSchema_fingerprintsAgree_documentRuns() {
    assertThat(SchemaFingerprint.of(CargoGraph.sdl(), CostModel.book()))
        .isEqualTo(appFingerprint)
        .isNotEqualTo(registryFingerprint)
        // another model is another fingerprint: the settings are part of it
        .isNotEqualTo(SchemaFingerprint.of(CargoGraph.sdl(), CostModel.apollo()));
    DocumentHash track =
        Registered.publish(registry, registryPricer, "cargo-web", TRACK, registryFingerprint);

    ExecutionResult result = graphql().execute(Registered.byId(track, Map.of("id", "T1"), KEY));

    assertThat(result.getErrors()).isEmpty();
    assertThat(cargo.fetches()).isPositive();
  }

  private long cost(String text) {
    return registryPricer.analyse(text, 5000).operations().get(0).price().atDefaults().cost();
  }

  private GraphQL graphql() {
    tollgate =
        TollgateGraphQL.newTollgate(cargo.schema(), registry)
            .key(KEY, WEB)
            .schemaSdl(CargoGraph.sdl())
            .build();
    return GraphQL.newGraphQL(cargo.schema())
        .preparsedDocumentProvider(tollgate.preparsedDocumentProvider())
        .instrumentation(tollgate.instrumentation())
        .build();
  }
}
