package dev.tollgate.registry.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.CostPreset;
import dev.tollgate.registry.pricing.FragmentSpreads;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.store.ActiveDocument;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The streamed, parallel pricing of a schema change: the same prices as pricing each document on
 * its own, each wanted document priced once, the others skipped, and a failure of the stream
 * surfaced.
 */
final class StreamedPricingTest {

  private static final String[] SELECTIONS = {
    "trackingId", "trackingId origin { code name }", "nope", "id delivery { transportStatus eta }"
  };

  @Test
  void price_moreDocumentsThanThePoolHolds_sameAsEachAloneAndUnwantedSkipped() throws IOException {
    OperationPricer pricer = cargoPricer();
    // 2,000 documents: many more than the batches in flight (64 per batch, 4 per core)
    List<ActiveDocument> documents = documents(2_000);
    Set<DocumentHash> wanted = new HashSet<>();
    for (int i = 0; i < documents.size(); i += 2) {
      wanted.add(documents.get(i).id());
    }
    AtomicInteger iterations = new AtomicInteger();
    Iterable<ActiveDocument> counted =
        () -> {
          iterations.incrementAndGet();
          return documents.iterator();
        };

    Map<DocumentHash, DocumentPrices> priced = StreamedPricing.price(pricer, wanted, counted);

    Map<DocumentHash, DocumentPrices> alone = new HashMap<>();
    for (ActiveDocument document : documents) {
      if (wanted.contains(document.id())) {
        alone.put(
            document.id(), DocumentPrices.of(pricer, document.body(), DocumentPrices.MAX_TOKENS));
      }
    }
    assertThat(iterations).hasValue(1);
    assertThat(priced).hasSize(1_000).isEqualTo(alone);
    // documents 2, 6, 10, ... select an unknown field: half of the even ones, which are wanted
    assertThat(priced.values().stream().filter(prices -> prices.prices() == null)).hasSize(500);
  }

  @Test
  void price_nothingWanted_documentsNotRead() throws IOException {
    Iterable<ActiveDocument> unreadable =
        () -> {
          throw new AssertionError("read");
        };

    assertThat(StreamedPricing.price(cargoPricer(), Set.of(), unreadable)).isEmpty();
  }

  @Test
  void price_streamFailsHalfway_failurePropagated() throws IOException {
    List<ActiveDocument> documents = documents(500);
    Set<DocumentHash> wanted = new HashSet<>();
    documents.forEach(document -> wanted.add(document.id()));
    Iterable<ActiveDocument> failing =
        () ->
            new Iterator<>() {
              private int next;

              @Override
              public boolean hasNext() {
                return true;
              }

              @Override
              public ActiveDocument next() {
                if (next == 300) {
                  throw new IllegalStateException("connection lost");
                }
                return documents.get(next++);
              }
            };

    assertThatThrownBy(() -> StreamedPricing.price(cargoPricer(), wanted, failing))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("connection lost");
  }

  private static List<ActiveDocument> documents(int count) {
    List<ActiveDocument> documents = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String body =
          "query Op"
              + i
              + "($id: String! = \"T"
              + i
              + "\") { cargo(trackingId: $id) { "
              + SELECTIONS[i % SELECTIONS.length]
              + " } }";
      documents.add(new ActiveDocument(DocumentHash.of(body), body));
    }
    return documents;
  }

  private static OperationPricer cargoPricer() throws IOException {
    try (InputStream in =
        StreamedPricingTest.class.getResourceAsStream(
            "/dev/tollgate/registry/demo/cargo.graphqls")) {
      String sdl = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return SchemaBuilder.build(new SchemaInput(sdl, CostPreset.BOOK, 10, FragmentSpreads.FIRST))
          .pricer();
    }
  }
}
