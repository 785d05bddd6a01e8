package dev.tollgate.bench;

import com.github.benmanes.caffeine.cache.Cache;
import dev.tollgate.registry.GatewayServices;
import dev.tollgate.registry.RegistryServer;
import dev.tollgate.registry.admission.AdmissionController;
import dev.tollgate.registry.admission.AdmissionRequest;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.admission.Transport;
import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.catalog.RegisteredDocument;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.SchemaSource;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.gateway.CatalogSettings;
import dev.tollgate.registry.limit.Limit;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.policy.Limits;
import dev.tollgate.registry.pricing.AnalysedDocument;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.Measure;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.pricing.PricedOperation;
import dev.tollgate.registry.upstream.UpstreamException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The gateway's services built by the server's own wiring ({@link RegistryServer#builder}: the demo
 * config, bundled cargo schema, book cost model, Caffeine caches, in-process budget ledger on the
 * system clock), over an {@link InMemoryReader} instead of the database, without HTTP. Documents
 * are priced by the real {@link OperationPricer} and stored in their serialised form, so the
 * catalog restores them exactly as it does from the store.
 */
final class InProcessGateway {

  static final String APP = "web";
  static final int MAX_TOKENS = Limits.BOOK.tokens();

  /**
   * A trusted caller of app {@code web} whose budget never runs out and whose cost limit admits the
   * Chapter-1 query (385,151), so every case measures an admission, not a refusal.
   */
  static final KeyPolicy CALLER =
      KeyPolicy.newPolicy("bench")
          .apps(Set.of(APP))
          .limits(Limits.BOOK.with(Limit.COST, 1_000_000))
          .budget(new Budget(1L << 60, 1e15))
          .build();

  final OperationPricer pricer =
      new OperationPricer(SchemaSource.load(null).schema(), CostModel.book());
  final InMemoryReader registry = new InMemoryReader(APP);
  private final GatewayServices services;

  /** {@link #InProcessGateway(long)} with the default document cache (128 MiB). */
  InProcessGateway() {
    this(CatalogSettings.DOCUMENT_CACHE_BYTES);
  }

  /**
   * Builds the gateway's services over the (empty) registry as the server wires them, the catalog's
   * document cache bounded to {@code documentCacheBytes}, with an upstream that is never called.
   */
  InProcessGateway(long documentCacheBytes) {
    ServerConfig demo = DemoConfig.create(0, Path.of("unused"));
    services =
        RegistryServer.builder(
                demo.transform(
                    config ->
                        config.catalog(demo.catalog().withDocumentCacheBytes(documentCacheBytes))))
            .pricer(pricer)
            .documents(registry, pricer::restore)
            .upstream(
                request -> {
                  throw new UpstreamException("the benchmarks never call the upstream");
                })
            .services();
  }

  /**
   * Prices {@code text} as registration does and adds it to the registry; call {@link #open} after.
   */
  DocumentHash register(String text) {
    AnalysedDocument analysed = pricer.analyse(text, MAX_TOKENS);
    List<StoredOperation> operations = new ArrayList<>(analysed.operations().size());
    for (PricedOperation operation : analysed.operations()) {
      operations.add(StoredOperation.of(operation, analysed.tokens(), "bench"));
    }
    DocumentHash hash = DocumentHash.of(text);
    registry.add(new StoredDocument(hash, text, Instant.EPOCH, operations));
    return hash;
  }

  /** Loads the catalog's index of the registered documents; call after {@link #register}. */
  void open() {
    services.catalog().refresh();
  }

  /** A trusted-mode request by id, as the HTTP layer hands it to the controller. */
  Decision admitById(DocumentHash id, Map<String, @Nullable Object> variables) {
    return admission()
        .admit(CALLER, new AdmissionRequest(null, id, null, variables, Transport.POST));
  }

  /** Open-mode work on the same text without the cache: parse, validate, price, evaluate. */
  Measure analyse(String text, Map<String, @Nullable Object> variables) {
    return pricer.analyse(text, MAX_TOKENS).select(null).price().evaluate(variables);
  }

  DocumentCatalog catalog() {
    return services.catalog();
  }

  /** The catalog's document cache, for its size and statistics. */
  Cache<DocumentHash, RegisteredDocument> documents() {
    return services.documents();
  }

  AdmissionController admission() {
    return services.admission();
  }
}
