package dev.tollgate.registry.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.CostPreset;
import dev.tollgate.registry.pricing.FragmentSpreads;
import dev.tollgate.registry.pricing.OperationKind;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.store.ActiveOperation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * The documents that the streamed texts' snapshot did not hold (a version published while the
 * operations were read) are priced from their own text afterwards, each once.
 */
final class OverlappedReadTest {

  private static final String STREAMED =
      "query Streamed { cargo(trackingId: \"T1\") { trackingId } }";
  private static final String LATE = "query Late { cargo(trackingId: \"T2\") { nope } }";
  private static final String GONE = "query Gone { cargo(trackingId: \"T3\") { trackingId } }";

  @Test
  void priceLatecomers_documentMissingFromTheStream_pricedFromItsTextOnce() throws IOException {
    OperationPricer pricer = cargoPricer();
    DocumentHash streamed = DocumentHash.of(STREAMED);
    DocumentHash late = DocumentHash.of(LATE);
    DocumentHash gone = DocumentHash.of(GONE);
    Map<DocumentHash, DocumentPrices> prices = new ConcurrentHashMap<>();
    DocumentPrices streamedPrices = DocumentPrices.of(pricer, STREAMED, DocumentPrices.MAX_TOKENS);
    prices.put(streamed, streamedPrices);
    List<DocumentHash> read = new ArrayList<>();

    OverlappedRead.priceLatecomers(
        // LATE is held by two versions: read once
        List.of(operation("1", streamed), operation("1", late), operation("2", late)),
        prices,
        pricer,
        hash -> {
          read.add(hash);
          return hash.equals(late) ? Optional.of(LATE) : Optional.empty();
        });
    OverlappedRead.priceLatecomers(
        List.of(operation("3", gone)), prices, pricer, hash -> Optional.empty());

    assertThat(read).containsExactly(late);
    assertThat(prices).containsOnlyKeys(streamed, late);
    assertThat(prices.get(streamed)).isSameAs(streamedPrices);
    // LATE selects a field Cargo does not have: its errors, as any repricing reports them
    assertThat(prices.get(late))
        .isEqualTo(DocumentPrices.of(pricer, LATE, DocumentPrices.MAX_TOKENS))
        .extracting(DocumentPrices::prices)
        .isNull();
  }

  private static ActiveOperation operation(String version, DocumentHash document) {
    return new ActiveOperation(
        "web",
        version,
        document,
        0,
        "old",
        new StoredOperation("Op", OperationKind.QUERY, "price", 1, 1, 0, 5, "old"));
  }

  private static OperationPricer cargoPricer() throws IOException {
    try (InputStream in =
        OverlappedReadTest.class.getResourceAsStream(
            "/dev/tollgate/registry/demo/cargo.graphqls")) {
      String sdl = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return SchemaBuilder.build(new SchemaInput(sdl, CostPreset.BOOK, 10, FragmentSpreads.FIRST))
          .pricer();
    }
  }
}
