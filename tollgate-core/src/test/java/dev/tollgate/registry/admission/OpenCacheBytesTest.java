package dev.tollgate.registry.admission;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.catalog.InMemoryRegistry;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.policy.KeyPolicy.Mode;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationPricer;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.UnExecutableSchemaGenerator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Issue 10, item 3: the open-mode cache holds what admission needs (analysis or refusal facts, not
 * the text), weighed in bytes; texts for requests by hash alone are bounded apart; an open key's
 * text is capped.
 */
final class OpenCacheBytesTest {

  private static final KeyPolicy PARTNER =
      KeyPolicy.newPolicy("partner")
          .mode(Mode.OPEN)
          .apps(Set.of("*"))
          .budget(new Budget(1_000_000, 1_000))
          .build();

  private static final String QUERY = "{ cargos(first: 1) { edges { node { trackingId } } } }";

  /** 100,000 characters of comment: what a flood pads each distinct text with. */
  private static final String PADDING = "\n#" + "x".repeat(100_000);

  private final OperationPricer pricer =
      new OperationPricer(
          UnExecutableSchemaGenerator.makeUnExecutableSchema(
              new SchemaParser().parse(resource("/dev/tollgate/registry/demo/cargo.graphqls"))),
          CostModel.book());
  private final Cache<DocumentHash, OpenAnalysis> analyses =
      Caffeine.newBuilder().maximumSize(100).build();

  private AdmissionController controller(Cache<DocumentHash, String> texts, int maxTextBytes) {
    return new AdmissionController(
        new DocumentCatalog(
            new InMemoryRegistry(), pricer::restore, Caffeine.newBuilder().maximumSize(10).build()),
        () -> pricer,
        OpenCaches.of(analyses, texts),
        new InMemoryBudgetLedger(new FakeClock()),
        new AdmissionSettings(false, 10, maxTextBytes));
  }

  @Test
  void admit_paddedText_cachedAnalysisWeighsNothingOfTheText() {
    Cache<DocumentHash, String> texts = Caffeine.newBuilder().maximumSize(10).build();
    String text = QUERY + PADDING;

    Decision decision = controller(texts, 1 << 20).admit(PARTNER, request(text));

    assertThat(decision).isInstanceOf(Decision.Admitted.class);
    OpenAnalysis cached = analyses.getIfPresent(DocumentHash.of(text));
    assertThat(cached).isInstanceOf(OpenAnalysis.Analysed.class);
    // one operation: a small fraction of the 100,000-character text, which is not in it
    assertThat(OpenWeights.analysis(DocumentHash.of(text), cached)).isLessThan(2_000);
    assertThat(OpenWeights.text(DocumentHash.of(text), text)).isGreaterThan(200_000);
  }

  @Test
  void admit_byHashAfterTheTextWasEvicted_asksForTheText() {
    // a text cache that keeps nothing: the analysis is cached, its text is not
    Cache<DocumentHash, String> texts = Caffeine.newBuilder().maximumSize(0).build();
    AdmissionController admission = controller(texts, 1 << 20);
    admission.admit(PARTNER, request(QUERY));
    texts.cleanUp();

    Decision byHash = admission.admit(PARTNER, byHash(QUERY));
    Decision again = admission.admit(PARTNER, request(QUERY));

    assertThat(((Decision.Rejected) byHash).refusal().code())
        .isEqualTo("PERSISTED_QUERY_NOT_FOUND");
    assertThat(again).isInstanceOf(Decision.Admitted.class);
  }

  @Test
  void admit_byHashWithTheTextKept_runsWithoutTheText() {
    Cache<DocumentHash, String> texts = Caffeine.newBuilder().maximumSize(10).build();
    AdmissionController admission = controller(texts, 1 << 20);
    admission.admit(PARTNER, request(QUERY));

    Decision byHash = admission.admit(PARTNER, byHash(QUERY));

    assertThat(byHash).isInstanceOf(Decision.Admitted.class);
    assertThat(((Decision.Admitted) byHash).operations().get(0).request().query()).isEqualTo(QUERY);
  }

  @Test
  void admit_textOverTheCap_refused413BeforeAnythingIsCached() {
    Cache<DocumentHash, String> texts = Caffeine.newBuilder().maximumSize(10).build();
    // "é" is two bytes in UTF-8: 1,000 characters, 2,000 bytes, over a cap of 1,999
    String text = QUERY + "\n#" + "é".repeat(1_000);
    long bytes = text.getBytes(StandardCharsets.UTF_8).length;

    Decision decision = controller(texts, (int) bytes - 1).admit(PARTNER, request(text));

    Refusal refusal = ((Decision.Rejected) decision).refusal();
    assertThat(refusal.code()).isEqualTo("PAYLOAD_TOO_LARGE");
    assertThat(refusal.message())
        .isEqualTo("an open-mode query may have at most " + (bytes - 1) + " bytes, got " + bytes);
    assertThat(analyses.estimatedSize()).isZero();
    assertThat(controller(texts, (int) bytes).admit(PARTNER, request(text)))
        .isInstanceOf(Decision.Admitted.class);
  }

  private static AdmissionRequest request(String text) {
    return new AdmissionRequest(text, null, null, Map.of(), Transport.POST);
  }

  private static AdmissionRequest byHash(String text) {
    return new AdmissionRequest(null, DocumentHash.of(text), null, Map.of(), Transport.POST);
  }

  private static String resource(String path) {
    try (InputStream in = OpenCacheBytesTest.class.getResourceAsStream(path)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
