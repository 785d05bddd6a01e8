package dev.tollgate.registry.contract;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.UnExecutableSchemaGenerator;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What {@link AdmissionContract} runs against, defined once: the demo cargo schema, the documents
 * registered for app {@value #APP} (priced with the book's model, as the registry prices them), the
 * keys and their policies, and what the application answers to each document (the demo's seed:
 * cargos ABC123, DEF456 and JKL567). Each way in is set up from here: the gateway's config takes
 * {@link #keys()} as they are, the starter's {@code tollgate.*} properties are written from them.
 *
 * <p>Every policy has the core's default limits (the book's: depth 15, 20 aliases, cost 1,000).
 */
public final class ContractFixture {

  /** The app whose version {@value #VERSION} holds the contract's documents. */
  public static final String APP = "cargo-web";

  public static final String VERSION = "1";

  /** Book model: cargos(first: n) 1 + edges n + node n + trackingId n = 1 + 3n. */
  public static final String PAGE =
      "query Page($n: Int) { cargos(first: $n) { edges { node { trackingId } } } }";

  /** Book model: cargo 1 + trackingId 1 + origin 1 + code 1 = 4. */
  public static final String TRACK =
      "query Track($id: String!) { cargo(trackingId: $id) { trackingId origin { code } } }";

  /** A registered mutation: refused by GET, never run by the contract. */
  public static final String REGISTER =
      "mutation Register($e: RegisterHandlingEventInput!) {"
          + " registerHandlingEvent(input: $e) { __typename } }";

  /** Trusted for {@value #APP}, ids only (the demo's {@code web-demo}); 10,000 units, 100/s. */
  public static final String TRUSTED_KEY = "contract-web";

  /** Trusted for {@value #APP}, registered text allowed; the default budget (10,000, 100/s). */
  public static final String SAFELIST_KEY = "contract-safelist";

  /** Trusted for {@value #APP}; 20 units, refilled at 0.001/s: one page of 5 (16) fits, two not. */
  public static final String TIGHT_KEY = "contract-tight";

  /** Open, every app (the demo's {@code partner-demo}); 100,000 units, 1,000/s. */
  public static final String OPEN_KEY = "contract-partner";

  /** A key no policy names. */
  public static final String UNKNOWN_KEY = "contract-stolen";

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String CARGO_SCHEMA = "/dev/tollgate/registry/demo/cargo.graphqls";

  private static final Map<String, String> ANSWERS =
      Map.of(
          PAGE,
          "{\"data\":{\"cargos\":{\"edges\":["
              + "{\"node\":{\"trackingId\":\"ABC123\"}},"
              + "{\"node\":{\"trackingId\":\"DEF456\"}},"
              + "{\"node\":{\"trackingId\":\"JKL567\"}}]}}}",
          TRACK,
          "{\"data\":{\"cargo\":{\"trackingId\":\"ABC123\",\"origin\":{\"code\":\"HKHKG\"}}}}");

  private ContractFixture() {}

  /** The policy of each key, in the order above. */
  public static Map<String, KeyPolicy> keys() {
    Map<String, KeyPolicy> keys = new LinkedHashMap<>();
    keys.put(TRUSTED_KEY, trusted("contract-web", true, new Budget(10_000, 100)));
    keys.put(SAFELIST_KEY, trusted("contract-safelist", false, Budget.DEFAULT));
    keys.put(TIGHT_KEY, trusted("contract-tight", false, new Budget(20, 0.001)));
    keys.put(
        OPEN_KEY,
        KeyPolicy.newPolicy("contract-partner")
            .mode(Mode.OPEN)
            .apps(Set.of("*"))
            .budget(new Budget(100_000, 1_000))
            .build());
    return keys;
  }

  private static KeyPolicy trusted(String name, boolean requireId, Budget budget) {
    return KeyPolicy.newPolicy(name)
        .mode(Mode.TRUSTED)
        .apps(Set.of(APP))
        .requireId(requireId)
        .budget(budget)
        .build();
  }

  /** The demo cargo schema (registry-server's {@code demo/cargo.graphqls}), not executable. */
  public static GraphQLSchema schema() {
    return UnExecutableSchemaGenerator.makeUnExecutableSchema(
        new SchemaParser().parse(resource(CARGO_SCHEMA)));
  }

  /** A pricer over {@link #schema()} with the book's model, which restores the stored prices. */
  public static OperationPricer pricer() {
    return new OperationPricer(schema(), CostModel.book());
  }

  /** Publishes {@link #PAGE}, {@link #TRACK} and {@link #REGISTER} for {@value #APP}. */
  public static void publishTo(InMemoryRegistry registry) {
    OperationPricer pricer = pricer();
    List<StoredDocument> documents = new ArrayList<>();
    for (String text : List.of(PAGE, TRACK, REGISTER)) {
      AnalysedDocument analysed = pricer.analyse(text, 5000);
      List<StoredOperation> operations = new ArrayList<>();
      analysed
          .operations()
          .forEach(
              operation ->
                  operations.add(StoredOperation.of(operation, analysed.tokens(), "contract")));
      documents.add(new StoredDocument(DocumentHash.of(text), text, Instant.EPOCH, operations));
    }
    registry.publish(APP, VERSION, documents.toArray(StoredDocument[]::new));
  }

  /**
   * What the application answers to {@code query} (run with the contract's variables), as a GraphQL
   * response body; {@code null} for a text the contract never runs.
   */
  @SuppressWarnings("unchecked")
  public static @Nullable Map<String, Object> answerTo(String query) {
    String answer = ANSWERS.get(query);
    if (answer == null) {
      return null;
    }
    try {
      return JSON.readValue(answer, LinkedHashMap.class);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The query of the book's fixture {@code name} (the core's {@code fixtures/cases}). */
  public static String fixture(String name) {
    return resource("/fixtures/cases/" + name + "/query.graphql");
  }

  private static String resource(String path) {
    try (InputStream in = ContractFixture.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalArgumentException("no resource " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
