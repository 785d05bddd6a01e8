package dev.tollgate.registry.pricing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.admission.UpstreamRequest;
import dev.tollgate.registry.demo.DemoService;
import dev.tollgate.registry.upstream.UpstreamResponse;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The actual cost of demo answers, hand-derived (docs/cost-model.md): a priced list counts what it
 * returned; the demo data holds 8 cargos (ABC123 with 9 handling events, DEF456 4, GHI345 5, ...).
 */
final class ActualCostTest {

  private static final DemoService DEMO = new DemoService();
  private static final OperationPricer BOOK = new OperationPricer(DEMO.schema(), CostModel.book());

  static final String TRACK_CARGO =
      """
      query TrackCargo($trackingId: String!) {
        cargo(trackingId: $trackingId) {
          id trackingId
          origin { ...PortFields }
          destination { ...PortFields }
          delivery { transportStatus routingStatus misdirected eta lastKnownLocation { ...PortFields } }
          itinerary { legs { voyageNumber loadLocation { code } unloadLocation { code } loadTime unloadTime } }
        }
      }
      fragment PortFields on Location { id code name }
      """;

  static final String CARGOS_50 = "{ cargos(first: 50) { edges { node { trackingId } } } }";

  static final String HISTORIES =
      "{ cargos(first: 3) { edges { node { handlingHistory(first: 10) { edges { node { id } } } } } } }";

  /* ---- book ---- */

  @Test
  void trackCargo_fullAnswer_costsItsEstimate() {
    // ABC123 has every field: cargo 1 + id 1 + trackingId 1 + origin (1 + PortFields 3) +
    // destination 1 (the fragment is priced at its first spread only) + delivery (1 + 4 scalars +
    // lastKnownLocation 1) + itinerary (1 + legs (1 + voyageNumber 1 + loadLocation 2 +
    // unloadLocation 2 + loadTime 1 + unloadTime 1)) = 1 + 1 + 1 + 4 + 1 + 6 + 9 = 23; legs has no
    // @listSize (m = 1), so its 4 legs count as the dearest one: 8
    Map<String, @Nullable Object> vars = Map.of("trackingId", "ABC123");
    assertThat(estimate(TRACK_CARGO, vars)).isEqualTo(23);
    assertThat(actual(BOOK, TRACK_CARGO, vars).cost()).isEqualTo(23);
  }

  @Test
  void trackCargo_nullItinerary_countsWhatCameBack() {
    // GHI345's booking service fails: itinerary is null (with an error), so it costs its weight 1
    // and nothing below: 23 - 8 (legs) = 15
    Map<String, @Nullable Object> vars = Map.of("trackingId", "GHI345");
    assertThat(actual(BOOK, TRACK_CARGO, vars).cost()).isEqualTo(15);
  }

  @Test
  void trackCargo_unknownCargo_costsTheRootFieldOnly() {
    // cargo is null: its weight 1 and nothing below
    assertThat(actual(BOOK, TRACK_CARGO, Map.of("trackingId", "nope")).cost()).isEqualTo(1);
  }

  @Test
  void cargosFirst50_eightDemoCargos_countsTheReturnedEdges() {
    // estimated 1 + 50 x (edges 1 + node (1 + trackingId 1)) = 1 + 50 x 3 = 151;
    // the demo holds 8 cargos: 1 + 8 x 3 = 25
    assertThat(estimate(CARGOS_50, Map.of())).isEqualTo(151);
    ActualCost actual = actual(BOOK, CARGOS_50, Map.of());
    assertThat(actual.cost()).isEqualTo(25);
    assertThat(actual.lists()).containsExactly(new ListObservation("Query.cargos", 8, 50L));
  }

  @Test
  void nestedHistories_eachCargoCountsItsOwnEvents() {
    // estimated: handlingHistory 1 + 10 x (edges 1 + node (1 + id 1)) = 31; node 1 + 31; edges
    // 1 + 32; cargos 1 + 3 x 33 = 100. Actual: the first three cargos have 9, 4 and 5 events:
    // edge i = 1 + (1 + (1 + 3 k_i)) = 3 + 3 k_i, cargos = 1 + (3 + 27) + (3 + 12) + (3 + 15) = 64
    assertThat(estimate(HISTORIES, Map.of())).isEqualTo(100);
    ActualCost actual = actual(BOOK, HISTORIES, Map.of());
    assertThat(actual.cost()).isEqualTo(64);
    assertThat(actual.lists())
        .containsExactlyInAnyOrder(
            new ListObservation("Query.cargos", 3, 3L),
            new ListObservation("Cargo.handlingHistory", 9, 10L),
            new ListObservation("Cargo.handlingHistory", 4, 10L),
            new ListObservation("Cargo.handlingHistory", 5, 10L));
  }

  @Test
  void slicingVariable_isTheRequestedSize() {
    String text = "query ($n: Int) { cargos(first: $n) { edges { cursor } } }";
    // 1 + 8 x (edges 1 + cursor 1) = 17, asked for 20
    ActualCost actual = actual(BOOK, text, Map.of("n", 20));
    assertThat(actual.cost()).isEqualTo(17);
    assertThat(actual.lists()).containsExactly(new ListObservation("Query.cargos", 8, 20L));
  }

  @Test
  void skippedSpread_isPricedAtTheNextLiveOne() {
    String text =
        "query ($s: Boolean!) { cargo(trackingId: \"ABC123\") {"
            + " origin { ...P @skip(if: $s) } destination { ...P } } }"
            + " fragment P on Location { id code name }";
    // skipped on origin: cargo 1 + origin 1 + destination (1 + 3) = 6; else origin 4, destination 1
    assertThat(actual(BOOK, text, Map.of("s", true)).cost()).isEqualTo(6);
    assertThat(actual(BOOK, text, Map.of("s", false)).cost()).isEqualTo(6);
    assertThat(estimate(text, Map.of("s", true))).isEqualTo(6);
  }

  /* ---- apollo ---- */

  @Test
  void apollo_cargosFirst50_countsEdgeItems() {
    OperationPricer apollo = new OperationPricer(DEMO.schema(), CostModel.apollo());
    // no sizedFields in the demo schema: cargos is an object (1), edges a list at the global size
    // 10 x (CargoEdge 1 + node (Cargo 1 + trackingId 0)) = 21; actual 1 + 8 x 2 = 17
    assertThat(apollo.analyse(CARGOS_50, 5000).operations().get(0).price().atDefaults().cost())
        .isEqualTo(21);
    assertThat(actual(apollo, CARGOS_50, Map.of()).cost()).isEqualTo(17);
  }

  private static long estimate(String text, Map<String, @Nullable Object> vars) {
    return BOOK.analyse(text, 5000).operations().get(0).price().evaluate(vars).cost();
  }

  private static ActualCost actual(
      OperationPricer pricer, String text, Map<String, @Nullable Object> vars) {
    UpstreamResponse response = DEMO.execute(new UpstreamRequest(text, null, vars));
    return pricer.actualPlan(text, null).measure(response.body().data(), vars);
  }
}
