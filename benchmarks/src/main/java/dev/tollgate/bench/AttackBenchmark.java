package dev.tollgate.bench;

import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tollgate.registry.admission.AdmissionController;
import dev.tollgate.registry.admission.AdmissionRequest;
import dev.tollgate.registry.admission.BatchDecision;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.admission.InMemoryBudgetLedger;
import dev.tollgate.registry.admission.OpenCaches;
import dev.tollgate.registry.admission.Transport;
import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.catalog.RegistryReader;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.config.SchemaSource;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.gateway.GatewaySettings;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationPricer;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.UnExecutableSchemaGenerator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The book's five attacks refused in open mode (README benchmark targets, "well under a
 * millisecond"), through {@link AdmissionController#admit} as the gateway calls it, hashing
 * included. {@code uncached} sends a text never seen before on every call (a distinct trailing
 * comment); {@code cached} repeats one text. Fixture texts are copies of registry-server's test
 * fixtures.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class AttackBenchmark {

  @Param({
    "s000-29-token-flood",
    "s000-12-alias-150",
    "s000-04-deep16-first1",
    "s000-23-huge-page-first5000",
    FRAGMENT_CHAIN
  })
  public String attack;

  /**
   * Issue 10's chain: {@code fragment a{i} on Cargo{...a{i+1}}} × 620 (19.7 KB, under 5,000
   * tokens), generated rather than read; 3.7 s of CPU to refuse before the fragment bounds.
   */
  static final String FRAGMENT_CHAIN = "fragment-chain-620";

  private static final KeyPolicy PARTNER =
      KeyPolicy.newPolicy("partner")
          .mode(KeyPolicy.Mode.OPEN)
          .apps(Set.of("*"))
          .budget(new KeyPolicy.Budget(1_000_000, 1_000))
          .build();

  private AdmissionController admission;
  private String text;
  private long fresh;

  @Setup
  public void setUp() throws IOException {
    var schema =
        UnExecutableSchemaGenerator.makeUnExecutableSchema(
            new SchemaParser().parse(resource(SchemaSource.DEMO_RESOURCE)));
    OperationPricer pricer = new OperationPricer(schema, CostModel.book());
    DocumentCatalog catalog =
        new DocumentCatalog(
            new NoDocuments(), pricer::restore, Caffeine.newBuilder().maximumSize(1_000).build());
    admission =
        new AdmissionController(
            catalog,
            () -> pricer,
            OpenCaches.weighed(
                Caffeine.newBuilder().maximumWeight(32L << 20).recordStats(),
                Caffeine.newBuilder().maximumWeight(16L << 20).recordStats()),
            new InMemoryBudgetLedger(InstantSource.system()),
            GatewaySettings.DEFAULTS.admission());
    text = attack.equals(FRAGMENT_CHAIN) ? fragmentChain(620) : resource(attack + "/query.graphql");
    requireRefused(admit(text));
  }

  @Benchmark
  public Decision uncached() {
    return admit(text + "\n# " + fresh++);
  }

  @Benchmark
  public Decision cached() {
    return admit(text);
  }

  /** The fifth attack: a batch, refused before any text is read. */
  @Benchmark
  public BatchDecision batch() {
    AdmissionRequest request =
        new AdmissionRequest("{ __typename }", null, null, Map.of(), Transport.POST);
    return admission.admitBatch(PARTNER, List.of(request, request));
  }

  private Decision admit(String query) {
    return admission.admit(
        PARTNER, new AdmissionRequest(query, null, null, Map.of(), Transport.POST));
  }

  static String fragmentChain(int fragments) {
    StringBuilder chain = new StringBuilder("query {cargos(first:1){edges{node{...a0}}}}\n");
    for (int i = 0; i < fragments; i++) {
      chain.append("fragment a").append(i).append(" on Cargo{...a").append(i + 1).append("}\n");
    }
    return chain.toString();
  }

  private static void requireRefused(Decision decision) {
    if (!(decision instanceof Decision.Rejected)) {
      throw new IllegalStateException("the attack was admitted: " + decision);
    }
  }

  /** A resource of {@code /pricing/}, or an absolute one (the cargo schema is the server's). */
  static String resource(String name) throws IOException {
    try (InputStream in =
        AttackBenchmark.class.getResourceAsStream(
            name.startsWith("/") ? name : "/pricing/" + name)) {
      if (in == null) {
        throw new IOException("missing benchmark resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** An empty registry: every text is an open-mode text. */
  private static final class NoDocuments implements RegistryReader {
    @Override
    public Optional<StoredDocument> findDocument(DocumentHash hash) {
      return Optional.empty();
    }

    @Override
    public Map<DocumentHash, Set<String>> activeDocumentApps() {
      return Map.of();
    }

    @Override
    public long latestChangeId() {
      return 0;
    }
  }
}
