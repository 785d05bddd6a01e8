package dev.tollgate.registry.admission;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.catalog.InMemoryRegistry;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.document.OperationAliases;
import dev.tollgate.registry.limit.Limit;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.policy.KeyPolicy.Mode;
import dev.tollgate.registry.policy.Limits;
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
 * The book's attacks in open mode: refused with the book's messages, the outcome cached by hash so
 * a repeat is answered without parsing, and cached facts compared with each caller's own limits.
 */
final class OpenModeRefusalTest {

  private static final String FLOOD = fixture("s000-29-token-flood");
  private static final String ALIASES = fixture("s000-12-alias-150");
  private static final String DEEP = fixture("s000-04-deep16-first1");
  private static final String HUGE_PAGE = fixture("s000-23-huge-page-first5000");

  private static final KeyPolicy PARTNER = open("partner", Limits.BOOK);

  private final OperationPricer pricer =
      new OperationPricer(
          UnExecutableSchemaGenerator.makeUnExecutableSchema(
              new SchemaParser().parse(resource("/dev/tollgate/registry/demo/cargo.graphqls"))),
          CostModel.book());
  private final Cache<DocumentHash, OpenAnalysis> openCache =
      Caffeine.newBuilder().maximumSize(10).recordStats().build();
  private final AdmissionController admission =
      new AdmissionController(
          new DocumentCatalog(
              new InMemoryRegistry(),
              pricer::restore,
              Caffeine.newBuilder().maximumSize(10).build()),
          () -> pricer,
          OpenCaches.of(
              openCache, Caffeine.newBuilder().maximumSize(10).<DocumentHash, String>build()),
          new InMemoryBudgetLedger(new FakeClock()),
          // no batching, 10 operations, 128 KiB of text: the config's defaults
          new AdmissionSettings(false, 10, 128 << 10));

  /* ---- each attack, twice: refused the same, the second time from the cache ---- */

  @Test
  void admit_tokenFloodTwice_refusedFromTheCache() {
    assertTwiceRefused(
        FLOOD, "MAX_TOKENS_EXCEEDED", "Document contains more than 5000 tokens. Parsing aborted.");

    assertThat(openCache.getIfPresent(DocumentHash.of(FLOOD)))
        .isEqualTo(new OpenAnalysis.TooManyTokens(5_000));
  }

  @Test
  void admit_150AliasesTwice_refusedFromTheCacheWithoutACost() {
    Decision.Rejected rejected =
        assertTwiceRefused(ALIASES, "MAX_ALIASES_EXCEEDED", "150 aliases found. Allowed: 20");

    assertThat(rejected.cost()).isNull();
    assertThat(openCache.getIfPresent(DocumentHash.of(ALIASES)))
        .isInstanceOfSatisfying(
            OpenAnalysis.TooManyAliases.class,
            facts ->
                assertThat(facts.operations()).containsExactly(new OperationAliases(null, 150)));
  }

  @Test
  void admit_deep16Twice_refusedFromTheCache() {
    assertTwiceRefused(DEEP, "MAX_DEPTH_EXCEEDED", "maximum query depth exceeded 16 > 15");
  }

  @Test
  void admit_hugePageTwice_refusedFromTheCache() {
    Decision.Rejected rejected =
        assertTwiceRefused(
            HUGE_PAGE,
            "COST_ESTIMATED_TOO_EXPENSIVE",
            "maximum query complexity exceeded 15001 > 1000");

    assertThat(rejected.cost()).isEqualTo(15_001);
  }

  /* ---- documents that do not parse or validate, twice: the second answer from the cache ---- */

  @Test
  void admit_syntaxErrorTwice_refusedIdenticallyWithoutParsingAgain() {
    String text = "{ cargo(trackingId: ";

    Decision.Rejected rejected = assertTwiceRefusedFromTheCache(text, "GRAPHQL_PARSE_FAILED");

    assertThat(rejected.refusal().extensions()).containsKey("errors");
  }

  @Test
  void admit_unknownFieldTwice_refusedIdenticallyWithoutValidatingAgain() {
    String text = "{ cargo(trackingId: \"A\") { trackingNumber } }";

    assertTwiceRefusedFromTheCache(text, "GRAPHQL_VALIDATION_FAILED");
  }

  @Test
  void admit_invalidCachedForHigherTokenLimit_lowerLimitRefusedByTokens() {
    // the flood's 6003 tokens (fixture) with a stray brace: past 5000 tokens, a syntax error under
    // 10,000
    String broken = FLOOD + " }";
    KeyPolicy generous = open("generous", Limits.BOOK.with(Limit.TOKENS, 10_000));

    Decision invalid = admit(generous, broken);
    Decision strict = admit(PARTNER, broken);

    assertThat(refusal(invalid).code()).isEqualTo("GRAPHQL_PARSE_FAILED");
    assertThat(refusal(strict).message())
        .isEqualTo("Document contains more than 5000 tokens. Parsing aborted.");
    // and the token facts cached by the strict caller do not decide for the generous one
    assertThat(refusal(admit(generous, broken)).code()).isEqualTo("GRAPHQL_PARSE_FAILED");
  }

  /* ---- cached facts against another caller's limits ---- */

  @Test
  void admit_floodCachedForOneLimit_higherLimitAnalysesAfresh() {
    KeyPolicy generous = open("generous", Limits.BOOK.with(Limit.TOKENS, 10_000));
    admit(PARTNER, FLOOD);

    assertThat(admit(generous, FLOOD)).isInstanceOf(Decision.Admitted.class);
    assertThat(refusal(admit(PARTNER, FLOOD)).message())
        .isEqualTo("Document contains more than 5000 tokens. Parsing aborted.");
  }

  @Test
  void admit_floodCachedForOneLimit_lowerLimitRefusedWithItsOwn() {
    admit(PARTNER, FLOOD);

    Decision decision = admit(open("strict", Limits.BOOK.with(Limit.TOKENS, 3_000)), FLOOD);

    assertThat(refusal(decision).message())
        .isEqualTo("Document contains more than 3000 tokens. Parsing aborted.");
    assertThat(openCache.stats().hitCount()).isEqualTo(1);
  }

  @Test
  void admit_aliasesCachedForOneLimit_higherLimitAnalysesAfresh() {
    KeyPolicy generous =
        open("generous", Limits.BOOK.with(Limit.ALIASES, 200).with(Limit.COST, 10_000));
    admit(PARTNER, ALIASES);

    assertThat(admit(generous, ALIASES))
        .isInstanceOfSatisfying(
            Decision.Admitted.class, admitted -> assertThat(admitted.cost()).isEqualTo(1_050));
    assertThat(refusal(admit(PARTNER, ALIASES)).message())
        .isEqualTo("150 aliases found. Allowed: 20");
  }

  @Test
  void admit_aliasesCached_lowerTokenLimitRefusedByTokens() {
    admit(PARTNER, ALIASES);

    Decision decision = admit(open("strict", Limits.BOOK.with(Limit.TOKENS, 100)), ALIASES);

    assertThat(refusal(decision).code()).isEqualTo("MAX_TOKENS_EXCEEDED");
    assertThat(refusal(decision).message())
        .isEqualTo("Document contains more than 100 tokens. Parsing aborted.");
  }

  @Test
  void admit_analysedUnderAHigherFragmentLimit_lowerLimitRefusedFromTheCachedFacts() {
    String text =
        "query Q { cargo(trackingId: \"x\") { ...A } }"
            + " fragment A on Cargo { ...B } fragment B on Cargo { ...C }"
            + " fragment C on Cargo { __typename }";
    KeyPolicy strict = open("strict", Limits.BOOK.with(Limit.FRAGMENTS, 2));

    Decision generous = admit(PARTNER, text);
    Decision refused = admit(strict, text);

    assertThat(generous).isInstanceOf(Decision.Admitted.class);
    assertThat(refusal(refused).code()).isEqualTo("MAX_FRAGMENTS_EXCEEDED");
    assertThat(refusal(refused).message()).isEqualTo("3 fragments found. Allowed: 2");
    assertThat(openCache.stats().missCount()).isEqualTo(1);
  }

  /* ---- by hash alone (automatic persisted queries) ---- */

  @Test
  void admit_hashOfARefusedText_refusedAgain() {
    admit(PARTNER, FLOOD);

    Decision decision = admission.admit(PARTNER, byHash(FLOOD));

    assertThat(refusal(decision).code()).isEqualTo("MAX_TOKENS_EXCEEDED");
  }

  @Test
  void admit_hashOfAnInvalidText_refusedWithItsErrors() {
    String text = "{ cargo(trackingId: \"A\") { trackingNumber } }";
    Decision withText = admit(PARTNER, text);

    Decision byHash = admission.admit(PARTNER, byHash(text));

    assertThat(refusal(byHash)).isEqualTo(refusal(withText));
    assertThat(refusal(byHash).code()).isEqualTo("GRAPHQL_VALIDATION_FAILED");
  }

  @Test
  void admit_hashOfATextRefusedUnderLowerLimits_needsTheText() {
    admit(PARTNER, ALIASES);

    Decision decision =
        admission.admit(
            open("generous", Limits.BOOK.with(Limit.ALIASES, 200).with(Limit.COST, 10_000)),
            byHash(ALIASES));

    assertThat(refusal(decision).code()).isEqualTo("PERSISTED_QUERY_NOT_FOUND");
  }

  /**
   * Refused the same twice, the second time from the cache: a hit, and the entry the first request
   * stored is still there (every analysis stores a new one).
   */
  private Decision.Rejected assertTwiceRefusedFromTheCache(String text, String code) {
    Decision first = admit(PARTNER, text);
    OpenAnalysis stored = openCache.getIfPresent(DocumentHash.of(text));
    Decision second = admit(PARTNER, text);

    assertThat(refusal(first).code()).isEqualTo(code);
    assertThat(second).isEqualTo(first);
    assertThat(stored).isInstanceOf(OpenAnalysis.Invalid.class);
    assertThat(openCache.getIfPresent(DocumentHash.of(text))).isSameAs(stored);
    // the two admissions: one miss, one hit; the two getIfPresent calls here: two hits
    assertThat(openCache.stats().missCount()).isEqualTo(1);
    assertThat(openCache.stats().hitCount()).isEqualTo(3);
    return (Decision.Rejected) second;
  }

  private Decision.Rejected assertTwiceRefused(String text, String code, String message) {
    Decision first = admit(PARTNER, text);
    Decision second = admit(PARTNER, text);

    assertThat(refusal(first).code()).isEqualTo(code);
    assertThat(refusal(first).message()).isEqualTo(message);
    assertThat(second).isEqualTo(first);
    assertThat(openCache.stats().missCount()).isEqualTo(1);
    assertThat(openCache.stats().hitCount()).isEqualTo(1);
    return (Decision.Rejected) second;
  }

  private Decision admit(KeyPolicy policy, String text) {
    return admission.admit(
        policy, new AdmissionRequest(text, null, null, Map.of(), Transport.POST));
  }

  private static AdmissionRequest byHash(String text) {
    return new AdmissionRequest(null, DocumentHash.of(text), null, Map.of(), Transport.POST);
  }

  private static Refusal refusal(Decision decision) {
    assertThat(decision).isInstanceOf(Decision.Rejected.class);
    return ((Decision.Rejected) decision).refusal();
  }

  private static KeyPolicy open(String name, Limits limits) {
    return KeyPolicy.newPolicy(name)
        .mode(Mode.OPEN)
        .apps(Set.of("*"))
        .limits(limits)
        .budget(new Budget(100_000, 10))
        .build();
  }

  private static String fixture(String name) {
    return resource("/fixtures/cases/" + name + "/query.graphql");
  }

  private static String resource(String path) {
    try (InputStream in = OpenModeRefusalTest.class.getResourceAsStream(path)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
