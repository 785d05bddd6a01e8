package dev.tollgate.registry.http;

import dev.tollgate.registry.RegistryServer;
import dev.tollgate.registry.admission.UpstreamRequest;
import dev.tollgate.registry.catalog.InMemoryRegistry;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.contract.AdmissionContract;
import dev.tollgate.registry.contract.ContractFixture;
import dev.tollgate.registry.contract.WayIn;
import dev.tollgate.registry.gateway.CatalogSettings;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.CostPreset;
import dev.tollgate.registry.pricing.FragmentSpreads;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.schema.SchemaSettings;
import dev.tollgate.registry.store.StoreSettings;
import dev.tollgate.registry.upstream.Upstream;
import dev.tollgate.registry.upstream.UpstreamResponse;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The admission contract ({@link AdmissionContract}, in the core's test-jar) against the HTTP
 * gateway: a real server on a random port, wired by RegistryServer's builder from {@link
 * ContractFixture} (its keys and policies as they are; its documents in an in-memory registry,
 * priced with the book's model), in front of an upstream that counts its calls and answers as the
 * application does ({@link ContractFixture#answerTo}). The same cases run in process in
 * examples/spring-graphql's {@code InProcessContractTest}.
 */
final class GatewayContractTest extends AdmissionContract {

  private static final CountingUpstream UPSTREAM = new CountingUpstream();
  private static @Nullable RegistryServer server;

  @BeforeAll
  static void start() {
    InMemoryRegistry registry = new InMemoryRegistry();
    ContractFixture.publishTo(registry);
    OperationPricer pricer = ContractFixture.pricer();
    server =
        RegistryServer.builder(config())
            .documents(registry, pricer::restore)
            .upstream(UPSTREAM)
            .start();
    server.catalog().refresh();
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Override
  protected WayIn wayIn() {
    RegistryServer running = server;
    if (running == null) {
      throw new IllegalStateException("the gateway did not start");
    }
    return new WayIn() {
      @Override
      public URI graphql() {
        return URI.create("http://127.0.0.1:" + running.port() + "/graphql");
      }

      @Override
      public long calls() {
        return UPSTREAM.calls.get();
      }
    };
  }

  private static ServerConfig config() {
    // an H2 in memory, gone when the server closes its pool
    StoreSettings store =
        StoreSettings.of(
            "jdbc:h2:mem:contract-"
                + UUID.randomUUID()
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH",
            "sa",
            "");
    return ServerConfig.defaults(store)
        .transform(
            config ->
                config
                    .http(HttpSettings.DEFAULTS.withPort(0))
                    .schema(new SchemaSettings(null, CostPreset.BOOK, 10, FragmentSpreads.FIRST))
                    // polled once a day: the documents are published before the start
                    .catalog(new CatalogSettings(86_400_000))
                    .keys(ContractFixture.keys())
                    .anonymous(KeyPolicy.newPolicy(KeyPolicy.ANONYMOUS).build()));
  }

  /** Answers as the application does, and counts its calls. */
  private static final class CountingUpstream implements Upstream {
    final AtomicLong calls = new AtomicLong();

    @Override
    public UpstreamResponse execute(UpstreamRequest request) {
      calls.incrementAndGet();
      Map<String, @Nullable Object> answer = ContractFixture.answerTo(request.query());
      if (answer == null) {
        answer = Map.of("errors", List.of(Map.of("message", "not a contract document")));
      }
      return new UpstreamResponse(200, answer, Map.of());
    }
  }
}
