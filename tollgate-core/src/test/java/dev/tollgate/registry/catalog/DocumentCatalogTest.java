package dev.tollgate.registry.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.CompiledPrice;
import dev.tollgate.registry.pricing.Measure;
import dev.tollgate.registry.pricing.OperationKind;
import dev.tollgate.registry.pricing.OperationNotFoundException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

final class DocumentCatalogTest {

  private static final String TEXT = "query Cargo { cargo(trackingId: \"ABC123\") { id } }";
  private static final DocumentHash HASH = DocumentHash.of(TEXT);

  private final InMemoryRegistry registry = new InMemoryRegistry();
  private final Cache<DocumentHash, RegisteredDocument> cache =
      Caffeine.newBuilder().maximumSize(100).recordStats().build();

  /* ---- findActive ---- */

  @Test
  void findActive_unknownIdFlood_neverReadsTheStore() {
    DocumentCatalog catalog = catalog();

    for (int i = 0; i < 10_000; i++) {
      assertThat(catalog.findActive(DocumentHash.of("{ unknown" + i + " }"))).isEmpty();
    }

    assertThat(registry.documentReads()).isZero();
  }

  @Test
  void findActive_registeredTwice_readsTheStoreOnce() {
    registry.publish("web", "1", stored());
    DocumentCatalog catalog = catalog();

    RegisteredDocument first = catalog.findActive(HASH).orElseThrow();
    catalog.findActive(HASH).orElseThrow();

    assertThat(registry.documentReads()).isEqualTo(1);
    assertThat(first.text()).isEqualTo(TEXT);
    assertThat(first.operations())
        .singleElement()
        .satisfies(op -> assertThat(op.price().atDefaults().cost()).isEqualTo(7));
    assertThat(cache.stats().hitCount()).isEqualTo(1);
  }

  @Test
  void findActive_afterRetireAndRefresh_isEmpty() {
    registry.publish("web", "1", stored());
    DocumentCatalog catalog = catalog();
    assertThat(catalog.findActive(HASH)).isPresent();

    registry.retire("web", "1");
    catalog.refresh();

    assertThat(catalog.findActive(HASH)).isEmpty();
    assertThat(catalog.appsOf(HASH)).isEmpty();
  }

  @Test
  void findActive_retiredButHeldByAnotherVersion_staysActive() {
    registry.publish("web", "1", stored());
    registry.publish("web", "2", stored());
    DocumentCatalog catalog = catalog();

    registry.retire("web", "1");
    catalog.refresh();

    assertThat(catalog.findActive(HASH)).isPresent();
  }

  /* ---- refreshIfChanged ---- */

  @Test
  void refreshIfChanged_publishedElsewhere_seesTheDocument() {
    DocumentCatalog catalog = catalog();
    registry.publish("web", "1", stored());

    catalog.refreshIfChanged();

    assertThat(catalog.appsOf(HASH)).containsExactly("web");
  }

  @Test
  void refreshIfChanged_nothingChanged_doesNotReloadTheIndex() {
    DocumentCatalog catalog = catalog();
    int reads = registry.indexReads();

    catalog.refreshIfChanged();
    catalog.refreshIfChanged();

    assertThat(registry.indexReads()).isEqualTo(reads);
  }

  /* ---- RegisteredDocument.select ---- */

  @Test
  void select_unknownName_throwsOperationNotFound() {
    registry.publish("web", "1", stored());
    RegisteredDocument document = catalog().findActive(HASH).orElseThrow();

    assertThat(document.select(null).name()).isEqualTo("Cargo");
    assertThat(document.select("Cargo").name()).isEqualTo("Cargo");
    assertThatThrownBy(() -> document.select("Nope"))
        .isInstanceOf(OperationNotFoundException.class);
  }

  @Test
  void findActive_twoDocumentsOfOneStoredPrice_shareTheRestoredPrice() {
    String otherText = "query Other { cargo(trackingId: \"XYZ789\") { id } }";
    DocumentHash other = DocumentHash.of(otherText);
    registry.publish("web", "1", stored());
    registry.publish(
        "web",
        "2",
        new StoredDocument(
            other,
            otherText,
            Instant.EPOCH,
            List.of(
                new StoredOperation(
                    "Other", OperationKind.QUERY, "7", 7, 2, 0, 12, "fingerprint"))));
    DocumentCatalog catalog = catalog();

    CompiledPrice first = catalog.findActive(HASH).orElseThrow().operations().get(0).price();
    CompiledPrice second = catalog.findActive(other).orElseThrow().operations().get(0).price();

    assertThat(second).isSameAs(first);
    assertThat(second.atDefaults().cost()).isEqualTo(7);
  }

  @Test
  void findActive_document_isKeptUnderTheKeyInstanceItWasAskedBy() {
    registry.publish("web", "1", stored());
    DocumentHash asked = DocumentHash.parse(HASH.hex());

    RegisteredDocument document = catalog().findActive(asked).orElseThrow();

    assertThat(document.hash()).isSameAs(asked);
  }

  /* ---- weigh ---- */

  @Test
  void weigh_oneOperation_isTheBaseTheTextAndOneOperation() {
    registry.publish("web", "1", stored());
    RegisteredDocument document = catalog().findActive(HASH).orElseThrow();

    // 208 (document, entry, key) + TEXT packed + 400 (one operation); TEXT's 50 characters pack
    // into at most 51 bytes (kept as they are after the form's byte when deflating saves nothing)
    assertThat(DocumentCatalog.weigh(HASH, document))
        .isEqualTo(208 + document.packedTextBytes() + 400);
    assertThat(document.packedTextBytes()).isBetween(2, 51);
  }

  @Test
  void findActive_cacheBoundedByBytes_keepsWithinTheBoundAndReadsAnEvictedOneAgain() {
    String otherText = "query Other { cargo(trackingId: \"XYZ789\") { id } }";
    DocumentHash other = DocumentHash.of(otherText);
    registry.publish("web", "1", stored());
    registry.publish(
        "web",
        "2",
        new StoredDocument(
            other,
            otherText,
            Instant.EPOCH,
            List.of(
                new StoredOperation(
                    "Other", OperationKind.QUERY, "9", 9, 2, 0, 12, "fingerprint"))));
    Cache<DocumentHash, RegisteredDocument> bounded =
        Caffeine.newBuilder()
            // a document of 50 characters and one operation weighs 608 + its packed text (2 to 51
            // bytes): 610 to 659; one fits in 700, two (at least 1,220) do not
            .maximumWeight(700)
            .weigher(DocumentCatalog::weigh)
            .executor(Runnable::run)
            .build();
    DocumentCatalog catalog = new DocumentCatalog(registry, FixedPrice::new, bounded);

    catalog.findActive(HASH).orElseThrow();
    catalog.findActive(other).orElseThrow();
    bounded.cleanUp();
    RegisteredDocument again = catalog.findActive(HASH).orElseThrow();
    RegisteredDocument otherAgain = catalog.findActive(other).orElseThrow();

    assertThat(bounded.estimatedSize()).isEqualTo(1);
    assertThat(registry.documentReads()).isGreaterThanOrEqualTo(3);
    assertThat(again.text()).isEqualTo(TEXT);
    assertThat(otherAgain.text()).isEqualTo(otherText);
  }

  private DocumentCatalog catalog() {
    return new DocumentCatalog(registry, FixedPrice::new, cache);
  }

  private static StoredDocument stored() {
    return new StoredDocument(
        HASH,
        TEXT,
        Instant.EPOCH,
        List.of(
            new StoredOperation("Cargo", OperationKind.QUERY, "7", 7, 2, 0, 12, "fingerprint")));
  }

  /** A price whose serialised form is its constant cost. */
  private record FixedPrice(String serialized) implements CompiledPrice {
    @Override
    public Measure evaluate(Map<String, @Nullable Object> rawVariables) {
      return atDefaults();
    }

    @Override
    public Measure atDefaults() {
      return new Measure(Long.parseLong(serialized), 1);
    }

    @Override
    public List<String> variableNames() {
      return List.of();
    }

    @Override
    public String serialize() {
      return serialized;
    }
  }
}
